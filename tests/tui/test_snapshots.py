"""Snapshots of the terminal game's main screens at 80x24 and 120x40 in English, Traditional
and Simplified Chinese: the screen as text, exactly as a terminal shows it (the characters;
colours are checked by the other tests). A change of layout shows as a diff of the stored
text in tests/tui/snapshots; after checking it, write them anew with
``UNOKIT_UPDATE_SNAPSHOTS=1 pytest tests/tui/test_snapshots.py``."""

from __future__ import annotations

import pytest

from tests.tui.helpers import check_snapshot, settled_text, until
from unokit import Rules
from unokit.tui.app import UnoApp
from unokit.tui.screens import ChoiceScreen, PageScreen

LANGS = ("en", "zh-Hant", "zh-Hans")
SIZES = ((80, 24), (120, 40))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_table(lang: str, size: tuple[int, int]) -> None:
    rules = Rules.preset("online", players=5)
    app = UnoApp(rules, 7, bots="strong", lang=lang, bot_delay=60, animations=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        check_snapshot(f"table-{lang}-{size[0]}x{size[1]}", await settled_text(pilot, app))


@pytest.mark.parametrize("lang", LANGS)
async def test_the_help_screen(lang: str) -> None:
    app = UnoApp(Rules(players=3), 7, bots="basic", lang=lang, bot_delay=60, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        check_snapshot(f"help-{lang}-80x24", await settled_text(pilot, app))


@pytest.mark.parametrize("lang", LANGS)
async def test_the_round_summary(lang: str) -> None:
    rules = Rules(players=2, hand_size=1)
    app = UnoApp(rules, 2, bots="basic", lang=lang, bot_delay=0.01, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        check_snapshot(f"summary-{lang}-80x24", await settled_text(pilot, app))
