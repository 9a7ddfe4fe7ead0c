"""Learning environments (the ``rl`` extra: ``pip install unokit[rl]``): docs/rl.md.

- :mod:`unokit.envs.uno_v0`: the PettingZoo AEC environment, any rules, 2-10 players;
- ``gymnasium.make("unokit/Uno-v0", ...)``: one seat against unokit bots
  (:class:`unokit.envs.gym_env.UnoGymEnv`);
- :mod:`unokit.envs.vector`: many games at once in C, a ``gymnasium.vector.VectorEnv``
  (:mod:`unokit.envs.sb3` adapts it to Stable-Baselines3);
- :mod:`unokit.envs.actions`, :mod:`unokit.envs.observation`: the action space and the
  observation's layout (NumPy only: what a policy bot needs to play).
"""

from __future__ import annotations

import importlib
from typing import Any

from unokit.envs.actions import N_ACTIONS, action_name
from unokit.envs.observation import OBS_SIZE

__all__ = ["N_ACTIONS", "OBS_SIZE", "action_name", "uno_v0"]

try:
    import gymnasium
except ImportError:  # NumPy alone: the encoding and the action space still work (policy bots)
    pass
else:
    if "unokit/Uno-v0" not in gymnasium.registry:
        gymnasium.register(id="unokit/Uno-v0", entry_point="unokit.envs.gym_env:UnoGymEnv")


def __getattr__(name: str) -> Any:
    if name == "uno_v0":  # PettingZoo is imported only when the environment is asked for
        return importlib.import_module("unokit.envs.uno_v0")
    raise AttributeError(f"module 'unokit.envs' has no attribute {name!r}")
