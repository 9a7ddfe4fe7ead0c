"""The ``unokit`` command: the Typer app and its commands, one module each.

=============  ==================================================================
command        module
=============  ==================================================================
judge          :mod:`unokit.cli.judge`: replay a described table, rule on each move
simulate/demo  :mod:`unokit.cli.simulate`: random-move rounds, counted or watched
tournament     :mod:`unokit.cli.tournament`: bots against each other
lab            :mod:`unokit.cli.lab`: how house rules change the game, measured
play           :mod:`unokit.cli.play`: a match against bots in the terminal
replay         :mod:`unokit.cli.replay`: step through a game's record
rules          :mod:`unokit.cli.rules`: the rule options, a preset's settings
rules sheet    :mod:`unokit.cli.sheet`: a table's rule sheet to print (md, html, pdf)
serve          :mod:`unokit.cli.serve`: the game server
=============  ==================================================================

What they share (consoles, ``--preset``/``--rule`` reading, flag checks, the one-line
failure) is :mod:`unokit.cli.common`.
"""

from __future__ import annotations

import sys

import typer
from rich.markup import escape

from unokit.cli.common import console, err, fail, rules_of
from unokit.cli.judge import judge
from unokit.cli.lab import lab
from unokit.cli.play import play
from unokit.cli.replay import replay
from unokit.cli.rules import rules_app
from unokit.cli.serve import serve
from unokit.cli.simulate import demo, simulate
from unokit.cli.tournament import tournament
from unokit.errors import UnoError

__all__ = ["app", "console", "main"]

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
app.command()(judge)
app.command()(simulate)
app.command()(demo)
app.command()(tournament)
app.command()(lab)
app.command()(play)
app.command()(replay)
app.add_typer(rules_app, name="rules")
app.command()(serve)

#: the names tests and older scripts imported from here
_rules = rules_of
_fail = fail


def main() -> None:
    try:
        app()
    except UnoError as error:  # pragma: no cover - last resort: never a traceback
        err.print(f"[bold red]error:[/] {escape(str(error))}")
        sys.exit(2)


if __name__ == "__main__":
    main()
