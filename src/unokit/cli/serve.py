"""``unokit serve``: the game server (docs/web.md).

The listening socket is bound first: a port that is taken is said at once (with a free one
to use instead), before any room is made or any link printed. Then ``--room`` makes a room,
its links are printed, and uvicorn serves on that socket with the connection limits of
:mod:`unokit.web.guard`. The log says at start-up which names the server answers to.
"""

from __future__ import annotations

import dataclasses
import errno
import ipaddress
import logging
import re
import socket
from typing import Annotated, Any

import typer

from unokit.cli.common import console, fail

__all__ = ["serve"]

log = logging.getLogger("unokit.web")


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free one); ``OSError`` as the OS
    says."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _free_port_after(host: str, port: int) -> int | None:
    """The first port after ``port`` that can be bound now (tried up to 50)."""
    for candidate in range(port + 1, min(port + 51, 65536)):
        try:
            _bind(host, candidate).close()
        except OSError:
            continue
        return candidate
    return None


def _wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def _lan_address() -> str | None:
    """This machine's address on its network (the one its default route leaves from: a UDP
    socket "connected" to an address sends nothing), or ``None``."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _shown_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return "localhost"
    try:
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    except ValueError:
        pass
    return host


def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every network)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="port to listen on (0: any free port)")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="where the rooms are kept: a SQLite file (default ./unokit-rooms.sqlite3), or "
            "postgresql://user@host/db, which several server processes may share"
        ),
    ] = "unokit-rooms.sqlite3",
    public_url: Annotated[
        str | None,
        typer.Option(
            help="the address people reach the server by (https://uno.example.com): links "
            "point there, and other Host names are refused"
        ),
    ] = None,
    allowed_host: Annotated[
        list[str],
        typer.Option(help="another name the server answers to, repeatable (*: any name)"),
    ] = [],  # noqa: B006
    bot_model: Annotated[
        list[str],
        typer.Option(
            help="a trained policy the rooms may seat as a bot level, NAME=PATH (a NumPy .npz "
            "or a Stable-Baselines3 .zip; repeatable): the host picks NAME in the waiting room"
        ),
    ] = [],  # noqa: B006
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it acts")] = 0.8,
    grace: Annotated[
        float, typer.Option(help="seconds a player may be gone before a bot plays for them")
    ] = 30.0,
    takeover: Annotated[
        int,
        typer.Option(
            help="seconds a present player's turn may run before a bot plays it (0: never); "
            "each room's host may change it"
        ),
    ] = 60,
    allow_origin: Annotated[
        list[str], typer.Option(help="another Origin the WebSocket accepts, repeatable")
    ] = [],  # noqa: B006
    room: Annotated[
        bool,
        typer.Option(
            "--room",
            help="also create a room and print its links (you and three free seats: friends "
            "take them, bots fill the rest when you start)",
        ),
    ] = False,
    max_message_bytes: Annotated[
        int, typer.Option(help="the largest message a connection may send, in bytes")
    ] = 8192,
    rate_limit: Annotated[
        int, typer.Option(help="messages a connection may send per second (bursts as many)")
    ] = 20,
    http_rate: Annotated[
        int,
        typer.Option(help="requests to the rooms' API per client address and minute"),
    ] = 60,
    max_rooms_per_address: Annotated[
        int, typer.Option(help="open rooms one client address may have created (0: no limit)")
    ] = 20,
    max_rooms: Annotated[int, typer.Option(help="open rooms on the server (0: no limit)")] = 5000,
    max_room_connections: Annotated[
        int,
        typer.Option(help="connections to one room beyond which spectators are refused (0: none)"),
    ] = 50,
    max_members: Annotated[
        int, typer.Option(help="people (players and spectators) one room may have")
    ] = 40,
    max_spectators: Annotated[int, typer.Option(help="spectators one room may have")] = 20,
    max_connections_per_address: Annotated[
        int, typer.Option(help="connections one client address may hold open (0: no limit)")
    ] = 64,
    max_spectators_per_address: Annotated[
        int, typer.Option(help="spectator places one client address may hold in one room")
    ] = 3,
    request_timeout: Annotated[
        float,
        typer.Option(
            help="seconds a request's head (or body) may take to arrive before it is dropped"
        ),
    ] = 10.0,
    hello_timeout: Annotated[
        float, typer.Option(help="seconds a WebSocket may stay open without saying hello")
    ] = 10.0,
    room_idle: Annotated[
        float,
        typer.Option(help="seconds a room may stand with nobody in it before it is closed"),
    ] = 6 * 3600.0,
    lease_ttl: Annotated[
        float,
        typer.Option(
            help="seconds a process's hold on a room's bots and timers lasts unless renewed "
            "(another process takes them over this long after it dies)"
        ),
    ] = 10.0,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="addresses of the reverse proxies whose X-Forwarded-For/-Proto to trust "
            "(comma-separated, or *), so limits count the real client addresses"
        ),
    ] = None,
    first_seed: Annotated[
        int | None, typer.Option(hidden=True, help="deal matches from seeds N, N+1, ... (tests)")
    ] = None,
) -> None:
    """Run the game server: play UNO in a browser with friends and bots (Ctrl-C stops it).

    Rooms, seats and every accepted move are kept in the database (a SQLite file, or
    PostgreSQL), so a server started again resumes every room where it stood. Several
    processes on one PostgreSQL database serve the same rooms (docs/deploy.md). Limits that
    keep strangers from holding the server: docs/web.md."""
    import asyncio
    import itertools

    try:
        import uvicorn

        from unokit.web import Settings
        from unokit.web.app import create_app, host_policy
        from unokit.web.guard import ConnectionGuard, guarded_protocols
        from unokit.web.rooms import Rooms
        from unokit.web.settings import public_origin
        from unokit.web.storage import StorageError, is_postgres_url, open_storage
    except ImportError as error:  # pragma: no cover - the web extra is not installed
        fail(f"unokit serve needs the web extra (pip install 'unokit[web]'): {error}")
    if not 0 <= port <= 65535:
        fail(f"--port {port}: expected a port from 0 to 65535")
    if not 0 <= bot_delay <= 60 or not 0 <= grace <= 86400:
        fail("--bot-delay must be 0 to 60 seconds and --grace 0 to 86400 seconds")
    if not 0 <= takeover <= 3600:
        fail("--takeover must be 0 (never) to 3600 seconds")
    if not 256 <= max_message_bytes <= 64 * 1024:
        fail("--max-message-bytes must be 256 to 65536 (uvicorn drops frames over 64 KiB)")
    if min(rate_limit, http_rate, max_members) < 1:
        fail("--rate-limit, --http-rate and --max-members must be at least 1")
    if min(max_rooms_per_address, max_room_connections, max_rooms, max_spectators) < 0:
        fail(
            "--max-rooms, --max-rooms-per-address, --max-room-connections and "
            "--max-spectators must be 0 or more"
        )
    if not 0.1 <= request_timeout <= 600 or not 0.1 <= hello_timeout <= 600:
        fail("--request-timeout and --hello-timeout must be 0.1 to 600 seconds")
    if max_spectators_per_address < 0:
        fail("--max-spectators-per-address must be 0 or more")
    if max_connections_per_address < 0:
        fail("--max-connections-per-address must be 0 (no limit) or more")
    if room_idle <= 0 or not 0.2 <= lease_ttl <= 600:
        fail("--room-idle must be above 0 and --lease-ttl 0.2 to 600 seconds")
    models: list[tuple[str, str]] = []
    for given in bot_model:
        name, _, path = given.partition("=")
        name = name.strip()
        if not re.fullmatch(r"[a-z][a-z0-9_-]{0,23}", name) or not path:
            fail(f"--bot-model {given!r}: give NAME=PATH, NAME in lower-case letters and digits")
        from unokit.bots import TABLE_LEVELS, make_bot

        if name in TABLE_LEVELS or name in (m for m, _ in models):
            fail(f"--bot-model {name}: that name is already a bot level")
        try:
            make_bot(f"policy:{path}")  # read once now: a broken file is said before start
        except ValueError as error:
            fail(f"--bot-model {name}: {error}")
        models.append((name, path))
    if public_url is not None:
        try:
            public_url = public_origin(public_url)
        except ValueError as error:
            fail(f"--public-url: {error}")
    if is_postgres_url(db):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            fail("--db postgresql://... needs psycopg (pip install 'unokit[postgres]')")
    # the port first: nothing is made, and no link printed, for a server that cannot start
    try:
        listener = _bind(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            free = _free_port_after(host, port)
            hint = f" (--port {free} is free, or --port 0 picks one)" if free else ""
            fail(f"port {port} on {host} is taken by another program{hint}", 3)
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}", 3)
    port = listener.getsockname()[1]
    settings = Settings(
        host=host,
        port=port,
        db=db,
        bot_delay=bot_delay,
        grace=grace,
        takeover=takeover,
        bot_models=tuple(models),
        allow_origins=tuple(allow_origin),
        public_url=public_url,
        allowed_hosts=tuple(allowed_host),
        max_message_bytes=max_message_bytes,
        rate_limit=rate_limit,
        http_rate=http_rate,
        max_rooms_per_address=max_rooms_per_address,
        max_rooms=max_rooms,
        max_room_connections=max_room_connections,
        max_members=max_members,
        max_spectators=max_spectators,
        max_connections_per_address=max_connections_per_address,
        max_spectators_per_address=max_spectators_per_address,
        request_timeout=request_timeout,
        hello_timeout=hello_timeout,
        room_idle=room_idle,
        lease_ttl=lease_ttl,
    )
    where = "PostgreSQL" if is_postgres_url(db) else db
    listening = f"http://{_shown_host(host)}:{port}"
    if public_url is None and _wildcard(host):
        # friends on the network reach this machine by its address there, not "localhost"
        lan = _lan_address()
        if lan is not None:
            settings = dataclasses.replace(settings, link_base=f"http://{lan}:{port}")
    address = settings.origin() or settings.link_base or listening
    seeds = itertools.count(first_seed).__next__ if first_seed is not None else None
    if room:

        async def make_room() -> tuple[str, str, str]:
            storage = open_storage(settings.db)
            await storage.open()
            try:
                rooms = Rooms(storage, settings)
                made, token = await rooms.create("Player 1", "official", {}, 4, None)
                await rooms.stop()
                return made.code, token, made.invite
            finally:
                await storage.close()

        try:
            code, token, invite = asyncio.run(make_room())
        except (StorageError, OSError) as error:
            listener.close()
            fail(f"cannot create a room in {where}: {error}")
        console.print(f"your room: {address}/r/{code}#t={token}", soft_wrap=True)
        console.print("  (open it first: the link makes you the host; invite friends with")
        console.print(f"   {address}/r/{code}#k={invite} )", soft_wrap=True)
    console.print(
        f"unokit server: {address}/  (rooms kept in {where}; Ctrl-C stops it)", soft_wrap=True
    )
    if address != listening:
        console.print(
            f"  listening on {host}:{port} ({listening}/ on this machine)", soft_wrap=True
        )
    policy = host_policy(settings)
    console.print(f"  {policy.describe()}", soft_wrap=True)
    if not policy.names and host not in ("127.0.0.1", "localhost", "::1"):
        console.print(
            "  (reachable from other machines: --public-url https://your.name tells it its "
            "address and refuses other names)",
            soft_wrap=True,
        )
    storage = open_storage(settings.db)
    # uvicorn trusts X-Forwarded-For from 127.0.0.1 unless told otherwise: without a named
    # proxy, nobody's (a local user or a tunnel could otherwise pose as any address)
    proxy: dict[str, Any] = {"proxy_headers": False}
    if forwarded_allow_ips is not None:
        proxy = {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips}
    guard = ConnectionGuard(
        max_connections_per_address, settings.request_timeout, forwarded_allow_ips
    )
    http_protocol, ws_protocol = guarded_protocols(guard)
    config = uvicorn.Config(
        create_app(settings, storage, Rooms(storage, settings, seeds=seeds)),
        host=host,
        port=port,
        http=http_protocol,
        ws=ws_protocol,
        h11_max_incomplete_event_size=settings.max_header_bytes,
        ws_max_size=64 * 1024,
        limit_concurrency=10_000,
        log_level="warning",
        timeout_graceful_shutdown=5,
        **proxy,
    )
    try:
        uvicorn.Server(config).run(sockets=[listener])
    except StorageError as error:
        fail(f"cannot open {where}: {error}")
