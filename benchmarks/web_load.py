"""Load benchmark of the game server: many rooms of scripted players over real WebSockets.

Each room seats four scripted clients (no bots: every move is a client's); each plays its
seat's first legal move when its turn comes, and at the end of a match the host starts a rematch
once everyone is ready. The script measures, for every accepted move, the time from the moment
it was sent to the moment the last seat of the room received its announcement (the ``state``
with the next ``move_no``), and reports moves per second and the p50/p99 of that latency.

By default it starts its own server (``unokit serve``'s application on uvicorn, in a child
process, on a temporary SQLite file, with the per-address HTTP limit lifted so that one machine
may open many rooms); ``--url`` points it at a server already running instead.

    .venv/bin/python benchmarks/web_load.py --rooms 50 --seconds 20

Clients keep to the protocol's 20 messages a second per connection.
"""

from __future__ import annotations

import argparse
import asyncio
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


async def player(url: str, room: Room, seat: int, stop: asyncio.Event) -> None:
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
                    room.sent[message["move_no"]] = time.perf_counter()
                    await send("move", move_no=message["move_no"], move=view["legal"][0]["move"])
            elif kind == "room" and seat == 0 and message["status"] == "match_over":
                await send("next")
            elif kind == "error":
                print(f"room {room.code} seat {seat}: {message['message']}", file=sys.stderr)
        await ws.close()


async def open_rooms(url: str, count: int, preset: str) -> list[Room]:
    rooms = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for _ in range(count):
            made = await http.post(
                "/api/rooms", json={"name": "p0", "preset": preset, "players": SEATS}
            )
            made.raise_for_status()
            code = made.json()["code"]
            tokens = [made.json()["token"]]
            for seat in range(1, SEATS):
                joined = await http.post(f"/api/rooms/{code}/join", json={"name": f"p{seat}"})
                joined.raise_for_status()
                assert joined.json()["seat"] == seat
                tokens.append(joined.json()["token"])
            rooms.append(Room(code, tokens))
    return rooms


async def start_rooms(url: str, rooms: list[Room]) -> None:
    """The host of each room starts its match (over its own short connection)."""
    for room in rooms:
        async with connect(f"{url}/ws/{room.code}") as ws:
            hello = {"type": "hello", "v": 1, "token": room.tokens[0], "lang": "en"}
            await ws.send(json.dumps(hello))
            await ws.send(json.dumps({"type": "start", "v": 1, "token": room.tokens[0]}))
            while json.loads(await ws.recv())["type"] != "state":
                pass


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(url: str, count: int, seconds: float, preset: str) -> dict[str, Any]:
    http_url = url.rstrip("/")
    ws_url = http_url.replace("http://", "ws://").replace("https://", "wss://")
    rooms = await open_rooms(http_url, count, preset)
    await start_rooms(ws_url, rooms)
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(player(ws_url, room, seat, stop))
        for room in rooms
        for seat in range(SEATS)
    ]
    await asyncio.sleep(1.0)  # everyone connected and playing: measure from here
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
    """The server the benchmark starts: ``unokit serve``'s app without the HTTP rate limit."""
    import uvicorn

    from unokit.web import Settings, create_app

    settings = Settings(port=port, db=db, bot_delay=0.0, http_rate=10**9)
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--preset", default="casual")
    parser.add_argument("--port", type=int, default=8765, help="port of the server it starts")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.port, args.db)
        return
    server = None
    url = args.url
    with tempfile.TemporaryDirectory() as folder:
        if url is None:
            db = str(Path(folder) / "bench.sqlite3")
            command = [sys.executable, __file__, "--serve", "--port", str(args.port), "--db", db]
            server = subprocess.Popen(command, env=dict(os.environ))
            url = f"http://127.0.0.1:{args.port}"
            for _ in range(200):
                try:
                    if httpx.get(f"{url}/api/options").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
        try:
            result = asyncio.run(run(url, args.rooms, args.seconds, args.preset))
        finally:
            if server is not None:
                server.terminate()
                server.wait(10)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
