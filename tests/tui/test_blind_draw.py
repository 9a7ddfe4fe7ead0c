"""The terminal game under ``blind_draw`` (VARIANTS.md §2): a card drawn face down is not shown
in the person's hand, nor named in the log; a line under the hand counts it until the next turn
turns it up (RULES-NOTES.md)."""

from __future__ import annotations

from tests.conftest import table
from tests.tui.helpers import settled_text, until
from unokit.cards import Card
from unokit.tui.app import HUMAN, UnoApp


async def test_a_card_drawn_blind_is_counted_not_shown_until_the_next_turn() -> None:
    game = table(["G1 B2", "R7 Y4 Y5", "R1 Y6 G6"], "R3 G8 G9", "R9", blind_draw=True)
    app = UnoApp(game=game, bots="basic", bot_delay=60, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        assert await until(pilot, lambda: len(app.game.history) == 1)
        assert app.game.hands[HUMAN][-1] == Card.parse("R3")
        assert app.shown == [Card.parse("G1"), Card.parse("B2")]
        text = await settled_text(pilot, app)
        assert "1 card face down" in text
        assert "red 3" not in text  # neither the hand nor the log names it
        app.bot_delay = 0
        app.apply(1, app.game.legal_moves(1)[0])
        app.apply(2, app.game.legal_moves(2)[0])
        assert app.game.current == HUMAN
        assert Card.parse("R3") in app.shown
        text = await settled_text(pilot, app)
        assert "face down" in text and "red 3" in text  # turned up: the log names it
