"""``random``: uniform over the legal moves."""

from __future__ import annotations

from unokit.bots.base import Bot
from unokit.game import View
from unokit.moves import Move

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Picks uniformly among its legal moves; out of turn, takes a chance half the time."""

    name = "random"

    def act(self, view: View) -> Move | None:
        moves = view.legal_moves
        if not moves:
            return None
        if not view.my_turn and self.rng.below(2):
            return None
        return moves[self.rng.below(len(moves))]
