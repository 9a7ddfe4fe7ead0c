"""Drawing (RULES.md §3): cards taken from the draw pile, the pile refilled or the round
abandoned when it runs out, and a seat's own draw on its turn (one card, or until a playable
one comes; then play it or keep it; under ``blind_draw`` kept face down).

Functions of a :class:`~unokit.state.State`; every draw of the engine goes through
:func:`draw_cards`.
"""

from __future__ import annotations

from typing import Final

from unokit import events as ev
from unokit.cards import COLOR_OF, Card
from unokit.legality import playable, playable_drawn
from unokit.phase import Phase
from unokit.state import RoundEnded, State

__all__ = ["draw_cards", "void_round", "voluntary_draw"]

_AFTER_DRAW: Final = Phase.AFTER_DRAW
_DREW_ONE: Final = ev.DREW_ONE  # shared events (events.py), read without a call
_UNPLAYABLE: Final = ev.UNPLAYABLE


def draw_cards(
    game: State, seat: int, count: int, final: bool = False, face_up: bool = False
) -> list[Card]:
    """``seat`` draws up to ``count`` cards, refilling the pile as RULES.md §3 says; a seat
    that draws loses an UNO call made and can no longer be caught. ``final``: the draw of a
    round's last card, which never voids the round (``empty_draw_pile = void_round``). Under
    ``blind_draw`` the cards go into the hand face down (``State.face_down``), unless turned
    up for everyone to see (``face_up``: a colour roulette's)."""
    pile = game.draw_pile
    if 0 < count <= len(pile):  # the pile has them: taken from its end at once
        got = pile[-count:]
        del pile[-count:]
        got.reverse()  # in the order pop() takes them
        game.hands[seat].extend(got)
        game.called[seat] = False
        game.window[seat] = False
        if game.rules.blind_draw and not face_up:
            game.face_down[seat].extend(got)
        return got
    got = []
    try:
        for _ in range(count):
            if not pile:
                if not _refill(game, final):
                    break
                pile = game.draw_pile
            got.append(pile.pop())
    finally:  # a void round ends the draw midway: what was drawn is still held
        if got:
            game.hands[seat].extend(got)
            game.called[seat] = False
            game.window[seat] = False
            if game.rules.blind_draw and not face_up:
                game.face_down[seat].extend(got)
    return got


def _refill(game: State, final: bool = False) -> bool:
    """The draw pile is empty: the discards less the top card are shuffled into a new one
    (``reshuffle``; False when there are none), or the round is abandoned (``void_round``:
    :class:`~unokit.state.RoundEnded` ends the move)."""
    if game.rules.empty_draw_pile == "void_round" and not final:
        void_round(game)
        raise RoundEnded
    if len(game.discard) <= 1:
        game.emit(ev.PilesEmpty(None))
        return False
    top = game.discard.pop()
    pile = game.discard
    game.rng.shuffle(pile)
    game.draw_pile = pile
    game.discard = [top]
    game.tops = None
    game.emit(ev.Reshuffled(None, len(pile), rule=game.cite("empty_draw_pile")))
    return True


def void_round(game: State) -> None:
    """empty_draw_pile = void_round (001 黄牌): the round is abandoned with no score."""
    game.emit(ev.RoundVoid(None, rule=game.cite("empty_draw_pile")))
    game.winner = None
    game.round_points = [0] * game.n
    game.pending_draw = 0
    game.stack.clear()
    game.jump = None
    game.phase = Phase.ROUND_OVER


def voluntary_draw(game: State, seat: int) -> None:
    """``seat`` draws on its turn: one card, or (``draw_until_playable``) until a playable
    one comes; a playable card may then be played or kept (``after_draw``), else the turn
    passes."""
    rules = game.rules
    pile = game.draw_pile
    if pile and not rules.draw_until_playable and not rules.blind_draw:
        # one card from a pile that has it: draw_cards(game, seat, 1), written out
        one = pile.pop()
        game.hands[seat].append(one)
        game.called[seat] = False
        game.window[seat] = False
        events = game.move_events
        events.append(_DREW_ONE[seat][one] or ev.drew_one(seat, one))  # (shared, seats 0-9)
        if playable_drawn(game, one, seat):
            game.drawn = one
            game.phase = _AFTER_DRAW
            must = rules.after_draw == "must_play"
            events.append(ev.drawn_can_play(seat, one, must, game.rule_text["after_draw"]))
        else:
            n = game.n
            step = (seat + game.direction) % n
            game.current = step if game.in_round[step] else game.next_seat(seat)
            if COLOR_OF[one] < 0 and playable(game, one, seat):
                # a +4 that would be a bluff, which Force Play does not force: kept
                events.append(ev.DrawnUnplayable(seat, game.current, True))
            else:
                events.append(_UNPLAYABLE[seat][game.current] or ev.unplayable(seat, game.current))
        return
    drawn: list[Card] = []
    card: Card | None = None
    can_play = False
    until = rules.draw_until_playable
    while True:
        got = draw_cards(game, seat, 1)
        if not got:
            break
        card = got[0]
        drawn.append(card)
        can_play = playable_drawn(game, card, seat)
        if can_play or not until:
            break
    if not drawn:  # both piles are empty (RULES.md §3): the turn passes
        game.current = game.next_seat(seat)
        game.emit(ev.DrewNothing(seat, game.current))
        return
    if rules.blind_draw:  # face down: never played on the turn it is drawn (RULES-NOTES.md)
        game.current = game.next_seat(seat)
        game.emit(ev.Drew(seat, tuple(drawn), blind=True, rule=game.cite("blind_draw")))
        game.emit(ev.KeptFaceDown(seat, game.current))
        return
    game.emit(ev.Drew(seat, tuple(drawn), rule=game.cite("draw_until_playable") if until else None))
    if can_play and card is not None:
        game.drawn = card
        game.phase = Phase.AFTER_DRAW
        kind = ev.DrawnMustPlay if rules.after_draw == "must_play" else ev.DrawnPlayable
        game.emit(kind(seat, card, rule=game.cite("after_draw")))
    else:
        game.current = game.next_seat(seat)
        bluff = card is not None and playable(game, card, seat)
        game.emit(ev.DrawnUnplayable(seat, game.current, bluff))
