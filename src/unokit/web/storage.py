"""Where the game server keeps its rooms: one narrow, async storage interface and SQLite.

A room is stored as what rebuilds it (docs/web-protocol.md, "Durability"): its rules, the seed
of the current match, its seats and members, and every accepted move in notation, numbered
room-wide from 1 (``move_no``). The engine is deterministic, so replaying the moves after the
match's ``base`` rebuilds the table exactly. Each move is written, and the write made durable,
before anyone hears of it; ``PRIMARY KEY (room, move_no)`` makes two writers unable to both
land move N (the second gets :class:`MoveConflict`).

:class:`Storage` is the interface the server uses; :class:`SQLiteStorage` keeps everything in
one SQLite file, opened in WAL mode with ``synchronous=FULL`` and used from one worker thread, so
the event loop never waits on a disk. :mod:`unokit.web.storage_pg` puts the same interface on
PostgreSQL, which several server processes share (:func:`open_storage` picks one by its URL).

Several processes need a little more than one: a room's row carries a ``version`` (a write made
on an older version is refused with :class:`RoomConflict`), each room is *driven* (its bots,
timers and host handover) by the process holding its lease, the processes tell each other of
every change (:meth:`Storage.listen` gives :class:`Note`), and who is connected where is shared
(:class:`Presence`). The SQLite versions of these are those of a single process: it holds
every lease, hears no notes and sees no one connected elsewhere.

Tokens are never stored: only their SHA-256 (:func:`token_hash`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import secrets
import socket
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

__all__ = [
    "ChatRow",
    "MemberRow",
    "MoveConflict",
    "Note",
    "Presence",
    "RoomConflict",
    "RoomExists",
    "RoomRow",
    "SQLiteStorage",
    "Storage",
    "StorageError",
    "StoredRoom",
    "is_postgres_url",
    "new_owner",
    "open_storage",
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


class RoomConflict(StorageError):
    """The room was changed (by another process) since the version this write was made on."""


def new_owner() -> str:
    """A name for this server process in leases, presence and notes: host, pid, random."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


def is_postgres_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (anything else is a SQLite path)."""
    return db.startswith(("postgresql://", "postgres://"))


def open_storage(db: str) -> Storage:
    """The storage ``--db`` names: ``postgresql://user@host/db`` or a SQLite file."""
    if is_postgres_url(db):
        from unokit.web.storage_pg import PostgresStorage

        return PostgresStorage(db)
    return SQLiteStorage(db)


@dataclass(slots=True)
class RoomRow:
    """A room's settings and where its current match stands.

    ``rules`` holds ``preset`` and the options that differ from it (``Rules.from_dict`` reads
    it back); ``bots`` is the bot level in each seat (``None``: a person or nobody); ``base``
    is the ``move_no`` of the last move before the current match (its moves are those after
    it); ``status`` is ``lobby`` until the host starts the first match, then ``started``, and
    ``closed`` once it stood idle too long (it is never loaded again). ``version`` counts the
    row's writes (:meth:`Storage.update_room` checks it); ``creator`` is the SHA-256 of the
    address that created the room (to cap the open rooms of one address). ``table`` holds how
    the table is run (not rules): ``invite`` (the key an invite link carries), ``watching``
    (whether people may watch), ``takeover`` (seconds a turn may last before a bot plays
    it)."""

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
    version: int = 0
    creator: str = ""
    table: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class MemberRow:
    """A person in a room: a seat (``seat``) or a spectator place (``seat = None``);
    ``address`` is the SHA-256 of the address they joined from (spectator places are capped
    per address)."""

    room: str
    token_hash: str
    seat: int | None
    name: str
    joined: float = 0.0
    address: str = ""


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


@dataclass(slots=True)
class Presence:
    """Where a member is connected: ``owner`` is the process holding their connection (``None``:
    nowhere, or on a process that stopped answering), ``since`` when that last changed (Unix
    time), ``ready_at`` the ``move_no`` at which they said they were ready (between rounds)."""

    room: str
    token_hash: str
    owner: str | None
    since: float
    ready_at: int = -1


@dataclass(slots=True)
class Note:
    """A change another process made: ``kind`` is ``move`` (``data["n"]``: its number,
    ``data["m"]``: the move), ``room``
    (the row or its members), ``presence`` (``data["th"]``, ``data["owner"]``), ``chat`` (the
    line), ``react``, or ``left`` (a process gave the room up: its lease is free)."""

    room: str
    owner: str
    kind: str
    data: dict[str, Any]


class Storage(Protocol):
    """The server's storage: every method is async and each write is durable when it returns."""

    #: this process's name (leases, presence and notes carry it)
    owner: str
    #: whether several processes may share it (then rooms are loaded on demand)
    shared: bool

    async def open(self) -> None:
        """Connect, and create the tables when they do not exist."""

    async def close(self) -> None:
        """Finish pending writes and disconnect."""

    async def create_room(self, room: RoomRow, members: list[MemberRow]) -> None:
        """Store a new room with its first members; :class:`RoomExists` if the code is taken."""

    async def update_room(self, room: RoomRow) -> None:
        """Store the room's settings and match (seed, base, status, host, bots), made on
        ``room.version`` (the stored version becomes ``room.version + 1``);
        :class:`RoomConflict` when the stored version is another."""

    async def put_member(self, member: MemberRow) -> None:
        """Add a member, or update the one with the same token (its seat, its name)."""

    async def delete_member(self, room: str, token_hash: str) -> None:
        """Remove a member: its token no longer opens anything."""

    async def add_move(self, room: str, move_no: int, text: str) -> None:
        """Store accepted move ``move_no``; :class:`MoveConflict` when it is already there."""

    async def add_chat(self, chat: ChatRow, keep: int = 0) -> None:
        """Store a chat line; with ``keep``, only the room's last ``keep`` lines of the match
        stay (older ones are deleted)."""

    async def load_rooms(self) -> list[StoredRoom]:
        """Every open room with its members, its current match's moves and chat."""

    async def load_room(self, code: str) -> StoredRoom | None:
        """One room (``None``: unknown or closed)."""

    async def load_moves(self, room: str, after: int) -> list[tuple[int, str]]:
        """The room's moves numbered above ``after``, in order."""

    async def count_rooms(self, creator: str | None) -> int:
        """How many open rooms ``creator`` (an address's hash) has made; ``None``: how many
        open rooms there are."""

    async def progress(self, rooms: Sequence[str]) -> dict[str, tuple[int, int, str]]:
        """Where each open room stands in the database: its last move number, its row's
        version and a digest of its members (``room.member_digest`` of the members as
        stored), to find the rooms a process is behind on."""

    async def set_presence(
        self, room: str, token_hash: str, connected: bool, ready_at: int
    ) -> None:
        """The member is connected to this process now (``connected``), or no longer is (only
        if it was this process's); ``ready_at`` as :class:`Presence` says."""

    async def load_presence(self, rooms: Sequence[str]) -> list[Presence]:
        """Where the members of these rooms are connected (none but this process's: [])."""

    async def take_lease(self, room: str, ttl: float) -> bool:
        """Hold the room's lease for ``ttl`` seconds if it is free, lapsed or already ours."""

    async def keep_alive(self, rooms: Sequence[str], ttl: float) -> set[str]:
        """This process is alive for ``ttl`` more seconds; renew the leases of ``rooms``: the
        rooms whose lease is still ours."""

    async def adopt_orphans(self, ttl: float, limit: int) -> list[str]:
        """Take up to ``limit`` open rooms whose lease lapsed (their process died)."""

    async def leave(self, rooms: Sequence[str]) -> None:
        """This process stops serving these rooms: their leases are given back, and its
        connections to them marked gone."""

    async def announce(self, room: str, kind: str, data: dict[str, Any]) -> None:
        """Tell the other processes something that is not stored (a reaction)."""

    def listen(self) -> AsyncIterator[Note]:
        """The changes other processes make, as they are committed (each room's in order)."""


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
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    creator TEXT NOT NULL DEFAULT '',
    settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS seats (
    token_hash TEXT PRIMARY KEY,
    room TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER,
    name TEXT NOT NULL,
    joined REAL NOT NULL,
    address TEXT NOT NULL DEFAULT ''
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
#: columns added since the first schema (added to older files at open), by table
_ADDED_COLUMNS = {
    "rooms": {
        "version": "INTEGER NOT NULL DEFAULT 0",
        "creator": "TEXT NOT NULL DEFAULT ''",
        "settings": "TEXT NOT NULL DEFAULT '{}'",
    },
    "seats": {"address": "TEXT NOT NULL DEFAULT ''"},
}
_ROOM_COLUMNS = (
    "code, rules, seed, bots, bot_level, host, status, base, match_no, created, version, "
    "creator, settings"
)
_SEAT_COLUMNS = "token_hash, room, seat, name, joined, address"


class SQLiteStorage:
    """:class:`Storage` in one SQLite file (``":memory:"`` for a throwaway one, in tests).

    One connection, used only by one worker thread: every call is queued to it, so writes
    happen in the order they were made. WAL journal, ``synchronous=FULL``: a write that has
    returned survives a SIGKILL of the server (and a power cut, as far as the disk keeps its
    promises).

    It is a single process's storage: every lease is this process's, no other process sends
    notes, and nobody is connected anywhere else."""

    shared = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.owner = new_owner()
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
            for table, added in _ADDED_COLUMNS.items():
                have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                for name, kind in added.items():
                    if name not in have:
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
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
                        f"INSERT INTO rooms ({_ROOM_COLUMNS}) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        _room_values(room),
                    )
                except sqlite3.IntegrityError:
                    raise RoomExists(room.code) from None
                for member in members:
                    db.execute(
                        f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                        _member_values(member),
                    )

        await self._run(work)

    async def update_room(self, room: RoomRow) -> None:
        values = _room_values(room)

        def work(db: sqlite3.Connection) -> None:
            done = db.execute(
                "UPDATE rooms SET rules=?, seed=?, bots=?, bot_level=?, host=?, status=?, "
                "base=?, match_no=?, created=?, settings=?, version=version+1 "
                "WHERE code=? AND version=?",
                (*values[1:10], values[12], values[0], room.version),
            )
            if done.rowcount != 1:
                raise RoomConflict(f"room {room.code} changed since version {room.version}")

        await self._run(work)

    async def put_member(self, member: MemberRow) -> None:
        def work(db: sqlite3.Connection) -> None:
            try:
                db.execute(
                    f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(token_hash) DO UPDATE SET seat=excluded.seat, name=excluded.name",
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

    async def add_chat(self, chat: ChatRow, keep: int = 0) -> None:
        def work(db: sqlite3.Connection) -> None:
            with _transaction(db):
                db.execute(
                    "INSERT INTO chat (room, match_no, seat, name, text, time) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (chat.room, chat.match_no, chat.seat, chat.name, chat.text, chat.time),
                )
                if keep:
                    db.execute(
                        "DELETE FROM chat WHERE room=? AND match_no=? AND id NOT IN (SELECT id "
                        "FROM chat WHERE room=? AND match_no=? ORDER BY id DESC LIMIT ?)",
                        (chat.room, chat.match_no, chat.room, chat.match_no, keep),
                    )

        await self._run(work)

    # -- reading back ----------------------------------------------------------------------------

    async def load_rooms(self) -> list[StoredRoom]:
        def work(db: sqlite3.Connection) -> list[StoredRoom]:
            codes = [
                row[0]
                for row in db.execute(
                    "SELECT code FROM rooms WHERE status<>'closed' ORDER BY created, code"
                )
            ]
            return [stored for code in codes if (stored := _sqlite_room(db, code)) is not None]

        return await self._run(work)

    async def load_room(self, code: str) -> StoredRoom | None:
        return await self._run(lambda db: _sqlite_room(db, code))

    async def load_moves(self, room: str, after: int) -> list[tuple[int, str]]:
        def work(db: sqlite3.Connection) -> list[tuple[int, str]]:
            return [
                (n, text)
                for n, text in db.execute(
                    "SELECT move_no, move FROM moves WHERE room=? AND move_no>? ORDER BY move_no",
                    (room, after),
                )
            ]

        return await self._run(work)

    async def count_rooms(self, creator: str | None) -> int:
        def work(db: sqlite3.Connection) -> int:
            if creator is None:
                row = db.execute("SELECT COUNT(*) FROM rooms WHERE status<>'closed'").fetchone()
            else:
                row = db.execute(
                    "SELECT COUNT(*) FROM rooms WHERE creator=? AND status<>'closed'", (creator,)
                ).fetchone()
            return int(row[0])

        return await self._run(work)

    async def progress(self, rooms: Sequence[str]) -> dict[str, tuple[int, int, str]]:
        def work(db: sqlite3.Connection) -> dict[str, tuple[int, int, str]]:
            out: dict[str, tuple[int, int, str]] = {}
            for code in rooms:
                row = db.execute(
                    "SELECT version FROM rooms WHERE code=? AND status<>'closed'", (code,)
                ).fetchone()
                if row is None:
                    continue
                (last,) = db.execute(
                    "SELECT COALESCE(MAX(move_no), 0) FROM moves WHERE room=?", (code,)
                ).fetchone()
                members = db.execute(
                    "SELECT token_hash, seat, name FROM seats WHERE room=?", (code,)
                ).fetchall()
                out[code] = (int(last), int(row[0]), _digest(members))
            return out

        return await self._run(work)

    # -- one process: presence is in memory, every lease is ours, no notes -----------------------

    async def set_presence(
        self, room: str, token_hash: str, connected: bool, ready_at: int
    ) -> None:
        return None

    async def load_presence(self, rooms: Sequence[str]) -> list[Presence]:
        return []

    async def take_lease(self, room: str, ttl: float) -> bool:
        return True

    async def keep_alive(self, rooms: Sequence[str], ttl: float) -> set[str]:
        return set(rooms)

    async def adopt_orphans(self, ttl: float, limit: int) -> list[str]:
        return []

    async def leave(self, rooms: Sequence[str]) -> None:
        return None

    async def announce(self, room: str, kind: str, data: dict[str, Any]) -> None:
        return None

    async def listen(self) -> AsyncIterator[Note]:
        """Nothing: no other process shares the file. Waits until cancelled."""
        await asyncio.Event().wait()
        yield Note("", "", "", {})  # pragma: no cover - never reached


def _sqlite_room(db: sqlite3.Connection, code: str) -> StoredRoom | None:
    row = db.execute(
        f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code=? AND status<>'closed'", (code,)
    ).fetchone()
    if row is None:
        return None
    stored = StoredRoom(
        RoomRow(
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
            version=row[10],
            creator=row[11],
            table=_table(row[12]),
        )
    )
    for member in db.execute(
        "SELECT token_hash, seat, name, joined, address FROM seats WHERE room=? "
        "ORDER BY joined, token_hash",
        (code,),
    ):
        stored.members.append(MemberRow(code, *member))
    (last,) = db.execute("SELECT MAX(move_no) FROM moves WHERE room=?", (code,)).fetchone()
    stored.last_move_no = last or 0
    stored.moves = [
        (n, text)
        for n, text in db.execute(
            "SELECT move_no, move FROM moves WHERE room=? AND move_no>? ORDER BY move_no",
            (code, stored.room.base),
        )
    ]
    stored.chat = [
        ChatRow(code, stored.room.match_no, *line)
        for line in db.execute(
            "SELECT seat, name, text, time FROM chat WHERE room=? AND match_no=? ORDER BY id",
            (code, stored.room.match_no),
        )
    ]
    return stored


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
        room.version,
        room.creator,
        json.dumps(room.table, sort_keys=True),
    )


def _digest(members: Sequence[tuple[str, int | None, str]]) -> str:
    """The digest of (token hash, seat, name) rows: ``room.member_digest``'s."""
    parts = sorted(f"{th}:{'-' if seat is None else seat}:{name}" for th, seat, name in members)
    return hashlib.md5(",".join(parts).encode("utf-8"), usedforsecurity=False).hexdigest()


def _member_values(member: MemberRow) -> tuple[Any, ...]:
    return (
        member.token_hash,
        member.room,
        member.seat,
        member.name,
        member.joined,
        member.address,
    )


def _table(stored: object) -> dict[str, Any]:
    """A room's ``settings`` column: a JSON object (text in SQLite, already read from
    PostgreSQL's JSONB); anything else reads as none."""
    value = stored
    if isinstance(stored, (str, bytes)):
        try:
            value = json.loads(stored or "{}")
        except ValueError:
            return {}
    return value if isinstance(value, dict) else {}
