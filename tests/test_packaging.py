"""What an installed unokit needs besides Python modules is listed as package data: the browser
table's pages (``unokit serve`` serves them from the package), the compiled catalogues."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def _packaged() -> set[Path]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    files: set[Path] = set()
    for package, patterns in data["tool"]["setuptools"]["package-data"].items():
        folder = SRC.joinpath(*package.split("."))
        for pattern in patterns:
            files.update(p for p in folder.glob(pattern) if p.is_file())
    return files


def test_every_page_of_the_browser_table_is_package_data() -> None:
    static = SRC / "unokit" / "web" / "static"
    pages = {p for p in static.rglob("*") if p.is_file()}
    assert pages and pages <= _packaged(), sorted(str(p) for p in pages - _packaged())


def test_the_compiled_catalogues_are_package_data() -> None:
    catalogues = set((SRC / "unokit" / "locale").glob("*/LC_MESSAGES/*.mo"))
    assert catalogues and catalogues <= _packaged()
