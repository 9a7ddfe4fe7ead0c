"""``basic``: match the colour first, keep the wilds."""

from __future__ import annotations

from unokit.bots.base import Bot
from unokit.bots.tactics import out_of_turn_choice, plays, prefer_uno
from unokit.cards import COLOR_OF, RANK_OF, Rank, card_points
from unokit.game import View
from unokit.moves import DRAW, PASS, CallUno, ChooseColor, Move, Play
from unokit.phase import Phase
from unokit.sim.rollout import favourite_color

__all__ = ["BasicBot"]


class BasicBot(Bot):
    """A plain, honest player: follows colour first, then number, keeps wilds for last,
    names the colour it holds most, never challenges, always calls UNO and catches."""

    name = "basic"

    def act(self, view: View) -> Move | None:
        if not view.my_turn:
            return out_of_turn_choice(view, self.forgets())
        legal = view.legal_moves
        if view.phase == Phase.CHOOSE_COLOR:
            color = favourite_color(view.hand)
            return next(m for m in legal if isinstance(m, ChooseColor) and m.color == color)
        options = prefer_uno(plays(view), self.forgets())
        if view.phase == Phase.PENALTY:
            return options[0] if options else DRAW
        if not options:
            if any(isinstance(m, CallUno) for m in legal) and len(view.hand) == 1:
                return next(m for m in legal if isinstance(m, CallUno))
            return PASS if PASS in legal else DRAW if DRAW in legal else legal[0]
        return max(options, key=lambda m: self._score(view, m))

    def _score(self, view: View, move: Play) -> tuple[int, ...]:
        card = move.card
        color = COLOR_OF[card]
        rank = RANK_OF[card]
        same_color = color >= 0 and view.color is not None and color == view.color
        wild_cost = 2 if rank == Rank.WILD_DRAW_FOUR else 1 if color < 0 else 0
        named_ok = 1
        if color < 0 and move.color is not None:
            named_ok = int(move.color == favourite_color(view.hand, (card,)))
        target = -view.hand_sizes[move.swap] if move.swap is not None else 0
        return (
            -wild_cost,
            int(same_color),
            named_ok,
            len(move.cards),
            card_points(card),
            -(move.peek is not None) - (move.trade is not None),
            target,
        )
