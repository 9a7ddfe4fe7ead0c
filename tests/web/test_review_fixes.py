"""The server's side of the browser table's review (/tmp/reviews/web-review-1.md): what a
player reads is in their language and words (refusals, unplayable cards, the front page's
options, a bad combination of rules), a refused out-of-turn move says the engine's reason, the
deal of a rematch takes a move number, a change of language sends the history again, the
room message says when the host may go on without the players not ready, a room tells who
sits in it before joining, the record is asked for with the token out of the address, a hello
the server fails on closes with 1011, and ``unokit replay`` names the players."""

from __future__ import annotations

import itertools
import json
import re
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from unokit.web.app import create_app
from unokit.web.room import Room
from unokit.web.rooms import Rooms
from unokit.web.storage import SQLiteStorage

from .conftest import FAST, FakePeer, msg
from .test_rooms import full_table, refusal, table

HAN = re.compile(r"[\u4e00-\u9fff]")


def client(**changes: Any) -> TestClient:
    settings = replace(FAST, **changes)
    storage = SQLiteStorage(":memory:")
    rooms = Rooms(storage, settings, seeds=itertools.count(7).__next__)
    return TestClient(create_app(settings, storage, rooms))


@pytest.fixture
def http() -> Iterator[TestClient]:
    with client() as c:
        yield c


# -- finding 2: the player's language and words ---------------------------------------------


async def test_unplayable_reasons_in_the_viewers_language_with_card_names(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7 Y9", "R6 G1", "B1 B2"]))
    ann_t = people[0][0]
    peer = FakePeer()
    await room.connect(ann_t, peer, "zh-Hant")
    why = peer.last("state")["view"]["unplayable"]
    assert set(why) == {"G7", "Y9"}
    assert HAN.search(why["G7"]) and "G7" not in why["G7"] and "R1" not in why["G7"], why
    assert "綠7" in why["G7"] and "紅1" in why["G7"], why
    english = people[1][1].last("state")["view"]["unplayable"]  # Bob, in English
    assert english["G1"] == "it is Ann's turn, not yours", english  # names, "you"


async def test_an_illegal_move_is_refused_in_the_players_language(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7 Y9", "R6 G1", "B1 B2"]))
    ann_t, _, ann = people[0]
    peer = FakePeer()
    await room.connect(ann_t, peer, "zh-Hant")
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play G7"))
    code, text = refusal(peer)
    assert code == "illegal" and HAN.search(text) and "G7" not in text, text


def test_options_in_the_viewers_language(http: TestClient) -> None:
    english = http.get("/api/options").json()
    chinese = http.get("/api/options", params={"lang": "zh-Hant"}).json()
    assert chinese["lang"] == "zh-Hant"
    deck = {o["name"]: o for o in chinese["options"]}["deck"]
    assert HAN.search(deck["meaning"]), deck["meaning"]
    assert len(deck["words"]) == len(deck["values"]) and all(HAN.search(w) for w in deck["words"])
    stacking = {o["name"]: o for o in english["options"]}["stacking"]
    assert "Stacking: +2 on +2, +4 on +4." in stacking["words"]
    assert all("_" not in w for w in stacking["words"]), stacking["words"]
    bools = [o for o in english["options"] if o["kind"] == "bool"]
    assert bools and all(len(o["words"]) == 2 and o["words"][0] != o["words"][1] for o in bools)
    assert chinese["preset_names"]["online"][0] != "online"
    assert english["preset_names"]["official"][0] == "official"
    assert http.get("/api/options", params={"lang": "xx"}).json()["lang"] == "en"


def test_a_bad_combination_of_rules_is_told_with_a_translated_lead(http: TestClient) -> None:
    body = {"name": "美美", "players": 3, "options": {"teams": 2}, "lang": "zh-Hant"}
    answer = http.post("/api/rooms", json=body)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert HAN.search(error.split(":")[0].split("：")[0]), error
    assert "teams" in error  # the engine's own words follow
    body["lang"] = "en"
    error = http.post("/api/rooms", json=body).json()["error"]
    assert error.startswith("These rules cannot be combined: "), error


async def test_the_room_message_names_the_preset_in_the_language(rooms: Rooms) -> None:
    room, token = await rooms.create("Ann", "online", {}, 3, None)
    peer = FakePeer()
    await room.connect(token, peer, "zh-Hant")
    rules = peer.last("room")["rules"]
    assert rules["preset"] == "online" and rules["name"] and rules["name"] != "online"


# -- finding 3: a change of language tells the history again --------------------------------


async def test_a_change_of_language_sends_the_recent_history(rooms: Rooms) -> None:
    room, people = await full_table(rooms)
    ann_t, ann_p, ann = people[0]
    before = len(ann_p.messages)
    await room.handle(ann, msg("hello", ann_t, lang="zh-Hant"))
    state = next(m for m in ann_p.messages[before:] if m["type"] == "state")
    assert state["log"], "the log came back empty"
    assert HAN.search(" ".join(line["text"] for line in state["log"]))


# -- finding 6: when the host may go on ------------------------------------------------------


async def test_the_room_message_says_when_the_host_may_go_on(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"]))
    ann_t, ann_p, ann = people[0]
    assert ann_p.last("room")["ready_in"] is None  # while playing
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
    assert room.status == "round_over"
    ready_in = people[1][1].last("room")["ready_in"]
    assert ready_in == pytest.approx(FAST.ready_timeout, abs=2)


# -- finding 7: out-of-turn refusals, the deal's move number --------------------------------


async def test_a_catch_with_nobody_to_catch_says_why(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7 Y9", "R6 G1 G2", "B1 B2"]))
    cy_t, cy_p, cy = people[2]
    await room.handle(cy, msg("move", cy_t, move_no=room.move_no, move="catch 1"))
    code, text = refusal(cy_p)
    assert code == "illegal" and "Bob holds 3 cards" in text, (code, text)
    await room.handle(cy, msg("move", cy_t, move_no=room.move_no, move="uno"))
    code, text = refusal(cy_p)
    assert code == "illegal" and "you hold 2 cards" in text, (code, text)
    await room.handle(cy, msg("move", cy_t, move_no=room.move_no, move="draw"))
    assert refusal(cy_p) == ("not_your_turn", "It is not your turn.")


async def test_the_deal_of_a_rematch_takes_a_move_number(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"], preset="casual"))
    ann_t, ann_p, ann = people[0]
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
    last = ann_p.last("state")["move_no"]
    for token, _, member in people[1:]:
        await room.handle(member, msg("ready", token))
    await room.handle(ann, msg("next", ann_t))
    dealt = ann_p.last("state")
    assert dealt["move_no"] == last + 1 and dealt["view"]["round_no"] == 1
    # a move on the new table uses that number and is applied once
    game = room.game
    assert game is not None
    seat = game.current
    token, peer, member = people[seat]
    move = next(m["move"] for m in peer.last("state")["view"]["legal"])
    await room.handle(member, msg("move", token, move_no=last + 1, move=move))
    assert room.move_no == last + 2 and not peer.of("refused")


async def test_a_restarted_room_keeps_the_rematch_numbers(tmp_path: Path) -> None:
    from .conftest import managed_rooms

    db = str(tmp_path / "rooms.sqlite3")
    async with managed_rooms(db) as manager:
        room, people = await full_table(manager)
        room.game = table(["R5", "R6 G1", "B1 B2"], preset="casual")  # one move to the end
        ann_t, _, ann = people[0]
        await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
        for token, _, member in people[1:]:
            await room.handle(member, msg("ready", token))
        await room.handle(ann, msg("next", ann_t))
        code, number, hands = room.code, room.move_no, room.game.view(0).hand_sizes
    async with managed_rooms(db) as manager:
        again: Room = await manager.find(code)
        assert again.move_no == number and again.base == number
        assert again.game is not None and again.game.view(0).hand_sizes == hands


# -- finding 8: a room before joining ---------------------------------------------------------


def test_a_room_tells_who_sits_in_it_and_its_rules(http: TestClient) -> None:
    made = http.post(
        "/api/rooms", json={"name": "Ann", "players": 3, "bots": [None, "basic", None]}
    ).json()
    url = f"/api/rooms/{made['code']}"
    info = http.get(url, params={"lang": "zh-Hant"}, headers={"X-Invite": made["invite"]}).json()
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "empty"]
    assert info["seats"][0]["name"] == "Ann" and info["status"] == "lobby"
    assert info["rules"] and HAN.search(info["rules"][0])
    assert "token" not in json.dumps(info) and "hand" not in json.dumps(info)
    unknown = http.get("/api/rooms/QQQQQQ")
    assert unknown.status_code == 404
    # without the invite's key (or with a wrong one) the room is told as an unknown one
    for headers in ({}, {"X-Invite": "ABCDEFGH"}):
        answer = http.get(url, headers=headers)
        assert answer.status_code == 404 and answer.json() == unknown.json()


# -- finding 9: the record without the token in its address -----------------------------------


def test_the_record_is_asked_for_with_the_token_in_the_body(http: TestClient) -> None:
    made = http.post(
        "/api/rooms", json={"name": "Ann", "players": 2, "bots": [None, "basic"]}
    ).json()
    code, token = made["code"], made["token"]
    url = f"/api/rooms/{code}/record"
    assert http.post(url, json={"token": token}).status_code == 403  # not over yet
    assert http.post(url, json={"token": "nope"}).status_code == 404  # as an unknown room
    assert http.post(url, json={}).status_code == 400
    json_type = {"content-type": "application/json"}
    assert http.post(url, content=b"not json", headers=json_type).status_code == 400


# -- finding 1: a hello the server fails on ---------------------------------------------------


def test_a_hello_the_server_fails_on_closes_with_1011(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.websockets import WebSocketDisconnect

    made = http.post("/api/rooms", json={"name": "Ann", "players": 2}).json()

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise AttributeError("'Settings' object has no attribute 'max_room_connections'")

    monkeypatch.setattr(Room, "connect", broken)
    with http.websocket_connect(f"/ws/{made['code']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "v": 1, "token": made["token"]}))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011


# -- finding 9: unokit replay names the players ----------------------------------------------


def test_replay_prints_the_names_a_record_keeps(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from unokit.bots import make_bot
    from unokit.cli.main import app
    from unokit.game import Game
    from unokit.rules import Rules

    game = Game(Rules.preset("casual", players=3), 3)
    bots = [make_bot("basic", seed=seat) for seat in range(3)]
    for seat, bot in enumerate(bots):
        bot.reset(seat, game.rules)
    while not game.match_over:
        seat = next(s for s in range(3) if game.legal_moves(s) and s == game.current)
        move = bots[seat].act(game.view(seat))
        assert move is not None
        game.apply(seat, move)
    names = ["Ann", "Bob", "Bot 2"]
    path = tmp_path / "match.json"
    meta = {"room": "ABCDEF", "match": 1, "names": names, "chat": []}
    path.write_text(json.dumps({**game.record(), "meta": meta}), "utf-8")
    out = CliRunner().invoke(app, ["replay", str(path)]).output
    assert "Ann" in out and "Bob" in out and "seat 1" not in out, out[-500:]
    assert out.strip().splitlines()[-1].startswith("Scores: Ann: ")
