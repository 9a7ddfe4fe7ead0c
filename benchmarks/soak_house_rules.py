"""Soak of the online tables' house rules (VARIANTS.md §2): every combination of them on or
off (2^7 = 128; ``bomb`` with ``multi_play = same_rank``), each at 2, 4, 7 and 10 players, one
match of random legal moves each, checked as ``benchmarks/soak.py`` checks (cards add up every
25 moves and at each round's end; no move raises).

    python benchmarks/soak_house_rules.py

Prints a summary and exits 1 if any match failed.
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from soak import play_match

from unokit import Rules

#: each house rule at a value that is not its default
ON: dict[str, object] = {
    "score_multiplier": 3,
    "reveal_hands_at": 3,
    "uno_call_window": "last_card_only",
    "catching": False,
    "hand_limit": 12,
    "bomb": True,
    "wild_start": "bury",
}


def main() -> int:
    played = failures = moves = 0
    start = time.perf_counter()
    for k, mask in enumerate(itertools.product((False, True), repeat=len(ON))):
        options = {name: value for (name, value), on in zip(ON.items(), mask, strict=True) if on}
        if options.get("bomb"):
            options["multi_play"] = "same_rank"
        for players in (2, 4, 7, 10):
            try:
                rules = Rules.from_dict({**options, "players": players})
                moves += play_match(rules, 1000 * k + players, 20_000)
                played += 1
            except Exception as error:  # every failure is counted and shown
                failures += 1
                print(f"FAILED {options} players {players}: {error!r}")
    elapsed = time.perf_counter() - start
    print(f"{played} matches, {moves} moves, {failures} failures, {elapsed:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
