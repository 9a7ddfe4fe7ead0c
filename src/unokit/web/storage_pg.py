"""The server's storage on PostgreSQL (``unokit serve --db postgresql://user@host/db``).

The same :class:`~unokit.web.storage.Storage` interface as SQLite, through psycopg 3 (async)
and a small connection pool, so several server processes can share one database: the
``PRIMARY KEY (room, move_no)`` orders each room's moves (of two processes storing move N of
a room at the same moment, one gets :class:`~unokit.web.storage.MoveConflict`), and each stored
move is announced with ``NOTIFY unokit_moves`` so the other processes learn of it
(:meth:`PostgresStorage.listen`). The schema is created, or migrated, at :meth:`open`; the
version stands in the ``unokit_schema`` table.

Each write is one transaction, committed (and so durable: PostgreSQL's ``synchronous_commit``
is on by default) before the method returns.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from unokit.web.storage import (
    ChatRow,
    MemberRow,
    MoveConflict,
    RoomExists,
    RoomRow,
    StorageError,
    StoredRoom,
    _member_values,
    _room_values,
)

__all__ = ["CHANNEL", "SCHEMA_VERSION", "PostgresStorage"]

T = TypeVar("T")

#: the channel on which each stored move is announced: payload ``room:move_no``
CHANNEL = "unokit_moves"
SCHEMA_VERSION = 1

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
}


class PostgresStorage:
    """:class:`~unokit.web.storage.Storage` on a PostgreSQL server, given by its URL."""

    def __init__(self, dsn: str, *, pool_size: int = 4) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self._pool: AsyncConnectionPool | None = None

    async def open(self) -> None:
        if self._pool is not None:
            return
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

    async def _with(self, work: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]) -> T:
        if self._pool is None:
            raise StorageError("the storage is not open")
        async with self._pool.connection() as conn:
            return await work(conn)

    async def _migrate(self) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
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
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        "INSERT INTO rooms VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        _room_values(room),
                    )
                    for member in members:
                        await conn.execute(
                            "INSERT INTO seats VALUES (%s, %s, %s, %s, %s)",
                            _member_values(member),
                        )
            except psycopg.errors.UniqueViolation as error:
                if error.diag.table_name == "rooms":
                    raise RoomExists(room.code) from None
                raise StorageError(f"cannot create room {room.code}: {error}") from None

        await self._with(work)

    async def update_room(self, room: RoomRow) -> None:
        values = _room_values(room)

        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(
                "UPDATE rooms SET rules=%s, seed=%s, bots=%s, bot_level=%s, host=%s, status=%s, "
                "base=%s, match_no=%s, created=%s WHERE code=%s",
                (*values[1:], values[0]),
            )

        await self._with(work)

    async def put_member(self, member: MemberRow) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            try:
                await conn.execute(
                    "INSERT INTO seats VALUES (%s, %s, %s, %s, %s) ON CONFLICT (token_hash) "
                    "DO UPDATE SET seat=excluded.seat, name=excluded.name",
                    _member_values(member),
                )
            except psycopg.errors.IntegrityError as error:
                raise StorageError(f"seat {member.seat} is taken: {error}") from None

        await self._with(work)

    async def delete_member(self, room: str, token_hash: str) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(
                "DELETE FROM seats WHERE room=%s AND token_hash=%s", (room, token_hash)
            )

        await self._with(work)

    async def add_move(self, room: str, move_no: int, text: str) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            try:
                async with conn.transaction():
                    await conn.execute(
                        "INSERT INTO moves VALUES (%s, %s, %s)", (room, move_no, text)
                    )
                    # delivered to listeners when (and only if) the move is committed
                    await conn.execute(
                        sql.SQL("SELECT pg_notify({}, %s)").format(sql.Literal(CHANNEL)),
                        (f"{room}:{move_no}",),
                    )
            except psycopg.errors.UniqueViolation:
                raise MoveConflict(f"room {room} already has move {move_no}") from None

        await self._with(work)

    async def add_chat(self, chat: ChatRow) -> None:
        async def work(conn: psycopg.AsyncConnection[Any]) -> None:
            await conn.execute(
                "INSERT INTO chat (room, match_no, seat, name, text, time) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (chat.room, chat.match_no, chat.seat, chat.name, chat.text, chat.time),
            )

        await self._with(work)

    # -- reading back ----------------------------------------------------------------------------

    async def load_rooms(self) -> list[StoredRoom]:
        async def work(conn: psycopg.AsyncConnection[Any]) -> list[StoredRoom]:
            async with conn.transaction():  # one consistent snapshot
                await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                rooms: dict[str, StoredRoom] = {}
                cur = await conn.execute(
                    "SELECT code, rules, seed, bots, bot_level, host, status, base, match_no, "
                    "created FROM rooms ORDER BY created, code"
                )
                for row in await cur.fetchall():
                    room = RoomRow(
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
                    )
                    rooms[room.code] = StoredRoom(room)
                cur = await conn.execute(
                    "SELECT token_hash, room, seat, name, joined FROM seats "
                    "ORDER BY joined, token_hash"
                )
                for row in await cur.fetchall():
                    stored = rooms.get(row[1])
                    if stored is not None:
                        stored.members.append(MemberRow(row[1], row[0], row[2], row[3], row[4]))
                cur = await conn.execute("SELECT room, MAX(move_no) FROM moves GROUP BY room")
                for code, last in await cur.fetchall():
                    if code in rooms:
                        rooms[code].last_move_no = last
                for stored in rooms.values():
                    cur = await conn.execute(
                        "SELECT move_no, move FROM moves WHERE room=%s AND move_no>%s "
                        "ORDER BY move_no",
                        (stored.room.code, stored.room.base),
                    )
                    stored.moves = [(n, text) for n, text in await cur.fetchall()]
                    cur = await conn.execute(
                        "SELECT seat, name, text, time FROM chat WHERE room=%s AND match_no=%s "
                        "ORDER BY id",
                        (stored.room.code, stored.room.match_no),
                    )
                    stored.chat = [
                        ChatRow(stored.room.code, stored.room.match_no, *row)
                        for row in await cur.fetchall()
                    ]
                return list(rooms.values())

        return await self._with(work)

    async def listen(self) -> AsyncIterator[tuple[str, int]]:
        """``(room, move_no)`` of every move stored from now on, by any process, in the order
        PostgreSQL delivers them (each room's in order). Runs on its own connection."""
        conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        try:
            await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
            async for note in conn.notifies():
                room, _, number = note.payload.rpartition(":")
                if room and number.isdigit():
                    yield room, int(number)
        finally:
            await conn.close()


def _safe(dsn: str) -> str:
    """The URL without its password, for messages."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        return "the database"
    host, db = info.get("host", "localhost"), info.get("dbname", "")
    return f"postgresql://{info.get('user', '')}@{host}/{db}"
