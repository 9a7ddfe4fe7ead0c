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
    obs, masks = vec.reset(seeds)
    envs = []
    for seed in seeds:
        env = uno_v0.raw_env(max_steps=400, **mix)
        env.reset(seed=seed)
        envs.append(env)
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(steps):
        actions = np.zeros(games, np.int64)
        for i, env in enumerate(envs):
            agent = env.agent_selection
            py = env.observe(agent)
            assert vec.seats[i] == env.seat_of(agent)
            assert np.array_equal(py["action_mask"], masks[i]), f"game {i}: mask"
            assert np.array_equal(py["observation"], obs[i]), (
                f"game {i}: observation differs at {np.flatnonzero(py['observation'] != obs[i])}"
            )
            actions[i] = rng.choice(np.flatnonzero(masks[i]))
        obs, masks, rewards, terminals, truncations = vec.step(actions)
        for i, env in enumerate(envs):
            env.step(int(actions[i]))
            over = any(env.terminations.values()) or any(env.truncations.values())
            assert over == bool(terminals[i] or truncations[i])
            assert bool(truncations[i]) == any(env.truncations.values())
            if over:
                expected = [env.rewards[env.agent_at(s)] for s in range(vec.players)]
                assert list(rewards[i]) == expected
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


def test_an_action_not_allowed_changes_no_game() -> None:
    vec = UnoVectorEnv(3, players=2, seed=5, **RLCARD_LIKE)
    _, masks = vec.reset()
    before = [vec.hands(i) for i in range(3)]
    actions = [int(np.flatnonzero(m)[0]) for m in masks]
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1"):
        vec.step(actions)
    assert [vec.hands(i) for i in range(3)] == before
