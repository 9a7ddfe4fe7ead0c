"""``unokit play``: a full-screen terminal game against bots (Textual).

The person sits at seat 0; bots take the other seats. Every decision the rules ask of the
person is offered when, and only when, the engine lists it among the seat's legal moves:
the card buttons are the playable cards, a wild asks for its colour, a 7 (seven-zero) asks for
a target, the action bar shows draw / keep / challenge / take the penalty, ``u`` calls UNO and
``c`` catches a bot that forgot. Bots act after a short delay, so the person can jump in or
catch them. The log shows the engine's ruling for every move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Header, Label, RichLog, Static

from unokit.bots import Bot, make_bot
from unokit.bots.table import apply_and_tell
from unokit.cards import COLOR_OF, Card, Color, card_points
from unokit.errors import UnoError
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
from unokit.narrator import narrate
from unokit.phase import Phase
from unokit.record import saved_record
from unokit.rng import SEED_LIMIT
from unokit.rules import Rules
from unokit.tui.i18n import card_name, color_name, tr

__all__ = ["UnoApp"]

HUMAN = 0
_CSS_COLORS = ["#c62828", "#f9a825", "#2e7d32", "#1565c0"]


class ChoiceScreen(ModalScreen[Any]):
    """A small dialog: a question and one button per answer."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical { width: 60; height: auto; border: thick $accent;
                              background: $surface; padding: 1 2; }
    ChoiceScreen Horizontal { height: auto; }
    ChoiceScreen Button { margin: 0 1; }
    """

    def __init__(self, question: str, answers: list[tuple[str, Any, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            with Horizontal():
                for i, (label, _, style) in enumerate(self.answers):
                    button = Button(label, id=f"answer-{i}")
                    if style:
                        button.styles.background = style
                    yield button

    def on_button_pressed(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "answer-0").split("-")[1])
        self.dismiss(self.answers[index][1])


class UnoApp(App[None]):
    """The terminal game."""

    TITLE = "unokit"
    CSS = """
    #opponents { height: auto; }
    .opponent { width: 1fr; height: 3; border: round $secondary; padding: 0 1; }
    .opponent.current { border: double $warning; }
    #table { height: 5; border: round $primary; padding: 0 1; }
    #hand { layout: grid; grid-size: 8; grid-gutter: 0 1; height: auto; max-height: 16;
            overflow-y: auto; }
    #hand Button { width: 100%; min-width: 8; color: white; text-style: bold; }
    #hand Button.unplayable { text-style: dim; opacity: 70%; }
    #actions { height: 3; }
    #actions Button { margin: 0 1 0 0; }
    #log { height: 1fr; border: round $secondary; }
    #scores { height: 3; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw / take"),
        Binding("k", "keep", "Keep"),
        Binding("h", "challenge", "Challenge"),
        Binding("u", "uno", "UNO"),
        Binding("c", "catch", "Catch"),
        Binding("q", "quit_game", "Quit"),
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
    ) -> None:
        super().__init__()
        self.rules = game.rules if game is not None else (rules or Rules(players=4))
        self.seed = seed
        self.lang = lang
        self.level = bots
        self.bot_delay = bot_delay
        self.save_path = save_path or Path("unokit-save.json")
        self.game = game if game is not None else Game(self.rules, seed)
        self.bots: list[Bot | None] = [None] + [
            make_bot(
                bots,
                seed=(seed * 10 + s) % SEED_LIMIT,  # any game seed gives valid bot seeds
                forget_uno=forget_uno,
                reaction_delay=bot_delay,
            )
            for s in range(1, self.rules.players)
        ]
        for seat, bot in enumerate(self.bots):
            if bot is not None:
                bot.reset(seat, self.rules)
        self.uno_armed = False
        self._pending_bot = False
        self._dialog_open = False

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="opponents"):
            for seat in range(1, self.rules.players):
                yield Static(id=f"seat-{seat}", classes="opponent")
        yield Static(id="table")
        yield Label(tr(self.lang, "your_hand"), id="hand-label")
        yield Container(id="hand")
        with Horizontal(id="actions"):
            yield Button(tr(self.lang, "draw"), id="act-draw")
            yield Button(tr(self.lang, "pass"), id="act-pass")
            yield Button(tr(self.lang, "challenge"), id="act-challenge")
            yield Button(tr(self.lang, "uno"), id="act-uno", variant="warning")
            yield Button(tr(self.lang, "catch"), id="act-catch", variant="error")
        yield Static(id="scores")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    @property
    def _main(self) -> Any:
        """The game screen (queries must not land on a dialog above it)."""
        return self.screen_stack[0]

    @property
    def _shutting_down(self) -> bool:
        """True once the app is shutting down: late timers and callbacks do nothing then."""
        return not self.screen_stack or self._exit

    def on_mount(self) -> None:
        self.title = tr(self.lang, "title")
        self.sub_title = (
            ", ".join(f"{k}={v}" for k, v in self.rules.to_dict(changed_only=True).items())
            or "official"
        )
        self.log_events(self.game.deal_events)
        self.after_move()

    # -- showing the state ---------------------------------------------------------------------

    def log_events(self, events: list[Any]) -> None:
        if self._shutting_down:
            return
        log = self._main.query_one("#log", RichLog)
        for event in events:
            log.write(narrate(event, HUMAN, self.lang))

    def refresh_view(self) -> None:
        game = self.game
        lang = self.lang
        view = game.view(HUMAN)
        for seat in range(1, game.n):
            box = self._main.query_one(f"#seat-{seat}", Static)
            size = len(game.hands[seat])
            marks = []
            if game.uno_called(seat):
                marks.append("UNO")
            if not game.in_round[seat]:
                marks.append(tr(lang, "out"))
            if self.rules.teams:
                marks.append(f"{tr(lang, 'team')} {game.team_of(seat)}")
            bot = self.bots[seat]
            label = f"{tr(lang, 'seat')} {seat} ({bot.name if bot else '?'}): "
            box.update(f"{label}{size} {tr(lang, 'cards')}  {' '.join(marks)}")
            box.set_class(game.current == seat and not game.round_over, "current")
        top = game.top
        table = Text()
        if top is not None:
            shade = _CSS_COLORS[COLOR_OF[top]] if COLOR_OF[top] >= 0 else "#333333"
            table.append(f" {card_name(lang, top)} ", style=f"bold white on {shade}")
        if game.color >= 0:
            table.append(f"  {tr(lang, 'color')}: ")
            table.append(color_name(lang, game.color), style=f"bold {_CSS_COLORS[game.color]}")
        direction = "direction_cw" if game.direction == 1 else "direction_ccw"
        table.append(f" · {tr(lang, direction)} · {tr(lang, 'draw_pile')}: {len(game.draw_pile)}")
        if game.pending_draw:
            table.append(f"   {tr(lang, 'pending')}: {game.pending_draw}", style="bold red")
        table.append("\n")
        if game.round_over:
            table.append(tr(lang, "round_over"), style="bold")
        elif game.current == HUMAN:
            table.append(tr(lang, "your_turn"), style="bold green")
        else:
            table.append(f"{tr(lang, 'waiting')} {game.current}")
        if self.uno_armed:
            table.append(f"   {tr(lang, 'uno_armed')}", style="bold yellow")
        self._main.query_one("#table", Static).update(table)
        self._show_hand(view.legal_moves)
        legal = set(view.legal_moves)
        self._main.query_one("#act-draw", Button).disabled = DRAW not in legal
        self._main.query_one("#act-pass", Button).disabled = PASS not in legal
        self._main.query_one("#act-challenge", Button).disabled = CHALLENGE not in legal
        self._main.query_one("#act-uno", Button).disabled = not self._uno_possible(view.legal_moves)
        self._main.query_one("#act-catch", Button).disabled = not any(
            isinstance(m, Catch) for m in legal
        )
        self._main.query_one("#act-draw", Button).label = tr(
            lang, "take" if game.phase == Phase.PENALTY else "draw"
        )
        scores = "  ".join(
            f"{tr(lang, 'you') if s == HUMAN else s}: {game.scores[s]}" for s in range(game.n)
        )
        self._main.query_one("#scores", Static).update(
            f"{tr(lang, 'scores_round').format(round=game.round_no)}: {scores}"
        )

    def _show_hand(self, legal: tuple[Move, ...]) -> None:
        box = self._main.query_one("#hand", Container)
        box.remove_children()
        playable = {m.card for m in legal if isinstance(m, Play)}
        buttons = []
        for i, card in enumerate(self.game.hands[HUMAN]):
            button = Button(card_name(self.lang, card), name=f"card-{i}", classes="card")
            color = COLOR_OF[card]
            button.styles.background = _CSS_COLORS[color] if color >= 0 else "#222222"
            if card not in playable:
                button.add_class("unplayable")
            buttons.append(button)
        box.mount_all(buttons)

    @staticmethod
    def _uno_possible(legal: tuple[Move, ...] | list[Move]) -> bool:
        return CALL_UNO in legal or any(isinstance(m, Play) and m.uno for m in legal)

    # -- the person's moves --------------------------------------------------------------------

    def apply(self, seat: int, move: Move) -> None:
        try:
            events = apply_and_tell(self.game, self.bots, seat, move)
        except UnoError as error:
            self.notify(str(error), severity="error")
            return
        self.log_events(events)
        if seat == HUMAN and isinstance(move, Play):
            self.uno_armed = False
        self.after_move()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self._dialog_open:
            return
        ident = event.button.id or event.button.name or ""
        if ident.startswith("card-"):
            index = int(ident.split("-")[1])
            hand = self.game.hands[HUMAN]
            if index < len(hand):
                self.play_card(hand[index])
        elif ident == "act-draw":
            self.action_draw()
        elif ident == "act-pass":
            self.action_keep()
        elif ident == "act-challenge":
            self.action_challenge()
        elif ident == "act-uno":
            self.action_uno()
        elif ident == "act-catch":
            self.action_catch()

    def play_card(self, card: Card) -> None:
        legal = [m for m in self.game.legal_moves(HUMAN) if isinstance(m, Play)]
        options = [m for m in legal if card in m.cards]
        if not options:
            text = tr(self.lang, "not_playable").format(card=card_name(self.lang, card))
            self.notify(text, severity="warning")
            return
        with_uno = [m for m in options if m.uno]
        if with_uno and self.uno_armed:
            options = with_uno
        else:
            options = [m for m in options if not m.uno] or options
        groups = sorted({m.cards for m in options}, key=len)
        if len(groups) > 1:  # several cards at once (multi_play) or a sum jump-in
            answers = [(" ".join(card_name(self.lang, c) for c in g), g, "") for g in groups]
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
        uses = {
            ("peek" if m.peek is not None else "trade" if m.trade is not None else "color")
            for m in options
        }
        answers: list[tuple[str, Any, str]]
        if len(uses) > 1:
            answers = [(tr(lang, "choose_color"), "color", "")]
            if "peek" in uses:
                answers.append((tr(lang, "peek"), "peek", ""))
            if "trade" in uses:
                answers.append((tr(lang, "trade"), "trade", ""))
            self._ask(
                tr(lang, "wild_use"),
                answers,
                lambda use: self._refine(
                    [
                        m
                        for m in options
                        if (
                            "peek"
                            if m.peek is not None
                            else "trade"
                            if m.trade is not None
                            else "color"
                        )
                        == use
                    ]
                ),
            )
            return
        colors = sorted({int(m.color) for m in options if m.color is not None})
        if len(colors) > 1:
            answers = [(color_name(lang, c), c, _CSS_COLORS[c]) for c in colors]
            self._ask(
                tr(lang, "choose_color"),
                answers,
                lambda c: self._refine(
                    [m for m in options if m.color is not None and int(m.color) == c]
                ),
            )
            return
        targets = sorted({t for m in options for t in (m.swap, m.peek, m.trade) if t is not None})
        if len(targets) > 1:
            answers = [
                (f"{tr(lang, 'seat')} {t} ({len(self.game.hands[t])})", t, "") for t in targets
            ]
            self._ask(
                tr(lang, "choose_target"),
                answers,
                lambda t: self._refine([m for m in options if t in (m.swap, m.peek, m.trade)]),
            )
            return
        # trades: give the three least valuable cards
        options.sort(key=lambda m: sum(card_points(c) for c in m.give))
        self.apply(HUMAN, options[0])

    def _ask(self, question: str, answers: list[tuple[str, Any, str]], then: Any) -> None:
        self._dialog_open = True

        def done(answer: Any) -> None:
            self._dialog_open = False
            if answer is not None:
                then(answer)
            # The bots wait while a dialog is open; whatever the answer did, they go on now.
            if not self._pending_bot and not self._shutting_down and not self.game.round_over:
                self._schedule_bot()

        self.push_screen(ChoiceScreen(question, answers), done)

    def _try(self, move: Move) -> None:
        if move in self.game.legal_moves(HUMAN):
            self.apply(HUMAN, move)

    def action_draw(self) -> None:
        self._try(DRAW)

    def action_keep(self) -> None:
        self._try(PASS)

    def action_challenge(self) -> None:
        self._try(CHALLENGE)

    def action_uno(self) -> None:
        legal = self.game.legal_moves(HUMAN)
        if CALL_UNO in legal:
            self.apply(HUMAN, CALL_UNO)
        elif any(isinstance(m, Play) and m.uno for m in legal):
            self.uno_armed = True
            self.refresh_view()

    def action_catch(self) -> None:
        for move in self.game.legal_moves(HUMAN):
            if isinstance(move, Catch):
                self.apply(HUMAN, move)
                return

    def action_quit_game(self) -> None:
        if self.game.match_over:
            self.exit()
            return
        lang = self.lang
        self._ask(
            tr(lang, "quit"),
            [
                (tr(lang, "save_quit"), "save", ""),
                (tr(lang, "quit_no_save"), "quit", ""),
                (tr(lang, "cancel"), "cancel", ""),
            ],
            self._quit_answer,
        )

    def _quit_answer(self, answer: str) -> None:
        if answer == "save":
            self.save(self.save_path)
            self.exit(message=f"{tr(self.lang, 'saved')} {self.save_path}")
        elif answer == "quit":
            self.exit()

    def save(self, path: Path) -> None:
        """Save the match as its record (:func:`unokit.record.saved_record`): `unokit play
        --resume` goes on from it, `unokit replay` steps through it."""
        data = saved_record(self.game, bots=self.level, lang=self.lang, seed=self.seed)
        path.write_text(json.dumps(data), encoding="utf-8")

    # -- bots and the flow of play -------------------------------------------------------------

    def after_move(self) -> None:
        if self._shutting_down:
            return
        self.refresh_view()
        game = self.game
        if game.round_over:
            self.call_later(self.show_round_over)
            return
        if game.phase == Phase.CHOOSE_COLOR and game.current == HUMAN and not self._dialog_open:
            self.call_later(self.ask_start_color)
            return
        if not self._pending_bot:
            self._schedule_bot()

    def ask_start_color(self) -> None:
        """The start card is a wild and the person plays first: they name its colour."""
        if self._shutting_down:
            return
        answers: list[tuple[str, Any, str]] = [
            (color_name(self.lang, c), c, _CSS_COLORS[c]) for c in range(4)
        ]
        self._ask(
            tr(self.lang, "choose_color"),
            answers,
            lambda c: self.apply(HUMAN, ChooseColor(Color(c))),
        )

    def _schedule_bot(self) -> None:
        self._pending_bot = True
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, self.bot_step)
        else:
            self.call_later(self.bot_step)

    def bot_step(self) -> None:
        self._pending_bot = False
        if self._shutting_down:
            return
        game = self.game
        if game.round_over or self._dialog_open:
            return  # closing the dialog schedules the bots again (see _ask)
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

    def show_round_over(self) -> None:
        if self._shutting_down:
            return
        game = self.game
        lang = self.lang
        lines = [
            f"{tr(lang, 'winner')}: {tr(lang, 'you') if game.winner == HUMAN else game.winner}"
        ]
        for seat in range(game.n):
            pts = sum(card_points(c, self.rules.deck) for c in game.hands[seat])
            lines.append(
                f"{tr(lang, 'seat')} {seat}: {pts} {tr(lang, 'points')}"
                f" (+{game.round_points[seat]})"
            )
        if game.match_over:
            lines.append(f"{tr(lang, 'match_over')}: {game.match_ranking}")
            answers = [(tr(lang, "play_again"), "again", ""), (tr(lang, "quit"), "quit", "")]
        else:
            answers = [(tr(lang, "next_round"), "next", ""), (tr(lang, "quit"), "quit", "")]
        self._ask("\n".join(lines), answers, self._round_answer)

    def _round_answer(self, answer: str) -> None:
        if answer == "next":
            self.apply(REFEREE, DEAL)
        elif answer == "again":
            self.seed += 1
            self.game = Game(self.rules, self.seed)
            self.log_events(self.game.deal_events)
            self.after_move()
        else:
            self.exit()
