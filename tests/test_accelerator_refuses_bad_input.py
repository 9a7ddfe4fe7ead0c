"""Hostile and absurd inputs to the C accelerator (issue 9, finding 13).

Each gets a clear ValueError or TypeError: never a crash, a read of memory never written, a
hang, a SystemError or a silent truncation. Long runs answer signals (Ctrl-C). ``make
sanitize`` runs this file and tests/test_fastplay.py against a build of the module with
AddressSanitizer and UBSan, where an out-of-bounds access fails the run even when the normal
build happens to survive it.
"""

from __future__ import annotations

import math
import signal
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.conftest import table
from tests.fuzz import examples
from tests.test_fastplay import _MIX, _advance
from unokit import Game, Rules, RulesError
from unokit.bots.expert import ExpertBot, check_time_ms
from unokit.moves import CHALLENGE, DRAW, PASS
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.sim.fastplay import (
    _COLORS,
    _DECK_IDS,
    _RANKS,
    _config,
    _encode,
    available,
    check_seconds,
    play_random_from,
    play_random_rounds,
    rollout_counts,
)
from unokit.sim.rollout import rollout_values

pytestmark = pytest.mark.skipif(not available(), reason="the C accelerator was not built")


def _native() -> Any:
    from unokit.sim import _fastplay

    return _fastplay


def _cfg(**options: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in _config(Rules(**options)))


CFG2 = _cfg(players=2)
TABLES = (_DECK_IDS, _RANKS, _COLORS)
# seat 0 holds R0 R1, seat 1 R2 R3; R4-R6 to draw, R7 on the discard, red, seat 0 to play
STATE = [[[0, 1], [2, 3]], [4, 5, 6], [7], 0, 1, 0, 0, 0, [], -1, [0, 0], [0, 0], [1, 1], 0]
VIEW = [0, [0, 1], [2, 3], [7], 0, 1, 0, 0, 0, [], -1, [0, 0], [0, 0], [1, 1], 5, 1, [[], []]]
POOL = list(range(20, 40))


def play_from(state: list[Any] | tuple[Any, ...], cfg: Any = CFG2, max_moves: int = 100) -> Any:
    return _native().play_from(cfg, *TABLES, tuple(state), 1, max_moves)


def rollouts(
    view: Any = None, candidates: Any = None, seconds: Any = 1.0, samples: Any = 3, cfg: Any = CFG2
) -> Any:
    view = tuple(VIEW) if view is None else view
    candidates = [(1, 0, -1, 0, -1)] if candidates is None else candidates
    return _native().rollouts(cfg, *TABLES, view, POOL, candidates, samples, seconds, 1, 10)


def changed(base: list[Any], **changes: Any) -> tuple[Any, ...]:
    state = list(base)
    for index, value in changes.items():
        state[int(index[1:])] = value
    return tuple(state)


# -- counts ----------------------------------------------------------------------------------


def test_negative_games_are_refused_not_read_from_uninitialised_memory() -> None:
    with pytest.raises(ValueError, match=r"games must be in \[0, "):
        _native().play_rounds(CFG2, *TABLES, 0, -1, 0, 10)
    with pytest.raises(ValueError, match=r"games must be in \[0, "):
        play_random_rounds(Rules(players=2), 0, -1, Rng(1))
    none = play_random_rounds(Rules(players=2), 0, 0, Rng(1))
    assert none is not None
    assert (none.games, none.moves, none.wins, none.last_winner) == (0, 0, (0, 0), None)
    assert none.last_hands == ((), ())


@pytest.mark.parametrize(
    ("games", "max_moves", "error", "message"),
    [
        (-1, 100, ValueError, "games"),
        (2**70, 100, ValueError, "games"),
        (10**13, 100, ValueError, "games"),
        ("3", 100, TypeError, "games must be an int"),
        (1.5, 100, TypeError, "games must be an int"),
        (1, -1, ValueError, "max_moves"),
        (1, 10**10, ValueError, "max_moves"),
        (1, None, TypeError, "max_moves must be an int"),
    ],
)
def test_counts_are_checked_at_the_boundary(
    games: Any, max_moves: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        play_random_rounds(Rules(players=2), 0, games, Rng(1), max_moves)
    with pytest.raises(error, match=message):
        _native().play_rounds(CFG2, *TABLES, 0, games, 0, max_moves)


def test_generator_states_are_checked_not_reduced() -> None:
    with pytest.raises(ValueError, match=r"choice_state must be in \[0, 2\*\*64 - 1\]"):
        _native().play_rounds(CFG2, *TABLES, 0, 1, -1, 10)
    with pytest.raises(ValueError, match="first_seed"):
        _native().play_rounds(CFG2, *TABLES, 2**64, 1, 0, 10)
    with pytest.raises(ValueError, match="game_rng_state"):
        play_from(changed(STATE, i13=2**64 + 3))
    with pytest.raises(TypeError, match="rng must be"):
        play_random_rounds(Rules(players=2), 0, 1, 5)  # type: ignore[arg-type]


def test_rules_tuple_fields_are_checked() -> None:
    bad = list(CFG2)
    bad[8] = 7  # wd4_rule
    with pytest.raises(ValueError, match=r"wd4_rule must be in \[0, 2\], not 7"):
        _native().play_rounds(tuple(bad), *TABLES, 0, 1, 0, 10)
    bad = list(CFG2)
    bad[10] = 2**31  # challenge_fail_extra: not truncated, not overflowing the draw count
    with pytest.raises(ValueError, match="challenge_fail_extra"):
        _native().play_rounds(tuple(bad), *TABLES, 0, 1, 0, 10)
    with pytest.raises(TypeError, match=r"the rules \(cfg\) must be a tuple of 18 items"):
        _native().play_rounds(CFG2[:5], *TABLES, 0, 1, 0, 10)
    with pytest.raises(ValueError, match=r"ranks and colors must give one row per card id"):
        _native().play_rounds(CFG2, _DECK_IDS, _RANKS, _COLORS[:-1], 0, 1, 0, 10)


# -- types: never SystemError ----------------------------------------------------------------


def test_non_tuple_arguments_raise_type_error_not_system_error() -> None:
    native = _native()
    with pytest.raises(TypeError, match="the rules"):
        native.play_rounds(list(CFG2), *TABLES, 0, 1, 0, 10)
    with pytest.raises(TypeError, match="state must be a tuple of 14 items"):
        native.play_from(CFG2, *TABLES, list(STATE), 1, 10)
    with pytest.raises(TypeError, match="state must be a tuple of 14 items"):
        native.play_from(CFG2, *TABLES, tuple(STATE[:13]), 1, 10)
    with pytest.raises(TypeError, match="state must be a tuple of 17 items"):
        native.rollouts(CFG2, *TABLES, list(VIEW), POOL, [(1, 0, -1, 0, -1)], 1, 0.1, 1, 10)
    with pytest.raises(TypeError, match="a stack entry must be a tuple"):
        play_from(changed(STATE, i6=3, i8=[[0, 12, 0, 1]]))
    with pytest.raises(TypeError, match="a candidate move must be a tuple"):
        rollouts(candidates=[[1, 0, -1, 0, -1]])
    with pytest.raises(TypeError, match="hands must be a list or tuple"):
        play_from(changed(STATE, i0=7))
    with pytest.raises(TypeError, match="a card id in hand must be an int"):
        play_from(changed(STATE, i0=[["R1"], [2]]))
    with pytest.raises(TypeError, match="deck must be a list or tuple"):
        native.play_rounds(CFG2, "abc", _RANKS, _COLORS, 0, 1, 0, 10)
    with pytest.raises(TypeError, match="color must be an int"):
        play_from(changed(STATE, i3=None))


def test_card_ids_are_checked_not_truncated() -> None:
    with pytest.raises(ValueError, match="card id 4294967299 out of range in hand"):
        play_from(changed(STATE, i0=[[0, 2**32 + 3], [2, 3]]))
    with pytest.raises(ValueError, match=r"card id 1180591620717411303424 out of range in pool"):
        _native().rollouts(CFG2, *TABLES, tuple(VIEW), [2**70], [(1, 0, -1, 0, -1)], 1, 0.1, 1, 1)
    with pytest.raises(ValueError, match="card id -1 out of range in discard"):
        play_from(changed(STATE, i2=[-1]))
    with pytest.raises(ValueError, match=r"called must be in \[0, 1\], not 256"):
        play_from(changed(STATE, i10=[256, 0]))  # a flag of 256 was read as 0
    with pytest.raises(ValueError, match=r"pending must be in \[0, 128\]"):
        play_from(changed(STATE, i6=3, i7=2**31 - 1, i8=[(0, 12, 0, 1)]))


# -- the move list never overflows -----------------------------------------------------------

SEVENS_RANKS = [7] * 128  # 128 card kinds, all sevens (tables no real deck has)
SEVENS_COLORS = [i % 4 for i in range(128)]
SEVENS_CFG = _cfg(players=10, seven_zero=True)


def test_a_hand_of_sevens_with_nine_swap_targets_fits_the_move_list() -> None:
    """127 different sevens, 9 other seats to swap with: 1,143 legal plays (the old array held
    1,100: ASan reported a stack-buffer-overflow in ``add``)."""
    hand = list(range(1, 128))
    state = (
        [hand] + [[] for _ in range(9)],
        [],
        [0],
        0,
        1,
        0,
        0,
        0,
        [],
        -1,
        [0] * 10,
        [0] * 10,
        [1] * 10,
        0,
    )
    native = _native()
    tables = (list(range(128)), SEVENS_RANKS, SEVENS_COLORS)
    moves, _, hands, _, _ = native.play_from(SEVENS_CFG, *tables, state, 1, 300)
    assert 1 <= moves <= 300
    assert sum(len(h) for h in hands) <= 127
    view = (0, hand, [127] + [0] * 9, [0], 0, 1, 0, 0, 0, [], -1, [0] * 10, [0] * 10, [1] * 10)
    view = (*view, 0, 1, [[]] * 10)
    last = (0, 127, -1, 0, 9)  # play the last seven, swapping with seat 9
    wins, unfinished, samples = native.rollouts(
        SEVENS_CFG, *tables, view, [], [last], 2, 1.0, 3, 50
    )
    assert samples == 2 and len(wins) == len(unfinished) == 1


# -- candidates and states that would read what is not there ---------------------------------


@pytest.mark.parametrize(
    "candidate",
    [
        (3, 0, -1, 0, -1),  # challenge: nothing pending (read the stack at index -1)
        (2, 0, -1, 0, -1),  # keep a drawn card: nothing drawn
        (0, 50, -1, 0, -1),  # a card seat 0 does not hold
        (0, 1, 2, 0, -1),  # a colour named for a colour card
        (0, 1, -1, 0, 1),  # a swap without seven-zero
        (6, 0, 2, 0, -1),  # name a colour: no wild waits for one
        (5, 0, 1, 0, -1),  # catch seat 1: it holds two cards
    ],
)
def test_rollout_candidates_must_be_legal_moves(candidate: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="bad candidate move 0: not a legal move"):
        rollouts(candidates=[candidate])


def test_rollout_counts_decline_a_challenge_with_nothing_pending() -> None:
    game = table(["R1 R2", "B1 B2"], draw="G7 G8 G9 Y7")
    view = game.view(0)
    assert rollout_counts(view, [CHALLENGE], 1, 0.01, 1, 10) is None
    assert rollout_counts(view, [PASS], 1, 0.01, 1, 10) is None
    assert rollout_counts(view, [DRAW], 1, 0.01, 2, 10) is not None
    with pytest.raises(ValueError, match="not a legal move"):  # nor does the Python search
        rollout_values(view, [CHALLENGE], Rng(1), 0.01)


def test_known_cards_are_checked() -> None:
    """The cards seat 0 knows another seat holds (a challenged +4's hand) come per seat, fit
    that hand, and are never seat 0's own."""
    with pytest.raises(TypeError, match="known must be a list or tuple"):
        rollouts(view=changed(VIEW, i16=None))
    with pytest.raises(ValueError, match="one list of cards per seat"):
        rollouts(view=changed(VIEW, i16=[[]]))
    with pytest.raises(ValueError, match="card id 500 out of range in known"):
        rollouts(view=changed(VIEW, i16=[[], [500]]))
    with pytest.raises(ValueError, match="known cards must fit the hand of another seat"):
        rollouts(view=changed(VIEW, i16=[[], [20, 21, 22, 23]]))  # seat 1 holds three cards
    with pytest.raises(ValueError, match="known cards must fit the hand of another seat"):
        rollouts(view=changed(VIEW, i16=[[20], []]))
    wins, unfinished, samples = rollouts(view=changed(VIEW, i16=[[], [20, 21]]))
    assert samples == 3 and len(wins) == len(unfinished) == 1


def test_rollouts_are_for_the_seat_to_act() -> None:
    with pytest.raises(ValueError, match="current must be me"):
        rollouts(view=changed(VIEW, i6=1))
    with pytest.raises(ValueError, match=r"friends must be in \[0, 3\]"):
        rollouts(view=changed(VIEW, i15=2**40))


def test_states_where_nobody_could_move_are_refused() -> None:
    """A seat with no legal move once applied whatever the move list held before."""
    with pytest.raises(ValueError, match="two seats in it at least"):
        play_from(changed(STATE, i12=[1, 0]))
    with pytest.raises(ValueError, match=r"the seat to act \(current\) must be in the round"):
        play_from(changed(STATE, i5=1, i12=[1, 0]))
    with pytest.raises(ValueError, match="the drawn card must be in the hand"):
        play_from(changed(STATE, i6=1, i9=40))  # after a draw of a card seat 0 does not hold
    with pytest.raises(ValueError, match="the drawn card must be in the hand"):
        rollouts(view=changed(VIEW, i7=1, i10=40))
    with pytest.raises(ValueError, match="drawn must be -1"):
        play_from(changed(STATE, i9=-5))
    with pytest.raises(ValueError, match="color must be -1"):
        play_from(changed(STATE, i3=4))


# -- every loop ends ---------------------------------------------------------------------------


def _dealer_cfg(redraw: bool) -> tuple[int, ...]:
    cfg = list(CFG2)
    cfg[2], cfg[3] = 0, int(redraw)  # draw_highest, with or without redraws of action cards
    return tuple(cfg)


@pytest.mark.timeout(120, method="thread")
@pytest.mark.parametrize(
    ("ranks", "redraw"),
    [([5] * 4, False), ([5] * 4, True), ([10] * 4, True), ([10] * 4, False)],
    ids=["ties-forever", "ties-forever-redraw", "no-number-card", "all-zero"],
)
def test_a_dealer_draw_that_cannot_settle_is_an_error(ranks: list[int], redraw: bool) -> None:
    native = _native()
    with pytest.raises(ValueError, match="the dealer draw cannot settle"):
        native.play_rounds(_dealer_cfg(redraw), [0, 1, 2, 3] * 5, ranks, [0, 1, 2, 3], 0, 1, 0, 9)


@pytest.mark.timeout(120, method="thread")
def test_a_deck_with_no_start_card_is_an_error() -> None:
    cfg = list(CFG2)
    cfg[2] = 1  # a random dealer
    with pytest.raises(ValueError, match="no card of the draw pile can start the round"):
        _native().play_rounds(tuple(cfg), [0] * 20, [14], [-1], 0, 1, 0, 9)  # only +4s


@pytest.mark.parametrize("seconds", [math.nan, math.inf, -math.inf, 1e308, -1.0, 3601, 2**2000])
def test_absurd_time_budgets_are_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds must be a finite time budget"):
        rollouts(seconds=seconds)
    with pytest.raises(ValueError, match="seconds must be a finite time budget"):
        check_seconds(seconds)
    game = table(["R1 R2", "B1 B2"], draw="G7 G8 G9 Y7")
    with pytest.raises(ValueError, match="seconds must be a finite time budget"):
        rollout_values(game.view(0), [DRAW], Rng(1), seconds)
    with pytest.raises(ValueError, match="time_ms must be a finite number of milliseconds"):
        ExpertBot(time_ms=seconds * 1000)


def test_rollout_counts_and_types() -> None:
    with pytest.raises(TypeError, match="seconds must be a number"):
        rollouts(seconds="1")
    with pytest.raises(ValueError, match=r"max_samples must be in \[1, "):
        rollouts(samples=0)
    with pytest.raises(TypeError, match="time_ms must be a number"):
        ExpertBot(time_ms="50")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="samples must be in"):
        ExpertBot(samples=-1)
    assert check_time_ms(0) == 0.0 and check_time_ms(60_000) == 60_000.0
    game = table(["R1 R2", "B1 B2"], draw="G7 G8 G9 Y7")
    with pytest.raises(ValueError, match=r"max_moves must be in \[0, 100000\]"):
        rollout_values(game.view(0), [DRAW], Rng(1), 0.1, max_moves=10**6)


@pytest.mark.parametrize("value", ["nan", "inf", "1e308", "-5"])
def test_tournament_refuses_an_absurd_time_budget(value: str) -> None:
    """``--time-ms nan`` ran forever: now exit 2 with one line, before any game."""
    from unokit.cli.main import app

    result = CliRunner().invoke(
        app, ["tournament", "--bots", "expert,random", "--games", "2", "--time-ms", value]
    )
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "--time-ms" in lines[0], result.output


# -- long runs: in chunks, the same games, and Ctrl-C answered --------------------------------

# nothing can be played (every card blue, a red 6 on top) and nothing is left to draw: the
# seats draw nothing and pass for ever, until max_moves
STUCK_RANKS = [5, 6]
STUCK_COLORS = [1, 0]
STUCK = ([[0, 0], [0, 0]], [], [1], 0, 1, 0, 0, 0, [], -1, [0, 0], [0, 0], [1, 1], 0)


def test_a_round_longer_than_a_chunk_plays_on_to_max_moves() -> None:
    native = _native()
    moves, winner, hands, _, _ = native.play_from(
        CFG2, [0] * 20, STUCK_RANKS, STUCK_COLORS, STUCK, 1, 2_500_000
    )
    assert (moves, winner, hands) == (2_500_000, -1, [[0, 0], [0, 0]])


def test_rounds_in_chunks_are_the_same_rounds_one_by_one() -> None:
    """1,500 rounds of ~1,000 moves cross chunk boundaries: the same games as 1,500 calls."""
    rules = Rules(players=2)
    together_rng = Rng(7)
    together = play_random_rounds(rules, 3, 1500, together_rng)
    one_rng = Rng(7)
    moves, wins = 0, [0, 0]
    last = None
    for i in range(1500):
        last = play_random_rounds(rules, 3 + i, 1, one_rng)
        assert last is not None
        moves += last.moves
        wins = [a + b for a, b in zip(wins, last.wins, strict=True)]
    assert together is not None and last is not None
    assert together.moves > 1_000_000  # more than one chunk
    assert (together.moves, list(together.wins)) == (moves, wins)
    assert (together.last_hands, together.last_winner) == (last.last_hands, last.last_winner)
    assert together_rng.state == one_rng.state


class _Interrupted(Exception):
    pass


def _interrupt_soon(call: Any) -> None:
    """Run ``call`` while another thread sends SIGUSR1 (as Ctrl-C sends SIGINT) after 0.2 s;
    the handler's exception must come out of the call while it runs."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")

    def handler(signum: int, frame: object) -> None:
        raise _Interrupted

    old = signal.signal(signal.SIGUSR1, handler)
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(0.2, signal.pthread_kill, (main, signal.SIGUSR1))
    timer.start()
    try:
        with pytest.raises(_Interrupted):
            call()
    finally:
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGUSR1, old)


@pytest.mark.timeout(300, method="thread")
def test_long_native_runs_answer_signals() -> None:
    """Each entry point looks for signals between chunks of about a million moves, so Ctrl-C
    stops a run of 10**7 rounds, a round capped at 10**9 moves, or a 30 s search."""
    native = _native()
    _interrupt_soon(lambda: native.play_rounds(CFG2, *TABLES, 0, 10**7, 0, 10**5))
    _interrupt_soon(
        lambda: native.play_from(CFG2, [0] * 20, STUCK_RANKS, STUCK_COLORS, STUCK, 1, 10**9)
    )
    _interrupt_soon(lambda: rollouts(seconds=30.0, samples=10**9))


# -- what is legal is never refused -------------------------------------------------------------


@settings(max_examples=examples(40), deadline=None)
@given(
    options=_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    depth=st.integers(0, 60),
)
def test_every_legal_move_is_a_candidate_the_search_takes(
    options: dict[str, object], players: int, seed: int, depth: int
) -> None:
    """The C module checks candidates against its own legal-move list: every legal move of
    the Python engine it can encode must pass."""
    try:
        rules = Rules(players=players, **options)  # type: ignore[arg-type]
    except RulesError:
        return
    game = Game(rules, seed)
    _advance(game, depth, Rng(seed + 1))
    if game.round_over or game.phase == Phase.CHOOSE_COLOR or game.tops is not None:
        return
    view = game.view(game.current)
    moves = [m for m in view.legal_moves if _encode(m) is not None]
    for move in moves:
        assert rollout_counts(view, [move], seed, 1.0, 1, 100) is not None, move
    found = play_random_from(game, Rng(seed))
    assert found is not None
