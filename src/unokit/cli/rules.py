"""``unokit rules``: every rule option, or a preset's settings."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.cells import cell_len
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from unokit.cli.common import (
    console,
    fail,
)
from unokit.rules import OPTIONS, PRESET_MEANINGS, PRESETS, Rules, options_markdown


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
            fail(f"unknown preset {preset!r}: expected one of {', '.join(PRESETS)}")
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
            head = f"{spec.name} = {json.dumps(spec.default)}"
            source = f"§{spec.section}, {spec.source}"
            bold = f"[bold]{escape(spec.name)}[/] = {escape(json.dumps(spec.default))}"
            if cell_len(head) + 2 + cell_len(source) <= console.width:
                console.print(f"{bold}  [dim]{escape(source)}[/]")
            else:  # the source under it, indented like the rest (a long name and source)
                console.print(bold)
                console.print(Padding(Text(source, style="dim"), (0, 0, 0, 4), expand=False))
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
