"""How hard the property tests search: Hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE``.

- ``ci`` (the default: ``make test``, ``.ci/run``): derandomized, so every run tries the same
  examples (a failure is never a matter of luck) and no example database is read or written;
- ``check`` (``make check``, the inner loop): the same, with a fifth of the examples;
- ``fuzz`` (``make fuzz``, nightly-style): a random search with ten times the examples, the
  failures kept in ``.hypothesis`` to be replayed.

Each test's ``max_examples`` goes through :func:`examples`, so the profile scales it.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
_SCALE = {"ci": 1.0, "check": 0.2, "fuzz": 10.0}

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("check", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, print_blob=True)
if PROFILE not in _SCALE:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: expected one of {', '.join(_SCALE)}")
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """``n`` examples (or games, or rounds) scaled by the profile (at least 5)."""
    return max(5, round(n * _SCALE[PROFILE]))
