"""Two real ``unokit serve`` processes on one PostgreSQL database (docs/deploy.md).

- two people of one room, each connected to a different process, play a whole round; their
  out-of-turn moves race (both processes accept moves for the room at once): the database
  keeps exactly one move per number and every state anyone saw is the database's game;
- SIGKILL the process that drives a room mid-round: its client reconnects to the other, the
  round is finished there, bots and turn timers resume there, nothing accepted is lost.

Every process and cluster a test starts is stopped by it; nothing sleeps and hopes: each step
waits for the state it needs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.asyncio.client import ClientConnection, connect

from unokit import Game, Rules
from unokit.notation import parse_move

from .conftest import ServerProcess

FAST = ("--bot-delay", "0", "--rate-limit", "1000", "--lease-ttl", "1", "--grace", "3600")


@pytest.fixture
def servers(pg_dsn: str, tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Starts ``unokit serve`` processes on the test's database; all stopped after."""
    started: list[ServerProcess] = []

    def start(*args: str) -> ServerProcess:
        server = ServerProcess(pg_dsn, *FAST, *args, logs=tmp_path)
        started.append(server)
        server.start()
        return server

    try:
        yield start
    finally:
        for server in started:
            server.kill()


def stored_game(dsn: str, code: str) -> tuple[Game, list[str]]:
    """The room's current match rebuilt from the database alone, and its moves."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT rules, seed, base FROM rooms WHERE code=%s", (code,)).fetchone()
        assert row is not None
        rules, seed, base = row
        moves = conn.execute(
            "SELECT move_no, move FROM moves WHERE room=%s ORDER BY move_no", (code,)
        ).fetchall()
    numbers = [n for n, _ in moves]
    assert numbers == list(range(1, len(numbers) + 1)), "move numbers are contiguous"
    game = Game(Rules.from_dict(rules), seed)
    for number, text in moves:
        if number > base:
            game.apply(*parse_move(text))
    return game, [text for _, text in moves]


class Client:
    """One person's browser, as a script: connects, says hello, keeps every state."""

    def __init__(self, base: str, code: str, token: str) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/{code}"
        self.token = token
        self.ws: ClientConnection | None = None
        self.states: dict[int, dict[str, Any]] = {}
        self.last: dict[str, Any] = {}
        self.refused: list[str] = []
        self.chat: list[str] = []

    async def open(self, base: str | None = None) -> None:
        if base is not None:
            self.url = base.replace("http://", "ws://") + "/ws/" + self.url.rsplit("/", 1)[1]
        self.ws = await connect(self.url)
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read(self.ws))
        await self.send("hello", lang="en")

    async def _read(self, ws: ClientConnection) -> None:
        """Every message, kept as it arrives (so what each client heard is known at once)."""
        async for raw in ws:
            message: dict[str, Any] = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                self.states[message["move_no"]] = message["view"]
            elif kind == "refused":
                self.refused.append(message["code"])
            elif kind == "chat":
                self.chat.append(message["text"])
            self.inbox.put_nowait(message)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
            self.ws = None

    async def send(self, kind: str, **fields: Any) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps({"type": kind, "v": 1, "token": self.token, **fields}))

    async def receive(self) -> dict[str, Any]:
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancel that
        # arrives together with a message, so a cancelled play() went on moving
        async with asyncio.timeout(30):
            message = await self.inbox.get()
        assert message["type"] != "error", message
        return message

    async def wait(self, found: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            message = await self.receive()
            if found(message):
                return message

    async def play(
        self, done: Callable[[dict[str, Any]], bool], hold: Callable[[dict[str, Any]], bool]
    ) -> dict[str, Any]:
        """Make the first legal move of every state (out of turn too: jump-ins, catches,
        UNO calls race the other seats), unless ``hold`` says to wait; until ``done``."""
        while True:
            message = await self.receive()
            if message["type"] != "state":
                continue
            if done(message):
                return message
            view = message["view"]
            if view["legal"] and not hold(message):
                move = view["legal"][0]["move"]
                await self.send("move", move_no=message["move_no"], move=move)


def round_over(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["view"]["phase"] in ("round_over", "match_over")


INVITES: dict[str, str] = {}


def create(base: str, **body: Any) -> tuple[str, str]:
    answer = httpx.post(f"{base}/api/rooms", json={"name": "Ann", **body})
    assert answer.status_code == 201, answer.text
    INVITES[answer.json()["code"]] = answer.json()["invite"]
    return answer.json()["code"], answer.json()["token"]


def join(base: str, code: str, name: str) -> tuple[str, int | None]:
    body = {"name": name, "invite": INVITES[code]}
    answer = httpx.post(f"{base}/api/rooms/{code}/join", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["token"], answer.json()["seat"]


def check_states(clients: list[Client], dsn: str, code: str) -> None:
    """Every state anyone received is the database's game at that move: nothing forked,
    nothing was announced that is not stored."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT rules, seed FROM rooms WHERE code=%s", (code,)).fetchone()
        assert row is not None
        moves = conn.execute(
            "SELECT move FROM moves WHERE room=%s ORDER BY move_no", (code,)
        ).fetchall()
    game = Game(Rules.from_dict(row[0]), row[1])
    tables = {0: (game.top, [list(map(str, h)) for h in game.hands])}
    for number, (text,) in enumerate(moves, 1):
        game.apply(*parse_move(text))
        tables[number] = (game.top, [list(map(str, h)) for h in game.hands])
    for client in clients:
        for number, view in client.states.items():
            assert number in tables, f"state {number} was announced but is not stored"
            top, hands = tables[number]
            assert view["top"] == (top.code if top is not None else None), number
            if view["you"] is not None:
                assert view["hand"] == [c for c in hands[view["you"]]], number


async def test_two_processes_play_a_round_of_one_room(servers: Any, pg_dsn: str) -> None:
    one, two = servers(), servers()
    # made on one process, joined on the other (which loads it from the database)
    code, ann_t = create(one.base, preset="online", players=3)
    bob_t, bob_seat = join(two.base, code, "Bob")
    cy_t, cy_seat = join(one.base, code, "Cy")
    assert (bob_seat, cy_seat) == (1, 2)
    ann, bob, cy = (
        Client(one.base, code, ann_t),
        Client(two.base, code, bob_t),
        Client(two.base, code, cy_t),
    )
    try:
        for client in (ann, bob, cy):
            await client.open()
            await client.wait(lambda m: m["type"] == "room")
        # the lobby and chat cross processes: Bob (process two) sees Ann's chat (process one)
        await ann.send("chat", text="hello from one")
        await bob.wait(lambda m: m["type"] == "chat")
        await cy.send("chat", text="hello from two")
        await ann.wait(lambda m: m["type"] == "chat" and m["text"] == "hello from two")
        await ann.send("start")
        races = 0
        for _ in range(6):  # rounds, until out-of-turn moves have raced a few times
            ends = await asyncio.gather(
                *(c.play(round_over, lambda m: False) for c in (ann, bob, cy))
            )
            assert len({e["move_no"] for e in ends}) == 1  # everyone saw the same end
            races = sum(
                c.refused.count("too_late") + c.refused.count("stale") for c in (ann, bob, cy)
            )
            game, moves = stored_game(pg_dsn, code)
            assert game.round_over and len(moves) == ends[0]["move_no"]
            if races >= 3 or ends[0]["view"]["phase"] == "match_over":
                break
            for client in (ann, bob, cy):
                await client.send("ready")
            # the host deals once her process knows that everyone is ready (Bob's and Cy's
            # ready reach process one through the database: dealing earlier is refused)
            await ann.wait(
                lambda m: m["type"] == "room" and all(seat["ready"] for seat in m["seats"])
            )
            await ann.send("next")
        assert races >= 3, "the processes never raced"
        check_states([ann, bob, cy], pg_dsn, code)
    finally:
        for client in (ann, bob, cy):
            await client.close()


async def test_a_killed_process_hands_its_rooms_to_the_other(servers: Any, pg_dsn: str) -> None:
    one, two = servers(), servers()
    # seats 0 (Ann, on process one, which made the room and drives it) and 1 (Bob, on process
    # two) are people, seats 2 and 3 bots; a turn lasts 2 s at most
    code, ann_t = create(
        one.base,
        preset="casual",
        players=4,
        bots=[None, None, "basic", "basic"],
        options={"turn_time_limit": 2},
    )
    bob_t, _ = join(two.base, code, "Bob")
    ann, bob = Client(one.base, code, ann_t), Client(two.base, code, bob_t)
    try:
        await ann.open()
        await bob.open()
        await ann.wait(lambda m: m["type"] == "room")
        await bob.wait(lambda m: m["type"] == "room")
        await ann.send("start")

        def my_turn(client: Client) -> Callable[[dict[str, Any]], bool]:
            def done(message: dict[str, Any]) -> bool:
                view = message["view"]
                return round_over(message) or (view["current"] == view["you"] and view["legal"])

            return done

        # a few moves each (the bots play between them), then Ann's process dies mid-round
        bob_before = asyncio.create_task(bob.play(round_over, lambda m: False))
        for _ in range(3):
            state = await ann.play(my_turn(ann), lambda m: True)
            if round_over(state):
                pytest.skip("the round ended before the kill")  # pragma: no cover
            await ann.send("move", move_no=state["move_no"], move=state["view"]["legal"][0]["move"])
            await ann.wait(lambda m, n=state["move_no"]: m["type"] == "state" and m["move_no"] > n)
        heard = max(max(ann.states), max(bob.states))
        one.kill()
        bob_before.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bob_before
        await ann.close()

        # nothing anyone heard of was lost
        _, moves = stored_game(pg_dsn, code)
        assert len(moves) >= heard
        stored_at_kill = len(moves)  # every later move was made by process two
        # Ann reconnects to the other process; the bots and timers go on there
        await ann.open(two.base)
        first = await ann.wait(lambda m: m["type"] == "state")
        # Bob lets his turn time out once: process two applies the timeout now
        timed_out = False

        def hold_once(message: dict[str, Any]) -> bool:
            view = message["view"]
            return not timed_out and view["current"] == view["you"]

        async def bob_plays() -> dict[str, Any]:
            nonlocal timed_out
            while True:
                message = await bob.play(lambda m: True, hold_once)
                if round_over(message):
                    return message
                view = message["view"]
                if hold_once(message) and view["legal"]:
                    continue  # wait for the timer
                if view["current"] == view["you"] and view["legal"]:
                    await bob.send(
                        "move", move_no=message["move_no"], move=view["legal"][0]["move"]
                    )
                if message["move_no"] > heard and any(
                    entry["kind"] == "timeout" for entry in message.get("log", [])
                ):
                    timed_out = True

        async def ann_plays() -> dict[str, Any]:
            if round_over(first):  # a slow machine: the round was finished without her
                return first
            return await ann.play(round_over, lambda m: False)

        end_ann, end_bob = await asyncio.gather(ann_plays(), bob_plays())
        assert end_ann["move_no"] == end_bob["move_no"]
        game, moves = stored_game(pg_dsn, code)
        assert game.round_over and len(moves) == end_ann["move_no"]
        after = moves[stored_at_kill:]
        assert any(m.startswith(("2:", "3:")) for m in after), "the bots played on process two"
        # Bob's held turn timed out (or, on a machine slow enough that the round ended
        # first, Ann's turns did while she was away)
        assert any(m.endswith("timeout") for m in after), "no timer on two"
        check_states([ann, bob], pg_dsn, code)
    finally:
        await ann.close()
        await bob.close()
