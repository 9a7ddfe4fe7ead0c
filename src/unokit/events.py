"""Events: what a move (or a deal) caused, with the rule option that decided it.

An event stores its facts; its text is built only when read. ``text`` is the referee's full
account; ``text_for(seat)`` hides what that seat may not see (the cards another seat drew, a
hand shown to a challenger only).

>>> from unokit.cards import Card
>>> e = Event("draw", 1, ((Card.parse("R5"),),))
>>> e.text, e.text_for(2)
('seat 1 draws R5', 'seat 1 draws a card')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unokit.cards import Card, Color

__all__ = ["Event"]


def _cards(cards: Any) -> str:
    return " ".join(c.code for c in cards) if cards else "nothing"


def _n(count: int, word: str = "card") -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _color(color: Color | None) -> str:
    return color.label if color is not None else "none"


# Each template takes (event, full) and returns the text; full=False hides secrets.
_Template = Callable[["Event", bool], str]

_TEXTS: dict[str, _Template] = {
    "dealer_draw": lambda e, f: f"seat {e.seat} draws {e.args[0]} to choose the dealer",
    "dealer": lambda e, f: f"seat {e.seat} is the dealer" + (f" ({e.args[0]})" if e.args else ""),
    "deal": lambda e, f: f"round {e.args[1]}: seat {e.seat} deals {_n(e.args[0])} to each player",
    "start_card": lambda e, f: f"the start card is {e.args[0]}",
    "misdeal": lambda e, f: (
        f"none of the {e.args[0]} cards left in the draw pile could become the start card: "
        f"seat {e.seat}, the dealer, shuffles every card and deals again"
    ),
    "start_returned": lambda e, f: (
        f"{e.args[0]} cannot start the game: it goes back into the draw pile, which is "
        "reshuffled, and a new card is turned"
    ),
    "start_buried": lambda e, f: (
        f"{e.args[0]} is not a number card: it is buried in the draw pile and the next card "
        "is turned"
    ),
    "start_skip": lambda e, f: f"the start card skips seat {e.seat}: seat {e.args[0]} starts",
    "start_reverse": lambda e, f: (
        f"the start card reverses the direction to counter-clockwise: seat {e.args[0]} starts"
    ),
    "start_reverse_two": lambda e, f: (
        f"with 2 players the start reverse acts as a skip: seat {e.seat} loses the turn, "
        f"seat {e.args[0]} starts"
    ),
    "start_draw_two": lambda e, f: (
        f"the start card makes seat {e.seat} draw 2 ({_cards(e.args[0]) if f else 'hidden'}) "
        f"and lose the turn; it cannot be stacked on or deflected; seat {e.args[1]} plays next"
    ),
    "start_wild": lambda e, f: (
        f"the start card is a wild: seat {e.seat}, the first player, names the colour, then plays"
    ),
    "color_chosen": lambda e, f: f"seat {e.seat} names {e.args[0].label}",
    "play": lambda e, f: (
        f"seat {e.seat} plays {_cards(e.args[0])}"
        + (f" and names {e.args[1].label}" if e.args[1] is not None else "")
    ),
    "uno": lambda e, f: f"seat {e.seat} calls UNO",
    "false_uno": lambda e, f: (
        f"seat {e.seat} calls UNO without being left with one card and draws {e.args[0]}"
    ),
    "caught": lambda e, f: (
        f"seat {e.seat} catches seat {e.args[0]}, who did not call UNO: seat {e.args[0]} "
        f"draws {e.args[1]}"
    ),
    "false_catch": lambda e, f: (
        f"seat {e.seat} wrongly catches seat {e.args[0]} and draws {e.args[1]}"
    ),
    "draw": lambda e, f: (
        f"seat {e.seat} draws {_cards(e.args[0]) if f else _n(len(e.args[0]), 'card')}"
        if len(e.args[0]) != 1 or f
        else f"seat {e.seat} draws a card"
    ),
    "draw_none": lambda e, f: f"seat {e.seat} draws, but no card is left to draw",
    "drawn_playable": lambda e, f: (
        f"the drawn card{' ' + e.args[0].code if f else ''} is playable: seat {e.seat} may "
        "play it or keep it"
    ),
    "drawn_must_play": lambda e, f: (
        f"the drawn card{' ' + e.args[0].code if f else ''} is playable and seat {e.seat} "
        "must play it"
    ),
    "drawn_unplayable": lambda e, f: (
        f"seat {e.seat} cannot play the drawn card; the turn passes to seat {e.args[0]}"
    ),
    "pass": lambda e, f: f"seat {e.seat} keeps the drawn card; seat {e.args[0]} plays next",
    "skip": lambda e, f: (
        (
            f"seat {e.seat} is skipped"
            if e.seat is not None
            else f"seats {', '.join(map(str, e.args[1]))} are skipped"
        )
        + f"; seat {e.args[0]} plays next"
    ),
    "reverses_cancel": lambda e, f: (
        f"{e.args[0]} reverses cancel out: the direction stays; the next player plays"
    ),
    "reverse": lambda e, f: (
        f"the direction is now {'clockwise' if e.args[0] == 1 else 'counter-clockwise'}"
    ),
    "reverse_two": lambda e, f: (
        f"with 2 players the reverse acts as a skip: seat {e.seat} plays again"
    ),
    "penalty_draw": lambda e, f: (
        f"seat {e.seat} draws {len(e.args[0])}"
        + (f" ({_cards(e.args[0])})" if f else "")
        + f" for the {e.args[1]} and loses the turn; seat {e.args[2]} plays next"
    ),
    "penalty_pending": lambda e, f: (
        f"seat {e.seat} faces a penalty of {e.args[0]}: draw it"
        + (" (or answer it as the rules allow)")
    ),
    "deflect": lambda e, f: (
        f"seat {e.seat} deflects the penalty of {e.args[1]} with {e.args[0]}: "
        f"seat {e.args[2]} now faces it"
    ),
    "jump_in": lambda e, f: (
        f"seat {e.seat} jumps in on seat {e.args[0]}'s {_cards(e.args[1])}: "
        + {
            "": "that card's effect is cancelled",
            "new": "that card and every stacked penalty before it are cancelled",
            "old": "that card's penalty is cancelled, the stack before it stands",
        }[e.args[2]]
        + f", and play goes on from seat {e.seat}"
    ),
    "sum_jump_in": lambda e, f: (
        f"seat {e.seat} jumps in on seat {e.args[0]}'s {_cards(e.args[1])} with cards adding up "
        f"to it; play goes on from seat {e.seat}"
    ),
    "challenger_takes_rest": lambda e, f: (
        f"seat {e.seat}, the challenger, draws the other {e.args[0]} cards of the stack"
    ),
    "swap": lambda e, f: f"seat {e.seat} swaps hands with seat {e.args[0]}",
    "rotate": lambda e, f: (
        "every hand passes to the next player "
        + ("clockwise" if e.args[0] == 1 else "counter-clockwise")
    ),
    "peek": lambda e, f: (
        f"seat {e.seat} looks at seat {e.args[0]}'s hand" + (f": {_cards(e.args[1])}" if f else "")
    ),
    "trade": lambda e, f: (
        f"seat {e.seat} trades cards with seat {e.args[0]}: gives {len(e.args[1])}"
        + (f" ({_cards(e.args[1])})" if f else "")
        + f", takes {len(e.args[2])} at random"
        + (f" ({_cards(e.args[2])})" if f else "")
    ),
    "seat_change": lambda e, f: (
        "players change seats: "
        + ", ".join(f"seat {s}: player {p}" for s, p in enumerate(e.args[0]))
    ),
    "challenge_won": lambda e, f: (
        f"challenge succeeded: seat {e.args[0]} held {e.args[1]}"
        + (f" ({_cards(e.args[2])})" if f else "")
        + f" when playing +4; seat {e.args[0]} draws {e.args[3]}; "
        + (
            f"seat {e.seat}, the challenger, takes the other {e.args[5]} cards of the stack, "
            f"then plays on, matching {e.args[4]}"
            if len(e.args) > 5 and e.args[5]
            else f"seat {e.seat} draws nothing and plays on, matching {e.args[4]}"
        )
    ),
    "challenge_lost": lambda e, f: (
        f"challenge failed: seat {e.args[0]} held no {e.args[1]} when playing +4; "
        f"seat {e.seat} draws {e.args[3]} and loses the turn"
    ),
    "reveal": lambda e, f: (
        f"seat {e.args[0]} shows their hand to seat {e.seat}"
        + (f": {_cards(e.args[1])}" if f else "")
    ),
    "shuffle_hands": lambda e, f: (
        f"all hands are shuffled together and dealt out from seat {e.args[0]}"
    ),
    "custom": lambda e, f: f"the customizable wild's effect: {e.args[0]}",
    "swim": lambda e, f: (
        f"seat {e.seat} swims: draws {len(e.args[0])}"
        + (f" ({_cards(e.args[0])})" if f else "")
        + (" until a blue card" if e.args[1] else ", and the piles ran out before a blue card")
        + (f", and loses the turn; seat {e.args[2]} plays next" if e.args[3] else ", then plays")
    ),
    "reshuffle": lambda e, f: (
        f"the draw pile is empty: the discard pile less its top card is shuffled into a new "
        f"draw pile of {_n(e.args[0])}"
    ),
    "piles_empty": lambda e, f: (
        "the draw pile and the discard pile are both empty: nothing more can be drawn"
    ),
    "void_round": lambda e, f: "the draw pile is empty: the round is abandoned with no score",
    "out": lambda e, f: (
        f"seat {e.seat} goes out" + (f" in place {e.args[0]}" if e.args and e.args[0] > 1 else "")
    ),
    "round_won": lambda e, f: (
        f"seat {e.seat} wins the round"
        + (f" for team {e.args[0]} (seats {', '.join(map(str, e.args[1]))})" if e.args else "")
    ),
    "points": lambda e, f: f"seat {e.seat} scores {e.args[0]} (total {e.args[1]})",
    "eliminated": lambda e, f: f"seat {e.seat} is eliminated ({e.args[0]})",
    "match_won": lambda e, f: (
        (
            f"seat {e.seat} wins the match"
            if e.seat is not None and e.seat >= 0
            else "the match is over"
        )
        + (f": ranking {', '.join(map(str, e.args[0]))}" if e.args else "")
    ),
    "timeout": lambda e, f: (
        f"seat {e.seat} ran out of time and draws {e.args[0]}; seat {e.args[1]} plays next"
    ),
    "misplay": lambda e, f: (
        f"seat {e.seat} misplays {e.args[0]} ({e.args[1]}): the card goes back and seat "
        f"{e.seat} draws {e.args[2]}"
        + (
            (
                f", then goes on with the turn, still facing the penalty of {e.args[4]}"
                if e.args[4]
                else ", then goes on with the turn"
            )
            if e.args[3] == e.seat
            else (f", takes the pending penalty of {e.args[4]}" if e.args[4] else "")
            + f"; the turn passes to seat {e.args[3]}"
        )
    ),
    "table_penalty": lambda e, f: (
        f"the referee gives seat {e.seat} a penalty of {_n(e.args[0])}"
        + (f" for {e.args[1]}" if e.args[1] else "")
    ),
}


class Event:
    """One thing that happened. ``kind`` is a stable identifier; ``rule`` names the option
    (``"wd4_rule=no_matching_color"``) that decided it, when one did; ``private`` is the seat
    allowed to see the secret parts (the drawer, the challenger), or ``None``."""

    __slots__ = ("args", "kind", "private", "rule", "seat")
    kind: str
    seat: int | None
    args: tuple[Any, ...]
    rule: str | None
    private: int | None

    def __init__(
        self,
        kind: str,
        seat: int | None,
        args: tuple[Any, ...] = (),
        rule: str | None = None,
        private: int | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.args = args
        self.rule = rule
        self.private = private if private is not None else seat

    @property
    def text(self) -> str:
        """The full account, as the referee sees it, citing the rule applied."""
        return self._text(True)

    def text_for(self, viewer: int | None, lang: str = "en") -> str:
        """The account as ``viewer`` may see it, in ``lang`` (``en``, ``zh-Hant``, ``zh-Hans``)."""
        full = viewer is None or viewer == self.private
        if lang.startswith("zh"):
            from unokit.events_zh import text_zh

            return text_zh(self, full, simplified=lang == "zh-Hans")
        return self._text(full)

    def _text(self, full: bool) -> str:
        base = _TEXTS[self.kind](self, full)
        return f"{base} ({self.rule})" if self.rule else base

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "text": self.text_for(viewer)}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.rule:
            out["rule"] = self.rule
        return out

    def __repr__(self) -> str:
        return f"<Event {self.kind}: {self.text}>"


def known_kinds() -> list[str]:
    """Every event kind (for documentation and tests)."""
    return list(_TEXTS)


def card_list(cards: list[Card] | tuple[Card, ...]) -> str:
    return _cards(cards)
