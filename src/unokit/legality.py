"""Which moves a seat may make now, and why a move is refused (RULES.md §3-§7).

Functions of a :class:`~unokit.game.Game`; the game's public ``legal_moves`` and ``verify``
call them. This is the single source of truth for legality: ``apply`` accepts exactly what
``legal_moves`` lists (plus, under ``misplay``, a wrong play on one's own turn).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.effects import CUSTOM_EFFECTS
from unokit.i18n import N_
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
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
from unokit.why import Why

if TYPE_CHECKING:
    from unokit.game import Game
    from unokit.rules import Rules

__all__ = [
    "CATCH_ALL",
    "is_honest",
    "legal_moves",
    "matches",
    "normalize",
    "playable",
    "playable_drawn",
    "reason",
    "top_colors",
]

_WILD: Final = Rank.WILD
_WD4: Final = Rank.WILD_DRAW_FOUR
_SKIP: Final = Rank.SKIP
_REVERSE: Final = Rank.REVERSE
_DRAW_TWO: Final = Rank.DRAW_TWO
_SEVEN: Final = Rank.SEVEN
_ZERO: Final = Rank.ZERO

# Interned single-card plays: legal-move lists reuse these objects instead of allocating.
_PLAYS: dict[tuple[Card, int, bool], Play] = {}


def _play(card: Card, color: int, uno: bool) -> Play:
    key = (card, color, uno)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(card, None if color < 0 else Color(color), uno)
    return move


_CATCH: Final = [Catch(t) for t in range(10)]
_CHOOSE: Final = [ChooseColor(c) for c in Color]

_PLAY: Final = Phase.PLAY
_AFTER_DRAW: Final = Phase.AFTER_DRAW
_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
_PENALTY: Final = Phase.PENALTY
_ROUND_OVER: Final = Phase.ROUND_OVER


def _single_plays(card: Card, uno: bool) -> tuple[Play, ...]:
    """The plays of one playable card under :func:`quick_rules`, as :func:`_variants` lists
    them: a colour card plain, then with the UNO call; a W or W+4 once per colour, each plain
    then with the call (the same interned plays as :func:`_play`)."""
    flags = (False, True) if uno else (False,)
    if COLOR_OF[card] >= 0:
        return tuple(_play(card, -1, u) for u in flags)
    if RANK_OF[card] in (_WILD, _WD4):
        return tuple(_play(card, c, u) for c in range(4) for u in flags)
    return ()  # a special wild: never in a deck of quick_rules


_CARD_IDS = range(max(Card._interned) + 1)


def _card_table(plays: Callable[[Card], tuple[Play, ...]]) -> list[tuple[Play, ...]]:
    return [plays(Card(c)) if c in Card._interned else () for c in _CARD_IDS]


def _matching(card: Card, color: int, top: Card) -> bool:
    """:func:`matches` for a plain top card: a wild, the active colour, or the top's rank."""
    c = COLOR_OF[card]
    return c < 0 or c == color or (COLOR_OF[top] >= 0 and RANK_OF[top] == RANK_OF[card])


#: ``[uno][color + 1][top][card]``: the legal single plays of ``card`` (a tuple, empty for none)
#: on the plain top card ``top`` (no sum jump-in group) under ``color``, the UNO call offered
#: when ``uno``: the common turn, looked up; valid under :func:`quick_rules` (every wild
#: playable). ``[uno][card]`` of :data:`_DRAWN_PLAYS`: the plays of a playable card.
_DRAWN_PLAYS: Final = [
    _card_table(lambda c: _single_plays(c, False)),
    _card_table(lambda c: _single_plays(c, True)),
]
_TURN_PLAYS: Final[list[list[list[list[tuple[Play, ...]]]]]] = [
    [
        [
            [
                _DRAWN_PLAYS[uno][card]
                if card in Card._interned and _matching(Card(card), color, Card(top))
                else ()
                for card in _CARD_IDS
            ]
            if top in Card._interned
            else []
            for top in _CARD_IDS
        ]
        for color in range(-1, 4)
    ]
    for uno in (False, True)
]


def quick_rules(rules: Rules) -> bool:
    """Whether a turn's single plays are those of the tables (``Game.quick``): no seven-zero
    swaps, no number finish, no wild_multi choices, every W+4 playable (challenge on, or +4 at
    any time), no special wilds in the deck."""
    return not (
        rules.seven_zero
        or rules.number_finish
        or rules.wild_multi
        or not (rules.challenge or rules.wd4_rule == "anytime")
        or rules.deck not in ("classic108", "pairs")
    )


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


# -- matching ------------------------------------------------------------------------------------


def playable(game: Game, card: Card, seat: int) -> bool:
    """Whether ``card`` may be played by ``seat`` on the top card (no penalty pending).

    The one definition of "what this seat could play now": legal moves, the +4 honesty check
    (:func:`is_honest`), the after-draw rule and the UNO checks all come down to it."""
    if game.quick and game.tops is None and game.discard:  # looked up (quick_rules)
        return bool(_TURN_PLAYS[0][game.color + 1][game.discard[-1]][card])
    if RANK_OF[card] == _WD4 and not game.rules.challenge:
        return is_honest(game, seat)
    return matches(game, card)


def matches(game: Game, card: Card) -> bool:
    """Whether ``card`` matches what is on top: a wild, the active colour, or the number or
    symbol of the top card; after a sum jump-in, of any card of the group (RULES.md §7.6)."""
    color = COLOR_OF[card]
    if color < 0 or color == game.color:
        return True
    tops = game.tops
    rank = RANK_OF[card]
    if tops is None:
        top = game.discard[-1] if game.discard else None
        return top is not None and COLOR_OF[top] >= 0 and RANK_OF[top] == rank
    return any(COLOR_OF[t] >= 0 and (RANK_OF[t] == rank or COLOR_OF[t] == color) for t in tops)


def playable_drawn(game: Game, card: Card, seat: int) -> bool:
    """Whether the card ``seat`` has just drawn counts as playable (it is in the hand): as
    :func:`playable`, but under ``after_draw = must_play`` (000 "Force Play") a +4 that would be
    a bluff (challenge on, the hand holding what makes it dishonest) does not: 000 calls such a
    +4 a violation, and Force Play forces only what may be played, so the player keeps it and
    the turn passes, as for any card that cannot be played (RULES-NOTES.md, after_draw)."""
    if not playable(game, card, seat):
        return False
    return game.rules.after_draw != "must_play" or RANK_OF[card] != _WD4 or is_honest(game, seat)


def top_colors(game: Game) -> set[int]:
    """The colours a card must avoid for an honest +4 under ``no_matching_color``: the active
    colour, and after a sum jump-in every colour of the group (RULES.md §5, §7.6)."""
    colors = {game.color}
    if game.tops is not None:
        colors.update(COLOR_OF[t] for t in game.tops if COLOR_OF[t] >= 0)
    return colors


def is_honest(game: Game, seat: int) -> bool:
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


# -- legal moves ---------------------------------------------------------------------------------


def legal_moves(game: Game, seat: int) -> list[Move]:
    """Every move ``seat`` may make now (the referee's: dealing the next round)."""
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
            called = game.called[seat]
            # no UNO call goes with a last card: nothing is left to call for
            uno = not called and (size == 2 or (size > 2 and rules.false_uno_penalty > 0))
            if phase == _PLAY:
                table = _TURN_PLAYS[uno][game.color + 1][discard[-1]]
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
                moves = list(_DRAWN_PLAYS[uno][game.drawn])
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
    if seat == REFEREE:
        return [DEAL] if phase == _ROUND_OVER else []
    if phase >= _ROUND_OVER or not 0 <= seat < game.n or not game.in_round[seat]:
        return []
    rules = game.rules
    hand = game.hands[seat]
    moves = []
    can_play = False
    if seat == game.current:
        if phase == _PLAY:
            moves = _turn_plays(game, seat)
            can_play = bool(moves)
            if not can_play or rules.draw_with_playable == "allowed":
                moves.append(DRAW)
        elif phase == _AFTER_DRAW:
            assert game.drawn is not None
            moves = _variants(game, seat, (game.drawn,))
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
    # RULES.md §6: holding two cards, a seat that could play now may call before playing
    size = len(hand)
    if not game.called[seat] and (size == 1 or rules.false_uno_penalty or (size == 2 and can_play)):
        moves.append(CALL_UNO)
    if rules.false_catch_penalty or True in game.window:
        _catches(game, seat, moves)
    return moves


def _catches(game: Game, seat: int, moves: list[Move]) -> None:
    """Add a catch of each other seat that may be caught (or of every other seat, when a false
    catch is a penalty rather than refused) to ``moves``."""
    rules = game.rules
    in_round = game.in_round
    for target in range(game.n):
        if (
            target != seat
            and in_round[target]
            and (rules.false_catch_penalty or game.catchable(target))
        ):
            moves.append(_CATCH[target])


def challengeable(game: Game) -> bool:
    """Whether the seat facing the penalty may challenge the +4 on top."""
    if not game.rules.challenge or not game.stack or not game.discard:
        return False
    return RANK_OF[game.stack[-1].card] == _WD4 and RANK_OF[game.discard[-1]] == _WD4


def _turn_plays(game: Game, seat: int) -> list[Move]:
    rules = game.rules
    hand = game.hands[seat]
    size = len(hand)
    finish = rules.number_finish
    out: list[Move] = []
    color = game.color
    top = game.discard[-1] if game.discard else None
    top_rank = RANK_OF[top] if top is not None and COLOR_OF[top] >= 0 and game.tops is None else -1
    swaps = rules.seven_zero
    # no UNO call goes with a last card: nothing is left to call for
    uno = not game.called[seat] and (size == 2 or (size > 2 and rules.false_uno_penalty > 0))
    for card in dict.fromkeys(hand):
        card_color = COLOR_OF[card]
        rank = RANK_OF[card]
        if card_color >= 0 and top_rank >= 0 and not (swaps and (rank == 7 or rank == 0)):
            # the common case, inlined: a colour card, one plain top card, no swap
            if card_color != color and rank != top_rank:
                continue
            if finish and size == 1 and rank > 9:
                continue
            out.append(_play(card, -1, False))
            if uno:
                out.append(_play(card, -1, True))
            continue
        if not playable(game, card, seat):
            continue
        if finish and size == 1 and rank > 9:
            continue
        out += _variants(game, seat, (card,))
    if rules.multi_play != "off":
        _multi_plays(game, seat, out)
    return out


def _multi_plays(game: Game, seat: int, out: list[Move]) -> None:
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
            out += _variants(game, seat, (card, card))
    elif multi == "same_rank":
        for group in _same_rank_groups(game, seat):
            if finish and len(group) == size and RANK_OF[group[0]] > 9:
                continue
            out += _variants(game, seat, group)


def _same_rank_groups(game: Game, seat: int) -> Iterator[tuple[Card, ...]]:
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


def _penalty_plays(game: Game, seat: int) -> list[Move]:
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
        if rank in (_DRAW_TWO, _WD4):
            if stacking == "off" or not _stacks_on(game, card, prank):
                continue
            if rank == _WD4 and not rules.challenge and not is_honest(game, seat):
                continue
        elif rank in (_SKIP, _REVERSE):
            if deflect == "off":
                continue
            if prank == _DRAW_TWO:
                if COLOR_OF[card] != COLOR_OF[penalty]:
                    continue
            elif deflect == "named_color" and COLOR_OF[card] != game.color:
                continue
        else:
            continue
        out += _variants(game, seat, (card,))
    return out


def _stacks_on(game: Game, card: Card, penalty_rank: Rank) -> bool:
    rank = RANK_OF[card]
    rule = game.rules.stacking
    if rule == "same_kind":
        return rank == penalty_rank
    if rule == "two_under_four":
        return rank == _WD4 or penalty_rank == _DRAW_TWO
    # any: a +2 on a +4 must match the named colour
    return rank == _WD4 or penalty_rank == _DRAW_TWO or COLOR_OF[card] == game.color


def _jump_plays(game: Game, seat: int) -> list[Move]:
    """Out-of-turn plays: jump-ins (§7.3) and sum jump-ins (§7.6)."""
    jump = game.jump
    assert jump is not None
    if seat == jump.player or seat in jump.skipped or not game.in_round[seat]:
        return []
    rules = game.rules
    hand = game.hands[seat]
    tops = jump.cards
    out: list[Move] = []
    if rules.jump_in != "off" and (
        game.phase != Phase.PENALTY or RANK_OF[game.discard[-1]] in (_DRAW_TWO, _WD4)
    ):
        wilds = rules.jump_in == "identical_any"
        finish = rules.number_finish and len(hand) == 1
        same = _identical_to(game)
        for card in dict.fromkeys(hand):
            if card in same and (COLOR_OF[card] >= 0 or wilds):
                if finish and RANK_OF[card] > 9:
                    continue
                out += _variants(game, seat, (card,))
    if rules.sum_jump_in and len(tops) == 1 and RANK_OF[tops[0]] <= 9 and game.phase == Phase.PLAY:
        for group in _sums(game, seat, tops[0]):
            out += _variants(game, seat, group, summed=True)
    return out


def _identical_to(game: Game) -> tuple[Card, ...]:
    """The cards a jump-in must be identical to: the top card (§7.3, also after several cards of
    one rank, §7.5); after a sum jump-in, any one of its group (§7.6, 001 (五) 求和抢牌:
    「只要有人有和你所出的这几张牌中的任何一张完全相同的牌时，就可抢牌」)."""
    return game.tops if game.tops is not None else (game.discard[-1],)


def _sums(game: Game, seat: int, top: Card) -> Iterator[tuple[Card, ...]]:
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


def _others(game: Game, seat: int) -> list[int]:
    return [s for s in range(game.n) if s != seat and game.in_round[s]]


def _variants(game: Game, seat: int, cards: tuple[Card, ...], summed: bool = False) -> list[Move]:
    """Every way to play these cards: colour, targets, wild_multi choices, with UNO or not."""
    rules = game.rules
    hand = game.hands[seat]
    first = cards[0]
    rank = RANK_OF[first]
    left = len(hand) - len(cards)
    called = game.called[seat]
    single = len(cards) == 1
    # a sum jump-in's 7 or 0 swaps nothing: its effect would hang on the order written
    swaps = rules.seven_zero and (rank in (_SEVEN, _ZERO)) and left > 0 and not summed
    uno_ok = not called and not swaps and (left == 1 or (left > 1 and rules.false_uno_penalty > 0))
    uno_flags = (False, True) if uno_ok else (False,)
    if single and not swaps:
        color = COLOR_OF[first]
        if color >= 0:
            return [_play(first, -1, u) for u in uno_flags]
        effect = CUSTOM_EFFECTS[rules.custom_effect] if rank == Rank.WILD_CUSTOMIZABLE else None
        if (rank != _WILD or not rules.wild_multi) and (effect is None or not effect.targeted):
            return [_play(first, c, u) for c in range(4) for u in uno_flags]
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


# -- reasons for refusals ------------------------------------------------------------------------


def penalty_ok(game: Game, seat: int, move: Penalty) -> bool:
    return (
        seat == REFEREE
        and game.phase < Phase.ROUND_OVER
        and 0 <= move.target < game.n
        and game.in_round[move.target]
        and 1 <= move.count <= 50
    )


def _why(
    text: str,
    you: str | None = None,
    about: int | None = None,
    *,
    game: Game | None = None,
    rules: tuple[str, ...] = (),
    sources: tuple[str, ...] = (),
    **values: Any,
) -> Why:
    """A reason: ``text`` (a message of the catalogues), its ``values``, the same said to the
    seat ``about`` (``you``), the options ``rules`` (names, cited with their values in
    ``game``) and the ``sources`` cited."""
    cited = tuple(game.rule_text[name] for name in rules) if game is not None else ()
    return Why(text, tuple(values.items()), you, about, sources, cited)


def _waiting(game: Game) -> Why:
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


def _not_yours(game: Game, seat: int, rules: tuple[str, ...] = ()) -> Why:
    return _why(
        N_("{waiting}, not {seat}'s"),
        N_("{waiting}, not yours"),
        seat,
        game=game,
        rules=rules,
        waiting=_waiting(game),
        seat=seat,
    )


def reason(game: Game, seat: int, move: Move) -> Why:
    """Why ``move`` is refused now, citing the rule (``str()`` of it: the referee's English;
    :func:`unokit.narrator.explain`: in a player's words and language)."""
    rules = game.rules
    if game.phase == Phase.MATCH_OVER:
        return _why(N_("the match is over"))
    if isinstance(move, Deal):
        if seat != REFEREE:
            return _why(N_("only the referee deals"))
        return _why(N_("the round is not over yet"))
    if isinstance(move, Penalty):
        if seat != REFEREE:
            return _why(N_("only the referee gives table penalties"))
        if game.phase == Phase.ROUND_OVER:
            return _why(N_("the round is over"))
        if not 0 <= move.target < game.n or not game.in_round[move.target]:
            return _why(N_("{target} is not playing this round"), target=move.target)
        return _why(N_("a penalty must be 1 to 50 cards, not {count}"), count=move.count)
    if game.phase == Phase.ROUND_OVER:
        return _why(N_("the round is over: nobody may play until the next deal"))
    if not 0 <= seat < game.n:
        return _why(
            N_("there is no seat {number} (seats are 0 to {last})"), number=seat, last=game.n - 1
        )
    if not game.in_round[seat]:
        return _why(
            N_("{seat} is out of this round"), N_("you are out of this round"), seat, seat=seat
        )
    hand = game.hands[seat]
    turn = seat == game.current
    if isinstance(move, Play):
        return _play_reason(game, seat, move, turn)
    if isinstance(move, Draw):
        if not turn:
            return _not_yours(game, seat)
        if game.phase == Phase.AFTER_DRAW:
            if rules.after_draw == "may_play":
                return _why(N_("you have already drawn: play the drawn card or pass"))
            return _why(
                N_("you have already drawn and must play the drawn card"),
                game=game,
                rules=("after_draw",),
            )
        if game.phase == Phase.CHOOSE_COLOR:
            return _waiting(game)
        return _why(
            N_("{seat} holds a playable card and may not draw"),
            N_("you hold a playable card and may not draw"),
            seat,
            game=game,
            rules=("draw_with_playable",),
            seat=seat,
        )
    if isinstance(move, Pass):
        if not turn or game.phase != Phase.AFTER_DRAW:
            return _why(N_("pass only keeps a card you have just drawn"))
        return _why(N_("the drawn card must be played"), game=game, rules=("after_draw",))
    if isinstance(move, Challenge):
        if not rules.challenge:
            return _why(N_("challenges are off"), game=game, rules=("challenge",))
        if game.phase != Phase.PENALTY or not game.stack:
            return _why(N_("there is no +4 to challenge"))
        if not challengeable(game):
            return _why(N_("only the +4 on top of the discard pile can be challenged"))
        return _why(N_("only {current}, who faces the +4, may challenge it"), current=game.current)
    if isinstance(move, ChooseColor):
        if game.phase != Phase.CHOOSE_COLOR:
            return _why(
                N_("there is no colour to name now (a wild's colour is named with the play)")
            )
        return _why(N_("{current}, the first player, names the colour"), current=game.current)
    if isinstance(move, Timeout):
        if not rules.turn_time_limit:
            return _why(N_("there is no time limit"), game=game, rules=("turn_time_limit",))
        return _why(
            N_("only the seat to act, {current}, can run out of time"), current=game.current
        )
    if isinstance(move, CallUno):
        if game.called[seat]:
            return _why(
                N_("{seat} has already called UNO"),
                N_("you have already called UNO"),
                seat,
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
    if isinstance(move, Catch):
        t = move.target
        if t == seat:
            return _why(N_("you cannot catch yourself"))
        if not 0 <= t < game.n or not game.in_round[t]:
            return _why(N_("{target} is not playing this round"), target=t)
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
    return _why(CATCH_ALL)


#: the reason no refusal of a well-formed move should get (a property test checks it)
CATCH_ALL = N_("not a legal move now")


def _play_reason(game: Game, seat: int, move: Play, turn: bool) -> Why:
    """Why a play is refused, from the same code that lists the legal plays: either no legal
    play puts down these cards (and the rule that stops them is named), or some do and the move
    differs from all of them in a detail (colour, UNO call, target, cards traded)."""
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
    if game.phase == Phase.CHOOSE_COLOR:
        return _waiting(game)
    cards = sorted(move.cards)
    same = [m for m in game.legal_moves(seat) if type(m) is Play and sorted(m.cards) == cards]
    if same:
        return _detail_reason(game, seat, move, same, len(hand))
    if not turn:
        return _jump_reason(game, seat, move)
    return _cards_reason(game, seat, move, hand)


def _jump_reason(game: Game, seat: int, move: Play) -> Why:
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
    if game.phase == Phase.PENALTY and RANK_OF[top] not in (_DRAW_TWO, _WD4):
        return _why(
            N_("while a penalty is pending only its draw card can be jumped"),
            game=game,
            rules=("jump_in",),
        )
    same = _identical_to(game)
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


def _cards_reason(game: Game, seat: int, move: Play, rest: list[Card]) -> Why:
    """Why no legal play of the seat's own turn puts down these cards."""
    rules = game.rules
    card = move.card
    if game.phase == Phase.PENALTY:
        penalty = game.stack[-1].card
        if (
            not move.more
            and rules.stacking == "any"
            and RANK_OF[card] == _DRAW_TWO
            and RANK_OF[penalty] == _WD4
            and COLOR_OF[card] != game.color
        ):
            return _why(
                N_("a +2 on a +4 must have the colour it named, {color}"),
                game=game,
                rules=("stacking",),
                color=game.color,
            )
        if challengeable(game):
            text = N_(
                "a penalty of {count} is pending: draw it, challenge the +4 or answer with a "
                "card the rules allow"
            )
        else:
            text = N_(
                "a penalty of {count} is pending: draw it or answer with a card the rules allow"
            )
        return _why(text, game=game, rules=("stacking", "deflect"), count=game.pending_draw)
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


def _detail_reason(game: Game, seat: int, move: Play, same: list[Play], left: int) -> Why:
    """These cards may be played: say what detail of ``move`` no legal play of them has."""
    rules = game.rules
    card = move.card
    colors = {m.color for m in same}
    if move.color not in colors:
        if colors == {None}:
            if move.more:
                return _why(N_("these cards name no colour"))
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
