"""Which card may follow which (RULES.md §3, §7.6): card matching, written once.

:func:`follows` is the one definition of matching: what the legal moves, the +4 honesty check,
the after-draw rule, the UNO checks and the evidence shown after a challenge all come down to.
On it are built the lookup tables of the common turn (:data:`TURN_PLAYS`, valid under
:func:`quick_rules`) and the interned single-card plays the legal-move lists reuse.

>>> red5, blue5, green2 = Card.parse("R5"), Card.parse("B5"), Card.parse("G2")
>>> follows(blue5, Color.RED, red5, None), follows(green2, Color.RED, red5, None)
(True, False)
>>> follows(green2, Color.RED, red5, (red5, Card.parse("G3")))  # a sum jump-in's group
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from unokit.cards import CARD_ID_LIMIT, CARD_IDS, COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.moves import Play
from unokit.rules import Rules

__all__ = ["DRAWN_PLAYS", "TURN_PLAYS", "follows", "play_of", "quick_rules"]

_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR


def follows(card: Card, color: int, top: Card | None, group: Sequence[Card] | None) -> bool:
    """Whether ``card`` may follow: a wild; a card of the active ``color``; else a card of the
    number or symbol of ``top`` (a coloured top card: a wild on top is followed by its colour
    only); after a sum jump-in, of any card of its ``group``, by number or by colour (001 (五):
    the next player may follow any one of those cards)."""
    c = COLOR_OF[card]
    if c < 0 or c == color:
        return True
    rank = RANK_OF[card]
    if group is None:
        return top is not None and COLOR_OF[top] >= 0 and RANK_OF[top] == rank
    return any(COLOR_OF[t] >= 0 and (RANK_OF[t] == rank or COLOR_OF[t] == c) for t in group)


# Interned single-card plays: legal-move lists reuse these objects instead of allocating.
_PLAYS: dict[tuple[Card, int, bool], Play] = {}


def play_of(card: Card, color: int, uno: bool) -> Play:
    """``Play(card, color, uno)`` (``color`` -1: none named), one shared object per value."""
    key = (card, color, uno)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card, None if color < 0 else Color(color), uno)
    return move


def _single_plays(card: Card, uno: bool) -> tuple[Play, ...]:
    """The plays of one playable card under :func:`quick_rules`, as ``legality.variants``
    lists them: a colour card plain, then with the UNO call; a W or W+4 once per colour, each
    plain then with the call (the interned plays of :func:`play_of`)."""
    flags = (False, True) if uno else (False,)
    if COLOR_OF[card] >= 0:
        return tuple(play_of(card, -1, u) for u in flags)
    if RANK_OF[card] in (_WILD, _WD4):
        return tuple(play_of(card, c, u) for c in range(4) for u in flags)
    return ()  # a special wild: never in a deck of quick_rules


_CARD_IDS = range(CARD_ID_LIMIT)


def _card_table(plays: Callable[[Card], tuple[Play, ...]]) -> list[tuple[Play, ...]]:
    return [plays(Card(c)) if c in CARD_IDS else () for c in _CARD_IDS]


#: ``[uno][card]``: the plays of a playable ``card``, the UNO call offered when ``uno``
DRAWN_PLAYS: Final = [
    _card_table(lambda c: _single_plays(c, False)),
    _card_table(lambda c: _single_plays(c, True)),
]
#: ``[uno][color + 1][top][card]``: the legal single plays of ``card`` (a tuple, empty for none)
#: on the plain top card ``top`` (no sum jump-in group) under ``color``, the UNO call offered
#: when ``uno``: the common turn, looked up; valid under :func:`quick_rules` (every wild
#: playable)
TURN_PLAYS: Final[list[list[list[list[tuple[Play, ...]]]]]] = [
    [
        [
            [
                DRAWN_PLAYS[uno][card]
                if card in CARD_IDS and follows(Card(card), color, Card(top), None)
                else ()
                for card in _CARD_IDS
            ]
            if top in CARD_IDS
            else []
            for top in _CARD_IDS
        ]
        for color in range(-1, 4)
    ]
    for uno in (False, True)
]


def quick_rules(rules: Rules) -> bool:
    """Whether a turn's single plays are those of the tables (``Game.quick``): no seven-zero
    swaps, no number finish, no wild_multi choices, every W+4 playable (challenge on, or +4 at
    any time), no special wilds in the deck; and none of the house rules that change what a
    turn lists (VARIANTS.md §2: a strict UNO call, a hand limit, cards held face down)."""
    return not (
        rules.seven_zero
        or rules.number_finish
        or rules.wild_multi
        or not (rules.challenge or rules.wd4_rule == "anytime")
        or rules.deck not in ("classic108", "pairs")
        or rules.uno_call_window != "early"
        or rules.hand_limit
        or rules.blind_draw
    )
