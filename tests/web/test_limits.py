"""The abuse limits a public server needs, each a setting with a clear refusal: rooms per client
address, connections per room, idle rooms closed (and unloaded), and the flags of
``unokit serve`` that set them (message size and rate too)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from unokit.cli.main import app
from unokit.web.room import NotFound, Refusal

from .conftest import FakePeer, managed_rooms, until
from .test_server import client, create, hello, send


def test_rooms_per_client_address() -> None:
    with client(max_rooms_per_address=2) as c:
        create(c)
        create(c)
        answer = c.post("/api/rooms", json={"name": "Ann", "players": 3})
        assert answer.status_code == 429
        assert answer.json()["error"] == (
            "This address already has 2 open rooms, the most it may have; play in one of "
            "them, or wait until one closes."
        )
        chinese = c.post("/api/rooms", json={"name": "Ann", "players": 3, "lang": "zh-Hant"})
        assert chinese.status_code == 429 and "2" in chinese.json()["error"]
        assert "address" not in chinese.json()["error"]  # said in the creator's language
    with client(max_rooms_per_address=0) as c:  # 0: no limit
        for _ in range(4):
            create(c)


def test_connections_per_room() -> None:
    """Beyond max_room_connections spectators are refused; a seated player never is (19.1:
    watchers must not crowd the players out)."""
    with client(max_room_connections=2) as c:
        data = create(c)
        code = data["code"]
        joined = [
            c.post(
                f"/api/rooms/{code}/join",
                json={"name": n, "invite": data["invite"], "spectate": n == "Cy"},
            ).json()
            for n in ("Bob", "Cy", "Dee")
        ]
        tokens = [j["token"] for j in joined]
        assert [j["seat"] for j in joined] == [1, None, 2]
        with (
            c.websocket_connect(f"/ws/{code}") as ann,
            c.websocket_connect(f"/ws/{code}") as bob,
        ):
            hello(ann, data["token"])
            hello(bob, tokens[0])
            with c.websocket_connect(f"/ws/{code}") as dee:  # seated: let in, crowded or not
                hello(dee, tokens[2])
            with c.websocket_connect(f"/ws/{code}") as cy:
                send(cy, "hello", tokens[1], lang="en")
                refused = cy.receive_json()
                assert refused["type"] == "refused" and refused["code"] == "crowded"
                assert refused["message"] == (
                    "This room already has 2 connections, the most it takes; try again later."
                )
                with pytest.raises(WebSocketDisconnect) as closed:
                    cy.receive_json()
                assert closed.value.code == 4429
            # a player reconnecting does not count twice: the newer connection replaces
            with c.websocket_connect(f"/ws/{code}") as ann_again:
                hello(ann_again, data["token"])


async def test_an_idle_room_is_closed_and_unloaded() -> None:
    async with managed_rooms(room_idle=0.3, lease_ttl=0.3) as rooms:
        idle, _ = await rooms.create("Ann", "official", {}, 3)
        busy, token = await rooms.create("Bob", "official", {}, 3)
        peer = FakePeer()
        await busy.connect(token, peer, "en")
        await until(lambda: idle.code not in rooms.rooms)
        assert idle.closed
        with pytest.raises(NotFound):
            await rooms.find(idle.code)
        with pytest.raises(NotFound):
            await rooms.join(idle.code, "Cy", False)
        assert await rooms.storage.load_room(idle.code) is None
        with pytest.raises(Refusal):  # its tokens open nothing any more
            await idle.connect(token, FakePeer(), "en")
        assert busy.code in rooms.rooms  # someone is in it: it stays
        await busy.disconnect(busy.members[next(iter(busy.members))], peer)
        await until(lambda: busy.code not in rooms.rooms)  # and closes once they have gone
        await asyncio.sleep(0)


def test_a_closed_room_is_an_unknown_one_over_http() -> None:
    with client(room_idle=0.2, lease_ttl=0.3) as c:
        code = create(c)["code"]
        rooms = c.app.state.rooms  # type: ignore[attr-defined]
        for _ in range(200):
            if code not in rooms.rooms:
                break
            c.get("/api/options")  # lets the server's loop run meanwhile
            import time

            time.sleep(0.02)
        answer = c.post(f"/api/rooms/{code}/join", json={"name": "Bob", "invite": "ABCDEFGH"})
        assert answer.status_code == 404
        assert answer.json()["error"] == (
            "There is no such room (a room closes after 0.2/3600 hours with nobody in it).".replace(
                "0.2/3600", f"{0.2 / 3600:g}"
            )
        )


def test_serve_has_a_flag_for_every_limit() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for flag in (
        "--db",
        "--max-message-bytes",
        "--rate-limit",
        "--http-rate",
        "--max-rooms-per-address",
        "--max-room-connections",
        "--max-members",
        "--room-idle",
        "--lease-ttl",
        "--forwarded-allow-ips",
        "--max-rooms",
        "--max-spectators",
        "--max-spectators-per-address",
        "--max-connections-per-address",
        "--request-timeout",
        "--hello-timeout",
        "--takeover",
        "--public-url",
        "--allowed-host",
    ):
        assert flag in shown, flag
    bad = runner.invoke(app, ["serve", "--max-message-bytes", "10"])
    assert bad.exit_code != 0 and "--max-message-bytes must be 256 to 65536" in bad.output
    bad = runner.invoke(app, ["serve", "--lease-ttl", "0"])
    assert bad.exit_code != 0 and "--lease-ttl" in bad.output
    bad = runner.invoke(app, ["serve", "--public-url", "uno.example.com"])
    assert bad.exit_code == 2 and "--public-url: a public URL starts with http://" in bad.output


def test_a_busy_port_is_said_before_any_room_or_link(tmp_path: Path) -> None:
    """19.9: `unokit serve --room --port P` with P taken printed a room's link, stored the
    room, and only then failed. Now the port is bound first: nothing is made, nothing
    printed but which port is taken and a free one to use."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        db = tmp_path / "rooms.sqlite3"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "unokit.cli.main",
                "serve",
                "--room",
                "--port",
                str(port),
                "--db",
                str(db),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": "200"},
        )
    assert done.returncode == 3, done
    said = " ".join(done.stderr.split())
    assert f"port {port} on 127.0.0.1 is taken by another program (--port " in said, said
    assert "is free, or --port 0 picks one)" in said
    assert "your room" not in done.stdout and "/r/" not in done.stdout
    assert (
        not db.exists()
        or not sqlite3.connect(db)
        .execute("SELECT name FROM sqlite_master WHERE name = 'rooms'")
        .fetchone()
        or sqlite3.connect(db).execute("SELECT COUNT(*) FROM rooms").fetchone() == (0,)
    )


def test_port_zero_picks_a_free_port_and_says_it(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    command_port = None
    try:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "unokit.cli.main",
                "serve",
                "--room",
                "--port",
                "0",
                "--db",
                str(db),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert process.stdout is not None
        for line in process.stdout:
            found = re.search(r"your room: http://127\.0\.0\.1:(\d+)/r/[A-Z]{6}#t=", line)
            if found:
                command_port = int(found.group(1))
                break
        assert command_port and command_port != 0
        assert httpx.get(f"http://127.0.0.1:{command_port}/api/options").status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
