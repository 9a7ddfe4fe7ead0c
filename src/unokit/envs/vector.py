"""Many games at once in native code: the batched environment, a Gymnasium ``VectorEnv``.

>>> import numpy as np
>>> from unokit.envs.vector import UnoVectorEnv, available
>>> env = UnoVectorEnv(4, players=2, seed=1, opponents="greedy") if available() else None
>>> obs, infos = env.reset() if env else ({"observation": np.zeros((4, 1193))}, {})
>>> obs["observation"].shape
(4, 1193)

Each game is one round of :class:`unokit.envs.aec.UnoEnv` (``episode="round"``,
``reward="win"``), stepped in C. Two modes:

- **opponents** (``opponents="random"``, ``"greedy"`` or one per other seat): the caller plays
  ``seat`` (the learner) and bots play the other seats, in C: game ``i`` is ``unokit/Uno-v0``
  (:class:`unokit.envs.gym_env.UnoGymEnv`) with the same opponents reset with ``seed + i``,
  draw for draw (the random and greedy bots of :mod:`unokit.bots` make the same choices);
  rewards are the learner's (+1 win, -1 loss, at the end of the round).
- **self-play** (``opponents=None``): the caller decides for every seat; ``infos["seat"]``
  says whose decision each game waits for (out-of-turn chances in the order of ``UnoEnv``),
  the reward returned is that of the seat whose action it was, and ``infos["rewards"]``
  holds every seat's (``(games, players)``) on the step that ends a round.

The Gymnasium vector API: ``num_envs``, ``single_observation_space`` (``uno_v0``'s Dict),
``single_action_space`` (``Discrete(309)``), their batched forms, ``reset(seed=...)``,
``step(actions) -> (obs, rewards, terminations, truncations, infos)``. Autoreset mode
``SAME_STEP``: a game whose round ends is dealt again at once; the observation returned is the
new round's and ``infos["final_obs"]`` (with ``infos["_final_obs"]``) the last of the ended
one, as ``gymnasium.vector.SyncVectorEnv(..., autoreset_mode=SAME_STEP)`` gives them. Arrays
returned are new at every step (``copy=False``: reused, faster; copy what you keep).
An action the mask does not allow ends that game only (``illegal="lose"``: its seat -1,
``infos["illegal"]``), or refuses the whole batch before any game moves (``illegal="raise"``,
a ``ValueError`` naming the games). :meth:`UnoVectorEnv.action_masks` gives the masks apart
(MaskablePPO); :mod:`unokit.envs.sb3` adapts the env to Stable-Baselines3.

The option subset: the accelerator's (``unokit.sim.fastplay.unsupported``), without
``seven_zero`` and jump-ins (moves of several actions, out-of-turn plays).
:func:`unsupported` names what a rule set lacks. Built by setup.py with the package (optional,
like the accelerator): :func:`available` says whether it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from unokit.envs import actions as act
from unokit.envs import observation as ob
from unokit.envs import state as st
from unokit.envs.layout import CLASSIC, layout_of
from unokit.rules import Rules
from unokit.scoring import hand_points, round_points

try:
    from unokit.envs import _vecenv as _native
except ImportError:  # built without a C compiler
    _native = None

__all__ = ["ILLEGAL", "OPPONENTS", "UnoVectorEnv", "available", "opponent_levels", "unsupported"]

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
    st.STATE_SIZE,
)


def available() -> bool:
    """Whether the native module was built."""
    return _native is not None


def native_module() -> Any:
    """The compiled module (``None`` where it was not built)."""
    return _native


def unsupported(rules: Rules) -> list[str]:
    """The options (``name=value``) of ``rules`` the batched environment does not play: those
    of the accelerator, and those whose moves or spaces its C code does not know (its spaces
    are the classic decks' layout: :mod:`unokit.envs.layout`).

    >>> unsupported(Rules.preset("no_mercy"))[:3]
    ['deck=no_mercy168', 'start_card=redraw_until_number', 'stacking=not_lower']
    """
    from unokit.sim.fastplay import unsupported as outside_accelerator

    out = outside_accelerator(rules)
    if layout_of(rules) is not CLASSIC and not any(o.startswith("deck=") for o in out):
        out.insert(0, rules.describe("deck"))
    if rules.seven_zero:
        out.append("seven_zero=true")
    if rules.jump_in != "off":
        out.append(f"jump_in={rules.jump_in}")
    if rules.sum_jump_in:
        out.append("sum_jump_in=true")
    return out


#: the bots the batched environment plays in C, and their codes there
OPPONENTS = {"random": 1, "greedy": 2}
#: what an action the mask does not allow does: ends its game (lost), or refuses the batch
ILLEGAL = ("lose", "raise")

_END_TERMINAL, _END_TRUNCATED, _END_ILLEGAL = 1, 2, 3


def opponent_levels(opponents: str | Sequence[str] | None, players: int, seat: int) -> list[str]:
    """The level of each other seat (``ValueError`` names what is wrong)."""
    if opponents is None:
        return []
    if not 0 <= seat < players:
        raise ValueError(f"seat = {seat}: expected 0 to {players - 1}")
    levels = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(levels) != players - 1:
        raise ValueError(f"{len(levels)} opponent levels for {players - 1} other seats")
    for level in levels:
        if level not in OPPONENTS:
            raise ValueError(
                f"opponent {level!r}: the native engine plays {' and '.join(OPPONENTS)} in C "
                "(other bots need the Python engine: gymnasium.make('unokit/Uno-v0', "
                f"opponents={level!r}))"
            )
    return levels


def _rules_of(
    players: int | None, preset: str, rules: Rules | None, options: dict[str, Any]
) -> Rules:
    if rules is None:
        if players is not None:
            options["players"] = players
        return Rules.preset(preset, **options)
    if players is not None or options:
        raise ValueError("give either rules= or players/preset/options, not both")
    return rules


class UnoVectorEnv(VectorEnv):
    """``games`` games of UNO under ``preset`` + ``**options`` (or ``rules``), stepped in C
    (see the module docstring for ``opponents``, ``seat``, ``illegal`` and ``copy``)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        games: int,
        players: int | None = None,
        preset: str = "official",
        *,
        rules: Rules | None = None,
        seed: int = 0,
        max_steps: int | None = 20_000,
        opponents: str | Sequence[str] | None = None,
        seat: int = 0,
        illegal: str = "lose",
        copy: bool = True,
        **options: Any,
    ) -> None:
        if _native is None:
            raise RuntimeError("unokit.envs._vecenv was not built (no C compiler at install)")
        if tuple(_native.layout()) != _LAYOUT:
            raise RuntimeError("unokit.envs._vecenv was built for another layout: rebuild it")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 1_000_000:
            raise ValueError(f"games = {games!r}: expected 1 to 1,000,000")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal = {illegal!r}: expected lose or raise")
        rules = _rules_of(players, preset, rules, options)
        missing = unsupported(rules)
        if missing:
            raise ValueError(
                "the batched environment does not play " + ", ".join(missing) + " (its C engine "
                "plays the classic108 deck and the options of unokit.envs.vector.unsupported; "
                "the Python environments uno_v0 and unokit/Uno-v0 play every rule set)"
            )
        levels = opponent_levels(opponents, rules.players, seat)
        from unokit.sim import fastplay

        self.rules = rules
        self.layout = CLASSIC  # (unsupported() refuses the decks of other layouts)
        self.games = self.num_envs = games
        self.players = rules.players
        self.seed = seed
        self.opponents = levels
        self.learner = seat if levels else None
        self.illegal = illegal
        self.copy = copy
        codes = b""
        if levels:
            others = iter(levels)
            codes = bytes(0 if s == seat else OPPONENTS[next(others)] for s in range(self.players))
        self._env = _native.VecEnv(
            tuple(int(v) for v in fastplay._config(rules)),
            fastplay._DECK_IDS,
            fastplay._RANKS,
            fastplay._COLORS,
            [max(k, -1) for k in act.KIND_OF],
            games,
            rules.teams,
            max_steps or 0,
            True,
            seat if levels else -1,
            codes,
            illegal == "lose",
        )
        self.single_observation_space = self.layout.observation_space()
        self.observation_space = batch_space(self.single_observation_space, games)
        self.single_action_space = self.layout.action_space()
        self.action_space = spaces.MultiDiscrete(np.full(games, act.N_ACTIONS))
        self.obs = np.zeros((games, ob.OBS_SIZE), np.float32)
        self.masks = np.zeros((games, act.N_ACTIONS), np.int8)
        self.seats = np.zeros(games, np.int32)
        self.rewards = np.zeros((games, self.players), np.float32)
        self._ends = np.zeros(games, np.int8)
        self._final_obs = np.zeros((games, ob.OBS_SIZE), np.float32)
        self._final_masks = np.zeros((games, act.N_ACTIONS), np.int8)
        self._started = False

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
        """Deal every game: game ``i`` from ``seed + i`` (an int), ``seed[i]`` (one per game),
        or, without a seed, from ``self.seed + i`` the first time and from each game's own
        generator after (``UnoEnv.reset()`` without a seed)."""
        if seed is None and self._started:
            for i in range(self.games):
                self._env.deal(i)
        else:
            if seed is None or isinstance(seed, int | np.integer):
                first = self.seed if seed is None else int(seed)
                seeds = (np.arange(self.games, dtype=np.uint64) + np.uint64(first)).astype(
                    np.uint64
                )
            else:
                seeds = np.ascontiguousarray(seed, dtype=np.uint64)
                if seeds.shape != (self.games,):
                    raise ValueError(f"seed: {len(seeds)} seeds for {self.games} games")
            self._env.reset(seeds)
        self._started = True
        self._env.observe(self.obs, self.masks, self.seats)
        return self._observation(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, np.ndarray[Any, Any]],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        dict[str, Any],
    ]:
        """One action per game (see the module docstring)."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(-1)
        if actions.shape != (self.games,):
            raise ValueError(f"{len(actions)} actions for {self.games} games")
        acting = self.seats.copy()
        self._env.step(actions, self.rewards, self._ends, self._final_obs, self._final_masks)
        self._env.observe(self.obs, self.masks, self.seats)
        ends = self._ends
        terminated = (ends == _END_TERMINAL) | (ends == _END_ILLEGAL)
        truncated = ends == _END_TRUNCATED
        rows = np.arange(self.games)
        who = acting if self.learner is None else np.full(self.games, self.learner)
        rewards = self.rewards[rows, who].astype(np.float32)
        infos = self._infos()
        if self.learner is None:
            infos["rewards"] = self.rewards.copy()
            infos["_rewards"] = np.ones(self.games, bool)
        for i in np.flatnonzero(ends):
            if ends[i] == _END_TERMINAL:  # the round's points, scored as the match's (SEATS+6)
                self._score_final(int(i), int(who[i]))
            final_info: dict[str, Any] = {}
            if ends[i] == _END_ILLEGAL:
                final_info["illegal_action"] = int(actions[i])
            final = {
                "observation": self._final_obs[i].copy(),
                "action_mask": self._final_masks[i].copy(),
            }
            infos = self._add_info(infos, {"final_obs": final, "final_info": final_info}, int(i))
        if (ends == _END_ILLEGAL).any():
            infos["illegal"] = ends == _END_ILLEGAL
            infos["_illegal"] = np.ones(self.games, bool)
        return self._observation(), rewards, terminated, truncated, infos

    def states(self) -> np.ndarray[Any, Any]:
        """Every game's full state, ``(games, STATE_SIZE)`` (:mod:`unokit.envs.state`: every
        hand and the draw pile's cards; for a centralised critic)."""
        out = np.zeros((self.games, st.STATE_SIZE), np.float32)
        self._env.states(out)
        rows = np.arange(self.games)
        out[rows, st.SEATS + self.seats * st.SEAT_FIELDS + 5] = 1.0
        out[:, st.FLAGS + 5] = self.obs[:, ob.FLAGS + 1]
        return out

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The masks of the decisions each game waits for, ``(games, 309)``."""
        return self.masks.copy()

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

    def _score_final(self, game: int, seat: int) -> None:
        hands, winner = self._env.final_hands(game)
        scores = round_points(
            self.rules, [hand_points(h) for h in hands], winner, list(range(self.players))
        )
        n = self.players
        for rel in range(n):
            self._final_obs[game, ob.SEATS + rel * ob.SEAT_FIELDS + 6] = scores[(seat + rel) % n]

    def _observation(self) -> dict[str, np.ndarray[Any, Any]]:
        if self.copy:
            return {"observation": self.obs.copy(), "action_mask": self.masks.copy()}
        return {"observation": self.obs, "action_mask": self.masks}

    def _infos(self) -> dict[str, Any]:
        return {"seat": self.seats.copy(), "_seat": np.ones(self.games, bool)}
