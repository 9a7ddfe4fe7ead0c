"""The game server as an ASGI application (Starlette): HTTP routes and the ``/ws/{code}`` socket.

``create_app(settings)`` builds it; ``unokit serve`` runs it on uvicorn (with the connection
limits of :mod:`unokit.web.guard`). The routes and messages are those of
docs/web-protocol.md. The room logic lives in :mod:`unokit.web.room`; this module only carries
messages: every request first passes :class:`~unokit.web.shield.Shield` (the ``Host``,
cross-site writes, security headers); the rooms' API is rate-limited per client address and
says the same for an unknown room as for a known one asked without its invite key; the
WebSocket's ``Origin`` is checked, a socket that does not say hello in time is closed, an
address may hold only so many; the size, shape and rate of every message is checked (an
``error`` answer, the connection kept; closed with 4400 after too many), and each connection
has an outbox so that a slow reader never holds up a room.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from unokit.cards import DECKS
from unokit.effects import CUSTOM_EFFECTS
from unokit.errors import RulesError, UnoError
from unokit.narrator import LANGUAGES, card_name, translations
from unokit.rule_words import describe_option, option_meaning, preset_name
from unokit.rules import OPTIONS, PRESETS
from unokit.sheet import build_sheet, stylesheet, to_web_page
from unokit.web import protocol as proto
from unokit.web.clients import client_key
from unokit.web.room import NotFound, Refusal, Room
from unokit.web.rooms import Rooms
from unokit.web.settings import Settings
from unokit.web.shield import HostPolicy, Shield, same_origin
from unokit.web.storage import Storage, open_storage, token_hash
from unokit.web.texts import OPTION_GROUPS, option_group, say

__all__ = ["STATIC", "create_app", "host_policy", "origin_allowed"]

log = logging.getLogger("unokit.web")

#: every card of every deck, once (the names ``GET /api/cards/{lang}`` gives)
ALL_CARDS = tuple(dict.fromkeys(card for deck in DECKS.values() for card in deck))

STATIC = Path(__file__).parent / "static"
#: the largest HTTP request body the API reads
MAX_BODY = 16 * 1024
_API_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def origin_allowed(
    headers: Headers, allowed: tuple[str, ...], public_origin: str | None = None
) -> bool:
    """Whether a WebSocket's ``Origin`` may open it: none (not a browser: a page of another
    site cannot make a browser leave it out), the server's own host or public origin, or one
    of ``allowed``."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return same_origin(origin, headers.get("host"), public_origin)


def host_policy(settings: Settings) -> HostPolicy:
    """The ``Host`` names the server answers to (:class:`~unokit.web.shield.HostPolicy`)."""
    return HostPolicy.of(settings.host, settings.public_url, settings.allowed_hosts)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={**_API_HEADERS, **(headers or {})})


def _base_url(scheme: str, headers: Headers, settings: Settings) -> str:
    """Where links point: the public URL's origin, else the address the client used (its
    ``Host``, which :class:`Shield` has checked)."""
    public = settings.origin() or settings.link_base
    if public is not None:
        return public
    host = headers.get("host") or f"{settings.host}:{settings.port}"
    return f"{scheme}://{host}"


class _Limiter:
    """At most ``rate`` requests per minute per client (:func:`client_key`); the addresses
    remembered are bounded (the least recently seen are forgotten first)."""

    #: addresses remembered at most
    MAX_KEYS = 50_000

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.seen: dict[str, deque[float]] = {}

    def allow(self, who: str) -> bool:
        now = time.monotonic()
        key = client_key(who)
        times = self.seen.pop(key, None)  # re-inserted last: the dict is in recency order
        if times is None:
            times = deque()
        while times and times[0] <= now - 60:
            times.popleft()
        allowed = len(times) < self.rate
        if allowed:
            times.append(now)
        self.seen[key] = times
        while len(self.seen) > self.MAX_KEYS:
            del self.seen[next(iter(self.seen))]
        return allowed


class _SocketCount:
    """Open WebSockets per client (:func:`client_key`)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def take(self, who: str) -> bool:
        key = client_key(who)
        held = self.open.get(key, 0)
        if self.limit and held >= self.limit:
            return False
        self.open[key] = held + 1
        return True

    def give(self, who: str) -> None:
        key = client_key(who)
        held = self.open.get(key, 0) - 1
        if held > 0:
            self.open[key] = held
        else:
            self.open.pop(key, None)


class _WsPeer:
    """A WebSocket as a room's :class:`~unokit.web.room.Peer`: messages queue in an outbox
    and a writer task sends them in order; a reader too slow to keep up is dropped."""

    def __init__(self, socket: WebSocket, base_url: str, limit: int) -> None:
        self.socket = socket
        self.base_url = base_url
        self.limit = limit
        self.closed = False
        self._queue: asyncio.Queue[dict[str, Any] | tuple[int, str]] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._write())

    def post(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= self.limit:
            self.close(1008, "too slow")
            return
        self._queue.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait((code, reason))

    async def _write(self) -> None:
        socket = self.socket
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, tuple):
                    if socket.application_state == WebSocketState.CONNECTED:
                        await socket.close(code=item[0], reason=item[1])
                    return
                text = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
                await socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True
        except Exception:  # pragma: no cover - a closed transport's own errors
            log.debug("websocket writer stopped", exc_info=True)
            self.closed = True

    async def finish(self) -> None:
        """Close (if not yet) and wait for the outbox to be written, briefly."""
        self.close(1000, "")
        try:
            await asyncio.wait_for(asyncio.shield(self._task), 5.0)
        except (TimeoutError, asyncio.CancelledError):
            self._task.cancel()


def create_app(
    settings: Settings | None = None,
    storage: Storage | None = None,
    rooms: Rooms | None = None,
) -> Starlette:
    """The server: ``GET /``, ``/r/{code}``, ``/static``, the JSON API and ``/ws/{code}``.

    ``storage`` defaults to the one ``settings.db`` names (:func:`open_storage`: a SQLite
    file, or a PostgreSQL URL); ``rooms`` (tests pass
    their own, with a clock) to a :class:`Rooms` on that storage. Starting the application
    (its lifespan) opens the storage and rebuilds every room; stopping closes both."""
    settings = settings or Settings()
    store: Storage = storage if storage is not None else open_storage(settings.db)
    manager = rooms if rooms is not None else Rooms(store, settings)
    limiter = _Limiter(settings.http_rate)
    sockets = _SocketCount(settings.max_sockets_per_address)

    def no_room() -> Response:
        """The one answer for an unknown room, a closed one, a wrong invite key and a token
        that opens nothing: a stranger cannot tell a room exists."""
        hours = f"{settings.room_idle / 3600:g}"
        return _json({"error": say("en", "no_room", hours=hours)}, 404)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await store.open()
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            await store.close()

    def page(name: str) -> Response:
        path = STATIC / name
        if not path.is_file():
            return PlainTextResponse("the browser table is not installed", status_code=404)
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    async def index(request: Request) -> Response:
        return page("index.html")

    async def room_page(request: Request) -> Response:
        # the same page for every code, known or not: a code is checked when the page connects
        return page("room.html")

    async def options(request: Request) -> Response:
        lang = request.query_params.get("lang", "en")
        if lang not in LANGUAGES:
            lang = "en"
        described = []
        for spec in OPTIONS.values():
            kind = "choice" if spec.kind in ("choice", "effect") else spec.kind
            values: list[Any] | None = None
            if spec.kind == "choice":
                values = list(spec.choices)
            elif spec.kind == "effect":
                values = list(CUSTOM_EFFECTS)
            elif spec.kind == "bool":
                values = [False, True]
            described.append(
                {
                    "name": spec.name,
                    "kind": kind,
                    "values": values,
                    "low": spec.low if spec.kind == "int" else None,
                    "high": spec.high if spec.kind == "int" else None,
                    "default": spec.default,
                    "meaning": option_meaning(spec.name, lang),
                    "group": option_group(spec.section),
                    # each value in a sentence (choices and true/false): what people read
                    "words": [describe_option(spec.name, v, lang) for v in values or []],
                }
            )
        return _json(
            {
                "lang": lang,
                "presets": {name: dict(values) for name, values in PRESETS.items()},
                "preset_names": {name: list(preset_name(name, lang)) for name in PRESETS},
                "options": described,
                "bots": list(settings.levels()),
                "bot_level": settings.bot_level,
                "langs": list(LANGUAGES),
                "groups": [title for title, _ in OPTION_GROUPS],
                "takeover": settings.takeover,
                "takeover_choices": list(settings.takeover_choices),
            }
        )

    async def labels(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return _json({"error": f"unknown language {lang[:20]!r}"}, 404)
        try:
            from unokit.web.labels import LABELS
        except ImportError:  # pragma: no cover - the browser side owns labels.py
            return _json({})
        t = translations(lang)
        return _json({text: t.gettext(text) for text in LABELS})

    async def card_names(request: Request) -> Response:
        """Every card's name in a language (the narrator's ``card_name``), by code: the
        browser names cards with these, never with words of its own."""
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return _json({"error": f"unknown language {lang[:20]!r}"}, 404)
        return _json({card.code: card_name(card, lang) for card in ALL_CARDS})

    def address(request: Request) -> str:
        return request.client.host if request.client is not None else ""

    def limited(request: Request) -> Response | None:
        """429 when the client made as many requests to the rooms' API as it may."""
        if limiter.allow(address(request) or "?"):
            return None
        return _json({"error": "too many requests: wait a minute"}, 429, {"Retry-After": "60"})

    async def read_body(request: Request) -> bytes | Response:
        refused = limited(request)
        if refused is not None:
            return refused
        body = b""
        try:
            async with asyncio.timeout(settings.request_timeout):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > MAX_BODY:
                        return _json(
                            {"error": f"the request body is larger than {MAX_BODY} bytes"}, 413
                        )
        except TimeoutError:
            return _json({"error": "the request body took too long to come"}, 408)
        return body

    def lang_of(request: Request) -> str:
        lang = request.query_params.get("lang", "en")
        return lang if lang in LANGUAGES else "en"

    async def create_room(request: Request) -> Response:
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        try:
            asked = proto.parse_body(proto.CreateRoom, body)
        except proto.BadMessage as error:
            return _json({"error": str(error)}, 400)
        try:
            room, token = await manager.create(
                asked.name,
                asked.preset,
                dict(asked.options),
                asked.players,
                list(asked.bots) if asked.bots is not None else None,
                asked.lang,
                address(request),
                takeover=asked.takeover,
                watching=asked.watching,
            )
        except RulesError as error:  # the engine's English, after a lead in the language
            return _json({"error": say(asked.lang, "bad_rules", reason=str(error))}, 400)
        except UnoError as error:
            return _json({"error": str(error)}, 400)
        except Refusal as refusal:  # a reserved name; too many open rooms
            status = 400 if refusal.code == "bad_name" else 429
            return _json({"error": refusal.text(asked.lang)}, status)
        base = _base_url(request.url.scheme, request.headers, settings)
        return _json(
            {
                "code": room.code,
                "token": token,
                "seat": 0,
                "invite": room.invite,
                "link": f"{base}/r/{room.code}#k={room.invite}",
            },
            201,
        )

    async def join_room(request: Request) -> Response:
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        lang = lang_of(request)
        try:
            asked = proto.parse_body(proto.JoinRoom, body)
        except proto.BadMessage as error:
            return _json({"error": str(error)}, 400)
        try:
            token, seat = await manager.join(
                request.path_params["code"],
                asked.name,
                asked.spectate,
                invite=asked.invite,
                address=address(request),
                lang=lang,
            )
        except NotFound:
            return no_room()
        except Refusal as refusal:
            status = 400 if refusal.code == "bad_name" else 403
            return _json({"error": refusal.text(lang)}, status)
        return _json({"token": token, "seat": seat})

    async def room_summary(request: Request) -> Response:
        """What a join dialog shows before joining (who sits where, the rules; no hand), to
        whoever holds the invite's key (the ``X-Invite`` header): without it, the same 404
        as an unknown room."""
        refused = limited(request)
        if refused is not None:
            return refused
        lang = lang_of(request)
        try:
            room = await manager.find(request.path_params["code"])
        except NotFound:
            return no_room()
        if not room.invite_ok(request.headers.get("x-invite")):
            return no_room()
        names = room.names(lang)
        seats = [
            {"seat": seat, "name": names[seat], "kind": room.seat_kind(seat)}
            for seat in range(room.rules.players)
        ]
        return _json(
            {
                "code": room.code,
                "status": room.status,
                "seats": seats,
                "spectators": sum(1 for m in room.present() if m.seat is None),
                "watching": room.watching,
                "rules": room._rules_lines(lang),
            }
        )

    async def rule_sheet(request: Request) -> Response:
        """The room's rule sheet as a page to print (the waiting room's "Print the rules"), in
        ``?lang``, for whoever holds the invite's key (``?k``, as the room's link has it):
        without it, the same 404 as an unknown room. The rules, the players' names and the
        room's link (its QR code) are the room's own."""
        refused = limited(request)
        if refused is not None:
            return refused
        lang = lang_of(request)
        code = request.path_params["code"]
        try:
            room = await manager.find(code)
        except NotFound:
            room = None
        if room is None or not room.invite_ok(request.query_params.get("k")):
            hours = f"{settings.room_idle / 3600:g}"
            return PlainTextResponse(say(lang, "no_room", hours=hours), 404, _API_HEADERS)
        names = room.names(lang)
        base = _base_url(request.url.scheme, request.headers, settings)
        sheet = build_sheet(
            room.rules,
            lang,
            link=f"{base}/r/{room.code}#k={room.invite}",
            names=[
                names[seat] if room.seat_kind(seat) == "human" else ""
                for seat in range(room.rules.players)
            ],
            preset=room.preset,
        )
        page = to_web_page(
            sheet,
            stylesheet_href="/sheet.css",
            script_src="/static/js/sheet.js",
            back=f"/r/{room.code}",
        )
        return HTMLResponse(page, headers=_API_HEADERS)

    async def sheet_css(request: Request) -> Response:
        return Response(stylesheet(), media_type="text/css", headers={"Cache-Control": "no-cache"})

    async def record(request: Request) -> Response:
        token = request.query_params.get("token", "")
        if request.method == "POST":  # the token in the body, out of the address and history
            body = await read_body(request)
            if isinstance(body, Response):
                return body
            try:
                asked = json.loads(body or b"{}")
            except ValueError:
                asked = None
            if not isinstance(asked, dict) or not isinstance(asked.get("token"), str):
                return _json({"error": 'send {"token": "..."}'}, 400)
            token = asked["token"][:64]
        else:
            refused = limited(request)
            if refused is not None:
                return refused
        try:
            room = await manager.find(request.path_params["code"])
        except NotFound:
            return no_room()
        member = room.members.get(token_hash(token)) if token else None
        if member is None:
            return no_room()
        game = room.game
        if game is None or not game.match_over:
            return _json({"error": "the record is available when the match is over"}, 403)
        data = {
            **game.record(),
            "meta": {
                "room": room.code,
                "match": room.match_no,
                "names": room.names("en"),
                "chat": [
                    {"seat": c.seat, "name": c.name, "text": c.text, "time": c.time}
                    for c in room.chat
                ],
            },
        }
        filename = f"unokit-{room.code}-{room.match_no}.json"
        return _json(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    async def socket(websocket: WebSocket) -> None:
        who = websocket.client.host if websocket.client is not None else ""
        if who and not sockets.take(who):
            await websocket.close(code=1013, reason="too many connections from your address")
            return
        try:
            await _serve_socket(websocket, manager, settings)
        finally:
            if who:
                sockets.give(who)

    routes = [
        Route("/", index),
        Route("/r/{code}", room_page),
        Route("/r/{code}/sheet", rule_sheet),
        Route("/sheet.css", sheet_css),
        Route("/api/options", options),
        Route("/api/labels/{lang}", labels),
        Route("/api/cards/{lang}", card_names),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{code}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{code}", room_summary),
        Route("/api/rooms/{code}/record", record, methods=["GET", "POST"]),
        WebSocketRoute("/ws/{code}", socket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    shield = Middleware(
        Shield,
        hosts=host_policy(settings),
        max_headers=settings.max_headers,
        max_header_bytes=settings.max_header_bytes,
        public_origin=settings.origin(),
        allow_origins=settings.allow_origins,
    )
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[shield])
    app.state.rooms = manager
    app.state.storage = store
    app.state.settings = settings
    app.state.sockets = sockets
    return app


async def _serve_socket(websocket: WebSocket, rooms: Rooms, settings: Settings) -> None:
    """One WebSocket: hello, then messages until it closes (docs/web-protocol.md)."""
    await websocket.accept()
    if not origin_allowed(websocket.headers, settings.allow_origins, settings.origin()):
        await websocket.close(code=4403, reason="origin not allowed")
        return
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    base = _base_url(scheme, websocket.headers, settings)
    peer = _WsPeer(websocket, base, settings.outbox_limit)
    code = websocket.path_params["code"]
    room: Room | None = None
    member = None
    errors = 0
    # a token bucket: rate_limit messages a second, bursts of rate_limit (what a network
    # hiccup delivers at once)
    allowance, checked = float(settings.rate_limit), 0.0
    loop = asyncio.get_running_loop()

    def fail(text: str) -> bool:
        """Answer an ``error``; ``True`` when the connection has had too many."""
        nonlocal errors
        errors += 1
        peer.post(proto.error(text))
        if errors >= settings.max_errors:
            peer.close(4400, "too many refused messages")
            return True
        return False

    # a socket must say hello soon: one that only holds the connection open is closed
    hello_by = loop.time() + settings.hello_timeout
    try:
        while not peer.closed:
            if member is None:
                try:
                    async with asyncio.timeout(max(0.0, hello_by - loop.time())):
                        received = await websocket.receive()
                except TimeoutError:
                    peer.post(proto.error(say("en", "hello_late", seconds=settings.hello_timeout)))
                    peer.close(4408, "no hello in time")
                    break
            else:
                received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            lang = member.lang if member is not None else "en"
            now = loop.time()
            rate = settings.rate_limit
            allowance = min(float(rate), allowance + (now - checked) * rate)
            checked = now
            if allowance < 1.0:
                if fail(say(lang, "too_many", rate=settings.rate_limit)):
                    break
                continue
            allowance -= 1.0
            text = received.get("text")
            if text is None:
                if fail(say(lang, "binary")):
                    break
                continue
            if len(text) > settings.max_message_bytes or (
                len(text.encode("utf-8")) > settings.max_message_bytes
            ):
                if fail(say(lang, "too_big", limit=settings.max_message_bytes)):
                    break
                continue
            try:
                message = proto.parse_client(text)
            except proto.BadMessage as error:
                if fail(say(lang, "bad_message", reason=str(error))):
                    break
                continue
            if member is None or room is None:
                if not isinstance(message, proto.Hello):
                    if fail(say(lang, "hello_first")):
                        break
                    continue
                try:
                    room = await rooms.find(code)
                    member = await room.connect(message.token, peer, message.lang)
                except Refusal as refusal:
                    if refusal.code == "crowded":  # too many connections to this room
                        peer.post(proto.refused(None, "crowded", refusal.text(message.lang)))
                        peer.close(4429, "the room has too many connections")
                        break
                    room = None
                    peer.post(proto.refused(None, "bad_token", say(message.lang, "bad_token")))
                    peer.close(4401, "this token opens no place in this room")
                    break
                except NotFound:
                    room = None
                    peer.post(proto.refused(None, "bad_token", say(message.lang, "bad_token")))
                    peer.close(4401, "this token opens no place in this room")
                    break
                except Exception:  # the server's own fault: 1011, which the page shows
                    log.exception("room %s: hello failed", code)
                    room = None
                    peer.close(1011, "server error")
                    break
                continue
            if token_hash(message.token) != member.token_hash:
                request = getattr(message, "id", None)
                peer.post(proto.refused(request, "bad_token", say(lang, "wrong_token")))
                continue
            try:
                await room.handle(member, message)
            except Exception:  # a storage failure: nothing was announced, the client may retry
                log.exception("room %s: message %s failed", room.code, message.type)
                peer.post(proto.error(say(lang, "storage")))
    except WebSocketDisconnect:
        pass
    finally:
        if room is not None and member is not None:
            with contextlib.suppress(Exception):
                await room.disconnect(member, peer)
        await peer.finish()
