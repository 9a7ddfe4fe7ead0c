"""The second fresh-eyes review of the terminal game (/tmp/reviews/tui-review-2.md, items 1-11),
one test (at least) each: driven by keys with Textual's pilot, through the CLI, or the narrator.
Each test waits for states of the app, never for a fixed time; every app runs in ``run_test``."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tests.conftest import table
from tests.tui.helpers import settled_text, until
from unokit import Card, Rules
from unokit import events as ev
from unokit.cards import Color
from unokit.cli.main import _rules
from unokit.cli.main import app as cli
from unokit.errors import IllegalMoveError
from unokit.moves import DRAW, PASS, REFEREE, Penalty, Play
from unokit.narrator import LOCALE_DIR, narrate
from unokit.phase import Phase
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.hints import refused
from unokit.tui.screens import ChoiceScreen, PageScreen

runner = CliRunner()
_CODES = re.compile(r"\b[RYGB]\d\b|jump_in=|is not allowed")


async def test_1_a_card_pressed_as_the_table_moved_on_is_too_late_in_your_words() -> None:
    for lang, late in (("en", "too late: "), ("zh-Hant", "太遲了：")):
        game = table(
            ["R8 G1", "R8 B2", "R7 Y2", "Y1 Y3"], discard="R5", current=1, jump_in="identical_any"
        )
        app = UnoApp(game=game, lang=lang, bots="basic", bot_delay=30, animations=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.apply(1, Play(Card.parse("R8")))  # your R8 could jump in on it now
            assert Play(Card.parse("R8")) in app.game.legal_moves(HUMAN)
            app.apply(2, Play(Card.parse("R7")))  # the top card changes: too late for it
            await pilot.press("1")
            assert await until(pilot, lambda app=app: bool(app.notice))
            assert late in app.notice and not _CODES.search(app.notice), app.notice
            assert app.game.hands[HUMAN] == [Card.parse("R8"), Card.parse("G1")]
    # a card that was never playable is refused without "too late", in Chinese words
    game = table(["G2 R1", "B1 B2 B3"], draw="G7 G8 G9")
    app = UnoApp(
        game=game, lang="zh-Hant", bots="basic", bot_delay=30, animations=False, order="dealt"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: bool(app.notice))
        assert app.notice == "綠2 和頂牌 紅8 不相符（目前顏色：紅）", app.notice  # named once


def test_1_an_error_of_the_engine_is_told_in_the_players_words() -> None:
    game = table(["G2 R1", "B1 B2 B3"], draw="G7 G8 G9")
    try:
        game.apply(HUMAN, Play(Card.parse("G2")))
    except IllegalMoveError as error:
        assert refused(error, HUMAN, "en") == "Green 2 does not match the top card red 8 " + (
            "(active colour red)"
        )
        assert not _CODES.search(refused(error, HUMAN, "zh-Hans"))
    else:
        raise AssertionError("G2 on R8 was allowed")


async def test_2_and_8_the_record_is_in_view_and_penalties_are_explained(tmp_path: Path) -> None:
    rules = _rules("official", 4, ["hand_size=1", "target_score=1"])
    app = UnoApp(rules, 11, bots="basic", bot_delay=0.0, animations=False, records_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if app.game.match_over and isinstance(app.screen, ChoiceScreen):
                break
            if app.game.current == HUMAN and not app.dialog_open:
                legal = app.game.legal_moves(HUMAN)
                plays = [m for m in legal if isinstance(m, Play)]
                app.apply(HUMAN, plays[0] if plays else DRAW if DRAW in legal else PASS)
            await pilot.pause(0.01)
        assert isinstance(app.screen, ChoiceScreen) and app.record_path is not None
        text = await settled_text(pilot, app)
        assert app.screen.body_scroll_y == 0
        assert "record is saved here" in text and app.record_path.name[:12] in text, text
        assert "Penalties" in text


async def test_3_the_rules_page_tells_the_presets_own_settings() -> None:
    app = UnoApp(Rules.preset("party"), 1, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        text = await settled_text(pilot, app)
        assert "A +4 may be played at any time." in text and "cannot be challenged" in text


def test_4_the_docs_say_a_finished_match_is_told_in_full() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "terminal.md").read_text("utf-8")
    assert "drawn cards hidden)" not in docs
    assert "finished match** is told in full" in docs and "--reveal" in docs


def test_5_the_narrator_tells_each_action_in_its_own_words() -> None:
    cards = (Card.parse("R+2"), Card.parse("B+2"))
    text = narrate(ev.Played(2, cards, Color.RED), None)
    assert text == "Seat 2 plays red +2, blue +2 and continues in red", text
    jump = narrate(ev.JumpedIn(7, 5, (Card.parse("G4"),)), None)
    assert jump == "Seat 7 jumps in on seat 5's green 4, and play goes on from seat 7", jump
    back = narrate(ev.JumpedIn(2, 1, (Card.parse("RR"),)), None)
    assert "that reverse is undone (the direction turns back)" in back, back
    assert "effect" not in jump and "effect" not in back


async def test_5_a_trade_asks_whom_to_trade_with() -> None:
    game = table(
        ["W R1 B2 G3", "B5 B6 B7", "Y1 Y2 Y3"], draw="G7 G8 G9", wild_multi=True, players=3
    )
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        keys = [a.value for a in screen.answers]
        assert "trade" in keys, keys
        await pilot.press(str(keys.index("trade") + 1))
        assert await until(
            pilot,
            lambda: isinstance(app.screen, ChoiceScreen) and app.screen is not screen,
        )
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.question == "Trade three cards with", app.screen.question


async def test_6_a_page_opens_without_an_old_toast_over_it() -> None:
    game = table(["R1 G2", "B1 B2 B3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")  # "Keep is for a card you have just drawn"
        assert await until(pilot, lambda: len(app._notifications) == 1)
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        assert len(app._notifications) == 0


async def test_7_a_drawn_playable_card_gets_the_cursor_and_its_key() -> None:
    game = table(["G1 G2 B3", "B1 B2 B3"], draw="R5 Y9 Y8 Y7")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        assert await until(pilot, lambda: app.game.phase == Phase.AFTER_DRAW)
        drawn = app.game.drawn
        assert drawn is not None
        index = app.shown.index(drawn)
        assert index > 0 and app.cursor == index
        text = await settled_text(pilot, app)
        assert f"play it ({index + 1}) or keep it (k)" in text, text
        await pilot.press("enter")
        assert await until(pilot, lambda: app.game.top == drawn)


async def test_7_the_hint_names_the_cards_key() -> None:
    game = table(["G1 R+2 B3", "B1 B2 B3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        assert await until(pilot, lambda: bool(app.notice))
        assert app.notice.startswith("Hint: play red +2 (2): "), app.notice


def test_9_tournament_fits_80_columns_and_lines_end_without_blanks(tmp_path: Path) -> None:
    args = ["tournament", "--bots", "strong,random,basic,expert", "--games", "4"]
    result = runner.invoke(cli, [*args, "--workers", "1"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "…" not in result.output and max(len(line) for line in lines) <= 80
    assert "expert" in result.output and "win rate by seat" in result.output
    result = runner.invoke(cli, ["rules", "party"])
    assert result.exit_code == 0 and "from" in result.output.splitlines()[3]
    assert not [line for line in result.output.splitlines() if line.endswith(" ")]


def test_9_judge_says_what_the_rules_allow_and_scores_in_words() -> None:
    scenario = Path(__file__).parents[2] / "examples" / "scenarios" / "s5_challenge_fails.toml"
    result = runner.invoke(cli, ["judge", str(scenario)])
    assert "scores: seat 0: 0, seat 1: 0, seat 2: 0" in result.output.replace("\n", " ")
    assert "[0, 0, 0]" not in result.output
    assert "draw it or challenge the +4" in result.output
    assert "as the rules allow" not in result.output
    stacked = ev.PenaltyPending(1, 4, answer="any", rule="stacking=any")
    assert narrate(stacked, 1).endswith("draw it or stack a +2 or a +4 on it")


def test_10_simplified_chinese_uses_mainland_words_and_chinese_punctuation() -> None:
    text = (LOCALE_DIR / "zh_Hans" / "LC_MESSAGES" / "unokit.po").read_text("utf-8")
    strings = "".join(re.findall(r'^msgstr "(.*)"$', text, re.MULTILINE))
    for taiwan in ("设定", "卷动", "游标"):
        assert taiwan not in strings, taiwan
    assert "设置" in strings and "滚动" in strings and "光标" in strings
    single = ev.PenaltyDrawn(1, (Card.parse("G7"), Card.parse("G8")), "stack", 2)
    assert "累積" not in narrate(single, 1, "zh-Hant")


async def test_10_new_cards_are_listed_with_the_chinese_separator() -> None:
    game = table(["R1 G2", "B1 B2 B3"], draw="W G7 G8 G9", current=1)
    app = UnoApp(game=game, lang="zh-Hant", bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.apply(1, Play(Card.parse("B1")))
        app.apply(REFEREE, Penalty(HUMAN, 2))
        line = next(x for x in app.log_lines() if "你新拿到的牌" in x)
        assert "、" in line and ", " not in line, line


async def test_11_the_exit_line_names_the_resume_command(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    game = table(["R1 G2", "B1 B2 B3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # a move, so that there is something to save
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("s")
    assert save.exists()
    assert f"unokit play --resume {save}" in app.exit_message, app.exit_message


async def test_11_your_line_says_out_when_you_have_gone_out() -> None:
    game = table(["R1", "B1 B2 B3", "Y1 Y2"], draw="G7 G8 G9", uno_called=(0,))
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.round_over)
        you = app._you()
        assert "out" in you and "UNO" not in you, you


def test_11_a_hidden_start_draw_names_no_cards() -> None:
    event = ev.StartDrawTwo(1, (Card.parse("G7"), Card.parse("G8")), 2)
    assert "hidden" not in narrate(event, 0) and "draw 2 cards" in narrate(event, 0)
