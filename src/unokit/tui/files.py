"""The terminal game's files: where a save or a record can be written, and where else when it
cannot (a save must never be lost because its folder went away or is read-only).

>>> free_path(Path("/nonexistent/save.json"))
PosixPath('/nonexistent/save-2.json')
>>> why_not_writable(Path("/nonexistent/dir/x.json"))
'the folder /nonexistent/dir does not exist'
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

__all__ = ["fallback", "free_path", "why_not_writable", "write_text"]


def free_path(path: Path) -> Path:
    """``path`` with the first free number: ``save.json`` -> ``save-2.json``, ``save-3.json``."""
    stem = path.stem
    head, _, number = stem.rpartition("-")
    start = 2
    if head and number.isdigit():
        stem, start = head, int(number) + 1
    for n in range(start, start + 10_000):
        candidate = path.with_name(f"{stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
    return path.with_name(f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")


def why_not_writable(path: Path) -> str:
    """Why a file cannot be written at ``path`` ("" when it seems it can)."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        return f"{path} is a folder"
    if not folder.exists():
        return f"the folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} cannot be written to (permission denied)"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} cannot be written to (permission denied)"
    return ""


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then renamed): a full
    disk never leaves half a save. Raises :class:`OSError` with the reason."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def fallback(name: str) -> Path | None:
    """A place where a file called ``name`` can be written instead: the current folder, else
    the home folder, else the system's temporary folder (a free name there), or ``None``."""
    for folder in (Path.cwd(), Path.home(), Path(tempfile.gettempdir())):
        try:
            candidate = folder / name
            if candidate.exists():
                candidate = free_path(candidate)
            if not why_not_writable(candidate):
                return candidate
        except OSError:
            continue
    return None
