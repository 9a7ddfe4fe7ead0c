"""Issue 12's goals for the terminal game: a whole match by keys alone at 80x24, the help and
rules screens in the player's language, hints, new match and settings in the app, take-back
(off unless the table allows it), animations and the bell switchable."""

from __future__ import annotations

from tests.conftest import table
from tests.tui.helpers import keyboard_move, settled_text, until
from unokit import Card, Rules
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.screens import ChoiceScreen, PageScreen, SettingsScreen


async def test_a_whole_match_by_keyboard_alone_at_80x24() -> None:
    """Every decision of a 4-player match to 100 points made with keys: numbers, arrows,
    Enter, d, k, u, c and the dialogs' keys; no click and no call into the app."""
    app = UnoApp(
        Rules(players=4, target_score=300),
        seed=21,
        bots="strong",
        bot_delay=0.0,
        animations=False,
    )
    pressed: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6000):
            if app.game.match_over and isinstance(app.screen, ChoiceScreen):
                break
            keys = keyboard_move(app)
            if keys:
                pressed.update(keys)
                await pilot.press(*keys)
            await pilot.pause(0.002)
        assert app.game.match_over
        assert "You" in await settled_text(pilot, app)
    assert {"1", "d"} <= pressed


async def test_the_help_and_rules_screens_speak_the_players_language() -> None:
    rules = Rules.preset("party", players=3)
    for lang, words, rule in (
        ("en", "call UNO", "Rules: party"),
        ("zh-Hant", "喊 UNO", "規則："),
        ("zh-Hans", "喊 UNO", "规则："),
    ):
        app = UnoApp(rules, 1, bots="basic", bot_delay=30, lang=lang, animations=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            assert await until(pilot, lambda app=app: isinstance(app.screen, PageScreen))
            assert words in await settled_text(pilot, app)
            await pilot.press("escape")
            await pilot.press("r")
            assert await until(pilot, lambda app=app: isinstance(app.screen, PageScreen))
            text = await settled_text(pilot, app)
            assert rule in text and "stacking=" not in text
            await pilot.press("r")
            assert await until(pilot, lambda app=app: not app.dialog_open)


async def test_the_hint_names_the_strong_bots_move_and_why() -> None:
    game = table(["R1 G2 B3", "Y5", "Y1 Y2 Y3"], draw="G7 G8 G9", discard="R8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert app.notice.startswith("Hint: play red 1 (1): ")
        assert app.cursor == 0  # the cursor is on the card the hint names
    app = UnoApp(
        game=table(["R1 G2", "B5", "Y1 Y2"], draw="G7 G8 G9"),
        lang="zh-Hant",
        bots="basic",
        bot_delay=30,
        animations=False,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert app.notice.startswith("提示：")


async def test_a_new_match_and_settings_from_inside_the_app(tmp_path) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "save.json"
    game = table(["R1 G2", "B1 B2", "Y1 Y2"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, seed=5, bots="basic", bot_delay=30, save_path=save, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # a move, so the match is under way
        assert await until(pilot, lambda: bool(app.game.history))
        await pilot.press("n")
        assert await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("right", "right")  # 5 players
        await pilot.press("down", "right")  # bots: strong
        await pilot.press("down", "down", "right")  # language: 繁體中文
        await pilot.press("enter")
        assert await until(pilot, lambda: not app.dialog_open and app.rules.players == 5)
        assert save.exists()  # the unfinished match was saved first
        assert app.level == "strong" and app.lang == "zh-Hant"
        assert not app.game.history and "座位 4" in await settled_text(pilot, app)
        await pilot.press("n")
        assert await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.press("down", "down", "down", "left", "a")  # back to English, same match
        assert await until(pilot, lambda: not app.dialog_open and app.lang == "en")
        assert app.rules.players == 5 and "Seat 4" in await settled_text(pilot, app)


async def test_take_back_is_off_by_default_and_undoes_a_move_when_allowed() -> None:
    def game():  # type: ignore[no-untyped-def]
        return table(["R1 R2 G5", "R3 B2 B3", "R4 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")

    app = UnoApp(game=game(), bots="basic", bot_delay=30, animations=False)
    assert not app.takeback_on
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "z")
        await pilot.pause()
        assert "Take-back is off" in app.notice and len(app.game.hands[HUMAN]) == 2
    app = UnoApp(game=game(), bots="basic", bot_delay=30, animations=False, takeback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.current == 1)
        assert "z Take back" in await settled_text(pilot, app)
        await pilot.press("z")  # before the bots answer (issue 21: an answer seen stays)
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 3)
        assert app.game.top == Card.parse("R8") and app.game.current == HUMAN


async def test_animations_and_the_bell_can_be_switched_off() -> None:
    rings: list[bool] = []
    game = table(["R1 R2 G5", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.0, animations=True, bell=True)
    app.bell = lambda: rings.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        top = app.query_one("#top")
        assert top.styles.offset.y.value != 0 or await until(pilot, lambda: True)
        assert await until(pilot, lambda: top.styles.offset.y.value == 0)  # the slide ends
        assert await until(pilot, lambda: app.game.current == HUMAN)
        assert rings  # your turn again: the bell
    rings.clear()
    game = table(["R1 R2 G5", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.0, animations=False, bell=False)
    app.bell = lambda: rings.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.current == HUMAN and len(app.game.hands[2]) == 2)
        assert app.query_one("#top").styles.offset.y.value == 0 and not rings
