"""``unokit replay``: step through a game's record, every ruling explained."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from unokit.cli.common import (
    console,
    fail,
    language,
    load_save,
    one_line,
)
from unokit.errors import UnoError
from unokit.game import Game
from unokit.record import read_json


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

    lang = language(lang)
    try:
        # every field checked (meta included) as `play --resume` checks it, for both formats;
        # then the checked game's record is stepped through from its start
        data = read_json(file)
        load_save(data, "strong", "en")
        story = Replay.from_data(data, lang, reveal, file)
    except UnoError as error:
        fail(f"cannot replay {file}: {one_line(error)}")
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
