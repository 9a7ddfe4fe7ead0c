"""The golden games (tests/golden_games.py): write them, check them, show their steps.

    python tools/golden.py --check                   # which games the engine no longer replays
    python tools/golden.py --write                   # write tests/golden/games.jsonl again
    python tools/golden.py --show mix-12 --steps 17-32   # the steps of a game, as JSON

Write only for a change of behaviour that is meant, and say it in the commit: the diff of
games.jsonl shows which games changed. ``--show`` prints what the digests are made of, so that
a difference found by the tests can be read (run it on both sides of a change and compare).
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import golden_games as gg

from unokit import Rules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write the golden games again")
    action.add_argument("--check", action="store_true", help="list the games that differ")
    action.add_argument("--show", metavar="NAME", help="print the steps of one game")
    parser.add_argument("--steps", default="1-16", help="with --show: a range such as 17-32")
    args = parser.parse_args()
    if args.write:
        print(f"{gg.write()} golden games written to {gg.GOLDEN}")
        return 0
    records = gg.load()
    if args.check:
        bad = [
            r["name"]
            for r in records
            if gg.trace(Rules.from_dict(r["rules"]), r["seed"]) != r["trace"]
            or (
                r["round"] is not None
                and gg.random_round(Rules.from_dict(r["rules"]), r["seed"]) != r["round"]
            )
        ]
        print(f"{len(records) - len(bad)} of {len(records)} golden games replay")
        for name in bad:
            print("differs:", name)
        return 1 if bad else 0
    record = next((r for r in records if r["name"] == args.show), None)
    if record is None:
        print(f"no golden game named {args.show!r}", file=sys.stderr)
        return 2
    first, _, last = args.steps.partition("-")
    start, stop = int(first), int(last or first)
    steps = gg.trace_steps(Rules.from_dict(record["rules"]), record["seed"])
    for number, step in enumerate(islice(steps, start - 1, stop), start):
        print(json.dumps({"step": number, **step}, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
