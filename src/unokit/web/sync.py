"""Several processes on one database: another process's change (a note) brings this process's
copy of a room up to date.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from unokit.rules import Rules
from unokit.web import protocol as proto
from unokit.web.match import Match
from unokit.web.members import (
    member_of,
)
from unokit.web.storage import (
    ChatRow,
    Note,
    Presence,
)

__all__ = ["Sync"]

log = logging.getLogger("unokit.web")


class Sync(Match):
    """A room kept up to date with what other processes did."""

    def on_note(self, note: Note) -> None:
        """Another process changed this room: bring this copy up to date (in order: each note
        waits for the room's lock, which is first come, first served)."""
        if note.kind == "react":
            data = note.data
            for member in self._connected():
                self._post(
                    member,
                    proto.react(data.get("seat"), data.get("name", ""), data.get("emoji", "")),
                )
            return
        self._later(self._on_note(note))

    async def _on_note(self, note: Note) -> None:
        async with self._lock:
            if self.closed:
                return
            kind, data = note.kind, note.data
            if kind == "move":
                number, text = int(data.get("n", 0)), data.get("m")
                if number <= self.move_no:
                    return  # already read (a catch-up took it)
                if (
                    number == self.move_no + 1
                    and isinstance(text, str)
                    and self.started
                    and self._apply_stored(number, text)
                ):
                    return  # the next move, in the note itself: no need to read it
                await self._catch_up()
            elif kind == "presence":
                member = self.members.get(str(data.get("th")))
                if member is None:
                    await self._sync()
                    return
                owner = data.get("owner")
                if owner:  # connected to another process: a connection here is replaced
                    if member.peer is not None:
                        member.peer.close(4000, "replaced")
                        member.peer = None
                    member.remote, member.away_since = True, None
                elif member.peer is None:
                    member.remote, member.away_since = False, self.clock()
                ready_at = data.get("ready_at")
                if isinstance(ready_at, int):
                    member.ready_at = ready_at
                self.touched = self.clock()
                self._broadcast_room()
                self._wake.set()
            elif kind == "chat":
                if data.get("m") != self.match_no:
                    return
                row = ChatRow(
                    self.code,
                    self.match_no,
                    data.get("seat"),
                    str(data.get("name", "")),
                    str(data.get("text", "")),
                    float(data.get("time", 0.0)),
                )
                self.chat.append(row)
                for other in self._connected():
                    self._post(other, proto.chat(row.seat, row.name, row.text, row.time))
            elif kind == "left":  # a process gave the room up: its connections are gone
                await self._load_presence()
                self._wake.set()
            else:  # "room", or anything unknown: read the whole room again
                await self._sync()

    async def _sync_locked(self) -> None:
        async with self._lock:
            if not self.closed:
                await self._sync()

    async def _sync(self) -> None:
        """Read the room again and take every change (the caller holds the lock): members,
        host, bots, a match started or begun again, moves; each connection hears what changed."""
        stored = await self.storage.load_room(self.code)
        if stored is None:  # closed by another process
            self.close_here()
            return
        row = stored.room
        before = {m.token_hash: (m.seat, self._is_host(m)) for m in self._connected()}
        old_room = (self.host, list(self.bots), len(self.members))
        known: set[str] = set()
        for stored_member in stored.members:
            known.add(stored_member.token_hash)
            member = self.members.get(stored_member.token_hash)
            if member is None:
                member = member_of(stored_member)
                member.away_since = self.clock()
                self.members[member.token_hash] = member
            else:
                member.seat, member.name = stored_member.seat, stored_member.name
        for gone in [th for th in self.members if th not in known]:
            member = self.members.pop(gone)
            if member.peer is not None:
                member.peer.close(4001, "removed by the host")
                member.peer = None
        self.host, self.bots, self.bot_level = row.host, list(row.bots), row.bot_level
        self.version = row.version
        self._read_table(row.table)
        if (row.rules.get("preset"), row.rules) != (self.preset, self.row().rules):
            preset = str(row.rules.get("preset", "official"))
            self.preset, self.rules = preset, Rules.from_dict(dict(row.rules))
            self._lines.clear()
        started = row.status == "started"
        new_match = (started, row.match_no, row.seed) != (self.started, self.match_no, self.seed)
        if new_match:
            self.started, self.seed, self.base = started, row.seed, row.base
            self.match_no = row.match_no
            self.chat = list(stored.chat)
            self.move_no = row.base
            if started:
                self._new_match(stored.moves)
            else:
                self.game = None
            self.move_no = max(stored.last_move_no, row.base)
        else:
            for number, text in stored.moves:
                if number > self.move_no and not self._apply_stored(number, text):
                    break
        await self._load_presence()
        for member in self._connected():
            if before.get(member.token_hash) != (member.seat, self._is_host(member)):
                self._post(member, proto.welcome(member.seat, member.name, self._is_host(member)))
        if new_match or old_room != (self.host, self.bots, len(self.members)):
            self._broadcast_room()
        if new_match and self.started and self.game is not None:
            self._broadcast_state([e for _, events in self._recent for e in events])
        self.touched = self.clock()
        self._wake.set()

    async def _load_presence(self) -> None:
        self.apply_presence(await self.storage.load_presence([self.code]))

    def apply_presence(self, rows: Sequence[Presence]) -> None:
        """Who is connected to another process (and since when they are gone)."""
        now, wall = self.clock(), time.time()
        changed = False
        for row in rows:
            member = self.members.get(row.token_hash)
            if member is None or member.peer is not None:
                continue  # connected here: this process knows best
            remote = row.owner is not None and row.owner != self.storage.owner
            if remote != member.remote:
                changed = True
            member.remote = remote
            member.away_since = None if remote else now - max(0.0, wall - row.since)
            member.ready_at = row.ready_at
        if changed:
            self.touched = now
            self._broadcast_room()
            self._wake.set()
