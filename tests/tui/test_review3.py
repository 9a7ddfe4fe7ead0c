"""The third new-user review of the terminal game (2026-12-01, tmux, en/zh-Hant/zh-Hans): what
it found, one test each. Every wait is for a state of the app; the turn clock is turned by hand
(``app.now``)."""

from __future__ import annotations

from typing import Any

from tests.conftest import table
from tests.tui.helpers import Clock, screen_text, settled_text, until
from unokit import Card, Color, Game, Rules
from unokit import events as ev
from unokit.moves import Play
from unokit.narrator import narrate
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.screens import ChoiceScreen, PageScreen
from unokit.tui.summary import round_lines

C = Card.parse


def _app(game: Game, **options: Any) -> UnoApp:
    settings: dict[str, Any] = {"bots": "basic", "bot_delay": 60, "animations": False}
    settings.update(options)
    return UnoApp(game=game, **settings)


def test_a_round_lost_under_net_scoring_shows_minus_not_plus_minus() -> None:
    """Net scoring (RULES.md §8): the losers' round points are negative: "-27", never "+-27"."""
    game = table(["R1", "B1 B2 Y9", "Y1 Y2 G7"], uno_called=(0,), scoring="net")
    game.apply(0, Play(C("R1")))
    assert game.round_over
    lines = "\n".join(round_lines(game, "en", lambda s: f"P{s}"))
    assert "+-" not in lines
    assert f"{game.round_points[1]:+d}" in lines and game.round_points[1] < 0


async def test_the_turn_clock_shows_in_the_colour_question_and_says_when_it_ran_out() -> None:
    """A wild's colour is part of the move: the turn's clock runs on (RULES.md §7.10), the
    question shows it, and a question closed by the clock says why."""
    game = table(["W G2", "B5 B6 B7", "Y1 Y2 Y3"], draw="G7 G8 G9", turn_time_limit=10)
    app = _app(game, order="dealt")
    clock = Clock()
    app.now = clock
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: "10 s left" in screen_text(app))
        await pilot.press("1")  # the wild: which colour?
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        clock.t += 3
        assert await until(pilot, lambda: "7 s left in your turn" in screen_text(app))
        clock.t += 8
        assert await until(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
        assert await until(pilot, lambda: "time ran out before you answered" in app.notice)
        assert len(app.game.hands[HUMAN]) == 3  # the timeout's card, the wild still held


async def test_a_take_back_gives_the_turn_its_time_left_not_a_new_count() -> None:
    """Taking a move back must not stop the clock: the decision has the seconds it had left."""
    game = table(["G2 G3 B4", "B5 B6 B7", "Y1 Y2 Y3"], discard="G8", turn_time_limit=10)
    app = _app(game, takeback=True, order="dealt")
    clock = Clock()
    app.now = clock
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: "10 s left" in screen_text(app))
        clock.t += 4
        assert await until(pilot, lambda: "6 s left" in screen_text(app))
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.current == 1)
        clock.t += 30  # the bots' turn: the person's clock is not theirs
        await pilot.press("z")
        assert await until(pilot, lambda: app.game.current == HUMAN and not app.game.history)
        assert await until(pilot, lambda: "6 s left" in screen_text(app))
        assert app.turn_clock is not None and 5.9 < app.turn_clock.left() <= 6.0


async def test_the_chinese_help_page_keeps_every_word_at_80_columns() -> None:
    """The paragraphs under the keys were cut with "…" in Chinese (a grid's cell)."""
    app = UnoApp(Rules(players=3), 1, bots="basic", bot_delay=60, animations=False, lang="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        for _ in range(10):  # the page scrolls: read it to its end
            await pilot.press("pagedown")
        screen = await settled_text(pilot, app)
        text = "".join(c for c in screen if c not in "█│ \n")  # the page's lines, joined
        assert "電腦會等你" in text
        assert "…" not in text.split("搶出、疊加")[-1]


def test_a_last_card_penalty_that_ends_the_round_takes_no_turn() -> None:
    """A +4 as the last card with two players: the next player draws 4 for the score, but the
    round is over: nobody "loses the turn" or "plays next" (RULES.md §8)."""
    game = table(["W+4", "B1 B2 Y9"], draw="G1 G2 G3 G4 G5", uno_called=(0,))
    events = game.apply(0, Play(C("W+4"), Color.RED))
    drawn = next(e for e in events if isinstance(e, ev.PenaltyDrawn))
    assert game.round_over and drawn.next == -1
    for lang, gone in (("en", "loses the turn"), ("zh-Hant", "跳過")):
        told = narrate(drawn, None, lang)
        assert gone not in told and "plays next" not in told and "輪到" not in told, told


def test_a_tie_between_two_seats_reads_you_and_seat_1() -> None:
    told = narrate(ev.DealerTie(None, (0, 1), 0), 0, "en")
    assert "you and seat 1" in told, told
