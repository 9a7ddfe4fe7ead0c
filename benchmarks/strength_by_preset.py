"""Strength of a bot against ``basic`` under every preset, 4 players (docs/bots.md).

    python benchmarks/strength_by_preset.py --bot strong --games 4000 [--presets official,party]
    python benchmarks/strength_by_preset.py --bot expert --games 400 --time-ms 50

One bot against three ``basic`` bots (seats rotated, game ``i`` dealt from ``seed + i``: the
``unokit tournament`` rules): its win share, with a 95% Wilson interval, against the 25% an
equal player gets. Under ``teams`` (two teams of two: seats 0 and 2, 1 and 3) the bot plays
with a ``basic`` partner against two ``basic`` bots, and the share is its team's (equal: 50%).
Writes one JSON per preset to ``--out`` and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from unokit.rules import PRESETS, Rules
from unokit.sim.tournament import run_tournament, wilson


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--time-ms", type=float, default=50.0)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"| preset | {args.bot} vs 3 basic: win share (95% interval) | equal share | games | s |")
    print("|---|---|---|---|---|")
    for preset in args.presets.split(","):
        rules = Rules.preset(preset, players=4)
        bots = [args.bot, "basic", "basic", "basic"]
        start = time.perf_counter()
        result = run_tournament(
            rules,
            bots,
            args.games,
            seed=args.seed,
            workers=args.workers,
            bot_options={"expert": {"time_ms": args.time_ms}},
        )
        seconds = time.perf_counter() - start
        wins = result.entrants[0].wins
        equal = 0.25
        if rules.teams:  # entrants 0 and 2 always sit on the same team (seats rotate by one)
            wins += result.entrants[2].wins
            equal = 1 / (rules.players // rules.teams)
        low, high = wilson(wins, result.games)
        share = wins / result.games
        verdict = "stronger" if low > equal else "weaker" if high < equal else "no difference"
        print(
            f"| {preset} | {share:.1%} ({low:.1%}-{high:.1%}) {verdict} | {equal:.0%} | "
            f"{result.games} | {seconds:.0f} |",
            flush=True,
        )
        data = result.to_dict() | {"share": share, "ci95": [low, high], "equal": equal}
        (args.out / f"preset4_{preset}_{args.bot}_basic.json").write_text(
            json.dumps(data, indent=1), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
