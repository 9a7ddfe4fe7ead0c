"""The :class:`Bot` interface: a computer player sees only its seat's view.

A bot never receives the game. :meth:`Bot.act` gets the seat's :class:`~unokit.game.View`
(own hand, public facts, legal moves) and returns one of ``view.legal_moves``; when it is not
the bot's turn (a chance to call UNO, catch or jump in) it may return ``None`` to let the chance
pass. :meth:`Bot.observe` is told every public move, so bots can count cards.

Writing your own takes a few lines::

    from unokit.bots import Bot
    from unokit.moves import Play

    class FirstCardBot(Bot):
        name = "first-card"

        def act(self, view):
            plays = [m for m in view.legal_moves if isinstance(m, Play)]
            if view.my_turn:
                return plays[0] if plays else view.legal_moves[0]
            return None
"""

from __future__ import annotations

from unokit.cards import Color
from unokit.game import View
from unokit.moves import Move
from unokit.rng import Rng
from unokit.rules import Rules

__all__ = ["Bot"]


class Bot:
    """Base class of computer players.

    ``forget_uno`` is the chance (0-1) that the bot forgets to call UNO, for a friendlier table;
    ``reaction_delay`` (seconds) is how long interfaces wait before the bot catches or jumps in.
    """

    name = "bot"

    def __init__(
        self, seed: int = 0, *, forget_uno: float = 0.0, reaction_delay: float = 0.0
    ) -> None:
        self.rng = Rng(seed)
        self.forget_uno = forget_uno
        self.reaction_delay = reaction_delay
        self.seat = -1
        self.rules = Rules()

    def reset(self, seat: int, rules: Rules) -> None:
        """A new game starts with this bot at ``seat``."""
        self.seat = seat
        self.rules = rules

    def observe(self, seat: int, move: Move, color: Color | None) -> None:
        """``seat`` made the public ``move``; ``color`` was the active colour before it."""

    def shown(self, view: View) -> None:
        """A hand was shown to this seat (a +4 challenge, a ``wild_multi`` peek):
        ``view.revealed`` holds it. Told by the table loop (:func:`unokit.bots.table.
        apply_and_tell`) right after the move that showed it, since the seat may not be asked
        to act before the next move hides it again."""

    def act(self, view: View) -> Move | None:
        """Choose one of ``view.legal_moves`` (``None``: let an out-of-turn chance pass)."""
        raise NotImplementedError

    def forgets(self) -> bool:
        """Whether, this time, the bot forgets to call UNO."""
        return self.forget_uno > 0 and self.rng.below(1_000_000) < self.forget_uno * 1_000_000

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
