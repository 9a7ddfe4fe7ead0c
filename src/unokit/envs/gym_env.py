"""One seat against unokit bots: the Gymnasium environment ``unokit/Uno-v0``.

>>> import gymnasium, unokit.envs
>>> env = gymnasium.make("unokit/Uno-v0", players=3, opponents="basic")
>>> obs, info = env.reset(seed=2)
>>> sorted(obs)
['action_mask', 'observation']

The learner is the agent ``player_{seat}``; the other seats are bots of the level
``opponents`` (``random``, ``basic``, ``strong``, ``expert``: :mod:`unokit.bots`), or one
level per other seat. Observations, actions, rewards and the out-of-turn order are those of the
AEC environment (:mod:`unokit.envs.aec`); a step is one action of the learner, after which
the bots play until the learner decides again or the episode ends. The bots' seeds come from
the env's generator, so ``reset(seed=s)`` fixes the whole episode given the learner's actions.
An action the mask does not allow ends the episode with reward -1 (``illegal="lose"``, the
default) or raises ``ValueError`` (``illegal="raise"``).

``engine="native"`` steps the same environment in C (:class:`unokit.envs.vector.UnoVectorEnv`
with one game): the same episodes for the same seeds and actions, for the rules the batched
module plays and the opponents it plays in C, ``random`` and ``greedy``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np

from unokit.bots import Bot, make_bot
from unokit.cards import Card, Color
from unokit.envs.actions import move_tokens
from unokit.envs.aec import UnoEnv, check_arguments
from unokit.moves import Move, Play
from unokit.rng import Rng

if TYPE_CHECKING:
    from unokit.envs.vector import UnoVectorEnv

__all__ = ["UnoGymEnv"]


class UnoGymEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner at ``seat`` against bots; other arguments as :class:`UnoEnv`'s."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int | None = 2,
        preset: str = "official",
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "basic",
        illegal: str = "lose",
        render_mode: str | None = None,
        engine: str = "python",
        **kwargs: Any,
    ) -> None:
        check_arguments(kwargs, "unokit/Uno-v0", ())
        if engine not in ("python", "native"):
            raise ValueError(f"engine = {engine!r}: expected python or native")
        self._native: UnoVectorEnv | None = None
        if engine == "native":
            self._make_native(players, preset, seat, opponents, illegal, render_mode, kwargs)
            return
        self.aec = UnoEnv(players, preset, render_mode=render_mode, **kwargs)
        n = self.aec.n
        if not 0 <= seat < n:
            raise ValueError(f"seat = {seat}: expected 0 to {n - 1}")
        levels = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(levels) != n - 1:
            raise ValueError(f"{len(levels)} opponent levels for {n - 1} other seats")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal = {illegal!r}: expected lose or raise")
        self.illegal = illegal
        self._lost = False
        self.seat = seat
        self.levels = levels
        self.agent = self.aec.possible_agents[seat]
        self.render_mode = render_mode
        self.layout = self.aec.layout
        self.observation_space = self.layout.observation_space()
        self.action_space = self.layout.action_space()
        self._bots: dict[str, Bot] = {}
        self._seeder = Rng(0)
        self.aec.add_listener(self._tell)

    def _make_native(
        self,
        players: int | None,
        preset: str,
        seat: int,
        opponents: str | Sequence[str],
        illegal: str,
        render_mode: str | None,
        kwargs: dict[str, Any],
    ) -> None:
        from unokit.envs.vector import UnoVectorEnv

        if kwargs.get("episode", "round") != "round" or kwargs.get("reward", "win") != "win":
            raise ValueError(
                'engine="native" plays episode="round" and reward="win" (use engine="python")'
            )
        kwargs = {k: v for k, v in kwargs.items() if k not in ("episode", "reward")}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode = {render_mode!r}: expected ansi or human")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal = {illegal!r}: expected lose or raise")
        self._native = UnoVectorEnv(
            1, players, preset, opponents=opponents, seat=seat, illegal=illegal, **kwargs
        )
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.layout = self._native.layout
        self.observation_space = self.layout.observation_space()
        self.action_space = self.layout.action_space()
        self._native_started = False
        self._native_over = False
        self._native_last: dict[str, Any] = {}

    def _reset_native(self, seed: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        native = self._native
        assert native is not None
        if seed is not None or not self._native_started:
            obs, _ = native.reset(seed=[0 if seed is None else seed])
        elif not self._native_over:  # a new episode in the middle of one: deal again
            obs, _ = native.reset()
        else:  # the round that ended was dealt again at once, from the same generator
            obs = {"observation": native.obs.copy(), "action_mask": native.masks.copy()}
        self._native_started = True
        self._native_over = False
        self._native_last = {k: v[0] for k, v in obs.items()}
        return dict(self._native_last), {"reward_before_first_decision": 0.0}

    def _step_native(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        native = self._native
        assert native is not None
        if self._native_over or not self._native_started:
            raise RuntimeError("the episode is over: call reset()")
        obs, reward, terminated, truncated, infos = native.step([int(action)])
        info: dict[str, Any] = {}
        if terminated[0] or truncated[0]:
            self._native_over = True
            last = infos["final_obs"][0]
            if "illegal" in infos and infos["illegal"][0]:
                info["illegal_action"] = int(action)
        else:
            last = {k: v[0] for k, v in obs.items()}
        self._native_last = last
        return dict(last), float(reward[0]), bool(terminated[0]), bool(truncated[0]), info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if self._native is not None:
            return self._reset_native(seed)
        if seed is not None:
            self._seeder = Rng(seed)
        aec = self.aec
        self._lost = False
        aec.reset(seed=self._seeder.next64())
        others = [a for a in aec.possible_agents if a != self.agent]
        self._bots = {
            a: make_bot(level, seed=self._seeder.next64())
            for a, level in zip(others, self.levels, strict=True)
        }
        for agent, bot in self._bots.items():
            bot.reset(aec.seat_of(agent), aec.rules)
        reward = self._play_bots()
        obs = aec.observe(self.agent)
        return obs, {"reward_before_first_decision": reward}

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._native is not None:
            return self._step_native(action)
        aec = self.aec
        if self._lost or aec.agent_selection != self.agent or aec.terminations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in aec.legal_actions() and self.illegal == "lose":
            # an action the mask does not allow ends the episode, lost (-1)
            self._lost = True
            obs = aec.observe(self.agent)
            return obs, -1.0, True, False, {"illegal_action": int(action)}
        aec.step(int(action))
        reward = aec.rewards.get(self.agent, 0.0)
        reward += self._play_bots()
        obs = aec.observe(self.agent)
        return (
            obs,
            float(reward),
            aec.terminations[self.agent],
            aec.truncations[self.agent],
            {},
        )

    def render(self) -> str | None:
        if self._native is None:
            return self.aec.render()
        if self.render_mode is None:
            return None
        seat = int(self._native.seats[0])
        text = "\n".join(
            f"{'*' if s == seat else ' '} seat {s}: " + " ".join(Card(c).code for c in hand)
            for s, hand in enumerate(self._native.hands(0))
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The learner's action mask now (for libraries that ask for it apart)."""
        if self._native is not None:
            native_mask: np.ndarray[Any, np.dtype[np.int8]] = self._native_last["action_mask"]
            return native_mask.copy()
        mask: np.ndarray[Any, np.dtype[np.int8]] = self.aec.observe(self.agent)["action_mask"]
        return mask

    def _play_bots(self) -> float:
        """The bots decide until the learner does, or the episode ends; the learner's rewards
        meanwhile."""
        aec = self.aec
        reward = 0.0
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                return reward
            if agent == self.agent:
                return reward
            seat = aec.seat_of(agent)
            bot = self._bots[agent]
            move = bot.act(aec.game.view(seat))
            if move is None:
                if not aec.out_of_turn:
                    raise ValueError(f"{bot!r} returned no move although it is its turn")
                aec.step(self.layout.actions.decline)
            else:
                tokens = move_tokens(move, seat, aec.n, self.layout)
                if tokens is None:
                    raise ValueError(f"{bot!r} chose {move!r}, which no action makes")
                made = aec.moves_made
                for token in tokens:
                    aec.step(token)
                    if aec.moves_made != made:
                        break
            reward += aec.rewards.get(self.agent, 0.0)

    def _tell(self, seat: int, move: Move, color: Color | None) -> None:
        """Tell the bots a move, as the table loop does (traded cards only to the two seats)."""
        hidden: Move | None = None
        if isinstance(move, Play) and move.give:
            hidden = replace(move, give=())
        for agent, bot in self._bots.items():
            other = self.aec.seat_of(agent)
            if hidden is not None and isinstance(move, Play) and other not in (seat, move.trade):
                bot.observe(seat, hidden, color)
            else:
                bot.observe(seat, move, color)
