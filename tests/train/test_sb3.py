"""Stable-Baselines3 through the adapter (the ``train`` extra, with torch: ``make test-train``
installs it and runs these; the default suite does not collect them, see tests/conftest.py,
so that no test is ever skipped in it): MaskablePPO trains on the batched env, and the saved
model plays as ``policy:agent.zip``; a model of other spaces is refused."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import sb3_contrib
import stable_baselines3 as sb3

from unokit.bots import make_bot
from unokit.bots.policy import PolicyError, load_policy
from unokit.envs.sb3 import SB3VecEnv
from unokit.envs.vector import UnoVectorEnv, available
from unokit.rules import Rules
from unokit.sim.tournament import run_tournament


def test_the_native_env_is_built() -> None:
    assert available(), "unokit.envs._vecenv is not built"


def test_maskable_ppo_trains_through_the_adapter_and_its_model_plays(tmp_path: Path) -> None:
    env = SB3VecEnv(UnoVectorEnv(8, players=2, opponents="greedy", seed=3))
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=32,
        batch_size=64,
        n_epochs=1,
        seed=0,
        device="cpu",
        policy_kwargs={"net_arch": [16]},
    )
    model.learn(total_timesteps=512)
    masks = env.env_method("action_masks")
    assert len(masks) == 8 and masks[0].shape == (309,)
    path = tmp_path / "agent.zip"
    model.save(path)
    policy = load_policy(path)
    obs = env.reset()
    mask = env.action_masks()[0]
    assert mask[policy.action(obs["observation"][0], mask)] == 1
    result = run_tournament(Rules(players=2), [f"policy:{path}", "random"], 4, workers=1)
    assert sum(e.games for e in result.entrants) == 8


def test_sb3_conventions_at_the_end_of_a_round() -> None:
    env = SB3VecEnv(UnoVectorEnv(4, players=2, opponents="random", seed=1))
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        env.step_async(actions)
        _, rewards, dones, infos = env.step_wait()
        for i in np.flatnonzero(dones):
            assert rewards[i] in (-1.0, 1.0)
            assert infos[i]["terminal_observation"]["observation"].shape == (1193,)
            assert infos[i]["TimeLimit.truncated"] is False
            return
    pytest.fail("no round ended")


def test_a_self_play_env_and_a_model_of_other_spaces_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs an env with opponents"):
        SB3VecEnv(UnoVectorEnv(2, players=2))
    import gymnasium

    model = sb3.PPO(
        "MlpPolicy", gymnasium.make("CartPole-v1"), n_steps=16, batch_size=16, device="cpu"
    )
    path = tmp_path / "cartpole.zip"
    model.save(path)
    with pytest.raises(PolicyError, match=r"observation space is Box\(.*expected a Dict"):
        make_bot(f"policy:{path}")
