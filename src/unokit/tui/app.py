"""``unokit play``: a full-screen terminal game against bots (Textual), played by keyboard or
mouse.

The person sits at seat 0; bots take the other seats. Every decision the rules ask of the
person is offered when, and only when, the engine lists it among the seat's legal moves: the
bright cards of the hand are the playable ones (number keys, or the arrows and Enter), a wild
asks for its colour (r y g b), a 7 (seven-zero) asks for a target, the action line shows draw /
keep / challenge / take the penalty / UNO / catch with their keys. Bots act after a short
delay, so the person can jump in or catch them. The log tells every ruling in the narrator's
words (:func:`unokit.narrator.narrate`).

Nothing on the table screen takes the focus: its keys are the screen's, so no dialog that
closes can leave the keyboard with a widget that is gone (issue 12, defect 1).
"""

from __future__ import annotations

import copy
import json
import re
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from unokit import events as ev
from unokit.bots import Bot, make_bot
from unokit.bots.table import apply_and_tell
from unokit.cards import COLOR_OF, Card, Color, card_points
from unokit.errors import RulesError, UnoError
from unokit.game import Game
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    Catch,
    ChooseColor,
    Move,
    Play,
)
from unokit.narrator import describe_rules, narrate
from unokit.phase import Phase
from unokit.record import load_record, replay_moves, saved_record
from unokit.rng import SEED_LIMIT
from unokit.rule_words import PRESET_NAMES, closest_preset, describe_option
from unokit.rules import Rules
from unokit.tui.hints import CARD_KEYS, card_key, hint, refusal, refused, seat_name
from unokit.tui.i18n import card_name, color_name, list_sep, tr, trn
from unokit.tui.screens import Answer, ChoiceScreen, PageScreen, Settings, SettingsScreen
from unokit.tui.stats import MatchStats

__all__ = ["HUMAN", "MIN_SIZE", "UnoApp"]

HUMAN = 0
#: the smallest terminal the table fits in (columns, lines); below it a note asks for more
MIN_SIZE = (60, 20)
#: card colours: backgrounds of playable cards, text of the others (distinct in 256 colours)
_CSS_COLORS = ["#c62828", "#f9a825", "#2e7d32", "#1565c0"]
_WILD = "#424242"
_COLOR_KEYS = "rygb"
#: the rows the log keeps at the least (its border and 4 lines)
_LOG_MIN = 6
#: how far the card played slides (columns): yours, the others'
SLIDE = (12, 6)
#: how long the table stays in view after a round's last card, before its summary (seconds)
ROUND_PAUSE = 1.2
_PENALTY_KINDS = frozenset(
    {"false_uno", "false_catch", "caught", "misplay", "timeout", "table_penalty"}
)


@dataclass(slots=True)
class _Snapshot:
    """The table before one of the person's moves (take-back)."""

    game: Game
    bots: list[Bot | None]


class GameLog(RichLog):
    """The log: keeps its lines' text and wraps them again whenever its width changes (a
    terminal shrunk and grown again, or a log hidden while the terminal was too small, keeps
    no lines wrapped or cut at the old width)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.texts: list[str] = []
        self._wrapped_at = 0

    def say(self, text: str) -> None:
        """Add a line."""
        self.texts.append(text)
        self._wrapped_at = self.scrollable_content_region.width
        self.write(text)

    def tell_again(self, texts: list[str]) -> None:
        """Replace every line."""
        self.texts = list(texts)
        self._rewrap()

    def _rewrap(self) -> None:
        self.clear()
        self._wrapped_at = self.scrollable_content_region.width
        for text in self.texts:
            self.write(text, scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and width != self._wrapped_at and self.texts:
            self._rewrap()


class TableScreen(Screen[None]):
    """The table: opponents, the top card, the hand, the actions, the log, the keys."""

    DEFAULT_CSS = """
    TableScreen #main { height: 1fr; }
    TableScreen #title-bar { height: 1; background: $primary; color: $text; padding: 0 1; }
    TableScreen #opponents { height: auto; padding: 0 1; }
    TableScreen #table-line { height: 1; padding: 0 1; }
    TableScreen #top { width: auto; height: 1; }
    TableScreen #table-info { width: 1fr; height: 1; }
    TableScreen #status { height: 1; padding: 0 1; text-style: bold; }
    TableScreen #you { height: 1; padding: 0 1; }
    TableScreen #hand { height: auto; padding: 0 1; }
    TableScreen #actions { height: auto; max-height: 2; padding: 0 1; }
    TableScreen #log { height: 1fr; min-height: 3; border: round $secondary;
                       border-title-color: $text-muted; padding: 0 1; scrollbar-size: 1 1; }
    TableScreen #footer { height: 1; background: $panel; padding: 0 1; }
    TableScreen #too-small { display: none; padding: 1 2; height: 1fr; }
    TableScreen.small #too-small { display: block; }
    TableScreen.small #main { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"app.card({i})", show=False) for i, key in enumerate(CARD_KEYS)),
        Binding("left", "app.cursor(-1, 0)", show=False),
        Binding("right", "app.cursor(1, 0)", show=False),
        Binding("up", "app.cursor(0, -1)", show=False),
        Binding("down", "app.cursor(0, 1)", show=False),
        Binding("home", "app.cursor(-99, -99)", show=False),
        Binding("end", "app.cursor(99, 99)", show=False),
        Binding("enter,space", "app.play_cursor", show=False),
        Binding("d", "app.draw", show=False),
        Binding("k", "app.keep", show=False),
        Binding("h", "app.challenge", show=False),
        Binding("u", "app.uno", show=False),
        Binding("c", "app.catch", show=False),
        Binding("t", "app.hint", show=False),
        Binding("z", "app.takeback", show=False),
        Binding("r", "app.rules", show=False),
        Binding("question_mark,f1", "app.help", show=False),
        Binding("n", "app.settings", show=False),
        Binding("q", "app.quit_game", show=False),
        Binding("pageup", "app.log_page(-1)", show=False),
        Binding("pagedown", "app.log_page(1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="title-bar")
            opponents = Static(id="opponents")
            opponents.auto_links = False  # a link's colour would hide the seat's own (red: catch)
            yield opponents
            with Horizontal(id="table-line"):
                yield Static(id="top")
                yield Static(id="table-info")
            yield Static(id="status")
            yield Static(id="you")
            hand = Static(id="hand")
            hand.auto_links = False  # a link's colour would hide each card's colour
            yield hand
            yield Static(id="actions")
            log = GameLog(id="log")
            log.can_focus = False
            yield log
            yield Static(id="footer")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        app = self.app
        if isinstance(app, UnoApp):
            app.start()

    def on_resize(self) -> None:
        app = self.app
        if isinstance(app, UnoApp):
            app.refresh_view()


class UnoApp(App[None]):
    """The terminal game (see the module docstring)."""

    TITLE = "unokit"
    ENABLE_COMMAND_PALETTE = False  # every command is a key of the game, in the player's language
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", show=False, priority=True),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
    ]

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        bots: str = "strong",
        lang: str = "en",
        bot_delay: float = 0.8,
        game: Game | None = None,
        save_path: Path | None = None,
        forget_uno: float = 0.15,
        records_dir: Path | None = None,
        animations: bool = True,
        bell: bool = True,
        takeback: bool = False,
        record_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.settings = Settings(
            players=(game.rules if game is not None else (rules or Rules(players=4))).players,
            bots=bots,
            lang=lang,
            animations=animations,
            bell=bell,
            takeback=takeback,
        )
        self.bot_delay = bot_delay
        self.forget_uno = forget_uno
        self.save_path = save_path or Path("unokit-save.json")
        self.records_dir = records_dir
        self.record_path: Path | None = None
        self.notice = ""  #: the last feedback shown (refusals, hints), for tests and the status
        self.exit_message = ""
        self._bot_timer: Timer | None = None
        self._pending_bot = False
        self._was_my_turn = False
        self._round_shown = False
        self._round_timer: Timer | None = None
        self._slide_timer: Timer | None = None
        self.slide_left = 0  #: columns the card played has still to slide
        self._setup(
            rules or Rules(players=4) if game is None else game.rules, seed, bots, game, takeback
        )
        if game is not None and game.match_over:
            # a finished match opened again (play --resume of a record): its record exists,
            # none is written again
            self.record_path = record_path or self.save_path

    def _setup(
        self, rules: Rules, seed: int, level: str, game: Game | None, takeback: bool
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.level = level
        self.takeback_on = takeback
        self.game = game if game is not None else Game(rules, seed)
        self.bots: list[Bot | None] = [None] + [
            make_bot(
                level,
                seed=(seed * 10 + s) % SEED_LIMIT,  # any game seed gives valid bot seeds
                forget_uno=self.forget_uno,
                reaction_delay=self.bot_delay,
            )
            for s in range(1, rules.players)
        ]
        for seat, bot in enumerate(self.bots):
            if bot is not None:
                bot.reset(seat, rules)
        self.uno_armed = False
        self.cursor = 0
        self._per_row = 8
        self.stats = MatchStats(rules.players)
        self.snapshots: list[_Snapshot] = []
        #: the take-back history ran out because a move showed the person a card
        self.shown_card = False
        self.record_path = None
        self._round_shown = False
        #: the cards the person could play before another seat's last move (a card pressed
        #: as the table moved on is refused as "too late")
        self._could_play: set[Card] = set()

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def level_name(self) -> str:
        return tr(self.lang, f"bot_{self.level}")

    # -- layout --------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        return TableScreen()

    def start(self) -> None:
        """The table is on the screen: tell the match so far and play on."""
        self.rebuild_log()
        self.after_move()

    @property
    def _main(self) -> Screen[Any]:
        """The table screen (queries must not land on a dialog above it)."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("no table screen")

    @property
    def _shutting_down(self) -> bool:
        """True once the app is shutting down: late timers and callbacks do nothing then."""
        return self._exit or not any(isinstance(s, TableScreen) for s in self.screen_stack)

    @property
    def dialog_open(self) -> bool:
        """Whether a dialog is open above the table (the game waits)."""
        return not isinstance(self.screen, TableScreen)

    # -- the log -------------------------------------------------------------------------------

    def _tell(
        self, events: list[ev.Event], before: list[Card], after: list[Card], game: Game
    ) -> list[str]:
        """The log lines of one move's events, told to the person; and, after a penalty that
        named no cards, the cards the person got. ``game``: the table after the move."""
        lines = []
        penalised = False
        for event in events:
            self.stats.add(event)
            if isinstance(event, ev.PenaltyPending):
                text = self._penalty_line(event, game)
            else:
                text = narrate(event, HUMAN, self.lang)
            lines.append(text)
            penalised = penalised or _penalises_human(event)
        if penalised:
            got = list((Counter(after) - Counter(before)).elements())
            if got:
                names = list_sep(self.lang).join(card_name(self.lang, c) for c in got)
                lines.append(tr(self.lang, "new_cards", cards=names))
        return lines

    def _penalty_line(self, event: ev.PenaltyPending, game: Game) -> str:
        """A pending penalty: what the person may do about it, with the keys (the narrator's
        line says only "as the rules allow"); another seat's, in a few words."""
        lang = self.lang
        if event.seat != HUMAN:
            name = seat_name(lang, event.seat if event.seat is not None else -1, HUMAN)
            return tr(lang, "penalty_other", name=name, count=event.count)
        text = tr(lang, "penalty_you", count=event.count)
        legal = game.legal_moves(HUMAN) if game.phase == Phase.PENALTY else []
        hand = game.hands[HUMAN]
        answers = sorted(
            {hand.index(c) for m in legal if isinstance(m, Play) for c in m.cards if c in hand}
        )
        if answers:
            cards = list_sep(lang).join(
                f"{card_name(lang, hand[i])} ({card_key(i)})" for i in answers
            )
            text += tr(lang, "penalty_or_play", cards=cards)
        if CHALLENGE in legal:
            text += tr(lang, "penalty_or_challenge")
        return text

    def rebuild_log(self, first: list[str] | None = None) -> None:
        """The whole match's log, told again from its record (on start, resume, take-back and
        a change of language); the statistics are counted again on the way."""
        if self._shutting_down:
            return
        log = self._main.query_one("#log", GameLog)
        log.border_title = tr(self.lang, "log_keys") + " (PgUp/PgDn)"
        self.stats = MatchStats(self.game.n)
        try:
            game, moves = load_record(self.game.record())
            lines = self._tell(list(game.deal_events), [], [], game)
            for move in moves:
                before = list(game.hands[HUMAN])
                events = replay_moves(game, [move])[0]
                lines += self._tell(events, before, list(game.hands[HUMAN]), game)
        except UnoError:  # a table set up by hand (tests): its first deal only
            self.stats = MatchStats(self.game.n)
            lines = self._tell(list(self.game.deal_events), [], [], self.game)
        log.tell_again([*(first or []), *lines])

    def log_lines(self) -> list[str]:
        """The log's text, line by line (for tests)."""
        log = self._main.query_one("#log", GameLog)
        return [line.text for line in log.lines]

    # -- showing the state ---------------------------------------------------------------------

    def refresh_view(self) -> None:
        if self._shutting_down:
            return
        screen = self._main
        width, height = self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        screen.set_class(small, "small")
        if small:
            screen.query_one("#too-small", Static).update(
                tr(
                    self.lang,
                    "too_small",
                    width=width,
                    height=height,
                    min_width=MIN_SIZE[0],
                    min_height=MIN_SIZE[1],
                )
            )
            return
        inner = width - 2
        opponents = self._opponents(inner)
        actions = self._actions()
        screen.query_one("#title-bar", Static).update(self._title(inner))
        screen.query_one("#opponents", Static).update(opponents)
        top, info = self._table_line()
        screen.query_one("#top", Static).update(" " * self.slide_left + top)
        screen.query_one("#table-info", Static).update(info)
        screen.query_one("#status", Static).update(self._status())
        screen.query_one("#you", Static).update(self._you())
        # the hand gets every row the rest leaves (the log keeps _LOG_MIN rows)
        wide = cell_len(Text.from_markup(actions).plain) > inner
        used = 5 + opponents.count("\n") + 1 + (2 if wide else 1)
        room = max(1, height - used - _LOG_MIN)
        screen.query_one("#hand", Static).update(self._hand(inner, room))
        screen.query_one("#actions", Static).update(actions)
        screen.query_one("#footer", Static).update(self._footer())

    def _title(self, width: int) -> str:
        lang = self.lang
        game = self.game
        preset, diffs = closest_preset(self.rules)
        name = tr(lang, "title") + " · " + _gettext(lang, PRESET_NAMES[preset][0])
        parts = [
            tr(lang, "vs_bots", level=self.level_name),
            tr(lang, "round_n", number=game.round_no),
        ]
        if self.rules.scoring == "none":
            parts.append(tr(lang, "first_out_wins"))
        else:
            parts.append(tr(lang, "target", points=self.rules.target_score))
        # the target is always in the tail, so it is not told again among the house rules
        shown = {k: v for k, v in diffs.items() if k != "target_score"}
        names = [name]
        if shown:
            sentences = [
                _mid_sentence(describe_option(k, v, lang, self.rules.target_score))
                for k, v in shown.items()
            ]
            names = [
                f"{name} + {'; '.join(sentences)}",
                f"{name} + {trn(lang, 'n_house_rules', len(shown))}",
                f"{name} + {trn(lang, 'n_house_rules_short', len(shown))}",
            ]
        # the longest that fits: the bots' level goes first, the round and the target last
        for tail in (parts, parts[1:], parts[2:]):
            for head in names:
                text = head + " · " + " · ".join(tail)
                if cell_len(text) <= width:
                    return escape(text)
        return escape(text)

    def _score(self, seat: int, short: bool) -> str:
        if self.rules.scoring == "none":
            return ""
        points = self.game.scores[seat]
        return str(points) if short else tr(self.lang, "points_short", points=points)

    def _opponents(self, width: int) -> str:
        game = self.game
        lang = self.lang
        others = list(range(1, game.n))
        cols = max(1, min(len(others), width // 26))
        cell = width // cols
        catchable = {m.target for m in game.legal_moves(HUMAN) if isinstance(m, Catch)}
        cells = []
        for seat in others:
            size = len(game.hands[seat])
            current = game.current == seat and not game.round_over
            mark = "▶" if current else " "
            # UNO: a player still in the round holding one card (not one who has gone out)
            playing = game.in_round[seat] and size > 0
            uno = "UNO" if playing and game.uno_called(seat) else ""
            extra = []
            if not game.in_round[seat]:
                extra.append(tr(lang, "out"))
            if self.rules.teams:
                extra.append(f"{tr(lang, 'team')} {game.team_of(seat)}")
            flags = " ".join(extra)
            name = tr(lang, "seat_n", number=seat)
            count = trn(lang, "n_cards", size)
            candidates = [
                [name, count, uno, flags, self._score(seat, short=False)],
                [name, count, uno, flags, self._score(seat, short=True)],
                [f"{seat}:", count, uno, flags, self._score(seat, short=True)],
                [f"{seat}:", str(size), uno, flags, self._score(seat, short=True)],
            ]
            plain = ""
            for parts in candidates:
                plain = " ".join(p for p in parts if p)
                if cell_len(plain) + 2 <= cell:
                    break
            text = f"{mark} {plain}"
            pad = " " * max(cell - cell_len(text) - 1, 0)
            body = escape(text)
            if uno:
                body = body.replace("UNO", "[b black on #f9a825]UNO[/]", 1)
            if seat in catchable:
                body = f"[@click=app.catch_seat({seat})][b red]{body}[/][/]"
            style = "reverse" if current else ""
            cells.append(f"[{style}]{body}[/]{pad} " if style else f"{body}{pad} ")
        rows = ["".join(cells[i : i + cols]).rstrip() for i in range(0, len(cells), cols)]
        return "\n".join(rows)

    def _table_line(self) -> tuple[str, str]:
        game = self.game
        lang = self.lang
        top = game.top
        chip = ""
        if top is not None:
            color = COLOR_OF[top]
            shade = _CSS_COLORS[color] if color >= 0 else _WILD
            fg = "black" if color == 1 else "white"
            chip = f"[bold {fg} on {shade}] {escape(card_name(lang, top))} [/]"
        parts = []
        if game.color >= 0:
            parts.append(
                f"{tr(lang, 'color')} [b {_CSS_COLORS[game.color]}]"
                f"{escape(color_name(lang, game.color))}[/]"
            )
        parts.append(tr(lang, "direction_cw" if game.direction == 1 else "direction_ccw"))
        parts.append(f"{tr(lang, 'draw_pile')} {len(game.draw_pile)}")
        if game.pending_draw:
            parts.append(f"[b red]{tr(lang, 'pending')} {game.pending_draw}[/]")
        return chip, "  " + " · ".join(parts)

    def _status(self) -> str:
        game = self.game
        lang = self.lang
        if game.match_over:
            return tr(lang, "match_over")
        if game.round_over:
            return tr(lang, "round_over")
        if game.current != HUMAN:
            return escape(tr(lang, "waiting", name=seat_name(lang, game.current, HUMAN)))
        legal = game.legal_moves(HUMAN)
        if game.phase == Phase.CHOOSE_COLOR:
            text = tr(lang, "your_start_color")
        elif game.phase == Phase.PENALTY:
            text = tr(lang, "your_penalty", count=game.pending_draw)
            if CHALLENGE in legal:
                text += tr(lang, "your_penalty_challenge")
            if any(isinstance(m, Play) for m in legal):
                text += tr(lang, "your_penalty_stack")
        elif game.phase == Phase.AFTER_DRAW and game.drawn is not None:
            which = "your_turn_drawn" if PASS in legal else "your_turn_drawn_must"
            hand = game.hands[HUMAN]
            key = card_key(hand.index(game.drawn)) if game.drawn in hand else ""
            text = tr(lang, which, card=card_name(lang, game.drawn), press=key or "Enter")
        else:
            text = tr(lang, "your_turn")
        return f"[green]{escape(text)}[/]"

    def _you(self) -> str:
        game = self.game
        lang = self.lang
        parts = [tr(lang, "you_status", cards=trn(lang, "n_cards", len(game.hands[HUMAN])))]
        score = self._score(HUMAN, short=False)
        if score:
            parts.append(score)
        if self.rules.teams:
            parts.append(f"{tr(lang, 'team')} {game.team_of(HUMAN)}")
        if not game.in_round[HUMAN] or not game.hands[HUMAN]:  # gone out: no UNO mark
            return escape(" · ".join([*parts, tr(lang, "out")]))
        text = escape(" · ".join(parts))
        legal = game.legal_moves(HUMAN)
        if game.uno_called(HUMAN):
            text += " · [b black on #f9a825]" + escape(tr(lang, "uno_called_mark")) + "[/]"
        elif self.uno_armed:
            text += " · [b #f9a825]" + escape(tr(lang, "uno_armed")) + "[/]"
        elif CALL_UNO in legal and len(game.hands[HUMAN]) == 1:
            text += " · [b #f9a825]" + escape(tr(lang, "uno_now")) + "[/]"
        elif any(isinstance(m, Play) and m.uno for m in legal):
            text += " · [#f9a825]" + escape(tr(lang, "uno_can_arm")) + "[/]"
        return text

    def _hand(self, width: int, room: int) -> str:
        """The hand in rows of chips, at most ``room`` rows (the cursor's row always shown)."""
        game = self.game
        lang = self.lang
        hand = game.hands[HUMAN]
        if not hand:
            return ""
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        playable = {c for m in game.legal_moves(HUMAN) if isinstance(m, Play) for c in m.cards}
        names = [card_name(lang, c) for c in hand]
        chip = max(cell_len(n) for n in names) + 4  # "▶1 " + the name + one space
        per_row = max(1, (width + 1) // (chip + 1))
        rows = (len(hand) + per_row - 1) // per_row
        shown_rows = max(1, min(rows, room))
        cursor_row = self.cursor // per_row
        first = min(max(0, cursor_row - shown_rows + 1), rows - shown_rows)
        self._per_row = per_row
        lines = []
        for row in range(first, first + shown_rows):
            chips = []
            for i in range(row * per_row, min(len(hand), (row + 1) * per_row)):
                card = hand[i]
                color = COLOR_OF[card]
                shade = _CSS_COLORS[color] if color >= 0 else _WILD
                key = card_key(i) or " "
                mark = "▶" if i == self.cursor else " "
                label = f"{mark}{key} {names[i]}"
                label += " " * (chip - cell_len(label))
                if card in playable:
                    fg = "black" if color == 1 else "white"
                    style = f"bold {fg} on {shade}"
                    if i == self.cursor:
                        style += " reverse underline"
                else:
                    style = "#9e9e9e" if color < 0 else shade
                    if i == self.cursor:  # highlighted, yet not like a playable card's chip
                        style += " on #3a3a3a underline"
                chips.append(f"[{style} @click=app.card({i})]{escape(label)}[/]")
            lines.append(" ".join(chips))
        more = []
        if first > 0:
            more.append("▲")
        if first + shown_rows < rows:
            more.append(f"▼ +{len(hand) - (first + shown_rows) * per_row}")
        if more:
            lines[-1] += "  " + " ".join(more)
        return "\n".join(lines)

    def _actions(self) -> str:
        game = self.game
        lang = self.lang
        legal = game.legal_moves(HUMAN)
        items: list[tuple[str, str, str]] = []
        if DRAW in legal:
            if game.phase == Phase.PENALTY:
                items.append(("d", tr(lang, "take_n", count=game.pending_draw), "draw"))
            else:
                items.append(("d", tr(lang, "draw"), "draw"))
        if PASS in legal:
            items.append(("k", tr(lang, "pass"), "keep"))
        if CHALLENGE in legal:
            items.append(("h", tr(lang, "challenge"), "challenge"))
        if self._uno_possible(legal):
            items.append(("u", tr(lang, "uno"), "uno"))
        targets = [m.target for m in legal if isinstance(m, Catch)]
        if len(targets) == 1:
            name = seat_name(lang, targets[0], HUMAN)
            items.append(("c", tr(lang, "catch_seat", name=name), "catch"))
        elif targets:
            items.append(("c", tr(lang, "catch"), "catch"))
        if self.takeback_on and self.snapshots:
            items.append(("z", tr(lang, "takeback_key"), "takeback"))
        shown = []
        for key, label, action in items:
            style = "b red" if action == "catch" else "b"
            shown.append(f"[@click=app.{action}][{style}]{key}[/] {escape(label)}[/]")
        return "   ".join(shown)

    def _footer(self) -> str:
        lang = self.lang
        items = [
            ("?", tr(lang, "help_key"), "help"),
            ("r", tr(lang, "rules_key"), "rules"),
            ("t", tr(lang, "hint_key"), "hint"),
            ("n", tr(lang, "new_key"), "settings"),
            ("q", tr(lang, "quit"), "quit_game"),
        ]
        return "  ".join(
            f"[@click=app.{action}][b]{key}[/] {escape(label)}[/]" for key, label, action in items
        )

    @staticmethod
    def _uno_possible(legal: list[Move]) -> bool:
        return CALL_UNO in legal or any(isinstance(m, Play) and m.uno for m in legal)

    def _say(self, text: str, severity: str = "warning") -> None:
        """Feedback for a key that does nothing now, or a refused card."""
        self.notice = text
        self.clear_notifications()  # one toast at a time: they would pile up over the log
        self.notify(text, severity=severity, timeout=4)  # type: ignore[arg-type]

    # -- animations and the bell ---------------------------------------------------------------

    def _slide_top(self, seat: int) -> None:
        """The card just played slides onto the pile from the right, in its own row (the top
        card never leaves the screen, nothing is drawn over the table line): a long way for
        yours, a short one for the others'."""
        if not self.settings.animations or self._shutting_down:
            return
        self.slide_left = SLIDE[0] if seat == HUMAN else SLIDE[1]
        if self._slide_timer is None:
            self._slide_timer = self.set_interval(0.03, self._slide_frame)

    def _slide_frame(self) -> None:
        self.slide_left = max(0, self.slide_left - 2)
        if self.slide_left == 0 and self._slide_timer is not None:
            self._slide_timer.stop()
            self._slide_timer = None
        if not self._shutting_down:
            top, _ = self._table_line()
            self._main.query_one("#top", Static).update(" " * self.slide_left + top)

    def _ring(self) -> None:
        game = self.game
        mine = game.current == HUMAN and not game.round_over and bool(game.legal_moves(HUMAN))
        if mine and not self._was_my_turn and self.settings.bell:
            self.bell()
        self._was_my_turn = mine

    # -- the person's moves --------------------------------------------------------------------

    def apply(self, seat: int, move: Move) -> None:
        if seat == HUMAN and self.takeback_on:
            self.snapshots.append(_Snapshot(self.game.copy(), copy.deepcopy(self.bots)))
            del self.snapshots[:-50]
        before = list(self.game.hands[HUMAN])
        could_play = set()
        if seat != HUMAN:
            legal = self.game.legal_moves(HUMAN)
            could_play = {c for m in legal if isinstance(m, Play) for c in m.cards}
        try:
            events = apply_and_tell(self.game, self.bots, seat, move)
        except UnoError as error:
            if seat == HUMAN and self.takeback_on:
                self.snapshots.pop()
            self._say(refused(error, HUMAN, self.lang), "error")
            return
        self._could_play = could_play
        if _shows_a_card(events, before, self.game.hands[HUMAN]):
            # the person has seen a card (drawn, given, or a hand shown): no move before this
            # one can be taken back, or a second draw would know the first (RULES-NOTES.md)
            self.snapshots.clear()
            self.shown_card = True
        if not self._shutting_down:
            log = self._main.query_one("#log", GameLog)
            after = list(self.game.hands[HUMAN])
            for line in self._tell(events, before, after, self.game):
                log.say(line)
        if seat == HUMAN and isinstance(move, Play):
            self.uno_armed = False
        drawn = self.game.drawn
        after_draw = seat == HUMAN and self.game.phase == Phase.AFTER_DRAW
        if after_draw and drawn is not None and drawn in self.game.hands[HUMAN]:
            self.cursor = self.game.hands[HUMAN].index(drawn)
        if move == DEAL:
            self.snapshots.clear()
            self.shown_card = False
            self._round_shown = False
        if any(isinstance(e, ev.Played) for e in events):
            self._slide_top(seat)
        self.after_move()

    def action_card(self, index: int) -> None:
        """A number key (or a click): play that card of the hand."""
        if self.dialog_open:
            return
        hand = self.game.hands[HUMAN]
        if index >= len(hand):
            self._say(tr(self.lang, "no_card_n", number=(index + 1) % 10 if index < 10 else index))
            return
        self.cursor = index
        self.play_card(hand[index])

    def action_cursor(self, dx: int, dy: int) -> None:
        hand = self.game.hands[HUMAN]
        if not hand or self.dialog_open:
            return
        per_row = self._per_row
        if abs(dx) == 99:
            self.cursor = 0 if dx < 0 else len(hand) - 1
        else:
            self.cursor = max(0, min(len(hand) - 1, self.cursor + dx + dy * per_row))
        self.refresh_view()

    def action_play_cursor(self) -> None:
        if self.dialog_open:
            return
        hand = self.game.hands[HUMAN]
        if hand:
            self.action_card(min(self.cursor, len(hand) - 1))

    def play_card(self, card: Card) -> None:
        legal = [m for m in self.game.legal_moves(HUMAN) if isinstance(m, Play)]
        options = [m for m in legal if card in m.cards]
        if not options:
            late = card in self._could_play
            self._say(refusal(self.game, HUMAN, card, self.lang, late=late))
            return
        with_uno = [m for m in options if m.uno]
        if with_uno and self.uno_armed:
            options = with_uno
        else:
            options = [m for m in options if not m.uno] or options
        groups = sorted({m.cards for m in options}, key=len)
        if len(groups) > 1:  # several cards at once (multi_play) or a sum jump-in
            answers = [
                Answer(list_sep(self.lang).join(card_name(self.lang, c) for c in g), g)
                for g in groups
            ]
            self._ask(
                tr(self.lang, "which_cards"),
                answers,
                lambda g: self._refine([m for m in options if m.cards == g]),
            )
            return
        self._refine(options)

    def _refine(self, options: list[Play]) -> None:
        """Ask what the move still leaves open (colour, target, wild use), then play it."""
        if len(options) == 1:
            self.apply(HUMAN, options[0])
            return
        lang = self.lang

        def use(m: Play) -> str:
            return "peek" if m.peek is not None else "trade" if m.trade is not None else "color"

        uses = {use(m) for m in options}
        if len(uses) > 1:
            answers = [Answer(tr(lang, "choose_color"), "color")]
            if "peek" in uses:
                answers.append(Answer(tr(lang, "peek"), "peek"))
            if "trade" in uses:
                answers.append(Answer(tr(lang, "trade"), "trade"))
            self._ask(
                tr(lang, "wild_use"),
                answers,
                lambda chosen: self._refine([m for m in options if use(m) == chosen]),
            )
            return
        colors = sorted({int(m.color) for m in options if m.color is not None})
        if len(colors) > 1:
            self._ask(
                tr(lang, "choose_color"),
                self._color_answers(colors),
                lambda c: self._refine(
                    [m for m in options if m.color is not None and int(m.color) == c]
                ),
            )
            return
        targets = sorted({t for m in options for t in (m.swap, m.peek, m.trade) if t is not None})
        if len(targets) > 1:
            answers = [
                Answer(f"{seat_name(lang, t, HUMAN)} ({self._count(t)})", t) for t in targets
            ]
            chosen = use(options[0])
            title = "choose_target" if chosen == "color" else f"choose_{chosen}"
            self._ask(
                tr(lang, title),
                answers,
                lambda t: self._refine([m for m in options if t in (m.swap, m.peek, m.trade)]),
            )
            return
        # trades: give the three least valuable cards
        options.sort(key=lambda m: sum(card_points(c) for c in m.give))
        self.apply(HUMAN, options[0])

    def _color_answers(self, colors: list[int]) -> list[Answer]:
        return [Answer(color_name(self.lang, c), c, _COLOR_KEYS[c], _CSS_COLORS[c]) for c in colors]

    def _ask(
        self,
        question: str,
        answers: list[Answer],
        then: Any,
        *,
        body: Any = None,
        cancel: bool = True,
    ) -> None:
        def done(answer: Any) -> None:
            if answer is not None and not self._shutting_down:
                then(answer)
            self._resume()

        self.clear_notifications()  # no toast over the dialog
        self.push_screen(
            ChoiceScreen(question, answers, body=body, cancel=cancel, lang=self.lang), done
        )

    def _resume(self) -> None:
        """A dialog closed: the game goes on (the bots wait while one is open)."""
        if self._shutting_down or self.dialog_open:
            return
        self.refresh_view()
        if self.game.round_over:
            if not self._round_shown and self._round_timer is None:
                # the last card lands (and is seen) before the summary covers the table
                pause = ROUND_PAUSE if self.settings.animations else 0.0
                pause = max(0.01, min(pause, self.bot_delay + 0.3))
                self._round_timer = self.set_timer(pause, self._round_pause_over)
            return
        if self.game.phase == Phase.CHOOSE_COLOR and self.game.current == HUMAN:
            self.call_later(self.ask_start_color)
            return
        self._schedule_bot()

    def _try(self, move: Move, refused: str) -> None:
        if self.dialog_open:
            return
        if move in self.game.legal_moves(HUMAN):
            self.apply(HUMAN, move)
        else:
            self._say(refused)

    def action_draw(self) -> None:
        game = self.game
        refused = tr(self.lang, "cannot_draw")
        if game.current == HUMAN and game.phase == Phase.PLAY:
            refused = tr(self.lang, "cannot_draw_playable")
        elif game.current == HUMAN and game.phase == Phase.AFTER_DRAW and game.drawn is not None:
            refused = tr(self.lang, "why_after_draw", card=card_name(self.lang, game.drawn))
        elif game.current != HUMAN:
            refused = tr(self.lang, "waiting", name=seat_name(self.lang, game.current, HUMAN))
        self._try(DRAW, refused)

    def action_keep(self) -> None:
        self._try(PASS, tr(self.lang, "cannot_keep"))

    def action_challenge(self) -> None:
        refused = tr(self.lang, "no_challenge" if self.rules.challenge else "challenge_off")
        self._try(CHALLENGE, refused)

    def action_uno(self) -> None:
        if self.dialog_open:
            return
        legal = self.game.legal_moves(HUMAN)
        if CALL_UNO in legal:
            self.apply(HUMAN, CALL_UNO)
        elif any(isinstance(m, Play) and m.uno for m in legal):
            self.uno_armed = True
            self.refresh_view()
        else:
            self._say(tr(self.lang, "no_uno"))

    def action_catch(self) -> None:
        if self.dialog_open:
            return
        targets = [m.target for m in self.game.legal_moves(HUMAN) if isinstance(m, Catch)]
        if not targets:
            self._say(tr(self.lang, "no_catch"))
        elif len(targets) == 1:
            self.apply(HUMAN, Catch(targets[0]))
        else:
            answers = [Answer(seat_name(self.lang, t, HUMAN), t) for t in targets]
            self._ask(tr(self.lang, "catch_whom"), answers, self.action_catch_seat)

    def action_catch_seat(self, seat: int) -> None:
        if Catch(seat) in self.game.legal_moves(HUMAN):
            self.apply(HUMAN, Catch(seat))

    def action_hint(self) -> None:
        if self.dialog_open:
            return
        move, text = hint(self.game, HUMAN, self.lang)
        if isinstance(move, Play) and move.card in self.game.hands[HUMAN]:
            self.cursor = self.game.hands[HUMAN].index(move.card)
            self.refresh_view()
        self._say(text, "information")

    def action_takeback(self) -> None:
        if self.dialog_open:
            return
        if not self.takeback_on:
            self._say(tr(self.lang, "takeback_off"))
            return
        if not self.snapshots or self.game.round_over:
            shown = self.shown_card and not self.game.round_over
            self._say(tr(self.lang, "takeback_shown" if shown else "takeback_none"))
            return
        snapshot = self.snapshots.pop()
        self._stop_bots()
        self.game = snapshot.game
        self.bots = snapshot.bots
        self.uno_armed = False
        self.rebuild_log()
        self._say(tr(self.lang, "takeback_done"), "information")
        self.after_move()

    def action_log_page(self, direction: int) -> None:
        log = self._main.query_one("#log", GameLog)
        if direction < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    # -- pages: help, rules, settings ----------------------------------------------------------

    def action_help(self) -> None:
        if self.dialog_open:
            return
        self.clear_notifications()  # no toast over the page
        lang = self.lang
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        rows = [
            ("1-9 0 a b…", "help_cards"),
            ("← → ↑ ↓", "help_arrows"),
            ("Enter Space", "help_enter"),
            ("d", "help_draw"),
            ("k", "help_keep"),
            ("h", "help_challenge"),
            ("u", "help_uno"),
            ("c", "help_catch"),
            ("r y g b", "help_colors"),
            ("t", "help_hint"),
            ("z", "help_takeback"),
            ("r", "help_rules"),
            ("n", "help_new"),
            ("PgUp PgDn", "help_log"),
            ("Esc", "help_esc"),
            ("q Ctrl+C", "help_quit"),
        ]
        for key, text in rows:
            table.add_row(key, tr(lang, text))
        body = Table.grid()
        body.add_row(table)
        body.add_row(Text(""))
        body.add_row(Text(tr(lang, "help_jump")))
        self.push_screen(
            PageScreen(tr(lang, "help_title"), body, "?", tr(lang, "help_close")),
            lambda _: self._resume(),
        )

    def action_rules(self) -> None:
        if self.dialog_open:
            return
        self.clear_notifications()  # no toast over the page
        lang = self.lang
        lines = describe_rules(self.rules, lang, full=True)
        body = Text("\n".join(f"• {line}" if i else line for i, line in enumerate(lines)))
        self.push_screen(
            PageScreen(tr(lang, "rules_title"), body, "r", tr(lang, "rules_close")),
            lambda _: self._resume(),
        )

    def action_settings(self) -> None:
        if self.dialog_open:
            return
        self.clear_notifications()  # no toast over the settings
        settings = replace(self.settings, players=self.rules.players, bots=self.level)
        settings.takeback = self.takeback_on
        self.push_screen(SettingsScreen(settings), self._settings_done)

    def _settings_done(self, result: tuple[str, Settings] | None) -> None:
        if result is not None and not self._shutting_down:
            how, chosen = result
            self.settings.lang = chosen.lang
            self.settings.animations = chosen.animations
            self.settings.bell = chosen.bell
            if how == "new":
                try:
                    if chosen.preset:
                        rules = Rules.preset(chosen.preset, players=chosen.players)
                    else:
                        rules = self.rules.replace(players=chosen.players)
                except RulesError as error:
                    self._say(str(error), "error")
                    self._resume()
                    return
                self.new_match(rules, chosen.bots, chosen.takeback)
                return
            self.rebuild_log()
        self._resume()

    def new_match(self, rules: Rules, level: str, takeback: bool) -> None:
        """Start a new match. The unfinished one is saved first, and the new one gets a save
        file of its own (``save-2.json``…), so that quitting it keeps the old one."""
        note = ""
        if not self.game.match_over and self.game.history:
            old = self.save_path
            self.save(old)
            self.save_path = _free_path(old)
            note = tr(self.lang, "new_match_saved", path=old, new=self.save_path)
        elif self.save_path.exists():
            self.save_path = _free_path(self.save_path)  # another match's save: kept too
        self._stop_bots()
        self.settings.players = rules.players
        self.settings.bots = level
        self._setup(rules, (self.seed + 1) % SEED_LIMIT, level, None, takeback)
        # the note stays in the log (unlike a toast), before the new round's first lines
        self.rebuild_log(first=[note] if note else [])
        if note:
            self._say(note, "information")
        self._resume()

    # -- quitting and saving -------------------------------------------------------------------

    def action_quit_game(self) -> None:
        """q on the table, Ctrl+C anywhere: the quit question (above any open dialog, which
        is there again if it is cancelled); Ctrl+C in the quit question saves and quits."""
        screen = self.screen
        if isinstance(screen, ChoiceScreen) and screen.question == tr(self.lang, "quit_title"):
            self._save_and_leave()
            return
        if self.game.match_over:
            self._leave()
            return
        lang = self.lang
        self._ask(
            tr(lang, "quit_title"),
            [
                Answer(tr(lang, "save_quit"), "save", "s"),
                Answer(tr(lang, "quit_no_save"), "quit", "n"),
                Answer(tr(lang, "cancel"), "cancel", "c"),
            ],
            self._quit_answer,
        )

    async def action_quit(self) -> None:
        """Ctrl+Q (Textual's own way out): save an unfinished match, then quit."""
        self._save_and_leave()

    def _quit_answer(self, answer: str) -> None:
        if answer == "save":
            self._save_and_leave()
        elif answer == "quit":
            self._leave()

    def _save_and_leave(self) -> None:
        if not self.game.match_over:
            self.save(self.save_path)
            self.exit_message = tr(self.lang, "saved_resume", path=self.save_path)
        self._leave()

    def _leave(self) -> None:
        self._stop_bots()
        self.exit(message=self.exit_message or None)

    def save(self, path: Path) -> None:
        """Save the match as its record (:func:`unokit.record.saved_record`): `unokit play
        --resume` goes on from it, `unokit replay` steps through it."""
        data = saved_record(self.game, bots=self.level, lang=self.lang, seed=self.seed)
        path.write_text(json.dumps(data), encoding="utf-8")

    def _save_record(self) -> None:
        """A finished match's record goes to ``records_dir`` (``unokit replay`` reads it)."""
        if self.records_dir is None or self.record_path is not None:
            return
        try:
            self.records_dir.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.records_dir / f"unokit-{stamp}-seed{self.seed}.json"
            self.save(path)
        except OSError as error:
            self._say(str(error), "error")
            return
        self.record_path = path

    # -- bots and the flow of play -------------------------------------------------------------

    def after_move(self) -> None:
        if self._shutting_down:
            return
        self.refresh_view()
        self._ring()
        if self.dialog_open:
            return  # closing the dialog goes on (_resume)
        self._resume()

    def ask_start_color(self) -> None:
        """The start card is a wild and the person plays first: they name its colour."""
        if self._shutting_down or self.dialog_open or self.game.phase != Phase.CHOOSE_COLOR:
            return
        self._ask(
            tr(self.lang, "choose_color"),
            self._color_answers([0, 1, 2, 3]),
            lambda c: self.apply(HUMAN, ChooseColor(Color(c))),
            cancel=False,
        )

    def _schedule_bot(self) -> None:
        if self._pending_bot:
            return
        self._pending_bot = True
        if self.bot_delay > 0:
            self._bot_timer = self.set_timer(self.bot_delay, self.bot_step)
        else:
            self.call_later(self.bot_step)

    def _stop_bots(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self._round_timer is not None:
            self._round_timer.stop()
            self._round_timer = None
        if self._slide_timer is not None:
            self._slide_timer.stop()
            self._slide_timer = None
            self.slide_left = 0
        self._pending_bot = False

    def on_unmount(self) -> None:
        self._stop_bots()

    def bot_step(self) -> None:
        self._pending_bot = False
        self._bot_timer = None
        if self._shutting_down:
            return
        game = self.game
        if game.round_over or self.dialog_open:
            return  # closing the dialog schedules the bots again (_resume)
        for seat in game.waiting_seats():
            bot = self.bots[seat]
            if bot is None:
                continue
            move = bot.act(game.view(seat))
            if move is not None:
                self.apply(seat, move)
                return
        seat = game.current
        bot = self.bots[seat]
        if bot is not None:
            move = bot.act(game.view(seat))
            if move is not None:
                self.apply(seat, move)

    def _count(self, seat: int) -> str:
        return trn(self.lang, "n_cards", len(self.game.hands[seat]))

    def _seat_name(self, seat: int) -> str:
        return seat_name(self.lang, seat, HUMAN)

    def _round_pause_over(self) -> None:
        self._round_timer = None
        self.show_round_over()

    def show_round_over(self) -> None:
        if self._shutting_down or self.dialog_open or not self.game.round_over:
            return
        self._round_shown = True
        self.clear_notifications()  # no toast stays over the summary
        game = self.game
        lang = self.lang
        if game.match_over:
            self._save_record()
        scored = self.rules.scoring != "none"
        header = [tr(lang, "col_player"), tr(lang, "col_cards_left")]
        if scored:
            header += [tr(lang, "col_round"), tr(lang, "col_total")]
        rows = [header]
        for seat in range(game.n):
            row = [self._seat_name(seat), str(len(game.hands[seat]))]
            if scored:
                row += [f"+{game.round_points[seat]}", str(game.scores[seat])]
            rows.append(row)
        lines = _grid(rows)
        if scored:
            lines.append(trn(lang, "target_line", self.rules.target_score))
        if game.winner is not None and game.winner >= 0:
            key = "round_won_you" if game.winner == HUMAN else "round_won"
            question = tr(lang, key, name=self._seat_name(game.winner), number=game.round_no)
        else:
            question = tr(lang, "round_void", number=game.round_no)
        if game.match_over:
            lines += self._match_lines()
            winner = game.match_ranking[0] if game.match_ranking else None
            if winner is not None:
                key = "match_winner_you" if winner == HUMAN else "match_winner"
                question = tr(lang, key, name=self._seat_name(winner))
            answers = [
                Answer(tr(lang, "play_again"), "again", "n"),
                Answer(tr(lang, "settings"), "settings", "s"),
                Answer(tr(lang, "quit"), "quit", "q"),
            ]
        else:
            answers = [
                Answer(tr(lang, "next_round"), "next", "n"),
                Answer(tr(lang, "quit_save"), "quit", "q"),
            ]
        body = Text("\n".join(lines), overflow="fold")
        self._ask(question, answers, self._round_answer, body=body, cancel=False)

    def _match_lines(self) -> list[str]:
        """The match's statistics, and where its record is."""
        game = self.game
        lang = self.lang
        cols = ("col_player", "col_rounds_won", "col_drawn", "col_penalties", "col_catches")
        rows = [[tr(lang, col) for col in cols]]
        for place, seat in enumerate(game.match_ranking, 1):
            rows.append(
                [
                    f"{place}. {self._seat_name(seat)}",
                    str(self.stats.rounds_won[seat]),
                    str(self.stats.drawn[seat]),
                    str(self.stats.penalties[seat]),
                    str(self.stats.catches[seat]),
                ]
            )
        lines = []
        if self.record_path is not None:  # above the statistics: in view on a small terminal
            room = max(20, self.size.width - 10)  # the dialog's border and padding
            lines += ["", tr(lang, "record_saved"), *_path_lines(self.record_path, room)]
        return [*lines, "", tr(lang, "statistics"), *_grid(rows), tr(lang, "penalties_note")]

    def _round_answer(self, answer: str) -> None:
        if answer == "next":
            self.apply(REFEREE, DEAL)
        elif answer == "again":
            self.new_match(self.rules, self.level, self.takeback_on)
        elif answer == "settings":
            self.call_later(self.action_settings)
        else:
            self._save_and_leave()


def _mid_sentence(sentence: str) -> str:
    """A rule's sentence inside the title: no full stop, no capital ("Stacking: …" reads
    "stacking: …" after "official + "), an acronym kept ("UNO …")."""
    text = sentence.rstrip(".。")
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        text = text[0].lower() + text[1:]
    return text


def _grid(rows: list[list[str]]) -> list[str]:
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


def _path_lines(path: Path, width: int) -> list[str]:
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


def _free_path(path: Path) -> Path:
    """``path`` with the first free number: ``save.json`` -> ``save-2.json``, ``save-3.json``."""
    stem = path.stem
    head, _, number = stem.rpartition("-")
    start = 2
    if head and number.isdigit():
        stem, start = head, int(number) + 1
    for n in range(start, start + 10_000):
        candidate = path.with_name(f"{stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
    return path.with_name(f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")


def _shows_a_card(events: list[ev.Event], before: list[Card], after: list[Card]) -> bool:
    """Whether a move showed the person a card they had not seen: a card came to their hand
    (a draw, a penalty, a swap) or a hand was shown to them (a challenge, a peek)."""
    if Counter(after) - Counter(before):
        return True
    return any(isinstance(e, (ev.HandRevealed, ev.Peeked)) and e.seat == HUMAN for e in events)


def _penalises_human(event: ev.Event) -> bool:
    """A penalty on the person whose text names no cards (they are listed after it)."""
    if event.kind in _PENALTY_KINDS:
        who = event.target if isinstance(event, ev.Caught) else event.seat
        return who == HUMAN
    if isinstance(event, ev.ChallengeLost):
        return event.seat == HUMAN
    if isinstance(event, ev.ChallengeWon):
        return event.liar == HUMAN
    return isinstance(event, ev.ChallengerTakesRest) and event.seat == HUMAN


def _gettext(lang: str, message: str) -> str:
    from unokit.narrator import translations

    return translations(lang).gettext(message)
