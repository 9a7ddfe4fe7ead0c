"""The spaces grow with the deck (issue 23, item 3): one layout made from a deck's card kinds by
the same formulas; the classic decks keep theirs exactly (its numbers, recorded encodings, the
shipped learned bot's games); No Mercy (VARIANTS.md §1) in the PettingZoo and Gymnasium envs,
mercy eliminations, colour roulette, skip everyone and discard all included; the native engine
refuses No Mercy and says why; a policy made for another deck's spaces is refused."""

from __future__ import annotations

import hashlib
import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from pettingzoo.test import api_test, seed_test

import unokit.envs  # noqa: F401  (registers unokit/Uno-v0)
from unokit import Game, Rules
from unokit import events as ev
from unokit.bots import make_bot, play_out
from unokit.bots.policy import NumpyPolicy, PolicyBot, PolicyError, _spaces_problem
from unokit.cards import COLOR_OF, DECKS, RANK_OF, Rank
from unokit.envs import actions, observation, state, uno_v0
from unokit.envs.layout import CLASSIC, layout_of
from unokit.envs.observation import kind_counts
from unokit.envs.vector import UnoVectorEnv, available, unsupported
from unokit.sim.tournament import check_tournament

from .test_envs import NO_MERCY_MIXES

NO_MERCY = layout_of("no_mercy168")


# -- the layouts ---------------------------------------------------------------------------------


def test_the_classic_decks_keep_the_layout_the_environments_always_had() -> None:
    """The numbers of the first environment (issue 13), which the learned bot's weights read."""
    for deck in ("classic108", "classic112", "swimming112", "pairs"):
        assert layout_of(deck) is CLASSIC
        assert layout_of(Rules(deck=deck)) is CLASSIC  # type: ignore[arg-type]
    assert (actions.N_KINDS, actions.N_PLAY, actions.N_ACTIONS) == (57, 77, 309)
    assert (actions.PLAY, actions.PLAY_UNO, actions.ADD, actions.COLOR) == (0, 77, 154, 206)
    assert (actions.TARGET, actions.PEEK, actions.TRADE, actions.GIVE) == (210, 219, 228, 237)
    assert (actions.END, actions.DRAW, actions.KEEP, actions.CHALLENGE) == (294, 295, 296, 297)
    assert (actions.UNO, actions.CATCH, actions.DECLINE) == (298, 299, 308)
    o = observation
    assert (o.HAND, o.TOP, o.GROUP, o.DISCARD, o.DRAWN, o.REVEALED) == (0, 57, 114, 171, 228, 285)
    assert (o.COLOR, o.PHASE, o.FLAGS, o.SEATS, o.CHOSEN, o.OBS_SIZE) == (
        798,
        802,
        806,
        814,
        884,
        1193,
    )
    s = state
    assert (s.HANDS, s.TOP, s.DISCARD, s.DRAW_PILE, s.DRAWN, s.GROUP) == (
        0,
        570,
        627,
        684,
        741,
        798,
    )
    assert (s.COLOR, s.PHASE, s.FLAGS, s.SEATS, s.STATE_SIZE) == (855, 859, 863, 869, 939)
    # a colour card is colour * 13 + rank, a wild 52 + rank - 13
    for card, kind in zip(CLASSIC.kinds, range(57), strict=True):
        rank, color = int(RANK_OF[card]), COLOR_OF[card]
        assert kind == (color * 13 + rank if color >= 0 else 52 + rank - 13)
        assert actions.KIND_OF[card] == kind
    assert not CLASSIC.roulette
    assert np.array_equal(observation.SCALE[[o.FLAGS + 3, o.FLAGS + 4, o.SEATS + 1]], [10, 100, 10])


@pytest.mark.parametrize("deck", list(DECKS))
def test_a_layout_is_the_formulas_applied_to_its_decks_card_kinds(deck: str) -> None:
    layout = layout_of(deck)
    kinds = layout.kinds
    c, w, k = layout.n_color_kinds, layout.n_wild_kinds, layout.n_kinds
    assert set(DECKS[deck]) <= set(kinds)  # type: ignore[index]
    assert len(set(kinds)) == k == c + w
    assert all(COLOR_OF[x] >= 0 for x in kinds[:c]) and all(COLOR_OF[x] < 0 for x in kinds[c:])
    assert list(kinds[:c]) == sorted(kinds[:c], key=lambda x: (COLOR_OF[x], RANK_OF[x]))
    phases = 4 + layout.roulette
    assert (
        layout.actions.size
        == 2 * (c + 5 * w) + c + 4 + 3 * 9 + k + 5 + 9 + 1
        == 4 * c + 11 * w + 46
    )
    assert layout.observation.size == 14 * k + 4 + phases + 8 + 10 * 7 + layout.actions.size
    assert layout.state.size == 15 * k + 4 + phases + 6 + 10 * 7
    assert layout.scale.shape == (layout.observation.size,)
    assert pickle.loads(pickle.dumps(layout)) is layout
    for i, card in enumerate(kinds):
        assert layout.kind(card) == i


def test_the_no_mercy_layout_is_larger() -> None:
    nm = NO_MERCY
    assert layout_of("no_mercy168") is nm is layout_of(Rules.preset("no_mercy")) is not CLASSIC
    assert (nm.n_color_kinds, nm.n_wild_kinds, nm.n_kinds) == (64, 4, 68)
    assert [c.code for c in nm.kinds[:16]] == [
        *(f"R{i}" for i in range(10)), "RS", "RR", "R+2", "R+4", "RSA", "RDA",
    ]  # fmt: skip
    assert [c.code for c in nm.kinds[64:]] == ["WR+4", "W+6", "W+10", "WCR"]
    assert (nm.actions.n_play, nm.actions.size, nm.actions.decline) == (84, 346, 345)
    assert (nm.observation.n_phases, nm.observation.size, nm.state.size) == (5, 1385, 1105)
    assert nm.roulette
    with pytest.raises(ValueError, match="W is not a card of the decks no_mercy168"):
        nm.kind(CLASSIC.kinds[52])
    env = uno_v0.env(preset="no_mercy", players=3)
    assert env.observation_space("player_0")["observation"].shape == (1385,)
    assert env.action_space("player_0").n == 346
    assert env.unwrapped.state_space.shape == (1105,)


# -- the classic encoding, as recorded before the layout was made from the deck -------------------

#: (option mix, actions played, sha256 of every observation, mask and state of the episode):
#: written by the environments before this change (commit 379ecec), random allowed actions
#: drawn by ``np.random.default_rng(seed)``, the episode reset with ``seed``
RECORDED: list[tuple[dict[str, Any], int, int, str]] = [
    (
        {"preset": "official", "players": 3},
        1,
        63,
        "72b7c3914fb8e24423196d1c4387d15965b171d6cf2bee80afd63e4826a2ba87",
    ),
    (
        {"preset": "official", "players": 5, "multi_play": "same_rank", "seven_zero": True},
        2,
        300,
        "bf82c82dbe246e08afcd8b7be206b3179aea7486c454a933f33c477387832433",
    ),
    (
        {"preset": "official", "players": 3, "wild_multi": True},
        3,
        300,
        "81e0a02521c6f749ecec7fcdac468294fcf1043ceeffbe8e8684f8f03953736b",
    ),
    (
        {"preset": "classic112", "players": 4, "custom_effect": "swap_hands"},
        4,
        300,
        "c96b98d887640465ae0cdba4c073d2cafa8e564c09b822dbd4a976fd232028ae",
    ),
    (
        {"preset": "teams", "round_end": "first_out", "number_finish": True},
        5,
        300,
        "53f9c6d256863bc8541eb7520e9b706ef8260372b74f135e19943529536a0370",
    ),
    (
        {"preset": "online", "players": 4, "jump_in": "identical"},
        6,
        292,
        "abf79e82b5d7eb0df6725c30ca9818a935512321c9fec8944a24ef3891957c74",
    ),
]


def _episode_digest(mix: dict[str, Any], seed: int, steps: int = 300) -> tuple[int, str]:
    env = uno_v0.raw_env(max_steps=steps, **mix)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    played = 0
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        digest.update(obs["observation"].tobytes())
        digest.update(obs["action_mask"].tobytes())
        digest.update(env.state().tobytes())
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        played += 1
    return played, digest.hexdigest()


@pytest.mark.parametrize(
    ("mix", "seed", "played", "digest"),
    RECORDED,
    ids=lambda v: str(v)[:12] if isinstance(v, str) else None,
)
def test_a_recorded_classic_episode_is_encoded_exactly_as_before(
    mix: dict[str, Any], seed: int, played: int, digest: str
) -> None:
    assert _episode_digest(mix, seed) == (played, digest)


def test_the_learned_bot_loads_and_plays_the_game_it_played_before() -> None:
    """The shipped weights read the classic layout: the same moves as before this change."""
    learned = make_bot("learned")
    assert isinstance(learned, PolicyBot) and learned.policy.layout is CLASSIC  # type: ignore[attr-defined]
    rules = Rules.preset("official", players=3, scoring="none")
    game = play_out(Game(rules, 7), [make_bot("learned", seed=s) for s in range(3)])
    history = hashlib.sha256(repr(game.history).encode()).hexdigest()
    assert (len(game.history), history) == (
        27,
        "857db6f67ba2fec58b4d7f195b5c2d620259130851c4be877b13fd6500c03555",
    )


# -- No Mercy in the environments -----------------------------------------------------------------


def test_pettingzoo_api_and_seed_tests_pass_with_mercy_eliminations() -> None:
    """(Every preset's api_test, no_mercy's among them, is in test_envs.py; here a low mercy
    limit knocks seats out in most rounds.)"""
    api_test(uno_v0.env(preset="no_mercy", players=5, mercy_limit=12, max_steps=800), 400)
    seed_test(lambda: uno_v0.env(preset="no_mercy", players=4, max_steps=400), num_cycles=200)


def test_no_mercy_episodes_knock_seats_out_spin_roulettes_skip_everyone_and_discard_all() -> None:
    """Random episodes through the AEC env, checked at every decision: a seat the mercy rule put
    out is never asked again and shows as out of the round; a colour roulette asks its victim
    (the next player) for a colour, with only the four colours allowed and the roulette's phase
    entry set; skip everyone gives its player the next turn; discard all leaves no card of its
    colour in the hand; the discard pile's counts stay right when cards go under it; a seat
    knocked out loses the round."""
    seen: dict[str, int] = {"knocked_out": 0, "roulette": 0, "skip_everyone": 0, "discard_all": 0}
    rng = np.random.default_rng(3)
    nm = NO_MERCY
    o, a = nm.observation, nm.actions
    for mix in NO_MERCY_MIXES:
        env = uno_v0.raw_env(max_steps=3000, **mix)
        for seed in range(4):
            env.reset(seed=seed)
            while not (
                env.terminations[env.agent_selection] or env.truncations[env.agent_selection]
            ):
                game = env.game
                agent = env.agent_selection
                seat = env.seat_of(agent)
                obs = env.observe(agent)
                vector, mask = obs["observation"], obs["action_mask"]
                assert game.in_round[seat] and seat not in game.knocked_out
                for rel in range(env.n):
                    other = (seat + rel) % env.n
                    assert vector[o.seats + rel * 7] == game.in_round[other]
                assert np.array_equal(
                    vector[o.discard : o.discard + nm.n_kinds], kind_counts(game.discard, nm)
                )
                if game.roulette:
                    seen["roulette"] += 1
                    assert seat == game.current and not env.out_of_turn
                    assert list(np.flatnonzero(mask)) == [a.color + c for c in range(4)]
                    assert vector[o.phase + 2] == vector[o.phase + 4] == 1
                else:
                    assert vector[o.phase + 4] == 0
                made = env.moves_made
                env.step(int(rng.choice(np.flatnonzero(mask))))
                if env.moves_made == made:
                    continue
                for event in env.last_events:
                    if isinstance(event, ev.KnockedOut):
                        seen["knocked_out"] += 1
                        assert not game.in_round[event.seat]
                    elif isinstance(event, ev.SkippedEveryone):
                        seen["skip_everyone"] += 1
                        if not game.round_over and game.phase != 2:
                            assert game.current == event.seat
                    elif isinstance(event, ev.DiscardedAll):
                        seen["discard_all"] += 1
                        assert all(COLOR_OF[c] != event.color for c in game.hands[event.seat])
            if env.terminations[env.agent_selection] and env.game.winner is not None:
                for out in env.game.knocked_out:
                    assert env._cumulative_rewards[env.agent_at(out)] == -1.0
    assert all(count > 0 for count in seen.values()), seen


def test_the_gym_env_plays_no_mercy_against_bots_and_pickles_mid_game() -> None:
    env = gymnasium.make(
        "unokit/Uno-v0", players=4, preset="no_mercy", opponents=["basic", "strong", "random"]
    ).unwrapped
    rng = np.random.default_rng(1)
    ends = 0
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            assert obs["observation"].shape == (1385,) and obs["action_mask"].any()
            obs, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            done = terminated or truncated
        ends += 1
        assert reward in (-1.0, 1.0, 0.0)
    assert ends == 3
    aec = uno_v0.raw_env(preset="no_mercy", players=3)
    aec.reset(seed=4)
    for _ in range(30):
        aec.step(int(rng.choice(aec.legal_actions())))
    copy = pickle.loads(pickle.dumps(aec))
    for _ in range(60):
        if aec.terminations[aec.agent_selection]:
            break
        action = int(rng.choice(aec.legal_actions()))
        assert np.array_equal(aec.observe(aec.agent_selection)["observation"],
                              copy.observe(copy.agent_selection)["observation"])  # fmt: skip
        aec.step(action)
        copy.step(action)


# -- the native engine --------------------------------------------------------------------------


@pytest.mark.skipif(not available(), reason="unokit.envs._vecenv not built")
def test_the_native_engine_refuses_no_mercy_and_says_why() -> None:
    """The C engine plays the classic108 deck's rules: No Mercy is refused, naming the options
    it does not play and the engine that does, never played as another game."""
    rules = Rules.preset("no_mercy", players=3)
    missing = unsupported(rules)
    assert missing[0] == "deck=no_mercy168"
    assert {"stacking=not_lower", "mercy_limit=25", "seven_zero=true"} <= set(missing)
    with pytest.raises(
        ValueError, match=r'engine="native" does not play deck=no_mercy168.*engine="python"'
    ):
        uno_v0.env(preset="no_mercy", players=3, engine="native")
    with pytest.raises(ValueError, match="batched environment does not play deck=no_mercy168"):
        gymnasium.make("unokit/Uno-v0", preset="no_mercy", engine="native", opponents="greedy")
    with pytest.raises(ValueError, match="batched environment does not play deck=no_mercy168"):
        UnoVectorEnv(2, preset="no_mercy", players=2)
    # the mercy rule alone, on the classic deck: refused too, by its name
    with pytest.raises(ValueError, match=r"does not play mercy_limit=20 \("):
        uno_v0.env(players=3, mercy_limit=20, engine="native")


# -- policies and their spaces ------------------------------------------------------------------


def _policy(layout: Any, seed: int = 0, hidden: int = 8) -> NumpyPolicy:
    rng = np.random.default_rng(seed)
    size, n = layout.observation.size, layout.actions.size
    return NumpyPolicy(
        [
            (rng.normal(size=(size, hidden)).astype(np.float32), np.zeros(hidden, np.float32)),
            (rng.normal(size=(hidden, n)).astype(np.float32), np.zeros(n, np.float32)),
        ],
        scale=layout.scale,
    )


def test_a_policy_plays_the_decks_of_its_layout_and_is_refused_at_others(tmp_path: Any) -> None:
    no_mercy = Rules.preset("no_mercy", players=3)
    with pytest.raises(PolicyError, match=r"learned: the policy reads the spaces of the decks "
                       r"classic108/.*\(observation 1193, 309 actions\), but deck = no_mercy168 "
                       r"has those of no_mercy168 \(observation 1385, 346 actions\)"):  # fmt: skip
        make_bot("learned").reset(0, no_mercy)
    with pytest.raises(ValueError, match="learned: the policy reads the spaces"):
        check_tournament(no_mercy, ["learned", "basic", "basic"], 2, 0, 1)
    # a policy of the No Mercy spaces: saved, loaded, plays whole No Mercy games
    path = tmp_path / "nm.npz"
    _policy(NO_MERCY).save(path)
    policy = make_bot(f"policy:{path}")
    assert isinstance(policy, PolicyBot) and policy.policy.layout is NO_MERCY  # type: ignore[attr-defined]
    bots = [make_bot(f"policy:{path}", seed=s) for s in range(3)]
    assert play_out(Game(no_mercy.replace(scoring="none"), 5), bots).match_over
    with pytest.raises(PolicyError, match="reads the spaces of the decks no_mercy168"):
        make_bot(f"policy:{path}").reset(1, Rules(players=3))
    # a file of neither layout's sizes names both
    with pytest.raises(
        PolicyError,
        match=r"observation has 1193 .*1193 \(the classic decks\) or 1385 \(no_mercy168\)",
    ):
        NumpyPolicy([(np.zeros((1200, 309)), np.zeros(309))])
    with pytest.raises(
        PolicyError,
        match=r"gives 309 outputs.*\(346, the action space of uno_v0 for the decks no_mercy168",
    ):
        NumpyPolicy([(np.zeros((1385, 309)), np.zeros(309))])


def test_a_stable_baselines_model_is_matched_to_a_layout_by_its_spaces() -> None:
    nm, classic = NO_MERCY.observation_space(), CLASSIC.observation_space()
    assert _spaces_problem(nm, NO_MERCY.action_space())[::2] == (None, NO_MERCY)
    assert _spaces_problem(classic["observation"], CLASSIC.action_space())[::2] == (None, CLASSIC)
    problem, _, layout = _spaces_problem(nm, CLASSIC.action_space())
    assert layout is None and problem is not None
    assert "expected Discrete(346) (the actions of the decks no_mercy168" in problem
    problem, _, _ = _spaces_problem(gymnasium.spaces.Box(0, 1, (7,)), CLASSIC.action_space())
    assert problem is not None and "1193 (the classic decks) or 1385 (no_mercy168)" in problem


def test_the_roulette_phase_entry_is_only_in_a_layout_with_a_roulette() -> None:
    """A classic game never writes the fifth phase entry (it has none): the classic
    observation's PHASE block stays 4 wide, FLAGS right after it."""
    assert CLASSIC.observation.flags - CLASSIC.observation.phase == 4
    assert NO_MERCY.observation.flags - NO_MERCY.observation.phase == 5
    assert NO_MERCY.state.flags - NO_MERCY.state.phase == 5
    assert Rank.WILD_COLOR_ROULETTE in {RANK_OF[c] for c in NO_MERCY.kinds}


def test_points_rewards_with_seats_knocked_out() -> None:
    """reward="points": the winner gets the hand points of the seats left in the round, a seat
    knocked out by the mercy rule neither pays nor gets any (its cards went under the pile)."""
    from unokit.scoring import hand_points

    env = uno_v0.raw_env(preset="no_mercy", players=5, mercy_limit=12, reward="points")
    rng = np.random.default_rng(0)
    knocked = 0
    for seed in range(12):
        env.reset(seed=seed)
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            env.step(int(rng.choice(env.legal_actions())))
        game = env.game
        if game.winner is None:
            continue
        points = {s: hand_points(game.hands[s], game.rules.deck) for s in range(env.n)}
        rewards = {s: env.rewards[env.agent_at(s)] for s in range(env.n)}
        for s in game.knocked_out:
            knocked += 1
            assert points[s] == 0 and rewards[s] == 0.0
        losers = [s for s in range(env.n) if s != game.winner]
        assert rewards[game.winner] == sum(points[s] for s in losers)
        assert all(rewards[s] == -points[s] for s in losers)
    assert knocked > 0
