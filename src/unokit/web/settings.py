"""The game server's settings (``unokit serve`` options, and the knobs tests turn).

Every resource a stranger can make the server hold has a limit here; docs/web.md ("Who may
do what") says why each is what it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["DEFAULT_DB", "Settings", "public_origin"]

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
    #: Origins the WebSocket and the API accept besides the server's own (``--allow-origin``)
    allow_origins: tuple[str, ...] = ()
    #: the address people use to reach the server (``--public-url``, e.g.
    #: ``https://uno.example.com``): links are built from it, and only its host is accepted
    #: in the ``Host`` header (with :attr:`allowed_hosts`)
    public_url: str | None = None
    #: other names the server may be reached by (``--allowed-host``; ``*``: any). Without
    #: these and without :attr:`public_url`, a server listening on a loopback address accepts
    #: only ``localhost``, ``127.0.0.1`` and ``[::1]``, and one listening on another address
    #: accepts any name (said in the log at start-up)
    allowed_hosts: tuple[str, ...] = ()
    #: where links point when there is no public URL and the address a client used is not
    #: one friends can use (``unokit serve --host 0.0.0.0``: the machine's address on its
    #: network, ``http://192.168.1.23:8000``)
    link_base: str | None = None
    #: the bot level that fills empty seats and plays for absent players
    bot_level: str = "strong"
    #: trained policies the server offers as bot levels (``--bot-model NAME=PATH``): the
    #: operator's files, never a path a browser sends
    bot_models: tuple[tuple[str, str], ...] = ()
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
    #: requests to the rooms' API (create, join, look up, record) one client address may make
    #: in a minute
    http_rate: int = 60
    #: people (players and spectators) in one room
    max_members: int = 40
    #: spectators in one room (seated players never count against it; 0: no limit)
    max_spectators: int = 20
    #: spectator places one client address may hold in one room (0: no limit)
    max_spectators_per_address: int = 3
    #: seats one client address may hold in one room (0: no limit): a family behind one
    #: router shares an address, a squatter may not take the whole table
    max_seats_per_address: int = 4
    #: before the match, a seat whose holder has not been connected this long is freed
    seat_linger: float = 120.0
    #: a spectator gone this long loses their place (their link asks them to join again)
    spectator_linger: float = 300.0
    #: messages waiting for a slow connection before it is dropped
    outbox_limit: int = 2000
    #: open rooms one client address may have created (0: no limit)
    max_rooms_per_address: int = 20
    #: open rooms on the server, all addresses together (0: no limit)
    max_rooms: int = 5000
    #: a room nobody ever opened is closed after this long (it holds a place of max_rooms)
    room_unopened: float = 600.0
    #: connections open to one room at once, on every process together: spectators beyond
    #: it are refused; a seated player is never refused (0: no limit)
    max_room_connections: int = 30
    #: a room nobody has been connected to, and where nothing happened, for this long is
    #: closed (its code opens nothing any more) and unloaded from memory
    room_idle: float = 6 * 3600.0
    #: how long a process's lease on a room lasts unless renewed (renewed every third of it);
    #: when a process dies, its rooms' bots and timers move to another after at most this
    lease_ttl: float = 10.0
    #: a WebSocket that has not said hello this long after opening is closed (4408)
    hello_timeout: float = 10.0
    #: an HTTP request whose head (request line and headers) or body has not arrived this
    #: long after it began is dropped
    request_timeout: float = 10.0
    #: the largest request head (request line and every header), in bytes, and its most
    #: headers
    max_header_bytes: int = 16 * 1024
    max_headers: int = 64
    #: TCP connections one client address may hold open at once (0: no limit); addresses of
    #: trusted proxies (``--forwarded-allow-ips``) are not counted
    max_connections_per_address: int = 64
    #: WebSockets one client address may hold open at once, all rooms together (0: no limit)
    max_sockets_per_address: int = 32
    #: chat: lines one member may send in a burst, then one every ``chat_interval`` seconds
    chat_burst: int = 5
    chat_interval: float = 2.0
    #: chat lines a room's spectators take in a minute, all together (seated players have
    #: only their own limit: watchers cannot silence the table)
    chat_room_per_minute: int = 30
    #: chat lines a room keeps (older ones are dropped, from memory and storage)
    chat_keep: int = 200
    #: reactions: a burst of this many, then one a second, per member
    react_burst: int = 5
    #: renames: a burst of this many, then one every ``rename_interval`` seconds, per member
    rename_burst: int = 3
    rename_interval: float = 10.0
    #: bots thinking at once in worker threads (experts' searches, trained networks), in one
    #: process: the others wait their turn, so bots cannot take every core
    max_thinking: int = 2
    #: rooms remember the addresses of people the host removed, this many at most
    max_banned: int = 100
    #: a seated person who lets their turn run this long has a bot play it (0: never); the
    #: host may change it in the waiting room. Rooms whose rules set ``turn_time_limit`` use
    #: the rule (and its penalty) instead
    takeover: int = 60
    #: the seconds the waiting room lets the host choose for :attr:`takeover`
    takeover_choices: tuple[int, ...] = (0, 30, 60, 120, 300)

    def levels(self) -> tuple[str, ...]:
        """The bot levels a room may seat: the shipped ones and the operator's models."""
        from unokit.bots import TABLE_LEVELS

        return (*TABLE_LEVELS, *(name for name, _ in self.bot_models))

    def bot_spec(self, level: str) -> str:
        """What :func:`unokit.bots.make_bot` builds for a level: a model's ``policy:PATH``."""
        for name, path in self.bot_models:
            if name == level:
                return f"policy:{path}"
        return level

    def origin(self) -> str | None:
        """The public origin (``https://uno.example.com``), when :attr:`public_url` is set."""
        return public_origin(self.public_url) if self.public_url else None


def public_origin(url: str) -> str:
    """The origin of a public URL: scheme and host (and port), without a path.

    >>> public_origin("https://Uno.Example.com/play/")
    'https://uno.example.com'
    >>> public_origin("uno.example.com:8080")
    Traceback (most recent call last):
    ...
    ValueError: a public URL starts with http:// or https:// (got 'uno.example.com:8080')
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"a public URL starts with http:// or https:// (got {url!r})")
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}"
