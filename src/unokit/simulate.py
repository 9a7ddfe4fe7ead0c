"""Random-move simulation: whole rounds played by uniformly random legal moves.

>>> stats = simulate(20, Rules(players=2), seed=1)
>>> stats.games, stats.moves > 0
(20, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from unokit.game import Game
from unokit.rng import Rng
from unokit.rules import Rules

__all__ = ["SimulationStats", "play_random_round", "simulate"]


@dataclass(frozen=True, slots=True)
class SimulationStats:
    games: int
    moves: int
    seconds: float
    wins: tuple[int, ...]

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


def simulate(games: int, rules: Rules, seed: int = 0) -> SimulationStats:
    """Play ``games`` single rounds (game i dealt from seed + i) with random legal moves."""
    rng = Rng(seed ^ 0x5EED)
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
