"""Tournaments: seats rotate, results are reproducible, outputs are written."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from unokit import Rules
from unokit.cli.main import app
from unokit.sim.tournament import run_tournament, wilson


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.70 < high < 0.79
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_evenly() -> None:
    result = run_tournament(Rules(players=3), ["strong", "random", "random"], games=30, workers=1)
    for entrant in result.entrants:
        assert entrant.seat_games == [10, 10, 10]
    assert sum(e.wins for e in result.entrants) + result.void == 30


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_tournament(Rules(players=2), ["strong", "basic"], games=40, workers=1, seed=4)
    two = run_tournament(Rules(players=2), ["strong", "basic"], games=40, workers=2, seed=4)
    assert [e.wins for e in one.entrants] == [e.wins for e in two.entrants]
    assert [e.points for e in one.entrants] == [e.points for e in two.entrants]


def test_strong_beats_random_clearly() -> None:
    """A short version of docs/bots.md's measurement (the full one is a benchmark)."""
    result = run_tournament(
        Rules(players=2, draw_with_playable="forbidden"),
        ["strong", "random"],
        games=600,
        workers=2,
        seed=11,
    )
    assert result.entrants[0].interval[0] > 0.6


def test_one_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        run_tournament(Rules(players=3), ["strong", "random"], games=1)


def test_ratings_order_the_bots() -> None:
    result = run_tournament(Rules(players=2), ["strong", "random"], games=100, workers=1)
    assert result.entrants[0].rating > result.entrants[1].rating


def test_cli_writes_json_csv_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    table = tmp_path / "r.csv"
    plot = tmp_path / "r.png"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "--bots",
            "strong,random",
            "--games",
            "40",
            "--workers",
            "1",
            "--json",
            str(out),
            "--csv",
            str(table),
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["games"] == 40 and data["entrants"][0]["bot"] == "strong"
    rows = list(csv.DictReader(table.open()))
    assert rows[0]["bot"] == "strong"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["tournament", "--bots", "strong,genius", "--games", "2"])
    assert result.exit_code == 2
    assert "unknown bot level 'genius'" in result.output


def test_runs_on_a_local_ray_instance() -> None:
    ray_result = run_tournament(
        Rules(players=2), ["strong", "random"], games=20, ray_address="local", seed=3
    )
    local = run_tournament(Rules(players=2), ["strong", "random"], games=20, workers=1, seed=3)
    assert [e.wins for e in ray_result.entrants] == [e.wins for e in local.entrants]
