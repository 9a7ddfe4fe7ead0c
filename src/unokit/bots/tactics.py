"""Small helpers shared by the heuristic bots: reading a view, picking colours and moves."""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank, card_points
from unokit.game import View
from unokit.moves import (
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
)

__all__ = [
    "color_counts",
    "favourite_color",
    "next_seat",
    "out_of_turn_choice",
    "plays",
    "prefer_uno",
]


def plays(view: View) -> list[Play]:
    return [m for m in view.legal_moves if isinstance(m, Play)]


def color_counts(hand: Sequence[Card], exclude: Sequence[Card] = ()) -> list[int]:
    """Cards of each colour in ``hand`` (less the cards in ``exclude``)."""
    counts = [0, 0, 0, 0]
    rest = list(hand)
    for card in exclude:
        if card in rest:
            rest.remove(card)
    for card in rest:
        c = COLOR_OF[card]
        if c >= 0:
            counts[c] += 1
    return counts


def favourite_color(
    hand: Sequence[Card], exclude: Sequence[Card] = (), avoid: set[int] | None = None
) -> Color:
    """The colour held most (points break ties); ``avoid`` colours lose ties."""
    counts = color_counts(hand, exclude)
    points = [0, 0, 0, 0]
    for card in hand:
        c = COLOR_OF[card]
        if c >= 0:
            points[c] += card_points(card)
    avoid = avoid or set()
    return Color(max(range(4), key=lambda c: (counts[c], c not in avoid, points[c], -c)))


def next_seat(view: View, seat: int | None = None) -> int:
    """The seat after ``seat`` (default: this bot's) still in the round."""
    n = len(view.hand_sizes)
    s = view.seat if seat is None else seat
    for _ in range(n):
        s = (s + view.direction) % n
        if view.in_round[s]:
            return s
    return s


def prefer_uno(moves: Sequence[Play], forget: bool) -> list[Play]:
    """Keep the variants that call UNO (or, when the bot forgets, those that do not)."""
    calling = [m for m in moves if m.uno]
    if not calling:
        return list(moves)
    keys = {(m.card, m.color, m.more, m.swap, m.peek, m.trade, m.give) for m in calling}
    if forget:
        return [m for m in moves if not m.uno]
    return [
        m
        for m in moves
        if m.uno or (m.card, m.color, m.more, m.swap, m.peek, m.trade, m.give) not in keys
    ]


def out_of_turn_choice(view: View, forget: bool, jump: bool = True) -> Move | None:
    """Call UNO, catch, or jump in with the first identical card: what a careful player does."""
    for move in view.legal_moves:
        if isinstance(move, CallUno) and len(view.hand) == 1 and not forget:
            return move
    for move in view.legal_moves:
        if isinstance(move, Catch) and move.target in view.catchable:
            return move
    if jump:
        for move in view.legal_moves:
            if isinstance(move, Play) and not move.uno and (len(view.hand) - len(move.cards) != 1):
                return move
        for move in view.legal_moves:
            if isinstance(move, Play) and move.uno:
                return move
    return None


def is_draw(move: Move) -> bool:
    return isinstance(move, Draw)


def rank_of(card: Card) -> Rank:
    return RANK_OF[card]


__all__ += ["Challenge", "ChooseColor", "Pass", "is_draw", "rank_of"]
