"""The fixed action space: every move of every rule set as one or more of 309 actions.

A move is a short sequence of actions ("tokens"); most moves are one action. The seat picks one
action at a time among those the mask allows; as soon as the actions chosen so far name exactly
one legal move, that move is made. Only where several legal moves begin alike (a card played
alone or with others, a seven swapping with one of several seats, a wild_multi trade) does the
seat choose again, with the same mask rule: the next action must continue some legal move.

==========  ==========  ==================================================================
actions     count       meaning
==========  ==========  ==================================================================
0-76        77          ``PLAY``: play this card first (see :func:`play_slot`), no UNO call
77-153      77          ``PLAY_UNO``: the same, calling UNO with the play
154-205     52          ``ADD``: also put down this colour card (several cards: multi_play,
                        sum jump-in); cards are added in the order the engine lists them
206-209     4           ``COLOR``: name red, yellow, green, blue (a wild start card; several
                        cards of different colours)
210-218     9           ``TARGET``: the seat 1-9 places clockwise (seven_zero's swap, a
                        targeted custom wild)
219-227     9           ``PEEK``: wild_multi: look at the hand of the seat 1-9 places on
228-236     9           ``TRADE``: wild_multi: trade with the seat 1-9 places on
237-293     57          ``GIVE``: wild_multi trade: give this card (any kind)
294         1           ``END``: the move chosen so far is complete
295         1           ``DRAW``: draw a card, or take the pending penalty
296         1           ``KEEP``: keep the card just drawn (``pass``)
297         1           ``CHALLENGE``: challenge the +4
298         1           ``UNO``: call UNO
299-307     9           ``CATCH``: catch the seat 1-9 places clockwise
308         1           ``DECLINE``: let an out-of-turn chance pass
==========  ==========  ==================================================================

Card kinds (57): a colour card is ``colour * 13 + rank`` (0-51: red 0-9, skip, reverse, +2,
then yellow, green, blue); a wild is ``52 + rank - 13`` (W, W+4, WSH, WCU, WKS). A play slot
(77) is the card kind for a colour card, and ``52 + (rank - 13) * 5 + c`` for a wild, ``c``
the colour it names (0-3) or 4 for none (a wild_multi peek or trade). Seats are relative:
"1 place clockwise" is the next seat in seat order, whatever the direction of play.

Timeouts (``turn_time_limit``) are the clock's, never chosen; wrong plays penalised under
``misplay`` are never offered (the mask allows legal moves only).

>>> from unokit.cards import Card, Color
>>> from unokit.moves import Play
>>> move_tokens(Play(Card.parse("W"), Color.BLUE), seat=0, n=2)
(55, 294)
>>> move_tokens(Play(Card.parse("R7"), None, False, (), swap=3), seat=1, n=4)
(7, 211, 294)
"""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import ALL_CARDS, COLOR_OF, RANK_OF, Card
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

N_KINDS = 57
N_PLAY = 77
PLAY = 0
PLAY_UNO = PLAY + N_PLAY
ADD = PLAY_UNO + N_PLAY
COLOR = ADD + 52
TARGET = COLOR + 4
PEEK = TARGET + 9
TRADE = PEEK + 9
GIVE = TRADE + 9
END = GIVE + N_KINDS
DRAW = END + 1
KEEP = DRAW + 1
CHALLENGE = KEEP + 1
UNO = CHALLENGE + 1
CATCH = UNO + 1
DECLINE = CATCH + 9
N_ACTIONS = DECLINE + 1

#: card (its integer value) -> card kind 0-56
KIND_OF: list[int] = [-1] * 90
_KIND_CARD: list[Card] = [ALL_CARDS[0]] * N_KINDS
for _card in ALL_CARDS:
    if _card >= 90:  # No Mercy's cards (VARIANTS.md §1): not in the envs' decks
        continue
    _rank = int(RANK_OF[_card])
    _color = COLOR_OF[_card]
    _kind = _color * 13 + _rank if _color >= 0 else 52 + _rank - 13
    KIND_OF[_card] = _kind
    _KIND_CARD[_kind] = _card


def kind_card(kind: int) -> Card:
    """The card of a card kind (0-56)."""
    return _KIND_CARD[kind]


def play_slot(card: Card, color: int | None) -> int:
    """The play slot (0-76) of ``card`` played first, naming ``color`` if it is a wild."""
    kind = KIND_OF[card]
    if kind < 52:
        return kind
    return 52 + (kind - 52) * 5 + (4 if color is None else int(color))


_SINGLE: dict[type, int] = {Draw: DRAW, Pass: KEEP, Challenge: CHALLENGE, CallUno: UNO}


def move_tokens(move: Move, seat: int, n: int) -> tuple[int, ...] | None:
    """The actions that make ``move`` for ``seat`` at a table of ``n`` seats (``None``: a move
    no seat chooses, such as a timeout or the referee's)."""
    cls = type(move)
    token = _SINGLE.get(cls)
    if token is not None:
        return (token,)
    if cls is Play:
        assert isinstance(move, Play)
        card = move.card
        wild = COLOR_OF[card] < 0
        head = (PLAY_UNO if move.uno else PLAY) + play_slot(card, move.color if wild else None)
        out = [head]
        out += [ADD + KIND_OF[c] for c in move.more]
        if move.color is not None and not wild:
            out.append(COLOR + int(move.color))
        if move.swap is not None:
            out.append(TARGET + (move.swap - seat) % n - 1)
        if move.peek is not None:
            out.append(PEEK + (move.peek - seat) % n - 1)
        if move.trade is not None:
            out.append(TRADE + (move.trade - seat) % n - 1)
            out += [GIVE + KIND_OF[c] for c in move.give]
        out.append(END)
        return tuple(out)
    if cls is Catch:
        assert isinstance(move, Catch)
        return (CATCH + (move.target - seat) % n - 1,)
    if cls is ChooseColor:
        assert isinstance(move, ChooseColor)
        return (COLOR + int(move.color),)
    return None


def action_name(action: int) -> str:
    """A short name of an action: ``play R5``, ``play W blue uno``, ``catch +2``..."""
    colors = ("red", "yellow", "green", "blue")
    if action < ADD:
        slot = action % N_PLAY
        uno = " uno" if action >= PLAY_UNO else ""
        if slot < 52:
            return f"play {kind_card(slot).code}{uno}"
        rank, c = divmod(slot - 52, 5)
        named = f" {colors[c]}" if c < 4 else ""
        return f"play {kind_card(52 + rank).code}{named}{uno}"
    if action < COLOR:
        return f"add {kind_card(action - ADD).code}"
    if action < TARGET:
        return colors[action - COLOR]
    for base, word in ((TARGET, "target"), (PEEK, "peek"), (TRADE, "trade"), (CATCH, "catch")):
        if base <= action < base + 9:
            return f"{word} +{action - base + 1}"
    if GIVE <= action < END:
        return f"give {kind_card(action - GIVE).code}"
    names = {END: "end", DRAW: "draw", KEEP: "keep", CHALLENGE: "challenge", UNO: "uno"}
    if action in names:
        return names[action]
    if action == DECLINE:
        return "decline"
    raise ValueError(f"no action {action} (0 to {N_ACTIONS - 1})")


class Chooser:
    """The legal moves of one decision as action sequences, and the actions chosen so far.

    ``allowed()`` is the set of actions that continue some legal move; ``choose(action)``
    returns the move once the chosen actions name exactly one, else ``None`` (choose again).
    ``decline`` adds the action that lets an out-of-turn chance pass."""

    __slots__ = ("_by_first", "_candidates", "decline", "prefix")

    def __init__(self, moves: Sequence[Move], seat: int, n: int, decline: bool = False) -> None:
        by_first: dict[int, list[tuple[tuple[int, ...], Move]]] = {}
        for move in moves:
            tokens = _tokens(move, seat, n)
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

    def allowed(self) -> list[int]:
        """The actions the mask allows now."""
        candidates = self._candidates
        if candidates is None:
            out = list(self._by_first)
            if self.decline:
                out.append(DECLINE)
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
                raise ValueError(f"action {action} ({_name(action)}) is not allowed now")
            if len(group) == 1:
                return group[0][1]
            self.prefix = [action]
            self._candidates = group
            return None
        depth = len(self.prefix)
        left = [entry for entry in candidates if entry[0][depth] == action]
        if not left:
            raise ValueError(f"action {action} ({_name(action)}) is not allowed now")
        if len(left) == 1:
            return left[0][1]
        self.prefix.append(action)
        self._candidates = left
        return None


def _name(action: int) -> str:
    try:
        return action_name(action)
    except ValueError:
        return "no such action"


# tokens of the moves that name no seat, shared by every seat (interned moves: cached by id,
# the cached move kept alive so that its id is never reused)
_CACHE: dict[int, tuple[Move, tuple[int, ...] | None]] = {}


def _tokens(move: Move, seat: int, n: int) -> tuple[int, ...] | None:
    hit = _CACHE.get(id(move))
    if hit is not None and hit[0] is move:
        return hit[1]
    tokens = move_tokens(move, seat, n)
    if type(move) is Play:
        assert isinstance(move, Play)
        cacheable = move.swap is None and move.peek is None and move.trade is None
    else:
        cacheable = type(move) is not Catch
    if cacheable and len(_CACHE) < 100_000:
        _CACHE[id(move)] = (move, tokens)
    return tokens
