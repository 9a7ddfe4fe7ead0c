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

raw_env = UnoEnv


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order check (``raw_env`` is without it, faster):
    see :class:`unokit.envs.aec.UnoEnv` for the arguments."""
    return wrappers.OrderEnforcingWrapper(UnoEnv(**kwargs))
