"""The protocol's messages (docs/web-protocol.md): every client message type, and every way a
message is refused (not JSON, unknown field or type, wrong type, out of range, too big)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from unokit.web import protocol as proto
from unokit.web.protocol import BadMessage, parse_body, parse_client


def raw(kind: str, **fields: Any) -> str:
    return json.dumps({"type": kind, "v": 1, "token": "tok_en-1", **fields})


@pytest.mark.parametrize(
    ("kind", "fields", "model"),
    [
        ("hello", {"lang": "zh-Hant"}, proto.Hello),
        ("move", {"move_no": 3, "move": "play R5", "id": 7}, proto.MoveMessage),
        ("chat", {"text": "good game"}, proto.Chat),
        ("react", {"emoji": "🎉"}, proto.React),
        ("take_seat", {"seat": 2}, proto.TakeSeat),
        ("set_bot", {"seat": 1, "level": "expert"}, proto.SetBot),
        ("set_bot", {"seat": 1, "level": None}, proto.SetBot),
        ("kick", {"seat": 3}, proto.Kick),
        ("start", {}, proto.Start),
        ("ready", {}, proto.Ready),
        ("next", {}, proto.Next),
        ("ping", {}, proto.Ping),
    ],
)
def test_every_client_message_type_is_read(kind: str, fields: dict[str, Any], model: type) -> None:
    message = parse_client(raw(kind, **fields))
    assert isinstance(message, model)
    assert message.type == kind
    for name, value in fields.items():
        assert getattr(message, name) == value


def test_hello_defaults_to_english() -> None:
    message = parse_client(raw("hello"))
    assert isinstance(message, proto.Hello) and message.lang == "en"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "a JSON object"),
        ('"hello"', "a JSON object"),
        ("{}", "type: missing"),
        (raw("pong"), "type: unknown message type"),
        (raw("ping", extra=1), "extra: unknown field"),
        (raw("move", move_no="3", move="draw"), "move_no: input should be a valid integer"),
        (raw("move", move_no=True, move="draw"), "move_no: input should be a valid integer"),
        (raw("move", move_no=3.0, move="draw"), "move_no: input should be a valid integer"),
        (raw("move", move_no=-1, move="draw"), "move_no: input should be greater than"),
        (raw("move", move_no=1, move=5), "move: input should be a valid string"),
        (raw("move", move_no=1), "move: missing"),
        (raw("move", move_no=1, move=""), "move: string should have at least 1 character"),
        (raw("take_seat", seat=10), "seat: input should be less than 10"),
        (raw("take_seat", seat="1"), "seat: input should be a valid integer"),
        (raw("set_bot", seat=1, level="Genius!"), "level: string should match"),
        (raw("set_bot", seat=1, level="policy:/etc/passwd"), "level: string should match"),
        (raw("set_bot", seat=1), "level: missing"),
        (raw("react", emoji="💩"), "emoji: input should be"),
        (raw("chat", text=""), "text: string should have at least 1 character"),
        (raw("chat", text="x" * 301), "text: string should have at most 300 characters"),
        (raw("chat", text="hi\u202eyou"), "text: holds the bidi control U+202E"),
        (raw("hello", lang="fr"), "lang: input should be"),
        (json.dumps({"type": "ping", "v": 2, "token": "t"}), "v: expected protocol version 1"),
        (json.dumps({"type": "ping", "token": "t"}), "v: missing"),
        (json.dumps({"type": "ping", "v": 1}), "token: missing"),
        (json.dumps({"type": "ping", "v": 1, "token": "<b>"}), "token: string should match"),
        (json.dumps({"type": "ping", "v": 1, "token": "t" * 65}), "token: string should have"),
        ("[" * 100_000 + "]" * 100_000, "larger than 8192 bytes"),
        (raw("chat", text="x" * 9000), "larger than 8192 bytes"),
        (raw("chat", text="字" * 2800), "larger than 8192 bytes"),
    ],
)
def test_a_bad_message_is_refused_saying_why(text: str, expected: str) -> None:
    with pytest.raises(BadMessage) as caught:
        parse_client(text)
    assert expected in str(caught.value)


def test_deeply_nested_json_is_refused_without_a_crash() -> None:
    with pytest.raises(BadMessage, match=r"nested too deeply|not JSON"):
        parse_client("[" * 4000 + "]" * 4000)


def test_create_and_join_bodies() -> None:
    body = parse_body(
        proto.CreateRoom,
        json.dumps(
            {
                "name": "  Ann   Lee ",
                "lang": "zh-Hans",
                "preset": "party",
                "options": {"stacking": "any", "hand_size": 5, "seven_zero": True},
                "players": 5,
                "bots": [None, "strong", None],
            }
        ).encode(),
    )
    assert body.name == "Ann Lee"
    assert body.options == {"stacking": "any", "hand_size": 5, "seven_zero": True}
    assert body.bots == [None, "strong", None]
    join = parse_body(proto.JoinRoom, b'{"name": "Bob", "spectate": true, "invite": "ABCDEFGH"}')
    assert join.name == "Bob" and join.spectate and join.invite == "ABCDEFGH"
    # a spectator may give no name (the room gives one); nobody joins without the key
    assert parse_body(proto.JoinRoom, b'{"spectate": true, "invite": "ABCDEFGH"}').name is None
    with pytest.raises(proto.BadMessage, match="invite: missing"):
        parse_body(proto.JoinRoom, b'{"name": "Bob"}')


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("shaking face \U0001fae8", True),  # newer than this Python's Unicode tables
        ("zero\u200bwidth", True),
        ("family \U0001f468\u200d\U0001f469\u200d\U0001f467", True),
        ("flag \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", True),
        ("bidi \u202e", False),
        ("isolate \u2066x\u2069", False),
        ("line\nbreak", False),
        ("bell \u0007", False),
        ("C1 \u0085", False),
    ],
)
def test_chat_refuses_only_what_changes_how_text_reads(text: str, kept: bool) -> None:
    """19.11: emoji newer than the server's Unicode and zero-width spaces are chat; control
    and bidi characters are not."""
    raw = json.dumps({"type": "chat", "v": 1, "token": "t", "text": text})
    if kept:
        assert parse_client(raw).text == text  # type: ignore[union-attr]
    else:
        with pytest.raises(proto.BadMessage, match="text: holds"):
            parse_client(raw)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"{", "not JSON"),
        (b"[]", "a JSON object"),
        (b'{"name": ""}', "name: string should have at least 1 character"),
        (b'{"name": "   "}', "name: is empty"),
        (b'{"name": "a\\u0007b"}', "control character"),
        (b'{"name": "' + b"x" * 41 + b'"}', "name: string should have at most 40"),
        (b'{"name": "A", "players": 11}', "players: input should be less than or equal to 10"),
        (b'{"name": "A", "players": "4"}', "players: input should be a valid integer"),
        (b'{"name": "A", "bots": ["Smart!"]}', "bots.0: string should match"),
        (b'{"name": "A", "options": {"x": [1]}}', "options.x"),
        (b'{"name": "A", "admin": true}', "admin: unknown field"),
    ],
)
def test_a_bad_create_body_is_refused(body: bytes, expected: str) -> None:
    with pytest.raises(BadMessage) as caught:
        parse_body(proto.CreateRoom, body)
    assert expected in str(caught.value)


def test_server_message_builders() -> None:
    assert proto.welcome(2, "Ann", True) == {
        "type": "welcome",
        "v": 1,
        "you": {"seat": 2, "name": "Ann", "host": True, "role": "player"},
        "protocol": 1,
    }
    assert proto.welcome(None, "Eve", False)["you"]["role"] == "spectator"
    assert proto.refused(4, "stale", "late") == {
        "type": "refused",
        "v": 1,
        "id": 4,
        "code": "stale",
        "message": "late",
    }
    assert proto.error("bad") == {"type": "error", "v": 1, "message": "bad"}
    assert proto.pong() == {"type": "pong", "v": 1}
    assert proto.chat(1, "Ann", "hi", 5.0)["text"] == "hi"
    assert proto.react(None, "Eve", "👍")["emoji"] == "👍"
