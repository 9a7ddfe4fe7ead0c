"""The messages between the game server and the browser (docs/web-protocol.md, version 1).

Every client message is checked against a pydantic model before anything reads it: unknown
fields, wrong types (strict: ``"1"`` is not a seat, ``1`` is not text) and values out of range
are refused with a message naming the field. :func:`parse_client` reads one WebSocket text
frame; :func:`parse_body` reads an HTTP request body. The builders at the end make the server's
messages, so their shapes are written once.

>>> parse_client('{"type": "ping", "v": 1, "token": "abc"}')
Ping(v=1, token='abc', type='ping', id=None)
>>> parse_client('{"type": "ping", "v": 1, "token": "abc", "extra": 1}')
Traceback (most recent call last):
...
unokit.web.protocol.BadMessage: extra: unknown field
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeAlias, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
)

from unokit.narrator import LANGUAGES
from unokit.web.names import safe_text, visible_name

__all__ = [
    "EMOJI",
    "MAX_MESSAGE_BYTES",
    "MESSAGE_TYPES",
    "PROTOCOL_VERSION",
    "BadMessage",
    "Chat",
    "ClientMessage",
    "CreateRoom",
    "Hello",
    "JoinRoom",
    "Kick",
    "Leave",
    "MoveMessage",
    "Next",
    "Ping",
    "React",
    "Ready",
    "RemoveWatcher",
    "Rename",
    "SetBot",
    "SetRules",
    "SetTable",
    "Start",
    "TakeSeat",
    "parse_body",
    "parse_client",
]

PROTOCOL_VERSION = 1
#: the largest client message (a WebSocket text frame, in UTF-8 bytes)
MAX_MESSAGE_BYTES = 8 * 1024
#: the quick reactions
EMOJI = ("👍", "😂", "😮", "😡", "🎉", "😭")
MAX_SEATS = 10
MAX_MOVE_NO = 2**53

Lang = Literal["en", "zh-Hant", "zh-Hans"]
#: a bot level's name (the levels a server offers: ``Settings.levels()``, checked by the room)
Level = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[a-z][a-z0-9_-]*$")]
Emoji = Literal["👍", "😂", "😮", "😡", "🎉", "😭"]
assert set(Lang.__args__) == set(LANGUAGES)  # type: ignore[attr-defined]
assert Emoji.__args__ == EMOJI  # type: ignore[attr-defined]


class BadMessage(ValueError):
    """A message that does not follow the protocol; the text says what is wrong."""


def _printable(text: str) -> str:
    """Refuse what changes how other text reads (control characters, bidi controls, lone
    surrogates: :func:`unokit.web.names.safe_text`); emoji and zero-width spaces pass."""
    return safe_text(text)


def _name(text: str) -> str:
    return visible_name(text)


Token = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
RequestId = Annotated[int, Field(ge=0, le=MAX_MOVE_NO)]
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(_name)]
ChatText = Annotated[str, Field(min_length=1, max_length=300), AfterValidator(_printable)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    v: Literal[1]
    token: Token


class Hello(_Message):
    """Open (or reopen) my seat or spectator place."""

    type: Literal["hello"]
    lang: Lang = "en"


class MoveMessage(_Message):
    """A move in notation (``"play R5"``, ``"R5"``, ``"draw"``, ``"catch 2"``), made at
    ``move_no`` (the last state the client saw)."""

    type: Literal["move"]
    id: RequestId | None = None
    move_no: Annotated[int, Field(ge=0, le=MAX_MOVE_NO)]
    move: Annotated[str, Field(min_length=1, max_length=200)]


class Chat(_Message):
    type: Literal["chat"]
    id: RequestId | None = None
    text: ChatText


class React(_Message):
    type: Literal["react"]
    id: RequestId | None = None
    emoji: Emoji


class TakeSeat(_Message):
    type: Literal["take_seat"]
    id: RequestId | None = None
    seat: Seat


class SetBot(_Message):
    type: Literal["set_bot"]
    id: RequestId | None = None
    seat: Seat
    level: Level | None


class Kick(_Message):
    type: Literal["kick"]
    id: RequestId | None = None
    seat: Seat


class Start(_Message):
    type: Literal["start"]
    id: RequestId | None = None


class Ready(_Message):
    type: Literal["ready"]
    id: RequestId | None = None


class Next(_Message):
    type: Literal["next"]
    id: RequestId | None = None


class Ping(_Message):
    type: Literal["ping"]
    id: RequestId | None = None


class Rename(_Message):
    """Change my name (unique in the room; never a word the table uses for others)."""

    type: Literal["rename"]
    id: RequestId | None = None
    name: Name


class Leave(_Message):
    """Give up my seat or spectator place: my token opens nothing any more."""

    type: Literal["leave"]
    id: RequestId | None = None


PresetName = Annotated[str, Field(min_length=1, max_length=40)]
OptionName = Annotated[str, Field(max_length=40)]
Options = Annotated[dict[OptionName, bool | int | str], Field(max_length=80)]
Players = Annotated[int, Field(ge=2, le=MAX_SEATS)]


class SetRules(_Message):
    """The host changes the rules in the waiting room: a preset, options over it, players."""

    type: Literal["set_rules"]
    id: RequestId | None = None
    preset: PresetName = "official"
    options: Options = Field(default_factory=dict)
    players: Players


def _takeover(value: int) -> int:
    if 0 < value < 10:
        raise ValueError("is 0 (never) or 10 seconds or more")
    return value


Takeover = Annotated[int, Field(ge=0, le=3600), AfterValidator(_takeover)]


class SetTable(_Message):
    """The host changes how the table is run: whether people may watch, how long a turn may
    last before a bot plays it (0: never), whether newcomers may join (``locked``), and a new
    invite key (``new_invite``: the old links open nothing any more). A field left out is left
    as it is."""

    type: Literal["set_table"]
    id: RequestId | None = None
    watching: bool | None = None
    takeover: Takeover | None = None
    locked: bool | None = None
    new_invite: Literal[True] | None = None


class RemoveWatcher(_Message):
    """The host removes a spectator (``watcher``: the id the room message gives)."""

    type: Literal["remove_watcher"]
    id: RequestId | None = None
    watcher: Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[0-9a-f]+$")]


_CLIENT_MODELS = (
    Hello,
    MoveMessage,
    Chat,
    React,
    TakeSeat,
    SetBot,
    Kick,
    Start,
    Ready,
    Next,
    Ping,
    Rename,
    Leave,
    SetRules,
    SetTable,
    RemoveWatcher,
)
ClientMessage: TypeAlias = (
    Hello
    | MoveMessage
    | Chat
    | React
    | TakeSeat
    | SetBot
    | Kick
    | Start
    | Ready
    | Next
    | Ping
    | Rename
    | Leave
    | SetRules
    | SetTable
    | RemoveWatcher
)
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
MESSAGE_TYPES = tuple(
    model.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
    for model in _CLIENT_MODELS
)


# -- HTTP bodies -----------------------------------------------------------------------------------


class CreateRoom(BaseModel):
    """``POST /api/rooms``: the creator's name and language, the rules, the seats."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: Name
    lang: Lang = "en"
    preset: PresetName = "official"
    options: Options = Field(default_factory=dict)
    players: Players = 4
    bots: list[Level | None] | None = Field(default=None, max_length=MAX_SEATS)
    #: how long a turn may last before a bot plays it (seconds, 0: never; default: the
    #: server's)
    takeover: Takeover | None = None
    #: whether people may watch (spectators)
    watching: bool = True


InviteKey = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9]+$")]


class JoinRoom(BaseModel):
    """``POST /api/rooms/{code}/join``: the invite's key (from the link), a name (a
    spectator may leave it out: the room gives one), a seat or a spectator place."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    invite: InviteKey
    name: Name | None = None
    spectate: bool = False


# -- parsing ---------------------------------------------------------------------------------------


def _where(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as the client wrote it (``move_no``, ``options.x``)."""
    if len(loc) > 1 and loc[0] in MESSAGE_TYPES:  # the tag of the message's model
        loc = loc[1:]
    return ".".join(str(p) for p in loc) or "the message"


def _problem(error: Any) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "missing"
    if kind == "union_tag_invalid":
        return f"unknown message type (expected one of {', '.join(MESSAGE_TYPES)})"
    if kind == "union_tag_not_found":
        return "no type"
    if kind == "literal_error" and error["loc"] and error["loc"][-1] == "v":
        return f"expected protocol version {PROTOCOL_VERSION}"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    return message[:1].lower() + message[1:]


def describe(error: ValidationError) -> str:
    """One line naming every problem: ``move_no: input should be a valid integer``."""
    parts = []
    for item in error.errors()[:5]:
        loc = tuple(item["loc"])
        if item["type"] == "union_tag_invalid":
            loc = ("type",)
        parts.append(f"{_where(loc)}: {_problem(item)}")
    return "; ".join(parts)


def _json(raw: str | bytes, what: str) -> Any:
    try:
        return json.loads(raw)
    except RecursionError:
        raise BadMessage(f"{what} is nested too deeply") from None
    except ValueError:
        raise BadMessage(f"{what} is not JSON") from None


def parse_client(raw: str) -> ClientMessage:
    """One client message from a WebSocket text frame; :class:`BadMessage` saying why not.

    The size is checked first (:data:`MAX_MESSAGE_BYTES`), then JSON, then the schema."""
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"the message is larger than {MAX_MESSAGE_BYTES} bytes")
    data = _json(raw, "the message")
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    if "type" not in data:
        raise BadMessage("type: missing")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        raise BadMessage(describe(error)) from None


ModelT = TypeVar("ModelT", bound=BaseModel)


def parse_body(model: type[ModelT], raw: bytes) -> ModelT:
    """An HTTP request body as ``model``; :class:`BadMessage` saying why not."""
    data = _json(raw, "the request body")
    if not isinstance(data, dict):
        raise BadMessage("the request body is a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise BadMessage(describe(error)) from None


# -- server messages -------------------------------------------------------------------------------


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A server message: ``{"type": kind, "v": 1, **fields}``."""
    return {"type": kind, "v": PROTOCOL_VERSION, **fields}


def welcome(seat: int | None, name: str, host: bool) -> dict[str, Any]:
    role = "player" if seat is not None else "spectator"
    return message(
        "welcome",
        you={"seat": seat, "name": name, "host": host, "role": role},
        protocol=PROTOCOL_VERSION,
    )


def refused(request_id: int | None, code: str, text: str) -> dict[str, Any]:
    return message("refused", id=request_id, code=code, message=text)


def error(text: str) -> dict[str, Any]:
    return message("error", message=text)


def pong() -> dict[str, Any]:
    return message("pong")


def chat(seat: int | None, name: str, text: str, time: float) -> dict[str, Any]:
    return message("chat", seat=seat, name=name, text=text, time=time)


def react(seat: int | None, name: str, emoji: str) -> dict[str, Any]:
    return message("react", seat=seat, name=name, emoji=emoji)
