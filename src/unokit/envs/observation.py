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
                      this round (a +4 challenge, a wild_multi peek); zeros if never
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

from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.envs.actions import KIND_OF, N_ACTIONS, N_KINDS
from unokit.phase import Phase

if TYPE_CHECKING:
    from unokit.game import Game

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
    "SEATS",
    "SEAT_FIELDS",
    "TOP",
    "DiscardCounter",
    "encode",
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
    """The observation of ``seat`` now (see the module's table). ``revealed``: the hands
    shown to this seat in this round, by seat; ``chosen``: the actions chosen so far."""
    obs: Float = np.zeros(OBS_SIZE, np.float32)
    n = game.n
    kind = KIND_OF
    for card in game.hands[seat]:
        obs[kind[card]] += 1
    ones: list[int] = []  # one-hot positions, set at once
    pile = game.discard
    if pile:
        ones.append(TOP + kind[pile[-1]])
        obs[DISCARD : DISCARD + N_KINDS] = discard.counts(pile)
    tops = game.tops
    if tops:
        for card in tops:
            obs[GROUP + kind[card]] += 1
    phase = game.phase
    current = game.current
    mine = seat == current and phase < Phase.ROUND_OVER
    if mine and game.drawn is not None:
        ones.append(DRAWN + kind[game.drawn])
    for other, cards in revealed.items():
        base = REVEALED + ((other - seat) % n - 1) * N_KINDS
        for card in cards:
            obs[base + kind[card]] += 1
    if game.color >= 0:
        ones.append(COLOR + game.color)
    if phase <= Phase.PENALTY:
        ones.append(PHASE + phase)
    obs[ones] = 1
    teams = game.rules.teams
    hands, called, in_round, window = game.hands, game.called, game.in_round, game.window
    scores = game.scores
    live = phase < Phase.ROUND_OVER
    # FLAGS, then SEATS right after it: one assignment
    row: list[float] = [
        mine,
        out_of_turn,
        game.direction == 1,
        game.pending_draw,
        len(game.draw_pile),
        game.jump is not None,
        bool(chosen),
        game.round_no,
    ]
    for rel in range(n):
        s = (seat + rel) % n
        size = len(hands[s])
        row += (
            in_round[s],
            size,
            called[s],
            live and window[s] and size == 1 and not called[s] and in_round[s],
            live and s == current,
            bool(teams) and s % teams == seat % teams,
            scores[s],
        )
    obs[FLAGS : SEATS + n * SEAT_FIELDS] = row
    for action in chosen:
        obs[CHOSEN + action] += 1
    return obs
