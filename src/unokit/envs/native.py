"""The AEC environment on the native engine: ``uno_v0.env(..., engine="native")``.

The same environment as :class:`unokit.envs.aec.UnoEnv` (same agents, spaces, observations,
masks, out-of-turn order, ``reward="win"`` rewards, seeds and games: ``tests/envs/test_native.py``
plays both side by side), stepped by the batched C module (:mod:`unokit.envs.vector`) with one
game, for the rules it plays (:func:`unokit.envs.vector.unsupported`) and ``episode="round"``.
What it lacks: the Python game object (``env.game``), move listeners (so no Gymnasium env with
bots on it), pickling, ``reward="points"``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from unokit.cards import Card
from unokit.envs import actions as act
from unokit.envs import vector
from unokit.envs.aec import check_arguments
from unokit.envs.layout import CLASSIC
from unokit.envs.observation import OBS_SIZE, SEAT_FIELDS, SEATS
from unokit.envs.state import FLAGS as ST_FLAGS
from unokit.envs.state import SEAT_FIELDS as ST_FIELDS
from unokit.envs.state import SEATS as ST_SEATS
from unokit.envs.state import STATE_SIZE
from unokit.envs.vector import unsupported
from unokit.rules import Rules
from unokit.scoring import hand_points, round_points

__all__ = ["NativeUnoEnv"]


class NativeUnoEnv(AECEnv):  # type: ignore[misc]
    """:class:`unokit.envs.aec.UnoEnv` (round episodes, win rewards) stepped in C."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "uno_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int | None = None,
        preset: str = "official",
        *,
        rules: Rules | None = None,
        max_steps: int | None = 20_000,
        seed: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_arguments(options, 'uno_v0 (engine="native")')
        if options.get("episode", "round") != "round" or options.get("reward", "win") != "win":
            raise ValueError(
                'engine="native" plays episode="round" and reward="win" (use engine="python")'
            )
        options.pop("episode", None)
        options.pop("reward", None)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode = {render_mode!r}: expected ansi or human")
        self.render_mode = render_mode
        native = vector.native_module()
        if native is None:
            raise RuntimeError("unokit.envs._vecenv was not built (no C compiler at install)")
        if rules is None:
            if players is not None:
                options["players"] = players
            rules = Rules.preset(preset, **options)
        elif players is not None or options:
            raise ValueError("give either rules= or players/preset/options, not both")
        missing = unsupported(rules)
        if missing:
            raise ValueError(
                'engine="native" does not play '
                + ", ".join(missing)
                + " (its C engine plays the classic108 deck and the options of "
                'unokit.envs.vector.unsupported; engine="python" plays every rule set)'
            )
        from unokit.sim import fastplay

        self.rules = rules
        self.layout = CLASSIC  # (unsupported() refuses the decks of other layouts)
        self.n = rules.players
        self.max_steps = max_steps
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self.agents: list[str] = []
        space = self.layout.observation_space()
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: self.layout.action_space() for a in self.possible_agents}
        self.state_space = self.layout.state_space()
        self._vec = native.VecEnv(
            tuple(int(v) for v in fastplay._config(rules)),
            fastplay._DECK_IDS,
            fastplay._RANKS,
            fastplay._COLORS,
            [max(k, -1) for k in act.KIND_OF],
            1,
            rules.teams,
            max_steps or 0,
            False,
        )
        self._seed = seed
        self._started = False
        self._scores: list[int] | None = None
        self._over = True
        self._rewarded = False
        self._out_of_turn = False
        self._action = np.zeros(1, np.int64)
        self._reward = np.zeros((1, self.n), np.float32)
        self._end = np.zeros(1, np.int8)
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._vec.reset(np.array([seed], np.uint64))
        elif not self._started:
            self._vec.reset(np.array([self._seed], np.uint64))
        else:
            self._vec.deal(0)
        self._started = True
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._over = False
        self._rewarded = False
        self._scores = None
        self._select()

    def state(self) -> np.ndarray[Any, Any]:
        """The full state, as :meth:`unokit.envs.aec.UnoEnv.state` writes it."""
        out = np.zeros((1, STATE_SIZE), np.float32)
        self._vec.states(out)
        state: np.ndarray[Any, Any] = out[0]
        if not self._over:
            state[ST_SEATS + self._vec.state(0)[0] * ST_FIELDS + 5] = 1.0
            state[ST_FLAGS + 5] = float(self._out_of_turn)
        if self._scores is not None:
            for seat, score in enumerate(self._scores):
                state[ST_SEATS + seat * ST_FIELDS + 6] = score
        return state

    def observe(self, agent: str) -> dict[str, Any]:
        obs = np.empty(OBS_SIZE, np.float32)
        mask = np.empty(act.N_ACTIONS, np.int8)
        deciding = agent == self.agent_selection and not self._over
        seat = int(agent[7:])
        self._vec.observe_one(0, seat, deciding, obs, mask)
        if self._scores is not None:  # the round's points, scored as the match's (SEATS+6)
            n = self.n
            for rel in range(n):
                obs[SEATS + rel * SEAT_FIELDS + 6] = self._scores[(seat + rel) % n]
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is for finished agents)")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        self._action[0] = action
        self._vec.step(self._action, self._reward, self._end)
        end = self._end[0]
        if end == 0:
            self._select()
            return
        self._over = True
        if end == 1:
            winner = self._vec.state(0)[3]
            points = [hand_points(hand) for hand in self._vec.hands(0)]
            self._scores = round_points(self.rules, points, winner, list(range(self.n)))
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = float(self._reward[0, seat])
            self._rewarded = True
            for a in self.agents:
                self.terminations[a] = True
        else:  # truncated after the move: the next decision is selected, as in UnoEnv
            self._select()
            for a in self.agents:
                self.truncations[a] = True
        if self._rewarded:
            for a, reward in self.rewards.items():
                self._cumulative_rewards[a] += reward

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """Every hand, and whose decision it is (the referee's view, not a seat's)."""
        seat = self._vec.state(0)[0]
        lines = [f"uno_v0 (native), {self.n} players"]
        for s, hand in enumerate(self._vec.hands(0)):
            mark = "*" if s == seat and not self._over else " "
            lines.append(
                f"{mark} seat {s} ({self.possible_agents[s]}): "
                + " ".join(Card(c).code for c in hand)
            )
        return "\n".join(lines)

    def close(self) -> None:
        pass

    # -- as UnoEnv --------------------------------------------------------------------------

    def seat_of(self, agent: str) -> int:
        return int(agent[7:])

    def agent_at(self, seat: int) -> str:
        return self.possible_agents[seat]

    @property
    def out_of_turn(self) -> bool:
        return self._out_of_turn and not self._over

    def legal_actions(self) -> list[int]:
        if self._over:
            return []
        mask = self.observe(self.agent_selection)["action_mask"]
        return [int(a) for a in np.flatnonzero(mask)]

    def _select(self) -> None:
        seat, out_of_turn = self._vec.state(0)[:2]
        self._out_of_turn = bool(out_of_turn)
        self.agent_selection = self.possible_agents[seat]

    def __reduce__(self) -> Any:
        raise TypeError('engine="native" environments cannot be pickled (use engine="python")')
