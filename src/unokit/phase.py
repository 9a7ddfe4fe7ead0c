"""The decision a game waits for."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Phase"]


class Phase(IntEnum):
    """What the game waits for; ``Game.current`` says whose decision it is."""

    PLAY = 0  #: the current seat plays or draws
    AFTER_DRAW = 1  #: the current seat drew a playable card: play it or keep it
    CHOOSE_COLOR = 2  #: the first player names the colour of a wild start card
    PENALTY = 3  #: the current seat faces a pending draw: take it, challenge, stack, deflect
    ROUND_OVER = 4  #: the referee deals the next round
    MATCH_OVER = 5  #: nothing more

    @property
    def label(self) -> str:
        return self.name.lower()
