"""Issue 21's items 1-17 (the terminal game tried as a new user would), one test (at least)
each, driven by keys with Textual's pilot at 80x24 (120x40 where the item is about a large
terminal), or through the CLI. Every wait is for a state of the app; the turn clocks are
turned by hand (``app.now``). Item 3 (every option applied) is tests/tui/test_options.py."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from typer.testing import CliRunner

from tests.conftest import table
from tests.tui.helpers import Clock, screen_text, settled_text, until
from unokit import Card, Game, Rules
from unokit import events as ev
from unokit.cli.main import app as cli
from unokit.moves import DEAL, REFEREE, Play
from unokit.phase import Phase
from unokit.record import load_saved
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.hand import in_order
from unokit.tui.hints import hint
from unokit.tui.i18n import card_name
from unokit.tui.replay import Replay, ReplayApp
from unokit.tui.screens import ChoiceScreen, PageScreen
from unokit.tui.wrap import wrap

runner = CliRunner()
C = Card.parse


def _app(game: Game, **options: Any) -> UnoApp:
    settings: dict[str, Any] = {"bots": "basic", "bot_delay": 60, "animations": False}
    settings.update(options)
    return UnoApp(game=game, **settings)


def _log(app: UnoApp) -> str:
    return "\n".join(app.log_lines())


# -- 1: turn_time_limit is applied -------------------------------------------------------------


async def test_1_the_turn_is_counted_down_and_ends_when_the_time_runs_out() -> None:
    game = table(["G2 B3", "B5 B6 B7", "Y1 Y2 Y3"], draw="G7 G8 G9", turn_time_limit=10)
    app = _app(game)
    clock = Clock()
    app.now = clock
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: "10 s left" in screen_text(app))
        clock.t += 4
        assert await until(pilot, lambda: "6 s left" in screen_text(app))
        await pilot.press("question_mark")  # a page is open: the clock waits
        assert await until(pilot, lambda: app.turn_clock is not None and app.turn_clock.paused)
        clock.t += 30
        await pilot.pause(0.3)
        assert not app.game.history  # no timeout while the page was open
        await pilot.press("escape")
        assert await until(pilot, lambda: app.turn_clock is not None and not app.turn_clock.paused)
        clock.t += 6
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 3)
        assert app.game.current == 1
        assert "You ran out of time and draw 1" in _log(app)


async def test_1_bots_never_choose_a_timeout() -> None:
    game = table(["G2 B3", "B5 B6 B7", "Y1 Y2 Y3"], current=1, turn_time_limit=5)
    app = _app(game, bots="random", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: app.game.current == HUMAN)
        assert all(move.__class__.__name__ != "Timeout" for _, move in app.game.history)


# -- 2: rounds only where it applies -----------------------------------------------------------


def test_2_rounds_under_a_scoring_without_rounds_is_refused_with_the_reason() -> None:
    result = runner.invoke(cli, ["play", "--players", "2", "--rule", "rounds=1"])
    assert result.exit_code == 2
    assert "rounds = 1 counts only under scoring = 'net' or 'chips'" in result.output


async def test_2_a_match_of_rounds_says_which_round_of_how_many() -> None:
    rules = Rules(players=2, scoring="net", rounds=3)
    app = UnoApp(rules, 1, bots="basic", bot_delay=60, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        title = (await settled_text(pilot, app)).splitlines()[0]
        assert "round 1 of 3" in title, title
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        assert "3 rounds." in await settled_text(pilot, app)


# -- 4 and 5: a save or a record that cannot be written loses nothing ---------------------------


def test_4_and_5_the_save_and_the_records_are_checked_at_start(tmp_path: Path) -> None:
    result = runner.invoke(cli, ["play", "--save", str(tmp_path / "nonexistent" / "x.json")])
    assert result.exit_code == 2 and "does not exist" in result.output, result.output
    a_file = tmp_path / "file"
    a_file.write_text("")
    result = runner.invoke(cli, ["play", "--records", str(a_file / "games")])
    assert result.exit_code == 2 and "--records" in result.output, result.output
    assert "Traceback" not in result.output


async def test_4_a_failed_save_keeps_the_game_and_offers_a_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    gone = tmp_path / "gone"
    gone.mkdir()
    save = gone / "x.json"
    app = _app(table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"]), save_path=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(app.key_of(C("R1")))
        assert await until(pilot, lambda: bool(app.game.history))
        gone.rmdir()  # the folder went away during the match
        await pilot.press("q", "s")
        assert await until(pilot, lambda: "Could not save" in screen_text(app))
        assert not app._exit  # the game is still open
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        labels = [answer.label for answer in screen.answers]
        assert labels[:2] == [f"Save to {tmp_path / 'x.json'} and quit", "Back to the game"]
        await pilot.press("s")  # save where it can be written
        assert await until(pilot, lambda: app._exit)
    saved = tmp_path / "x.json"
    assert load_saved(json.loads(saved.read_text())).game == app.game
    assert str(saved) in app.exit_message


async def _finish(pilot: Pilot[Any], app: UnoApp) -> None:
    await pilot.press(app.key_of(C("R1")))
    assert await until(pilot, lambda: app.game.match_over and isinstance(app.screen, ChoiceScreen))


async def test_5_a_record_that_cannot_be_written_is_said_and_offered_a_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    a_file = tmp_path / "file"
    a_file.write_text("")
    game = table(["R1", "B1 B2 B3", "Y1 Y2 Y3"], uno_called=(0,), target_score=1)
    app = _app(game, records_dir=a_file / "games")
    async with app.run_test(size=(80, 24)) as pilot:
        await _finish(pilot, app)
        text = await settled_text(pilot, app)
        assert "The match's record could not be saved" in text, text
        assert "[Errno" not in text
        await pilot.press("q")  # quit: the record is offered a place
        assert await until(pilot, lambda: "Save the record to" in screen_text(app))
        await pilot.press("s")
        assert await until(pilot, lambda: app._exit)
    records = list(tmp_path.glob("unokit-*-seed0.json"))
    assert len(records) == 1 and app.record_path == records[0]


# -- 6: bad --delay, language tags without regard to case --------------------------------------


@pytest.mark.parametrize("delay", ["inf", "nan", "-1", "61"])
def test_6_a_delay_must_be_seconds_from_0_to_60(delay: str) -> None:
    result = runner.invoke(cli, ["play", "--delay", delay])
    assert result.exit_code == 2 and "from 0 to 60" in result.output, result.output


def test_6_language_tags_are_read_without_regard_to_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[UnoApp] = []
    monkeypatch.setattr(UnoApp, "run", lambda self: started.append(self))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    for tag, lang in (("zh-hant", "zh-Hant"), ("ZH-HANS", "zh-Hans"), ("EN", "en")):
        result = runner.invoke(cli, ["play", "--lang", tag, "--seed", "1"])
        assert result.exit_code == 0, result.output
        assert started[-1].lang == lang
    record = tmp_path / "r.json"
    record.write_text(json.dumps(Game(Rules(players=2), 1).record()))
    result = runner.invoke(cli, ["replay", str(record), "--lang", "zh-hant"])
    assert result.exit_code == 0 and "莊家" in result.output


# -- 7: a terminal too small acts on no key ----------------------------------------------------


async def test_7_keys_wait_on_a_terminal_too_small_and_a_dialog_says_so() -> None:
    app = _app(table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"]), order="dealt")
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.press("1", "2", "d", "enter")
        await pilot.pause()
        assert not app.game.history  # no card played blind
        await pilot.resize_terminal(80, 24)
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        await pilot.resize_terminal(40, 12)
        text = await settled_text(pilot, app)
        assert "make the terminal larger" in " ".join(text.split()) and "Keys" not in text
        await pilot.press("escape")  # waits too: the page stays
        await pilot.pause()
        assert isinstance(app.screen, PageScreen)


# -- 8: a bot's answer seen cannot be taken back -----------------------------------------------


async def test_8_a_bot_answer_that_showed_a_card_cannot_be_taken_back() -> None:
    game = table(["R1 R2 G5", "R3 B2 B3", "R4 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = _app(game, bot_delay=0, takeback=True, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.current == HUMAN and len(app.game.history) == 3)
        await pilot.press("z")
        assert await until(pilot, lambda: "a bot's answer" in app.notice)
        assert len(app.game.hands[HUMAN]) == 2 and len(app.game.history) == 3


# -- 9: a new hand is told ---------------------------------------------------------------------


async def test_9_a_hand_swapped_by_a_seven_is_told() -> None:
    game = table(["R1 G2", "R7 B2 B3", "Y1 Y2 Y3"], current=1, seven_zero=True)
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.apply(1, Play(C("R7"), swap=0))
        log = _log(app)
        assert "Seat 1 swaps hands with you" in log
        assert "Your new hand: blue 2, blue 3" in log, log


# -- 10: a hint says when it is a bluff, and goes when the table changes -----------------------


def test_10_a_hint_to_bluff_says_so_and_what_it_risks() -> None:
    game = table(["W+4 Y2 G1", "B1", "R1 R2 R3"], discard="Y3", uno_called=(1,))
    move, text = hint(game, HUMAN, "en")
    assert move == Play(C("W+4"), move.color if isinstance(move, Play) else None)
    assert "It is a bluff: you hold yellow 2; if seat 1 challenges, you draw 4" in text, text


async def test_10_an_old_hint_goes_when_the_table_changes() -> None:
    app = _app(table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        assert await until(pilot, lambda: app.notice.startswith("Hint"))
        await pilot.press(app.key_of(C("R1")))  # the table changes
        assert await until(pilot, lambda: not app.notice and not app._notifications)


# -- 11: the hand sorted, its order kept -------------------------------------------------------


async def test_11_the_hand_is_sorted_and_keeps_its_order(tmp_path: Path) -> None:
    game = table(["B9 W R1 G2 R+2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G7 G8")
    app = _app(game, save_path=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        text = await settled_text(pilot, app)
        order = ["red 1", "red +2", "green 2", "blue 9", "wild"]
        positions = [text.index(f"{i + 1} {name}") for i, name in enumerate(order)]
        assert positions == sorted(positions), text
        await pilot.press("d")  # red 5 goes to its place among the reds
        assert await until(pilot, lambda: app.game.phase == Phase.AFTER_DRAW)
        assert [card_name("en", c) for c in app.shown][:3] == ["red 1", "red 5", "red +2"]
        assert "2 red 5" in await settled_text(pilot, app)
        await pilot.press("s")  # by number
        assert await until(pilot, lambda: app.settings.order == "number")
        assert app.shown == in_order(app.game.hands[HUMAN], "number")
        await pilot.press("ctrl+q")
    assert json.loads((tmp_path / "s.json").read_text())["meta"]["order"] == "number"


# -- 12: the prompt says the keys --------------------------------------------------------------


async def test_12_the_prompt_names_the_keys_of_the_playable_cards() -> None:
    app = _app(table(["R1 B2 R3 G4", "B1 B2 B3", "Y1 Y2 Y3"]))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "play a bright card (1, 2) or draw (d)" in await settled_text(pilot, app)
    app = _app(table(["G1 B2", "B1 B2 B3", "Y1 Y2 Y3"], draw="R5 G7 G8"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert "nothing playable: d to draw" in await settled_text(pilot, app)
        await pilot.press("d")
        assert await until(pilot, lambda: app.game.phase == Phase.AFTER_DRAW)
        text = await settled_text(pilot, app)
        assert "1 Play red 5" in text and "k Keep" in text, text
        log = app.log_lines()  # the drawn card is named once
        assert log[-2:] == ["You draw red 5", "It can be played: 1 plays it, k keeps it"], log


# -- 13: the log keeps its place ---------------------------------------------------------------


async def test_13_a_log_scrolled_back_stays_while_the_bots_play() -> None:
    app = _app(Game(Rules(players=10), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one("#log")
        for _ in range(30):
            log.say("a line")  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("pageup")
        assert await until(pilot, lambda: log.scroll_y < log.max_scroll_y - 1)
        where = log.scroll_y
        for _ in range(3):
            app.bot_step()  # the bots play on
            await pilot.pause()
        assert log.scroll_y == where
        assert "▼ PgDn" in await settled_text(pilot, app)
        await pilot.press("end", "pagedown", "pagedown", "pagedown", "pagedown")
        assert await until(pilot, lambda: log.scroll_y >= log.max_scroll_y - 1)


# -- 14: a fair window to jump in, told once ---------------------------------------------------


async def test_14_the_bots_wait_for_a_jump_in_counted_down_and_esc_lets_it_pass() -> None:
    game = table(["G5 Y3 B4", "G5 R5 B6", "Y1 Y2 Y3"], discard="G8", current=1, jump_in="identical")
    app = _app(game, bot_delay=0.05, jump_window=30, order="dealt")
    clock = Clock()
    app.now = clock
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: app.window is not None)  # seat 1 played G5
        assert app.game.top == C("G5")
        assert await until(pilot, lambda: "jump in? 1 · 30 s" in screen_text(app))
        clock.t += 10
        assert await until(pilot, lambda: "jump in? 1 · 20 s" in screen_text(app))
        moves = len(app.game.history)
        await pilot.pause(0.3)  # far past the bots' delay: they wait for the window
        assert len(app.game.history) == moves
        await pilot.press("escape")
        assert await until(pilot, lambda: len(app.game.history) > moves)


async def test_14_a_reverse_jumped_in_with_the_same_reverse_is_told_once() -> None:
    game = table(["G1 Y3", "RR B2 B3", "RR Y2 Y5", "B6 B7 B8"], current=1, jump_in="identical")
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.apply(1, Play(C("RR")))
        app.apply(2, Play(C("RR")))
        lines = app.log_lines()
        told = [line for line in lines if "direction" in line]
        assert told[0] == "The direction is now counter-clockwise"
        assert "Seat 2 jumps in on seat 1's red reverse with the same card: the direction " + (
            "stays counter-clockwise, and play goes on from seat 2"
        ) in " ".join(" ".join(lines).split())
        assert sum("The direction is now" in line for line in lines) == 1, lines


# -- 15: the log's gaps ------------------------------------------------------------------------


async def test_15_the_dealer_tie_and_the_challenge_are_told() -> None:
    app = UnoApp(Rules(players=4), 8, bots="basic", bot_delay=60, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "A tie at 8 between you and seat 1: they draw again" in _log(app)
    game = table(["R1 G2 Y3", "W+4 B6 B5"], draw="G7 G8 G9 Y7 Y8 Y9 B1 B2", current=1)
    game.apply(1, Play(C("W+4"), C("B6").color))
    app = _app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        assert await until(pilot, lambda: "You challenge seat 1's +4" in _log(app))


async def test_15_every_opponent_keeps_pts_when_uno_is_shown() -> None:
    game = Game(Rules(players=4), 3)
    game.hands[1] = game.hands[1][:1]
    game.called[1] = True
    game.scores[1:] = [120, 35, 7]
    app = _app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(app.query_one("#opponents").render())
        assert shown.count(" pts") == 3, shown


async def test_15_toasts_and_the_log_break_between_chinese_characters() -> None:
    text = "你面對 2 張的懲罰：摸 2 張（d），或出 紅+2（3）回應，或質疑這張 +4（h）"
    lines = wrap(text, 20)
    assert all(len(line) > 6 for line in lines[:-1]), lines  # filled, not broken at spaces
    app = _app(table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"]), lang="zh-Hant")
    async with app.run_test(size=(80, 24)) as pilot:
        app._say(text)
        await pilot.pause()
        (toast,) = list(app._notifications)  # one toast, its lines fitted to it
        lines = toast.message.split("\n")
        assert len(lines) == 2 and max(cell_len(x) for x in lines) <= 36, lines


def test_15_simplified_chinese_uses_mainland_words_in_the_settings() -> None:
    from unokit.tui.i18n import tr

    assert "应用到本场" in tr("zh-Hans", "settings_keys")
    assert "套用" not in tr("zh-Hans", "settings_keys")


# -- 16: the replay --------------------------------------------------------------------------


def _match_record(tmp_path: Path) -> Path:
    game = Game(Rules(players=3, hand_size=2, target_score=150), 4)
    while not game.match_over:
        if game.round_over:
            game.apply(REFEREE, DEAL)
        else:
            game.apply(game.current, game.legal_moves(game.current)[0])
    path = tmp_path / "match.json"
    data = {**game.record(), "meta": {"bots": "basic", "you": 0, "saved": "2026-12-01 10:00"}}
    path.write_text(json.dumps(data))
    assert game.round_no >= 2
    return path


async def test_16_the_replay_steps_both_ways_jumps_to_a_round_and_q_quits(tmp_path: Path) -> None:
    path = _match_record(tmp_path)
    replay = Replay.from_data(json.loads(path.read_text()), "en", path=path)
    app = ReplayApp(replay, "en", str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        text = await settled_text(pilot, app)  # type: ignore[arg-type]
        assert "saved 2026-12-01 10:00" in text and "you were seat 0" in text
        assert "Rules: official" in text and "Move 0 of" in text
        await pilot.press("right", "right", "right")
        assert app.at == 3 and "Move 3 of" in await settled_text(pilot, app)  # type: ignore[arg-type]
        await pilot.press("left")
        assert app.at == 2
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))  # type: ignore[arg-type]
        await pilot.press("2")  # round 2
        assert await until(pilot, lambda: app.at == replay.rounds()[1])  # type: ignore[arg-type]
        assert "── Round 2 ──" in await settled_text(pilot, app)  # type: ignore[arg-type]
        await pilot.press("q")
        assert await until(pilot, lambda: app._exit)  # type: ignore[arg-type]


def test_16_the_printed_replay_has_a_header_and_rounds_that_are_not_moves(tmp_path: Path) -> None:
    path = _match_record(tmp_path)
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Replay of") and str(path) in out.replace("\n", "")
    assert "you were seat 0" in out and max(len(line) for line in out.splitlines()) <= 80
    assert "── Round 2 ──" in out
    numbers = [
        line.split(".")[0].strip() for line in out.splitlines() if line[:5].strip().isdigit()
    ]
    assert numbers == [str(i) for i in range(1, len(numbers) + 1)]  # deals are not numbered


# -- 17: the end of a match, a large terminal, the bots' speed --------------------------------


async def test_17_the_ranking_and_the_rounds_first_at_80x24(tmp_path: Path) -> None:
    game = table(["R1", "B1 B2 B3", "Y1 Y2 Y3"], uno_called=(0,), target_score=1)
    app = _app(game, records_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _finish(pilot, app)
        text = await settled_text(pilot, app)
        lines = text.splitlines()
        ranking = next(i for i, line in enumerate(lines) if "Ranking" in line)
        assert "1. You" in lines[ranking + 2], text
        assert "Statistics" not in "\n".join(lines[: ranking + 4])


def test_17_the_points_of_every_round_are_in_the_match_summary() -> None:
    from unokit.tui.stats import MatchStats
    from unokit.tui.summary import match_lines

    game = Game(Rules(players=2, hand_size=2, target_score=40), 3)
    stats = MatchStats(2)
    for event in game.deal_events:
        stats.add(event)
    while not game.match_over:
        seat = REFEREE if game.round_over else game.current
        move = DEAL if game.round_over else game.legal_moves(seat)[0]
        for event in game.apply(seat, move):
            stats.add(event)
    assert len(stats.history) >= 2
    lines = match_lines(game, "en", lambda s: f"P{s}", stats, [])
    at = lines.index("Points round by round")
    assert lines[at + 1].split() == ["Round", "You", "1"]
    assert lines[at + 1 + len(stats.history) + 1].split()[1:] == [str(x) for x in game.scores]


async def test_17_a_large_terminal_gives_the_space_to_the_table() -> None:
    app = UnoApp(Rules.preset("online", players=5), 7, bots="basic", bot_delay=60)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#log").region
        hand = app.query_one("#hand").region
        assert log.x > 60 and log.height > 30  # the log beside the table, its full height
        assert hand.height >= 3  # tall cards
        rows = str(app.query_one("#opponents").render()).splitlines()
        assert len(rows) == 4  # an opponent per row


async def test_17_pause_and_the_bots_speed_during_a_match(tmp_path: Path) -> None:
    app = _app(table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], current=1), bot_delay=0.8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        assert await until(pilot, lambda: app.paused and "Paused" in screen_text(app))
        await pilot.press("minus")
        assert app.bot_delay == 1.5
        await pilot.press("plus", "plus", "plus")
        assert app.bot_delay == 0.0
        await pilot.pause(0.2)
        assert not app.game.history  # paused: the bots wait
        await pilot.press("p")
        assert await until(pilot, lambda: bool(app.game.history))
        app.save(tmp_path / "s.json")
    started: list[UnoApp] = []
    os.environ.setdefault("XDG_DATA_HOME", str(tmp_path))
    import unokit.tui.app as tui_app

    original = tui_app.UnoApp.run
    tui_app.UnoApp.run = lambda self: started.append(self)  # type: ignore[method-assign,assignment,misc]
    try:
        result = runner.invoke(cli, ["play", "--resume", str(tmp_path / "s.json")])
    finally:
        tui_app.UnoApp.run = original  # type: ignore[method-assign]
    assert result.exit_code == 0, result.output
    assert started[-1].bot_delay == 0.0  # --delay is kept on resume


def test_events_told_first_are_events() -> None:
    assert ev.Challenged(1, 2).kind == "challenge" and ev.DealerTie(None, (0, 1), 8).seats
