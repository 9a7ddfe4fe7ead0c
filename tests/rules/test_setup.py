"""RULES.md §2 setup, from real deals: dealer selection, dealing, first player."""

from __future__ import annotations

import pytest

from unokit import Game, Rules
from unokit.cards import RANK_OF, Card, deck_counts
from unokit.events import DealerDraw


def _dealer_draws(game: Game) -> list[tuple[int, Card]]:
    return [(e.seat, e.card) for e in game.deal_events if isinstance(e, DealerDraw)]


def _replay_draw_highest(draws: list[tuple[int, Card]], players: int, redraw: bool) -> int:
    """Recompute the dealer from the draw events, as the rule book says."""
    contenders = list(range(players))
    it = iter(draws)
    while True:
        values = {}
        for seat in contenders:
            while True:
                drawn_by, card = next(it)
                assert drawn_by == seat
                rank = int(RANK_OF[card])
                if rank <= 9:
                    values[seat] = rank
                    break
                if not redraw:
                    values[seat] = 0
                    break
        best = max(values.values())
        contenders = [s for s in contenders if values[s] == best]
        if len(contenders) == 1:
            assert next(it, None) is None, "no draw after the dealer is found"
            return contenders[0]


@pytest.mark.parametrize("seed", range(40))
def test_draw_highest_count_zero(seed: int) -> None:
    """000, 001 选择庄家: highest card deals; an action card counts as 0; ties redraw."""
    game = Game(Rules(players=5), seed)
    assert game.dealer == _replay_draw_highest(_dealer_draws(game), 5, redraw=False)


@pytest.mark.parametrize("seed", range(40))
def test_draw_highest_redraw(seed: int) -> None:
    """004: a non-number card is redrawn."""
    game = Game(Rules(players=5, dealer_draw_actions="redraw"), seed)
    assert game.dealer == _replay_draw_highest(_dealer_draws(game), 5, redraw=True)


def test_random_dealer_draws_no_cards() -> None:
    dealers = {Game(Rules(players=4, dealer_selection="random"), s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert not _dealer_draws(Game(Rules(players=4, dealer_selection="random"), 1))


@pytest.mark.parametrize("seed", range(30))
def test_dealing_and_first_player(seed: int) -> None:
    """000, 001: each player gets hand_size cards; the dealer's left plays first (clockwise)."""
    game = Game(Rules(players=4), seed)
    start = game.deal_events[-1]
    sizes = [len(h) for h in game.hands]
    first = (game.dealer + 1) % 4
    if start.kind == "start_card":  # a number (or the colour of a wild to name) decides nothing
        assert game.current == first
        assert sizes == [7, 7, 7, 7]
    counts = deck_counts("classic108")
    seen: dict[Card, int] = {}
    for card in [c for h in game.hands for c in h] + game.draw_pile + game.discard:
        seen[card] = seen.get(card, 0) + 1
    assert seen == counts


def test_hand_size_option() -> None:
    """000, 002: hand_size; 002 deals five."""
    game = Game(Rules(players=3, hand_size=3, start_card="redraw_until_number"), 1)
    assert [len(h) for h in game.hands] == [3, 3, 3]


def test_previous_winner_as_first_dealer_falls_back_to_random() -> None:
    """RULES-NOTES: with no previous round, dealer_selection = previous_winner picks at random."""
    dealers = {
        Game(Rules(players=3, dealer_selection="previous_winner"), s).dealer for s in range(30)
    }
    assert dealers == {0, 1, 2}
