"""A room's state: the fields every part of a room reads, and the questions they all ask."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from unokit.bots import Bot
from unokit.cards import Color
from unokit.events import Event
from unokit.game import Game, View
from unokit.moves import Move
from unokit.rules import Rules
from unokit.web.members import (
    SEED_RANGE,
    Member,
    Refusal,
)
from unokit.web.settings import Settings
from unokit.web.storage import (
    ChatRow,
    RoomConflict,
    RoomRow,
    Storage,
)
from unokit.web.texts import (
    changed_from_preset,
    seat_names,
)

__all__ = ["RECENT_MOVES", "SLOW_LEVELS", "Action", "RoomState"]

log = logging.getLogger("unokit.web")

#: the bot levels that think long enough to run in a worker thread
SLOW_LEVELS = frozenset({"expert"})
#: moves whose narrated events a connection gets when it (re)connects
RECENT_MOVES = 30


class _StandIn:
    """The bot of one seat: it plays a bot's seat, or a person's while they are away. It is
    told every move (observations wait while it is thinking in a worker thread)."""

    def __init__(self, bot: Bot, level: str, slow: bool = False, thinking: int = 2) -> None:
        self.bot = bot
        self.level = level
        #: slow bots of one process think this many at a time (the others wait their turn)
        self.thinking = thinking
        #: thinks in a worker thread (the expert's search, a trained model's network)
        self.slow = slow or level in SLOW_LEVELS
        self.busy = False
        self.waiting: list[Callable[[], None]] = []

    def _told(self, news: Callable[[], None]) -> None:
        if self.busy:
            self.waiting.append(news)
        else:
            news()

    def observe(self, seat: int, move: Move, color: Color | None) -> None:
        self._told(partial(self.bot.observe, seat, move, color))

    def shown(self, view: View) -> None:
        """A hand was shown to this seat (:meth:`unokit.bots.Bot.shown`)."""
        self._told(partial(self.bot.shown, view))

    def _flush(self) -> None:
        while self.waiting:
            self.waiting.pop(0)()

    async def act(self, view: View) -> Move | None:
        self._flush()
        if not self.slow:
            return self.bot.act(view)
        self.busy = True
        try:
            async with _thinking(self.thinking):
                return await asyncio.to_thread(self.bot.act, view)
        finally:
            self.busy = False
            self._flush()


_THINKERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def _thinking(limit: int) -> asyncio.Semaphore:
    """The event loop's bound on bots thinking in worker threads at once."""
    loop = asyncio.get_running_loop()
    held = _THINKERS.get(loop)
    if held is None:
        held = _THINKERS[loop] = asyncio.Semaphore(max(1, limit))
    return held


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
class RoomState:
    """A room's state and the questions every part of it asks (who sits where, is present,
    hosts; storing the row). The parts of a room build on it, one module each, bottom-up:
    :mod:`~unokit.web.projection` (what each connection is told), :mod:`~unokit.web.match`
    (moves through the engine), :mod:`~unokit.web.sync` (other processes' changes),
    :mod:`~unokit.web.driver` (bots, timers, the host's handover) and
    :mod:`~unokit.web.people` (what members ask for); :class:`unokit.web.room.Room` is all of
    them."""

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
    #: the host closed the room to newcomers (nobody may join; members come and go)
    locked: bool = False
    #: the addresses (hashes) of the people the host removed: they may not join again
    banned: list[str] = field(default_factory=list)
    #: someone has connected to the room (rooms nobody ever opened close sooner); a room read
    #: back from storage counts as opened
    opened: bool = True

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
        #: when the round in play began (its match clock counts from then: match_clock; a room
        #: loaded again, by a restart or another process, gives the round a full count)
        self._round_started = self.clock()
        self._round_over_since = self.clock()
        #: the absent players' seats a bot has played (told in the room message)
        self._stood_in: set[int] = set()
        #: whether this process holds the room's lease (drives its bots and timers), and until
        #: when (the clock's time: a lease not renewed in time is not used)
        self.leased = False
        self._lease_until = float("-inf")
        #: when something last happened here (a move, a change, a connection): idle rooms close
        self.touched = self.born = self.clock()
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
            table={
                "invite": self.invite,
                "watching": self.watching,
                "takeover": self.takeover,
                "locked": self.locked,
                "banned": list(self.banned),
            },
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

    def _is_host(self, member: Member) -> bool:
        return member.seat is not None and member.seat == self.host

    def _post(self, member: Member, message: dict[str, Any]) -> None:
        if member.peer is not None:
            member.peer.post(message)

    def _require_host(self, member: Member) -> None:
        if not self._is_host(member):
            raise Refusal("not_host", "not_host")

    def _require_seat(self, seat: int) -> None:
        if not 0 <= seat < self.rules.players:
            raise Refusal("bad_seat", "no_seat", seat=seat)

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
        if isinstance(table.get("locked"), bool):
            self.locked = table["locked"]
        banned = table.get("banned")
        if isinstance(banned, list):
            self.banned = [b for b in banned if isinstance(b, str)][-self.settings.max_banned :]

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

    def _bot_time(self, seat: int, now: float) -> float | None:
        """From when a bot plays ``seat``: a bot's seat at once, an absent person's after the
        grace period; ``None`` while the person is connected."""
        holder = self.member_at(seat)
        if holder is None:
            return float("-inf")
        if self._present(holder):
            return None
        return (holder.away_since if holder.away_since is not None else now) + self.settings.grace

    # -- hooks of the parts above ----------------------------------------------------------------

    async def _sync(self) -> None:
        """Read the room again (:class:`~unokit.web.sync.Sync`)."""
        raise NotImplementedError

    async def _sync_locked(self) -> None:
        """The same, taking the room's lock."""
        raise NotImplementedError
