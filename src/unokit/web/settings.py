"""The game server's settings (``unokit serve`` options, and the knobs tests turn)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_DB", "Settings"]

#: where ``unokit serve`` keeps its rooms unless told otherwise
DEFAULT_DB = "unokit-rooms.sqlite3"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server can be told. Times are in seconds."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: the SQLite file (``":memory:"``: nothing kept, for tests), or a PostgreSQL URL
    #: (``postgresql://user@host/db``) that several server processes share
    db: str = DEFAULT_DB
    #: how long a bot waits before it acts (0 in tests)
    bot_delay: float = 0.8
    #: how long a player may be gone before a bot plays their turns (and the host passes on)
    grace: float = 30.0
    #: how long the host waits for every player to be ready before "next" works anyway
    ready_timeout: float = 30.0
    #: Origins the WebSocket accepts besides the server's own (``--allow-origin``)
    allow_origins: tuple[str, ...] = ()
    #: the bot level that fills empty seats and plays for absent players
    bot_level: str = "strong"
    #: the expert bot's thinking time per decision, in milliseconds
    expert_time_ms: float = 300.0
    #: turn_time_limit is multiplied by this (tests make turns last milliseconds)
    time_scale: float = 1.0
    #: the largest client message, in bytes
    max_message_bytes: int = 8 * 1024
    #: messages a connection may send in one second
    rate_limit: int = 20
    #: refused messages (errors) after which a connection is closed (4400)
    max_errors: int = 100
    #: room creations and joins one client address may make in a minute
    http_rate: int = 60
    #: people (players and spectators) in one room
    max_members: int = 100
    #: messages waiting for a slow connection before it is dropped
    outbox_limit: int = 2000
    #: open rooms one client address may have created (0: no limit)
    max_rooms_per_address: int = 20
    #: connections open to one room at once, on every process together (0: no limit)
    max_room_connections: int = 50
    #: a room nobody has been connected to, and where nothing happened, for this long is
    #: closed (its code opens nothing any more) and unloaded from memory
    room_idle: float = 6 * 3600.0
    #: how long a process's lease on a room lasts unless renewed (renewed every third of it);
    #: when a process dies, its rooms' bots and timers move to another after at most this
    lease_ttl: float = 10.0
