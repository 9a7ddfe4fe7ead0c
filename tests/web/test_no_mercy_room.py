"""A No Mercy room in the browser (issue 23, item 3; VARIANTS.md §1): the front page offers the
preset, the room deals the 168-card deck, and a person plays a whole round against three bots
by clicking (the new cards drawn by the table's card art, stacking by value, the mercy rule);
the room's game is the engine's (no error, the round ends)."""

from __future__ import annotations

import time
from typing import Any

from unokit.cards import DECKS

from .conftest import DESKTOP, needs_chromium
from .test_browser import click, css, move_no, play_one, root, wait, wait_status


@needs_chromium
def test_a_no_mercy_room_is_made_on_the_front_page_and_a_round_is_played(
    server_process: str, browsers: Any
) -> None:
    from selenium.webdriver.support.ui import Select

    base = server_process
    ann = browsers(DESKTOP)
    ann.get(f"{base}/")
    wait(ann, lambda: css(ann, "#seat-3"), "the front page's options", 10)
    name_box = css(ann, "#name")[0]
    name_box.clear()
    name_box.send_keys("Ann")
    Select(css(ann, "#preset")[0]).select_by_value("no_mercy")
    for seat in (1, 2, 3):
        Select(css(ann, f"#seat-{seat}")[0]).select_by_value("basic")
    click(ann, css(ann, "#create-btn")[0])
    wait(ann, lambda: "/r/" in ann.current_url, "the room page")
    wait_status(ann, "lobby")
    click(ann, css(ann, '[data-action="start"]')[0])
    wait(ann, lambda: root(ann, "status") in ("playing", "round_over"), "dealt")
    rules = ann.execute_script("return window.unokit.S.room.rules")
    assert rules["preset"] == "no_mercy" and not rules["changed"], rules

    no_mercy_codes = {card.code for card in DECKS["no_mercy168"]} - {
        card.code for card in DECKS["classic108"]
    }
    seen: set[str] = set()
    used: dict[str, int] = {}
    deadline = time.monotonic() + 240
    while root(ann, "status") == "playing":
        assert time.monotonic() < deadline, f"the round did not end; moves made: {used}"
        seen |= {c.get_attribute("data-card") or "" for c in css(ann, "[data-card]")}
        wait(
            ann,
            lambda: root(ann, "status") != "playing" or root(ann, "turn") == "me",
            "Ann's turn or the round's end",
            60,
        )
        if root(ann, "status") != "playing" or root(ann, "pending"):
            continue
        before = move_no(ann)
        if play_one(ann, used):
            wait(
                ann,
                lambda b=before: move_no(ann) > b or root(ann, "turn") != "me",
                "the move to be applied",
            )
    wait(ann, lambda: root(ann, "status") in ("round_over", "match_over"), "the round's end")
    assert css(ann, "#panel .scores"), "the scores are shown"
    assert used, "Ann never moved"
    assert seen & no_mercy_codes, f"no No Mercy card was ever on the table: {sorted(seen)}"
    errors = [e for e in ann.get_log("browser") if e.get("level") == "SEVERE"]
    assert not errors, errors
