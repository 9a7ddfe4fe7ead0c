"""The person's hand as the terminal game shows it: in an order the player chooses, each card
with the key that plays it.

The order is by colour (the default: red, yellow, green, blue, then the wilds; numbers before
actions), by number (0-9, the actions, then the wilds; colours in order within each) or as dealt
(the engine's order: drawn cards last). A sorted hand keeps each card's place from turn to turn:
a card drawn goes where its colour and number put it, never at the end of a row.

>>> from unokit.cards import Card
>>> hand = [Card.parse(c) for c in "W B2 R7 G+2 R1".split()]
>>> [c.code for c in in_order(hand, "color")]
['R1', 'R7', 'G+2', 'B2', 'W']
>>> [c.code for c in in_order(hand, "number")]
['R1', 'B2', 'R7', 'G+2', 'W']
>>> key_list(["1", "2", "3", "5", "0", "a", "b"])
'1-3, 5, 0, a, b'
"""

from __future__ import annotations

from unokit.cards import COLOR_OF, RANK_OF, Card

__all__ = ["CARD_KEYS", "ORDERS", "card_key", "in_order", "key_list", "next_order"]

#: the keys of the hand's cards, in order (past the last: the arrows and Enter). The letters
#: the table uses for its own keys are left out: c d h k n p q r s t u z
CARD_KEYS = "1234567890abefgijlmovwxy"
#: the hand's orders, the default first
ORDERS = ("color", "number", "dealt")


def card_key(index: int) -> str:
    """The key of the card shown at ``index`` ("" past the last key: arrows only)."""
    return CARD_KEYS[index] if 0 <= index < len(CARD_KEYS) else ""


def _by_color(card: Card) -> tuple[int, int, int]:
    color = COLOR_OF[card]
    return (color if color >= 0 else 4, int(RANK_OF[card]), int(card))


def _by_number(card: Card) -> tuple[int, int, int]:
    color = COLOR_OF[card]
    return (int(RANK_OF[card]), color if color >= 0 else 4, int(card))


def in_order(hand: list[Card], order: str) -> list[Card]:
    """The cards of ``hand`` as shown under ``order`` (``color``, ``number``, ``dealt``)."""
    if order == "color":
        return sorted(hand, key=_by_color)
    if order == "number":
        return sorted(hand, key=_by_number)
    return list(hand)


def next_order(order: str) -> str:
    """The order after ``order`` (the sort key cycles through them)."""
    return ORDERS[(ORDERS.index(order) + 1) % len(ORDERS)] if order in ORDERS else ORDERS[0]


def key_list(keys: list[str]) -> str:
    """Keys as a player reads them: runs of three digits or more as ranges (``1-3``); the
    letters one by one (``a, b, e``: the table's own letters lie between them)."""
    runs: list[list[str]] = []
    for key in keys:
        digit = key in "123456789" and len(key) == 1
        if digit and runs and runs[-1][-1] in "12345678" and int(key) == int(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    parts = []
    for run in runs:
        if len(run) > 2:
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(run)
    return ", ".join(parts)
