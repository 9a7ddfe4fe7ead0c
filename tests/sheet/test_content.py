"""What a rule sheet says (VARIANTS.md §3): exactly the rules a table agreed on, each in the
engine's own sentence, grouped; what the table changed in bold; nothing that does not apply."""

from __future__ import annotations

import re
from typing import Any

import pytest

from unokit.cli.common import rules_of
from unokit.errors import RulesError
from unokit.i18n import LANGUAGES, translations
from unokit.rule_words import describe_option
from unokit.rules import OPTIONS, PRESETS, Rules
from unokit.sheet import build_sheet, to_html, to_markdown
from unokit.sheet.content import (
    GROUP_OF_SECTION,
    LABELS,
    MATTERS,
    SAY_WHEN_OFF,
    from_the_books,
    printed,
)


def _values(name: str) -> list[Any]:
    """Values of option ``name`` to try: every choice, both booleans, an int's range's edges."""
    spec = OPTIONS[name]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "int" and spec.high - spec.low <= 10:
        return list(range(spec.low, spec.high + 1))
    if spec.kind == "int":
        return sorted({spec.low, spec.default, spec.low + 1, spec.high})
    return [spec.default]


def _needed(refusal: RulesError) -> dict[str, Any]:
    """What a refused combination says to set with it ("set multi_play = 'same_rank' with
    it", "set challenge = false"), as options."""
    found: dict[str, Any] = {}
    for name, quoted, word in re.findall(r"set (\w+) = ('?)([\w.-]+)\2", str(refusal)):
        if name not in OPTIONS:
            continue
        found[name] = word if quoted else {"true": True, "false": False}.get(word, word)
        if not quoted and word.isdigit():
            found[name] = int(word)
    return found


def _tables(name: str) -> list[tuple[Rules, Any]]:
    """Tables (rules) where option ``name`` matters, one per value the rules allow there: the
    official game, else the first preset that takes the value (an option of a deck of its own
    may need its preset), with what makes the option matter (``MATTERS``) and what a refusal
    says the value needs (``bomb`` needs ``multi_play = same_rank``)."""
    condition = MATTERS[name].example() if name in MATTERS else {}
    found = []
    for value in _values(name):
        for preset in PRESETS:
            asked = {"preset": preset, **condition, name: value}
            rules = None
            for _ in range(3):
                try:
                    rules = Rules.from_dict(asked)
                    break
                except RulesError as refused:  # wd4_rule=anytime needs challenge=false
                    needed = _needed(refused)
                    if not needed or needed.keys() & {name, "preset"}:
                        break
                    asked.update(needed)
            if rules is not None:
                found.append((rules, value))
                break
    return found


def _lines(rules: Rules, lang: str = "en") -> list[str]:
    return [line.text for _, lines in build_sheet(rules, lang).groups for line in lines]


@pytest.mark.parametrize("name", [n for n in OPTIONS if n != "players"])
def test_every_option_is_printed_in_the_engines_own_sentence(name: str) -> None:
    """Every option of the registry (a new one too, with no word here) is printed where it
    matters, in describe_option's sentence: one source of truth for a rule's words."""
    tables = _tables(name)
    assert tables, f"no table where {name} matters can be built"
    shown = 0
    for rules, value in tables:
        if not printed(name, rules):
            continue
        shown += 1
        for lang in LANGUAGES:
            sentence = describe_option(name, value, lang, rules.target_score)
            assert sentence in _lines(rules, lang), (name, value, lang)
    assert shown, f"{name} is printed on no table"


def test_a_house_rule_that_is_off_is_left_out_unless_tables_argue_about_it() -> None:
    lines = _lines(Rules())
    assert describe_option("stacking", "off") in lines  # "No stacking": worth printing
    assert describe_option("seven_zero", False) in lines
    assert describe_option("teams", 0) not in lines  # "No teams": not worth a line
    assert describe_option("wild_multi", False) not in lines
    assert set(OPTIONS) >= SAY_WHEN_OFF


def test_a_rule_from_beyond_the_books_is_printed_only_when_the_table_set_it() -> None:
    """VARIANTS.md's options (No Mercy's, the online tables') are off by default: a sheet
    prints them when the table turned them on, never "no hand limit" on every sheet."""
    assert from_the_books("000, 001, 003, 004") and from_the_books("all")
    assert not from_the_books("online tables (VARIANTS.md §2)")
    assert not from_the_books("UNO Show 'Em No Mercy (VARIANTS.md §1)")
    for name in [n for n in OPTIONS if not from_the_books(OPTIONS[n].source)]:
        assert not printed(name, Rules()), name
        assert any(printed(name, rules) for rules, _ in _tables(name)), name


def test_an_option_that_changes_nothing_under_the_other_rules_is_left_out() -> None:
    """003 stacking: stack_challenge only matters when +4s stack and may be challenged."""
    plain = Rules()
    assert not printed("stack_challenge", plain)
    assert not printed("stack_challenge", Rules(stack_challenge="all"))
    stacked = Rules(stacking="any", challenge=True, stack_challenge="all")
    assert printed("stack_challenge", stacked)
    assert describe_option("stack_challenge", "all") in _lines(stacked)


def test_the_deck_the_deal_and_the_scoring_are_always_there() -> None:
    sheet = build_sheet(Rules.preset("online"))
    titles = [title for title, _ in sheet.groups]
    assert titles[0] == "Setup" and titles[-1] == "Scoring"
    lines = _lines(Rules.preset("online"))
    assert "The classic 108-card deck." in lines
    assert "7 cards each." in lines
    assert any("first to 500 wins" in line for line in lines)


def test_what_the_table_changed_over_its_preset_is_marked() -> None:
    rules = Rules.preset("online", uno_penalty=4)
    sheet = build_sheet(rules, preset="online")
    changed = [line.text for _, lines in sheet.groups for line in lines if line.changed]
    assert changed == ["Forgetting UNO costs 4 cards."]
    md = to_markdown(sheet)
    assert "- **Forgetting UNO costs 4 cards.**" in md
    assert "_In bold: where this table differs from its preset._" in md
    html = to_html(sheet)
    assert '<li class="changed"><strong>Forgetting UNO costs 4 cards.</strong></li>' in html


def test_the_command_on_the_sheet_makes_the_same_rules() -> None:
    rules = Rules.preset("party", players=5, uno_penalty=4, seven_zero=False)
    sheet = build_sheet(rules, preset="party")
    words = sheet.command.split()
    assert words[:3] == ["unokit", "rules", "sheet"]
    preset = words[words.index("--preset") + 1]
    players = int(words[words.index("--players") + 1])
    overrides = [words[i + 1] for i, word in enumerate(words) if word == "--rule"]
    assert rules_of(preset, players, overrides) == rules


def test_every_group_of_a_section_is_a_group_of_the_sheet() -> None:
    from unokit.sheet.content import GROUPS

    assert set(GROUP_OF_SECTION.values()) <= {key for key, _ in GROUPS}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_chinese_sheet_has_no_english_words_of_its_own(lang: str) -> None:
    """The page's labels and group titles, the players and the disputed points: all in the
    language (the catalogues have them)."""
    rules = Rules.preset("online", uno_penalty=4)
    sheet = build_sheet(rules, lang, preset="online")
    t = translations(lang)
    for text in LABELS.values():
        assert t.gettext(text) != text, text
    assert sheet.title == t.gettext(LABELS["title"])
    for title, _ in sheet.groups:
        assert not title.isascii(), title
    assert not sheet.players.replace("4", "").strip().isascii(), sheet.players
    for point in sheet.points:
        assert not point.isascii(), point


def test_peoples_text_is_escaped_and_the_page_has_no_script() -> None:
    sheet = build_sheet(
        Rules(),
        title='<script>alert("x")</script> *Friday* [night]',
        link="https://uno.example/r/ABCDEF#k=GHJK",
        names=["<b>Ann</b>", "Bo"],
    )
    html = to_html(sheet)
    assert "<script" not in html
    assert "&lt;script&gt;" in html
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html
    assert 'src="data:image/svg+xml' in html  # the QR code: an image, no script
    md = to_markdown(sheet)
    assert "\\<script\\>" in md and "\\*Friday\\*" in md and "\\[night\\]" in md


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_presets_sheet_names_its_preset(preset: str) -> None:
    """A preset added later needs its name and few words (rule_words.PRESET_NAMES) for its
    sheet's heading, in every language."""
    from unokit.rule_words import PRESET_NAMES

    assert preset in PRESET_NAMES, f"add {preset!r} to rule_words.PRESET_NAMES"
    for lang in LANGUAGES:
        sheet = build_sheet(Rules.preset(preset), lang, preset=preset)
        assert sheet.preset and sheet.preset_about
        assert not any(line.changed for _, lines in sheet.groups for line in lines)


def test_silent_uno_prints_no_catch_rule() -> None:
    """VARIANTS §2 catching = false: nobody is caught, so the sheet says so and prints neither
    what forgetting UNO costs nor the catch window nor who may catch (they would contradict
    it)."""
    text = to_markdown(build_sheet(Rules.preset("official", players=4, catching=False)))
    assert "Silent UNO" in text
    for gone in ("Forgetting UNO costs", "may catch", "late catch", "window"):
        assert gone not in text, gone
    loud = to_markdown(build_sheet(Rules.preset("official", players=4)))
    assert "may catch" in loud
