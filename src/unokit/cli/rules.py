"""``unokit rules``: every rule option, or a preset's settings; ``unokit rules sheet``: a
table's rule sheet (:mod:`unokit.cli.sheet`).

``rules`` is a group whose one subcommand is ``sheet``; any other word after it is a preset's
name (``unokit rules online``), as before the sheet came.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.cells import cell_len
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

from unokit.cli.common import (
    console,
    fail,
)
from unokit.cli.sheet import sheet_command
from unokit.rules import OPTIONS, PRESET_MEANINGS, PRESETS, Rules, options_markdown

__all__ = ["rules_app", "rules_command"]


class _RulesGroup(TyperGroup):
    """``unokit rules WORD``: the subcommand ``sheet``, else the preset named WORD."""

    # the contexts and commands are Typer's own click (typer._click): typed Any here
    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command

        def show() -> None:
            show_preset(cmd_name)

        return TyperCommand(cmd_name, callback=show, help=f"the settings of preset {cmd_name}")

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, "[--markdown] [PRESET | sheet [OPTIONS]]")


rules_app = typer.Typer(
    cls=_RulesGroup,
    invoke_without_command=True,
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
)
rules_app.command("sheet")(sheet_command)


@rules_app.callback()
def rules_command(
    ctx: typer.Context,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="print the options reference (docs/options.md)")
    ] = False,
) -> None:
    """List every rule option with its values, default and meaning; `unokit rules PRESET`:
    show a preset (official, casual, online, party...); `unokit rules sheet`: a table's rule
    sheet to print (md, html, pdf)."""
    if ctx.invoked_subcommand is not None:
        if markdown:
            fail("--markdown lists the options: give it without a preset or sheet")
        return
    if markdown:
        typer.echo(options_markdown(), nl=False)
        return
    list_options()


def show_preset(preset: str) -> None:
    """A preset's settings, each option with where its value comes from."""
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


def list_options() -> None:
    """Every option: its values, default, meaning, source and section; then the presets."""
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
