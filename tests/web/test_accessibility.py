"""Accessibility, measured with a real tool: axe-core (from the npm registry, pinned in
tests/web/npm/package-lock.json, installed by ``make test`` or, when missing, by
:func:`tests.web.conftest.npm_tool`) injected into Debian's headless Chromium. On the front
page, the waiting room, the table mid-round (desktop and phone) and the round's end, in English and
Chinese: no serious or critical violation. Also: every card and button has a name a screen
reader says ("red 7, playable"), and a whole turn can be played with the keyboard alone.
The figures are recorded in docs/web-table.md ("Accessibility").
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from .conftest import DESKTOP, PHONE, needs_chromium, npm_tool
from .test_browser import css, root, wait, wait_status

#: what counts as a failure
SERIOUS = {"serious", "critical"}


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script (installed from the lock file when it is not there yet)."""
    return npm_tool("axe-core/axe.min.js").read_text("utf-8")


def audit(driver: Any, axe: str, where: str) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (every rule of WCAG 2.1 A and AA, and axe's
    best practices); prints a line per violation. Measured as a person who asked for reduced
    motion sees it (no fade-in half way: colours are judged as they end)."""
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    driver.execute_script(axe)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        " axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag', values:"
        " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})"
        ".then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))))"
        ".catch((e) => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));"
    )
    for v in result:
        print(f"{where}: {v['impact']} {v['id']}: {v['help']} {v['nodes']}")
    violations: list[dict[str, Any]] = result
    return violations


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in SERIOUS]


def set_lang(driver: Any, base: str, lang: str) -> None:
    driver.get(f"{base}/static/css/uno.css")
    driver.execute_script("localStorage.setItem('unokit.lang', arguments[0])", lang)


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@needs_chromium
def test_no_serious_violation_anywhere(
    server_process: str, browsers: Any, axe_source: str, lang: str
) -> None:
    base = server_process
    found: dict[str, list[dict[str, Any]]] = {}
    page = browsers(DESKTOP)
    set_lang(page, base, lang)
    page.get(f"{base}/")
    wait(page, lambda: css(page, "#seat-3"), "the front page")
    found["front page"] = audit(page, axe_source, f"{lang} front")
    room = httpx.post(
        f"{base}/api/rooms",
        json={
            "name": "Ann",
            "lang": lang,
            "players": 3,
            "bots": [None, "basic", "basic"],
            "options": {"hand_size": 4, "target_score": 1},
        },
    ).json()
    page.get(f"{base}/r/{room['code']}#t={room['token']}")
    wait_status(page, "lobby")
    found["waiting room"] = audit(page, axe_source, f"{lang} waiting room")
    phone = browsers(PHONE)
    set_lang(phone, base, lang)
    joined = httpx.post(
        f"{base}/api/rooms/{room['code']}/join",
        json={"invite": room["invite"], "spectate": True},
    ).json()
    phone.get(f"{base}/r/{room['code']}#t={joined['token']}")
    wait(phone, lambda: root(phone, "role") == "spectator", "a spectator")
    css(page, '[data-action="start"]')[0].click()
    wait(page, lambda: root(page, "turn") == "me" or root(page, "status") != "playing", "a turn")
    if root(page, "status") == "playing":
        found["table, desktop"] = audit(page, axe_source, f"{lang} table desktop")
        found["table, phone (watching)"] = audit(phone, axe_source, f"{lang} table phone")
        css(page, "#people-btn")[0].click()
        wait(page, lambda: css(page, '#dialog[data-dialog="people"]'), "the people dialog")
        found["people dialog"] = audit(page, axe_source, f"{lang} people")
        page.execute_script("document.querySelector('#dialog .btn, #dialog button').focus()")
    # the round's end (the match is to 1 point): everyone plays on by the page's own moves
    page.execute_script(
        "window.__auto = setInterval(() => { const u = window.unokit, v = u.S.view;"
        " if (!v || u.S.pending || v.current !== u.S.you.seat) return;"
        " const m = v.legal.map((x) => x.move);"
        " const pick = m.find((x) => x.startsWith('play ') && !x.endsWith(' uno'))"
        " || m.find((x) => x.startsWith('color ')) || m.find((x) => x === 'pass')"
        " || m.find((x) => x === 'draw'); if (pick) u.sendMove(pick); }, 100);"
        " document.querySelector('#dialog') && document.querySelector('#dialog').remove();"
        " window.unokit.S.dialog = null;"
    )
    wait(page, lambda: root(page, "status") == "match_over", "the match's end", 90)
    wait(page, lambda: css(page, "#panel .scores"), "the scores")
    found["round's end"] = audit(page, axe_source, f"{lang} round end")
    problems = {where: serious(v) for where, v in found.items() if serious(v)}
    assert not problems, json.dumps(problems, ensure_ascii=False, indent=1)
    assert len(found) >= 3


@needs_chromium
def test_cards_and_buttons_have_names_and_a_turn_plays_by_keyboard(
    server_process: str, browsers: Any
) -> None:
    """A screen reader says each card's name and whether it can be played; Tab reaches the
    hand, arrows move in it, Enter plays."""
    from selenium.webdriver.common.keys import Keys

    base = server_process
    room = httpx.post(
        f"{base}/api/rooms", json={"name": "Ann", "players": 2, "bots": [None, "basic"]}
    ).json()
    page = browsers(DESKTOP)
    page.get(f"{base}/r/{room['code']}#t={room['token']}")
    wait_status(page, "lobby")
    css(page, '[data-action="start"]')[0].click()

    def ready() -> bool:
        """Ann's turn with a card that plays as it is; else she draws (or names a colour)."""
        if root(page, "turn") != "me" or root(page, "pending"):
            return False
        if root(page, "phase") == "play" and css(page, "#hand .card.playable[data-move]"):
            return True
        for selector in ('[data-move^="color "]', '[data-move="draw"]', '[data-move="pass"]'):
            found = css(page, f"#actions {selector}")
            if found:
                page.execute_script("arguments[0].click()", found[0])
                break
        return False

    wait(page, ready, "my turn with a card that plays as it is", 60)
    labels = [c.get_attribute("aria-label") for c in css(page, "#hand .card")]
    assert all(
        label.endswith((", playable", ", cannot be played now", ", you can jump in with it"))
        for label in labels
    ), labels
    assert any(label.endswith(", playable") for label in labels)
    nameless = page.execute_script(
        "return [...document.querySelectorAll('button, [role=button], select, input')]"
        ".filter((b) => b.offsetParent && !(b.getAttribute('aria-label') || b.textContent.trim()"
        " || b.labels && b.labels.length || b.title || b.placeholder)).map((b) => b.outerHTML)"
    )
    assert not nameless, nameless
    before = int(root(page, "move-no"))
    body = page.find_element("css selector", "body")
    body.send_keys("h")  # to the hand
    for _ in range(len(labels) + 1):
        active = page.switch_to.active_element
        if "playable" in (active.get_attribute("class") or "") and active.get_attribute(
            "data-move"
        ):
            active.send_keys(Keys.ENTER)
            break
        active.send_keys(Keys.ARROW_RIGHT)
    wait(page, lambda: int(root(page, "move-no")) > before, "the card played by keyboard")
