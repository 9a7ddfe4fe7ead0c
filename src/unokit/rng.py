"""The game's own seeded random generator (SplitMix64).

Its whole state is one integer, so copying a game or saving it to JSON costs nothing, and the
same seed always gives the same shuffles on every platform and Python version.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
True
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["Rng"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    """SplitMix64: fast, small-state, statistically sound for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for n < 2**14)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state)
