"""The PettingZoo AEC environment: any rule set, 2-10 players, out-of-turn moves included.

See docs/rl.md. ``from unokit.envs import uno_v0; env = uno_v0.env(players=4, preset="official")``.

Who decides next (a documented, deterministic order): after each move, the seats that may act
out of turn (:meth:`unokit.game.Game.waiting_seats`: call UNO, catch, jump in) are offered the
chance one by one, clockwise from the seat after the one whose turn it is; each may take it or
``DECLINE``. A seat that declines is not asked again until the next move is made. Then the seat
to act decides. A move made out of turn starts the order afresh (the state has changed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from unokit.cards import Card, Color
from unokit.envs.actions import Chooser, action_name
from unokit.envs.layout import CLASSIC, Layout, layout_of
from unokit.envs.observation import DiscardCounter, encode
from unokit.envs.state import state_of
from unokit.events import Event
from unokit.game import Game
from unokit.moves import DEAL, REFEREE, Move
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.rules import Rules
from unokit.scoring import hand_points, team_of

__all__ = ["EPISODES", "REWARDS", "UnoEnv", "observation_space"]

#: what one episode is: a round (the default), or a whole match (rounds dealt by the env)
EPISODES = ("round", "match")
#: rewards: +1 to the winning side and -1 to the others (``win``), or net round points
#: (``points``: the winning side gets the losers' hand points, each loser minus its own)
REWARDS = ("win", "points")

MoveListener = Callable[[int, Move, Color | None], None]


#: arguments of the other environments, and where they belong (for a clear error)
_OTHER_ARGUMENTS = {
    "engine": "an argument of uno_v0.env/raw_env and unokit/Uno-v0, not of UnoEnv itself",
    "opponents": "an argument of unokit/Uno-v0 (gymnasium.make) and of the batched env; in "
    "uno_v0 every seat is an agent",
    "seat": "an argument of unokit/Uno-v0 (gymnasium.make): the learner's seat",
    "illegal": "an argument of unokit/Uno-v0 and of the batched env",
    "games": "an argument of the batched env (unokit.envs.vector.UnoVectorEnv)",
}


def check_arguments(options: dict[str, Any], env: str, known: tuple[str, ...] = ()) -> None:
    """Refuse, before they reach the rules, the arguments of another environment (``known``:
    those ``env`` takes after all), naming where each belongs; anything else is a rule option,
    which the rules check."""
    for key in options:
        if key in _OTHER_ARGUMENTS and key not in known:
            raise TypeError(f"{env}: {key!r} is {_OTHER_ARGUMENTS[key]}")


def observation_space(layout: Layout = CLASSIC) -> spaces.Dict:
    """The observation space of every agent: the same for every rule set of a deck and every
    table size (``layout``: the deck's, :func:`unokit.envs.layout.layout_of`)."""
    return layout.observation_space()


class UnoEnv(AECEnv):  # type: ignore[misc]
    """UNO under any :class:`~unokit.rules.Rules`, one agent per seat (``player_0``...).

    ``players`` (2-10) and ``preset`` start the rules and ``**options`` override any option
    (``rules=`` gives a whole :class:`Rules` instead). ``episode``: ``"round"`` (default) or
    ``"match"``; ``reward``: ``"win"`` (default) or ``"points"``; ``max_steps``: the episode is
    truncated after that many actions (random players may never end a round of some rules).
    ``seed`` seeds the env's own generator, which gives each :meth:`reset` without a seed its
    game's seed; ``reset(seed=s)`` re-seeds it. The spaces are those of the rules' deck
    (``env.layout``, :mod:`unokit.envs.layout`: 309 actions for the classic decks, 346 for
    no_mercy168).
    """

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
        episode: str = "round",
        reward: str = "win",
        max_steps: int | None = 20_000,
        seed: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_arguments(options, "uno_v0")
        if rules is None:
            if players is not None:
                options["players"] = players
            rules = Rules.preset(preset, **options)
        elif players is not None or options:
            raise ValueError("give either rules= or players/preset/options, not both")
        if episode not in EPISODES:
            raise ValueError(f"episode = {episode!r}: expected one of {', '.join(EPISODES)}")
        if reward not in REWARDS:
            raise ValueError(f"reward = {reward!r}: expected one of {', '.join(REWARDS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode = {render_mode!r}: expected ansi or human")
        self.rules = rules
        self.episode = episode
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.n = rules.players
        self.layout = layout = layout_of(rules)
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self.agents: list[str] = []
        space = observation_space(layout)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: layout.action_space() for a in self.possible_agents}
        self.state_space = layout.state_space()
        self._seeder = Rng(seed)
        self.game: Game = Game(rules, 0)
        self._listeners: list[MoveListener] = []
        self._over = True
        self._out_of_turn = False
        self._rewarded = False
        self.steps = 0
        self.moves_made = 0
        #: the events of the last move made (:mod:`unokit.events`: what the referee says)
        self.last_events: list[Event] = []
        self._chooser = Chooser([], 0, self.n, layout=layout)
        self._queue: list[int] | None = None
        self._revealed: list[dict[int, tuple[Card, ...]]] = [{} for _ in range(self.n)]
        self._discard = DiscardCounter(layout)
        self.agent_selection = self.possible_agents[0]

    # -- the PettingZoo API ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def state(self) -> np.ndarray[Any, Any]:
        """The full state (every hand, the draw pile's cards): :mod:`unokit.envs.state`."""
        deciding = -1 if self._over else self._seat_of(self.agent_selection)
        return state_of(self.game, deciding, self._out_of_turn and not self._over, self.layout)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = Rng(seed)
        self.game = Game(self.rules, self._seeder.next64())
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self.moves_made = 0
        self._rewarded = False
        self._revealed = [{} for _ in range(self.n)]
        self._discard = DiscardCounter(self.layout)
        self._queue = None
        self._next_decision()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat_of(agent)
        deciding = agent == self.agent_selection and not self._over
        chooser = self._chooser if deciding else None
        obs = encode(
            self.game,
            seat,
            out_of_turn=deciding and self._out_of_turn,
            chosen=chooser.prefix if chooser is not None else [],
            revealed=self._revealed[seat],
            discard=self._discard,
            layout=self.layout,
        )
        mask = np.zeros(self.layout.actions.size, np.int8)
        if chooser is not None:
            mask[chooser.allowed()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is for finished agents)")
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        self.steps += 1
        chooser = self._chooser
        if action == self.layout.actions.decline and chooser.decline and not chooser.prefix:
            self._next_decision()
        else:
            move = chooser.choose(action)
            if move is not None:
                self._apply(self._seat_of(agent), move)
                self._queue = None
                self._next_decision()
        if (
            not self._over
            and self.max_steps is not None
            and self.steps >= self.max_steps
            and self.agents
        ):
            self._over = True
            for a in self.agents:
                self.truncations[a] = True
        if self._rewarded:
            self._accumulate_rewards()

    def _accumulate_rewards(self) -> None:
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- unokit's additions ----------------------------------------------------------------

    def seat_of(self, agent: str) -> int:
        """The seat ``agent`` plays now (seats move only under ``seat_change_every``)."""
        return self._seat_of(agent)

    def agent_at(self, seat: int) -> str:
        """The agent playing ``seat`` now."""
        return self.possible_agents[self.game.seating[seat]]

    @property
    def out_of_turn(self) -> bool:
        """Whether the agent selected is offered an out-of-turn chance (it may decline)."""
        return self._out_of_turn

    def legal_actions(self) -> list[int]:
        """The actions the selected agent may take (the mask's ones)."""
        return [] if self._over else self._chooser.allowed()

    def action_name(self, action: int) -> str:
        return action_name(action, self.layout)

    def add_listener(self, listener: MoveListener) -> None:
        """Call ``listener(seat, move, colour before)`` after every move made (bots count
        cards this way)."""
        self._listeners.append(listener)

    def table_text(self) -> str:
        """The table in words: every hand (this is the referee's view, not a seat's)."""
        game = self.game
        lines = [repr(game)]
        for seat in range(self.n):
            hand = " ".join(c.code for c in game.hands[seat])
            mark = "*" if seat == game.current else " "
            lines.append(f"{mark} seat {seat} ({self.agent_at(seat)}): {hand}")
        return "\n".join(lines)

    # -- inside -----------------------------------------------------------------------------

    def _seat_of(self, agent: str) -> int:
        player = int(agent[7:])
        seating = self.game.seating
        if seating[player] == player:
            return player
        return seating.index(player)

    def _apply(self, seat: int, move: Move) -> None:
        game = self.game
        color = game.active_color
        self.last_events = game.apply(seat, move)
        self.moves_made += 1
        shown = game.revealed
        if shown is not None:
            self._revealed[shown[0]].update(shown[1])
        for listener in self._listeners:
            listener(seat, move, color)

    def _next_decision(self) -> None:
        """Select the next agent to decide, dealing rounds in a match, or end the episode."""
        game = self.game
        n = self.n
        while True:
            phase = game.phase
            if phase >= Phase.ROUND_OVER:
                self._round_over()
                if phase == Phase.MATCH_OVER or self.episode == "round":
                    self._end()
                    return
                game.apply(REFEREE, DEAL)
                self._revealed = [{} for _ in range(n)]
                self._queue = None
                continue
            queue = self._queue
            if queue is None:
                current = game.current
                queue = self._queue = sorted(game.waiting_seats(), key=lambda s: (s - current) % n)
            if queue:
                seat = queue.pop(0)
                chooser = Chooser(game.legal_moves(seat), seat, n, True, self.layout)
                if len(chooser.allowed()) == 1:
                    continue  # nothing to choose but declining
                self._out_of_turn = True
            else:
                seat = game.current
                chooser = Chooser(game.legal_moves(seat), seat, n, layout=self.layout)
                self._out_of_turn = False
            self._chooser = chooser
            self._over = False
            self.agent_selection = self.possible_agents[game.seating[seat]]
            return

    def _round_over(self) -> None:
        """Rewards of the round (points), or of the match (win) when it ends."""
        game = self.game
        rules = self.rules
        winner = game.winner
        if winner is None:
            return
        self._rewarded = True
        if self.reward_kind == "points":
            win_team = team_of(rules, winner)
            points = [hand_points(h, rules.deck) for h in game.hands]
            losers = [
                s for s in range(self.n) if team_of(rules, s) != win_team and not game.eliminated[s]
            ]
            gain = sum(points[s] for s in losers)
            for s in range(self.n):
                if team_of(rules, s) == win_team:
                    self.rewards[self.agent_at(s)] += gain
                elif s in losers:
                    self.rewards[self.agent_at(s)] -= points[s]
            return
        if self.episode == "match":
            if game.phase != Phase.MATCH_OVER:
                return
            winner = game.match_ranking[0]
        win_team = team_of(rules, winner)
        for s in range(self.n):
            self.rewards[self.agent_at(s)] = 1.0 if team_of(rules, s) == win_team else -1.0

    def _end(self) -> None:
        self._over = True
        for a in self.agents:
            self.terminations[a] = True
        self._out_of_turn = False

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_listeners"] = []  # callbacks belong to who added them
        return state
