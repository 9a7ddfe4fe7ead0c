"""The observation: what one seat may know, as a fixed vector of ``float32`` (1,193 for the
classic decks, 1,385 for no_mercy168: the deck's layout decides, :mod:`unokit.envs.layout`).

Built from the seat's part of the state only: its own hand, the public table (top card, active
colour, direction, pending penalty, the discard pile, every seat's hand size, UNO call and
whether it may be caught) and hands shown to this seat (a +4 challenge, a wild_multi peek).
Never another hand, the draw pile's order, or the generator. Seats are relative: slot 0 is the
observing seat, slot k the seat k places clockwise (in seat order), so an agent can play any
seat. The layout is the same for every rule set of a deck and 2-10 players (absent seats are
zeros). ``K``: the card kinds of the deck's layout (57 classic, 68 no_mercy168).

=============  =====  ================================================================
offset         size   content
=============  =====  ================================================================
``HAND``       K      own hand: copies of each card kind (see :mod:`unokit.envs.actions`)
``TOP``        K      the top card of the discard pile (one-hot; zeros before the first)
``GROUP``      K      after a sum jump-in, the cards the next play may follow (counts)
``DISCARD``    K      the discard pile: copies of each kind played since the last reshuffle
                      (and the hands the mercy rule put under it)
``DRAWN``      K      the card this seat has just drawn and may play (one-hot)
``REVEALED``   9xK    the hand of the seat k=1..9 places on, as last shown to this seat in
                      this round (a +4 challenge, a wild_multi peek), or as laid open to
                      everyone now (``reveal_hands_at``); zeros if never
``COLOR``      4      the active colour (one-hot red, yellow, green, blue)
``PHASE``      4 (5)  play, after_draw, choose_color, penalty (one-hot); a deck with a colour
                      roulette has a fifth entry, set with choose_color when the colour
                      named is a roulette's (the victim names it, then turns cards for it)
``FLAGS``      8      my turn; out-of-turn chance; direction clockwise; pending draw
                      penalty (cards); draw pile size; jump-in window open; a move is being
                      chosen in several actions; round number
``SEATS``      10x7   per relative seat: in the round (0 once out: gone out, eliminated,
                      knocked out by the mercy rule); hand size; called UNO; may be caught
                      now; its decision now (the seat to act); teammate (teams); match score
``CHOSEN``     A      the actions chosen so far in a move of several actions (counts; A:
                      the layout's actions, 309 classic)
=============  =====  ================================================================

The module's constants (``OBS_SIZE``, ``HAND``...) are the classic layout's; another deck's
offsets are its layout's ``observation`` (``layout_of("no_mercy168").observation.hand``...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.cards import CARD_ID_LIMIT
from unokit.envs.layout import BASE_PHASES, CLASSIC, SEAT_FIELDS, Layout, layout_of
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

#: the classic decks' layout (:mod:`unokit.envs.layout`); another deck's is ``layout_of(deck)``
_O = CLASSIC.observation
HAND = _O.hand
TOP = _O.top
GROUP = _O.group
DISCARD = _O.discard
DRAWN = _O.drawn
REVEALED = _O.revealed
COLOR = _O.color
PHASE = _O.phase
FLAGS = _O.flags
SEATS = _O.seats
CHOSEN = _O.chosen
OBS_SIZE = _O.size

#: A scale for each entry, to divide the observation by before a network reads it: card
#: counts and flags are small already (1); the pending penalty (cards) / 10, the draw pile's
#: size / 100, the round number / 10, each seat's hand size / 10 and match score / 500. The
#: shipped ``learned`` bot and the examples use it; the environments give the raw counts.
#: (The classic layout's; another deck's is its layout's ``scale``.)
SCALE = CLASSIC.scale

Float = np.ndarray[Any, np.dtype[np.float32]]


def kind_counts(cards: list[Any] | tuple[Any, ...], layout: Layout = CLASSIC) -> Float:
    """Copies of each card kind of ``layout`` (57 in the classic one) among ``cards``."""
    counts = np.bincount(np.asarray(cards, dtype=np.intp), minlength=CARD_ID_LIMIT)
    out: Float = counts[layout.values].astype(np.float32)
    return out


class DiscardCounter:
    """The discard pile's counts by kind, kept up to date as the pile grows.

    The engine appends to the discard pile, or replaces the list (a reshuffle, a deal, a
    copy): same list and longer, the new cards are added; else it counts afresh. The mercy
    rule alone puts cards under the pile (a seat knocked out: VARIANTS.md §1): ``under``, the
    number of seats knocked out so far, changes then, and the pile is counted afresh."""

    __slots__ = ("_counts", "_layout", "_length", "_pile", "_under")

    def __init__(self, layout: Layout = CLASSIC) -> None:
        self._layout = layout
        self._pile: list[Any] | None = None
        self._length = 0
        self._under = 0
        self._counts: Float = np.zeros(layout.n_kinds, np.float32)

    def counts(self, pile: list[Any], under: int = 0) -> Float:
        if pile is self._pile and len(pile) >= self._length and under == self._under:
            counts = self._counts
            kind = self._layout.kind_of
            for card in pile[self._length :]:
                counts[kind[card]] += 1
        else:
            layout = self._layout
            self._counts = counts = (
                kind_counts(pile, layout) if pile else np.zeros(layout.n_kinds, np.float32)
            )
            self._pile = pile
        self._under = under
        self._length = len(pile)
        return counts

    def __getstate__(self) -> dict[str, Any]:
        return {"counts": self._counts, "layout": self._layout}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._pile = None  # counted afresh: the pile's identity is not kept by pickling
        self._length = 0
        self._under = 0
        self._counts = state["counts"]
        self._layout = state.get("layout", CLASSIC)


def encode(
    game: Game,
    seat: int,
    *,
    out_of_turn: bool,
    chosen: list[int],
    revealed: dict[int, tuple[Any, ...]],
    discard: DiscardCounter,
    layout: Layout | None = None,
) -> Float:
    """The observation of ``seat`` now (see the module's table), read off the game (the
    environments' fast path). ``revealed``: the hands shown to this seat in this round, by
    seat; ``chosen``: the actions chosen so far. :func:`encode_view` writes the same vector
    from the seat's :class:`~unokit.game.View` (what a bot gets). ``layout``: the rules'
    deck's (:func:`unokit.envs.layout.layout_of`), given by the environments."""
    phase = game.phase
    live = phase < Phase.ROUND_OVER
    current = game.current
    pile = game.discard
    window, called, hands, in_round = game.window, game.called, game.hands, game.in_round
    n = game.n
    if game.rules.reveal_hands_at:  # hands laid open to everyone (VARIANTS.md §2)
        revealed = _with_open(revealed, open_hands(game), seat)
    return _write(
        layout_of(game.rules) if layout is None else layout,
        n,
        seat,
        game.hands[seat],
        pile[-1] if pile else None,
        game.tops or (),
        discard.counts(pile, len(game.knocked_out)) if pile else None,
        game.drawn if seat == current and live else None,
        revealed,
        game.color,
        int(phase),
        game.roulette,
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
    layout: Layout | None = None,
) -> Float:
    """The observation of the seat of ``view``, exactly as the environments write it
    (:func:`encode`): the view plus what the seat has kept of its own history, the hands
    shown to it in this round (``revealed``, as :class:`Revealed` keeps them; ``None``: only
    those in the view). ``out_of_turn``: the seat is offered a chance out of turn (it is
    not the seat to act); ``chosen``: the actions chosen so far in a move of several;
    ``layout``: the layout of the view's deck (:func:`unokit.envs.layout.layout_of`).

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
    if layout is None:
        layout = layout_of(view.rules)
    return _write(
        layout,
        n,
        view.seat,
        view.hand,
        pile[-1] if pile else None,
        view.group,
        kind_counts(pile, layout) if pile else None,
        view.drawn_card if mine else None,
        _with_open(view.revealed if revealed is None else revealed, view.open_hands, view.seat),
        -1 if view.color is None else int(view.color),
        int(phase),
        view.roulette,
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
    layout: Layout,
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
    roulette: bool,
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
    -1 when the round is over; ``roulette``: a colour roulette waits for its colour)."""
    o = layout.observation
    n_kinds = layout.n_kinds
    obs: Float = np.zeros(o.size, np.float32)
    kind = layout.kind_of
    for card in hand:
        obs[kind[card]] += 1
    ones: list[int] = []  # one-hot positions, set at once
    if top is not None:
        ones.append(o.top + kind[top])
    if discard is not None:
        obs[o.discard : o.discard + n_kinds] = discard
    for card in group:
        obs[o.group + kind[card]] += 1
    if drawn is not None:
        ones.append(o.drawn + kind[drawn])
    for other, cards in revealed.items():
        base = o.revealed + ((other - seat) % n - 1) * n_kinds
        for card in cards:
            obs[base + kind[card]] += 1
    if color >= 0:
        ones.append(o.color + color)
    if phase <= Phase.PENALTY:
        ones.append(o.phase + phase)
    if roulette and layout.roulette:  # naming a roulette's colour: choose_color and roulette
        ones.append(o.phase + BASE_PHASES)
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
    obs[o.flags : o.seats + n * SEAT_FIELDS] = row
    chosen_at = o.chosen
    for action in chosen:
        obs[chosen_at + action] += 1
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
