"""One greedy rollout policy and one determinized search, in Python and in C (issue 10).

``unokit.sim.rollout`` is the reference: its docstring is the contract the accelerator follows
(policy, sampling draws, cap, value). The differential test: for the same generator, state,
candidates and number of samples, the C search and the Python search give exactly the same
values, and leave the caller's generator in the same state.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import table
from tests.fuzz import examples
from tests.test_fastplay import _MIX, _advance, _facing_wild_draw_four
from unokit import Card, Color, Game, Rules, RulesError
from unokit.bots import ExpertBot, play_round
from unokit.cards import deck_counts
from unokit.moves import CHALLENGE, DRAW, ChooseColor, Move, Play
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.sim.determinize import known_cards, sample_game, unseen_cards
from unokit.sim.fastplay import _encode, available, rollout_counts
from unokit.sim.rollout import (
    ROLLOUT_MAX_MOVES,
    favourite_color,
    greedy_move,
    rollout_values,
)

native_only = pytest.mark.skipif(not available(), reason="the C accelerator was not built")


def both(
    game: Game, moves: list[Move], samples: int, max_moves: int = ROLLOUT_MAX_MOVES, seed: int = 3
) -> tuple[list[float], int]:
    """The values of the C search and of the Python search, which must agree exactly."""
    view = game.view(game.current)
    found = []
    for engine in ("native", "python"):
        rng = Rng(seed)
        values, done = rollout_values(view, moves, rng, 30.0, samples, max_moves, engine=engine)
        found.append((values, done, rng.state))
    assert found[0] == found[1]
    return found[0][0], found[0][1]


# -- the differential test -----------------------------------------------------------------------


@native_only
@settings(max_examples=examples(200), deadline=None)
@given(
    options=_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    depth=st.integers(0, 60),
    samples=st.integers(1, 8),
    cap=st.sampled_from([0, 5, 40, ROLLOUT_MAX_MOVES]),
)
def test_native_and_python_searches_give_the_same_values(
    options: dict[str, object], players: int, seed: int, depth: int, samples: int, cap: int
) -> None:
    """Random mid-game states of every option mix the accelerator plays (penalties stacked,
    a +4 waiting, a drawn card, UNO windows, seven-zero), every legal move it can encode as a
    candidate: the same values, the same number of samples, the same generator state."""
    try:
        rules = Rules(players=players, **options)  # type: ignore[arg-type]
    except RulesError:
        return
    game = Game(rules, seed)
    _advance(game, depth, Rng(seed + 1))
    if game.round_over or game.tops is not None:  # (several cards on top: not for C)
        return
    view = game.view(game.current)
    moves = [m for m in view.legal_moves if _encode(m) is not None][:8]
    assert rollout_counts(view, moves, 1, 1.0, 1, 0) is not None
    native_rng, python_rng = Rng(seed ^ 9), Rng(seed ^ 9)
    native = rollout_values(view, moves, native_rng, 30.0, samples, cap, engine="native")
    python = rollout_values(view, moves, python_rng, 30.0, samples, cap, engine="python")
    assert native == python
    assert native_rng.state == python_rng.state


@native_only
def test_the_same_values_in_the_shipped_rule_sets() -> None:
    """Whole searches of a few hundred rollouts, not only short ones."""
    for preset, players in (("official", 2), ("official", 4), ("party", 3), ("teams", 4)):
        game = Game(Rules.preset(preset, players=players), seed=11)
        _advance(game, 12, Rng(5))
        if game.round_over:
            continue
        view = game.view(game.current)
        moves = [m for m in view.legal_moves if _encode(m) is not None][:5]
        values, samples = both(game, moves, 40)
        assert samples == 40 and any(0 < v < 1 for v in values), (preset, values)


# -- the policy ----------------------------------------------------------------------------------


def test_the_policy_plays_the_active_colour_first_then_any_colour_then_a_wild() -> None:
    game = table(["W+4 W B3 R5", "G1 G2"], draw="G7 G8", discard="R8")
    assert greedy_move(game, 0) == Play(Card.parse("R5"))
    game = table(["W+4 W B3 G5", "G1 G2"], draw="G7 G8", discard="R3")
    assert greedy_move(game, 0) == Play(Card.parse("B3"))  # matches the 3
    game = table(["W+4 W B1 G5", "G1 G2"], draw="G7 G8", discard="R3")
    assert greedy_move(game, 0) == Play(Card.parse("W"), Color.GREEN)  # the colour of G5
    game = table(["W+4 B1 B5", "G1 G2"], draw="G7 G8", discard="R3")
    assert greedy_move(game, 0) == Play(Card.parse("W+4"), Color.BLUE)
    game = table(["B1 B5", "G1 G2"], draw="G7 G8", discard="R3")
    assert greedy_move(game, 0) == DRAW


def test_a_wild_names_the_colour_held_most_then_of_most_points() -> None:
    hand = [Card.parse(c) for c in ("W", "B1", "G5", "G2", "B3")]
    assert favourite_color(hand, (Card.parse("W"),)) == Color.GREEN  # 2 each; 7 points to 4
    assert favourite_color(hand, (Card.parse("G5"),)) == Color.BLUE  # G5 not counted
    assert favourite_color([Card.parse("W")]) == Color.RED  # nothing held: the lower colour


def test_a_seven_swaps_with_the_smallest_other_hand_the_lower_seat_on_a_tie() -> None:
    hands = ["R7 G1 G2", "B1 B2 B3", "Y1 Y2", "G4 G5"]
    game = table(hands, draw="G7 G8 G9", discard="R3", seven_zero=True)
    assert greedy_move(game, 0) == Play(Card.parse("R7"), swap=2)


def test_the_policy_challenges_a_wild_draw_four_unless_its_player_holds_one_card() -> None:
    assert greedy_move(_facing_wild_draw_four("B1 B2"), 2) == CHALLENGE
    assert greedy_move(_facing_wild_draw_four("B1"), 2) == DRAW


def test_a_wild_start_card_names_the_colour_held_most() -> None:
    game = table(["B1 B2 G3", "Y1 Y2"], draw="W G7 G8", discard="")  # W is turned up
    assert game.phase == Phase.CHOOSE_COLOR
    assert greedy_move(game, game.current) == ChooseColor(Color.BLUE)


# -- the value of an unfinished rollout, and hands shown ------------------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "share"), [(2, 0, 0.5), (3, 0, 1 / 3), (4, 0, 0.25), (4, 2, 0.5)]
)
@pytest.mark.parametrize("engine", ["native", "python"])
def test_an_unfinished_rollout_counts_as_the_sides_share_of_the_seats(
    players: int, teams: int, share: float, engine: str
) -> None:
    if engine == "native" and not available():
        pytest.skip("the C accelerator was not built")
    hands = ["R1 R2 G3", "B1 B2 B3", "G5 G6", "Y1 Y2 Y3"][:players]
    game = table(hands, draw="G7 G8 G9 Y7 Y8 G1 G2 Y5 Y6", teams=teams)
    values, samples = rollout_values(game.view(0), [DRAW], Rng(1), 5.0, 6, 0, engine=engine)
    assert samples == 6 and values == [pytest.approx(share)]


def _after_a_won_challenge() -> Game:
    """Seat 1 bluffed a +4 holding R5 B7 G9 (red active); seat 2 challenged and won: seat 1
    drew 4, seat 2 plays on and has seen R5 B7 G9 W+4."""
    game = table(
        ["G1 G2 G3", "R5 B7 W+4 G9", "Y3 Y4 Y5 R1"],
        draw="G5 G6 G7 G8 Y6 Y7 Y8 B4 B5 B6 R2 R3 R4",
        color="red",
        current=1,
    )
    game.apply(1, Play(Card.parse("W+4"), Color.GREEN))
    game.apply(2, CHALLENGE)
    assert game.current == 2 and len(game.hands[1]) == 7
    return game


def test_a_hand_shown_by_a_challenge_is_known_in_every_sample() -> None:
    game = _after_a_won_challenge()
    view = game.view(2)
    assert set(view.revealed) == {1}
    known = known_cards(view)
    assert known == {1: [Card.parse(c) for c in ("R5", "B7", "G9")]}
    assert len(unseen_cards(view)) == len(unseen_cards(view, known={})) - 3
    rng = Rng(4)
    for _ in range(20):
        sample = sample_game(view, rng)
        assert sample.hands[1][:3] == known[1] and len(sample.hands[1]) == 7
        assert [len(h) for h in sample.hands] == list(view.hand_sizes)
        assert len(sample.draw_pile) == view.draw_pile_size
        used = Counter([*sample.draw_pile, *sample.discard, *(c for h in sample.hands for c in h)])
        assert not used - Counter(deck_counts(game.rules.deck))  # no card twice too often


@native_only
def test_the_accelerator_deals_the_known_cards_too() -> None:
    game = _after_a_won_challenge()
    moves = [m for m in game.legal_moves(2) if _encode(m) is not None][:4]
    both(game, moves, 60)


# -- the expert: the same decisions with and without the compiled module -------------------------


@native_only
def test_the_expert_plays_the_same_game_with_and_without_the_accelerator() -> None:
    """A fixed number of samples (no time limit): every decision is the same, so the whole
    round is, and the bots' generators end in the same state."""
    histories = []
    for native in (True, False):
        game = Game(Rules(players=2), seed=21)
        bots = [ExpertBot(s, time_ms=0, samples=3, native=native) for s in (1, 2)]
        for seat, bot in enumerate(bots):
            bot.reset(seat, game.rules)
        play_round(game, bots)
        histories.append((game.history, game.winner, [bot.rng.state for bot in bots]))
    assert histories[0] == histories[1]
