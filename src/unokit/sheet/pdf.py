"""A rule sheet as a PDF: its HTML page printed by WeasyPrint, on one A4 page.

The type size is the largest of :data:`~unokit.sheet.render.DENSITIES` that keeps the sheet on
one page. A page whose text a font could not draw (Chinese on a machine without a CJK font:
boxes instead of characters) is refused with the reason and the package to install, never
written.

>>> from unokit.rules import Rules
>>> from unokit.sheet.content import build_sheet
>>> to_pdf(build_sheet(Rules()))[:5]
b'%PDF-'
"""

from __future__ import annotations

import logging
from typing import Any

from unokit.sheet.content import Sheet, SheetError
from unokit.sheet.render import DENSITIES, density, to_html

__all__ = ["SheetError", "missing_glyphs", "to_pdf"]

#: how to get the fonts, said when they are missing
FONT_HINT = (
    "install a font that has them (Debian/Ubuntu: apt-get install fonts-noto-cjk; "
    "elsewhere: Noto Sans CJK)"
)


def _weasyprint() -> Any:
    try:
        import weasyprint
    except ImportError as error:
        raise SheetError(
            f"--format pdf needs WeasyPrint: pip install 'unokit[sheet]' ({error})"
        ) from None
    except OSError as error:  # its system libraries (Pango) are missing
        raise SheetError(
            f"--format pdf needs Pango for WeasyPrint (Debian/Ubuntu: apt-get install "
            f"libpango-1.0-0 libpangoft2-1.0-0): {error}"
        ) from None
    # WeasyPrint tells its font fallbacks on the log; the sheet says what matters itself
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    return weasyprint


def missing_glyphs(document: Any) -> str:
    """The characters of a rendered (and written) WeasyPrint document that no font had."""
    missing: set[str] = set()
    for font in getattr(document, "fonts", {}).values():
        missing.update(chr(code) for code in getattr(font, "missing", {}))
    return "".join(sorted(missing))


def to_pdf(sheet: Sheet) -> bytes:
    """The sheet as PDF bytes: one A4 page, every character drawn (else :class:`SheetError`)."""
    weasyprint = _weasyprint()
    start = DENSITIES.index(density(sheet))
    for size in DENSITIES[start:]:
        document = weasyprint.HTML(string=to_html(sheet, size=size)).render()
        if len(document.pages) == 1:
            break
    else:
        raise SheetError(
            f"the sheet does not fit on one page even in its smallest type "
            f"({len(document.pages)} pages): report it, with the command"
        )
    data: bytes = document.write_pdf()
    lost = missing_glyphs(document)
    if lost:
        shown = lost if len(lost) <= 12 else lost[:12] + "…"
        raise SheetError(
            f"no installed font has the characters {shown!r} of this {sheet.lang} sheet: "
            + FONT_HINT
        )
    return data
