"""What a played card does (RULES.md §4-§7): its effect (skip, reverse, a draw card's penalty,
a wild's colour, peek or trade, seven-zero, the special wilds), several cards at once, jump-ins
(which cancel the card jumped), and going out.

Functions of a :class:`~unokit.state.State`, called by ``Game.apply`` for a legal play. A draw
card's penalty is :mod:`unokit.penalties`'.
"""

from __future__ import annotations

from typing import Final

from unokit import events as ev
from unokit.cards import COLOR_OF, DRAW_VALUE_OF, RANK_OF, Card, Color, Rank
from unokit.drawing import draw_cards
from unokit.effects import CUSTOM_EFFECTS
from unokit.legality import is_honest
from unokit.moves import Play
from unokit.penalties import add_draw_card, deflect, penalty_with
from unokit.phase import Phase
from unokit.rounds import end_round
from unokit.state import JumpWindow, State
from unokit.uno import false_uno

__all__ = ["resolve_play", "spin_roulette"]

_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR
_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_DRAW_TWO: Final = Rank.DRAW_TWO
_SKIP_EVERYONE: Final = Rank.SKIP_EVERYONE
_DISCARD_ALL: Final = Rank.DISCARD_ALL
_WR4: Final = Rank.WILD_REVERSE_DRAW_FOUR
_ROULETTE: Final = Rank.WILD_COLOR_ROULETTE
_Played: Final = ev.Played
_played_one: Final = ev.played_one
_PLAYED_ONE: Final = ev.PLAYED_ONE
_PLAY: Final = Phase.PLAY
_PENALTY: Final = Phase.PENALTY


class _Effects:
    """The :class:`~unokit.effects.EffectContext` a custom effect acts through."""

    def __init__(self, game: State, player: int, target: int | None) -> None:
        self.game = game
        self._player = player
        self._target = target
        self.next: int = game.next_seat(player)

    @property
    def player(self) -> int:
        return self._player

    @property
    def target(self) -> int | None:
        return self._target

    def seats(self) -> list[int]:
        out = [self._player] if self.game.in_round[self._player] else []
        seat = self.game.next_seat(self._player)
        while seat not in out:
            out.append(seat)
            seat = self.game.next_seat(seat)
        return out

    def next_seat(self, seat: int) -> int:
        return self.game.next_seat(seat)

    def draw(self, seat: int, count: int) -> None:
        got = draw_cards(self.game, seat, count)
        self.game.emit(ev.Drew(seat, tuple(got)))

    def set_next(self, seat: int) -> None:
        self.next = seat

    def swap_hands(self, a: int, b: int) -> None:
        _swap(self.game, a, b)


def _bomb(game: State, seat: int, cards: tuple[Card, ...], last: bool) -> None:
    """``bomb`` (VARIANTS.md §2): three or more cards of one number played at once make every
    other player in the round draw one, in turn order from the bomber, before the turn passes
    or the round is scored (a bomb that goes out still goes off: RULES-NOTES.md)."""
    victims: list[int] = []
    other = game.next_seat(seat)
    while other != seat and other not in victims:
        victims.append(other)
        other = game.next_seat(other)
    game.emit(ev.Bomb(seat, cards, tuple(victims), rule=game.cite("bomb")))
    for victim in victims:
        got = draw_cards(game, victim, 1, final=last)
        if got:  # (else both piles are empty: PilesEmpty said so)
            game.emit(ev.Drew(victim, tuple(got)))


def resolve_play(game: State, seat: int, play: Play) -> None:
    """Carry out a legal play by ``seat``."""
    rules = game.rules
    window = game.jump
    game.jump = None
    phase = game.phase
    out_of_turn = seat != game.current
    first = play.card
    more = play.more
    cards = (first, *more) if more else (first,)
    rank = RANK_OF[first]
    value = DRAW_VALUE_OF[first]  # a draw card: what it makes the next player draw
    if out_of_turn:
        assert window is not None
        _cancel_jumped(game, seat, window, len(cards) > 1)
        phase = game.phase
    hand = game.hands[seat]
    discard = game.discard
    if value:  # what the penalty's stack entry keeps
        before = game.color
        under = discard[-1] if discard else None
        tops = game.tops or ()
        honest = is_honest(game, seat) if rank == _WD4 else True
        snapshot = tuple(hand) if rank == _WD4 else ()
    if more:
        for card in cards:
            hand.remove(card)
        discard.extend(cards)
    else:
        hand.remove(first)
        discard.append(first)
    named = play.color
    if named is not None:
        game.color = int(named)
    elif COLOR_OF[first] >= 0:
        game.color = COLOR_OF[cards[-1]]
    # after a sum jump-in the next player may follow any card of the group (§7.6); after
    # several cards of one's own turn, the top card and the colour named govern (§7.5)
    game.tops = cards if out_of_turn and more else None
    game.phase = _PLAY
    game.drawn = None
    if more:
        game.move_events.append(_Played(seat, cards, named))
    else:  # ev.played_one, written out (most moves play one card): seats are 0-9
        event = _PLAYED_ONE[seat][first * 5 + (0 if named is None else 1 + named)]
        game.move_events.append(event if event is not None else _played_one(seat, first, named))
    if rank == _DISCARD_ALL:
        _discard_all(game, seat, cards)
    left = len(hand)
    if play.uno:
        if left == 1:
            game.called[seat] = True
            game.move_events.append(ev.UnoCalled(seat))
        else:
            false_uno(game, seat)
    elif left == 1 and not game.called[seat]:
        game.window[seat] = True
    if rules.bomb and len(cards) >= 3 and rank <= 9:
        _bomb(game, seat, cards, left == 0)
    # the penalty this card answers: on one's turn, or what a jump-in left standing (old)
    if left == 0:
        _go_out(game, seat, cards, phase == _PENALTY)
        return
    jumps = rules.jump_in != "off" or rules.sum_jump_in
    if rank <= 9:  # a number card: the commonest play
        if rules.seven_zero:
            if rank == Rank.SEVEN and play.swap is not None:
                _swap(game, seat, play.swap)
            elif rank == Rank.ZERO and not (out_of_turn and more):
                _rotate(game, seat)  # (a sum jump-in's 0 adds nothing: no swap, RULES-NOTES)
        step = (seat + game.direction) % game.n
        game.current = step if game.in_round[step] else game.next_seat(seat)
        if jumps:
            game.jump = JumpWindow(
                seat, cards, game.direction, game.pending_draw, len(game.stack), ()
            )
        return
    direction, pending, stack = game.direction, game.pending_draw, len(game.stack)
    skipped: tuple[int, ...] = ()
    k = len(cards)
    if phase == _PENALTY and (rank in (_SKIP, _REVERSE)):
        deflect(game, seat, first)
    elif value:  # +2, +4, and No Mercy's +4, wild reverse +4, +6, +10
        if rank == _WR4:  # it reverses, then the next player in the new direction draws
            game.direction = -game.direction
            game.emit(ev.Reversed(seat, game.direction))
        add_draw_card(game, seat, first, value * k, honest, before, snapshot, under, tops)
    elif rank == _SKIP:
        count = 1 if rules.multi_play == "identical_pair" else k
        victim = seat
        for _ in range(count):
            victim = game.next_seat(victim)
            skipped += (victim,)
        game.current = game.next_seat(victim)
        game.emit(ev.Skipped(victim if count == 1 else None, game.current, skipped))
    elif rank == _REVERSE:
        if k % 2:
            game.direction = -game.direction
            game.emit(ev.Reversed(seat, game.direction))
            if game.active_count() == 2:  # acts as a skip (000): the other seat is skipped
                game.current = seat
                skipped = (game.next_seat(seat),)
                game.emit(ev.ReverseTwo(seat))
            else:
                game.current = game.next_seat(seat)
        else:
            game.emit(ev.ReversesCancel(seat, k, rule=game.cite("multi_play")))
            game.current = game.next_seat(seat)
    elif rank == _SKIP_EVERYONE:  # every other player is skipped: the player plays again
        skipped = _others_in_turn(game, seat)
        game.current = seat
        game.emit(ev.SkippedEveryone(seat, skipped, rule=game.cite("deck")))
    elif rank == _DISCARD_ALL:  # (the cards went with it, above)
        game.current = game.next_seat(seat)
    elif rank == _ROULETTE:  # the next player names a colour, then turns cards for it
        _roulette(game, seat)
        return
    elif rank == _WILD:
        if play.peek is not None:
            _peek(game, seat, play.peek)
        elif play.trade is not None:
            _trade(game, seat, play.trade, play.give)
        game.current = game.next_seat(seat)
    elif rank == Rank.WILD_SHUFFLE_HANDS:
        _shuffle_hands(game, seat)
        game.current = game.next_seat(seat)
    elif rank == Rank.WILD_CUSTOMIZABLE:
        effect = CUSTOM_EFFECTS[rules.custom_effect]
        ctx = _Effects(game, seat, play.swap)
        if effect.name != "none":
            game.emit(ev.CustomEffect(seat, effect.description, rule=game.cite("custom_effect")))
        effect.run(ctx)
        game.current = ctx.next
    else:  # wild_swimming
        _swim(game, game.next_seat(seat))
    if jumps:
        game.jump = JumpWindow(seat, cards, direction, pending, stack, skipped)


def _cancel_jumped(game: State, seat: int, window: JumpWindow, summed: bool) -> None:
    """A jump-in cancels the jumped card's effect (003 抢牌 Q2, Q5)."""
    rules = game.rules
    stacked = bool(window.pending or game.pending_draw)
    game.direction = window.direction
    if stacked:
        if rules.jump_in_stacking == "new":
            game.pending_draw = 0
            game.stack.clear()
        else:
            game.pending_draw = window.pending
            del game.stack[window.stack :]
    game.phase = Phase.PLAY
    if summed:
        game.emit(ev.SumJumpedIn(seat, window.player, window.cards, rule=game.cite("sum_jump_in")))
    else:
        rule = "jump_in_stacking" if stacked else "jump_in"
        mode = rules.jump_in_stacking if stacked else ""
        game.emit(ev.JumpedIn(seat, window.player, window.cards, mode, rule=game.cite(rule)))
    if game.pending_draw:
        game.phase = Phase.PENALTY


# -- hands changing owner ------------------------------------------------------------------------


def _swap(game: State, seat: int, target: int) -> None:
    """Seven-zero 7 (003): swap hands with the chosen player."""
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.emit(ev.HandsSwapped(seat, target, rule=game.cite("seven_zero")))
    _hands_changed(game, (seat, target))


def _rotate(game: State, seat: int) -> None:
    """Seven-zero 0 (003 Q2): every hand passes to the next player in the current direction."""
    seats = [s for s in range(game.n) if game.in_round[s]]
    old = {s: game.hands[s] for s in seats}
    for s in seats:
        game.hands[game.next_seat(s)] = old[s]
    game.emit(ev.HandsRotated(seat, game.direction, rule=game.cite("seven_zero")))
    _hands_changed(game, seats)


def _hands_changed(game: State, seats: tuple[int, ...] | list[int]) -> None:
    """Whoever comes to hold one card by a swap must call UNO (004)."""
    for s in seats:
        game.called[s] = False
        game.window[s] = len(game.hands[s]) == 1


def _peek(game: State, seat: int, target: int) -> None:
    """wild_multi (001): look at one player's hand, shown to you alone."""
    shown = tuple(game.hands[target])
    game.revealed = (seat, {target: shown})
    game.emit(ev.Peeked(seat, target, shown, rule=game.cite("wild_multi")))


def _trade(game: State, seat: int, target: int, give: tuple[Card, ...]) -> None:
    """wild_multi (001): give three chosen cards, take three at random from the target."""
    theirs = game.hands[target]
    taken: list[Card] = []
    for _ in range(len(give)):  # as many as given: min(3, yours, theirs) (§7.8)
        taken.append(theirs.pop(game.rng.below(len(theirs))))
    mine = game.hands[seat]
    for card in give:
        mine.remove(card)
        theirs.append(card)
    mine.extend(taken)
    game.emit(ev.Traded(seat, target, give, tuple(taken), rule=game.cite("wild_multi")))
    _hands_changed(game, (seat, target))


def _shuffle_hands(game: State, seat: int) -> None:
    seats = [s for s in range(game.n) if game.in_round[s]]
    pool = [card for s in seats for card in game.hands[s]]
    game.rng.shuffle(pool)
    for s in seats:
        game.hands[s] = []
    target = game.next_seat(seat)
    while pool:
        game.hands[target].append(pool.pop())
        target = game.next_seat(target)
    game.emit(ev.HandsShuffled(seat, game.next_seat(seat)))
    _hands_changed(game, seats)


def _swim(game: State, victim: int, final: bool = False) -> None:
    drawn: list[Card] = []
    found = False
    while True:
        got = draw_cards(game, victim, 1, final)
        if not got:
            break
        drawn.append(got[0])
        if COLOR_OF[got[0]] == Color.BLUE:
            found = True
            break
    skips = game.rules.swimming_skips
    game.current = game.next_seat(victim) if skips else victim
    game.emit(
        ev.Swam(victim, tuple(drawn), found, game.current, skips, rule=game.cite("swimming_skips"))
    )


# -- going out -----------------------------------------------------------------------------------


def _go_out(game: State, seat: int, cards: tuple[Card, ...], answering: bool) -> None:
    """The player's last card(s): the round ends (or, under rank_all, goes on without them).
    Only a draw penalty still happens, at once and unanswerable (003 Q7)."""
    game.in_round[seat] = False
    game.out_order.append(seat)
    game.emit(ev.WentOut(seat, len(game.out_order)))
    first = cards[0]
    rank = RANK_OF[first]
    amount = sum(DRAW_VALUE_OF[c] for c in cards)
    if rank == _WR4:  # a last wild reverse +4 still reverses, then its +4 falls (003 Q7)
        game.direction = -game.direction
        game.emit(ev.Reversed(seat, game.direction))
    if answering and (rank in (_SKIP, _REVERSE)):
        if rank == _REVERSE:
            game.direction = -game.direction
        amount = game.pending_draw
    elif answering:
        amount = penalty_with(game, amount)
    game.pending_draw = 0
    game.stack.clear()
    remaining = game.active_count()
    ending = game.rules.round_end == "first_out" or remaining <= 1
    victim = game.next_seat(seat)
    if remaining >= 1 and amount:
        got = draw_cards(game, victim, amount, final=ending)
        game.current = game.next_seat(victim)
        # (the round over, nobody loses a turn nor plays next: -1)
        game.emit(ev.PenaltyDrawn(victim, tuple(got), "last_card", -1 if ending else game.current))
    elif remaining >= 1 and rank == Rank.WILD_SWIMMING:
        _swim(game, victim, final=ending)
    elif rank == _ROULETTE and not ending:  # the round goes on (rank_all): the roulette too
        _roulette(game, seat)
        return
    elif not ending:
        game.phase = Phase.PLAY
        if rank == _SKIP:
            game.current = game.next_seat(victim)
            game.emit(ev.Skipped(victim, game.current, (victim,)))
        elif rank == _REVERSE:
            game.direction = -game.direction
            game.emit(ev.Reversed(seat, game.direction))
            game.current = game.next_seat(seat)
        else:
            game.current = victim
    if ending:
        end_round(game)
    else:
        game.phase = Phase.PLAY


# -- UNO Show 'Em No Mercy (VARIANTS.md §1) -------------------------------------------------------


def _others_in_turn(game: State, seat: int) -> tuple[int, ...]:
    """The other seats still in the round, in turn order from ``seat``."""
    out: list[int] = []
    other = game.next_seat(seat)
    while other != seat and other not in out:
        out.append(other)
        other = game.next_seat(other)
    return tuple(out)


def _discard_all(game: State, seat: int, cards: tuple[Card, ...]) -> None:
    """Discard all: every other card of the colour of the discard all(s) just played leaves
    the hand with it, put under it (the discard all stays on top, its colour active)."""
    colors = {COLOR_OF[c] for c in cards}
    hand = game.hands[seat]
    gone = tuple(c for c in hand if COLOR_OF[c] in colors)
    if not gone:
        return
    hand[:] = [c for c in hand if COLOR_OF[c] not in colors]  # (in place: the caller holds it)
    discard = game.discard
    discard[len(discard) - len(cards) : len(discard) - len(cards)] = gone
    game.emit(ev.DiscardedAll(seat, Color(COLOR_OF[cards[-1]]), gone, rule=game.cite("deck")))


def _roulette(game: State, seat: int) -> None:
    """A wild colour roulette: the next player names the colour (the Mattel sheet:
    RULES-NOTES.md "No Mercy"), then turns cards (:func:`spin_roulette`)."""
    victim = game.next_seat(seat)
    game.color = -1
    game.current = victim
    game.phase = Phase.CHOOSE_COLOR
    game.roulette = True
    game.emit(ev.RouletteSpun(seat, victim, rule=game.cite("deck")))


def spin_roulette(game: State, seat: int, color: Color) -> None:
    """``seat``, the victim of a colour roulette, named ``color``: it turns cards from the
    draw pile (refilled as ever) until one of that colour shows, takes them all and loses the
    turn; the colour named is the active colour. If both piles run out first it keeps what
    was turned (RULES-NOTES.md "No Mercy")."""
    game.roulette = False
    game.color = int(color)
    game.phase = _PLAY
    turned: list[Card] = []
    found = False
    while True:
        got = draw_cards(game, seat, 1, face_up=True)
        if not got:
            break
        turned.append(got[0])
        if COLOR_OF[got[0]] == color:
            found = True
            break
    game.current = game.next_seat(seat)
    game.emit(ev.RouletteTurned(seat, color, tuple(turned), found, game.current))
