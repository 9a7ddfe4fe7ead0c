"""Verify a move: each rule's check answers with the reason it refuses the move (a
:class:`~unokit.why.Why`), or ``None`` (PokerKit's verify/can/do).

A move of each kind goes through its checks in order (:data:`CHECKS`): the game is on, the seat
is a seat of the round, then those of the move (whose turn it is, the phase, the cards held,
what the rules allow). :func:`verify` answers with the first refusal, :func:`can` whether there
is none, :func:`reason` the refusal ``Game.apply`` raises. Each check is made of the predicates
the legal moves are listed from (:mod:`unokit.legality`: ``playable``, ``may_draw``,
``may_call_uno``, ``may_catch``, ``challengeable``, ...), so that what is refused and why cannot
disagree: a property test plays random games of every preset and checks, for every move a seat
could try, that it is refused exactly when it is not listed, with the reason of the first
check that fails, and that a rule option that reason cites is one the verdict hangs on.

>>> from unokit import Game, Rules, parse_move
>>> game = Game(Rules(players=2), seed=1)
>>> print(verify(game, *parse_move("1: draw")))
it is seat 0's turn, not seat 1's
>>> verify(game, game.current, game.legal_moves(game.current)[0]) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from unokit.cards import COLOR_OF, DRAW_VALUE_OF, RANK_OF, Card, Color, Rank
from unokit.i18n import N_
from unokit.legality import (
    at_hand_limit,
    challengeable,
    identical_to,
    listed,
    may_call_uno,
    may_catch,
    may_draw,
    normalize,
    penalty_ok,
    playable,
)
from unokit.moves import (
    REFEREE,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Move,
    Pass,
    Penalty,
    Play,
    Timeout,
)
from unokit.phase import Phase
from unokit.state import State
from unokit.why import Why

__all__ = ["CATCH_ALL", "CHECKS", "Check", "can", "reason", "verify"]

_WD4: Final = Rank.WILD_DRAW_FOUR
_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_SEVEN: Final = Rank.SEVEN
_ZERO: Final = Rank.ZERO

#: a rule's check of a move by a seat: the reason it refuses it, or None
Check = Callable[[State, int, Any], "Why | None"]


def verify(game: State, seat: int, move: Move) -> Why | None:
    """The reason ``seat`` may not make ``move`` now (the first check of :data:`CHECKS` that
    refuses it), or ``None`` when it may."""
    for check in CHECKS[type(move)]:
        why = check(game, seat, move)
        if why is not None:
            return why
    return None


def can(game: State, seat: int, move: Move) -> bool:
    """Whether ``seat`` may make ``move`` now."""
    return verify(game, seat, move) is None


def reason(game: State, seat: int, move: Move) -> Why:
    """Why ``move`` is refused now, citing the rule (``str()`` of it: the referee's English;
    :func:`unokit.narrator.explain`: in a player's words and language)."""
    return verify(game, seat, move) or _why(CATCH_ALL)


# -- the checks every move of a seat goes through -------------------------------------------------


def _match_on(game: State, seat: int, move: Move) -> Why | None:
    return _why(N_("the match is over")) if game.phase == Phase.MATCH_OVER else None


def _round_on(game: State, seat: int, move: Move) -> Why | None:
    if game.phase == Phase.ROUND_OVER:
        return _why(N_("the round is over: nobody may play until the next deal"))
    return None


def _a_seat(game: State, seat: int, move: Move) -> Why | None:
    if not 0 <= seat < game.n:
        return _why(
            N_("there is no seat {number} (seats are 0 to {last})"), number=seat, last=game.n - 1
        )
    return None


def _in_round(game: State, seat: int, move: Move) -> Why | None:
    if not game.in_round[seat]:
        if seat in game.knocked_out:
            return _why(
                N_("{seat} was put out of this round by the mercy rule"),
                N_("you were put out of this round by the mercy rule"),
                seat,
                seat=seat,
            )
        return _why(
            N_("{seat} is out of this round"), N_("you are out of this round"), seat, seat=seat
        )
    return None


_SEAT: Final[tuple[Check, ...]] = (_match_on, _round_on, _a_seat, _in_round)


def _your_turn(game: State, seat: int, move: Move) -> Why | None:
    return None if seat == game.current else _not_yours(game, seat)


def _colour_named(game: State, seat: int, move: Move) -> Why | None:
    """Nothing is played, drawn or timed out before the wild start card's colour is named."""
    return _waiting(game) if game.phase == Phase.CHOOSE_COLOR else None


def _can_play_now(game: State, seat: int) -> bool:
    """Whether ``seat`` could play a card now (its turn, an answer to a penalty, a jump-in)."""
    return any(type(m) is Play for m in listed(game, seat))


# -- the referee's moves --------------------------------------------------------------------------


def _dealt_by_referee(game: State, seat: int, move: Deal) -> Why | None:
    return None if seat == REFEREE else _why(N_("only the referee deals"))


def _round_is_over(game: State, seat: int, move: Deal) -> Why | None:
    return None if game.phase == Phase.ROUND_OVER else _why(N_("the round is not over yet"))


def _penalty_by_referee(game: State, seat: int, move: Penalty) -> Why | None:
    return None if seat == REFEREE else _why(N_("only the referee gives table penalties"))


def _penalty_in_round(game: State, seat: int, move: Penalty) -> Why | None:
    if game.phase == Phase.ROUND_OVER:
        return _why(N_("the round is over"))
    if not 0 <= move.target < game.n or not game.in_round[move.target]:
        return _why(N_("{target} is not playing this round"), target=move.target)
    if not penalty_ok(game, seat, move):
        return _why(N_("a penalty must be 1 to 50 cards, not {count}"), count=move.count)
    return None


# -- drawing and keeping (RULES.md §3) ------------------------------------------------------------


def _not_drawn_yet(game: State, seat: int, move: Draw) -> Why | None:
    if game.phase != Phase.AFTER_DRAW:
        return None
    if game.rules.after_draw == "may_play":
        return _why(N_("you have already drawn: play the drawn card or pass"))
    return _why(
        N_("you have already drawn and must play the drawn card"),
        game=game,
        rules=("after_draw",),
    )


def _may_draw(game: State, seat: int, move: Draw) -> Why | None:
    if game.phase == Phase.PENALTY or may_draw(game, _can_play_now(game, seat)):
        return None
    if at_hand_limit(game, seat):
        return _why(
            N_("{seat} holds {count} cards, the hand limit, and may not draw"),
            N_("you hold {count} cards, the hand limit, and may not draw"),
            seat,
            game=game,
            rules=("hand_limit",),
            seat=seat,
            count=len(game.hands[seat]),
        )
    return _why(
        N_("{seat} holds a playable card and may not draw"),
        N_("you hold a playable card and may not draw"),
        seat,
        game=game,
        rules=("draw_with_playable",),
        seat=seat,
    )


def _keeps_the_drawn_card(game: State, seat: int, move: Pass) -> Why | None:
    if seat != game.current or game.phase != Phase.AFTER_DRAW:
        return _why(N_("pass only keeps a card you have just drawn"))
    if game.rules.after_draw != "may_play":
        return _why(N_("the drawn card must be played"), game=game, rules=("after_draw",))
    return None


# -- the +4 challenge (RULES.md §5) ---------------------------------------------------------------


def _challenge(game: State, seat: int, move: Challenge) -> Why | None:
    if not game.rules.challenge:
        return _why(N_("challenges are off"), game=game, rules=("challenge",))
    if game.phase != Phase.PENALTY or not game.stack:
        return _why(N_("there is no +4 to challenge"))
    if not challengeable(game):
        return _why(N_("only the +4 on top of the discard pile can be challenged"))
    if seat != game.current:
        return _why(N_("only {current}, who faces the +4, may challenge it"), current=game.current)
    return None


# -- the wild start card's colour (RULES.md §2) ---------------------------------------------------


def _choose_colour(game: State, seat: int, move: ChooseColor) -> Why | None:
    if game.phase != Phase.CHOOSE_COLOR:
        return _why(N_("there is no colour to name now (a wild's colour is named with the play)"))
    if seat != game.current:
        if game.roulette:
            return _why(
                N_("{current}, the colour roulette's next player, names the colour"),
                current=game.current,
            )
        return _why(N_("{current}, the first player, names the colour"), current=game.current)
    return None


# -- slow play (RULES.md §7.10) -------------------------------------------------------------------


def _timeout(game: State, seat: int, move: Timeout) -> Why | None:
    if not game.rules.turn_time_limit:
        return _why(N_("there is no time limit"), game=game, rules=("turn_time_limit",))
    if seat != game.current:
        return _why(
            N_("only the seat to act, {current}, can run out of time"), current=game.current
        )
    return _colour_named(game, seat, move)


def _match_clock(game: State, seat: int, move: Timeout) -> Why | None:
    """The referee's timeout: the match clock ran out (``match_clock``, VARIANTS.md §2)."""
    if seat == REFEREE and not game.rules.match_clock:
        return _why(N_("there is no match clock"), game=game, rules=("match_clock",))
    return None


def _seat_times_out(game: State, seat: int, move: Timeout) -> Why | None:
    if seat == REFEREE:
        return None
    return _a_seat(game, seat, move) or _in_round(game, seat, move) or _timeout(game, seat, move)


# -- UNO (RULES.md §6) ----------------------------------------------------------------------------


def _call_uno(game: State, seat: int, move: CallUno) -> Why | None:
    if game.called[seat]:
        return _why(
            N_("{seat} has already called UNO"),
            N_("you have already called UNO"),
            seat,
            seat=seat,
        )
    if may_call_uno(game, seat, _can_play_now(game, seat)):
        return None
    hand = game.hands[seat]
    strict = game.rules.uno_call_window == "last_card_only"
    if len(hand) == 2 and strict and _can_play_now(game, seat):
        return _why(
            N_("{seat} holds 2 cards: UNO is called only when holding one card"),
            N_("you hold 2 cards: UNO is called only when holding one card"),
            seat,
            game=game,
            rules=("uno_call_window",),
            seat=seat,
        )
    if len(hand) == 2:
        return _why(
            N_(
                "{seat} holds 2 cards and cannot play one now: UNO is called before the "
                "second-to-last card only when it can be played"
            ),
            N_(
                "you hold 2 cards and cannot play one now: UNO is called before the "
                "second-to-last card only when it can be played"
            ),
            seat,
            game=game,
            sources=("RULES.md §6",),
            rules=("false_uno_penalty",),
            seat=seat,
        )
    return _why(
        N_("{seat} holds {count} cards and would not be left with one"),
        N_("you hold {count} cards and would not be left with one"),
        seat,
        game=game,
        rules=("false_uno_penalty",),
        seat=seat,
        count=len(hand),
    )


def _catch(game: State, seat: int, move: Catch) -> Why | None:
    t = move.target
    if not game.rules.catching:
        return _why(
            N_("nobody is caught for not calling UNO here (silent UNO)"),
            game=game,
            rules=("catching",),
        )
    if t == seat:
        return _why(N_("you cannot catch yourself"))
    if not 0 <= t < game.n or not game.in_round[t]:
        return _why(N_("{target} is not playing this round"), target=t)
    if may_catch(game, seat, t):
        return None
    caught = ("false_catch_penalty",)
    if len(game.hands[t]) != 1:
        return _why(
            N_("{target} holds {count} cards"),
            game=game,
            rules=caught,
            target=t,
            count=len(game.hands[t]),
        )
    if game.called[t]:
        return _why(N_("{target} called UNO"), game=game, rules=caught, target=t)
    return _why(N_("the catch window has closed"), game=game, rules=("catch_window", *caught))


# -- plays (RULES.md §3-§7) -----------------------------------------------------------------------


def _holds_the_cards(game: State, seat: int, move: Play) -> Why | None:
    hand = list(game.hands[seat])
    for c in move.cards:
        if c not in hand:
            if c in game.hands[seat]:
                return _why(
                    N_("{seat} holds no more {card}"),
                    N_("you hold no more {card}"),
                    seat,
                    seat=seat,
                    card=c,
                )
            return _why(
                N_("{seat} holds no {card}"), N_("you hold no {card}"), seat, seat=seat, card=c
            )
        hand.remove(c)
    if game.face_down[seat]:  # blind_draw: the cards it holds face down are not to be played
        seen = Counter(game.hands[seat])
        seen.subtract(game.face_down[seat])
        for c in (*move.cards, *move.give):
            if seen[c] <= 0:
                return _why(
                    N_(
                        "{seat} holds {card} face down, drawn blind: it is seen, and may be "
                        "played, from {seat}'s next turn"
                    ),
                    N_(
                        "you hold {card} face down, drawn blind: you see it, and may play it, "
                        "from your next turn"
                    ),
                    seat,
                    game=game,
                    rules=("blind_draw",),
                    seat=seat,
                    card=c,
                )
            seen[c] -= 1
    return None


def _same_cards(game: State, seat: int, move: Play) -> list[Play]:
    """The legal plays that put down the cards of ``move`` (in any order)."""
    cards = sorted(move.cards)
    return [m for m in listed(game, seat) if type(m) is Play and sorted(m.cards) == cards]


def _cards_may_go(game: State, seat: int, move: Play) -> Why | None:
    """Some legal play puts these cards down: else the rule that stops them (out of turn, a
    jump-in's; on one's turn, the phase's, matching, several cards, the last card)."""
    if _same_cards(game, seat, move):
        return None
    if seat != game.current:
        return _jump_reason(game, seat, move)
    rest = list(game.hands[seat])
    for c in move.cards:
        rest.remove(c)
    return _cards_reason(game, seat, move, rest)


def _as_listed(game: State, seat: int, move: Play) -> Why | None:
    """The play is one of those legal plays, detail for detail (colour, UNO call, target,
    cards traded)."""
    same = _same_cards(game, seat, move)
    if normalize(move) in same:
        return None
    return _detail_reason(game, seat, move, same, len(game.hands[seat]) - len(move.cards))


#: every kind of move and its checks, in order: :func:`verify` answers with the first refusal
CHECKS: Final[dict[type, tuple[Check, ...]]] = {
    Play: (*_SEAT, _holds_the_cards, _colour_named, _cards_may_go, _as_listed),
    Draw: (*_SEAT, _your_turn, _not_drawn_yet, _colour_named, _may_draw),
    Pass: (*_SEAT, _keeps_the_drawn_card),
    Challenge: (*_SEAT, _challenge),
    ChooseColor: (*_SEAT, _choose_colour),
    Timeout: (_match_on, _round_on, _match_clock, _seat_times_out),
    CallUno: (*_SEAT, _call_uno),
    Catch: (*_SEAT, _catch),
    Deal: (_match_on, _dealt_by_referee, _round_is_over),
    Penalty: (_match_on, _penalty_by_referee, _penalty_in_round),
}


# -- the reasons ----------------------------------------------------------------------------------


def _why(
    text: str,
    you: str | None = None,
    about: int | None = None,
    *,
    game: State | None = None,
    rules: tuple[str, ...] = (),
    sources: tuple[str, ...] = (),
    **values: Any,
) -> Why:
    """A reason: ``text`` (a message of the catalogues), its ``values``, the same said to the
    seat ``about`` (``you``), the options ``rules`` (names, cited with their values in
    ``game``) and the ``sources`` cited."""
    cited = tuple(game.cite(name) for name in rules) if game is not None else ()
    return Why(text, tuple(values.items()), you, about, sources, cited)


def _waiting(game: State) -> Why:
    """The decision the game waits for, said of the seat that must make it."""
    current = game.current
    if game.phase == Phase.CHOOSE_COLOR:
        return _why(
            N_("{current} must first name the colour of the wild start card"),
            N_("you must first name the colour of the wild start card"),
            current,
            current=current,
        )
    if game.phase == Phase.PENALTY:
        return _why(
            N_("{current} must first answer the pending penalty of {count}"),
            N_("you must first answer the pending penalty of {count}"),
            current,
            current=current,
            count=game.pending_draw,
        )
    if game.phase == Phase.AFTER_DRAW:
        if game.rules.after_draw == "may_play":
            return _why(
                N_("{current} has just drawn and must play the drawn card or keep it"),
                N_("you have just drawn and must play the drawn card or keep it"),
                current,
                current=current,
            )
        return _why(
            N_("{current} has just drawn and must play the drawn card"),
            N_("you have just drawn and must play the drawn card"),
            current,
            game=game,
            rules=("after_draw",),
            current=current,
        )
    return _why(N_("it is {current}'s turn"), N_("it is your turn"), current, current=current)


def _not_yours(game: State, seat: int, rules: tuple[str, ...] = ()) -> Why:
    return _why(
        N_("{waiting}, not {seat}'s"),
        N_("{waiting}, not yours"),
        seat,
        game=game,
        rules=rules,
        waiting=_waiting(game),
        seat=seat,
    )


#: the reason no refusal of a well-formed move should get (a property test checks it)
CATCH_ALL = N_("not a legal move now")


def _jump_reason(game: State, seat: int, move: Play) -> Why:
    """Why these cards may not be played out of turn now (§7.3, §7.6)."""
    rules = game.rules
    jump = game.jump
    if rules.jump_in == "off" and not rules.sum_jump_in:
        return _not_yours(game, seat, ("jump_in",))
    if jump is None:
        return _why(N_("{waiting}, and there is no card to jump in on now"), waiting=_waiting(game))
    if seat == jump.player:
        return _why(N_("you cannot jump in on your own card"))
    if seat in jump.skipped:
        return _why(
            N_("{seat} was skipped and may not jump in with an identical card"),
            N_("you were skipped and may not jump in with an identical card"),
            seat,
            sources=("003",),
            seat=seat,
        )
    if move.more:
        if not rules.sum_jump_in:
            return _why(N_("only one card may jump in"), game=game, rules=("sum_jump_in",))
        if len(jump.cards) > 1 or RANK_OF[jump.cards[0]] > 9 or game.phase != Phase.PLAY:
            return _why(
                N_("a sum jump-in answers a single number card only"),
                game=game,
                rules=("sum_jump_in",),
            )
        if not rules.sum_jump_in_any_color and any(
            COLOR_OF[c] != COLOR_OF[jump.cards[0]] for c in move.cards
        ):
            return _why(
                N_("the cards of a sum must have the colour of {card}"),
                game=game,
                rules=("sum_jump_in_any_color",),
                card=jump.cards[0],
            )
        return _why(
            N_("the cards do not add up to {card}"),
            game=game,
            rules=("sum_jump_in",),
            card=jump.cards[0],
        )
    top = game.discard[-1]
    if rules.jump_in == "off":
        return _not_yours(game, seat, ("jump_in",))
    if game.phase == Phase.PENALTY and not DRAW_VALUE_OF[top]:
        return _why(
            N_("while a penalty is pending only its draw card can be jumped"),
            game=game,
            rules=("jump_in",),
        )
    same = identical_to(game)
    if move.card in same and COLOR_OF[move.card] < 0:
        return _why(
            N_("jumping in with a wild needs jump_in = identical_any"),
            game=game,
            rules=("jump_in",),
        )
    if move.card in same and rules.number_finish and len(game.hands[seat]) == 1:
        return _why(N_("your last card must be a number card"), game=game, rules=("number_finish",))
    if len(same) > 1:
        return _why(
            N_("a jump-in needs a card identical to one of the cards added up: {cards}"),
            game=game,
            rules=("jump_in", "sum_jump_in"),
            cards=same,
        )
    return _why(
        N_("a jump-in needs a card identical to the top card {top}"),
        game=game,
        rules=("jump_in",),
        top=top,
    )


def _cards_reason(game: State, seat: int, move: Play, rest: list[Card]) -> Why:
    """Why no legal play of the seat's own turn puts down these cards."""
    rules = game.rules
    card = move.card
    if game.phase == Phase.PENALTY:
        return _answer_reason(game, seat, move, rest)
    if game.phase == Phase.AFTER_DRAW:
        assert game.drawn is not None
        if rules.after_draw == "may_play":
            return _why(
                N_("after drawing, {seat} may only play the drawn card {drawn} or keep it"),
                N_("after drawing, you may only play the drawn card {drawn} or keep it"),
                seat,
                sources=("000",),
                seat=seat,
                drawn=game.drawn,
            )
        return _why(
            N_("after drawing, {seat} may only play the drawn card {drawn}"),
            N_("after drawing, you may only play the drawn card {drawn}"),
            seat,
            game=game,
            rules=("after_draw",),
            seat=seat,
            drawn=game.drawn,
        )
    if move.more and rules.multi_play == "off":
        if rules.sum_jump_in:  # cards adding up: a sum jump-in, which this seat may not make
            return _why(
                N_("in turn, one card at a time: a sum jump-in is for players not in turn"),
                game=game,
                rules=("multi_play", "sum_jump_in"),
            )
        return _why(N_("only one card may be played at a time"), game=game, rules=("multi_play",))
    if not any(playable(game, c, seat) for c in move.cards):
        if RANK_OF[card] == _WD4:
            return _why(
                N_("this +4 would be dishonest and bluffing is off"),
                game=game,
                rules=("challenge", "wd4_rule"),
            )
        return _why(
            N_("{card} does not match the top card {top} (active colour {color})"),
            card=card,
            top=game.discard[-1],
            color=game.color,
        )
    if rules.number_finish and not rest and any(RANK_OF[c] > 9 for c in move.cards):
        return _why(N_("your last card must be a number card"), game=game, rules=("number_finish",))
    if rules.multi_play == "identical_pair":
        if len(set(move.cards)) > 1 or len(move.cards) > 2 or COLOR_OF[card] < 0:
            return _why(
                N_("only two identical colour cards go together"),
                game=game,
                rules=("multi_play",),
            )
        return _why(N_("call UNO before playing your last two cards together"), sources=("001",))
    if any(COLOR_OF[c] < 0 for c in move.cards):
        return _why(N_("wilds are not played with other cards"), game=game, rules=("multi_play",))
    if len({RANK_OF[c] for c in move.cards}) > 1:
        return _why(
            N_("cards played together must have one number or symbol"),
            game=game,
            rules=("multi_play",),
        )
    return _why(
        N_("cards played together must have one colour"),
        game=game,
        rules=("multi_play_same_color",),
    )


def _answer_reason(game: State, seat: int, move: Play, rest: list[Card]) -> Why:
    """Why these cards do not answer the pending penalty (RULES.md §7.1, §7.2): citing the rule
    that decides, stacking for a draw card, deflect for a skip or reverse; nothing else may be
    played on a pending penalty (003 Q5)."""
    rules = game.rules
    card = move.card
    rank = RANK_OF[card]
    penalty = game.stack[-1].card
    if challengeable(game):
        text = N_(
            "a penalty of {count} is pending: draw it, challenge the +4 or answer with a "
            "card the rules allow"
        )
    else:
        text = N_("a penalty of {count} is pending: draw it or answer with a card the rules allow")
    answers = bool(DRAW_VALUE_OF[card]) or rank in (_SKIP, _REVERSE)
    if move.more or not answers:
        return _why(text, sources=("003 Q5",), count=game.pending_draw)
    if rules.number_finish and not rest:
        return _why(N_("your last card must be a number card"), game=game, rules=("number_finish",))
    if rank in (_SKIP, _REVERSE):
        if rules.deflect != "off" and COLOR_OF[penalty] >= 0:
            return _why(
                N_("facing a +2, only a skip or reverse of its colour, {color}, passes it on"),
                sources=("004",),
                color=COLOR_OF[penalty],
            )
        if rules.deflect == "named_color":
            return _why(
                N_("only a skip or reverse of the colour named, {color}, passes the +4 on"),
                game=game,
                rules=("deflect",),
                color=game.color,
            )
        return _why(text, game=game, rules=("deflect",), count=game.pending_draw)
    if rank == _WD4 and rules.stacking != "off" and not rules.challenge:
        return _why(
            N_("this +4 would be dishonest and bluffing is off"),
            game=game,
            rules=("challenge", "wd4_rule"),
        )
    if rules.stacking == "not_lower":
        return _why(
            N_(
                "stacking by value: {card} draws {value}, less than the {need} of the {top} it "
                "would answer; stack a draw card worth {need} or more, or draw {count}"
            ),
            game=game,
            rules=("stacking",),
            card=card,
            value=DRAW_VALUE_OF[card],
            need=DRAW_VALUE_OF[penalty],
            top=penalty,
            count=game.pending_draw,
        )
    if rules.stacking == "any" and COLOR_OF[card] >= 0 and COLOR_OF[penalty] < 0:
        return _why(
            N_("a +2 on a +4 must have the colour it named, {color}"),
            game=game,
            rules=("stacking",),
            color=game.color,
        )
    return _why(text, game=game, rules=("stacking",), count=game.pending_draw)


def _detail_reason(game: State, seat: int, move: Play, same: list[Play], left: int) -> Why:
    """These cards may be played: say what detail of ``move`` no legal play of them has."""
    rules = game.rules
    card = move.card
    colors = {m.color for m in same}
    if move.color not in colors:
        if colors == {None}:
            if move.more:
                return _why(N_("these cards name no colour"))
            if RANK_OF[card] == Rank.WILD_COLOR_ROULETTE:
                return _why(
                    N_("a colour roulette names no colour: the next player names it ('play WCR')")
                )
            return _why(N_("{card} is not a wild: it takes no colour"), card=card)
        if None in colors:  # wild_multi: a colour, or a peek or a trade instead
            return _why(
                N_("a wild names a colour, peeks or trades, e.g. 'play {code} blue'"),
                code=card.code,
            )
        named = tuple(sorted((c for c in colors if c is not None), key=lambda c: Color(c).label))
        if move.color is None:
            if COLOR_OF[card] < 0:
                return _why(N_("a wild needs a colour, e.g. 'play {code} blue'"), code=card.code)
            return _why(N_("name the next colour among the cards played: {colors}"), colors=named)
        return _why(N_("the colour named must be one of the cards played: {colors}"), colors=named)
    same = [m for m in same if m.color == move.color]
    if move.uno not in {m.uno for m in same}:
        if not move.uno:
            return _why(CATCH_ALL)  # every legal play of these cards calls UNO: none
        if game.called[seat]:
            return _why(
                N_("{seat} has already called UNO"),
                N_("you have already called UNO"),
                seat,
                seat=seat,
            )
        if left == 0:
            return _why(N_("no UNO call goes with a last card"))
        if rules.seven_zero and RANK_OF[card] in (_SEVEN, _ZERO):
            return _why(
                N_("a 7 or 0 that swaps hands takes no UNO call: whoever ends with one card calls")
            )
        return _why(
            N_("calling UNO with this play would leave {count} cards"),
            game=game,
            rules=("false_uno_penalty",),
            count=left,
        )
    same = [m for m in same if m.uno == move.uno]
    swaps = {m.swap for m in same}
    if move.swap not in swaps:
        if swaps == {None}:
            if not rules.seven_zero and RANK_OF[card] != Rank.WILD_CUSTOMIZABLE:
                return _why(N_("a swap needs seven_zero"), game=game, rules=("seven_zero",))
            return _why(N_("{card} takes no target here"), card=card)
        targets = tuple(sorted(t for t in swaps if t is not None))
        if move.swap is None and RANK_OF[card] == _SEVEN:
            return _why(
                N_("a 7 must swap hands with another player: 'play {code} swap N'"),
                sources=("003 Q1",),
                code=card.code,
            )
        return _why(
            N_("the target must be another seat in the round: one of {targets}"), targets=targets
        )
    same = [m for m in same if m.swap == move.swap]
    if move.give and move.trade is None:
        return _why(N_("cards to give go with a trade: 'play W trade 2 R1 G2 B3'"))
    if move.peek is not None or move.trade is not None:
        if not rules.wild_multi:
            return _why(N_("peeking and trading need wild_multi"), game=game, rules=("wild_multi",))
        if move.peek is not None and move.trade is not None:
            return _why(N_("a wild either peeks or trades, not both"))
        target = move.peek if move.peek is not None else move.trade
        if target not in {m.peek for m in same} | {m.trade for m in same}:
            return _why(N_("{target} is not another seat in the round"), target=target)
        gives = {m.give for m in same if m.trade == move.trade}
        count = len(next(iter(gives))) if gives else 0
        return _why(
            N_(
                "a trade with {target} gives {count} of your other cards: three each way, "
                "fewer if either has fewer"
            ),
            game=game,
            rules=("wild_multi",),
            target=move.trade,
            count=count,
        )
    if COLOR_OF[card] < 0 and move.color is None:
        return _why(
            N_("a wild names a colour, peeks or trades, e.g. 'play {code} blue'"), code=card.code
        )
    return _why(CATCH_ALL)
