"""Which moves a seat may make now (RULES.md §3-§7), and the predicates of the rules they
come from.

Functions of a :class:`~unokit.state.State`. :func:`legal_moves` lists every move a seat may
make now; it is built from the predicates below (:func:`playable`, :func:`is_honest`,
:func:`stacks_on`, :func:`offers_uno`, :func:`may_call_uno`, :func:`may_catch`, ...), the same
that :mod:`unokit.verify` turns into the reason a move is refused, so what is listed and why the
rest is refused come from one definition of each rule (a property test compares them on random
games). ``Game.apply`` accepts exactly what :func:`legal_moves` lists (plus, under
``misplay``, a wrong play on one's own turn).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Final

from unokit.cards import COLOR_OF, DRAW_VALUE_OF, RANK_OF, Card, Color, Rank
from unokit.effects import CUSTOM_EFFECTS
from unokit.matching import DRAWN_PLAYS, TURN_PLAYS, follows, play_of
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
    Catch,
    ChooseColor,
    Move,
    Penalty,
    Play,
)
from unokit.phase import Phase
from unokit.state import State

__all__ = [
    "at_hand_limit",
    "challengeable",
    "identical_to",
    "is_honest",
    "legal_moves",
    "listed",
    "matches",
    "may_call_uno",
    "may_catch",
    "may_draw",
    "normalize",
    "offers_uno",
    "penalty_ok",
    "playable",
    "playable_drawn",
    "stacks_on",
    "top_colors",
    "variants",
]

_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR
_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_DRAW_TWO: Final = Rank.DRAW_TWO
_SEVEN: Final = Rank.SEVEN
_ZERO: Final = Rank.ZERO
_DISCARD_ALL: Final = Rank.DISCARD_ALL
_ROULETTE: Final = Rank.WILD_COLOR_ROULETTE

_CATCH: Final = [Catch(t) for t in range(10)]
_CHOOSE: Final = [ChooseColor(c) for c in Color]

_PLAY: Final = Phase.PLAY
_AFTER_DRAW: Final = Phase.AFTER_DRAW
_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
_PENALTY: Final = Phase.PENALTY
_ROUND_OVER: Final = Phase.ROUND_OVER


def normalize(move: Move) -> Move:
    """The canonical form of a move: several cards (and traded cards) in sorted order."""
    if type(move) is Play and (move.more or len(move.give) > 1):
        cards = sorted(move.cards)
        return Play(
            cards[0],
            move.color,
            move.uno,
            tuple(cards[1:]),
            move.swap,
            move.peek,
            move.trade,
            tuple(sorted(move.give)),
        )
    return move


# -- what may be played: matching (RULES.md §3, §5, §7.6) -----------------------------------------


def playable(game: State, card: Card, seat: int) -> bool:
    """Whether ``card`` may be played by ``seat`` on the top card (no penalty pending).

    The one definition of "what this seat could play now": legal moves, the +4 honesty check
    (:func:`is_honest`), the after-draw rule and the UNO checks all come down to it."""
    if game.quick and game.tops is None and game.discard:  # looked up (quick_rules)
        return bool(TURN_PLAYS[0][game.color + 1][game.discard[-1]][card])
    if RANK_OF[card] == _WD4 and not game.rules.challenge:
        return is_honest(game, seat)
    return matches(game, card)


def matches(game: State, card: Card) -> bool:
    """Whether ``card`` matches what is on top (:func:`unokit.matching.follows`): a wild, the
    active colour, or the number or symbol of the top card; after a sum jump-in, of any card of
    the group (RULES.md §7.6)."""
    return follows(card, game.color, game.discard[-1] if game.discard else None, game.tops)


def playable_drawn(game: State, card: Card, seat: int) -> bool:
    """Whether the card ``seat`` has just drawn counts as playable (it is in the hand): as
    :func:`playable`, but under ``after_draw = must_play`` (000 "Force Play") a +4 that would be
    a bluff (challenge on, the hand holding what makes it dishonest) does not: 000 calls such a
    +4 a violation, and Force Play forces only what may be played, so the player keeps it and
    the turn passes, as for any card that cannot be played (RULES-NOTES.md, after_draw)."""
    if not playable(game, card, seat):
        return False
    return game.rules.after_draw != "must_play" or RANK_OF[card] != _WD4 or is_honest(game, seat)


def top_colors(game: State) -> set[int]:
    """The colours a card must avoid for an honest +4 under ``no_matching_color``: the active
    colour, and after a sum jump-in every colour of the group (RULES.md §5, §7.6)."""
    colors = {game.color}
    if game.tops is not None:
        colors.update(COLOR_OF[t] for t in game.tops if COLOR_OF[t] >= 0)
    return colors


def is_honest(game: State, seat: int) -> bool:
    """+4 honesty for ``seat``'s hand now, less one +4 (RULES.md §5): the hand holds no card
    of the colours on top (``no_matching_color``), or no card but +4s that :func:`matches`
    (``no_playable_card``)."""
    rule = game.rules.wd4_rule
    if rule == "anytime":
        return True
    cards = list(game.hands[seat])
    for card in cards:
        if RANK_OF[card] == _WD4:
            cards.remove(card)
            break
    if rule == "no_matching_color":
        colors = top_colors(game)
        return not any(COLOR_OF[c] in colors for c in cards)
    return not any(RANK_OF[c] != _WD4 and matches(game, c) for c in cards)


# -- UNO (RULES.md §6) ----------------------------------------------------------------------------


def offers_uno(called: bool, left: int, false_uno_penalty: int) -> bool:
    """Whether a play that leaves ``left`` cards may call UNO with it: one card left (not yet
    called), or any number when a false call costs cards instead of being refused; never with
    a last card (nothing is left to call for)."""
    return not called and (left == 1 or (left > 1 and false_uno_penalty > 0))


def may_call_uno(game: State, seat: int, can_play: bool) -> bool:
    """Whether ``seat`` may call UNO now (not with a play): holding one card not yet called;
    holding two when it could play a card now (its turn, a stacking or deflecting card, a
    jump-in: it may call before its second-to-last card, 001; not under ``uno_call_window =
    last_card_only``, VARIANTS.md §2); any time when a false call costs cards
    (``false_uno_penalty``)."""
    size = len(game.hands[seat])
    rules = game.rules
    return not game.called[seat] and (
        size == 1
        or rules.false_uno_penalty > 0
        or (size == 2 and can_play and rules.uno_call_window == "early")
    )


def may_catch(game: State, seat: int, target: int) -> bool:
    """Whether ``seat`` may catch ``target``: another seat in the round that may be caught now
    (``State.catchable``), or any other such seat when a false catch costs cards instead of
    being refused (``false_catch_penalty``)."""
    return (
        target != seat
        and game.in_round[target]
        and (game.rules.false_catch_penalty > 0 or game.catchable(target))
    )


# -- drawing (RULES.md §3) ------------------------------------------------------------------------


def may_draw(game: State, can_play: bool) -> bool:
    """Whether the seat to act may draw on its turn (phase ``play``): with nothing to play, or
    while holding a playable card when ``draw_with_playable = allowed``; never holding
    ``hand_limit`` cards or more (VARIANTS.md §2)."""
    if game.rules.hand_limit and at_hand_limit(game, game.current):
        return False
    return not can_play or game.rules.draw_with_playable == "allowed"


def at_hand_limit(game: State, seat: int) -> bool:
    """Whether ``seat`` holds ``hand_limit`` cards or more (and so may not draw on its turn)."""
    limit = game.rules.hand_limit
    return bool(limit) and len(game.hands[seat]) >= limit


# -- pending penalties (RULES.md §5, §7.1, §7.2) --------------------------------------------------


def challengeable(game: State) -> bool:
    """Whether the seat facing the penalty may challenge the +4 on top."""
    if not game.rules.challenge or not game.stack or not game.discard:
        return False
    return RANK_OF[game.stack[-1].card] == _WD4 and RANK_OF[game.discard[-1]] == _WD4


def stacks_on(game: State, card: Card, penalty_rank: Rank) -> bool:
    """Whether draw card ``card`` may be stacked on a penalty whose last draw card has rank
    ``penalty_rank`` (``stacking``, RULES.md §7.1; ``not_lower``: a draw card worth as much or
    more, of any colour, VARIANTS.md §1)."""
    rank = RANK_OF[card]
    rule = game.rules.stacking
    if rule == "not_lower":
        return rank.draw_value >= penalty_rank.draw_value
    if rule == "same_kind":
        return rank == penalty_rank
    if rule == "two_under_four":  # a +2 on a +2 only, a +4 (or more) on either
        return rank.draw_value >= 4 or penalty_rank == _DRAW_TWO
    # any: a +2 on a +4 must match the named colour (any wild draw card goes on anything)
    return COLOR_OF[card] < 0 or penalty_rank == _DRAW_TWO or COLOR_OF[card] == game.color


# -- jump-ins (RULES.md §7.3, §7.6) ---------------------------------------------------------------


def identical_to(game: State) -> tuple[Card, ...]:
    """The cards a jump-in must be identical to: the top card (§7.3, also after several cards of
    one rank, §7.5); after a sum jump-in, any one of its group (§7.6, 001 (五) 求和抢牌:
    「只要有人有和你所出的这几张牌中的任何一张完全相同的牌时，就可抢牌」)."""
    return game.tops if game.tops is not None else (game.discard[-1],)


# -- the legal moves ------------------------------------------------------------------------------


def listed(game: State, seat: int) -> list[Move]:
    """:func:`legal_moves` of ``seat``, computed once per state (``State.legal_cache``, which
    every move clears): ``Game.legal_moves``. Treat it as read-only."""
    cache = game.legal_cache
    moves = cache.get(seat)
    if moves is None:
        moves = cache[seat] = legal_moves(game, seat)
    return moves


def legal_moves(game: State, seat: int) -> list[Move]:
    """Every move ``seat`` may make now (the referee's: dealing the next round, or the match
    clock's ``timeout`` ending the round: ``match_clock``)."""
    phase = game.phase
    if game.quick and phase <= _AFTER_DRAW and seat == game.current:
        # the common turn (play or after_draw), looked up (quick_rules): the plays of a hand
        # on a plain top card, or of the card just drawn (the seat to act is a seat: no range
        # check, Game.from_dict checks current)
        discard = game.discard
        if game.in_round[seat] and (phase == _AFTER_DRAW or (discard and game.tops is None)):
            rules = game.rules
            hand = game.hands[seat]
            size = len(hand)
            # offers_uno, may_draw and may_call_uno, written out (a call each costs ~5% of a
            # round): the general code below calls them, and tests/test_fast_paths_agree_with_
            # general_code.py checks that this turn lists what the general code lists
            called = game.called[seat]
            uno = not called and (size == 2 or (size > 2 and rules.false_uno_penalty > 0))
            if phase == _PLAY:
                table = TURN_PLAYS[uno][game.color + 1][discard[-1]]
                moves: list[Move] = []
                for card in dict.fromkeys(hand):
                    if table[card]:
                        moves += table[card]
                if rules.multi_play != "off":
                    _multi_plays(game, seat, moves)
                can_play = bool(moves)
                if not can_play or rules.draw_with_playable == "allowed":
                    moves.append(DRAW)
            else:
                assert game.drawn is not None
                moves = list(DRAWN_PLAYS[uno][game.drawn])
                can_play = True
                if rules.after_draw == "may_play":
                    moves.append(PASS)
            if rules.turn_time_limit:
                moves.append(TIMEOUT)
            if not called and (size == 1 or rules.false_uno_penalty or (size == 2 and can_play)):
                moves.append(CALL_UNO)
            if rules.false_catch_penalty or True in game.window:
                _catches(game, seat, moves)
            return moves
    if seat == REFEREE:  # dealing the next round; ending this one when the clock runs out
        if phase == _ROUND_OVER:
            return [DEAL]
        return [TIMEOUT] if game.rules.match_clock and phase < _ROUND_OVER else []
    if phase >= _ROUND_OVER or not 0 <= seat < game.n or not game.in_round[seat]:
        return []
    rules = game.rules
    moves = []
    can_play = False
    if seat == game.current:
        if phase == _PLAY:
            moves = _turn_plays(game, seat)
            can_play = bool(moves)
            if may_draw(game, can_play):
                moves.append(DRAW)
        elif phase == _AFTER_DRAW:
            assert game.drawn is not None
            moves = variants(game, seat, (game.drawn,))
            can_play = True
            if rules.after_draw == "may_play":
                moves.append(PASS)
        elif phase == _PENALTY:
            moves = [DRAW]
            if challengeable(game):
                moves.append(CHALLENGE)
            plays = _penalty_plays(game, seat)
            can_play = bool(plays)
            moves += plays
        else:
            moves = list(_CHOOSE)
        if rules.turn_time_limit and phase != _CHOOSE_COLOR:
            moves.append(TIMEOUT)
    elif game.jump is not None:
        moves = _jump_plays(game, seat)
        can_play = bool(moves)
    if rules.blind_draw and game.face_down[seat]:  # (VARIANTS.md §2; RULES-NOTES.md)
        moves, can_play = _face_up_moves(game, seat, moves, can_play)
    # RULES.md §6: holding two cards, a seat that could play now may call before playing
    if may_call_uno(game, seat, can_play):
        moves.append(CALL_UNO)
    if rules.false_catch_penalty or True in game.window:
        _catches(game, seat, moves)
    return moves


def _face_up_moves(
    game: State, seat: int, moves: list[Move], can_play: bool
) -> tuple[list[Move], bool]:
    """``moves`` less the plays of a card ``seat`` holds face down (``blind_draw``: unseen
    until its next turn, it cannot be played); with no play left on its turn, it may draw."""
    seen = Counter(game.hands[seat])
    seen.subtract(game.face_down[seat])
    out = [m for m in moves if not (isinstance(m, Play) and Counter((*m.cards, *m.give)) - seen)]
    if len(out) == len(moves):
        return moves, can_play
    can_play = any(isinstance(m, Play) for m in out)
    if (
        seat == game.current
        and game.phase == _PLAY
        and DRAW not in out
        and may_draw(game, can_play)
    ):
        out.insert(len([m for m in out if isinstance(m, Play)]), DRAW)
    return out, can_play


def _catches(game: State, seat: int, moves: list[Move]) -> None:
    """Add a catch of each seat that ``seat`` may catch (:func:`may_catch`) to ``moves``."""
    for target in range(game.n):
        if may_catch(game, seat, target):
            moves.append(_CATCH[target])


def _turn_plays(game: State, seat: int) -> list[Move]:
    rules = game.rules
    hand = game.hands[seat]
    size = len(hand)
    finish = rules.number_finish
    out: list[Move] = []
    color = game.color
    top = game.discard[-1] if game.discard else None
    top_rank = RANK_OF[top] if top is not None and COLOR_OF[top] >= 0 and game.tops is None else -1
    swaps = rules.seven_zero
    uno = offers_uno(game.called[seat], size - 1, rules.false_uno_penalty)
    for card in dict.fromkeys(hand):
        card_color = COLOR_OF[card]
        rank = RANK_OF[card]
        if (
            card_color >= 0
            and top_rank >= 0
            and not (swaps and (rank == 7 or rank == 0))
            and rank != _DISCARD_ALL
        ):
            # the common case, inlined: a colour card, one plain top card, no swap
            if card_color != color and rank != top_rank:  # (matching.follows, written out)
                continue
            if finish and size == 1 and rank > 9:
                continue
            out.append(play_of(card, -1, False))
            if uno:
                out.append(play_of(card, -1, True))
            continue
        if not playable(game, card, seat):
            continue
        if finish and size == 1 and rank > 9:
            continue
        out += variants(game, seat, (card,))
    if rules.multi_play != "off":
        _multi_plays(game, seat, out)
    return out


def _multi_plays(game: State, seat: int, out: list[Move]) -> None:
    """Add the plays of several cards at once (``multi_play``) to ``out``."""
    rules = game.rules
    hand = game.hands[seat]
    size = len(hand)
    finish = rules.number_finish
    multi = rules.multi_play
    if multi == "identical_pair":
        for card, count in Counter(hand).items():
            if count < 2 or COLOR_OF[card] < 0 or not playable(game, card, seat):
                continue
            if size == 2 and (not game.called[seat] or (finish and RANK_OF[card] > 9)):
                continue  # 001: the last two cards together only after calling UNO
            out += variants(game, seat, (card, card))
    elif multi == "same_rank":
        for group in _same_rank_groups(game, seat):
            if finish and len(group) == size and RANK_OF[group[0]] > 9:
                continue
            out += variants(game, seat, group)


def _same_rank_groups(game: State, seat: int) -> Iterator[tuple[Card, ...]]:
    """Every multiset of two or more colour cards of one rank with a playable card among them."""
    hand = game.hands[seat]
    same_color = game.rules.multi_play_same_color
    by_key: dict[tuple[int, int], list[Card]] = {}
    for card in hand:
        if COLOR_OF[card] >= 0:
            key = (int(RANK_OF[card]), COLOR_OF[card] if same_color else -1)
            by_key.setdefault(key, []).append(card)
    for cards in by_key.values():
        if len(cards) < 2:
            continue
        seen: set[tuple[Card, ...]] = set()
        for size in range(2, len(cards) + 1):
            for group in combinations(sorted(cards), size):
                if group in seen:
                    continue
                seen.add(group)
                if any(playable(game, c, seat) for c in group):
                    yield group


def _penalty_plays(game: State, seat: int) -> list[Move]:
    """Stacking and deflecting plays against the pending penalty (RULES.md §7.1, §7.2)."""
    rules = game.rules
    stacking, deflect = rules.stacking, rules.deflect
    if stacking == "off" and deflect == "off":
        return []
    hand = game.hands[seat]
    penalty = game.stack[-1].card
    prank = RANK_OF[penalty]
    finish = rules.number_finish and len(hand) == 1
    out: list[Move] = []
    for card in dict.fromkeys(hand):
        if finish:
            break
        rank = RANK_OF[card]
        if DRAW_VALUE_OF[card]:
            if stacking == "off" or not stacks_on(game, card, prank):
                continue
            if rank == _WD4 and not rules.challenge and not is_honest(game, seat):
                continue
        elif rank in (_SKIP, _REVERSE):
            if deflect == "off":
                continue
            if COLOR_OF[penalty] >= 0:  # a +2 (No Mercy: a coloured +4): its colour only
                if COLOR_OF[card] != COLOR_OF[penalty]:
                    continue
            elif deflect == "named_color" and COLOR_OF[card] != game.color:
                continue
        else:
            continue
        out += variants(game, seat, (card,))
    return out


def _jump_plays(game: State, seat: int) -> list[Move]:
    """Out-of-turn plays: jump-ins (§7.3) and sum jump-ins (§7.6)."""
    jump = game.jump
    assert jump is not None
    if seat == jump.player or seat in jump.skipped or not game.in_round[seat]:
        return []
    rules = game.rules
    hand = game.hands[seat]
    tops = jump.cards
    out: list[Move] = []
    if rules.jump_in != "off" and (game.phase != Phase.PENALTY or DRAW_VALUE_OF[game.discard[-1]]):
        wilds = rules.jump_in == "identical_any"
        finish = rules.number_finish and len(hand) == 1
        same = identical_to(game)
        for card in dict.fromkeys(hand):
            if card in same and (COLOR_OF[card] >= 0 or wilds):
                if finish and RANK_OF[card] > 9:
                    continue
                out += variants(game, seat, (card,))
    if rules.sum_jump_in and len(tops) == 1 and RANK_OF[tops[0]] <= 9 and game.phase == Phase.PLAY:
        for group in _sums(game, seat, tops[0]):
            out += variants(game, seat, group, summed=True)
    return out


def _sums(game: State, seat: int, top: Card) -> Iterator[tuple[Card, ...]]:
    """Multisets of two or more number cards adding up to the top number (001 求和抢牌)."""
    target = int(RANK_OF[top])
    any_color = game.rules.sum_jump_in_any_color
    pool = sorted(
        c
        for c in game.hands[seat]
        if RANK_OF[c] <= target and (any_color or COLOR_OF[c] == COLOR_OF[top])
    )
    seen: set[tuple[Card, ...]] = set()

    def walk(start: int, total: int, chosen: list[Card]) -> Iterator[tuple[Card, ...]]:
        if total == target and len(chosen) >= 2:
            group = tuple(chosen)
            if group not in seen:
                seen.add(group)
                yield group
        for i in range(start, len(pool)):
            value = int(RANK_OF[pool[i]])
            if total + value <= target:
                chosen.append(pool[i])
                yield from walk(i + 1, total + value, chosen)
                chosen.pop()

    yield from walk(0, 0, [])


def _others(game: State, seat: int) -> list[int]:
    return [s for s in range(game.n) if s != seat and game.in_round[s]]


def variants(game: State, seat: int, cards: tuple[Card, ...], summed: bool = False) -> list[Move]:
    """Every way to play these cards: colour, targets, wild_multi choices, with UNO or not."""
    rules = game.rules
    hand = game.hands[seat]
    first = cards[0]
    rank = RANK_OF[first]
    left = len(hand) - len(cards)
    if rank == _DISCARD_ALL:  # the other cards of its colour go with it (VARIANTS.md §1)
        shades = {COLOR_OF[c] for c in cards}
        left = sum(1 for c in hand if COLOR_OF[c] not in shades)
    called = game.called[seat]
    single = len(cards) == 1
    # a sum jump-in's 7 or 0 swaps nothing: its effect would hang on the order written
    swaps = rules.seven_zero and (rank in (_SEVEN, _ZERO)) and left > 0 and not summed
    uno_ok = not swaps and offers_uno(called, left, rules.false_uno_penalty)
    uno_flags = (False, True) if uno_ok else (False,)
    if single and not swaps:
        color = COLOR_OF[first]
        if color >= 0:
            return [play_of(first, -1, u) for u in uno_flags]
        if rank == _ROULETTE:  # the next player names the colour (RULES-NOTES.md "No Mercy")
            return [play_of(first, -1, u) for u in uno_flags]
        effect = CUSTOM_EFFECTS[rules.custom_effect] if rank == Rank.WILD_CUSTOMIZABLE else None
        if (rank != _WILD or not rules.wild_multi) and (effect is None or not effect.targeted):
            return [play_of(first, c, u) for c in range(4) for u in uno_flags]
    more = cards[1:]
    out: list[Move] = []
    if COLOR_OF[first] < 0:
        colors: Iterable[Color | None] = tuple(Color)
    else:
        shades = {COLOR_OF[c] for c in cards}
        several = len(shades) > 1 and not summed  # a sum jump-in names no colour (001)
        colors = tuple(Color(c) for c in sorted(shades)) if several else (None,)
    targets: Iterable[int | None] = (None,)
    targeted = rank == Rank.WILD_CUSTOMIZABLE and CUSTOM_EFFECTS[rules.custom_effect].targeted
    if (swaps and rank == _SEVEN) or targeted:
        targets = _others(game, seat)
    for named in colors:
        for target in targets:
            for u in uno_flags:
                out.append(Play(first, named, u, more, target))
    if rank == _WILD and rules.wild_multi and single:
        rest = sorted(hand)
        rest.remove(first)
        by_count: dict[int, list[tuple[Card, ...]]] = {}
        for target in _others(game, seat):
            # three each way, fewer if either has fewer (§7.8): the same number both ways
            count = min(3, len(rest), len(game.hands[target]))
            if count not in by_count:
                by_count[count] = sorted(set(combinations(rest, count)))
            for u in uno_flags:
                out.append(Play(first, None, u, (), None, target))
                for give in by_count[count]:
                    out.append(Play(first, None, u, (), None, None, target, give))
    return out


def penalty_ok(game: State, seat: int, move: Penalty) -> bool:
    return (
        seat == REFEREE
        and game.phase < Phase.ROUND_OVER
        and 0 <= move.target < game.n
        and game.in_round[move.target]
        and 1 <= move.count <= 50
    )
