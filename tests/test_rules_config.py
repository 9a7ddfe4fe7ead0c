"""The rules configuration: names and values exactly as RULES.md, presets as data, refusals."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from unokit import OPTIONS, PRESETS, Rules, RulesError
from unokit.cards import DECKS
from unokit.rules import OptionSpec, options_markdown

ROOT = Path(__file__).resolve().parents[1]

_SHARED = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
# the specification; docs/RULES.md is the copy this code was written against
RULES_MD = (
    _SHARED if _SHARED.exists() else Path(__file__).resolve().parents[1] / "docs" / "RULES.md"
)
#: the values VARIANTS.md (beyond the rule books: No Mercy, §1) adds after RULES.md's own
VARIANT_VALUES: dict[str, tuple[str, ...]] = {"deck": ("no_mercy168",), "stacking": ("not_lower",)}
_VARIANTS = Path(__file__).resolve().parents[2] / "shared" / "VARIANTS.md"


def test_each_option_is_defined_once_as_a_field_of_rules() -> None:
    """OPTIONS is derived from the fields: the type gives the values, the field the default,
    its metadata the meaning, source and section."""
    fields = dataclasses.fields(Rules)
    hints = typing.get_type_hints(Rules)
    assert list(OPTIONS) == [f.name for f in fields]
    for f in fields:
        spec = OPTIONS[f.name]
        assert spec.default == f.default == getattr(Rules(), f.name)
        assert (spec.meaning, spec.source, spec.section) == (
            f.metadata["meaning"],
            f.metadata["source"],
            f.metadata["section"],
        )
        assert spec.meaning and spec.source and spec.section, f.name
        if spec.kind == "choice":
            assert spec.choices == typing.get_args(hints[f.name])
            assert spec.default == spec.choices[0], f"{f.name}: RULES.md lists the default first"
        elif spec.kind == "int":
            assert spec.low <= spec.default <= spec.high, f.name
        spec.check(spec.default)


def test_the_values_of_each_option_are_those_of_rules_md() -> None:
    """Every value list of RULES.md (table rows, and "(`option`: `a`, `b`)" headings) is the
    option's values, default first."""
    text = RULES_MD.read_text(encoding="utf-8")
    listed: dict[str, list[str]] = {}
    for m in re.finditer(r"^\| `([a-z0-9_]+)` \| ([^|]*) \|", text, flags=re.M):
        listed[m.group(1)] = re.findall(r"`([a-z0-9_]+)`", m.group(2))
    for m in re.finditer(r"\(`([a-z_]+)`: ((?:`[a-z0-9_]+`(?:, )?)+)\)", text):
        listed[m.group(1)] = re.findall(r"`([a-z0-9_]+)`", m.group(2))
    cards = text[text.index("## 1.") : text.index("## 2.")]
    decks = re.findall(r"^\| `([a-z0-9]+)`(?: \(default\))? \| ", cards, flags=re.M)
    decks += VARIANT_VALUES["deck"]
    assert OPTIONS["deck"].choices == tuple(decks) == tuple(DECKS)
    if _VARIANTS.exists():
        variants = _VARIANTS.read_text(encoding="utf-8")
        assert all(v in variants for vs in VARIANT_VALUES.values() for v in vs)
    checked = 0
    for name, spec in OPTIONS.items():
        values = listed.get(name)
        if not values:
            continue
        checked += 1
        if spec.kind == "choice":
            assert (*values, *VARIANT_VALUES.get(name, ())) == spec.choices, name
        elif spec.kind == "bool":
            assert sorted(values) == ["false", "true"], name
            assert values[0] == str(spec.default).lower(), name
    assert checked >= 20, "the patterns found RULES.md's value lists"


def test_mypy_catches_a_misspelt_option_value(tmp_path: Path) -> None:
    """Option values are Literal types: under mypy --strict (strict_equality) comparing an
    option with a value it can never have is an error, and so is building Rules with it."""
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(
        "from unokit.rules import Rules, Scoring\n"
        "\n"
        'a = Rules().stacking == "same_knd"\n'
        'b = Rules(stacking="same_knd")\n'
        'c = Rules().stacking == "same_kind" and Rules().deck != "pairs"\n'
        'd: tuple[Scoring, ...] = ("chips", "nett")\n',
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file=",
            "--follow-imports=silent",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(snippet),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "MYPYPATH": str(ROOT / "src")},
        check=False,
    )
    errors = {
        int(line.split(":")[1]): line
        for line in result.stdout.splitlines()
        if line.startswith(str(snippet)) and ": error:" in line
    }
    assert sorted(errors) == [3, 4, 6], result.stdout + result.stderr
    assert "Non-overlapping equality check" in errors[3]
    assert "[comparison-overlap]" in errors[3]
    assert "Literal['same_knd']" in errors[4] and "[arg-type]" in errors[4]
    assert "Literal['nett']" in errors[6]


def test_options_reference_is_up_to_date() -> None:
    """docs/options.md is generated from the option definitions."""
    committed = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    assert committed == options_markdown(), (
        "docs/options.md is out of date: run `unokit rules --markdown > docs/options.md`"
    )
    for spec in OPTIONS.values():
        assert f"| `{spec.name}` |" in committed


def test_option_spec_describes_each_kind() -> None:
    assert OPTIONS["stacking"].allowed() == "one of off, same_kind, two_under_four, any, not_lower"
    assert OPTIONS["seven_zero"].allowed() == "true or false"
    assert OPTIONS["players"].allowed() == "a whole number from 2 to 10"
    assert OPTIONS["custom_effect"].allowed().startswith("one of none, ")
    assert isinstance(OPTIONS["deck"], OptionSpec)


def test_every_option_named_in_rules_md_is_known() -> None:
    """Each backticked snake_case option in RULES.md's tables is an option of Rules."""
    text = RULES_MD.read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `([a-z0-9_]+)` \|", text, flags=re.M))
    named |= set(re.findall(r"\(`([a-z_]+)`: `", text))
    named |= set(re.findall(r"option `([a-z_]+)`", text))
    decks = {"classic108", "classic112", "swimming112", "pairs"}
    named -= decks | set(PRESETS)
    assert named, "the pattern found the option tables"
    assert named <= set(OPTIONS), named - set(OPTIONS)


def test_official_is_the_default() -> None:
    assert Rules.preset("official") == Rules()
    assert Rules().house_rules() == []


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("casual", {"scoring": "none"}),
        (
            "online",
            {
                "stacking": "same_kind",
                "jump_in": "identical_any",
                "jump_in_stacking": "new",
                "seven_zero": True,
            },
        ),
        (
            "party",
            {
                "stacking": "any",
                "seven_zero": True,
                "jump_in": "identical",
                "draw_until_playable": True,
                "challenge": False,
                "wd4_rule": "anytime",
            },
        ),
        (
            "table001",
            {
                "dealer_draw_actions": "count_zero",
                "start_reverse": "dealer_left",
                "scoring": "low_wins",
                "misplay": "penalty_end_turn",
            },
        ),
        (
            "swimming",
            {
                "deck": "swimming112",
                "hand_size": 5,
                "start_card": "redraw_until_number",
                "wd4_rule": "no_playable_card",
            },
        ),
        ("classic112", {"deck": "classic112"}),
        ("teams", {"players": 4, "teams": 2}),
    ],
)
def test_presets_set_what_rules_md_section_9_says(preset: str, expected: dict[str, object]) -> None:
    rules = Rules.preset(preset)
    for name, value in expected.items():
        assert getattr(rules, name) == value, name
    assert set(PRESETS[preset]) == set(expected)


def test_overrides_apply_after_the_preset() -> None:
    rules = Rules.from_dict({"preset": "swimming", "hand_size": 6, "players": 3})
    assert (rules.deck, rules.hand_size, rules.players) == ("swimming112", 6, 3)


def test_unknown_option_is_refused_with_a_suggestion() -> None:
    with pytest.raises(
        RulesError, match=r"unknown rule option 'stacknig' \(did you mean 'stacking'"
    ):
        Rules.from_dict({"stacknig": "any"})


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        (
            "stacking",
            "sometimes",
            "stacking = 'sometimes' is not allowed: expected one of off, "
            "same_kind, two_under_four, any",
        ),
        ("players", 11, "players = 11 is not allowed: expected a whole number from 2 to 10"),
        ("players", "4", "players = '4' is not allowed"),
        ("seven_zero", "yes", "seven_zero = 'yes' is not allowed: expected true or false"),
        ("hand_size", 0, "hand_size = 0"),
        ("challenge", 1, "challenge = 1"),
        ("custom_effect", "explode", "custom_effect = 'explode' is not allowed: expected one of"),
    ],
)
def test_bad_values_name_option_value_and_allowed(option: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        Rules.from_dict({option: value})


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(RulesError, match="preset = 'tournament' is not allowed"):
        Rules.preset("tournament")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 10, "hand_size": 11}, "needs 110 cards plus a start card"),
        ({"players": 5, "teams": 2}, "teams = 2 is not allowed with players = 5"),
        ({"players": 4, "teams": 4}, "teams = 4 is not allowed"),
        ({"players": 4, "teams": 2, "round_end": "rank_all"}, "teams cannot be combined"),
        ({"players": 4, "teams": 2, "scoring": "eliminate_high"}, "teams cannot be combined"),
        ({"wd4_rule": "anytime"}, "set challenge = false"),
    ],
)
def test_combinations_that_make_no_sense_are_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        Rules.from_dict(options)


def test_toml_loading() -> None:
    rules = Rules.from_toml('[rules]\npreset = "casual"\nplayers = 3\nuno_penalty = 4\n')
    assert (rules.scoring, rules.players, rules.uno_penalty) == ("none", 3, 4)
    with pytest.raises(RulesError, match="not valid TOML"):
        Rules.from_toml("[rules\n")


def test_replace_validates() -> None:
    assert Rules().replace(players=6).players == 6
    with pytest.raises(RulesError):
        Rules().replace(players=1)
    with pytest.raises(RulesError, match="unknown rule option"):
        Rules().replace(player=3)


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]
    assert hash(rules) == hash(Rules())


def test_describe_cites_an_option() -> None:
    assert Rules().describe("wd4_rule") == "wd4_rule=no_matching_color"
    assert Rules().describe("challenge") == "challenge=true"


@pytest.mark.parametrize("scoring", ["winner_takes", "low_wins", "eliminate_high", "none"])
def test_rounds_counts_only_under_net_and_chips(scoring: str) -> None:
    """RULES.md §8 names a number of rounds for net (and chips, the same arithmetic) only: set
    with another scoring system it would change nothing, so it is refused with the reason
    (issue 21, item 2), and no table's rules page lists a round limit it does not keep."""
    with pytest.raises(RulesError, match="counts only under scoring = 'net' or 'chips'"):
        Rules(scoring=scoring, rounds=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="set rounds = 0"):
        Rules.from_dict({"preset": "official", "scoring": scoring, "rounds": 3})
    assert Rules(scoring=scoring).rounds == 0
    for system in ("net", "chips"):
        assert Rules(scoring=system, rounds=3).rounds == 3
