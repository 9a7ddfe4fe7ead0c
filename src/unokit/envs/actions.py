"""The action space: every move of every rule set as one or more actions (309 for the classic
decks; the deck's layout decides: :mod:`unokit.envs.layout`).

A move is a short sequence of actions ("tokens"); most moves are one action. The seat picks one
action at a time among those the mask allows; as soon as the actions chosen so far name exactly
one legal move, that move is made. Only where several legal moves begin alike (a card played
alone or with others, a seven swapping with one of several seats, a wild_multi trade) does the
seat choose again, with the same mask rule: the next action must continue some legal move.

The blocks, with ``C`` colour card kinds and ``W`` wild kinds (``K = C + W``) of the deck's
layout; the numbers of the classic decks (C = 52, W = 5) and of no_mercy168 (C = 64, W = 4):

===========  ==========  =========  ==========================================================
block        count       classic    no_mercy168, meaning
===========  ==========  =========  ==========================================================
``PLAY``     C + 5W      0-76       0-83: play this card first (see :func:`play_slot`), no
                                    UNO call
``PLAY_UNO`` C + 5W      77-153     84-167: the same, calling UNO with the play
``ADD``      C           154-205    168-231: also put down this colour card (several cards:
                                    multi_play, sum jump-in), in the order the engine lists
``COLOR``    4           206-209    232-235: name red, yellow, green, blue (a wild start card;
                                    several cards of different colours; the colour roulette's
                                    victim)
``TARGET``   9           210-218    236-244: the seat 1-9 places clockwise (seven_zero's swap,
                                    a targeted custom wild)
``PEEK``     9           219-227    245-253: wild_multi: look at the hand of the seat 1-9 on
``TRADE``    9           228-236    254-262: wild_multi: trade with the seat 1-9 places on
``GIVE``     K           237-293    263-330: wild_multi trade: give this card (any kind)
``END``      1           294        331: the move chosen so far is complete
``DRAW``     1           295        332: draw a card, or take the pending penalty
``KEEP``     1           296        333: keep the card just drawn (``pass``)
``CHALLENGE`` 1          297        334: challenge the +4
``UNO``      1           298        335: call UNO
``CATCH``    9           299-307    336-344: catch the seat 1-9 places clockwise
``DECLINE``  1           308        345: let an out-of-turn chance pass
===========  ==========  =========  ==========================================================

Card kinds: the colour cards colour by colour, rank by rank, then the wilds by rank. In the
classic layout a colour card is ``colour * 13 + rank`` (0-51: red 0-9, skip, reverse, +2, then
yellow, green, blue) and a wild ``52 + rank - 13`` (W, W+4, WSH, WCU, WKS); in no_mercy168's a
colour card is ``colour * 16 + i`` (0-9, S, R, +2, +4, SA, DA) and a wild ``64 + i`` (WR+4,
W+6, W+10, WCR). A play slot is the card kind for a colour card, and ``C + i * 5 + c`` for the
``i``-th wild, ``c`` the colour it names (0-3) or 4 for none (a wild_multi peek or trade, a
colour roulette, whose victim names the colour). Seats are relative: "1 place clockwise" is
the next seat in seat order, whatever the direction of play.

The module's constants (``N_ACTIONS``, ``PLAY``, ``DECLINE``...) are the classic layout's; the
functions take a ``layout`` (the classic one by default).

Timeouts (``turn_time_limit``) are the clock's, never chosen; wrong plays penalised under
``misplay`` are never offered (the mask allows legal moves only).

>>> from unokit.cards import Card, Color
>>> from unokit.moves import Play
>>> move_tokens(Play(Card.parse("W"), Color.BLUE), seat=0, n=2)
(55, 294)
>>> move_tokens(Play(Card.parse("R7"), None, False, (), swap=3), seat=1, n=4)
(7, 211, 294)
>>> from unokit.envs.layout import layout_of
>>> nm = layout_of("no_mercy168")
>>> move_tokens(Play(Card.parse("WCR")), seat=0, n=2, layout=nm), action_name(83, nm)
((83, 331), 'play WCR')
"""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import COLOR_OF, Card
from unokit.envs.layout import CLASSIC, Layout
from unokit.moves import (
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
)

__all__ = [
    "ADD",
    "CATCH",
    "CHALLENGE",
    "COLOR",
    "DECLINE",
    "DRAW",
    "END",
    "GIVE",
    "KEEP",
    "KIND_OF",
    "N_ACTIONS",
    "N_KINDS",
    "PEEK",
    "PLAY",
    "PLAY_UNO",
    "TARGET",
    "TRADE",
    "UNO",
    "Chooser",
    "action_name",
    "kind_card",
    "move_tokens",
    "play_slot",
]

#: the classic decks' layout (:mod:`unokit.envs.layout`); another deck's is ``layout_of(deck)``
_A = CLASSIC.actions
N_KINDS = CLASSIC.n_kinds
N_PLAY = _A.n_play
PLAY = _A.play
PLAY_UNO = _A.play_uno
ADD = _A.add
COLOR = _A.color
TARGET = _A.target
PEEK = _A.peek
TRADE = _A.trade
GIVE = _A.give
END = _A.end
DRAW = _A.draw
KEEP = _A.keep
CHALLENGE = _A.challenge
UNO = _A.uno
CATCH = _A.catch
DECLINE = _A.decline
N_ACTIONS = _A.size

#: card (its integer value) -> card kind 0-56 of the classic layout (-1: a card of no classic
#: deck)
KIND_OF: list[int] = CLASSIC.kind_of


def kind_card(kind: int, layout: Layout = CLASSIC) -> Card:
    """The card of a card kind (0-56 in the classic layout)."""
    return layout.kinds[kind]


def play_slot(card: Card, color: int | None, layout: Layout = CLASSIC) -> int:
    """The play slot (0-76 in the classic layout) of ``card`` played first, naming ``color``
    if it is a wild."""
    kind = layout.kind(card)
    n_color = layout.n_color_kinds
    if kind < n_color:
        return kind
    return n_color + (kind - n_color) * 5 + (4 if color is None else int(color))


_SINGLE: dict[type, str] = {Draw: "draw", Pass: "keep", Challenge: "challenge", CallUno: "uno"}


def move_tokens(move: Move, seat: int, n: int, layout: Layout = CLASSIC) -> tuple[int, ...] | None:
    """The actions that make ``move`` for ``seat`` at a table of ``n`` seats (``None``: a move
    no seat chooses, such as a timeout or the referee's), in ``layout`` (the deck's:
    :func:`unokit.envs.layout.layout_of`)."""
    a = layout.actions
    cls = type(move)
    single = _SINGLE.get(cls)
    if single is not None:
        return (getattr(a, single),)
    if cls is Play:
        assert isinstance(move, Play)
        card = move.card
        wild = COLOR_OF[card] < 0
        head = (a.play_uno if move.uno else a.play) + play_slot(
            card, move.color if wild else None, layout
        )
        out = [head]
        out += [a.add + layout.kind(c) for c in move.more]
        if move.color is not None and not wild:
            out.append(a.color + int(move.color))
        if move.swap is not None:
            out.append(a.target + (move.swap - seat) % n - 1)
        if move.peek is not None:
            out.append(a.peek + (move.peek - seat) % n - 1)
        if move.trade is not None:
            out.append(a.trade + (move.trade - seat) % n - 1)
            out += [a.give + layout.kind(c) for c in move.give]
        out.append(a.end)
        return tuple(out)
    if cls is Catch:
        assert isinstance(move, Catch)
        return (a.catch + (move.target - seat) % n - 1,)
    if cls is ChooseColor:
        assert isinstance(move, ChooseColor)
        return (a.color + int(move.color),)
    return None


def action_name(action: int, layout: Layout = CLASSIC) -> str:
    """A short name of an action: ``play R5``, ``play W blue uno``, ``catch +2``..."""
    a = layout.actions
    colors = ("red", "yellow", "green", "blue")
    n_color = layout.n_color_kinds
    if 0 <= action < a.add:
        slot = action % a.n_play
        uno = " uno" if action >= a.play_uno else ""
        if slot < n_color:
            return f"play {kind_card(slot, layout).code}{uno}"
        rank, c = divmod(slot - n_color, 5)
        named = f" {colors[c]}" if c < 4 else ""
        return f"play {kind_card(n_color + rank, layout).code}{named}{uno}"
    if a.add <= action < a.color:
        return f"add {kind_card(action - a.add, layout).code}"
    if a.color <= action < a.target:
        return colors[action - a.color]
    seats = ((a.target, "target"), (a.peek, "peek"), (a.trade, "trade"), (a.catch, "catch"))
    for base, word in seats:
        if base <= action < base + 9:
            return f"{word} +{action - base + 1}"
    if a.give <= action < a.end:
        return f"give {kind_card(action - a.give, layout).code}"
    names = {a.end: "end", a.draw: "draw", a.keep: "keep", a.challenge: "challenge", a.uno: "uno"}
    if action in names:
        return names[action]
    if action == a.decline:
        return "decline"
    raise ValueError(f"no action {action} (0 to {a.size - 1})")


class Chooser:
    """The legal moves of one decision as action sequences, and the actions chosen so far.

    ``allowed()`` is the set of actions that continue some legal move; ``choose(action)``
    returns the move once the chosen actions name exactly one, else ``None`` (choose again).
    ``decline`` adds the action that lets an out-of-turn chance pass. ``layout``: the deck's
    (:func:`unokit.envs.layout.layout_of`; the classic decks' by default)."""

    __slots__ = ("_by_first", "_candidates", "_layout", "decline", "prefix")

    def __init__(
        self,
        moves: Sequence[Move],
        seat: int,
        n: int,
        decline: bool = False,
        layout: Layout = CLASSIC,
    ) -> None:
        by_first: dict[int, list[tuple[tuple[int, ...], Move]]] = {}
        for move in moves:
            tokens = _tokens(move, seat, n, layout)
            if tokens is not None:
                entry = (tokens, move)
                group = by_first.get(tokens[0])
                if group is None:
                    by_first[tokens[0]] = [entry]
                else:
                    group.append(entry)
        self._by_first = by_first
        self._candidates: list[tuple[tuple[int, ...], Move]] | None = None
        self.prefix: list[int] = []
        self.decline = decline
        self._layout = layout

    def allowed(self) -> list[int]:
        """The actions the mask allows now."""
        candidates = self._candidates
        if candidates is None:
            out = list(self._by_first)
            if self.decline:
                out.append(self._layout.actions.decline)
            return out
        depth = len(self.prefix)
        return list(dict.fromkeys(tokens[depth] for tokens, _ in candidates))

    def choose(self, action: int) -> Move | None:
        """Take ``action``; the move it completes, or ``None`` while several remain.

        Raises ``ValueError`` for an action the mask does not allow (and for ``DECLINE``,
        which the caller handles)."""
        candidates = self._candidates
        if candidates is None:
            group = self._by_first.get(action)
            if group is None:
                name = _name(action, self._layout)
                raise ValueError(f"action {action} ({name}) is not allowed now")
            if len(group) == 1:
                return group[0][1]
            self.prefix = [action]
            self._candidates = group
            return None
        depth = len(self.prefix)
        left = [entry for entry in candidates if entry[0][depth] == action]
        if not left:
            raise ValueError(f"action {action} ({_name(action, self._layout)}) is not allowed now")
        if len(left) == 1:
            return left[0][1]
        self.prefix.append(action)
        self._candidates = left
        return None


def _name(action: int, layout: Layout) -> str:
    try:
        return action_name(action, layout)
    except ValueError:
        return "no such action"


# tokens of the moves that name no seat, shared by every seat (interned moves: cached by id in
# the layout's ``tokens``, the cached move kept alive so that its id is never reused)


def _tokens(move: Move, seat: int, n: int, layout: Layout) -> tuple[int, ...] | None:
    cache = layout.tokens
    hit = cache.get(id(move))
    if hit is not None and hit[0] is move:
        out: tuple[int, ...] | None = hit[1]
        return out
    tokens = move_tokens(move, seat, n, layout)
    if type(move) is Play:
        assert isinstance(move, Play)
        cacheable = move.swap is None and move.peek is None and move.trade is None
    else:
        cacheable = type(move) is not Catch
    if cacheable and len(cache) < 100_000:
        cache[id(move)] = (move, tokens)
    return tokens
