"""``unokit rules sheet``: a table's rule sheet, one printable A4 page (md, html or pdf)."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from unokit.cli.common import check_output, fail, language, one_line, rules_of
from unokit.errors import RulesError
from unokit.sheet import FORMATS, SheetError, build_sheet, render

__all__ = ["sheet_command", "write_atomically"]

_SUFFIX_FORMAT = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf"}


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file beside it, renamed)."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def sheet_command(
    preset: Annotated[str, typer.Option(help="the preset the table starts from")] = "official",
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", "-r", help="an option the table changed: option=value (repeat)"),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="how many play (default: the preset's)")
    ] = None,
    lang: Annotated[str, typer.Option(help="en, zh-Hant or zh-Hans")] = "en",
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format", "-f", help="md, html or pdf (default: --output's suffix, else md)"
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="the file to write (default: stdout)")
    ] = None,
    title: Annotated[
        str | None, typer.Option(help="the table's name, printed as the title")
    ] = None,
    link: Annotated[
        str | None, typer.Option(help="the room's address: printed with its QR code")
    ] = None,
) -> None:
    """One page (A4) of exactly the rules a table agreed on, in plain words, grouped, with the
    disputed points that apply called out (RULES-NOTES.md's readings). Print it and sign it
    before the first deal.

    Examples: `unokit rules sheet --preset party --rule uno_penalty=4 --lang zh-Hant
    --format pdf -o rules.pdf`; `unokit rules sheet --preset online > rules.md`.
    """
    lang = language(lang)
    if fmt is None:
        fmt = _SUFFIX_FORMAT.get(output.suffix.lower(), "md") if output is not None else "md"
    if fmt not in FORMATS:
        fail(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if link is not None and not link.startswith(("http://", "https://")):
        fail(f"--link {link!r}: give the room's address, starting with http:// or https://")
    if title is not None and not title.strip():
        fail("--title: give the table's name, or leave --title out")
    check_output("--output", output)
    if fmt == "pdf" and output is None and sys.stdout.isatty():
        fail("--format pdf: give --output FILE (a PDF is not for the terminal)")
    try:
        rules = rules_of(preset, players, rule or [])
    except RulesError as error:
        fail(one_line(error))
    sheet = build_sheet(
        rules,
        lang,
        title=title.strip() if title else None,
        link=link,
        preset=preset,
    )
    try:
        data = render(sheet, fmt)
    except SheetError as error:
        fail(one_line(error))
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        write_atomically(output, data)
    except OSError as error:
        fail(f"--output {output}: {error.strerror or error}")
    typer.echo(f"wrote {output} ({fmt}, {lang}, {len(data):,} bytes)", err=True)
