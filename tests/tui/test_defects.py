"""Issue 12's defects of the terminal game, one test (at least) each, driven by keys with
Textual's pilot. Each test waits for states of the app, never for a fixed time, and every app
runs inside ``run_test`` (which stops it and its timers)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from typer.testing import CliRunner

from tests.conftest import table
from tests.tui.helpers import keyboard_move, settled_text, until
from unokit import Card, Game, Rules
from unokit.cli.main import _rules
from unokit.cli.main import app as cli
from unokit.moves import CHALLENGE, Play
from unokit.phase import Phase
from unokit.record import load_saved
from unokit.tui.app import HUMAN, MIN_SIZE, UnoApp
from unokit.tui.screens import Answer, ChoiceScreen, PageScreen


def _round_one_ends_at_once(**options: object) -> UnoApp:
    """`unokit play --players 2 --bots basic --rule hand_size=1 --seed 2`: round 1 ends at once."""
    rules = _rules("official", 2, ["hand_size=1"])
    return UnoApp(rules, 2, bots="basic", bot_delay=0.01, animations=False, **options)  # type: ignore[arg-type]


async def test_1_keys_answer_after_the_round_summary() -> None:
    app = _round_one_ends_at_once()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert app.game.round_over
        await pilot.press("enter")  # "Next round"
        assert await until(pilot, lambda: app.game.round_no == 2)
        assert app.focused is None  # nothing on the table can hold the keys
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, PageScreen))
        await pilot.press("escape")
        assert await until(pilot, lambda: not app.dialog_open)
        await pilot.press("q")
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")
        assert await until(pilot, lambda: not app.dialog_open)
        footer = (await settled_text(pilot, app)).splitlines()[-1]
        assert "? Help" in footer and "q Quit" in footer  # the footer stays


async def test_2_every_way_out_of_an_unfinished_match_saves(tmp_path: Path) -> None:
    assert UnoApp.ENABLE_COMMAND_PALETTE is False  # its English "Quit" lost the match
    for how in ("ctrl+q", "q s", "summary"):
        save = tmp_path / f"{how.replace(' ', '-')}.json"
        if how == "summary":
            app = _round_one_ends_at_once(save_path=save)
        else:
            app = UnoApp(Rules(players=3), seed=1, bots="basic", bot_delay=30, save_path=save)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if how == "summary":
                assert await until(pilot, lambda app=app: isinstance(app.screen, ChoiceScreen))
                await pilot.press("q")  # "Save and quit"
            else:
                await pilot.press(*how.split())
            assert await until(pilot, lambda save=save: save.exists())
        assert app._exit, how
        assert load_saved(json.loads(save.read_text())).game == app.game
    app = UnoApp(Rules(players=3), seed=1, bots="basic", bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")  # the same question as q, not Textual's English notice
        assert await until(pilot, lambda app=app: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")


async def test_3_the_colour_picker_fits_and_can_be_cancelled() -> None:
    game = table(["W R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7")
    for lang, blue in (("en", "blue"), ("zh-Hant", "藍")):
        app = UnoApp(
            game=game.copy(), lang=lang, bots="basic", bot_delay=30, animations=False, order="dealt"
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1")
            assert await until(pilot, lambda app=app: isinstance(app.screen, ChoiceScreen))
            shown = await settled_text(pilot, app)
            assert f"4 b   {blue} " in shown  # the fourth answer, whole
            await pilot.press("escape")
            assert await until(pilot, lambda app=app: not app.dialog_open)
            assert Card.parse("W") in app.game.hands[HUMAN]  # nothing played
            await pilot.press("1", "b")
            assert await until(pilot, lambda app=app: app.game.top == Card.parse("W"))
            assert app.game.active_color is not None and app.game.active_color.label == "blue"


async def test_4_cards_by_number_keys_and_by_a_visible_cursor() -> None:
    game = table(["B9 R1 R2 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one("#hand")
        assert "▶1 blue 9" in await settled_text(pilot, app)  # the cursor starts on the first card
        await pilot.press("right", "right")
        assert app.cursor == 2 and "▶3 red 2" in await settled_text(pilot, app)
        assert hand.has_class is not None
        await pilot.press("enter")  # red 2 on the red 8
        assert await until(pilot, lambda: app.game.top == Card.parse("R2"))
        assert app.cursor == 2  # the cursor stays where it was (not reset)
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        assert await until(pilot, lambda: app.game.top == Card.parse("R1"))


async def test_5_opponents_keep_name_count_and_uno_at_every_size() -> None:
    for players, size in (
        (5, (120, 40)),
        (6, (120, 40)),
        (10, (120, 40)),
        (4, (80, 24)),
        (10, (80, 24)),
        (10, (60, 20)),
    ):
        game = Game(Rules(players=players), seed=3)
        for seat in range(1, players):
            if seat % 2:  # every other opponent holds one card and has called UNO
                game.hands[seat] = game.hands[seat][:1]
                game.called[seat] = True
        app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = app.query_one("#opponents").render()
            shown = str(text)
            for seat in range(1, players):
                count = len(game.hands[seat])
                assert f"Seat {seat} {count} card" in shown or f"{seat}: {count}" in shown, (
                    players,
                    size,
                    shown,
                )
            assert shown.count("UNO") == players // 2, (players, size, shown)
            assert "1 cards" not in shown


async def test_6_at_80x24_catch_shows_the_log_has_room_and_too_small_says_so() -> None:
    game = table(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9 Y7 Y8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    app.game.hands[1] = [Card.parse("B1")]
    app.game.window[1] = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = await settled_text(pilot, app)
        assert "c Catch Seat 1" in text
        log = app.query_one("#log")
        assert log.size.height - 2 >= 8  # lines of the log inside its border
        await pilot.resize_terminal(50, 16)
        assert await until(pilot, lambda: app.query_one("#too-small").display)
        note = await settled_text(pilot, app)
        assert "make the terminal larger" in note.replace("\n", " ").replace("  ", " ")
        assert f"{MIN_SIZE[0]}×{MIN_SIZE[1]}" in note
        for line in note.splitlines():  # no word is broken across lines
            assert not line.rstrip().endswith("-")


async def test_7_the_log_is_the_narrator_s() -> None:
    """ "you", card names, no option names, the key for a penalty, the cards a failed
    challenge cost."""
    game = table(["R1 G2 Y3", "W+4 B6 B5"], draw="G7 G8 G9 Y7 Y8 Y9 B1 B2", current=1)
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))  # honest: no red card
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert CHALLENGE in app.game.legal_moves(HUMAN)
        await pilot.press("h")
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 9)
        log = "\n".join(app.log_lines())
        assert "seat 0" not in log.lower() and "You" in log
        assert "W+4" not in log and "wild +4" in log
        assert "=" not in log  # no option names such as wd4_rule=...
        assert "draw 4 (d)" in log and "challenge the +4 (h)" in log
        assert "Your new cards: " in log  # the 6 cards the failed challenge cost
        new = log.split("Your new cards: ")[1].splitlines()[0].split(", ")
        assert len(new) == 6


async def test_8_the_round_summary_shows_scores_totals_target_and_names() -> None:
    app = _round_one_ends_at_once()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        text = await settled_text(pilot, app)
        assert "Seat 1 wins round 1" in text
        for column in ("Player", "Cards left", "This round", "Total"):
            assert column in text
        assert "Target: 500 points" in text
        assert "Winner: 1" not in text and "points (+" not in text
    rules = Rules(players=2, hand_size=1, target_score=1)
    app = UnoApp(rules, 2, bots="basic", bot_delay=0.0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_to_the_end(pilot, app)
        text = await settled_text(pilot, app)
        winner = app.game.match_ranking[0]
        assert ("You win the match" if winner == HUMAN else "Seat 1 wins the match") in text
        assert "[" not in text
        for column in ("Rounds won", "Cards drawn", "Penalties", "Catches"):
            assert column in text
        assert f"1. {'You' if winner == HUMAN else 'Seat 1'}" in text


async def test_9_a_refused_card_and_a_useless_key_say_why() -> None:
    game = table(["G+2 R1", "W+4 B6 B5"], draw="G7 G8 G9 Y7 Y8 Y9", current=1, stacking="any")
    game.apply(1, Play(Card.parse("W+4"), Card.parse("B6").color))  # names blue
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")  # a green +2 on the +4 that named blue
        await pilot.pause()
        assert "a +2 on a +4 must have the colour it named, blue" in app.notice
        assert app.game.phase == Phase.PENALTY
    game = table(["R1 G2", "B1 B2 B3", "Y1 Y2 Y3"], draw="G7 G8 G9", challenge=False)
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        assert "Green 2 does not match the top card red 8" in app.notice
        for key, words in (
            ("c", "Nobody to catch"),
            ("h", "Challenges are off"),
            ("k", "Keep is for a card"),
            ("z", "Take-back is off"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert words in app.notice, key


async def test_10_resume_keeps_the_log_and_takes_the_language(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    app = UnoApp(
        Rules(players=3), seed=4, bots="basic", bot_delay=0.0, save_path=save, animations=False
    )
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            keys = keyboard_move(app)
            if keys:
                await pilot.press(*keys)
            await pilot.pause(0.01)
        lines = app.log_lines()
        app.save(save)
    saved = load_saved(json.loads(save.read_text()))
    resumed = UnoApp(game=saved.game, seed=4, bots="basic", lang="zh-Hant", bot_delay=30)
    async with resumed.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        again = resumed.log_lines()
        assert len(again) >= len(lines) - 2  # the whole match so far, not an empty log
        assert "莊家" in "\n".join(again)
    result = CliRunner().invoke(cli, ["replay", str(save), "--lang", "zh-Hans"])
    assert result.exit_code == 0 and "庄家" in result.output


async def test_11_labels_whole_translated_and_the_title_names_the_preset() -> None:
    game = table(
        ["R1 G2 Y3", "R+2 B6 B5"],
        draw="G7 G8 G9 Y7 Y8 Y9",
        current=1,
        stacking="any",
        challenge=False,
        wd4_rule="anytime",
    )
    game.apply(1, Play(Card.parse("R+2")))
    app = UnoApp(game=game, bots="strong", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = await settled_text(pilot, app)
        assert "d Take 2" in text and "Challenge" not in text  # challenge is off here
    rules = Rules.preset("online", players=4, hand_size=5)
    app = UnoApp(rules, 1, bots="strong", lang="zh-Hant", bot_delay=30, animations=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = await settled_text(pilot, app)
        title = text.splitlines()[0]
        assert "線上版" in title and "每人 5 張牌" in title and "stacking" not in title
        assert "第 1 局" in title and "強" in title and "strong" not in text
        footer = text.splitlines()[-1]
        assert "說明" in footer and "Help" not in footer


async def _play_to_the_end(pilot: Pilot[None], app: UnoApp) -> None:
    """Keys until the match is over and its summary shows."""
    for _ in range(3000):
        if app.game.match_over and app.dialog_open:
            return
        keys = keyboard_move(app)
        if keys:
            await pilot.press(*keys)
        await pilot.pause(0.005)


async def test_12_a_finished_match_is_saved_for_replay(tmp_path: Path) -> None:
    rules = Rules(players=2, hand_size=1, target_score=1)
    app = UnoApp(
        rules, 2, bots="basic", bot_delay=0.01, animations=False, records_dir=tmp_path / "games"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await _play_to_the_end(pilot, app)
        assert app.record_path is not None and app.record_path.exists()
        body = "".join(str(app.screen.body).splitlines())  # type: ignore[attr-defined]
        assert str(app.record_path) in body  # the path may be broken over lines
        assert "record is saved" in await settled_text(pilot, app)
    result = CliRunner().invoke(cli, ["replay", str(app.record_path)])
    assert result.exit_code == 0, result.output
    assert "match" in result.output


async def test_13_one_card_uneven_chips_and_distinct_dim_colours() -> None:
    game = table(["G5 GR B3 W", "B1", "Y1 Y2 Y3"], draw="G7 G8 G9", discard="R8")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = await settled_text(pilot, app)
        assert "1 card " in text and "1 cards" not in text
        hand = app._hand(78, 24)
        assert hand.count("\n") == 0  # four cards, "green reverse" too, on one line
        # unplayable cards: coloured text on the background, not dimmed fills
        assert "[#2e7d32 @click" in hand and "[#1565c0 @click" in hand
        assert "opacity" not in hand and "dim" not in hand


async def test_a_dialog_wider_than_the_terminal_wraps_its_lines_inside_its_border() -> None:
    """A long question, body line or answer wraps inside the dialog on a narrow terminal
    (they were cut at the border: the end of an answer could not be read)."""
    answer = "Play the card you just drew: the red seven, which matches the colour on top"

    class Dialog(App[None]):
        def on_mount(self) -> None:
            body = Text("a short line\n" + "wide " * 30, overflow="fold")
            self.push_screen(
                ChoiceScreen(
                    "A question too long for a terminal of sixty columns, really",
                    [Answer(answer, "play", "p"), Answer("Keep it", "keep", "k")],
                    body=body,
                )
            )

    app = Dialog()
    async with app.run_test(size=(60, 20)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        text = await settled_text(pilot, app)  # type: ignore[arg-type]
        assert "matches the colour" in text and "on top" in text, text
        screen = app.screen
        inside = screen.query_one("Vertical").content_region
        for part in ("#question", "#body", "#answers", "#keys"):
            region = screen.query_one(part).region
            assert region.x >= inside.x and region.right <= inside.right, (part, region, inside)


def test_the_cursor_on_an_unplayable_card_does_not_look_like_a_playable_chip() -> None:
    """Playable cards are bright filled chips; the cursor on a card that cannot be played
    marks it (underlined, grey ground) in its own dim colour, never in reverse video, which
    made it look like a bright playable chip."""
    game = table(["B8 G2", "R1 R2"], discard="G3")
    app = UnoApp(game=game, bots="basic", bot_delay=30, animations=False, order="dealt")
    chips = [chip for chip in app._hand(80, 4).split("[/]") if chip.strip()]
    blue, green = chips[0], chips[1]  # the cursor is on the first card, B8: not playable
    assert "reverse" not in blue and "underline" in blue and "on #1565c0" not in blue, blue
    assert "bold white on #2e7d32" in green, green  # G2: a playable, filled chip
    app.cursor = 1
    assert "reverse underline" in app._hand(80, 4)  # the cursor on a playable chip
