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
