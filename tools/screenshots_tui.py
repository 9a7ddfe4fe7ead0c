"""Screenshots of the terminal game for docs/terminal.md and README.md (docs/images/tui-*.svg).

Runs ``unokit play``'s app (:class:`unokit.tui.app.UnoApp`) headless under Textual's pilot at a
fixed terminal size and saves the screen as SVG: the table at 80x24 in English and in
Traditional Chinese, the keys page (``?``) at 80x24, an 8-player table at 120x40.

    .venv/bin/python tools/screenshots_tui.py            # every picture
    .venv/bin/python tools/screenshots_tui.py --out DIR  # somewhere else

The deal, the bots and the moves come from fixed seeds, and every picture is taken once the
app waits for the person (the bots have had their say, no timer is left): two runs give the
same files. The person plays by keys alone, the first card it may play (else draw and keep).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from unokit import Rules
from unokit.moves import DRAW, PASS, Play
from unokit.tui.app import HUMAN, UnoApp
from unokit.tui.hand import CARD_KEYS
from unokit.tui.screens import ChoiceScreen, PageScreen

ROOT = Path(__file__).resolve().parent.parent
#: seconds a bot waits before it acts: short, as the moves do not depend on it
BOT_DELAY = 0.02
#: the 4-player table: its seed and the person's turns before the picture (seat 2 at UNO)
SEED_4, TURNS_4 = 12, 3
#: the 8-player table at 120x40
SEED_8, TURNS_8 = 1, 1


async def until(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 30) -> None:
    """Let the app run until ``condition()`` holds, or fail."""
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    if not condition():
        raise SystemExit(f"the app did not reach the state within {timeout} s")


def waits_for_me(app: UnoApp) -> bool:
    """The person's turn, no dialog open, and the bots have had their say (none jumped in)."""
    game = app.game
    return (
        not game.round_over
        and game.current == HUMAN
        and not app.dialog_open
        and not app._pending_bot  # the bots' step after the last move has run
    )


def moved(app: UnoApp, moves: int, asked: bool = False) -> bool:
    """The game has gone past its first ``moves`` moves (or, with ``asked``, a dialog asks
    what the move still leaves open)."""
    return len(app.game.history) > moves or (asked and isinstance(app.screen, ChoiceScreen))


async def my_turns(pilot: Pilot[Any], app: UnoApp, turns: int) -> None:
    """The person plays ``turns`` turns by keys (the first card it may play that names no
    colour, else any, else draw and keep), then waits for its next turn with a card to play."""
    played = 0
    while True:
        await until(pilot, lambda: waits_for_me(app))
        legal = app.game.legal_moves(HUMAN)
        plays = [m for m in legal if isinstance(m, Play) and not m.uno]
        if played >= turns and plays:
            break
        hand, moves = app.shown, len(app.game.history)  # the hand as shown: the keys' order
        plain = [m for m in plays if not m.card.is_wild] or plays
        if plain and hand.index(plain[0].card) < len(CARD_KEYS):
            await pilot.press(CARD_KEYS[hand.index(plain[0].card)])
        elif DRAW in legal:
            await pilot.press("d")
        elif PASS in legal:
            await pilot.press("k")
        else:
            raise SystemExit(f"no move by keys among {legal}")
        await until(pilot, partial(moved, app, moves, asked=True))
        if isinstance(app.screen, ChoiceScreen):  # a colour, whom to swap with...
            await pilot.press("1")
            await until(pilot, partial(moved, app, moves))
        played += 1


async def settle(pilot: Pilot[Any], app: UnoApp) -> None:
    """The screen drawn with the latest state, and no toast over it."""
    app.clear_notifications()
    app.refresh_view()
    for _ in range(3):
        await pilot.pause()
    await pilot.wait_for_scheduled_animations()


def shoot(app: UnoApp, out: Path, name: str) -> None:
    path = out / name
    app.save_screenshot(path=str(out), filename=name)
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


async def table(
    out: Path,
    name: str,
    players: int,
    size: tuple[int, int],
    seed: int,
    turns: int,
    lang: str = "en",
    help_page: bool = False,
) -> None:
    """An online table against strong bots, mid-round, the person to play (with the keys
    page over it when ``help_page``)."""
    rules = Rules.preset("online", players=players)
    app = UnoApp(
        rules, seed, bots="strong", lang=lang, bot_delay=BOT_DELAY, animations=False, jump_window=0
    )
    async with app.run_test(size=size) as pilot:
        await my_turns(pilot, app, turns)
        if help_page:
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, PageScreen))
        await settle(pilot, app)
        shoot(app, out, name)


async def every(out: Path) -> None:
    await table(out, "tui-80x24.svg", 4, (80, 24), SEED_4, TURNS_4)
    await table(out, "tui-80x24-zh-Hant.svg", 4, (80, 24), SEED_4, TURNS_4, lang="zh-Hant")
    await table(out, "tui-help-80x24.svg", 4, (80, 24), SEED_4, TURNS_4, help_page=True)
    await table(out, "tui-120x40.svg", 8, (120, 40), SEED_8, TURNS_8)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(every(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
