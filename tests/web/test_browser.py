"""The browser table end to end, in a real headless Chromium (Debian's ``chromium`` driven by
Selenium through Debian's ``chromedriver``; no browser download).

Two people in two browsers and two bots: the host creates a room on the front page (a house
rule changed there), the second player opens the invite link and joins, the host starts, and
both play a whole round by clicking the controls the page offers for the legal moves
(``data-move``), naming colours in the dialog; one page is reloaded mid-round and goes on
from its seat; a spectator sees the table and no hand; the next round is dealt. Another test
shows the pages in Chinese. Every wait is for a state the page exposes (``data-status``,
``data-move-no``, ``data-turn`` on ``<html>``), never a fixed sleep; every browser and server
a test starts is stopped by it.

The labels test needs no browser: every text the pages ask to translate is in
``unokit.web.labels.LABELS`` (so the catalogues have it).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unokit.web.labels import LABELS

from .conftest import CHROMEDRIVER, CHROMIUM, DESKTOP, PHONE, needs_chromium

__all__ = ["CHROMEDRIVER", "CHROMIUM", "DESKTOP", "PHONE", "needs_chromium"]

STATIC = Path(__file__).resolve().parents[2] / "src" / "unokit" / "web" / "static"


def page_texts() -> set[str]:
    """The English texts the pages translate: ``t("...")`` in the scripts, ``data-t*`` in
    the pages."""
    found: set[str] = set()
    for path in STATIC.rglob("*.js"):
        found |= {
            m.replace('\\"', '"')
            for m in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', path.read_text("utf-8"))
        }
    for path in STATIC.rglob("*.html"):
        found |= set(
            re.findall(r'data-t(?:-title|-placeholder|-aria)?="([^"]*)"', path.read_text("utf-8"))
        )
    return found


def test_every_page_text_is_a_label() -> None:
    missing = sorted(page_texts() - set(LABELS))
    assert not missing, f"add these to src/unokit/web/labels.py: {missing}"
    assert len(LABELS) == len(set(LABELS)), "a label is listed twice"


def test_the_pages_need_no_emoji_font() -> None:
    """19.16: icons are the package's SVG files; an emoji appears only as a reaction's value
    (what the protocol sends), shown as its picture."""
    emoji = re.compile("[\U0001f000-\U0001faff]")
    for path in [*STATIC.rglob("*.html"), *STATIC.rglob("*.js")]:
        text = path.read_text("utf-8")
        if path.name == "common.js":  # REACTIONS: the protocol's values and their pictures
            text = re.sub(r"export const REACTIONS = \[.*?\];", "", text, flags=re.S)
        assert not emoji.findall(text), (path.name, emoji.findall(text))
    icons = STATIC / "icons"
    for name in re.findall(
        r'url\("/static/icons/([a-z-]+\.svg)"\)', (STATIC / "css/uno.css").read_text()
    ):
        assert (icons / name).is_file(), name


def test_user_text_never_goes_through_markup() -> None:
    """Names, chat and the server's messages are set with textContent: no innerHTML at all."""
    for path in STATIC.rglob("*.js"):
        text = path.read_text("utf-8")
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text, path.name
        assert "document.write" not in text, path.name


# -- browsers ------------------------------------------------------------------------------


def root(driver: Any, name: str) -> str:
    value = driver.execute_script(
        "return document.documentElement.getAttribute(arguments[0]) || ''", f"data-{name}"
    )
    return str(value)


def wait(driver: Any, check: Callable[[], Any], what: str, timeout: float = 15.0) -> Any:
    """Wait until ``check()`` is true (polled); fail saying ``what`` was awaited."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(
            driver,
            timeout,
            poll_frequency=0.05,
            ignored_exceptions=(StaleElementReferenceException,),
        ).until(lambda _: check())
    except Exception as error:
        state = {k: root(driver, k) for k in ("status", "move-no", "turn", "phase", "conn")}
        raise AssertionError(f"waited {timeout} s for {what}; page: {state}") from error


def wait_status(driver: Any, status: str, timeout: float = 15.0) -> None:
    wait(driver, lambda: root(driver, "status") == status, f"status {status}", timeout)


def css(driver: Any, selector: str) -> list[Any]:
    """The shown elements that match (found again when the page redrew them meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(20):
        try:
            return [e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{selector} kept changing")


def click(driver: Any, element: Any) -> None:
    """A click as a person makes it (scrolled into view first: a long hand scrolls). Where the
    element's middle is under another (the cards of a long hand overlap, each over the right
    part of the one before), on the part of it that shows, its left edge, as a finger does."""
    from selenium.common.exceptions import ElementClickInterceptedException
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script(
        "arguments[0].scrollIntoView({block: 'nearest', inline: 'center'})", element
    )
    try:
        element.click()
    except ElementClickInterceptedException:  # (seen once in CI: two wilds side by side)
        edge = -(element.size["width"] // 2) + 4  # offsets count from the middle
        ActionChains(driver).move_to_element_with_offset(element, edge, 0).click().perform()


def root_code(driver: Any) -> str:
    return str(driver.current_url.rsplit("/r/", 1)[1][:6])


def move_no(driver: Any) -> int:
    return int(root(driver, "move-no") or -1)


def by_keyboard(driver: Any, used: dict[str, int]) -> bool:
    """A move made with keys only: H goes to the hand, arrows to a card that plays as it is,
    Enter plays it; D draws. False when neither applies (the caller clicks instead)."""
    from selenium.webdriver.common.keys import Keys

    page = driver.find_element("css selector", "body")
    cards = css(driver, "#hand .card.playable")
    if not any(c.get_attribute("data-move") for c in cards):
        if cards or not css(driver, '#actions [data-move="draw"]'):
            return False
        page.send_keys("d")
        used["key D"] = used.get("key D", 0) + 1
        return True
    page.send_keys("h")
    for _ in range(len(css(driver, "#hand .card")) + 1):
        active = driver.switch_to.active_element
        classes = (active.get_attribute("class") or "").split()
        if "card" not in classes:
            return False
        if "playable" in classes and active.get_attribute("data-move"):
            active.send_keys(Keys.ENTER)
            used["key Enter"] = used.get("key Enter", 0) + 1
            return True
        active.send_keys(Keys.ARROW_RIGHT)
    return False


def play_one(driver: Any, used: dict[str, int], keyboard: bool = False) -> bool:
    """Make one move on this page's turn by clicking the control the page offers for it;
    True when a move was sent (False also when the page redrew the control under the click:
    the caller looks again)."""
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        if keyboard and by_keyboard(driver, used):
            return True
        return _play_one(driver, used)
    except StaleElementReferenceException:
        return False


def _play_one(driver: Any, used: dict[str, int]) -> bool:
    for selector in ('#actions [data-move="uno"]', '#actions [data-move^="color "]'):
        found = css(driver, selector)
        if found:
            click(driver, found[0])
            used[selector] = used.get(selector, 0) + 1
            return True
    cards = css(driver, "#hand .card.playable")
    # a wild first when there is one: it needs the colour dialog
    cards.sort(key=lambda c: 0 if (c.get_attribute("data-card") or "").startswith("W") else 1)
    if cards:
        card = cards[0]
        direct = card.get_attribute("data-move")
        click(driver, card)
        if direct:
            used["card"] = used.get("card", 0) + 1
            return True
        wait(driver, lambda: css(driver, "#dialog [data-move]"), "the play dialog", 5)
        choice = next(b for b in css(driver, "#dialog [data-move]") if b.is_enabled())
        assert (choice.get_attribute("data-move") or "").startswith("play ")
        click(driver, choice)
        used["dialog"] = used.get("dialog", 0) + 1
        return True
    for move in ("pass", "draw"):
        found = css(driver, f'#actions [data-move="{move}"]')
        if found:
            click(driver, found[0])
            used[move] = used.get(move, 0) + 1
            return True
    return False


def why_not(driver: Any) -> bool:
    """Tapping a card that cannot be played says why: the referee's reason for that card."""
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        card = css(driver, "#hand .card.dim")[0]
        code = card.get_attribute("data-card")
        reason = driver.execute_script(
            "return window.unokit.S.view.unplayable[arguments[0]] || ''", code
        )
        click(driver, card)
    except (IndexError, StaleElementReferenceException):
        return False
    bubble = wait(driver, lambda: css(driver, "#why"), "the reason a card cannot be played", 5)
    assert reason and bubble[0].text == reason, (code, reason, bubble[0].text)
    return True


def create_room(
    driver: Any, base: str, name: str, hand_size: int = 3, seat1: str = "", target: int = 0
) -> str:
    """The host creates a room on the front page: 4 players, seat 1 a friend (or a bot of
    level ``seat1``), seats 2 and 3 bots, house rules changed (the hand size, the match's
    target when given); the room page opens. Its code."""
    from selenium.webdriver.support.ui import Select

    driver.get(f"{base}/")
    wait(driver, lambda: css(driver, "#seat-3"), "the front page's options", 10)
    name_box = css(driver, "#name")[0]
    name_box.clear()
    name_box.send_keys(name)
    Select(css(driver, "#preset")[0]).select_by_value("official")
    Select(css(driver, "#seat-1")[0]).select_by_value(seat1)
    Select(css(driver, "#seat-2")[0]).select_by_value("basic")
    Select(css(driver, "#seat-3")[0]).select_by_value("basic")
    click(driver, css(driver, "#house > summary")[0])
    group = driver.find_element("css selector", 'details[data-group="Deck and deal"] > summary')
    click(driver, group)
    size = css(driver, "#opt-hand_size")[0]
    size.clear()
    size.send_keys(str(hand_size))
    if target:
        group = 'details[data-group="Scoring and the match"] > summary'
        click(driver, driver.find_element("css selector", group))
        box = css(driver, "#opt-target_score")[0]
        box.clear()
        box.send_keys(str(target))
    click(driver, css(driver, "#create-btn")[0])
    wait(driver, lambda: "/r/" in driver.current_url, "the room page")
    wait_status(driver, "lobby")
    return str(driver.current_url.rsplit("/r/", 1)[1][:6])


@needs_chromium
def test_two_players_two_bots_play_a_round(server_process: str, browsers: Any) -> None:
    base = server_process
    started = time.monotonic()
    ann = browsers(DESKTOP)
    # five cards: with three, the bots' skips and +2s sometimes ended the round before Bob's
    # first move (seen under load), and his page could not be reloaded mid-round
    code = create_room(ann, base, "Ann", hand_size=5)
    link = css(ann, "#invite-link")[0].get_attribute("value")
    assert f"/r/{code}#k=" in link  # the invite's key rides in the fragment
    assert root(ann, "seat") == "0"
    assert css(ann, '[data-action="start"]'), "the host has a start button"

    # the second player opens the link and joins
    bob = browsers(PHONE)
    bob.get(link)
    wait(bob, lambda: css(bob, "#join-name"), "the join dialog")
    css(bob, "#join-name")[0].send_keys("Bob")
    click(bob, css(bob, "#join-play")[0])
    wait_status(bob, "lobby")
    assert root(bob, "seat") == "1"
    assert not css(bob, '[data-action="start"]'), "only the host starts"
    wait(ann, lambda: "Bob" in css(ann, '.seats li[data-seat="1"]')[0].text, "Bob in the lobby")

    click(ann, css(ann, '[data-action="start"]')[0])
    # (three-card hands: the bots' skips and +2s may end the round before anyone clicks)
    for driver in (ann, bob):
        wait(driver, lambda d=driver: root(d, "status") in ("playing", "round_over"), "dealt")

    # a spectator sees the table and no hand
    eve = browsers(DESKTOP)
    eve.get(link)
    wait(eve, lambda: css(eve, "#join-watch"), "the join dialog")
    click(eve, css(eve, "#join-watch")[0])
    wait(eve, lambda: root(eve, "role") == "spectator", "a spectator's welcome")
    wait(eve, lambda: root(eve, "status") in ("playing", "round_over"), "the table")
    wait(eve, lambda: len(css(eve, ".opp[data-seat]")) == 4, "four seats around the table")
    assert not css(eve, "#hand .card"), "a spectator has no hand"
    assert eve.execute_script("return window.unokit.S.view.hand.length") == 0
    assert not css(eve, "[data-move]"), "a spectator has no moves"
    assert css(eve, "#top-card"), "the spectator sees the discard pile"
    browsers.close(eve)

    # both play a whole round; Bob's page is reloaded mid-round
    used: dict[str, int] = {}
    told_why = False
    bob_moves = 0
    reloaded = False
    deadline = time.monotonic() + 120
    while root(ann, "status") == "playing":
        assert time.monotonic() < deadline, f"the round did not end; moves made: {used}"
        wait(
            ann,
            lambda: (
                root(ann, "status") != "playing" or "me" in (root(ann, "turn"), root(bob, "turn"))
            ),
            "someone's turn or the round's end",
            30,
        )
        for driver in (ann, bob):
            if root(driver, "turn") != "me" or root(driver, "pending"):
                continue
            if driver is ann and not told_why and css(ann, "#hand .card.dim"):
                told_why = why_not(ann)
            before = move_no(driver)
            turns = used.get("turns", 0)
            if not play_one(driver, used, keyboard=driver is ann and turns % 2 == 0):
                continue
            wait(
                driver,
                lambda d=driver, b=before: move_no(d) > b or root(d, "turn") != "me",
                "the move to be applied",
            )
            used["turns"] = turns + 1
            if driver is bob:
                bob_moves += 1
        # reloaded after his first move (waiting for his second, the round of three-card
        # hands had sometimes ended first, by the deal's luck)
        if bob_moves >= 1 and not reloaded and root(bob, "status") == "playing":
            seen = move_no(bob)
            bob.refresh()
            wait(bob, lambda s=seen: move_no(bob) >= s, "Bob's table after the reload")
            wait(bob, lambda: root(bob, "seat") == "1", "Bob back in his seat")
            reloaded = True
            if root(bob, "status") == "playing":
                wait(bob, lambda: css(bob, "#hand .card"), "Bob's hand after the reload")
    assert reloaded, "the round ended before Bob's page could be reloaded"
    assert used, "nobody moved"
    print("moves made by clicking:", used)

    # the round is over for both; the next round is dealt when both are ready
    for driver in (ann, bob):
        wait(driver, lambda d=driver: root(d, "status") in ("round_over", "match_over"), "the end")
        assert css(driver, "#panel .scores"), "the scores are shown"
    if root(ann, "status") == "round_over":
        # Bob, not ready yet, is told how long until the host may go on without him
        countdown = wait(bob, lambda: css(bob, "#ready-countdown"), "the ready countdown")
        assert re.search(r"\d+ s", countdown[0].text), countdown[0].text
        for driver in (ann, bob):
            click(driver, css(driver, '[data-action="ready"]')[0])
        wait(
            ann,
            lambda: all(not b.is_enabled() for b in css(ann, '[data-action="ready"]')),
            "Ann ready",
        )
        click(ann, css(ann, '[data-action="next"]')[0])
        for driver in (ann, bob):
            wait_status(driver, "playing")
    assert time.monotonic() - started < 170


def simplified(text: str) -> str:
    """A label in Simplified Chinese, as the catalogue has it now."""
    from unokit.narrator import translations

    return translations("zh-Hans").gettext(text)


@needs_chromium
def test_chinese_labels_when_chosen(server_process: str, browsers: Any) -> None:
    from selenium.webdriver.support.ui import Select

    base = server_process
    mei = browsers(PHONE)
    mei.get(f"{base}/")
    wait(mei, lambda: css(mei, "#seat-1"), "the front page")
    Select(css(mei, "#lang")[0]).select_by_value("zh-Hant")
    heading = css(mei, "h1")[0]
    wait(mei, lambda: heading.text == "和朋友一起玩 UNO", "the Traditional Chinese heading")
    assert css(mei, "#create-btn")[0].text == "建立房間"
    Select(css(mei, "#lang")[0]).select_by_value("zh-Hans")
    wait(
        mei,
        lambda: (
            heading.text == "和朋友一起玩 UNO"
            and css(mei, "#create-btn")[0].text == simplified("Create the room")
        ),
        "Simplified Chinese",
    )
    Select(css(mei, "#lang")[0]).select_by_value("zh-Hant")
    wait(mei, lambda: css(mei, "#create-btn")[0].text == "建立房間", "Traditional Chinese again")

    code = create_room(mei, base, "美美")
    assert code
    wait(
        mei,
        lambda: css(mei, "#panel h2") and css(mei, "#panel h2")[0].text == "等候室",
        "the lobby in Chinese",
    )
    assert css(mei, '[data-action="start"]')[0].text == "開始比賽"
    click(mei, css(mei, '[data-action="start"]')[0])
    # three-card hands and three bots: skipped or made to draw, Mei may see the round end
    # before her first turn (seen once in CI's run); the log is narrated either way
    wait(
        mei,
        lambda: root(mei, "status") in ("playing", "round_over"),
        "the round under way (or already over)",
    )
    wait(mei, lambda: css(mei, "#log li"), "the narrated log")
    log = " ".join(
        li.get_attribute("textContent") for li in mei.find_elements("css selector", "#log li")
    )
    assert re.search(r"[\u4e00-\u9fff]", log), f"the log is not in Chinese: {log[:200]}"
    assert (
        mei.find_element("css selector", "#tab-chat")
        .get_attribute("textContent")
        .startswith("聊天")
    )


@needs_chromium
def test_match_over_record_chat_and_rematch(server_process: str, browsers: Any) -> None:
    """A match to 1 point ends with its first round: the record (chat included) downloads,
    and a rematch is dealt. Chat is shown as text, never as markup."""
    import httpx

    base = server_process
    ann = browsers(DESKTOP)
    create_room(ann, base, "Ann", hand_size=2, seat1="basic", target=1)
    chat = css(ann, "#chat-input")[0]
    chat.send_keys("gg <b>all</b>")
    click(ann, css(ann, "#chat-form button")[0])
    click(ann, css(ann, "#tab-chat")[0])
    wait(ann, lambda: css(ann, "#chat li"), "the chat line")
    line = css(ann, "#chat li")[0]
    said = line.find_elements("css selector", "span")
    assert [e.text for e in said] == ["Ann:", "gg <b>all</b>"]
    assert not line.find_elements("css selector", "b"), "chat text became markup"
    click(ann, css(ann, '[data-action="start"]')[0])
    # two-card hands and a basic bot: the match may be over before Ann's first turn
    wait(ann, lambda: root(ann, "status") in ("playing", "match_over"), "the match under way")
    used: dict[str, int] = {}
    deadline = time.monotonic() + 40
    while root(ann, "status") == "playing":
        assert time.monotonic() < deadline, f"the match did not end; moves made: {used}"
        wait(
            ann,
            lambda: root(ann, "status") != "playing" or root(ann, "turn") == "me",
            "Ann's turn or the end",
            20,
        )
        if root(ann, "turn") == "me" and not root(ann, "pending"):
            before = move_no(ann)
            if play_one(ann, used):
                wait(ann, lambda b=before: move_no(ann) > b or root(ann, "turn") != "me", "a move")
    wait_status(ann, "match_over")
    wait(ann, lambda: css(ann, '#panel [data-action="record"]'), "the record's button")
    assert not css(ann, ".announce"), "an announcement over the scores"
    assert "(you)" in css(ann, '#panel .scores tr[data-seat="0"]')[0].text
    # 19.14, 19.17: one point is "1 point"; every loser's cards left are laid open
    assert "Target: 1 point" in css(ann, "#panel")[0].text
    assert "Target: 1 points" not in css(ann, "#panel")[0].text
    left = ann.execute_script("return window.unokit.S.view.hands_left")
    for seat, hand in enumerate(left):
        shown = css(ann, f'#panel .scores tr[data-seat="{seat}"] .left-cards .card')
        assert sorted(c.get_attribute("data-card") for c in shown) == sorted(hand)
    assert any(left), "a loser holds cards"
    click(ann, css(ann, '#panel [data-action="record"]')[0])
    record = wait(ann, lambda: ann.execute_script("return window.unokit.S.lastRecord"), "record")
    assert [c["text"] for c in record["meta"]["chat"]] == ["gg <b>all</b>"]
    assert record["meta"]["names"][0] == "Ann"
    # the token was in no address the browser asked for (it went in a POST's body)
    token = ann.execute_script("return window.unokit.S.token")
    asked = ann.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert token and not [url for url in asked if token in url], asked
    assert token not in ann.current_url
    answer = httpx.post(f"{base}/api/rooms/{root_code(ann)}/record", json={"token": token})
    assert answer.status_code == 200 and answer.json()["moves"] == record["moves"]
    # the file saved is the server's text: the 64-bit seed is not rounded by JavaScript
    saved = json.loads(ann.execute_script("return window.unokit.S.lastRecordText"))
    assert saved["seed"] == answer.json()["seed"]
    click(ann, css(ann, '[data-action="ready"]')[0])
    wait(ann, lambda: not css(ann, '[data-action="ready"]')[0].is_enabled(), "Ann ready")
    click(ann, css(ann, '[data-action="next"]')[0])
    wait_status(ann, "playing")


LAPTOP = (1366, 657)

#: the boxes of two elements overlap (JavaScript; null when either is missing or hidden)
OVERLAP = """
const box = (s) => { const e = document.querySelector(s);
  if (!e || !e.offsetParent) return null; return e.getBoundingClientRect(); };
const a = box(arguments[0]), b = box(arguments[1]);
if (!a || !b) return null;
return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
"""


@needs_chromium
def test_review_fixes_in_the_browser(server_process: str, browsers: Any) -> None:
    """The review's findings a page shows: the front page's options in words and in the
    page's language, numbers checked as typed, seats counted from 1; the join dialog tells
    about the room; an unplayable card's reason in Chinese over the buttons; a change of
    language keeps the log; nothing overlaps on a laptop's short screen; a server error
    (1011) is said, with a retry; the chat's limit is shown, not a silent cut."""
    from selenium.webdriver.support.ui import Select

    base = server_process
    mei = browsers(LAPTOP)
    mei.get(f"{base}/")
    wait(mei, lambda: css(mei, "#seat-1"), "the front page")
    Select(css(mei, "#lang")[0]).select_by_value("zh-Hant")
    wait(mei, lambda: css(mei, "#create-btn")[0].text == "建立房間", "Traditional Chinese")
    wait(mei, lambda: HAN.search(mei.execute_script(MEANING, "deck")), "the options in Chinese")
    words = mei.execute_script(
        "return [...document.querySelectorAll('#opt-stacking option')].map(o => o.textContent)"
    )
    assert words and all(HAN.search(w) and "_" not in w for w in words), words
    assert (
        mei.execute_script("return document.querySelector('#opt-seven_zero').tagName") == "SELECT"
    ), "a yes/no option is two sentences to choose from"
    assert css(mei, '#seat-list [data-seat="0"] span')[0].text == "座位 1"
    assert css(mei, "#name")[0].get_attribute("maxlength") == "40"
    # a hand size above the largest is said at once, before "create"
    click(mei, css(mei, "#house > summary")[0])
    click(mei, mei.find_element("css selector", 'details[data-group="Deck and deal"] > summary'))
    size = css(mei, "#opt-hand_size")[0]
    size.clear()
    size.send_keys("16")
    bad = wait(mei, lambda: css(mei, '.opt[data-option="hand_size"] .bad'), "the range error")
    assert "15" in bad[0].text
    size.clear()
    size.send_keys("7")
    wait(mei, lambda: not css(mei, '.opt[data-option="hand_size"] .bad'), "the error gone")

    create_room(mei, base, "美美", seat1="")
    # a friend's link: the join dialog shows the room before a name is typed
    bob = browsers(DESKTOP)
    bob.get(css(mei, "#invite-link")[0].get_attribute("value"))
    wait(bob, lambda: css(bob, '#room-about li[data-seat="0"]'), "who sits in the room")
    assert "美美" in css(bob, '#room-about li[data-seat="0"]')[0].text
    assert css(bob, "#room-about details"), "the rules"
    assert not css(bob, "#banner"), "an empty banner is not shown"
    css(bob, "#join-name")[0].send_keys("Bob")
    click(bob, css(bob, "#join-play")[0])
    wait_status(bob, "lobby")
    browsers.close(bob)  # away: a bot plays his seat after the grace period

    click(mei, css(mei, '[data-action="start"]')[0])
    wait_status(mei, "playing")
    wait(mei, lambda: css(mei, "#hand .card"), "the hand")
    # nothing overlaps on a 1366x657 window
    for a, b in (
        ("#banner", '.opp[data-seat="2"] .plate'),
        ("#direction-label", "#me .plate"),
        ('.opp[data-seat="2"] .count', "#discard"),
        ('.opp[data-seat="2"] .fan', "#centre"),
    ):
        assert mei.execute_script(OVERLAP, a, b) is False, f"{a} overlaps {b}"
    # an unplayable card, tapped: the reason in Chinese, card names not codes, over the buttons
    wait(
        mei,
        lambda: root(mei, "turn") == "me" and css(mei, "#hand .card.dim"),
        "my turn with a card that cannot be played",
        45,
    )
    click(mei, css(mei, "#hand .card.dim")[0])
    bubble = wait(mei, lambda: css(mei, "#why"), "the reason", 5)[0]
    assert HAN.search(bubble.text) and not re.search(r"\b[RYGB]\d\b", bubble.text), bubble.text
    on_top = mei.execute_script(
        "const w = document.getElementById('why'); w.style.pointerEvents = 'auto';"
        " const r = w.getBoundingClientRect();"
        " const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
        " return !!e && !!e.closest('#why');"
    )
    assert on_top, "the reason is hidden under another element"
    # a change of language keeps the log (told again in the new language)
    wait(mei, lambda: css(mei, "#log li"), "the log")
    Select(css(mei, "#lang")[0]).select_by_value("en")
    wait(
        mei,
        lambda: (lines := css(mei, "#log li")) and not HAN.search(lines[-1].text),
        "the log in English",
    )
    assert len(css(mei, "#log li")) >= 2, "the log emptied"
    # the chat's limit: a counter, and a message too long is not cut and sent
    chat = css(mei, "#chat-input")[0]
    chat.send_keys("x" * 301)
    wait(mei, lambda: css(mei, "#chat-left"), "the characters left")
    assert css(mei, "#chat-left")[0].text == "-1"
    click(mei, css(mei, "#chat-form button")[0])
    assert len(chat.get_attribute("value")) == 301, "the message was cut or sent"
    # the server fails on this table (1011): the page says so and retries when asked
    mei.execute_script("const ws = window.unokit.S.ws; ws.onclose({code: 1011}); ws.close();")
    wait(mei, lambda: css(mei, '#dialog[data-dialog="server-error"]'), "the server error")
    assert root(mei, "conn") == "offline"
    click(mei, css(mei, "#retry-btn")[0])
    wait(mei, lambda: root(mei, "conn") == "online", "connected again")


HAN = re.compile(r"[\u4e00-\u9fff]")
MEANING = (
    "const r = document.querySelector(`.opt[data-option='${arguments[0]}'] .meaning`);"
    " return r ? r.textContent : '';"
)
