"""Countdowns of the terminal game: the person's turn under ``turn_time_limit`` (RULES.md
§7.10) and the window in which the person may jump in or catch before the bots act.

A countdown can pause (the game waits while a page or the quit question is open, or while
the player pauses it) and goes on from where it stopped; its time source is injectable, so
it is tested without waiting.

>>> now = [100.0]
>>> clock = Countdown(10, lambda: now[0])
>>> now[0] += 4; clock.left()
6.0
>>> clock.pause(); now[0] += 60; clock.left()
6.0
>>> clock.resume(); now[0] += 6; clock.expired
True
>>> clock.shown()
'0'
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

__all__ = ["Countdown"]


class Countdown:
    """``seconds`` from now, pausable."""

    def __init__(self, seconds: float, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self.seconds = seconds
        self._end = now() + seconds
        self._paused_left: float | None = None

    @property
    def paused(self) -> bool:
        return self._paused_left is not None

    def left(self) -> float:
        """Seconds left (0 once run out)."""
        if self._paused_left is not None:
            return self._paused_left
        return max(0.0, self._end - self._now())

    @property
    def expired(self) -> bool:
        return self.left() <= 0

    def pause(self) -> None:
        if self._paused_left is None:
            self._paused_left = self.left()

    def resume(self) -> None:
        if self._paused_left is not None:
            self._end = self._now() + self._paused_left
            self._paused_left = None

    def shown(self) -> str:
        """The whole seconds left, as a player reads them (rounded up: "1" until it runs out)."""
        return str(math.ceil(self.left()))
