"""The terminal game under UNO Show 'Em No Mercy (VARIANTS.md §1): it starts with the preset,
shows the new cards by name, and a round is played to its end by keys alone (the colour
roulette's colour named in the colour dialog when it falls on the person)."""

from __future__ import annotations

from tests.conftest import table
from tests.tui.helpers import keyboard_move, screen_text, settled_text, until
from unokit import Card, Rules
from unokit.narrator import card_name
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.screens import ChoiceScreen


async def test_a_no_mercy_round_is_played_by_keys_and_shows_the_new_cards() -> None:
    rules = Rules.preset("no_mercy", players=3)
    app = UnoApp(rules, seed=5, bots="basic", bot_delay=0.0, animations=False)
    shown_new: set[str] = set()
    async with app.run_test(size=(100, 30)) as pilot:
        text = await settled_text(pilot, app)
        assert "no_mercy" in text  # the title names the preset
        for _ in range(4000):
            if app.game.round_over:
                break
            game = app.game
            for card in game.hands[HUMAN]:
                if Card(card).is_no_mercy and card_name(card) in screen_text(app):
                    shown_new.add(card.code)
            keys = keyboard_move(app)
            if keys:
                await pilot.press(*keys)
            await pilot.pause(0.002)
        assert app.game.round_over
    assert shown_new, "no new card was ever shown in the hand by its name"


async def test_a_colour_roulette_on_the_person_asks_the_colour_and_turns_the_cards() -> None:
    """Seat 2 (a bot) plays WCR; the person, next, is asked the colour (the sheet's reading:
    the victim names it), names green with its key and takes what was turned."""
    game = table(
        ["R5 Y1", "B7 B8", "WCR G1 G2"],
        draw="R1 Y2 G5 G6",
        discard="R3",
        current=2,
        preset="no_mercy",
    )
    app = UnoApp(game=game, bots="basic", bot_delay=0.0, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(
            pilot, lambda: app.game.roulette and isinstance(app.screen, ChoiceScreen)
        )
        text = await settled_text(pilot, app)
        assert "Colour roulette: name a colour" in text
        await pilot.press("3")  # the dialog's third answer: green
        assert await until(pilot, lambda: not app.game.roulette)
        assert [c.code for c in app.game.hands[HUMAN]] == ["R5", "Y1", "R1", "Y2", "G5"]
        assert app.game.active_color is not None and app.game.active_color.label == "green"
