"""The terminal game, driven headless with Textual's pilot: a whole round with the person's
decisions (playing, drawing, a wild's colour, a +4 challenge, UNO, being caught)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import table
from unokit import Card, Rules
from unokit.moves import Play
from unokit.phase import Phase
from unokit.record import load_saved
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.i18n import card_name, tr


async def until(pilot, condition, timeout: float = 5.0) -> bool:  # type: ignore[no-untyped-def]
    """Let the app run until ``condition()`` holds (the machine may be busy)."""
    for _ in range(int(timeout / 0.05)):
        if condition():
            return True
        await pilot.pause(0.05)
    return bool(condition())


def _card_button(app: UnoApp, card: str):  # type: ignore[no-untyped-def]
    index = app.game.hands[HUMAN].index(Card.parse(card))
    return app.query("#hand Button.card")[index]


async def test_playing_a_wild_asks_for_its_colour() -> None:
    game = table(["W R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(_card_button(app, "W"))
        assert await until(pilot, lambda: app._dialog_open)
        await pilot.click("#answer-3")  # blue
        assert await until(pilot, lambda: app.game.top == Card.parse("W"))
        assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_challenging_a_wild_draw_four() -> None:
    game = table(["R1 G2 Y3", "W+4 R5 B6"], draw="G7 G8 G9 Y7 Y8 Y9", current=1)
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))
    app = UnoApp(game=game, bots="basic", bot_delay=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.query_one("#act-challenge").disabled
        await pilot.press("h")
        # seat 1 held R5 on the red R8: the bluff is caught, seat 1 draws 4
        assert await until(pilot, lambda: len(app.game.hands[1]) == 6)
        assert app.game.current == HUMAN


async def test_drawing_and_keeping_the_drawn_card() -> None:
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G8 G9 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30.0)
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
    app = UnoApp(game=game, bots="basic", bot_delay=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")  # two cards and one to play: the call comes first (001)
        assert await until(pilot, lambda: app.game.uno_called(HUMAN))
        await pilot.click(_card_button(app, "R1"))
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 1)
        await pilot.pause(0.3)
        assert len(app.game.hands[HUMAN]) == 1  # nobody could catch
    game = table(["R1 R2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click(_card_button(app, "R1"))
        # a bot catches the forgotten UNO
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) >= 3)


async def test_catching_a_bot_that_forgot() -> None:
    game = table(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=5.0)
    app.game.hands[1] = [Card.parse("B1")]  # seat 1 comes down to one card without calling
    app.game.window[1] = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        assert await until(pilot, lambda: len(app.game.hands[1]) == 3)


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
        assert await until(pilot, lambda: app.game.round_over and app._dialog_open)
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


async def test_the_log_follows_the_language() -> None:
    app = UnoApp(Rules(players=3), seed=2, bots="basic", bot_delay=5.0, lang="zh-Hant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: len(app.query_one("#log").lines) > 3)  # type: ignore[attr-defined]
        log = app.query_one("#log")
        text = "\n".join(str(line.text) for line in log.lines)  # type: ignore[attr-defined]
        assert "莊家" in text


async def test_the_log_is_told_to_the_person() -> None:
    """The log is the narrator's: "you" for the person's seat, card names, not codes."""
    app = UnoApp(Rules(players=3), seed=2, bots="basic", bot_delay=5.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: len(app.query_one("#log").lines) > 3)  # type: ignore[attr-defined]
        log = app.query_one("#log")
        text = "\n".join(str(line.text) for line in log.lines)  # type: ignore[attr-defined]
        assert "You draw" in text and "to choose the dealer" in text
        assert "The start card is" in text and "seat 0" not in text.lower()


async def test_several_cards_at_once_are_offered() -> None:
    game = table(
        ["R5 R5 G1", "B1 B2 B3", "Y1 Y2 Y3"],
        draw="G7 G8",
        discard="R8",
        multi_play="identical_pair",
    )
    app = UnoApp(game=game, bots="basic", bot_delay=5.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: len(app.query("#hand Button.card")) == 3)
        await pilot.click(_card_button(app, "R5"))
        assert await until(pilot, lambda: app._dialog_open)
        await pilot.click("#answer-1")  # R5 R5
        assert await until(pilot, lambda: [c.code for c in app.game.hands[HUMAN]] == ["G1"])


async def test_the_person_names_the_colour_of_a_wild_start_card() -> None:
    game = table(["R1 B2", "B1 B3", "Y1 Y2"], draw="W G7 G8", discard="", dealer=2)
    app = UnoApp(game=game, bots="basic", bot_delay=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: app._dialog_open)
        await pilot.click("#answer-3")  # blue
        assert await until(pilot, lambda: app.game.phase == Phase.PLAY)
        assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_a_whole_match_under_online_party_and_official() -> None:
    """Each preset played to the end of its match (a low target), then 'play again'. The
    person's moves go through the same handlers the keys and clicks call."""
    for preset in ("online", "party", "official"):
        app = UnoApp(
            Rules.preset(preset, players=3, target_score=1), seed=8, bots="strong", bot_delay=0.0
        )
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(2000):
                game = app.game
                if game.match_over and app._dialog_open:
                    break
                if app._dialog_open and not game.round_over:
                    await pilot.click("#answer-0")
                elif app._dialog_open:
                    await pilot.click("#answer-0")  # next round
                elif game.current == HUMAN and not game.round_over:
                    plays = [
                        m for m in game.legal_moves(HUMAN) if isinstance(m, Play) and not m.uno
                    ]
                    if plays:
                        app.play_card(plays[0].card)
                    elif game.phase == Phase.AFTER_DRAW:
                        app.action_keep()
                    else:
                        app.action_draw()
                await pilot.pause(0.01)
            assert app.game.match_over, preset
            await pilot.click("#answer-0")  # play again
            assert await until(pilot, lambda app=app: not app.game.match_over)
            assert app.game.round_no == 1
