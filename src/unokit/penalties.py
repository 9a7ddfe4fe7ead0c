"""Pending draw penalties (RULES.md §5, §7.1, §7.2): a +2 or +4 that someone may still answer
waits as a pending penalty; stacking adds to it, a skip or reverse passes it on (deflect), the
seat facing it draws it, or challenges a +4 it faces.

Functions of a :class:`~unokit.state.State`. Which answers are allowed is a predicate of
:mod:`unokit.legality` (``stacks_on``, ``challengeable``); this module carries them out. What a
draw card adds to a pending penalty is said once, in :func:`penalty_with`.
"""

from __future__ import annotations

from typing import Final

from unokit import events as ev
from unokit.cards import COLOR_OF, DECKS, DRAW_VALUE_OF, RANK_OF, Card, Color, Rank
from unokit.drawing import draw_cards
from unokit.legality import challengeable
from unokit.matching import follows
from unokit.phase import Phase
from unokit.rules import Rules
from unokit.state import StackEntry, State

__all__ = [
    "add_draw_card",
    "added",
    "challenge",
    "deflect",
    "most_pending",
    "penalty_with",
    "pending_mode",
    "take_penalty",
]

_WD4: Final = Rank.WILD_DRAW_FOUR
_REVERSE: Final = Rank.REVERSE


def pending_mode(game: State, card: Card) -> bool:
    """Whether a draw card's penalty waits for an answer (someone may still respond)."""
    rules = game.rules
    if rules.stacking != "off" or rules.deflect != "off" or rules.jump_in != "off":
        return True
    return RANK_OF[card] == _WD4 and rules.challenge


def added(rules: Rules, pending: int, amount: int) -> int:
    """A pending penalty of ``pending`` once draw cards worth ``amount`` are played on it
    (stacked, or a last card answering it): the two add up; under ``revenge`` (a draw card on a
    draw card, VARIANTS.md §2) the whole of it doubles: a +2 on a +2 makes 8 (RULES-NOTES)."""
    if pending and rules.revenge:
        return 2 * (pending + amount)
    return pending + amount


def penalty_with(game: State, amount: int) -> int:
    """The game's pending penalty once draw cards worth ``amount`` are played on it
    (:func:`added`)."""
    return added(game.rules, game.pending_draw, amount)


def most_pending(rules: Rules) -> int:
    """The largest pending penalty the rules can make: every draw card of the deck played on
    it, the biggest first (what a loaded state may hold)."""
    amounts = [_amount(card) for card, n in DECKS[rules.deck].items() for _ in range(n)]
    amounts.sort(reverse=True)
    total = 0
    for amount in amounts:
        if amount:
            total = added(rules, total, amount)
    return total


def _amount(card: Card) -> int:
    return DRAW_VALUE_OF[card]


def add_draw_card(
    game: State,
    seat: int,
    card: Card,
    amount: int,
    honest: bool,
    before: int,
    snapshot: tuple[Card, ...],
    under: Card | None,
    tops: tuple[Card, ...] = (),
) -> None:
    """A draw card (+2, +4, or several +2; No Mercy's +4, reverse +4, +6, +10): at once, or as
    a pending penalty someone may answer."""
    victim = game.next_seat(seat)
    if pending_mode(game, card):
        game.stack.append(StackEntry(seat, card, honest, before, snapshot, under, tops))
        total = penalty_with(game, amount)
        revenge = total != game.pending_draw + amount  # more than the cards add up to
        game.pending_draw = total
        game.phase = Phase.PENALTY
        game.current = victim
        rules = game.rules
        challenge = challengeable(game)
        deflect = rules.deflect != "off"
        # the rule that makes it wait (_pending_mode), the answer the narration tells first
        answer: ev.PenaltyAnswer
        if rules.stacking != "off":
            rule, answer = "stacking", rules.stacking
        elif challenge:
            rule = answer = "challenge"
        else:
            rule = answer = "deflect" if deflect else "jump_in"
        if revenge:  # the rule that made it this big
            rule = "revenge"
        game.emit(
            ev.PenaltyPending(
                victim, game.pending_draw, challenge, deflect, answer, rule=game.cite(rule)
            )
        )
    else:
        got = draw_cards(game, victim, amount)
        game.current = game.next_seat(victim)
        game.emit(ev.PenaltyDrawn(victim, tuple(got), card, game.current))


def deflect(game: State, seat: int, card: Card) -> None:
    """Reverse/skip madness (004): pass the pending penalty on, or send it back."""
    if RANK_OF[card] == _REVERSE:
        game.direction = -game.direction
    victim = game.next_seat(seat)
    game.current = victim
    game.phase = Phase.PENALTY
    game.emit(ev.Deflected(seat, card, game.pending_draw, victim, rule=game.cite("deflect")))


def take_penalty(game: State, seat: int) -> None:
    """The seat facing the pending penalty draws it and loses the turn."""
    count = game.pending_draw
    game.pending_draw = 0
    game.stack.clear()
    game.phase = Phase.PLAY
    got = draw_cards(game, seat, count)
    game.current = game.next_seat(seat)
    game.emit(ev.PenaltyDrawn(seat, tuple(got), "stack", game.current))


def challenge(game: State, seat: int) -> None:
    """The seat facing a +4 challenges it (RULES.md §5, §7.1 ``stack_challenge``)."""
    rules = game.rules
    pending = game.pending_draw
    stack = list(game.stack)
    game.emit(ev.Challenged(seat, stack[-1].seat))  # told before the hand is shown
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
        got = draw_cards(game, seat, pending + extra)
        game.current = game.next_seat(seat)
        game.emit(
            ev.ChallengeLost(seat, tuple(challenged), *what, len(got), rule=game.cite("wd4_rule"))
        )
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
        got = draw_cards(game, liar, count)
        what = _lacked(game, [entry], evidence)
        game.emit(
            ev.ChallengeWon(
                seat,
                liar,
                *what,
                evidence,
                len(got),
                Color(game.color),
                rest,
                rule=game.cite("stack_challenge" if rules.stack_challenge == "all" else "wd4_rule"),
            )
        )
    if rest:
        got = draw_cards(game, seat, rest)
        game.emit(ev.ChallengerTakesRest(seat, len(got), rule=game.cite("stacking")))
    game.current = seat


def _lacked(
    game: State, entries: list[StackEntry], evidence: tuple[Card, ...] = ()
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


def _evidence(game: State, card: Card, entry: StackEntry) -> bool:
    """Whether ``card`` made the +4 of ``entry`` dishonest: a card that followed what was on
    top then (``no_playable_card``: :func:`unokit.matching.follows`, as ``legality.is_honest``
    judged it), or a card of a colour on top (``no_matching_color``)."""
    if RANK_OF[card] == _WD4:
        return False
    if game.rules.wd4_rule == "no_playable_card":
        return follows(card, entry.color, entry.under, entry.tops or None)
    color = COLOR_OF[card]
    return color >= 0 and (color == entry.color or any(COLOR_OF[t] == color for t in entry.tops))
