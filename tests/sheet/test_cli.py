"""``unokit rules sheet``: the sheet in md, html or pdf, in en, zh-Hant, zh-Hans; bad input is one
line, exit 2, nothing written (issue 23, "Bad input")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from unokit.cli.main import app

runner = CliRunner()


def sheet(*args: str) -> Result:
    return runner.invoke(app, ["rules", "sheet", *args])


def refused(result: Result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert message in lines[0], lines[0]


def test_markdown_goes_to_stdout() -> None:
    result = sheet("--preset", "online", "--rule", "uno_penalty=4")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# UNO: the rules of this table\n")
    assert "- **Forgetting UNO costs 4 cards.**" in result.output
    assert "`unokit rules sheet --preset online --rule uno_penalty=4`" in result.output


def test_the_format_follows_the_outputs_suffix(tmp_path: Path) -> None:
    out = tmp_path / "rules.html"
    result = sheet("--preset", "party", "--lang", "zh-hant", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>")
    assert '<html lang="zh-Hant">' in page
    assert "<h1>UNO：本桌規則</h1>" in page
    assert "wrote" in result.output and "zh-Hant" in result.output


def test_a_simplified_chinese_sheet(tmp_path: Path) -> None:
    result = sheet("--lang", "zh-Hans", "--players", "2")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# UNO：本桌规则")
    assert "2 位玩家" in result.output


def test_the_table_name_and_room_link_are_printed() -> None:
    result = sheet("--title", "Friday night", "--link", "https://uno.example/r/ABCDEF#k=GH")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# Friday night\n")
    assert "<https://uno.example/r/ABCDEF#k=GH>" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "fr"], "--lang 'fr': expected one of en, zh-Hant, zh-Hans"),
        (["--format", "docx"], "--format 'docx': expected one of md, html, pdf"),
        (["--format", "pdf", "--lang", "klingon"], "--lang 'klingon'"),
        (["--rule", "stacking=maybe"], "stacking = 'maybe' is not allowed"),
        (["--rule", "no_such_rule=1"], "no_such_rule"),
        (["--preset", "nope"], "nope"),
        (["--link", "javascript:alert(1)"], "starting with http:// or https://"),
        (["--title", "  "], "--title: give the table's name"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "rules.pdf"
    refused(sheet(*args, "-o", str(out)), message)
    assert list(tmp_path.iterdir()) == []


def test_a_refused_sheet_leaves_an_existing_file_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "rules.md"
    out.write_text("ours", encoding="utf-8")
    refused(sheet("--lang", "xx", "-o", str(out)), "--lang 'xx'")
    assert out.read_text(encoding="utf-8") == "ours"
    assert [p.name for p in tmp_path.iterdir()] == ["rules.md"]


def test_an_output_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    refused(sheet("-o", str(tmp_path / "no" / "rules.md")), "does not exist")


def test_rules_still_shows_a_preset_and_refuses_an_unknown_one() -> None:
    result = runner.invoke(app, ["rules", "swimming"], terminal_width=200)
    assert result.exit_code == 0 and "swimming112" in result.output
    refused(runner.invoke(app, ["rules", "nonsense"]), "unknown preset 'nonsense'")
    refused(runner.invoke(app, ["rules", "--markdown", "sheet"]), "--markdown lists the options")


@pytest.mark.parametrize(
    ("module", "args", "message"),
    [
        ("weasyprint", ["--format", "pdf"], "--format pdf needs WeasyPrint: pip install"),
        ("segno", ["--format", "html", "--link", "https://uno.example/r/AB"], "needs segno"),
    ],
)
def test_a_missing_library_is_said_with_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, args: list[str], message: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed: import fails
    out = tmp_path / "rules.out"
    refused(sheet(*args, "-o", str(out)), message)
    assert not out.exists()
