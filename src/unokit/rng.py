"""The game's own seeded random generator (SplitMix64).

Its whole state is one integer, so copying a game or saving it to JSON costs nothing, and the
same seed always gives the same shuffles on every platform and Python version.

A seed is a whole number from 0 to 2**64-1 (the generator's whole state); any other value,
a negative or larger number, a ``bool`` or a float, is refused with
:class:`~unokit.errors.RulesError` rather than silently reduced. This is the check behind
``Game(rules, seed)`` and every bot's seed.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
True
>>> Rng(-1)
Traceback (most recent call last):
unokit.errors.RulesError: seed must be a whole number from 0 to 2**64-1, not -1
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, SupportsIndex, TypeVar

from unokit.errors import RulesError

if TYPE_CHECKING:  # a type for mypyc only (never imported when running): 64-bit machine ints
    from mypy_extensions import i64

__all__ = ["SEED_LIMIT", "Rng"]

_MASK = (1 << 64) - 1
#: seeds are ``range(SEED_LIMIT)``: 0 to 2**64-1
SEED_LIMIT = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    """SplitMix64: fast, small-state, statistically sound for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: SupportsIndex = 0) -> None:
        # SupportsIndex, not int: compiled with mypyc an int parameter would take a bool as 1
        # and refuse a float with TypeError before this check could say why (RulesError)
        self.state = seed if type(seed) is int and 0 <= seed <= _MASK else checked_seed(seed)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for n < 2**14)."""
        if _NATIVE and 0 < n < _SMALL:
            return _native_below(self, n)
        self.state = z = (self.state + _GAMMA) & _MASK  # next64, written out: one per move
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        if _NATIVE and len(items) < _SMALL:
            _native_shuffle(self, items)
            return
        state = self.state
        gamma, mask = _GAMMA, _MASK
        for i in range(len(items) - 1, 0, -1):
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffled_pops(self, items: list[T]) -> Iterator[T]:
        """What ``shuffle(items)`` then ``items.pop()`` until empty would give, one item at a
        time, shuffling only as far as the items taken need: the generator's state moves on at
        once as a whole shuffle moves it (Fisher-Yates from the last item fixes the last item
        first). ``items`` is shuffled in place as far as the items taken; treat it as given
        away."""
        n = len(items)
        state = self.state
        if n > 1:
            self.state = (state + (n - 1) * _GAMMA) & _MASK
        return _pops(items, state)

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state)


def _pops(items: list[T], state: int) -> Iterator[T]:
    gamma, mask = _GAMMA, _MASK
    for i in range(len(items) - 1, 0, -1):
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
        yield items[i]
    if items:
        yield items[0]


# Compiled by mypyc (make compiled, docs/performance.md), the same generator in 64-bit machine
# integers (i64: arithmetic wraps around, as SplitMix64's does modulo 2**64) rather than Python's
# unbounded ones, which mypyc handles slowly past 2**62; the same numbers. ``_NATIVE`` is true
# only where i64 arithmetic wraps, i.e. compiled: the Python engine keeps the code above.
_SMALL: Final = 1 << 30  # n < 2**30: (64-bit output * n) >> 64 computed in 32-bit halves
_GAMMA_I64: Final = _GAMMA - (1 << 64)  # the constants as signed 64-bit values
_MUL1_I64: Final = 0xBF58476D1CE4E5B9 - (1 << 64)
_MUL2_I64: Final = 0x94D049BB133111EB - (1 << 64)


def _wraps() -> bool:
    big: i64 = 1 << 62
    return big * 4 == 0


_NATIVE: Final = _wraps()


def _native_below(rng: Rng, n: int) -> int:
    state = rng.state
    s: i64 = state - (1 << 64) if state >= 1 << 63 else state
    s += _GAMMA_I64
    rng.state = int(s) + (1 << 64) if s < 0 else int(s)
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64  # >> of a signed value, masked: logical
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
    z = z ^ ((z >> 31) & 0x1FFFFFFFF)
    m: i64 = n
    return (((z >> 32) & 0xFFFFFFFF) * m + (((z & 0xFFFFFFFF) * m) >> 32)) >> 32


def _native_shuffle(rng: Rng, items: list[T]) -> None:
    state = rng.state
    s: i64 = state - (1 << 64) if state >= 1 << 63 else state
    i: i64 = len(items) - 1
    while i > 0:
        s += _GAMMA_I64
        z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_I64
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_I64
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        m = i + 1
        j = (((z >> 32) & 0xFFFFFFFF) * m + (((z & 0xFFFFFFFF) * m) >> 32)) >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
    rng.state = int(s) + (1 << 64) if s < 0 else int(s)


def checked_seed(seed: object) -> int:
    """``seed`` as an int in 0..2**64-1, or :class:`RulesError` saying why it is refused."""
    value: int | None = None
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            value = None
    if value is None or not 0 <= value <= _MASK:
        if value is not None and abs(value).bit_length() > 128:
            shown = f"a number of {abs(value).bit_length()} bits"
        else:
            shown = repr(seed)
            shown = shown if len(shown) <= 60 else shown[:59] + "…"
        raise RulesError(f"seed must be a whole number from 0 to 2**64-1, not {shown}")
    return value
