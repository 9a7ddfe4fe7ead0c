"""Limits on connections, below the application: what a socket may hold before any route runs.

uvicorn reads requests with its own protocol classes; :func:`guarded_protocols` gives
subclasses of its h11 HTTP protocol and of its WebSocket protocol that add what a server on
the open internet needs and uvicorn does not do by itself:

- **connections per address**: a client address (an IPv6 address by its /64) may hold
  ``per_address`` connections at once, WebSockets included; one more is answered 503 and
  closed. Trusted proxies' addresses (``--forwarded-allow-ips``) are not counted: behind a
  proxy the application counts the real clients' WebSockets itself;
- **a deadline for the request head**: a request line and headers that have not all arrived
  ``request_timeout`` seconds after they began (one header line every few seconds, the
  "slowloris" way of holding sockets) are dropped (408 and closed);
- **bounded heads**: h11 refuses a head larger than ``max_header_bytes`` (400) instead of
  buffering it (uvicorn's httptools protocol buffers any size); a head that came whole in one
  read is measured by :class:`~unokit.web.shield.Shield` (431);
- **readers that stop reading**: a WebSocket with more than ``max_unread`` bytes waiting for
  ``unread_timeout`` seconds, none of them leaving, is aborted.

>>> guard = ConnectionGuard(per_address=2)
>>> guard.admit("10.0.0.1"), guard.admit("10.0.0.1"), guard.admit("10.0.0.1")
(True, True, False)
>>> guard.release("10.0.0.1"); guard.admit("10.0.0.1")
True
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from unokit.web.clients import client_key

__all__ = ["ConnectionGuard", "guarded_protocols"]


class ConnectionGuard:
    """The counts and limits shared by every connection of one server."""

    def __init__(
        self,
        per_address: int = 64,
        request_timeout: float = 10.0,
        trusted: str | None = None,
        max_unread: int = 1024 * 1024,
        unread_timeout: float = 15.0,
    ) -> None:
        self.per_address = per_address
        self.request_timeout = request_timeout
        self.max_unread = max_unread
        self.unread_timeout = unread_timeout
        self.counts: dict[str, int] = {}
        self._trusted_all = False
        self._trusted: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for item in (trusted or "").split(","):
            item = item.strip()
            if item == "*":
                self._trusted_all = True
            elif item:
                try:
                    self._trusted.append(ipaddress.ip_network(item, strict=False))
                except ValueError:
                    pass  # a name (a unix socket path...): uvicorn's business, not counted

    def exempt(self, address: str) -> bool:
        """A trusted proxy's address (not counted: it carries many clients)."""
        if self._trusted_all:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self._trusted)

    def admit(self, address: str) -> bool:
        """Count one more connection from ``address``; ``False`` (not counted) when it holds
        as many as it may."""
        key = client_key(address)
        held = self.counts.get(key, 0)
        if self.per_address and held >= self.per_address:
            return False
        self.counts[key] = held + 1
        return True

    def release(self, address: str) -> None:
        key = client_key(address)
        held = self.counts.get(key, 0) - 1
        if held > 0:
            self.counts[key] = held
        else:
            self.counts.pop(key, None)


def _plain(status: str, text: str) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection."""
    body = text.encode()
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"connection: close\r\ncontent-length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


_REFUSED = _plain("503 Service Unavailable", "too many connections from your address at once\n")
_TOO_SLOW = _plain("408 Request Timeout", "the request took too long to come\n")


def guarded_protocols(guard: ConnectionGuard) -> tuple[type[Any], type[Any]]:
    """uvicorn's HTTP (h11) and WebSocket protocol classes, guarded by ``guard``: pass them
    as ``uvicorn.Config(http=..., ws=...)``."""
    if AutoWebSocketsProtocol is None:  # pragma: no cover - uvicorn[standard] brings one
        raise RuntimeError("no WebSocket library: pip install 'uvicorn[standard]'")
    ws_base: type[Any] = AutoWebSocketsProtocol  # type: ignore[assignment]

    class GuardedWebSocket(ws_base):  # type: ignore[misc]
        """The WebSocket a guarded HTTP connection was upgraded to: it gives the address's
        slot back when it closes, and drops a peer that stops reading: while more than
        ``max_unread`` bytes wait to be sent to it and none leave for ``unread_timeout``
        seconds, the connection is aborted (a reader that never reads would otherwise hold
        its socket, and its seat's "connected" mark, for ever: a close cannot leave either)."""

        _guard: ClassVar[ConnectionGuard] = guard
        #: the transports whose slot passes from the HTTP protocol to the WebSocket's
        handed: ClassVar[dict[int, str]] = {}
        _slot: str | None = None
        _watch: asyncio.TimerHandle | None = None
        _unread = 0

        def connection_made(self, transport: Any) -> None:
            self._slot = self.handed.pop(id(transport), None)
            super().connection_made(transport)
            self._watch_reader()

        def _watch_reader(self) -> None:
            self._watch = asyncio.get_running_loop().call_later(
                self._guard.unread_timeout, self._check_reader
            )

        def _check_reader(self) -> None:
            transport = self.transport
            if transport is None or transport.is_closing():
                return
            waiting = transport.get_write_buffer_size()
            limit = self._guard.max_unread
            if waiting > limit and self._unread > limit and waiting >= self._unread:
                transport.abort()  # over the limit at two looks, and nothing left between
                return
            self._unread = waiting
            self._watch_reader()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._watch is not None:
                self._watch.cancel()
                self._watch = None
            slot, self._slot = self._slot, None
            if slot is not None:
                self._guard.release(slot)
            super().connection_lost(exc)

    class GuardedHTTP(H11Protocol):
        """h11 with the per-address cap and the request head's deadline."""

        _guard: ClassVar[ConnectionGuard] = guard
        _slot: str | None = None
        _deadline: asyncio.TimerHandle | None = None
        _handed_over = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            if address is not None and not self._guard.exempt(address):
                if not self._guard.admit(address):
                    transport.write(_REFUSED)
                    transport.close()
                    return
                self._slot = address
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            timeout = self._guard.request_timeout
            if timeout > 0:
                self._deadline = self.loop.call_later(timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and not self.cycle.response_complete:
                return  # the head came; the application times out a slow body itself
            self.transport.write(_TOO_SLOW)
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:  # a request's head arrived whole
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection must come whole in time

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            if self._slot is not None:
                GuardedWebSocket.handed[id(self.transport)] = self._slot
                self._handed_over = True
            super().handle_websocket_upgrade(event)
            GuardedWebSocket.handed.pop(id(self.transport), None)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            slot, self._slot = self._slot, None
            if slot is not None and not self._handed_over:
                self._guard.release(slot)
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket
