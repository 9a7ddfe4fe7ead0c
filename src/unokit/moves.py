"""Moves: frozen, hashable values a seat (or the referee) asks the engine to make.

A move does not carry its seat: :meth:`unokit.game.Game.apply` takes ``(seat, move)``.
Text notation lives in :mod:`unokit.notation` (``"1: play W blue uno"``).

>>> Play(Card.parse("W"), color=Color.BLUE) == Play(Card.parse("W"), Color.BLUE)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from unokit.cards import Card, Color

__all__ = [
    "REFEREE",
    "CallUno",
    "Catch",
    "Challenge",
    "ChooseColor",
    "Deal",
    "Draw",
    "Move",
    "Pass",
    "Penalty",
    "Play",
    "Timeout",
]

#: the seat number used for the referee (table penalties, dealing the next round)
REFEREE = -1


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (and, under multi_play, the cards in ``more``).

    ``color`` names the colour for a wild; ``uno`` calls UNO with the play. ``swap`` is the
    seven-zero swap target; ``peek``/``trade``/``give`` are the wild_multi choices.
    """

    card: Card
    color: Color | None = None
    uno: bool = False
    more: tuple[Card, ...] = ()
    swap: int | None = None
    peek: int | None = None
    trade: int | None = None
    give: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card this move puts on the discard pile, in order."""
        return (self.card, *self.more)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a card on your turn, or take the pending penalty."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card you have just drawn and end your turn."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four played on you (RULES.md §5)."""


@dataclass(frozen=True, slots=True)
class CallUno:
    """Call "UNO" (RULES.md §6)."""


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch ``target``, who holds one card and did not call UNO."""

    target: int


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """The first player names the colour of a wild start card (RULES.md §2)."""

    color: Color


@dataclass(frozen=True, slots=True)
class Timeout:
    """The seat to act ran out of time (``turn_time_limit``, RULES.md §7.10)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """Referee only: ``target`` draws ``count`` cards for ``reason`` (RULES.md §7.10)."""

    target: int
    count: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Deal:
    """Referee only: start the next round of the match."""


Move = Play | Draw | Pass | Challenge | CallUno | Catch | ChooseColor | Timeout | Penalty | Deal

#: shared instances of the moves without fields
DRAW = Draw()
PASS = Pass()
CHALLENGE = Challenge()
CALL_UNO = CallUno()
TIMEOUT = Timeout()
DEAL = Deal()
