"""What the terminal game's table shows, as markup: the title, the opponents, the top card and
the pile, the status line (what the game waits for, the keys, the clocks), your line, your hand
as shown (its order and keys), the actions open to you, the footer's keys.

:class:`TableView` is a part of :class:`unokit.tui.app.UnoApp` (a mixin): it reads the app's
game and settings and draws nothing itself; ``UnoApp.refresh_view`` puts its texts on screen.
"""

from __future__ import annotations

import functools
import math

from rich.cells import cell_len
from textual.markup import escape

from unokit.cards import COLOR_OF, DECKS, Card, DeckName
from unokit.game import Game
from unokit.house import face_up_hand, open_hands
from unokit.moves import CALL_UNO, CHALLENGE, DRAW, PASS, Catch, Deal, Move, Play
from unokit.phase import Phase
from unokit.rule_words import PRESET_NAMES, closest_preset, describe_option
from unokit.rules import Rules
from unokit.tui.clock import Countdown
from unokit.tui.hand import card_key, in_order, key_list
from unokit.tui.hints import seat_name
from unokit.tui.i18n import bot_name, card_name, color_name, tr, trn
from unokit.tui.screens import Settings

__all__ = ["CSS_COLORS", "HUMAN", "TableView"]

HUMAN = 0
#: card colours: backgrounds of playable cards, text of the others (distinct in 256 colours)
CSS_COLORS = ["#c62828", "#f9a825", "#2e7d32", "#1565c0"]
_WILD = "#424242"


class TableView:
    """The texts of the table screen, read from the app's state (a mixin of ``UnoApp``)."""

    game: Game
    rules: Rules
    settings: Settings
    level: str
    cursor: int
    uno_armed: bool
    takeback_on: bool
    paused: bool
    window: Countdown | None
    turn_clock: Countdown | None
    match_clock: Countdown | None
    _per_row: int

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def level_name(self) -> str:
        return bot_name(self.lang, self.level)

    def takeback_ready(self) -> bool:
        """Whether ``z`` can take a move back now."""
        return False

    # -- the hand as shown ---------------------------------------------------------------------

    @property
    def shown(self) -> list[Card]:
        """The person's hand as shown, in the chosen order (``s``): the keys' order; not the
        cards held face down (``blind_draw``), which :meth:`_hand` shows as a count."""
        return in_order(face_up_hand(self.game, HUMAN), self.settings.order)

    def key_of(self, card: Card) -> str:
        """The key that plays ``card`` of the person's hand ("" past the keyed cards)."""
        shown = self.shown
        return card_key(shown.index(card)) if card in shown else ""

    def _in_order(self, cards: list[Card]) -> list[Card]:
        return in_order(cards, self.settings.order)

    def _catch_targets(self, legal: list[Move]) -> list[int]:
        """The seats the person may rightly catch now (not false catches)."""
        return [m.target for m in legal if isinstance(m, Catch) and self.game.catchable(m.target)]

    def _title(self, width: int) -> str:
        lang = self.lang
        game = self.game
        preset, diffs = closest_preset(self.rules)
        name = tr(lang, "title") + " · " + _gettext(lang, PRESET_NAMES[preset][0])
        if self.rules.rounds:
            number = tr(lang, "round_n_of", number=game.round_no, rounds=self.rules.rounds)
        else:
            number = tr(lang, "round_n", number=game.round_no)
        parts = [tr(lang, "vs_bots", level=self.level_name), number]
        if self.rules.scoring == "none":
            parts.append(tr(lang, "first_out_wins"))
        else:
            parts.append(tr(lang, "target", points=self.rules.target_score))
        # the target and the rounds are always in the tail: not told again as house rules
        shown = {k: v for k, v in diffs.items() if k not in ("target_score", "rounds")}
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

    def _last_played(self, seat: int) -> Card | None:
        """The last card ``seat`` played in this round."""
        for who, move in reversed(self.game.history):
            if isinstance(move, Deal):
                return None
            if who == seat and isinstance(move, Play) and move.card not in self.game.hands[seat]:
                return move.card
        return None

    def _opponents(self, width: int, roomy: bool = False) -> str:
        """A cell per opponent, several to a row (one per row on a roomy terminal). Every
        row has the same form: the longest form that fits every opponent's cell (a "pts" is
        never dropped from some rows only)."""
        game = self.game
        lang = self.lang
        others = list(range(1, game.n))
        cols = 1 if roomy else max(1, min(len(others), width // 26))
        cell = width // cols
        catchable = {m.target for m in game.legal_moves(HUMAN) if isinstance(m, Catch)}
        opened = open_hands(game)  # hands laid open to everyone (reveal_hands_at)
        forms: list[list[list[str]]] = []
        for seat in others:
            size = len(game.hands[seat])
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
            if seat in opened:  # the cards themselves, as everyone sees them
                count += " [" + " ".join(card_name(lang, c) for c in opened[seat]) + "]"
            full, short = self._score(seat, short=False), self._score(seat, short=True)
            candidates = [
                [name, count, uno, flags, full],
                [f"{seat}:", count, uno, flags, full],
                [f"{seat}:", count, uno, flags, short],
                [f"{seat}:", count if seat in opened else str(size), uno, flags, short],
            ]
            if roomy:
                last = self._last_played(seat)
                bar = "▮" * min(size, 20) + ("…" if size > 20 else "")
                said = tr(lang, "last_played", card=card_name(lang, last)) if last else ""
                candidates.insert(0, [name, count, bar, uno, flags, full, said])
            forms.append(candidates)
        level = 0
        for candidates in forms:  # the first form that fits every cell
            while level < len(candidates) - 1 and (
                cell_len(" ".join(p for p in candidates[level] if p)) + 2 > cell
            ):
                level += 1
        cells = []
        for seat, candidates in zip(others, forms, strict=True):
            current = game.current == seat and not game.round_over
            mark = "▶" if current else " "
            plain = " ".join(p for p in candidates[level] if p)
            text = f"{mark} {plain}"
            pad = " " * max(cell - cell_len(text) - 1, 0)
            body = escape(text)
            if "UNO" in candidates[level]:
                body = body.replace("UNO", "[b black on #f9a825]UNO[/]", 1)
            if seat in catchable:
                body = f"[@click=app.catch_seat({seat})][b red]{body}[/][/]"
            style = "reverse" if current else ""
            cells.append(f"[{style}]{body}[/]{pad} " if style else f"{body}{pad} ")
        rows = ["".join(cells[i : i + cols]).rstrip() for i in range(0, len(cells), cols)]
        return "\n".join(rows)

    def _chip(self, card: Card) -> str:
        color = COLOR_OF[card]
        shade = CSS_COLORS[color] if color >= 0 else _WILD
        fg = "black" if color == 1 else "white"
        return f"[bold {fg} on {shade}] {escape(card_name(self.lang, card))} [/]"

    def _table_line(self) -> tuple[str, str]:
        game = self.game
        lang = self.lang
        top = game.top
        chip = self._chip(top) if top is not None else ""
        parts = []
        if game.color >= 0:
            parts.append(
                f"{tr(lang, 'color')} [b {CSS_COLORS[game.color]}]"
                f"{escape(color_name(lang, game.color))}[/]"
            )
        parts.append(tr(lang, "direction_cw" if game.direction == 1 else "direction_ccw"))
        parts.append(f"{tr(lang, 'draw_pile')} {len(game.draw_pile)}")
        if game.pending_draw:
            parts.append(f"[b red]{tr(lang, 'pending')} {game.pending_draw}[/]")
        return chip, "  " + " · ".join(parts)

    def _pile(self, width: int) -> str:
        """The cards under the top card, newest first (a roomy terminal has the room)."""
        under = self.game.discard[-7:-1][::-1]
        if not under:
            return ""
        names = [card_name(self.lang, c) for c in under]
        while names and cell_len(tr(self.lang, "under_top", cards=" ◂ ".join(names))) > width:
            names.pop()
        return escape(tr(self.lang, "under_top", cards=" ◂ ".join(names))) if names else ""

    def _status(self) -> str:
        """The status line: what the game waits for, and the match clock (``match_clock``)."""
        text = self._status_of_turn()
        clock = self.match_clock
        if clock is None or self.game.round_over:
            return text
        left = math.ceil(clock.left())
        shown = tr(self.lang, "match_clock_left", time=f"{left // 60}:{left % 60:02d}")
        return f"{text} · [b #f9a825]{escape(shown)}[/]"

    def _status_of_turn(self) -> str:
        game = self.game
        lang = self.lang
        if game.match_over:
            return tr(lang, "match_over")
        if game.round_over:
            return tr(lang, "round_over")
        if self.paused:
            return f"[b #f9a825]{escape(tr(lang, 'paused'))}[/]"
        window = self.window
        if game.current != HUMAN:
            text = escape(tr(lang, "waiting", name=seat_name(lang, game.current, HUMAN)))
            if window is not None and not window.expired:
                chance = self._chance_text()
                if chance:
                    text += f" · [b #f9a825]{escape(chance)}[/]"
            return text
        legal = game.legal_moves(HUMAN)
        plays = [m for m in legal if isinstance(m, Play)]
        if game.phase == Phase.CHOOSE_COLOR:
            text = tr(lang, "your_roulette_color" if game.roulette else "your_start_color")
        elif game.phase == Phase.PENALTY:
            text = tr(lang, "your_penalty", count=game.pending_draw)
            if CHALLENGE in legal:
                text += tr(lang, "your_penalty_challenge")
            if plays:
                text += tr(lang, "your_penalty_stack")
        elif game.phase == Phase.AFTER_DRAW and game.drawn is not None:
            which = "your_turn_drawn" if PASS in legal else "your_turn_drawn_must"
            key = self.key_of(game.drawn)
            text = tr(lang, which, card=card_name(lang, game.drawn), press=key or "Enter")
        elif plays:
            keys = self._play_keys(plays)
            which = "your_turn_keys" if DRAW in legal else "your_turn_keys_no_draw"
            text = tr(lang, which, keys=keys)
        elif DRAW in legal:
            text = tr(lang, "your_turn_nothing")
        else:
            text = tr(lang, "your_turn_short")
        clock = self.turn_clock
        if clock is not None:
            text += tr(lang, "seconds_left", seconds=clock.shown())
        return f"[green]{escape(text)}[/]"

    def _play_keys(self, plays: list[Play]) -> str:
        """The keys of the playable cards ("1-3, 5, a"), or the arrows past the keyed ones."""
        cards = {c for m in plays for c in m.cards}
        shown = self.shown
        keys = [card_key(i) for i, c in enumerate(shown) if c in cards]
        listed = key_list([k for k in keys if k])
        if "" in keys:
            listed = f"{listed}, ←→ Enter" if listed else "←→ Enter"
        return listed

    def _chance_text(self) -> str:
        """The chance the person has out of turn now (a jump-in, a catch) and the time left."""
        window = self.window
        if window is None:
            return ""
        lang = self.lang
        legal = self.game.legal_moves(HUMAN)
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return tr(lang, "jump_chance", keys=self._play_keys(plays), seconds=window.shown())
        if self._catch_targets(legal):
            return tr(lang, "catch_chance", seconds=window.shown())
        return ""

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

    def _hand(self, width: int, room: int, tall: bool = False) -> str:
        """The hand in rows of chips, at most ``room`` rows (the cursor's row always shown);
        ``tall``: cards three lines high, when the rows fit."""
        game = self.game
        lang = self.lang
        hand = self.shown
        face_down = len(game.face_down[HUMAN])
        if face_down:  # blind_draw: the cards held face down, as backs (VARIANTS.md §2)
            backs = escape(trn(lang, "n_face_down", face_down))
            if not hand:
                return f"[#9e9e9e]{backs}[/]"
            room = max(1, room - 1)
        if not hand:
            return ""
        self.cursor = max(0, min(self.cursor, len(hand) - 1))
        playable = {c for m in game.legal_moves(HUMAN) if isinstance(m, Play) for c in m.cards}
        names = [card_name(lang, c) for c in hand]
        # every chip as wide as the deck's longest name: a card keeps its row and column
        # from turn to turn (a chip as wide as the hand's longest moved cards between rows)
        chip = _longest_name(lang, self.rules.deck) + 4  # "▶1 " + the name + one space
        per_row = max(1, (width + 1) // (chip + 1))
        rows = (len(hand) + per_row - 1) // per_row
        height = 3 if tall and rows * 3 <= room else 1
        shown_rows = max(1, min(rows, room // height))
        cursor_row = self.cursor // per_row
        first = min(max(0, cursor_row - shown_rows + 1), rows - shown_rows)
        self._per_row = per_row
        lines: list[str] = []
        for row in range(first, first + shown_rows):
            chips: list[list[str]] = [[] for _ in range(height)]
            for i in range(row * per_row, min(len(hand), (row + 1) * per_row)):
                card = hand[i]
                color = COLOR_OF[card]
                shade = CSS_COLORS[color] if color >= 0 else _WILD
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
                    elif height > 1:
                        style += " on #262626"
                if height == 1:
                    chips[0].append(f"[{style} @click=app.card({i})]{escape(label)}[/]")
                    continue
                top = f"{mark}{key}".ljust(chip)
                middle = "   " + names[i] + " " * (chip - 3 - cell_len(names[i]))
                for line, text in zip(chips, (top, middle, " " * chip), strict=True):
                    line.append(f"[{style} @click=app.card({i})]{escape(text)}[/]")
            lines.extend(" ".join(line) for line in chips)
        more = []
        if first > 0:
            more.append("▲")
        if first + shown_rows < rows:
            more.append(f"▼ +{len(hand) - (first + shown_rows) * per_row}")
        if more:
            lines[height - 1 if height > 1 else -1] += "  " + " ".join(more)
        if face_down:
            lines.append(f"[#9e9e9e]{backs}[/]")
        return "\n".join(lines)

    def _actions(self) -> str:
        game = self.game
        lang = self.lang
        legal = game.legal_moves(HUMAN)
        items: list[tuple[str, str, str]] = []
        drawn = game.drawn if game.phase == Phase.AFTER_DRAW and game.current == HUMAN else None
        if drawn is not None and any(isinstance(m, Play) and drawn in m.cards for m in legal):
            key = self.key_of(drawn) or "Enter"
            items.append((key, tr(lang, "play_drawn", card=card_name(lang, drawn)), "play_drawn"))
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
        if self.takeback_ready():
            items.append(("z", tr(lang, "takeback_key"), "takeback"))
        if self.window is not None and game.current != HUMAN:
            items.append(("Esc", tr(lang, "let_pass"), "let_pass"))
        shown = []
        for key, label, action in items:
            style = "b red" if action == "catch" else "b"
            shown.append(f"[@click=app.{action}][{style}]{key}[/] {escape(label)}[/]")
        return "   ".join(shown)

    def _footer(self, width: int) -> str:
        lang = self.lang
        items = [
            ("?", tr(lang, "help_key"), "help"),
            ("r", tr(lang, "rules_key"), "rules"),
            ("t", tr(lang, "hint_key"), "hint"),
            ("s", tr(lang, "sort_key"), "sort"),
            ("p", tr(lang, "pause_key"), "pause"),
            ("n", tr(lang, "new_key"), "settings"),
            ("q", tr(lang, "quit"), "quit_game"),
        ]
        while len(items) > 4:  # a narrow terminal: the pause and the order go first
            text = "  ".join(f"{key} {label}" for key, label, _ in items)
            if cell_len(text) <= width:
                break
            items.pop(4 if len(items) > 6 else 3)
        return "  ".join(
            f"[@click=app.{action}][b]{key}[/] {escape(label)}[/]" for key, label, action in items
        )

    @staticmethod
    def _uno_possible(legal: list[Move]) -> bool:
        return CALL_UNO in legal or any(isinstance(m, Play) and m.uno for m in legal)


@functools.cache
def _longest_name(lang: str, deck: DeckName) -> int:
    """The width of the longest card name of ``deck`` in ``lang``."""
    return max(cell_len(card_name(lang, card)) for card in DECKS[deck])


def _mid_sentence(sentence: str) -> str:
    """A rule's sentence inside the title: no full stop, no capital ("Stacking: …" reads
    "stacking: …" after "official + "), an acronym kept ("UNO …")."""
    text = sentence.rstrip(".。")
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        text = text[0].lower() + text[1:]
    return text


def _gettext(lang: str, message: str) -> str:
    from unokit.narrator import translations

    return translations(lang).gettext(message)
