"""Where the game server keeps its rooms: one narrow, async storage interface and SQLite.

A room is stored as what rebuilds it (docs/web-protocol.md, "Durability"): its rules, the seed
of the current match, its seats and members, and every accepted move in notation, numbered
room-wide from 1 (``move_no``). The engine is deterministic, so replaying the moves after the
match's ``base`` rebuilds the table exactly. Each move is written, and the write made durable,
before anyone hears of it; ``PRIMARY KEY (room, move_no)`` makes two writers unable to both
land move N (the second gets :class:`MoveConflict`).

:class:`Storage` is the interface the server uses (the next issue adds PostgreSQL behind it);
:class:`SQLiteStorage` keeps everything in one SQLite file, opened in WAL mode with
``synchronous=FULL`` and used from one worker thread, so the event loop never waits on a disk.

Tokens are never stored: only their SHA-256 (:func:`token_hash`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

__all__ = [
    "ChatRow",
    "MemberRow",
    "MoveConflict",
    "RoomExists",
    "RoomRow",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "StoredRoom",
    "token_hash",
]

T = TypeVar("T")


def token_hash(token: str) -> str:
    """The SHA-256 of a token, in hex: the only form in which a token is stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class StorageError(Exception):
    """The storage could not do what was asked."""


class MoveConflict(StorageError):
    """Another writer already stored this move number for this room."""


class RoomExists(StorageError):
    """A room with this code already exists."""


@dataclass(slots=True)
class RoomRow:
    """A room's settings and where its current match stands.

    ``rules`` holds ``preset`` and the options that differ from it (``Rules.from_dict`` reads
    it back); ``bots`` is the bot level in each seat (``None``: a person or nobody); ``base``
    is the ``move_no`` of the last move before the current match (its moves are those after
    it); ``status`` is ``lobby`` until the host starts the first match, then ``started``."""

    code: str
    rules: dict[str, Any]
    seed: int
    bots: list[str | None]
    bot_level: str
    host: int | None
    status: str = "lobby"
    base: int = 0
    match_no: int = 1
    created: float = 0.0


@dataclass(slots=True)
class MemberRow:
    """A person in a room: a seat (``seat``) or a spectator place (``seat = None``)."""

    room: str
    token_hash: str
    seat: int | None
    name: str
    joined: float = 0.0


@dataclass(slots=True)
class ChatRow:
    """A chat line, kept with the match it was written in (for the match's record)."""

    room: str
    match_no: int
    seat: int | None
    name: str
    text: str
    time: float


@dataclass(slots=True)
class StoredRoom:
    """Everything stored about a room: what :meth:`Storage.load_rooms` gives back."""

    room: RoomRow
    members: list[MemberRow] = field(default_factory=list)
    #: (move_no, move in notation) of the current match, in order
    moves: list[tuple[int, str]] = field(default_factory=list)
    #: the room's last ``move_no`` (the current match's moves end there)
    last_move_no: int = 0
    chat: list[ChatRow] = field(default_factory=list)


class Storage(Protocol):
    """The server's storage: every method is async and each write is durable when it returns."""

    async def open(self) -> None:
        """Connect, and create the tables when they do not exist."""

    async def close(self) -> None:
        """Finish pending writes and disconnect."""

    async def create_room(self, room: RoomRow, members: list[MemberRow]) -> None:
        """Store a new room with its first members; :class:`RoomExists` if the code is taken."""

    async def update_room(self, room: RoomRow) -> None:
        """Store the room's settings and match (seed, base, status, host, bots)."""

    async def put_member(self, member: MemberRow) -> None:
        """Add a member, or update the one with the same token (its seat, its name)."""

    async def delete_member(self, room: str, token_hash: str) -> None:
        """Remove a member: its token no longer opens anything."""

    async def add_move(self, room: str, move_no: int, text: str) -> None:
        """Store accepted move ``move_no``; :class:`MoveConflict` when it is already there."""

    async def add_chat(self, chat: ChatRow) -> None:
        """Store a chat line."""

    async def load_rooms(self) -> list[StoredRoom]:
        """Every room with its members, its current match's moves and chat."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    bots TEXT NOT NULL,
    bot_level TEXT NOT NULL,
    host INTEGER,
    status TEXT NOT NULL,
    base INTEGER NOT NULL,
    match_no INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY,
    room TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER,
    name TEXT NOT NULL,
    joined REAL NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS seats_one_per_seat ON seats(room, seat) WHERE seat IS NOT NULL;
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(code),
    move_no INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (room, move_no)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room TEXT NOT NULL REFERENCES rooms(code),
    match_no INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    time REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_room ON chat(room, match_no);
"""


class SQLiteStorage:
    """:class:`Storage` in one SQLite file (``":memory:"`` for a throwaway one, in tests).

    One connection, used only by one worker thread: every call is queued to it, so writes
    happen in the order they were made. WAL journal, ``synchronous=FULL``: a write that has
    returned survives a SIGKILL of the server (and a power cut, as far as the disk keeps its
    promises)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db: sqlite3.Connection | None = None
        self._executor: ThreadPoolExecutor | None = None

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._executor is None or self._db is None:
            raise StorageError("the storage is not open")
        db = self._db
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, work, db)

    async def open(self) -> None:
        if self._executor is not None:
            return
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="unokit-sqlite")

        def connect() -> sqlite3.Connection:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(_SCHEMA)
            return db

        loop = asyncio.get_running_loop()
        try:
            self._db = await loop.run_in_executor(self._executor, connect)
        except sqlite3.Error as error:
            self._executor.shutdown(wait=False)
            self._executor = None
            raise StorageError(f"cannot open {self.path}: {error}") from None

    async def close(self) -> None:
        if self._executor is None:
            return
        db = self._db
        if db is not None:
            await asyncio.get_running_loop().run_in_executor(self._executor, db.close)
        self._executor.shutdown(wait=True)
        self._executor = None
        self._db = None

    # -- writes ----------------------------------------------------------------------------------

    async def create_room(self, room: RoomRow, members: list[MemberRow]) -> None:
        def work(db: sqlite3.Connection) -> None:
            with _transaction(db):
                try:
                    db.execute(
                        "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        _room_values(room),
                    )
                except sqlite3.IntegrityError:
                    raise RoomExists(room.code) from None
                for member in members:
                    db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", _member_values(member))

        await self._run(work)

    async def update_room(self, room: RoomRow) -> None:
        values = _room_values(room)

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE rooms SET rules=?, seed=?, bots=?, bot_level=?, host=?, status=?, "
                "base=?, match_no=?, created=? WHERE code=?",
                (*values[1:], values[0]),
            )

        await self._run(work)

    async def put_member(self, member: MemberRow) -> None:
        def work(db: sqlite3.Connection) -> None:
            try:
                db.execute(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?) ON CONFLICT(token_hash) DO UPDATE "
                    "SET seat=excluded.seat, name=excluded.name",
                    _member_values(member),
                )
            except sqlite3.IntegrityError as error:
                raise StorageError(f"seat {member.seat} is taken: {error}") from None

        await self._run(work)

    async def delete_member(self, room: str, token_hash: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM seats WHERE room=? AND token_hash=?", (room, token_hash))

        await self._run(work)

    async def add_move(self, room: str, move_no: int, text: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            try:
                db.execute("INSERT INTO moves VALUES (?, ?, ?)", (room, move_no, text))
            except sqlite3.IntegrityError:
                raise MoveConflict(f"room {room} already has move {move_no}") from None

        await self._run(work)

    async def add_chat(self, chat: ChatRow) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO chat (room, match_no, seat, name, text, time) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (chat.room, chat.match_no, chat.seat, chat.name, chat.text, chat.time),
            )

        await self._run(work)

    # -- reading back ----------------------------------------------------------------------------

    async def load_rooms(self) -> list[StoredRoom]:
        def work(db: sqlite3.Connection) -> list[StoredRoom]:
            rooms: dict[str, StoredRoom] = {}
            for row in db.execute("SELECT * FROM rooms ORDER BY created, code"):
                room = RoomRow(
                    code=row[0],
                    rules=json.loads(row[1]),
                    seed=row[2],
                    bots=json.loads(row[3]),
                    bot_level=row[4],
                    host=row[5],
                    status=row[6],
                    base=row[7],
                    match_no=row[8],
                    created=row[9],
                )
                rooms[room.code] = StoredRoom(room)
            for row in db.execute("SELECT * FROM seats ORDER BY joined, token_hash"):
                stored = rooms.get(row[1])
                if stored is not None:
                    stored.members.append(MemberRow(row[1], row[0], row[2], row[3], row[4]))
            for code, last in db.execute("SELECT room, MAX(move_no) FROM moves GROUP BY room"):
                if code in rooms:
                    rooms[code].last_move_no = last
            for stored in rooms.values():
                stored.moves = [
                    (n, text)
                    for n, text in db.execute(
                        "SELECT move_no, move FROM moves WHERE room=? AND move_no>? "
                        "ORDER BY move_no",
                        (stored.room.code, stored.room.base),
                    )
                ]
                stored.chat = [
                    ChatRow(stored.room.code, stored.room.match_no, *row)
                    for row in db.execute(
                        "SELECT seat, name, text, time FROM chat WHERE room=? AND match_no=? "
                        "ORDER BY id",
                        (stored.room.code, stored.room.match_no),
                    )
                ]
            return list(rooms.values())

        return await self._run(work)


class _transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _room_values(room: RoomRow) -> tuple[Any, ...]:
    return (
        room.code,
        json.dumps(room.rules, sort_keys=True),
        room.seed,
        json.dumps(room.bots),
        room.bot_level,
        room.host,
        room.status,
        room.base,
        room.match_no,
        room.created,
    )


def _member_values(member: MemberRow) -> tuple[Any, ...]:
    return (member.token_hash, member.room, member.seat, member.name, member.joined)
