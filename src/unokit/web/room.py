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

from unokit.web.members import (
    CODE_ALPHABET,
    CODE_LENGTH,
    INVITE_LENGTH,
    Member,
    NotFound,
    Peer,
    Refusal,
    member_digest,
    new_code,
    new_invite,
    new_token,
)
from unokit.web.people import People

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "INVITE_LENGTH",
    "Member",
    "NotFound",
    "Peer",
    "Refusal",
    "Room",
    "member_digest",
    "new_code",
    "new_invite",
    "new_token",
]


class Room(People):
    """One table. Build it with :meth:`unokit.web.rooms.Rooms.create`, or from storage with
    :meth:`~unokit.web.rooms.Rooms.start`. Its parts, bottom-up: :mod:`~unokit.web.room_state`,
    :mod:`~unokit.web.projection`, :mod:`~unokit.web.match`, :mod:`~unokit.web.sync`,
    :mod:`~unokit.web.driver`, :mod:`~unokit.web.people`."""
