"""The texts of the round and match summaries: a round's cards and points per player; at the end
of a match the ranking first (in view at 80x24), the points of every round, where the match's
record is, and each player's statistics.

>>> grid([["Player", "Total"], ["You", "12"], ["Seat 10", "130"]])
['Player   Total', 'You         12', 'Seat 10    130']
>>> path_lines(Path("/srv/games/unokit-20261201.json"), 12)
['/srv/games/', 'unokit-20261', '201.json']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len

from unokit.game import Game
from unokit.tui.i18n import tr, trn
from unokit.tui.stats import MatchStats

__all__ = ["grid", "match_lines", "path_lines", "round_lines"]


def grid(rows: list[list[str]]) -> list[str]:
    """Rows as aligned text (the first column to the left, the others to the right), each
    column as wide as its widest cell, so nothing is cut or wrapped."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - cell_len(cell))
            cells.append(cell + pad if i == 0 else pad + cell)
        lines.append("  ".join(cells).rstrip())
    return lines


def path_lines(path: Path, width: int) -> list[str]:
    """``path`` as lines of at most ``width`` (~ for the home folder), broken after a "/" so
    that every part of it shows (a copy joins the lines)."""
    text = str(path)
    home = str(Path.home())
    if home != "/" and text.startswith(home + "/"):
        text = "~" + text[len(home) :]
    lines = [""]
    for part in re.split("(?<=/)", text):
        while part:
            if lines[-1] and cell_len(lines[-1] + part) > width:
                lines.append("")
            room = width - cell_len(lines[-1])
            lines[-1] += part[:room]
            part = part[room:]
    return lines


def round_lines(game: Game, lang: str, name: Callable[[int], str]) -> list[str]:
    """A round just over: each player's cards left, the round's points and the totals."""
    scored = game.rules.scoring != "none"
    header = [tr(lang, "col_player"), tr(lang, "col_cards_left")]
    if scored:
        header += [tr(lang, "col_round"), tr(lang, "col_total")]
    rows = [header]
    for seat in range(game.n):
        row = [name(seat), str(len(game.hands[seat]))]
        if scored:
            row += [f"{game.round_points[seat]:+d}", str(game.scores[seat])]
        rows.append(row)
    lines = grid(rows)
    if scored:
        lines.append(_target(game, lang))
    return lines


def _target(game: Game, lang: str) -> str:
    rules = game.rules
    text = trn(lang, "target_line", rules.target_score)
    if rules.rounds:
        text += tr(lang, "rounds_of", number=game.round_no, rounds=rules.rounds)
    return text


def match_lines(
    game: Game,
    lang: str,
    name: Callable[[int], str],
    stats: MatchStats,
    record: list[str],
) -> list[str]:
    """The end of a match: the ranking (with the totals), the points round by round, the
    lines about the match's record, the statistics per player."""
    scored = game.rules.scoring != "none"
    column = tr(lang, "col_total") if scored else tr(lang, "col_cards_left")
    rows = [[tr(lang, "col_place"), column]]
    for place, seat in enumerate(game.match_ranking, 1):
        value = str(game.scores[seat]) if scored else str(len(game.hands[seat]))
        rows.append([f"{place}. {name(seat)}", value])
    lines = [tr(lang, "ranking"), *grid(rows)]
    if scored and len(stats.history) > 1:
        lines += ["", tr(lang, "history"), *_history(game, lang, stats)]
    lines += record
    cols = ("col_player", "col_rounds_won", "col_drawn", "col_penalties", "col_catches")
    rows = [[tr(lang, col) for col in cols]]
    for seat in game.match_ranking:
        rows.append(
            [
                name(seat),
                str(stats.rounds_won[seat]),
                str(stats.drawn[seat]),
                str(stats.penalties[seat]),
                str(stats.catches[seat]),
            ]
        )
    return [*lines, "", tr(lang, "statistics"), *grid(rows), tr(lang, "penalties_note")]


def _history(game: Game, lang: str, stats: MatchStats) -> list[str]:
    """The points each player gained round by round (players in seat order, as at the
    table), and the totals."""
    seats = list(range(game.n))
    header = [tr(lang, "col_round_no"), *(_short(lang, s) for s in seats)]
    rows = [header]
    for number, points in stats.history:
        rows.append([str(number), *(f"{p:+d}" if p else "0" for p in points)])
    rows.append([tr(lang, "col_total"), *(str(game.scores[s]) for s in seats)])
    return grid(rows)


def _short(lang: str, seat: int) -> str:
    """A player's column in the history: "You", "1", "2"... (the seat numbers)."""
    return tr(lang, "you") if seat == 0 else str(seat)
