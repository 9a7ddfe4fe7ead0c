"""The rule sheet as a PDF a table would print: one A4 page, its Chinese drawn with a CJK font,
checked by rendering it to pixels (poppler's pdftoppm) and reading its text back (pdftotext).
.ci/run installs poppler-utils and fonts-noto-cjk (Debian) when they are missing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from unokit.cli.main import app
from unokit.rules import Rules
from unokit.sheet import build_sheet, to_pdf
from unokit.sheet.readings import READINGS

runner = CliRunner()


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is missing: apt-get install poppler-utils (.ci/run does)"
    return path


def _run(*args: str) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def _gray_pixels(pdf: Path, dpi: int = 40) -> tuple[int, int, bytes]:
    """The first page rendered in grey (pdftoppm's PGM: width, height and one byte a pixel)."""
    out = pdf.with_suffix("")
    _run(_tool("pdftoppm"), "-r", str(dpi), "-gray", "-singlefile", str(pdf), str(out))
    data = out.with_suffix(".pgm").read_bytes()
    magic, width, height, depth = data.split(maxsplit=4)[:4]
    assert magic == b"P5" and depth == b"255"
    w, h = int(width), int(height)
    return w, h, data[-w * h :]


@pytest.fixture(scope="module")
def zh_hant_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """issue 23's "done when": unokit rules sheet --format pdf --lang zh-Hant."""
    out = tmp_path_factory.mktemp("sheet") / "rules.pdf"
    result = runner.invoke(
        app,
        ["rules", "sheet", "--preset", "online", "--rule", "uno_penalty=4", "--lang", "zh-Hant",
         "--format", "pdf", "-o", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return out


def test_the_pdf_is_one_a4_page(zh_hant_pdf: Path) -> None:
    info = _run(_tool("pdfinfo"), str(zh_hant_pdf))
    assert "Pages:           1" in info
    assert "595.276 x 841.89 pts (A4)" in info


def test_the_chinese_text_is_there_to_read(zh_hant_pdf: Path) -> None:
    text = "".join(_run(_tool("pdftotext"), "-enc", "UTF-8", str(zh_hant_pdf), "-").split())
    assert "UNO：本桌規則" in text  # the title
    assert "忘記喊UNO罰4張牌。" in text  # the rule the table changed
    assert "爭議點：本桌的判法" in text
    assert "".join(READINGS["plus_two_any_colour"].text("zh-Hant").split()) in text


def test_the_fonts_are_embedded_and_chinese_ones(zh_hant_pdf: Path) -> None:
    fonts = _run(_tool("pdffonts"), str(zh_hant_pdf))
    rows = fonts.splitlines()[2:]
    assert any("CJK" in row for row in rows), fonts
    assert all(" yes " in row for row in rows), fonts  # embedded: prints the same anywhere


def test_the_rendered_page_is_printed_on_not_blank(zh_hant_pdf: Path) -> None:
    width, height, pixels = _gray_pixels(zh_hant_pdf)
    assert (width, height) == (331, 468)  # A4 at 40 dpi
    dark = [i for i, value in enumerate(pixels) if value < 128]
    share = len(dark) / len(pixels)
    assert 0.02 < share < 0.4, share  # text, not a blank page nor a black one
    rows = {i // width for i in dark}
    # ink from the title to the signature line: the page is used, not only its head
    assert min(rows) < height * 0.1 and max(rows) > height * 0.75, (min(rows), max(rows))


def test_a_crowded_sheet_still_fits_one_page(tmp_path: Path) -> None:
    """The most a sheet has to say (many house rules, many disputed points) is set smaller."""
    rules = Rules.preset(
        "online",
        players=2,
        deflect="any_color",
        multi_play="same_rank",
        sum_jump_in=True,
        revenge=True,
        scoring="chips",
        seat_change_every=2,
        turn_time_limit=30,
    )
    for lang in ("en", "zh-Hant"):
        sheet = build_sheet(rules, lang, link="https://uno.example/r/ABCDEF#k=GHJKLMNP")
        assert len(sheet.points) >= 15
        pdf = tmp_path / f"{lang}.pdf"
        pdf.write_bytes(to_pdf(sheet))
        assert "Pages:           1" in _run(_tool("pdfinfo"), str(pdf))


def test_characters_no_font_has_are_found() -> None:
    """What to_pdf refuses a sheet for: WeasyPrint's fonts each tell the characters they
    lacked (boxes on paper); the sheet names them and the font package to install."""
    from types import SimpleNamespace

    from unokit.sheet.pdf import missing_glyphs

    fonts = {"a": SimpleNamespace(missing={0x898F: 1}), "b": SimpleNamespace(missing={})}
    assert missing_glyphs(SimpleNamespace(fonts=fonts)) == "規"
    assert missing_glyphs(SimpleNamespace(fonts={})) == ""
