"""Errors, all :class:`ValueError` subclasses with a message that says what is wrong.

- :class:`NotationError`: text that is not a card, colour or move.
- :class:`RulesError`: an unknown option, a bad value, or options that cannot be combined.
- :class:`IllegalMoveError`: a well-formed move the rules do not allow now.
- :class:`ScenarioError`: a scenario file that cannot be read or set up.
- :class:`StateError`: a saved state, game record or described table that cannot be loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unokit.why import Why

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "RulesError",
    "ScenarioError",
    "StateError",
    "UnoError",
]


class UnoError(ValueError):
    """Base class of every unokit error."""


class NotationError(UnoError):
    """Text that cannot be parsed as a card, colour or move."""


class RulesError(UnoError):
    """A rules configuration that is refused."""


class IllegalMoveError(UnoError):
    """A move that the rules do not allow at this moment; the game is unchanged.

    ``why`` (a :class:`unokit.why.Why`, when the engine judged the move) is the reason as
    data, for an interface to tell the player in their words (:func:`unokit.narrator.explain`);
    the message is the referee's English."""

    def __init__(self, message: str, why: Why | None = None) -> None:
        super().__init__(message)
        self.why = why


class ScenarioError(UnoError):
    """A scenario file that cannot be read; ``line`` is set when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


class StateError(UnoError):
    """A saved game state, game record or described table that cannot be loaded or set up; the
    message names the field and says what is wrong with it."""
