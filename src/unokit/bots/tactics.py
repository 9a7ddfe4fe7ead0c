"""Small helpers shared by the heuristic bots: reading a view, picking moves (the colour held
most is :func:`unokit.sim.rollout.favourite_color`, the rollout policy's)."""

from __future__ import annotations

from collections.abc import Sequence

from unokit.game import View
from unokit.moves import CallUno, Catch, Move, Play

__all__ = [
    "next_seat",
    "out_of_turn_choice",
    "plays",
    "prefer_uno",
]


def plays(view: View) -> list[Play]:
    return [m for m in view.legal_moves if isinstance(m, Play)]


def next_seat(view: View, seat: int | None = None, direction: int = 0) -> int:
    """The seat after ``seat`` (default: this bot's) still in the round, in ``direction``
    (default: the play's; the opposite one, ``-view.direction``, for a reverse)."""
    n = len(view.hand_sizes)
    s = view.seat if seat is None else seat
    step = direction or view.direction
    for _ in range(n):
        s = (s + step) % n
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


def out_of_turn_choice(view: View, forget: bool) -> Move | None:
    """Call UNO, catch, or jump in with the first identical card: what a careful player does."""
    for move in view.legal_moves:
        if isinstance(move, CallUno) and len(view.hand) == 1 and not forget:
            return move
    for move in view.legal_moves:
        if isinstance(move, Catch) and move.target in view.catchable:
            return move
    for move in view.legal_moves:
        if isinstance(move, Play) and not move.uno and (len(view.hand) - len(move.cards) != 1):
            return move
    for move in view.legal_moves:
        if isinstance(move, Play) and move.uno:
            return move
    return None
