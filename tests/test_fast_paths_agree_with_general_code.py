"""The engine's fast paths give what the general code gives (docs/performance.md)."""

from __future__ import annotations

import copy
import inspect
import pickle

import pytest

from unokit import Game, Rules, legality
from unokit import events as ev
from unokit.cards import Card, Color
from unokit.matching import quick_rules
from unokit.moves import Play
from unokit.rng import Rng


@pytest.mark.parametrize("size", [0, 1, 2, 5, 108])
def test_shuffled_pops_is_a_shuffle_then_pops(size: int) -> None:
    for seed in range(50):
        items = list(range(size))
        whole, lazy = Rng(seed), Rng(seed)
        whole.shuffle(items)
        expected = items[::-1]
        draws = lazy.shuffled_pops(list(range(size)))
        assert lazy.state == whole.state  # moved on at once, as the whole shuffle
        assert list(draws) == expected


def _loop_shuffle(state: int, items: list[int]) -> int:
    """SplitMix64 Fisher-Yates written out, one output per step: the reference."""
    mask = (1 << 64) - 1
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


@pytest.mark.parametrize(
    "size", [0, 1, 2, 15, 16, 17, 53, 107, 108, 109, 112, 216, 255, 256, 257, 1500]
)
def test_shuffle_in_lanes_is_the_loop(size: int) -> None:
    # the interpreted shuffle computes its outputs in lanes of one int from 16 items on
    # (rng._lanes_shuffle); the same permutation and final state as one output per step
    for seed in [0, 1, 2**63, 2**64 - 1, 0x5EED, *range(3, 40)]:
        items, expected = list(range(size)), list(range(size))
        rng = Rng(seed)
        rng.shuffle(items)
        state = _loop_shuffle(seed, expected)
        assert (items, rng.state) == (expected, state), seed


def test_below_reading_ahead_gives_the_generator_s_draws() -> None:
    # Rng.below reads 64 outputs ahead once two draws come in a row; mixed with shuffles,
    # states set from outside, next64 and copies, every draw and state is the plain
    # generator's (SplitMix64 written out here)
    mask = (1 << 64) - 1

    def output(state: int) -> int:
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    rng, state = Rng(2024), 2024
    script = Rng(7)
    for step in range(20_000):
        action = script.below(100)
        if action < 80:  # runs of draws, long enough to use up what was read ahead
            n = 1 + script.below(1000)
            state = (state + 0x9E3779B97F4A7C15) & mask
            assert rng.below(n) == (output(state) * n) >> 64, step
        elif action < 90:
            items = list(range(script.below(120)))
            expected = items[:]
            rng.shuffle(items)
            state = _loop_shuffle(state, expected)
            assert items == expected
        elif action < 95:
            state = script.below(2**62) * 4 + script.below(4)
            rng.state = state
        elif action < 98:
            state = (state + 0x9E3779B97F4A7C15) & mask
            assert rng.next64() == output(state)
        else:  # every way of copying: the copy is its own generator from the same state
            way = script.below(4)
            if way == 0:
                twin = rng.copy()
            elif way == 1:
                twin = copy.copy(rng)
            elif way == 2:
                twin = copy.deepcopy(rng)
            else:
                twin = pickle.loads(pickle.dumps(rng))
            assert twin.state == state
            twin.below(7)  # draws of one never move the other
            rng, state = twin, (state + 0x9E3779B97F4A7C15) & mask
        assert rng.state == state


def test_rng_copies_and_pickles_keep_only_the_state() -> None:
    rng = Rng(5)
    rng.below(10)
    rng.below(10)  # now reading ahead
    twin = copy.copy(rng)
    expected = Rng(rng.state).below(2**60)
    assert rng.below(2**60) == expected
    assert twin.below(2**60) == expected  # its own read-ahead, not the original's
    assert len(pickle.dumps(rng)) < 100  # the state, not the outputs read ahead
    # a generator pickled before it read ahead: its slots, as (None, {"state": ...})
    old = Rng.__new__(Rng)
    old.__setstate__((None, {"state": 77}))
    assert old.below(9) == Rng(77).below(9)


@pytest.mark.parametrize("state", [-(1 << 63), -1, (1 << 64) + 5, 1 << 130])
def test_a_state_set_out_of_range_draws_as_the_loop(state: int) -> None:
    # rng.state assigned by hand (never by the engine): arithmetic modulo 2**64, as always
    items, expected = list(range(108)), list(range(108))
    rng = Rng(0)
    rng.state = state
    rng.shuffle(items)
    assert (items, rng.state) == (expected, _loop_shuffle(state, expected))
    a, b = Rng(0), Rng(state & ((1 << 64) - 1))
    a.state = state
    assert [a.below(50) for _ in range(100)] == [b.below(50) for _ in range(100)]


def test_event_init_is_the_dataclass_init() -> None:
    e = ev.Played(1, (Card.parse("R5"),), rule="x")
    assert (e.seat, e.cards, e.color, e.rule) == (1, (Card.parse("R5"),), None, "x")
    assert str(inspect.signature(ev.ChallengeWon)) == (
        "(seat: 'int | None', liar: 'int', lacked: 'Color | None', by_color: 'bool', "
        "evidence: 'Cards', count: 'int', color: 'Color', rest: 'int' = 0, *, "
        "rule: 'str | None' = None) -> None"
    )
    with pytest.raises(TypeError):
        ev.Played(1)  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        e.seat = 2  # type: ignore[misc]


def test_shared_events_equal_new_ones() -> None:
    card = Card.parse("W")
    assert ev.played_one(3, card, Color.BLUE) == ev.Played(3, (card,), Color.BLUE)
    assert ev.played_one(3, card, Color.BLUE) is ev.played_one(3, card, Color.BLUE)
    assert ev.played_one(12, card, None) == ev.Played(12, (card,), None)
    assert ev.drew_one(0, card) == ev.Drew(0, (card,))
    assert ev.unplayable(1, 0) == ev.DrawnUnplayable(1, 0)
    assert ev.kept(0, 1) == ev.Kept(0, 1)
    green = Card.parse("G7")
    must = ev.drawn_can_play(2, green, True, "after_draw = must_play")
    assert must == ev.DrawnMustPlay(2, green, rule="after_draw = must_play")
    assert ev.drawn_can_play(2, green, True, "after_draw = must_play") is must
    # another rule text (other rules): a new event, never the shared one with the wrong text
    other = ev.drawn_can_play(2, green, True, "another text")
    assert other.rule == "another text" and must.rule == "after_draw = must_play"
    may = ev.drawn_can_play(2, green, False, "after_draw = may_play")
    assert may == ev.DrawnPlayable(2, green, rule="after_draw = may_play")


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"wd4_rule": "anytime", "challenge": False, "draw_with_playable": "forbidden"},
        {"multi_play": "same_rank", "false_uno_penalty": 2, "false_catch_penalty": 1},
        {"deck": "pairs", "turn_time_limit": 30, "after_draw": "must_play"},
    ],
)
def test_turn_table_lists_what_the_general_code_lists(options: dict[str, object]) -> None:
    """Every state reached by random moves: the looked-up turn equals the general one."""
    rules = Rules(players=3, **options)  # type: ignore[arg-type]
    assert quick_rules(rules)
    rng = Rng(5)
    for seed in range(30):
        game = Game(rules, seed)
        for _ in range(300):  # (false UNO calls and catches may make a round endless)
            if game.round_over:
                break
            seat = game.current
            quick = legality.legal_moves(game, seat)
            game.quick = False
            general = legality.legal_moves(game, seat)
            game.quick = True
            assert quick == general
            # the same interned objects for single cards
            singles = [(a, b) for a, b in zip(quick, general, strict=True) if type(a) is Play]
            assert all(a is b for a, b in singles if not a.more)
            game.apply(seat, quick[rng.below(len(quick))])
