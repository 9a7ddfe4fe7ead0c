"""The storage: rooms, members (token hashes only), moves keyed by (room, move_no), chat; WAL and
synchronous=FULL; two writers cannot both store move N."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from unokit.web.storage import (
    ChatRow,
    MemberRow,
    MoveConflict,
    RoomExists,
    RoomRow,
    SQLiteStorage,
    StorageError,
    token_hash,
)


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


async def test_a_room_comes_back_as_stored(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "rooms.sqlite3")
    await storage.open()
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

    again = SQLiteStorage(tmp_path / "rooms.sqlite3")
    await again.open()
    [stored] = await again.load_rooms()
    await again.close()
    assert stored.room == room_row()
    assert [(m.seat, m.name) for m in stored.members] == [(0, "Ann"), (None, "Eve"), (1, "Bobby")]
    assert stored.moves == [(1, "0: draw"), (2, "1: play R5"), (3, "2: pass")]
    assert stored.last_move_no == 3
    assert [c.text for c in stored.chat] == ["hi <b>"]
    # the token itself is nowhere in the file: only its SHA-256
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert token.encode() not in data


async def test_moves_after_the_match_base_only(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "r.sqlite3")
    await storage.open()
    await storage.create_room(room_row(), [])
    for n in range(1, 6):
        await storage.add_move("ABCDEF", n, f"0: move {n}")
    await storage.update_room(room_row(base=3, match_no=2, seed=9, status="started", host=1))
    [stored] = await storage.load_rooms()
    await storage.close()
    assert stored.room.base == 3 and stored.room.seed == 9 and stored.room.host == 1
    assert [n for n, _ in stored.moves] == [4, 5]
    assert stored.last_move_no == 5


async def test_a_move_number_is_stored_once() -> None:
    storage = SQLiteStorage(":memory:")
    await storage.open()
    await storage.create_room(room_row(), [])
    await storage.add_move("ABCDEF", 1, "0: draw")
    with pytest.raises(MoveConflict):
        await storage.add_move("ABCDEF", 1, "1: draw")
    [stored] = await storage.load_rooms()
    assert stored.moves == [(1, "0: draw")]
    await storage.close()


async def test_two_writers_cannot_both_land_move_n(tmp_path: Path) -> None:
    """Two servers on one file (a mistake, or the next issue's several workers): the primary
    key (room, move_no) lets exactly one of them store move 1."""
    path = tmp_path / "shared.sqlite3"
    one, two = SQLiteStorage(path), SQLiteStorage(path)
    await one.open()
    await two.open()
    await one.create_room(room_row(), [])
    results = await asyncio.gather(
        one.add_move("ABCDEF", 1, "0: draw"),
        two.add_move("ABCDEF", 1, "1: draw"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, MoveConflict) for r in results) == 1
    assert sum(r is None for r in results) == 1
    await one.close()
    await two.close()


async def test_a_room_code_is_taken_once() -> None:
    storage = SQLiteStorage(":memory:")
    await storage.open()
    await storage.create_room(room_row(), [])
    with pytest.raises(RoomExists):
        await storage.create_room(room_row(), [])
    await storage.close()


async def test_one_person_per_seat_and_members_can_leave() -> None:
    storage = SQLiteStorage(":memory:")
    await storage.open()
    await storage.create_room(room_row(), [MemberRow("ABCDEF", "h1", 0, "Ann", 1.0)])
    with pytest.raises(StorageError):
        await storage.put_member(MemberRow("ABCDEF", "h2", 0, "Bob", 2.0))
    await storage.put_member(MemberRow("ABCDEF", "h2", 1, "Bob", 2.0))
    await storage.delete_member("ABCDEF", "h1")
    [stored] = await storage.load_rooms()
    assert [m.token_hash for m in stored.members] == ["h2"]
    await storage.close()


async def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    assert await storage._run(lambda db: db.execute("PRAGMA synchronous").fetchone()[0]) == 2
    await storage.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_closed_storage_says_so() -> None:
    storage = SQLiteStorage(":memory:")
    with pytest.raises(StorageError, match="not open"):
        await storage.load_rooms()


async def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    storage = SQLiteStorage(bad)
    with pytest.raises(StorageError, match="cannot open"):
        await storage.open()
