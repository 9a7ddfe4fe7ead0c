"""What is refused, and why, comes from the checks the legal moves are listed from (issue 20).

At random positions of games of every preset and of random option mixes, every move a seat (or
the referee, or no seat at all) could try is put to :func:`unokit.verify.verify`:

- it is refused exactly when ``legal_moves`` does not list it;
- the reason ``Game.apply`` raises (and ``verify.reason`` gives) is the first failing check's,
  the checks before it passing, and never the catch-all text;
- that check, flipped, would allow it: the rule options its reason cites are what it hangs
  on (with another value of one of them the move is allowed, or refused for another reason).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.options import allowed_rules, option_values
from unokit import Game, IllegalMoveError, Rules, RulesError
from unokit.cards import ALL_CARDS, COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.legality import normalize, penalty_ok
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
from unokit.rng import Rng
from unokit.rules import OPTIONS, PRESETS
from unokit.verify import CATCH_ALL, CHECKS, reason, verify
from unokit.why import Why


def candidates(game: Game, seat: int, rng: Rng) -> Iterator[Move]:
    """Moves ``seat`` could try now: every kind, plays of each card held with every colour and
    UNO flag, swap and peek targets, pairs of cards, a card not held, and the legal ones."""
    yield from (DRAW, PASS, CHALLENGE, CALL_UNO, TIMEOUT, DEAL)
    yield from (ChooseColor(c) for c in Color)
    yield from (Catch(t) for t in range(-1, game.n + 1))
    yield from (Penalty(t, count) for t in (0, game.n) for count in (0, 2, 51))
    hand = game.hands[seat] if 0 <= seat < game.n else []
    others = [s for s in range(game.n) if s != seat]
    for card in dict.fromkeys(hand):
        for color in (None, *Color):
            for uno in (False, True):
                yield Play(card, color, uno)
        target = others[rng.below(len(others))]
        if RANK_OF[card] == Rank.SEVEN:
            yield Play(card, None, False, (), target)
        if RANK_OF[card] == Rank.WILD:
            yield Play(card, None, False, (), None, target)
            yield Play(card, None, False, (), None, None, target, tuple(hand[:1]))
    if len(hand) >= 2:
        for _ in range(3):
            a, b = hand[rng.below(len(hand))], hand[rng.below(len(hand))]
            color = None if COLOR_OF[a] >= 0 and rng.below(2) else Color(rng.below(4))
            yield Play(a, color, False, (b,))
    yield Play(ALL_CARDS[rng.below(len(ALL_CARDS))], Color(rng.below(4)))
    if 0 <= seat < game.n or seat == REFEREE:
        yield from game.legal_moves(seat)


def listed(game: Game, seat: int, move: Move) -> bool:
    if type(move) is Penalty:
        return penalty_ok(game, seat, move)
    return normalize(move) in game.legal_moves(seat)


def first_failing(game: Game, seat: int, move: Move) -> tuple[int, Why] | None:
    for i, check in enumerate(CHECKS[type(move)]):
        why = check(game, seat, move)
        if why is not None:
            return i, why
    return None


def with_rule(game: Game, name: str, value: object) -> Game | None:
    """``game`` under its rules with option ``name`` set to ``value`` (None: refused)."""
    try:
        rules = game.rules.replace(**{name: value})
    except RulesError:
        return None
    other = game.copy()
    blank = Game.blank(rules)
    other.rules, other.rule_text, other.quick = rules, blank.rule_text, blank.quick
    other.legal_cache = {}
    return other


def _a_cited_rule_decides(game: Game, seat: int, move: Move, why: Why) -> bool:
    """Whether one of the options ``why`` cites, set to another value (of those a table may
    combine with the others), allows the move or refuses it for another reason: the rule
    cited is one the refusal hangs on, not a decoration (a closed catch window cites
    catch_window, which closed it, and false_catch_penalty, which would allow the catch)."""
    tried = False
    for cited in why.rules:
        name = cited.partition("=")[0]
        for value in option_values(name):
            if value == getattr(game.rules, name):
                continue
            other = with_rule(game, name, value)
            if other is None:
                continue
            tried = True
            again = verify(other, seat, move)
            if again is None or (again.text, again.values) != (why.text, why.values):
                return True
    return not tried


def judge_position(game: Game, rng: Rng) -> int:
    """Every check of the module docstring for every seat at this position; moves judged."""
    judged = 0
    for seat in (*range(game.n), REFEREE, game.n):
        for move in candidates(game, seat, rng):
            judged += 1
            why = verify(game, seat, move)
            allowed = listed(game, seat, move)
            assert (why is None) == allowed, (seat, move, str(why), game.to_dict())
            if allowed:
                continue
            assert why is not None
            assert why.text != CATCH_ALL, (seat, move, str(why))
            found = first_failing(game, seat, move)
            assert found is not None and found[1] == why
            assert reason(game, seat, move) == why
            if type(move) is not Penalty and not game.is_misplay(seat, move):
                before = game.to_dict()
                with pytest.raises(IllegalMoveError) as refused:
                    game.apply(seat, move)
                assert refused.value.why == why
                assert game.to_dict() == before
            if why.rules:
                assert _a_cited_rule_decides(game, seat, move, why), (seat, move, str(why))
    return judged


def _games() -> Iterator[tuple[str, Rules, int]]:
    for preset in PRESETS:
        for k in range(2):
            players = 4 if preset == "teams" else 2 + 3 * k
            rules = allowed_rules({"players": players}, preset=preset)
            assert rules is not None
            yield f"{preset}-{k}", rules, 31 * k + 5
    pick = Rng(20)
    made = 0
    while made < 16:
        options = {
            name: (values := option_values(name))[pick.below(len(values))]
            for name in OPTIONS
            if name != "players" and pick.below(3) == 0
        }
        rules = allowed_rules({**options, "misplay": "reject"}, players=2 + pick.below(4))
        if rules is not None:
            yield f"mix-{made}", rules, pick.below(2**32)
            made += 1


@pytest.mark.parametrize(("name", "rules", "seed"), list(_games()), ids=[g[0] for g in _games()])
def test_what_is_refused_and_why_come_from_the_checks(name: str, rules: Rules, seed: int) -> None:
    game = Game(rules, seed)
    rng = Rng(seed ^ 0xC4EC)
    judged = 0
    for step in range(60):
        if game.match_over:
            break
        if step % 4 == 0:
            judged += judge_position(game, rng)
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seats = [game.current, *game.waiting_seats()]
        seat = seats[rng.below(len(seats))]
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.below(len(legal))])
    assert judged > 100


def test_a_refusal_names_the_rule_and_the_rule_decides() -> None:
    """One by hand: holding a playable card under draw_with_playable = forbidden, a draw is
    refused citing that option; with the option allowed, the same draw is allowed."""
    game = Game.from_table(
        Rules(players=2, draw_with_playable="forbidden"),
        [[Card.parse("R1"), Card.parse("G2")], [Card.parse("B3"), Card.parse("B4")]],
        [Card.parse("Y5"), Card.parse("Y6")],
        [Card.parse("R9")],
    )
    why = verify(game, 0, DRAW)
    assert why is not None and why.rules == ("draw_with_playable=forbidden",)
    assert (
        str(why) == "seat 0 holds a playable card and may not draw (draw_with_playable=forbidden)"
    )
    other = with_rule(game, "draw_with_playable", "allowed")
    assert other is not None and verify(other, 0, DRAW) is None
