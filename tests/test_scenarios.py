"""Every shipped scenario is a rule test: it must pass under the referee."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from unokit.scenario import judge_file, load_scenario


def test_there_is_a_scenario_for_every_section() -> None:
    sections = {p.name.split("_")[0] for p in SCENARIOS}
    assert {"s2", "s3", "s4", "s5", "s6", "s8"} <= sections


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = judge_file(path)
    assert result.scenario.source, "every scenario cites the seed it comes from"
    assert result.expect, "every scenario checks its outcome"
    failed = [(e.key, e.expected, e.actual) for e in result.expect if not e.ok]
    assert not failed, failed


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_replays_to_an_equal_saved_game(path: Path) -> None:
    """Saving the referee's final table and loading it back gives the same game."""
    scenario = load_scenario(path.read_text(encoding="utf-8"))
    game = scenario.game
    for seat, move, _ in scenario.moves:
        if game.is_legal(seat, move):
            game.apply(seat, move)
    from unokit import Game

    assert Game.from_dict(game.to_dict()) == game
