"""``unokit serve``: the game server (Starlette on uvicorn) and its browser table.

The server is the referee: every move goes through the engine, each connection sees only its
seat's view, and every accepted move is stored (SQLite, or PostgreSQL shared by several server
processes) before it is announced. See docs/web.md, the protocol (docs/web-protocol.md) and
running several processes (docs/deploy.md).

- :mod:`unokit.web.protocol`: the messages, checked by pydantic models;
- :mod:`unokit.web.storage`: the storage interface and SQLite;
- :mod:`unokit.web.storage_pg`: the same interface on PostgreSQL (several processes);
- :mod:`unokit.web.room`: a room (its parts: ``room_state``, ``projection``, ``match``,
  ``sync``, ``driver``, ``people``), :mod:`unokit.web.rooms`: every room of a process (no HTTP
  in them);
- :mod:`unokit.web.app`: the ASGI application (``create_app``).
"""

from unokit.web.settings import DEFAULT_DB, Settings

__all__ = ["DEFAULT_DB", "Settings", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":  # Starlette is imported only when the app is made
        from unokit.web.app import create_app

        return create_app
    raise AttributeError(name)
