"""The mypyc-compiled engine (``make compiled``, docs/performance.md) plays exactly the games the
Python engine plays: for many seeds and rule mixes, every legal-move list (of every seat), every
move's events (fields and texts), views and the state after each move, through rounds and
matches, with moves out of turn (UNO calls, catches, jump-ins) and refused moves (the reason).

``make compiled-test`` runs this file on the compiled build (``UNOKIT_COMPILED=1``,
``PYTHONPATH=build/mypyc``): it fails unless the compiled modules are what got imported. The
Python engine's traces come from a subprocess on ``src/``. Outside that target (plain
``pytest``: one engine, nothing to compare) tests/conftest.py does not collect it.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import unokit
from unokit import Game, Rules
from unokit.errors import IllegalMoveError, RulesError
from unokit.moves import REFEREE, Catch, Draw, Move, Play
from unokit.rng import Rng
from unokit.rules import OPTIONS

ROOT = Path(__file__).resolve().parent.parent
ASKED = os.environ.get("UNOKIT_COMPILED") == "1"
#: the modules the compiled build holds compiled: setup.py's MYPYC_MODULES (the Makefile reads
#: the same lines)
COMPILED = re.findall(r'^    "src/unokit/(\w+)\.py",$', (ROOT / "setup.py").read_text(), re.M)
MIXES = 240
GAMES_PER_MIX = 2
MOVES_PER_GAME = 400
LISTED_PER_GAME = 8000  # legal moves listed, at most, per game


def rule_mix(k: int) -> Rules:
    """The k-th random mix of option values (a few presets first): every option drawn."""
    presets = ("official", "casual", "online", "party", "teams")
    if k < len(presets):
        return Rules.preset(presets[k], players=2 + k % 5)
    rng = Rng(1000 + k)
    while True:
        options: dict[str, Any] = {}
        for name, spec in OPTIONS.items():
            if rng.below(3):  # two in three options keep their default
                continue
            if spec.kind == "choice":
                options[name] = spec.choices[rng.below(len(spec.choices))]
            elif spec.kind == "bool":
                options[name] = bool(rng.below(2))
            elif spec.kind == "int":
                high = min(spec.high, spec.low + 12)
                options[name] = spec.low + rng.below(high - spec.low + 1)
        options.setdefault("players", 2 + rng.below(9))
        try:
            return Rules(**options)
        except (RulesError, TypeError, ValueError):
            continue


def _event(e: Any) -> list[Any]:
    return [repr(e), e.text, e.text_for(0)]


def _state(game: Game) -> Any:
    """The whole state every 8th move (its moves' history makes it long), else the table."""
    if len(game.history) % 8:
        return game.summary()
    return game.to_dict()


def trace_game(rules: Rules, seed: int) -> list[Any]:
    """One game as data: the deal, then per move every seat's legal list, the move, its
    events, the seat to act's view and the whole state; a refused move's reason now and then."""
    game = Game(rules, seed)
    rng = Rng(seed ^ 0xC0DE)
    out: list[Any] = [[_event(e) for e in game.deal_events], _state(game)]
    budget = LISTED_PER_GAME
    for _ in range(MOVES_PER_GAME):
        if game.match_over:
            break
        if game.round_over:
            seat, moves = REFEREE, game.legal_moves(REFEREE)
        else:
            others = [s for s in game.waiting_seats() if s != game.current]
            listed = {s: game.legal_moves(s) for s in [game.current, *others]}
            out.append(repr(listed))
            budget -= sum(len(ms) for ms in listed.values())
            if budget < 0:  # wild_multi lists hundreds of moves (peek, trade, give): enough
                break
            seat = game.current
            if others and rng.below(4) == 0:
                seat = others[rng.below(len(others))]
            moves = listed[seat]
            if rng.below(8) == 0:  # a move that may be refused: its reason
                wrong: Move = Draw() if rng.below(2) else Catch((seat + 1) % game.n)
                if not game.is_legal(seat, wrong):
                    try:
                        game.apply(seat, wrong)
                    except IllegalMoveError as refused:
                        out.append(["refused", str(refused)])
                    else:  # a misplay penalised (misplay = penalty_*)
                        out.append(["misplay", _state(game)])
        move = moves[rng.below(len(moves))]
        if type(move) is Play and rng.below(3) == 0:
            move = replace(move)  # an equal move, not the listed one (apply's checked path)
        events = game.apply(seat, move)
        out.append([seat, repr(move), [_event(e) for e in events]])
        view = game.view(game.current if 0 <= game.current < game.n else 0)
        seen = (view.hand, view.hand_sizes, view.top, view.color, view.current, view.phase)
        more = (view.catchable, view.jump, view.stack, view.group, view.revealed, view.drawn_card)
        out.append([repr(seen), repr(more), _state(game)])  # (its legal moves: listed above)
    copy = game.copy()
    out.append([copy == game, Game.from_dict(game.to_dict()) == game, game.record()])
    return out


def digests(mixes: range) -> list[str]:
    """One sha256 per game (mix k, game g dealt from seed 7919 * k + g)."""
    result = []
    for k in mixes:
        rules = rule_mix(k)
        for g in range(GAMES_PER_MIX):
            data = json.dumps(trace_game(rules, 7919 * k + g), default=repr, sort_keys=True)
            result.append(hashlib.sha256(data.encode()).hexdigest())
    return result


def rng_outputs() -> list[int]:
    """Draws and shuffles of the game's generator (compiled: in 64-bit machine integers) from
    many seeds, every kind of bound (the compiled path takes n < 2**30, Python's the rest)."""
    import random

    pick = random.Random(11)
    out: list[int] = []
    for _ in range(3000):
        rng = Rng(pick.getrandbits(64) if pick.random() < 0.9 else pick.choice([0, 2**64 - 1]))
        for n in (1, 2, 7, 108, 2**14, 2**30 - 1, 2**30, 2**40, pick.getrandbits(64) + 1):
            out.append(rng.below(n))
        items = list(range(pick.randrange(0, 120)))
        rng.shuffle(items)
        out += [*items, rng.state]
    return out


def _python_engine(code: str) -> Any:
    """Run ``code`` (which prints JSON) on the Python engine of src/, in a subprocess."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    env.pop("UNOKIT_COMPILED", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(autouse=True)
def _asked() -> None:
    """tests/conftest.py collects this file only under make compiled-test; named on a command
    line without it, each test fails saying so (never a skip counted as a pass)."""
    assert ASKED, "tests/test_compiled.py runs under make compiled-test (UNOKIT_COMPILED=1)"


def test_the_compiled_modules_are_imported() -> None:
    """Asked to check the compiled build, the engine imported must be it, never the Python."""
    assert {"game", "legality", "play", "rounds"} <= set(COMPILED), COMPILED
    # the Makefile and COMPILED read setup.py's list with a pattern: it must miss no entry
    tree = ast.parse((ROOT / "setup.py").read_text())
    listed = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MYPYC_MODULES"
    )
    assert isinstance(listed, ast.List)
    assert [ast.literal_eval(e) for e in listed.elts] == [f"src/unokit/{n}.py" for n in COMPILED]
    for name in COMPILED:
        module = importlib.import_module(f"unokit.{name}")
        path = getattr(module, "__file__", "") or ""
        assert path.endswith(".so"), f"unokit.{name} is not compiled: {path}"
    assert "src" not in Path(unokit.__file__).parts[-3:-1], unokit.__file__
    reference = _python_engine("import json, unokit.game as g; print(json.dumps(g.__file__))")
    assert reference.endswith(".py")


def test_the_compiled_generator_draws_what_pythons_draws() -> None:
    theirs = _python_engine(
        "import json; from tests.test_compiled import rng_outputs; print(json.dumps(rng_outputs()))"
    )
    assert rng_outputs() == theirs


BAD_INPUT = [
    "Rng(True)",
    "Rng(1.5)",
    "Rng(-1)",
    "Game(Rules(players=2), True)",
    "Game(Rules(players=2), 1.5)",
    "Game(Rules(players=2), '3')",
    "Rules.from_dict({'players': '4'})",
    "Rules.from_dict({'challenge': 1})",
    "Rules().replace(seven_zero='yes')",
    "Game.from_dict([])",
    "Game.from_dict({'format': 'nonsense'})",
    "Game.from_record([])",
]


def refusals() -> list[str]:
    """What each bad input of :data:`BAD_INPUT` raises: the exception's type and message."""
    from unokit.rng import Rng

    out = []
    for text in BAD_INPUT:
        try:
            eval(text, {"Rng": Rng, "Game": Game, "Rules": Rules})
            out.append(f"{text}: accepted")
        except Exception as error:
            out.append(f"{text}: {type(error).__name__}: {error}")
    return out


def test_bad_input_is_refused_as_the_python_engine_refuses_it() -> None:
    """Compiled, mypyc checks declared types: the entry points take what they validate
    themselves, so a bad seed, option value or state gets the same clear error."""
    theirs = _python_engine(
        "import json; from tests.test_compiled import refusals; print(json.dumps(refusals()))"
    )
    assert refusals() == theirs
    assert not any(line.endswith("accepted") or "TypeError" in line for line in theirs), theirs


def options_table() -> dict[str, list[Any]]:
    """Every option as the rules module derives it (compiled, rules.py keeps no Literal
    annotation: the types are read from its source instead)."""
    return {
        name: [
            *(repr(spec.default), list(spec.choices), spec.low, spec.high, spec.kind),
            *(spec.meaning, spec.source, spec.section),
        ]
        for name, spec in OPTIONS.items()
    }


def test_the_compiled_rules_know_every_option_as_python_does() -> None:
    theirs = _python_engine(
        "import json; from tests.test_compiled import options_table; "
        "print(json.dumps(options_table()))"
    )
    assert options_table() == theirs
    assert OPTIONS["stacking"].choices == ("off", "same_kind", "two_under_four", "any", "not_lower")


@pytest.mark.parametrize("part", range(4))
def test_the_compiled_engine_plays_the_python_engines_games(part: int) -> None:
    mixes = range(part, MIXES, 4)
    mine = digests(mixes)
    theirs = _python_engine(
        "import json; from tests.test_compiled import digests; "
        f"print(json.dumps(digests(range({part}, {MIXES}, 4))))"
    )
    assert len(mine) == len(theirs) == len(mixes) * GAMES_PER_MIX
    for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if a != b:  # the first game that differs, move by move
            k, g = mixes[i // GAMES_PER_MIX], i % GAMES_PER_MIX
            mine_trace = json.loads(json.dumps(trace_game(rule_mix(k), 7919 * k + g), default=repr))
            their_trace = _python_engine(
                "import json; from tests.test_compiled import rule_mix, trace_game; "
                f"print(json.dumps(trace_game(rule_mix({k}), {7919 * k + g}), default=repr))"
            )
            for step, (x, y) in enumerate(zip(mine_trace, their_trace, strict=False)):
                assert x == y, f"mix {k} ({rule_mix(k)}), game {g}: step {step} differs"
            assert len(mine_trace) == len(their_trace)
            pytest.fail(f"mix {k}, game {g}: traces differ")
