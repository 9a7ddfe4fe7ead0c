"""Shared helpers of the game server's tests.

- :class:`FakePeer`: a connection as a room sees it; it keeps every message, can check each
  one the moment it is posted (``on_post``), and lets a test wait for a message it expects;
- :func:`rooms`: a :class:`~unokit.web.rooms.Rooms` on an in-memory SQLite storage with tiny
  settings (bots act at once), stopped after the test;
- :func:`server_process`: the real ``unokit serve`` in a subprocess on a free port and a
  temporary database, yielding its base URL; always stopped (killed if need be) after the test.
  :class:`ServerProcess` does the same by hand (start, SIGKILL, start again);
- :func:`pg_cluster` (one throwaway PostgreSQL server per test session and worker, stopped
  after) and :func:`pg_dsn` (a fresh, migrated database on it for each test, made from a
  template: cheap). Tests that need them are skipped where PostgreSQL is not installed
  (``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from unokit.game import Game
from unokit.web import protocol as proto
from unokit.web.room import Member, Room
from unokit.web.rooms import Rooms
from unokit.web.settings import Settings
from unokit.web.storage import SQLiteStorage, Storage

ROOT = Path(__file__).resolve().parents[2]
#: the settings of room tests: bots act at once, absences and timers last milliseconds
FAST = Settings(
    db=":memory:",
    bot_delay=0.0,
    grace=60.0,
    ready_timeout=60.0,
    allowed_hosts=("testserver", "localhost", "127.0.0.1"),
    takeover=0,
)


class FakePeer:
    """A connection that records what the room posts to it."""

    def __init__(
        self, on_post: Callable[[dict[str, Any]], None] | None = None, base_url: str = "http://t"
    ) -> None:
        self.base_url = base_url
        self.messages: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.on_post = on_post
        self._event = asyncio.Event()

    def post(self, message: dict[str, Any]) -> None:
        if self.on_post is not None:
            self.on_post(message)
        self.messages.append(message)
        self._event.set()

    def close(self, code: int, reason: str) -> None:
        if self.closed is None:
            self.closed = (code, reason)
        self._event.set()

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]

    def last(self, kind: str) -> dict[str, Any]:
        found = self.of(kind)
        assert found, f"no {kind} message among {[m['type'] for m in self.messages]}"
        return found[-1]

    async def wait(
        self, found: Callable[[dict[str, Any]], bool], timeout: float = 10.0, since: int = 0
    ) -> dict[str, Any]:
        """The first message from index ``since`` for which ``found`` is true; waits for it."""
        deadline = asyncio.get_running_loop().time() + timeout
        seen = since
        while True:
            for message in self.messages[seen:]:
                if found(message):
                    return message
            seen = len(self.messages)
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                kinds = [(m["type"], m.get("code"), m.get("move_no")) for m in self.messages[-8:]]
                raise AssertionError(f"no such message within {timeout} s; last: {kinds}")
            self._event.clear()
            try:
                await asyncio.wait_for(self._event.wait(), left)
            except TimeoutError:
                pass

    async def wait_closed(self, timeout: float = 10.0) -> tuple[int, str]:
        deadline = asyncio.get_running_loop().time() + timeout
        while self.closed is None:
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, "the connection was not closed"
            self._event.clear()
            try:
                await asyncio.wait_for(self._event.wait(), left)
            except TimeoutError:
                pass
        return self.closed


def msg(kind: str, token: str, **fields: Any) -> Any:
    """A client message, checked by the protocol's own parser."""
    import json

    return proto.parse_client(json.dumps({"type": kind, "v": 1, "token": token, **fields}))


async def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait until ``check()`` holds (polling the event loop; never a fixed sleep)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "the state was not reached"
        await asyncio.sleep(0.005)


@asynccontextmanager
async def managed_rooms(
    db: str = ":memory:", first_seed: int = 1, **changes: Any
) -> AsyncIterator[Rooms]:
    """A :class:`Rooms` on SQLite (or PostgreSQL, when ``db`` is its URL) with :data:`FAST`
    settings (``changes`` applied), its matches dealt from the seeds ``first_seed``,
    ``first_seed + 1``, ... (the same games on every run), started from what the storage
    holds, and stopped afterwards."""
    storage: Storage
    if db.startswith("postgresql://"):
        from unokit.web.storage_pg import PostgresStorage

        storage = PostgresStorage(db)
    else:
        storage = SQLiteStorage(db)
    await storage.open()
    manager = Rooms(
        storage, replace(FAST, db=db, **changes), seeds=itertools.count(first_seed).__next__
    )
    await manager.start()
    try:
        yield manager
    finally:
        await manager.stop()
        await storage.close()


@pytest.fixture
async def rooms() -> AsyncIterator[Rooms]:
    async with managed_rooms() as manager:
        yield manager


def install(room: Room, game: Game) -> None:
    """Put a described table in a started room (a test's starting position)."""
    room.game = game
    room._broadcast_state([])
    room.wake()


async def open_room(
    rooms: Rooms,
    players: int = 3,
    bots: list[str | None] | None = None,
    preset: str = "official",
    options: dict[str, Any] | None = None,
    lang: str = "en",
) -> tuple[Room, str, FakePeer, Member]:
    """A room with its host connected: ``(room, host token, host's peer, host member)``."""
    room, token = await rooms.create("Ann", preset, options or {}, players, bots)
    peer = FakePeer()
    member = await room.connect(token, peer, lang)
    return room, token, peer, member


# -- browsers ---------------------------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

needs_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="the browser tests need Debian's chromium and chromium-driver "
    "(/usr/bin/chromium, /usr/bin/chromedriver): apt-get install chromium chromium-driver",
)

DESKTOP = (1366, 800)
PHONE = (390, 844)


@pytest.fixture
def browsers() -> Iterator[Callable[..., Any]]:
    """A factory of headless Chromium drivers (each its own profile: its own localStorage);
    every one is quit after the test."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    started: list[Any] = []

    def close(driver: Any) -> None:
        started.remove(driver)
        driver.quit()

    def start(size: tuple[int, int] = DESKTOP, lang: str = "en-US") -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for arg in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--mute-audio",
            f"--window-size={size[0]},{size[1]}",
            f"--lang={lang}",
        ):
            options.add_argument(arg)
        driver = webdriver.Chrome(
            service=Service(executable_path=str(CHROMEDRIVER)), options=options
        )
        started.append(driver)
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600},
        )
        driver.implicitly_wait(0)
        return driver

    start.close = close  # type: ignore[attr-defined]
    try:
        yield start
    finally:
        for driver in started:
            try:
                driver.quit()
            except Exception:  # a browser that died is gone already
                pass


# -- npm tools ---------------------------------------------------------------------------------

NPM_TOOLS = ROOT / "tests" / "web" / "npm"


def npm_tool(path: str) -> Path:
    """A file of the browser table's test tools (``tests/web/npm/node_modules/PATH``: axe-core,
    ESLint), installed from the lock file (``npm ci``, as ``make test`` does) when missing."""
    found = NPM_TOOLS / "node_modules" / path
    if not found.exists():
        npm = shutil.which("npm")
        assert npm, "npm is needed for the browser table's test tools (apt-get install npm)"
        subprocess.run(
            [npm, "ci", "--prefix", str(NPM_TOOLS), "--no-audit", "--no-fund", "--loglevel=error"],
            check=True,
            capture_output=True,
            timeout=600,
        )
    assert found.exists(), f"{found} is missing after npm ci"
    return found


# -- the real server --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``unokit serve`` as a child process (``python -m unokit.cli.main serve``)."""

    def __init__(
        self, db: Path | str, *args: str, port: int | None = None, logs: Path | None = None
    ) -> None:
        """``db``: a SQLite file, or a PostgreSQL URL (then ``logs`` says where the server's
        output goes)."""
        self.db = db
        self.args = args
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        if isinstance(db, Path):
            self.log = db.with_suffix(f".{self.port}.log")
        else:
            assert logs is not None, "a PostgreSQL server needs a folder for its log"
            self.log = logs / f"server.{self.port}.log"

    def start(self, timeout: float = 30.0) -> str:
        """Start the server and wait until it answers HTTP; its base URL."""
        command = [
            sys.executable,
            "-m",
            "unokit.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            *self.args,
        ]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise AssertionError(
                    f"unokit serve exited ({self.process.returncode}): "
                    f"{self.log.read_text()[-2000:]}"
                )
            try:
                if httpx.get(f"{self.base}/api/options", timeout=1.0).status_code == 200:
                    return self.base
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"unokit serve did not answer: {self.log.read_text()[-2000:]}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush: what a crash does."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Stop it as Ctrl-C does; kill it if it does not stop."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self.process = None


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[str]:
    """A running ``unokit serve`` (bots act at once) on a free port and a temporary database;
    yields its base URL (``http://127.0.0.1:PORT``); stopped after the test."""
    server = ServerProcess(tmp_path / "rooms.sqlite3", "--bot-delay", "0")
    try:
        yield server.start()
    finally:
        server.stop()
        server.kill()


# -- PostgreSQL ---------------------------------------------------------------------------------

_databases = itertools.count(1)
TEMPLATE = "unokit_template"


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL server for this session (and xdist worker), with a database
    ``unokit_template`` already migrated; yields the server's URL (database ``postgres``).
    Stopped and deleted after the session, whatever happens."""
    from tests.pg_cluster import postgres_bin, throwaway_postgres

    if postgres_bin() is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    with throwaway_postgres() as dsn:
        import psycopg

        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {TEMPLATE}")
        from unokit.web.storage_pg import PostgresStorage

        async def migrate() -> None:
            storage = PostgresStorage(_with_db(dsn, TEMPLATE))
            await storage.open()
            await storage.close()

        asyncio.run(migrate())
        yield dsn


def _with_db(dsn: str, name: str) -> str:
    return dsn.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def pg_dsn(pg_cluster: str) -> Iterator[str]:
    """A fresh database (tables made, nothing in them) for one test; dropped after it."""
    import psycopg

    name = f"t{os.getpid()}_{next(_databases)}"
    with psycopg.connect(pg_cluster, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
    try:
        yield _with_db(pg_cluster, name)
    finally:
        with (
            contextlib.suppress(psycopg.Error),
            psycopg.connect(pg_cluster, autocommit=True) as conn,
        ):
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
