"""Text notation for cards, colours and moves: lenient to parse, canonical to format.

Cards: a colour letter R Y G B and a rank 0-9, S (skip), R (reverse), +2; wilds W, W+4, WSH
(shuffle hands), WCU (customizable), WKS (swimming). Long English names and the Chinese names of
the seeds are accepted too.

>>> parse_card("red 5"), parse_card("藍色跳過"), parse_card("wild draw four")
(Card.parse('R5'), Card.parse('BS'), Card.parse('W+4'))
>>> format_move(1, parse_move("1: PLAY w+4 Green UNO")[1])
'1: play W+4 green uno'
>>> parse_move("referee: penalty 2 4 advice")
(-1, Penalty(target=2, count=4, reason='advice'))
"""

from __future__ import annotations

import re

from unokit.cards import Card, Color, parse_card, parse_color, require_text
from unokit.errors import NotationError
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    REFEREE,
    TIMEOUT,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Move,
    Pass,
    Penalty,
    Play,
    Timeout,
)

__all__ = [
    "format_card",
    "format_cards",
    "format_move",
    "parse_card",
    "parse_cards",
    "parse_color",
    "parse_move",
]


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of card codes."""
    text = require_text(text, "a list of cards", "R5 G+2 W")
    return [parse_card(part) for part in re.split(r"[\s,]+", text.strip()) if part]


def format_card(card: Card) -> str:
    return card.code


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


_KEYWORDS = {"uno", "swap", "peek", "trade"}


def _parse_seat(token: str, what: str) -> int:
    try:
        seat = int(token)
    except ValueError:
        raise NotationError(f"{what} must be a seat number, not {token!r}") from None
    if seat < 0:
        raise NotationError(f"{what} must be a seat number 0 or more, not {seat}")
    return seat


def _parse_play(tokens: list[str], text: str) -> Play:
    if not tokens:
        raise NotationError(f"{text!r}: 'play' needs a card, e.g. 'play R5'")
    cards: list[Card] = []
    color: Color | None = None
    uno = False
    swap = peek = trade = None
    give: list[Card] = []
    i = 0
    while i < len(tokens):
        token = tokens[i].lower()
        if token == "uno":
            uno = True
            i += 1
            continue
        if token in ("swap", "peek", "trade"):
            if i + 1 >= len(tokens):
                raise NotationError(f"{text!r}: '{token}' needs a seat number")
            seat = _parse_seat(tokens[i + 1], f"the {token} target")
            i += 2
            if token == "swap":
                swap = seat
            elif token == "peek":
                peek = seat
            else:
                trade = seat
                while i < len(tokens) and tokens[i].lower() not in _KEYWORDS:
                    card, i = _read_card(tokens, i, text)
                    give.append(card)
            continue
        if color is None:
            try:
                card, i = _read_card(tokens, i, text)
            except NotationError:
                if not cards:
                    raise
                color = parse_color(tokens[i])
                i += 1
                continue
            if color is not None:
                raise NotationError(f"{text!r}: cards must come before the colour")
            cards.append(card)
        else:
            raise NotationError(f"{text!r}: unexpected {tokens[i]!r} after the colour")
    if not cards:
        raise NotationError(f"{text!r}: 'play' needs a card, e.g. 'play R5'")
    return Play(cards[0], color, uno, tuple(cards[1:]), swap, peek, trade, tuple(give))


def _read_card(tokens: list[str], i: int, text: str) -> tuple[Card, int]:
    """Read the longest run of up to four tokens that names one card."""
    last_error: NotationError | None = None
    for span in range(min(4, len(tokens) - i), 0, -1):
        words = tokens[i : i + span]
        if any(w.lower() in _KEYWORDS for w in words):
            continue
        try:
            return parse_card(" ".join(words)), i + span
        except NotationError as error:
            last_error = error
    raise last_error or NotationError(f"{text!r}: expected a card")


def parse_move(text: str) -> tuple[int, Move]:
    """Parse ``"SEAT: MOVE"`` into ``(seat, move)``; the referee's seat is :data:`REFEREE`.

    >>> parse_move("2: catch 1")
    (2, Catch(target=1))
    """
    text = require_text(text, "a move", "1: play R5")
    if ":" not in text:
        raise NotationError(f"{text!r}: a move starts with its seat, e.g. '1: play R5'")
    who, _, rest = text.partition(":")
    who = who.strip().lower()
    seat = REFEREE if who == "referee" else _parse_seat(who, "the acting seat")
    tokens = rest.split()
    if not tokens:
        raise NotationError(f"{text!r}: no move after the seat")
    verb, args = tokens[0].lower(), tokens[1:]
    move: Move
    if verb == "play":
        move = _parse_play(args, text)
    elif verb in ("draw", "pass", "challenge", "uno", "timeout", "deal"):
        if args:
            raise NotationError(f"{text!r}: '{verb}' takes nothing after it")
        simple: dict[str, Move] = {
            "draw": DRAW,
            "pass": PASS,
            "challenge": CHALLENGE,
            "uno": CALL_UNO,
            "timeout": TIMEOUT,
            "deal": DEAL,
        }
        move = simple[verb]
    elif verb == "catch":
        if len(args) != 1:
            raise NotationError(f"{text!r}: 'catch' takes one seat, e.g. 'catch 2'")
        move = Catch(_parse_seat(args[0], "the caught seat"))
    elif verb in ("color", "colour"):
        if len(args) != 1:
            raise NotationError(f"{text!r}: 'color' takes one colour, e.g. 'color blue'")
        move = ChooseColor(parse_color(args[0]))
    elif verb == "penalty":
        if len(args) < 2:
            raise NotationError(
                f"{text!r}: 'penalty' takes a seat, a count and a reason, e.g. 'penalty 2 4 advice'"
            )
        target = _parse_seat(args[0], "the penalised seat")
        try:
            count = int(args[1])
        except ValueError:
            raise NotationError(f"{text!r}: the penalty count must be a number") from None
        move = Penalty(target, count, " ".join(args[2:]))
    else:
        raise NotationError(
            f"{text!r}: unknown move {verb!r} (expected play, draw, pass, challenge, uno, "
            "catch, color, timeout, penalty or deal)"
        )
    if seat == REFEREE and not isinstance(move, Penalty | Deal | Timeout):
        raise NotationError(
            f"{text!r}: the referee may only give a penalty, deal, or call time (timeout)"
        )
    if seat != REFEREE and isinstance(move, Penalty | Deal):
        raise NotationError(f"{text!r}: only the referee may give a penalty or deal")
    return seat, move


def format_move(seat: int, move: Move) -> str:
    """Canonical text of a move, with its seat: ``"1: play W+4 green uno"``."""
    who = "referee" if seat == REFEREE else str(seat)
    return f"{who}: {format_move_body(move)}"


def format_move_body(move: Move) -> str:
    """Canonical text of a move without its seat: ``"play R7 swap 3"``."""
    if isinstance(move, Play):
        parts = ["play", *(c.code for c in move.cards)]
        if move.color is not None:
            parts.append(move.color.label)
        if move.swap is not None:
            parts += ["swap", str(move.swap)]
        if move.peek is not None:
            parts += ["peek", str(move.peek)]
        if move.trade is not None:
            parts += ["trade", str(move.trade), *(c.code for c in move.give)]
        if move.uno:
            parts.append("uno")
        return " ".join(parts)
    if isinstance(move, Catch):
        return f"catch {move.target}"
    if isinstance(move, ChooseColor):
        return f"color {move.color.label}"
    if isinstance(move, Penalty):
        return f"penalty {move.target} {move.count} {move.reason}".rstrip()
    names: dict[type, str] = {
        Draw: "draw",
        Pass: "pass",
        Challenge: "challenge",
        CallUno: "uno",
        Timeout: "timeout",
        Deal: "deal",
    }
    name = names.get(type(move))
    if name is None:
        raise NotationError(f"{move!r} is not a move")
    return name
