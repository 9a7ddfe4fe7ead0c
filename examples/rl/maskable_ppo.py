"""MaskablePPO (sb3-contrib) on unokit: ``pip install 'unokit[train]'``.

Trains against the greedy bot on the batched native environment through the Stable-Baselines3
adapter (64 games at once, in C), or on ``unokit/Uno-v0`` with ``--single`` (one game, any
opponent level, the Python engine), saves the model, and measures it:

    python examples/rl/maskable_ppo.py --steps 200000 --save agent.zip
    unokit tournament --bots policy:agent.zip,strong --games 2000
    unokit play --bots policy:agent.zip

MaskablePPO finds the masks by itself: the adapter's ``env_method("action_masks")``, the
Gymnasium env's ``action_masks()``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import gymnasium
from sb3_contrib import MaskablePPO

import unokit.envs  # noqa: F401  (registers unokit/Uno-v0)
from unokit.envs.sb3 import SB3VecEnv
from unokit.envs.vector import UnoVectorEnv
from unokit.rules import Rules
from unokit.sim.tournament import run_tournament


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--single", action="store_true", help="unokit/Uno-v0, one game")
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--save", type=Path, default=Path("agent.zip"))
    parser.add_argument("--eval-games", type=int, default=1000)
    args = parser.parse_args()
    if args.single:
        env = gymnasium.make("unokit/Uno-v0", players=2, opponents=args.opponents)
    else:
        env = SB3VecEnv(UnoVectorEnv(64, players=2, opponents=args.opponents, seed=args.seed))
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, device="cpu", verbose=1)
    model.learn(total_timesteps=args.steps)
    model.save(args.save)
    spec = f"policy:{args.save}"
    for level in ("random", "strong"):
        result = run_tournament(Rules(players=2), [spec, level], args.eval_games, seed=1)
        low, high = result.entrants[0].interval
        print(f"{spec} against {level}: {result.entrants[0].win_rate:.1%} ({low:.1%}-{high:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
