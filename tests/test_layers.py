"""The layers (docs/architecture.md): the core imports only the standard library.

The core is the modules directly in ``src/unokit`` (``unokit/*.py``). Each may import the
standard library and other core modules, nothing else: not the subpackages (``bots``, ``sim``,
``cli``, ``tui``, and any later one such as ``web`` or ``envs``), not a third-party package.
Every import statement counts, also those inside functions or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "unokit"
CORE = sorted(PACKAGE.glob("*.py"))
CORE_NAMES = {path.stem for path in CORE}
SUBPACKAGES = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
#: interfaces that do not exist yet still never belong in the core
INTERFACES = SUBPACKAGES | {"bots", "sim", "cli", "tui", "web", "envs"}


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute dotted name) of everything ``path`` imports; ``from a import b`` gives
    ``a.b`` (b may be a module or a name in a: the check below tells them apart)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from . import x, from .game import Game
                base = "unokit" + (f".{node.module}" if node.module else "")
                if node.level > 1:
                    found.append((node.lineno, "<outside the package>"))
                    continue
            else:
                base = node.module or ""
            if base == "unokit":
                found += [(node.lineno, f"unokit.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
    return found


def _refused(name: str) -> str | None:
    """Why the core may not import ``name`` (None: it may)."""
    top, _, rest = name.partition(".")
    if top != "unokit":
        if top in sys.stdlib_module_names:
            return None
        return "not the standard library"
    first = rest.partition(".")[0]
    if not first or first in CORE_NAMES:
        return None
    if first in INTERFACES:
        return f"the subpackage unokit.{first} is not the core"
    if first.startswith("_"):  # a compiled or private module outside the core folder
        return "not a core module"
    return None  # a name defined in unokit/__init__.py (from unokit import Game)


def test_the_core_is_what_the_package_folder_holds() -> None:
    assert {"cards", "game", "rules", "rng", "moves"} <= CORE_NAMES
    assert {"bots", "sim", "cli", "tui"} <= SUBPACKAGES
    moved = {"tournament", "simulate", "fastplay", "determinize", "rollout"}
    assert not moved & CORE_NAMES, "simulation and search live in unokit.sim"


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_a_core_module_imports_only_the_standard_library_and_the_core(path: Path) -> None:
    bad = [
        f"{path.name}:{line}: import {name}: {why}"
        for line, name in _imports(path)
        if (why := _refused(name)) is not None and not _allowed_for_types(path, line, name)
    ]
    assert not bad, "\n".join(bad)


def _type_checking_lines(path: Path) -> set[int]:
    """The lines of the import statements under ``if TYPE_CHECKING:`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {
        inner.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
        if isinstance(inner, ast.Import | ast.ImportFrom)
    }


def _allowed_for_types(path: Path, line: int, name: str) -> bool:
    """mypy_extensions, for types only (under TYPE_CHECKING: never imported when running): the
    machine integers mypyc compiles (rng.py, docs/performance.md). The runtime check below
    proves that ``import unokit`` loads no third-party module."""
    return name.split(".")[0] == "mypy_extensions" and line in _type_checking_lines(path)


def test_the_check_knows_what_it_refuses() -> None:
    assert _refused("collections.abc") is None
    assert _refused("unokit.game") is None and _refused("unokit.Game") is None
    assert _refused("unokit.sim.fastplay") is not None
    assert _refused("unokit.bots") is not None
    assert _refused("unokit.web") is not None
    assert _refused("typer") is not None and _refused("openskill.models") is not None


def test_import_unokit_loads_no_subpackage_and_no_third_party_module() -> None:
    """In a fresh interpreter: what ``import unokit`` adds to sys.modules."""
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "import unokit\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    added = json.loads(done.stdout)
    assert "unokit.game" in added
    bad = [
        name
        for name in added
        if (name.split(".")[0] != "unokit" and name.split(".")[0] not in sys.stdlib_module_names)
        or (name.startswith("unokit.") and name.split(".")[1] not in CORE_NAMES)
    ]
    assert not bad, f"import unokit loads {bad}"
