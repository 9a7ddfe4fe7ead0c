"""A throwaway PostgreSQL server for the tests: Debian's ``postgresql`` package, a new cluster in a
temporary folder, started on a free port and stopped (and deleted) after.

``.ci/run`` installs the package when it is missing. PostgreSQL refuses to run as root, so when
the tests run as root the cluster belongs to the ``postgres`` user that the package creates.
Use: ``with throwaway_postgres() as dsn: psycopg.connect(dsn)``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["postgres_bin", "throwaway_postgres"]


def postgres_bin() -> Path | None:
    """The folder of ``initdb``/``pg_ctl`` (newest installed version), or ``None``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def throwaway_postgres(timeout: float = 60.0) -> Iterator[str]:
    """Start a new PostgreSQL cluster; yield its DSN; stop and delete it, whatever happens."""
    bindir = postgres_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="unokit-pg-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb and postgres refuse root: run them as the package's user
        user = pwd.getpwnam("postgres")
        for path in (root, sockets):
            os.chown(path, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=timeout)

    started = False
    try:
        run(
            str(bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
        )
        run(
            str(bindir / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(root / "log"),
            "-o",
            f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off",
            "-w",
            "-t",
            str(int(timeout)),
            "start",
        )
        started = True
        deadline = time.monotonic() + timeout
        while True:  # pg_ctl -w waits for it; this checks that TCP answers too
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not answer on port {port}")
            time.sleep(0.05)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        if started:
            with contextlib.suppress(subprocess.SubprocessError):
                run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)
