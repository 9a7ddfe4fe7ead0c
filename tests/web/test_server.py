"""The server over HTTP and WebSockets (Starlette's TestClient): every route, every message type
through the socket, the token checks, reconnecting, and bad input (not JSON, unknown field,
wrong type, oversized, flood, binary, bad Origin)."""

from __future__ import annotations

import itertools
import json
import warnings
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from unokit.narrator import translations
from unokit.web.app import STATIC, create_app
from unokit.web.rooms import Rooms
from unokit.web.storage import SQLiteStorage

from .conftest import FAST


def client(**changes: Any) -> TestClient:
    settings = replace(FAST, **changes)
    storage = SQLiteStorage(":memory:")
    rooms = Rooms(storage, settings, seeds=itertools.count(7).__next__)
    return TestClient(create_app(settings, storage, rooms))


@pytest.fixture
def http() -> Iterator[TestClient]:
    with client() as c:
        yield c


def create(c: TestClient, **body: Any) -> dict[str, Any]:
    answer = c.post("/api/rooms", json={"name": "Ann", "players": 3, **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(c: TestClient, room: dict[str, Any], **body: Any) -> Any:
    """``POST /api/rooms/{code}/join`` with the room's invite key (``room``: what create
    returned)."""
    return c.post(f"/api/rooms/{room['code']}/join", json={"invite": room["invite"], **body})


def send(ws: Any, kind: str, token: str, **fields: Any) -> None:
    ws.send_text(json.dumps({"type": kind, "v": 1, "token": token, **fields}))


def receive_until(ws: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def hello(ws: Any, token: str, lang: str = "en") -> dict[str, Any]:
    send(ws, "hello", token, lang=lang)
    welcome: dict[str, Any] = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    assert ws.receive_json()["type"] == "room"
    return welcome


# -- HTTP -------------------------------------------------------------------------------------


def test_the_pages_are_served_when_installed(http: TestClient) -> None:
    for path, name in (("/", "index.html"), ("/r/ABCDEF", "room.html"), ("/r/ZZZZZZ", "room.html")):
        answer = http.get(path)
        assert answer.status_code == (200 if (STATIC / name).is_file() else 404)


def test_options_list_presets_options_bots_and_languages(http: TestClient) -> None:
    data = http.get("/api/options").json()
    assert data["presets"]["casual"] == {"scoring": "none"}
    assert data["bots"] == ["random", "basic", "strong", "expert", "learned"]
    assert data["langs"] == ["en", "zh-Hant", "zh-Hans"]
    options = {o["name"]: o for o in data["options"]}
    assert options["stacking"]["kind"] == "choice" and "any" in options["stacking"]["values"]
    assert options["players"] == options["players"] | {"kind": "int", "low": 2, "high": 10}
    assert options["challenge"]["kind"] == "bool" and options["challenge"]["default"] is True
    assert all(
        set(o) == {"name", "kind", "values", "low", "high", "default", "meaning", "words", "group"}
        for o in data["options"]
    )
    # every option is in one of the groups the form shows (from its section of RULES.md)
    assert {o["group"] for o in data["options"]} <= set(data["groups"])
    assert options["jump_in"]["group"] == "Jump-in" and options["rounds"]["group"] == (
        "Scoring and the match"
    )


def test_labels_in_every_language(http: TestClient) -> None:
    from unokit.web.labels import LABELS

    for lang in ("en", "zh-Hant", "zh-Hans"):
        data = http.get(f"/api/labels/{lang}").json()
        assert list(data) == list(LABELS)
        assert all(data[k] == translations(lang).gettext(k) for k in LABELS)
    assert http.get("/api/labels/fr").status_code == 404


def test_create_a_room(http: TestClient) -> None:
    data = create(http, preset="party", options={"hand_size": 5}, bots=[None, "basic"])
    assert set(data) == {"code", "token", "seat", "link", "invite"}
    assert data["seat"] == 0
    assert data["link"] == f"http://testserver/r/{data['code']}#k={data['invite']}"
    assert len(data["invite"]) == 8 and data["invite"].isalpha()
    room = http.app.state.rooms.get(data["code"])  # type: ignore[attr-defined]
    assert room.rules.hand_size == 5 and room.rules.stacking == "any" and room.bots[1] == "basic"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"options": {"stacking": "often"}}, "stacking = 'often' is not allowed"),
        ({"options": {"wd4_rule": "anytime"}}, "set challenge = false"),
        ({"options": {"stackin": "any"}}, "unknown rule option 'stackin'"),
        ({"preset": "fun"}, "preset = 'fun' is not allowed"),
        ({"bots": ["basic"]}, "bots[0] must be null"),
        ({"players": 1}, "players: input should be greater than or equal to 2"),
        ({"name": ""}, "name: string should have at least 1 character"),
        ({"extra": 1}, "extra: unknown field"),
    ],
)
def test_a_bad_room_is_refused_with_the_reason(
    http: TestClient, body: dict[str, Any], expected: str
) -> None:
    answer = http.post("/api/rooms", json={"name": "Ann", **body})
    assert answer.status_code == 400
    assert expected in answer.json()["error"]


def test_join_a_seat_or_watch_and_unknown_rooms_look_alike(http: TestClient) -> None:
    room = create(http, players=2)
    code = room["code"]
    seat = join(http, room, name="Bob").json()
    assert seat["seat"] == 1 and len(seat["token"]) == 32
    watch = join(http, room, name="Cy").json()
    assert watch["seat"] is None
    eve = join(http, room, name="Eve", spectate=True).json()
    assert eve["seat"] is None
    one = http.post("/api/rooms/AAAAAA/join", json={"name": "Bob", "invite": "ABCDEFGH"})
    two = http.post("/api/rooms/xyz/join", json={"name": "Bob", "invite": room["invite"]})
    # the right code with a wrong key: as if there were no such room
    three = http.post(f"/api/rooms/{code}/join", json={"name": "Bob", "invite": "ABCDEFGH"})
    assert one.status_code == two.status_code == three.status_code == 404
    assert one.json() == two.json() == three.json()
    assert http.post(f"/api/rooms/{code}/join", json={"name": "Bob"}).status_code == 400
    assert (
        http.post(
            f"/api/rooms/{code}/join", content=b"{", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )


def test_request_limits() -> None:
    with client(http_rate=3) as c:
        big = c.post(
            "/api/rooms", content=b"x" * 20_000, headers={"content-type": "application/json"}
        )
        assert big.status_code == 413
        create(c)
        create(c)
        answer = c.post("/api/rooms", json={"name": "Ann"})
        assert answer.status_code == 429 and "too many" in answer.json()["error"]


def test_the_record_only_when_the_match_is_over(http: TestClient) -> None:
    from .test_rooms import table

    data = create(http, preset="casual", players=3, bots=[None, "basic", "basic"])
    code, token = data["code"], data["token"]
    other = create(http)["token"]
    assert http.get(f"/api/rooms/{code}/record", params={"token": token}).status_code == 403
    # a token of another room opens nothing here: as if there were no such room
    assert http.get(f"/api/rooms/{code}/record", params={"token": other}).status_code == 404
    assert http.get("/api/rooms/QQQQQQ/record", params={"token": token}).status_code == 404
    room = http.app.state.rooms.get(code)  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/{code}") as ws:
        hello(ws, token)
        send(ws, "start", token)
        receive_until(ws, "state")
        send(ws, "chat", token, text="gg")
        receive_until(ws, "chat")
        game = table(["R5", "R6 G1", "B1 B2"], preset="casual", uno_called=(0,))
        room.game = game
        send(ws, "move", token, move_no=room.move_no, move="play R5")
        state = receive_until(ws, "state")
        assert state["view"]["match_over"]
    answer = http.get(f"/api/rooms/{code}/record", params={"token": token})
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    record = answer.json()
    assert record["format"] == "unokit-record-1" and record["moves"][-1] == "0: play R5"
    assert record["meta"]["names"] == ["Ann", "Bot 2", "Bot 3"]
    assert [c["text"] for c in record["meta"]["chat"]] == ["gg"]
    # the download is a record every unokit reads: `unokit replay` and `play --resume`
    from unokit.record import load_saved

    saved = load_saved(record)
    assert saved.game.match_over and saved.game.hands[0] == []
    assert saved.meta["names"] == ["Ann", "Bot 2", "Bot 3"]


# -- the WebSocket ----------------------------------------------------------------------------


def test_a_game_over_the_socket(http: TestClient) -> None:
    data = create(http, players=2, bots=[None, "basic"])
    code, token = data["code"], data["token"]
    with http.websocket_connect(f"/ws/{code}") as ws:
        welcome = hello(ws, token)
        assert welcome["you"] == {"seat": 0, "name": "Ann", "host": True, "role": "player"}
        assert welcome["protocol"] == 1 and welcome["v"] == 1
        send(ws, "ping", token)
        assert ws.receive_json() == {"type": "pong", "v": 1}
        send(ws, "start", token, id=1)
        moved = 0
        while moved < 5:
            message = ws.receive_json()
            if message["type"] != "state":
                continue
            view = message["view"]
            assert message["v"] == 1 and set(message) == {
                "type",
                "v",
                "move_no",
                "view",
                "log",
                "deadline",
                "takeover",
                "match_clock",
            }
            if view["current"] == 0 and view["legal"] and message["move_no"] >= 0:
                send(
                    ws,
                    "move",
                    token,
                    move_no=message["move_no"],
                    move=view["legal"][0]["move"],
                    id=9,
                )
                moved += 1
            if view["phase"] in ("round_over", "match_over"):
                break


def test_a_token_opens_one_place_of_one_room(http: TestClient) -> None:
    first = create(http)
    second = create(http)
    for code, token in ((first["code"], second["token"]), ("NOROOM", first["token"])):
        with http.websocket_connect(f"/ws/{code}") as ws:
            send(ws, "hello", token)
            refused = ws.receive_json()
            assert refused["type"] == "refused" and refused["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401


def test_messages_carry_the_connections_own_token(http: TestClient) -> None:
    data = create(http)
    bob = join(http, data, name="Bob").json()["token"]
    with http.websocket_connect(f"/ws/{data['code']}") as ws:
        hello(ws, data["token"])
        send(ws, "start", bob, id=4)
        refused = receive_until(ws, "refused")
        assert refused["code"] == "bad_token" and refused["id"] == 4


def test_reconnect_and_a_newer_connection_replaces_the_older(http: TestClient) -> None:
    data = create(http, players=2, bots=[None, "basic"])
    code, token = data["code"], data["token"]
    with http.websocket_connect(f"/ws/{code}") as first:
        hello(first, token)
        send(first, "start", token)
        state = receive_until(first, "state")
        with http.websocket_connect(f"/ws/{code}") as second:
            send(second, "hello", token)
            assert second.receive_json()["type"] == "welcome"
            assert second.receive_json()["type"] == "room"
            again = receive_until(second, "state")
            assert again["view"]["hand"] and again["move_no"] >= state["move_no"]
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(500):
                    first.receive_json()
            assert closed.value.code == 4000
            send(second, "ping", token)
            receive_until(second, "pong")


@pytest.mark.parametrize(
    ("frame", "expected"),
    [
        ("this is not json", "not JSON"),
        ('{"type": "ping", "v": 1, "token": "t", "admin": true}', "admin: unknown field"),
        ('{"type": "move", "v": 1, "token": "t", "move_no": "3", "move": "draw"}', "move_no"),
        ('{"type": "dance", "v": 1, "token": "t"}', "unknown message type"),
        ('{"type": "ping", "v": 1, "token": "t", "pad": "' + "x" * 9000 + '"}', "larger than 8192"),
    ],
)
def test_bad_input_is_refused_and_the_connection_stays(
    http: TestClient, frame: str, expected: str
) -> None:
    data = create(http)
    with http.websocket_connect(f"/ws/{data['code']}") as ws:
        ws.send_text(frame)  # before hello too
        error = ws.receive_json()
        assert error["type"] == "error" and expected in error["message"]
        hello(ws, data["token"])
        ws.send_text(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and expected in error["message"]
        send(ws, "ping", data["token"])
        assert ws.receive_json()["type"] == "pong"


def test_hello_comes_first_and_binary_frames_are_refused(http: TestClient) -> None:
    data = create(http)
    with http.websocket_connect(f"/ws/{data['code']}") as ws:
        send(ws, "ping", data["token"])
        assert ws.receive_json() == {"type": "error", "v": 1, "message": "Say hello first."}
        ws.send_bytes(b'{"type": "ping"}')
        assert "not binary" in ws.receive_json()["message"]


def test_a_flood_is_refused_then_too_many_errors_close_the_connection() -> None:
    with client(rate_limit=5, max_errors=4) as c:
        data = create(c)
        with c.websocket_connect(f"/ws/{data['code']}") as ws:
            hello(ws, data["token"])
            for _ in range(8):
                send(ws, "ping", data["token"])
            kinds = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(20):
                    message = ws.receive_json()
                    kinds.append(message["type"])
                    if message["type"] == "error":
                        assert "more than 5 messages a second" in message["message"]
            assert closed.value.code == 4400
            assert kinds.count("pong") <= 5 and "error" in kinds


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),
        ("http://testserver", True),
        ("https://testserver", True),
        ("http://friends.example", True),
        ("http://evil.example", False),
        ("http://testserver.evil.example", False),
        ("null", False),
    ],
)
def test_the_socket_checks_its_origin(origin: str | None, allowed: bool) -> None:
    with client(allow_origins=("http://friends.example",)) as c:
        data = create(c)
        headers = {"origin": origin} if origin is not None else {}
        with c.websocket_connect(f"/ws/{data['code']}", headers=headers) as ws:
            if allowed:
                assert hello(ws, data["token"])["you"]["seat"] == 0
            else:
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4403


def test_every_lobby_message_through_the_socket(http: TestClient) -> None:
    data = create(http, players=3)
    code, token = data["code"], data["token"]
    bob = join(http, data, name="Bob").json()
    eve = join(http, data, name="Eve", spectate=True).json()
    with (
        http.websocket_connect(f"/ws/{code}") as ann_ws,
        http.websocket_connect(f"/ws/{code}") as bob_ws,
        http.websocket_connect(f"/ws/{code}") as eve_ws,
    ):
        hello(ann_ws, token)
        hello(bob_ws, bob["token"], "zh-Hant")
        hello(eve_ws, eve["token"])
        send(bob_ws, "take_seat", bob["token"], seat=2, id=1)
        assert receive_until(bob_ws, "welcome")["you"]["seat"] == 2
        send(ann_ws, "set_bot", token, seat=1, level="random", id=2)
        room = receive_until(ann_ws, "room")
        while room["seats"][1]["kind"] != "bot":
            room = receive_until(ann_ws, "room")
        send(bob_ws, "kick", bob["token"], seat=0, id=3)
        refused = receive_until(bob_ws, "refused")
        assert refused["code"] == "not_host" and refused["id"] == 3
        assert refused["message"] == translations("zh-Hant").gettext("Only the host can do that.")
        send(eve_ws, "react", eve["token"], emoji="👍")
        assert receive_until(ann_ws, "react")["name"] == "Eve"
        send(eve_ws, "chat", eve["token"], text="<b>hi</b>")
        assert receive_until(bob_ws, "chat")["text"] == "<b>hi</b>"
        send(bob_ws, "ready", bob["token"], id=5)
        assert receive_until(bob_ws, "refused")["code"] == "not_now"
        send(bob_ws, "next", bob["token"], id=6)
        assert receive_until(bob_ws, "refused")["code"] == "not_host"
        send(ann_ws, "start", token)
        assert receive_until(eve_ws, "state")["view"]["hand"] == []
        send(ann_ws, "kick", token, seat=2)
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(500):
                bob_ws.receive_json()
        assert closed.value.code == 4001
