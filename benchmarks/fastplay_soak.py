"""Soak test of the C accelerator against the Python engine (the long form of
tests/test_fastplay.py).

    python benchmarks/fastplay_soak.py [--cases 4000] [--seed 1]

Each case draws a random mix of every option value the accelerator supports and 2-7 players,
deals a game, advances it by up to 80 random legal moves of any seat (UNO calls, catches,
stacked penalties, jump-ins, challenges), then plays the round out with uniformly random
moves in both engines from that state, and from the fresh deal too. Prints the phases reached
and the number of divergences (move count, winner or any hand): it must be 0.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers

from tests.test_fastplay import NATIVE_OPTIONS, _advance, _supported_values

from unokit import Game, Rules, RulesError
from unokit.rng import Rng
from unokit.sim.fastplay import play_random_from, play_random_rounds
from unokit.sim.simulate import play_random_round

OPTIONS = [name for name in NATIVE_OPTIONS if name != "hand_size"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    draw = random.Random(args.seed)
    seen: Counter[str] = Counter()
    bad = 0
    for _ in range(args.cases):
        options = {name: draw.choice(_supported_values(name)) for name in OPTIONS}
        try:
            rules = Rules(players=draw.randint(2, 7), **options)  # type: ignore[arg-type]
        except RulesError:
            continue
        seed = draw.randrange(2**32)
        game = Game(rules, seed)
        _advance(game, draw.randint(0, 80), Rng(seed + 1))
        if not game.round_over:
            native = play_random_from(game, Rng(seed))
            if native is None:
                seen["several cards on top (not played natively)"] += 1
            else:
                seen[game.phase.name] += 1
                copy, rng = game.copy(), Rng(seed)
                moves = play_random_round(copy, rng)
                python = (moves, copy.winner, [list(h) for h in copy.hands])
                if (native.moves, native.last_winner, [list(h) for h in native.last_hands]) != (
                    python
                ):
                    bad += 1
                    print("diverged from a state:", rules.to_dict(changed_only=True), seed)
        fresh = Game(rules, seed)
        moves = play_random_round(fresh, Rng(seed))
        dealt = play_random_rounds(rules, seed, 1, Rng(seed))
        assert dealt is not None
        if (dealt.moves, dealt.last_winner) != (moves, fresh.winner):
            bad += 1
            print("diverged from a deal:", rules.to_dict(changed_only=True), seed)
    print(dict(seen), "divergences:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
