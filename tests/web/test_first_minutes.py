"""The first five minutes with friends, in a real headless Chromium (issue 19, 8-17): the room
``unokit serve --room`` makes takes an invited friend, the host renames and changes the rules in
the waiting room; a phone taps every card of a long hand; a misplay is asked, then penalised; a
refused chat line is not lost; no other site frames the table; nothing overlaps. Helpers,
fixtures and the rules of waiting (never a fixed sleep) are those of test_browser.py."""

from __future__ import annotations

import contextlib
import http.server
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP, PHONE, ServerProcess, free_port, needs_chromium
from .test_browser import (
    OVERLAP,
    click,
    css,
    move_no,
    root,
    wait,
    wait_status,
)


def api_room(base: str, **body: Any) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/rooms", json={"name": "Ann", **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def open_as(driver: Any, base: str, room: dict[str, Any], touch: bool = False) -> None:
    """Open the room in the creator's seat (the host's link); ``touch``: a touch screen."""
    if touch:
        driver.execute_cdp_cmd(
            "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}
        )
    driver.get(f"{base}/r/{room['code']}#t={room['token']}")
    wait(driver, lambda: root(driver, "conn") == "online", "connected")


def my_play_turn(driver: Any) -> bool:
    """Ann's turn in the play phase; a wild start card's colour, asked first, is named."""
    if root(driver, "turn") != "me":
        return False
    if root(driver, "phase") == "choose_color":
        found = css(driver, '#actions [data-move^="color "]')
        if found:
            driver.execute_script("arguments[0].click()", found[0])
        return False
    return root(driver, "phase") == "play"


def tap(driver: Any, element: Any) -> None:
    """A finger's tap on the middle of ``element`` (real touch events, where they land)."""
    x, y = driver.execute_script(
        "arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'});"
        " const r = arguments[0].getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2];",
        element,
    )
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


# -- 8. the `make run` room -------------------------------------------------------------------


@needs_chromium
def test_the_serve_room_takes_an_invited_friend(tmp_path: Path, browsers: Any) -> None:
    """`unokit serve --room` prints the host's link and an invite; the friend who opens the
    invite gets a seat (the room keeps its seats open: bots fill them when the host starts);
    the host renames and changes the rules in the waiting room."""
    from selenium.webdriver.support.ui import Select

    server = ServerProcess(tmp_path / "rooms.sqlite3", "--room", "--bot-delay", "0")
    server.start()
    try:
        printed = server.log.read_text()
        host_link = re.search(r"your room: (\S+#t=\S+)", printed)
        invite = re.search(r"invite friends with\s+(\S+#k=[A-Z]{8})", printed)
        assert host_link and invite, printed
        ann = browsers(DESKTOP)
        ann.get(host_link.group(1))
        wait_status(ann, "lobby")
        assert [s.get_attribute("class") for s in css(ann, ".seats li[data-seat]")][1:] == [
            "empty",
            "empty",
            "empty",
        ]
        # the host renames from "Player 1"
        box = css(ann, "#rename-input")[0]
        box.clear()
        box.send_keys("Ann")
        click(ann, css(ann, '[data-action="rename"]')[0])
        wait(ann, lambda: "Ann (you)" in css(ann, '.seats li[data-seat="0"]')[0].text, "renamed")
        # a friend opens the invite: the join dialog shows a free seat, and gives it
        bob = browsers(DESKTOP)
        bob.get(invite.group(1))
        wait(bob, lambda: css(bob, '#room-about li[data-seat="1"]'), "who sits in the room")
        assert "Seats to take: 3" in css(bob, "#room-about")[0].text
        css(bob, "#join-name")[0].send_keys("Bob")
        click(bob, css(bob, "#join-play")[0])
        wait_status(bob, "lobby")
        assert root(bob, "seat") == "1" and root(bob, "role") == "player"
        # a name already taken is refused, said in the dialog
        cy = browsers(DESKTOP)
        cy.get(invite.group(1))
        wait(cy, lambda: css(cy, "#join-name"), "the join dialog")
        css(cy, "#join-name")[0].send_keys("bob")
        click(cy, css(cy, "#join-play")[0])
        error = wait(cy, lambda: css(cy, "#join-error"), "the refusal")[0]
        assert "already called bob" in error.text
        # the host changes the rules: Bob's waiting room tells the new hand size
        click(ann, css(ann, '[data-action="edit-rules"]')[0])
        wait(ann, lambda: css(ann, "#edit-preset"), "the rules form")
        Select(css(ann, "#edit-preset")[0]).select_by_value("party")
        click(ann, css(ann, 'details[data-group="Deck and deal"] > summary')[0])
        size = css(ann, "#opt-hand_size")[0]
        size.clear()
        size.send_keys("5")
        click(ann, css(ann, '[data-action="save-rules"]')[0])
        wait(
            bob,
            lambda: (
                bob.execute_script("return window.unokit.S.room.rules.preset") == "party"
                and "5 cards each." in bob.execute_script("return window.unokit.S.room.rules.lines")
            ),
            "the new rules at Bob's",
        )
        click(ann, css(ann, '[data-action="start"]')[0])
        wait_status(ann, "playing")
        kinds = ann.execute_script("return window.unokit.S.room.seats.map((s) => s.kind)")
        assert kinds == ["human", "human", "bot", "bot"]
        assert ann.execute_script("return window.unokit.S.view.hand.length") in range(0, 12)
    finally:
        server.stop()
        server.kill()


# -- 10. a phone -------------------------------------------------------------------------------


@needs_chromium
def test_a_phone_taps_every_card_of_a_long_hand(server_process: str, browsers: Any) -> None:
    """390x844, a touch screen, 15 cards: the middle of every card is that card (a tap lands
    where it is aimed), a tapped card that cannot be played says why, a playable one plays;
    no keyboard hints are shown."""
    base = server_process
    room = api_room(
        base, players=2, bots=[None, "basic"], options={"hand_size": 15}, preset="official"
    )
    ann = browsers(PHONE)
    open_as(ann, base, room, touch=True)
    tap(ann, css(ann, '[data-action="start"]')[0])
    wait(ann, lambda: my_play_turn(ann) and len(css(ann, "#hand .card")) >= 15, "my turn", 45)
    cards = css(ann, "#hand .card")
    hits = ann.execute_script(
        "return [...document.querySelectorAll('#hand .card')].map((c) => {"
        " const r = c.getBoundingClientRect();"
        " const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return !!e && e.closest('.card') === c; })"
    )
    assert hits == [True] * len(cards), hits
    hints = ann.execute_script(
        "const probe = document.createElement('button'); probe.className = 'btn key';"
        " probe.dataset.key = 'D'; document.getElementById('actions').appendChild(probe);"
        " const shown = [...document.querySelectorAll('.btn.key')]"
        ".map((b) => getComputedStyle(b, '::after').display); probe.remove(); return shown;"
    )
    assert hints and set(hints) == {"none"}, hints
    assert not css(ann, "#keys-btn")
    tapped = 0
    for index in range(len(cards)):
        card = css(ann, "#hand .card")[index]
        if "dim" not in (card.get_attribute("class") or ""):
            continue
        code = card.get_attribute("data-card")
        reason = ann.execute_script("return window.unokit.S.view.unplayable[arguments[0]]", code)
        tap(ann, card)
        wait(ann, lambda r=reason: css(ann, "#why") and css(ann, "#why")[0].text == r, "why")
        # 19.13: the tapped card still looks unplayable (dimmed, focused or not)
        tapped_card = css(ann, f'#hand .card[data-card="{code}"]')[0]
        look = ann.execute_script("return getComputedStyle(arguments[0]).filter", tapped_card)
        assert "brightness" in look, look
        tapped += 1
    assert tapped >= 3  # 15 cards against one top card: most cannot be played
    # the reason covers none of the move buttons, and the card still looks unplayable
    for button in css(ann, "#actions .btn"):
        assert (
            ann.execute_script(
                OVERLAP, "#why", f'[data-move="{button.get_attribute("data-move")}"]'
            )
            is not True
        )
    playable = css(ann, "#hand .card.playable[data-move]")
    if playable:
        before = move_no(ann)
        tap(ann, playable[0])
        wait(ann, lambda: move_no(ann) > before, "the tapped card played")


# -- 3 (misplay, issue 21's browser half), 11, 13 ------------------------------------------------


@needs_chromium
def test_a_misplay_is_asked_then_penalised(server_process: str, browsers: Any) -> None:
    """Under misplay = penalty_end_turn (001, table001) a card that does not match may be
    played: the page asks first, then the referee penalises (the card back, one drawn)."""
    base = server_process
    room = api_room(
        base, players=2, bots=[None, "basic"], preset="table001", options={"hand_size": 9}
    )
    ann = browsers(DESKTOP)
    open_as(ann, base, room)
    click(ann, css(ann, '[data-action="start"]')[0])

    def misplayable() -> Any:
        if not my_play_turn(ann):
            if root(ann, "turn") == "me" and root(ann, "phase") in ("penalty", "after_draw"):
                # a +2 to take, a drawn card to keep: the turn goes on (Ann waits for another)
                for move in ("draw", "pass"):
                    found = css(ann, f'#actions [data-move="{move}"]')
                    if found and not root(ann, "pending"):
                        ann.execute_script("arguments[0].click()", found[0])
                        break
            return None
        found = ann.execute_script("return Object.keys(window.unokit.S.view.misplays || {})")
        return found or None

    codes = wait(ann, misplayable, "my turn with a card that does not match", 45)
    card = css(ann, f'#hand .card.dim[data-card="{codes[0]}"]')[0]
    hand = len(css(ann, "#hand .card"))
    click(ann, card)
    dialog = wait(ann, lambda: css(ann, '#dialog[data-dialog="misplay"]'), "the question")[0]
    assert "draw 1 card and your turn ends" in dialog.text
    before = move_no(ann)
    click(ann, css(ann, "#dialog .btn.danger")[0])
    wait(ann, lambda: move_no(ann) > before, "the misplay made")
    told = wait(ann, lambda: css(ann, "#log li.k-misplay"), "the misplay told")[-1].text
    assert told.lower().startswith("you misplay") and "you draw 1" in told, told
    wait(ann, lambda: len(ann.execute_script("return window.unokit.S.view.hand")) >= hand, "drawn")


@needs_chromium
def test_a_refused_chat_line_is_not_lost(server_process: str, browsers: Any) -> None:
    """19.7/19.11: past the chat's rate the line is refused, and comes back to the box; an
    emoji newer than the server's Unicode is chat like any other."""
    base = server_process
    room = api_room(base, players=2, bots=[None, "basic"])
    ann = browsers(DESKTOP)
    open_as(ann, base, room)
    click(ann, css(ann, "#tab-chat")[0])
    box = css(ann, "#chat-input")[0]
    for i in range(6):  # (ChromeDriver types only the BMP: the line is set, then sent)
        ann.execute_script(
            "document.getElementById('chat-input').value = arguments[0];"
            " document.getElementById('chat-form').requestSubmit();",
            f"line {i} \U0001fae8",
        )
        if i < 5:
            wait(ann, lambda n=i: len(css(ann, "#chat li")) == n + 1, "the line sent", 5)
    wait(ann, lambda: box.get_attribute("value") == "line 5 \U0001fae8", "the refused line back")
    said = css(ann, "#chat li")[-1].find_elements("css selector", "span")
    assert [e.text for e in said] == ["Ann:", "line 4 \U0001fae8"]
    assert css(ann, ".toast.error") and "too fast" in css(ann, ".toast.error")[-1].text


# -- 5. framing ---------------------------------------------------------------------------------


@contextlib.contextmanager
def evil_site(target: str) -> Iterator[str]:
    """A page of another origin (its own port) that frames ``target``."""
    page = (
        "<!doctype html><title>evil</title>"
        f'<iframe id="f" src="{target}" width="800" height="600"></iframe>'
    )

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page.encode()
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@needs_chromium
def test_no_other_site_frames_the_table(server_process: str, browsers: Any) -> None:
    room = api_room(server_process, players=2, bots=[None, "basic"])
    target = f"{server_process.replace('127.0.0.1', 'localhost')}/r/{room['code']}"
    eve = browsers(DESKTOP)
    with evil_site(target) as page:
        eve.get(page)
        wait(eve, lambda: css(eve, "#f"), "the frame")
        frame = css(eve, "#f")[0]
        deadline = time.monotonic() + 10
        while True:  # the frame settles on Chromium's error page, never on the table
            eve.switch_to.frame(frame)
            inside = eve.execute_script("return [location.href, !!document.getElementById('app')]")
            eve.switch_to.default_content()
            if inside[0] != "about:blank" or time.monotonic() > deadline:
                break
        assert inside[1] is False, inside
        assert not inside[0].startswith("http://localhost"), inside


# -- 15. layout -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1100, 700), (1366, 657), (1280, 600)])
@needs_chromium
def test_nothing_overlaps_on_small_windows(
    server_process: str, browsers: Any, size: tuple[int, int]
) -> None:
    """The turn banner never covers the top opponent, every opponent and UNO tag stays on
    the table, and in the waiting room no seat chip sits under the panel."""
    room = api_room(server_process, players=5, bots=[None, "basic", "basic", "basic", "basic"])
    ann = browsers(size)
    open_as(ann, server_process, room)
    assert not css(ann, ".opp"), "seat chips in the waiting room, under its panel"
    click(ann, css(ann, '[data-action="start"]')[0])
    # Ann's turn: the bots wait for her, so the table stays as it is while it is measured
    wait(ann, lambda: root(ann, "turn") == "me", "Ann's turn", 45)
    wait(ann, lambda: len(css(ann, ".opp .plate")) == 4, "the opponents")
    # every opponent down to two cards, having called UNO: a tag on every plate
    ann.execute_script(
        "const v = window.unokit.S.view; v.uno_called = v.uno_called.map(() => true);"
        " v.hand_sizes = v.hand_sizes.map(() => 2); window.unokit.render();"
    )
    count = "return document.querySelectorAll('.opp .uno-mark').length"
    assert ann.execute_script(count) == 4
    for seat in range(1, 5):
        plate = f'.opp[data-seat="{seat}"] .plate'
        assert ann.execute_script(OVERLAP, "#banner", plate) is not True, (size, seat)
    inside = ann.execute_script(
        "const a = document.getElementById('table').getBoundingClientRect();"
        " return [...document.querySelectorAll('.opp .plate, .opp .uno-mark')].every((o) => {"
        " const r = o.getBoundingClientRect(); return r.left >= a.left && r.right <= a.right"
        " && r.top >= a.top; })"
    )
    assert inside, size


#: the page plays by itself: its first legal move, whenever it may move (as a person would)
AUTOPLAY = """
window.__auto = setInterval(() => {
  const u = window.unokit, v = u.S.view;
  if (!v || u.S.pending || !u.S.you || v.current !== u.S.you.seat) return;
  const moves = v.legal.map((m) => m.move);
  const pick = moves.find((m) => m.startsWith("play ") && !m.endsWith(" uno"))
    || moves.find((m) => m.startsWith("color ")) || moves.find((m) => m === "pass")
    || moves.find((m) => m === "draw");
  if (pick) u.sendMove(pick);
}, 100);
"""


@needs_chromium
def test_a_friend_who_comes_late_sits_at_the_rounds_end(server_process: str, browsers: Any) -> None:
    """The review: a friend arriving after the start watches, and at the round's end takes a
    bot's seat (the join dialog says so); the host may remove a player in the match."""
    base = server_process
    room = api_room(
        base, players=3, bots=[None, "basic", "basic"], options={"hand_size": 3}, preset="official"
    )
    ann = browsers(DESKTOP)
    open_as(ann, base, room)
    click(ann, css(ann, '[data-action="start"]')[0])
    wait(ann, lambda: root(ann, "status") in ("playing", "round_over"), "dealt")
    zed = browsers(DESKTOP)
    zed.get(room["link"])
    wait(zed, lambda: css(zed, "#join-play"), "the join dialog")
    wait(zed, lambda: "round's end" in css(zed, "#join-play")[0].text, "the join button's words")
    css(zed, "#join-name")[0].send_keys("Zed")
    click(zed, css(zed, "#join-play")[0])
    wait(zed, lambda: root(zed, "role") == "spectator", "Zed watches")
    ann.execute_script(AUTOPLAY)
    wait(zed, lambda: root(zed, "status") in ("round_over", "match_over"), "the round's end", 60)
    seat = wait(zed, lambda: css(zed, '#panel [data-action="take-seat"]'), "a bot's seat")[0]
    taken = seat.get_attribute("data-seat")
    click(zed, seat)
    wait(zed, lambda: root(zed, "role") == "player" and root(zed, "seat") == taken, "Zed sits")
    # the host removes him again, from the People dialog
    ann.execute_script("clearInterval(window.__auto)")
    click(ann, css(ann, "#people-btn")[0])
    remove = wait(ann, lambda: css(ann, '#dialog [data-action="kick"]'), "Remove in People")
    click(ann, remove[0])
    wait(zed, lambda: css(zed, '#dialog[data-dialog="removed"]'), "Zed told he was removed")
