"""What a played card does (RULES.md §4-§7): effects, pending penalties, stacking, deflecting,
jump-ins, seven-zero, several cards at once, wild_multi, going out, and the +4 challenge.

Functions of a :class:`~unokit.game.Game`, called by ``Game.apply`` for a legal move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from unokit import events as ev
from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.effects import CUSTOM_EFFECTS
from unokit.legality import challengeable, is_honest
from unokit.moves import Play
from unokit.phase import Phase

if TYPE_CHECKING:
    from unokit.game import Game

__all__ = ["JumpWindow", "StackEntry", "challenge", "resolve_play", "take_penalty"]

_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR
_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_DRAW_TWO: Final = Rank.DRAW_TWO
_DRAWS = (_DRAW_TWO, _WD4)
_Played: Final = ev.Played
_played_one: Final = ev.played_one
_PLAYED_ONE: Final = ev.PLAYED_ONE
_PLAY: Final = Phase.PLAY
_PENALTY: Final = Phase.PENALTY


class StackEntry(NamedTuple):
    """One draw card of the pending penalty: who played it, and (for a +4) whether it was
    honest against ``color``, the active colour when it was played, with the hand then."""

    seat: int
    card: Card
    honest: bool
    color: int
    hand: tuple[Card, ...]
    under: Card | None = None  #: the top card it was played on
    tops: tuple[Card, ...] = ()  #: the group it was played on, after a sum jump-in (§7.6)


class JumpWindow(NamedTuple):
    """The chance to jump in on the cards just played, until the next move (§7.3, §7.6).
    ``direction``/``pending``/``stack`` are the state before those cards took effect, so that
    a jump-in can cancel them; ``skipped`` are the seats they skipped."""

    player: int
    cards: tuple[Card, ...]
    direction: int
    pending: int
    stack: int
    skipped: tuple[int, ...]


class _Effects:
    """The :class:`~unokit.effects.EffectContext` a custom effect acts through."""

    def __init__(self, game: Game, player: int, target: int | None) -> None:
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
        got = self.game.draw_cards(seat, count)
        self.game.emit(ev.Drew(seat, tuple(got)))

    def set_next(self, seat: int) -> None:
        self.next = seat

    def swap_hands(self, a: int, b: int) -> None:
        _swap(self.game, a, b)


def _draw_amount(card: Card) -> int:
    rank = RANK_OF[card]
    return 2 if rank == _DRAW_TWO else 4 if rank == _WD4 else 0


def _pending_mode(game: Game, card: Card) -> bool:
    """Whether a draw card's penalty waits for an answer (someone may still respond)."""
    rules = game.rules
    if rules.stacking != "off" or rules.deflect != "off" or rules.jump_in != "off":
        return True
    return RANK_OF[card] == _WD4 and rules.challenge


def resolve_play(game: Game, seat: int, play: Play) -> None:
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
    if out_of_turn:
        assert window is not None
        _cancel_jumped(game, seat, window, len(cards) > 1)
        phase = game.phase
    hand = game.hands[seat]
    discard = game.discard
    if rank in _DRAWS:  # what the penalty's stack entry keeps
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
        game._events.append(_Played(seat, cards, named))
    else:  # ev.played_one, written out (most moves play one card): seats are 0-9
        event = _PLAYED_ONE[seat][first * 5 + (0 if named is None else 1 + named)]
        game._events.append(event if event is not None else _played_one(seat, first, named))
    left = len(hand)
    if play.uno:
        if left == 1:
            game.called[seat] = True
            game._events.append(ev.UnoCalled(seat))
        else:
            game.false_uno(seat)
    elif left == 1 and not game.called[seat]:
        game.window[seat] = True
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
        _deflect(game, seat, first)
    elif rank in (_DRAW_TWO, _WD4):
        amount = 2 * k if rank == _DRAW_TWO else 4
        _draw_card(game, seat, first, amount, honest, before, snapshot, under, tops)
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
            game.emit(ev.ReversesCancel(seat, k), "multi_play")
            game.current = game.next_seat(seat)
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
            game.emit(ev.CustomEffect(seat, effect.description), "custom_effect")
        effect.run(ctx)
        game.current = ctx.next
    else:  # wild_swimming
        _swim(game, game.next_seat(seat))
    if jumps:
        game.jump = JumpWindow(seat, cards, direction, pending, stack, skipped)


def _cancel_jumped(game: Game, seat: int, window: JumpWindow, summed: bool) -> None:
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
        game.emit(ev.SumJumpedIn(seat, window.player, window.cards), "sum_jump_in")
    else:
        rule = "jump_in_stacking" if stacked else "jump_in"
        mode = rules.jump_in_stacking if stacked else ""
        game.emit(ev.JumpedIn(seat, window.player, window.cards, mode), rule)
    if game.pending_draw:
        game.phase = Phase.PENALTY


def _draw_card(
    game: Game,
    seat: int,
    card: Card,
    amount: int,
    honest: bool,
    before: int,
    snapshot: tuple[Card, ...],
    under: Card | None,
    tops: tuple[Card, ...] = (),
) -> None:
    """A +2 or +4 (or several +2): at once, or as a pending penalty someone may answer."""
    victim = game.next_seat(seat)
    if _pending_mode(game, card):
        game.stack.append(StackEntry(seat, card, honest, before, snapshot, under, tops))
        game.pending_draw += amount
        game.phase = Phase.PENALTY
        game.current = victim
        rules = game.rules
        challenge = challengeable(game)
        deflect = rules.deflect != "off"
        # the rule that makes it wait (_pending_mode), the one the narration tells first
        if rules.stacking != "off":
            rule = "stacking"
        elif challenge:
            rule = "challenge"
        else:
            rule = "deflect" if deflect else "jump_in"
        game.emit(ev.PenaltyPending(victim, game.pending_draw, challenge, deflect), rule)
    else:
        got = game.draw_cards(victim, amount)
        game.current = game.next_seat(victim)
        game.emit(ev.PenaltyDrawn(victim, tuple(got), card, game.current))


def _deflect(game: Game, seat: int, card: Card) -> None:
    """Reverse/skip madness (004): pass the pending penalty on, or send it back."""
    if RANK_OF[card] == _REVERSE:
        game.direction = -game.direction
    victim = game.next_seat(seat)
    game.current = victim
    game.phase = Phase.PENALTY
    game.emit(ev.Deflected(seat, card, game.pending_draw, victim), "deflect")


def take_penalty(game: Game, seat: int) -> None:
    """The seat facing the pending penalty draws it and loses the turn."""
    count = game.pending_draw
    game.pending_draw = 0
    game.stack.clear()
    game.phase = Phase.PLAY
    got = game.draw_cards(seat, count)
    game.current = game.next_seat(seat)
    game.emit(ev.PenaltyDrawn(seat, tuple(got), "stack", game.current))


def challenge(game: Game, seat: int) -> None:
    """The seat facing a +4 challenges it (RULES.md §5, §7.1 ``stack_challenge``)."""
    rules = game.rules
    pending = game.pending_draw
    stack = list(game.stack)
    game.emit(ev.Challenged(seat, stack[-1].seat))
    game.pending_draw = 0
    game.stack.clear()
    game.phase = Phase.PLAY
    if rules.stack_challenge == "all":
        run: list[StackEntry] = []
        for entry in reversed(stack):
            if RANK_OF[entry.card] != _WD4:
                break
            if entry.seat != seat:  # with two players the run holds the challenger's own +4s
                run.insert(0, entry)
    else:
        run = [stack[-1]]
    shown = {e.seat: e.hand for e in run}  # each player challenged shows one hand
    game.revealed = (seat, shown)
    for player, hand in shown.items():
        game.emit(ev.HandRevealed(seat, player, hand))
    # 001 (一): penalties are counted per player challenged, not per +4 card
    challenged = list(dict.fromkeys(e.seat for e in run))
    liars = list(dict.fromkeys(e.seat for e in run if not e.honest))
    what = _lacked(game, run)
    if not liars:
        extra = rules.challenge_fail_extra * len(challenged)
        got = game.draw_cards(seat, pending + extra)
        game.current = game.next_seat(seat)
        game.emit(ev.ChallengeLost(seat, tuple(challenged), *what, len(got)), "wd4_rule")
        return
    if rules.stack_challenge == "all":
        # the liars take the whole penalty, sharing it as evenly as possible (earlier first)
        base, odd = divmod(pending, len(liars))
        shares = [(liar, base + (1 if i < odd else 0)) for i, liar in enumerate(liars)]
        rest = 0
    else:  # last (003 Q6): the liar takes 4, the challenger the rest of the stack
        shares = [(liars[0], min(4, pending))]
        rest = pending - shares[0][1]
    for liar, count in shares:
        entry = next(e for e in run if e.seat == liar and not e.honest)
        evidence = tuple(c for c in entry.hand if _evidence(game, c, entry))
        got = game.draw_cards(liar, count)
        what = _lacked(game, [entry], evidence)
        game.emit(
            ev.ChallengeWon(seat, liar, *what, evidence, len(got), Color(game.color), rest),
            "stack_challenge" if rules.stack_challenge == "all" else "wd4_rule",
        )
    if rest:
        got = game.draw_cards(seat, rest)
        game.emit(ev.ChallengerTakesRest(seat, len(got)), "stacking")
    game.current = seat


def _lacked(
    game: Game, entries: list[StackEntry], evidence: tuple[Card, ...] = ()
) -> tuple[Color | None, bool]:
    """What an honest +4 lacks: a card of the colour to match, or, unless ``wd4_rule`` looks
    at colours only (the flag), any playable card. The colour is ``None`` ("a matching card")
    where it was open or there were several: the +4s of a run each covered their own, a sum
    jump-in's group has its colours (§7.6). With the ``evidence`` of a dishonest +4, the
    colour is the one that evidence has."""
    by_color = game.rules.wd4_rule == "no_matching_color"
    colors = {e.color for e in entries} | {COLOR_OF[t] for e in entries for t in e.tops}
    shown = [COLOR_OF[c] for c in evidence if COLOR_OF[c] >= 0]
    if shown:
        first = entries[0].color if entries[0].color in shown else shown[0]
        return Color(first), by_color
    if len(colors) != 1 or min(colors) < 0:
        return None, by_color
    return Color(min(colors)), by_color


def _evidence(game: Game, card: Card, entry: StackEntry) -> bool:
    """Whether ``card`` made the +4 of ``entry`` dishonest."""
    if RANK_OF[card] == _WD4:
        return False
    color = COLOR_OF[card]
    if color == entry.color or (color >= 0 and any(COLOR_OF[t] == color for t in entry.tops)):
        return True
    if game.rules.wd4_rule != "no_playable_card":
        return False
    if color < 0:
        return True
    group = entry.tops or ((entry.under,) if entry.under is not None else ())
    return any(
        COLOR_OF[t] >= 0 and (RANK_OF[t] == RANK_OF[card] or COLOR_OF[t] == COLOR_OF[card])
        for t in group
    )


# -- hands changing owner ------------------------------------------------------------------------


def _swap(game: Game, seat: int, target: int) -> None:
    """Seven-zero 7 (003): swap hands with the chosen player."""
    game.hands[seat], game.hands[target] = game.hands[target], game.hands[seat]
    game.emit(ev.HandsSwapped(seat, target), "seven_zero")
    _hands_changed(game, (seat, target))


def _rotate(game: Game, seat: int) -> None:
    """Seven-zero 0 (003 Q2): every hand passes to the next player in the current direction."""
    seats = [s for s in range(game.n) if game.in_round[s]]
    old = {s: game.hands[s] for s in seats}
    for s in seats:
        game.hands[game.next_seat(s)] = old[s]
    game.emit(ev.HandsRotated(seat, game.direction), "seven_zero")
    _hands_changed(game, seats)


def _hands_changed(game: Game, seats: tuple[int, ...] | list[int]) -> None:
    """Whoever comes to hold one card by a swap must call UNO (004)."""
    for s in seats:
        game.called[s] = False
        game.window[s] = len(game.hands[s]) == 1


def _peek(game: Game, seat: int, target: int) -> None:
    """wild_multi (001): look at one player's hand, shown to you alone."""
    shown = tuple(game.hands[target])
    game.revealed = (seat, {target: shown})
    game.emit(ev.Peeked(seat, target, shown), "wild_multi")


def _trade(game: Game, seat: int, target: int, give: tuple[Card, ...]) -> None:
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
    game.emit(ev.Traded(seat, target, give, tuple(taken)), "wild_multi")
    _hands_changed(game, (seat, target))


def _shuffle_hands(game: Game, seat: int) -> None:
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


def _swim(game: Game, victim: int, final: bool = False) -> None:
    drawn: list[Card] = []
    found = False
    while True:
        got = game.draw_cards(victim, 1, final)
        if not got:
            break
        drawn.append(got[0])
        if COLOR_OF[got[0]] == Color.BLUE:
            found = True
            break
    skips = game.rules.swimming_skips
    game.current = game.next_seat(victim) if skips else victim
    game.emit(ev.Swam(victim, tuple(drawn), found, game.current, skips), "swimming_skips")


# -- going out -----------------------------------------------------------------------------------


def _go_out(game: Game, seat: int, cards: tuple[Card, ...], answering: bool) -> None:
    """The player's last card(s): the round ends (or, under rank_all, goes on without them).
    Only a draw penalty still happens, at once and unanswerable (003 Q7)."""
    game.in_round[seat] = False
    game.out_order.append(seat)
    game.emit(ev.WentOut(seat, len(game.out_order)))
    first = cards[0]
    rank = RANK_OF[first]
    amount = sum(_draw_amount(c) for c in cards)
    if answering and (rank in (_SKIP, _REVERSE)):
        if rank == _REVERSE:
            game.direction = -game.direction
        amount = game.pending_draw
    elif answering:
        amount += game.pending_draw
    game.pending_draw = 0
    game.stack.clear()
    remaining = game.active_count()
    ending = game.rules.round_end == "first_out" or remaining <= 1
    victim = game.next_seat(seat)
    if remaining >= 1 and amount:
        got = game.draw_cards(victim, amount, final=ending)
        game.current = game.next_seat(victim)
        game.emit(ev.PenaltyDrawn(victim, tuple(got), "last_card", game.current))
    elif remaining >= 1 and rank == Rank.WILD_SWIMMING:
        _swim(game, victim, final=ending)
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
        game.end_round()
    else:
        game.phase = Phase.PLAY
