"""Conditions on a table's rules, as data: when a line or a disputed point belongs on its sheet.

A condition is one of :class:`Is` (an option has one of some values), :class:`Not` (it has none
of them), :class:`Either` (any of several conditions) and :class:`DeckHas` (the deck holds a
kind of card). Being data, not code, a condition can say which options it reads
(:meth:`options`), be written in words for RULES-NOTES.md (:meth:`markdown`), and give an
example of rules that meet it (:meth:`example`: what the tests use to build a table where each
line is printed).

>>> from unokit.rules import Rules
>>> stacking_on = Not("stacking", "off")
>>> stacking_on(Rules.preset("online")), stacking_on(Rules())
(True, False)
>>> stacking_on.markdown()
'`stacking` ≠ `off`'
>>> both(Is("challenge", True), stacking_on).markdown()
'`challenge` = `true` and `stacking` ≠ `off`'
>>> DeckHas("wild_swimming").example()
{'deck': 'swimming112'}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from unokit.cards import DECKS
from unokit.rules import OPTIONS, Rules

__all__ = ["All", "Condition", "DeckHas", "Either", "Is", "Not", "both"]


def _value(value: Any) -> str:
    """A value as RULES.md writes it: ``true``, ``same_kind``, ``2``."""
    return "`" + (str(value).lower() if isinstance(value, bool) else str(value)) + "`"


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same kind: ``True`` is not ``1`` here."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


@dataclass(frozen=True, slots=True)
class Is:
    """The option ``option`` has one of ``values``."""

    option: str
    values: tuple[Any, ...]

    def __init__(self, option: str, *values: Any) -> None:
        object.__setattr__(self, "option", option)
        object.__setattr__(self, "values", values)

    def __call__(self, rules: Rules) -> bool:
        value = getattr(rules, self.option)
        return any(_same(value, v) for v in self.values)

    def options(self) -> frozenset[str]:
        return frozenset({self.option})

    def markdown(self) -> str:
        return f"`{self.option}` = " + " or ".join(_value(v) for v in self.values)

    def example(self) -> dict[str, Any]:
        return {self.option: self.values[0]}


@dataclass(frozen=True, slots=True)
class Not:
    """The option ``option`` has none of ``values``."""

    option: str
    values: tuple[Any, ...]

    def __init__(self, option: str, *values: Any) -> None:
        object.__setattr__(self, "option", option)
        object.__setattr__(self, "values", values)

    def __call__(self, rules: Rules) -> bool:
        value = getattr(rules, self.option)
        return not any(_same(value, v) for v in self.values)

    def options(self) -> frozenset[str]:
        return frozenset({self.option})

    def markdown(self) -> str:
        return f"`{self.option}` ≠ " + " or ".join(_value(v) for v in self.values)

    def example(self) -> dict[str, Any]:
        """The first value the option may take that is not excluded (an int: its lowest)."""
        spec = OPTIONS[self.option]
        if spec.kind == "bool":
            candidates: Iterable[Any] = (False, True)
        elif spec.kind == "int":
            candidates = range(spec.low, spec.high + 1)
        else:
            candidates = spec.choices
        for value in candidates:
            if not any(_same(value, v) for v in self.values):
                return {self.option: value}
        raise ValueError(f"{self.markdown()}: no value of {self.option} meets it")


@dataclass(frozen=True, slots=True)
class DeckHas:
    """The deck holds a card of the rank named ``rank`` (``wild_swimming``: RULES.md's name)."""

    rank: str

    def _decks(self) -> list[str]:
        return [
            name
            for name, counts in DECKS.items()
            if any(card.rank.label == self.rank for card in counts)
        ]

    def __call__(self, rules: Rules) -> bool:
        return rules.deck in self._decks()

    def options(self) -> frozenset[str]:
        return frozenset({"deck"})

    def markdown(self) -> str:
        return f"the deck has `{self.rank}` cards"

    def example(self) -> dict[str, Any]:
        return {"deck": self._decks()[0]}


@dataclass(frozen=True, slots=True)
class Either:
    """Any one of ``conditions``."""

    conditions: tuple[Condition, ...]

    def __init__(self, *conditions: Condition) -> None:
        object.__setattr__(self, "conditions", conditions)

    def __call__(self, rules: Rules) -> bool:
        return any(c(rules) for c in self.conditions)

    def options(self) -> frozenset[str]:
        return frozenset().union(*(c.options() for c in self.conditions))

    def markdown(self) -> str:
        return "(" + " or ".join(c.markdown() for c in self.conditions) + ")"

    def example(self) -> dict[str, Any]:
        return self.conditions[0].example()


@dataclass(frozen=True, slots=True)
class All:
    """Every one of ``conditions`` (none: always)."""

    conditions: tuple[Condition, ...]

    def __call__(self, rules: Rules) -> bool:
        return all(c(rules) for c in self.conditions)

    def options(self) -> frozenset[str]:
        return frozenset().union(*(c.options() for c in self.conditions))

    def markdown(self) -> str:
        if not self.conditions:
            return "always"
        return " and ".join(c.markdown() for c in self.conditions)

    def example(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for c in self.conditions:
            out.update(c.example())
        return out


Condition = Is | Not | DeckHas | Either | All


def both(*conditions: Condition) -> All:
    """Every one of ``conditions``: ``both()`` is always true."""
    return All(conditions)
