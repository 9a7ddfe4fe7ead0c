"""What a room's members ask for: connecting, every message (moves aside: :mod:`~unokit.web.match`),
names, seats, leaving, the host's settings, chat and reactions, spectators.
"""

from __future__ import annotations

import contextlib
import logging
import time

from unokit.errors import RulesError
from unokit.moves import DEAL, REFEREE
from unokit.narrator import translations
from unokit.rules import Rules
from unokit.web import protocol as proto
from unokit.web.driver import Driver
from unokit.web.members import (
    Bucket,
    Member,
    Peer,
    Refusal,
    member_row,
    new_invite,
)
from unokit.web.names import reserved_name, skeleton
from unokit.web.storage import (
    ChatRow,
    MoveConflict,
    StorageError,
    token_hash,
)
from unokit.web.texts import (
    SPECTATOR_N,
)

__all__ = ["People"]

log = logging.getLogger("unokit.web")


class People(Driver):
    """Members and what they may do (docs/web.md, "Who may do what")."""

    async def connect(self, token: str, peer: Peer, lang: str) -> Member:
        """A ``hello``: open the token's seat or spectator place for ``peer``. A newer
        connection replaces the older one (closed with 4000). :class:`Refusal` (``bad_token``)
        when the token opens nothing in this room."""
        async with self._lock:
            member = self.members.get(token_hash(token))
            if member is None and self.storage.shared and not self.closed:
                await self._sync()  # joined through another process a moment ago?
                member = self.members.get(token_hash(token))
            if member is None or self.closed:
                raise Refusal("bad_token", "bad_token")
            # a seated player always gets back in: only spectators are ever crowded out
            limit = self.settings.max_room_connections
            if (
                member.seat is None
                and limit
                and sum(1 for m in self.present() if m is not member) >= limit
            ):
                raise Refusal("crowded", "crowded", limit=limit)
            old = member.peer
            member.peer = peer
            member.remote = False
            self.opened = True
            member.lang = lang
            member.away_since = None
            self.touched = self.local_at = self.clock()
            await self._presence(member, True)
            if member.seat is not None:
                self._stood_in.discard(member.seat)
            if old is not None and old is not peer:
                old.close(4000, "replaced")
            peer.post(proto.welcome(member.seat, member.name, self._is_host(member)))
            peer.post(self._room_message(member))
            if self.game is not None and self.started:
                recent = [e for _, events in self._recent for e in events]
                peer.post(self._state_message(member, recent, {}))
            self._broadcast_room(skip=member)
            self._wake.set()
            return member

    async def disconnect(self, member: Member, peer: Peer) -> None:
        """``peer`` closed: the member is away (unless a newer connection replaced it)."""
        async with self._lock:
            if member.peer is not peer:
                return
            member.peer = None
            member.away_since = self.clock()
            self.touched = self.local_at = self.clock()
            if member.token_hash in self.members:
                await self._presence(member, False)
                self._broadcast_room()
            self._wake.set()

    async def handle(self, member: Member, message: proto.ClientMessage) -> None:
        """Do what ``message`` asks for ``member``; a refusal is answered to the member alone
        (nothing changed)."""
        request = getattr(message, "id", None)
        try:
            if member.token_hash not in self.members:  # removed meanwhile
                raise Refusal("bad_token", "bad_token")
            if isinstance(message, proto.Ping):
                self._post(member, proto.pong())
            elif isinstance(message, proto.MoveMessage):
                await self._on_move(member, message)
            elif isinstance(message, proto.Chat):
                await self._on_chat(member, message.text)
            elif isinstance(message, proto.React):
                await self._on_react(member, message.emoji)
            elif isinstance(message, proto.Rename):
                await self._on_rename(member, message.name)
            elif isinstance(message, proto.Leave):
                await self._on_leave(member)
            elif isinstance(message, proto.SetRules):
                await self._on_set_rules(member, message)
            elif isinstance(message, proto.SetTable):
                await self._on_set_table(member, message)
            elif isinstance(message, proto.RemoveWatcher):
                await self._on_remove_watcher(member, message.watcher)
            elif isinstance(message, proto.TakeSeat):
                await self._on_take_seat(member, message.seat)
            elif isinstance(message, proto.SetBot):
                await self._on_set_bot(member, message.seat, message.level)
            elif isinstance(message, proto.Kick):
                await self._on_kick(member, message.seat)
            elif isinstance(message, proto.Start):
                await self._on_start(member)
            elif isinstance(message, proto.Ready):
                await self._on_ready(member)
            elif isinstance(message, proto.Next):
                await self._on_next(member)
            elif isinstance(message, proto.Hello):  # a second hello: the same member again
                await self.connect_again(member, message.lang)
        except Refusal as refusal:
            self._post(member, proto.refused(request, refusal.code, refusal.text(member.lang)))

    async def connect_again(self, member: Member, lang: str) -> None:
        """A repeated ``hello`` on the same connection: the language may change; everything is
        sent again."""
        async with self._lock:
            peer = member.peer
            if peer is None:
                return
            member.lang = lang
            peer.post(proto.welcome(member.seat, member.name, self._is_host(member)))
            peer.post(self._room_message(member))
            if self.game is not None and self.started:  # the recent history, in the language
                recent = [e for _, events in self._recent for e in events]
                peer.post(self._state_message(member, recent, {}))

    async def _on_chat(self, member: Member, text: str) -> None:
        """A chat line: at most ``chat_burst`` at once and one every ``chat_interval`` s per
        member; the spectators together ``chat_room_per_minute`` (the players are never
        silenced by watchers); the room keeps its last ``chat_keep``."""
        settings = self.settings
        async with self._lock:
            now = self.clock()
            times = self._chat_times
            while times and times[0] <= now - 60.0:
                times.popleft()
            watcher = member.seat is None
            if watcher and len(times) >= settings.chat_room_per_minute:
                raise Refusal("too_fast", "chat_room_busy")
            if member.chat_bucket is None:
                member.chat_bucket = Bucket(settings.chat_burst, settings.chat_interval)
            wait = member.chat_bucket.take(now)
            if wait:
                raise Refusal("too_fast", "chat_too_fast", seconds=max(1, round(wait)))
            if watcher:
                times.append(now)
            row = ChatRow(self.code, self.match_no, member.seat, member.name, text, time.time())
            await self.storage.add_chat(row, settings.chat_keep)
            self.chat.append(row)
            del self.chat[: -settings.chat_keep]
            for other in self._connected():
                self._post(other, proto.chat(row.seat, row.name, row.text, row.time))

    async def _on_react(self, member: Member, emoji: str) -> None:
        """A reaction (not kept): a burst of ``react_burst``, then one a second."""
        if member.react_bucket is None:
            member.react_bucket = Bucket(self.settings.react_burst, 1.0)
        if member.react_bucket.take(self.clock()):
            raise Refusal("too_fast", "react_too_fast")
        for other in self._connected():
            self._post(other, proto.react(member.seat, member.name, emoji))
        data = {"seat": member.seat, "name": member.name, "emoji": emoji}
        with contextlib.suppress(Exception):  # a reaction is not kept: best effort
            await self.storage.announce(self.code, "react", data)

    def check_name(self, name: str, member: Member | None = None) -> None:
        """:class:`Refusal` unless ``name`` may be ``member``'s (a new member's when
        ``None``): not a word the table uses for others, nobody else's in the room."""
        if reserved_name(name):
            raise Refusal("bad_name", "name_reserved", name=name)
        shape = skeleton(name)
        for other in self.members.values():
            if other is not member and skeleton(other.name) == shape:
                raise Refusal("bad_name", "name_taken", name=name)

    def spectator_name(self, lang: str = "en") -> str:
        """A name for a spectator who gave none: "Spectator N" in their language, the first N
        free."""
        t = translations(lang)
        taken = {skeleton(m.name) for m in self.members.values()}
        n = 1
        while True:
            name = t.gettext(SPECTATOR_N).format(n=n)
            if skeleton(name) not in taken:
                return name
            n += 1

    async def _on_rename(self, member: Member, name: str) -> None:
        """A new name (told to everyone): a burst of ``rename_burst``, then one every
        ``rename_interval`` seconds."""
        async with self._lock:
            if name == member.name:
                return
            self.check_name(name, member)
            if member.rename_bucket is None:
                member.rename_bucket = Bucket(
                    self.settings.rename_burst, self.settings.rename_interval
                )
            wait = member.rename_bucket.take(self.clock())
            if wait:
                raise Refusal("too_fast", "rename_too_fast", seconds=max(1, round(wait)))
            old = member.name
            member.name = name
            try:
                await self.storage.put_member(member_row(self.code, member))
            except Exception:
                member.name = old
                raise
            self._post(member, proto.welcome(member.seat, member.name, self._is_host(member)))
            self._broadcast_room()
            if self.game is not None and self.started:  # names are in every view
                self._broadcast_state([])

    async def _on_leave(self, member: Member) -> None:
        """The member gives up their place: a seat goes to a bot once the match has started
        (it is emptied in the lobby), the host passes to another person; the token opens
        nothing any more."""
        async with self._lock:
            await self._remove(member, 4002, "you left the table")

    async def _remove(self, member: Member, code: int, reason: str, ban: bool = False) -> None:
        """Take ``member`` out of the room (the caller holds the lock); ``ban``: the host
        removed them, and their address may not join again."""
        seat = member.seat
        await self.storage.delete_member(self.code, member.token_hash)
        self.members.pop(member.token_hash, None)
        changed = False
        if ban and member.address and member.address not in self.banned:
            self.banned.append(member.address)
            del self.banned[: -self.settings.max_banned]
            changed = True
        if seat is not None and self.started:
            self.bots[seat] = self.bot_level
            changed = True
        if seat is not None and seat == self.host:
            others = sorted(
                (m for m in self.members.values() if m.seat is not None),
                key=lambda m: (not self._present(m), m.seat if m.seat is not None else 0),
            )
            self.host = others[0].seat if others else None
            changed = True
            for other in self._connected():
                if other.seat == self.host:
                    self._post(other, proto.welcome(other.seat, other.name, True))
        if changed:
            with contextlib.suppress(Refusal):  # read again from the row if it changed
                await self._save()
        if member.peer is not None:
            member.peer.close(code, reason)
            member.peer = None
        self._broadcast_room()
        self._wake.set()

    async def _on_set_rules(self, member: Member, message: proto.SetRules) -> None:
        """The host changes the rules before the match starts (players included: never
        below a seat a person holds)."""
        async with self._lock:
            self._require_host(member)
            if self.started:
                raise Refusal("not_now", "lobby_only")
            try:
                rules = Rules.from_dict(
                    {"preset": message.preset, **message.options, "players": message.players}
                )
            except RulesError as error:
                raise Refusal("bad_rules", "bad_rules", reason=str(error)) from None
            for other in self.members.values():
                if other.seat is not None and other.seat >= rules.players:
                    raise Refusal(
                        "bad_seat", "players_seated", seat=other.seat + 1, players=rules.players
                    )
            old = (self.preset, self.rules, list(self.bots))
            self.preset, self.rules = message.preset, rules
            self.bots = (self.bots + [None] * rules.players)[: rules.players]
            try:
                await self._save()
            except Exception:
                self.preset, self.rules, self.bots = old
                raise
            self._lines.clear()
            self._broadcast_room()

    async def _on_set_table(self, member: Member, message: proto.SetTable) -> None:
        """The host opens or closes watching (closing it removes the spectators), sets how
        long a turn may run before a bot plays it, closes the room to newcomers or opens it,
        and makes a new invite key (the old links open nothing any more)."""
        async with self._lock:
            self._require_host(member)
            old = (self.watching, self.takeover, self.locked, self.invite)
            if message.watching is not None:
                self.watching = message.watching
            if message.takeover is not None:
                self.takeover = message.takeover
            if message.locked is not None:
                self.locked = message.locked
            if message.new_invite:
                self.invite = new_invite()
            if (self.watching, self.takeover, self.locked, self.invite) == old:
                return
            try:
                await self._save()
            except Exception:
                self.watching, self.takeover, self.locked, self.invite = old
                raise
            if not self.watching:
                for watcher in [m for m in self.members.values() if m.seat is None]:
                    await self._remove(watcher, 4003, "the host closed watching")
            self._broadcast_room()
            self._wake.set()

    async def _on_remove_watcher(self, member: Member, watcher: str) -> None:
        async with self._lock:
            self._require_host(member)
            for other in self.members.values():
                if other.seat is None and other.watcher_id == watcher:
                    await self._remove(other, 4001, "removed by the host", ban=True)
                    return
            raise Refusal("bad_seat", "no_watcher")

    async def _on_take_seat(self, member: Member, seat: int) -> None:
        async with self._lock:
            self._require_seat(seat)
            status = self.status
            holder = self.member_at(seat)
            if holder is member:
                return
            if holder is not None:
                raise Refusal("bad_seat", "seat_taken", seat=seat)
            if status == "lobby":
                pass  # an empty seat, or one a bot holds: the bot leaves
            elif status in ("round_over", "match_over") and member.seat is None:
                if self.bots[seat] is None:
                    raise Refusal("bad_seat", "seat_taken", seat=seat)
            else:
                raise Refusal("not_now", "seat_change_time")
            was_host = self._is_host(member)
            old_bots = list(self.bots)
            self.bots[seat] = None
            old_seat = member.seat
            member.seat = seat
            old_host = self.host
            if was_host or self.host is None:
                self.host = seat
            try:
                await self.storage.put_member(member_row(self.code, member))
            except Exception:
                member.seat, self.bots, self.host = old_seat, old_bots, old_host
                raise
            if self.bots != old_bots or self.host != old_host:
                try:
                    await self._save()
                except Exception:
                    member.seat, self.bots, self.host = old_seat, old_bots, old_host
                    with contextlib.suppress(Exception):
                        await self.storage.put_member(member_row(self.code, member))
                    raise
            self._post(member, proto.welcome(member.seat, member.name, self._is_host(member)))
            self._broadcast_room()
            if self.game is not None and self.started:
                self._post(member, self._state_message(member, [], {}))
            self._wake.set()

    async def _on_set_bot(self, member: Member, seat: int, level: str | None) -> None:
        async with self._lock:
            self._require_host(member)
            self._require_seat(seat)
            if self.started:
                raise Refusal("not_now", "lobby_only")
            if self.member_at(seat) is not None:
                raise Refusal("bad_seat", "seat_human", seat=seat)
            if level is not None and level not in self.settings.levels():
                raise Refusal("bad_bot", "unknown_level", level=level)
            old = self.bots[seat]
            self.bots[seat] = level
            try:
                await self._save()
            except Exception:
                self.bots[seat] = old
                raise
            self._broadcast_room()

    async def _on_kick(self, member: Member, seat: int) -> None:
        async with self._lock:
            self._require_host(member)
            self._require_seat(seat)
            target = self.member_at(seat)
            if target is member:
                raise Refusal("bad_seat", "kick_self")
            if target is None:
                raise Refusal("bad_seat", "seat_no_player", seat=seat)
            await self._remove(target, 4001, "removed by the host", ban=True)

    async def _on_start(self, member: Member) -> None:
        async with self._lock:
            self._require_host(member)
            if self.started:
                raise Refusal("not_now", "already_started")
            bots = [
                level if level is not None or self.member_at(seat) is not None else self.bot_level
                for seat, level in enumerate(self.bots)
            ]
            old = self.bots
            self.bots = bots
            self.started = True
            try:
                await self._save()
            except Exception:
                self.bots, self.started = old, False
                raise
            self._new_match()
            self._broadcast_room()
            self._broadcast_state(self._recent[-1][1] if self._recent else [])

    async def _on_ready(self, member: Member) -> None:
        async with self._lock:
            if member.seat is None:
                raise Refusal("not_now", "spectator_ready")
            if self.status not in ("round_over", "match_over"):
                raise Refusal("not_now", "between_rounds")
            if not self._ready(member):
                member.ready_at = self.move_no
                await self._presence(member, True)
                self._broadcast_room()

    async def _on_next(self, member: Member) -> None:
        async with self._lock:
            self._require_host(member)
            status = self.status
            if status not in ("round_over", "match_over"):
                raise Refusal("not_now", "between_rounds")
            member.ready_at = self.move_no
            waited = self.clock() - self._round_over_since
            unready = [
                m
                for m in self.present()
                if m.seat is not None and not self._ready(m) and m is not member
            ]
            if unready and waited < self.settings.ready_timeout:
                left = max(1, round(self.settings.ready_timeout - waited))
                raise Refusal("not_now", "not_ready", seconds=left)
            if status == "round_over":
                with contextlib.suppress(MoveConflict):  # dealt by another process meanwhile
                    await self._commit(REFEREE, DEAL)
            else:
                await self._rematch()

    async def drop_gone_members(self, now: float) -> None:
        """Places nobody uses are given back: a spectator gone longer than
        ``spectator_linger`` (their link asks them to join again), and, before the match, a
        seat whose holder has not been connected for ``seat_linger`` (the host's aside): one
        who joined and never came cannot hold a seat a friend could take."""
        settings = self.settings
        gone = [
            m
            for m in self.members.values()
            if not self._present(m)
            and m.away_since is not None
            and (
                (m.seat is None and now - m.away_since >= settings.spectator_linger)
                or (
                    m.seat is not None
                    and not self.started
                    and m.seat != self.host
                    and now - m.away_since >= settings.seat_linger
                )
            )
        ]
        if not gone:
            return
        async with self._lock:
            for member in gone:
                if member.token_hash in self.members and not self._present(member):
                    with contextlib.suppress(StorageError):
                        await self._remove(member, 4005, "gone too long")
