"""Build of the optional C accelerator for random playouts (everything else is in pyproject.toml).

``optional=True``: without a C compiler the package still installs and runs on the pure-Python
engine; ``unokit.sim.fastplay.available()`` tells which one ran. The project's own test suite
requires the accelerator (tests/test_fastplay.py), so CI always builds and checks it.

``UNOKIT_MYPYC=1`` (opt-in; needs mypy, which is not a dependency): the general engine's hot
modules (:data:`MYPYC_MODULES`) are compiled with mypyc as well, e.g.
``UNOKIT_MYPYC=1 pip install .`` (pip's isolated build fetches mypy for the build only;
docs/performance.md, "The compiled engine"). Without it the package is pure Python but for the
C accelerators, as always. An editable install (``pip install -e``) is never compiled: it would
put the compiled modules into src/, where they would silently replace the Python for every
later run; use ``make compiled`` (apart, in build/mypyc) for development.
"""

import os
import sys

from setuptools import Extension, setup

#: the modules mypyc compiles under UNOKIT_MYPYC=1: the engine's per-move code (docs/performance.md)
MYPYC_MODULES = [
    "src/unokit/game.py",
    "src/unokit/state.py",
    "src/unokit/matching.py",
    "src/unokit/legality.py",
    "src/unokit/drawing.py",
    "src/unokit/uno.py",
    "src/unokit/penalties.py",
    "src/unokit/play.py",
    "src/unokit/rounds.py",
    "src/unokit/rng.py",
    "src/unokit/moves.py",
    "src/unokit/phase.py",
    "src/unokit/effects.py",
    "src/unokit/rules.py",
]

ext_modules = [
    Extension(
        "unokit.sim._fastplay",
        ["src/unokit/sim/_fastplay.c"],
        optional=True,
        extra_compile_args=["-O3"],
    ),
    # the batched learning environment (unokit.envs.vector): the accelerator's engine,
    # included from src/unokit/sim/_fastplay.c, stepping many games at once
    Extension(
        "unokit.envs._vecenv",
        ["src/unokit/envs/_vecenv.c"],
        optional=True,
        extra_compile_args=["-O3"],
        depends=["src/unokit/sim/_fastplay.c"],
    ),
]

options: dict[str, dict[str, str]] = {}
setup_requires: list[str] = []
editable = any(a in ("editable_wheel", "develop") for a in sys.argv)
if os.environ.get("UNOKIT_MYPYC") == "1" and editable:
    print("setup.py: UNOKIT_MYPYC=1 is ignored by an editable install (see its docstring)")
elif os.environ.get("UNOKIT_MYPYC") == "1":
    # built apart (build/mypyc-setup), so that a later plain build never packs these .so files
    options["build"] = {"build_base": "build/mypyc-setup"}
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip's isolated build first asks what to install: mypy, then builds
        setup_requires.append("mypy>=1.15,<3")  # the range the compiled build was tested with
    else:
        compiled = mypycify(MYPYC_MODULES, opt_level="3", target_dir="build/mypyc-setup/c")
        for extension in compiled:  # i64 arithmetic wraps, as SplitMix64's does (rng.py)
            extension.extra_compile_args = [*extension.extra_compile_args, "-fwrapv"]
        ext_modules += compiled

setup(ext_modules=ext_modules, options=options, setup_requires=setup_requires)
