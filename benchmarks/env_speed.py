"""Learning-environment speed, side by side with RLCard's ``uno`` environment, in one run.

    python benchmarks/env_speed.py [--seconds 3] [--repeats 3]

Steps per second with uniformly random allowed actions, observation and action mask read at
every step, 2 players under the rules closest to RLCard's (+4 at any time, no challenge, no
drawing while holding a playable card, a drawn card that can be played must be played),
episodes reset as they end:

- RLCard 1.2.0's environment (``rlcard.make("uno")``: ``reset``, ``step`` with a random legal
  action of ``state["legal_actions"]``, until ``is_over``; its state holds the encoded
  observation), if rlcard is installed (``pip install -r benchmarks/requirements.txt``);
- unokit's PettingZoo environment, ``uno_v0.raw_env`` and ``uno_v0.env`` (with PettingZoo's
  order-enforcing wrapper), on the Python engine and on the native one (``engine="native"``):
  ``last()`` (observation, mask, reward, done) then ``step``, the action drawn by Python;
- with ``--batched N``, the batched native environment (``unokit.envs.vector``) stepping N
  games at once, observations and masks written at every step, random allowed actions drawn
  in C (``UnoVectorEnv.sample``), if built.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# RLCard's raw game: +4 at any time and never challenged; `draw` only offered when nothing can
# be played; a drawn card that can be played is played for you (after_draw = must_play)
RLCARD_LIKE = {
    "wd4_rule": "anytime",
    "challenge": False,
    "draw_with_playable": "forbidden",
    "after_draw": "must_play",
}


def rate(run: Callable[[float], tuple[int, float]], seconds: float, repeats: int) -> float:
    """Median steps/s of ``repeats`` runs of ``seconds``."""
    results = []
    for _ in range(repeats):
        steps, elapsed = run(seconds)
        results.append(steps / elapsed)
    return statistics.median(results)


def rlcard_env(seconds: float) -> tuple[int, float]:
    import rlcard

    env = rlcard.make("uno", config={"seed": 7})
    rng = random.Random(7)
    steps = 0
    start = time.perf_counter()
    while True:
        state, _ = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            state, _ = env.step(action)
            steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, elapsed


def unokit_env(seconds: float, wrapped: bool, engine: str = "python") -> tuple[int, float]:
    from unokit.envs import uno_v0

    make = uno_v0.env if wrapped else uno_v0.raw_env
    env: Any = make(players=2, engine=engine, **RLCARD_LIKE)
    env.reset(seed=7)
    rng = random.Random(7)
    steps = 0
    start = time.perf_counter()
    while True:
        env.reset()
        while True:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                break
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, elapsed


def batched_env(seconds: float, games: int) -> tuple[int, float] | None:
    from unokit.envs.vector import UnoVectorEnv, available

    if not available():
        return None
    env = UnoVectorEnv(games, players=2, seed=7, copy=False, **RLCARD_LIKE)
    env.reset()
    env.sample(seed=7)
    steps = 0
    start = time.perf_counter()
    while True:
        # a uniformly random allowed action per game, drawn in C (env.sample)
        env.step(env.sample())
        steps += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description="unokit environments vs RLCard's uno env")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batched", type=int, default=0, help="games in the batched env")
    args = parser.parse_args()
    s, r = args.seconds, args.repeats
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; median of {r} runs of {s} s; 2 players"
    )
    rows: list[tuple[str, float]] = []
    try:
        rows.append(("RLCard 1.2.0 uno env", rate(rlcard_env, s, r)))
    except ImportError:
        rows.append(("RLCard 1.2.0 uno env (not installed)", 0.0))
    for engine in ("python", "native"):
        for wrapped in (False, True):
            name = f"unokit uno_v0.{'env' if wrapped else 'raw_env'}(engine={engine!r})"
            rows.append((name, rate(lambda t, w=wrapped, e=engine: unokit_env(t, w, e), s, r)))
    if args.batched:
        measured = batched_env(s, args.batched)
        if measured is not None:
            rows.append(
                (
                    f"unokit batched native env, {args.batched} games",
                    rate(lambda t: batched_env(t, args.batched) or (0, 1.0), s, r),
                )
            )
    base = rows[0][1]
    width = max(len(name) for name, _ in rows)
    print(f"{'':{width}}  {'steps/s':>11}  {'vs RLCard':>9}")
    for name, steps in rows:
        ratio = f"{steps / base:.2f}x" if base else "n/a"
        print(f"{name:{width}}  {steps:11,.0f}  {ratio:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
