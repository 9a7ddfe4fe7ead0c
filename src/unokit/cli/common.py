"""What the commands share: the consoles, reading ``--preset``/``--rule``/``--players``,
the checks of flags before a long run, and the one-line failure (exit 2)."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.segment import Segment

from unokit.errors import RulesError, StateError
from unokit.game import Game
from unokit.rng import SEED_LIMIT
from unokit.rules import Rules

#: spaces at a line's end (before the colour codes that close it): rich pads its lines to the
#: table's width, which leaves trailing blanks in a terminal's copy or a file
TRAILING_BLANKS = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$", re.MULTILINE)


class PlainConsole(Console):
    """A console whose lines end without the padding rich adds (copied text, files)."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return TRAILING_BLANKS.sub(r"\1", super()._render_buffer(buffer))


console = PlainConsole(highlight=False)
err = Console(stderr=True, highlight=False)


def parse_rule_overrides(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RulesError(f"--rule {pair!r}: expected option=value, e.g. --rule stacking=any")
        key, _, raw = pair.partition("=")
        key = key.strip()
        try:
            value = tomllib.loads(f"v = {raw.strip()}")["v"]
        except (ValueError, RecursionError):  # not a TOML value: the text itself
            value = raw.strip()
        if key in out and out[key] != value:
            raise RulesError(
                f"--rule {key} is given twice ({out[key]!r}, then {value!r}): give it once"
            )
        out[key] = value
    return out


def rules_of(
    preset: str,
    players: int | None,
    rule: list[str],
    *,
    default_players: int | None = None,
    players_from: str | None = None,
) -> Rules:
    """The rules of ``--preset``, ``--rule`` and ``--players``; a value given twice, by a flag
    and by ``--rule``, must agree (else :class:`RulesError`)."""
    overrides = parse_rule_overrides(rule)
    if "preset" in overrides:
        raise RulesError("--rule preset=...: choose the preset with --preset")
    data: dict[str, Any] = {"preset": preset, **overrides}
    if players is not None:
        if "players" in overrides and overrides["players"] != players:
            given = players_from or f"--players {players}"
            raise RulesError(
                f"--rule players={overrides['players']} conflicts with {given}: "
                "give the number of players once"
            )
        data["players"] = players
    elif "players" not in overrides and default_players is not None:
        data["players"] = default_players
    return Rules.from_dict(data)


def check_count(name: str, value: int) -> None:
    if value < 1:
        fail(f"{name} {value}: give 1 or more")


def check_seeds(seed: int, games: int) -> None:
    """Game i is dealt from seed + i: every one must be a seed (0 to 2**64-1)."""
    if not 0 <= seed <= SEED_LIMIT - games:
        most = SEED_LIMIT - games
        if games == 1:
            fail(f"--seed {seed}: a seed is a whole number from 0 to 2**64-1 ({most})")
        fail(
            f"--seed {seed}: seeds are whole numbers from 0 to 2**64-1 and game i is dealt "
            f"from seed + i, so with {games:,} games --seed is at most {most}"
        )


def check_output(flag: str, path: Path | None) -> None:
    """Refuse, before a long run, an output file that could not be written after it."""
    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        fail(f"{flag} {path}: is a directory; give a file name")
    if not parent.is_dir():
        fail(f"{flag} {path}: the directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{flag} {path}: cannot write there (permission denied)")


def fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)  # paths stay whole
    raise typer.Exit(code)


def per_seat(values: Any) -> str:
    """Numbers per seat for people: ``seat 0: 12, seat 1: 30`` (not a Python list)."""
    return ", ".join(f"seat {seat}: {value}" for seat, value in enumerate(values))


def language(value: str) -> str:
    """A language of ``--lang`` as unokit names it: language tags are read without regard to
    case (BCP 47), ``zh-hant`` is ``zh-Hant``; ``_`` is read as ``-`` (``zh_Hant``)."""
    from unokit.tui.i18n import LANGUAGES

    wanted = value.strip().replace("_", "-").casefold()
    for language in LANGUAGES:
        if language.casefold() == wanted:
            return language
    fail(f"--lang {value!r}: expected one of {', '.join(LANGUAGES)}")


def one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def load_save(data: Any, bots: str, lang: str) -> tuple[Game, int, str, str]:
    """A saved game (:func:`unokit.record.saved_record`, or the first save format): the game,
    the bots' seed, bot level and language, every field checked (``bots``/``lang``: where the
    file names none)."""
    from unokit.bots import LEVELS, parse_bot_spec
    from unokit.record import LEGACY_SAVE_FORMAT, load_saved, show
    from unokit.tui.i18n import LANGUAGES

    saved = load_saved(data)
    at = "" if isinstance(data, dict) and data.get("format") == LEGACY_SAVE_FORMAT else "meta."
    seed = saved.meta.get("seed", saved.game.seed)
    if not isinstance(seed, int):
        raise StateError(f"{at}seed = {show(seed)}: expected a whole number from 0 to 2**64-1")
    level = saved.meta.get("bots", bots)
    try:
        if not isinstance(level, str):
            raise ValueError(level)
        level = str(parse_bot_spec(level))
    except ValueError:
        raise StateError(
            f"{at}bots = {show(level)}: expected one of {', '.join(LEVELS)} or policy:PATH"
        ) from None
    language = saved.meta.get("lang", lang)
    if language not in LANGUAGES:
        raise StateError(f"{at}lang = {show(language)}: expected one of {', '.join(LANGUAGES)}")
    return saved.game, seed, str(level), str(language)
