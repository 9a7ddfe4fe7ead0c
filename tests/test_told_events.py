"""Rulings the log used to leave out (issue 21, item 15): a tie in the dealer draw and the
challenge of a +4 are events of their own, told before what follows from them."""

from __future__ import annotations

from tests.conftest import table
from unokit import Card, Game, Rules
from unokit import events as ev
from unokit.moves import CHALLENGE, Play
from unokit.narrator import narrate


def test_a_tie_in_the_dealer_draw_is_told_before_the_tied_players_draw_again() -> None:
    """000, 001, 004: the highest card deals; tied players draw again (RULES.md §2)."""
    game = Game(Rules(players=4), 8)  # seats 0 and 1 both draw a green 8
    kinds = [e.kind for e in game.deal_events]
    tie = next(e for e in game.deal_events if isinstance(e, ev.DealerTie))
    assert tie.seats == (0, 1) and tie.value == 8
    at = kinds.index("dealer_tie")
    assert kinds[:at] == ["dealer_draw"] * 4 and kinds[at + 1 : at + 3] == ["dealer_draw"] * 2
    assert narrate(tie, 0) == "A tie at 8 between you and seat 1: they draw again"
    assert narrate(tie, None, "zh-Hant").startswith("座位 0")


def test_the_challenge_itself_is_told_before_the_hand_is_shown() -> None:
    """000: the player facing a +4 may challenge it; the log says so before the ruling."""
    game = table(["R1 G2 Y3", "W+4 R5 B6"], draw="G7 G8 G9 Y7 Y8 Y9", current=1)
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))
    events = game.apply(0, CHALLENGE)
    assert [e.kind for e in events][:2] == ["challenge", "reveal"]
    assert narrate(events[0], 0) == "You challenge seat 1's +4"
    assert narrate(events[0], 1) == "Seat 0 challenges your +4"
    assert narrate(events[0], 2) == "Seat 0 challenges seat 1's +4"
