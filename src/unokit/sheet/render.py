"""A rule sheet laid out: Markdown, and HTML (a whole page, or the part the browser's sheet page
shows). The PDF is this HTML printed (:mod:`unokit.sheet.pdf`), so HTML and PDF have one
template and one stylesheet (``sheet.css``).

Every text that comes from people (a table's name, players' names, a room's link) is escaped;
the HTML holds no script, and the QR code is an image (a ``data:`` SVG), which the server's
Content-Security-Policy allows.

>>> from unokit.rules import Rules
>>> from unokit.sheet.content import build_sheet
>>> md = to_markdown(build_sheet(Rules(players=2)))
>>> md.splitlines()[0]
'# UNO: the rules of this table'
>>> "- With two players a reverse acts as a skip" in md
True
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources

from unokit.sheet.content import Sheet, SheetError

__all__ = [
    "DENSITIES",
    "density",
    "qr_data_uri",
    "stylesheet",
    "to_html",
    "to_markdown",
    "to_web_page",
]

#: the page's type sizes, largest first: a sheet with more to say is set smaller to stay on one
#: page (``sheet.css``: ``.sheet.d0`` ... ``.sheet.d3``)
DENSITIES = ("d0", "d1", "d2", "d3")


@cache
def stylesheet() -> str:
    """The sheet's stylesheet (``sheet.css``, beside this module)."""
    return resources.files("unokit.sheet").joinpath("sheet.css").read_text(encoding="utf-8")


def _weight(sheet: Sheet) -> int:
    """About how much the sheet has to say, in Latin characters (a CJK one counts two)."""
    texts = [line.text for _, lines in sheet.groups for line in lines] + sheet.points
    total = 0
    for text in texts:
        total += len(text) + sum(1 for ch in text if ord(ch) > 0x2E80) + 30  # a line's end
    return total


def density(sheet: Sheet) -> str:
    """The type size that fits the sheet on one A4 page (an estimate; the PDF checks it).

    >>> from unokit.rules import Rules
    >>> from unokit.sheet.content import build_sheet
    >>> density(build_sheet(Rules()))
    'd0'
    """
    weight = _weight(sheet)
    for limit, name in ((3300, "d0"), (3900, "d1"), (4600, "d2")):
        if weight <= limit:
            return name
    return "d3"


def qr_data_uri(link: str) -> str:
    """The QR code of ``link`` as a ``data:`` URI of an SVG image (segno)."""
    try:
        import segno
    except ImportError:
        raise SheetError(
            "the room's QR code needs segno: pip install 'unokit[sheet]' (or leave --link out)"
        ) from None

    code = segno.make(link, error="m", micro=False)
    uri: str = code.svg_data_uri(scale=4, border=2, dark="#000", light="#fff")
    return uri


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def _md(text: str) -> str:
    """People's text in Markdown: its characters that mean something escaped."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def to_markdown(sheet: Sheet) -> str:
    """The sheet as Markdown: a heading, the groups as lists (changes in bold), the disputed
    points as a quote, the agreement line, the room's link and the command."""
    lab = sheet.labels
    out = [f"# {_md(sheet.title)}", ""]
    out.append(
        f"**{lab['rules']}:** {sheet.preset} ({sheet.preset_about}) · "
        f"**{lab['players']}:** {sheet.players}"
    )
    if any(line.changed for _, lines in sheet.groups for line in lines):
        out += ["", f"_{lab['changed']}_"]
    for title, lines in sheet.groups:
        out += ["", f"## {title}", ""]
        out += [f"- **{line.text}**" if line.changed else f"- {line.text}" for line in lines]
    if sheet.points:
        out += ["", f"## {lab['points']}", ""]
        out += [f"> - {point}" for point in sheet.points]
    names = sheet.names or [""] * sheet.seats
    out += ["", f"**{lab['agreed']}:** " + " · ".join(_md(n) or "________" for n in names)]
    if sheet.link:
        out += ["", f"**{lab['room']}:** <{sheet.link}>"]
    out += ["", f"{lab['made']} `{sheet.command}`", ""]
    return "\n".join(out)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def to_html(sheet: Sheet, *, page: bool = True, size: str | None = None) -> str:
    """The sheet as HTML: a whole page with its stylesheet (``page=True``: the CLI's file, the
    PDF's source), or only the ``<article>`` (the browser's sheet page, which links the same
    stylesheet). ``size``: one of :data:`DENSITIES` (default: :func:`density`'s choice)."""
    lab = sheet.labels
    size = size or density(sheet)
    parts = [f'<article class="sheet {size}" lang="{_e(sheet.lang)}">', '<header class="head">']
    parts.append('<div class="titles">')
    parts.append(f"<h1>{_e(sheet.title)}</h1>")
    parts.append(
        f'<p class="meta"><span><b>{_e(lab["rules"])}:</b> {_e(sheet.preset)}'
        f' <span class="about">({_e(sheet.preset_about)})</span></span>'
        f" <span><b>{_e(lab['players'])}:</b> {_e(sheet.players)}</span></p>"
    )
    if any(line.changed for _, lines in sheet.groups for line in lines):
        parts.append(f'<p class="legend">{_e(lab["changed"])}</p>')
    parts.append("</div>")
    if sheet.link:
        parts.append(
            '<figure class="qr">'
            f'<img src="{_e(qr_data_uri(sheet.link))}" alt="{_e(lab["scan"])}" width="96"'
            ' height="96">'
            f"<figcaption>{_e(lab['scan'])}<br>"
            f'<a href="{_e(sheet.link)}">{_e(sheet.link)}</a></figcaption></figure>'
        )
    parts.append("</header>")
    parts.append('<div class="groups">')
    for title, lines in sheet.groups:
        parts.append(f'<section class="group"><h2>{_e(title)}</h2><ul>')
        for line in lines:
            if line.changed:
                parts.append(f'<li class="changed"><strong>{_e(line.text)}</strong></li>')
            else:
                parts.append(f"<li>{_e(line.text)}</li>")
        parts.append("</ul></section>")
    parts.append("</div>")
    if sheet.points:
        parts.append(f'<aside class="points"><h2>{_e(lab["points"])}</h2><ul>')
        parts += [f"<li>{_e(point)}</li>" for point in sheet.points]
        parts.append("</ul></aside>")
    parts.append('<footer class="foot"><div class="agreed">')
    parts.append(f"<b>{_e(lab['agreed'])}:</b>")
    for name in sheet.names or [""] * sheet.seats:
        if name:
            parts.append(f'<span class="sign named">{_e(name)}</span>')
        else:
            parts.append('<span class="sign"></span>')
    parts.append("</div>")
    parts.append(f'<p class="made">{_e(lab["made"])} <code>{_e(sheet.command)}</code></p>')
    parts.append("</footer></article>")
    article = "\n".join(parts)
    if not page:
        return article
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(sheet.lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(sheet.title)}</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<style>\n{stylesheet()}</style>\n</head>\n<body>\n{article}\n</body>\n</html>\n"
    )


def to_web_page(sheet: Sheet, *, stylesheet_href: str, script_src: str, back: str) -> str:
    """The sheet as the game server's page (the waiting room's "Print the rules"): no inline
    style or script, which the server's Content-Security-Policy forbids; the stylesheet and the
    script of its Print button are linked. ``back``: the table's address (the bar's link).
    The bar above the paper is not printed (``sheet.css``)."""
    lab = sheet.labels
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(sheet.lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(sheet.title)}</title>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<link rel="stylesheet" href="{_e(stylesheet_href)}">\n'
        f'<script type="module" src="{_e(script_src)}"></script>\n'
        '</head>\n<body class="sheet-page">\n'
        '<nav class="sheet-bar">'
        f'<button type="button" class="primary" id="print-sheet" hidden>{_e(lab["print"])}'
        "</button>"
        f'<a class="button" id="back-to-table" href="{_e(back)}">{_e(lab["back"])}</a>'
        '<span class="status"></span></nav>\n'
        f"{to_html(sheet, page=False)}\n</body>\n</html>\n"
    )
