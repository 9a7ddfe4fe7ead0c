"""``unokit replay``: a match's record, step by step, in the terminal (Textual), or printed.

A record is read into :class:`Replay`: its steps (the deal, then each move), each with the
narrator's words for it and the table after it. The viewer (:class:`ReplayApp`) shows a header
(the rules in words, when the match was saved, which seat was you), the table at the current
step (every hand, or only how many cards where the record hides them: a match still in play),
the moves told so far, and steps both ways: → and ← one move, PgDn and PgUp ten, Home and End,
``r`` the list of rounds (jump to one), ``q`` quits at once. A new round is a heading, never a
numbered move.

>>> from unokit import Game, Rules
>>> from unokit.moves import DEAL, REFEREE
>>> game = Game(Rules(players=2, hand_size=1, target_score=1), 2)
>>> while not game.match_over:
...     if game.round_over:
...         _ = game.apply(REFEREE, DEAL)
...     else:
...         _ = game.apply(game.current, game.legal_moves(game.current)[0])
>>> replay = Replay.from_data(game.record())
>>> replay.steps[0].number, replay.steps[-1].round_no == game.round_no
(0, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import RichLog, Static

from unokit.cards import COLOR_OF, Card
from unokit.game import Game
from unokit.moves import REFEREE, Deal
from unokit.narrator import card_name, color_name, narrate
from unokit.notation import parse_move
from unokit.record import load_record, load_saved, replay_moves
from unokit.rule_words import describe_rules
from unokit.tui.hand import in_order
from unokit.tui.i18n import list_sep, tr, trn
from unokit.tui.screens import Answer, ChoiceScreen, too_small

__all__ = ["Replay", "ReplayApp", "Step"]

_COLORS = ["#c62828", "#f9a825", "#2e7d32", "#1565c0"]


@dataclass(slots=True)
class Step:
    """One step of a replay: the deal (``number`` 0) or a move (``number`` from 1, deals not
    counted), the round it belongs to, what was said, and the table after it."""

    number: int
    round_no: int
    lines: list[str]
    game: Game
    deal: bool = False  #: a new round's deal (told as a heading)
    seat: int | None = None  #: who moved (``None``: the referee, a deal)


@dataclass(slots=True)
class Replay:
    """A record's steps, and what its file says about the match (``meta``)."""

    steps: list[Step]
    meta: dict[str, Any] = field(default_factory=dict)
    everything: bool = True  #: every hand shown (a finished match, or ``--reveal``)
    you: int | None = None  #: the seat of the player who saved it, where known
    names: dict[int, str] | None = None
    saved: str = ""  #: when the match was saved

    @classmethod
    def from_data(
        cls,
        data: Any,
        lang: str = "en",
        reveal: bool = False,
        path: Path | None = None,
    ) -> Replay:
        """The steps of a record or a saved game (every field checked: raises
        :class:`~unokit.errors.StateError`). A match still in play hides what a spectator
        may not see, unless ``reveal``."""
        saved = load_saved(data)
        meta = dict(saved.meta)
        game, moves = load_record(saved.game.record())
        everything = saved.game.match_over or reveal
        kept = meta.get("names")
        names = {i: str(n) for i, n in enumerate(kept)} if isinstance(kept, list) else None
        you = meta.get("you")
        if not isinstance(you, int) or not 0 <= you < game.n:
            you = 0 if "bots" in meta else None  # a terminal game's save: you were seat 0
        when = meta.get("saved")
        if not isinstance(when, str):
            when = (
                time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
                if (path is not None and path.exists())
                else ""
            )
        replay = cls([], meta, everything, you, names, when)

        def told(events: list[Any]) -> list[str]:
            return [narrate(e, you, lang, names, everything=everything) for e in events]

        steps = [Step(0, game.round_no, told(list(game.deal_events)), game.copy(), True)]
        number = 0
        for text in moves:
            said = replay_moves(game, [text])[0]
            seat, move = parse_move(text)
            deal = isinstance(move, Deal)
            if not deal:
                number += 1
            who = None if seat == REFEREE else seat
            steps.append(Step(number, game.round_no, told(said), game.copy(), deal, who))
        replay.steps = steps
        return replay

    @property
    def moves(self) -> int:
        """How many moves (deals not counted)."""
        return self.steps[-1].number

    def rounds(self) -> list[int]:
        """The index of each round's first step (its deal)."""
        return [i for i, step in enumerate(self.steps) if step.deal]


def header_lines(replay: Replay, lang: str, source: str) -> list[str]:
    """What the replay is: the file, when it was saved, the rules in words, who was who."""
    game = replay.steps[0].game
    rules = describe_rules(game.rules, lang)
    lines = [tr(lang, "replay_of", file=source), rules[0]]
    if len(rules) > 1:
        lines.append(" ".join(rules[1:]))
    who = []
    if replay.saved:
        who.append(tr(lang, "replay_saved", when=replay.saved))
    if replay.you is not None:
        who.append(tr(lang, "replay_you", seat=replay.you))
    if not replay.everything:
        who.append(tr(lang, "replay_hidden"))
    if who:
        lines.append(" · ".join(who))
    return lines


def seat_label(lang: str, seat: int, replay: Replay) -> str:
    name = (replay.names or {}).get(seat) or tr(lang, "seat_n", number=seat)
    if seat == replay.you:
        name += tr(lang, "replay_is_you")
    return name


def table_lines(game: Game, lang: str, replay: Replay) -> list[str]:
    """The table after a step, as markup: each seat (the one to act marked), its cards by
    colour (or how many), UNO, its score; the top card, the colour, the direction, the draw pile."""
    lines = []
    sep = list_sep(lang)
    for seat, hand in enumerate(game.hands):
        mark = "▶" if seat == game.current and not game.round_over else " "
        shown = replay.everything or seat == replay.you
        if shown and hand:
            cards = sep.join(_card(lang, c) for c in in_order(hand, "color"))
        else:
            cards = escape(trn(lang, "n_cards", len(hand)))
        extra = []
        if game.uno_called(seat) and hand:
            extra.append("[b black on #f9a825]UNO[/]")
        if not game.in_round[seat]:
            extra.append(escape(tr(lang, "out")))
        if game.rules.scoring != "none":
            extra.append(escape(tr(lang, "points_short", points=game.scores[seat])))
        label = escape(seat_label(lang, seat, replay))
        tail = f" [dim]· {' · '.join(extra)}[/]" if extra else ""
        lines.append(f"{mark} [b]{label}[/]: {cards}{tail}")
    top = _card(lang, game.top) if game.top is not None else "-"
    about = []
    if game.color >= 0:
        about.append(f"{tr(lang, 'color')} {escape(color_name(game.color, lang))}")
    about.append(tr(lang, "direction_cw" if game.direction == 1 else "direction_ccw"))
    about.append(f"{tr(lang, 'draw_pile')} {len(game.draw_pile)}")
    if game.pending_draw:
        about.append(f"[b red]{tr(lang, 'pending')} {game.pending_draw}[/]")
    lines.append(f"  {tr(lang, 'top')}: {top}  [dim]{' · '.join(about)}[/]")
    return lines


def _card(lang: str, card: Card) -> str:
    color = COLOR_OF[card]
    name = escape(card_name(card, lang))
    if color < 0:
        return f"[b]{name}[/]"
    return f"[{_COLORS[color]}]{name}[/]"


class ReplayScreen(Screen[None]):
    """The replay: the header, the table at the step, the moves told so far, the keys."""

    DEFAULT_CSS = """
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-header { height: auto; background: $primary; color: $text;
                                  padding: 0 1; }
    ReplayScreen #replay-step { height: 1; padding: 0 1; text-style: bold; }
    ReplayScreen #replay-table { height: auto; padding: 0 1; }
    ReplayScreen #replay-log { height: 1fr; min-height: 4; border: round $secondary;
                               padding: 0 1; scrollbar-size: 1 1; }
    ReplayScreen #replay-keys { height: auto; background: $panel; padding: 0 1; }
    ReplayScreen #replay-small { display: none; padding: 1 2; }
    ReplayScreen.small #replay-small { display: block; }
    ReplayScreen.small #replay-main { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,n,enter", "step(1)", show=False),
        Binding("left,backspace,b", "step(-1)", show=False),
        Binding("pagedown", "step(10)", show=False),
        Binding("pageup", "step(-10)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
        Binding("down", "next_round(1)", show=False),
        Binding("up", "next_round(-1)", show=False),
        Binding("r", "rounds", show=False),
        Binding("q,escape", "app.quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-main"):
            yield Static(id="replay-header")
            yield Static(id="replay-step")
            yield Static(id="replay-table")
            log = RichLog(id="replay-log", wrap=True, markup=True, highlight=False)
            log.can_focus = False
            yield log
            yield Static(id="replay-keys")
        yield Static(id="replay-small")

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    @property
    def viewer(self) -> ReplayApp:
        app = self.app
        assert isinstance(app, ReplayApp)
        return app

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not too_small(self.app.size) or action == "quit"

    def show(self) -> None:
        """Draw the step the viewer is at."""
        viewer = self.viewer
        lang = viewer.lang
        small = too_small(self.app.size)
        self.set_class(small, "small")
        if small:
            width, height = self.app.size
            self.query_one("#replay-small", Static).update(
                tr(lang, "too_small", width=width, height=height, min_width=60, min_height=20)
            )
            return
        replay = viewer.replay
        step = replay.steps[viewer.at]
        self.query_one("#replay-header", Static).update(
            escape("\n".join(header_lines(replay, lang, viewer.source)))
        )
        where = tr(
            lang,
            "replay_where",
            number=step.number,
            moves=replay.moves,
            round=step.round_no,
            rounds=len(replay.rounds()),
        )
        self.query_one("#replay-step", Static).update(escape(where))
        self.query_one("#replay-table", Static).update(
            "\n".join(table_lines(step.game, lang, replay))
        )
        log = self.query_one("#replay-log", RichLog)
        log.clear()
        first = replay.rounds()[_round_index(replay, viewer.at)]
        for i in range(first, viewer.at + 1):
            for line in _step_lines(replay.steps[i], lang, current=i == viewer.at):
                log.write(line)
        log.scroll_end(animate=False)
        self.query_one("#replay-keys", Static).update(escape(tr(lang, "replay_keys")))

    def action_step(self, by: int) -> None:
        viewer = self.viewer
        viewer.at = max(0, min(len(viewer.replay.steps) - 1, viewer.at + by))
        self.show()

    def action_go(self, index: int) -> None:
        viewer = self.viewer
        viewer.at = index % len(viewer.replay.steps)
        self.show()

    def action_next_round(self, by: int) -> None:
        viewer = self.viewer
        starts = viewer.replay.rounds()
        index = _round_index(viewer.replay, viewer.at)
        if by < 0 and viewer.at > starts[index]:
            viewer.at = starts[index]  # back to the start of this round first
        else:
            viewer.at = starts[max(0, min(len(starts) - 1, index + by))]
        self.show()

    def action_rounds(self) -> None:
        """The list of rounds: how each ended; choosing one goes to its deal."""
        viewer = self.viewer
        lang = viewer.lang
        replay = viewer.replay
        starts = replay.rounds()
        answers = []
        for i, start in enumerate(starts):
            end = starts[i + 1] - 1 if i + 1 < len(starts) else len(replay.steps) - 1
            last = replay.steps[end]
            winner = last.game.winner if last.game.round_over else None
            summary = (
                tr(lang, "replay_round_won", name=seat_label(lang, winner, replay))
                if winner is not None and winner >= 0
                else tr(lang, "replay_round_open")
                if not last.game.round_over
                else ""
            )
            moves = trn(lang, "n_moves", last.number - replay.steps[start].number)
            label = tr(lang, "round_heading", number=replay.steps[start].round_no)
            answers.append(Answer(" · ".join(p for p in (label, moves, summary) if p), start))

        def go(start: int | None) -> None:
            if start is not None:
                viewer.at = start
            self.show()

        self.app.push_screen(ChoiceScreen(tr(lang, "replay_rounds"), answers, lang=lang), go)


def _round_index(replay: Replay, at: int) -> int:
    starts = replay.rounds()
    return max(i for i, start in enumerate(starts) if start <= at)


def _step_lines(step: Step, lang: str, current: bool) -> list[Text | str]:
    """A step as the log shows it: a round's heading, or the move's number and its words."""
    style = "reverse" if current else ""
    if step.deal:
        heading = Text(f"── {tr(lang, 'round_heading', number=step.round_no)} ──", style="bold")
        if current:
            heading.stylize("reverse")
        return [heading, *(Text("   " + line, style="dim") for line in step.lines)]
    if not step.lines:
        return []
    head = Text(f"{step.number:>4}. ", style="bold")
    head.append(step.lines[0], style="bold " + style)
    return [head, *(Text("      " + line, style=style) for line in step.lines[1:])]


class ReplayApp(App[None]):
    """The replay viewer (see the module docstring)."""

    TITLE = "unokit replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, replay: Replay, lang: str = "en", source: str = "", at: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.lang = lang
        self.source = source
        self.at = at  #: the step shown

    def get_default_screen(self) -> Screen[Any]:
        return ReplayScreen()

    def on_key(self, event: events.Key) -> None:
        if event.key == "ctrl+c":
            self.exit()
