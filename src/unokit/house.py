"""The online tables' house rules that act after every move (VARIANTS.md §2): a hand of
``reveal_hands_at`` cards or fewer laid open to everyone, and under ``hand_limit`` a seat that
may neither play nor draw passed over (the round ends with no winner when nobody can move).

Functions of a :class:`~unokit.state.State`, called by ``Game.apply`` after a move when the
rules have one of these options (``State.settling``). The other house rules of §2 live in the
module of the rule they change (``bomb``: ``play``; ``wild_start``: ``rounds``;
``score_multiplier``: ``rounds.end_round``; ``uno_call_window`` and ``catching``:
``legality``, ``state``, ``verify``).

>>> from unokit import Game, Rules
>>> from unokit.cards import Card
>>> C = Card.parse
>>> game = Game.from_table(
...     Rules(players=2, reveal_hands_at=2),
...     [[C("R5"), C("G3"), C("Y7")], [C("R1"), C("B2"), C("B3")]],
...     [C("G9"), C("G8")],
...     [C("R9")],
... )
>>> [e.text for e in game.apply(0, game.legal_moves(0)[0])][-1]
'seat 0 holds 2 cards: the hand is laid open to everyone: G3 Y7 (reveal_hands_at=2)'
>>> {seat: [c.code for c in hand] for seat, hand in game.view(1).open_hands.items()}
{0: ['G3', 'Y7']}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from unokit import events as ev
from unokit.cards import Card
from unokit.legality import at_hand_limit, legal_moves
from unokit.moves import Play
from unokit.phase import Phase
from unokit.state import State

__all__ = ["face_up_hand", "open_hands", "settle"]


def open_hands(game: State) -> dict[int, tuple[Card, ...]]:
    """The hands laid open to everyone (``reveal_hands_at``): those in the round of that many
    cards or fewer (none when the option is off)."""
    limit = game.rules.reveal_hands_at
    if not limit:
        return {}
    return {
        s: tuple(hand)
        for s, hand in enumerate(game.hands)
        if game.in_round[s] and 0 < len(hand) <= limit
    }


def face_up_hand(game: State, seat: int) -> list[Card]:
    """The cards of ``seat``'s hand it can see: all but those face down (``blind_draw``)."""
    hidden = Counter(game.face_down[seat])
    shown: list[Card] = []
    for card in reversed(game.hands[seat]):  # the last of identical cards: drawn last
        if hidden[card] > 0:
            hidden[card] -= 1
        else:
            shown.append(card)
    shown.reverse()
    return shown


def settle(game: State, sizes: Sequence[int], turn: int = -1) -> None:
    """After a move (``sizes``: each hand's size before it; ``turn``: the seat to play before
    it): the hands that have come to ``reveal_hands_at`` cards or fewer, or changed while
    open, are laid open; then, under ``hand_limit``, the seat to play is passed over while it
    may neither play nor draw; under ``blind_draw``, the draws of the move are told face down
    and the seat whose turn begins turns up its face-down cards."""
    rules = game.rules
    if rules.blind_draw:
        _told_face_down(game.move_events)
        _still_held(game)
    if game.phase >= Phase.ROUND_OVER:
        return
    if rules.reveal_hands_at:
        limit = rules.reveal_hands_at
        for s, hand in enumerate(game.hands):
            size = len(hand)
            if game.in_round[s] and 0 < size <= limit and size != sizes[s]:
                game.emit(ev.HandOpened(s, tuple(hand), rule=game.cite("reveal_hands_at")))
    if rules.hand_limit and game.phase == Phase.PLAY:
        _pass_the_stuck(game)
    if (
        rules.blind_draw
        and game.phase < Phase.ROUND_OVER
        and game.face_down[game.current]
        and _turn_begins(game, turn)
    ):
        seat = game.current
        cards = tuple(game.face_down[seat])
        game.face_down[seat] = []
        game.emit(ev.TurnedUp(seat, cards, rule=game.cite("blind_draw")))


#: the events of cards drawn into a hand (under ``blind_draw``: face down)
_DRAWS = frozenset({"draw", "penalty_draw", "swim", "start_draw_two"})


def _told_face_down(events: list[ev.Event]) -> None:
    """Mark the draws among ``events`` as made face down: told to nobody but the referee."""
    for i, event in enumerate(events):
        if event.kind in _DRAWS and not getattr(event, "blind", True):
            events[i] = replace(event, blind=True)  # type: ignore[call-arg]


def _still_held(game: State) -> None:
    """A card face down that has left its holder's hand (a hand swapped, rotated, shuffled or
    traded, cards discarded, a seat knocked out) is face down no more: a hand passed on is
    picked up and seen by its new holder (RULES-NOTES.md)."""
    for seat, cards in enumerate(game.face_down):
        if not cards:
            continue
        held = Counter(game.hands[seat])
        kept = []
        for card in cards:
            if held[card] > 0:
                held[card] -= 1
                kept.append(card)
        if len(kept) != len(cards):
            game.face_down[seat] = kept


def _turn_begins(game: State, turn: int) -> bool:
    """Whether the move just made began a turn of the seat to play (``turn``: the seat to play
    before it): the turn came to it from another seat, or an event of the move passed the turn
    to it from another seat (a skip with two players, the others stuck at the hand limit)."""
    seat = game.current
    if seat != turn:
        return True
    return any(
        getattr(e, "next", None) == seat and e.seat is not None and e.seat != seat
        for e in game.move_events
    )


def _stuck(game: State, seat: int) -> bool:
    """Whether ``seat``, to play, holds ``hand_limit`` cards or more and has no card to play
    (so may not draw either: VARIANTS.md §2)."""
    return at_hand_limit(game, seat) and not any(type(m) is Play for m in legal_moves(game, seat))


def _pass_the_stuck(game: State) -> None:
    """Pass the turn over each seat that cannot move; when every seat in the round is stuck
    the round ends with no winner and no score (as a void round: RULES-NOTES.md)."""
    passed: list[int] = []
    while _stuck(game, game.current):
        seat = game.current
        if seat in passed:  # the turn came round: nobody can move
            game.emit(ev.RoundBlocked(None, rule=game.cite("hand_limit")))
            game.winner = None
            game.round_points = [0] * game.n
            game.pending_draw = 0
            game.stack.clear()
            game.jump = None
            game.drawn = None
            game.phase = Phase.ROUND_OVER
            return
        passed.append(seat)
        game.jump = None  # the turn passes, as a kept card passes it
        game.current = game.next_seat(seat)
        game.emit(ev.Stuck(seat, len(game.hands[seat]), game.current, rule=game.cite("hand_limit")))
