"""``unokit tournament``: bots against each other, seats rotated, on every core."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table

from unokit.cli.common import (
    PlainConsole,
    check_count,
    check_output,
    check_seeds,
    console,
    err,
    fail,
    rules_of,
)
from unokit.errors import UnoError


def tournament(
    bots: Annotated[
        str,
        typer.Option(
            help="one bot per seat, comma-separated: a level (random, greedy, basic, strong, "
            "expert, learned) or policy:PATH (a trained policy: .npz weights or an SB3 .zip)"
        ),
    ] = "strong,random",
    games: Annotated[int, typer.Option(help="games (rounds) to play, 1 or more")] = 1000,
    preset: Annotated[str, typer.Option(help="rules preset")] = "official",
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
    seed: Annotated[int, typer.Option(help="first seed")] = 0,
    workers: Annotated[
        int, typer.Option(help="processes (0: every core; never more than cores or games)")
    ] = 0,
    time_ms: Annotated[float, typer.Option(help="expert: milliseconds per decision")] = 50.0,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", help="write results as CSV")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw win rates to a PNG")] = None,
    ray: Annotated[str | None, typer.Option(help="Ray cluster address ('auto', or host:port)")] = (
        None
    ),
) -> None:
    """Play bots against each other, seats rotated, on every core; report their strength."""
    from unokit.bots.expert import check_time_ms

    try:
        check_time_ms(time_ms, "--time-ms")  # nan, inf or 1e308 would never end a decision
    except (TypeError, ValueError) as error:
        fail(str(error))
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from unokit.sim.tournament import check_tournament, result_json, run_tournament

    levels = [b.strip() for b in bots.split(",") if b.strip()]
    check_count("--games", games)
    if workers < 0:
        fail(f"--workers {workers}: give 0 (every core) or a number of processes")
    check_seeds(seed, games)
    for flag, path in (("--json", json_out), ("--csv", csv_out), ("--plot", plot)):
        check_output(flag, path)
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        fail("--plot needs matplotlib: pip install 'unokit[plot]'")
    try:
        rules = rules_of(
            preset,
            len(levels),
            rule,
            players_from=f"--bots, which names {len(levels)} bots (one per seat)",
        )
        check_tournament(rules, levels, games, seed, workers, ray)
        with Progress(
            TextColumn("[bold]tournament"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
        ) as bar:
            task = bar.add_task("games", total=games)
            result = run_tournament(
                rules,
                levels,
                games,
                seed=seed,
                workers=workers,
                bot_options={"expert": {"time_ms": time_ms}},
                progress=lambda done: bar.update(task, completed=done),
                ray_address=ray,
            )
    except (UnoError, ValueError, RuntimeError) as error:
        fail(str(error))
    table = Table(title=f"{result.games} games, {rules.players} players, preset {preset}")
    for col in ("entrant", "bot", "win rate", "95% interval", "avg points", "rating"):
        table.add_column(col, no_wrap=col != "bot")
    # the win rate by seat in a table of its own: a column per seat, so it fits 80 columns
    seats = Table(title="win rate by seat (0, 1, ...)", box=box.SIMPLE_HEAD, show_edge=False)
    seats.add_column("entrant", no_wrap=True)
    for seat in range(rules.players):
        seats.add_column(str(seat), no_wrap=True, justify="right")
    for e in result.entrants:
        low, high = e.interval
        table.add_row(
            str(e.index),
            e.bot,
            f"{e.win_rate:.3f}",
            f"{low:.3f}-{high:.3f}",
            f"{e.points / max(e.games, 1):.1f}",
            f"{e.rating:.1f}",
        )
        seats.add_row(
            str(e.index),
            *(f"{w / g:.2f}" if g else "-" for w, g in zip(e.seat_wins, e.seat_games, strict=True)),
        )
    # no figure is cut in 80 columns, also when the output goes to a file or a pipe
    out = console if console.is_terminal else PlainConsole(highlight=False, width=80)
    out.print(table)
    out.print(seats)
    console.print(
        "rating: the OpenSkill (Plackett-Luce) ordinal, mu - 3 sigma, fitted to every game's "
        "ranking; higher is stronger, and only differences between entrants mean something",
        style="dim",
    )
    console.print(
        f"average length {result.avg_moves:.1f} moves, {result.void} void rounds, "
        f"{result.seconds:.1f} s on {result.workers} worker(s) "
        f"({result.games / max(result.seconds, 1e-9):,.0f} games/s)"
    )
    try:
        if json_out:
            json_out.write_text(result_json(result), encoding="utf-8")
        if csv_out:
            result.write_csv(str(csv_out))
        if plot:
            result.plot(str(plot))
    except OSError as error:  # checked before the run, but the disk may have filled since
        fail(f"cannot write the results: {error}")
