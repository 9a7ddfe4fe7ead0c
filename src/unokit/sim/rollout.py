"""The expert bot's determinized search, and its greedy rollout policy: the reference.

:func:`rollout_values` values each candidate move of the seat to act: every sample deals the
cards the seat has not seen at random (:func:`unokit.sim.determinize.sample_game`), applies
each candidate to a copy of the sample and plays the round out with :func:`greedy_move` at
every seat. The C accelerator runs the same search (:func:`unokit.sim.fastplay.rollout_counts`)
where it plays the rules, thousands of samples where Python makes about ten; given the same
generator and the same number of samples, both give exactly the same values
(tests/test_rollout.py), so the expert plays alike with and without the compiled module.

The contract the C code follows (``greedy`` and ``rollouts`` in ``_fastplay.c``):

- **The policy** (:func:`greedy_move`), read off the legal moves of the seat to act in the
  engine's order (``Game.legal_moves``; the order is written in :mod:`unokit.sim.fastplay`:
  the plays follow the hand's order, each card kind once). Plays considered are the plain ones: no
  UNO call, no further cards, no peek or trade. Each has a key: a coloured card of the active
  colour 4, another coloured card 3, a plain wild 1, any other wild (+4) 0; the first play of
  the highest key is made. A wild names the colour held most (:func:`favourite_color`: count,
  then points, then the lower colour), the card played not counted; a play that names a seat
  (a 7 under ``seven_zero``) names the smallest other hand, the lower seat on a tie. With no
  play: facing a +4 that may be challenged, challenge it unless its player holds one card
  (about where ``strong`` stops challenging: a bluff is likely only with several cards);
  else draw, else pass. A wild start card's colour: the colour held most. The policy never
  calls UNO, never catches, never jumps in, never keeps a drawn card it may play.
- **A rollout**: after the candidate, the seat to act (``Game.current``) plays the policy's
  move until the round is over or :data:`ROLLOUT_MAX_MOVES` moves were made. It is a win when
  the searching seat or (under ``teams``) a team-mate went out, a loss when another seat did,
  or as soon as the mercy rule (``mercy_limit``, which the C code does not play) has put every
  seat of the searching side out of the round: it can no longer win, so the rest is not
  played.
- **The generator draws**: one ``next64`` of the caller's generator seeds the search's own
  generator (nothing else is drawn from the caller's); each sample then draws from the search
  generator as :func:`~unokit.sim.determinize.sample_game` says (a seed for the sampled game's
  own generator, then the shuffle of the unseen cards). Every candidate of a sample starts from
  the same deal and the same generator state (common random numbers).
- **The value** of a candidate: (wins + unfinished x share) / samples, where *share* is the
  part of the seats still in the round that count as the searching side.

Why these choices (the C and the Python policies had drifted apart):

- challenging a +4: in a sample the +4's honesty comes from the hand dealt to its player, so a
  policy that never challenges lets every bluff pay and overrates playing one;
- the smallest hand as a 7's swap target: a greedy player sheds cards, and the strong bot does
  the same (it scores a swap by the hand sizes);
- an unfinished rollout counts as the side's share of the seats (0.5 with two players or two
  teams, 0.25 for one seat of four): it says nothing of who wins, so it should neither reward
  (0.5 in C) nor punish (0.5/n in Python) the moves that lead to long rounds;
- the cap of 2,000 moves: a greedy round is over in 28-60 moves (median), and the cap must
  end only rounds that would not end. Measured on 5,000 rollouts from the deal: official,
  casual, online and teams never went past 260 moves; the party rules (stacking, deflecting,
  seven-zero, jump-ins) with 4 players went past 400 in 2.8% of rollouts, never past 2,000
  (longest 1,330): a cap of 400 would score those real games as unfinished;
- hands shown to the seat (a challenged +4's hand): what the seat has seen is information,
  and the sampled hands keep it (:func:`~unokit.sim.determinize.known_cards`).

>>> from unokit import Game, Rules
>>> from unokit.rng import Rng
>>> game = Game(Rules(players=2), seed=3)
>>> view = game.view(game.current)
>>> moves = list(view.legal_moves[:2])
>>> values, samples = rollout_values(view, moves, Rng(1), 1.0, max_samples=20, engine="python")
>>> samples, len(values), all(0 <= v <= 1 for v in values)
(20, 2, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank, card_points
from unokit.errors import UnoError
from unokit.game import Game, View
from unokit.moves import CHALLENGE, DRAW, PASS, ChooseColor, Move, Play
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.rules import Rules
from unokit.scoring import team_of
from unokit.sim import fastplay
from unokit.sim.determinize import sample_game

__all__ = [
    "ENGINES",
    "LOSS",
    "ROLLOUT_MAX_MOVES",
    "UNFINISHED",
    "WIN",
    "color_counts",
    "favourite_color",
    "friends_of",
    "greedy_move",
    "play_out",
    "rollout_values",
]

#: a rollout's cap: moves played after the candidate before the round counts as unfinished
ROLLOUT_MAX_MOVES = 2_000
#: ``auto``: the accelerator where it can, else Python; ``native``: the accelerator or an
#: error; ``python``: the Python engine
ENGINES = ("auto", "native", "python")

_WILD = Rank.WILD


def _held(hand: Sequence[Card], exclude: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in exclude:
        if card in rest:
            rest.remove(card)
    return rest


def color_counts(hand: Sequence[Card], exclude: Sequence[Card] = ()) -> list[int]:
    """Cards of each colour in ``hand`` (less one copy of each card of ``exclude``)."""
    counts = [0, 0, 0, 0]
    for card in _held(hand, exclude):
        c = COLOR_OF[card]
        if c >= 0:
            counts[c] += 1
    return counts


def favourite_color(hand: Sequence[Card], exclude: Sequence[Card] = ()) -> Color:
    """The colour held most (one copy of each card of ``exclude`` not counted), then the one
    of most points, then the lower colour: what the rollout policy (and the ``basic`` bot)
    names.

    >>> favourite_color([Card.parse(c) for c in ("B1", "G5", "G2", "B3")])
    <Color.GREEN: 2>
    """
    counts = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    for card in _held(hand, exclude):
        c = COLOR_OF[card]
        if c >= 0:
            counts[c] += 1
            points[c] += card_points(card)
    return Color(max(range(4), key=lambda c: (counts[c], points[c], -c)))


def _key(card: Card, color: int) -> int:
    """A play's key: a coloured card of the active colour 4, another coloured card 3, a plain
    wild 1, any other wild 0."""
    c = COLOR_OF[card]
    if c >= 0:
        return 4 if c == color else 3
    return 1 if RANK_OF[card] == _WILD else 0


def _plain(move: Play) -> bool:
    return not move.uno and not move.more and move.peek is None and move.trade is None


def greedy_move(game: Game, seat: int) -> Move:
    """The rollout policy's move for ``seat``, the seat to act in ``game`` (see the module
    docstring: the C accelerator makes the same choice)."""
    legal = game.legal_moves(seat)
    hands = game.hands
    if game.phase == Phase.CHOOSE_COLOR:
        return ChooseColor(favourite_color(hands[seat]))
    color = game.color
    best = None
    best_key = -1
    for move in legal:
        if type(move) is Play and _plain(move):
            key = _key(move.card, color)
            if key > best_key:
                best, best_key = move.card, key
                if key == 4:
                    break
    if best is None:
        if (
            game.phase == Phase.PENALTY
            and CHALLENGE in legal
            and len(hands[game.stack[-1].seat]) >= 2
        ):
            return CHALLENGE
        return DRAW if DRAW in legal else PASS if PASS in legal else legal[0]
    named = favourite_color(hands[seat], (best,)) if COLOR_OF[best] < 0 else None
    options = [m for m in legal if type(m) is Play and m.card == best and _plain(m)]
    targets = [m.swap for m in options if m.swap is not None]
    target = min(targets, key=lambda t: (len(hands[t]), t)) if targets else None
    for move in options:
        if move.color == named and move.swap == target:
            return move
    return options[0]


def friends_of(rules: Rules, seat: int) -> frozenset[int]:
    """The seats whose win is ``seat``'s: itself, and its team-mates under ``teams``."""
    team = team_of(rules, seat)
    return frozenset(s for s in range(rules.players) if team_of(rules, s) == team)


#: the outcomes of :func:`play_out`
LOSS, UNFINISHED, WIN = 0, 1, 2


class _OutOfTime(Exception):
    """A rollout passed the search's deadline (:func:`play_out`'s ``deadline``)."""


def play_out(
    game: Game,
    friends: Iterable[int],
    max_moves: int = ROLLOUT_MAX_MOVES,
    deadline: float | None = None,
) -> int:
    """Play the round of ``game`` on with :func:`greedy_move` at every seat, ``max_moves`` at
    most; :data:`WIN` when a seat of ``friends`` went out, :data:`LOSS` when another did (or
    the mercy rule put every seat of ``friends`` out of the round), :data:`UNFINISHED` when
    the round is not over (or ended without a winner). Past ``deadline`` (a
    ``time.perf_counter()`` value, looked at every 16 moves) it raises ``_OutOfTime``: the
    search leaves that sample out."""
    moves = 0
    mercy = game.rules.mercy_limit > 0
    side = frozenset(friends)
    out = len(game.knocked_out)
    while game.phase < Phase.ROUND_OVER and moves < max_moves:
        seat = game.current
        game.apply(seat, greedy_move(game, seat))
        moves += 1
        if mercy and len(game.knocked_out) > out:  # the side put out by the mercy rule: lost
            out = len(game.knocked_out)
            if side <= set(game.knocked_out):
                return LOSS
        if deadline is not None and not moves & 15 and time.perf_counter() >= deadline:
            raise _OutOfTime
    if game.phase < Phase.ROUND_OVER or game.winner is None:
        return UNFINISHED
    return WIN if game.winner in friends else LOSS


def _python_counts(
    view: View,
    candidates: Sequence[Move],
    seed: int,
    seconds: float,
    max_samples: int,
    max_moves: int,
) -> tuple[list[int], list[int], int]:
    """The search in Python: (wins, unfinished rollouts) per candidate, and the samples."""
    me = view.seat
    friends = friends_of(view.rules, me)
    rng = Rng(seed)
    wins = [0] * len(candidates)
    unfinished = [0] * len(candidates)
    started = time.perf_counter()
    deadline = started + seconds
    done = 0
    while True:
        sample = sample_game(view, rng)
        outcomes: list[int | None] = []
        for move in candidates:
            if done and time.perf_counter() >= deadline:
                # the deadline passed within the sample: it is left out, the candidates keep
                # the same samples (No Mercy's rollouts, long and of any length, made
                # decisions overrun by one sample)
                return wins, unfinished, done
            game = sample.copy()
            try:
                game.apply(me, move)
            except UnoError:  # (a move legal in the view is legal in every sample)
                outcomes.append(None)
                continue
            try:
                outcomes.append(play_out(game, friends, max_moves, deadline if done else None))
            except _OutOfTime:
                return wins, unfinished, done
        for i, outcome in enumerate(outcomes):
            wins[i] += outcome == WIN
            unfinished[i] += outcome == UNFINISHED
        done += 1
        now = time.perf_counter()
        # stop before a sample that would end past the deadline (one sample of long rollouts
        # takes several milliseconds in Python: the budget is a limit, not a start time)
        if done >= max_samples or now + (now - started) / done >= deadline:
            return wins, unfinished, done


def rollout_values(
    view: View,
    candidates: Sequence[Move],
    rng: Rng,
    seconds: float,
    max_samples: int = 1_000_000,
    max_moves: int = ROLLOUT_MAX_MOVES,
    engine: str = "auto",
) -> tuple[list[float], int]:
    """Determinized Monte Carlo values of ``candidates`` (legal moves of the seat of ``view``,
    whose turn it is): (each candidate's value, the number of samples). Samples are taken until
    ``max_samples`` (1 to :data:`~unokit.sim.fastplay.MAX_SAMPLES`) or ``seconds`` (finite,
    at most :data:`~unokit.sim.fastplay.MAX_SECONDS`; one sample at least); ``max_moves`` is a
    rollout's cap (0 to :data:`~unokit.sim.fastplay.MAX_ROLLOUT_MOVES`).

    ``engine`` is one of :data:`ENGINES`; ``native`` raises ValueError where the accelerator
    cannot run this search (:func:`unokit.sim.fastplay.rollout_counts`). Both engines give the
    same values for the same ``rng`` and number of samples; one ``next64`` of ``rng`` is drawn.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    seconds = fastplay.check_seconds(seconds)
    fastplay.check_count("max_samples", max_samples, 1, fastplay.MAX_SAMPLES)
    fastplay.check_count("max_moves", max_moves, 0, fastplay.MAX_ROLLOUT_MOVES)
    if view.current != view.seat:
        raise ValueError(f"seat {view.seat} searches only on its turn")
    if not candidates:
        raise ValueError("no candidate moves to value")
    for move in candidates:
        if move not in view.legal_moves:
            raise ValueError(f"candidate {move!r} is not a legal move of seat {view.seat} now")
    seed = rng.next64()
    found = None
    if engine != "python":
        found = fastplay.rollout_counts(view, candidates, seed, seconds, max_samples, max_moves)
        if found is None and engine == "native":
            raise ValueError("the accelerator cannot run this search (rules, moves or state)")
    if found is None:
        found = _python_counts(view, candidates, seed, seconds, max_samples, max_moves)
    wins, unfinished, samples = found
    friends = friends_of(view.rules, view.seat)
    seats = [s for s, inside in enumerate(view.in_round) if inside]
    share = sum(1 for s in seats if s in friends) / len(seats)
    return [(w + u * share) / samples for w, u in zip(wins, unfinished, strict=True)], samples
