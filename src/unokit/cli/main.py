"""The ``unokit`` command."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from unokit.errors import RulesError, StateError, UnoError
from unokit.game import Game
from unokit.notation import format_move
from unokit.record import read_json
from unokit.rng import SEED_LIMIT, Rng
from unokit.rules import OPTIONS, PRESET_MEANINGS, PRESETS, Rules, options_markdown
from unokit.scenario import JudgeResult, judge_file
from unokit.sim.simulate import simulate as run_simulation

app = typer.Typer(
    help="unokit: the complete UNO system. Every rule and variant, a referee, simulation.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # docstrings are wrapped at 100 columns: markdown joins the lines of a paragraph (the
    # "rich" mode kept every line break: ragged lines in a terminal); help texts must then
    # read as markdown (no *stars* or _underscores_ around words)
    rich_markup_mode="markdown",
)
#: spaces at a line's end (before the colour codes that close it): rich pads its lines to the
#: table's width, which leaves trailing blanks in a terminal's copy or a file
_TRAILING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$", re.MULTILINE)


class _Console(Console):
    """A console whose lines end without the padding rich adds (copied text, files)."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return _TRAILING.sub(r"\1", super()._render_buffer(buffer))


console = _Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _parse_rule_overrides(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RulesError(f"--rule {pair!r}: expected option=value, e.g. --rule stacking=any")
        key, _, raw = pair.partition("=")
        key = key.strip()
        try:
            value = tomllib.loads(f"v = {raw.strip()}")["v"]
        except (ValueError, RecursionError):  # not a TOML value: the text itself
            value = raw.strip()
        if key in out and out[key] != value:
            raise RulesError(
                f"--rule {key} is given twice ({out[key]!r}, then {value!r}): give it once"
            )
        out[key] = value
    return out


def _rules(
    preset: str,
    players: int | None,
    rule: list[str],
    *,
    default_players: int | None = None,
    players_from: str | None = None,
) -> Rules:
    """The rules of ``--preset``, ``--rule`` and ``--players``; a value given twice, by a flag
    and by ``--rule``, must agree (else :class:`RulesError`)."""
    overrides = _parse_rule_overrides(rule)
    if "preset" in overrides:
        raise RulesError("--rule preset=...: choose the preset with --preset")
    data: dict[str, Any] = {"preset": preset, **overrides}
    if players is not None:
        if "players" in overrides and overrides["players"] != players:
            given = players_from or f"--players {players}"
            raise RulesError(
                f"--rule players={overrides['players']} conflicts with {given}: "
                "give the number of players once"
            )
        data["players"] = players
    elif "players" not in overrides and default_players is not None:
        data["players"] = default_players
    return Rules.from_dict(data)


def _check_count(name: str, value: int) -> None:
    if value < 1:
        _fail(f"{name} {value}: give 1 or more")


def _check_seeds(seed: int, games: int) -> None:
    """Game i is dealt from seed + i: every one must be a seed (0 to 2**64-1)."""
    if not 0 <= seed <= SEED_LIMIT - games:
        most = SEED_LIMIT - games
        if games == 1:
            _fail(f"--seed {seed}: a seed is a whole number from 0 to 2**64-1 ({most})")
        _fail(
            f"--seed {seed}: seeds are whole numbers from 0 to 2**64-1 and game i is dealt "
            f"from seed + i, so with {games:,} games --seed is at most {most}"
        )


def _check_output(flag: str, path: Path | None) -> None:
    """Refuse, before a long run, an output file that could not be written after it."""
    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        _fail(f"{flag} {path}: is a directory; give a file name")
    if not parent.is_dir():
        _fail(f"{flag} {path}: the directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        _fail(f"{flag} {path}: cannot write there (permission denied)")


def _fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)  # paths stay whole
    raise typer.Exit(code)


@app.command()
def judge(
    files: Annotated[list[Path], typer.Argument(help="scenario TOML files")],
    as_json: Annotated[bool, typer.Option("--json", help="print the rulings as JSON")] = False,
) -> None:
    """Replay a described table and its moves, and rule on each move.

    Exit status: 0 when every expectation holds, 1 when one does not, 2 for a file that cannot
    be read.
    """
    worst = 0
    outputs = []
    for path in files:
        try:
            result = judge_file(path)
        except (UnoError, RecursionError, MemoryError) as error:  # ScenarioError, or a defect
            reason = " ".join(str(error).split()) or type(error).__name__
            err.print(f"[bold red]{escape(str(path))}:[/] {escape(reason)}", soft_wrap=True)
            worst = 2
            continue
        if as_json:
            outputs.append(result.to_dict())
        else:
            _print_judgement(path, result)
        if not result.ok:
            worst = max(worst, 1)
    if as_json and outputs:
        print(
            json.dumps(outputs[0] if len(outputs) == 1 else outputs, indent=2, ensure_ascii=False)
        )
    raise typer.Exit(worst)


def _print_judgement(path: Path, result: JudgeResult) -> None:
    sc = result.scenario
    console.rule(f"[bold]{escape(sc.title or path.name)}")
    if sc.source:
        console.print(f"[dim]source: {escape(sc.source)}[/]")
    changed = sc.game.rules.to_dict(changed_only=True)
    console.print(
        "[dim]rules: "
        + (", ".join(f"{k}={v}" for k, v in changed.items()) if changed else "official defaults")
        + "[/]"
    )
    for event in result.deal_events:
        console.print(f"  [dim]{escape(event.text)}[/]")
    for i, move in enumerate(result.moves, 1):
        if move.ok:
            console.print(f"[bold]{i:>3}. {escape(move.move)}[/]")
            for event in move.events:
                console.print(f"       {escape(event.text)}")
        else:
            console.print(f"[bold red]{i:>3}. {escape(move.move)}  refused[/]")
            console.print(f"       [red]{escape(move.error or '')}[/]")
    state = result.state
    console.print("[bold]table[/]")
    for seat, hand in enumerate(state["hands"]):
        marks = []
        if seat == state["current"]:
            marks.append("to act")
        if seat in state["uno_called"]:
            marks.append("UNO")
        if seat == state["winner"]:
            marks.append("winner")
        mark = f"  [cyan]({', '.join(marks)})[/]" if marks else ""
        console.print(f"  seat {seat}: {' '.join(hand) or '-'}{mark}")
    console.print(
        f"  top {state['top']}, colour {state['color']}, {state['direction']}, "
        f"draw pile {state['draw_pile']}, pending draw {state['pending_draw']}; "
        f"scores: {_per_seat(state['scores'])}"
    )
    if result.expect:
        console.print("[bold]expectations[/]")
    for check in result.expect:
        if check.ok:
            shown = escape(json.dumps(check.expected, ensure_ascii=False))
            console.print(f"  [green]✓[/] {escape(check.key)} = {shown}")
        else:
            how = "contains" if check.contains else "="
            expected = json.dumps(check.expected, ensure_ascii=False)
            actual = json.dumps(check.actual, ensure_ascii=False)
            console.print(
                escape(f"  ✗ {check.key}: expected {how} {expected}, got {actual}"), style="red"
            )


@app.command()
def simulate(
    games: Annotated[int, typer.Option(help="rounds to play (1 or more)")] = 1000,
    players: Annotated[int | None, typer.Option(help="seats  [default: 2]")] = None,
    preset: Annotated[str, typer.Option(help="rules preset")] = "official",
    seed: Annotated[int, typer.Option(help="first seed (round i: seed + i)")] = 0,
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
    engine: Annotated[
        str, typer.Option(help="auto (C accelerator where it can), native or python")
    ] = "auto",
) -> None:
    """Play random-move rounds and report games per second and moves per game."""
    _check_count("--games", games)
    _check_seeds(seed, games)
    try:
        rules = _rules(preset, players, rule, default_players=2)
        stats = run_simulation(games, rules, seed, engine)
    except UnoError as error:
        _fail(str(error))
    console.print(
        f"{stats.games} games, {rules.players} players, preset {preset}: "
        f"{stats.games_per_second:,.0f} games/s, {stats.moves_per_game:.1f} moves/game, "
        f"{stats.moves_per_second:,.0f} moves/s ({stats.seconds:.2f} s, {stats.engine} engine)"
    )
    console.print("wins per seat: " + _per_seat(stats.wins))
    unfinished = stats.games - sum(stats.wins)
    if unfinished:
        console.print(
            f"{unfinished} rounds reached the cap of 100,000 moves unfinished "
            "(random players who may draw at will can keep a round going)"
        )


@app.command()
def demo(
    players: Annotated[int | None, typer.Option(help="seats  [default: 3]")] = None,
    preset: Annotated[str, typer.Option(help="rules preset")] = "casual",
    seed: Annotated[int, typer.Option(help="seed")] = 1,
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
) -> None:
    """Watch a game of random-move players, move by move, every ruling explained."""
    _check_seeds(seed, 1)
    try:
        rules = _rules(preset, players, rule, default_players=3)
        game = Game(rules, seed)
    except UnoError as error:
        _fail(str(error))
    rng = Rng(seed)
    for event in game.deal_events:
        console.print(f"  [dim]{escape(event.text)}[/]")
    moves = 0
    while not game.match_over and moves < 5000:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_moves(seat)
        move = legal[rng.below(len(legal))]
        events = game.apply(seat, move)
        moves += 1
        console.print(f"[bold]{escape(format_move(seat, move))}[/]")
        for event in events:
            console.print(f"    {escape(event.text)}")
    console.print(f"[bold green]{moves} moves; final scores {game.scores}[/]")


@app.command()
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
        _fail(str(error))
    from rich.progress import (
        BarColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from unokit.sim.tournament import check_tournament, result_json, run_tournament

    levels = [b.strip() for b in bots.split(",") if b.strip()]
    _check_count("--games", games)
    if workers < 0:
        _fail(f"--workers {workers}: give 0 (every core) or a number of processes")
    _check_seeds(seed, games)
    for flag, path in (("--json", json_out), ("--csv", csv_out), ("--plot", plot)):
        _check_output(flag, path)
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        _fail("--plot needs matplotlib: pip install 'unokit[plot]'")
    try:
        rules = _rules(
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
        _fail(str(error))
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
    out = console if console.is_terminal else _Console(highlight=False, width=80)
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
        _fail(f"cannot write the results: {error}")


@app.command()
def play(
    preset: Annotated[str, typer.Option(help="rules preset")] = "official",
    players: Annotated[int, typer.Option(help="seats (you are seat 0)")] = 4,
    bots: Annotated[
        str,
        typer.Option(
            help="the bots: a level (random, basic, strong, expert, learned) or policy:PATH "
            "(a trained policy: .npz weights or an SB3 .zip)"
        ),
    ] = "strong",
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
    lang: Annotated[
        str | None, typer.Option(help="en, zh-Hant or zh-Hans  [default: en, or the save's]")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed (default: a new game each time)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved game")] = None,
    save: Annotated[Path, typer.Option(help="where quitting saves the game")] = Path(
        "unokit-save.json"
    ),
    delay: Annotated[
        float | None,
        typer.Option(
            help="seconds the bots wait before acting, 0-60  [default: 0.8, or the save's]"
        ),
    ] = None,
    jump_window: Annotated[
        float | None,
        typer.Option(
            help="seconds the bots wait for you when you may jump in or catch, 0-60 "
            "(0: no longer than --delay)  [default: 3, or the save's]"
        ),
    ] = None,
    sort: Annotated[
        str | None,
        typer.Option(help="your hand's order: color, number or dealt  [default: color]"),
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            help="where each finished match's record is saved  [default: "
            "$XDG_DATA_HOME/unokit/games, else ~/.local/share/unokit/games]"
        ),
    ] = None,
    animations: Annotated[bool, typer.Option(help="cards slide onto the pile")] = True,
    bell: Annotated[bool, typer.Option(help="the terminal bell on your turn")] = True,
    takeback: Annotated[
        bool, typer.Option(help="allow taking back your last move (a casual game with bots)")
    ] = False,
) -> None:
    """Play a match against bots in the terminal (keys: ? in the game)."""
    import random

    from unokit.tui.app import UnoApp
    from unokit.tui.hand import ORDERS

    if lang is not None:
        lang = _language(lang)
    for flag, value in (("--delay", delay), ("--jump-window", jump_window)):
        if value is not None and not 0 <= value <= 60:  # (nan fails both comparisons)
            _fail(f"{flag} {value}: give a number of seconds from 0 to 60")
    if sort is not None and sort not in ORDERS:
        _fail(f"--sort {sort!r}: expected one of {', '.join(ORDERS)}")
    bots = _checked_bots("--bots", bots)
    if records is not None:
        _check_records(records)
    records_dir = records if records is not None else _records_dir()
    options: dict[str, Any] = {
        "records_dir": records_dir,
        "animations": animations,
        "bell": bell,
        "takeback": takeback,
    }
    if resume is not None:
        try:
            data = read_json(resume)
            game, saved_seed, saved_bots, saved_lang = _load_save(data, bots, lang or "en")
            kept = _kept_settings(data)
        except UnoError as error:
            _fail(f"cannot resume {resume}: {_one_line(error)}")
        application = UnoApp(
            game=game,
            seed=saved_seed,
            bots=saved_bots,
            lang=lang or saved_lang,  # --lang given now wins over the save's
            save_path=resume,
            # a finished match opened again is its own record: no copy is written
            record_path=resume if game.match_over else None,
            # the save's delay, jump-in window and hand order, unless given now
            bot_delay=delay if delay is not None else kept.get("delay", 0.8),
            jump_window=jump_window if jump_window is not None else kept.get("jump", 3.0),
            order=sort or str(kept.get("order", "color")),
            **options,
        )
    else:
        _check_output("--save", save)
        try:
            rules = _rules(preset, players, rule)
            chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)
            application = UnoApp(
                rules,
                chosen,
                bots=bots,
                lang=lang or "en",
                save_path=save,
                bot_delay=0.8 if delay is None else delay,
                jump_window=3.0 if jump_window is None else jump_window,
                order=sort or "color",
                **options,
            )
        except (UnoError, ValueError, OSError, KeyError) as error:
            _fail(str(error))
    application.run()
    if application.return_code:  # the game crashed (Textual has shown why): say so
        raise typer.Exit(application.return_code)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record, or a saved game")],
    step: Annotated[
        bool,
        typer.Option(
            help="printed: after each move show the table and wait for a key (q quits at once)"
        ),
    ] = False,
    lang: Annotated[str, typer.Option(help="en, zh-Hant or zh-Hans")] = "en",
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal", help="show the hidden cards of a match that is not over (a referee's view)"
        ),
    ] = False,
    printed: Annotated[
        bool,
        typer.Option("--print", help="print the moves (the default when not in a terminal)"),
    ] = False,
) -> None:
    """Step through a game's record, every ruling explained.

    In a terminal, a screen of its own: the table at each step, → ← a move, PgDn PgUp ten, ↓ ↑
    a round, r the list of rounds, q quits. Printed (--print, or when the output is not a
    terminal): every move under its round's heading; --step shows the table after each.

    A finished match is told in full (the cards drawn, every hand); a match still going on (a
    saved game) as a spectator hears it, unless --reveal.

    Exit status 2, with one line saying why, for a file that cannot be replayed."""
    from unokit.tui.i18n import tr
    from unokit.tui.replay import Replay, ReplayApp, header_lines, seat_label

    lang = _language(lang)
    try:
        # every field checked (meta included) as `play --resume` checks it, for both formats;
        # then the checked game's record is stepped through from its start
        data = read_json(file)
        _load_save(data, "strong", "en")
        story = Replay.from_data(data, lang, reveal, file)
    except UnoError as error:
        _fail(f"cannot replay {file}: {_one_line(error)}")
    if not printed and sys.stdin.isatty() and sys.stdout.isatty():
        ReplayApp(story, lang, str(file)).run()
        return
    for line in header_lines(story, lang, str(file)):
        console.print(Text(line, style="bold"))
    moves = story.moves
    for item in story.steps:
        if item.deal:
            heading = f"── {tr(lang, 'round_heading', number=item.round_no)} ──"
            console.print(Text("\n" + heading, style="bold cyan"))
            for line in item.lines:
                console.print(Padding(Text(line, style="dim"), (0, 0, 0, 2), expand=False))
            continue
        if not item.lines:
            continue
        grid = Table.grid(padding=(0, 1))  # a long line wraps under its own start
        grid.add_column(justify="right", width=5, no_wrap=True)
        grid.add_column()
        grid.add_row(Text(f"{item.number}.", style="bold"), Text(item.lines[0], style="bold"))
        for line in item.lines[1:]:
            grid.add_row("", Text("  " + line))
        console.print(grid)
        if step:
            _print_table(item.game, lang, story.everything)
            answer = _read_key(tr(lang, "replay_prompt", i=item.number, n=moves))
            if answer.strip().lower().startswith("q"):
                return
    final = story.steps[-1].game
    names = {seat: seat_label(lang, seat, story) for seat in range(final.n)}
    scores = tr(lang, "replay_scores", scores=_seat_values(final.scores, lang, names))
    console.print(Text(scores, style="bold green"))


def _read_key(prompt: str) -> str:
    """One key from a terminal (``q`` quits at once, without Enter); a line elsewhere."""
    console.print(prompt, end="")
    if not sys.stdin.isatty():
        try:
            return input()
        except EOFError:
            return "q"
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        key = sys.stdin.read(1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    console.print()
    return "q" if key in ("q", "Q", "\x1b", "\x03", "\x04") else key


def _per_seat(values: Any) -> str:
    """Numbers per seat for people: ``seat 0: 12, seat 1: 30`` (not a Python list)."""
    return ", ".join(f"seat {seat}: {value}" for seat, value in enumerate(values))


def _seat_values(values: Any, lang: str, names: dict[int, str] | None = None) -> str:
    """Numbers per seat in ``lang``: ``Seat 0: 12 · Seat 1: 30`` (``Ann: 12``, named)."""
    from unokit.tui.i18n import tr

    return " · ".join(
        tr(
            lang,
            "labelled",
            label=(names or {}).get(seat) or tr(lang, "seat_n", number=seat),
            value=value,
        )
        for seat, value in enumerate(values)
    )


def _print_table(game: Game, lang: str = "en", hands: bool = True) -> None:
    """The table in a few lines (``replay --step``): every hand by the cards' names (or only
    how many cards, ``hands=False``), the top card, the turn, the scores; in ``lang``, each
    line wrapped under its own indent."""
    from unokit.narrator import card_name, color_name, translations
    from unokit.tui.i18n import tr

    comma = translations(lang).gettext(", ")
    for seat, hand in enumerate(game.hands):
        marks = []
        if seat == game.current and not game.round_over:
            marks.append(tr(lang, "replay_to_act"))
        if game.uno_called(seat) and hand:
            marks.append("UNO")
        if hands:
            cards = [card_name(c, lang) for c in hand] or ["-"]
        else:
            count = len(hand)
            cards = [translations(lang).ngettext("{n} card", "{n} cards", count).format(n=count)]
        if marks:
            cards[-1] += tr(lang, "marks", marks=comma.join(marks))
        head = tr(lang, "labelled", label=tr(lang, "seat_n", number=seat), value="")
        _print_items(head, cards, comma)
    top = card_name(game.top, lang) if game.top is not None else "-"
    color = color_name(game.color, lang) if game.color >= 0 else "-"
    about = tr(lang, "replay_table", card=top, color=color, pile=len(game.draw_pile))
    console.print(Padding(Text(about, style="dim"), (0, 0, 0, 6), expand=False))
    scores = [
        tr(lang, "labelled", label=tr(lang, "seat_n", number=s), value=v)
        for s, v in enumerate(game.scores)
    ]
    _print_items(tr(lang, "replay_scores", scores=""), scores, " · ", style="dim")


def _print_items(head: str, items: list[str], sep: str, style: str = "") -> None:
    """``head`` and ``items`` as lines indented by 6, wrapped between items only (a card's
    name or a seat's score is never cut), the lines after the first 2 further in."""
    from rich.cells import cell_len

    width = max(20, console.width - 6)
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + (sep if i < len(items) - 1 else "")
        if cell_len(line + piece.rstrip()) > width and line.strip():
            lines.append(line.rstrip())
            line = "  "
        line += piece
    lines.append(line.rstrip())
    for text in lines:
        console.print(Padding(Text(text, style=style), (0, 0, 0, 6), expand=False))


def _language(value: str) -> str:
    """A language of ``--lang`` as unokit names it: language tags are read without regard to
    case (BCP 47), ``zh-hant`` is ``zh-Hant``; ``_`` is read as ``-`` (``zh_Hant``)."""
    from unokit.tui.i18n import LANGUAGES

    wanted = value.strip().replace("_", "-").casefold()
    for language in LANGUAGES:
        if language.casefold() == wanted:
            return language
    _fail(f"--lang {value!r}: expected one of {', '.join(LANGUAGES)}")


def _check_records(folder: Path) -> None:
    """``--records``: the folder is made now (not at the match's end, when a failure would
    lose the record), and must be one that can be written to."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _fail(f"--records {folder}: cannot make the folder there ({error.strerror or error})")
    if not os.access(folder, os.W_OK | os.X_OK):
        _fail(f"--records {folder}: cannot write there (permission denied)")


def _kept_settings(data: Any) -> dict[str, Any]:
    """The terminal game's settings a save keeps (``meta``): the bots' delay and the jump-in
    window (in milliseconds there), the hand's order; those it does not keep are left out."""
    from unokit.tui.hand import ORDERS

    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, name in (("delay_ms", "delay"), ("jump_ms", "jump")):
        value = meta.get(key)
        if isinstance(value, int) and 0 <= value <= 60_000:
            kept[name] = value / 1000
    if meta.get("order") in ORDERS:
        kept["order"] = meta["order"]
    return kept


def _records_dir() -> Path:
    """Where ``unokit play`` keeps finished matches' records: ``$XDG_DATA_HOME/unokit/games``
    (``~/.local/share/unokit/games``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "unokit" / "games"


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def _checked_bots(flag: str, spec: str) -> str:
    """The bot spec of ``unokit play`` (a level or ``policy:PATH``), checked before the game
    starts: the bot is made once, so a policy file that cannot be played is refused here."""
    from unokit.bots import make_bot, parse_bot_spec

    try:
        checked = str(parse_bot_spec(spec))
        make_bot(checked)
    except ValueError as error:
        _fail(f"{flag}: {error}")
    return checked


def _load_save(data: Any, bots: str, lang: str) -> tuple[Game, int, str, str]:
    """A saved game (:func:`unokit.record.saved_record`, or the first save format): the game,
    the bots' seed, bot level and language, every field checked (``bots``/``lang``: where the
    file names none)."""
    from unokit.bots import LEVELS, parse_bot_spec
    from unokit.record import LEGACY_SAVE_FORMAT, load_saved, show
    from unokit.tui.i18n import LANGUAGES

    saved = load_saved(data)
    at = "" if isinstance(data, dict) and data.get("format") == LEGACY_SAVE_FORMAT else "meta."
    seed = saved.meta.get("seed", saved.game.seed)
    if not isinstance(seed, int):
        raise StateError(f"{at}seed = {show(seed)}: expected a whole number from 0 to 2**64-1")
    level = saved.meta.get("bots", bots)
    try:
        if not isinstance(level, str):
            raise ValueError(level)
        level = str(parse_bot_spec(level))
    except ValueError:
        raise StateError(
            f"{at}bots = {show(level)}: expected one of {', '.join(LEVELS)} or policy:PATH"
        ) from None
    language = saved.meta.get("lang", lang)
    if language not in LANGUAGES:
        raise StateError(f"{at}lang = {show(language)}: expected one of {', '.join(LANGUAGES)}")
    return saved.game, seed, str(level), str(language)


@app.command("rules")
def rules_command(
    preset: Annotated[str | None, typer.Argument(help="show this preset's settings")] = None,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="print the options reference (docs/options.md)")
    ] = False,
) -> None:
    """List every rule option with its values, default and meaning; or show a preset."""
    if markdown:
        typer.echo(options_markdown(), nl=False)
        return
    if preset is not None:
        if preset not in PRESETS:
            _fail(f"unknown preset {preset!r}: expected one of {', '.join(PRESETS)}")
        rules = Rules.preset(preset)
        table = Table(title=f"preset {preset}: {PRESET_MEANINGS[preset]}")
        table.add_column("option", no_wrap=True)
        table.add_column("value")
        table.add_column("from")
        for name, value in rules.to_dict().items():
            changed = name in PRESETS[preset]
            table.add_row(name, json.dumps(value), "the preset" if changed else "default")
        console.print(table)
        return
    if console.width < 110:  # a narrow terminal: one block per option, nothing cut
        for spec in OPTIONS.values():
            console.print(
                f"[bold]{escape(spec.name)}[/] = {escape(json.dumps(spec.default))}"
                f"  [dim]§{spec.section}, {escape(spec.source)}[/]"
            )
            console.print(Padding(Text(spec.allowed()), (0, 0, 0, 4), expand=False))
            console.print(Padding(Text(spec.meaning, style="dim"), (0, 0, 0, 4), expand=False))
        _print_presets()
        return
    table = Table(title="rule options (RULES.md)")
    table.add_column("option", style="bold", no_wrap=True)
    for col in ("values", "default", "meaning", "source", "§"):
        table.add_column(col)
    for spec in OPTIONS.values():
        table.add_row(
            spec.name,
            spec.allowed(),
            json.dumps(spec.default),
            spec.meaning,
            spec.source,
            spec.section,
        )
    console.print(table)
    _print_presets()


def _print_presets() -> None:
    """The presets' names, a wrapped line under its own start (never at column 0)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row("presets:", ", ".join(PRESETS))
    console.print(grid)


from unokit.cli.serve import serve  # noqa: E402 (one module per command; it uses _fail)

app.command()(serve)


def main() -> None:
    try:
        app()
    except UnoError as error:  # pragma: no cover - last resort: never a traceback
        err.print(f"[bold red]error:[/] {escape(str(error))}")
        sys.exit(2)


if __name__ == "__main__":
    main()
