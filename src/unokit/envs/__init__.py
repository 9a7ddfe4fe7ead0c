"""Learning environments (the ``rl`` extra: ``pip install unokit[rl]``): docs/rl.md.

- :mod:`unokit.envs.uno_v0`: the PettingZoo AEC environment, any rules, 2-10 players;
- ``gymnasium.make("unokit/Uno-v0", ...)``: one seat against unokit bots
  (:class:`unokit.envs.gym_env.UnoGymEnv`);
- :mod:`unokit.envs.actions`, :mod:`unokit.envs.observation`: the action space and the
  observation's layout.
"""

from __future__ import annotations

import gymnasium

from unokit.envs import uno_v0
from unokit.envs.actions import N_ACTIONS, action_name
from unokit.envs.observation import OBS_SIZE

__all__ = ["N_ACTIONS", "OBS_SIZE", "action_name", "uno_v0"]

if "unokit/Uno-v0" not in gymnasium.registry:
    gymnasium.register(id="unokit/Uno-v0", entry_point="unokit.envs.gym_env:UnoGymEnv")
