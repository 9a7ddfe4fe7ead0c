"""Tournaments: many games between bots, seats rotated, on all cores (or a Ray cluster).

Each game is one round dealt from ``seed + index``; entrant ``e`` sits at seat
``(e + index) % players`` so nobody keeps the first-move advantage. Results: win rate with a
95% Wilson interval, average round points, average length, a per-seat breakdown, and an
openskill rating per entrant.

>>> result = run_tournament(Rules(players=2), ["strong", "random"], games=20, workers=1)
>>> round(sum(e.wins for e in result.entrants) / result.games, 2)
1.0
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import os
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, TypeVar

from unokit.bots import make_bot
from unokit.bots.table import play_round
from unokit.game import Game
from unokit.rng import SEED_LIMIT
from unokit.rules import Rules

__all__ = [
    "RAY_CONNECT_TIMEOUT",
    "EntrantStats",
    "TournamentResult",
    "bot_seed",
    "check_run",
    "check_tournament",
    "chunk_size",
    "play_game",
    "run_jobs",
    "run_tournament",
    "wilson",
]

#: seconds to wait for a Ray cluster's address to accept a connection before giving up
RAY_CONNECT_TIMEOUT = 5.0

_T = TypeVar("_T")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameRecord:
    """One game's outcome, by entrant."""

    index: int
    winner: int | None  #: entrant index, or None for a void round
    ranking: list[int]  #: entrants, best first
    points: list[int]  #: round points per entrant
    seats: list[int]  #: seat of each entrant
    moves: int
    seconds: float


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of a run that starts at ``seed``."""
    return (seed * 1_000_003 + index * 17 + seat) % SEED_LIMIT


def play_game(
    rules: Rules, bots: Sequence[str], index: int, seed: int, bot_options: dict[str, Any]
) -> GameRecord:
    """Play game ``index`` of a tournament (a pure function of its arguments)."""
    n = rules.players
    seats = [(e + index) % n for e in range(n)]
    entrant_at = {seat: e for e, seat in enumerate(seats)}
    players = [
        make_bot(
            bots[entrant_at[seat]],
            seed=bot_seed(seed, index, seat),
            **bot_options.get(bots[entrant_at[seat]], {}),
        )
        for seat in range(n)
    ]
    game = Game(rules, seed + index)
    for seat, bot in enumerate(players):
        bot.reset(seat, rules)
    start = time.perf_counter()
    moves = play_round(game, players)
    elapsed = time.perf_counter() - start
    winner = entrant_at[game.winner] if game.winner is not None else None
    ranking = [entrant_at[s] for s in game.out_order] if game.winner is not None else []
    points = [game.round_points[seats[e]] for e in range(n)]
    return GameRecord(index, winner, ranking, points, seats, moves, elapsed)


def _play_chunk(
    rules_data: dict[str, Any],
    bots: list[str],
    indices: list[int],
    seed: int,
    bot_options: dict[str, Any],
) -> list[GameRecord]:
    rules = Rules.from_dict(rules_data)
    return [play_game(rules, bots, i, seed, bot_options) for i in indices]


@dataclass
class EntrantStats:
    index: int
    bot: str
    games: int = 0
    wins: int = 0
    points: int = 0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    rating: float = 0.0
    rating_sigma: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def label(self) -> str:
        return f"{self.index}:{self.bot}"

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "entrant": self.index,
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "avg_points": self.points / self.games if self.games else 0.0,
            "seat_games": self.seat_games,
            "seat_win_rate": [
                w / g if g else 0.0 for w, g in zip(self.seat_wins, self.seat_games, strict=True)
            ],
            "rating": self.rating,
            "rating_sigma": self.rating_sigma,
        }


@dataclass
class TournamentResult:
    rules: Rules
    bots: list[str]
    games: int
    seed: int
    entrants: list[EntrantStats]
    avg_moves: float
    void: int
    seconds: float
    workers: int
    decision_ms: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(changed_only=True) | {"players": self.rules.players},
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "void_rounds": self.void,
            "avg_moves": self.avg_moves,
            "seconds": self.seconds,
            "workers": self.workers,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "entrants": [e.to_dict() for e in self.entrants],
        }

    def write_csv(self, path: str) -> None:
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(
                [
                    "entrant",
                    "bot",
                    "games",
                    "wins",
                    "win_rate",
                    "ci95_low",
                    "ci95_high",
                    "avg_points",
                    "rating",
                    "rating_sigma",
                ]
            )
            for e in self.entrants:
                low, high = e.interval
                writer.writerow(
                    [
                        e.index,
                        e.bot,
                        e.games,
                        e.wins,
                        f"{e.win_rate:.4f}",
                        f"{low:.4f}",
                        f"{high:.4f}",
                        f"{e.points / max(e.games, 1):.2f}",
                        f"{e.rating:.2f}",
                        f"{e.rating_sigma:.2f}",
                    ]
                )

    def plot(self, path: str) -> None:
        """Win rates with their 95% intervals, as a PNG (needs matplotlib)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        labels = [e.label for e in self.entrants]
        rates = [e.win_rate for e in self.entrants]
        low = [e.win_rate - e.interval[0] for e in self.entrants]
        high = [e.interval[1] - e.win_rate for e in self.entrants]
        fig, ax = plt.subplots(figsize=(max(4, 1.4 * len(labels)), 4))
        ax.bar(labels, rates, yerr=[low, high], capsize=6, color="#d62728")
        ax.axhline(1 / len(labels), color="grey", linestyle="--", linewidth=1, label="equal share")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_ylim(0, 1)
        ax.set_title(f"{self.games} games, {self.rules.players} players")
        ax.legend()
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)


def _chunks(games: int, size: int) -> Iterator[list[int]]:
    for start in range(0, games, size):
        yield list(range(start, min(start + size, games)))


def check_tournament(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    ray_address: str | None = None,
) -> None:
    """Refuse, before any work, what :func:`run_tournament` cannot run: ``ValueError`` for a
    bad argument, ``RuntimeError`` for a Ray cluster that cannot be reached."""
    if len(bots) != rules.players:
        raise ValueError(f"{len(bots)} bots for players = {rules.players}: give one per seat")
    check_run(games, seed, workers, bots, ray_address, what="a tournament")
    for level in dict.fromkeys(bots):  # a policy made for another deck's spaces (PolicyError)
        make_bot(level).reset(0, rules)


def check_run(
    games: int,
    seed: int,
    workers: int,
    levels: Sequence[str],
    ray_address: str | None = None,
    what: str = "a run",
) -> None:
    """The checks every run of games makes before any work (:func:`check_tournament`, the
    lab's): ``games`` 1 or more, ``seed + i`` a seed for every game, ``workers`` 0 or more,
    every bot level known (``ValueError``); a Ray address that answers (``RuntimeError``)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games = {games}: {what} plays 1 game or more")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"workers = {workers}: give 0 (every core) or a number of processes")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT - games:
        raise ValueError(
            f"seed = {seed}: game i is dealt from seed + i, and seeds are whole numbers from 0 "
            f"to 2**64-1, so with {games} games the first seed is at most {SEED_LIMIT - games}"
        )
    for level in levels:
        make_bot(level)  # refuses unknown levels before any work starts
    if ray_address:
        if importlib.util.find_spec("ray") is None:
            raise RuntimeError("--ray needs the cluster extra: pip install 'unokit[cluster]'")
        _probe_ray(ray_address)


def _workers(workers: int, games: int) -> int:
    """Processes to start: the number asked (0: every core), never more than cores or games."""
    cores = os.cpu_count() or 1
    return max(1, min(workers or cores, cores, games))


def run_tournament(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 0,
    bot_options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    chunk: int = 0,
) -> TournamentResult:
    """Play ``games`` games of ``bots`` (one level name per seat) and gather the results.

    ``games`` is 1 or more; game i is dealt from ``seed + i``, which must stay a valid seed
    (0 to 2**64-1). ``workers``: processes (0: every core; 1: in this process), capped at the
    cores and at the number of chunks of games, so a large number starts no more processes
    than can work. ``progress`` is called with the number of games finished so far.
    ``ray_address`` runs the chunks on a Ray cluster; an address that does not accept a
    connection within :data:`RAY_CONNECT_TIMEOUT` seconds raises ``RuntimeError``.
    Bad arguments raise ``ValueError`` before any game is played."""
    check_tournament(rules, bots, games, seed, workers, ray_address)
    options = bot_options or {}
    start = time.perf_counter()
    rules_data = rules.to_dict()
    jobs = [
        (rules_data, list(bots), indices, seed, options)
        for indices in _chunks(games, chunk_size(games, workers, chunk))
    ]
    done = run_jobs(_play_chunk, jobs, workers, progress, ray_address)
    records = [record for chunk_records in done for record in chunk_records]
    elapsed = time.perf_counter() - start
    return _summarise(
        rules, list(bots), games, seed, records, elapsed, _workers(workers, len(jobs))
    )


def chunk_size(games: int, workers: int, chunk: int = 0) -> int:
    """Games per job: ``chunk`` if given, else about 8 jobs per process, at most 200 games."""
    return chunk or max(1, min(200, games // (_workers(workers, games) * 8) or 1))


def run_jobs(
    work: Callable[..., list[_T]],
    jobs: Sequence[tuple[Any, ...]],
    workers: int = 0,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> list[list[_T]]:
    """``work(*job)`` for each job (a picklable module-level function and arguments: each
    job a chunk of games), on ``workers`` processes (0: every core; 1: in this process;
    never more than the cores or the jobs) or on the Ray cluster at ``ray_address``; the
    results in the order of the jobs, whatever order they finish in. ``progress`` is called
    with the number of items (games) finished so far. Ctrl-C or a failed job drops the jobs
    still queued. Tournaments and the lab (:mod:`unokit.sim.lab`) run on it."""
    results: list[list[_T] | None] = [None] * len(jobs)
    finished = 0

    def done(index: int, items: list[_T]) -> None:
        nonlocal finished
        results[index] = items
        finished += len(items)
        if progress:
            progress(finished)

    workers = _workers(workers, len(jobs))
    if ray_address:
        _run_on_ray(ray_address, work, jobs, done)
    elif workers == 1:
        for index, job in enumerate(jobs):
            done(index, work(*job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            try:
                futures: dict[Future[list[_T]], int] = {
                    pool.submit(work, *job): index for index, job in enumerate(jobs)
                }
                for future in as_completed(futures):
                    done(futures[future], future.result())
            except BaseException:  # Ctrl-C or a failed game: drop the queued chunks
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return [items if items is not None else [] for items in results]


def _run_on_ray(
    address: str,
    work: Callable[..., list[_T]],
    jobs: Sequence[tuple[Any, ...]],
    done: Callable[[int, list[_T]], None],
) -> None:
    import ray  # check_run has found it and probed the address

    try:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    except Exception as error:
        detail = " ".join(str(error).split())
        raise RuntimeError(f"--ray {address}: cannot join the Ray cluster: {detail}") from None
    remote = ray.remote(work)
    refs = [remote.remote(*job) for job in jobs]
    index_of = {ref: index for index, ref in enumerate(refs)}
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        done(index_of[ready[0]], ray.get(ready[0]))


def _probe_ray(address: str, timeout: float = RAY_CONNECT_TIMEOUT) -> None:
    """Refuse a ``host:port`` (or ``ray://host:port``) where nothing accepts a connection.

    ``ray.init`` retries an address that does not answer for minutes; a plain TCP connection
    with a short timeout tells the user at once. ``auto`` and ``local`` are left to Ray."""
    if address in ("auto", "local"):
        return
    target = address.removeprefix("ray://")
    host, colon, port_text = target.rpartition(":")
    host = host.strip("[]")  # [::1]:6379
    if not colon or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise RuntimeError(f"--ray {address!r}: expected 'auto', 'local' or host:port")
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as error:
        if isinstance(error, TimeoutError):
            reason = f"no answer within {timeout:g} s"
        else:
            reason = (error.strerror or str(error) or type(error).__name__).lower()
        raise RuntimeError(
            f"--ray {address}: no Ray cluster answers there ({reason}); "
            "start one with 'ray start --head' or check the address"
        ) from None


def _summarise(
    rules: Rules,
    bots: list[str],
    games: int,
    seed: int,
    records: list[GameRecord],
    elapsed: float,
    workers: int,
) -> TournamentResult:
    n = rules.players
    records.sort(key=lambda r: r.index)
    stats = [EntrantStats(e, bots[e], seat_games=[0] * n, seat_wins=[0] * n) for e in range(n)]
    void = 0
    total_moves = 0
    for rec in records:
        total_moves += rec.moves
        if rec.winner is None:
            void += 1
        for e in range(n):
            s = stats[e]
            s.games += 1
            s.points += rec.points[e]
            s.seat_games[rec.seats[e]] += 1
            if rec.winner == e:
                s.wins += 1
                s.seat_wins[rec.seats[e]] += 1
    _rate(stats, records)
    return TournamentResult(
        rules,
        bots,
        len(records),
        seed,
        stats,
        total_moves / max(len(records), 1),
        void,
        elapsed,
        workers,
    )


def _rate(stats: list[EntrantStats], records: list[GameRecord]) -> None:
    """openskill (Plackett-Luce) ratings from every game's ranking, in game order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # the ratings are optional; everything else works without them
        return
    model = PlackettLuce()
    ratings = [model.rating(name=s.label) for s in stats]
    for rec in records:
        if not rec.ranking:
            continue
        order = rec.ranking
        teams = [[ratings[e]] for e in order]
        new = model.rate(teams, ranks=list(range(len(order))))
        for e, team in zip(order, new, strict=True):
            ratings[e] = team[0]
    for s, r in zip(stats, ratings, strict=True):
        s.rating = float(r.ordinal())
        s.rating_sigma = float(r.sigma)


def result_json(result: TournamentResult) -> str:
    return json.dumps(result.to_dict(), indent=2)
