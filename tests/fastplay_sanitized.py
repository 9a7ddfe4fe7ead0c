"""Pytest plugin of ``make sanitize``: the tests run against other builds of the native modules.

``UNOKIT_FASTPLAY_SO`` names the accelerator's shared object and ``UNOKIT_VECENV_SO`` the
batched learning environment's (both built with AddressSanitizer and UBSan by the Makefile);
each is loaded under its module's name (``unokit.sim._fastplay``, ``unokit.envs._vecenv``)
before the Python module that imports it, so every test that uses them uses those builds. Load
with ``-p tests.fastplay_sanitized``; imported without the variables (as ``--doctest-modules``
does), it does nothing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from types import ModuleType

import pytest

#: native module -> (the environment variable naming its build, the module that imports it)
_BUILDS = {
    "unokit.sim._fastplay": ("UNOKIT_FASTPLAY_SO", "unokit.sim.fastplay"),
    "unokit.envs._vecenv": ("UNOKIT_VECENV_SO", "unokit.envs.vector"),
}


def _load(name: str, variable: str, user: str) -> ModuleType | None:
    path = os.environ.get(variable, "")
    if not path:
        return None
    if not os.path.isfile(path):
        raise pytest.UsageError(f"{variable}: no such file {path!r}")
    if user in sys.modules:
        raise pytest.UsageError(f"{user} was imported before the sanitizer build")
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    sys.modules[name] = module
    return module


_MODULES = {name: _load(name, variable, user) for name, (variable, user) in _BUILDS.items()}


def pytest_report_header() -> str:
    return ", ".join(
        f"{name}: {os.environ.get(variable) or 'the normal build'}"
        for name, (variable, _) in _BUILDS.items()
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    from unokit.envs import vector
    from unokit.sim import fastplay

    if _MODULES["unokit.sim._fastplay"] is None:
        raise pytest.UsageError("-p tests.fastplay_sanitized needs UNOKIT_FASTPLAY_SO")
    if fastplay._native is not _MODULES["unokit.sim._fastplay"]:
        raise pytest.UsageError("unokit.sim.fastplay did not take the sanitizer build")
    vecenv = _MODULES["unokit.envs._vecenv"]
    if vecenv is not None and vector._native is not vecenv:
        raise pytest.UsageError("unokit.envs.vector did not take the sanitizer build")
