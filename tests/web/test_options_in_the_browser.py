"""Every rule option applied in the browser (issue 21, item 3, the browser's half): each case
of tests/interface_cases.py played by clicks in a real Chromium against the server, the room's
game compared with the engine's result. A move the engine refuses is refused by the page too
(nothing changes; the reason is said). The terminal's half is tests/tui/test_options.py.

One server for the module (uvicorn in a thread, its rooms reachable to install each case's
table: bots that never act on their own, a turn's clock counted from the page's arrival) and
one browser; every case is a room of its own.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from tests.interface_cases import CASES, Case
from unokit.game import Game
from unokit.moves import REFEREE, TIMEOUT, Move, Play
from unokit.notation import format_move_body
from unokit.web.app import create_app
from unokit.web.rooms import Rooms
from unokit.web.storage import SQLiteStorage
from unokit.web.texts import changed_from_preset

from .conftest import DESKTOP, FAST, free_port, needs_chromium
from .test_browser import move_no, root, wait

#: the option each interface applies, and how the browser does it: every legal move is a
#: control (data-move) made from the engine's list; these options need more of the page
BROWSER: dict[str, str] = {
    "misplay": "an unplayable card, tapped, asks whether to play it anyway and take the penalty",
    "turn_time_limit": "the banner's clock; the server applies the engine's timeout",
    "slow_play_penalty": "the server's timeout: the log tells the cards drawn",
    "next_dealer": "the round's panel: ready, then the host deals the next round",
    "match_clock": "the banner's round clock; the server's driver makes the referee's timeout "
    "when it runs out",
    "blind_draw": "the hand shows a card's back for each card held face down (the view counts "
    "them, never names them) until the next turn turns them up",
}


class Server:
    """``create_app`` on uvicorn in a thread of its own (its event loop reachable)."""

    def __init__(self) -> None:
        import uvicorn

        self.settings = replace(FAST, bot_delay=60.0, takeover=0, time_scale=2.0, ready_timeout=0.0)
        self.storage = SQLiteStorage(":memory:")
        self.rooms = Rooms(self.storage, self.settings)
        self.port = free_port()
        config = uvicorn.Config(
            create_app(self.settings, self.storage, self.rooms),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve())

    def start(self) -> str:
        self.thread.start()
        import time

        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def call(self, work: Any) -> Any:
        """Run a coroutine on the server's loop; its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(30)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[Server, str]]:
    running = Server()
    base = running.start()
    try:
        yield running, base
    finally:
        running.stop()


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from .conftest import CHROMEDRIVER, CHROMIUM

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--mute-audio"):  # fmt: skip
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


async def _install(rooms: Rooms, case: Case) -> tuple[str, str, Any]:
    """A room of the case's rules, its host in seat 0 and bots elsewhere, playing its table."""
    rules = case.rules()
    bots: list[str | None] = [None] + ["basic"] * (rules.players - 1)
    room, token = await rooms.create(
        "Ann", "official", changed_from_preset("official", rules), rules.players, bots
    )
    async with room._lock:
        room.started = True
        room._new_match()
        room.game = case.game()
        room._turn_started = room._round_started = room.clock()
    return room.code, token, room


async def _restart_clock(room: Any) -> None:
    room._turn_started = room._round_started = room.clock()
    room.wake()


def _state(game: Game) -> dict[str, Any]:
    return game.to_dict()


def _click_js(driver: Any, element: Any) -> None:
    driver.execute_script("arguments[0].click()", element)


def _find(driver: Any, selector: str) -> Any:
    """The first element ``selector`` finds, shown or still fading in (None)."""
    return driver.execute_script("return document.querySelector(arguments[0])", selector)


def make(driver: Any, seat: int, move: Move) -> bool:
    """Make ``move`` with the page's controls, as a person would: the control carrying the
    move (data-move); a card of the hand, then the dialog's choice (the UNO call ticked where
    the move calls it); a misplay's question; a move shown off (refused, with its reason); the
    round's panel for the referee's deal. ``False`` when the page offers no way to make it
    (the browser's refusal of a move the rules do not allow)."""
    if seat == REFEREE and move == TIMEOUT:
        return True  # the server's match clock makes it
    if seat == REFEREE:
        for action in ("ready", "next"):
            found = wait(
                driver, lambda a=action: _find(driver, f'#panel [data-action="{a}"]'), action
            )
            if found.is_enabled():
                _click_js(driver, found)
        return True
    if move == TIMEOUT:
        return True  # the server's clock makes it
    text = format_move_body(move)
    direct = _find(driver, f'#actions [data-move="{text}"], #hand [data-move="{text}"]')
    if direct is not None:
        _click_js(driver, direct)
        return True
    off = _find(driver, f'#actions [data-refused="{text}"]')
    if off is not None:
        _click_js(driver, off)  # shown off: the page says why
        return True
    if not isinstance(move, Play):
        return False
    card = _find(driver, f'#hand .card[data-card="{move.cards[0].code}"]')
    if card is None:
        return False
    offered = card.get_attribute("data-move")
    if offered and offered != text:
        return False  # the card plays as another move: this one is not offered
    if move.uno and _find(driver, "#actions [data-uno-arm]") is not None:
        _click_js(driver, _find(driver, "#actions [data-uno-arm]"))
    _click_js(driver, card)
    if _find(driver, "#dialog") is None:
        return True  # a card that cannot be played: the page said why
    box = _find(driver, "#uno-with-play")
    if move.uno and box is not None and not box.is_selected():
        _click_js(driver, box)
    choice = _find(driver, f'#dialog [data-move="{text}"]')
    if choice is None:
        _click_js(driver, _find(driver, "#dialog .btn.ghost"))  # no such choice: cancel
        return False
    _click_js(driver, choice)
    return True


def test_every_option_says_how_the_browser_applies_it() -> None:
    """Every option is applied: by the engine's legal moves (each one a control of the page)
    or by what BROWSER says the page does; the cases cover every option."""
    from unokit.rules import OPTIONS

    assert set(BROWSER) <= set(OPTIONS)
    assert {case.option for case in CASES} == set(OPTIONS)


@needs_chromium
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_option_is_applied_by_clicks(server: tuple[Server, str], page: Any, case: Case) -> None:
    running, base = server
    expected, allowed = case.expected()
    code, token, room = running.call(_install(running.rooms, case))
    page.get(f"{base}/r/{code}#t={token}")
    wait(page, lambda: root(page, "status") in ("playing", "round_over"), "the table")
    running.call(_restart_clock(room))  # the turn's clock counts from the page's arrival
    for (seat, move), ok in zip(case.moves(), allowed, strict=True):
        count = len(room.game.history)
        before = move_no(page)
        offered = make(page, seat, move)
        if ok:
            assert offered, (case.name, move, "the page offers no way to make it")
            wait(page, lambda c=count: len(room.game.history) > c, f"{case.name}: {move}", 20)
            wait(page, lambda b=before: move_no(page) > b, "the page told")
        elif offered:  # tried, refused: nothing changed, and the page said why
            wait(
                page,
                lambda: _find(page, "#why") or _find(page, ".toast.error"),
                f"{case.name}: the reason {move} is refused",
                10,
            )
            assert len(room.game.history) == count, (case.name, move)
        else:  # the page offers no way to make it: it cannot be made
            assert len(room.game.history) == count, (case.name, move)
    wait(page, lambda: _state(room.game) == _state(expected), f"{case.name}: the engine's game", 20)
