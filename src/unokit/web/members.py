"""The people of a room and what identifies them: members, the connection a room posts to
(:class:`Peer`), room codes, invite keys and tokens, refusals.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from unokit.web.storage import (
    MemberRow,
)
from unokit.web.texts import (
    say,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "INVITE_LENGTH",
    "SEED_RANGE",
    "Bucket",
    "Member",
    "NotFound",
    "Peer",
    "Refusal",
    "member_digest",
    "member_of",
    "member_row",
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
SEED_RANGE = 2**63  # SQLite integers are signed 64-bit


def new_code() -> str:
    """A fresh room code (``secrets``): 24**6, about 190 million codes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A fresh token: 32 url-safe characters (192 random bits)."""
    return secrets.token_urlsafe(24)


def new_invite() -> str:
    """A fresh invite key (``secrets``): 8 letters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(INVITE_LENGTH))


class Bucket:
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
    chat_bucket: Bucket | None = None
    react_bucket: Bucket | None = None
    rename_bucket: Bucket | None = None

    @property
    def watcher_id(self) -> str:
        """A spectator's public id (what the host removes them by; says nothing of the
        token)."""
        return hashlib.sha256(f"watcher:{self.token_hash}".encode()).hexdigest()[:12]


def member_digest(members: Iterable[Member]) -> str:
    """A room's members in one short string (what the database's progress check gives for
    them, :meth:`Storage.progress`): their token hashes, seats and names."""
    parts = sorted(f"{m.token_hash}:{'-' if m.seat is None else m.seat}:{m.name}" for m in members)
    return hashlib.md5(",".join(parts).encode("utf-8"), usedforsecurity=False).hexdigest()


def member_row(code: str, member: Member) -> MemberRow:
    return MemberRow(
        code, member.token_hash, member.seat, member.name, member.joined, member.address
    )


def member_of(row: MemberRow) -> Member:
    return Member(row.token_hash, row.seat, row.name, row.joined, address=row.address)
