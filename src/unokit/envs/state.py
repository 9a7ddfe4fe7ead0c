"""The full state of a game as a vector (PettingZoo's ``state()``, for a centralised critic).

Everything, seen from no seat: every hand, the draw pile's cards (counted, not their order),
and the public table. Seats are absolute (slot ``s`` is seat ``s``); absent seats are zeros.
The same layout for every rule set of a deck and 2-10 players (the deck's layout decides,
:mod:`unokit.envs.layout`: 939 entries for the classic decks, 1,105 for no_mercy168; ``K``
its card kinds, 57 or 68); the native environments write the same vector
(``tests/envs/test_native.py``). Scales are those of the observation
(:data:`unokit.envs.observation.SCALE`: counts, hand sizes, scores).

=============  =====  ================================================================
offset         size   content
=============  =====  ================================================================
``HANDS``      10xK   each seat's hand: copies of each card kind
``TOP``        K      the top card of the discard pile (one-hot)
``DISCARD``    K      the discard pile (counts)
``DRAW_PILE``  K      the draw pile (counts)
``DRAWN``      K      the card the seat to act has just drawn and may play (one-hot)
``GROUP``      K      after a sum jump-in, the cards the next play may follow (counts)
``COLOR``      4      the active colour (one-hot)
``PHASE``      4 (5)  play, after_draw, choose_color, penalty (one-hot); a deck with a colour
                      roulette: a fifth, set with choose_color for a roulette's colour
``FLAGS``      6      direction clockwise; pending draw penalty; draw pile size; a jump-in
                      window open; round number; the decision asked is out of turn
``SEATS``      10x7   per seat: in the round; hand size; called UNO; may be caught now; the
                      seat to act; the seat deciding now; match score
=============  =====  ================================================================

The module's constants are the classic layout's; another deck's are its layout's ``state``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.envs.layout import BASE_PHASES, CLASSIC, SEAT_FIELDS, Layout, layout_of
from unokit.phase import Phase

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = ["SEAT_FIELDS", "STATE_SIZE", "state_of", "state_space"]

#: the classic decks' layout
_S = CLASSIC.state
HANDS = _S.hands
TOP = _S.top
DISCARD = _S.discard
DRAW_PILE = _S.draw_pile
DRAWN = _S.drawn
GROUP = _S.group
COLOR = _S.color
PHASE = _S.phase
FLAGS = _S.flags
SEATS = _S.seats
STATE_SIZE = _S.size


def state_space(layout: Layout = CLASSIC) -> Any:
    """The Gymnasium space of :func:`state_of`'s vector."""
    return layout.state_space()


def state_of(
    game: Game, deciding: int, out_of_turn: bool, layout: Layout | None = None
) -> np.ndarray[Any, Any]:
    """The state vector of ``game`` (``deciding``: the seat whose decision is asked, -1 for
    none; ``out_of_turn``: it is an out-of-turn chance; ``layout``: the rules' deck's)."""
    if layout is None:
        layout = layout_of(game.rules)
    st = layout.state
    n_kinds = layout.n_kinds
    out = np.zeros(st.size, np.float32)
    kind = layout.kind_of
    for seat, hand in enumerate(game.hands):
        for card in hand:
            out[st.hands + seat * n_kinds + kind[card]] += 1
    if game.discard:
        out[st.top + kind[game.discard[-1]]] = 1
    for card in game.discard:
        out[st.discard + kind[card]] += 1
    for card in game.draw_pile:
        out[st.draw_pile + kind[card]] += 1
    live = game.phase < Phase.ROUND_OVER
    if live and game.drawn is not None:
        out[st.drawn + kind[game.drawn]] = 1
    for card in game.tops or ():
        out[st.group + kind[card]] += 1
    if game.color >= 0:
        out[st.color + game.color] = 1
    if game.phase <= Phase.PENALTY:
        out[st.phase + game.phase] = 1
    if game.roulette and layout.roulette:
        out[st.phase + BASE_PHASES] = 1
    out[st.flags : st.flags + 6] = (
        game.direction == 1,
        game.pending_draw,
        len(game.draw_pile),
        game.jump is not None,
        game.round_no,
        out_of_turn,
    )
    for s in range(game.n):
        size = len(game.hands[s])
        out[st.seats + s * SEAT_FIELDS : st.seats + (s + 1) * SEAT_FIELDS] = (
            game.in_round[s],
            size,
            game.called[s],
            game.catchable(s),
            live and s == game.current,
            s == deciding,
            game.scores[s],
        )
    return out
