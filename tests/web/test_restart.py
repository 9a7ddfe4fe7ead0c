"""Durability: the real ``unokit serve`` is killed with SIGKILL in the middle of a game and
started again on the same database; the game goes on where it stood, with the same hands, and
every move that anyone heard of before the kill was stored."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from unokit import Game, Rules
from unokit.notation import parse_move

from .conftest import ServerProcess

ME = 0


def send(ws: ClientConnection, kind: str, token: str, **fields: Any) -> None:
    ws.send(json.dumps({"type": kind, "v": 1, "token": token, **fields}))


def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=20))
    return message


def stored_game(db: Path, code: str, upto: int = 2**62) -> tuple[Game, int]:
    """The room's game rebuilt from the database alone (its moves up to ``upto``), and the
    number of moves replayed."""
    with sqlite3.connect(db) as con:
        rules, seed = con.execute("SELECT rules, seed FROM rooms WHERE code=?", (code,)).fetchone()
        moves = con.execute(
            "SELECT move_no, move FROM moves WHERE room=? AND move_no<=? ORDER BY move_no",
            (code, upto),
        ).fetchall()
    game = Game(Rules.from_dict(json.loads(rules)), seed)
    for number, (move_no, text) in enumerate(moves, 1):
        assert move_no == number
        game.apply(*parse_move(text))
    return game, len(moves)


def play(
    ws: ClientConnection,
    token: str,
    hands: dict[int, list[str]],
    my_moves: int,
    first: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play my turns (the first legal move) until I have made ``my_moves`` moves and it is my
    turn again, or the match is over; every state's hand is kept by move number."""
    made = 0
    while True:
        message, first = first or receive(ws), None
        assert message["type"] != "error", message  # the bots' delay keeps us under the rate
        if message["type"] != "state":
            continue
        view = message["view"]
        hands[message["move_no"]] = view["hand"]
        if view["phase"] == "match_over":
            return message
        if view["current"] == ME and view["legal"]:
            if made >= my_moves:
                return message
            send(ws, "move", token, move_no=message["move_no"], move=view["legal"][0]["move"])
            made += 1


def test_a_killed_server_resumes_every_room_where_it_stood(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    # bots wait 0.05 s, so this client's moves stay under 20 messages a second
    server = ServerProcess(db, "--bot-delay", "0.05", "--grace", "3600")
    try:
        base = server.start()
        answer = httpx.post(
            f"{base}/api/rooms",
            json={
                "name": "Ann",
                "preset": "casual",
                "players": 3,
                "bots": [None, "basic", "strong"],
            },
        )
        assert answer.status_code == 201
        code, token = answer.json()["code"], answer.json()["token"]
        ws_url = base.replace("http", "ws") + f"/ws/{code}"
        hands: dict[int, list[str]] = {}
        with connect(ws_url, origin=base) as ws:  # type: ignore[arg-type]
            send(ws, "hello", token, lang="en")
            assert receive(ws)["type"] == "welcome"
            send(ws, "start", token)
            before = play(ws, token, hands, my_moves=3)
            server.kill()  # SIGKILL while the bots wait for my move

        # everything announced before the kill was stored first
        game, last = stored_game(db, code)
        assert last >= max(hands) == before["move_no"]
        for number, hand in hands.items():
            assert [c.code for c in stored_game(db, code, number)[0].hands[ME]] == hand, number

        server.start()
        with connect(ws_url, origin=base) as ws:  # type: ignore[arg-type]
            send(ws, "hello", token, lang="en")
            assert receive(ws)["type"] == "welcome"
            assert receive(ws)["type"] == "room"
            state = receive(ws)
            assert state["type"] == "state" and state["move_no"] == last
            assert state["view"]["hand"] == [c.code for c in game.hands[ME]]
            if last == before["move_no"]:  # no bot caught me between the state and the kill
                assert state["view"]["hand"] == before["view"]["hand"]
            # and the match goes on to its end
            end = play(ws, token, hands, my_moves=10_000, first=state)
            assert end["view"]["phase"] == "match_over"
        record = httpx.get(f"{base}/api/rooms/{code}/record", params={"token": token}).json()
        final, total = stored_game(db, code)
        assert len(record["moves"]) == total and final.match_over
    finally:
        server.kill()
