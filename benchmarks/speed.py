"""Engine speed, side by side with RLCard's UNO game, in one run.

    python benchmarks/speed.py [--seconds 2] [--repeats 5] [--skip-tournament]
                               [--compiled build/mypyc]

Measures (median of ``--repeats`` runs of ``--seconds`` each):
- unokit: whole rounds per second with uniformly random legal moves of the seat to act, and
  moves per second, 2 and 4 players, under ``official`` and under the rules closest to
  RLCard's (+4 at any time, no challenge, a player holding a playable card may not draw, a
  drawn card that can be played must be played),
  played by the C accelerator (``unokit.sim.fastplay``, the engine ``unokit simulate`` uses) and
  by the general Python engine (``Game.legal_moves`` / ``Game.apply``, what bots and the
  referee use); both play the same games for the same seeds;
- with ``--compiled DIR`` (``make compiled`` builds ``build/mypyc``), the same general engine
  compiled with mypyc: the same measurement in a subprocess with ``PYTHONPATH=DIR``;
- RLCard 1.2.0's raw game (``rlcard.games.uno.game.UnoGame``: init_game, get_legal_actions,
  step until is_over) with random legal actions, 2 and 4 players (if rlcard is installed:
  ``pip install -r benchmarks/requirements.txt``);
- unokit game copies per second and the memory of one mid-game state;
- ``unokit tournament`` throughput on every core against one.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable

from unokit import Game, Rules
from unokit.rng import Rng
from unokit.sim.fastplay import play_random_rounds
from unokit.sim.simulate import play_random_round

# RLCard's raw game: +4 at any time and never challenged; `draw` only offered when nothing can
# be played; a drawn card that can be played is played for you (after_draw = must_play)
RLCARD_LIKE = {
    "wd4_rule": "anytime",
    "challenge": False,
    "draw_with_playable": "forbidden",
    "after_draw": "must_play",
}


def timed(work: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Run ``work`` (which returns a move count) for about ``seconds``; games/s, moves/s."""
    games = moves = 0
    start = time.perf_counter()
    while True:
        moves += work()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, moves / elapsed


def median_of(repeats: int, run: Callable[[], tuple[float, float]]) -> tuple[float, float]:
    results = [run() for _ in range(repeats)]
    return (statistics.median(r[0] for r in results), statistics.median(r[1] for r in results))


def unokit_games(rules: Rules, seconds: float) -> tuple[float, float]:
    rng = Rng(7)
    counter = iter(range(10**9))

    def one() -> int:
        game = Game(rules, next(counter))
        return play_random_round(game, rng)

    return timed(one, seconds)


def native_games(rules: Rules, seconds: float, batch: int = 200) -> tuple[float, float]:
    """The C accelerator, ``batch`` rounds per call (game i dealt from seed i)."""
    rng = Rng(7)
    games = moves = 0
    start = time.perf_counter()
    while True:
        result = play_random_rounds(rules, games, batch, rng)
        if result is None:
            return 0.0, 0.0  # not built: the table says n/a
        games += batch
        moves += result.moves
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, moves / elapsed


def rlcard_games(players: int, seconds: float) -> tuple[float, float] | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(0)
    rng = random.Random(0)

    def one() -> int:
        game.init_game()
        moves = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            moves += 1
        return moves

    return timed(one, seconds)


def compiled_games(folder: str, seconds: float, repeats: int) -> dict[str, list[float]]:
    """The general engine's rows, measured in a subprocess on the build in ``folder``."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(folder)}
    args = [sys.executable, __file__, "--engine-rows", f"--seconds={seconds}"]
    done = subprocess.run(
        [*args, f"--repeats={repeats}"], env=env, capture_output=True, text=True, check=True
    )
    rows: dict[str, list[float]] = json.loads(done.stdout)
    return rows


def engine_rows(seconds: float, repeats: int) -> int:
    """``--engine-rows``: the general engine's rows as JSON (run by :func:`compiled_games`);
    refuses to measure a build whose engine is not compiled."""
    import unokit.game

    if not unokit.game.__file__ or not unokit.game.__file__.endswith(".so"):
        sys.exit(f"--compiled: unokit.game is not compiled here: {unokit.game.__file__}")
    rows = {}
    for players in (2, 4):
        for label, rules in (
            ("official", Rules(players=players)),
            ("RLCard-like rules", Rules(players=players, **RLCARD_LIKE)),
        ):
            rate = median_of(repeats, lambda rules=rules: unokit_games(rules, seconds))
            rows[f"{label}, {players} players"] = list(rate)
    print(json.dumps(rows))
    return 0


def mid_game(players: int) -> Game:
    game = Game(Rules(players=players, **RLCARD_LIKE), 3)
    rng = Rng(1)
    for _ in range(12):
        seat = game.current
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.below(len(legal))])
    return game


def copies_per_second(seconds: float) -> float:
    game = mid_game(4)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            game.copy()
        n += 1000
    return n / (time.perf_counter() - start)


def state_bytes() -> int:
    game = mid_game(4)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copies = [game.copy() for _ in range(100)]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    total = sum(s.size_diff for s in after.compare_to(before, "lineno"))
    del copies
    return total // 100


def tournament_rate(workers: int, games: int) -> float:
    from unokit.sim.tournament import run_tournament

    result = run_tournament(
        Rules(players=2, **RLCARD_LIKE), ["strong", "random"], games, seed=1, workers=workers
    )
    return result.games / result.seconds


def main() -> int:
    parser = argparse.ArgumentParser(description="unokit engine speed vs RLCard")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--skip-tournament", action="store_true")
    parser.add_argument("--tournament-games", type=int, default=4000)
    parser.add_argument(
        "--compiled", metavar="DIR", help="also the engine compiled with mypyc in DIR (build/mypyc)"
    )
    parser.add_argument("--engine-rows", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    s, r = args.seconds, args.repeats
    if args.engine_rows:
        return engine_rows(s, r)
    compiled = compiled_games(args.compiled, s, r) if args.compiled else {}
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; median of {r} runs of {s} s"
    )
    rows: list[tuple[str, float, float]] = []
    for players in (2, 4):
        rl = median_of(r, lambda p=players: rlcard_games(p, s) or (0.0, 0.0))
        rows.append((f"RLCard 1.2.0 raw game, {players} players", *rl))
        for label, rules in (
            ("official", Rules(players=players)),
            ("RLCard-like rules", Rules(players=players, **RLCARD_LIKE)),
        ):
            fast = median_of(r, lambda rules=rules: native_games(rules, s))
            rows.append((f"unokit native, {label}, {players} players", *fast))
            slow = median_of(r, lambda rules=rules: unokit_games(rules, s))
            rows.append((f"unokit Python engine, {label}, {players} players", *slow))
            if compiled:
                rate = compiled[f"{label}, {players} players"]
                rows.append((f"unokit compiled engine, {label}, {players} players", *rate))
    width = max(len(name) for name, _, _ in rows)
    print(f"{'':{width}}  {'games/s':>10}  {'moves/s':>11}  {'vs RLCard':>9}")
    base = {
        p: next(g for name, g, _ in rows if name.startswith("RLCard") and f"{p} p" in name)
        for p in (2, 4)
    }
    for name, games, moves in rows:
        players = 2 if "2 players" in name else 4
        ratio = f"{games / base[players]:.2f}x" if base[players] else "n/a"
        print(f"{name:{width}}  {games:10,.0f}  {moves:11,.0f}  {ratio:>9}")
    per_second = statistics.median(copies_per_second(s / 2) for _ in range(r))
    print(
        f"copy of a mid-game 4-player state: {1e6 / per_second:.1f} µs "
        f"({per_second:,.0f} copies/s); memory per state: {state_bytes():,} bytes"
    )
    if not args.skip_tournament:
        one = tournament_rate(1, args.tournament_games)
        cores = os.cpu_count() or 1
        many = tournament_rate(cores, args.tournament_games)
        print(
            f"tournament (strong vs random, {args.tournament_games} games): "
            f"{one:,.0f} games/s on 1 core, {many:,.0f} on {cores}: {many / one:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
