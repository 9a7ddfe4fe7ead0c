"""``greedy``: the expert's rollout policy as a bot, with UNO calls and catches.

On its turn it makes :func:`unokit.sim.rollout.greedy_move`'s choice, read off its view (the
same move: a card of the active colour first, then another coloured card, a wild, a +4 last; a
wild names the colour held most; challenges a +4 unless its player holds one card; draws when
it has no play), and calls UNO with a play that leaves it one card. Out of turn it calls UNO
(one card held, not called) or catches the first seat that may be caught. The batched
environment plays the same bot in C as an opponent (``opponents="greedy"``,
:mod:`unokit.envs.vector`), draw for draw: a fast, fixed adversary to train against.

>>> from unokit import Game, Rules
>>> game = Game(Rules(players=2), seed=4)
>>> GreedyBot().act(game.view(game.current)) in game.legal_moves(game.current)
True
"""

from __future__ import annotations

from dataclasses import replace

from unokit.bots.base import Bot
from unokit.cards import COLOR_OF, RANK_OF, Card, Rank
from unokit.game import View
from unokit.moves import CHALLENGE, DRAW, PASS, CallUno, Catch, ChooseColor, Move, Play
from unokit.phase import Phase
from unokit.sim.rollout import favourite_color

__all__ = ["GreedyBot", "greedy_choice"]


def _key(card: Card, color: int) -> int:
    c = COLOR_OF[card]
    if c >= 0:
        return 4 if c == color else 3
    return 1 if RANK_OF[card] == Rank.WILD else 0


def _plain(move: Play) -> bool:
    return not move.uno and not move.more and move.peek is None and move.trade is None


def greedy_choice(view: View) -> Move:
    """:func:`unokit.sim.rollout.greedy_move` of the seat to act, from its view."""
    legal = view.legal_moves
    if view.phase == Phase.CHOOSE_COLOR:
        return ChooseColor(favourite_color(view.hand))
    color = -1 if view.color is None else int(view.color)
    best: Card | None = None
    best_key = -1
    for move in legal:
        if type(move) is Play and _plain(move):
            key = _key(move.card, color)
            if key > best_key:
                best, best_key = move.card, key
                if key == 4:
                    break
    if best is None:
        if (
            view.phase == Phase.PENALTY
            and CHALLENGE in legal
            and view.stack
            and view.hand_sizes[view.stack[-1][0]] >= 2
        ):
            return CHALLENGE
        return DRAW if DRAW in legal else PASS if PASS in legal else legal[0]
    named = favourite_color(view.hand, (best,)) if COLOR_OF[best] < 0 else None
    options = [m for m in legal if type(m) is Play and m.card == best and _plain(m)]
    targets = [m.swap for m in options if m.swap is not None]
    sizes = view.hand_sizes
    target = min(targets, key=lambda t: (sizes[t], t)) if targets else None
    for move in options:
        if move.color == named and move.swap == target:
            return move
    return options[0]


class GreedyBot(Bot):
    """The rollout policy, calling UNO and catching (see the module docstring)."""

    name = "greedy"

    def act(self, view: View) -> Move | None:
        legal = view.legal_moves
        if not view.my_turn:
            for move in legal:
                if isinstance(move, CallUno) and len(view.hand) == 1:
                    return move
            for move in legal:
                if isinstance(move, Catch) and move.target in view.catchable:
                    return move
            return None
        move = greedy_choice(view)
        if isinstance(move, Play) and len(view.hand) - len(move.cards) == 1:
            calling = replace(move, uno=True)
            if calling in legal:
                return calling
        return move
