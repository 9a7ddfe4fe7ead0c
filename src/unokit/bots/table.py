"""Playing a game with bots at every seat: the loop that asks each bot when it may act.

>>> from unokit import Game, Rules
>>> from unokit.bots import make_bot
>>> game = Game(Rules.preset("casual", players=3), seed=1)
>>> play_out(game, [make_bot("basic", seed=s) for s in range(3)]).match_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from unokit.bots.base import Bot
from unokit.events import Event
from unokit.game import Game
from unokit.moves import DEAL, REFEREE, Move, Play

__all__ = ["MoveWatcher", "apply_and_tell", "play_out", "play_round"]

#: what :func:`play_round` tells after each move: the seat, the move, its events (the lab
#: measures a round from them, :mod:`unokit.sim.lab`)
MoveWatcher = Callable[[int, Move, list[Event]], None]


def apply_and_tell(game: Game, bots: Sequence[Bot | None], seat: int, move: Move) -> list[Event]:
    """Apply ``move``, tell every bot about it (traded cards only to the two seats), tell the
    bot a hand was shown to (:meth:`Bot.shown`) and return the events. ``None`` stands for a
    seat that is not a bot (a person)."""
    color = game.active_color
    events = game.apply(seat, move)
    secret = isinstance(move, Play) and move.give
    for other, bot in enumerate(bots):
        if bot is None:
            continue
        if secret and other not in (seat, getattr(move, "trade", None)):
            assert isinstance(move, Play)
            bot.observe(seat, replace(move, give=()), color)
        else:
            bot.observe(seat, move, color)
    shown = game.revealed
    if shown is not None and 0 <= shown[0] < len(bots):
        bot = bots[shown[0]]
        if bot is not None:
            bot.shown(game.view(shown[0]))
    return events


def _step(
    game: Game, bots: Sequence[Bot], offered: set[int], watch: MoveWatcher | None = None
) -> None:
    """One decision: first any waiting seat that wants to act out of turn, else the seat to act."""
    for seat in game.waiting_seats():
        if seat in offered:
            continue
        offered.add(seat)
        move = bots[seat].act(game.view(seat))
        if move is not None:
            events = apply_and_tell(game, bots, seat, move)
            if watch is not None:
                watch(seat, move, events)
            return
    seat = game.current
    move = bots[seat].act(game.view(seat))
    if move is None:
        raise ValueError(f"{bots[seat]!r} returned no move although it is its turn")
    offered.clear()
    events = apply_and_tell(game, bots, seat, move)
    if watch is not None:
        watch(seat, move, events)


def play_round(
    game: Game, bots: Sequence[Bot], max_moves: int = 20_000, watch: MoveWatcher | None = None
) -> int:
    """Play the current round to its end; return the number of moves made. ``watch``, if
    given, is told each move as it is made (seat, move, events)."""
    offered: set[int] = set()
    moves = 0
    while not game.round_over and moves < max_moves:
        _step(game, bots, offered, watch)
        moves += 1
    return moves


def play_out(game: Game, bots: Sequence[Bot], max_moves: int = 200_000) -> Game:
    """Play the whole match (every round) with these bots, one per seat."""
    if len(bots) != game.n:
        raise ValueError(f"{len(bots)} bots for {game.n} seats")
    for seat, bot in enumerate(bots):
        bot.reset(seat, game.rules)
    moves = 0
    while not game.match_over and moves < max_moves:
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        moves += play_round(game, bots, max_moves - moves)
    return game
