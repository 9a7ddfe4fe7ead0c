"""The house-rule lab (VARIANTS.md §4): how a rule changes the game, measured over many
rounds of bots.

A lab run plays the same rounds (round i dealt from ``seed + i``) under a **baseline** rule set
and under each **variant** (:func:`settings_of`: each value of an option, or a preset), and
reports per setting (:class:`SettingResult`): the round's length in turns and in minutes at a
person's pace, cards drawn, how often the leader is caught, comebacks, the first player's win
share with its 95% interval, the spread of the points a win is worth, penalties stacked,
jump-ins, exchanges of hands and
eliminations. The counts of one round are :mod:`unokit.sim.meter`'s.

Rounds of random players (``bots = random`` at every seat) are played by the C accelerator
where it plays the rules (:func:`unokit.sim.fastplay.play_measured_round`: the same rounds
and counts as the Python engine's, checked by a differential test), by the Python engine
elsewhere; rounds of other bots are always the Python engine's. The rounds run as jobs on
processes, or on a Ray cluster (:func:`unokit.sim.tournament.run_jobs`).

>>> settings = settings_of("official", 3, [], ["seven_zero"])
>>> [s.name for s in settings]
['baseline', 'seven_zero=true']
>>> lab = run_lab(settings, ["random"] * 3, games=20, seed=1, workers=1)
>>> [r.rounds for r in lab.results]
[20, 20]
"""

from __future__ import annotations

import difflib
import math
import statistics
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from unokit.bots import make_bot
from unokit.bots.table import play_round
from unokit.errors import RulesError
from unokit.game import Game
from unokit.rng import Rng
from unokit.rules import OPTIONS, PRESETS, Rules
from unokit.scoring import hand_points
from unokit.sim import fastplay
from unokit.sim.meter import RoundMeter, play_random_measured
from unokit.sim.tournament import bot_seed, check_run, chunk_size, run_jobs, wilson

__all__ = [
    "ENGINES",
    "SECONDS_PER_TURN",
    "LabResult",
    "RoundRecord",
    "Setting",
    "SettingResult",
    "check_lab",
    "engine_of",
    "run_lab",
    "settings_of",
]

#: ``auto``: the accelerator where it can (random players, rules it plays), else Python;
#: ``native``: the accelerator or an error; ``python``: always the Python engine
ENGINES = ("auto", "native", "python")
#: a person's pace at a table, for the rounds' length in minutes (docs/lab.md)
SECONDS_PER_TURN = 6.0
#: a round's cap of moves: a round not over then is counted as void (no winner)
MAX_MOVES = 100_000


@dataclass(frozen=True, slots=True)
class Setting:
    """A rule set the lab measures, and its name in the reports (``baseline``,
    ``stacking=any``, ``preset=no_mercy``)."""

    name: str
    rules: Rules


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round's measures (:mod:`unokit.sim.meter` defines them)."""

    index: int
    winner: int | None  #: None: no winner (a void round, or the cap of moves reached)
    first: int  #: the seat that acted first
    moves: int
    turns: int
    drawn: int
    points: int  #: card points left in the other hands at the end (what the win is worth)
    leader_caught: bool  #: another seat than the winner held a single card at some point
    comeback: bool  #: the winner alone held the most cards after a turn past the round's middle
    exchanges: int
    eliminations: int
    challenges: int
    catches: int
    stacks: int  #: plays that answered a pending penalty (stacked or deflected)
    jump_ins: int  #: plays out of turn


def _value(raw: str) -> Any:
    """A value as ``--rule`` reads it: TOML (``true``, ``3``), else the text itself."""
    try:
        return tomllib.loads(f"v = {raw.strip()}")["v"]
    except (ValueError, RecursionError):
        return raw.strip()


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def settings_of(
    preset: str, players: int, overrides: Sequence[str] | dict[str, Any], vary: Sequence[str]
) -> list[Setting]:
    """The baseline (``preset``, ``players``, ``overrides``: ``option=value`` texts or a
    dict) and a variant for each value each ``vary`` item names: ``OPTION`` (every value of a
    choice or yes/no option other than the baseline's), ``OPTION=V1,V2`` (those values), or
    ``preset=P1,P2`` (those presets, with the baseline's number of players). A value equal to
    the baseline's adds nothing. :class:`RulesError` names what is wrong: an option or preset
    that does not exist, a value it does not take, an int option given without values.

    >>> [s.name for s in settings_of("official", 4, [], ["stacking=any", "preset=party"])]
    ['baseline', 'stacking=any', 'preset=party']
    """
    if isinstance(overrides, dict):
        changed = dict(overrides)
    else:
        changed = {}
        for pair in overrides:
            key, eq, raw = pair.partition("=")
            if not eq:
                raise RulesError(f"--rule {pair!r}: expected option=value, e.g. stacking=any")
            changed[key.strip()] = _value(raw)
    base = Rules.from_dict({"preset": preset, **changed, "players": players})
    settings = [Setting("baseline", base)]
    names = {"baseline"}
    for item in vary:
        name, eq, raw = item.partition("=")
        name = name.strip()
        values = [_value(v) for v in raw.split(",") if v.strip()] if eq else []
        if eq and not values:
            raise RulesError(f"--vary {item!r}: give values after '=', e.g. stacking=any")
        if name == "preset":
            for value in values or []:
                if value not in PRESETS:
                    raise RulesError(
                        f"--vary preset={value}: no such preset; the presets are "
                        f"{', '.join(PRESETS)}"
                    )
                label = f"preset={value}"
                if label not in names:
                    names.add(label)
                    settings.append(
                        Setting(label, Rules.from_dict({"preset": value, "players": players}))
                    )
            if not values:
                raise RulesError(
                    f"--vary preset: name the presets, e.g. preset={next(iter(PRESETS))}"
                )
            continue
        spec = OPTIONS.get(name)
        if spec is None or name == "players":
            near = difflib.get_close_matches(name, list(OPTIONS), n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise RulesError(
                f"--vary {name}: no rule option of that name{hint}; `unokit rules` lists them"
                if name != "players"
                else "--vary players: the number of players is --players (one per run)"
            )
        if not values:
            if spec.kind == "bool":
                values = [not getattr(base, name)]
            elif spec.kind == "choice":
                values = list(spec.choices)
            else:
                raise RulesError(
                    f"--vary {name}: give the values to try, e.g. {name}={spec.default},"
                    f"{spec.high or spec.default}"
                )
        for value in values:
            if value == getattr(base, name):
                continue
            label = f"{name}={_shown(value)}"
            try:
                rules = Rules.from_dict({**base.to_dict(), name: value})
            except RulesError as error:
                raise RulesError(f"--vary {label}: {' '.join(str(error).split())}") from None
            if label not in names:
                names.add(label)
                settings.append(Setting(label, rules))
    return settings


def engine_of(rules: Rules, bots: Sequence[str], engine: str = "auto") -> str:
    """``native`` or ``python``: who plays rounds of ``bots`` under ``rules``. The accelerator
    plays random moves only; ``engine = native`` where it cannot is a :class:`RulesError`."""
    if engine not in ENGINES:
        raise RulesError(f"--engine {engine}: choose one of {', '.join(ENGINES)}")
    random_only = all(b == "random" for b in bots)
    if engine == "python":
        return "python"
    if random_only and fastplay.supports(rules):
        return "native"
    if engine == "native":
        if not random_only:
            raise RulesError(
                "--engine native: the accelerator plays random moves only (--bots random)"
            )
        why = ", ".join(fastplay.unsupported(rules)) or "the C accelerator was not built"
        raise RulesError(f"--engine native: the accelerator cannot play these rules: {why}")
    return "python"


def _record(
    index: int,
    winner: int | None,
    hands: Sequence[Sequence[Any]],
    rules: Rules,
    first: int,
    moves: int,
    turns: int,
    drawn: int,
    one_card: Sequence[int],
    last_most: Sequence[int],
    exchanges: int,
    eliminations: int,
    challenges: int,
    catches: int,
    stacks: int,
    jump_ins: int,
) -> RoundRecord:
    points = (
        sum(hand_points(h, rules.deck) for s, h in enumerate(hands) if s != winner)
        if winner is not None
        else 0
    )
    return RoundRecord(
        index,
        winner,
        first,
        moves,
        turns,
        drawn,
        points,
        winner is not None and any(s != winner for s in one_card),
        winner is not None and 2 * last_most[winner] > turns,
        exchanges,
        eliminations,
        challenges,
        catches,
        stacks,
        jump_ins,
    )


def play_measured(
    rules: Rules, bots: Sequence[str], index: int, seed: int, engine: str
) -> RoundRecord:
    """Round ``index`` of a lab run from ``seed`` (a pure function of its arguments): dealt
    from ``seed + index``; random players choose with ``Rng(bot_seed(seed, index, 0))`` (the
    same moves on either engine), other bots are seeded with ``bot_seed(seed, index, seat)``."""
    if engine == "native":
        fast = fastplay.play_measured_round(
            rules, seed + index, Rng(bot_seed(seed, index, 0)), MAX_MOVES
        )
        assert fast is not None  # engine_of chose native
        return _record(
            index,
            fast.winner,
            fast.hands,
            rules,
            fast.first,
            fast.moves,
            fast.turns,
            fast.drawn,
            fast.one_card,
            fast.last_most,
            fast.exchanges,
            0,
            fast.challenges,
            fast.catches,
            fast.stacks,
            0,  # random players never jump in: only the seat to act moves
        )
    game = Game(rules, seed + index)
    if all(b == "random" for b in bots):
        meter = play_random_measured(game, Rng(bot_seed(seed, index, 0)), MAX_MOVES)
    else:
        players = [make_bot(level, seed=bot_seed(seed, index, s)) for s, level in enumerate(bots)]
        for s, bot in enumerate(players):
            bot.reset(s, rules)
        meter = RoundMeter(game)
        play_round(game, players, MAX_MOVES, watch=meter)
    winner = game.winner if game.round_over else None
    return _record(
        index,
        winner,
        game.hands,
        rules,
        meter.first,
        meter.moves,
        meter.turns,
        meter.drawn,
        sorted(meter.one_card),
        meter.last_most,
        meter.exchanges,
        meter.eliminations,
        meter.challenges,
        meter.catches,
        meter.stacks,
        meter.jump_ins,
    )


def _play_chunk(
    rules_data: dict[str, Any], bots: list[str], indices: list[int], seed: int, engine: str
) -> list[RoundRecord]:
    rules = Rules.from_dict(rules_data)
    return [play_measured(rules, bots, i, seed, engine) for i in indices]


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean or a share with its 95% interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def _mean(values: Sequence[int]) -> Interval:
    if not values:
        return Interval(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Interval(mean, mean - half, mean + half)


def _share(hits: int, n: int) -> Interval:
    low, high = wilson(hits, n)
    return Interval(hits / n if n else 0.0, low, high)


@dataclass
class SettingResult:
    """The rounds of one setting and what they say (every figure of the reports)."""

    setting: Setting
    engine: str
    records: list[RoundRecord] = field(default_factory=list)
    seconds_per_turn: float = SECONDS_PER_TURN

    @property
    def name(self) -> str:
        return self.setting.name

    @property
    def rounds(self) -> int:
        return len(self.records)

    @property
    def won(self) -> list[RoundRecord]:
        """The rounds that have a winner (the shares are of these)."""
        return [r for r in self.records if r.winner is not None]

    @property
    def void(self) -> int:
        return self.rounds - len(self.won)

    @property
    def turns(self) -> Interval:
        return _mean([r.turns for r in self.records])

    def turns_quantiles(self) -> tuple[float, float, float]:
        """The 10th, 50th and 90th percentiles of the rounds' turns."""
        turns = [r.turns for r in self.records]
        if len(turns) < 2:
            return (float(turns[0]),) * 3 if turns else (0.0, 0.0, 0.0)
        deciles = statistics.quantiles(turns, n=10, method="inclusive")
        return (deciles[0], deciles[4], deciles[8])

    @property
    def minutes(self) -> Interval:
        t = self.turns
        k = self.seconds_per_turn / 60
        return Interval(t.value * k, t.low * k, t.high * k)

    @property
    def drawn(self) -> Interval:
        return _mean([r.drawn for r in self.records])

    @property
    def leader_caught(self) -> Interval:
        won = self.won
        return _share(sum(r.leader_caught for r in won), len(won))

    @property
    def comebacks(self) -> Interval:
        won = self.won
        return _share(sum(r.comeback for r in won), len(won))

    @property
    def first_wins(self) -> Interval:
        """The share of rounds won by the seat that acted first."""
        won = self.won
        return _share(sum(r.winner == r.first for r in won), len(won))

    def wins_by_position(self) -> list[float]:
        """Win shares by seat counted clockwise from the first to act (0: the first)."""
        n = self.setting.rules.players
        won = self.won
        counts = [0] * n
        for r in won:
            assert r.winner is not None
            counts[(r.winner - r.first) % n] += 1
        return [c / len(won) if won else 0.0 for c in counts]

    @property
    def points(self) -> Interval:
        return _mean([r.points for r in self.won])

    @property
    def points_spread(self) -> float:
        """The standard deviation of what a win is worth."""
        points = [r.points for r in self.won]
        return statistics.stdev(points) if len(points) > 1 else 0.0

    def per_round(self, name: str) -> float:
        """The mean of a count per round (``exchanges``, ``eliminations``, ``challenges``,
        ``catches``, ``stacks``, ``jump_ins``)."""
        return statistics.fmean(getattr(r, name) for r in self.records) if self.records else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, mid, high = self.turns_quantiles()
        return {
            "setting": self.name,
            "rules": self.setting.rules.to_dict(changed_only=True)
            | {"players": self.setting.rules.players},
            "engine": self.engine,
            "rounds": self.rounds,
            "void_rounds": self.void,
            "turns": self.turns.to_dict(),
            "turns_p10_p50_p90": [low, mid, high],
            "minutes": self.minutes.to_dict(),
            "seconds_per_turn": self.seconds_per_turn,
            "cards_drawn": self.drawn.to_dict(),
            "leader_caught": self.leader_caught.to_dict(),
            "comebacks": self.comebacks.to_dict(),
            "first_player_wins": self.first_wins.to_dict(),
            "wins_by_position": self.wins_by_position(),
            "points": self.points.to_dict(),
            "points_spread": self.points_spread,
            "exchanges": self.per_round("exchanges"),
            "eliminations": self.per_round("eliminations"),
            "challenges": self.per_round("challenges"),
            "catches": self.per_round("catches"),
            "stacks": self.per_round("stacks"),
            "jump_ins": self.per_round("jump_ins"),
        }


@dataclass
class LabResult:
    """A lab run: its settings' results, in the order of the settings."""

    results: list[SettingResult]
    bots: list[str]
    games: int
    seed: int
    seconds: float
    workers: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "seconds": self.seconds,
            "settings": [r.to_dict() for r in self.results],
        }

    def plot(self, path: str) -> None:
        """The figures as one PNG of six panels (needs matplotlib)."""
        from unokit.sim.lab_plot import plot_lab

        plot_lab(self, path)


def check_lab(
    settings: Sequence[Setting],
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    engine: str = "auto",
    ray_address: str | None = None,
) -> list[str]:
    """Refuse, before any round, what :func:`run_lab` cannot run (``ValueError``, a
    :class:`RulesError` among them; ``RuntimeError`` for a Ray cluster that does not answer);
    the engine of each setting (:func:`engine_of`)."""
    if not settings:
        raise ValueError("no settings to measure")
    for setting in settings:
        if len(bots) != setting.rules.players:
            raise ValueError(
                f"{len(bots)} bots for players = {setting.rules.players} ({setting.name})"
            )
    check_run(games, seed, workers, bots, ray_address, what="a lab run")
    return [engine_of(s.rules, bots, engine) for s in settings]


def run_lab(
    settings: Sequence[Setting],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 0,
    engine: str = "auto",
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    seconds_per_turn: float = SECONDS_PER_TURN,
) -> LabResult:
    """Play ``games`` rounds of ``bots`` (one level per seat) under each setting (round i
    dealt from ``seed + i`` in every one) and gather the results. ``workers``, ``progress``
    (rounds finished, all settings together) and ``ray_address`` as for tournaments
    (:func:`unokit.sim.tournament.run_jobs`). Bad arguments raise ``ValueError``
    (:class:`RulesError` among them) before any round is played."""
    engines = check_lab(settings, bots, games, seed, workers, engine, ray_address)
    if not math.isfinite(seconds_per_turn) or seconds_per_turn <= 0:
        raise ValueError(f"seconds per turn = {seconds_per_turn}: give a positive number")
    start = time.perf_counter()
    size = chunk_size(games * len(settings), workers)
    jobs: list[tuple[Any, ...]] = []
    owner: list[int] = []
    for k, setting in enumerate(settings):
        data = setting.rules.to_dict()
        # native rounds are fast: larger chunks, fewer processes' round trips
        step = size * 50 if engines[k] == "native" else size
        for begin in range(0, games, step):
            jobs.append(
                (data, list(bots), list(range(begin, min(begin + step, games))), seed, engines[k])
            )
            owner.append(k)
    done = run_jobs(_play_chunk, jobs, workers, progress, ray_address)
    results = [
        SettingResult(s, e, seconds_per_turn=seconds_per_turn)
        for s, e in zip(settings, engines, strict=True)
    ]
    for k, records in zip(owner, done, strict=True):
        results[k].records.extend(records)
    return LabResult(results, list(bots), games, seed, time.perf_counter() - start, workers)
