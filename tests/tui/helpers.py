"""Helpers of the terminal game's tests: wait for a state, read the screen as text, play by
keys alone. Every wait is for a state of the app (never a fixed sleep), with a bound."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot

from unokit.cards import Card
from unokit.moves import CALL_UNO, DRAW, PASS, Catch, Play
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.hand import CARD_KEYS
from unokit.tui.screens import ChoiceScreen

SNAPSHOTS = Path(__file__).parent / "snapshots"
#: UNOKIT_UPDATE_SNAPSHOTS=1 pytest tests/tui  writes the snapshots anew
UPDATE = os.environ.get("UNOKIT_UPDATE_SNAPSHOTS") == "1"


async def until(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Let the app run until ``condition()`` holds (the machine may be busy)."""
    for _ in range(int(timeout / 0.02)):
        if condition():
            return True
        await pilot.pause(0.02)
    return bool(condition())


class Clock:
    """A time source turned by hand (the app's countdowns read it)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def screen_text(app: UnoApp) -> str:
    """The screen as plain text, exactly as a terminal of the app's size shows it."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    screen = app.screen
    console.print(screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def check_snapshot(name: str, text: str) -> None:
    """``text`` equals the stored snapshot ``name`` (written anew with UPDATE)."""
    path = SNAPSHOTS / f"{name}.txt"
    lines = "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
    if UPDATE or not path.exists():
        assert UPDATE, f"{path} is missing: run with UNOKIT_UPDATE_SNAPSHOTS=1 to write it"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lines, encoding="utf-8")
        return
    assert lines == path.read_text(encoding="utf-8"), f"the screen differs from {path}"


def key_for_card(app: UnoApp, index: int) -> list[str]:
    """The keys that play the card shown at ``index``: its key, or the arrows and Enter."""
    if index < len(CARD_KEYS):
        return [CARD_KEYS[index]]
    return ["home", *["right"] * index, "enter"]


def key_of(app: UnoApp, code: str) -> str:
    """The key that plays the card ``code`` ("R5") of the person's hand as shown."""
    return app.key_of(Card.parse(code))


def keyboard_move(app: UnoApp) -> list[str]:
    """The keys a simple player presses now (first legal card, else draw or keep; UNO when it
    may be called; a catch when one is open), or [] when nothing is to be done."""
    game = app.game
    legal = game.legal_moves(HUMAN)
    if isinstance(app.screen, ChoiceScreen):
        return ["1"]
    if any(isinstance(m, Catch) for m in legal):
        return ["c"]
    if CALL_UNO in legal:
        return ["u"]
    plays = [m for m in legal if isinstance(m, Play)]
    if game.current != HUMAN or game.round_over:
        return []
    if plays:
        keys = []
        if any(m.uno for m in plays) and not app.uno_armed:
            keys.append("u")
        index = app.shown.index(plays[0].card)
        return keys + key_for_card(app, index)
    if PASS in legal:
        return ["k"]
    if DRAW in legal:
        return ["d"]
    return []


async def settled_text(pilot: Pilot[Any], app: UnoApp) -> str:
    """The screen as text once it has been drawn and stays the same for a moment (a screen
    just pushed may not have been drawn yet)."""
    text = ""
    for _ in range(100):
        await pilot.pause(0.03)
        again = screen_text(app)
        if again == text and text.strip():
            return text
        text = again
    return text
