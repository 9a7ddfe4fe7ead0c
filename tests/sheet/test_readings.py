"""The disputed points on a sheet: RULES-NOTES.md's readings, each where it can arise."""

from __future__ import annotations

from pathlib import Path

import pytest

from unokit.errors import RulesError
from unokit.rules import Rules
from unokit.sheet import build_sheet
from unokit.sheet.readings import READINGS, Reading, readings_for

NOTES = Path(__file__).resolve().parents[2] / "RULES-NOTES.md"


def _example(reading: Reading) -> Rules:
    """A table whose sheet the reading applies to (its condition's example)."""
    return Rules.from_dict(reading.example())


@pytest.mark.parametrize("key", list(READINGS))
def test_each_point_tells_a_reading_of_rules_notes(key: str) -> None:
    """A reading reworded or dropped in RULES-NOTES.md fails here until its sheet words are
    looked at again."""
    notes = " ".join(NOTES.read_text(encoding="utf-8").split())
    assert " ".join(READINGS[key].cites.split()) in notes


@pytest.mark.parametrize("key", list(READINGS))
def test_each_point_is_printed_where_it_can_arise(key: str) -> None:
    reading = READINGS[key]
    try:
        rules = _example(reading)
    except RulesError as error:  # pragma: no cover - the message says which condition
        pytest.fail(f"{key}: its condition's example is refused: {error}")
    assert reading.applies(rules)
    assert reading.text() in build_sheet(rules).points


def test_a_point_that_cannot_arise_is_not_printed() -> None:
    """RULES-NOTES §7.1 revenge: a table without revenge is not told how revenge doubles."""
    plain = {r.key for r in readings_for(Rules())}
    assert "revenge_doubles" not in plain
    assert "who_may_jump_in" not in plain
    assert {"uno_when", "who_may_catch", "late_catch"} <= plain  # §6: every table calls UNO
    online = {r.key for r in readings_for(Rules.preset("online"))}
    assert {"plus_two_any_colour", "who_may_jump_in", "uno_after_swap"} <= online


def test_two_players_get_the_reverse_reading() -> None:
    """000: with two players a reverse acts as a skip."""
    points = build_sheet(Rules(players=2)).points
    assert READINGS["two_players_reverse"].text() in points
    assert READINGS["two_players_reverse"].text() not in build_sheet(Rules()).points


def test_points_come_in_rules_notes_order() -> None:
    rules = Rules.preset("online", players=2)
    keys = [r.key for r in readings_for(rules)]
    assert keys == [key for key in READINGS if key in keys]
