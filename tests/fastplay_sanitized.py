"""Pytest plugin of ``make sanitize``: the tests run against another build of the accelerator.

``UNOKIT_FASTPLAY_SO`` names the shared object (built with AddressSanitizer and UBSan by the
Makefile); it is loaded as ``unokit.sim._fastplay`` before ``unokit.sim.fastplay`` imports it,
so every test that uses the accelerator uses that build. Load with ``-p tests.fastplay_sanitized``;
imported without the variable (as ``--doctest-modules`` does), it does nothing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from types import ModuleType

import pytest

_PATH = os.environ.get("UNOKIT_FASTPLAY_SO", "")


def _load(path: str) -> ModuleType:
    if not os.path.isfile(path):
        raise pytest.UsageError(f"UNOKIT_FASTPLAY_SO: no such file {path!r}")
    if "unokit.sim.fastplay" in sys.modules:
        raise pytest.UsageError("unokit.sim.fastplay was imported before the sanitizer build")
    loader = importlib.machinery.ExtensionFileLoader("unokit.sim._fastplay", path)
    spec = importlib.util.spec_from_file_location("unokit.sim._fastplay", path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    sys.modules["unokit.sim._fastplay"] = module
    return module


_MODULE = _load(_PATH) if _PATH else None


def pytest_report_header() -> str:
    return f"unokit.sim._fastplay: {_PATH or 'the normal build'}"


def pytest_sessionstart(session: pytest.Session) -> None:
    from unokit.sim import fastplay

    if _MODULE is None:
        raise pytest.UsageError("-p tests.fastplay_sanitized needs UNOKIT_FASTPLAY_SO")
    if fastplay._native is not _MODULE:
        raise pytest.UsageError("unokit.sim.fastplay did not take the sanitizer build")
