"""The ``unokit`` command: judge's exit statuses and JSON, simulate, rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import SCENARIOS
from unokit.cli.main import app

runner = CliRunner()
EXAMPLE = next(p for p in SCENARIOS if p.name == "s5_challenge_fails.toml")


def test_judge_prints_each_ruling_and_exits_0() -> None:
    result = runner.invoke(app, ["judge", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "challenge failed: seat 0 held no red card" in result.output
    assert "✓" in result.output


def test_judge_json_has_the_documented_shape() -> None:
    result = runner.invoke(app, ["judge", "--json", str(EXAMPLE)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    move = data["moves"][1]
    assert set(move) >= {"seat", "move", "ok", "error", "events"}
    assert move["move"] == "1: challenge"
    assert all(set(e) >= {"type", "text"} for e in move["events"])
    state = data["state"]
    for key in [
        "hands",
        "draw_pile",
        "top",
        "color",
        "direction",
        "current",
        "pending_draw",
        "round_over",
        "winner",
        "ranking",
        "round_points",
        "scores",
    ]:
        assert key in state, key
    assert state["hands"][1] == ["R1", "G2", "G7", "G8", "G9", "Y1", "Y2", "Y3"]
    assert state["draw_pile"] == 1
    assert data["expect"][0] == {
        "key": "hands.1",
        "expected": ["R1", "G2", "G7", "G8", "G9", "Y1", "Y2", "Y3"],
        "actual": ["R1", "G2", "G7", "G8", "G9", "Y1", "Y2", "Y3"],
        "ok": True,
    }


def test_a_wrong_expectation_exits_1_and_shows_the_difference(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("current = 2", "current = 1")
    path = tmp_path / "wrong.toml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["judge", str(path)])
    assert result.exit_code == 1
    assert "✗ current: expected = 1, got 2" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("title = 'x'\n[rules\n", "line 2"),
        ("moves = ['0: fly']\n", "unknown move 'fly'"),
        ("[rules]\nstacknig = 'any'\n", "line 2: unknown rule option 'stacknig'"),
        (
            "[table]\nhands = [['R1', 'X9'], ['R2']]\n[rules]\nplayers = 2\n",
            "line 2: hands[0]: 'X9' is not a card",
        ),
        (
            "[table]\nhands = [['W+4','W+4','W+4','W+4','W+4'], ['R2']]\n[rules]\nplayers = 2\n",
            "holds 5 copies of W+4",
        ),
        ("[expect]\ncurent = 1\n", "line 2: [expect] 'curent' names nothing"),
        ("colour = 'red'\n", "unknown key 'colour'"),
    ],
)
def test_a_broken_file_exits_2_with_a_one_line_reason(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["judge", str(path)])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["judge", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    assert "cannot read" in result.output


def test_judge_refused_moves_are_reported_and_the_replay_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "refused.toml"
    path.write_text(
        'moves = ["1: play R1", "0: play R3"]\n[rules]\nplayers = 2\n'
        '[table]\nhands = [["R3", "G4"], ["R1", "B2"]]\ndiscard = ["R8"]\n'
        '[expect]\n"moves.0.ok" = false\ntop = "R3"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["judge", "--json", str(path)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["moves"][0]["ok"] is False
    assert "it is seat 0's turn, not seat 1's" in data["moves"][0]["error"]
    assert data["moves"][1]["ok"] is True


def test_simulate_reports_speed_and_moves_per_game() -> None:
    result = runner.invoke(app, ["simulate", "--games", "20", "--players", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output
    assert "moves/game" in result.output


def test_simulate_says_which_engine_and_counts_unfinished_rounds() -> None:
    """Under party rules random players draw at will and many rounds never end."""
    args = ["simulate", "--games", "30", "--players", "4", "--preset", "party", "--seed", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "native engine" in text
    assert "reached the cap of 100,000 moves unfinished" in text


def test_simulate_refuses_bad_rules_clearly() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--rule", "stacking=maybe"])
    assert result.exit_code == 2
    assert "stacking = 'maybe' is not allowed" in " ".join(result.output.split())


def test_rules_lists_every_option_and_shows_presets() -> None:
    result = runner.invoke(app, ["rules"], terminal_width=250)
    assert result.exit_code == 0
    for name in ["wd4_rule", "catch_window", "stacking", "seat_change_every"]:
        assert name in result.output
    result = runner.invoke(app, ["rules", "swimming"], terminal_width=200)
    assert "swimming112" in result.output
    result = runner.invoke(app, ["rules", "nonsense"])
    assert result.exit_code == 2


def test_demo_plays_a_game_to_the_end() -> None:
    result = runner.invoke(app, ["demo", "--players", "3", "--seed", "2"])
    assert result.exit_code == 0
    assert "wins" in result.output
