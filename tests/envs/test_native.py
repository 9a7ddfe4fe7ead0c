"""The AEC environment on the native engine (engine="native") is the Python one: PettingZoo's
tests, and both played side by side with the same actions."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from unokit.envs import uno_v0
from unokit.envs.vector import available

pytestmark = pytest.mark.skipif(not available(), reason="unokit.envs._vecenv not built")

MIXES: list[dict[str, Any]] = [
    {"players": 2, "wd4_rule": "anytime", "challenge": False, "draw_with_playable": "forbidden"},
    {"preset": "official", "players": 3},
    {"preset": "teams", "stacking": "any", "stack_challenge": "all"},
    {"preset": "casual", "players": 6, "deflect": "named_color", "stacking": "same_kind"},
]


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    api_test(uno_v0.env(engine="native", players=3, max_steps=600), num_cycles=300)
    seed_test(lambda: uno_v0.env(engine="native", players=2, max_steps=400), num_cycles=200)


@pytest.mark.parametrize("mix", MIXES, ids=lambda m: "-".join(f"{v}" for v in m.values()))
def test_the_native_engine_plays_the_games_of_the_python_one(mix: dict[str, Any]) -> None:
    py = uno_v0.raw_env(max_steps=300, seed=4, **mix)
    c = uno_v0.raw_env(engine="native", max_steps=300, seed=4, **mix)
    rng = np.random.default_rng(4)
    episodes = 0
    for reset in (None, 9, None, None, 11, None):
        py.reset(seed=reset)
        c.reset(seed=reset)
        for agent in py.agent_iter():
            assert c.agent_selection == agent
            assert np.array_equal(py.state(), c.state()), np.flatnonzero(py.state() != c.state())
            for other in py.possible_agents if agent == "player_0" else [agent]:
                a, b = py.observe(other), c.observe(other)
                assert np.array_equal(a["observation"], b["observation"]), other
                assert np.array_equal(a["action_mask"], b["action_mask"]), other
            obs, reward, term, trunc, _ = py.last()
            assert c.last()[1:4] == (reward, term, trunc)
            assert c.out_of_turn == py.out_of_turn
            if term or trunc:
                py.step(None)
                c.step(None)
                continue
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            py.step(action)
            c.step(action)
        assert not c.agents
        assert np.array_equal(py.state(), c.state())
        episodes += 1
    assert episodes == 6


def test_the_native_engine_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="seven_zero"):
        uno_v0.raw_env(engine="native", preset="online")
    with pytest.raises(ValueError, match="engine"):
        uno_v0.raw_env(engine="rust")
    env = uno_v0.raw_env(engine="native", players=2)
    env.reset(seed=1)
    with pytest.raises(TypeError, match="pickled"):
        pickle.dumps(env)
    bad = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not allowed"):
        env.step(bad)


@pytest.mark.parametrize("opponents", ["greedy", "random"])
def test_uno_v0_gym_env_on_the_native_engine_plays_the_python_episodes(opponents: str) -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import unokit.envs  # noqa: F401  (registers unokit/Uno-v0)

    kwargs = {"players": 3, "opponents": opponents, "seat": 1, "max_steps": 400}
    py = gymnasium.make("unokit/Uno-v0", **kwargs).unwrapped
    c = gymnasium.make("unokit/Uno-v0", engine="native", **kwargs).unwrapped
    check_env(gymnasium.make("unokit/Uno-v0", engine="native", **kwargs).unwrapped)
    rng = np.random.default_rng(1)
    episodes = 0
    for seed in (5, None, None, 8, None):
        a, _ = py.reset(seed=seed)
        b, _ = c.reset(seed=seed)
        done = False
        while not done:
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            assert np.array_equal(c.action_masks(), b["action_mask"])
            action = int(rng.choice(np.flatnonzero(a["action_mask"])))
            a, ra, ta, ua, _ = py.step(action)
            b, rb, tb, ub, _ = c.step(action)
            assert (ra, ta, ua) == (rb, tb, ub)
            done = ta or ua
        assert np.array_equal(a["observation"], b["observation"])
        episodes += 1
    with pytest.raises(RuntimeError, match="call reset"):
        c.step(0)
    assert episodes == 5


def test_errors_name_the_real_cause() -> None:
    import gymnasium

    import unokit.envs  # noqa: F401

    with pytest.raises(ValueError, match="plays random and greedy in C"):
        gymnasium.make("unokit/Uno-v0", engine="native", opponents="strong")
    with pytest.raises(ValueError, match="does not play seven_zero"):
        gymnasium.make("unokit/Uno-v0", engine="native", preset="online", opponents="random")
    env = uno_v0.env(engine="native", render_mode="ansi", players=2)
    env.reset(seed=3)
    assert "seat 0 (player_0)" in env.render()
    with pytest.raises(TypeError, match="'opponents' is an argument of unokit/Uno-v0"):
        uno_v0.env(opponents="strong")
    with pytest.raises(TypeError, match="'games' is an argument of the batched env"):
        gymnasium.make("unokit/Uno-v0", engine="native", opponents="random", games=2)
    env = gymnasium.make("unokit/Uno-v0", engine="native", opponents="random", render_mode="ansi")
    env.reset(seed=1)
    assert "seat 1:" in env.render()
