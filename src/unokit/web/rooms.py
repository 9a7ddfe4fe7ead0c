"""Every room of a server process (:class:`Rooms`): create, join, find; rebuilt from storage at
start; several processes: notes, leases, idle rooms, catching up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from unokit.errors import RulesError, UnoError
from unokit.rules import Rules
from unokit.web.clients import address_hash
from unokit.web.members import (
    CODE_ALPHABET,
    CODE_LENGTH,
    SEED_RANGE,
    Member,
    NotFound,
    Refusal,
    member_digest,
    member_of,
    member_row,
    new_code,
    new_invite,
    new_token,
)
from unokit.web.names import reserved_name
from unokit.web.room import Room
from unokit.web.settings import Settings
from unokit.web.storage import (
    Note,
    Presence,
    RoomConflict,
    RoomExists,
    Storage,
    StorageError,
    StoredRoom,
    token_hash,
)

__all__ = ["UNLOAD_AFTER", "Rooms"]

log = logging.getLogger("unokit.web")

#: a process unloads a room it does not drive once none of its connections used it this long
UNLOAD_AFTER = 60.0


class Rooms:
    """Every room of the server: create, join, find; rebuilt from storage at start.

    On a storage of one process (SQLite) every open room is loaded at start. On a shared one
    (PostgreSQL) rooms are loaded on demand (:meth:`find`) and when their lease lapses (their
    process died: this one adopts them); notes from the other processes keep each loaded room
    up to date. A keeper task renews this process's leases and closes idle rooms."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        clock: Callable[[], float] = time.monotonic,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.settings = settings
        self.clock = clock
        self.seeds = seeds or partial(secrets.randbelow, SEED_RANGE)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._tasks: list[asyncio.Task[None]] = []

    def _room(self, **values: Any) -> Room:
        return Room(
            storage=self.storage,
            settings=self.settings,
            clock=self.clock,
            new_seed=self.seeds,
            **values,
        )

    async def start(self) -> None:
        """Rebuild every stored room (rules, seed, members; the match's moves replayed) and
        start its driver: bots and timers resume where they stood. On a shared storage, join
        the other processes instead: rooms are loaded when asked for, or adopted when their
        process died."""
        if not self.storage.shared:
            for stored in await self.storage.load_rooms():
                try:
                    room = self._restore(stored)
                except (UnoError, ValueError, KeyError, TypeError) as error:
                    log.error("room %s cannot be rebuilt, left out: %s", stored.room.code, error)
                    continue
                self.rooms[room.code] = room
                room.leased = True
                room._lease_until = self.clock() + self.settings.lease_ttl
                if not stored.room.table.get("invite"):  # stored before invites: keep its key
                    with contextlib.suppress(Exception):
                        await room._save()
                room.start_driver()
        await self.keep()  # alive before the first connection, and the orphans adopted
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._keeper(), name="unokit keeper"),
            loop.create_task(self._listener(), name="unokit listener"),
        ]

    def _restore(self, stored: StoredRoom) -> Room:
        row = stored.room
        rules_data = dict(row.rules)
        preset = str(rules_data.get("preset", "official"))
        room = self._room(
            code=row.code,
            preset=preset,
            rules=Rules.from_dict(rules_data),
            seed=row.seed,
            bots=list(row.bots),
            bot_level=row.bot_level,
            host=row.host,
            started=row.status == "started",
            base=row.base,
            match_no=row.match_no,
            created=row.created,
            version=row.version,
            creator=row.creator,
            takeover=self.settings.takeover,
        )
        room._read_table(row.table)
        if not room.invite:  # a room stored before invites: it gets a key (old links go)
            room.invite = new_invite()
        now = self.clock()
        for m in stored.members:
            room.members[m.token_hash] = member_of(m)
            room.members[m.token_hash].away_since = now
        room.chat = list(stored.chat)
        room.move_no = max(stored.last_move_no, row.base)
        if room.started:
            room.move_no = row.base
            room._new_match(stored.moves)
            room.move_no = max(stored.last_move_no, row.base)
        return room

    async def stop(self) -> None:
        """Stop every room's driver and close every connection (1001: going away); the
        leases are given back, so other processes take the rooms over at once."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        for room in self.rooms.values():
            await room.stop_driver()
            for member in room.members.values():
                if member.peer is not None:
                    member.peer.close(1001, "the server is stopping")
                    member.peer = None
        with contextlib.suppress(Exception):
            await self.storage.leave(list(self.rooms))

    def get(self, code: str) -> Room:
        """A room loaded in this process (:meth:`find` loads one)."""
        room = self.rooms.get(code)
        if room is None or room.closed:
            raise NotFound(code)
        return room

    async def find(self, code: str) -> Room:
        """Room ``code``, loaded from storage when this process does not have it yet (another
        process made it). :class:`NotFound` for unknown and closed rooms alike."""
        room = self.rooms.get(code)
        if room is not None and not room.closed:
            return room
        if (
            not self.storage.shared
            or len(code) != CODE_LENGTH
            or any(c not in CODE_ALPHABET for c in code)
        ):
            raise NotFound(code)
        pending = self._loading.get(code)
        if pending is None:
            pending = asyncio.ensure_future(self._load(code))
            self._loading[code] = pending
            pending.add_done_callback(lambda _: self._loading.pop(code, None))
        return await asyncio.shield(pending)

    async def _load(self, code: str) -> Room:
        stored = await self.storage.load_room(code)
        if stored is None:
            raise NotFound(code)
        try:
            room = self._restore(stored)
        except (UnoError, ValueError, KeyError, TypeError) as error:
            log.error("room %s cannot be rebuilt: %s", code, error)
            raise NotFound(code) from None
        self.rooms[code] = room
        async with room._lock:
            # what other processes did while it was being read (notes wait for the lock)
            await room._load_presence()
            await room._catch_up()
        room.start_driver()
        return room

    # -- several processes: notes, leases, idle rooms --------------------------------------------

    async def _listener(self) -> None:
        """Hand each note of another process to its room (if loaded here). Each time the
        listening connection is (re)established every loaded room is read again: notes sent
        before it listened (a room loaded a moment before, a connection lost and made again)
        are never heard. The keeper's progress check (:meth:`catch_up_rooms`) covers the
        rest."""
        while True:
            try:
                async for note in self.storage.listen():
                    if note.kind == "listening":  # notes may have been missed until now
                        for room in list(self.rooms.values()):
                            room.on_note(Note(room.code, "", "room", {}))
                        continue
                    target = self.rooms.get(note.room)
                    if target is not None and not target.closed:
                        target.on_note(note)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("listening to the other processes failed (%s); again in 1 s", error)
            await asyncio.sleep(1.0)

    async def catch_up_rooms(self) -> list[str]:
        """Several processes: compare each loaded room with the database (its last move, its
        row's version, its members) and read again those this process is behind on, whatever
        the notes said or did not say (a lost ``NOTIFY`` leaves no trace). The rooms read
        again."""
        if not self.storage.shared or not self.rooms:
            return []
        stored = await self.storage.progress(list(self.rooms))
        behind = []
        for code, (last_move, version, members) in stored.items():
            room = self.rooms.get(code)
            if room is None or room.closed:
                continue
            if (
                last_move > room.move_no
                or version != room.version
                or members != member_digest(room.members.values())
            ):
                behind.append(code)
                room.on_note(Note(code, "", "room", {}))
        if behind:
            log.info("rooms behind the database, read again: %s", ", ".join(behind))
        return behind

    async def _keeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_ttl / 3)
            try:
                await self.keep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("keeping the leases failed")

    async def keep(self) -> None:
        """One round of the keeper: this process is alive and keeps its leases; rooms whose
        process died are adopted; members connected to a dead process become away; idle rooms
        are closed, and rooms this process no longer uses unloaded."""
        ttl = self.settings.lease_ttl
        asked = self.clock()
        held = [code for code, room in self.rooms.items() if room.leased]
        kept = await self.storage.keep_alive(held, ttl)
        for code in held:
            mine = self.rooms.get(code)
            if mine is not None:
                mine.leased = code in kept
                if mine.leased:
                    mine._lease_until = asked + ttl
        for code in await self.storage.adopt_orphans(ttl, 50):
            try:
                room = await self.find(code)
            except NotFound:
                continue
            room.leased, room._lease_until = True, asked + ttl
            room.wake()
        remote = [
            code for code, r in self.rooms.items() if any(m.remote for m in r.members.values())
        ]
        by_room: dict[str, list[Presence]] = {}
        for row in await self.storage.load_presence(remote):
            by_room.setdefault(row.room, []).append(row)
        for code, rows in by_room.items():
            if code in self.rooms:
                self.rooms[code].apply_presence(rows)
        await self.catch_up_rooms()
        now = self.clock()
        for room in list(self.rooms.values()):
            if room.leased and not room.closed:
                await room.drop_gone_members(now)
        for room in list(self.rooms.values()):
            if room.closed:
                await self._unload(room)
            elif room.leased and room.idle_for(now) >= self.settings.room_idle:
                await self.close_room(room)
            elif (
                room.leased
                and not room.opened
                and not room.present()
                and now - room.born >= self.settings.room_unopened
            ):
                await self.close_room(room)  # made and never opened: its place goes back
            elif (
                self.storage.shared
                and not room.leased
                and not room._connected()
                and now - room.local_at >= UNLOAD_AFTER
            ):
                await self._unload(room)

    async def close_room(self, room: Room) -> None:
        """Close an idle room: stored as closed (its code opens nothing any more), unloaded."""
        async with room._lock:
            row = room.row()
            row.status = "closed"
            try:
                await self.storage.update_room(row)
            except RoomConflict:
                return  # it changed meanwhile: not idle after all
            log.info(
                "room %s closed: nobody in it for %.0f s", room.code, room.idle_for(self.clock())
            )
            room.close_here()
        await self._unload(room)

    async def _unload(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        await room.stop_driver()
        with contextlib.suppress(Exception):
            await self.storage.leave([room.code])

    async def create(
        self,
        name: str,
        preset: str,
        options: dict[str, Any],
        players: int,
        bots: list[str | None] | None = None,
        lang: str = "en",
        address: str = "",
        *,
        takeover: int | None = None,
        watching: bool = True,
    ) -> tuple[Room, str]:
        """A new room with its creator in seat 0 as the host; ``(room, token)``. Raises
        :class:`~unokit.errors.RulesError` with the engine's message for bad rules, and
        :class:`Refusal` when the creator's name is one the table reserves, when
        ``address`` has as many open rooms as it may (``too_many_rooms``), or the server as
        many as it takes. ``takeover``: seconds a turn may run before a bot plays it
        (default: the server's setting)."""
        rules = Rules.from_dict({"preset": preset, **options, "players": players})
        seats: list[str | None] = list(bots or [])
        if len(seats) > players:
            raise RulesError(f"bots lists {len(seats)} seats but players = {players}")
        seats += [None] * (players - len(seats))
        if seats[0] is not None:
            raise RulesError("seat 0 is the creator's: bots[0] must be null")
        offered = self.settings.levels()
        for level in seats:
            if level is not None and level not in offered:
                raise RulesError(
                    f"bots: {level!r} is not a bot level here (one of {', '.join(offered)})"
                )
        if reserved_name(name):
            raise Refusal("bad_name", "name_reserved", name=name)
        creator = address_hash(address) if address else ""
        limit = self.settings.max_rooms_per_address
        if creator and limit and await self.storage.count_rooms(creator) >= limit:
            raise Refusal("too_many_rooms", "too_many_rooms", limit=limit)
        total = self.settings.max_rooms
        if total and await self.storage.count_rooms(None) >= total:
            raise Refusal("too_many_rooms", "server_full", limit=total)
        token = new_token()
        now = time.time()
        for _ in range(20):
            room = self._room(
                code=new_code(),
                preset=preset,
                rules=rules,
                seed=self.seeds(),
                bots=seats,
                bot_level=self.settings.bot_level,
                host=0,
                created=now,
                creator=creator,
                invite=new_invite(),
                opened=False,
                watching=watching,
                takeover=self.settings.takeover if takeover is None else takeover,
            )
            if room.code in self.rooms:
                continue
            member = Member(token_hash(token), 0, name, now, lang, address=creator)
            try:
                await self.storage.create_room(room.row(), [member_row(room.code, member)])
            except RoomExists:
                continue
            room.members[member.token_hash] = member
            member.away_since = self.clock()
            self.rooms[room.code] = room
            await room._hold_lease()
            room.start_driver()
            return room, token
        raise RuntimeError("no free room code")  # pragma: no cover - 24**6 codes

    async def join(
        self,
        code: str,
        name: str | None,
        spectate: bool,
        invite: str | None = None,
        address: str = "",
        lang: str = "en",
    ) -> tuple[str, int | None]:
        """A new member of room ``code``: a seat unless ``spectate`` (in the lobby: an empty
        seat, else one a bot holds, which the bot gives up), else a spectator place;
        ``(token, seat)``. ``invite``: the key the invite link carries (``None``: a trusted
        caller, no key needed); a wrong key is :class:`NotFound`, as an unknown room is.
        :class:`Refusal` when the name is taken or reserved, or no place is left (watching
        closed, as many spectators as the room or this address may have)."""
        room = await self.find(code)
        if invite is not None and not room.invite_ok(invite):
            raise NotFound(code)
        settings = self.settings
        who = address_hash(address) if address else ""
        for attempt in range(3):
            async with room._lock:
                if room.closed:
                    raise NotFound(code)
                if who and who in room.banned:
                    raise Refusal("bad_seat", "banned")
                if room.locked:
                    raise Refusal("bad_seat", "room_locked")
                limit = settings.max_seats_per_address
                seated = sum(
                    1 for m in room.members.values() if m.seat is not None and m.address == who
                )
                if not spectate and who and limit and seated >= limit:
                    raise Refusal("bad_seat", "address_seats", limit=limit)
                seat: int | None = None
                from_bot = False
                if not spectate and not room.started:
                    free = [s for s in range(room.rules.players) if room.member_at(s) is None]
                    empty = [s for s in free if room.bots[s] is None]
                    if empty or free:
                        seat = (empty or free)[0]
                        from_bot = not empty
                if seat is None:
                    watchers = [m for m in room.members.values() if m.seat is None]
                    if not room.watching:
                        raise Refusal("bad_seat", "watching_closed")
                    if settings.max_spectators and len(watchers) >= settings.max_spectators:
                        raise Refusal(
                            "bad_seat", "too_many_watchers", limit=settings.max_spectators
                        )
                    mine = sum(1 for m in watchers if who and m.address == who)
                    if (
                        who
                        and settings.max_spectators_per_address
                        and mine >= settings.max_spectators_per_address
                    ):
                        raise Refusal(
                            "bad_seat",
                            "address_watchers",
                            limit=settings.max_spectators_per_address,
                        )
                if len(room.members) >= settings.max_members:
                    raise Refusal("bad_seat", "room_full")
                if name is None:
                    if seat is not None:
                        raise Refusal("bad_name", "name_needed")
                    name = room.spectator_name(lang)
                else:
                    room.check_name(name)
                token = new_token()
                member = Member(token_hash(token), seat, name, time.time(), address=who)
                member.away_since = room.clock()
                try:
                    await room.storage.put_member(member_row(room.code, member))
                except StorageError:
                    if seat is None or attempt == 2:
                        raise
                    await room._sync()  # another process gave that seat meanwhile
                    continue
                room.members[member.token_hash] = member
                if from_bot and seat is not None:
                    old = room.bots[seat]
                    room.bots[seat] = None
                    try:
                        await room._save()
                    except Exception:
                        room.bots[seat] = old
                        room.members.pop(member.token_hash, None)
                        with contextlib.suppress(Exception):
                            await room.storage.delete_member(room.code, member.token_hash)
                        raise
                room.touched = room.clock()
                room._broadcast_room()
                room.wake()
                return token, seat
        raise AssertionError("unreachable")  # pragma: no cover
