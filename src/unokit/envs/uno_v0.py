"""UNO for PettingZoo, by PettingZoo's naming convention (``<name>_v<version>``).

>>> from unokit.envs import uno_v0
>>> env = uno_v0.env(players=3, preset="online")
>>> env.reset(seed=1)
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((1193,), (309,))
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from unokit.envs.aec import UnoEnv

__all__ = ["env", "raw_env"]


def raw_env(engine: str = "python", **kwargs: Any) -> Any:
    """The environment without wrappers (faster). ``engine="python"`` (default): any rules
    (:class:`unokit.envs.aec.UnoEnv`); ``engine="native"``: the same games stepped in C, for
    the rules the batched module plays (:class:`unokit.envs.native.NativeUnoEnv`)."""
    if engine == "python":
        return UnoEnv(**kwargs)
    if engine == "native":
        from unokit.envs.native import NativeUnoEnv

        return NativeUnoEnv(**kwargs)
    raise ValueError(f"engine = {engine!r}: expected python or native")


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order check (``raw_env`` is without it, faster):
    see :class:`unokit.envs.aec.UnoEnv` for the arguments, and ``raw_env`` for ``engine``."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
