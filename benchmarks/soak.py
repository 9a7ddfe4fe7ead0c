"""Soak test: random games under every preset and under many random rule combinations.

    python benchmarks/soak.py --combos 1000 --games-per-preset 200 --seed 1
    python benchmarks/soak.py --combos 0 --games-per-preset 500 --preset no_mercy

Every combination of options is drawn from the game's own generator (so a run is
reproducible), validated by ``Rules`` (refused combinations are counted, not played), then
played as a match of random legal moves by the seat to act (up to ``--max-moves`` moves), with
the card count checked every 25 moves and at every round's end. Prints a summary and exits 1
if any game raised or lost a card (or, under ``mercy_limit``, left a seat in the round holding
the limit: VARIANTS.md §1). ``--preset`` (repeatable) picks the presets; all by default.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter

from unokit import REFEREE, Game, Rules, RulesError
from unokit.cards import deck_cards
from unokit.moves import DEAL
from unokit.rng import Rng
from unokit.rules import OPTIONS, PRESETS


def random_options(rng: Rng) -> dict[str, object]:
    """A random value for a random subset of the options."""
    out: dict[str, object] = {}
    for name, spec in OPTIONS.items():
        if rng.below(3):
            continue
        kind = spec.kind
        if kind == "choice":
            out[name] = rng.choice(list(spec.choices))
        elif kind == "bool":
            out[name] = bool(rng.below(2))
        elif kind == "effect":
            from unokit.effects import CUSTOM_EFFECTS

            out[name] = rng.choice(sorted(CUSTOM_EFFECTS))
        elif name == "players":
            out[name] = 2 + rng.below(9)
        elif name == "hand_size":
            out[name] = 1 + rng.below(10)
        elif name == "target_score":
            out[name] = rng.choice([50, 100, 300, 500])
        elif name == "teams":
            out[name] = rng.choice([0, 0, 2, 3])
        elif name == "hand_limit":  # above most hand sizes, low enough to be reached
            out[name] = rng.choice([0, 12, 20])
        elif name == "mercy_limit":  # (above the hand size, or refused)
            out[name] = rng.choice([0, 0, 12, 25])
        else:
            out[name] = rng.choice([spec.default, spec.low, min(spec.high, spec.low + 2)])
    return out


def play_match(rules: Rules, seed: int, max_moves: int) -> int:
    game = Game(rules, seed)
    deck = Counter(deck_cards(rules.deck))
    rng = Rng(seed * 31 + 7)
    moves = 0
    while not game.match_over and moves < max_moves:
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seat = game.current
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.below(len(legal))])
        moves += 1
        limit = rules.mercy_limit
        if (
            limit
            and not game.round_over
            and any(game.in_round[s] and len(h) >= limit for s, h in enumerate(game.hands))
        ):
            raise AssertionError(f"a seat holds mercy_limit = {limit} cards after move {moves}")
        if moves % 25 and not game.round_over:
            continue
        placed = Counter(c for h in game.hands for c in h)
        placed.update(game.draw_pile)
        placed.update(game.discard)
        if placed != deck:
            raise AssertionError(f"cards lost or duplicated after move {moves}")
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--combos", type=int, default=1000)
    parser.add_argument("--games-per-preset", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=5_000)
    parser.add_argument(
        "--preset", action="append", choices=list(PRESETS), help="a preset to play (repeatable)"
    )
    args = parser.parse_args()
    presets = args.preset or list(PRESETS)
    rng = Rng(args.seed)
    failures = 0
    played = refused = total_moves = 0
    start = time.perf_counter()
    for preset in presets:
        for i in range(args.games_per_preset):
            players = 4 if preset == "teams" else 2 + i % 9
            try:
                total_moves += play_match(Rules.preset(preset, players=players), i, args.max_moves)
                played += 1
            except Exception:
                failures += 1
                print(f"FAILED preset {preset} players {players} seed {i}")
                traceback.print_exc()
    i = 0
    while i < args.combos:
        options = random_options(rng)
        try:
            rules = Rules.from_dict(options)
        except RulesError:
            refused += 1
            continue
        i += 1
        try:
            total_moves += play_match(rules, args.seed * 100_000 + i, args.max_moves)
            played += 1
        except Exception:
            failures += 1
            print(f"FAILED options {options} seed {args.seed * 100_000 + i}")
            traceback.print_exc()
    elapsed = time.perf_counter() - start
    print(
        f"{played} matches played ({len(presets)} presets x {args.games_per_preset}, "
        f"{args.combos} random valid combinations; {refused} drawn combinations were refused "
        "as invalid and redrawn), "
        f"{total_moves} moves, {failures} failures, {elapsed:.0f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
