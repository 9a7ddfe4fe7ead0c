"""Every rule option applied in the terminal game (issue 21, item 3): each case of
tests/interface_cases.py played by keys at 80x24, the game compared with the engine's result.
A move the engine refuses is refused by the keys too (nothing changes, a reason is shown).

The driver (:func:`make`) is the terminal's half of the option-by-interface check; the
browser's is the same loop with clicks (tests/web)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.interface_cases import CASES, Case
from tests.tui.helpers import until
from unokit.cards import Card
from unokit.game import Game
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
    Catch,
    Move,
    Play,
)
from unokit.rules import OPTIONS
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.i18n import tr
from unokit.tui.options import APPLIED, markdown
from unokit.tui.screens import ChoiceScreen

DOCS = Path(__file__).parents[2] / "docs" / "terminal.md"


def test_every_option_says_how_the_terminal_applies_it() -> None:
    assert set(APPLIED) == set(OPTIONS)
    assert markdown() in DOCS.read_text("utf-8"), "docs/terminal.md: paste options.markdown()"


def _answer(screen: ChoiceScreen, move: Play, lang: str) -> int | None:
    """The answer of a question asked on the way to ``move``."""
    for i, answer in enumerate(screen.answers):
        value = answer.value
        if isinstance(value, tuple):  # which cards
            if sorted(value) == sorted(move.cards):
                return i
        elif value in ("color", "peek", "trade"):
            use = (
                "peek" if move.peek is not None else "trade" if move.trade is not None else "color"
            )
            if value == use:
                return i
        elif value == "yes":  # play it anyway (misplay)
            return i
        elif isinstance(value, int) and screen.question == tr(lang, "choose_color"):
            if move.color is not None and value == int(move.color):
                return i
        elif isinstance(value, int) and value in (move.swap, move.peek, move.trade):
            return i
    return None


async def make(pilot: Pilot[Any], app: UnoApp, seat: int, move: Move) -> None:
    """Make ``move`` of ``seat`` with the keys a player would press (the referee's deal: the
    round summary's "Next round"); a move the interface refuses leaves a question cancelled."""
    before = len(app.game.history)
    if seat == REFEREE and move == TIMEOUT:  # the round's match clock (match_clock)
        if app.rules.match_clock:
            assert await until(pilot, lambda: len(app.game.history) > before)
        return
    if seat == REFEREE:
        assert move == DEAL
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("n")
    elif move == TIMEOUT:
        if app.rules.turn_time_limit:
            assert await until(pilot, lambda: len(app.game.history) > before)
        return
    elif isinstance(move, Play):
        if move.uno:
            await pilot.press("u")
        await pilot.press(app.key_of(move.cards[-1]))  # of several: the one that needs them
        for _ in range(5):
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, ChoiceScreen):
                break
            index = _answer(screen, move, app.lang)
            await pilot.press("escape" if index is None else str(index + 1))
            if index is None:
                break
    else:
        keys = {DRAW: "d", PASS: "k", CHALLENGE: "h", CALL_UNO: "u"}
        if isinstance(move, Catch):
            await pilot.press("c")
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ChoiceScreen):
                index = next(i for i, a in enumerate(screen.answers) if a.value == move.target)
                await pilot.press(str(index + 1))
        else:
            await pilot.press(keys[move])
    await pilot.pause()


def _state(game: Game) -> dict[str, Any]:
    return game.to_dict()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
async def test_the_option_is_applied_by_keys(case: Case) -> None:
    expected, allowed = case.expected()
    options: dict[str, Any] = {
        "bots": "basic",
        "bot_delay": 60,
        "animations": False,
        "bell": False,
        "jump_window": 0,
        "order": "dealt",
    }
    if case.hands:
        app = UnoApp(game=case.game(), **options)
    else:
        app = UnoApp(case.rules(), case.seed, **options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for (seat, move), ok in zip(case.moves(), allowed, strict=True):
            count = len(app.game.history)
            app.notice = ""
            await make(pilot, app, seat, move)
            if ok:
                assert await until(pilot, lambda count=count: len(app.game.history) > count)
            else:  # refused, and said why (a move the table has no way to make: none)
                assert len(app.game.history) == count, (case.name, move)
                assert app.notice or move == TIMEOUT, (case.name, move)
        assert await until(pilot, lambda: _state(app.game) == _state(expected)), case.name
    assert app.game.hands[HUMAN] == expected.hands[HUMAN]


async def test_a_misplay_asks_first_and_takes_the_penalty() -> None:
    """table001 (misplay = penalty_end_turn): an unplayable card's key asks "green 2 does not
    match ...: play it anyway and take the penalty?"; n keeps the card, y plays it: it goes
    back, a card is drawn, the turn passes (RULES.md §7.9)."""
    case = next(c for c in CASES if c.name == "misplay=penalty_end_turn")
    app = UnoApp(game=case.game(), bots="basic", bot_delay=60, animations=False, order="dealt")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(app.key_of(Card.parse("G2")))
        assert await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert screen.question.startswith("Green 2 does not match the top card red 8")
        assert screen.question.endswith("play it anyway and take the penalty?")
        await pilot.press("n")
        assert await until(pilot, lambda: not app.dialog_open)
        assert not app.game.history and len(app.game.hands[HUMAN]) == 3
        await pilot.press(app.key_of(Card.parse("G2")), "y")
        assert await until(pilot, lambda: len(app.game.hands[HUMAN]) == 4)
        assert app.game.current == 1
        log = "\n".join(app.log_lines())
        assert "You misplay green 2" in log and "Your new cards: " in log
