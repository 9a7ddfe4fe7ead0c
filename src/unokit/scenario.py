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

>>> result = judge_text(EXAMPLE)
>>> result.ok, result.moves[1].ok
(True, True)
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unokit.cards import Card, Color
from unokit.errors import NotationError, RulesError, ScenarioError, UnoError
from unokit.events import Event
from unokit.game import Game
from unokit.moves import Move
from unokit.notation import format_move, parse_card, parse_color, parse_move
from unokit.rules import Rules

__all__ = [
    "EXAMPLE",
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


def _cards(value: Any, what: str, text: str, key: str) -> list[Card]:
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list of card codes", _line_of(text, key))
    out = []
    for item in value:
        if not isinstance(item, str):
            raise ScenarioError(f"{what}: {item!r} is not a card code", _line_of(text, key))
        try:
            out.append(parse_card(item))
        except NotationError as error:
            raise ScenarioError(f"{what}: {error}", _line_of(text, key)) from None
    return out


def _int(value: Any, what: str, text: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{what} must be a whole number, not {value!r}", _line_of(text, key))
    return value


def load_scenario(text: str) -> Scenario:
    """Parse scenario TOML and set up its game; raises :class:`ScenarioError`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line = None
        if "line " in message:
            try:
                line = int(message.split("line ")[1].split(",")[0].split(")")[0])
            except ValueError:
                line = None
        raise ScenarioError(f"not valid TOML: {message}", line) from None
    for key in data:
        if key not in _TOP_KEYS:
            raise ScenarioError(
                f"unknown key {key!r} (expected {', '.join(sorted(_TOP_KEYS))})",
                _line_of(text, key),
            )
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, dict):
        raise ScenarioError("[rules] must be a table", _line_of(text, "rules"))
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as error:
        bad = next((k for k in rules_data if k in str(error)), "[rules]")
        raise ScenarioError(str(error), _line_of(text, bad)) from None
    table = data.get("table")
    seed = data.get("seed", 0)
    if table is not None:
        if not isinstance(table, dict):
            raise ScenarioError("[table] must be a table", _line_of(text, "table"))
        seed = table.get("seed", seed)
    seed = _int(seed, "seed", text, "seed")
    try:
        game = _set_up(rules, table, seed, text) if table is not None else Game(rules, seed)
    except RulesError as error:
        raise ScenarioError(str(error), _line_of(text, "[rules]")) from None
    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list):
        raise ScenarioError("moves must be a list of strings", _line_of(text, "moves"))
    moves = []
    for item in moves_data:
        if not isinstance(item, str):
            raise ScenarioError(f"moves: {item!r} is not a string", _line_of(text, "moves"))
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
            raise ScenarioError(f"[expect_text] {key!r} must be a string", _line_of(text, key))
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
                f"unknown [table] key {key!r} (expected {', '.join(sorted(_TABLE_KEYS))})",
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
            f"direction = {direction_text!r}: expected 'cw' or 'ccw'", _line_of(text, "direction")
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
        message = str(error)
        key = next(
            (k for k in _TABLE_KEYS if message.startswith(k) or f" {k} " in message), "[table]"
        )
        raise ScenarioError(message, _line_of(text, key)) from None


def _resolve(root: dict[str, Any], key: str) -> Any:
    node: Any = root
    for part in key.split("."):
        if isinstance(node, list) and part == "len":
            node = len(node)
        elif isinstance(node, list):
            try:
                node = node[int(part)]
            except (ValueError, IndexError):
                raise KeyError(key) from None
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise KeyError(key)
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
    for seat, move, _text in scenario.moves:
        try:
            events = game.apply(seat, move)
        except UnoError as error:
            results.append(MoveResult(seat, format_move(seat, move), False, str(error)))
            continue
        results.append(MoveResult(seat, format_move(seat, move), True, None, events))
    state = game.summary()
    root = {
        **state,
        "moves": [r.to_dict() for r in results],
        "deal": [e.to_dict() for e in game.deal_events],
    }
    checks: list[ExpectResult] = []
    for key, expected in scenario.expect.items():
        try:
            actual = _resolve(root, key)
        except KeyError:
            raise ScenarioError(
                f"[expect] {key!r} names nothing in the state (keys: {', '.join(state)}, "
                "or moves.N.ok/error/events, or deal)",
                _line_of(scenario.text, key),
            ) from None
        checks.append(ExpectResult(key, expected, actual, _normal(expected) == _normal(actual)))
    for key, needle in scenario.expect_text.items():
        try:
            actual = _resolve(root, key)
        except KeyError:
            raise ScenarioError(
                f"[expect_text] {key!r} names nothing in the state", _line_of(scenario.text, key)
            ) from None
        text = _as_text(actual)
        checks.append(ExpectResult(key, needle, text, needle.lower() in text.lower(), True))
    return JudgeResult(scenario, game.deal_events, results, state, checks)


def judge_text(text: str) -> JudgeResult:
    return judge(load_scenario(text))


def judge_file(path: str | Path) -> JudgeResult:
    """Read and judge a scenario file; unreadable files raise :class:`ScenarioError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError(f"cannot read {path}: {error}") from None
    return judge_text(text)
