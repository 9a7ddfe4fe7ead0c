"""The layers (docs/architecture.md): the core imports only the standard library, and reads
bottom-up.

The core is the modules directly in ``src/unokit`` (``unokit/*.py``). Each may import the
standard library and other core modules, nothing else: not the subpackages (``bots``, ``sim``,
``cli``, ``tui``, and any later one such as ``web`` or ``envs``), not a third-party package.
Inside the core, each module imports only modules of the rows below its own (:data:`LAYERS`),
so there is no cycle, hidden or not, and no data type reaches up into the presentation. Every
import statement counts, also those inside functions or under ``TYPE_CHECKING``.
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


#: The core read bottom-up, one row per layer: a module imports only modules of earlier rows.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("i18n", "phase", "why", "effects"),  # nothing of unokit: message markers, pure data
    ("errors",),
    ("cards", "rng"),  # cards and their names in text; the game's generator
    ("moves",),
    ("notation", "rules"),  # moves in text; the rule options
    ("events", "scoring", "matching"),  # what happened; points; which card follows which
    ("state",),  # the fields of a game and the primitives every rule uses
    ("legality",),  # which moves a seat may make, from the rules' predicates
    ("verify", "drawing"),  # why a move is refused; drawing cards
    # UNO calls and catches; rounds; pending penalties; the house rules acting after a move
    ("uno", "rounds", "penalties", "house"),
    ("offences", "play"),  # misplays and timeouts; what a card does
    ("table", "loading"),  # described tables; loading states and records
    ("game",),  # the front: apply, legal_moves, view, copy
    ("record", "scenario"),  # saved games and files; the referee's scenarios
    ("rule_words",),  # presentation: the rules in words
    ("narrator",),  # presentation: events and reasons in words
    ("__init__",),  # the package: everything
)
LAYER_OF = {name: row for row, names in enumerate(LAYERS) for name in names}


def _core_module(name: str) -> str | None:
    """The core module an import of ``name`` loads (``unokit.game.Game`` -> ``game``), or
    None when it is not one (the package's own names, ``from unokit import Game``, count as
    ``__init__``)."""
    top, _, rest = name.partition(".")
    if top != "unokit":
        return None
    first = rest.partition(".")[0]
    if not first:
        return "__init__"
    if first in CORE_NAMES:
        return first
    return None if first in INTERFACES else "__init__"


def test_every_core_module_has_its_layer() -> None:
    assert set(LAYER_OF) == CORE_NAMES, set(LAYER_OF) ^ CORE_NAMES


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_a_core_module_imports_only_the_layers_below_its_own(path: Path) -> None:
    """Issue 20: the order of the core is enforced, function-level and type-only imports
    included: a module of row k imports modules of rows 0..k-1 only."""
    mine = LAYER_OF[path.stem]
    bad = []
    for line, name in _imports(path):
        other = _core_module(name)
        if other is None or other == path.stem:
            continue
        if LAYER_OF[other] >= mine:
            bad.append(
                f"{path.name}:{line}: imports {other} (row {LAYER_OF[other]}), not below "
                f"{path.stem} (row {mine})"
            )
    assert not bad, "\n".join(bad)


def test_the_core_imports_its_modules_at_the_top() -> None:
    """With the layers in order, no core module needs to import another inside a function (a
    lazy import only hid a cycle, or delayed an import for nothing)."""
    bad = []
    for path in CORE:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        top = {id(node) for node in tree.body}
        checking = _type_checking_lines(path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom) or id(node) in top:
                continue
            if node.lineno in checking:
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            module = node.module if isinstance(node, ast.ImportFrom) else names[0]
            if module and _core_module(module) is not None:
                bad.append(f"{path.name}:{node.lineno}: imports {module} inside a function")
    assert not bad, "\n".join(bad)


#: the data types: no words, no game, nothing of the presentation
DATA = ("cards", "moves", "rules", "events", "why", "errors", "phase")


@pytest.mark.parametrize("module", DATA)
def test_a_data_type_does_not_reach_up_into_the_presentation(module: str) -> None:
    imported = {_core_module(name) for _, name in _imports(PACKAGE / f"{module}.py")}
    assert not imported & {"narrator", "rule_words", "game", "state"}, imported


def _class_members(tree: ast.Module) -> set[str]:
    """The names the classes of a module define (methods, attributes, fields)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
            for inner in ast.walk(node):  # self._name = ... in its methods
                if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store):
                    names.add(inner.attr)
    return names


def test_no_module_touches_another_s_private_members() -> None:
    """A name starting with ``_`` belongs to its module: no core module reads ``x._name`` of a
    class defined elsewhere (``Game._legal`` written by play.py, ``_setup`` called by
    record.py: issue 20). ``_`` itself is gettext's, not a private name."""
    bad = []
    for path in CORE:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        own = _class_members(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            attr = node.attr
            if attr == "_" or not attr.startswith("_") or attr.endswith("__"):
                continue
            if attr not in own:
                bad.append(f"{path.name}:{node.lineno}: .{attr}")
    assert not bad, "\n".join(bad)


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
