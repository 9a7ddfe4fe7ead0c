"""A table's rule sheet (VARIANTS.md §3): one printable page of exactly the rules a table
agreed on, in plain words, with the disputed points that apply called out.

- :mod:`unokit.sheet.content`: what the sheet says (:func:`build_sheet`), from the engine's
  own words for each option (:mod:`unokit.rule_words`);
- :mod:`unokit.sheet.readings`: the disputed points, RULES-NOTES.md's readings, each with the
  condition on the options that brings it into play (:mod:`unokit.sheet.when`);
- :mod:`unokit.sheet.render`: Markdown and HTML (one template, one stylesheet ``sheet.css``);
- :mod:`unokit.sheet.pdf`: the HTML printed to PDF by WeasyPrint (``unokit[sheet]``).

``unokit rules sheet`` (:mod:`unokit.cli.sheet`) writes it; the game server serves a room's
(``GET /r/{code}/sheet``, the waiting room's "Print the rules": :func:`to_web_page`).
"""

from __future__ import annotations

from unokit.sheet.content import Sheet, SheetError, build_sheet
from unokit.sheet.pdf import to_pdf
from unokit.sheet.render import stylesheet, to_html, to_markdown, to_web_page

__all__ = [
    "FORMATS",
    "Sheet",
    "SheetError",
    "build_sheet",
    "render",
    "stylesheet",
    "to_html",
    "to_markdown",
    "to_web_page",
]

#: the formats a sheet is written in
FORMATS = ("md", "html", "pdf")


def render(sheet: Sheet, fmt: str) -> bytes:
    """The sheet in format ``fmt`` (one of :data:`FORMATS`), as the bytes of its file."""
    if fmt == "md":
        return to_markdown(sheet).encode("utf-8")
    if fmt == "html":
        return to_html(sheet).encode("utf-8")
    if fmt == "pdf":
        return to_pdf(sheet)
    raise SheetError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
