"""The server's storage on PostgreSQL (``unokit serve --db postgresql://user@host/db``).

The same :class:`~unokit.web.storage.Storage` interface as SQLite, through psycopg 3 (async)
and a small connection pool, so several server processes can share one database
(docs/deploy.md):

- ``PRIMARY KEY (room, move_no)`` orders each room's moves: of two processes storing move N of
  a room at the same moment, one gets :class:`~unokit.web.storage.MoveConflict`;
- ``rooms.version`` orders the other changes of a room (:class:`~unokit.web.storage.RoomConflict`);
- every write announces itself with ``NOTIFY unokit`` in its own transaction (delivered when,
  and only if, it commits), so the other processes learn of it (:meth:`PostgresStorage.listen`);
- ``leases(room, owner, expires)``: the process that drives a room (bots, timers, host
  handover) holds its lease, renewed while it lives; when it dies the lease lapses and another
  process takes it (``UPDATE ... WHERE expires < now() OR owner = me``: one winner);
- ``presence``: which process holds each member's connection; ``processes``: each process's
  heartbeat (a member connected to a process that stopped beating is away).

The schema is created, or migrated, at :meth:`open`; the version stands in ``unokit_schema``.
Each write is one transaction, committed (and so durable: ``synchronous_commit`` is on by
default) before the method returns. Times that several processes compare (lease expiries,
heartbeats) are the database's clock, never a process's.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from unokit.web.storage import (
    _ROOM_COLUMNS,
    _SEAT_COLUMNS,
    ChatRow,
    MemberRow,
    MoveConflict,
    Note,
    Presence,
    RoomConflict,
    RoomExists,
    RoomRow,
    StorageError,
    StoredRoom,
    _digest,
    _member_values,
    _room_values,
    _table,
    new_owner,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStorage"]

T = TypeVar("T")
Conn = psycopg.AsyncConnection[Any]

#: the channel on which every change is announced: a JSON payload (see :func:`_payload`)
CHANNEL = "unokit"
SCHEMA_VERSION = 3

#: migrations: version -> statements that bring a database from the version below to it
_MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE rooms (
            code TEXT PRIMARY KEY,
            rules JSONB NOT NULL,
            seed BIGINT NOT NULL,
            bots JSONB NOT NULL,
            bot_level TEXT NOT NULL,
            host INTEGER,
            status TEXT NOT NULL,
            base INTEGER NOT NULL,
            match_no INTEGER NOT NULL,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE seats (
            token_hash TEXT PRIMARY KEY,
            room TEXT NOT NULL REFERENCES rooms(code),
            seat INTEGER,
            name TEXT NOT NULL,
            joined DOUBLE PRECISION NOT NULL
        )""",
        "CREATE UNIQUE INDEX seats_one_per_seat ON seats(room, seat) WHERE seat IS NOT NULL",
        """CREATE TABLE moves (
            room TEXT NOT NULL REFERENCES rooms(code),
            move_no INTEGER NOT NULL,
            move TEXT NOT NULL,
            PRIMARY KEY (room, move_no)
        )""",
        """CREATE TABLE chat (
            id BIGSERIAL PRIMARY KEY,
            room TEXT NOT NULL REFERENCES rooms(code),
            match_no INTEGER NOT NULL,
            seat INTEGER,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            time DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX chat_room ON chat(room, match_no)",
    ],
    2: [
        "ALTER TABLE rooms ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE rooms ADD COLUMN creator TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX rooms_creator ON rooms(creator) WHERE status <> 'closed'",
        "CREATE INDEX seats_room ON seats(room)",
        """CREATE TABLE leases (
            room TEXT PRIMARY KEY REFERENCES rooms(code),
            owner TEXT NOT NULL,
            expires TIMESTAMPTZ NOT NULL
        )""",
        "CREATE INDEX leases_expires ON leases(expires)",
        """CREATE TABLE presence (
            room TEXT NOT NULL REFERENCES rooms(code),
            token_hash TEXT NOT NULL,
            owner TEXT,
            since DOUBLE PRECISION NOT NULL,
            ready_at INTEGER NOT NULL DEFAULT -1,
            PRIMARY KEY (room, token_hash)
        )""",
        """CREATE TABLE processes (
            owner TEXT PRIMARY KEY,
            expires TIMESTAMPTZ NOT NULL
        )""",
    ],
    3: [
        "ALTER TABLE rooms ADD COLUMN settings JSONB NOT NULL DEFAULT '{}'",
        "ALTER TABLE seats ADD COLUMN address TEXT NOT NULL DEFAULT ''",
    ],
}

_NOW = "extract(epoch from clock_timestamp())"


def _payload(room: str, origin: str, kind: str, **data: Any) -> str:
    """A note's payload: ``{"r": room, "o": owner, "k": kind, ...data}`` (under 8000 bytes:
    names are 40 characters at most, chat lines 300)."""
    return json.dumps({"r": room, "o": origin, "k": kind, **data}, separators=(",", ":"))


async def _notify(conn: Conn, room: str, origin: str, kind: str, **data: Any) -> None:
    await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _payload(room, origin, kind, **data)))


class PostgresStorage:
    """:class:`~unokit.web.storage.Storage` on a PostgreSQL server, given by its URL."""

    shared = True

    def __init__(self, dsn: str, *, pool_size: int = 8, owner: str | None = None) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self.owner = owner or new_owner()
        self._pool: AsyncConnectionPool | None = None

    async def open(self) -> None:
        if self._pool is not None:
            return
        try:  # one connection first: a server that is not there is told at once
            first = await psycopg.AsyncConnection.connect(self.dsn, connect_timeout=10)
        except psycopg.Error as error:
            raise StorageError(f"cannot connect to {_safe(self.dsn)}: {error}") from None
        await first.close()
        pool = AsyncConnectionPool(
            self.dsn, min_size=1, max_size=self.pool_size, open=False, kwargs={"autocommit": True}
        )
        try:
            await pool.open(wait=True, timeout=10)
        except (psycopg.Error, PoolTimeout) as error:
            await pool.close()
            raise StorageError(f"cannot connect to {_safe(self.dsn)}: {error}") from None
        self._pool = pool
        await self._migrate()

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _with(self, work: Callable[[Conn], Awaitable[T]]) -> T:
        if self._pool is None:
            raise StorageError("the storage is not open")
        async with self._pool.connection() as conn:
            return await work(conn)

    async def _migrate(self) -> None:
        async def work(conn: Conn) -> None:
            async with conn.transaction():
                # one process migrates at a time (several may start together)
                await conn.execute("SELECT pg_advisory_xact_lock(7268801)")
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS unokit_schema (version INTEGER NOT NULL)"
                )
                row = await (await conn.execute("SELECT version FROM unokit_schema")).fetchone()
                version = row[0] if row else 0
                if version > SCHEMA_VERSION:
                    raise StorageError(
                        f"the database has schema version {version}, newer than this unokit's "
                        f"{SCHEMA_VERSION}: upgrade unokit"
                    )
                for target in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS[target]:
                        await conn.execute(statement)
                if row is None:
                    await conn.execute("INSERT INTO unokit_schema VALUES (%s)", (SCHEMA_VERSION,))
                elif version != SCHEMA_VERSION:
                    await conn.execute("UPDATE unokit_schema SET version=%s", (SCHEMA_VERSION,))

        await self._with(work)

    # -- writes ----------------------------------------------------------------------------------

    async def create_room(self, room: RoomRow, members: list[MemberRow]) -> None:
        async def work(conn: Conn) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        f"INSERT INTO rooms ({_ROOM_COLUMNS}) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        _room_values(room),
                    )
                    for member in members:
                        await conn.execute(
                            f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s)",
                            _member_values(member),
                        )
            except psycopg.errors.UniqueViolation as error:
                if error.diag.table_name == "rooms":
                    raise RoomExists(room.code) from None
                raise StorageError(f"cannot create room {room.code}: {error}") from None

        await self._with(work)

    async def update_room(self, room: RoomRow) -> None:
        values = _room_values(room)

        async def work(conn: Conn) -> None:
            async with conn.transaction():
                cur = await conn.execute(
                    "UPDATE rooms SET rules=%s, seed=%s, bots=%s, bot_level=%s, host=%s, "
                    "status=%s, base=%s, match_no=%s, created=%s, settings=%s, "
                    "version=version+1 WHERE code=%s AND version=%s",
                    (*values[1:10], values[12], values[0], room.version),
                )
                if cur.rowcount != 1:
                    raise RoomConflict(f"room {room.code} changed since version {room.version}")
                await _notify(conn, room.code, self.owner, "room", v=room.version + 1)

        await self._with(work)

    async def put_member(self, member: MemberRow) -> None:
        async def work(conn: Conn) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s) "
                        "ON CONFLICT (token_hash) DO UPDATE SET seat=excluded.seat, "
                        "name=excluded.name",
                        _member_values(member),
                    )
                    await _notify(conn, member.room, self.owner, "room")
            except psycopg.errors.IntegrityError as error:
                raise StorageError(f"seat {member.seat} is taken: {error}") from None

        await self._with(work)

    async def delete_member(self, room: str, token_hash: str) -> None:
        async def work(conn: Conn) -> None:
            async with conn.transaction():
                await conn.execute(
                    "DELETE FROM seats WHERE room=%s AND token_hash=%s", (room, token_hash)
                )
                await conn.execute(
                    "DELETE FROM presence WHERE room=%s AND token_hash=%s", (room, token_hash)
                )
                await _notify(conn, room, self.owner, "room")

        await self._with(work)

    async def add_move(self, room: str, move_no: int, text: str) -> None:
        async def work(conn: Conn) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        "INSERT INTO moves VALUES (%s, %s, %s)", (room, move_no, text)
                    )
                    # delivered to listeners when (and only if) the move is committed
                    await _notify(conn, room, self.owner, "move", n=move_no, m=text)
            except psycopg.errors.UniqueViolation:
                raise MoveConflict(f"room {room} already has move {move_no}") from None

        await self._with(work)

    async def add_chat(self, chat: ChatRow, keep: int = 0) -> None:
        async def work(conn: Conn) -> None:
            async with conn.transaction():
                await conn.execute(
                    "INSERT INTO chat (room, match_no, seat, name, text, time) "
                    "VALUES (%s, %s, %s, %s, %s, %s)",
                    (chat.room, chat.match_no, chat.seat, chat.name, chat.text, chat.time),
                )
                if keep:
                    await conn.execute(
                        "DELETE FROM chat WHERE room=%s AND match_no=%s AND id NOT IN (SELECT id "
                        "FROM chat WHERE room=%s AND match_no=%s ORDER BY id DESC LIMIT %s)",
                        (chat.room, chat.match_no, chat.room, chat.match_no, keep),
                    )
                await _notify(
                    conn,
                    chat.room,
                    self.owner,
                    "chat",
                    m=chat.match_no,
                    seat=chat.seat,
                    name=chat.name,
                    text=chat.text,
                    time=chat.time,
                )

        await self._with(work)

    # -- reading back ----------------------------------------------------------------------------

    async def load_rooms(self) -> list[StoredRoom]:
        async def work(conn: Conn) -> list[StoredRoom]:
            async with conn.transaction():  # one consistent snapshot
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                cur = await conn.execute(
                    "SELECT code FROM rooms WHERE status<>'closed' ORDER BY created, code"
                )
                out = []
                for (code,) in await cur.fetchall():
                    stored = await _load_room(conn, code)
                    if stored is not None:
                        out.append(stored)
                return out

        return await self._with(work)

    async def load_room(self, code: str) -> StoredRoom | None:
        async def work(conn: Conn) -> StoredRoom | None:
            async with conn.transaction():
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                return await _load_room(conn, code)

        return await self._with(work)

    async def load_moves(self, room: str, after: int) -> list[tuple[int, str]]:
        async def work(conn: Conn) -> list[tuple[int, str]]:
            cur = await conn.execute(
                "SELECT move_no, move FROM moves WHERE room=%s AND move_no>%s ORDER BY move_no",
                (room, after),
            )
            return [(n, text) for n, text in await cur.fetchall()]

        return await self._with(work)

    async def count_rooms(self, creator: str | None) -> int:
        async def work(conn: Conn) -> int:
            if creator is None:
                cur = await conn.execute("SELECT COUNT(*) FROM rooms WHERE status<>'closed'")
            else:
                cur = await conn.execute(
                    "SELECT COUNT(*) FROM rooms WHERE creator=%s AND status<>'closed'", (creator,)
                )
            row = await cur.fetchone()
            return int(row[0]) if row else 0

        return await self._with(work)

    # -- several processes: presence, leases, notes ----------------------------------------------

    async def set_presence(
        self, room: str, token_hash: str, connected: bool, ready_at: int
    ) -> None:
        async def work(conn: Conn) -> None:
            async with conn.transaction():
                if connected:
                    await conn.execute(
                        "INSERT INTO presence VALUES (%s, %s, %s, " + _NOW + ", %s) "
                        "ON CONFLICT (room, token_hash) DO UPDATE SET owner=excluded.owner, "
                        "since=CASE WHEN presence.owner IS DISTINCT FROM excluded.owner "
                        "THEN excluded.since ELSE presence.since END, ready_at=excluded.ready_at",
                        (room, token_hash, self.owner, ready_at),
                    )
                else:
                    cur = await conn.execute(
                        "UPDATE presence SET owner=NULL, since=" + _NOW + ", ready_at=%s "
                        "WHERE room=%s AND token_hash=%s AND owner=%s",
                        (ready_at, room, token_hash, self.owner),
                    )
                    if cur.rowcount == 0:
                        return  # the member is connected elsewhere now: nothing to say
                await _notify(
                    conn,
                    room,
                    self.owner,
                    "presence",
                    th=token_hash,
                    owner=self.owner if connected else None,
                    ready_at=ready_at,
                )

        await self._with(work)

    async def load_presence(self, rooms: Sequence[str]) -> list[Presence]:
        if not rooms:
            return []

        async def work(conn: Conn) -> list[Presence]:
            # a member connected to a process whose heartbeat stopped is away since it stopped
            cur = await conn.execute(
                "SELECT p.room, p.token_hash, "
                "CASE WHEN pr.expires > now() THEN p.owner END, "
                "CASE WHEN p.owner IS NULL OR pr.expires > now() THEN p.since "
                "ELSE extract(epoch from COALESCE(pr.expires, now())) END, p.ready_at "
                "FROM presence p LEFT JOIN processes pr ON pr.owner = p.owner "
                "WHERE p.room = ANY(%s)",
                (list(rooms),),
            )
            return [Presence(*row) for row in await cur.fetchall()]

        return await self._with(work)

    async def progress(self, rooms: Sequence[str]) -> dict[str, tuple[int, int, str]]:
        if not rooms:
            return {}

        async def work(conn: Conn) -> dict[str, tuple[int, int, str]]:
            cur = await conn.execute(
                "SELECT r.code, r.version, "
                "COALESCE((SELECT MAX(m.move_no) FROM moves m WHERE m.room = r.code), 0) "
                "FROM rooms r WHERE r.code = ANY(%s) AND r.status <> 'closed'",
                (list(rooms),),
            )
            heads = await cur.fetchall()
            cur = await conn.execute(
                "SELECT room, token_hash, seat, name FROM seats WHERE room = ANY(%s)",
                (list(rooms),),
            )
            members: dict[str, list[tuple[str, int | None, str]]] = {}
            for room, th, seat, name in await cur.fetchall():
                members.setdefault(room, []).append((th, seat, name))
            return {
                code: (int(last), int(version), _digest(members.get(code, [])))
                for code, version, last in heads
            }

        return await self._with(work)

    async def take_lease(self, room: str, ttl: float) -> bool:
        async def work(conn: Conn) -> bool:
            cur = await conn.execute(
                "INSERT INTO leases VALUES (%s, %s, now() + make_interval(secs => %s)) "
                "ON CONFLICT (room) DO UPDATE SET owner=excluded.owner, expires=excluded.expires "
                "WHERE leases.expires < now() OR leases.owner = excluded.owner RETURNING owner",
                (room, self.owner, ttl),
            )
            return await cur.fetchone() is not None

        try:
            return await self._with(work)
        except psycopg.errors.ForeignKeyViolation:
            return False  # no such room

    async def keep_alive(self, rooms: Sequence[str], ttl: float) -> set[str]:
        async def work(conn: Conn) -> set[str]:
            async with conn.transaction():
                await conn.execute(
                    "INSERT INTO processes VALUES (%s, now() + make_interval(secs => %s)) "
                    "ON CONFLICT (owner) DO UPDATE SET expires=excluded.expires",
                    (self.owner, ttl),
                )
                cur = await conn.execute(
                    "UPDATE leases SET expires = now() + make_interval(secs => %s) "
                    "WHERE owner=%s AND room = ANY(%s) RETURNING room",
                    (ttl, self.owner, list(rooms)),
                )
                held = {row[0] for row in await cur.fetchall()}
                # forget processes long dead (their rows only tell that they are gone)
                await conn.execute("DELETE FROM processes WHERE expires < now() - interval '1 day'")
                return held

        return await self._with(work)

    async def adopt_orphans(self, ttl: float, limit: int) -> list[str]:
        async def work(conn: Conn) -> list[str]:
            async with conn.transaction():
                await conn.execute(
                    "DELETE FROM leases l USING rooms r WHERE r.code=l.room AND r.status='closed'"
                )
                cur = await conn.execute(
                    "UPDATE leases SET owner=%s, expires=now() + make_interval(secs => %s) "
                    "WHERE room IN (SELECT room FROM leases WHERE expires < now() "
                    "ORDER BY expires LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING room",
                    (self.owner, ttl, limit),
                )
                return [row[0] for row in await cur.fetchall()]

        return await self._with(work)

    async def leave(self, rooms: Sequence[str]) -> None:
        if not rooms:
            return

        async def work(conn: Conn) -> None:
            async with conn.transaction():
                await conn.execute(
                    "DELETE FROM leases WHERE owner=%s AND room = ANY(%s)",
                    (self.owner, list(rooms)),
                )
                await conn.execute(
                    "UPDATE presence SET owner=NULL, since=" + _NOW + " "
                    "WHERE owner=%s AND room = ANY(%s)",
                    (self.owner, list(rooms)),
                )
                for room in rooms:
                    await _notify(conn, room, self.owner, "left")

        await self._with(work)

    async def announce(self, room: str, kind: str, data: dict[str, Any]) -> None:
        async def work(conn: Conn) -> None:
            await _notify(conn, room, self.owner, kind, **data)

        await self._with(work)

    async def listen(self) -> AsyncIterator[Note]:
        """Every change other processes commit from now on, in the order PostgreSQL delivers
        them (each room's in order), after a first note of kind ``listening`` (from then on
        nothing is missed). Runs on its own connection; raises if it is lost."""
        try:
            conn = await psycopg.AsyncConnection.connect(
                self.dsn, autocommit=True, application_name=f"unokit-listen {self.owner}"[:63]
            )
        except psycopg.Error as error:
            raise StorageError(f"cannot listen on {_safe(self.dsn)}: {error}") from None
        try:
            await conn.execute(f"LISTEN {CHANNEL}")
            yield Note("", self.owner, "listening", {})  # from here on, nothing is missed
            async for note in conn.notifies():
                try:
                    data = json.loads(note.payload)
                    room, owner, kind = data.pop("r"), data.pop("o"), data.pop("k")
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue
                if owner != self.owner:
                    yield Note(str(room), str(owner), str(kind), data)
        finally:
            await conn.close()


async def _load_room(conn: Conn, code: str) -> StoredRoom | None:
    cur = await conn.execute(
        f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE code=%s AND status<>'closed'", (code,)
    )
    row = await cur.fetchone()
    if row is None:
        return None
    stored = StoredRoom(
        RoomRow(
            code=row[0],
            rules=row[1],
            seed=row[2],
            bots=row[3],
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
    cur = await conn.execute(
        "SELECT token_hash, seat, name, joined, address FROM seats WHERE room=%s "
        "ORDER BY joined, token_hash",
        (code,),
    )
    for member in await cur.fetchall():
        stored.members.append(MemberRow(code, *member))
    cur = await conn.execute("SELECT MAX(move_no) FROM moves WHERE room=%s", (code,))
    last = await cur.fetchone()
    stored.last_move_no = (last[0] if last else None) or 0
    cur = await conn.execute(
        "SELECT move_no, move FROM moves WHERE room=%s AND move_no>%s ORDER BY move_no",
        (code, stored.room.base),
    )
    stored.moves = [(n, text) for n, text in await cur.fetchall()]
    cur = await conn.execute(
        "SELECT seat, name, text, time FROM chat WHERE room=%s AND match_no=%s ORDER BY id",
        (code, stored.room.match_no),
    )
    stored.chat = [ChatRow(code, stored.room.match_no, *line) for line in await cur.fetchall()]
    return stored


def _safe(dsn: str) -> str:
    """The URL without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        return "the database"
    host, db = info.get("host", "localhost"), info.get("dbname", "")
    return f"postgresql://{info.get('user', '')}@{host}/{db}"
