"""Scenario files: a described table and its moves, replayed by the referee.

A scenario is TOML::

    title = "Challenging a legal +4"
    source = "000, challenge fails"
    moves = ["0: play W+4 blue uno", "1: challenge"]
    [rules]
    preset = "official"
    players = 3
    [table]
    hands = [["W+4", "B8"], ["R1", "G2"], ["B5"]]
    draw_pile = ["G7", "G8", "G9", "Y1", "Y2", "Y3", "B1"]   # top first
    discard = ["R8"]                                        # bottom first, top last
    current = 0
    [expect]
    "hands.1" = ["R1", "G2", "G7", "G8", "G9", "Y1", "Y2", "Y3"]
    current = 2
    [expect_text]
    "moves.1.events" = "challenge failed"

``[expect]`` keys are dotted paths into the state (:meth:`Game.summary`) or, starting with
``moves.``, into the move results (``moves.0.ok``), or ``deal`` (the events of the set-up,
such as a turned start card); ``len`` after a list gives its length
(``hands.1.len``). Values must be equal (cards compare by code, leniently; TOML has no
null, so write ``"null"``).
``[expect_text]`` values must appear in the text of what the path names.

A file is refused (:class:`ScenarioError`, with the line where known) before any work on it
when it is larger than :data:`MAX_BYTES`, nests arrays or inline tables more than
:data:`MAX_NESTING` deep, or has a dotted key of more than :data:`MAX_KEY_PARTS` parts; so is
any error of the engine while it sets up or replays the table.

>>> result = judge_text(EXAMPLE)
>>> result.ok, result.moves[1].ok
(True, True)
"""

from __future__ import annotations

import datetime
import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unokit.cards import Card, Color
from unokit.errors import NotationError, ScenarioError, UnoError
from unokit.events import Event
from unokit.game import Game
from unokit.moves import Move
from unokit.notation import format_move, parse_card, parse_color, parse_move
from unokit.rules import Rules

__all__ = [
    "EXAMPLE",
    "MAX_BYTES",
    "MAX_KEY_PARTS",
    "MAX_NESTING",
    "ExpectResult",
    "JudgeResult",
    "MoveResult",
    "Scenario",
    "judge_file",
    "judge_text",
    "load_scenario",
]

EXAMPLE = """
title = "Challenging a legal +4"
source = "000, challenge fails"
moves = ["0: play W+4 blue uno", "1: challenge"]
[rules]
preset = "official"
players = 3
[table]
hands = [["W+4", "B8"], ["R1", "G2"], ["B5"]]
draw_pile = ["G7", "G8", "G9", "Y1", "Y2", "Y3", "B1"]
discard = ["R8"]
color = "red"
current = 0
direction = "cw"
dealer = 2
seed = 1
[expect]
"hands.1" = ["R1", "G2", "G7", "G8", "G9", "Y1", "Y2", "Y3"]
current = 2
"""

#: the largest scenario file read, in bytes (the shipped ones are under 1 KiB)
MAX_BYTES = 256 * 1024
#: the deepest nesting of arrays and inline tables (``hands`` needs 2)
MAX_NESTING = 16
#: the most parts of one dotted key (``a.b.c`` has 3; quoted keys such as ``"hands.1"`` have 1)
MAX_KEY_PARTS = 16
#: the most digits of an integer anywhere in the file
_MAX_DIGITS = 4300

_TOP_KEYS = {
    "title",
    "source",
    "description",
    "moves",
    "rules",
    "table",
    "expect",
    "expect_text",
    "seed",
}
_TABLE_KEYS = {
    "hands",
    "draw_pile",
    "discard",
    "color",
    "current",
    "direction",
    "dealer",
    "seed",
    "uno_called",
    "scores",
}


@dataclass
class Scenario:
    """A parsed scenario: the game set up, and the moves still to replay."""

    title: str
    source: str
    game: Game
    moves: list[tuple[int, Move, str]]
    expect: dict[str, Any]
    expect_text: dict[str, str]
    text: str = ""


@dataclass
class MoveResult:
    seat: int
    move: str
    ok: bool
    error: str | None
    events: list[Event] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "move": self.move,
            "ok": self.ok,
            "error": self.error,
            "events": [e.to_dict() for e in self.events],
        }


@dataclass
class ExpectResult:
    key: str
    expected: Any
    actual: Any
    ok: bool
    contains: bool = False

    def to_dict(self) -> dict[str, Any]:
        out = {"key": self.key, "expected": self.expected, "actual": self.actual, "ok": self.ok}
        if self.contains:
            out["match"] = "contains"
        return out


@dataclass
class JudgeResult:
    scenario: Scenario
    deal_events: list[Event]
    moves: list[MoveResult]
    state: dict[str, Any]
    expect: list[ExpectResult]

    @property
    def ok(self) -> bool:
        return all(e.ok for e in self.expect)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.scenario.title,
            "source": self.scenario.source,
            "deal": [e.to_dict() for e in self.deal_events],
            "moves": [m.to_dict() for m in self.moves],
            "state": self.state,
            "expect": [e.to_dict() for e in self.expect],
            "ok": self.ok,
        }


def _line_of(text: str, needle: str) -> int | None:
    """The line that sets ``needle`` (``needle = ...``), else the first that mentions it."""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        bare = line.strip().lstrip('"')
        if bare.startswith(needle) and bare[len(needle) :].lstrip('"').lstrip().startswith("="):
            return number
    for number, line in enumerate(lines, 1):
        if needle in line:
            return number
    return None


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters: error messages stay one readable line."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a number of {len(str(abs(value))):,} digits"
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _cards(value: Any, what: str, text: str, key: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list of card codes", _line_of(text, key))
    out = []
    for item in value:
        if not isinstance(item, str):
            raise ScenarioError(f"{what}: {_short(item)} is not a card code", _line_of(text, key))
        try:
            out.append(parse_card(item))
        except NotationError as error:
            raise ScenarioError(f"{what}: {error}", _line_of(text, key)) from None
    return out


def _int(value: Any, what: str, text: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(
            f"{what} must be a whole number, not {_short(value)}", _line_of(text, key)
        )
    return value


# Outside strings and comments: a run of characters that mean nothing to the shape check.
_PLAIN = re.compile(r"[^\n#\"'\[\]{},=.]+")
# The rest of a one-line basic string after its opening quote, closing quote included.
_BASIC_REST = re.compile(r'(?:[^"\\\n]|\\.)*"?')
# The rest of a multi-line basic string after its opening quotes, closing quotes included.
_ML_BASIC_REST = re.compile(r'(?:[^"\\]|\\.|"(?!""))*(?:"{3,5})?', re.S)
_LONG_NUMBER = re.compile(rf"[0-9_]{{{_MAX_DIGITS + 1},}}")


def _check_shape(text: str) -> None:
    """Refuse, in one linear pass, what would make the TOML reader work without bound.

    ``tomllib`` recurses once per nesting level (a RecursionError at a few hundred) and spends
    time and memory quadratic in the parts of a dotted key (30,000 parts: 12 s and 3.5 GB).
    This scanner follows strings and comments well enough to count brackets and the dots of
    keys; the file is still parsed by ``tomllib`` afterwards."""
    if len(text) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes")
    stack: list[str] = []  # "h": a [table] header, "[": an array, "{": an inline table
    line = 1
    key = True  # reading a key (before its "="), where dots separate parts
    parts = 1
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            if not stack:
                key, parts = True, 1
            i += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c == '"' or c == "'":
            if text.startswith(c * 3, i):
                if c == '"':
                    end = _ML_BASIC_REST.match(text, i + 3).end()  # type: ignore[union-attr]
                else:
                    end = text.find("'''", i + 3)
                    end = n if end < 0 else end + 3
                    for _ in range(2):  # a quote or two just inside the closing ones
                        if end < n and text[end] == "'":
                            end += 1
            elif c == '"':
                end = _BASIC_REST.match(text, i + 1).end()  # type: ignore[union-attr]
            else:
                close = text.find("'", i + 1)
                newline = text.find("\n", i + 1)
                end = n if close < 0 else close + 1
                if 0 <= newline < end:
                    end = newline
            line += text.count("\n", i, end)
            i = end
        elif c == ".":
            if key:
                parts += 1
                if parts > MAX_KEY_PARTS:
                    raise ScenarioError(f"a dotted key of more than {MAX_KEY_PARTS} parts", line)
            i += 1
        elif c in "[{":
            if c == "{":
                stack.append("{")
                key, parts = True, 1
            elif key and (not stack or stack[-1] == "h"):
                stack.append("h")
            else:
                stack.append("[")
            if len(stack) > MAX_NESTING:
                raise ScenarioError(f"arrays and tables nested more than {MAX_NESTING} deep", line)
            i += 1
        elif c in "]}":
            if stack:
                stack.pop()
            key = False
            i += 1
        elif c == "=":
            key = False
            i += 1
        elif c == ",":
            if stack and stack[-1] == "{":
                key, parts = True, 1
            i += 1
        else:
            match = _PLAIN.match(text, i)
            i = match.end() if match else i + 1


def _parse_toml(text: str) -> dict[str, Any]:
    _check_shape(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = None
        if "line " in message:
            try:
                line = int(message.split("line ")[1].split(",")[0].split(")")[0])
            except ValueError:
                line = None
        raise ScenarioError(f"not valid TOML: {message}", line) from None
    except ValueError:  # an integer too long to convert (Python's 4,300-digit limit)
        long = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, long.start()) + 1 if long else None
        raise ScenarioError(
            f"not valid TOML: an integer of more than {_MAX_DIGITS:,} digits", line
        ) from None
    except RecursionError:  # the shape check should have refused it first
        raise ScenarioError(f"not valid TOML: nested more than {MAX_NESTING} deep") from None


def _check_expected(value: Any, key: str, text: str) -> None:
    """An ``[expect]`` value must be something the state can hold (and JSON can print)."""
    if isinstance(value, datetime.date | datetime.time):
        raise ScenarioError(
            f"[expect] {_short(key)} = {value}: dates and times are not part of a game's state",
            _line_of(text, key),
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise ScenarioError(
            f"[expect] {_short(key)} = {value}: not a number a game's state can hold",
            _line_of(text, key),
        )
    if isinstance(value, list):
        for item in value:
            _check_expected(item, key, text)
    elif isinstance(value, dict):
        for item in value.values():
            _check_expected(item, key, text)


def _engine_failure(error: Exception) -> str:
    """One line for an error the engine should not have raised (a defect, not a ruling)."""
    detail = " ".join(str(error).split()) or "no message"
    if len(detail) > 200:
        detail = detail[:199] + "…"
    return f"the engine failed ({type(error).__name__}: {detail})"


def load_scenario(text: str) -> Scenario:
    """Parse scenario TOML and set up its game; raises :class:`ScenarioError`.

    Every error, including one of the engine while it sets up the table, is a
    :class:`ScenarioError` naming the line where it is known."""
    data = _parse_toml(text)
    for key in data:
        if key not in _TOP_KEYS:
            raise ScenarioError(
                f"unknown key {_short(key)} (expected {', '.join(sorted(_TOP_KEYS))})",
                _line_of(text, key),
            )
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, dict):
        raise ScenarioError("[rules] must be a table", _line_of(text, "rules"))
    try:
        rules = Rules.from_dict(rules_data)
    except UnoError as error:
        bad = next((k for k in rules_data if k in str(error)), "[rules]")
        raise ScenarioError(str(error), _line_of(text, bad)) from None
    except Exception as error:
        raise ScenarioError(
            f"cannot read [rules]: {_engine_failure(error)}", _line_of(text, "rules")
        ) from None
    table = data.get("table")
    seed = data.get("seed", 0)
    if table is not None:
        if not isinstance(table, dict):
            raise ScenarioError("[table] must be a table", _line_of(text, "table"))
        seed = table.get("seed", seed)
    seed = _int(seed, "seed", text, "seed")
    if not 0 <= seed < 2**64:
        raise ScenarioError(
            f"seed = {_short(seed)} is out of range: a seed is a whole number from 0 to 2**64-1",
            _line_of(text, "seed"),
        )
    try:
        game = _set_up(rules, table, seed, text) if table is not None else Game(rules, seed)
    except ScenarioError:
        raise
    except UnoError as error:
        raise ScenarioError(str(error), _line_of(text, "[rules]")) from None
    except Exception as error:  # an engine defect: reported in one line, never a traceback
        where = "[table]" if table is not None else "[rules]"
        raise ScenarioError(
            f"cannot set up this game: {_engine_failure(error)}", _line_of(text, where)
        ) from None
    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list):
        raise ScenarioError("moves must be a list of strings", _line_of(text, "moves"))
    moves = []
    for item in moves_data:
        if not isinstance(item, str):
            raise ScenarioError(f"moves: {_short(item)} is not a string", _line_of(text, "moves"))
        try:
            seat, move = parse_move(item)
        except NotationError as error:
            raise ScenarioError(f"moves: {error}", _line_of(text, item)) from None
        moves.append((seat, move, item))
    expect = data.get("expect", {})
    expect_text = data.get("expect_text", {})
    for name, value in (("expect", expect), ("expect_text", expect_text)):
        if not isinstance(value, dict):
            raise ScenarioError(f"[{name}] must be a table", _line_of(text, name))
    for key, value in expect_text.items():
        if not isinstance(value, str):
            raise ScenarioError(
                f"[expect_text] {_short(key)} must be a string", _line_of(text, key)
            )
    for key, value in expect.items():
        _check_expected(value, key, text)
    return Scenario(
        title=str(data.get("title", "")),
        source=str(data.get("source", "")),
        game=game,
        moves=moves,
        expect=expect,
        expect_text=expect_text,
        text=text,
    )


def _set_up(rules: Rules, table: dict[str, Any], seed: int, text: str) -> Game:
    for key in table:
        if key not in _TABLE_KEYS:
            raise ScenarioError(
                f"unknown [table] key {_short(key)} (expected {', '.join(sorted(_TABLE_KEYS))})",
                _line_of(text, key),
            )
    if "hands" not in table:
        raise ScenarioError(
            "[table] needs hands (a list of card lists, seat 0 first)", _line_of(text, "[table]")
        )
    raw_hands = table["hands"]
    if not isinstance(raw_hands, list):
        raise ScenarioError("hands must be a list of card lists", _line_of(text, "hands"))
    hands = [_cards(h, f"hands[{i}]", text, "hands") for i, h in enumerate(raw_hands)]
    draw_pile = _cards(table.get("draw_pile", []), "draw_pile", text, "draw_pile")
    discard = _cards(table.get("discard", []), "discard", text, "discard")
    color: Color | None = None
    if "color" in table:
        try:
            color = parse_color(str(table["color"]))
        except NotationError as error:
            raise ScenarioError(str(error), _line_of(text, "color")) from None
    direction_text = table.get("direction", "cw")
    if direction_text not in ("cw", "ccw"):
        raise ScenarioError(
            f"direction = {_short(direction_text)}: expected 'cw' or 'ccw'",
            _line_of(text, "direction"),
        )
    current = _int(table.get("current", 0), "current", text, "current")
    dealer = table.get("dealer")
    if dealer is not None:
        dealer = _int(dealer, "dealer", text, "dealer")
    uno_called = table.get("uno_called", [])
    if not isinstance(uno_called, list):
        raise ScenarioError("uno_called must be a list of seats", _line_of(text, "uno_called"))
    uno_seats = [_int(s, "uno_called", text, "uno_called") for s in uno_called]
    scores = table.get("scores")
    if scores is not None:
        if not isinstance(scores, list):
            raise ScenarioError("scores must be a list", _line_of(text, "scores"))
        scores = [_int(s, "scores", text, "scores") for s in scores]
    try:
        return Game.from_table(
            rules,
            hands,
            draw_pile,
            discard,
            color=color,
            current=current,
            direction=1 if direction_text == "cw" else -1,
            dealer=dealer,
            seed=seed,
            uno_called=uno_seats,
            scores=scores,
        )
    except (ValueError, UnoError) as error:
        message = " ".join(str(error).split())
        key = next(
            (k for k in _TABLE_KEYS if message.startswith(k) or f" {k} " in message), "[table]"
        )
        line = _line_of(text, key) or _line_of(text, "[table]")
        raise ScenarioError(message, line) from None


class _BadIndex(Exception):
    """A path that steps into a list with something other than one of its indices."""


def _resolve(root: dict[str, Any], key: str) -> Any:
    node: Any = root
    walked: list[str] = []
    for part in key.split("."):
        if isinstance(node, list) and part == "len":
            node = len(node)
        elif isinstance(node, list):
            where = ".".join(walked)
            count = f"{where} has {len(node)} item{'s' if len(node) != 1 else ''}"
            if len(node):
                count += f", numbered 0 to {len(node) - 1}"
            if not (part.isascii() and part.isdigit()):
                raise _BadIndex(f"{part!r} is not an index: {count} (or write {where}.len)")
            if len(part) > 9 or int(part) >= len(node):
                raise _BadIndex(f"index {part} is out of range: {count}")
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(key)
        walked.append(part)
    return node


def _normal(value: Any) -> Any:
    if isinstance(value, list):
        return [_normal(v) for v in value]
    if isinstance(value, str):
        if value.strip().lower() == "null":
            return None
        try:
            return parse_card(value).code
        except NotationError:
            return value.strip().lower()
    return value


def _as_text(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, dict) and "text" in v for v in value):
        return "\n".join(v["text"] for v in value)
    if isinstance(value, dict) and "text" in value:
        return str(value["text"])
    return value if isinstance(value, str) else json.dumps(value)


def judge(scenario: Scenario) -> JudgeResult:
    """Replay the scenario's moves, recording each ruling, and check its expectations."""
    game = scenario.game
    results: list[MoveResult] = []
    for number, (seat, move, text) in enumerate(scenario.moves, 1):
        try:
            events = game.apply(seat, move)
        except UnoError as error:
            results.append(MoveResult(seat, format_move(seat, move), False, str(error)))
            continue
        except Exception as error:  # an engine defect: the table cannot be trusted after it
            raise ScenarioError(
                f"move {number} {text!r}: {_engine_failure(error)}; the replay stops",
                _line_of(scenario.text, text),
            ) from None
        results.append(MoveResult(seat, format_move(seat, move), True, None, events))
    try:
        state = game.summary()
    except Exception as error:
        raise ScenarioError(f"cannot report the final table: {_engine_failure(error)}") from None
    root = {
        **state,
        "moves": [r.to_dict() for r in results],
        "deal": [e.to_dict() for e in game.deal_events],
    }
    checks: list[ExpectResult] = []
    for key, expected in scenario.expect.items():
        try:
            actual = _resolve(root, key)
        except _BadIndex as error:
            raise ScenarioError(
                f"[expect] {_short(key)}: {error}", _line_of(scenario.text, key)
            ) from None
        except KeyError:
            raise ScenarioError(
                f"[expect] {_short(key)} names nothing in the state (keys: {', '.join(state)}, "
                "or moves.N.ok/error/events, or deal)",
                _line_of(scenario.text, key),
            ) from None
        checks.append(ExpectResult(key, expected, actual, _normal(expected) == _normal(actual)))
    for key, needle in scenario.expect_text.items():
        try:
            actual = _resolve(root, key)
        except _BadIndex as error:
            raise ScenarioError(
                f"[expect_text] {_short(key)}: {error}", _line_of(scenario.text, key)
            ) from None
        except KeyError:
            raise ScenarioError(
                f"[expect_text] {_short(key)} names nothing in the state",
                _line_of(scenario.text, key),
            ) from None
        text = _as_text(actual)
        checks.append(ExpectResult(key, needle, text, needle.lower() in text.lower(), True))
    return JudgeResult(scenario, game.deal_events, results, state, checks)


def judge_text(text: str) -> JudgeResult:
    return judge(load_scenario(text))


def judge_file(path: str | Path) -> JudgeResult:
    """Read and judge a scenario file; unreadable files raise :class:`ScenarioError`.

    At most :data:`MAX_BYTES` are read: a larger file (or an endless one, such as a device) is
    refused without reading the rest."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ScenarioError(f"cannot read {path}: larger than {MAX_BYTES:,} bytes")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError(f"cannot read {path}: {error}") from None
    return judge_text(text)
