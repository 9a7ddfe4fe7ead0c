"""Screenshots of the browser table for docs/web-table.md (docs/images/web-*.png).

Starts ``unokit serve`` on a free port and a temporary database, creates rooms through the
HTTP API, and drives Debian's headless Chromium (Selenium, /usr/bin/chromedriver): Ann is the
viewer, Bob a second player whose page plays by itself, two bots fill the other seats.

    .venv/bin/python tools/screenshots_web.py            # every picture
    .venv/bin/python tools/screenshots_web.py --out DIR  # somewhere else

Needs the dev extra (selenium), Debian's chromium and chromium-driver, and for the Chinese and
emoji glyphs the fonts-noto-cjk and fonts-noto-color-emoji packages. The deal is random, so
each run shows another game.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
DESKTOP = (1366, 800)
#: a 1366x768 laptop's browser window (its tabs and address bar take the rest)
LAPTOP = (1366, 657)
PHONE = (390, 844)

#: a page plays by itself while ``window.__auto`` is true: UNO when it may, a play (a wild
#: names its first colour), else draw or keep
AUTOPLAY = """
window.__auto = true;
setInterval(() => {
  const u = window.unokit;
  if (!window.__auto || !u || !u.S.view || u.S.pending || !u.S.you) return;
  const v = u.S.view;
  if (v.current !== u.S.you.seat || u.S.room.status !== "playing") return;
  const moves = v.legal.map((m) => m.move);
  const pick = moves.find((m) => m === "uno")
    || moves.find((m) => m.startsWith("play ") && !m.endsWith(" uno"))
    || moves.find((m) => m.startsWith("color "))
    || moves.find((m) => m === "pass") || moves.find((m) => m === "draw");
  if (pick) u.sendMove(pick);
}, 250);
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server() -> Iterator[str]:
    """``unokit serve`` on a free port and a temporary database; its base URL."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            sys.executable,
            "-m",
            "unokit.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            str(Path(tmp) / "rooms.sqlite3"),
            "--bot-delay",
            "0.15",
        ]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/options", timeout=1)
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("unokit serve did not start") from None
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


@contextmanager
def chromium() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(
        service=Service(executable_path="/usr/bin/chromedriver"), options=options
    )
    try:
        yield driver
    finally:
        driver.quit()


def size(driver: Any, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_script("window.dispatchEvent(new Event('resize'))")


def until(driver: Any, check: Callable[[], Any], timeout: float = 30) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda _: check())


def js(driver: Any, script: str, *args: Any) -> Any:
    return driver.execute_script(script, *args)


def open_seat(driver: Any, base: str, code: str, token: str, lang: str) -> None:
    """Open the room page in a seat, with the page's language set first."""
    driver.get(f"{base}/static/css/uno.css")
    js(driver, "localStorage.setItem('unokit.lang', arguments[0])", lang)
    driver.get(f"{base}/r/{code}#t={token}")
    until(driver, lambda: js(driver, "return !!(window.unokit && window.unokit.S.room)"))


def settle(driver: Any) -> None:
    """Let the card animations and the table's announcements end before a picture."""
    time.sleep(0.7)
    until(driver, lambda: js(driver, "return !document.querySelector('.announce')"), 5)


def shrink(path: Path) -> None:
    """256 colours (Pillow, where installed): a third of the size, the same look."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG
        )
    small.save(path, optimize=True)


def shoot(driver: Any, out: Path, name: str) -> None:
    path = out / name
    driver.save_screenshot(str(path))
    shrink(path)
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def table(base: str, out: Path, lang: str, suffix: str) -> None:
    """A room of Ann (the pictures), Bob (plays by himself) and two bots, mid-round."""
    names = {"en": ("Ann", "Bob"), "zh-Hant": ("小美", "阿明")}[lang]
    room = post(
        base,
        "/api/rooms",
        {
            "name": names[0],
            "lang": lang,
            "preset": "online",
            "options": {},
            "players": 4,
            "bots": [None, None, "strong", "basic"],
        },
    )
    code, ann_token = room["code"], room["token"]
    with chromium() as ann, chromium() as bob:
        size(ann, *DESKTOP)
        open_seat(ann, base, code, ann_token, lang)
        body = {"name": names[1], "spectate": False, "invite": room["invite"]}
        joined = post(base, f"/api/rooms/{code}/join", body)
        size(bob, *PHONE)
        open_seat(bob, base, code, joined["token"], lang)
        until(ann, lambda: js(ann, "return window.unokit.S.room.seats[1].connected"))
        settle(ann)
        shoot(ann, out, f"web-lobby-desktop{suffix}.png")
        js(ann, "document.querySelector('[data-action=start]').click()")
        until(ann, lambda: js(ann, "return window.unokit.S.room.status") == "playing")
        js(bob, AUTOPLAY)
        js(ann, AUTOPLAY)
        say = "gg, nice stack!" if lang == "en" else "好牌！"
        js(bob, "window.unokit.send({type: 'chat', text: arguments[0]})", say)

        def ready(min_moves: int, min_cards: int) -> bool:
            state = js(
                ann,
                "const S = window.unokit.S; return S.view && {n: S.moveNo, cur: S.view.current,"
                " seat: S.you.seat, hand: S.view.hand.length, status: S.room.status,"
                " plays: S.view.legal.some((m) => m.move.startsWith('play '))}",
            )
            if not state or state["status"] != "playing":
                return False
            if (
                state["n"] >= min_moves
                and state["hand"] >= min_cards
                and state["cur"] == state["seat"]
            ):
                js(ann, "window.__auto = false")
                if state["plays"]:
                    return True
                js(ann, "window.__auto = true")
            return False

        until(ann, lambda: ready(8, 5), 90)
        js(bob, "window.unokit.send({type: 'react', emoji: '🎉'})")
        time.sleep(0.3)
        settle(ann)
        shoot(ann, out, f"web-table-desktop{suffix}.png")
        size(ann, *LAPTOP)
        settle(ann)
        shoot(ann, out, f"web-table-laptop{suffix}.png")
        # a card that cannot be played, tapped: the referee's reason, in the page's language
        if js(ann, "return !!document.querySelector('#hand .card.dim')"):
            js(ann, "document.querySelector('#hand .card.dim').click()")
            time.sleep(0.4)
            shoot(ann, out, f"web-why-laptop{suffix}.png")
        size(ann, *PHONE)
        settle(ann)
        shoot(ann, out, f"web-table-phone{suffix}.png")
        if suffix:
            return
        size(ann, *DESKTOP)

        def playing() -> bool:
            """True while a round is played; between rounds both get ready, Ann deals."""
            status = js(ann, "return window.unokit.S.room.status")
            if status == "playing":
                return True
            if status == "round_over":
                for driver in (ann, bob):
                    js(
                        driver,
                        "const b = document.querySelector('[data-action=ready]');"
                        " if (b && !b.disabled) b.click();",
                    )
                js(
                    ann,
                    "const b = document.querySelector('[data-action=next]');"
                    " if (b && window.unokit.S.room.seats.every((s) => s.kind !== 'human'"
                    " || s.ready)) b.click();",
                )
            return False

        # a wild's colour dialog: Ann plays on until she may play a card that needs a choice
        js(ann, "window.__auto = true")

        def choice() -> bool:
            if not playing():
                return False
            return bool(
                js(
                    ann,
                    "const S = window.unokit.S;"
                    " if (S.view.current !== S.you.seat || S.pending) return false;"
                    " const c = document.querySelector('#hand .card.playable[data-choices]');"
                    " if (!c) return false; window.__auto = false; return true;",
                )
            )

        until(ann, choice, 180)
        js(ann, "document.querySelector('#hand .card.playable[data-choices]').click()")
        settle(ann)
        shoot(ann, out, "web-dialog-desktop.png")
        js(ann, "document.querySelector('#dialog .btn.ghost').click()")
        # the round's end: everyone plays on
        js(ann, "window.__auto = true")
        until(ann, lambda: js(ann, "return window.unokit.S.room.status") != "playing", 300)
        # Bob, not ready yet, reads how long until the host may go on without him
        until(bob, lambda: js(bob, "return !!document.querySelector('#ready-countdown')"), 10)
        js(bob, "window.__auto = false")
        settle(bob)
        shoot(bob, out, "web-round-over-phone-not-ready.png")
        js(bob, "document.querySelector('[data-action=ready]').click()")
        size(ann, *DESKTOP)
        until(ann, lambda: js(ann, "return window.unokit.S.room.seats[1].ready"), 10)
        settle(ann)
        shoot(ann, out, "web-round-over-desktop.png")
        size(ann, *PHONE)
        settle(ann)
        shoot(ann, out, "web-round-over-phone.png")


def big_hand(base: str, out: Path) -> None:
    """A phone with more than 20 cards: under the official rules Ann draws and draws."""
    room = post(
        base,
        "/api/rooms",
        {
            "name": "Ann",
            "lang": "en",
            "preset": "official",
            "options": {"hand_size": 15},
            "players": 4,
            "bots": [None, "basic", "strong", "basic"],
        },
    )
    with chromium() as ann:
        size(ann, *PHONE)
        open_seat(ann, base, room["code"], room["token"], "en")
        js(ann, "document.querySelector('[data-action=start]').click()")
        until(ann, lambda: js(ann, "return window.unokit.S.room.status") == "playing")
        js(
            ann,
            """
            setInterval(() => {
              const u = window.unokit, v = u.S.view;
              if (!v || u.S.pending || v.current !== u.S.you.seat) return;
              const moves = v.legal.map((m) => m.move);
              if (v.hand.length >= 22 && moves.some((m) => m.startsWith('play '))) return;
              const pick = moves.find((m) => m === 'draw') || moves.find((m) => m === 'pass')
                || moves.find((m) => m.startsWith('play ') && !m.endsWith(' uno'));
              if (pick) u.sendMove(pick);
            }, 100);
            """,
        )
        until(
            ann,
            lambda: js(
                ann,
                "const S = window.unokit.S; return S.view.hand.length >= 22"
                " && S.view.current === S.you.seat && !S.pending",
            ),
            180,
        )
        settle(ann)
        shoot(ann, out, "web-table-phone-22-cards.png")


def front(base: str, out: Path) -> None:
    with chromium() as driver:
        size(driver, *DESKTOP)
        driver.get(f"{base}/")
        until(driver, lambda: js(driver, "return !!document.querySelector('#seat-3')"))
        js(driver, "document.querySelector('#name').value = 'Ann'")
        js(driver, "document.querySelector('#house').open = true")
        js(driver, "document.querySelector('details[data-group]').open = true")
        settle(driver)
        shoot(driver, out, "web-front-desktop.png")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with server() as base:
        front(base, args.out)
        table(base, args.out, "en", "")
        big_hand(base, args.out)
        table(base, args.out, "zh-Hant", "-zh")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
