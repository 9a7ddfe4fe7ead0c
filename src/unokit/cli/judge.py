"""``unokit judge``: replay a described table and rule on each move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from unokit.cli.common import (
    console,
    err,
    per_seat,
)
from unokit.errors import UnoError
from unokit.scenario import JudgeResult, judge_file


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
        f"scores: {per_seat(state['scores'])}"
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
