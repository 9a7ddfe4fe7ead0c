"""The terminal game, driven headless with Textual's pilot: a whole round with the person's
decisions (playing, drawing, a wild's colour, a +4 challenge, UNO, being caught)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import table
from unokit import Card, Game, Rules
from unokit.moves import Play
from unokit.phase import Phase
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.i18n import card_name, tr


def _card_button(app: UnoApp, card: str):  # type: ignore[no-untyped-def]
    index = app.game.hands[HUMAN].index(Card.parse(card))
    return app.query("#hand Button.card")[index]


async def test_playing_a_wild_asks_for_its_colour() -> None:
    game = table(["W R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=0.5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(_card_button(app, "W"))
        await pilot.pause()
        assert app._dialog_open
        await pilot.click("#answer-3")  # blue
        await pilot.pause()
        assert app.game.top == Card.parse("W")
        assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_challenging_a_wild_draw_four() -> None:
    game = table(["R1 G2 Y3", "W+4 R5 B6"], draw="G7 G8 G9 Y7 Y8 Y9", current=1)
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))
    app = UnoApp(game=game, bots="basic", bot_delay=0.5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.query_one("#act-challenge").disabled
        await pilot.press("h")
        await pilot.pause()
        # seat 1 held R5 on the red R8: the bluff is caught, seat 1 draws 4
        assert len(app.game.hands[1]) == 6
        assert app.game.current == HUMAN


async def test_drawing_and_keeping_the_drawn_card() -> None:
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=0.5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert app.game.phase == Phase.AFTER_DRAW
        await pilot.press("k")
        await pilot.pause()
        assert [c.code for c in app.game.hands[HUMAN]] == ["R1", "G2", "R5"]
        assert app.game.current == 1


async def test_calling_uno_with_the_card_and_being_caught_without() -> None:
    game = table(["R1 R2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.2)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.click(_card_button(app, "R1"))
        await pilot.pause()
        assert app.game.uno_called(HUMAN)
    game = table(["R1 R2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(_card_button(app, "R1"))
        await pilot.pause(0.5)
        assert len(app.game.hands[HUMAN]) >= 3  # a bot caught the forgotten UNO


async def test_catching_a_bot_that_forgot() -> None:
    game = table(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=5.0)
    app.game.hands[1] = [Card.parse("B1")]  # seat 1 comes down to one card without calling
    app.game._window[1] = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert len(app.game.hands[1]) == 3


async def test_a_whole_round_to_the_summary(tmp_path: Path) -> None:
    app = UnoApp(
        Rules(players=3), seed=4, bots="basic", bot_delay=0.0, save_path=tmp_path / "save.json"
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):
            game = app.game
            if game.round_over:
                break
            if game.current == HUMAN and not app._dialog_open:
                plays = [m for m in game.legal_moves(HUMAN) if isinstance(m, Play) and not m.uno]
                if plays:
                    await pilot.click(_card_button(app, plays[0].card.code))
                    await pilot.pause()
                    if app._dialog_open:
                        await pilot.click("#answer-0")
                else:
                    await pilot.press("d")
                    await pilot.pause()
                    if app.game.phase == Phase.AFTER_DRAW:
                        await pilot.press("k")
            await pilot.pause(0.01)
        await pilot.pause(0.2)
        assert app.game.round_over
        assert app._dialog_open  # the round summary
        app.save(tmp_path / "end.json")
        app.save_screenshot(str(tmp_path / "shot.svg"))
    saved = json.loads((tmp_path / "end.json").read_text())
    assert Game.from_dict(saved["state"]) == app.game
    assert (tmp_path / "shot.svg").read_text().startswith("<svg")


def test_texts_in_three_languages() -> None:
    card = Card.parse("G+2")
    assert card_name("en", card) == "green +2"
    assert card_name("zh-Hant", card) == "綠+2"
    assert card_name("zh-Hans", card) == "绿+2"
    assert tr("zh-Hant", "challenge") == "質疑 +4"
    assert tr("zh-Hans", "next_round") == "下一局"
