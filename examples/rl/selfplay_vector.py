"""Self-play on the batched native environment: one NumPy policy plays every seat of many games.

The network and its update are train_pg.py's (observation -> 64 tanh units -> action logits and
a value; actor-critic on whole rounds). ``UnoVectorEnv(games)`` without opponents asks for the
decision of whichever seat each game waits for (``infos["seat"]``); each seat's decisions are
kept apart, and when a round ends every seat's decisions get that seat's reward
(``infos["rewards"]``: +1 the winner, -1 the others). Then the policy is measured against the
bots and saved as a NumPy weights file any table plays:

    python examples/rl/selfplay_vector.py --steps 3000 --save agent.npz
    unokit tournament --bots policy:agent.npz,random --games 2000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_pg import Policy, evaluate, features, save  # noqa: E402

from unokit.envs.vector import UnoVectorEnv  # noqa: E402

Array = np.ndarray[Any, Any]


def train(
    steps: int = 3000, games: int = 64, seed: int = 0, batch_rounds: int = 64, log: bool = True
) -> Policy:
    """``steps`` batched steps of ``games`` 2-player games (official rules, self-play)."""
    env = UnoVectorEnv(games, players=2, seed=seed)
    obs, infos = env.reset()
    rng = np.random.default_rng(seed)
    policy = Policy.new(obs["observation"].shape[1], obs["action_mask"].shape[1], rng)
    open_: dict[tuple[int, int], list[tuple[Array, Array, int]]] = {}
    xs: list[Array] = []
    masks: list[Array] = []
    actions: list[int] = []
    returns: list[float] = []
    rounds = 0
    start = time.perf_counter()
    for step in range(steps):
        x = np.stack([features(o) for o in obs["observation"]])
        _, p, _ = policy.forward(x, obs["action_mask"])
        chosen = np.array([rng.choice(p.shape[1], p=row) for row in p])
        for i, seat in enumerate(infos["seat"]):
            open_.setdefault((i, int(seat)), []).append((x[i], obs["action_mask"][i], chosen[i]))
        obs, _, terminated, truncated, infos = env.step(chosen)
        for i in np.flatnonzero(terminated | truncated):
            rounds += 1
            for seat in range(env.players):
                moves = open_.pop((int(i), seat), [])
                reward = float(infos["rewards"][i, seat])
                for k, (xi, mi, ai) in enumerate(moves):
                    xs.append(xi)
                    masks.append(mi)
                    actions.append(int(ai))
                    returns.append(reward * 0.99 ** (len(moves) - 1 - k))
        if len(set(returns)) and rounds >= batch_rounds:
            policy.update(
                np.stack(xs), np.stack(masks), np.array(actions), np.array(returns, np.float32)
            )
            xs, masks, actions, returns = [], [], [], []
            rounds = 0
        if log and step % 500 == 0:
            print(f"step {step:6d}  {time.perf_counter() - start:5.0f} s", flush=True)
    return policy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--save", type=Path)
    args = parser.parse_args()
    policy = train(args.steps, args.games, args.seed)
    for level in ("random", "basic", "strong"):
        rate = evaluate(policy, level, args.eval_games, seed=7, greedy=True)
        print(f"against {level}: {rate:.1%} ({args.eval_games} rounds, greedy)")
    if args.save:
        save(policy, args.save)
        print(f"policy: {args.save} (unokit play --bots policy:{args.save})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
