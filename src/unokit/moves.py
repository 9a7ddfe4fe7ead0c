"""Moves: frozen, hashable values a seat (or the referee) asks the engine to make.

A move does not carry its seat: :meth:`unokit.game.Game.apply` takes ``(seat, move)``.
Text notation lives in :mod:`unokit.notation` (``"1: play W blue uno"``). A move is checked
as it is built: a colour must be a :class:`Color` (not a plain ``int``) and a card a
:class:`Card`, else :class:`~unokit.errors.IllegalMoveError`.

>>> Play(Card.parse("W"), color=Color.BLUE) == Play(Card.parse("W"), Color.BLUE)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NoReturn

from unokit.cards import Card, Color
from unokit.errors import IllegalMoveError

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


def _refuse(move: str, field: str, value: object, expected: str) -> NoReturn:
    if isinstance(value, int) and abs(value).bit_length() > 128:
        shown = f"of {abs(value).bit_length()} bits"
    else:
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:59] + "…"
    raise IllegalMoveError(
        f"{move}: {field} must be {expected}, not {type(value).__name__} {shown}"
    )


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

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            _refuse("Play", "card", self.card, "a Card, such as Card.parse('R5')")
        if self.color is not None and type(self.color) is not Color:
            _refuse("Play", "color", self.color, "a Color, such as Color.BLUE, or None")
        for card in (*self.more, *self.give):
            if type(card) is not Card:
                _refuse("Play", "every card", card, "a Card, such as Card.parse('R5')")

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

    def __post_init__(self) -> None:
        if type(self.color) is not Color:
            _refuse("ChooseColor", "color", self.color, "a Color, such as Color.BLUE")


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
DRAW: Final = Draw()
PASS: Final = Pass()
CHALLENGE: Final = Challenge()
CALL_UNO: Final = CallUno()
TIMEOUT: Final = Timeout()
DEAL: Final = Deal()
