"""The observation: what one seat may know, as a fixed vector of 1,193 ``float32``.

Built from the seat's part of the state only: its own hand, the public table (top card, active
colour, direction, pending penalty, the discard pile, every seat's hand size, UNO call and
whether it may be caught) and hands shown to this seat (a +4 challenge, a wild_multi peek).
Never another hand, the draw pile's order, or the generator. Seats are relative: slot 0 is the
observing seat, slot k the seat k places clockwise (in seat order), so an agent can play any
seat. The layout is the same for every rule set and 2-10 players (absent seats are zeros).

=============  =====  ================================================================
offset         size   content
=============  =====  ================================================================
``HAND``       57     own hand: copies of each card kind (see :mod:`unokit.envs.actions`)
``TOP``        57     the top card of the discard pile (one-hot; zeros before the first)
``GROUP``      57     after a sum jump-in, the cards the next play may follow (counts)
``DISCARD``    57     the discard pile: copies of each kind played since the last reshuffle
``DRAWN``      57     the card this seat has just drawn and may play (one-hot)
``REVEALED``   9x57   the hand of the seat k=1..9 places on, as last shown to this seat in
                      this round (a +4 challenge, a wild_multi peek), or as laid open to
                      everyone now (``reveal_hands_at``); zeros if never
``COLOR``      4      the active colour (one-hot red, yellow, green, blue)
``PHASE``      4      play, after_draw, choose_color, penalty (one-hot)
``FLAGS``      8      my turn; out-of-turn chance; direction clockwise; pending draw
                      penalty (cards); draw pile size; jump-in window open; a move is being
                      chosen in several actions; round number
``SEATS``      10x7   per relative seat: in the round; hand size; called UNO; may be caught
                      now; its decision now (the seat to act); teammate (teams); match score
``CHOSEN``     309    the actions chosen so far in a move of several actions (counts)
=============  =====  ================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.envs.actions import KIND_OF, N_ACTIONS, N_KINDS
from unokit.house import open_hands
from unokit.phase import Phase

if TYPE_CHECKING:
    from unokit.game import Game, View

__all__ = [
    "CHOSEN",
    "COLOR",
    "DISCARD",
    "DRAWN",
    "FLAGS",
    "GROUP",
    "HAND",
    "OBS_SIZE",
    "PHASE",
    "REVEALED",
    "SCALE",
    "SEATS",
    "SEAT_FIELDS",
    "TOP",
    "DiscardCounter",
    "Revealed",
    "encode",
    "encode_view",
    "kind_counts",
]

HAND = 0
TOP = HAND + N_KINDS
GROUP = TOP + N_KINDS
DISCARD = GROUP + N_KINDS
DRAWN = DISCARD + N_KINDS
REVEALED = DRAWN + N_KINDS
COLOR = REVEALED + 9 * N_KINDS
PHASE = COLOR + 4
FLAGS = PHASE + 4
SEATS = FLAGS + 8
SEAT_FIELDS = 7
CHOSEN = SEATS + 10 * SEAT_FIELDS
assert SEATS == FLAGS + 8
OBS_SIZE = CHOSEN + N_ACTIONS

#: A scale for each entry, to divide the observation by before a network reads it: card
#: counts and flags are small already (1); the pending penalty (cards) / 10, the draw pile's
#: size / 100, the round number / 10, each seat's hand size / 10 and match score / 500. The
#: shipped ``learned`` bot and the examples use it; the environments give the raw counts.
SCALE = np.ones(OBS_SIZE, np.float32)
SCALE[FLAGS + 3] = 10.0
SCALE[FLAGS + 4] = 100.0
SCALE[FLAGS + 7] = 10.0
SCALE[SEATS + 1 : CHOSEN : SEAT_FIELDS] = 10.0
SCALE[SEATS + 6 : CHOSEN : SEAT_FIELDS] = 500.0

#: card kind of each card value, as an index array (cards index it by their integer value)
_KIND = np.array([k if k >= 0 else 0 for k in KIND_OF], dtype=np.intp)
#: the card value of each kind, to turn counts by card value into counts by kind
_VALUE_OF_KIND = np.array(
    sorted(range(90), key=lambda v: KIND_OF[v] if KIND_OF[v] >= 0 else 1000)[:N_KINDS],
    dtype=np.intp,
)

Float = np.ndarray[Any, np.dtype[np.float32]]


def kind_counts(cards: list[Any] | tuple[Any, ...]) -> Float:
    """Copies of each card kind (57) among ``cards``."""
    counts = np.bincount(np.asarray(cards, dtype=np.intp), minlength=90)
    out: Float = counts[_VALUE_OF_KIND].astype(np.float32)
    return out


class DiscardCounter:
    """The discard pile's counts by kind, kept up to date as the pile grows.

    The engine only appends to the discard pile, or replaces the list (a reshuffle, a deal,
    a copy): same list and longer, the new cards are added; else it counts afresh."""

    __slots__ = ("_counts", "_length", "_pile")

    def __init__(self) -> None:
        self._pile: list[Any] | None = None
        self._length = 0
        self._counts: Float = np.zeros(N_KINDS, np.float32)

    def counts(self, pile: list[Any]) -> Float:
        if pile is self._pile and len(pile) >= self._length:
            counts = self._counts
            for card in pile[self._length :]:
                counts[KIND_OF[card]] += 1
        else:
            self._counts = counts = kind_counts(pile) if pile else np.zeros(N_KINDS, np.float32)
            self._pile = pile
        self._length = len(pile)
        return counts

    def __getstate__(self) -> dict[str, Any]:
        return {"counts": self._counts}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._pile = None  # counted afresh: the pile's identity is not kept by pickling
        self._length = 0
        self._counts = state["counts"]


def encode(
    game: Game,
    seat: int,
    *,
    out_of_turn: bool,
    chosen: list[int],
    revealed: dict[int, tuple[Any, ...]],
    discard: DiscardCounter,
) -> Float:
    """The observation of ``seat`` now (see the module's table), read off the game (the
    environments' fast path). ``revealed``: the hands shown to this seat in this round, by
    seat; ``chosen``: the actions chosen so far. :func:`encode_view` writes the same vector
    from the seat's :class:`~unokit.game.View` (what a bot gets)."""
    phase = game.phase
    live = phase < Phase.ROUND_OVER
    current = game.current
    pile = game.discard
    window, called, hands, in_round = game.window, game.called, game.hands, game.in_round
    n = game.n
    if game.rules.reveal_hands_at:  # hands laid open to everyone (VARIANTS.md §2)
        revealed = _with_open(revealed, open_hands(game), seat)
    return _write(
        n,
        seat,
        game.hands[seat],
        pile[-1] if pile else None,
        game.tops or (),
        discard.counts(pile) if pile else None,
        game.drawn if seat == current and live else None,
        revealed,
        game.color,
        int(phase),
        seat == current and live,
        out_of_turn,
        game.direction,
        game.pending_draw,
        len(game.draw_pile),
        game.jump is not None,
        chosen,
        game.round_no,
        [len(h) for h in hands],
        called,
        in_round,
        [  # (State.catchable, written out; nobody under silent UNO: catching = false)
            live and window[s] and len(hands[s]) == 1 and not called[s] and in_round[s]
            for s in range(n)
        ]
        if game.rules.catching
        else [False] * n,
        current if live else -1,
        game.rules.teams,
        game.scores,
    )


def _with_open(
    revealed: dict[int, tuple[Any, ...]], opened: dict[int, tuple[Any, ...]], seat: int
) -> dict[int, tuple[Any, ...]]:
    """The hands shown to ``seat`` with those laid open to everyone (its own left out)."""
    if not opened:
        return revealed
    return {**revealed, **{s: cards for s, cards in opened.items() if s != seat}}


def encode_view(
    view: View,
    *,
    out_of_turn: bool,
    chosen: Sequence[int] = (),
    revealed: dict[int, tuple[Any, ...]] | None = None,
) -> Float:
    """The observation of the seat of ``view``, exactly as the environments write it
    (:func:`encode`): the view plus what the seat has kept of its own history, the hands
    shown to it in this round (``revealed``, as :class:`Revealed` keeps them; ``None``: only
    those in the view). ``out_of_turn``: the seat is offered a chance out of turn (it is
    not the seat to act); ``chosen``: the actions chosen so far in a move of several.

    >>> from unokit import Game, Rules
    >>> from unokit.envs.observation import encode_view, HAND
    >>> view = Game(Rules(players=2), seed=1).view(0)
    >>> int(encode_view(view, out_of_turn=False)[HAND : HAND + 57].sum())
    7
    """
    phase = view.phase
    live = phase < Phase.ROUND_OVER
    current = view.current if live and view.current is not None else -1
    pile = view.discard
    n = len(view.hand_sizes)
    mine = view.seat == current
    catchable = [False] * n
    for s in view.catchable:
        catchable[s] = True
    return _write(
        n,
        view.seat,
        view.hand,
        pile[-1] if pile else None,
        view.group,
        kind_counts(pile) if pile else None,
        view.drawn_card if mine else None,
        _with_open(view.revealed if revealed is None else revealed, view.open_hands, view.seat),
        -1 if view.color is None else int(view.color),
        int(phase),
        mine,
        out_of_turn,
        view.direction,
        view.pending_draw,
        view.draw_pile_size,
        view.jump is not None,
        chosen,
        view.round_no,
        view.hand_sizes,
        view.uno_called,
        view.in_round,
        catchable,
        current,
        view.rules.teams,
        view.scores,
    )


def _write(
    n: int,
    seat: int,
    hand: Sequence[Any],
    top: Any,
    group: Sequence[Any],
    discard: Float | None,
    drawn: Any,
    revealed: dict[int, tuple[Any, ...]],
    color: int,
    phase: int,
    mine: bool,
    out_of_turn: bool,
    direction: int,
    pending: int,
    draw_pile: int,
    jump_open: bool,
    chosen: Sequence[int],
    round_no: int,
    sizes: Sequence[int],
    called: Sequence[bool],
    in_round: Sequence[bool],
    catchable: Sequence[bool],
    current: int,
    teams: int,
    scores: Sequence[int],
) -> Float:
    """The one writer of the observation, from plain values (``current``: the seat to act,
    -1 when the round is over)."""
    obs: Float = np.zeros(OBS_SIZE, np.float32)
    kind = KIND_OF
    for card in hand:
        obs[kind[card]] += 1
    ones: list[int] = []  # one-hot positions, set at once
    if top is not None:
        ones.append(TOP + kind[top])
    if discard is not None:
        obs[DISCARD : DISCARD + N_KINDS] = discard
    for card in group:
        obs[GROUP + kind[card]] += 1
    if drawn is not None:
        ones.append(DRAWN + kind[drawn])
    for other, cards in revealed.items():
        base = REVEALED + ((other - seat) % n - 1) * N_KINDS
        for card in cards:
            obs[base + kind[card]] += 1
    if color >= 0:
        ones.append(COLOR + color)
    if phase <= Phase.PENALTY:
        ones.append(PHASE + phase)
    obs[ones] = 1
    # FLAGS, then SEATS right after it: one assignment
    row: list[float] = [
        mine,
        out_of_turn,
        direction == 1,
        pending,
        draw_pile,
        jump_open,
        bool(chosen),
        round_no,
    ]
    for rel in range(n):
        s = (seat + rel) % n
        row += (
            in_round[s],
            sizes[s],
            called[s],
            catchable[s],
            s == current,
            bool(teams) and s % teams == seat % teams,
            scores[s],
        )
    obs[FLAGS : SEATS + n * SEAT_FIELDS] = row
    for action in chosen:
        obs[CHOSEN + action] += 1
    return obs


class Revealed:
    """The hands shown to one seat in the current round (a +4 challenge shows the challenger
    the hand it was played from; a ``wild_multi`` peek), as the environments keep them for
    the ``REVEALED`` block: the latest hand shown of each seat, forgotten when a new round
    (or game) starts. A bot keeps one and feeds it every view it gets (:meth:`see`).
    """

    __slots__ = ("_round", "hands")

    def __init__(self) -> None:
        self.hands: dict[int, tuple[Any, ...]] = {}
        self._round = -1

    def clear(self) -> None:
        """A new game: nothing shown yet."""
        self.hands = {}
        self._round = -1

    def see(self, view: View) -> dict[int, tuple[Any, ...]]:
        """Take in what ``view`` shows (a new round forgets the hands of the last); the hands
        shown so far in this round."""
        if view.round_no != self._round:
            self.hands = {}
            self._round = view.round_no
        if view.revealed:
            self.hands.update(view.revealed)
        return self.hands
