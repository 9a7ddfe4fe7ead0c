"""The learning spaces of a deck: its card kinds, and the action, observation and state
layouts the same formulas make of them.

The deck of the rule set decides the layout; everything else (players, options) does not. The
card kinds of a deck are its colour cards, colour by colour (red, yellow, green, blue), rank by
rank, then its wilds by rank. With ``C`` colour kinds, ``W`` wild kinds, ``K = C + W``:

===============  ==========================================  =========  ===========
space            size                                        classic    no_mercy168
===============  ==========================================  =========  ===========
card kinds       ``K = C + W``                               57         68
play slots       ``P = C + 5W`` (a wild names one of 4       77         84
                 colours, or none)
actions          ``2P + C + 4 + 3x9 + K + 5 + 9 + 1``        309        346
                 ``= 4C + 11W + 46``
phases           4 (play, after_draw, choose_color,          4          5
                 penalty), +1 if the deck has a colour
                 roulette (its victim names the colour)
observation      ``14K + 4 + phases + 8 + 10x7 + actions``   1,193      1,385
state            ``15K + 4 + phases + 6 + 10x7``             939        1,105
===============  ==========================================  =========  ===========

The four classic decks (classic108, classic112, swimming112, pairs) share one layout, so that
one policy plays them all: its card kinds are those of the four (52 colour cards, W, W+4, WSH,
WCU, WKS), which is the layout unokit has had since its first environment (the shipped
``learned`` bot reads it). A deck of other kinds (``no_mercy168``: 16 colour ranks, four
wilds) gets its own, larger layout from the same formulas. A policy plays the rule sets whose
deck has its layout (:class:`unokit.bots.policy.PolicyBot` says so otherwise).

>>> layout_of("classic108") is layout_of("pairs")
True
>>> layout_of("classic108").actions.size, layout_of("classic108").observation.size
(309, 1193)
>>> nm = layout_of("no_mercy168")
>>> nm.n_kinds, nm.actions.size, nm.observation.size, nm.state.size
(68, 346, 1385, 1105)
>>> nm.kinds[13].code, nm.kinds[-1].code
('R+4', 'WCR')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from unokit.cards import CARD_ID_LIMIT, COLOR_OF, DECKS, RANK_OF, Card, Rank

if TYPE_CHECKING:
    from gymnasium import spaces

    from unokit.rules import Rules

__all__ = [
    "CLASSIC",
    "SHARED",
    "ActionLayout",
    "Layout",
    "ObservationLayout",
    "StateLayout",
    "card_kinds",
    "layout_decks",
    "layout_of",
]

#: decks that share one layout (a policy trained on one plays the others)
SHARED: tuple[tuple[str, ...], ...] = (("classic108", "classic112", "swimming112", "pairs"),)

#: seats of the widest table (absent seats are zeros)
MAX_SEATS = 10
#: the other seats a seat may target, peek at, trade with or catch: 1-9 places on
OTHERS = MAX_SEATS - 1
#: the colours a move may name
N_COLORS = 4
#: the phases of every deck: play, after_draw, choose_color, penalty (:class:`unokit.phase.Phase`)
BASE_PHASES = 4
#: the fields of each seat in the observation and in the state
SEAT_FIELDS = 7


def layout_decks(deck: str) -> tuple[str, ...]:
    """The decks that share ``deck``'s layout (itself alone unless :data:`SHARED` says)."""
    if deck not in DECKS:
        raise ValueError(f"deck = {deck!r}: expected one of {', '.join(DECKS)}")
    for group in SHARED:
        if deck in group:
            return group
    return (deck,)


def card_kinds(deck: str) -> tuple[Card, ...]:
    """The card kinds of ``deck``'s layout, in layout order: every card of the decks sharing
    it, colour cards by colour then rank, then wilds by rank.

    >>> [c.code for c in card_kinds("classic108")[10:14]], len(card_kinds("classic108"))
    (['RS', 'RR', 'R+2', 'Y0'], 57)
    """
    cards = {card for name in layout_decks(deck) for card in DECKS[name]}  # type: ignore[index]
    colored = sorted(
        (c for c in cards if COLOR_OF[c] >= 0), key=lambda c: (COLOR_OF[c], RANK_OF[c])
    )
    wild = sorted((c for c in cards if COLOR_OF[c] < 0), key=lambda c: RANK_OF[c])
    return (*colored, *wild)


@dataclass(frozen=True, slots=True)
class ActionLayout:
    """Where each block of actions starts (:mod:`unokit.envs.actions`), and the size."""

    n_play: int  #: play slots: colour kinds, then 5 per wild kind
    play: int
    play_uno: int
    add: int
    color: int
    target: int
    peek: int
    trade: int
    give: int
    end: int
    draw: int
    keep: int
    challenge: int
    uno: int
    catch: int
    decline: int
    size: int

    @classmethod
    def of(cls, n_color: int, n_wild: int) -> ActionLayout:
        n_play = n_color + 5 * n_wild
        play = 0
        play_uno = play + n_play
        add = play_uno + n_play
        color = add + n_color
        target = color + N_COLORS
        peek = target + OTHERS
        trade = peek + OTHERS
        give = trade + OTHERS
        end = give + n_color + n_wild
        draw = end + 1
        keep = draw + 1
        challenge = keep + 1
        uno = challenge + 1
        catch = uno + 1
        decline = catch + OTHERS
        return cls(
            n_play, play, play_uno, add, color, target, peek, trade, give, end, draw, keep,
            challenge, uno, catch, decline, decline + 1,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class ObservationLayout:
    """Where each block of the observation starts (:mod:`unokit.envs.observation`), the size,
    and the scale a network divides it by (:data:`unokit.envs.observation.SCALE`)."""

    hand: int
    top: int
    group: int
    discard: int
    drawn: int
    revealed: int
    color: int
    phase: int
    n_phases: int
    flags: int
    seats: int
    chosen: int
    size: int

    @classmethod
    def of(cls, n_kinds: int, n_phases: int, n_actions: int) -> ObservationLayout:
        hand = 0
        top = hand + n_kinds
        group = top + n_kinds
        discard = group + n_kinds
        drawn = discard + n_kinds
        revealed = drawn + n_kinds
        color = revealed + OTHERS * n_kinds
        phase = color + N_COLORS
        flags = phase + n_phases
        seats = flags + 8
        chosen = seats + MAX_SEATS * SEAT_FIELDS
        return cls(
            hand, top, group, discard, drawn, revealed, color, phase, n_phases, flags, seats,
            chosen, chosen + n_actions,
        )  # fmt: skip

    def scale(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """What to divide each entry by before a network reads it: card counts and flags 1; the
        pending penalty / 10, the draw pile's size / 100, the round number / 10, each seat's
        hand size / 10 and match score / 500."""
        scale = np.ones(self.size, np.float32)
        scale[self.flags + 3] = 10.0
        scale[self.flags + 4] = 100.0
        scale[self.flags + 7] = 10.0
        scale[self.seats + 1 : self.chosen : SEAT_FIELDS] = 10.0
        scale[self.seats + 6 : self.chosen : SEAT_FIELDS] = 500.0
        return scale


@dataclass(frozen=True, slots=True)
class StateLayout:
    """Where each block of the state starts (:mod:`unokit.envs.state`), and the size."""

    hands: int
    top: int
    discard: int
    draw_pile: int
    drawn: int
    group: int
    color: int
    phase: int
    flags: int
    seats: int
    size: int

    @classmethod
    def of(cls, n_kinds: int, n_phases: int) -> StateLayout:
        hands = 0
        top = hands + MAX_SEATS * n_kinds
        discard = top + n_kinds
        draw_pile = discard + n_kinds
        drawn = draw_pile + n_kinds
        group = drawn + n_kinds
        color = group + n_kinds
        phase = color + N_COLORS
        flags = phase + n_phases
        seats = flags + 6
        return cls(
            hands, top, discard, draw_pile, drawn, group, color, phase, flags, seats,
            seats + MAX_SEATS * SEAT_FIELDS,
        )  # fmt: skip


class Layout:
    """The spaces of one deck's layout: its card kinds and where each card kind, action and
    observation entry lies (see the module's table). Made once per layout: :func:`layout_of`.
    """

    __slots__ = (
        "actions",
        "decks",
        "kind_of",
        "kinds",
        "n_color_kinds",
        "n_kinds",
        "n_wild_kinds",
        "observation",
        "roulette",
        "scale",
        "state",
        "tokens",
        "values",
    )

    def __init__(self, decks: tuple[str, ...], kinds: tuple[Card, ...]) -> None:
        self.decks = decks
        self.kinds = kinds
        colors = [k for k in kinds if COLOR_OF[k] >= 0]
        if list(kinds[: len(colors)]) != colors:
            raise ValueError("card kinds: the colour cards come first, then the wilds")
        self.n_kinds = len(kinds)
        self.n_color_kinds = len(colors)
        self.n_wild_kinds = self.n_kinds - self.n_color_kinds
        #: card (its id) -> card kind, -1 for a card outside the layout
        self.kind_of: list[int] = [-1] * CARD_ID_LIMIT
        for i, card in enumerate(kinds):
            self.kind_of[card] = i
        #: card kind -> card id, to turn counts by card id into counts by kind
        self.values = np.array([int(c) for c in kinds], dtype=np.intp)
        #: the deck has a colour roulette: naming its colour is a phase of its own
        self.roulette = any(RANK_OF[k] == Rank.WILD_COLOR_ROULETTE for k in kinds)
        phases = BASE_PHASES + self.roulette
        self.actions = ActionLayout.of(self.n_color_kinds, self.n_wild_kinds)
        self.observation = ObservationLayout.of(self.n_kinds, phases, self.actions.size)
        self.state = StateLayout.of(self.n_kinds, phases)
        self.scale = self.observation.scale()
        self.scale.flags.writeable = False
        #: actions of moves that name no seat (:mod:`unokit.envs.actions`' cache), by move id
        self.tokens: dict[int, Any] = {}

    @property
    def name(self) -> str:
        """The decks of this layout, as a table would name it (``classic108/classic112/...``)."""
        return "/".join(self.decks)

    def kind(self, card: Card) -> int:
        """The card kind of ``card`` (``ValueError`` for a card of another layout)."""
        kind = self.kind_of[card]
        if kind < 0:
            raise ValueError(f"card {card.code} is not a card of the decks {self.name}")
        return kind

    def observation_space(self) -> spaces.Dict:
        """The Gymnasium space of an agent's observation: ``uno_v0``'s Dict of the
        observation vector and the action mask."""
        from gymnasium import spaces

        return spaces.Dict(
            {
                "observation": spaces.Box(-1e9, 1e9, (self.observation.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )

    def action_space(self) -> spaces.Discrete:
        """The Gymnasium space of an action: ``Discrete(actions)``."""
        from gymnasium import spaces

        return spaces.Discrete(self.actions.size)

    def state_space(self) -> spaces.Box:
        """The Gymnasium space of the state vector (:mod:`unokit.envs.state`)."""
        from gymnasium import spaces

        return spaces.Box(-1e9, 1e9, (self.state.size,), np.float32)

    def __repr__(self) -> str:
        return (
            f"<Layout {self.name}: {self.n_kinds} card kinds, {self.actions.size} actions, "
            f"observation {self.observation.size}, state {self.state.size}>"
        )

    def __reduce__(self) -> Any:
        return (layout_of, (self.decks[0],))


@cache
def _layout(decks: tuple[str, ...]) -> Layout:
    return Layout(decks, card_kinds(decks[0]))


def layout_of(deck: str | Rules) -> Layout:
    """The layout of a deck (or of a rule set's deck); one object per layout."""
    name = deck if isinstance(deck, str) else deck.deck
    return _layout(layout_decks(name))


#: the layout of the classic decks (the module constants of actions, observation, state)
CLASSIC = layout_of("classic108")
