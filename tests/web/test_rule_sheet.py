"""The waiting room's "Print the rules" (issue 23, item 4; VARIANTS.md §3): the server makes the
room's rule sheet (``GET /r/{code}/sheet``) for the room's rules and the viewer's language, for
whoever holds the invite's key, as a page without inline script or style (the strict CSP);
in Chromium the link opens it and its stylesheet and Print button work under that CSP."""

from __future__ import annotations

import itertools
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from unokit.rule_words import describe_option
from unokit.sheet import stylesheet
from unokit.web.app import create_app
from unokit.web.rooms import Rooms
from unokit.web.storage import SQLiteStorage

from .conftest import DESKTOP, FAST, needs_chromium
from .test_browser import click, create_room, css, wait


@pytest.fixture
def http() -> Iterator[TestClient]:
    storage = SQLiteStorage(":memory:")
    rooms = Rooms(storage, FAST, seeds=itertools.count(7).__next__)
    with TestClient(create_app(FAST, storage, rooms)) as client:
        yield client


def create(http: TestClient, **body: Any) -> dict[str, Any]:
    answer = http.post("/api/rooms", json={"name": "Ann", "players": 3, **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_the_rooms_sheet_in_the_viewers_language(http: TestClient) -> None:
    room = create(http, preset="online", options={"uno_penalty": 4}, bots=[None, "basic", None])
    answer = http.get(f"/r/{room['code']}/sheet", params={"k": room["invite"], "lang": "zh-Hant"})
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "no-store"
    page = answer.text
    assert '<html lang="zh-Hant">' in page and "<h1>UNO：本桌規則</h1>" in page
    # the room's own rules: its preset, and what the host changed in bold
    assert "線上版" in page
    changed = describe_option("uno_penalty", 4, "zh-Hant")
    assert f'<li class="changed"><strong>{changed}</strong></li>' in page
    # who sits there signs (Ann; the bot's and the free seat's lines are blank)
    assert page.count('<span class="sign named">Ann</span>') == 1
    assert page.count('<span class="sign"></span>') == 2
    # the room's link, and its QR code as an image
    link = f"http://testserver/r/{room['code']}#k={room['invite']}"
    assert f'href="{link}"' in page
    assert 'src="data:image/svg+xml' in page


def test_the_sheet_page_has_no_inline_script_or_style(http: TestClient) -> None:
    room = create(http)
    answer = http.get(f"/r/{room['code']}/sheet", params={"k": room["invite"]})
    page = answer.text
    csp = answer.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "<style" not in page and " style=" not in page
    assert not re.search(r"<[^>]*\son\w+\s*=", page)  # no onclick= or any handler
    scripts = re.findall(r"<script[^>]*>(.*?)</script>", page, flags=re.S)
    assert scripts == [""]  # the one script is a file of the server's (the Print button)
    assert '<script type="module" src="/static/js/sheet.js"></script>' in page
    assert '<link rel="stylesheet" href="/sheet.css">' in page
    css_answer = http.get("/sheet.css")
    assert css_answer.status_code == 200
    assert css_answer.headers["content-type"].startswith("text/css")
    assert css_answer.text == stylesheet()
    assert http.get("/static/js/sheet.js").status_code == 200


def test_without_the_invite_key_a_sheet_is_as_if_there_were_no_room(http: TestClient) -> None:
    room = create(http)
    code = room["code"]
    answers = [
        http.get(f"/r/{code}/sheet"),
        http.get(f"/r/{code}/sheet", params={"k": "ABCDEFGH"}),
        http.get("/r/AAAAAA/sheet", params={"k": room["invite"]}),
        http.get("/r/%3Cscript%3E/sheet", params={"k": room["invite"]}),
    ]
    assert {a.status_code for a in answers} == {404}
    assert len({a.text for a in answers}) == 1
    assert "Ann" not in answers[0].text


def test_an_unknown_language_gets_the_english_sheet(http: TestClient) -> None:
    room = create(http)
    answer = http.get(f"/r/{room['code']}/sheet", params={"k": room["invite"], "lang": "xx"})
    assert answer.status_code == 200
    assert "<h1>UNO: the rules of this table</h1>" in answer.text


@needs_chromium
def test_print_the_rules_from_the_waiting_room(server_process: str, browsers: Any) -> None:
    """The host's waiting room has "Print the rules": it opens the room's sheet in a new tab,
    in the page's language, styled by its stylesheet, its Print button shown by its script
    (so both loaded under the CSP), the rules the host set (hand size 3) on it."""
    from selenium.webdriver.support.ui import Select

    ann = browsers(DESKTOP)
    code = create_room(ann, server_process, "Ann")
    wait(ann, lambda: css(ann, '#panel [data-action="print-rules"]'), "Print the rules")
    Select(css(ann, "#lang")[0]).select_by_value("zh-Hant")
    wait(
        ann,
        lambda: "lang=zh-Hant" in css(ann, '[data-action="print-rules"]')[0].get_attribute("href"),
        "the link in the page's language",
    )
    link = css(ann, '[data-action="print-rules"]')[0]
    assert link.text == "列印規則"
    assert link.get_attribute("target") == "_blank"
    table = ann.current_window_handle
    click(ann, link)
    wait(ann, lambda: len(ann.window_handles) == 2, "the sheet's tab")
    ann.switch_to.window(next(h for h in ann.window_handles if h != table))
    wait(ann, lambda: css(ann, "article.sheet h1"), "the sheet")
    assert css(ann, "article.sheet h1")[0].text == "UNO：本桌規則"
    assert f"/r/{code}/sheet" in ann.current_url
    items = [li.text for li in css(ann, "article.sheet li")]
    assert describe_option("hand_size", 3, "zh-Hant") in items
    # the stylesheet applies (the grey desk around the paper) and the script ran (the button)
    desk = ann.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert desk == "rgb(90, 95, 102)"
    wait(ann, lambda: css(ann, "#print-sheet"), "the Print button, shown by sheet.js")
    qr = css(ann, "figure.qr img")[0]
    assert ann.execute_script("return arguments[0].naturalWidth", qr) > 0
    errors = [
        entry["message"]
        for entry in ann.get_log("browser")
        if "Content Security Policy" in entry["message"]
    ]
    assert not errors, errors
    ann.close()
    ann.switch_to.window(table)
