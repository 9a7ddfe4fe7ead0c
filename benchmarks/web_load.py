"""Load benchmark of the game server: many rooms of scripted players over real WebSockets.

Each room seats four scripted clients (no bots: every move is a client's); each plays its
seat's first legal move when its turn comes, and at the end of a match the host starts a rematch
once everyone is ready. The script measures, for every accepted move, the time from the moment
it was sent to the moment the last seat of the room received its announcement (the ``state``
with the next ``move_no``), and reports moves per second and the p50/p99 of that latency.

By default it starts its own server (``unokit serve``'s application on uvicorn, in a child
process, on a temporary SQLite file, with the per-address limits lifted so that one machine
may open many rooms); ``--url`` points it at servers already running instead (repeatable).
``--servers 2 --postgres`` starts a throwaway PostgreSQL cluster (Debian's package, as the
tests do) and two server processes on it; each room's four seats are spread over the
processes (seat ``s`` of room ``r`` on process ``(r + s) % N``), so every move crosses from one
process to the other through the database's notifications.

``--pace 0.5``: each client moves 0.5 s after its turn comes (a brisk human); ``--pace 0``:
at once (the most the server takes).

    .venv/bin/python benchmarks/web_load.py --rooms 200 --pace 0.5 --seconds 30
    .venv/bin/python benchmarks/web_load.py --rooms 200 --pace 0.5 --seconds 30 \
        --servers 2 --postgres

Clients keep to the protocol's 20 messages a second per connection.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SEATS = 4


@dataclass
class Room:
    code: str
    tokens: list[str]
    #: move_no -> time the move that makes it was sent
    sent: dict[int, float] = field(default_factory=dict)
    #: move_no -> seats that have received that state, and the last arrival
    seen: dict[int, tuple[int, float]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    moves: int = 0

    def arrived(self, move_no: int, now: float) -> None:
        count, _ = self.seen.get(move_no, (0, 0.0))
        self.seen[move_no] = (count + 1, now)
        if count + 1 == SEATS:
            del self.seen[move_no]
            started = self.sent.pop(move_no - 1, None)
            if started is not None:
                self.latencies.append(now - started)
                self.moves += 1


class Pace:
    """At most ``rate`` messages a second (the server refuses more)."""

    def __init__(self, rate: int = 18) -> None:
        self.rate = rate
        self.times: list[float] = []

    async def wait(self) -> None:
        now = time.monotonic()
        self.times = [t for t in self.times if t > now - 1.0]
        if len(self.times) >= self.rate:
            await asyncio.sleep(self.times[0] + 1.0 - now)
        self.times.append(time.monotonic())


async def player(url: str, room: Room, seat: int, stop: asyncio.Event, think: float = 0.0) -> None:
    token = room.tokens[seat]
    pace = Pace()
    async with connect(f"{url}/ws/{room.code}", max_size=2**22) as ws:

        async def send(kind: str, **fields: Any) -> None:
            await pace.wait()
            await ws.send(json.dumps({"type": kind, "v": 1, "token": token, **fields}))

        await send("hello", lang="en")
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                now = time.perf_counter()
                room.arrived(message["move_no"], now)
                view = message["view"]
                if view["phase"] == "match_over":
                    await send("ready")
                    if seat == 0:
                        await send("next")
                elif view["current"] == seat and view["legal"]:
                    if think:
                        await asyncio.sleep(think)
                    room.sent[message["move_no"]] = time.perf_counter()
                    await send("move", move_no=message["move_no"], move=view["legal"][0]["move"])
            elif kind == "room" and seat == 0 and message["status"] == "match_over":
                await send("next")
            elif kind == "error":
                print(f"room {room.code} seat {seat}: {message['message']}", file=sys.stderr)
        await ws.close()


def where(urls: list[str], room: int, seat: int) -> str:
    """The server seat ``seat`` of room ``room`` uses: the rooms span every server."""
    return urls[(room + seat) % len(urls)]


async def open_rooms(urls: list[str], count: int, preset: str) -> list[Room]:
    rooms = []
    clients = [httpx.AsyncClient(base_url=url, timeout=30) for url in urls]
    try:
        for r in range(count):
            http = clients[r % len(urls)]
            made = await http.post(
                "/api/rooms", json={"name": "p0", "preset": preset, "players": SEATS}
            )
            made.raise_for_status()
            code, invite = made.json()["code"], made.json()["invite"]
            tokens = [made.json()["token"]]
            for seat in range(1, SEATS):
                http = clients[(r + seat) % len(urls)]
                body = {"name": f"p{seat}", "invite": invite}
                joined = await http.post(f"/api/rooms/{code}/join", json=body)
                joined.raise_for_status()
                assert joined.json()["seat"] == seat
                tokens.append(joined.json()["token"])
            rooms.append(Room(code, tokens))
    finally:
        for http in clients:
            await http.aclose()
    return rooms


async def start_rooms(urls: list[str], rooms: list[Room]) -> None:
    """The host of each room starts its match (over its own short connection)."""
    for r, room in enumerate(rooms):
        async with connect(f"{where(urls, r, 0)}/ws/{room.code}") as ws:
            hello = {"type": "hello", "v": 1, "token": room.tokens[0], "lang": "en"}
            await ws.send(json.dumps(hello))
            await ws.send(json.dumps({"type": "start", "v": 1, "token": room.tokens[0]}))
            while json.loads(await ws.recv())["type"] != "state":
                pass


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(
    urls: list[str], count: int, seconds: float, preset: str, think: float
) -> dict[str, Any]:
    http_urls = [url.rstrip("/") for url in urls]
    ws_urls = [u.replace("http://", "ws://").replace("https://", "wss://") for u in http_urls]
    rooms = await open_rooms(http_urls, count, preset)
    await start_rooms(ws_urls, rooms)
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(player(where(ws_urls, r, seat), room, seat, stop, think))
        for r, room in enumerate(rooms)
        for seat in range(SEATS)
    ]
    await asyncio.sleep(2.0)  # everyone connected and playing: measure from here
    for room in rooms:
        room.latencies.clear()
        room.moves = 0
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    moves = sum(r.moves for r in rooms)
    latencies = [x for r in rooms for x in r.latencies]
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    if not latencies:
        raise SystemExit("no move was announced: is the server running?")
    return {
        "servers": len(urls),
        "pace_s": think,
        "rooms": count,
        "connections": count * SEATS,
        "seconds": round(elapsed, 1),
        "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1),
    }


def serve(port: int, db: str) -> None:
    """The server the benchmark starts: ``unokit serve``'s app without the per-address limits
    (one machine plays every client)."""
    import uvicorn

    from unokit.web import Settings, create_app

    settings = Settings(
        port=port,
        db=db,
        bot_delay=0.0,
        http_rate=10**9,
        max_rooms_per_address=0,
        max_room_connections=0,
        max_sockets_per_address=0,
        takeover=0,
    )
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning")


def wait_up(url: str) -> None:
    for _ in range(400):
        try:
            if httpx.get(f"{url}/api/options").status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"the server at {url} did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", action="append", help="a running server (repeatable)")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--preset", default="casual")
    parser.add_argument("--pace", type=float, default=0.0, help="seconds before each move")
    parser.add_argument("--servers", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--postgres",
        nargs="?",
        const="throwaway",
        help="the servers share this PostgreSQL URL (default: a throwaway cluster)",
    )
    parser.add_argument("--port", type=int, default=8765, help="first port of the servers")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.port, args.db)
        return
    if args.servers > 1 and not args.postgres and not args.url:
        raise SystemExit("several servers share a PostgreSQL database: add --postgres")
    with contextlib.ExitStack() as stack:
        urls = args.url
        if not urls:
            db = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "bench.sqlite3")
            if args.postgres == "throwaway":
                sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
                from pg_cluster import throwaway_postgres

                db = stack.enter_context(throwaway_postgres())
            elif args.postgres:
                db = args.postgres
            servers = []
            urls = []
            for n in range(args.servers):
                port = args.port + n
                command = [sys.executable, __file__, "--serve", "--port", str(port), "--db", db]
                servers.append(subprocess.Popen(command, env=dict(os.environ)))
                urls.append(f"http://127.0.0.1:{port}")

            def stop_servers() -> None:
                for server in servers:
                    server.terminate()
                for server in servers:
                    try:
                        server.wait(10)
                    except subprocess.TimeoutExpired:
                        server.kill()
                        server.wait(10)

            stack.callback(stop_servers)
            for url in urls:
                wait_up(url)
        result = asyncio.run(run(urls, args.rooms, args.seconds, args.preset, args.pace))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
