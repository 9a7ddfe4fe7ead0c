"""``expert``: determinized Monte Carlo search guided by the strong heuristic.

For each decision the bot samples full games consistent with what its seat has seen, tries each
candidate move in every sample (the same samples for every candidate) and plays the rest of the
round out with a fast greedy policy (:func:`unokit.sim.rollout.rollout_values`); it picks the
move that won most often, but keeps the strong heuristic's own choice unless another move wins
clearly more often (by ``margin`` standard errors): rollouts are noisy. Candidates are the
heuristic's best few moves. The budget is a time limit per decision (``time_ms``) and/or a
number of samples (``samples``).

Where the C accelerator plays the rules (:func:`unokit.sim.fastplay.supports`), the search runs
there: thousands of samples per decision instead of about thirty. ``native=False`` keeps it in
Python. For the same number of samples both make the same decisions, draw for draw.
"""

from __future__ import annotations

import math
import time

from unokit.bots.strong import StrongBot
from unokit.bots.tactics import prefer_uno
from unokit.game import View
from unokit.moves import Challenge, Draw, Move, Pass, Play
from unokit.phase import Phase
from unokit.sim.fastplay import MAX_SAMPLES
from unokit.sim.rollout import rollout_values

__all__ = ["MAX_TIME_MS", "ExpertBot", "check_time_ms"]

#: the longest search per decision the expert accepts, in milliseconds: a minute
MAX_TIME_MS = 60_000.0


def check_time_ms(time_ms: object, name: str = "time_ms") -> float:
    """``time_ms`` as the expert takes it: a finite number of milliseconds in
    ``[0, MAX_TIME_MS]`` (0: no time limit, the sample count decides). NaN, infinities,
    negative and absurd budgets raise ValueError (they would never end a decision), what is not
    a number TypeError; ``name`` is how the message names it."""
    if isinstance(time_ms, bool) or not isinstance(time_ms, int | float):
        raise TypeError(f"{name} must be a number of milliseconds, not {type(time_ms).__name__}")
    value = float(time_ms) if isinstance(time_ms, float) or abs(time_ms) < 2**1000 else math.inf
    if not math.isfinite(value) or not 0 <= value <= MAX_TIME_MS:
        raise ValueError(
            f"{name} must be a finite number of milliseconds in [0, {MAX_TIME_MS:g}], not {value!r}"
        )
    return value


class ExpertBot(StrongBot):
    """Search over sampled hidden hands; falls back to the strong heuristic out of turn."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        *,
        time_ms: float = 50.0,
        samples: int = 0,
        candidates: int = 4,
        margin: float = 1.5,
        native: bool = True,
        forget_uno: float = 0.0,
        reaction_delay: float = 0.0,
    ) -> None:
        super().__init__(seed, forget_uno=forget_uno, reaction_delay=reaction_delay)
        self.time_ms = check_time_ms(time_ms)
        if isinstance(samples, bool) or not isinstance(samples, int):
            raise TypeError(f"samples must be an int, not {type(samples).__name__}")
        if not 0 <= samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be in [0, {MAX_SAMPLES}], not {samples}")
        self.samples = samples
        self.candidates = candidates
        self.margin = margin
        self.native = native

    #: seconds kept back from ``time_ms`` for the work around the search (a loaded machine)
    reserve = 0.004
    #: and this share of ``time_ms`` (a long budget meets more pauses: at 300 ms a decision
    #: went 2.4 ms over with the fixed reserve alone, benchmarks/decision_time.py)
    reserve_share = 0.02

    def act(self, view: View) -> Move | None:
        started = time.perf_counter()
        if not view.my_turn or view.phase == Phase.CHOOSE_COLOR:
            return super().act(view)
        options = self._candidates(view)
        if len(options) <= 1:
            return options[0] if options else super().act(view)
        spent = time.perf_counter() - started
        budget = self.time_ms / 1000
        seconds = budget * (1 - self.reserve_share) - spent - self.reserve if budget else 3600.0
        # no budget at all: one sample
        most = self.samples or (1_000_000 if self.time_ms else 1)
        means, samples = rollout_values(
            view,
            options,
            self.rng,
            min(max(seconds, 0.001), 3600.0),
            most,
            engine="auto" if self.native else "python",
        )
        return options[self._pick(means, samples)]

    def _pick(self, means: list[float], n: int) -> int:
        """Keep the heuristic's choice (index 0) unless the samples clearly favour another:
        rollouts are noisy, and a strong prior beats a coin flip between close moves."""
        best = max(range(len(means)), key=lambda i: means[i])
        if best != 0:
            spread = (means[best] * (1 - means[best]) + means[0] * (1 - means[0])) / max(n, 1)
            if means[best] - means[0] <= self.margin * spread**0.5:
                best = 0
        return best

    def _candidates(self, view: View) -> list[Move]:
        """The moves worth searching: the heuristic's best plays, plus draw/pass/challenge."""
        legal = view.legal_moves
        plays = prefer_uno([m for m in legal if isinstance(m, Play)], self.forgets())
        plays.sort(key=lambda m: self._score(view, m), reverse=True)
        others = [m for m in legal if isinstance(m, Draw | Pass | Challenge)]
        choice = StrongBot.act(self, view)  # the heuristic's move goes first
        ranked = [choice] if choice is not None else []
        ranked += [m for m in [*plays[: self.candidates], *others] if m != choice]
        return ranked
