"""Many games at once in native code: the batched environment (NumPy in, NumPy out).

>>> import numpy as np
>>> from unokit.envs.vector import UnoVectorEnv, available
>>> env = UnoVectorEnv(4, players=2, seed=1) if available() else None
>>> obs, masks = env.reset() if env else (np.zeros((4, 1193)), np.ones((4, 309)))
>>> obs.shape, masks.shape
((4, 1193), (4, 309))

Each row is one game of :class:`unokit.envs.aec.UnoEnv` with ``episode="round"`` and
``reward="win"``: the observation and mask of the seat deciding in it (``env.seats``), out-of-
turn chances offered in the same order. ``step(actions)`` takes one action per game and returns
``(obs, masks, rewards, terminals, truncations)``: ``rewards`` is ``(games, players)`` (+1 for
the winning side, -1 for the others, on the step that ends the round), and a game that ends is
dealt again at once (auto-reset): its row then shows the new round. Game ``i`` is the game of
``UnoEnv`` reset with ``seed=seeds[i]`` (``seed + i`` by default), then reset without a seed
at each end: the same actions give the same games (``tests/envs/test_vector.py``).

The option subset: the accelerator's (``unokit.sim.fastplay.unsupported``), without
``seven_zero`` and jump-ins (moves of several actions, out-of-turn plays).
:func:`unsupported` names what a rule set lacks. Built by setup.py with the package (optional,
like the accelerator): :func:`available` says whether it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from unokit.envs import actions as act
from unokit.envs import observation as ob
from unokit.rules import Rules

try:
    from unokit.envs import _vecenv as _native  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler
    _native = None

__all__ = ["UnoVectorEnv", "available", "unsupported"]

_LAYOUT = (
    act.N_ACTIONS,
    act.PLAY_UNO,
    act.COLOR,
    act.DRAW,
    act.KEEP,
    act.CHALLENGE,
    act.UNO,
    act.CATCH,
    act.DECLINE,
    ob.OBS_SIZE,
    ob.HAND,
    ob.TOP,
    ob.DISCARD,
    ob.DRAWN,
    ob.COLOR,
    ob.PHASE,
    ob.FLAGS,
    ob.SEATS,
    ob.SEAT_FIELDS,
)


def available() -> bool:
    """Whether the native module was built."""
    return _native is not None


def native_module() -> Any:
    """The compiled module (``None`` where it was not built)."""
    return _native


def unsupported(rules: Rules) -> list[str]:
    """The options (``name=value``) of ``rules`` the batched environment does not play."""
    from unokit.sim.fastplay import unsupported as outside_accelerator

    out = outside_accelerator(rules)
    if rules.seven_zero:
        out.append("seven_zero=true")
    if rules.jump_in != "off":
        out.append(f"jump_in={rules.jump_in}")
    if rules.sum_jump_in:
        out.append("sum_jump_in=true")
    return out


class UnoVectorEnv:
    """``games`` games of UNO under ``preset`` + ``**options`` (or ``rules``), stepped in C."""

    def __init__(
        self,
        games: int,
        players: int | None = None,
        preset: str = "official",
        *,
        rules: Rules | None = None,
        seed: int = 0,
        max_steps: int | None = 20_000,
        **options: Any,
    ) -> None:
        if _native is None:
            raise RuntimeError("unokit.envs._vecenv was not built (no C compiler at install)")
        if tuple(_native.layout()) != _LAYOUT:
            raise RuntimeError("unokit.envs._vecenv was built for another layout: rebuild it")
        if rules is None:
            if players is not None:
                options["players"] = players
            rules = Rules.preset(preset, **options)
        missing = unsupported(rules)
        if missing:
            raise ValueError("the batched environment does not play " + ", ".join(missing))
        from unokit.sim import fastplay

        self.rules = rules
        self.games = games
        self.players = rules.players
        self.seed = seed
        self._env = _native.VecEnv(
            tuple(int(v) for v in fastplay._config(rules)),
            fastplay._DECK_IDS,
            fastplay._RANKS,
            fastplay._COLORS,
            [max(k, -1) for k in act.KIND_OF],
            games,
            rules.teams,
            max_steps or 0,
        )
        self.obs = np.zeros((games, ob.OBS_SIZE), np.float32)
        self.masks = np.zeros((games, act.N_ACTIONS), np.int8)
        self.seats = np.zeros(games, np.int32)
        self.rewards = np.zeros((games, self.players), np.float32)
        self._ends = np.zeros(games, np.int8)

    def reset(self, seeds: Any = None) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Deal every game (game ``i`` from ``seeds[i]``, else ``seed + i``)."""
        if seeds is None:
            seeds = np.arange(self.games, dtype=np.uint64) + np.uint64(self.seed)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        self._env.reset(seeds)
        self._env.observe(self.obs, self.masks, self.seats)
        return self.obs, self.masks

    def step(self, actions: Any) -> tuple[np.ndarray[Any, Any], ...]:
        """One action per game: ``(obs, masks, rewards, terminals, truncations)``; the arrays
        are reused from step to step (copy what you keep)."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._env.step(actions, self.rewards, self._ends)
        self._env.observe(self.obs, self.masks, self.seats)
        ends = self._ends
        return self.obs, self.masks, self.rewards, ends == 1, ends == 2

    def sample(self, seed: int | None = None) -> np.ndarray[Any, Any]:
        """A uniformly random allowed action for each game, drawn in C from the env's own
        generator (SplitMix64, seeded by ``seed`` when given): random players at full speed."""
        actions = np.zeros(self.games, np.int64)
        self._env.sample(actions, seed)
        return actions

    def hands(self, game: int) -> list[list[int]]:
        """Every hand of one game (card ids), for tests and debugging."""
        hands: list[list[int]] = self._env.hands(game)
        return hands
