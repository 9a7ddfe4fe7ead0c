"""The batched environment as a Stable-Baselines3 ``VecEnv`` (the ``train`` extra).

Training MaskablePPO against the greedy bot, 64 games at once in C::

    from sb3_contrib import MaskablePPO
    from unokit.envs.sb3 import SB3VecEnv
    from unokit.envs.vector import UnoVectorEnv

    env = SB3VecEnv(UnoVectorEnv(64, players=2, opponents="greedy"))
    MaskablePPO("MultiInputPolicy", env).learn(100_000)

SB3 steps ``num_envs`` copies of one single-agent environment, so the adapter takes a
:class:`~unokit.envs.vector.UnoVectorEnv` with opponents (the learner at one seat, bots in C at
the others); a self-play env is refused (its steps belong to different seats). Observations are
``uno_v0``'s Dict (``MultiInputPolicy``); ``env_method("action_masks")`` gives the masks, which
is how sb3-contrib's MaskablePPO finds them. At the end of a round SB3's conventions hold:
``dones[i]``, ``infos[i]["terminal_observation"]``, ``infos[i]["TimeLimit.truncated"]``, and
the observation returned is the next round's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from unokit.envs.vector import UnoVectorEnv

__all__ = ["SB3VecEnv"]  # noqa: F822  (made by __getattr__)


def __getattr__(name: str) -> Any:
    # the class is made on first use, so that this module imports without Stable-Baselines3
    # (the test suite's doctest run imports every module)
    if name == "SB3VecEnv":
        cls = _sb3_vec_env()
        globals()["SB3VecEnv"] = cls
        return cls
    raise AttributeError(f"module 'unokit.envs.sb3' has no attribute {name!r}")


def _sb3_vec_env() -> type:
    try:
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError:
        raise ImportError(
            "unokit.envs.sb3 needs stable-baselines3: pip install 'unokit[train]'"
        ) from None

    class SB3VecEnv(VecEnv):  # type: ignore[misc,unused-ignore]  # (Any without SB3's types)
        """A Stable-Baselines3 ``VecEnv`` over a :class:`UnoVectorEnv` with opponents."""

        def __init__(self, env: UnoVectorEnv) -> None:
            if env.learner is None:
                raise ValueError(
                    "SB3VecEnv needs an env with opponents (UnoVectorEnv(..., "
                    "opponents='greedy')): in self-play each step is another seat's, "
                    "which SB3 cannot tell apart"
                )
            self.env = env
            super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
            self._actions: np.ndarray[Any, Any] | None = None
            self._seed: int | None = None

        def reset(self) -> dict[str, np.ndarray[Any, Any]]:
            obs, _ = self.env.reset(seed=self._seed)
            self._seed = None
            return obs

        def step_async(self, actions: np.ndarray[Any, Any]) -> None:
            self._actions = np.asarray(actions)

        def step_wait(
            self,
        ) -> tuple[Any, np.ndarray[Any, Any], np.ndarray[Any, Any], list[dict[str, Any]]]:
            assert self._actions is not None, "step_async first"
            obs, rewards, terminated, truncated, infos = self.env.step(self._actions)
            dones = terminated | truncated
            out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
            for i in np.flatnonzero(dones):
                out[i]["terminal_observation"] = infos["final_obs"][i]
                out[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
                if "illegal" in infos and infos["illegal"][i]:
                    out[i]["illegal_action"] = int(self._actions[i])
            return obs, rewards.astype(np.float32), dones, out

        def close(self) -> None:
            self.env.close()

        def action_masks(self) -> np.ndarray[Any, Any]:
            """The masks, ``(num_envs, 309)`` (MaskablePPO asks ``env_method("action_masks")``)."""
            return self.env.action_masks()

        def seed(self, seed: int | None = None) -> Sequence[int | None]:
            self._seed = seed
            return [None if seed is None else seed + i for i in range(self.num_envs)]

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(self.env, attr_name)] * len(self._indices(indices))

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            setattr(self.env, attr_name, value)

        def env_method(
            self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
        ) -> list[Any]:
            rows = self._indices(indices)
            if method_name == "action_masks":
                masks = self.env.action_masks()
                return [masks[i] for i in rows]
            result = getattr(self.env, method_name)(*method_args, **method_kwargs)
            return [result] * len(rows)

        def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
            return [False] * len(self._indices(indices))

        def _indices(self, indices: Any) -> list[int]:
            if indices is None:
                return list(range(self.num_envs))
            if isinstance(indices, int):
                return [indices]
            assert isinstance(indices, Iterable)
            return list(indices)

    return SB3VecEnv
