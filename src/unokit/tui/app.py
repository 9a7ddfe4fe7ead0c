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
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from unokit import events as ev
from unokit.bots import Bot, make_bot
from unokit.bots.table import apply_and_tell
from unokit.cards import COLOR_OF, Card, Color, card_points
from unokit.errors import RulesError, UnoError
from unokit.game import Game, View
from unokit.house import face_up_hand
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
    Catch,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)
from unokit.narrator import describe_rules
from unokit.phase import Phase
from unokit.record import load_record, replay_moves, saved_record
from unokit.rng import SEED_LIMIT
from unokit.rules import Rules
from unokit.tui.clock import Countdown
from unokit.tui.files import fallback, free_path, write_text
from unokit.tui.hand import CARD_KEYS, card_key, in_order, next_order
from unokit.tui.hints import hint, move_refusal, refusal, refused, seat_name
from unokit.tui.i18n import card_name, color_name, list_sep, tr, trn
from unokit.tui.screens import (
    DELAYS,
    MIN_SIZE,
    Answer,
    ChoiceScreen,
    PageScreen,
    Settings,
    SettingsScreen,
    too_small,
)
from unokit.tui.stats import MatchStats
from unokit.tui.summary import match_lines, path_lines, round_lines
from unokit.tui.telling import tell
from unokit.tui.view import CSS_COLORS, HUMAN, TableView
from unokit.tui.wrap import wrap

__all__ = ["DELAYS", "HUMAN", "MIN_SIZE", "UnoApp"]

_COLOR_KEYS = "rygb"
#: the rows the log keeps at the least (its border and 4 lines)
_LOG_MIN = 6
#: how far the card played slides (columns): yours, the others'
SLIDE = (12, 6)
#: how long the table stays in view after a round's last card, before its summary (seconds)
ROUND_PAUSE = 1.2
#: how often the countdowns on the status line are drawn again (seconds)
_TICK = 0.2
#: a terminal at least this large gets the roomy table: the log beside it, an opponent per row,
#: tall cards, the pile's last cards (columns, lines)
ROOMY = (110, 32)
#: the share of a roomy terminal's width the log takes
_LOG_SHARE = 0.42


@dataclass(slots=True)
class _Snapshot:
    """The table before one of the person's moves (take-back)."""

    game: Game
    bots: list[Bot | None]


class GameLog(RichLog):
    """The log: keeps its lines' text and wraps them again whenever its width changes (a
    terminal shrunk and grown again, or a log hidden while the terminal was too small, keeps
    no lines wrapped or cut at the old width). Lines are broken between words, and between
    any two Chinese characters (:func:`unokit.tui.wrap.wrap`). A new line scrolls the log to
    its end only when the player is there: a log scrolled back stays where it is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.texts: list[str] = []
        self._wrapped_at = 0

    @property
    def at_end(self) -> bool:
        """Whether the log shows its last line (no line below is hidden)."""
        return self.scroll_y >= self.max_scroll_y - 1

    def _wrapped(self, text: str) -> str:
        width = self.scrollable_content_region.width
        return "\n".join(wrap(text, width)) if width > 2 else text

    def say(self, text: str) -> None:
        """Add a line (the log follows it only when it was at its end)."""
        follow = self.at_end
        self.texts.append(text)
        self._wrapped_at = self.scrollable_content_region.width
        self.write(self._wrapped(text), scroll_end=follow)
        self._show_more()

    def tell_again(self, texts: list[str]) -> None:
        """Replace every line."""
        self.texts = list(texts)
        self._rewrap()

    def _rewrap(self) -> None:
        self.clear()
        self._wrapped_at = self.scrollable_content_region.width
        for text in self.texts:
            self.write(self._wrapped(text), scroll_end=False)
        self.scroll_end(animate=False, immediate=False, x_axis=False)
        self._show_more()

    def _show_more(self) -> None:
        """The border says when newer lines are below (the log scrolled back)."""
        self.call_after_refresh(self._mark_more)

    def _mark_more(self) -> None:
        self.border_subtitle = "▼ PgDn" if not self.at_end else ""

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width > 0 and width != self._wrapped_at and self.texts:
            self._rewrap()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._mark_more()


class TableScreen(Screen[None]):
    """The table: opponents, the top card, the hand, the actions, the log, the keys."""

    DEFAULT_CSS = """
    TableScreen #main { height: 1fr; }
    TableScreen #body { height: 1fr; layout: vertical; }
    TableScreen #table { height: auto; }
    TableScreen.roomy #body { layout: horizontal; }
    TableScreen.roomy #table { width: 1fr; height: 1fr; }
    TableScreen.roomy #log { width: 42%; height: 1fr; }
    TableScreen #title-bar { height: 1; background: $primary; color: $text; padding: 0 1; }
    TableScreen #opponents { height: auto; padding: 0 1; }
    TableScreen #table-line { height: 1; padding: 0 1; }
    TableScreen #top { width: auto; height: 1; }
    TableScreen #table-info { width: 1fr; height: 1; }
    TableScreen #pile { height: auto; padding: 0 1; color: $text-muted; }
    TableScreen #status { height: 1; padding: 0 1; text-style: bold; }
    TableScreen #you { height: 1; padding: 0 1; }
    TableScreen #hand { height: auto; padding: 0 1; }
    TableScreen #actions { height: auto; max-height: 2; padding: 0 1; }
    TableScreen #log { height: 1fr; min-height: 3; border: round $secondary;
                       border-title-color: $text-muted; border-subtitle-color: $warning;
                       border-subtitle-align: left;
                       padding: 0 1; scrollbar-size: 1 1; }
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
        Binding("s", "app.sort", show=False),
        Binding("p", "app.pause", show=False),
        Binding("minus", "app.speed(-1)", show=False),
        Binding("plus,equals_sign", "app.speed(1)", show=False),
        Binding("escape", "app.let_pass", show=False),
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
            with Container(id="body"):  # the log beside the table on a roomy terminal
                with Vertical(id="table"):
                    opponents = Static(id="opponents")
                    opponents.auto_links = False  # a link's colour would hide a seat's own
                    yield opponents
                    with Horizontal(id="table-line"):
                        yield Static(id="top")
                        yield Static(id="table-info")
                    yield Static(id="pile")
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


class UnoApp(TableView, App[None]):
    """The terminal game (see the module docstring)."""

    TITLE = "unokit"
    ENABLE_COMMAND_PALETTE = False  # every command is a key of the game, in the player's language
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", show=False, priority=True),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
    ]
    #: what works on a terminal too small for the table: only the ways out
    _WHEN_SMALL = frozenset({"quit", "quit_game"})

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
        order: str = "color",
        jump_window: float = 3.0,
    ) -> None:
        super().__init__()
        self.settings = Settings(
            players=(game.rules if game is not None else (rules or Rules(players=4))).players,
            bots=bots,
            lang=lang,
            animations=animations,
            bell=bell,
            takeback=takeback,
            order=order,
            delay=bot_delay,
            jump_window=jump_window,
        )
        self.forget_uno = forget_uno
        self.save_path = save_path or Path("unokit-save.json")
        self.records_dir = records_dir
        self.record_path: Path | None = None
        #: why the finished match's record could not be written ("" when it was, or is not due)
        self.record_error = ""
        self.notice = ""  #: the last feedback shown (refusals, hints), for tests and the status
        self.exit_message = ""
        self.paused = False  #: the player paused the game (p): the bots and the clocks wait
        self._bot_timer: Timer | None = None
        self._pending_bot = False
        self._was_my_turn = False
        self._round_shown = False
        self._round_timer: Timer | None = None
        self._slide_timer: Timer | None = None
        self._ticker: Timer | None = None
        self._hint_shown = False
        #: the person's turn clock (turn_time_limit) and the decision it counts for
        self.turn_clock: Countdown | None = None
        self._clock_for: tuple[int, int] = (-1, -1)
        #: the time left of the person's decisions made (paused), so that a take-back gives the
        #: decision its time left, not a fresh count
        self._clocks_spent: dict[tuple[int, int], Countdown] = {}
        #: the window in which the person may jump in or catch before the bots act
        self.window: Countdown | None = None
        #: the clocks' time source (seconds; tests turn it by hand)
        self.now: Callable[[], float] = time.monotonic
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
        #: why the take-back history ran out: "" (it did not), "card" (a move showed the person
        #: a card), "bot" (a bot's answer showed a card or a choice)
        self.shown_card = ""
        self.record_path = None
        self.record_error = ""
        self._round_shown = False
        self.turn_clock = None
        #: the round's match clock (match_clock, VARIANTS.md §2) and the round it counts
        self.match_clock: Countdown | None = None
        self._match_clock_round = -1
        self.window = None
        #: the cards the person could play before another seat's last move (a card pressed
        #: as the table moved on is refused as "too late")
        self._could_play: set[Card] = set()

    @property
    def bot_delay(self) -> float:
        """Seconds the bots wait before acting (``--delay``; ``-``/``+`` change it)."""
        return self.settings.delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self.settings.delay = seconds

    def takeback_ready(self) -> bool:
        return self.takeback_on and bool(self.snapshots)

    # -- layout --------------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        return TableScreen()

    def start(self) -> None:
        """The table is on the screen: tell the match so far and play on."""
        self.rebuild_log()
        if self._ticker is None:
            self._ticker = self.set_interval(_TICK, self._tick)
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

    @property
    def too_small(self) -> bool:
        """Whether the terminal is smaller than the table needs (the keys wait then)."""
        return too_small(self.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """On a terminal too small for the table, a key (or a click) does nothing but quit:
        a card must never be played blind."""
        return not self.too_small or action in self._WHEN_SMALL

    # -- the log -------------------------------------------------------------------------------

    def _tell(
        self, events: list[ev.Event], before: list[Card], after: list[Card], game: Game
    ) -> list[str]:
        """The log lines of one move's events, told to the person (:func:`telling.tell`);
        the match's statistics count them. ``game``: the table after the move."""
        for event in events:
            self.stats.add(event)
        return tell(
            events, before, after, game, self.lang, HUMAN, self._key_in(game), self._in_order
        )

    def _key_in(self, game: Game) -> Callable[[Card], str]:
        def key(card: Card) -> str:
            shown = in_order(face_up_hand(game, HUMAN), self.settings.order)
            return card_key(shown.index(card)) if card in shown else ""

        return key

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
                before = face_up_hand(game, HUMAN)
                events = replay_moves(game, [move])[0]
                lines += self._tell(events, before, face_up_hand(game, HUMAN), game)
        except UnoError:  # a table set up by hand (tests): its first deal only
            self.stats = MatchStats(self.game.n)
            lines = self._tell(list(self.game.deal_events), [], [], self.game)
        log.tell_again([*(first or []), *lines])

    def log_lines(self) -> list[str]:
        """The log's lines, each whole (not as wrapped on screen; for tests)."""
        return list(self._main.query_one("#log", GameLog).texts)

    # -- showing the state ---------------------------------------------------------------------

    @property
    def roomy(self) -> bool:
        """A large terminal: the log beside the table, an opponent per row, tall cards, the
        pile's last cards."""
        width, height = self.size
        return width >= ROOMY[0] and height >= ROOMY[1]

    def refresh_view(self) -> None:
        if self._shutting_down:
            return
        screen = self._main
        width, height = self.size
        small = self.too_small
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
        roomy = self.roomy
        screen.set_class(roomy, "roomy")
        title_width = width - 2
        if roomy:  # the table takes what the log beside it leaves
            width -= int(width * _LOG_SHARE)
        inner = width - 2
        opponents = self._opponents(inner, roomy)
        actions = self._actions()
        pile = self._pile(inner) if roomy else ""
        screen.query_one("#title-bar", Static).update(self._title(title_width))
        screen.query_one("#opponents", Static).update(opponents)
        top, info = self._table_line()
        screen.query_one("#top", Static).update(" " * self.slide_left + top)
        screen.query_one("#table-info", Static).update(info)
        pile_widget = screen.query_one("#pile", Static)
        pile_widget.display = bool(pile)
        pile_widget.update(pile)
        screen.query_one("#status", Static).update(self._status())
        screen.query_one("#you", Static).update(self._you())
        # the hand gets every row the rest leaves (the log keeps _LOG_MIN rows below it; on a
        # roomy terminal the log is beside it)
        wide = cell_len(Text.from_markup(actions).plain) > inner
        used = 5 + opponents.count("\n") + 1 + (2 if wide else 1) + (1 if pile else 0)
        room = max(1, height - used - (0 if roomy else _LOG_MIN))
        screen.query_one("#hand", Static).update(self._hand(inner, room, tall=roomy))
        screen.query_one("#actions", Static).update(actions)
        screen.query_one("#footer", Static).update(self._footer(self.size.width - 2))

    def _say(self, text: str, severity: str = "warning") -> None:
        """Feedback for a key that does nothing now, or a refused card: a toast, its lines
        broken to its width (between any two Chinese characters too)."""
        self.notice = text
        self._hint_shown = False
        self.clear_notifications()  # one toast at a time: they would pile up over the log
        width = max(20, min(60, self.size.width // 2) - 4)  # the toast's width less its frame
        self.notify("\n".join(wrap(text, width)), severity=severity, timeout=4)  # type: ignore[arg-type]

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
        before = face_up_hand(self.game, HUMAN)  # (not the cards face down: blind_draw)
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
        if _shows_a_card(events, before, face_up_hand(self.game, HUMAN)):
            # the person has seen a card (drawn, given, or a hand shown): no move before this
            # one can be taken back, or a second draw would know the first (RULES-NOTES.md)
            self.snapshots.clear()
            self.shown_card = "card"
        elif seat not in (HUMAN, REFEREE) and self.snapshots and _shows_a_choice(move):
            # a bot's answer showed a card of its hand or a choice: taking back the move it
            # answered would let the person play again knowing it (issue 21)
            self.snapshots.clear()
            self.shown_card = "bot"
        if self.window is not None:  # the chance out of turn is taken, or gone
            self.window = None
            if seat == HUMAN:
                self._stop_bot_timer()
        if self._hint_shown:  # the table changed: an old hint would mislead
            self.clear_notifications()
            self._hint_shown = False
            self.notice = ""
        if not self._shutting_down:
            log = self._main.query_one("#log", GameLog)
            after = face_up_hand(self.game, HUMAN)
            for line in self._tell(events, before, after, self.game):
                log.say(line)
        if seat == HUMAN and isinstance(move, Play):
            self.uno_armed = False
        drawn = self.game.drawn
        after_draw = seat == HUMAN and self.game.phase == Phase.AFTER_DRAW
        if after_draw and drawn is not None and drawn in self.game.hands[HUMAN]:
            self.cursor = self.shown.index(drawn)
        if move == DEAL:
            self.snapshots.clear()
            self.shown_card = ""
            self._round_shown = False
        if any(isinstance(e, ev.Played) for e in events):
            self._slide_top(seat)
        self.after_move()

    def action_card(self, index: int) -> None:
        """A number key (or a click): play that card of the hand (as shown)."""
        if self.dialog_open:
            return
        hand = self.shown
        if index >= len(hand):
            self._say(tr(self.lang, "no_card_n", number=card_key(index) or index + 1))
            return
        self.cursor = index
        self.play_card(hand[index])

    def action_cursor(self, dx: int, dy: int) -> None:
        hand = self.shown
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

    def action_play_drawn(self) -> None:
        """The drawn card, played (a click on its action)."""
        drawn = self.game.drawn
        if drawn is not None and drawn in self.game.hands[HUMAN] and not self.dialog_open:
            self.cursor = self.shown.index(drawn)
            self.play_card(drawn)

    def play_card(self, card: Card) -> None:
        legal = [m for m in self.game.legal_moves(HUMAN) if isinstance(m, Play)]
        options = [m for m in legal if card in m.cards]
        if not options:
            late = card in self._could_play
            why = refusal(self.game, HUMAN, card, self.lang, late=late)
            misplay = Play(card, Color.RED if COLOR_OF[card] < 0 else None)
            if not late and self.game.is_misplay(HUMAN, misplay):
                self._ask_misplay(misplay, why)
                return
            self._say(why)
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
                move=True,
            )
            return
        self._refine(options)

    def _ask_misplay(self, move: Play, why: str) -> None:
        """Under ``misplay = penalty_*`` a card the rules do not allow may still be played: it
        goes back and costs a card (RULES.md §7.9). The player is asked first."""
        lang = self.lang
        then = "misplay_end" if self.rules.misplay == "penalty_end_turn" else "misplay_continue"
        self._ask(
            tr(lang, "misplay_question", why=why.rstrip(".。")),
            [  # keeping the card first: Enter alone costs nothing
                Answer(tr(lang, "misplay_no"), "no", "n"),
                Answer(tr(lang, "misplay_yes", then=tr(lang, then)), "yes", "y"),
            ],
            lambda answer: self.apply(HUMAN, move) if answer == "yes" else None,
            move=True,
        )

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
                move=True,
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
                move=True,
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
                move=True,
            )
            return
        # trades: give the three least valuable cards
        options.sort(key=lambda m: sum(card_points(c) for c in m.give))
        self.apply(HUMAN, options[0])

    def _color_answers(self, colors: list[int]) -> list[Answer]:
        return [Answer(color_name(self.lang, c), c, _COLOR_KEYS[c], CSS_COLORS[c]) for c in colors]

    def _ask(
        self,
        question: str,
        answers: list[Answer],
        then: Any,
        *,
        body: Any = None,
        cancel: bool = True,
        move: bool = False,
    ) -> None:
        """A question; ``move``: it is part of the person's move (a wild's colour, a target),
        so the turn's clock keeps running while it is open."""

        def done(answer: Any) -> None:
            if answer is not None and not self._shutting_down:
                then(answer)
            self._resume()

        self.clear_notifications()  # no toast over the dialog
        screen = ChoiceScreen(question, answers, body=body, cancel=cancel, lang=self.lang)
        screen.part_of_move = move
        self.push_screen(screen, done)

    def _resume(self) -> None:
        """A dialog closed: the game goes on (the bots wait while one is open)."""
        if self._shutting_down or self.dialog_open:
            return
        self._arm_turn_clock()
        self._arm_match_clock()
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
        if not self.paused:
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
        if game.current == HUMAN and game.phase == Phase.PLAY and self.rules.hand_limit:
            refused = move_refusal(game, HUMAN, DRAW, self.lang)  # (at the hand limit)
        elif game.current == HUMAN and game.phase == Phase.PLAY:
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
            if self.rules.uno_call_window == "last_card_only":  # strict UNO: say why
                self._say(move_refusal(self.game, HUMAN, CALL_UNO, self.lang))
        else:
            self._say(tr(self.lang, "no_uno"))

    def action_catch(self) -> None:
        if self.dialog_open:
            return
        targets = [m.target for m in self.game.legal_moves(HUMAN) if isinstance(m, Catch)]
        if not targets and not self.rules.catching:  # silent UNO: the engine's reason
            other = (HUMAN + 1) % self.game.n
            self._say(move_refusal(self.game, HUMAN, Catch(other), self.lang))
        elif not targets:
            self._say(tr(self.lang, "no_catch"))
        elif len(targets) == 1:
            self.apply(HUMAN, Catch(targets[0]))
        else:
            answers = [Answer(seat_name(self.lang, t, HUMAN), t) for t in targets]
            self._ask(tr(self.lang, "catch_whom"), answers, self.action_catch_seat, move=True)

    def action_catch_seat(self, seat: int) -> None:
        if Catch(seat) in self.game.legal_moves(HUMAN):
            self.apply(HUMAN, Catch(seat))

    def action_hint(self) -> None:
        if self.dialog_open:
            return
        move, text = hint(self.game, HUMAN, self.lang, self.shown)
        if isinstance(move, Play) and move.card in self.game.hands[HUMAN]:
            self.cursor = self.shown.index(move.card)
            self.refresh_view()
        self._say(text, "information")
        self._hint_shown = True  # cleared when the table changes

    def action_takeback(self) -> None:
        if self.dialog_open:
            return
        if not self.takeback_on:
            self._say(tr(self.lang, "takeback_off"))
            return
        if not self.snapshots or self.game.round_over:
            why = "takeback_none"
            if self.shown_card and not self.game.round_over:
                why = "takeback_shown" if self.shown_card == "card" else "takeback_bot"
            self._say(tr(self.lang, why))
            return
        snapshot = self.snapshots.pop()
        self._stop_bots()
        self.game = snapshot.game
        self.bots = snapshot.bots
        self.uno_armed = False
        self.window = None
        self.rebuild_log()
        self._say(tr(self.lang, "takeback_done"), "information")
        self.after_move()

    def action_sort(self) -> None:
        """``s``: the next order of the hand (by colour, by number, as dealt), kept for the
        match, its save and new matches; the cursor stays on its card."""
        hand = self.shown
        card = hand[self.cursor] if 0 <= self.cursor < len(hand) else None
        self.settings.order = next_order(self.settings.order)
        if card is not None:
            self.cursor = self.shown.index(card)
        self.refresh_view()
        self._say(tr(self.lang, f"sorted_{self.settings.order}"), "information")

    def action_pause(self) -> None:
        """``p``: the bots and the clocks wait until ``p`` again."""
        if self.dialog_open or self.game.round_over:
            return
        self.paused = not self.paused
        if self.paused:
            self._stop_bot_timer()
        self._tick()
        self._say(tr(self.lang, "paused_say" if self.paused else "resumed"), "information")
        self._resume()

    def action_speed(self, step: int) -> None:
        """``-`` and ``+``: the bots wait longer or shorter before acting."""
        if self.dialog_open:
            return
        delay = self.bot_delay
        slower = [d for d in DELAYS if d > delay + 1e-9]
        faster = [d for d in DELAYS if d < delay - 1e-9]
        if step > 0 and faster:
            self.bot_delay = faster[-1]
        elif step < 0 and slower:
            self.bot_delay = slower[0]
        self._say(tr(self.lang, "speed_say", seconds=_seconds(self.bot_delay)), "information")

    def action_let_pass(self) -> None:
        """``Esc``: let a chance to jump in or catch pass; the bots play on at once."""
        if self.dialog_open or self.window is None:
            return
        self.window = None
        self._stop_bot_timer()
        self.refresh_view()
        if not self.paused:
            self.call_later(self.bot_step)

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
            ("Esc", "help_let_pass"),
            ("r y g b", "help_colors"),
            ("t", "help_hint"),
            ("z", "help_takeback"),
            ("s", "help_sort"),
            ("p", "help_pause"),
            ("- +", "help_speed"),
            ("r", "help_rules"),
            ("n", "help_new"),
            ("PgUp PgDn", "help_log"),
            ("Esc", "help_esc"),
            ("q Ctrl+C", "help_quit"),
        ]
        for key, text in rows:
            table.add_row(key, tr(lang, text))
        # the paragraphs broken to the page's width by wrap (between Chinese characters too:
        # a grid's cell cut a Chinese sentence with "…")
        width = max(20, min(100, self.size.width * 96 // 100) - 6)
        notes = [tr(lang, "help_jump", seconds=_seconds(self.settings.jump_window))]
        if self.rules.turn_time_limit:
            notes.append(tr(lang, "help_clock", seconds=self.rules.turn_time_limit))
        if self.rules.match_clock:
            notes.append(tr(lang, "help_match_clock", seconds=self.rules.match_clock))
        body = Table.grid()
        body.add_row(table)
        for note in notes:
            body.add_row(Text(""))
            body.add_row(Text("\n".join(wrap(note, width))))
        self.push_screen(
            PageScreen(tr(lang, "help_title"), body, "?", tr(lang, "help_close"), lang=lang),
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
            PageScreen(tr(lang, "rules_title"), body, "r", tr(lang, "rules_close"), lang=lang),
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
            self.settings.order = chosen.order
            self.settings.delay = chosen.delay
            self.settings.jump_window = chosen.jump_window
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
        file of its own (``save-2.json``…), so that quitting it keeps the old one. A save that
        fails keeps the old match on the table and says why."""
        note = ""
        if not self.game.match_over and self.game.history:
            old = self.save_path
            try:
                self.save(old)
            except OSError as error:
                self._say(tr(self.lang, "save_failed", path=old, why=_why(error)), "error")
                self._resume()
                return
            self.save_path = free_path(old)
            note = tr(self.lang, "new_match_saved", path=old, new=self.save_path)
        elif self.save_path.exists():
            self.save_path = free_path(self.save_path)  # another match's save: kept too
        self._stop_bots()
        self.settings.players = rules.players
        self.settings.bots = level
        self.paused = False
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
            self._leave_finished()
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
        """Save an unfinished match and quit; a save that fails keeps the game open and asks
        where else (:meth:`_save_failed`)."""
        if self.game.match_over:
            self._leave_finished()
            return
        try:
            self.save(self.save_path)
        except OSError as error:
            self._save_failed(self.save_path, error)
            return
        self.exit_message = tr(self.lang, "saved_resume", path=self.save_path)
        self._leave()

    def _save_failed(self, path: Path, error: OSError) -> None:
        """The save could not be written: the match stays open; the player may save it where
        it can be written (the current folder, else home, else the temporary folder), go back
        to the game, or quit without saving."""
        lang = self.lang
        spare = fallback(path.name or "unokit-save.json")
        answers = []
        if spare is not None:
            answers.append(Answer(tr(lang, "save_there", path=spare), spare, "s"))
        answers += [
            Answer(tr(lang, "back_to_game"), "back", "c"),
            Answer(tr(lang, "quit_no_save"), "quit", "n"),
        ]

        def answer(chosen: Any) -> None:
            if isinstance(chosen, Path):
                self.save_path = chosen
                self._save_and_leave()
            elif chosen == "quit":
                self._leave()

        # (called from a dialog's answer: the question comes once that dialog has gone)
        question = tr(lang, "save_failed", path=path, why=_why(error))
        self.call_later(lambda: self._ask(question, answers, answer))

    def _leave_finished(self) -> None:
        """Quit after the match's end; a record that could not be written is offered a place
        where it can be (or the player quits without it, knowing)."""
        if not self.record_error or self.record_path is not None:
            self._leave()
            return
        lang = self.lang
        spare = fallback(self._record_name())
        answers = []
        if spare is not None:
            answers.append(Answer(tr(lang, "record_there", path=spare), spare, "s"))
        answers += [
            Answer(tr(lang, "quit_no_record"), "quit", "n"),
            Answer(tr(lang, "cancel"), "cancel", "c"),
        ]

        def answer(chosen: Any) -> None:
            if isinstance(chosen, Path):
                try:
                    self.save(chosen)
                except OSError as error:
                    self.record_error = _why(error)
                    self._say(tr(lang, "record_not_saved", why=self.record_error), "error")
                    return
                self.record_path = chosen
                self.exit_message = tr(lang, "record_saved_to", path=chosen)
                self._leave()
            elif chosen == "quit":
                self._leave()

        question = tr(lang, "record_not_saved", why=self.record_error)
        self.call_later(lambda: self._ask(question, answers, answer))

    def _leave(self) -> None:
        self._stop_bots()
        self.exit(message=self.exit_message or None)

    def save(self, path: Path) -> None:
        """Save the match as its record (:func:`unokit.record.saved_record`): `unokit play
        --resume` goes on from it, `unokit replay` steps through it. Written whole or not at
        all; raises :class:`OSError` with the reason."""
        data = saved_record(
            self.game,
            bots=self.level,
            lang=self.lang,
            seed=self.seed,
            you=HUMAN,
            saved=time.strftime("%Y-%m-%d %H:%M"),
            delay_ms=round(self.bot_delay * 1000),
            jump_ms=round(self.settings.jump_window * 1000),
            order=self.settings.order,
        )
        write_text(path, json.dumps(data))

    def _record_name(self) -> str:
        return f"unokit-{time.strftime('%Y%m%d-%H%M%S')}-seed{self.seed}.json"

    def _save_record(self) -> None:
        """A finished match's record goes to ``records_dir`` (``unokit replay`` reads it)."""
        if self.records_dir is None or self.record_path is not None:
            return
        try:
            self.records_dir.mkdir(parents=True, exist_ok=True)
            path = self.records_dir / self._record_name()
            self.save(path)
        except OSError as error:
            self.record_error = _why(error)
            self._say(tr(self.lang, "record_not_saved", why=self.record_error), "error")
            return
        self.record_error = ""
        self.record_path = path

    # -- bots, clocks and the flow of play -----------------------------------------------------

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
            move=True,
        )

    def _chance(self) -> bool:
        """Whether the person, out of turn, may jump in or catch a player now."""
        game = self.game
        if game.current == HUMAN or game.round_over:
            return False
        legal = game.legal_moves(HUMAN)
        return any(isinstance(m, Play) for m in legal) or bool(self._catch_targets(legal))

    def _schedule_bot(self) -> None:
        """The bots act after ``bot_delay``; when the person has a chance out of turn (a
        jump-in, a catch), after the jump-in window at the least, counted down on screen."""
        if self._pending_bot:
            return
        self._pending_bot = True
        delay = self.bot_delay
        window = self.settings.jump_window
        if window > delay and self._chance():
            self.window = Countdown(window, self.now)
            delay = window
        if delay > 0:
            self._bot_timer = self.set_timer(delay, self.bot_step)
        else:
            self.call_later(self.bot_step)

    def _stop_bot_timer(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self._pending_bot = False

    def _stop_bots(self) -> None:
        self._stop_bot_timer()
        if self._round_timer is not None:
            self._round_timer.stop()
            self._round_timer = None
        if self._slide_timer is not None:
            self._slide_timer.stop()
            self._slide_timer = None
            self.slide_left = 0

    def on_unmount(self) -> None:
        self._stop_bots()
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _bot_view(self, seat: int) -> View:
        """What a bot sees: its view, without a timeout (the clock's, never chosen)."""
        view = self.game.view(seat)
        if self.rules.turn_time_limit:
            moves = tuple(m for m in view.legal_moves if not isinstance(m, Timeout))
            view = replace(view, legal_moves=moves)
        return view

    def bot_step(self) -> None:
        self._pending_bot = False
        self._bot_timer = None
        if self._shutting_down:
            return
        game = self.game
        if game.round_over or self.dialog_open or self.paused:
            return  # closing the dialog (or p) schedules the bots again (_resume)
        if self.window is not None:
            self.window = None
            self.refresh_view()
        for seat in game.waiting_seats():
            bot = self.bots[seat]
            if bot is None:
                continue
            move = bot.act(self._bot_view(seat))
            if move is not None:
                self.apply(seat, move)
                return
        seat = game.current
        bot = self.bots[seat]
        if bot is not None:
            move = bot.act(self._bot_view(seat))
            if move is not None:
                self.apply(seat, move)

    def _arm_turn_clock(self) -> None:
        """Under ``turn_time_limit`` the person's turn is counted down: a new count for each
        decision of theirs (after a draw too), none on the bots' turns; a decision taken back
        gets the time it had left, not a new count (or a take-back would stop the clock)."""
        game = self.game
        limit = self.rules.turn_time_limit
        mine = (
            limit > 0
            and game.current == HUMAN
            and not game.round_over
            and TIMEOUT in game.legal_moves(HUMAN)
        )
        decision = (game.round_no, len(game.history)) if mine else (-1, -1)
        clock = self.turn_clock
        if clock is not None and self._clock_for == decision:
            return  # the same decision: its count goes on
        spent = self._clocks_spent
        if clock is not None:  # a decision made: its time left is kept (take-back)
            clock.pause()
            spent[self._clock_for] = clock
        if not mine:
            self.turn_clock = None
            self._clock_for = (-1, -1)
            return
        for old in [d for d in spent if d[0] != decision[0] or d[1] > decision[1]]:
            del spent[old]  # another round, or decisions undone past: never come back
        clock = spent.pop(decision, None)
        if clock is None:
            clock = Countdown(limit, self.now)
        clock.resume()
        self.turn_clock = clock
        self._clock_for = decision

    def _arm_match_clock(self) -> None:
        """Under ``match_clock`` each round is counted down from its deal (a round resumed
        from a saved game gets a full count); none while a round is over."""
        limit = self.rules.match_clock
        game = self.game
        if not limit or game.round_over:
            self.match_clock = None
            return
        if self.match_clock is None or self._match_clock_round != game.round_no:
            self.match_clock = Countdown(limit, self.now)
            self._match_clock_round = game.round_no

    def _clock_out(self) -> None:
        """The match clock ran out: the referee ends the round (the engine's ``timeout``)."""
        self.match_clock = None
        if TIMEOUT not in self.game.legal_moves(REFEREE):
            return
        screen = self.screen
        if isinstance(screen, ChoiceScreen) and screen.part_of_move:
            screen.dismiss(None)  # the question closes: the round is over
        self.apply(REFEREE, TIMEOUT)

    def _clock_waits(self) -> bool:
        """The clocks wait while the game is paused or a page is open (help, rules, settings,
        the quit question), not while the person answers a question of their move."""
        if self.paused:
            return True
        screen = self.screen
        if isinstance(screen, TableScreen):
            return False
        return not getattr(screen, "part_of_move", False)

    def _tick(self) -> None:
        """Every fifth of a second: the countdowns run (or wait), the status line shows them,
        and a turn whose time has run out ends (``timeout``: RULES.md §7.10)."""
        if self._shutting_down:
            return
        waits = self._clock_waits()
        for countdown in (self.turn_clock, self.window, self.match_clock):
            if countdown is not None:
                if waits:
                    countdown.pause()
                else:
                    countdown.resume()
        blitz = self.match_clock
        if blitz is not None and blitz.expired and not waits and not self.game.round_over:
            self._clock_out()
            return
        clock = self.turn_clock
        if clock is not None and clock.expired and not waits:
            self._time_out()
            return
        ticking = clock is not None or self.window is not None or blitz is not None
        if ticking and not self.too_small:
            self._main.query_one("#status", Static).update(self._status())
            screen = self.screen
            if clock is not None and isinstance(screen, ChoiceScreen) and screen.part_of_move:
                screen.show_clock(tr(self.lang, "dialog_clock", seconds=clock.shown()))

    def _time_out(self) -> None:
        """The person's time ran out: a question of their move is closed, and the turn ends
        as the rules say (the engine's ``timeout``: the penalty is drawn, the turn passes)."""
        self.turn_clock = None
        game = self.game
        if game.current != HUMAN or TIMEOUT not in game.legal_moves(HUMAN):
            return
        screen = self.screen
        if isinstance(screen, ChoiceScreen) and screen.part_of_move:
            screen.dismiss(None)  # the question closes: say why, or it seems to vanish
            self._say(tr(self.lang, "time_ran_out_in_dialog"))
        self.apply(HUMAN, TIMEOUT)

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
        self.turn_clock = None
        self.window = None
        self.clear_notifications()  # no toast stays over the summary
        game = self.game
        lang = self.lang
        if game.match_over:
            self._save_record()
        if game.winner is not None and game.winner >= 0:
            key = "round_won_you" if game.winner == HUMAN else "round_won"
            question = tr(lang, key, name=self._seat_name(game.winner), number=game.round_no)
        else:
            question = tr(lang, "round_void", number=game.round_no)
        if game.match_over:
            lines = match_lines(game, lang, self._seat_name, self.stats, self._record_lines())
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
            lines = round_lines(game, lang, self._seat_name)
            answers = [
                Answer(tr(lang, "next_round"), "next", "n"),
                Answer(tr(lang, "quit_save"), "quit", "q"),
            ]
        body = Text("\n".join(lines), overflow="fold")
        self._ask(question, answers, self._round_answer, body=body, cancel=False)

    def _record_lines(self) -> list[str]:
        """Where the match's record is, or why it could not be written."""
        lang = self.lang
        room = max(20, self.size.width - 10)  # the dialog's border and padding
        if self.record_path is not None:
            return ["", tr(lang, "record_saved"), *path_lines(self.record_path, room)]
        if self.record_error:
            return ["", *wrap(tr(lang, "record_not_saved", why=self.record_error), room)]
        return []

    def _round_answer(self, answer: str) -> None:
        if answer == "next":
            self.apply(REFEREE, DEAL)
        elif answer == "again":
            self.new_match(self.rules, self.level, self.takeback_on)
        elif answer == "settings":
            self.call_later(self.action_settings)
        else:
            self._save_and_leave()


def _seconds(value: float) -> str:
    """Seconds as a player reads them: ``0.8``, ``3`` (no ``3.0``)."""
    return f"{value:g}"


def _why(error: OSError) -> str:
    """An error of the system in a few words ("No such file or directory"), without its
    number."""
    return error.strerror or str(error) or type(error).__name__


def _shows_a_card(events: list[ev.Event], before: list[Card], after: list[Card]) -> bool:
    """Whether a move showed the person a card they had not seen: a card came to their hand
    (a draw, a penalty, a swap) or a hand was shown to them (a challenge, a peek)."""
    if Counter(after) - Counter(before):
        return True
    return any(isinstance(e, (ev.HandRevealed, ev.Peeked)) and e.seat == HUMAN for e in events)


def _shows_a_choice(move: Move) -> bool:
    """Whether a bot's move showed the person something they could use if they played their
    own move again: a card of its hand, a colour, a challenge, a call, a catch. Only a draw
    (the card unseen), keeping the drawn card and a timeout show nothing."""
    return not isinstance(move, Draw | Pass | Timeout)
