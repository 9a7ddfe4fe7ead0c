"""The batched native environment plays the games of the Python environment: the same seeds
and actions give the same observations, masks, rewards and ends (a differential test)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from unokit.envs import uno_v0
from unokit.envs.vector import UnoVectorEnv, available, unsupported
from unokit.rules import Rules

pytestmark = pytest.mark.skipif(not available(), reason="unokit.envs._vecenv not built")

RLCARD_LIKE = {"wd4_rule": "anytime", "challenge": False, "draw_with_playable": "forbidden"}

MIXES: list[dict[str, Any]] = [
    {"players": 2, **RLCARD_LIKE},
    {"preset": "official", "players": 3},
    {"preset": "casual", "players": 2, "stacking": "two_under_four", "stack_challenge": "all"},
    {"preset": "official", "players": 4, "stacking": "same_kind", "wd4_rule": "no_playable_card"},
    {"players": 4, "challenge": False},
    {"players": 3, "challenge": False, "stacking": "any", "deflect": "any_color"},
    {"players": 5, "challenge": False, "after_draw": "must_play", "draw_until_playable": True},
    {"preset": "teams", "challenge": False, "catch_window": "until_next_play"},
    {"players": 10, "challenge": False, "wd4_rule": "no_playable_card", "uno_penalty": 4},
    {"players": 2, "challenge": False, "stacking": "same_kind", "dealer_selection": "random"},
]


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(f"{v}" for v in m.values()))
def test_the_batched_env_plays_the_games_of_the_python_env(mix: dict[str, Any]) -> None:
    games, steps = 6, 1500
    seeds = [101 + 7 * i for i in range(games)]
    vec = UnoVectorEnv(games, max_steps=400, **mix)
    first, _ = vec.reset(seed=seeds)
    obs, masks = first["observation"], first["action_mask"]
    envs = []
    for seed in seeds:
        env = uno_v0.raw_env(max_steps=400, **mix)
        env.reset(seed=seed)
        envs.append(env)
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(steps):
        actions = np.zeros(games, np.int64)
        states = vec.states()
        for i, env in enumerate(envs):
            assert np.array_equal(states[i], env.state()), f"game {i}: state"
            agent = env.agent_selection
            py = env.observe(agent)
            assert vec.seats[i] == env.seat_of(agent)
            assert np.array_equal(py["action_mask"], masks[i]), f"game {i}: mask"
            assert np.array_equal(py["observation"], obs[i]), (
                f"game {i}: observation differs at {np.flatnonzero(py['observation'] != obs[i])}"
            )
            actions[i] = rng.choice(np.flatnonzero(masks[i]))
        acting = vec.seats.copy()
        out, reward, terminals, truncations, infos = vec.step(actions)
        obs, masks, rewards = out["observation"], out["action_mask"], infos["rewards"]
        for i, env in enumerate(envs):
            env.step(int(actions[i]))
            over = any(env.terminations.values()) or any(env.truncations.values())
            assert over == bool(terminals[i] or truncations[i])
            assert bool(truncations[i]) == any(env.truncations.values())
            if over:
                expected = [env.rewards[env.agent_at(s)] for s in range(vec.players)]
                assert list(rewards[i]) == expected
                assert reward[i] == expected[acting[i]]  # the reward of the seat that acted
                ends += 1
                env.reset()
            else:
                assert not rewards[i].any()
    assert ends >= games


def test_what_the_batched_env_does_not_play_is_refused() -> None:
    assert unsupported(Rules()) == []
    assert "seven_zero=true" in unsupported(Rules(seven_zero=True))
    with pytest.raises(ValueError, match="does not play"):
        UnoVectorEnv(2, preset="online")


def test_an_action_not_allowed_changes_no_game_under_illegal_raise() -> None:
    vec = UnoVectorEnv(3, players=2, seed=5, illegal="raise", **RLCARD_LIKE)
    obs, _ = vec.reset()
    masks = obs["action_mask"]
    before = [vec.hands(i) for i in range(3)]
    actions = [int(np.flatnonzero(m)[0]) for m in masks]
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])
    actions[2] = 999
    with pytest.raises(ValueError, match=r"game 1: action \d+; game 2: action 999 not allowed now"):
        vec.step(actions)
    assert [vec.hands(i) for i in range(3)] == before


def test_an_action_not_allowed_ends_its_game_only() -> None:
    """illegal="lose" (the default): the game at fault ends, its seat -1, the others play on."""
    vec = UnoVectorEnv(3, players=2, seed=5, **RLCARD_LIKE)
    obs, _ = vec.reset()
    masks = obs["action_mask"]
    seat = int(vec.seats[1])
    actions = [int(np.flatnonzero(m)[0]) for m in masks]
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])
    hands = [vec.hands(i) for i in range(3)]
    _, rewards, terminated, truncated, infos = vec.step(actions)
    assert list(terminated) == [False, True, False] and not truncated.any()
    assert rewards[1] == -1.0 and list(infos["rewards"][1]) == [
        -1.0 if s == seat else 0.0 for s in range(2)
    ]
    assert list(infos["illegal"]) == [False, True, False]
    assert infos["final_info"]["illegal_action"][1] == actions[1]
    assert list(infos["_final_obs"]) == [False, True, False]
    # the final observation is the one the bad action was given for; the game is dealt again
    assert np.array_equal(infos["final_obs"][1]["observation"], obs["observation"][1])
    assert vec.hands(1) != hands[1]
    assert vec.hands(0) != hands[0] or vec.hands(2) != hands[2]  # the others moved on


OPPONENT_CASES: list[tuple[Any, int, dict[str, Any]]] = [
    ("greedy", 0, {"players": 2}),
    ("random", 1, {"players": 3, "challenge": False, "stacking": "any"}),
    (
        ["greedy", "random", "greedy"],
        2,
        {"preset": "teams", "players": 4, "catch_window": "until_next_play"},
    ),
    ("greedy", 0, {"players": 4, "stacking": "same_kind", "stack_challenge": "all"}),
]


@pytest.mark.parametrize(
    "opponents, seat, mix", OPPONENT_CASES, ids=lambda v: str(v) if not isinstance(v, dict) else ""
)
def test_the_batched_env_with_opponents_is_gymnasiums_sync_vector_env_of_uno_v0(
    opponents: Any, seat: int, mix: dict[str, Any]
) -> None:
    """The bots in C play the games of the Python bots: the native vector env and
    gymnasium.vector.SyncVectorEnv over unokit/Uno-v0 with the same opponents give the same
    observations, rewards, ends and final observations (an action not allowed now and then)."""
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    from unokit.envs.gym_env import UnoGymEnv

    games = 3
    kwargs = {"opponents": opponents, "seat": seat, "max_steps": 300, **mix}
    vec = UnoVectorEnv(games, **kwargs)
    sync = SyncVectorEnv(
        [lambda: UnoGymEnv(**kwargs) for _ in range(games)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    a, _ = vec.reset(seed=21)
    b, _ = sync.reset(seed=21)
    rng = np.random.default_rng(6)
    ends = 0
    for step in range(700):
        for key in ("observation", "action_mask"):
            assert np.array_equal(a[key], b[key]), f"step {step}: {key}"
        masks = a["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        if step % 97 == 5:
            actions[step % games] = int(np.flatnonzero(masks[step % games] == 0)[0])
        a, ra, ta, ua, ia = vec.step(actions)
        b, rb, tb, ub, ib = sync.step(actions)
        assert list(ra) == list(rb) and list(ta) == list(tb) and list(ua) == list(ub), step
        for i in np.flatnonzero(ta | ua):
            ends += 1
            for key in ("observation", "action_mask"):
                assert np.array_equal(ia["final_obs"][i][key], ib["final_obs"][i][key])
    assert ends >= games
    assert vec.observation_space.contains(a) and vec.single_action_space.n == 309
