"""The terminal game's dialogs: a choice (keys, arrows, Enter, Esc), a page of text (help,
rules) and the settings of a new match. Each is a modal screen: while one is open the game
waits (the bots too), and its keys are its own. On a terminal smaller than the game needs
(:data:`MIN_SIZE`) a dialog shows only a note asking for a larger one, and its keys wait: no
answer is chosen blind."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from unokit.bots.spec import TABLE_LEVELS
from unokit.rules import PRESETS
from unokit.tui.hand import ORDERS
from unokit.tui.i18n import LANGUAGE_NAMES, LANGUAGES, bot_name, tr

__all__ = [
    "MIN_SIZE",
    "Answer",
    "ChoiceScreen",
    "GuardedScreen",
    "PageScreen",
    "Settings",
    "SettingsScreen",
    "too_small",
]

#: the smallest terminal the game fits in (columns, lines); below it a note asks for more
MIN_SIZE = (60, 20)


def too_small(size: Size | tuple[int, int]) -> bool:
    """Whether a terminal of ``size`` is smaller than the game needs."""
    width, height = size
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


class GuardedScreen(ModalScreen[Any]):
    """A dialog that, on a terminal too small for it, shows a note instead of drawing itself
    broken, and ignores every key but the app's own (Ctrl+C, Ctrl+Q) until it is larger."""

    DEFAULT_CSS = """
    GuardedScreen #too-small-note { display: none; width: 1fr; height: 1fr; padding: 1 2;
                                    background: $background; }
    GuardedScreen.small #too-small-note { display: block; }
    GuardedScreen.small > Vertical { display: none; }
    """

    def compose_note(self) -> ComposeResult:
        yield Static(id="too-small-note")

    def guard(self) -> bool:
        """Show the note when the terminal is too small; whether it is."""
        size = self.app.size
        small = too_small(size)
        self.set_class(small, "small")
        if small and self.is_attached:
            self.query_one("#too-small-note", Static).update(
                tr(
                    str(getattr(self, "lang", "en")),
                    "too_small",
                    width=size.width,
                    height=size.height,
                    min_width=MIN_SIZE[0],
                    min_height=MIN_SIZE[1],
                )
            )
        return small

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not too_small(self.app.size)

    def blocked(self, event: events.Key) -> bool:
        """A key pressed while the terminal is too small: swallowed."""
        if too_small(self.app.size):
            event.stop()
            event.prevent_default()
            return True
        return False


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer of a :class:`ChoiceScreen`: its label, the value it returns, its own key
    (besides its number) and a background colour."""

    label: str
    value: Any
    key: str = ""
    color: str = ""


class ChoiceScreen(GuardedScreen):
    """A question and its answers: the answer's number or key, or ↑↓ and Enter; a click; Esc
    cancels (returns ``None``) when ``cancel``. A body taller than the terminal scrolls
    (PgUp/PgDn, the wheel) between the question and the answers, which stay in view."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical { width: auto; max-width: 96%; height: auto; max-height: 96%;
                              border: thick $accent; background: $surface; padding: 0 1; }
    ChoiceScreen #question { text-style: bold; width: auto; max-width: 100%; }
    ChoiceScreen #body-scroll { width: auto; max-width: 100%; height: auto;
                                scrollbar-size-vertical: 1; }
    ChoiceScreen #body { width: auto; max-width: 100%; height: auto; }
    ChoiceScreen #answers { width: auto; max-width: 100%; margin: 1 0 0 0; }
    ChoiceScreen #keys { color: $text-muted; width: auto; max-width: 100%; }
    ChoiceScreen #clock { color: $warning; width: auto; max-width: 100%; }
    """

    def __init__(
        self,
        question: str,
        answers: list[Answer],
        *,
        body: RenderableType | None = None,
        cancel: bool = True,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.question = question
        self.answers = answers
        self.body = body
        self.cancel = cancel
        self.lang = lang
        self.cursor = 0
        #: a question of the person's move (a wild's colour...): the turn's clock runs on
        self.part_of_move = False

    def compose(self) -> ComposeResult:
        yield from self.compose_note()
        with Vertical():
            yield Static(escape(self.question), id="question")
            if self.part_of_move:  # the turn's clock, when the table has one (show_clock)
                yield Static("", id="clock")
            if self.body is not None:
                scroll = VerticalScroll(id="body-scroll")
                scroll.can_focus = False  # the keys stay the dialog's (↑↓ move the selection)
                with scroll:
                    yield Static(self.body, id="body")
            yield Static(self._answers_markup(), id="answers")
            yield Label(self._keys_text(False), id="keys")

    def show_clock(self, text: str) -> None:
        """The time left in the person's turn, under the question (a question of their move
        under ``turn_time_limit``: the clock runs on while they answer)."""
        for clock in self.query("#clock"):
            clock.update(escape(text))  # type: ignore[attr-defined]

    def _keys_text(self, scrolls: bool) -> str:
        text = tr(self.lang, "dialog_keys" if self.cancel else "dialog_keys_no_cancel")
        return f"{text} · {tr(self.lang, 'dialog_scroll')}" if scrolls else text

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The body gets the rows the question, the answers and the keys leave."""
        if self.guard() or self.body is None:
            return
        height = self.app.size.height
        outside = height - int(height * 0.96)  # the dialog's max-height: 96%
        rows = height - outside - 2 - 1 - (len(self.answers) + 1) - 1  # border, question…
        scroll = self.query_one("#body-scroll", VerticalScroll)
        scroll.styles.max_height = max(3, rows)
        self.call_after_refresh(self._show_scroll_keys)

    def _show_scroll_keys(self) -> None:
        if self.is_attached:
            scroll = self.query_one("#body-scroll", VerticalScroll)
            scrolls = scroll.max_scroll_y > 0
            self.query_one("#keys", Label).update(self._keys_text(scrolls))

    @property
    def body_scroll_y(self) -> float:
        """How far the body is scrolled (for tests)."""
        return self.query_one("#body-scroll", VerticalScroll).scroll_y if self.body else 0

    @property
    def body_max_y(self) -> float:
        """How far the body can be scrolled (for tests)."""
        return self.query_one("#body-scroll", VerticalScroll).max_scroll_y if self.body else 0

    def _answers_markup(self) -> str:
        lines = []
        for i, answer in enumerate(self.answers):
            keys = str(i + 1) if i < 9 else " "
            if answer.key:
                keys += f" {answer.key}"
            mark = "▶" if i == self.cursor else " "
            style = "reverse " if i == self.cursor else ""
            if answer.color:
                style += f"bold {_text_on(answer.color)} on {answer.color}"
            label = f" {escape(answer.label)} "
            styled = f"[{style.strip()}]{label}[/]" if style.strip() else label
            lines.append(f"[@click=screen.choose({i})]{mark} [b]{keys:<4}[/b] {styled}[/]")
        return "\n".join(lines)

    def _show(self) -> None:
        self.query_one("#answers", Static).update(self._answers_markup())

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.answers):
            self.dismiss(self.answers[index].value)

    def on_key(self, event: events.Key) -> None:
        if self.blocked(event):
            return
        key = event.key
        character = (event.character or "").lower()
        if key in ("up", "left", "shift+tab"):
            self.cursor = (self.cursor - 1) % len(self.answers)
            self._show()
        elif key in ("down", "right", "tab"):
            self.cursor = (self.cursor + 1) % len(self.answers)
            self._show()
        elif key in ("enter", "space"):
            self.action_choose(self.cursor)
        elif key in ("pageup", "pagedown", "home", "end") and self.body is not None:
            scroll = self.query_one("#body-scroll", VerticalScroll)
            if key == "pageup":
                scroll.scroll_page_up(animate=False)
            elif key == "pagedown":
                scroll.scroll_page_down(animate=False)
            elif key == "home":
                scroll.scroll_home(animate=False)
            else:
                scroll.scroll_end(animate=False)
        elif key == "escape":
            if self.cancel:
                self.dismiss(None)
        elif character.isdigit() and character != "0":
            self.action_choose(int(character) - 1)
        else:
            for i, answer in enumerate(self.answers):
                if answer.key and character == answer.key:
                    self.action_choose(i)
                    break
            else:
                return
        event.stop()
        event.prevent_default()


def _text_on(background: str) -> str:
    """Black text on the yellow, white on the other colours: readable in 256 colours too."""
    return "black" if background.lower() in ("#f9a825", "yellow") else "white"


class PageScreen(GuardedScreen):
    """A page to read (help, the table's rules): scroll with the arrows, close with Esc or the
    key that opened it."""

    DEFAULT_CSS = """
    PageScreen { align: center middle; }
    PageScreen > Vertical { width: 96%; max-width: 100; height: auto; max-height: 96%;
                            border: thick $accent; background: $surface; padding: 0 1; }
    PageScreen #page-title { text-style: bold; }
    PageScreen VerticalScroll { height: auto; max-height: 100%; }
    PageScreen #page-close { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("q", "close", show=False),
        Binding("enter", "close", show=False),
    ]

    def __init__(
        self,
        title: str,
        body: RenderableType,
        close_key: str,
        close_text: str,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.page_title = title
        self.body = body
        self.close_key = close_key
        self.close_text = close_text
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield from self.compose_note()
        with Vertical():
            yield Static(escape(self.page_title), id="page-title")
            with VerticalScroll():
                yield Static(self.body, id="page-body")
            yield Label(self.close_text, id="page-close")

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The text scrolls between its title and its closing line, which stay in view (and
        say that it scrolls, when it does)."""
        if self.guard():
            return
        height = self.app.size.height
        rows = int(height * 0.96) - 2 - 1 - 1  # the dialog's max-height, border, title, close
        self.query_one(VerticalScroll).styles.max_height = max(3, rows)
        self.call_after_refresh(self._show_scroll_keys)

    def _show_scroll_keys(self) -> None:
        if self.is_attached:
            scrolls = self.query_one(VerticalScroll).max_scroll_y > 0
            text = self.close_text
            if scrolls:
                text += " · " + tr(self.lang, "page_scroll")
            self.query_one("#page-close", Label).update(text)

    def on_key(self, event: events.Key) -> None:
        if self.blocked(event):
            return
        if event.character == self.close_key or event.key == self.close_key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


@dataclass(slots=True)
class Settings:
    """A match's settings: the table (players, bots, preset) and the player's own (language,
    animations, bell, take-back, the hand's order, the bots' speed, the jump-in window)."""

    players: int = 4
    bots: str = "strong"
    preset: str = ""  #: "": this table's rules; else a preset's name
    lang: str = "en"
    animations: bool = True
    bell: bool = True
    takeback: bool = False
    order: str = "color"  #: the hand's order (unokit.tui.hand.ORDERS)
    delay: float = 0.8  #: seconds the bots wait before acting
    jump_window: float = 3.0  #: seconds the person has to jump in or catch (0: the delay only)
    extra: dict[str, Any] = field(default_factory=dict)


#: the choices of the bots' speed and of the jump-in window (seconds)
DELAYS = (0.0, 0.3, 0.8, 1.5, 3.0)
WINDOWS = (0.0, 2.0, 3.0, 5.0, 8.0)


class SettingsScreen(GuardedScreen):
    """The settings of a new match: ↑↓ choose a row, ←→ change it; Enter starts a new match,
    ``a`` applies the player's own settings to this match (language, animations, bell, the
    hand's order, the bots' speed, the jump-in window), Esc cancels. Returns ``("new",
    settings)``, ``("apply", settings)`` or ``None``."""

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical { width: auto; max-width: 96%; height: auto; max-height: 96%;
                                border: thick $accent; background: $surface; padding: 0 1; }
    SettingsScreen #settings-title { text-style: bold; }
    SettingsScreen #settings-rows { width: auto; margin: 1 0; }
    SettingsScreen #settings-keys { color: $text-muted; width: 70; max-width: 100%; }
    """

    ROWS = (
        "players",
        "bots",
        "preset",
        "lang",
        "order",
        "delay",
        "jump_window",
        "animations",
        "bell",
        "takeback",
    )

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = replace(settings)
        self.cursor = 0

    @property
    def lang(self) -> str:
        return self.settings.lang

    def compose(self) -> ComposeResult:
        yield from self.compose_note()
        with Vertical():
            yield Static(tr(self.lang, "settings_title"), id="settings-title")
            yield Static(self._rows_markup(), id="settings-rows")
            yield Static(tr(self.lang, "settings_keys"), id="settings-keys")

    def _value(self, row: str) -> str:
        s = self.settings
        lang = self.lang
        if row == "players":
            return str(s.players)
        if row == "bots":
            return bot_name(lang, s.bots)
        if row == "preset":
            return s.preset or tr(lang, "this_table")
        if row == "lang":
            return LANGUAGE_NAMES[s.lang]
        if row == "order":
            return tr(lang, f"order_{s.order}")
        if row == "delay":
            return tr(lang, "n_seconds", seconds=f"{s.delay:g}")
        if row == "jump_window":
            if not s.jump_window:
                return tr(lang, "window_off")
            return tr(lang, "n_seconds", seconds=f"{s.jump_window:g}")
        flag = bool(getattr(s, row))
        return tr(lang, "on" if flag else "off")

    def _rows_markup(self) -> str:
        labels = {
            "players": "set_players",
            "bots": "set_bots",
            "preset": "set_rules",
            "lang": "set_language",
            "order": "set_order",
            "delay": "set_delay",
            "jump_window": "set_jump_window",
            "animations": "set_animations",
            "bell": "set_bell",
            "takeback": "set_takeback",
        }
        names = [tr(self.lang, labels[r]) for r in self.ROWS]
        from rich.cells import cell_len

        width = max(cell_len(n) for n in names)
        lines = []
        for i, (row, name) in enumerate(zip(self.ROWS, names, strict=True)):
            pad = " " * (width - cell_len(name))
            value = escape(self._value(row))
            mark = "▶" if i == self.cursor else " "
            shown = f"[reverse] ◀ {value} ▶ [/]" if i == self.cursor else f"   {value}   "
            lines.append(f"[@click=screen.pick({i})]{mark} {escape(name)}{pad}  {shown}[/]")
        return "\n".join(lines)

    def _show(self) -> None:
        self.query_one("#settings-title", Static).update(tr(self.lang, "settings_title"))
        self.query_one("#settings-rows", Static).update(self._rows_markup())
        self.query_one("#settings-keys", Static).update(tr(self.lang, "settings_keys"))

    def action_pick(self, index: int) -> None:
        if self.cursor == index:
            self.change(1)
        self.cursor = index
        self._show()

    def change(self, step: int) -> None:
        s = self.settings
        row = self.ROWS[self.cursor]
        if row == "players":
            s.players = min(10, max(2, s.players + step))
        elif row == "bots":
            levels = list(TABLE_LEVELS)  # and a trained policy the match was started with
            if s.bots not in levels:
                levels.append(s.bots)
            s.bots = levels[(levels.index(s.bots) + step) % len(levels)]
        elif row == "preset":
            choices = ["", *PRESETS]
            s.preset = choices[(choices.index(s.preset) + step) % len(choices)]
        elif row == "lang":
            s.lang = LANGUAGES[(LANGUAGES.index(s.lang) + step) % len(LANGUAGES)]
        elif row == "order":
            s.order = ORDERS[(ORDERS.index(s.order) + step) % len(ORDERS)]
        elif row in ("delay", "jump_window"):
            setattr(s, row, _step(DELAYS if row == "delay" else WINDOWS, getattr(s, row), step))
        else:
            setattr(s, row, not getattr(s, row))
        self._show()

    def on_mount(self) -> None:
        self.guard()

    def on_resize(self) -> None:
        self.guard()

    def on_key(self, event: events.Key) -> None:
        if self.blocked(event):
            return
        key = event.key
        if key == "up":
            self.cursor = (self.cursor - 1) % len(self.ROWS)
            self._show()
        elif key == "down":
            self.cursor = (self.cursor + 1) % len(self.ROWS)
            self._show()
        elif key in ("left", "minus"):
            self.change(-1)
        elif key in ("right", "space", "plus"):
            self.change(1)
        elif key == "enter":
            self.dismiss(("new", self.settings))
        elif event.character == "a":
            self.dismiss(("apply", self.settings))
        elif key == "escape":
            self.dismiss(None)
        else:
            return
        event.stop()
        event.prevent_default()


def _step(values: tuple[float, ...], value: float, step: int) -> float:
    """The value of ``values`` next to ``value`` (``step`` -1 or 1), kept within them."""
    if step > 0:
        return next((v for v in values if v > value + 1e-9), values[-1])
    return next((v for v in reversed(values) if v < value - 1e-9), values[0])
