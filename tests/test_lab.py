"""The house-rule lab (VARIANTS.md §4, issue 23 item 5): ``unokit lab`` measures the same rounds
under a baseline and its variants; the same seed gives the same figures, on either engine and
any number of processes; an option or preset that does not exist is one line, exit 2, and
nothing written. (The figures of docs/lab.md come from the full run it names.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.test_bad_input import refused
from unokit import Rules, RulesError
from unokit.cli.main import app
from unokit.sim.lab import engine_of, run_lab, settings_of

runner = CliRunner()

#: what every setting of the JSON report holds
FIGURES = {
    "setting",
    "rules",
    "engine",
    "rounds",
    "void_rounds",
    "turns",
    "turns_p10_p50_p90",
    "minutes",
    "seconds_per_turn",
    "cards_drawn",
    "leader_caught",
    "comebacks",
    "first_player_wins",
    "wins_by_position",
    "points",
    "points_spread",
    "exchanges",
    "eliminations",
    "challenges",
    "catches",
    "stacks",
    "jump_ins",
}


def figures(lab: Any) -> list[dict[str, Any]]:
    return [r.to_dict() for r in lab.results]


def test_settings_are_the_baseline_and_each_value_varied() -> None:
    settings = settings_of(
        "official", 4, ["hand_size=5"], ["stacking", "seven_zero", "preset=party"]
    )
    names = [s.name for s in settings]
    assert names == [
        "baseline",
        "stacking=same_kind",
        "stacking=two_under_four",
        "stacking=any",
        "stacking=not_lower",
        "seven_zero=true",
        "preset=party",
    ]
    base, any_stacking, party = settings[0].rules, settings[3].rules, settings[6].rules
    assert (base.hand_size, base.players, base.stacking) == (5, 4, "off")
    # a variant changes only its option; a preset setting is the preset with the players
    assert any_stacking == Rules.from_dict({**base.to_dict(), "stacking": "any"})
    assert party == Rules.preset("party", players=4)
    # the baseline's own value adds nothing
    assert [s.name for s in settings_of("official", 4, [], ["stacking=off,any"])] == [
        "baseline",
        "stacking=any",
    ]


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("stackin", "--vary stackin: no rule option of that name (did you mean stacking?)"),
        ("stacking=sideways", "--vary stacking=sideways:"),
        ("preset=nope", "--vary preset=nope: no such preset"),
        ("hand_size", "--vary hand_size: give the values to try"),
        ("players=3", "--vary players: the number of players is --players"),
    ],
)
def test_a_variant_that_does_not_exist_is_refused(vary: str, message: str) -> None:
    with pytest.raises(RulesError) as refusal:
        settings_of("official", 4, [], [vary])
    assert str(refusal.value).startswith(message)


def test_the_same_seed_gives_the_same_figures_whatever_the_processes() -> None:
    settings = settings_of("official", 3, [], ["jump_in=identical"])
    one = run_lab(settings, ["basic"] * 3, games=24, seed=9, workers=1)
    two = run_lab(settings, ["basic"] * 3, games=24, seed=9, workers=2)
    assert figures(one) == figures(two)
    other = run_lab(settings, ["basic"] * 3, games=24, seed=10, workers=1)
    assert figures(other) != figures(one)
    for setting in figures(one):
        assert set(setting) == FIGURES
        assert setting["rounds"] == 24 and setting["engine"] == "python"
        assert setting["turns"]["low"] <= setting["turns"]["value"] <= setting["turns"]["high"]
        assert abs(sum(setting["wins_by_position"]) - 1) < 1e-9
        assert setting["wins_by_position"][0] == setting["first_player_wins"]["value"]


def test_random_players_run_on_the_accelerator_with_the_python_engines_figures() -> None:
    """Where the accelerator plays the rules it plays the rounds, counted as the Python engine
    counts them; where it does not (misplay penalties), the Python engine plays them."""
    settings = settings_of("official", 4, [], ["seven_zero", "misplay=penalty_end_turn"])
    fast = run_lab(settings, ["random"] * 4, games=30, seed=3, workers=1)
    slow = run_lab(settings, ["random"] * 4, games=30, seed=3, workers=1, engine="python")
    assert [r.engine for r in fast.results] == ["native", "native", "python"]
    assert [r.engine for r in slow.results] == ["python"] * 3
    assert fast.results[0].records == slow.results[0].records
    assert fast.results[1].records == slow.results[1].records
    assert fast.results[0].per_round("exchanges") == 0  # 7 and 0 are plain numbers
    assert fast.results[1].per_round("exchanges") > 0


def test_the_accelerator_asked_for_by_name_where_it_cannot_play_is_refused() -> None:
    with pytest.raises(RulesError, match="plays random moves only"):
        engine_of(Rules(players=2), ["strong", "strong"], "native")
    with pytest.raises(RulesError, match="cannot play these rules: misplay=penalty_end_turn"):
        engine_of(Rules(players=2, misplay="penalty_end_turn"), ["random"] * 2, "native")


def test_cli_prints_the_table_and_writes_json_and_plot(tmp_path: Path) -> None:
    out, plot = tmp_path / "lab.json", tmp_path / "lab.png"
    args = ["lab", "--vary", "stacking=any", "--players", "3", "--games", "12", "--bots", "basic"]
    args += ["--seed", "5", "--workers", "1", "--json", str(out), "--plot", str(plot)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for words in ("baseline", "stacking=", "turns per round", "first player wins", "stacked"):
        assert words in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [s["setting"] for s in data["settings"]] == ["baseline", "stacking=any"]
    assert data["settings"][1]["rules"] == {"players": 3, "stacking": "any"}
    assert plot.read_bytes().startswith(b"\x89PNG")
    again = tmp_path / "again.json"
    args[args.index(str(out))] = str(again)
    assert runner.invoke(app, args).exit_code == 0
    first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (out, again))
    first.pop("seconds"), second.pop("seconds")
    assert first == second


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "no_such_rule"], "--vary no_such_rule: no rule option of that name"),
        (["--vary", "stacking=sideways"], "--vary stacking=sideways:"),
        (["--vary", "preset=no_such_preset"], "--vary preset=no_such_preset: no such preset"),
        (["--rule", "no_such_rule=1"], "no_such_rule"),
        (["--bots", "genius"], "genius"),
        (["--bots", "strong,basic"], "--bots names 2 bots for --players 4"),
        (["--engine", "native"], "--engine native: the accelerator plays random moves only"),
        (["--games", "0"], "--games 0: give 1 or more"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out, plot = tmp_path / "lab.json", tmp_path / "lab.png"
    result = runner.invoke(
        app, ["lab", "--games", "3", *args, "--json", str(out), "--plot", str(plot)]
    )
    refused(result, message)
    assert list(tmp_path.iterdir()) == []


def test_no_mercy_knock_outs_are_counted_as_eliminations(tmp_path: Path) -> None:
    """VARIANTS §1 and §4: the lab measures No Mercy, and the mercy rule's knock-outs
    (``KnockedOut``) count as eliminations; the official game has none."""
    out = tmp_path / "lab.json"
    args = ["lab", "--vary", "preset=no_mercy", "--players", "4", "--games", "40"]
    args += ["--bots", "basic", "--seed", "0", "--workers", "1", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    official, no_mercy = json.loads(out.read_text(encoding="utf-8"))["settings"]
    assert no_mercy["setting"] == "preset=no_mercy" and no_mercy["engine"] == "python"
    assert official["eliminations"] == 0 < no_mercy["eliminations"]
