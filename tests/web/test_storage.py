"""The storage, on SQLite and on PostgreSQL alike: rooms, members (token hashes only), moves keyed
by (room, move_no), chat, the room row's version; two writers cannot both store move N. Then what
several processes need (PostgreSQL): leases, presence, notes, the schema's migration. And SQLite's
own promises: WAL and synchronous=FULL."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from unokit.web.storage import (
    ChatRow,
    MemberRow,
    MoveConflict,
    Note,
    RoomConflict,
    RoomExists,
    RoomRow,
    SQLiteStorage,
    Storage,
    StorageError,
    open_storage,
    token_hash,
)

Factory = Callable[[], Storage]


def room_row(code: str = "ABCDEF", **changes: object) -> RoomRow:
    row = RoomRow(
        code=code,
        rules={"preset": "party", "players": 3},
        seed=2**62 + 5,
        bots=[None, "strong", None],
        bot_level="basic",
        host=0,
        created=1.5,
    )
    for name, value in changes.items():
        setattr(row, name, value)
    return row


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the storage lives: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    dsn: str = request.getfixturevalue("pg_dsn")
    return dsn


@pytest.fixture
async def make(backend: str) -> AsyncIterator[Factory]:
    """Opens storages on the backend (several: a restart, or several processes); every one
    opened is closed after the test."""
    opened: list[Storage] = []

    def factory() -> Storage:
        storage = open_storage(backend)
        opened.append(storage)
        return storage

    yield factory
    for storage in opened:
        await storage.close()


async def opened(make: Factory) -> Storage:
    storage = make()
    await storage.open()
    return storage


async def test_a_room_comes_back_as_stored(make: Factory, backend: str) -> None:
    storage = await opened(make)
    token = "secret-token-1234"
    await storage.create_room(room_row(), [MemberRow("ABCDEF", token_hash(token), 0, "Ann", 1.0)])
    await storage.put_member(MemberRow("ABCDEF", token_hash("spectator"), None, "Eve", 2.0))
    await storage.put_member(MemberRow("ABCDEF", token_hash("bob"), 2, "Bob", 3.0))
    await storage.put_member(MemberRow("ABCDEF", token_hash("bob"), 1, "Bobby", 3.0))  # moved
    for n, text in enumerate(["0: draw", "1: play R5", "2: pass"], 1):
        await storage.add_move("ABCDEF", n, text)
    await storage.add_chat(ChatRow("ABCDEF", 1, 0, "Ann", "hi <b>", 4.0))
    await storage.add_chat(ChatRow("ABCDEF", 0, 0, "Ann", "an older match", 0.5))
    await storage.close()

    again = await opened(make)
    [stored] = await again.load_rooms()
    assert await again.load_room("ABCDEF") == stored
    assert await again.load_room("QQQQQQ") is None
    assert stored.room == room_row()
    assert [(m.seat, m.name) for m in stored.members] == [(0, "Ann"), (None, "Eve"), (1, "Bobby")]
    assert stored.moves == [(1, "0: draw"), (2, "1: play R5"), (3, "2: pass")]
    assert stored.last_move_no == 3
    assert [c.text for c in stored.chat] == ["hi <b>"]
    assert await again.load_moves("ABCDEF", 1) == [(2, "1: play R5"), (3, "2: pass")]
    if backend.endswith(".sqlite3"):  # the token itself is nowhere in the file: only its hash
        data = b"".join(p.read_bytes() for p in Path(backend).parent.iterdir())
        assert token.encode() not in data


async def test_moves_after_the_match_base_only(make: Factory) -> None:
    storage = await opened(make)
    await storage.create_room(room_row(), [])
    for n in range(1, 6):
        await storage.add_move("ABCDEF", n, f"0: move {n}")
    await storage.update_room(room_row(base=3, match_no=2, seed=9, status="started", host=1))
    [stored] = await storage.load_rooms()
    assert stored.room.base == 3 and stored.room.seed == 9 and stored.room.host == 1
    assert [n for n, _ in stored.moves] == [4, 5]
    assert stored.last_move_no == 5


async def test_a_move_number_is_stored_once(make: Factory) -> None:
    storage = await opened(make)
    await storage.create_room(room_row(), [])
    await storage.add_move("ABCDEF", 1, "0: draw")
    with pytest.raises(MoveConflict):
        await storage.add_move("ABCDEF", 1, "1: draw")
    [stored] = await storage.load_rooms()
    assert stored.moves == [(1, "0: draw")]


async def test_two_writers_cannot_both_land_move_n(make: Factory) -> None:
    """Two servers on one database (several processes): the primary key (room, move_no) lets
    exactly one of them store move N, however often they race."""
    one, two = await opened(make), await opened(make)
    await one.create_room(room_row(), [])
    for n in range(1, 21):
        results = await asyncio.gather(
            one.add_move("ABCDEF", n, "0: draw"),
            two.add_move("ABCDEF", n, "1: draw"),
            return_exceptions=True,
        )
        assert sum(isinstance(r, MoveConflict) for r in results) == 1
        assert sum(r is None for r in results) == 1
    assert [n for n, _ in await one.load_moves("ABCDEF", 0)] == list(range(1, 21))


async def test_a_room_row_is_written_on_the_version_it_was_read(make: Factory) -> None:
    one, two = await opened(make), await opened(make)
    await one.create_room(room_row(), [])
    await one.update_room(room_row(host=1))  # version 0 -> 1
    with pytest.raises(RoomConflict):  # the other process still has version 0
        await two.update_room(room_row(host=2))
    stored = await two.load_room("ABCDEF")
    assert stored is not None and stored.room.version == 1 and stored.room.host == 1
    await two.update_room(room_row(host=2, version=1))
    stored = await one.load_room("ABCDEF")
    assert stored is not None and stored.room.version == 2 and stored.room.host == 2


async def test_closed_rooms_are_not_loaded_and_rooms_are_counted_by_creator(
    make: Factory,
) -> None:
    storage = await opened(make)
    for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
        await storage.create_room(room_row(code, creator="addr-1"), [])
    await storage.create_room(room_row("DDDDDD", creator="addr-2"), [])
    assert await storage.count_rooms("addr-1") == 3
    await storage.update_room(room_row("BBBBBB", creator="addr-1", status="closed"))
    assert await storage.count_rooms("addr-1") == 2
    assert await storage.load_room("BBBBBB") is None
    assert [s.room.code for s in await storage.load_rooms()] == ["AAAAAA", "CCCCCC", "DDDDDD"]


async def test_a_room_code_is_taken_once(make: Factory) -> None:
    storage = await opened(make)
    await storage.create_room(room_row(), [])
    with pytest.raises(RoomExists):
        await storage.create_room(room_row(), [])


async def test_one_person_per_seat_and_members_can_leave(make: Factory) -> None:
    storage = await opened(make)
    await storage.create_room(room_row(), [MemberRow("ABCDEF", "h1", 0, "Ann", 1.0)])
    with pytest.raises(StorageError):
        await storage.put_member(MemberRow("ABCDEF", "h2", 0, "Bob", 2.0))
    await storage.put_member(MemberRow("ABCDEF", "h2", 1, "Bob", 2.0))
    await storage.delete_member("ABCDEF", "h1")
    [stored] = await storage.load_rooms()
    assert [m.token_hash for m in stored.members] == ["h2"]


async def test_a_closed_storage_says_so(make: Factory) -> None:
    storage = make()
    with pytest.raises(StorageError, match="not open"):
        await storage.load_rooms()


async def test_one_process_holds_every_lease_and_hears_nothing(tmp_path: Path) -> None:
    """SQLite is one process's storage: its leases are always its own, nobody is connected
    elsewhere, no other process sends notes."""
    storage = SQLiteStorage(tmp_path / "one.sqlite3")
    await storage.open()
    await storage.create_room(room_row(), [])
    assert await storage.take_lease("ABCDEF", 1.0)
    assert await storage.keep_alive(["ABCDEF"], 1.0) == {"ABCDEF"}
    assert await storage.adopt_orphans(1.0, 10) == []
    await storage.set_presence("ABCDEF", "h1", True, -1)
    assert await storage.load_presence(["ABCDEF"]) == []
    listening = asyncio.ensure_future(anext(aiter(storage.listen())))
    await asyncio.sleep(0.05)
    assert not listening.done()
    listening.cancel()
    await storage.close()


# -- several processes on PostgreSQL -------------------------------------------------------------


@pytest.fixture
async def two(pg_dsn: str) -> AsyncIterator[tuple[Storage, Storage]]:
    """Two processes' storages on one PostgreSQL database."""
    from unokit.web.storage_pg import PostgresStorage

    one, other = PostgresStorage(pg_dsn, owner="one"), PostgresStorage(pg_dsn, owner="two")
    await one.open()
    await other.open()
    try:
        yield one, other
    finally:
        await one.close()
        await other.close()


async def test_a_lease_has_one_holder_until_it_lapses(two: tuple[Storage, Storage]) -> None:
    one, other = two
    await one.create_room(room_row(), [])
    assert await one.take_lease("ABCDEF", 0.3)
    assert await one.take_lease("ABCDEF", 0.3)  # ours already: renewed
    assert not await other.take_lease("ABCDEF", 0.3)
    assert await one.keep_alive(["ABCDEF"], 0.3) == {"ABCDEF"}
    assert await other.keep_alive(["ABCDEF"], 0.3) == set()
    assert await other.adopt_orphans(0.3, 10) == []
    await asyncio.sleep(0.4)  # the holder stopped renewing: the lease lapses
    assert await other.adopt_orphans(5.0, 10) == ["ABCDEF"]
    assert not await one.take_lease("ABCDEF", 5.0)
    assert await one.keep_alive(["ABCDEF"], 5.0) == set()  # the old holder learns it lost it
    await other.leave(["ABCDEF"])  # given back: free for anyone at once
    assert await one.take_lease("ABCDEF", 5.0)
    assert not await one.take_lease("QQQQQQ", 5.0)  # no such room


async def test_presence_and_a_dead_process(two: tuple[Storage, Storage]) -> None:
    one, other = two
    await one.create_room(room_row(), [])
    await one.keep_alive([], 30.0)  # (long: a busy machine must not let it lapse early)
    await other.keep_alive([], 30.0)
    await one.set_presence("ABCDEF", "h1", True, -1)
    [seen] = await other.load_presence(["ABCDEF"])
    assert (seen.token_hash, seen.owner) == ("h1", "one")
    await other.set_presence("ABCDEF", "h1", False, -1)  # not its connection: nothing changes
    [seen] = await other.load_presence(["ABCDEF"])
    assert seen.owner == "one"
    await other.set_presence("ABCDEF", "h1", True, 7)  # the member reconnected to the other
    await one.set_presence("ABCDEF", "h1", False, -1)  # the old connection closing says nothing
    [seen] = await one.load_presence(["ABCDEF"])
    assert (seen.owner, seen.ready_at) == ("two", 7)
    await one.set_presence("ABCDEF", "h2", True, -1)
    rows = {p.token_hash: p for p in await other.load_presence(["ABCDEF"])}
    assert rows["h2"].owner == "one"
    await one.keep_alive([], 0.05)  # process "one" beats a last time, then stops: its member
    deadline = asyncio.get_running_loop().time() + 10  # is away once the beat has lapsed
    while True:
        rows = {p.token_hash: p for p in await other.load_presence(["ABCDEF"])}
        if rows["h2"].owner is None or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.05)
    assert rows["h2"].owner is None and rows["h1"].owner == "two"


async def test_every_change_is_announced_to_the_other_processes(
    two: tuple[Storage, Storage],
) -> None:
    one, other = two
    heard: list[Note] = []
    ready = asyncio.Event()

    async def listen() -> None:
        async for note in other.listen():
            if note.kind == "listening":
                ready.set()
            else:
                heard.append(note)

    task = asyncio.create_task(listen())
    try:
        await asyncio.wait_for(ready.wait(), 10)
        await one.create_room(room_row(), [MemberRow("ABCDEF", "h1", 0, "Ann", 1.0)])
        await one.add_move("ABCDEF", 1, "0: draw")
        with pytest.raises(MoveConflict):  # a move that is not stored is not announced
            await one.add_move("ABCDEF", 1, "0: draw")
        await one.update_room(room_row(host=1))
        await one.put_member(MemberRow("ABCDEF", "h2", 1, "Bob", 2.0))
        await one.add_chat(ChatRow("ABCDEF", 1, 0, "Ann", "hi", 3.0))
        await one.set_presence("ABCDEF", "h1", True, -1)
        await one.announce("ABCDEF", "react", {"seat": 0, "name": "Ann", "emoji": "🎉"})
        await one.leave(["ABCDEF"])
        await other.add_move("ABCDEF", 2, "1: draw")  # its own notes are not told back
        await one.add_move("ABCDEF", 3, "0: draw")
        deadline = asyncio.get_running_loop().time() + 10
        while len(heard) < 8:
            assert asyncio.get_running_loop().time() < deadline, heard
            await asyncio.sleep(0.01)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert [(n.room, n.owner, n.kind) for n in heard] == [
        ("ABCDEF", one.owner, kind)
        for kind in ("move", "room", "room", "chat", "presence", "react", "left", "move")
    ]
    assert heard[0].data == {"n": 1, "m": "0: draw"} and heard[-1].data == {"n": 3, "m": "0: draw"}
    assert heard[3].data["text"] == "hi" and heard[4].data["th"] == "h1"
    assert heard[4].data["ready_at"] == -1


async def test_an_older_schema_is_migrated_at_open(pg_cluster: str, tmp_path: Path) -> None:
    """A database made by the first schema (issue 11's PostgreSQL storage) gains what several
    processes need, keeping its rooms; so does an older SQLite file."""
    import psycopg

    from unokit.web.storage_pg import _MIGRATIONS, PostgresStorage

    name = "old_schema"
    with psycopg.connect(pg_cluster, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    dsn = pg_cluster.rsplit("/", 1)[0] + "/" + name
    try:
        with psycopg.connect(dsn, autocommit=True) as conn:
            for statement in _MIGRATIONS[1]:
                conn.execute(statement)  # type: ignore[arg-type]
            conn.execute("CREATE TABLE unokit_schema (version INTEGER NOT NULL)")
            conn.execute("INSERT INTO unokit_schema VALUES (1)")
            conn.execute(
                'INSERT INTO rooms VALUES (\'ABCDEF\', \'{"preset": "party", "players": 3}\', '
                "5, '[null, null, null]', 'basic', 0, 'lobby', 0, 1, 1.0)"
            )
        storage = PostgresStorage(dsn)
        await storage.open()
        try:
            stored = await storage.load_room("ABCDEF")
            assert stored is not None and stored.room.version == 0 and stored.room.seed == 5
            assert await storage.take_lease("ABCDEF", 1.0)
        finally:
            await storage.close()
    finally:
        with psycopg.connect(pg_cluster, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as db:
        db.execute(
            "CREATE TABLE rooms (code TEXT PRIMARY KEY, rules TEXT NOT NULL, seed INTEGER NOT "
            "NULL, bots TEXT NOT NULL, bot_level TEXT NOT NULL, host INTEGER, status TEXT NOT "
            "NULL, base INTEGER NOT NULL, match_no INTEGER NOT NULL, created REAL NOT NULL)"
        )
        db.execute(
            "INSERT INTO rooms VALUES ('ABCDEF', '{\"preset\": \"party\"}', 5, '[null]', "
            "'basic', 0, 'lobby', 0, 1, 1.0)"
        )
    lite = SQLiteStorage(old)
    await lite.open()
    [stored] = await lite.load_rooms()
    await lite.update_room(stored.room)
    assert (await lite.load_rooms())[0].room.version == 1
    await lite.close()


# -- SQLite's own promises -----------------------------------------------------------------------


async def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    assert await storage._run(lambda db: db.execute("PRAGMA synchronous").fetchone()[0]) == 2
    await storage.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    storage = SQLiteStorage(bad)
    with pytest.raises(StorageError, match="cannot open"):
        await storage.open()


async def test_postgres_refuses_a_server_it_cannot_reach() -> None:
    from unokit.web.storage_pg import PostgresStorage

    pytest.importorskip("psycopg")
    storage = PostgresStorage("postgresql://nobody:secret@127.0.0.1:1/none")
    with pytest.raises(StorageError, match="cannot connect") as error:
        await storage.open()
    assert "secret" not in str(error.value)
