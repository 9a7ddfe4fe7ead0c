"""``unokit lab``: the house-rule lab, how a rule changes the game (VARIANTS.md §4)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from unokit.cli.common import (
    PlainConsole,
    check_count,
    check_output,
    check_seeds,
    console,
    err,
    fail,
    one_line,
)
from unokit.errors import UnoError


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def lab(
    vary: Annotated[
        list[str],
        typer.Option(
            help="a variant to measure against the baseline, repeatable: OPTION (each of its "
            "values), OPTION=V1,V2 (those values) or preset=P1,P2 (those presets)"
        ),
    ] = [],  # noqa: B006
    players: Annotated[int, typer.Option(help="seats, 2 to 10")] = 4,
    games: Annotated[int, typer.Option(help="rounds per setting, 1 or more")] = 10_000,
    bots: Annotated[
        str,
        typer.Option(
            help="the bot level at every seat (random, greedy, basic, strong, expert, learned), "
            "or one per seat, comma-separated"
        ),
    ] = "strong",
    preset: Annotated[str, typer.Option(help="the baseline's preset")] = "official",
    rule: Annotated[list[str], typer.Option(help="the baseline's option=value, repeatable")] = [],  # noqa: B006
    seed: Annotated[int, typer.Option(help="first seed (round i: seed + i, in every setting)")] = 0,
    workers: Annotated[
        int, typer.Option(help="processes (0: every core; never more than cores or jobs)")
    ] = 0,
    engine: Annotated[
        str,
        typer.Option(
            help="auto (the C accelerator for random players where it can), native or python"
        ),
    ] = "auto",
    seconds_per_turn: Annotated[
        float, typer.Option(help="a person's pace, for the length in minutes")
    ] = 6.0,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="write the figures as JSON")
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the figures to a PNG")] = None,
    ray: Annotated[str | None, typer.Option(help="Ray cluster address ('auto', or host:port)")] = (
        None
    ),
) -> None:
    """Measure how house rules change the game: the same rounds of bots under a baseline and
    under each variant; length, cards drawn, catch-ups, comebacks, first-player advantage."""
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from unokit.sim.lab import check_lab, run_lab, settings_of

    check_count("--games", games)
    check_seeds(seed, games)
    if workers < 0:
        fail(f"--workers {workers}: give 0 (every core) or a number of processes")
    if not seconds_per_turn > 0 or seconds_per_turn == float("inf"):
        fail(f"--seconds-per-turn {seconds_per_turn}: give a positive number of seconds")
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    if len(levels) == 1:
        levels *= players
    elif len(levels) != players:
        fail(f"--bots names {len(levels)} bots for --players {players}: give one, or one per seat")
    for flag, path in (("--json", json_out), ("--plot", plot)):
        check_output(flag, path)
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'unokit[plot]'")
    try:
        settings = settings_of(preset, players, rule, vary)
        check_lab(settings, levels, games, seed, workers, engine, ray)
        with Progress(
            TextColumn("[bold]lab"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
        ) as bar:
            task = bar.add_task("rounds", total=games * len(settings))
            result = run_lab(
                settings,
                levels,
                games,
                seed=seed,
                workers=workers,
                engine=engine,
                progress=lambda done: bar.update(task, completed=done),
                ray_address=ray,
                seconds_per_turn=seconds_per_turn,
            )
    except (UnoError, ValueError, RuntimeError) as error:
        fail(one_line(error))
    results = result.results
    bot_names = ",".join(dict.fromkeys(levels))
    table = Table(
        title=f"{games:,} rounds per setting, {players} players, bots {bot_names}, seed {seed}"
    )
    table.add_column("", no_wrap=True)
    for r in results:
        table.add_column(r.name.replace("=", "=\n", 1), justify="right")
    turns = [r.turns for r in results]
    quantiles = [r.turns_quantiles() for r in results]
    rows: list[tuple[str, list[str]]] = [
        ("engine", [r.engine for r in results]),
        ("turns per round", [f"{t.value:.1f} ±{t.high - t.value:.1f}" for t in turns]),
        ("turns 10/50/90%", [f"{a:.0f}/{b:.0f}/{c:.0f}" for a, b, c in quantiles]),
        (f"minutes ({seconds_per_turn:g} s a turn)", [f"{r.minutes.value:.1f}" for r in results]),
        (
            "cards drawn",
            [f"{r.drawn.value:.1f} ±{r.drawn.high - r.drawn.value:.1f}" for r in results],
        ),
        ("leader caught", [_pct(r.leader_caught.value) for r in results]),
        ("comebacks", [_pct(r.comebacks.value) for r in results]),
        ("first player wins", [_pct(r.first_wins.value) for r in results]),
        (
            "  95% interval",
            [f"{100 * r.first_wins.low:.1f}-{100 * r.first_wins.high:.1f}" for r in results],
        ),
        ("win worth (points)", [f"{r.points.value:.0f}" for r in results]),
        ("  spread (sd)", [f"{r.points_spread:.0f}" for r in results]),
        ("penalties stacked", [f"{r.per_round('stacks'):.2f}" for r in results]),
        ("jump-ins", [f"{r.per_round('jump_ins'):.2f}" for r in results]),
        ("hands exchanged", [f"{r.per_round('exchanges'):.2f}" for r in results]),
        ("eliminations", [f"{r.per_round('eliminations'):.2f}" for r in results]),
        ("void rounds", [str(r.void) for r in results]),
    ]
    for label, cells in rows:
        table.add_row(label, *cells)
    out = console if console.is_terminal else PlainConsole(highlight=False, width=100)
    out.print(table)
    console.print(
        "leader caught: another player than the winner reached one card; comeback: the "
        "winner alone held the most cards after the round's middle; first player: the seat "
        f"that acted first (1/{players} = {_pct(1 / players)} is no advantage); ± and "
        "intervals: 95%",
        style="dim",
    )
    console.print(
        f"{games * len(results):,} rounds in {result.seconds:.1f} s "
        f"({games * len(results) / max(result.seconds, 1e-9):,.0f} rounds/s)"
    )
    try:
        if json_out:
            json_out.write_text(json.dumps(result.to_dict(), indent=2), encoding="utf-8")
        if plot:
            result.plot(str(plot))
    except OSError as error:  # checked before the run, but the disk may have filled since
        fail(f"cannot write the results: {error}")
