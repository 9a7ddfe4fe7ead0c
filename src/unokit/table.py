"""Described tables (the referee's disputes): a game set up as a table describes it, and the
table as the referee reports it.

:func:`set_up` is ``Game.from_table``: hands, piles and the seat to act as described, checked
(an impossible table raises :class:`~unokit.errors.StateError` with the reason);
:func:`summary` is ``Game.summary`` (``unokit judge --json``'s ``state``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex, TypeVar

from unokit.cards import COLOR_OF, DECKS, Card, Color
from unokit.errors import StateError
from unokit.phase import Phase
from unokit.rounds import can_turn_start_card, turn_start_card
from unokit.rules import Rules
from unokit.state import RoundEnded, State

__all__ = ["set_up", "summary"]

S = TypeVar("S", bound=State)


def set_up(
    blank: Callable[[Rules, SupportsIndex], S],
    rules: Rules,
    hands: list[list[Card]],
    draw_pile: list[Card],
    discard: list[Card] | None = None,
    *,
    color: Color | None = None,
    current: int = 0,
    direction: int = 1,
    dealer: int | None = None,
    seed: SupportsIndex = 0,
    uno_called: Iterable[int] = (),
    scores: list[int] | None = None,
) -> S:
    """A game set up as described, made from ``blank(rules, seed)``: ``Game.from_table``
    (which says what each argument means)."""
    n = rules.players
    if len(hands) != n:
        raise StateError(f"the table has {len(hands)} hands but players = {n}")
    placed = [c for h in hands for c in h] + list(draw_pile) + list(discard or [])
    allowed = DECKS[rules.deck]
    counts: dict[Card, int] = {}
    for card in placed:
        counts[card] = counts.get(card, 0) + 1
    for card, k in counts.items():
        if card not in allowed:
            holders = [name for name, cards in DECKS.items() if card in cards]
            raise StateError(
                f"the table holds {card.code}, which is not a card of deck = {rules.deck} "
                f"(it is in deck = {' or '.join(holders)})"
            )
        if k > allowed.get(card, 0):
            raise StateError(
                f"the table holds {k} copies of {card.code}, but deck = {rules.deck} has "
                f"{allowed.get(card, 0)}"
            )
    for name, seat in (("current", current), ("dealer", dealer)):
        if seat is not None and not 0 <= seat < n:
            raise StateError(f"{name} = {seat} is not a seat (0 to {n - 1})")
    if direction not in (1, -1):
        raise StateError("direction must be cw or ccw")
    game = blank(rules, seed)
    game.round_no = 1
    game.hands = [list(h) for h in hands]
    game.draw_pile = list(reversed(draw_pile))
    game.discard = list(discard or [])
    game.direction = direction
    game.dealer = (current - direction) % n if dealer is None else dealer
    game.current = current
    if scores is not None:
        if len(scores) != n:
            raise StateError(f"scores has {len(scores)} entries but players = {n}")
        game.scores = list(scores)
    for seat in uno_called:
        if not 0 <= seat < n:
            raise StateError(f"uno_called: {seat} is not a seat")
        if len(game.hands[seat]) > 2:
            raise StateError(f"uno_called: seat {seat} holds {len(game.hands[seat])} cards")
        game.called[seat] = True
    for seat in range(n):
        if len(game.hands[seat]) == 1 and not game.called[seat]:
            game.window[seat] = True
    if not game.discard:
        if not game.draw_pile:
            raise StateError("the table has no discard pile and no draw pile to turn from")
        if dealer is None:
            game.dealer = (current - 1) % n
        if not can_turn_start_card(game):
            raise StateError(
                "the draw pile holds no card that can be turned up as the start card ("
                + (
                    "under start_card = redraw_until_number: a number card, or a skip or "
                    "reverse on top"
                    if rules.start_card == "redraw_until_number"
                    else "every card in it is a W+4"
                )
                + "): give a discard pile or other cards"
            )
        try:
            turn_start_card(game)
        except RoundEnded:
            pass
        game.deal_events = game.move_events
        game.move_events = []
    else:
        top = game.discard[-1]
        if COLOR_OF[top] < 0:
            if color is None:
                raise StateError(f"the top card {top.code} is a wild: give its colour")
            game.color = int(color)
        else:
            if color is not None and int(color) != COLOR_OF[top]:
                raise StateError(f"color = {color.label} does not match the top card {top.code}")
            game.color = COLOR_OF[top]
    for seat in range(n):
        if not game.hands[seat] and game.phase < Phase.ROUND_OVER:
            raise StateError(f"seat {seat} holds no card: the round would be over")
        limit = rules.mercy_limit
        if limit and len(game.hands[seat]) >= limit:
            raise StateError(
                f"seat {seat} holds {len(game.hands[seat])} cards, but mercy_limit = {limit} "
                "puts a seat holding that many out of the round: describe fewer cards"
            )
    game.origin = game.to_dict()
    return game


def summary(game: State) -> dict[str, Any]:
    """The table as the referee reports it (``unokit judge --json``'s ``state``)."""
    return {
        "hands": [[c.code for c in h] for h in game.hands],
        "draw_pile": len(game.draw_pile),
        "discard": [c.code for c in game.discard],
        "top": game.top.code if game.top is not None else None,
        "color": game.active_color.label if game.active_color is not None else None,
        "direction": "cw" if game.direction == 1 else "ccw",
        "current": game.current if game.phase < Phase.ROUND_OVER else None,
        "phase": game.phase.label,
        "pending_draw": game.pending_draw,
        "dealer": game.dealer,
        "uno_called": [s for s in range(game.n) if game.called[s]],
        "round": game.round_no,
        "round_over": game.phase >= Phase.ROUND_OVER,
        "winner": game.winner,
        "ranking": list(game.out_order) if game.phase >= Phase.ROUND_OVER else [],
        "round_points": list(game.round_points),
        "scores": list(game.scores),
        "eliminated": [s for s in range(game.n) if game.eliminated[s]],
        "match_over": game.phase == Phase.MATCH_OVER,
        "match_winner": game.match_winner,
        "match_ranking": list(game.match_ranking),
        "seating": list(game.seating),
        "knocked_out": list(game.knocked_out),
    }
