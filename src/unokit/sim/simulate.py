"""Random-move simulation: whole rounds played by uniformly random legal moves.

Rounds are played by the C accelerator (:mod:`unokit.sim.fastplay`) where it supports the rules
and was built, by the Python engine otherwise; both give the same games for the same seeds.

>>> stats = simulate(20, Rules(players=2), seed=1)
>>> stats.games, stats.moves > 0
(20, True)
>>> simulate(20, Rules(players=2), seed=1, engine="python").wins == stats.wins
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from unokit.errors import RulesError
from unokit.game import Game
from unokit.rng import Rng
from unokit.rules import Rules
from unokit.sim import fastplay

__all__ = ["ENGINES", "SimulationStats", "play_random_round", "simulate"]

#: ``auto``: the accelerator where it can, else Python; ``native``: the accelerator or an error.
ENGINES = ("auto", "native", "python")
_BATCH = 10_000


@dataclass(frozen=True, slots=True)
class SimulationStats:
    games: int
    moves: int
    seconds: float
    wins: tuple[int, ...]
    engine: str = "python"

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def moves_per_game(self) -> float:
        return self.moves / self.games if self.games else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else float("inf")


def play_random_round(game: Game, rng: Rng, max_moves: int = 100_000) -> int:
    """Play the current round to its end with random legal moves of the seat to act.

    Returns the number of moves made."""
    moves = 0
    while not game.round_over and moves < max_moves:
        seat = game.current
        legal = game.legal_moves(seat)
        game.apply(seat, legal[rng.below(len(legal))])
        moves += 1
    return moves


def simulate(games: int, rules: Rules, seed: int = 0, engine: str = "auto") -> SimulationStats:
    """Play ``games`` single rounds (game i dealt from seed + i) with random legal moves.

    ``engine`` is one of :data:`ENGINES`; ``native`` is refused, naming the options, where the
    accelerator cannot play these rules."""
    if engine not in ENGINES:
        raise RulesError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    rng = Rng(seed ^ 0x5EED)
    if engine != "python" and fastplay.supports(rules):
        start = time.perf_counter()
        moves, wins, done = 0, [0] * rules.players, 0
        while done < games:  # in batches, so that Ctrl-C is answered within a second or so
            batch = min(_BATCH, games - done)
            fast = fastplay.play_random_rounds(rules, seed + done, batch, rng)
            assert fast is not None
            moves += fast.moves
            wins = [a + b for a, b in zip(wins, fast.wins, strict=True)]
            done += batch
        elapsed = time.perf_counter() - start
        return SimulationStats(games, moves, elapsed, tuple(wins), "native")
    if engine == "native":
        why = ", ".join(fastplay.unsupported(rules)) or "the C accelerator was not built"
        raise RulesError(f"the native engine cannot play these rules: {why}")
    wins = [0] * rules.players
    total = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game(rules, seed + i)
        total += play_random_round(game, rng)
        if game.winner is not None:
            wins[game.winner] += 1
    elapsed = time.perf_counter() - start
    return SimulationStats(games, total, elapsed, tuple(wins))
