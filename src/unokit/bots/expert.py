"""``expert``: determinized Monte Carlo search guided by the strong heuristic.

For each decision the bot samples full games consistent with what its seat has seen
(:func:`unokit.determinize.sample_game`), tries each candidate move in every sample (the same
samples for every candidate) and plays the rest of the round out with a fast greedy policy; it
picks the move that won most often, but keeps the strong heuristic's own choice unless another
move wins clearly more often (by ``margin`` standard errors): rollouts are noisy. Candidates are
the heuristic's best few moves. The budget is a time limit per decision (``time_ms``) and/or a
number of samples (``samples``).

Where the C accelerator plays the rules (:func:`unokit.fastplay.supports`), sampling and
rollouts run there (:func:`unokit.fastplay.rollout_values`): thousands of samples per decision
instead of about ten. ``native=False`` keeps the search in Python.
"""

from __future__ import annotations

import math
import time

from unokit.bots.strong import StrongBot
from unokit.bots.tactics import favourite_color, prefer_uno
from unokit.cards import COLOR_OF, RANK_OF, Rank
from unokit.determinize import sample_game
from unokit.fastplay import MAX_SAMPLES, rollout_values
from unokit.game import Game, View
from unokit.moves import DRAW, PASS, Challenge, ChooseColor, Draw, Move, Pass, Play
from unokit.phase import Phase
from unokit.scoring import team_of

__all__ = ["MAX_TIME_MS", "ExpertBot", "check_time_ms", "greedy_move"]

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


def greedy_move(game: Game, seat: int) -> Move:
    """A fast rollout policy: a non-wild play in the active colour, else any non-wild, else a
    wild naming the colour held most, else draw; keep nothing back."""
    legal = game.legal_moves(seat)
    best: Move | None = None
    best_key = -1
    color = game.color
    for move in legal:
        if type(move) is Play:
            card = move.card
            c = COLOR_OF[card]
            if move.uno or move.more or move.peek is not None or move.trade is not None:
                continue
            key = (1 if RANK_OF[card] == Rank.WILD else 0) if c < 0 else 4 if c == color else 3
            if key > best_key:
                best, best_key = move, key
        elif type(move) is ChooseColor and best_key < 0:
            best, best_key = move, 0
    if best is None:
        return DRAW if DRAW in legal else PASS if PASS in legal else legal[0]
    if type(best) is Play and COLOR_OF[best.card] < 0:
        want = favourite_color(game.hands[seat], (best.card,))
        for move in legal:
            if (
                type(move) is Play
                and move.card == best.card
                and move.color == want
                and not move.uno
                and move.swap is None
            ):
                return move
    if type(best) is ChooseColor:
        want = favourite_color(game.hands[seat])
        return ChooseColor(want)
    return best


def _rollout(game: Game, me: int, limit: int = 400) -> float:
    moves = 0
    while game.phase < Phase.ROUND_OVER and moves < limit:
        seat = game.current
        game.apply(seat, greedy_move(game, seat))
        moves += 1
    if game.winner is None:
        return 0.5 / max(1, game.n)
    rules = game.rules
    if rules.teams:
        return 1.0 if team_of(rules, game.winner) == team_of(rules, me) else 0.0
    return 1.0 if game.winner == me else 0.0


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

    def act(self, view: View) -> Move | None:
        started = time.perf_counter()
        if not view.my_turn or view.phase == Phase.CHOOSE_COLOR:
            return super().act(view)
        options = self._candidates(view)
        if len(options) <= 1:
            return options[0] if options else super().act(view)
        if self.native:  # the C accelerator: thousands of samples where the rules allow
            spent = time.perf_counter() - started
            seconds = self.time_ms / 1000 - spent - self.reserve if self.time_ms else 3600.0
            # no budget at all: one sample, as the Python search takes
            most = self.samples or (1_000_000 if self.time_ms else 1)
            found = rollout_values(view, options, self.rng, max(seconds, 0.001), most)
            if found is not None:
                means, samples = found
                return options[self._pick(means, samples)]
        wins = [0.0] * len(options)
        tried = 0
        deadline = time.perf_counter() + self.time_ms / 1000 if self.time_ms else None
        while True:
            sample = sample_game(view, self.rng)
            for i, move in enumerate(options):
                game = sample.copy()
                try:
                    game.apply(view.seat, move)
                except ValueError:
                    continue
                wins[i] += _rollout(game, view.seat)
            tried += 1
            if self.samples and tried >= self.samples:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if not self.samples and deadline is None:
                break
        n = max(tried, 1)
        return options[self._pick([w / n for w in wins], n)]

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
