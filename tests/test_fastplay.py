"""The C accelerator plays exactly the Python engine's games (issue 6).

Differential tests: the same rules, seed and choice generator must give the same number of
moves, the same winner, every hand card for card, and the generator in the same state, for
random mixes of every option value the accelerator claims to support.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import table
from tests.fuzz import examples
from tests.options import allowed_rules, option_values
from unokit import Card, Game, Rules, RulesError
from unokit.cards import Color
from unokit.moves import CHALLENGE, DRAW, Move, Play
from unokit.rng import Rng
from unokit.rules import EVERY, OPTIONS, SAME_PLAY
from unokit.sim.fastplay import (
    _CONFIG,
    NATIVE,
    NATIVE_OPTIONS,
    FastResult,
    MeasuredRound,
    _config,
    available,
    play_measured_round,
    play_random_from,
    play_random_rounds,
    rollout_counts,
    supports,
    unsupported,
)
from unokit.sim.meter import play_random_measured
from unokit.sim.rollout import rollout_values
from unokit.sim.simulate import play_random_round, simulate


def python_round(rules: Rules, seed: int, choice_seed: int) -> tuple[object, ...]:
    game = Game(rules, seed)
    rng = Rng(choice_seed)
    moves = play_random_round(game, rng)
    return moves, game.winner, [list(h) for h in game.hands], rng.state


def native_round(rules: Rules, seed: int, choice_seed: int) -> tuple[object, ...]:
    rng = Rng(choice_seed)
    result = play_random_rounds(rules, seed, 1, rng)
    assert isinstance(result, FastResult)
    return result.moves, result.last_winner, [list(h) for h in result.last_hands], rng.state


def test_the_accelerator_is_built() -> None:
    """The project's own installs compile it (setup.py); a user without a compiler falls back."""
    assert available()


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=4),
        Rules(players=2, wd4_rule="anytime", challenge=False, draw_with_playable="forbidden"),
        Rules(players=10, dealer_selection="random"),
        Rules.preset("online", players=3),
        Rules.preset("party", players=4),
        Rules(players=3, stacking="any", stack_challenge="all", deflect="named_color"),
        Rules(players=2, stacking="two_under_four", deflect="any_color", seven_zero=True),
    ],
    ids=[
        "official-2",
        "official-4",
        "rlcard-like-2",
        "random-dealer-10",
        "online-3",
        "party-4",
        "stack-all-deflect-3",
        "two-under-four-7-0-2",
    ],
)
def test_same_games_as_the_python_engine(rules: Rules) -> None:
    for seed in range(40):
        assert native_round(rules, seed, seed + 1000) == python_round(rules, seed, seed + 1000)


def test_a_misdeal_is_dealt_again_as_in_python() -> None:
    """7 x 15 cards leave 3; with seed 38893 all three are W+4 (no possible start card): the
    dealer deals again (rounds.MAX_MISDEALS), in C exactly as in Python."""
    rules = Rules(players=7, hand_size=15, dealer_selection="random")
    assert any(e.kind == "misdeal" for e in Game(rules, 38893).deal_events)
    assert native_round(rules, 38893, 5) == python_round(rules, 38893, 5)


def _supported_values(name: str) -> list[object]:
    """The values of option ``name`` the accelerator plays (every value worth testing, unless
    its classification names a few)."""
    native = NATIVE[name]
    return list(native) if isinstance(native, tuple) else option_values(name)


#: every option with a value that may change: those the accelerator plays (NATIVE_OPTIONS, but
#: players, drawn apart) and those whose values it calls the same play (the test proves it)
_VARIED = tuple(name for name in OPTIONS if name != "players" and len(_supported_values(name)) > 1)
_MIX = st.fixed_dictionaries({name: st.sampled_from(_supported_values(name)) for name in _VARIED})


# -- what the accelerator plays: opt-in, from each option's definition ---------------------------


def test_every_option_is_classified_for_the_accelerator() -> None:
    """Issue 20: support is opt-in. Each option of Rules says what the accelerator does with it
    (``native`` in its definition): every value, values that do not change its play, or the
    only values it plays, the default among them (it plays the official game)."""
    assert set(NATIVE) == set(OPTIONS)
    for name, native in NATIVE.items():
        spec = OPTIONS[name]
        if isinstance(native, tuple):
            assert native and spec.default in native, name
            for value in native:
                assert spec.check(value) == value
        else:
            assert native in (EVERY, SAME_PLAY), name


def test_the_c_engine_reads_every_option_it_plays() -> None:
    """The rules tuple the C engine takes (``_CONFIG``) has the fields of its ``CFG_FIELDS``, in
    order, and reads exactly the options the accelerator plays with several values: an option
    classified as played but left out of it would be a silent wrong game."""
    from unokit.sim import _fastplay

    fields = _fastplay.config_fields()
    assert [name for name, _, _ in _CONFIG] == [name for name, _, _ in fields]
    assert {option for _, option, _ in _CONFIG} == set(NATIVE_OPTIONS)


@pytest.mark.parametrize("option", sorted({o for _, o, _ in _CONFIG}))
def test_every_value_the_accelerator_plays_fits_the_c_engine(option: str) -> None:
    """Each value of each option it plays gives a rules tuple in the ranges CFG_FIELDS checks,
    and the values give different tuples (the C engine sees the difference)."""
    from unokit.sim import _fastplay

    ranges = {name: (lo, hi) for name, lo, hi in _fastplay.config_fields()}
    spec = OPTIONS[option]
    values = [spec.low, spec.high] if spec.kind == "int" else _supported_values(option)
    seen = set()
    for value in values:
        base = {"players": 2, "hand_size": 3} if option not in ("players", "hand_size") else {}
        if option == "wd4_rule" and value == "anytime":
            base["challenge"] = False
        rules = Rules(**{**base, option: value})
        config = _config(rules)
        for (field, _, _), number in zip(_CONFIG, config, strict=True):
            lo, hi = ranges[field]
            assert lo <= number <= hi, (option, value, field, number)
        seen.add(
            tuple(c for (_, read, _), c in zip(_CONFIG, config, strict=True) if read == option)
        )
    assert len(seen) > 1, option  # (random and previous_winner deal a first round alike)


@pytest.mark.parametrize("option", [n for n, native in NATIVE.items() if native == SAME_PLAY])
def test_an_option_said_not_to_change_play_does_not(option: str) -> None:
    """Each value of an option classified SAME_PLAY gives the Python engine the very same
    random rounds (the accelerator ignores it), under rule mixes that bring it near play: a
    draw card's penalty waiting (stacking, jump-ins), several players."""
    bases = [
        {"players": 4},
        {"players": 3, "stacking": "any", "jump_in": "identical", "seven_zero": True},
        {"players": 2, "deflect": "any_color", "challenge": False, "wd4_rule": "anytime"},
    ]
    for base in bases:
        for seed in range(6):
            rounds = set()
            for value in option_values(option):
                try:
                    rules = Rules(**{**base, option: value})  # type: ignore[arg-type]
                except RulesError:
                    continue  # (teams of 2 with 3 players)
                moves, winner, hands, state = python_round(rules, seed, seed + 50)
                rounds.add(repr((moves, winner, hands, state)))
            assert len(rounds) == 1, (option, base, seed)


def test_a_value_the_accelerator_does_not_play_never_runs_natively() -> None:
    """Every value outside an option's classification is named by ``unsupported`` and played
    by the Python engine: ``play_random_rounds`` and the search decline it, ``simulate`` falls
    back (and refuses ``engine="native"`` naming it)."""
    for name, native in NATIVE.items():
        if not isinstance(native, tuple):
            continue
        for value in option_values(name):
            if value in native:
                continue
            try:
                rules = Rules(players=3, **{name: value})
            except RulesError:
                continue
            assert rules.describe(name) in unsupported(rules)
            assert not supports(rules)
            assert play_random_rounds(rules, 0, 1, Rng(1)) is None
            assert simulate(1, rules, seed=3).engine == "python"
            with pytest.raises(RulesError, match="native engine cannot play these rules"):
                simulate(1, rules, engine="native")


@settings(max_examples=examples(60), deadline=None)
@given(options=_MIX, players=st.integers(2, 10), seed=st.integers(0, 2**40))
def test_same_games_under_every_supported_option_mix(
    options: dict[str, object], players: int, seed: int
) -> None:
    rules = allowed_rules(options, players=players)
    assert rules is not None
    assert supports(rules)
    assert native_round(rules, seed, seed ^ 77) == python_round(rules, seed, seed ^ 77)


def test_unsupported_rules_name_the_options_and_fall_back() -> None:
    table001 = Rules.preset("table001", players=3)
    assert not supports(table001)
    assert "misplay=penalty_end_turn" in unsupported(table001)
    assert play_random_rounds(table001, 0, 5, Rng(1)) is None
    stats = simulate(2, table001, seed=2)
    assert stats.engine == "python" and stats.games == 2
    with pytest.raises(RulesError, match=r"native engine cannot play these rules: .*misplay"):
        simulate(5, table001, engine="native")


def test_simulate_gives_the_same_results_with_either_engine() -> None:
    rules = Rules(players=3)
    native = simulate(60, rules, seed=5, engine="native")
    python = simulate(60, rules, seed=5, engine="python")
    assert native.engine == "native" and python.engine == "python"
    assert (native.moves, native.wins) == (python.moves, python.wins)


def test_bad_arguments_are_refused_clearly() -> None:
    from unokit.sim import _fastplay

    with pytest.raises(ValueError, match=r"players must be in \[2, 10\]"):
        _fastplay.play_rounds(
            (11, 7, 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0),
            [0] * 108,
            [0],
            [0],
            0,
            1,
            0,
            10,
        )
    with pytest.raises(ValueError, match="card id 500 out of range in deck"):
        _fastplay.play_rounds(
            (2, 7, 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0),
            [500] * 108,
            [0],
            [0],
            0,
            1,
            0,
            10,
        )
    with pytest.raises(TypeError):
        _fastplay.play_rounds("official")  # type: ignore[call-arg]


# -- rollouts for the expert bot -----------------------------------------------------------------


def _values(game: Game, moves: list[Move], samples: int = 400) -> list[float]:
    view = game.view(game.current)
    values, done = rollout_values(
        view, moves, Rng(3), seconds=5.0, max_samples=samples, engine="native"
    )
    assert done == samples
    return values


def test_rollouts_see_a_winning_last_card() -> None:
    game = table(["R1", "B1 B2 B3", "Y1 Y2"], draw="G7 G8 G9 Y7 Y8 R5 R6")
    values = _values(game, [Play(Card.parse("R1")), DRAW])
    assert values[0] == 1.0  # going out wins every sample
    assert values[1] < 1.0


def test_rollouts_value_a_skip_that_keeps_the_turn_in_two_player_games() -> None:
    """Holding RS and R1 on a red top, two players: the skip first, then R1 goes out."""
    game = table(["RS R1", "B1 B2 B3 B4 B5"], draw="G7 G8 G9 Y7 Y8 G5 G6 Y5 Y6")
    values = _values(game, [Play(Card.parse("RS")), Play(Card.parse("R1"))])
    assert values[0] == 1.0
    assert values[1] < 0.9


def _facing_wild_draw_four(held: str) -> Game:
    """Seat 1 plays +4 on red holding ``held`` besides; seat 2 must answer."""
    game = table(
        ["G1 G2 G3", f"{held} W+4", "Y3 Y4 Y5"],
        draw="G5 G6 G7 G8 G9 Y6 Y7 Y8",
        color="red",
        current=1,
    )
    game.apply(1, Play(Card.parse("W+4"), Color.GREEN))
    assert game.current == 2 and CHALLENGE in game.legal_moves(2)
    return game


def test_rollouts_challenge_a_big_hand_more_than_a_small_one() -> None:
    """The +4's honesty in each sample comes from the hand dealt to its player: one holding
    12 hidden cards almost surely had red, so challenging pays; with 1 card it rarely did."""
    big = _values(_facing_wild_draw_four("B1 B2 B3 B4 B5 B6 B7 B8 B9 G1 G2 G3"), [CHALLENGE, DRAW])
    small = _values(_facing_wild_draw_four("B1"), [CHALLENGE, DRAW])
    assert big[0] > big[1]
    assert big[0] - big[1] > small[0] - small[1]


def test_rollouts_decline_what_they_cannot_do() -> None:
    pairs = table(["R1 R2", "B1 B2"], draw="G7 G8", multi_play="identical_pair")
    assert rollout_counts(pairs.view(0), [DRAW], 1, 0.01, 1, 10) is None
    official = table(["R1 R2", "B1 B2"], draw="G7 G8")
    assert rollout_counts(official.view(1), [DRAW], 1, 0.01, 1, 10) is None  # not seat 1's turn
    assert rollout_counts(official.view(0), [], 1, 0.01, 1, 10) is None
    with pytest.raises(ValueError, match="the accelerator cannot run this search"):
        rollout_values(pairs.view(0), [DRAW], Rng(1), 0.01, engine="native")
    assert rollout_values(pairs.view(0), [DRAW], Rng(1), 0.01)[1] >= 1  # auto: in Python


def test_rollouts_count_a_team_mates_win_under_teams() -> None:
    """Seat 2, seat 0's partner under teams = 2, holds one card: its wins are seat 0's too."""
    hands = ["R1 R2 G3", "B1 B2 B3", "R5", "Y1 Y2 Y3"]
    draw = "G7 G8 G9 Y7 Y8 G5 G6 Y5 Y6"
    alone = _values(table(hands, draw=draw), [Play(Card.parse("R1")), DRAW])
    teamed = _values(table(hands, draw=draw, teams=2), [Play(Card.parse("R1")), DRAW])
    assert teamed[0] > alone[0] + 0.2
    assert teamed[1] > alone[1] + 0.2


# -- from any state: the loader the expert's search relies on ------------------------------------


def _advance(game: Game, moves: int, rng: Rng) -> None:
    """Random legal moves of any seat: UNO calls, catches and challenges included."""
    for _ in range(moves):
        if game.round_over:
            return
        seats = [s for s in range(game.n) if game.legal_moves(s)]
        seat = seats[rng.below(len(seats))]
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.below(len(legal))])


@settings(max_examples=examples(60), deadline=None)
@given(
    options=_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    depth=st.integers(0, 60),
)
def test_from_any_state_the_same_games_as_the_python_engine(
    options: dict[str, object], players: int, seed: int, depth: int
) -> None:
    """Mid-game states with UNO windows open, calls made, penalties stacked, jump-ins made, a
    +4 waiting, a drawn card to keep or play: the accelerator continues each exactly as the
    Python engine does."""
    rules = allowed_rules(options, players=players)
    assert rules is not None
    game = Game(rules, seed)
    _advance(game, depth, Rng(seed + 1))
    if game.round_over:
        assert play_random_from(game, Rng(2)) is None
        return
    before = game.to_dict()
    native_rng = Rng(seed ^ 5)
    result = play_random_from(game, native_rng)
    if result is None:  # a sum jump-in left several cards on top: not a state it plays
        assert game.tops is not None
        return
    assert game.to_dict() == before  # the game itself is left as it was
    python_rng = Rng(seed ^ 5)
    copy = game.copy()
    moves = play_random_round(copy, python_rng)
    assert (result.moves, result.last_winner) == (moves, copy.winner)
    assert [list(h) for h in result.last_hands] == [list(h) for h in copy.hands]
    assert native_rng.state == python_rng.state


def test_simulate_in_batches_gives_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long native runs go in batches (so Ctrl-C is answered); batches change nothing."""
    import unokit.sim.simulate

    rules = Rules(players=2)
    whole = simulate(30, rules, seed=9, engine="python")
    monkeypatch.setattr(unokit.sim.simulate, "_BATCH", 7)
    batched = simulate(30, rules, seed=9, engine="native")
    assert (batched.moves, batched.wins) == (whole.moves, whole.wins)


def test_the_accelerator_refuses_broken_states_clearly() -> None:
    """Its C entry points check every index they would write through."""
    from unokit.sim import _fastplay
    from unokit.sim.fastplay import _COLORS, _DECK_IDS, _RANKS

    cfg = _config(Rules(players=2))
    base = [[[0, 1], [2, 3]], [4, 5, 6], [7], 0, 1, 0, 0, 0, [], -1, [0, 0], [0, 0], [1, 1], 0]

    def play_from(**changes: object) -> None:
        state = list(base)
        for index, value in changes.items():
            state[int(index[1:])] = value
        _fastplay.play_from(cfg, _DECK_IDS, _RANKS, _COLORS, tuple(state), 1, 100)

    play_from()  # the base state is fine
    with pytest.raises(ValueError, match="card id 500 out of range in hand"):
        play_from(i0=[[0, 500], [2]])
    with pytest.raises(ValueError, match="direction must be 1 or -1"):
        play_from(i4=7)
    with pytest.raises(ValueError, match="current must be a seat"):
        play_from(i5=2)
    with pytest.raises(ValueError, match="a pending penalty needs its draw cards"):
        play_from(i6=3)
    with pytest.raises(ValueError, match="a stack entry is"):
        play_from(i6=3, i8=[(0, 5, 0, 1)])  # R5 is no draw card
    with pytest.raises(ValueError, match="the drawn card must be given"):
        play_from(i6=1)
    with pytest.raises(ValueError, match=r"ranks must be in \[0, 17\], not 99"):
        _fastplay.play_rounds(cfg, _DECK_IDS, [99] * len(_RANKS), _COLORS, 0, 1, 0, 10)
    state = (0, [0, 1], [2, 3], [7], 0, 1, 0, 0, 0, [], -1, [0, 0], [0, 0], [1, 1], 5, 1, [[], []])
    pool = list(range(20, 40))
    with pytest.raises(ValueError, match="bad candidate move"):
        _fastplay.rollouts(
            cfg, _DECK_IDS, _RANKS, _COLORS, state, pool, [(5, 0, 9, 0, -1)], 1, 0.1, 1, 10
        )
    with pytest.raises(ValueError, match="hidden places do not fit"):
        big = (*state[:14], 40, 1, [[], []])
        _fastplay.rollouts(
            cfg, _DECK_IDS, _RANKS, _COLORS, big, pool, [(1, 0, -1, 0, -1)], 1, 0.1, 1, 10
        )
    wins, unfinished, samples = _fastplay.rollouts(
        cfg, _DECK_IDS, _RANKS, _COLORS, state, pool, [(1, 0, -1, 0, -1)], 3, 1.0, 1, 10
    )
    assert samples == 3 and len(wins) == len(unfinished) == 1


# -- the lab's measured rounds (unokit.sim.lab): the same counts as the Python meter -----------


def _python_measured(rules: Rules, seed: int, choice_seed: int) -> tuple[object, ...]:
    game = Game(rules, seed)
    rng = Rng(choice_seed)
    m = play_random_measured(game, rng)
    winner = game.winner if game.round_over else None
    return (
        m.moves,
        winner,
        [list(h) for h in game.hands],
        m.dealer,
        m.first,
        m.turns,
        m.drawn,
        m.calls,
        m.catches,
        m.challenges,
        m.stacks,
        m.exchanges,
        m.reshuffles,
        tuple(sorted(m.one_card)),
        tuple(m.last_most),
        rng.state,
    )


def _native_measured(rules: Rules, seed: int, choice_seed: int) -> tuple[object, ...]:
    rng = Rng(choice_seed)
    c = play_measured_round(rules, seed, rng)
    assert isinstance(c, MeasuredRound)
    return (
        c.moves,
        c.winner,
        [list(h) for h in c.hands],
        c.dealer,
        c.first,
        c.turns,
        c.drawn,
        c.calls,
        c.catches,
        c.challenges,
        c.stacks,
        c.exchanges,
        c.reshuffles,
        c.one_card,
        c.last_most,
        rng.state,
    )


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=4),
        Rules(players=4, stacking="any"),
        Rules(players=3, seven_zero=True),
        Rules(players=4, jump_in="identical_any"),
        Rules.preset("party", players=4),
        Rules(players=5, stacking="two_under_four", deflect="any_color", seven_zero=True),
    ],
    ids=["official-4", "stacking-4", "seven-zero-3", "jump-in-4", "party-4", "mix-5"],
)
def test_measured_rounds_count_as_the_python_meter(rules: Rules) -> None:
    """The lab's counts (turns, cards drawn, calls, catches, challenges, stacks, exchanges,
    reshuffles, who held one card, who held the most and when) are the same from C as from the
    Python engine's moves and events, and the rounds themselves are the same."""
    for seed in range(30):
        assert _native_measured(rules, seed, seed + 7) == _python_measured(rules, seed, seed + 7)


@settings(max_examples=examples(40), deadline=None)
@given(options=_MIX, players=st.integers(2, 10), seed=st.integers(0, 2**40))
def test_measured_rounds_count_as_the_python_meter_under_every_option_mix(
    options: dict[str, object], players: int, seed: int
) -> None:
    rules = allowed_rules(options, players=players)
    assert rules is not None and supports(rules)
    assert _native_measured(rules, seed, seed ^ 5) == _python_measured(rules, seed, seed ^ 5)


def test_measured_rounds_refuse_what_they_cannot_play() -> None:
    assert play_measured_round(Rules.preset("table001", players=3), 0, Rng(1)) is None
    with pytest.raises(ValueError, match=r"max_moves must be in \[0, 1000000000\]"):
        play_measured_round(Rules(players=2), 0, Rng(1), max_moves=-1)
    with pytest.raises(TypeError, match="seed must be an int"):
        play_measured_round(Rules(players=2), "1", Rng(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng must be"):
        play_measured_round(Rules(players=2), 1, 5)  # type: ignore[arg-type]
    cut = play_measured_round(Rules(players=2), 0, Rng(1), max_moves=3)
    assert cut is not None and cut.winner is None and cut.moves == 3
