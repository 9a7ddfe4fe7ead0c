"""The training example (examples/rl/train_pg.py) runs with what the rl extra installs: a
short smoke run (the full run takes minutes: docs/rl.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "train_pg.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_pg", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_pg"] = module
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_and_measures_a_policy() -> None:
    example = load()
    policy, curve = example.train(
        episodes=16, batch=8, seed=1, eval_every=8, eval_games=3, levels=("random",), log=False
    )
    assert [p["episodes"] for p in curve] == [0, 8, 16]
    assert all(0 <= p["random"] <= 1 for p in curve)
    assert np.abs(policy.w2).sum() > 0  # the updates changed the policy
    assert 0 <= example.evaluate(policy, "basic", 2, seed=3, greedy=True) <= 1


def test_the_example_saves_a_policy_every_table_plays(tmp_path: Path) -> None:
    """The saved weights file is the same network: as a policy bot it picks the example's
    greedy action; it plays in a tournament (policy:PATH)."""
    from unokit.bots.policy import load_policy
    from unokit.rules import Rules
    from unokit.sim.tournament import run_tournament

    example = load()
    policy, _ = example.train(
        episodes=8, batch=8, seed=2, eval_every=8, eval_games=1, levels=("random",), log=False
    )
    path = tmp_path / "agent.npz"
    example.save(policy, path)
    played = load_policy(path)
    env = example.make_env("random")
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(20):
        expected = policy.act(obs, rng, greedy=True)
        assert played.action(obs["observation"], obs["action_mask"]) == expected
        obs, _, term, trunc, _ = env.step(expected)
        if term or trunc:
            obs, _ = env.reset()
    result = run_tournament(Rules(players=2), [f"policy:{path}", "basic"], 4, workers=1)
    assert sum(e.games for e in result.entrants) == 8


def test_the_self_play_example_trains_on_the_batched_env(tmp_path: Path) -> None:
    from unokit.envs.vector import available

    if not available():
        pytest.skip("unokit.envs._vecenv not built")
    load()  # (the self-play example imports train_pg from its folder)
    spec = importlib.util.spec_from_file_location(
        "selfplay_vector", EXAMPLE.parent / "selfplay_vector.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    policy = module.train(steps=1200, games=8, seed=1, batch_rounds=2, log=False)
    assert policy.steps > 0  # rounds ended, the policy was updated
    path = tmp_path / "selfplay.npz"
    module.save(policy, path)
    from unokit.bots import make_bot

    assert make_bot(f"policy:{path}").name == f"policy:{path}"
