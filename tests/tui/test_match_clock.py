"""The terminal game under ``match_clock`` (VARIANTS.md §2): the round's time left on the status
line, the clock waiting while the game is paused, and the round ended by the referee's timeout
when it runs out (the fewest cards win). The clock's time source is set by the test."""

from __future__ import annotations

from tests.conftest import table
from tests.tui.helpers import settled_text, until
from unokit.moves import REFEREE, TIMEOUT
from unokit.tui.app import UnoApp
from unokit.tui.screens import ChoiceScreen


async def test_the_round_clock_counts_down_waits_when_paused_and_ends_the_round() -> None:
    game = table(["R1 G2 G3", "B5 B6", "Y1 Y2"], "G7 G8 G9", "R8", match_clock=90)
    now = [1000.0]
    app = UnoApp(game=game, bots="basic", bot_delay=60, animations=False)
    app.now = lambda: now[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert await until(pilot, lambda: app.match_clock is not None)
        text = await settled_text(pilot, app)
        assert "⏱ 1:30 left in the round" in text
        now[0] += 30
        assert await until(pilot, lambda: "⏱ 1:00 left in the round" in app._status())
        await pilot.press("p")  # paused: the clock waits
        assert await until(pilot, lambda: app.paused)
        app._tick()  # (a tick while paused: the clock stops)
        now[0] += 600
        app._tick()
        assert not app.game.round_over
        await pilot.press("p")
        assert await until(pilot, lambda: not app.paused)
        app._tick()
        assert "⏱ 1:00 left in the round" in app._status()  # the paused time did not count
        now[0] += 61
        assert await until(pilot, lambda: app.game.round_over)
        assert app.game.history[-1] == (REFEREE, TIMEOUT)
        assert app.game.winner == 2  # two cards, like seat 1, and fewer points
        # the round's summary comes up (and is settled before the app closes)
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "seat 2" in (await settled_text(pilot, app)).lower()
