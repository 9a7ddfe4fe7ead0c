"""Pluggable effects for the wild_customizable card (RULES.md §4, option ``custom_effect``).

A table writes its own rule on the blank "customizable" cards before the game (000, 002). unokit
takes that rule as a named effect from this registry. An effect is a function of an
:class:`EffectContext`, run after the colour is named and before the turn passes.

Adding one in Python::

    from unokit.effects import register_effect

    @register_effect("everyone_draws_one", "every player, the one who played it too, draws 1")
    def _everyone(ctx):
        for seat in ctx.seats():
            ctx.draw(seat, 1)

    rules = Rules(deck="classic112", custom_effect="everyone_draws_one")
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

__all__ = ["CUSTOM_EFFECTS", "CustomEffect", "EffectContext", "register_effect"]


class EffectContext(Protocol):
    """What an effect may do; the game provides it."""

    @property
    def player(self) -> int:
        """The seat that played the card."""

    def seats(self) -> list[int]:
        """Seats still in the round, in turn order starting from the player."""

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the current direction."""

    def draw(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` cards (reshuffling as needed)."""

    def set_next(self, seat: int) -> None:
        """Make ``seat`` the next to play (default: the player's next seat)."""

    @property
    def target(self) -> int | None:
        """The seat the player chose, for a ``targeted`` effect."""

    def swap_hands(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` exchange hands (both must then call UNO on one card)."""


@dataclass(frozen=True, slots=True)
class CustomEffect:
    """A named effect; a ``targeted`` one needs the player to choose a seat
    (``play WCU blue swap 2``), available to it as ``ctx.target``."""

    name: str
    description: str
    run: Callable[[EffectContext], None]
    targeted: bool = False


#: every known effect by name; ``none`` is a plain wild
CUSTOM_EFFECTS: dict[str, CustomEffect] = {}


def register_effect(
    name: str, description: str, targeted: bool = False
) -> Callable[[Callable[[EffectContext], None]], Callable[[EffectContext], None]]:
    """Decorator that adds an effect to :data:`CUSTOM_EFFECTS` under ``name``."""

    def wrap(fn: Callable[[EffectContext], None]) -> Callable[[EffectContext], None]:
        if name in CUSTOM_EFFECTS:
            raise ValueError(f"a custom effect named {name!r} already exists")
        CUSTOM_EFFECTS[name] = CustomEffect(name, description, fn, targeted)
        return fn

    return wrap


@register_effect("none", "no extra effect: a plain wild")
def _none(ctx: EffectContext) -> None:
    return None


@register_effect("others_draw_one", "every other player draws 1")
def _others_draw_one(ctx: EffectContext) -> None:
    for seat in ctx.seats():
        if seat != ctx.player:
            ctx.draw(seat, 1)


@register_effect("next_draws_two", "the next player draws 2 and loses the turn")
def _next_draws_two(ctx: EffectContext) -> None:
    victim = ctx.next_seat(ctx.player)
    ctx.draw(victim, 2)
    ctx.set_next(ctx.next_seat(victim))


@register_effect("skip_next", "the next player loses the turn")
def _skip_next(ctx: EffectContext) -> None:
    ctx.set_next(ctx.next_seat(ctx.next_seat(ctx.player)))


@register_effect("swap_hands", "the player swaps hands with a player of their choice", True)
def _swap_hands(ctx: EffectContext) -> None:
    if ctx.target is not None:
        ctx.swap_hands(ctx.player, ctx.target)
