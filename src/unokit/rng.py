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

import array
import functools
import operator
import sys
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

    # ``state`` is the whole state. Interpreted, ``below`` reads ahead: ``_ahead`` holds the
    # outputs of the states after ``_at`` (the last one last), computed in lanes
    # (:func:`_outputs`) once two draws come in a row; they are used only while ``state`` is
    # still ``_at``, so a state set from outside (a shuffle, ``rng.state = ...``) is never read
    # ahead of. A copy, a saved game, a pickle keep nothing but ``state`` (``__reduce__``: a
    # copy never shares the outputs read ahead).
    __slots__ = ("_ahead", "_at", "state")

    def __init__(self, seed: SupportsIndex = 0) -> None:
        # SupportsIndex, not int: compiled with mypyc an int parameter would take a bool as 1
        # and refuse a float with TypeError before this check could say why (RulesError)
        self.state = seed if type(seed) is int and 0 <= seed <= _MASK else checked_seed(seed)
        self._ahead: list[int] = []
        self._at = -1

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        return (Rng, (self.state,))

    def __setstate__(self, saved: object) -> None:
        # a pickle made before the generator read ahead: (None, {"state": ...}), its slots
        slots = saved[1] if isinstance(saved, tuple) and len(saved) == 2 else saved
        self.state = checked_seed(slots["state"] if isinstance(slots, dict) else None)
        self._ahead = []
        self._at = -1

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
        state = self.state
        if state == self._at:  # the draw after this generator's last: read ahead
            ahead = self._ahead
            if not ahead:
                ahead = self._ahead = _outputs(state, _AHEAD)
            self.state = self._at = (state + _GAMMA) & _MASK
            return (ahead.pop() * n) >> 64
        self._ahead = []
        self.state = self._at = z = (state + _GAMMA) & _MASK  # next64, written out
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        n = len(items)
        if _NATIVE and n < _SMALL:
            _native_shuffle(self, items)
            return
        if _LANES and _LANES_FROM <= n <= _LANES_UP_TO:
            self.state = _lanes_shuffle(self.state, items)
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


# Interpreted, a shuffle's 64-bit outputs are computed all at once, in lanes of one large int
# ("SIMD within a register"): the generator's state before step t is ``state + t * gamma``
# (mod 2**64), known in advance, and SplitMix64's mixing treats each output apart, so the n - 1
# outputs of a shuffle of n items are n - 1 lanes of 128 bits of one int: a handful of big-int
# operations (C loops over the digits) instead of ~15 bytecoded operations per item. Lanes are
# 128 bits wide so that a lane's 64-bit x 64-bit product never reaches the next lane; after
# each shift the lanes are masked back to 64 bits (the shift moved the next lane's low bits
# into this lane's top). Each swap's index j = (output * (i + 1)) >> 64 is computed in the
# lanes too: the lane products summed from i + 1's bits (a mask of the lanes whose size has bit
# b, shifted by b), j then a byte of each lane, so for 16 to 256 items (a deck, a discard pile;
# larger lists take the loop: the tables grow with the list, and are kept per size); the swaps
# stay a loop. ``Rng.below`` reads its outputs ahead the same way, back through a memoryview of
# 64-bit words (little-endian machines; elsewhere the loops run). The same numbers as the loop
# (tests/test_fast_paths_agree_with_general_code.py compares them); 2.4x faster on a 108-card
# deck (30 -> 12.5 µs; 30 µs was a tenth of a random round under RLCard-like rules).
_LANE_BITS: Final = 128
_LANES_FROM: Final = 16  # below, the loop is as fast
_LANES_UP_TO: Final = 256  # j < 256: a byte; larger lists take the loop (no tables kept)
_LANES: Final = sys.byteorder == "little" and memoryview(bytes(8)).cast("Q").itemsize == 8


@functools.lru_cache(maxsize=_LANES_UP_TO)  # every size it is used for: ~5 MB in all
def _lane_tables(n: int) -> tuple[int, int, int, tuple[int, ...]]:
    """For a shuffle of ``n`` items (n - 1 steps, n <= 256): a 1 in every lane, step t's
    ``(t + 1) * gamma`` (mod 2**64) in lane t, every lane's 64-bit mask, and for each bit b of
    the sizes ``i + 1`` (n - t at step t) the mask of the lanes whose size has it."""
    steps = n - 1
    lane = _LANE_BITS // 8
    ones = int.from_bytes((b"\x01" + bytes(lane - 1)) * steps, "little")
    gammas = array.array("Q", [0] * (2 * steps))
    for t in range(steps):
        gammas[2 * t] = ((t + 1) * _GAMMA) & _MASK
    offsets = int.from_bytes(gammas.tobytes(), "little")
    full, empty = b"\xff" * 8 + bytes(lane - 8), bytes(lane)
    masks = int.from_bytes(full * steps, "little")
    size_bits = tuple(
        int.from_bytes(
            b"".join(full if (n - t) >> bit & 1 else empty for t in range(steps)), "little"
        )
        for bit in range(n.bit_length())
    )
    return ones, offsets, masks, size_bits


def _lanes(state: int, count: int) -> int:
    """The generator's next ``count`` 64-bit outputs from ``state``, lane t holding the
    output of step t (``count + 1`` items' tables)."""
    ones, offsets, m, _ = _lane_tables(count + 1)
    z = ((state & _MASK) * ones + offsets) & m  # (a state set by hand out of range: as the loop)
    z = ((z ^ ((z >> 30) & m)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ ((z >> 27) & m)) * 0x94D049BB133111EB) & m
    return (z ^ (z >> 31)) & m


def _outputs(state: int, count: int) -> list[int]:
    """The generator's next ``count`` 64-bit outputs from ``state``, computed in lanes, the
    first one last (to be popped)."""
    z = _lanes(state, count)
    outputs: list[int] = (
        memoryview(z.to_bytes(count * (_LANE_BITS // 8), "little")).cast("Q")[::2].tolist()
    )
    outputs.reverse()
    return outputs


#: how many outputs ``Rng.below`` reads ahead
_AHEAD: Final = 64


def _lanes_shuffle(state: int, items: list[T]) -> int:
    """``Rng.shuffle`` of 16-256 ``items`` from ``state``, its outputs and swap indexes
    computed in lanes; the new state."""
    n = len(items)
    i = n - 1
    z = _lanes(state, i)
    products = 0
    for bit, lanes in enumerate(_lane_tables(n)[3]):
        products += (z & lanes) << bit
    for j in (products >> 64).to_bytes(i * (_LANE_BITS // 8), "little")[:: _LANE_BITS // 8]:
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (state + (n - 1) * _GAMMA) & _MASK


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
