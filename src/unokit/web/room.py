"""The rooms of the game server: seats, the host, bots, and every move through the engine.

This module knows nothing of HTTP or WebSockets: a connection is a :class:`Peer` (something
the room can post messages to, and close), so the whole room logic is tested without a server.

A :class:`Room` holds one table (docs/web-protocol.md):

- the lobby: people take seats, the host puts bots (any level) in seats, starts the match
  (empty seats get bots), removes players; when the host has been gone for the grace period
  the room passes to another connected player, so it is never left without one;
- play: each move goes through the engine (:meth:`unokit.game.Game.apply`) one at a time under
  the room's lock, carrying the ``move_no`` of the state the client saw: a move made on an
  older state is refused (``stale``; ``too_late`` when another seat's out-of-turn move got
  there first; a move sent twice is applied once). Each accepted move is stored before any
  connection hears of it, then every connection gets its own ``state``: its seat's view (a
  spectator gets the referee's, with no hand), the legal moves with labels, why each
  unplayable card is refused, and the narrated events in its language;
- a driver task per room plays the bots' seats (after ``bot_delay``; an expert thinks in a
  worker thread), the seats of players gone longer than the grace period (given back when
  they return), applies the engine's ``timeout`` move when a turn runs past
  ``turn_time_limit``, and passes the host on.

:class:`Rooms` creates and joins rooms and rebuilds every room from storage when the server
starts (rules, seed, members, moves replayed), so a restart resumes every table.

Several processes on one database (PostgreSQL, docs/deploy.md): each process keeps its own copy
of the rooms its connections use, loaded on demand by code, and brings it up to date when
another process's note arrives (:meth:`Room.on_note`): new moves are replayed from the
database, a changed row or member list is read again. The database orders each room's moves: a
process whose move N loses to another's reads the moves it lacks, applies them and answers its
client ``stale`` or ``too_late``. A room's driver acts only in the process holding the room's
lease (so its bots and timers act once), and the lease passes to another process when the
holder dies. A room nobody has been in for ``room_idle`` seconds is closed and unloaded.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Protocol

from unokit.bots import Bot, make_bot
from unokit.cards import COLOR_OF, Color
from unokit.errors import IllegalMoveError, NotationError, RulesError, UnoError
from unokit.events import Event
from unokit.game import Game, View
from unokit.legality import normalize
from unokit.moves import DEAL, REFEREE, TIMEOUT, CallUno, Catch, Move, Play, Timeout
from unokit.narrator import explain, narrate, translations
from unokit.notation import format_move, format_move_body, parse_move
from unokit.phase import Phase
from unokit.rule_words import preset_name
from unokit.rules import PRESETS, Rules
from unokit.web import protocol as proto
from unokit.web.clients import address_hash
from unokit.web.names import reserved_name, skeleton
from unokit.web.settings import Settings
from unokit.web.storage import (
    ChatRow,
    MemberRow,
    MoveConflict,
    Note,
    Presence,
    RoomConflict,
    RoomExists,
    RoomRow,
    Storage,
    StorageError,
    StoredRoom,
    token_hash,
)
from unokit.web.texts import (
    SPECTATOR_N,
    changed_from_preset,
    move_label,
    rules_lines,
    say,
    seat_names,
)

__all__ = [
    "CODE_ALPHABET",
    "Member",
    "NotFound",
    "Peer",
    "Refusal",
    "Room",
    "Rooms",
    "new_code",
    "new_invite",
    "new_token",
]

log = logging.getLogger("unokit.web")

#: room codes: 6 letters without look-alikes (no I, no O)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
#: an invite's key: 8 more letters (24**8, about 1.1e11) that a link carries in its fragment
#: and joining needs: a room code alone opens nothing (docs/web.md, "Who may do what")
INVITE_LENGTH = 8
#: the bot levels that think long enough to run in a worker thread
SLOW_LEVELS = frozenset({"expert"})
#: moves whose narrated events a connection gets when it (re)connects
RECENT_MOVES = 30
SEED_RANGE = 2**63  # SQLite integers are signed 64-bit
#: a process unloads a room it does not drive once none of its connections used it this long
UNLOAD_AFTER = 60.0


def new_code() -> str:
    """A fresh room code (``secrets``): 24**6, about 190 million codes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh token: 32 url-safe characters (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_invite() -> str:
    """A fresh invite key (``secrets``): 8 letters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(INVITE_LENGTH))


class _Bucket:
    """A token bucket: ``burst`` at once, then one every ``interval`` seconds."""

    __slots__ = ("at", "burst", "interval", "level")

    def __init__(self, burst: int, interval: float) -> None:
        self.burst, self.interval = burst, interval
        self.level, self.at = float(burst), float("-inf")

    def take(self, now: float) -> float:
        """0 when allowed (and counted), else the seconds until it would be."""
        if self.at != float("-inf"):
            self.level = min(float(self.burst), self.level + (now - self.at) / self.interval)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return 0.0
        return (1.0 - self.level) * self.interval


class Peer(Protocol):
    """A connection as the room sees it. ``post`` and ``close`` never block: the connection
    writes in its own time (messages to one peer keep their order)."""

    #: the server's address as this connection reached it (``http://host:port``), for links
    base_url: str

    def post(self, message: dict[str, Any]) -> None:
        """Queue a message for this connection."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection with a WebSocket close code, after the queued messages."""


class Refusal(Exception):
    """An action the room did not accept; nothing changed. ``key`` is a message of
    :data:`unokit.web.texts.MESSAGES`, said in the member's language."""

    def __init__(self, code: str, key: str, **values: Any) -> None:
        super().__init__(f"{code}: {key}")
        self.code = code
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        return say(lang, self.key, **self.values)


class NotFound(Exception):
    """No such room (the same for every unknown code)."""


@dataclass(slots=True, eq=False)
class Member:
    """A person in a room: a seat, or a spectator place (``seat = None``)."""

    token_hash: str
    seat: int | None
    name: str
    joined: float = 0.0
    lang: str = "en"
    peer: Peer | None = None
    #: connected to another server process (several processes share the database)
    remote: bool = False
    #: when the last connection went away (the clock's time); ``None`` while connected
    away_since: float | None = None
    #: the ``move_no`` at which they said they were ready (ready while the table stays there)
    ready_at: int = -1
    #: the SHA-256 of the address they joined from (:func:`address_hash`)
    address: str = ""
    #: how fast they may chat and react (made on first use)
    chat_bucket: _Bucket | None = None
    react_bucket: _Bucket | None = None

    @property
    def watcher_id(self) -> str:
        """A spectator's public id (what the host removes them by; says nothing of the
        token)."""
        return hashlib.sha256(f"watcher:{self.token_hash}".encode()).hexdigest()[:12]


class _StandIn:
    """The bot of one seat: it plays a bot's seat, or a person's while they are away. It is
    told every move (observations wait while it is thinking in a worker thread)."""

    def __init__(self, bot: Bot, level: str) -> None:
        self.bot = bot
        self.level = level
        self.busy = False
        self.waiting: list[tuple[int, Move, Color | None]] = []

    def observe(self, seat: int, move: Move, color: Color | None) -> None:
        if self.busy:
            self.waiting.append((seat, move, color))
        else:
            self.bot.observe(seat, move, color)

    def _flush(self) -> None:
        while self.waiting:
            self.bot.observe(*self.waiting.pop(0))

    async def act(self, view: View) -> Move | None:
        self._flush()
        if self.level not in SLOW_LEVELS:
            return self.bot.act(view)
        self.busy = True
        try:
            return await asyncio.to_thread(self.bot.act, view)
        finally:
            self.busy = False
            self._flush()


@dataclass(slots=True)
class _Last:
    """The last accepted move and the table before it: to tell a late move why it lost."""

    before: Game
    seat: int
    move: Move
    events: list[Event]
    move_no: int


Action = Callable[[], Awaitable[None]]


@dataclass(eq=False)
class Room:
    """One table. Build it with :meth:`Rooms.create`, or from storage with :meth:`Rooms.start`."""

    code: str
    preset: str
    rules: Rules
    seed: int
    bots: list[str | None]
    bot_level: str
    host: int | None
    storage: Storage
    settings: Settings
    clock: Callable[[], float] = time.monotonic
    #: where the seeds of new matches come from (``secrets``; tests give a fixed sequence)
    new_seed: Callable[[], int] = lambda: secrets.randbelow(SEED_RANGE)
    started: bool = False
    base: int = 0
    match_no: int = 1
    created: float = 0.0
    members: dict[str, Member] = field(default_factory=dict)
    game: Game | None = None
    move_no: int = 0
    chat: list[ChatRow] = field(default_factory=list)
    #: the stored row's version (each write of the row is made on it)
    version: int = 0
    #: the SHA-256 of the address that created the room
    creator: str = ""
    #: the invite's key (links carry it; joining needs it)
    invite: str = ""
    #: whether people may watch (the host may close watching)
    watching: bool = True
    #: seconds a seated person's turn may run before a bot plays it (0: never)
    takeover: int = 0

    def __post_init__(self) -> None:
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stand_ins: list[_StandIn] = []
        self._last: _Last | None = None
        self._recent: deque[tuple[int, list[Event]]] = deque(maxlen=RECENT_MOVES)
        self._offered: dict[int, int] = {}
        self._changed_at = self.clock()
        self._turn_started = self.clock()
        self._round_over_since = self.clock()
        #: the absent players' seats a bot has played (told in the room message)
        self._stood_in: set[int] = set()
        #: whether this process holds the room's lease (drives its bots and timers), and until
        #: when (the clock's time: a lease not renewed in time is not used)
        self.leased = False
        self._lease_until = float("-inf")
        #: when something last happened here (a move, a change, a connection): idle rooms close
        self.touched = self.clock()
        #: when one of this process's connections last came or went
        self.local_at = self.clock()
        #: closed (idle too long): unloaded, its code opens nothing any more
        self.closed = False
        self._notes: set[asyncio.Task[None]] = set()
        self._lines: dict[str, list[str]] = {}
        #: when the room's recent chat lines were written (the room's chat rate)
        self._chat_times: deque[float] = deque()
        #: the seat whose turn a bot took over, and at which move (told once in the log)
        self._took_over: tuple[int, int] | None = None

    # -- what the room is ------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``lobby``, ``playing``, ``round_over`` or ``match_over``."""
        game = self.game
        if not self.started or game is None:
            return "lobby"
        if game.match_over:
            return "match_over"
        return "round_over" if game.round_over else "playing"

    def member_at(self, seat: int) -> Member | None:
        for member in self.members.values():
            if member.seat == seat:
                return member
        return None

    def seat_kind(self, seat: int) -> str:
        if self.member_at(seat) is not None:
            return "human"
        return "bot" if self.bots[seat] is not None else "empty"

    def names(self, lang: str) -> list[str]:
        """Each seat's display name: a person's name, or "Bot N"."""
        people: list[str | None] = [None] * self.rules.players
        for member in self.members.values():
            if member.seat is not None:
                people[member.seat] = member.name
        return seat_names(people, lang)

    def _connected(self) -> list[Member]:
        """The members connected to this process (those it posts to)."""
        return [m for m in self.members.values() if m.peer is not None]

    @staticmethod
    def _present(member: Member) -> bool:
        """Connected here or to another process."""
        return member.peer is not None or member.remote

    def present(self) -> list[Member]:
        """The members connected anywhere."""
        return [m for m in self.members.values() if self._present(m)]

    def _ready(self, member: Member) -> bool:
        return member.ready_at == self.move_no and self.status in ("round_over", "match_over")

    def row(self) -> RoomRow:
        """The room as it is stored."""
        return RoomRow(
            code=self.code,
            rules={"preset": self.preset, **changed_from_preset(self.preset, self.rules)},
            seed=self.seed,
            bots=list(self.bots),
            bot_level=self.bot_level,
            host=self.host,
            status="started" if self.started else "lobby",
            base=self.base,
            match_no=self.match_no,
            created=self.created,
            version=self.version,
            creator=self.creator,
            table={"invite": self.invite, "watching": self.watching, "takeover": self.takeover},
        )

    async def _save(self) -> None:
        """Store the room's row (made on :attr:`version`). When another process changed it
        first, the room is read again and the action refused (``room_changed``)."""
        try:
            await self.storage.update_room(self.row())
        except RoomConflict:
            self._later(self._sync_locked())
            raise Refusal("not_now", "room_changed") from None
        self.version += 1

    def _later(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("room %s: bringing the room up to date failed", self.code)

        task = asyncio.get_running_loop().create_task(run())
        self._notes.add(task)
        task.add_done_callback(self._notes.discard)

    async def _presence(self, member: Member, connected: bool) -> None:
        """Tell the other processes where the member is connected (best effort: a failure
        leaves them a little behind, never the game)."""
        try:
            await self.storage.set_presence(
                self.code, member.token_hash, connected, member.ready_at
            )
        except Exception as error:
            log.warning("room %s: presence not stored: %s", self.code, error)

    # -- connections -----------------------------------------------------------------------------

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

    def _is_host(self, member: Member) -> bool:
        return member.seat is not None and member.seat == self.host

    # -- messages from a member ------------------------------------------------------------------

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

    def _post(self, member: Member, message: dict[str, Any]) -> None:
        if member.peer is not None:
            member.peer.post(message)

    def _require_host(self, member: Member) -> None:
        if not self._is_host(member):
            raise Refusal("not_host", "not_host")

    def _require_seat(self, seat: int) -> None:
        if not 0 <= seat < self.rules.players:
            raise Refusal("bad_seat", "no_seat", seat=seat)

    async def _on_move(self, member: Member, message: proto.MoveMessage) -> None:
        async with self._lock:
            game = self.game
            if game is None or not self.started:
                raise Refusal("not_your_turn", "not_playing")
            seat = member.seat
            if seat is None:
                raise Refusal("not_your_turn", "spectator_moves")
            move = _read_move(seat, message.move)
            if type(move) is Timeout:
                raise Refusal("illegal", "server_move")
            if message.move_no != self.move_no:
                self._refuse_stale(member, message, seat, move)
                return
            if not game.legal_moves(seat) and not isinstance(move, (Catch, CallUno)):
                raise Refusal("not_your_turn", "not_your_turn")
            try:
                await self._commit(seat, move)
            except IllegalMoveError as error:  # an out-of-turn UNO or catch too: the reason
                reason = self._explain(error, seat, member.lang)
                raise Refusal("illegal", "illegal", reason=reason) from None
            except MoveConflict:  # another process stored this move number first
                self._refuse_stale(member, message, seat, move)

    def _refuse_stale(
        self, member: Member, message: proto.MoveMessage, seat: int, move: Move
    ) -> None:
        """A move made on an older table: say why (already made, another seat first, or the
        table changed), then send the current state again."""
        last = self._last
        lang = member.lang
        code, text = "stale", say(lang, "stale")
        if last is not None and message.move_no == last.move_no - 1:
            try:
                same = last.seat == seat and normalize(move) == last.move
                was_legal = last.before.is_legal(seat, move) or last.before.is_misplay(seat, move)
            except UnoError:
                same = was_legal = False
            if same:
                text = say(lang, "duplicate")
            elif was_legal and last.seat != seat:
                names = self.names(lang)
                who = names[last.seat] if 0 <= last.seat < len(names) else str(last.seat)
                what = (
                    narrate(last.events[0], seat, lang, dict(enumerate(names)))
                    if last.events
                    else format_move_body(last.move)
                )
                code, text = "too_late", say(lang, "too_late", who=who, what=what)
        self._post(member, proto.refused(message.id, code, text))
        self._post(member, self._state_message(member, [], {}))

    async def _on_chat(self, member: Member, text: str) -> None:
        """A chat line: at most ``chat_burst`` at once and one every ``chat_interval`` s per
        member, ``chat_room_per_minute`` for the room; the room keeps its last ``chat_keep``."""
        settings = self.settings
        async with self._lock:
            now = self.clock()
            times = self._chat_times
            while times and times[0] <= now - 60.0:
                times.popleft()
            if len(times) >= settings.chat_room_per_minute:
                raise Refusal("too_fast", "chat_room_busy")
            if member.chat_bucket is None:
                member.chat_bucket = _Bucket(settings.chat_burst, settings.chat_interval)
            wait = member.chat_bucket.take(now)
            if wait:
                raise Refusal("too_fast", "chat_too_fast", seconds=max(1, round(wait)))
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
            member.react_bucket = _Bucket(self.settings.react_burst, 1.0)
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

    def spectator_name(self) -> str:
        """A name for a spectator who gave none: "Spectator N", the first N free."""
        t = translations("en")
        taken = {skeleton(m.name) for m in self.members.values()}
        n = 1
        while True:
            name = t.gettext(SPECTATOR_N).format(n=n)
            if skeleton(name) not in taken:
                return name
            n += 1

    async def _on_rename(self, member: Member, name: str) -> None:
        async with self._lock:
            if name == member.name:
                return
            self.check_name(name, member)
            old = member.name
            member.name = name
            try:
                await self.storage.put_member(_member_row(self.code, member))
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

    async def _remove(self, member: Member, code: int, reason: str) -> None:
        """Take ``member`` out of the room (the caller holds the lock)."""
        seat = member.seat
        await self.storage.delete_member(self.code, member.token_hash)
        self.members.pop(member.token_hash, None)
        changed = False
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
        """The host opens or closes watching (closing it removes the spectators) and sets how
        long a turn may run before a bot plays it."""
        async with self._lock:
            self._require_host(member)
            old = (self.watching, self.takeover)
            if message.watching is not None:
                self.watching = message.watching
            if message.takeover is not None:
                self.takeover = message.takeover
            if (self.watching, self.takeover) == old:
                return
            try:
                await self._save()
            except Exception:
                self.watching, self.takeover = old
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
                    await self._remove(other, 4001, "removed by the host")
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
                await self.storage.put_member(_member_row(self.code, member))
            except Exception:
                member.seat, self.bots, self.host = old_seat, old_bots, old_host
                raise
            if self.bots != old_bots or self.host != old_host:
                try:
                    await self._save()
                except Exception:
                    member.seat, self.bots, self.host = old_seat, old_bots, old_host
                    with contextlib.suppress(Exception):
                        await self.storage.put_member(_member_row(self.code, member))
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
            await self._remove(target, 4001, "removed by the host")

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

    # -- the match -------------------------------------------------------------------------------

    def _new_match(self, replay: Iterable[tuple[int, str]] = ()) -> None:
        """Deal the match from the room's rules and seed; replay stored moves (a restart)."""
        game = Game(self.rules, self.seed)
        self._stand_ins = []
        for seat in range(self.rules.players):
            level = self.bots[seat] or self.bot_level
            options: dict[str, Any] = {}
            if level == "expert":
                options["time_ms"] = self.settings.expert_time_ms
            bot = make_bot(level, seed=(self.seed + 7919 * (seat + 1)) % SEED_RANGE, **options)
            bot.reset(seat, self.rules)
            self._stand_ins.append(_StandIn(bot, level))
        self._recent.clear()
        self._recent.append((self.move_no, list(game.deal_events)))
        self._last = None
        self._offered.clear()
        self.game = game
        for number, text in replay:
            seat, move = parse_move(text)
            color = game.active_color
            before = game.copy()
            events = game.apply(seat, move)
            self._tell(seat, move, color)
            self._last = _Last(before, seat, game.history[-1][1], events, number)
            self._recent.append((number, events))
        now = self.clock()
        self._changed_at = self._turn_started = self._round_over_since = self.touched = now
        self._wake.set()

    async def _rematch(self) -> None:
        old = (self.seed, self.base, self.match_no)
        self.seed = self.new_seed()
        self.base = self.move_no + 1  # the deal is a move: it takes the next number
        self.match_no += 1
        try:
            await self._save()
        except Exception:
            self.seed, self.base, self.match_no = old
            raise
        self.move_no = self.base
        self.chat = []
        self._new_match()
        self._broadcast_room()
        self._broadcast_state(self._recent[-1][1])

    def _tell(self, seat: int, move: Move, color: Color | None) -> None:
        """Every stand-in bot is told the move (traded cards only to the two seats)."""
        secret = isinstance(move, Play) and move.give
        for other, stand_in in enumerate(self._stand_ins):
            if secret and other not in (seat, getattr(move, "trade", None)):
                assert isinstance(move, Play)
                stand_in.observe(seat, replace(move, give=()), color)
            else:
                stand_in.observe(seat, move, color)

    async def _commit(self, seat: int, move: Move) -> list[Event]:
        """Apply a move (the caller holds the lock), store it, then announce it. Raises
        :class:`IllegalMoveError` (nothing changed), :class:`MoveConflict` (another process
        stored this move number first: the moves it lacked are applied, this one is not) or
        the storage's error (the move undone)."""
        game = self.game
        assert game is not None
        before = game.copy()
        color = game.active_color
        was = (game.current, game.round_no, game.round_over)
        events = game.apply(seat, move)
        applied = game.history[-1][1]
        try:
            await self.storage.add_move(self.code, self.move_no + 1, format_move(seat, applied))
        except MoveConflict:
            self.game = before
            await self._catch_up()
            raise
        except Exception:
            self.game = before
            raise
        self._announce(seat, applied, color, before, events, was)
        return events

    def _announce(
        self,
        seat: int,
        applied: Move,
        color: Color | None,
        before: Game,
        events: list[Event],
        was: tuple[int, int, bool],
    ) -> None:
        """A stored move is the room's next: tell the bots, keep it, announce it."""
        game = self.game
        assert game is not None
        was_current, was_round, was_over = was
        self.move_no += 1
        if seat != REFEREE:
            self._tell(seat, applied, color)
        self._last = _Last(before, seat, applied, events, self.move_no)
        self._recent.append((self.move_no, events))
        now = self.clock()
        self._changed_at = self.touched = now
        if seat == was_current or game.current != was_current or game.round_no != was_round:
            self._turn_started = now
        status_changed = game.round_over != was_over
        if status_changed:  # a round ended, or the next was dealt: nobody is ready yet
            self._round_over_since = now
        took_over = self._took_over
        self._took_over = None
        if took_over is not None and took_over != (seat, self.move_no - 1):
            took_over = None
        self._broadcast_state(events, took_over[0] if took_over is not None else None)
        if status_changed:
            self._broadcast_room()
        self._wake.set()

    # -- other processes' changes ----------------------------------------------------------------

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

    async def _catch_up(self) -> None:
        """Apply the moves other processes stored after :attr:`move_no` (the caller holds the
        lock)."""
        if self.game is None or not self.started:
            await self._sync()
            return
        for number, text in await self.storage.load_moves(self.code, self.move_no):
            if not self._apply_stored(number, text):
                await self._sync()
                return

    def _apply_stored(self, number: int, text: str) -> bool:
        """Apply a move another process stored; ``False`` when it does not follow (then the
        room is read again)."""
        game = self.game
        if game is None or number != self.move_no + 1:
            return False
        try:
            seat, move = parse_move(text)
            before = game.copy()
            color = game.active_color
            was = (game.current, game.round_no, game.round_over)
            events = game.apply(seat, move)
        except UnoError as error:
            log.error(
                "room %s: stored move %d %r does not apply: %s", self.code, number, text, error
            )
            return False
        self._announce(seat, game.history[-1][1], color, before, events, was)
        return True

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
                member = _member_of(stored_member)
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

    def _read_table(self, table: dict[str, Any]) -> None:
        """How the table is run, from the stored row (what is missing keeps its value)."""
        invite = table.get("invite")
        if isinstance(invite, str) and invite:
            self.invite = invite
        if isinstance(table.get("watching"), bool):
            self.watching = table["watching"]
        takeover = table.get("takeover")
        if isinstance(takeover, int) and not isinstance(takeover, bool) and takeover >= 0:
            self.takeover = takeover

    async def drop_gone_spectators(self, now: float) -> None:
        """Spectators gone longer than ``spectator_linger`` lose their place (their link asks
        them to join again): a watcher who left holds nothing."""
        linger = self.settings.spectator_linger
        gone = [
            m
            for m in self.members.values()
            if m.seat is None
            and not self._present(m)
            and m.away_since is not None
            and now - m.away_since >= linger
        ]
        if not gone:
            return
        async with self._lock:
            for member in gone:
                if member.token_hash in self.members and not self._present(member):
                    with contextlib.suppress(StorageError):
                        await self._remove(member, 4001, "gone too long")

    def invite_ok(self, key: str | None) -> bool:
        """Whether ``key`` is this room's invite key (compared in constant time)."""
        if not key or not self.invite:
            return False
        return secrets.compare_digest(key.upper().encode(), self.invite.encode())

    def close_here(self) -> None:
        """The room is closed (idle too long): drop its connections, stop its driver."""
        self.closed = True
        for member in self.members.values():
            if member.peer is not None:
                member.peer.close(4404, "the room was closed")
                member.peer = None
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def idle_for(self, now: float) -> float:
        """Seconds nobody has been in the room and nothing happened in it (0 while someone
        is connected anywhere)."""
        if self.present():
            return 0.0
        return now - self.touched

    # -- what each connection is told ------------------------------------------------------------

    def _room_message(self, member: Member) -> dict[str, Any]:
        lang = member.lang
        now = self.clock()
        names = self.names(lang)
        seats = []
        for seat in range(self.rules.players):
            holder = self.member_at(seat)
            at = self._bot_time(seat, now)
            seats.append(
                {
                    "seat": seat,
                    "name": names[seat],
                    "kind": self.seat_kind(seat),
                    "level": self.bots[seat],
                    "connected": holder is not None and self._present(holder),
                    "ready": holder is not None and self._ready(holder),
                    "away": holder is not None and not self._present(holder),
                    # a bot plays this seat now (a bot's seat, or a player gone too long)
                    "bot_plays": self.started and at is not None and at <= now,
                }
            )
        base = member.peer.base_url if member.peer is not None else ""
        rules = self.rules
        watchers = [
            {"id": m.watcher_id, "name": m.name, "connected": self._present(m)}
            for m in sorted(self.members.values(), key=lambda m: (m.joined, m.name))
            if m.seat is None
        ]
        return proto.message(
            "room",
            code=self.code,
            link=f"{base}/r/{self.code}#k={self.invite}",
            invite=f"{self.code}-{self.invite}",
            status=self.status,
            host=self.host,
            seats=seats,
            spectators=sum(1 for w in watchers if w["connected"]),
            watchers=watchers,
            watching=self.watching,
            bot_level=self.bot_level,
            takeover=self.takeover if not rules.turn_time_limit else None,
            takeover_choices=list(self.settings.takeover_choices),
            rules={
                "preset": self.preset,
                "name": preset_name(self.preset, lang)[0] if self.preset in PRESETS else "",
                "changed": changed_from_preset(self.preset, rules),
                "lines": self._rules_lines(lang),
            },
            target=rules.target_score if rules.scoring != "none" else None,
            ready_in=self._ready_in(now),
        )

    def _ready_in(self, now: float) -> float | None:
        """Between rounds: seconds until the host may deal without the players not ready."""
        if self.status not in ("round_over", "match_over"):
            return None
        return max(0.0, round(self.settings.ready_timeout - (now - self._round_over_since), 1))

    def _rules_lines(self, lang: str) -> list[str]:
        """The rules in plain words (they never change in a room: worked out once a language)."""
        lines = self._lines.get(lang)
        if lines is None:
            lines = self._lines[lang] = rules_lines(self.rules, lang)
        return list(lines)

    def _broadcast_room(self, skip: Member | None = None) -> None:
        for member in self._connected():
            if member is not skip:
                self._post(member, self._room_message(member))

    def _view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's view as the browser gets it (docs/web-protocol.md, ``view``)."""
        game = self.game
        assert game is not None
        view = game.view(REFEREE if seat is None else seat)
        data = view.to_dict()
        names = self.names(lang)
        legal: list[dict[str, str]] = []
        if seat is None:
            data["seat"] = None
            data["legal_moves"] = []
        else:
            moves = [m for m in view.legal_moves if type(m) is not Timeout]
            pending = view.pending_draw if view.phase == Phase.PENALTY else 0
            data["legal_moves"] = [format_move_body(m) for m in moves]
            legal = [
                {"move": format_move_body(m), "label": move_label(m, lang, names, seat, pending)}
                for m in moves
            ]
        data["legal"] = legal
        data["unplayable"], data["misplays"] = self._unplayable(game, view, seat, lang)
        data["misplay_rule"] = self.rules.misplay
        data["names"] = names
        data["you"] = seat
        data["stack_total"] = view.pending_draw
        top = view.top
        wild_top = top is not None and COLOR_OF[top] < 0
        data["named_color"] = view.color.label if wild_top and view.color is not None else None
        data["catchable"] = list(view.catchable)
        data["eliminated"] = list(view.eliminated)
        data["round_no"] = view.round_no
        data["target"] = self.rules.target_score if self.rules.scoring != "none" else None
        data["winner"] = game.winner
        data["match_ranking"] = list(game.match_ranking)
        data["match_over"] = game.match_over
        # once a round is over every hand is laid open and counted (000: the winner scores
        # the cards left in the others' hands); never while it is played
        data["hands_left"] = (
            [[card.code for card in hand] for hand in game.hands] if game.round_over else None
        )
        return data

    def _unplayable(
        self, game: Game, view: View, seat: int | None, lang: str
    ) -> tuple[dict[str, str], dict[str, str]]:
        """Why each card of the hand cannot be played now (the engine's reason), and, under
        ``misplay = penalty_*``, the move that plays one anyway (a misplay the engine
        penalises), by card code."""
        if seat is None or not view.hand:
            return {}, {}
        playable = {c for m in view.legal_moves if type(m) is Play for c in m.cards}
        out: dict[str, str] = {}
        misplays: dict[str, str] = {}
        for card in dict.fromkeys(view.hand):
            if card in playable:
                continue
            move = Play(card, color=Color.RED if COLOR_OF[card] < 0 else None)
            try:
                game.verify(seat, move)
            except IllegalMoveError as error:
                out[card.code] = self._explain(error, seat, lang)
                if game.is_misplay(seat, move):
                    misplays[card.code] = format_move_body(move)
        return out, misplays

    def _explain(self, error: IllegalMoveError, seat: int | None, lang: str) -> str:
        """The engine's reason told to ``seat`` in ``lang`` (names, "you", card names)."""
        if error.why is None:
            return translations(lang).gettext(_reason(error))
        return explain(error.why, seat, lang, names=dict(enumerate(self.names(lang))))

    def _deadline(self) -> float | None:
        """Seconds left on the turn timer, or ``None`` when no timer runs."""
        game = self.game
        limit = self.rules.turn_time_limit * self.settings.time_scale
        if game is None or not limit or game.round_over:
            return None
        seat = game.current
        if self.member_at(seat) is None:
            return None
        return max(0.0, round(self._turn_started + limit - self.clock(), 3))

    def _takeover_in(self) -> float | None:
        """Seconds before a bot plays the current turn of a person who lets it run, or
        ``None`` when that cannot happen now (no takeover, a rule's timer, a bot's seat)."""
        at = self._takeover_at()
        return None if at is None else max(0.0, round(at - self.clock(), 3))

    def _takeover_at(self) -> float | None:
        game = self.game
        if (
            not self.takeover
            or self.rules.turn_time_limit
            or game is None
            or not self.started
            or game.round_over
        ):
            return None
        holder = self.member_at(game.current)
        if holder is None or not self._present(holder):
            return None
        if not [m for m in game.legal_moves(game.current) if type(m) is not Timeout]:
            return None
        return self._turn_started + self.takeover

    def _state_message(
        self,
        member: Member,
        events: list[Event],
        cache: dict[tuple[int | None, str], tuple[dict[str, Any], list[dict[str, Any]]]],
        took_over: int | None = None,
    ) -> dict[str, Any]:
        key = (member.seat, member.lang)
        if key not in cache:
            lang = member.lang
            names = dict(enumerate(self.names(lang)))
            lines = [
                {
                    "text": narrate(e, member.seat, lang, names),
                    "rule": e.rule,
                    "kind": e.kind,
                    "seat": e.seat,
                }
                for e in events
            ]
            if took_over is not None:
                if took_over == member.seat:
                    text = say(lang, "took_over_you")
                else:
                    text = say(lang, "took_over", name=names.get(took_over, str(took_over)))
                lines.insert(0, {"text": text, "rule": None, "kind": "takeover", "seat": took_over})
            cache[key] = (self._view(member.seat, lang), lines)
        view, lines = cache[key]
        return proto.message(
            "state",
            move_no=self.move_no,
            view=view,
            log=lines,
            deadline=self._deadline(),
            takeover=self._takeover_in(),
        )

    def _broadcast_state(self, events: list[Event], took_over: int | None = None) -> None:
        """Every connection's state after ``events`` (``took_over``: the seat whose turn a
        bot just played because its person let it run)."""
        cache: dict[tuple[int | None, str], tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        for member in self._connected():
            self._post(member, self._state_message(member, events, cache, took_over))

    # -- the driver: bots, away players, timers, the host ----------------------------------------

    def start_driver(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(
                self._drive(), name=f"room {self.code}"
            )

    async def stop_driver(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Make the driver look again (a setting or a connection changed)."""
        self._wake.set()

    async def _drive(self) -> None:
        # (asyncio.timeout, not asyncio.wait_for: on Python 3.11 wait_for swallows a cancel
        # that arrives together with the wake-up, and a stopping server then waited for ever
        # on a driver that had been told to stop)
        me = asyncio.current_task()
        while True:
            if me is not None and me.cancelling():
                raise asyncio.CancelledError
            self._wake.clear()
            plan = self._plan(self.clock())
            if plan is None:
                await self._wake.wait()
                continue
            when, action = plan
            delay = when - self.clock()
            if delay > 0:
                try:
                    async with asyncio.timeout(delay):
                        await self._wake.wait()
                    continue  # something changed: plan again
                except TimeoutError:
                    pass
            if not await self._hold_lease():
                # another process drives this room: look again when told, or when its lease
                # may have lapsed (its process died)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.settings.lease_ttl / 2):
                        await self._wake.wait()
                continue
            try:
                await action()
            except asyncio.CancelledError:
                raise
            except (Refusal, MoveConflict):
                pass  # the room changed meanwhile (another process): plan again
            except Exception:
                log.exception("room %s: the driver's action failed", self.code)
                await asyncio.sleep(1.0)

    async def _hold_lease(self) -> bool:
        """Whether this process drives the room now: it holds the lease (taking it when it
        is free or lapsed)."""
        if self.leased and self.clock() < self._lease_until:
            return True
        asked = self.clock()
        try:
            self.leased = await self.storage.take_lease(self.code, self.settings.lease_ttl)
        except Exception as error:
            log.warning("room %s: the lease could not be taken: %s", self.code, error)
            self.leased = False
        if self.leased:
            self._lease_until = asked + self.settings.lease_ttl
        return self.leased

    def _bot_time(self, seat: int, now: float) -> float | None:
        """From when a bot plays ``seat``: a bot's seat at once, an absent person's after the
        grace period; ``None`` while the person is connected."""
        holder = self.member_at(seat)
        if holder is None:
            return float("-inf")
        if self._present(holder):
            return None
        return (holder.away_since if holder.away_since is not None else now) + self.settings.grace

    def _plan(self, now: float) -> tuple[float, Action] | None:
        """The next thing the driver should do, and when: the earliest of the host's handover,
        the bots' out-of-turn chances, the bot or the timer of the seat to act."""
        best: tuple[float, Action] | None = None

        def offer(when: float, action: Action) -> None:
            nonlocal best
            if best is None or when < best[0]:
                best = (when, action)

        host = self.member_at(self.host) if self.host is not None else None
        if host is None or not self._present(host):
            others = [m for m in self.present() if m.seat is not None and m is not host]
            if others:
                since = host.away_since if host is not None and host.away_since else now
                offer(since + self.settings.grace if host is not None else now, self._handover)
        game = self.game
        if not self.started or game is None or game.round_over:
            return best
        delay = self._changed_at + self.settings.bot_delay
        for seat in game.waiting_seats():
            if self._offered.get(seat) == self.move_no:
                continue
            at = self._bot_time(seat, now)
            if at is not None:
                offer(max(at, delay), partial(self._bot_turn, seat, True))
        seat = game.current
        at = self._bot_time(seat, now)
        if at is not None:
            offer(max(at, delay), partial(self._bot_turn, seat, False))
        limit = self.rules.turn_time_limit * self.settings.time_scale
        if limit and self.member_at(seat) is not None and TIMEOUT in game.legal_moves(seat):
            offer(self._turn_started + limit, partial(self._time_out, self.move_no))
        takeover = self._takeover_at()
        if takeover is not None:
            offer(takeover, partial(self._take_over, seat, self.move_no))
        return best

    async def _take_over(self, seat: int, number: int) -> None:
        """A person let their turn run ``takeover`` seconds: a bot plays it, and the table
        is told so."""
        if self.move_no != number or self.game is None or self.game.current != seat:
            return
        self._took_over = (seat, number)
        await self._bot_turn(seat, False)

    async def _bot_turn(self, seat: int, out_of_turn: bool) -> None:
        game = self.game
        assert game is not None
        number = self.move_no
        view = game.view(seat)
        moves = tuple(m for m in view.legal_moves if type(m) is not Timeout)
        if not moves:
            self._offered[seat] = number
            return
        view = replace(view, legal_moves=moves)
        holder = self.member_at(seat)
        if holder is not None and seat not in self._stood_in:
            self._stood_in.add(seat)  # an absent player's first turn played by the bot: say so
            self._broadcast_room()
        move = await self._stand_ins[seat].act(view)
        if out_of_turn:
            self._offered[seat] = number
        if move is None:
            if out_of_turn:
                return
            move = moves[0]
        async with self._lock:
            if self.move_no != number or self.game is not game:
                return  # the table changed while the bot thought: plan again
            try:
                await self._commit(seat, move)
            except MoveConflict:
                return  # another process's move came first: plan again
            except IllegalMoveError:  # a bot's mistake: on its turn it still has to move
                log.warning("room %s: bot move %r refused", self.code, move)
                if not out_of_turn:
                    with contextlib.suppress(MoveConflict):
                        await self._commit(seat, moves[0])

    async def _time_out(self, number: int) -> None:
        async with self._lock:
            game = self.game
            if game is None or self.move_no != number or game.round_over:
                return
            if TIMEOUT in game.legal_moves(game.current):
                with contextlib.suppress(MoveConflict):
                    await self._commit(game.current, TIMEOUT)

    async def _handover(self) -> None:
        async with self._lock:
            host = self.member_at(self.host) if self.host is not None else None
            if host is not None and self._present(host):
                return
            others = sorted(
                (m for m in self.present() if m.seat is not None and m is not host),
                key=lambda m: m.seat if m.seat is not None else -1,
            )
            if not others:
                return
            old = self.host
            self.host = others[0].seat
            try:
                await self._save()
            except Exception:
                self.host = old
                raise
            for member in self._connected():
                self._post(member, proto.welcome(member.seat, member.name, self._is_host(member)))
            self._broadcast_room()


def _reason(error: IllegalMoveError) -> str:
    """The engine's reason, without the move it quotes ("'0: play R5' is not allowed: ...")."""
    text = str(error)
    marker = " is not allowed: "
    return text.split(marker, 1)[1] if marker in text else text


def _read_move(seat: int, body: str) -> Move:
    """A move as a client writes it: a notation body (``"play R5"``, ``"draw"``), or just the
    cards of a play (``"R5"``, ``"W+4 blue uno"``)."""
    body = body.strip()
    try:
        return parse_move(f"{seat}: {body}")[1]
    except NotationError as error:
        first = error
    try:
        return parse_move(f"{seat}: play {body}")[1]
    except NotationError:
        raise Refusal("illegal", "unreadable", reason=_reason_text(first)) from None


def _reason_text(error: NotationError) -> str:
    text = str(error)
    _, _, rest = text.partition(": ")
    return rest or text


def member_digest(members: Iterable[Member]) -> str:
    """A room's members in one short string (what the database's progress check gives for
    them, :meth:`Storage.progress`): their token hashes, seats and names."""
    parts = sorted(f"{m.token_hash}:{'-' if m.seat is None else m.seat}:{m.name}" for m in members)
    return hashlib.md5(",".join(parts).encode("utf-8"), usedforsecurity=False).hexdigest()


def _member_row(code: str, member: Member) -> MemberRow:
    return MemberRow(
        code, member.token_hash, member.seat, member.name, member.joined, member.address
    )


def _member_of(row: MemberRow) -> Member:
    return Member(row.token_hash, row.seat, row.name, row.joined, address=row.address)


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
            room.members[m.token_hash] = _member_of(m)
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
                await room.drop_gone_spectators(now)
        for room in list(self.rooms.values()):
            if room.closed:
                await self._unload(room)
            elif room.leased and room.idle_for(now) >= self.settings.room_idle:
                await self.close_room(room)
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
                watching=watching,
                takeover=self.settings.takeover if takeover is None else takeover,
            )
            if room.code in self.rooms:
                continue
            member = Member(token_hash(token), 0, name, now, lang, address=creator)
            try:
                await self.storage.create_room(room.row(), [_member_row(room.code, member)])
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
                    name = room.spectator_name()
                else:
                    room.check_name(name)
                token = new_token()
                member = Member(token_hash(token), seat, name, time.time(), address=who)
                member.away_since = room.clock()
                try:
                    await room.storage.put_member(_member_row(room.code, member))
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
