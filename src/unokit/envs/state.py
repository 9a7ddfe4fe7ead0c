"""The full state of a game as a vector (PettingZoo's ``state()``, for a centralised critic).

Everything, seen from no seat: every hand, the draw pile's cards (counted, not their order),
and the public table. Seats are absolute (slot ``s`` is seat ``s``); absent seats are zeros.
The same layout for every rule set and 2-10 players; the native environments write the same
vector (``tests/envs/test_native.py``). Scales are those of the observation
(:data:`unokit.envs.observation.SCALE`: counts, hand sizes, scores).

=============  =====  ================================================================
offset         size   content
=============  =====  ================================================================
``HANDS``      10x57  each seat's hand: copies of each card kind
``TOP``        57     the top card of the discard pile (one-hot)
``DISCARD``    57     the discard pile (counts)
``DRAW_PILE``  57     the draw pile (counts)
``DRAWN``      57     the card the seat to act has just drawn and may play (one-hot)
``GROUP``      57     after a sum jump-in, the cards the next play may follow (counts)
``COLOR``      4      the active colour (one-hot)
``PHASE``      4      play, after_draw, choose_color, penalty (one-hot)
``FLAGS``      6      direction clockwise; pending draw penalty; draw pile size; a jump-in
                      window open; round number; the decision asked is out of turn
``SEATS``      10x7   per seat: in the round; hand size; called UNO; may be caught now; the
                      seat to act; the seat deciding now; match score
=============  =====  ================================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.envs.actions import KIND_OF, N_KINDS
from unokit.phase import Phase

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = ["STATE_SIZE", "state_of", "state_space"]

MAX_SEATS = 10
HANDS = 0
TOP = HANDS + MAX_SEATS * N_KINDS
DISCARD = TOP + N_KINDS
DRAW_PILE = DISCARD + N_KINDS
DRAWN = DRAW_PILE + N_KINDS
GROUP = DRAWN + N_KINDS
COLOR = GROUP + N_KINDS
PHASE = COLOR + 4
FLAGS = PHASE + 4
SEATS = FLAGS + 6
SEAT_FIELDS = 7
STATE_SIZE = SEATS + MAX_SEATS * SEAT_FIELDS


def state_space() -> Any:
    """The Gymnasium space of :func:`state_of`'s vector."""
    from gymnasium import spaces

    return spaces.Box(-1e9, 1e9, (STATE_SIZE,), np.float32)


def state_of(game: Game, deciding: int, out_of_turn: bool) -> np.ndarray[Any, Any]:
    """The state vector of ``game`` (``deciding``: the seat whose decision is asked, -1 for
    none; ``out_of_turn``: it is an out-of-turn chance)."""
    out = np.zeros(STATE_SIZE, np.float32)
    kind = KIND_OF
    for seat, hand in enumerate(game.hands):
        for card in hand:
            out[HANDS + seat * N_KINDS + kind[card]] += 1
    if game.discard:
        out[TOP + kind[game.discard[-1]]] = 1
    for card in game.discard:
        out[DISCARD + kind[card]] += 1
    for card in game.draw_pile:
        out[DRAW_PILE + kind[card]] += 1
    live = game.phase < Phase.ROUND_OVER
    if live and game.drawn is not None:
        out[DRAWN + kind[game.drawn]] = 1
    for card in game.tops or ():
        out[GROUP + kind[card]] += 1
    if game.color >= 0:
        out[COLOR + game.color] = 1
    if game.phase <= Phase.PENALTY:
        out[PHASE + game.phase] = 1
    out[FLAGS : FLAGS + 6] = (
        game.direction == 1,
        game.pending_draw,
        len(game.draw_pile),
        game.jump is not None,
        game.round_no,
        out_of_turn,
    )
    for s in range(game.n):
        size = len(game.hands[s])
        out[SEATS + s * SEAT_FIELDS : SEATS + (s + 1) * SEAT_FIELDS] = (
            game.in_round[s],
            size,
            game.called[s],
            game.catchable(s),
            live and s == game.current,
            s == deciding,
            game.scores[s],
        )
    return out
