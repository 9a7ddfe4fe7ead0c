"""The terminal game, driven headless with Textual's pilot: the person's decisions (playing,
drawing, a wild's colour, a +4 challenge, UNO, being caught), by keys and by mouse. The
defects of issue 12 are in tests/tui/test_defects.py, the goals in tests/tui/test_goals.py,
the screens in tests/tui/test_snapshots.py."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import table
from tests.tui.helpers import keyboard_move, until
from unokit import Card, Rules
from unokit.moves import Play
from unokit.phase import Phase
from unokit.record import load_saved
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.i18n import card_name, tr, trn
from unokit.tui.screens import ChoiceScreen


def _press_card(app: UnoApp, code: str) -> str:
    return app.key_of(Card.parse(code))


async def test_playing_a_wild_asks_for_its_colour() -> None:
    game = table(["W R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(_press_card(app, "W"))
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("b")  # blue
        assert await until(pilot, lambda: app.game.top == Card.parse("W"))
        assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_challenging_a_wild_draw_four() -> None:
    game = table(["R1 G2 Y3", "W+4 R5 B6"], draw="G7 G8 G9 Y7 Y8 Y9", current=1)
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "h " + tr("en", "challenge") in app._actions().replace("[b]", "").replace("[/]", "")
        await pilot.press("h")
        # seat 1 held R5 on the red R8: the bluff is caught, seat 1 draws 4
        assert await until(pilot, lambda: len(app.game.hands[1]) == 6)
        assert app.game.current == HUMAN


async def test_drawing_and_keeping_the_drawn_card() -> None:
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert await until(pilot, lambda: app.game.phase == Phase.AFTER_DRAW)
        await pilot.press("k")
        assert await until(pilot, lambda: app.game.phase == Phase.PLAY)
        assert [c.code for c in app.game.hands[HUMAN]] == ["R1", "G2", "R5"]
        assert app.game.current == 1


async def test_calling_uno_with_the_card_and_being_caught_without() -> None:
    game = table(["R1 R2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")  # two cards and one to play: the call comes first (001)
        assert await until(pilot, lambda: app.game.uno_called(HUMAN))
        await pilot.press(_press_card(app, "R1"))
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 1)
        assert app.game.uno_called(HUMAN)  # nobody could catch
    game = table(["R1 R2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.05, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(_press_card(app, "R1"))
        # a bot catches the forgotten UNO
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) >= 3)


async def test_catching_a_bot_that_forgot() -> None:
    game = table(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=5.0, animations=False)
    app.game.hands[1] = [Card.parse("B1")]  # seat 1 comes down to one card without calling
    app.game.window[1] = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        assert await until(pilot, lambda: len(app.game.hands[1]) == 3)


async def test_the_mouse_still_plays_cards_and_actions() -> None:
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#hand", offset=(3, 0))  # the first chip: red 1
        assert await until(pilot, lambda: app.game.top == Card.parse("R1"))


async def test_a_whole_round_to_the_summary_and_its_save(tmp_path: Path) -> None:
    app = UnoApp(
        Rules(players=3),
        seed=4,
        bots="basic",
        bot_delay=0.0,
        save_path=tmp_path / "save.json",
        animations=False,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(600):
            if app.game.round_over and isinstance(app.screen, ChoiceScreen):
                break
            keys = [] if isinstance(app.screen, ChoiceScreen) else keyboard_move(app)
            if keys:
                await pilot.press(*keys)
            await pilot.pause(0.01)
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        app.save(tmp_path / "end.json")
        app.save_screenshot(str(tmp_path / "shot.svg"))
    saved = load_saved(json.loads((tmp_path / "end.json").read_text()))
    assert saved.game == app.game
    assert (tmp_path / "shot.svg").read_text().startswith("<svg")


def test_texts_in_three_languages() -> None:
    card = Card.parse("G+2")
    assert card_name("en", card) == "green +2"
    assert card_name("zh-Hant", card) == "綠+2"
    assert card_name("zh-Hans", card) == "绿+2"
    assert tr("zh-Hant", "challenge") == "質疑 +4"
    assert tr("zh-Hans", "next_round") == "下一局"
    assert trn("en", "n_cards", 1) == "1 card"  # issue 12 (13): not "1 cards"


async def test_the_log_follows_the_language() -> None:
    app = UnoApp(Rules(players=3), seed=2, bots="basic", bot_delay=5.0, lang="zh-Hant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: len(app.log_lines()) > 3)
        assert "莊家" in "\n".join(app.log_lines())


async def test_several_cards_at_once_are_offered() -> None:
    game = table(
        ["R5 R5 G1", "B1 B2 B3", "Y1 Y2 Y3"],
        draw="G7 G8",
        discard="R8",
        multi_play="identical_pair",
    )
    app = UnoApp(game=game, bots="basic", bot_delay=5.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("2")  # R5 R5
        assert await until(pilot, lambda: [c.code for c in app.game.hands[HUMAN]] == ["G1"])


async def test_the_person_names_the_colour_of_a_wild_start_card() -> None:
    game = table(["R1 B2", "B1 B3", "Y1 Y2"], draw="W G7 G8", discard="", dealer=2)
    app = UnoApp(game=game, bots="basic", bot_delay=30.0, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")  # no way round it: the colour must be named
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("b")
        assert await until(pilot, lambda: app.game.phase == Phase.PLAY)
        assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_a_whole_match_under_online_party_and_official() -> None:
    """Each preset played to the end of its match (a low target) by keys, then a new match."""
    for preset in ("online", "party", "official"):
        app = UnoApp(
            Rules.preset(preset, players=3, target_score=1),
            seed=8,
            bots="strong",
            bot_delay=0.0,
            animations=False,
        )
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3000):
                if app.game.match_over and isinstance(app.screen, ChoiceScreen):
                    break
                keys = keyboard_move(app)
                if keys:
                    await pilot.press(*keys)
                await pilot.pause(0.005)
            assert app.game.match_over, preset
            await pilot.press("n")  # a new match, same settings
            assert await until(pilot, lambda app=app: not app.game.match_over)
            assert app.game.round_no == 1
