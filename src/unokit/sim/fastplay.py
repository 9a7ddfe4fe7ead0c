"""Random playouts at native speed: the C accelerator ``unokit.sim._fastplay``.

Whole rounds with uniformly random legal moves of the seat to act are what simulation,
benchmarks and rule analyses need by the million. For the rules :func:`supports` accepts (the
official game and its usual simplifications), the compiled module plays them move for move as
the Python engine does: same seeds, same deals, same legal-move lists in the same order, same
generator for the choices, so the results are identical (``tests/test_fastplay.py`` checks
every hand of thousands of rounds). Support is opt-in: each option's definition
(``unokit.rules``, its ``native``) says which of its values the accelerator plays (:data:`NATIVE`),
so an option it was not taught never runs natively. Outside them, or where the module was not
built (no C compiler at install time), :func:`play_random_rounds` returns ``None`` and callers
use the Python engine. The expert's determinized search runs
here too (:func:`rollout_counts`; its reference is :mod:`unokit.sim.rollout`).

The contract with the Python engine: what the C code (``_fastplay.c``) repeats, so that a
change on either side must be made on both (the differential tests say where they part):

- **Legal moves**, as ``Game.legal_moves(game.current)`` (:mod:`unokit.legality`) lists them.
  ``play``: for each card kind in the hand, in hand order (its first copy), its plays: a
  coloured card plain, then with the UNO call (holding two cards, not called yet); a wild once
  per colour red, yellow, green, blue, each plain then with the call; a 7 under ``seven_zero``
  (more cards left) once per other seat in the round, in seat order, and a 0 once, neither
  with the call; then ``draw`` (with nothing to play, or under ``draw_with_playable =
  allowed``). ``after_draw``: the drawn card's plays, then ``pass`` (unless ``after_draw =
  must_play``). ``penalty``: ``draw``, then ``challenge`` (a +4 on top, ``challenge`` on),
  then the stacking and deflecting plays, in hand order. ``choose_color``: the four colours.
  After them: the UNO call, then a catch of each other seat that may be caught, in seat order.
- **Generator draws.** The game's generator (``Rng(seed)``, SplitMix64) makes every shuffle
  (``Rng.shuffle``: Fisher-Yates from the last item, ``below(i + 1)``), in this order: the
  dealer (``random``: one ``below(players)``; ``draw_highest``: a shuffled deck, cards drawn
  from its end, reshuffled when used up), the deal's shuffle (again while no card could start
  the round), the start card (a +4 goes back and the pile is shuffled again), then each
  reshuffle of the discard pile less its top card when the draw pile runs out. A random
  player's choices come from a second generator, one ``below(len(legal_moves))`` per move
  (:func:`unokit.sim.simulate.play_random_round`). Cards are drawn from the end of the draw
  pile; hands are dealt one card at a time from the seat after the dealer.

>>> from unokit.rules import Rules
>>> from unokit.rng import Rng
>>> result = play_random_rounds(Rules(players=2), first_seed=0, games=10, rng=Rng(1))
>>> result is None or sum(result.wins) == 10
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from unokit.cards import COLOR_OF, RANK_OF, Card, deck_cards
from unokit.moves import CallUno, Catch, Challenge, ChooseColor, Draw, Move, Pass, Play
from unokit.rng import Rng
from unokit.rules import EVERY, OPTIONS, Native, Rules
from unokit.scoring import team_of
from unokit.sim.determinize import known_cards, unseen_cards

if TYPE_CHECKING:
    from unokit.game import Game, View

__all__ = [
    "MAX_GAMES",
    "MAX_MOVES",
    "MAX_ROLLOUT_MOVES",
    "MAX_SAMPLES",
    "MAX_SECONDS",
    "NATIVE",
    "NATIVE_OPTIONS",
    "FastResult",
    "MeasuredRound",
    "available",
    "check_count",
    "check_seconds",
    "play_measured_round",
    "play_random_from",
    "play_random_rounds",
    "rollout_counts",
    "supports",
    "unsupported",
]

_native: ModuleType | None
try:
    from unokit.sim import _fastplay as _native
except ImportError:  # built without a C compiler: the Python engine does the work
    _native = None

#: What the accelerator plays, option by option: each option's ``native`` classification, made
#: where the option is defined (``unokit.rules``: every value, values that do not change a
#: round's play, or the only values it plays). A rule set with any other value is played by the
#: Python engine (or refused, where the native engine was asked for by name).
NATIVE: dict[str, Native] = {name: spec.native for name, spec in OPTIONS.items()}
#: the options whose values the accelerator plays and that change its games: each is read into
#: the C engine's rules (``_CONFIG``; a test checks that none is left out)
NATIVE_OPTIONS: tuple[str, ...] = tuple(
    name
    for name, native in NATIVE.items()
    if native == EVERY or (isinstance(native, tuple) and len(native) > 1)
)

_WD4_RULES = {"anytime": 0, "no_matching_color": 1, "no_playable_card": 2}
_STACKING = {"off": 0, "same_kind": 1, "two_under_four": 2, "any": 3}
_DEFLECT = {"off": 0, "named_color": 1, "any_color": 2}

#: The rules as the C engine reads them, field by field of its ``Cfg`` in the order of
#: ``CFG_FIELDS`` in _fastplay.c (which checks each field's range; ``_fastplay.config_fields()``
#: gives them, and a test checks both lists agree and that every value the options allow fits):
#: (the field, the option it reads, its value for the rules).
_CONFIG: tuple[tuple[str, str, Callable[[Rules], int]], ...] = (
    ("players", "players", lambda r: r.players),
    ("hand_size", "hand_size", lambda r: r.hand_size),
    ("dealer_random", "dealer_selection", lambda r: r.dealer_selection != "draw_highest"),
    ("dealer_redraw", "dealer_draw_actions", lambda r: r.dealer_draw_actions == "redraw"),
    ("start_reverse_right", "start_reverse", lambda r: r.start_reverse == "dealer_right"),
    ("draw_with_playable", "draw_with_playable", lambda r: r.draw_with_playable == "allowed"),
    ("must_play", "after_draw", lambda r: r.after_draw == "must_play"),
    ("draw_until", "draw_until_playable", lambda r: r.draw_until_playable),
    ("wd4_rule", "wd4_rule", lambda r: _WD4_RULES[r.wd4_rule]),
    ("challenge", "challenge", lambda r: r.challenge),
    ("challenge_fail_extra", "challenge_fail_extra", lambda r: r.challenge_fail_extra),
    ("uno_penalty", "uno_penalty", lambda r: r.uno_penalty),
    ("catch_until_play", "catch_window", lambda r: r.catch_window == "until_next_play"),
    ("stacking", "stacking", lambda r: _STACKING[r.stacking]),
    ("deflect", "deflect", lambda r: _DEFLECT[r.deflect]),
    ("jump_in", "jump_in", lambda r: r.jump_in != "off"),
    ("stack_all", "stack_challenge", lambda r: r.stack_challenge == "all"),
    ("seven_zero", "seven_zero", lambda r: r.seven_zero),
)
# the rows of the cards the accelerator knows: the classic and special-wild kinds (ids 0-89);
# No Mercy's cards (ids 90 on: VARIANTS.md §1) are never in a deck it plays
_KNOWN = 90
_RANKS = [int(r) for r in RANK_OF[:_KNOWN]]
_COLORS = list(COLOR_OF[:_KNOWN])
_BY_ID: dict[int, Card] = {int(c): c for c in {*deck_cards("classic108")}}
_DECK_IDS = [int(c) for c in deck_cards("classic108")]  # the only deck supported

# The most the accelerator takes (its C entry points refuse more, as these functions do):
MAX_GAMES = 10**12  #: rounds in one call of play_random_rounds
MAX_MOVES = 10**9  #: max_moves of one round (play_random_rounds, play_random_from)
MAX_ROLLOUT_MOVES = 100_000  #: max_moves of one rollout
MAX_SAMPLES = 10**9  #: max_samples of rollout_values
MAX_SECONDS = 3600.0  #: the time budget of rollout_values


def check_count(name: str, value: object, low: int, high: int) -> int:
    """``value`` as a count in ``low..high``: TypeError for what is not an int, ValueError out
    of range (never truncated, never a crash of the C module)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        shown = value if value.bit_length() <= 128 else "a larger int"
        raise ValueError(f"{name} must be in [{low}, {high}], not {shown}")
    return value


def check_seconds(seconds: object, high: float = MAX_SECONDS) -> float:
    """``seconds`` as a time budget: a finite number in ``[0, high]``. NaN, infinities and
    absurd budgets (1e308) are refused with ValueError: they would never end a search."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise TypeError(f"seconds must be a number, not {type(seconds).__name__}")
    value = float(seconds) if isinstance(seconds, float) or abs(seconds) < 2**1000 else math.inf
    if not math.isfinite(value) or not 0 <= value <= high:
        raise ValueError(f"seconds must be a finite time budget in [0, {high:g}], not {value!r}")
    return value


def _rng(rng: object) -> Rng:
    if not isinstance(rng, Rng):
        raise TypeError(f"rng must be a unokit.rng.Rng, not {type(rng).__name__}")
    return rng


@dataclass(frozen=True, slots=True)
class FastResult:
    """What :func:`play_random_rounds` returns: totals, and the last round's end."""

    games: int
    moves: int
    wins: tuple[int, ...]
    last_hands: tuple[tuple[Card, ...], ...]
    last_winner: int | None


@dataclass(frozen=True, slots=True)
class MeasuredRound:
    """What :func:`play_measured_round` returns: the round's end and the lab's counts
    (:class:`unokit.sim.lab.RoundMeter` counts the same from the Python engine's events)."""

    moves: int
    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    dealer: int
    first: int  #: the seat to act first (after the start card's effect)
    turns: int
    drawn: int
    calls: int
    catches: int
    challenges: int
    stacks: int  #: plays that answered a pending penalty (stacked or deflected)
    exchanges: int
    reshuffles: int
    one_card: tuple[int, ...]  #: seats that held one card after some move
    last_most: tuple[int, ...]  #: per seat, the last turn after which it alone held the most


def available() -> bool:
    """Whether the C accelerator was built."""
    return _native is not None


def unsupported(rules: Rules) -> list[str]:
    """The options (``name=value``) of ``rules`` the accelerator does not play (:data:`NATIVE`).

    >>> unsupported(Rules(misplay="penalty_end_turn", deck="pairs"))
    ['deck=pairs', 'misplay=penalty_end_turn']
    """
    out = []
    for name, native in NATIVE.items():
        if isinstance(native, tuple) and getattr(rules, name) not in native:
            out.append(rules.describe(name))
    return out


def _calls(called: Sequence[bool], sizes: Sequence[int], current: int | None) -> list[int]:
    """UNO calls as the accelerator takes them: a call made before the second-to-last card by
    a seat other than the one to act lapses at that seat's move (RULES.md §6), so it is
    dropped here; the accelerator never makes such a call itself."""
    return [int(c and (s == current or sizes[s] <= 1)) for s, c in enumerate(called)]


def supports(rules: Rules) -> bool:
    """Whether the accelerator plays rounds under ``rules`` (and was built)."""
    return _native is not None and not unsupported(rules)


_CONFIGS: dict[Rules, tuple[int, ...]] = {}


def _config(rules: Rules) -> tuple[int, ...]:
    """The rules as the C engine's ``Cfg`` (:data:`_CONFIG`), made once per rule set."""
    config = _CONFIGS.get(rules)
    if config is None:
        if len(_CONFIGS) >= 1024:
            _CONFIGS.clear()
        config = _CONFIGS[rules] = tuple(int(value(rules)) for _, _, value in _CONFIG)
    return config


def play_random_rounds(
    rules: Rules, first_seed: int, games: int, rng: Rng, max_moves: int = 100_000
) -> FastResult | None:
    """Deal ``games`` rounds (round i as ``Game(rules, first_seed + i)`` deals it) and play
    each to its end with uniformly random legal moves of the seat to act, drawn from ``rng``
    (advanced as the Python loop would advance it). ``None`` where :func:`supports` is false.
    ``games`` is 0 to :data:`MAX_GAMES`, ``max_moves`` (a round's cap) 0 to :data:`MAX_MOVES`;
    anything else raises ValueError or TypeError. A long run answers Ctrl-C
    (KeyboardInterrupt).
    """
    if isinstance(first_seed, bool) or not isinstance(first_seed, int):
        raise TypeError(f"first_seed must be an int, not {type(first_seed).__name__}")
    check_count("games", games, 0, MAX_GAMES)
    check_count("max_moves", max_moves, 0, MAX_MOVES)
    _rng(rng)
    if _native is None or not supports(rules):
        return None
    moves, wins, state, hands, winner = _native.play_rounds(
        _config(rules),
        _DECK_IDS,
        _RANKS,
        _COLORS,
        first_seed & ((1 << 64) - 1),
        games,
        rng.state,
        max_moves,
    )
    rng.state = state
    return FastResult(
        games,
        moves,
        tuple(wins),
        tuple(tuple(_BY_ID[c] for c in hand) for hand in hands),
        winner if winner >= 0 else None,
    )


def play_measured_round(
    rules: Rules, seed: int, rng: Rng, max_moves: int = 100_000
) -> MeasuredRound | None:
    """Deal the round of ``Game(rules, seed)`` and play it as :func:`play_random_rounds` plays
    one round (random legal moves of the seat to act, drawn from ``rng``, advanced as the
    Python loop advances it), counting what the lab measures (:mod:`unokit.sim.lab`). ``None``
    where :func:`supports` is false. ``max_moves`` is 0 to :data:`MAX_MOVES`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    check_count("max_moves", max_moves, 0, MAX_MOVES)
    _rng(rng)
    if _native is None or not supports(rules):
        return None
    (
        moves,
        winner,
        state,
        hands,
        dealer,
        first,
        turns,
        drawn,
        calls,
        catches,
        challenges,
        stacks,
        exchanges,
        reshuffles,
        one_card,
        last_most,
    ) = _native.play_measured(
        _config(rules), _DECK_IDS, _RANKS, _COLORS, seed & ((1 << 64) - 1), rng.state, max_moves
    )
    rng.state = state
    return MeasuredRound(
        moves,
        winner if winner >= 0 else None,
        tuple(tuple(_BY_ID[c] for c in hand) for hand in hands),
        dealer,
        first,
        turns,
        drawn,
        calls,
        catches,
        challenges,
        stacks,
        exchanges,
        reshuffles,
        tuple(s for s in range(rules.players) if one_card >> s & 1),
        tuple(last_most),
    )


def play_random_from(game: Game, rng: Rng, max_moves: int = 100_000) -> FastResult | None:
    """Play the round of ``game`` (left unchanged) from its current state to its end with
    uniformly random legal moves of the seat to act, as ``simulate.play_random_round`` on a
    copy would, move for move, drawing the choices from ``rng``. ``None`` where the
    accelerator cannot: rules outside :func:`supports`, or the round is over. ``max_moves``
    is 0 to :data:`MAX_MOVES` (ValueError otherwise)."""
    from unokit.phase import Phase

    check_count("max_moves", max_moves, 0, MAX_MOVES)
    _rng(rng)
    if _native is None or not supports(game.rules) or game.phase >= Phase.ROUND_OVER:
        return None
    if game.tops is not None:
        return None  # several cards on top: multi-play, which the accelerator does not play
    state = (
        [[int(c) for c in hand] for hand in game.hands],
        [int(c) for c in game.draw_pile],
        [int(c) for c in game.discard],
        game.color,
        game.direction,
        game.current,
        int(game.phase),
        game.pending_draw,
        [(e.seat, int(e.card), e.color, int(e.honest)) for e in game.stack],
        -1 if game.drawn is None else int(game.drawn),
        _calls(game.called, [len(h) for h in game.hands], game.current),
        [int(w) for w in game.window],
        [int(s) for s in game.in_round],
        game.rng.state,
    )
    moves, winner, hands, state_after, _ = _native.play_from(
        _config(game.rules),
        _DECK_IDS,
        _RANKS,
        _COLORS,
        state,
        rng.state,
        max_moves,
    )
    rng.state = state_after
    return FastResult(
        1,
        moves,
        tuple(int(s == winner) for s in range(game.n)),
        tuple(tuple(_BY_ID[c] for c in hand) for hand in hands),
        winner if winner >= 0 else None,
    )


def _encode(move: Move) -> tuple[int, int, int, int, int] | None:
    """A move as the accelerator's (type, card, colour or catch target, uno, swap target);
    None if it has none."""
    if type(move) is Play:
        if move.more or move.peek is not None or move.trade is not None:
            return None
        color = -1 if move.color is None else int(move.color)
        swap = -1 if move.swap is None else move.swap
        return (0, int(move.card), color, int(move.uno), swap)
    if type(move) is Draw:
        return (1, 0, -1, 0, -1)
    if type(move) is Pass:
        return (2, 0, -1, 0, -1)
    if type(move) is Challenge:
        return (3, 0, -1, 0, -1)
    if type(move) is CallUno:
        return (4, 0, -1, 0, -1)
    if type(move) is Catch:
        return (5, 0, move.target, 0, -1)
    if type(move) is ChooseColor:
        return (6, 0, int(move.color), 0, -1)
    return None


def rollout_counts(
    view: View,
    candidates: Sequence[Move],
    seed: int,
    seconds: float,
    max_samples: int,
    max_moves: int,
) -> tuple[list[int], list[int], int] | None:
    """The expert's determinized search (:func:`unokit.sim.rollout.rollout_values`) in C:
    (wins, unfinished rollouts) per candidate, and the number of samples; ``None`` where the
    accelerator cannot (rules outside :func:`supports`, a move it does not know, more than 64
    candidates, not this seat's turn, a state it cannot load). ``seed`` (0 to 2**64-1) starts
    the search's own generator. Sampling, the greedy policy, the rollouts and their cap are
    those of :mod:`unokit.sim.rollout`, draw for draw: for the same seed and number of samples
    the Python search gives the same counts (tests/test_rollout.py).

    ``seconds`` must be finite, in ``[0, MAX_SECONDS]``; ``max_samples`` 1 to
    :data:`MAX_SAMPLES`; ``max_moves`` (a rollout's cap) 0 to :data:`MAX_ROLLOUT_MOVES`:
    anything else raises ValueError or TypeError. A long search answers Ctrl-C."""
    seconds = check_seconds(seconds)
    check_count("max_samples", max_samples, 1, MAX_SAMPLES)
    check_count("max_moves", max_moves, 0, MAX_ROLLOUT_MOVES)
    check_count("seed", seed, 0, (1 << 64) - 1)
    rules = view.rules
    if _native is None or not supports(rules) or view.current != view.seat:
        return None
    encoded = [_encode(m) for m in candidates]
    if not encoded or None in encoded or len(encoded) > 64:
        return None
    known = known_cards(view)
    unseen = [int(c) for c in unseen_cards(view, known)]
    me = view.seat
    friends = {s for s in range(rules.players) if team_of(rules, s) == team_of(rules, me)}
    state = (
        view.seat,
        [int(c) for c in view.hand],
        list(view.hand_sizes),
        [int(c) for c in view.discard],
        -1 if view.color is None else int(view.color),
        view.direction,
        view.current,
        int(view.phase),
        view.pending_draw,
        [(seat, int(card), color) for seat, card, color in view.stack],
        -1 if view.drawn_card is None else int(view.drawn_card),
        _calls(view.uno_called, view.hand_sizes, view.current),
        [int(s in view.catchable) for s in range(rules.players)],
        [int(s) for s in view.in_round],
        view.draw_pile_size,
        sum(1 << s for s in range(rules.players) if s in friends),
        [[int(c) for c in known.get(s, ())] for s in range(rules.players)],
    )
    try:
        wins, unfinished, samples = _native.rollouts(
            _config(rules),
            _DECK_IDS,
            _RANKS,
            _COLORS,
            state,
            unseen,
            encoded,
            max_samples,
            seconds,
            seed,
            max_moves,
        )
    except ValueError:
        return None  # a state the accelerator cannot load (e.g. cards seen twice)
    return wins, unfinished, samples
