"""Colours, ranks, cards and deck compositions (RULES.md §1), and their names in text.

A :class:`Card` is an interned ``int``: there is exactly one object per card kind, so cards
hash and compare as fast as integers and can index lookup tables, yet print as their code.

>>> Card.parse("R5")
Card.parse('R5')
>>> Card.parse("blue skip").code
'BS'
>>> Card.of(Rank.WILD_DRAW_FOUR).is_wild
True
>>> len(deck_cards("classic108")), len(deck_cards("no_mercy168"))
(108, 168)
>>> Card.parse("wild draw ten").draw_value, Card.parse("G+4").is_wild
(10, False)
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import ClassVar, Literal

from unokit.errors import NotationError

__all__ = [
    "ALL_CARDS",
    "CARD_IDS",
    "CARD_ID_LIMIT",
    "COLORS",
    "DECKS",
    "DRAW_VALUE_OF",
    "NO_MERCY_RANKS",
    "Card",
    "Color",
    "DeckName",
    "Rank",
    "card_points",
    "deck_cards",
    "deck_counts",
    "parse_card",
    "parse_color",
    "require_text",
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
        return parse_color(text)


COLORS: tuple[Color, ...] = tuple(Color)


class Rank(IntEnum):
    """Card ranks: numbers 0-9, the three actions, the two wilds and three special wilds, then
    the cards of UNO Show 'Em No Mercy (VARIANTS.md §1): three coloured actions (a coloured
    +4, skip everyone, discard all) and four wilds (reverse +4, +6, +10, colour roulette).
    The values of the older ranks never change (cards are numbered by them: saved games, the
    C accelerator's tables); a rank's kind is asked of its properties, never of its value."""

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
    # UNO Show 'Em No Mercy (deck no_mercy168)
    DRAW_FOUR = 18  #: a coloured +4
    SKIP_EVERYONE = 19
    DISCARD_ALL = 20
    WILD_REVERSE_DRAW_FOUR = 21
    WILD_DRAW_SIX = 22
    WILD_DRAW_TEN = 23
    WILD_COLOR_ROULETTE = 24

    @property
    def is_wild(self) -> bool:
        return self in _WILD_RANKS

    @property
    def is_number(self) -> bool:
        return self <= Rank.NINE

    @property
    def draw_value(self) -> int:
        """The cards a draw card of this rank makes the next player draw (0: not a draw card):
        +2 2, +4 and reverse +4 4, +6 6, +10 10 (the values No Mercy stacks by)."""
        return _DRAW_VALUE.get(self, 0)

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOL[self]

    @property
    def label(self) -> str:
        """snake_case name as in RULES.md (``draw_two``, ``wild_swimming``)."""
        return self.name.lower()


_WILD_RANKS = frozenset(
    {
        Rank.WILD,
        Rank.WILD_DRAW_FOUR,
        Rank.WILD_SHUFFLE_HANDS,
        Rank.WILD_CUSTOMIZABLE,
        Rank.WILD_SWIMMING,
        Rank.WILD_REVERSE_DRAW_FOUR,
        Rank.WILD_DRAW_SIX,
        Rank.WILD_DRAW_TEN,
        Rank.WILD_COLOR_ROULETTE,
    }
)
_DRAW_VALUE = {
    Rank.DRAW_TWO: 2,
    Rank.WILD_DRAW_FOUR: 4,
    Rank.DRAW_FOUR: 4,
    Rank.WILD_REVERSE_DRAW_FOUR: 4,
    Rank.WILD_DRAW_SIX: 6,
    Rank.WILD_DRAW_TEN: 10,
}
#: the ranks of UNO Show 'Em No Mercy's new cards (deck no_mercy168, VARIANTS.md §1)
NO_MERCY_RANKS: frozenset[Rank] = frozenset(
    {
        Rank.DRAW_FOUR,
        Rank.SKIP_EVERYONE,
        Rank.DISCARD_ALL,
        Rank.WILD_REVERSE_DRAW_FOUR,
        Rank.WILD_DRAW_SIX,
        Rank.WILD_DRAW_TEN,
        Rank.WILD_COLOR_ROULETTE,
    }
)

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
    Rank.DRAW_FOUR: "+4",
    Rank.SKIP_EVERYONE: "SA",
    Rank.DISCARD_ALL: "DA",
    Rank.WILD_REVERSE_DRAW_FOUR: "WR+4",
    Rank.WILD_DRAW_SIX: "W+6",
    Rank.WILD_DRAW_TEN: "W+10",
    Rank.WILD_COLOR_ROULETTE: "WCR",
}

#: ranks numbered ``slot * 18 + rank`` (the classic and special-wild ranks, 0-17: ids 0-89)
_NRANKS = 18
#: colour index used for wild cards in the integer encoding
_WILD_SLOT = 4
#: the No Mercy ranks are numbered after them: ``90 + slot * 7 + rank - 18`` (ids 90-124), so
#: that the ids of every older card stay as they were
_LATER = 5 * _NRANKS
_NLATER = len(Rank) - _NRANKS


def _card_id(slot: int, rank: Rank) -> int:
    if rank < _NRANKS:
        return slot * _NRANKS + rank
    return _LATER + slot * _NLATER + rank - _NRANKS


class Card(int):
    """One kind of card, interned: ``Card.of(Rank.FIVE, Color.RED) is Card.parse("R5")``.

    The integer value is ``slot * 18 + rank`` where slot is the colour (0-3) or 4 for wilds;
    the No Mercy ranks (18-24) come after every older card: ``90 + slot * 7 + rank - 18``.
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
            return cls._interned[_card_id(_WILD_SLOT, rank)]
        if color is None:
            raise ValueError(f"a {rank.label} card needs a colour")
        return cls._interned[_card_id(Color(color), rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code or name (lenient): :func:`parse_card`."""
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
    def is_number(self) -> bool:
        """A number card 0-9."""
        return RANK_OF[self] <= Rank.NINE

    @property
    def draw_value(self) -> int:
        """What this card makes the next player draw: +2 2, a +4 (coloured, wild or wild
        reverse) 4, +6 6, +10 10; 0 for a card that is not a draw card."""
        return DRAW_VALUE_OF[self]

    @property
    def is_draw(self) -> bool:
        """A draw card (+2, +4, wild +4, wild reverse +4, wild +6, wild +10)."""
        return DRAW_VALUE_OF[self] > 0

    @property
    def is_no_mercy(self) -> bool:
        """One of UNO Show 'Em No Mercy's new cards (only in deck no_mercy168)."""
        return RANK_OF[self] in NO_MERCY_RANKS

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
_ID_LIMIT = _LATER + 5 * _NLATER
RANK_OF: list[Rank] = [Rank.ZERO] * _ID_LIMIT
COLOR_OF: list[int] = [-1] * _ID_LIMIT
CODE_OF: list[str] = [""] * _ID_LIMIT
#: what each card makes the next player draw (0: not a draw card), by card id
DRAW_VALUE_OF: list[int] = [0] * _ID_LIMIT
#: every card kind: the classic and special-wild cards in id order, then the No Mercy cards
ALL_CARDS: list[Card] = []

for _slot in range(5):
    for _rank in Rank:
        if (_slot == _WILD_SLOT) != _rank.is_wild:
            continue
        _card = Card._make(_card_id(_slot, _rank))
        RANK_OF[_card] = _rank
        COLOR_OF[_card] = -1 if _slot == _WILD_SLOT else _slot
        CODE_OF[_card] = _rank.symbol if _slot == _WILD_SLOT else "RYGB"[_slot] + _rank.symbol
        DRAW_VALUE_OF[_card] = _rank.draw_value
        ALL_CARDS.append(_card)
ALL_CARDS.sort()

#: the id (``int(card)``) of every card kind: an int is a card's id if it is one of these
CARD_IDS: frozenset[int] = frozenset(int(c) for c in ALL_CARDS)
#: one more than the largest card id: the length of a table indexed by card id
CARD_ID_LIMIT: int = max(CARD_IDS) + 1


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


def _no_mercy168() -> dict[Card, int]:
    """UNO Show 'Em No Mercy (Mattel, 2023; VARIANTS.md §1, RULES-NOTES.md "No Mercy"): per
    colour two of each number 0-9, three skips, four reverses, two +2, two +4, two skip
    everyone, three discard all (36 x 4 = 144); wilds: eight reverse +4, four +6, four +10,
    eight colour roulette (24). No plain wild and no wild +4."""
    counts: dict[Card, int] = {}
    per_color = (
        *((Rank(i), 2) for i in range(10)),
        (Rank.SKIP, 3),
        (Rank.REVERSE, 4),
        (Rank.DRAW_TWO, 2),
        (Rank.DRAW_FOUR, 2),
        (Rank.SKIP_EVERYONE, 2),
        (Rank.DISCARD_ALL, 3),
    )
    for color in Color:
        for rank, n in per_color:
            counts[Card.of(rank, color)] = n
    counts[Card.of(Rank.WILD_REVERSE_DRAW_FOUR)] = 8
    counts[Card.of(Rank.WILD_DRAW_SIX)] = 4
    counts[Card.of(Rank.WILD_DRAW_TEN)] = 4
    counts[Card.of(Rank.WILD_COLOR_ROULETTE)] = 8
    return counts


#: the decks of RULES.md §1 and VARIANTS.md §1, default first (the values of the option
#: ``deck``)
DeckName = Literal["classic108", "classic112", "swimming112", "pairs", "no_mercy168"]

#: deck name -> how many copies of each card (RULES.md §1)
DECKS: dict[DeckName, dict[Card, int]] = {
    "classic108": _classic108(),
    "classic112": _with(_classic108(), {Rank.WILD_SHUFFLE_HANDS: 1, Rank.WILD_CUSTOMIZABLE: 3}),
    "swimming112": _with(_classic108(), {Rank.WILD_CUSTOMIZABLE: 2, Rank.WILD_SWIMMING: 2}),
    "pairs": _pairs(),
    "no_mercy168": _no_mercy168(),
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
    """Points a card is worth in a hand at the end of a round (RULES.md §1): a number its
    value, a coloured action card 20, a wild 50 (the special wilds as their deck says; No
    Mercy's cards as the classic ones: RULES-NOTES.md "No Mercy", scoring).

    >>> card_points(Card.parse("R7")), card_points(Card.parse("GS")), card_points(Card.parse("W"))
    (7, 20, 50)
    >>> card_points(Card.parse("BDA")), card_points(Card.parse("W+10"))
    (20, 50)
    """
    rank = RANK_OF[card]
    if rank <= 9:
        return int(rank)
    if COLOR_OF[card] >= 0:
        return 20
    if rank in (Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE):
        return _SPECIAL_WILD_POINTS.get(deck, 50)
    return 50


# -- cards and colours in words: codes, long English names, the seeds' Chinese names ------------
# (unokit.notation, above, reads moves; the names of cards are the cards' own)

_COLOR_WORDS: dict[str, Color] = {
    "red": Color.RED,
    "pink": Color.RED,
    "yellow": Color.YELLOW,
    "green": Color.GREEN,
    "blue": Color.BLUE,
    "红": Color.RED,
    "紅": Color.RED,
    "粉": Color.RED,
    "粉红": Color.RED,
    "粉紅": Color.RED,
    "黄": Color.YELLOW,
    "黃": Color.YELLOW,
    "绿": Color.GREEN,
    "綠": Color.GREEN,
    "蓝": Color.BLUE,
    "藍": Color.BLUE,
    "r": Color.RED,
    "p": Color.RED,
    "y": Color.YELLOW,
    "g": Color.GREEN,
    "b": Color.BLUE,
}
# longest first, so "red" is tried before "r"
_COLOR_PREFIXES = sorted(_COLOR_WORDS, key=len, reverse=True)

_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_CHINESE_NUMBERS = "零一二三四五六七八九"

_RANK_WORDS: dict[str, Rank] = {
    "s": Rank.SKIP,
    "skip": Rank.SKIP,
    "跳过": Rank.SKIP,
    "跳過": Rank.SKIP,
    "禁止": Rank.SKIP,
    "r": Rank.REVERSE,
    "reverse": Rank.REVERSE,
    "反转": Rank.REVERSE,
    "反轉": Rank.REVERSE,
    "迴轉": Rank.REVERSE,
    "回转": Rank.REVERSE,
    "+2": Rank.DRAW_TWO,
    "d2": Rank.DRAW_TWO,
    "drawtwo": Rank.DRAW_TWO,
    "draw2": Rank.DRAW_TWO,
    "罚二": Rank.DRAW_TWO,
    "罰二": Rank.DRAW_TWO,
    "罚两张": Rank.DRAW_TWO,
    "罰兩張": Rank.DRAW_TWO,
    "抽两张": Rank.DRAW_TWO,
    "抽兩張": Rank.DRAW_TWO,
    "罚抽两张": Rank.DRAW_TWO,
    "罰抽兩張": Rank.DRAW_TWO,
    "摸二": Rank.DRAW_TWO,
    # No Mercy's coloured cards (VARIANTS.md §1): a +4 of a colour, skip everyone, discard all
    "+4": Rank.DRAW_FOUR,
    "d4": Rank.DRAW_FOUR,
    "drawfour": Rank.DRAW_FOUR,
    "draw4": Rank.DRAW_FOUR,
    "罚四": Rank.DRAW_FOUR,
    "罰四": Rank.DRAW_FOUR,
    "罚抽四张": Rank.DRAW_FOUR,
    "罰抽四張": Rank.DRAW_FOUR,
    "抽四张": Rank.DRAW_FOUR,
    "抽四張": Rank.DRAW_FOUR,
    "摸四": Rank.DRAW_FOUR,
    "sa": Rank.SKIP_EVERYONE,
    "skipeveryone": Rank.SKIP_EVERYONE,
    "skipall": Rank.SKIP_EVERYONE,
    "skipeverybody": Rank.SKIP_EVERYONE,
    "全体跳过": Rank.SKIP_EVERYONE,
    "全體跳過": Rank.SKIP_EVERYONE,
    "跳过所有人": Rank.SKIP_EVERYONE,
    "跳過所有人": Rank.SKIP_EVERYONE,
    "全员跳过": Rank.SKIP_EVERYONE,
    "全員跳過": Rank.SKIP_EVERYONE,
    "全体禁止": Rank.SKIP_EVERYONE,  # (the catalogues' names: narrator.card_name)
    "全體禁止": Rank.SKIP_EVERYONE,
    "da": Rank.DISCARD_ALL,
    "discardall": Rank.DISCARD_ALL,
    "discardallofcolor": Rank.DISCARD_ALL,
    "discardallofcolour": Rank.DISCARD_ALL,
    "全部弃": Rank.DISCARD_ALL,  # (全部弃牌: _compact drops the 牌)
    "全部棄": Rank.DISCARD_ALL,
    "弃掉所有": Rank.DISCARD_ALL,
    "棄掉所有": Rank.DISCARD_ALL,
    "全弃": Rank.DISCARD_ALL,
    "全棄": Rank.DISCARD_ALL,
    "同色全弃": Rank.DISCARD_ALL,
    "同色全棄": Rank.DISCARD_ALL,
    **{str(i): Rank(i) for i in range(10)},
    **{w: Rank(i) for i, w in enumerate(_NUMBER_WORDS)},
    **{c: Rank(i) for i, c in enumerate(_CHINESE_NUMBERS)},
}

_WILD_WORDS: dict[str, Rank] = {
    "w": Rank.WILD,
    "wild": Rank.WILD,
    "万能": Rank.WILD,
    "萬用": Rank.WILD,
    "万用": Rank.WILD,
    "萬能": Rank.WILD,
    "变色": Rank.WILD,
    "變色": Rank.WILD,
    "w+4": Rank.WILD_DRAW_FOUR,
    "+4": Rank.WILD_DRAW_FOUR,
    "wd4": Rank.WILD_DRAW_FOUR,
    "wild+4": Rank.WILD_DRAW_FOUR,
    "wilddrawfour": Rank.WILD_DRAW_FOUR,
    "wilddraw4": Rank.WILD_DRAW_FOUR,
    "drawfour": Rank.WILD_DRAW_FOUR,
    "王牌": Rank.WILD_DRAW_FOUR,
    "罚四": Rank.WILD_DRAW_FOUR,
    "罰四": Rank.WILD_DRAW_FOUR,
    "万能+4": Rank.WILD_DRAW_FOUR,
    "萬用+4": Rank.WILD_DRAW_FOUR,
    "万用+4": Rank.WILD_DRAW_FOUR,
    "万能罚抽四张": Rank.WILD_DRAW_FOUR,
    "萬用罰抽四張": Rank.WILD_DRAW_FOUR,
    "wsh": Rank.WILD_SHUFFLE_HANDS,
    "wildshufflehands": Rank.WILD_SHUFFLE_HANDS,
    "shufflehands": Rank.WILD_SHUFFLE_HANDS,
    "洗手牌": Rank.WILD_SHUFFLE_HANDS,
    "交换手牌": Rank.WILD_SHUFFLE_HANDS,
    "交換手牌": Rank.WILD_SHUFFLE_HANDS,
    "wcu": Rank.WILD_CUSTOMIZABLE,
    "wildcustomizable": Rank.WILD_CUSTOMIZABLE,
    "customizable": Rank.WILD_CUSTOMIZABLE,
    "customwild": Rank.WILD_CUSTOMIZABLE,
    "自制": Rank.WILD_CUSTOMIZABLE,
    "自製": Rank.WILD_CUSTOMIZABLE,
    "自制卡": Rank.WILD_CUSTOMIZABLE,
    "自製卡": Rank.WILD_CUSTOMIZABLE,
    "wks": Rank.WILD_SWIMMING,
    "wildswimming": Rank.WILD_SWIMMING,
    "justkeepswimming": Rank.WILD_SWIMMING,
    "swimming": Rank.WILD_SWIMMING,
    "keepswimming": Rank.WILD_SWIMMING,
    "游泳": Rank.WILD_SWIMMING,
    "只要游泳": Rank.WILD_SWIMMING,
    "万用只要游泳": Rank.WILD_SWIMMING,
    "萬用只要游泳": Rank.WILD_SWIMMING,
    # No Mercy's wilds (VARIANTS.md §1)
    "wr+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "wildreversedrawfour": Rank.WILD_REVERSE_DRAW_FOUR,
    "wildreversedraw4": Rank.WILD_REVERSE_DRAW_FOUR,
    "wildreverse+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "reversedrawfour": Rank.WILD_REVERSE_DRAW_FOUR,
    "reverse+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "万能反转+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "萬用反轉+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "萬能反轉+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "万用反转+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "反转+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "反轉+4": Rank.WILD_REVERSE_DRAW_FOUR,
    "w+6": Rank.WILD_DRAW_SIX,
    "+6": Rank.WILD_DRAW_SIX,
    "wd6": Rank.WILD_DRAW_SIX,
    "wild+6": Rank.WILD_DRAW_SIX,
    "wilddrawsix": Rank.WILD_DRAW_SIX,
    "wilddraw6": Rank.WILD_DRAW_SIX,
    "drawsix": Rank.WILD_DRAW_SIX,
    "万能+6": Rank.WILD_DRAW_SIX,
    "萬用+6": Rank.WILD_DRAW_SIX,
    "萬能+6": Rank.WILD_DRAW_SIX,
    "万用+6": Rank.WILD_DRAW_SIX,
    "罚六": Rank.WILD_DRAW_SIX,
    "罰六": Rank.WILD_DRAW_SIX,
    "w+10": Rank.WILD_DRAW_TEN,
    "+10": Rank.WILD_DRAW_TEN,
    "wd10": Rank.WILD_DRAW_TEN,
    "wild+10": Rank.WILD_DRAW_TEN,
    "wilddrawten": Rank.WILD_DRAW_TEN,
    "wilddraw10": Rank.WILD_DRAW_TEN,
    "drawten": Rank.WILD_DRAW_TEN,
    "万能+10": Rank.WILD_DRAW_TEN,
    "萬用+10": Rank.WILD_DRAW_TEN,
    "萬能+10": Rank.WILD_DRAW_TEN,
    "万用+10": Rank.WILD_DRAW_TEN,
    "罚十": Rank.WILD_DRAW_TEN,
    "罰十": Rank.WILD_DRAW_TEN,
    "wcr": Rank.WILD_COLOR_ROULETTE,
    "wildcolorroulette": Rank.WILD_COLOR_ROULETTE,
    "wildcolourroulette": Rank.WILD_COLOR_ROULETTE,
    "colorroulette": Rank.WILD_COLOR_ROULETTE,
    "colourroulette": Rank.WILD_COLOR_ROULETTE,
    "roulette": Rank.WILD_COLOR_ROULETTE,
    "颜色轮盘": Rank.WILD_COLOR_ROULETTE,
    "顏色輪盤": Rank.WILD_COLOR_ROULETTE,
    "万能颜色轮盘": Rank.WILD_COLOR_ROULETTE,
    "万用颜色轮盘": Rank.WILD_COLOR_ROULETTE,
    "萬用顏色輪盤": Rank.WILD_COLOR_ROULETTE,
    "轮盘": Rank.WILD_COLOR_ROULETTE,
    "輪盤": Rank.WILD_COLOR_ROULETTE,
}


def require_text(text: object, what: str, example: str) -> str:
    """``text`` if it is a ``str``; otherwise :class:`NotationError` (never AttributeError)."""
    if isinstance(text, str):
        return text
    shown = repr(text) if not isinstance(text, int) or abs(text) < 10**30 else "a large number"
    shown = shown if len(shown) <= 60 else shown[:59] + "…"
    raise NotationError(
        f"{what} must be text such as {example!r}, not {type(text).__name__} {shown}"
    )


def _compact(text: str) -> str:
    text = text.strip().lower()
    text = re.sub(r"[\s_\-]+", "", text)
    for suffix in ("牌", "卡"):
        if text.endswith(suffix) and text not in _WILD_WORDS:
            text = text[: -len(suffix)]
    return text


def parse_color(text: str) -> Color:
    """Parse a colour: ``red``/``R``/``红``/``紅`` (pink and 粉 are red, as in 002).

    >>> parse_color("Blue"), parse_color("綠")
    (<Color.BLUE: 3>, <Color.GREEN: 2>)
    """
    key = _compact(require_text(text, "a colour", "blue"))
    if key.endswith("色") and len(key) > 1:
        key = key[:-1]
    try:
        return _COLOR_WORDS[key]
    except KeyError:
        raise NotationError(
            f"{text!r} is not a colour (expected red, yellow, green or blue)"
        ) from None


def parse_card(text: str) -> Card:
    """Parse one card, leniently: codes (``G+2``), long names, Chinese names.

    >>> parse_card("g+2"), parse_card("Yellow Reverse"), parse_card("紅7")
    (Card.parse('G+2'), Card.parse('YR'), Card.parse('R7'))
    """
    key = _compact(require_text(text, "a card", "R5"))
    if not key:
        raise NotationError("empty card: expected a code such as R5, BS, G+2, W or W+4")
    if key in _WILD_WORDS:
        return Card.of(_WILD_WORDS[key])
    for prefix in _COLOR_PREFIXES:
        if key.startswith(prefix):
            rest = key[len(prefix) :]
            if rest.startswith("色"):
                rest = rest[1:]
            rank = _RANK_WORDS.get(rest)
            if rank is not None:
                return Card.of(rank, _COLOR_WORDS[prefix])
    raise NotationError(
        f"{text.strip()!r} is not a card (expected a colour R/Y/G/B and a rank 0-9, S, R, +2 "
        "(No Mercy: +4, SA, DA), or a wild W, W+4, WSH, WCU, WKS (No Mercy: WR+4, W+6, W+10, "
        "WCR))"
    )
