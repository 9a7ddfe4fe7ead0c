"""Instructions per random round of the Python engine, counted by valgrind: a deterministic
measure of engine work (the clock on a shared 2-core machine moves by several percent from run
to run; the same rounds always execute about the same instructions).

    python benchmarks/round_instructions.py [--players 2] [--rounds 300] [--src DIR]

Runs ``valgrind --tool=cachegrind --cache-sim=no`` on this interpreter twice, playing
``--rounds`` rounds and none (start-up, imports and tables cancel out), under the RLCard-like
rules of ``benchmarks/speed.py`` with ``play_random_round``, and prints the difference per
round. ``--src`` measures another checkout's ``src`` (e.g. a ``git worktree`` of an older
commit; copy the built C modules into it), for a before/after comparison. Needs valgrind
(Debian's package). docs/performance.md records what it measured.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

PLAY = """
import sys
sys.path.insert(0, {benchmarks!r})
from speed import RLCARD_LIKE
from unokit import Game, Rules
from unokit.rng import Rng
from unokit.sim.simulate import play_random_round
rules = Rules(players={players}, **RLCARD_LIKE)
rng = Rng(7)
for seed in range({rounds}):
    play_random_round(Game(rules, seed), rng)
"""


def instructions(players: int, rounds: int, src: str | None) -> int:
    """The instructions valgrind counts for a run playing ``rounds`` rounds."""
    code = PLAY.format(
        benchmarks=os.path.dirname(os.path.abspath(__file__)), players=players, rounds=rounds
    )
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = os.path.abspath(src)
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        sys.exit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--src", help="the src folder to measure (default: the installed one)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    if args.rounds < 1:
        sys.exit("--rounds must be at least 1")
    base = instructions(args.players, 0, args.src)
    total = instructions(args.players, args.rounds, args.src)
    per_round = (total - base) / args.rounds
    print(f"{args.players} players: {per_round:,.0f} instructions a round ({args.rounds} rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
