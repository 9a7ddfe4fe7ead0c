"""What every request passes before the routes see it (an ASGI middleware, :class:`Shield`).

- **Host.** Only the names the server answers to (:class:`HostPolicy`): a page of another
  site that rebinds its DNS name to this server's address (DNS rebinding) sends its own name
  in ``Host`` and is refused (HTTP 421; a WebSocket handshake is refused before it opens).
- **Headers.** More than ``max_headers`` header lines: 431. (Their size is bounded where
  they are read: :mod:`unokit.web.guard`.)
- **Cross-site writes.** A request that changes something (``POST``) must be JSON
  (``Content-Type: application/json``, which a form or a ``text/plain`` fetch of another
  site cannot send without the browser asking first) and, when the browser says where it
  comes from (``Origin``, ``Sec-Fetch-Site``), come from the server's own pages or an
  ``--allow-origin``: 415 or 403 otherwise.
- **Every response** carries a strict Content-Security-Policy (scripts and styles from the
  server's own files only, no framing), ``X-Frame-Options: DENY``, ``nosniff``,
  ``Referrer-Policy: no-referrer`` (the invite's key and a host's token live in the URL
  fragment, which is never sent; no-referrer keeps even the page's address out of other
  sites' logs) and ``Cross-Origin-Opener-Policy``.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

__all__ = ["SECURITY_HEADERS", "HostPolicy", "Shield", "same_origin"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the Content-Security-Policy of every response: the pages load their scripts and styles
#: from /static only (no inline script or style), talk only to their own server, and no
#: other page may frame them
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; media-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)
_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]", "::1")


def _hostname(host: str) -> str:
    """The name part of a ``Host`` header, lower case (``[::1]:8000`` -> ``[::1]``)."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_loopback(address: str) -> bool:
    if address in ("localhost", ""):
        return address == "localhost"
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True, slots=True)
class HostPolicy:
    """The names the server answers to (``Host`` without its port); empty: any.

    >>> policy = HostPolicy.of("127.0.0.1", None, ())
    >>> policy.allows("localhost:8000"), policy.allows("evil.example:8000")
    (True, False)
    >>> HostPolicy.of("0.0.0.0", None, ()).allows("anything")
    True
    >>> HostPolicy.of("0.0.0.0", "https://uno.example.com", ()).allows("uno.example.com")
    True
    """

    names: frozenset[str]

    @classmethod
    def of(cls, bind: str, public_url: str | None, allowed: tuple[str, ...]) -> HostPolicy:
        """The policy of a server listening on ``bind``: the public URL's host and the
        ``allowed`` names when given (``*``: any); else the loopback names when it listens
        on a loopback address, else any name."""
        names: set[str] = set()
        if public_url:
            host = urlsplit(public_url).hostname
            if host:
                names.add(f"[{host}]" if ":" in host else host.lower())
        for name in allowed:
            if name.strip() == "*":
                return cls(frozenset())
            names.add(_hostname(name))
        if not names and _is_loopback(bind):
            names.update(_LOOPBACK_NAMES)
        return cls(frozenset(names))

    def allows(self, host: str | None) -> bool:
        if not self.names:
            return True
        return host is not None and _hostname(host) in self.names

    def describe(self) -> str:
        """What the log says at start-up."""
        if not self.names:
            return "any Host name is accepted (set --public-url or --allowed-host to restrict)"
        return "Host names accepted: " + ", ".join(sorted(self.names))


def same_origin(origin: str, host: str | None, public_origin: str | None) -> bool:
    """Whether a browser's ``Origin`` is this server's own: its public origin when it has
    one (scheme included: ``http://`` is not ``https://``), else its ``Host``."""
    if public_origin is not None:
        return origin.lower() == public_origin
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


class Shield:
    """The ASGI middleware of the module's docstring."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: HostPolicy,
        *,
        max_headers: int = 64,
        max_header_bytes: int = 16 * 1024,
        public_origin: str | None = None,
        allow_origins: tuple[str, ...] = (),
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.max_headers = max_headers
        self.max_header_bytes = max_header_bytes
        self.public_origin = public_origin
        self.allow_origins = allow_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        raw = scope.get("headers") or []
        headers: dict[str, str] = {}
        for name, value in raw:
            headers.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
        refusal: tuple[int, str] | None = None
        size = sum(len(name) + len(value) + 4 for name, value in raw)
        if len(raw) > self.max_headers:
            refusal = (431, f"more than {self.max_headers} header lines")
        elif size > self.max_header_bytes:
            refusal = (431, f"headers larger than {self.max_header_bytes} bytes")
        elif not self.hosts.allows(headers.get("host")):
            refusal = (421, "this server does not answer to that name (the Host header)")
        elif kind == "http" and scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            refusal = self._cross_site(headers)
        if refusal is not None:
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[1]})
                return
            await _answer(send, refusal[0], refusal[1])
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = list(message.get("headers") or [])
                have = {name.lower() for name, _ in given}
                for name, value in SECURITY_HEADERS:
                    if name not in have:
                        given.append((name, value))
                if https:
                    given.append((b"strict-transport-security", b"max-age=31536000"))
                message["headers"] = given
            await send(message)

        await self.app(scope, receive, secured)

    def _cross_site(self, headers: dict[str, str]) -> tuple[int, str] | None:
        origin = headers.get("origin")
        if origin is not None and origin != "null":
            own = same_origin(origin, headers.get("host"), self.public_origin)
            if not own and origin not in self.allow_origins:
                return (403, "cross-site requests are refused (the Origin is another site's)")
        elif origin == "null":
            return (403, "cross-site requests are refused (Origin: null)")
        if headers.get("sec-fetch-site") == "cross-site" and origin not in self.allow_origins:
            return (403, "cross-site requests are refused (Sec-Fetch-Site: cross-site)")
        media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            return (415, "send the request body as JSON (Content-Type: application/json)")
        return None


async def _answer(send: Send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
                *SECURITY_HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
