"""Colours, ranks, cards and deck compositions (RULES.md §1).

A :class:`Card` is an interned ``int``: there is exactly one object per card kind, so cards
hash and compare as fast as integers and can index lookup tables, yet print as their code.

>>> Card.parse("R5")
Card.parse('R5')
>>> Card.parse("blue skip").code
'BS'
>>> Card.of(Rank.WILD_DRAW_FOUR).is_wild
True
>>> len(deck_cards("classic108"))
108
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar, Literal

__all__ = [
    "COLORS",
    "DECKS",
    "Card",
    "Color",
    "DeckName",
    "Rank",
    "card_points",
    "deck_cards",
    "deck_counts",
]


class Color(IntEnum):
    """The four colours. The 002 edition prints pink where others print red (display only)."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "RYGB"[self]

    @property
    def label(self) -> str:
        """Lower-case English name, as used in notation and JSON (``"red"``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Color:
        """Parse a colour name or letter, English or Chinese (``"blue"``, ``"B"``, ``"藍"``)."""
        from unokit.notation import parse_color

        return parse_color(text)


COLORS: tuple[Color, ...] = tuple(Color)


class Rank(IntEnum):
    """Card ranks: numbers 0-9, the three actions, the two wilds and three special wilds."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    WILD = 13
    WILD_DRAW_FOUR = 14
    WILD_SHUFFLE_HANDS = 15
    WILD_CUSTOMIZABLE = 16
    WILD_SWIMMING = 17

    @property
    def is_wild(self) -> bool:
        return self >= Rank.WILD

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOL[self]

    @property
    def label(self) -> str:
        """snake_case name as in RULES.md (``draw_two``, ``wild_swimming``)."""
        return self.name.lower()


_RANK_SYMBOL = {
    **{Rank(i): str(i) for i in range(10)},
    Rank.SKIP: "S",
    Rank.REVERSE: "R",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
    Rank.WILD_SHUFFLE_HANDS: "WSH",
    Rank.WILD_CUSTOMIZABLE: "WCU",
    Rank.WILD_SWIMMING: "WKS",
}

_NRANKS = len(Rank)
#: colour index used for wild cards in the integer encoding
_WILD_SLOT = 4


class Card(int):
    """One kind of card, interned: ``Card.of(Rank.FIVE, Color.RED) is Card.parse("R5")``.

    The integer value is ``slot * 18 + rank`` where slot is the colour (0-3) or 4 for wilds.
    """

    __slots__ = ()
    _interned: ClassVar[dict[int, Card]] = {}

    def __new__(cls, value: int) -> Card:
        try:
            return cls._interned[value]
        except KeyError:
            raise ValueError(f"no card has the number {value}") from None

    @classmethod
    def _make(cls, value: int) -> Card:
        card = int.__new__(cls, value)
        cls._interned[value] = card
        return card

    @classmethod
    def of(cls, rank: Rank, color: Color | None = None) -> Card:
        """The card of this rank and colour (wilds take no colour)."""
        rank = Rank(rank)
        if rank.is_wild:
            if color is not None:
                raise ValueError(f"a {rank.label} card has no colour")
            return cls._interned[_WILD_SLOT * _NRANKS + rank]
        if color is None:
            raise ValueError(f"a {rank.label} card needs a colour")
        return cls._interned[Color(color) * _NRANKS + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code or name (lenient); see :func:`unokit.notation.parse_card`."""
        from unokit.notation import parse_card

        return parse_card(text)

    @property
    def rank(self) -> Rank:
        return RANK_OF[self]

    @property
    def color(self) -> Color | None:
        c = COLOR_OF[self]
        return None if c < 0 else Color(c)

    @property
    def is_wild(self) -> bool:
        return COLOR_OF[self] < 0

    @property
    def code(self) -> str:
        """Canonical code: ``R5``, ``BS``, ``G+2``, ``W``, ``W+4``."""
        return CODE_OF[self]

    def __str__(self) -> str:
        return CODE_OF[self]

    def __repr__(self) -> str:
        return f"Card.parse({CODE_OF[self]!r})"

    def __format__(self, spec: str) -> str:
        return format(CODE_OF[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


#: lookup tables indexed by the card's integer value
RANK_OF: list[Rank] = [Rank.ZERO] * (5 * _NRANKS)
COLOR_OF: list[int] = [-1] * (5 * _NRANKS)
CODE_OF: list[str] = [""] * (5 * _NRANKS)
ALL_CARDS: list[Card] = []

for _slot in range(5):
    for _rank in Rank:
        if (_slot == _WILD_SLOT) != _rank.is_wild:
            continue
        _card = Card._make(_slot * _NRANKS + _rank)
        RANK_OF[_card] = _rank
        COLOR_OF[_card] = -1 if _slot == _WILD_SLOT else _slot
        CODE_OF[_card] = _rank.symbol if _slot == _WILD_SLOT else "RYGB"[_slot] + _rank.symbol
        ALL_CARDS.append(_card)


def _classic108() -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for color in Color:
        counts[Card.of(Rank.ZERO, color)] = 1
        for rank in (*list(Rank)[1:10], Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
            counts[Card.of(rank, color)] = 2
    counts[Card.of(Rank.WILD)] = 4
    counts[Card.of(Rank.WILD_DRAW_FOUR)] = 4
    return counts


def _with(base: dict[Card, int], extra: dict[Rank, int]) -> dict[Card, int]:
    counts = dict(base)
    for rank, n in extra.items():
        counts[Card.of(rank)] = n
    return counts


def _pairs() -> dict[Card, int]:
    counts = _classic108()
    return {card: 2 if n == 1 else n for card, n in counts.items()}


#: the decks of RULES.md §1, default first (the values of the rule option ``deck``)
DeckName = Literal["classic108", "classic112", "swimming112", "pairs"]

#: deck name -> how many copies of each card (RULES.md §1)
DECKS: dict[DeckName, dict[Card, int]] = {
    "classic108": _classic108(),
    "classic112": _with(_classic108(), {Rank.WILD_SHUFFLE_HANDS: 1, Rank.WILD_CUSTOMIZABLE: 3}),
    "swimming112": _with(_classic108(), {Rank.WILD_CUSTOMIZABLE: 2, Rank.WILD_SWIMMING: 2}),
    "pairs": _pairs(),
}

#: points of the special wilds per deck (000: 40 in classic112; 002: 50 in swimming112)
_SPECIAL_WILD_POINTS: dict[DeckName, int] = {"classic112": 40, "swimming112": 50}


def deck_counts(deck: DeckName) -> dict[Card, int]:
    """Copies of each card in the named deck."""
    return dict(DECKS[deck])


def deck_cards(deck: DeckName) -> list[Card]:
    """Every card of the named deck, in a fixed order (shuffle it with the game's generator)."""
    return [card for card, n in DECKS[deck].items() for _ in range(n)]


def card_points(card: Card, deck: DeckName = "classic108") -> int:
    """Points a card is worth in a hand at the end of a round (RULES.md §1).

    >>> card_points(Card.parse("R7")), card_points(Card.parse("GS")), card_points(Card.parse("W"))
    (7, 20, 50)
    """
    rank = RANK_OF[card]
    if rank <= 9:
        return int(rank)
    if rank <= Rank.DRAW_TWO:
        return 20
    if rank <= Rank.WILD_DRAW_FOUR or rank == Rank.WILD_SWIMMING:
        return 50
    return _SPECIAL_WILD_POINTS.get(deck, 50)
