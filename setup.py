"""Build of the optional C accelerator for random playouts (everything else is in pyproject.toml).

``optional=True``: without a C compiler the package still installs and runs on the pure-Python
engine; ``unokit.sim.fastplay.available()`` tells which one ran. The project's own test suite
requires the accelerator (tests/test_fastplay.py), so CI always builds and checks it.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
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
)
