"""Why a move is refused, as data: a message of the catalogues, its values, the rules cited.

:func:`unokit.verify.verify` answers with a :class:`Why`. Its ``str()`` is the referee's
English ("seat 2 holds no R5", "... (after_draw=must_play)"), as :class:`IllegalMoveError`
says it; :func:`unokit.narrator.explain` tells the same to a player in their language, with
names, "you" and card names, and the rule options kept apart. A reason is data: the narrator,
above it, installs how ``str()`` tells it (:func:`set_teller`).

>>> from unokit.cards import Card
>>> why = Why("{seat} holds no {card}", (("seat", 2), ("card", Card.parse("R5"))),
...           you="you hold no {card}", about=2)
>>> str(why)
'seat 2 holds no R5'
>>> str(Why("the drawn card must be played", rules=("after_draw=must_play",)))
'the drawn card must be played (after_draw=must_play)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["CARD_KEYS", "COLOR_KEYS", "SEAT_KEYS", "Why"]

#: the placeholders that hold a seat (told as "seat 2", a name, or "you")
SEAT_KEYS = frozenset({"seat", "current", "target"})
#: the placeholders that hold a card (a code for the referee, a name for a player)
CARD_KEYS = frozenset({"card", "top", "drawn"})
#: the placeholders that hold a colour (``color``) or several (``colors``)
COLOR_KEYS = frozenset({"color", "colors"})


@dataclass(frozen=True, slots=True)
class Why:
    """A refusal's reason.

    ``text`` is an English message of the catalogues whose placeholders are ``values``: seats
    (:data:`SEAT_KEYS`), cards (:data:`CARD_KEYS`), ``cards`` (several), colours
    (:data:`COLOR_KEYS`), ``targets`` (several seats), ``waiting`` (another :class:`Why`, the
    decision the game waits for), or plain numbers and text. ``you`` is the same message
    said to the seat ``about`` ("you hold ..." for "{seat} holds ..."). ``sources`` (seed
    documents, RULES.md sections) and ``rules`` (options as ``name=value``) are cited after
    the message in the referee's form; a player reads them only on request."""

    text: str
    values: tuple[tuple[str, Any], ...] = ()
    you: str | None = None
    about: int | None = None
    sources: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    def value(self, key: str) -> Any:
        """The value of placeholder ``key``."""
        return dict(self.values)[key]

    def cited(self) -> tuple[str, ...]:
        """Everything cited, this reason's and those of the reasons inside it, in order."""
        inner: tuple[str, ...] = ()
        for _, value in self.values:
            if isinstance(value, Why):
                inner += value.cited()
        return inner + self.sources + self.rules

    def __str__(self) -> str:
        return _teller(self)


def _no_teller(why: Why) -> str:
    raise RuntimeError("no narrator: reasons are told by unokit.narrator (import unokit)")


#: How a reason is told in the referee's English (``str()``): reasons are data and know no
#: words; the presentation layer (:mod:`unokit.narrator`, which ``import unokit`` loads) installs
#: it with :func:`set_teller`.
_teller: Callable[[Why], str] = _no_teller


def set_teller(teller: Callable[[Why], str]) -> None:
    """Install how ``str(why)`` tells a reason."""
    global _teller
    _teller = teller
