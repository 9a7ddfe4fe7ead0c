"""The first new-user review of the terminal game after issue 12 (items 1-11), one test (at
least) each, driven by keys with Textual's pilot (or through the CLI). Each test waits for
states of the app, never for a fixed time, and every app runs inside ``run_test``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.color import Color as RichColor
from typer.testing import CliRunner

from tests.conftest import table
from tests.tui.helpers import keyboard_move, screen_text, settled_text, until
from unokit import Card, Game, Rules
from unokit.cli.main import _rules
from unokit.cli.main import app as cli
from unokit.moves import DEAL, REFEREE, Play
from unokit.tui.app import HUMAN, SLIDE, UnoApp
from unokit.tui.screens import ChoiceScreen, PageScreen

runner = CliRunner()


def _hand_styles(app: UnoApp) -> dict[str, tuple[str | None, bool]]:
    """Each card chip of the hand as drawn: its text -> (foreground colour, underlined)."""
    hand = app.query_one("#hand")
    found: dict[str, tuple[str | None, bool]] = {}
    for y in range(hand.size.height):
        for segment in hand.render_line(y):
            text = segment.text.strip()
            if text and segment.style is not None:
                color = segment.style.color
                hex_color = color.get_truecolor().hex if isinstance(color, RichColor) else None
                found[text] = (hex_color, bool(segment.style.underline))
    return found


async def test_1_unplayable_cards_keep_their_colour() -> None:
    """Item 1: the click link's style (grey, underlined) hid every card's colour."""
    game = table(["R1 G2 B3 Y4", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        styles = _hand_styles(app)
        assert styles["2 green 2"] == ("#2e7d32", False), styles
        assert styles["3 blue 3"] == ("#1565c0", False), styles
        assert styles["4 yellow 4"] == ("#f9a825", False), styles


async def _play_to_the_end(pilot, app: UnoApp) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3000):
        if app.game.match_over and isinstance(app.screen, ChoiceScreen):
            return
        keys = keyboard_move(app)
        if keys:
            await pilot.press(*keys)
        await pilot.pause(0.005)


async def test_2_the_end_of_match_dialog_scrolls_and_keeps_its_answers(tmp_path: Path) -> None:
    """Item 2: 10 players at 80x24: the statistics scroll (PgDn), the answers stay in view."""
    rules = _rules("official", 10, ["hand_size=1", "target_score=1"])
    app = UnoApp(
        rules, 3, bots="basic", bot_delay=0.0, animations=False, records_dir=tmp_path / "games"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_to_the_end(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and app.game.match_over
        text = await settled_text(pilot, app)
        for answer in ("1 n", "2 s", "3 q", "PgUp/PgDn"):
            assert answer in text, text
        assert dialog.body_scroll_y == 0
        assert "record is saved here" in text  # above the statistics (review 2, item 2)
        await pilot.press("pagedown", "end")
        assert await until(pilot, lambda: dialog.body_scroll_y > 0)
        text = await settled_text(pilot, app)
        assert "Penalties: mistakes" in text and dialog.body_scroll_y == dialog.body_max_y
        assert "3 q" in text  # the answers are still there
        await pilot.press("down")
        assert dialog.cursor == 1 and "▶ 2 s" in await settled_text(pilot, app)


@pytest.mark.parametrize("rule", ["seven_zero=true", "target_score=150"])
async def test_3_the_title_keeps_round_and_target_at_80_columns(rule: str) -> None:
    rules = _rules("official", 4, [rule])
    app = UnoApp(rules, 1, bots="strong", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        title = (await settled_text(pilot, app)).splitlines()[0]
        assert "round 1" in title and f"target {rules.target_score}" in title, title
        assert "Target" not in title  # not told twice (item 11)


async def test_4_a_new_match_from_the_settings_keeps_the_old_save(tmp_path: Path) -> None:
    save = tmp_path / "sk.json"
    app = UnoApp(
        Rules(players=3), seed=21, bots="basic", bot_delay=30, save_path=save, takeback=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game.current == HUMAN or bool(app.game.history))
        app.bot_delay = 30
        while app.game.current != HUMAN:  # the bots before you, at once
            app.bot_step()
            await pilot.pause()
        await pilot.press("d")
        assert await until(pilot, lambda: bool(app.game.history))
        await pilot.press("n")
        assert await until(pilot, lambda: app.dialog_open)
        await pilot.press("enter")
        assert await until(pilot, lambda: not app.dialog_open and app.seed == 22)
        assert json.loads(save.read_text())["meta"]["seed"] == 21
        assert app.save_path == tmp_path / "sk-2.json"
        told = f"saved to {save}"
        assert told in app.notice and any(told in t for t in app.query_one("#log").texts)  # type: ignore[attr-defined]
        await pilot.press("ctrl+q")
        assert await until(pilot, lambda: app.save_path.exists())
    assert json.loads(save.read_text())["meta"]["seed"] == 21  # the old match is still there
    assert json.loads((tmp_path / "sk-2.json").read_text())["meta"]["seed"] == 22


async def test_5_the_log_wraps_again_after_the_terminal_shrinks_and_grows() -> None:
    game = Game(Rules(players=10), seed=5)
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for size in ((40, 12), (60, 20)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for _ in range(3):  # lines written while the log is hidden or narrow
                if app.game.current != HUMAN:
                    app.bot_step()
                    await pilot.pause()
        await pilot.resize_terminal(80, 24)
        log = app.query_one("#log")
        width = log.scrollable_content_region.width
        assert await until(pilot, lambda: log.virtual_size.width <= width)
        await pilot.pause()
        rendered = " ".join(" ".join(line.text.split()) for line in log.lines)  # type: ignore[attr-defined]
        for text in log.texts:  # type: ignore[attr-defined]
            assert " ".join(text.split()) in rendered  # whole: not cut at an old width
        assert max(len(line.text.rstrip()) for line in log.lines) > 40  # type: ignore[attr-defined]


async def test_6_the_hand_gets_the_rows_it_needs_and_keys_past_ten() -> None:
    rules = Rules(players=4, hand_size=15)
    app = UnoApp(rules, 3, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await settled_text(pilot, app)
        assert "▼" not in text
        for card in app.game.hands[HUMAN]:
            assert str(card) in text or _name(card) in text
        assert " a " in text and " f " in text  # cards 11 and 14 have keys
        await pilot.press("b")  # card 12: played, or refused by name
        assert await until(pilot, lambda: app.cursor == 11)
    game = table(["YR R1 R2 G2 B3 B4 G6", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app._hand(78, 10).count("\n") == 1  # seven cards, "yellow reverse" too: 2 rows


def _name(card: Card) -> str:
    from unokit.tui.i18n import card_name

    return card_name("en", card)


async def test_7_no_uno_mark_for_a_player_who_has_gone_out() -> None:
    game = Game(Rules(players=3), seed=1)
    game.hands[2] = []
    game.in_round[2] = False
    game.called[2] = True
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(app.query_one("#opponents").render())
        assert "UNO" not in shown and "Seat 2 0 cards out" in shown, shown


def _record(tmp_path: Path, moves: int = 6) -> Path:
    game = Game(Rules(players=3), seed=4)
    for _ in range(moves):
        seat = game.current
        game.apply(seat, game.legal_moves(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


def test_8_replay_uses_card_names_and_translates_the_step_table(tmp_path: Path) -> None:
    record = _record(tmp_path)
    result = runner.invoke(cli, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    assert "yellow reverse" in result.output and "YR" not in result.output
    assert ": play " not in result.output  # no move codes
    result = runner.invoke(
        cli, ["replay", str(record), "--step", "--lang", "zh-Hans"], input="\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "牌顶：" in out and "分数：座位 0：0 · 座位 1：0 · 座位 2：0" in out
    assert "Enter：下一步，q：离开" in out and "轮到出牌" in out
    for word in ("seat ", "top ", "scores", "to act", "Enter: next"):
        assert word not in out, word
    assert all(len(line) <= 80 for line in out.splitlines())


async def test_9_a_draw_cannot_be_taken_back() -> None:
    """Take-back would let a player see the next card and draw again (RULES-NOTES.md)."""
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8", discard="B9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, takeback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 3)
        await pilot.press("z")
        await pilot.pause()
        assert len(app.game.hands[HUMAN]) == 3  # the drawn card stays
        assert "Cannot take back" in app.notice and "a draw" in app.notice
        assert "z Take back" not in await settled_text(pilot, app)
    # a play that showed nothing still can be taken back
    game = table(["R1 R2 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, takeback=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "z")
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 3)


async def test_10_resuming_a_finished_record_writes_no_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game(Rules(players=2, hand_size=1, target_score=1), seed=2)
    while not game.match_over:
        if game.round_over:
            game.apply(REFEREE, DEAL)
        else:
            seat = game.current
            game.apply(seat, game.legal_moves(seat)[0])
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    games = tmp_path / "games"
    started: list[UnoApp] = []
    monkeypatch.setattr(UnoApp, "run", lambda self: started.append(self))
    for _ in range(2):
        result = runner.invoke(cli, ["play", "--resume", str(path), "--records", str(games)])
        assert result.exit_code == 0, result.output
        app = started.pop()
        app.bot_delay = 0.0
        async with app.run_test(size=(80, 24)) as pilot:
            assert await until(pilot, lambda app=app: isinstance(app.screen, ChoiceScreen))
            assert app.record_path == path
            body = "".join(str(app.screen.body).splitlines())  # type: ignore[attr-defined]
            assert str(path) in body  # the path may be broken over lines
    assert not games.exists() or not list(games.iterdir())


async def test_11a_every_answer_of_the_quit_question_has_a_key(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    app = UnoApp(Rules(players=3), seed=1, bots="basic", bot_delay=30, save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        text = await settled_text(pilot, app)
        assert "1 s" in text and "2 n" in text and "3 c" in text
        await pilot.press("c")
        assert await until(pilot, lambda: not app.dialog_open)
        await pilot.press("q", "n")
        assert await until(pilot, lambda: app._exit)
    assert not save.exists()


async def test_11b_ctrl_c_in_the_round_summary_asks_to_quit(tmp_path: Path) -> None:
    rules = _rules("official", 2, ["hand_size=1"])
    save = tmp_path / "save.json"
    app = UnoApp(rules, 2, bots="basic", bot_delay=0.01, animations=False, save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        summary = app.screen
        await pilot.press("ctrl+c")
        assert await until(pilot, lambda: app.screen is not summary)
        assert "Quit the match?" in await settled_text(pilot, app)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is summary)  # the summary is back
        await pilot.press("ctrl+c", "ctrl+c")  # twice: saved, and out
        assert await until(pilot, lambda: app._exit)
    assert save.exists()


async def test_11c_help_lists_every_key() -> None:
    app = UnoApp(Rules(players=3), 1, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        text = await settled_text(pilot, app)
        await pilot.press("end")  # the page scrolls at 80x24: its last keys are below
        text += await settled_text(pilot, app)
        for words in ("? or F1", "Home, End", "Esc ", "Ctrl+C", "Ctrl+Q", "q Ctrl+C"):
            assert words in text, words
        assert "closes it" in text.splitlines()[-3]  # the last line is in view


async def test_11d_the_penalty_line_says_what_you_may_do() -> None:
    game = table(["R+2 G5", "B+2 B6 B5"], "G7 G8 G9 Y7", "B8", current=1, stacking="any")
    game.apply(1, Play(Card.parse("B+2")))
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.rebuild_log()
        log = "\n".join(app.log_lines())
        assert "draw 2 (d), or answer it with red +2 (1)" in log, log
        assert "as the rules allow" not in log
        await pilot.press("1")
        assert await until(pilot, lambda: "Seat 1 faces a penalty of 4" in "".join(app.log_lines()))
        assert "as the rules allow" not in "\n".join(app.log_lines())


async def test_11e_f_g_title_and_you_line() -> None:
    rules = Rules(players=2, hand_size=1, target_score=1)
    app = UnoApp(rules, 1, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        title = (await settled_text(pilot, app)).splitlines()[0]
        assert title.count("target") + title.count("Target") == 1, title
        assert "1 card each" in title
    app = UnoApp(Rules(players=3), 1, bots="basic", lang="zh-Hant", bot_delay=30)
    async with app.run_test(size=(120, 40)) as pilot:
        title = (await settled_text(pilot, app)).splitlines()[0]
        assert title.startswith(" unokit · ") and "UNO" not in title, title
    game = table(["R1", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9", uno_called=(0,))
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await settled_text(pilot, app)
        assert "· UNO called" in text and "·  UNO" not in text


async def test_11h_one_toast_at_a_time_and_none_over_the_summary() -> None:
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "c", "h", "k")
        await pilot.pause()
        assert len(app._notifications) == 1
    rules = _rules("official", 2, ["hand_size=1"])
    app = UnoApp(rules, 2, bots="basic", bot_delay=0.01, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("k")  # a toast, then the round ends
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert len(app._notifications) == 0, [n.message for n in app._notifications]


async def test_11i_the_last_card_is_seen_before_the_summary_and_slides_in_view() -> None:
    game = table(["R1", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9", uno_called=(0,))
    app = UnoApp(game=game, bots="basic", bot_delay=0.5, animations=True, bell=False)
    starts: list[str] = []
    slide = app._slide_top

    def watched(seat: int) -> None:
        slide(seat)
        app.refresh_view()
        starts.append(str(app.query_one("#top").render()))

    app._slide_top = watched  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.round_over)
        # it starts to the right, in its own row (not moved out of it), and comes home
        assert starts == [" " * SLIDE[0] + " red 1 "]
        assert app.query_one("#top").styles.offset.y.value == 0
        assert await until(pilot, lambda: str(app.query_one("#top").render()) == " red 1 ")
        assert not app.dialog_open  # the table, with the last card, stays in view a moment
        line = next(x for x in screen_text(app).splitlines() if "draw pile" in x)
        assert "red 1" in line  # the card played, in its row (not pushed out of it)
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))


def test_11j_rules_at_80_columns_keep_their_indent(monkeypatch: pytest.MonkeyPatch) -> None:
    from unokit.cli.main import console

    for width in (60, 70, 79, 80):
        monkeypatch.setattr(console, "width", width)
        result = runner.invoke(cli, ["rules"])
        assert result.exit_code == 0
        for line in result.output.splitlines():
            if line and not line.startswith(" "):  # an option's first line, or the presets
                assert " = " in line or line.startswith("presets:"), (width, line)
