"""Golden games: the engine's behaviour pinned by committed digests (as OpenSpiel's playthroughs
and python-chess's perft files pin theirs).

A golden game is a game played by a fixed policy from its rules and seed. Two records of it are
kept, per game, in ``tests/golden/games.jsonl`` (one JSON object a line):

- ``trace``: every step of the first :data:`MOVES` moves (a match goes on through its rounds):
  the legal moves of every seat that may act (the seat to act and those waiting to call UNO,
  catch or jump in), now and then a move that may be refused and the reason (:class:`Why` as
  data) or the misplay penalty it earns, the move made (sometimes out of turn), its events
  (kind, fields, the rule cited) and the whole state after it. The steps are chained into one
  SHA-256 digest; its first 12 hex digits are kept every :data:`EVERY` steps and at the end,
  so a difference is found to within 16 moves (``python tools/golden.py --show N`` prints the
  steps of game N). The Python and the mypyc-compiled engines replay it.
- ``round``, for the rules the C accelerator plays (``fastplay.unsupported`` names nothing):
  the first round played to its end (at most :data:`ROUND_CAP` moves) by uniformly random
  legal moves of the seat to act (``simulate.play_random_round``): moves, winner, a digest of
  the hands, the choice generator's state. The Python engine and the accelerator replay it.

The games: :data:`SEEDS` seeds of every preset, :data:`MIXES` random mixes of option values
(each option drawn one time in three, from tests/options.py) and :data:`NATIVE_MIXES` mixes of
the values the accelerator plays. Each record keeps its rules (the
options that differ from the defaults), so a new option, at its default, replays the same games.

``python tools/golden.py --write`` writes the file again: only for a change of behaviour that
is meant, said in the commit (the diff of the file shows which games changed).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from tests.options import allowed_rules, option_values
from unokit import Game, Rules
from unokit.cards import ALL_CARDS, Card, Color
from unokit.errors import IllegalMoveError
from unokit.events import Event
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
    Catch,
    ChooseColor,
    Move,
    Play,
)
from unokit.notation import format_move, format_move_body
from unokit.rng import Rng
from unokit.rules import OPTIONS, PRESETS
from unokit.sim.fastplay import NATIVE, unsupported
from unokit.sim.simulate import play_random_round
from unokit.why import Why

GOLDEN = Path(__file__).resolve().parent / "golden" / "games.jsonl"
MOVES = 240  #: moves traced per game
EVERY = 16  #: a checkpoint of the chained digest every this many steps
LISTED = 6000  #: legal moves listed per game, at most (wild_multi lists hundreds of trades)
ROUND_CAP = 3000  #: moves of the random round, at most
SEEDS = 6  #: games per preset
MIXES = 300  #: random option mixes, one game each
NATIVE_MIXES = 100  #: random mixes of the values the accelerator plays, one game each
DIGITS = 12  #: hex digits of a digest kept


@dataclass(frozen=True)
class GoldenGame:
    """One golden game: its rules and seed (``trace`` and ``round``: its records)."""

    name: str
    rules: Rules
    seed: int


def games() -> Iterator[GoldenGame]:
    """The golden games, as :func:`write` makes them (replays read the file instead)."""
    for preset in PRESETS:
        for k in range(SEEDS):
            players = 4 + 2 * (k % 2) if preset == "teams" else 2 + (3 * k) % 9
            rules = allowed_rules({"players": players}, preset=preset)
            assert rules is not None
            yield GoldenGame(f"{preset}-{k}", rules, 1000 * k + 17)
    pick = Rng(2026)
    for family, count, values_of in (
        ("mix", MIXES, option_values),
        ("native", NATIVE_MIXES, _native_values),
    ):
        made = 0
        while made < count:
            options = {
                name: (values := values_of(name))[pick.below(len(values))]
                for name in OPTIONS
                if name != "players" and pick.below(3) == 0
            }
            rules = allowed_rules(options, players=2 + pick.below(9))
            if rules is None:
                continue
            yield GoldenGame(f"{family}-{made}", rules, pick.below(2**32))
            made += 1


def _native_values(name: str) -> list[Any]:
    """The values of option ``name`` the accelerator plays."""
    native = NATIVE[name]
    return list(native) if isinstance(native, tuple) else option_values(name)


# -- what is digested ----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as JSON data, the same on every engine: cards by code, colours and enums by
    name, dataclasses (events, moves, reasons) by their fields."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color):
        return value.label
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, int):
        return int(value)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Why):
        return {
            "text": value.text,
            "values": [[k, plain(v)] for k, v in value.values],
            "you": value.you,
            "about": value.about,
            "cited": list(value.cited()),
        }
    if is_dataclass(value) and not isinstance(value, type):
        return [
            type(value).__name__,
            [[f.name, plain(getattr(value, f.name))] for f in fields(value)],
        ]
    return str(value)  # (a rule cited: "name=value")


def event_data(event: Event) -> list[Any]:
    """An event: its kind, its fields, the rule cited (a draw's ``blind`` only when true:
    ``blind_draw``, so that the games of the other rules keep their digests)."""
    facts = [
        [f.name, plain(getattr(event, f.name))]
        for f in fields(event)
        if f.name != "rule" and (f.name != "blind" or getattr(event, "blind", False))
    ]
    return [event.kind, facts, None if event.rule is None else str(event.rule)]


def state_data(game: Game) -> dict[str, Any]:
    """The whole state, less what never changes or only grows (rules, seed, the moves made)."""
    data = game.to_dict()
    for key in ("rules", "seed", "history", "origin"):
        data.pop(key, None)
    return data


def _odd_move(rng: Rng, game: Game) -> tuple[int, Move]:
    """A move of any seat that may well be refused: a play of held cards with a wrong detail or
    of several cards, a card not held, a draw, pass, challenge, call, catch or colour."""
    seat = rng.below(game.n)
    hand = game.hands[seat]
    kind = rng.below(10)
    if kind < 5 and hand:
        cards = [hand[rng.below(len(hand))] for _ in range(1 + rng.below(2) * rng.below(3))]
        others = [s for s in range(game.n) if s != seat] or [seat]
        pick = rng.below(6)
        target = others[rng.below(len(others))]
        return seat, Play(
            cards[0],
            Color(rng.below(4)) if rng.below(3) == 0 else None,
            bool(rng.below(2)),
            tuple(cards[1:]),
            target if pick == 0 else None,
            target if pick == 1 else None,
            target if pick == 2 else None,
            tuple(hand[rng.below(len(hand))] for _ in range(rng.below(4))) if pick == 2 else (),
        )
    if kind == 5:
        return seat, Play(ALL_CARDS[rng.below(len(ALL_CARDS))], Color(rng.below(4)))
    if kind == 6:
        return seat, Catch(rng.below(game.n))
    return seat, [DRAW, PASS, CHALLENGE, CALL_UNO, TIMEOUT, ChooseColor(Color.GREEN)][rng.below(6)]


def trace_steps(rules: Rules, seed: int) -> Iterator[dict[str, Any]]:
    """The steps of a golden game's trace (the policy: a seeded generator of its own)."""
    game = Game(rules, seed)
    rng = Rng(seed ^ 0x601DE)
    yield {"deal": [event_data(e) for e in game.deal_events], "state": state_data(game)}
    listed = 0
    for _ in range(MOVES):
        if game.match_over:
            return
        step: dict[str, Any] = {}
        if game.round_over:
            seat, legal = REFEREE, game.legal_moves(REFEREE)
        else:
            seats = [game.current, *(s for s in game.waiting_seats() if s != game.current)]
            lists = {s: game.legal_moves(s) for s in seats}
            listed += sum(len(ms) for ms in lists.values())
            if listed > LISTED:
                return
            step["legal"] = [[s, [format_move_body(m) for m in ms]] for s, ms in lists.items()]
            seat = game.current
            if len(seats) > 1 and rng.below(3) == 0:
                seat = seats[1 + rng.below(len(seats) - 1)]
            legal = lists[seat]
            if rng.below(2) == 0:
                probe_seat, probe = _odd_move(rng, game)
                if not game.is_legal(probe_seat, probe):
                    try:
                        events = game.apply(probe_seat, probe)
                    except IllegalMoveError as refused:
                        step["refused"] = [format_move(probe_seat, probe), plain(refused.why)]
                    else:  # a misplay, penalised (misplay = penalty_*)
                        step["misplay"] = [
                            format_move(probe_seat, probe),
                            [event_data(e) for e in events],
                        ]
                        if game.round_over:
                            yield step
                            continue
                        legal = game.legal_moves(seat)
                        if not legal:
                            seat, legal = game.current, game.legal_moves(game.current)
        if not legal:
            return
        move = legal[rng.below(len(legal))]
        step["move"] = format_move(seat, move)
        step["events"] = [event_data(e) for e in game.apply(seat, move)]
        step["state"] = state_data(game)
        yield step


def _digest(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def trace(rules: Rules, seed: int) -> dict[str, Any]:
    """A game's ``trace`` record: the chained digest every :data:`EVERY` steps and at the end."""
    chain = hashlib.sha256()
    checkpoints = []
    count = 0
    for count, step in enumerate(trace_steps(rules, seed), 1):
        chain.update(_digest(step))
        if count % EVERY == 0:
            checkpoints.append(chain.hexdigest()[:DIGITS])
    return {"steps": count, "every": EVERY, "digests": [*checkpoints, chain.hexdigest()[:DIGITS]]}


def random_round(rules: Rules, seed: int) -> list[Any] | None:
    """A game's ``round`` record on the Python engine; ``None`` for rules the accelerator does not
    play (the record is there for it: ``fastplay.unsupported``, whether it was built or not)."""
    if unsupported(rules):
        return None
    game = Game(rules, seed)
    rng = Rng(seed ^ 0x5EED)
    moves = play_random_round(game, rng, ROUND_CAP)
    return round_record(moves, game.winner if game.round_over else None, game.hands, rng.state)


def round_record(moves: int, winner: int | None, hands: Any, state: int) -> list[Any]:
    hands_digest = hashlib.sha256(_digest([[c.code for c in h] for h in hands])).hexdigest()
    return [moves, winner, hands_digest[:DIGITS], str(state)]


def record(game: GoldenGame) -> dict[str, Any]:
    """The line of ``games.jsonl`` for ``game``."""
    return {
        "name": game.name,
        "rules": game.rules.to_dict(changed_only=True),
        "seed": game.seed,
        "trace": trace(game.rules, game.seed),
        "round": random_round(game.rules, game.seed),
    }


def load() -> list[dict[str, Any]]:
    """The committed golden games."""
    with GOLDEN.open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def write() -> int:
    """Write :data:`GOLDEN` from the current engine; the number of games."""
    GOLDEN.parent.mkdir(exist_ok=True)
    lines = [json.dumps(record(g), ensure_ascii=False, sort_keys=True) for g in games()]
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)
