"""``unokit play``: a match against bots in the terminal (the Textual app, unokit.tui)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from unokit.cli.common import (
    check_output,
    fail,
    language,
    load_save,
    one_line,
    rules_of,
)
from unokit.errors import UnoError
from unokit.record import read_json


def play(
    preset: Annotated[str, typer.Option(help="rules preset")] = "official",
    players: Annotated[int, typer.Option(help="seats (you are seat 0)")] = 4,
    bots: Annotated[
        str,
        typer.Option(
            help="the bots: a level (random, basic, strong, expert, learned) or policy:PATH "
            "(a trained policy: .npz weights or an SB3 .zip)"
        ),
    ] = "strong",
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
    lang: Annotated[
        str | None, typer.Option(help="en, zh-Hant or zh-Hans  [default: en, or the save's]")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed (default: a new game each time)")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved game")] = None,
    save: Annotated[Path, typer.Option(help="where quitting saves the game")] = Path(
        "unokit-save.json"
    ),
    delay: Annotated[
        float | None,
        typer.Option(
            help="seconds the bots wait before acting, 0-60  [default: 0.8, or the save's]"
        ),
    ] = None,
    jump_window: Annotated[
        float | None,
        typer.Option(
            help="seconds the bots wait for you when you may jump in or catch, 0-60 "
            "(0: no longer than --delay)  [default: 3, or the save's]"
        ),
    ] = None,
    sort: Annotated[
        str | None,
        typer.Option(help="your hand's order: color, number or dealt  [default: color]"),
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            help="where each finished match's record is saved  [default: "
            "$XDG_DATA_HOME/unokit/games, else ~/.local/share/unokit/games]"
        ),
    ] = None,
    animations: Annotated[bool, typer.Option(help="cards slide onto the pile")] = True,
    bell: Annotated[bool, typer.Option(help="the terminal bell on your turn")] = True,
    takeback: Annotated[
        bool, typer.Option(help="allow taking back your last move (a casual game with bots)")
    ] = False,
) -> None:
    """Play a match against bots in the terminal (keys: ? in the game)."""
    import random

    from unokit.tui.app import UnoApp
    from unokit.tui.hand import ORDERS

    if lang is not None:
        lang = language(lang)
    for flag, value in (("--delay", delay), ("--jump-window", jump_window)):
        if value is not None and not 0 <= value <= 60:  # (nan fails both comparisons)
            fail(f"{flag} {value}: give a number of seconds from 0 to 60")
    if sort is not None and sort not in ORDERS:
        fail(f"--sort {sort!r}: expected one of {', '.join(ORDERS)}")
    bots = _checked_bots("--bots", bots)
    if records is not None:
        _check_records(records)
    records_dir = records if records is not None else _records_dir()
    options: dict[str, Any] = {
        "records_dir": records_dir,
        "animations": animations,
        "bell": bell,
        "takeback": takeback,
    }
    if resume is not None:
        try:
            data = read_json(resume)
            game, saved_seed, saved_bots, saved_lang = load_save(data, bots, lang or "en")
            kept = _kept_settings(data)
        except UnoError as error:
            fail(f"cannot resume {resume}: {one_line(error)}")
        application = UnoApp(
            game=game,
            seed=saved_seed,
            bots=saved_bots,
            lang=lang or saved_lang,  # --lang given now wins over the save's
            save_path=resume,
            # a finished match opened again is its own record: no copy is written
            record_path=resume if game.match_over else None,
            # the save's delay, jump-in window and hand order, unless given now
            bot_delay=delay if delay is not None else kept.get("delay", 0.8),
            jump_window=jump_window if jump_window is not None else kept.get("jump", 3.0),
            order=sort or str(kept.get("order", "color")),
            **options,
        )
    else:
        check_output("--save", save)
        try:
            rules = rules_of(preset, players, rule)
            chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)
            application = UnoApp(
                rules,
                chosen,
                bots=bots,
                lang=lang or "en",
                save_path=save,
                bot_delay=0.8 if delay is None else delay,
                jump_window=3.0 if jump_window is None else jump_window,
                order=sort or "color",
                **options,
            )
        except (UnoError, ValueError, OSError, KeyError) as error:
            fail(str(error))
    application.run()
    if application.return_code:  # the game crashed (Textual has shown why): say so
        raise typer.Exit(application.return_code)


def _check_records(folder: Path) -> None:
    """``--records``: the folder is made now (not at the match's end, when a failure would
    lose the record), and must be one that can be written to."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--records {folder}: cannot make the folder there ({error.strerror or error})")
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(f"--records {folder}: cannot write there (permission denied)")


def _kept_settings(data: Any) -> dict[str, Any]:
    """The terminal game's settings a save keeps (``meta``): the bots' delay and the jump-in
    window (in milliseconds there), the hand's order; those it does not keep are left out."""
    from unokit.tui.hand import ORDERS

    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, name in (("delay_ms", "delay"), ("jump_ms", "jump")):
        value = meta.get(key)
        if isinstance(value, int) and 0 <= value <= 60_000:
            kept[name] = value / 1000
    if meta.get("order") in ORDERS:
        kept["order"] = meta["order"]
    return kept


def _records_dir() -> Path:
    """Where ``unokit play`` keeps finished matches' records: ``$XDG_DATA_HOME/unokit/games``
    (``~/.local/share/unokit/games``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "unokit" / "games"


def _checked_bots(flag: str, spec: str) -> str:
    """The bot spec of ``unokit play`` (a level or ``policy:PATH``), checked before the game
    starts: the bot is made once, so a policy file that cannot be played is refused here."""
    from unokit.bots import make_bot, parse_bot_spec

    try:
        checked = str(parse_bot_spec(spec))
        make_bot(checked)
    except ValueError as error:
        fail(f"{flag}: {error}")
    return checked
