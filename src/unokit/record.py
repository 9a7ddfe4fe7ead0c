"""Saved games, game records and states: one module for every file unokit writes and reads.

- a **state** (``unokit-state-1``, :meth:`Game.to_dict`): the full state, for tools and tests;
- a **record** (``unokit-record-1``, :meth:`Game.record`): rules, seed, the described table if
  any, and every move in notation. The engine is deterministic, so a record rebuilds the game
  exactly. It is the one format of a saved game: the terminal game saves a record with its
  ``meta`` (bot level, language, the bots' seed), ``unokit replay`` steps through one, and the
  game server stores its rooms the same way;
- :func:`read_json`: any of them from a file, refused with one line when it cannot be read.

Loading checks every field (``Game.from_dict``, ``Game.from_record``, :func:`load_saved`;
the checks are :mod:`unokit.loading`'s, below the game): anything wrong raises
:class:`~unokit.errors.StateError` naming the field.

>>> from unokit import Game, Rules
>>> game = Game(Rules(players=2), seed=1)
>>> load_state(game.to_dict()) == game
True
>>> bad = dict(game.to_dict(), current=99)
>>> load_state(bad)
Traceback (most recent call last):
...
unokit.errors.StateError: current = 99: expected a seat from 0 to 1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unokit import loading
from unokit.errors import StateError, UnoError
from unokit.events import Event
from unokit.game import Game
from unokit.loading import (
    RECORD_FORMAT,
    STATE_FORMAT,
    expect_int,
    expect_object,
    refuse_value,
    show,
)
from unokit.notation import parse_move
from unokit.rng import SEED_LIMIT

__all__ = [
    "LEGACY_SAVE_FORMAT",
    "MAX_FILE_BYTES",
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "Saved",
    "load_record",
    "load_saved",
    "load_state",
    "read_json",
    "replay_moves",
    "saved_record",
    "show",
]

#: the terminal game's first save format (a state with the bot level and language); still read
LEGACY_SAVE_FORMAT = "unokit-save-1"
MAX_FILE_BYTES = 64 * 2**20
_LEGACY_SAVE_KEYS = ("format", "bots", "lang", "seed", "state")


def load_state(data: Any, *, table: bool = False, at: str = "") -> Game:
    """The game that :meth:`Game.to_dict` wrote into ``data``, every field checked
    (:func:`unokit.loading.load_state`); :class:`StateError` names the first field that is
    wrong."""
    return loading.load_state(data, Game.blank, table=table, at=at)


def load_record(record: Any) -> tuple[Game, list[str]]:
    """The starting game of a record (:meth:`Game.record`) and its moves in notation, every
    field checked; the caller applies them (:func:`replay_moves`, as :meth:`Game.from_record`
    does)."""
    return loading.load_record(record, Game, Game.blank)


# -- saved games ---------------------------------------------------------------------------------


#: a value of a record's ``meta``
MetaValue = str | int | list[str] | list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Saved:
    """A saved game: the game, and what the program that saved it needs to go on (for the
    terminal game: ``bots``, ``lang`` and ``seed``, the bots' seed). The caller checks that
    the values in ``meta`` are ones it knows."""

    game: Game
    meta: dict[str, MetaValue]


def saved_record(game: Game, **meta: str | int) -> dict[str, Any]:
    """A game's record with ``meta``: the file a saved game is.

    >>> from unokit import Game, Rules
    >>> game = Game(Rules(players=2), seed=3)
    >>> load_saved(saved_record(game, bots="strong", seed=3)).meta
    {'bots': 'strong', 'seed': 3}
    """
    return {**game.record(), "meta": dict(meta)}


def load_saved(data: Any) -> Saved:
    """A saved game: a record (with or without ``meta``), or a save of the first format (a
    state), every field checked; :class:`StateError` says what is wrong and where."""
    if isinstance(data, Mapping) and data.get("format") == LEGACY_SAVE_FORMAT:
        expect_object(
            data, "the saved game", _LEGACY_SAVE_KEYS, frozenset({"bots", "lang", "seed"})
        )
        meta = _meta({k: data[k] for k in ("bots", "lang", "seed") if k in data}, "")
        return Saved(load_state(data["state"], at="state."), meta)
    game, moves = load_record(data)
    replay_moves(game, moves)
    return Saved(game, _meta(data.get("meta", {}), "meta."))


def replay_moves(game: Game, moves: list[str]) -> list[list[Event]]:
    """Apply a record's moves (notation) to ``game``; the events of each. A move that is not
    allowed when it comes raises :class:`StateError` naming it (``moves[i]``)."""
    events = []
    for i, text in enumerate(moves):
        try:
            events.append(game.apply(*parse_move(text)))
        except UnoError as error:
            raise StateError(f"moves[{i}]: {error}") from None
    return events


#: the most chat lines a record keeps (a match's chat; the server keeps no more)
MAX_CHAT = 10_000


def _meta(value: Any, at: str) -> dict[str, MetaValue]:
    """A record's ``meta``: short texts and whole numbers (the terminal game's ``bots``,
    ``lang``, ``seed``; the server's ``room``, ``match``), and two lists the game server
    writes: ``names`` (a name per seat) and ``chat`` (``{seat, name, text, time}`` each)."""
    if not isinstance(value, Mapping):
        refuse_value(at.rstrip(".") or "meta", value, "an object")
    meta: dict[str, MetaValue] = {}
    for key, item in value.items():
        if not isinstance(key, str) or len(key) > 40:
            refuse_value(f"{at}key", key, "a short name")
        if key == "names":
            meta[key] = _names(item, at + key)
        elif key == "chat":
            meta[key] = _chat(item, at + key)
        else:
            meta[key] = _meta_scalar(item, at + key)
    return meta


def _meta_scalar(item: Any, where: str) -> str | int:
    if isinstance(item, bool) or not isinstance(item, str | int):
        refuse_value(where, item, "text or a whole number")
    if isinstance(item, str) and len(item) > 200:
        refuse_value(where, item, "at most 200 characters")
    if isinstance(item, int) and not 0 <= item < SEED_LIMIT:
        refuse_value(where, item, "a whole number from 0 to 2**64-1")
    return item


def _names(item: Any, where: str) -> list[str]:
    if not isinstance(item, list) or len(item) > 10:
        refuse_value(where, item, "a list of at most 10 names")
    for i, name in enumerate(item):
        if not isinstance(name, str) or len(name) > 200:
            refuse_value(f"{where}[{i}]", name, "a name (text of at most 200 characters)")
    return list(item)


def _chat(item: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(item, list) or len(item) > MAX_CHAT:
        refuse_value(where, item, f"a list of at most {MAX_CHAT} chat lines")
    lines = []
    for i, line in enumerate(item):
        at = f"{where}[{i}]"
        expect_object(line, at, ("seat", "name", "text", "time"))
        seat, name, text, time = line["seat"], line["name"], line["text"], line["time"]
        if seat is not None:
            expect_int(seat, at + ".seat", 0, 9, "a seat number or null")
        for field_name, field_value in (("name", name), ("text", text)):
            if not isinstance(field_value, str) or len(field_value) > 1000:
                refuse_value(f"{at}.{field_name}", field_value, "text of at most 1000 characters")
        if isinstance(time, bool) or not isinstance(time, int | float) or not time >= 0:
            refuse_value(at + ".time", time, "a time in seconds")
        lines.append({"seat": seat, "name": name, "text": text, "time": time})
    return lines


def read_json(path: Path) -> Any:
    """The data of a JSON file (a saved game, a record, a state); :class:`StateError` saying
    why it cannot be read: missing, a directory, too large, not UTF-8, not JSON, too deep."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise StateError(error.strerror or type(error).__name__) from None
    if len(raw) > MAX_FILE_BYTES:
        raise StateError(f"larger than {MAX_FILE_BYTES // 2**20} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StateError(f"not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise StateError("not JSON unokit reads: nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, an integer of too many digits
        raise StateError(f"not JSON: {error}") from None
