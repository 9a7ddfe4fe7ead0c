"""The narrator: an event told in words, for a player or for the referee.

``narrate(event, viewer, lang, names)`` tells a player what happened: "you" for the viewer's own
seat, the players' names, card names ("red 5", "紅5") in the viewer's language, and only what the
viewer may see (the cards another seat drew stay hidden). The rule option that decided it is kept
apart (``event.rule``; ``rule=True`` appends it). ``referee_text`` is the referee's precise form:
seats by number, cards by code, the rule cited ("seat 2 plays R5 ... (after_draw=may_play)").

Every text comes from the gettext message catalogue of the language (``locale/*/LC_MESSAGES``,
read with the standard library): English is the source language, so a translator adds a
language by translating ``locale/unokit.pot``, without reading this code. The Simplified
Chinese catalogue is generated from the Traditional one (``tools/catalogues.py``).

>>> from unokit.cards import Card
>>> from unokit.events import Drew, Played
>>> narrate(Drew(1, (Card.parse("R5"),)), 1)
'You draw red 5'
>>> narrate(Drew(1, (Card.parse("R5"),)), 2, names={1: "Ann"})
'Ann draws a card'
>>> narrate(Played(0, (Card.parse("W"),), Color.BLUE), 1, "zh-Hant")
'座位 0 出 萬用，指定藍色'
>>> referee_text(Played(0, (Card.parse("W"),), Color.BLUE, rule="multi_play=off"), None)
'seat 0 plays W and names blue (multi_play=off)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from typing import Any

from unokit import events as ev
from unokit import rule_words
from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, N_, NP_, translations
from unokit.rules import Rules
from unokit.why import CARD_KEYS, SEAT_KEYS, Why
from unokit.why import set_teller as set_why_teller

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "card_name",
    "color_name",
    "narrate",
    "referee_text",
    "translations",
]

# -- names: colours and cards (the one name table is the catalogue) -------------------------------

_COLOR_NAMES = (N_("red"), N_("yellow"), N_("green"), N_("blue"))
_RANK_NAMES: dict[Rank, str] = {
    Rank.SKIP: N_("skip"),
    Rank.REVERSE: N_("reverse"),
    Rank.DRAW_TWO: N_("+2"),
    Rank.WILD: N_("wild"),
    Rank.WILD_DRAW_FOUR: N_("wild +4"),
    Rank.WILD_SHUFFLE_HANDS: N_("shuffle hands"),
    Rank.WILD_CUSTOMIZABLE: N_("custom wild"),
    Rank.WILD_SWIMMING: N_("keep swimming"),
    # UNO Show 'Em No Mercy (VARIANTS.md §1)
    Rank.DRAW_FOUR: N_("+4"),
    Rank.SKIP_EVERYONE: N_("skip everyone"),
    Rank.DISCARD_ALL: N_("discard all"),
    Rank.WILD_REVERSE_DRAW_FOUR: N_("wild reverse +4"),
    Rank.WILD_DRAW_SIX: N_("wild +6"),
    Rank.WILD_DRAW_TEN: N_("wild +10"),
    Rank.WILD_COLOR_ROULETTE: N_("wild colour roulette"),
}


def color_name(color: int, lang: str = "en") -> str:
    """A colour's name: ``red`` / ``紅`` / ``红``."""
    return translations(lang).gettext(_COLOR_NAMES[color])


def card_name(card: Card, lang: str = "en") -> str:
    """A card's name for people: ``red 5`` / ``紅5`` / ``红5``, ``wild +4`` / ``萬用+4``."""
    t = translations(lang)
    rank = RANK_OF[card]
    rank_text = str(int(rank)) if rank <= 9 else t.gettext(_RANK_NAMES[rank])
    color = COLOR_OF[card]
    if color < 0:
        return rank_text
    # translators: a coloured card: its colour, then its number or action ("red 5")
    return t.gettext(N_("{color} {rank}")).format(color=color_name(color, lang), rank=rank_text)


# -- the voice: who, which cards, which words ----------------------------------------------------


class _Voice:
    """How one reader is told: the language, who reads (``you``), what they may see."""

    __slots__ = ("full", "lang", "names", "referee", "t", "viewer")

    def __init__(
        self,
        lang: str,
        viewer: int | None,
        full: bool,
        referee: bool,
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.lang = lang
        self.t = translations(lang)
        self.viewer = viewer
        self.full = full
        self.referee = referee
        self.names = names

    def _(self, message: str) -> str:
        return self.t.gettext(message)

    def you(self, seat: int | None) -> bool:
        return not self.referee and seat is not None and seat == self.viewer

    def who(self, seat: int | None) -> str:
        if self.you(seat):
            return self._(N_("you"))
        if self.names is not None and seat in self.names:
            return self.names[seat]  # type: ignore[index]
        return self._(N_("seat {number}")).format(number=seat)

    def say(self, message: str, *yous: tuple[int | None, str], **values: Any) -> str:
        """``message`` translated and filled in; the first ``(seat, message)`` of ``yous``
        whose seat is the reader's replaces it (English verbs change with "you")."""
        for seat, mine in yous:
            if self.you(seat):
                message = mine
                break
        return self._(message).format(**values)

    def count(self, forms: tuple[str, str], n: int, **values: Any) -> str:
        return self.t.ngettext(forms[0], forms[1], n).format(n=n, **values)

    def card(self, card: Card) -> str:
        return card.code if self.referee else card_name(card, self.lang)

    def cards(self, cards: Iterable[Card]) -> str:
        names = [self.card(c) for c in cards]
        if not names:
            return self._(N_("nothing"))
        # translators: between two card names of a list
        return (" " if self.referee else self._(N_(", "))).join(names)

    def color(self, color: int | None) -> str:
        return self._(N_("none")) if color is None else color_name(color, self.lang)

    def numbers(self, seats: Iterable[int], *, ordered: bool = False) -> str:
        """Seats as the referee lists them (``0, 2``), or by name for a player ("you and seat
        1"); ``ordered``: a ranking, listed with commas only."""
        if self.referee:
            return ", ".join(map(str, seats))
        names = [self.who(s) for s in seats]
        if len(names) < 2 or ordered:
            return self._(N_(", ")).join(names)
        # "you and seat 1", "seat 1, seat 2 and you"
        return self._(N_(", ")).join(names[:-1]) + self._(N_(" and ")) + names[-1]

    def then(self, seat: int) -> str:
        return self.say(
            N_("; {next} plays next"), (seat, N_("; you play next")), next=self.who(seat)
        )


_CARDS = NP_("{n} card", "{n} cards")


# -- the texts, kind by kind ---------------------------------------------------------------------

# Most kinds are one message whose placeholders are the event's fields (seats by name, cards by
# name, colours by name), and the messages for a reader who is one of those seats: ``you``.
_PLAIN: dict[str, tuple[str, dict[str, str]]] = {
    "dealer_draw": (
        N_("{seat} draws {card} to choose the dealer"),
        {"seat": N_("you draw {card} to choose the dealer")},
    ),
    "dealer": (N_("{seat} is the dealer"), {"seat": N_("you are the dealer")}),
    "challenge": (
        N_("{seat} challenges {target}'s +4"),
        {"seat": N_("you challenge {target}'s +4"), "target": N_("{seat} challenges your +4")},
    ),
    "start_card": (N_("the start card is {card}"), {}),
    "misdeal": (
        N_(
            "none of the {left} cards left in the draw pile could become the start card: "
            "{seat}, the dealer, shuffles every card and deals again"
        ),
        {
            "seat": N_(
                "none of the {left} cards left in the draw pile could become the start card: "
                "you, the dealer, shuffle every card and deal again"
            )
        },
    ),
    "start_returned": (
        N_(
            "{card} cannot start the game: it goes back into the draw pile, which is "
            "reshuffled, and a new card is turned"
        ),
        {},
    ),
    "start_buried": (
        N_(
            "{card} is not a number card: it is buried in the draw pile and the next card is turned"
        ),
        {},
    ),
    "start_skip": (
        N_("the start card skips {seat}: {first} starts"),
        {"first": N_("the start card skips {seat}: you start")},
    ),
    "start_reverse": (
        N_("the start card reverses the direction to counter-clockwise: {first} starts"),
        {"first": N_("the start card reverses the direction to counter-clockwise: you start")},
    ),
    "start_reverse_two": (
        N_(
            "with 2 players the start reverse acts as a skip: {seat} loses the turn, {first} starts"
        ),
        {
            "seat": N_(
                "with 2 players the start reverse acts as a skip: you lose the turn, {first} starts"
            ),
            "first": N_(
                "with 2 players the start reverse acts as a skip: {seat} loses the turn, you start"
            ),
        },
    ),
    "start_wild": (
        N_("the start card is a wild: {seat}, the first player, names the colour, then plays"),
        {"seat": N_("the start card is a wild: you, the first player, name the colour, then play")},
    ),
    "color_chosen": (N_("{seat} names {color}"), {"seat": N_("you name {color}")}),
    "uno": (N_("{seat} calls UNO"), {"seat": N_("you call UNO")}),
    "false_uno": (
        N_("{seat} calls UNO without being left with one card and draws {count}"),
        {"seat": N_("you call UNO without being left with one card and draw {count}")},
    ),
    "caught": (
        N_("{seat} catches {target}, who did not call UNO: {target} draws {count}"),
        {
            "seat": N_("you catch {target}, who did not call UNO: {target} draws {count}"),
            "target": N_("{seat} catches you, who did not call UNO: you draw {count}"),
        },
    ),
    "false_catch": (
        N_("{seat} wrongly catches {target} and draws {count}"),
        {"seat": N_("you wrongly catch {target} and draw {count}")},
    ),
    "draw_none": (
        N_("{seat} draws, but no card is left to draw; the turn passes to {next}"),
        {"seat": N_("you draw, but no card is left to draw; the turn passes to {next}")},
    ),
    "drawn_unplayable": (
        N_("{seat} cannot play the drawn card; the turn passes to {next}"),
        {"seat": N_("you cannot play the drawn card; the turn passes to {next}")},
    ),
    "reverses_cancel": (
        N_("{count} reverses cancel out: the direction stays; the next player plays"),
        {},
    ),
    "reverse_two": (
        N_("with 2 players the reverse acts as a skip: {seat} plays again"),
        {"seat": N_("with 2 players the reverse acts as a skip: you play again")},
    ),
    "penalty_pending": (
        N_("{seat} faces a penalty of {count}: draw it (or answer it as the rules allow)"),
        {"seat": N_("you face a penalty of {count}: draw it (or answer it as the rules allow)")},
    ),
    "deflect": (
        N_("{seat} deflects the penalty of {count} with {card}: {target} now faces it"),
        {
            "seat": N_("you deflect the penalty of {count} with {card}: {target} now faces it"),
            "target": N_("{seat} deflects the penalty of {count} with {card}: you now face it"),
        },
    ),
    "sum_jump_in": (
        N_(
            "{seat} jumps in on {target}'s {cards} with cards adding up to it; play goes on "
            "from {seat}"
        ),
        {
            "seat": N_(
                "you jump in on {target}'s {cards} with cards adding up to it; play goes on "
                "from you"
            ),
            "target": N_(
                "{seat} jumps in on your {cards} with cards adding up to it; play goes on "
                "from {seat}"
            ),
        },
    ),
    "challenger_takes_rest": (
        N_("{seat}, the challenger, draws the other {count} cards of the stack"),
        {"seat": N_("you, the challenger, draw the other {count} cards of the stack")},
    ),
    "swap": (N_("{seat} swaps hands with {target}"), {"seat": N_("you swap hands with {target}")}),
    "shuffle_hands": (N_("all hands are shuffled together and dealt out from {first}"), {}),
    "custom": (N_("the customizable wild's effect: {description}"), {}),
    "piles_empty": (
        N_("the draw pile and the discard pile are both empty: nothing more can be drawn"),
        {},
    ),
    "void_round": (N_("the draw pile is empty: the round is abandoned with no score"), {}),
    "points": (
        N_("{seat} scores {points} (total {total})"),
        {"seat": N_("you score {points} (total {total})")},
    ),
    "eliminated": (N_("{seat} is eliminated"), {"seat": N_("you are eliminated")}),
    # the online tables' house rules (VARIANTS.md §2)
    "start_wild_buried": (
        N_(
            "the start card {card} is a wild: it is buried in the draw pile and the next "
            "card turned"
        ),
        {},
    ),
    "kept_face_down": (
        N_("{seat} keeps the card face down; the turn passes to {next}"),
        {
            "seat": N_("you keep the card face down; the turn passes to {next}"),
            "next": N_("{seat} keeps the card face down; your turn"),
        },
    ),
    "stuck": (
        N_(
            "{seat} holds {count} cards, the hand limit, and cannot play: no drawing, so the "
            "turn passes to {next}"
        ),
        {
            "seat": N_(
                "you hold {count} cards, the hand limit, and cannot play: no drawing, so the "
                "turn passes to {next}"
            )
        },
    ),
    "round_blocked": (
        N_(
            "nobody can move: every player is at the hand limit with nothing to play; the "
            "round ends with no winner and no score"
        ),
        {},
    ),
    "points_multiplied": (N_("this round's points count {factor} times"), {}),
    "roulette": (
        N_(
            "{seat} plays a colour roulette: {target} names a colour, then turns cards until "
            "one of it shows"
        ),
        {
            "target": N_(
                "{seat} plays a colour roulette: you name a colour, then turn cards until one "
                "of it shows"
            )
        },
    ),
    "knocked_out": (
        N_("{seat} holds {count} cards: out of the round"),
        {"seat": N_("you hold {count} cards: out of the round")},
    ),
}
_SEAT_FIELDS = frozenset({"seat", "target", "next", "first", "liar", "player"})
_CARDS_FIELDS = frozenset({"cards", "hand", "evidence", "given", "taken"})


def _plain(event: ev.Event, v: _Voice) -> str:
    message, yours = _PLAIN[event.kind]
    for name, mine in yours.items():
        if v.you(getattr(event, name)):
            message = mine
            break
    values: dict[str, Any] = {}
    for spec in fields(event):
        name = spec.name
        value = getattr(event, name)
        if name in _SEAT_FIELDS:
            value = v.who(value)
        elif name in _CARDS_FIELDS:
            value = v.cards(value)
        elif name == "card":
            value = v.card(value)
        elif name == "color":
            value = v.color(value)
        values[name] = value
    return v._(message).format(**values)


def _dealer_tie(e: ev.DealerTie, v: _Voice) -> str:
    seats = v.numbers(e.seats)
    if v.referee:
        seats = v.say(N_("seats {numbers}"), numbers=seats)
    return v.say(
        N_("a tie at {value} between {seats}: they draw again"), value=e.value, seats=seats
    )


def _deal(e: ev.Dealt, v: _Voice) -> str:
    return v.say(
        N_("round {round}: {seat} deals {cards} to each player"),
        (e.seat, N_("round {round}: you deal {cards} to each player")),
        round=e.round_no,
        seat=v.who(e.seat),
        cards=v.count(_CARDS, e.count),
    )


def _start_draw_two(e: ev.StartDrawTwo, v: _Voice) -> str:
    if not v.full:  # the cards are not named, rather than "(hidden)"
        return v.say(
            N_(
                "the start card makes {seat} draw 2 cards and lose the turn; it cannot be "
                "stacked on or deflected"
            ),
            seat=v.who(e.seat),
        ) + v.then(e.next)
    return v.say(
        N_(
            "the start card makes {seat} draw 2 ({cards}) and lose the turn; it cannot be "
            "stacked on or deflected"
        ),
        seat=v.who(e.seat),
        cards=v.cards(e.cards),
    ) + v.then(e.next)


def _play(e: ev.Played, v: _Voice) -> str:
    if e.color is None:
        return v.say(
            N_("{seat} plays {cards}"),
            (e.seat, N_("you play {cards}")),
            seat=v.who(e.seat),
            cards=v.cards(e.cards),
        )
    if all(COLOR_OF[c] >= 0 for c in e.cards):  # a colour chosen from a set (multi_play)
        return v.say(
            N_("{seat} plays {cards} and continues in {color}"),
            (e.seat, N_("you play {cards} and continue in {color}")),
            seat=v.who(e.seat),
            cards=v.cards(e.cards),
            color=v.color(e.color),
        )
    return v.say(
        N_("{seat} plays {cards} and names {color}"),
        (e.seat, N_("you play {cards} and name {color}")),
        seat=v.who(e.seat),
        cards=v.cards(e.cards),
        color=v.color(e.color),
    )


def _draw(e: ev.Drew, v: _Voice) -> str:
    if e.blind:  # blind_draw: face down, unseen by the drawer too
        if v.full:
            return v.say(
                N_("{seat} draws {cards} face down"), seat=v.who(e.seat), cards=v.cards(e.cards)
            )
        if v.you(e.seat):
            return v.count(
                NP_("you draw a card face down", "you draw {n} cards face down"), len(e.cards)
            )
        return v.count(
            NP_("{seat} draws a card face down", "{seat} draws {n} cards face down"),
            len(e.cards),
            seat=v.who(e.seat),
        )
    if v.full:
        return v.say(
            N_("{seat} draws {cards}"),
            (e.seat, N_("you draw {cards}")),
            seat=v.who(e.seat),
            cards=v.cards(e.cards),
        )
    return v.count(
        NP_("{seat} draws a card", "{seat} draws {n} cards"), len(e.cards), seat=v.who(e.seat)
    )


def _drawn_playable(e: ev.DrawnPlayable, v: _Voice) -> str:
    if not v.full:
        return v.say(
            N_("the drawn card is playable: {seat} may play it or keep it"), seat=v.who(e.seat)
        )
    return v.say(
        N_("the drawn card {card} is playable: {seat} may play it or keep it"),
        (e.seat, N_("the drawn card {card} is playable: you may play it or keep it")),
        seat=v.who(e.seat),
        card=v.card(e.card),
    )


def _drawn_unplayable(e: ev.DrawnUnplayable, v: _Voice) -> str:
    if e.bluff and v.full:  # (the others hear of an unplayable card, as for any other)
        return v.say(
            N_("{seat} keeps the drawn +4, which would be a bluff; the turn passes to {next}"),
            (
                e.seat,
                N_("you keep the drawn +4, which would be a bluff; the turn passes to {next}"),
            ),
            seat=v.who(e.seat),
            next=v.who(e.next),
        )
    return _plain(e, v)


def _drawn_must_play(e: ev.DrawnMustPlay, v: _Voice) -> str:
    if not v.full:
        return v.say(N_("the drawn card is playable and {seat} must play it"), seat=v.who(e.seat))
    return v.say(
        N_("the drawn card {card} is playable and {seat} must play it"),
        (e.seat, N_("the drawn card {card} is playable and you must play it")),
        seat=v.who(e.seat),
        card=v.card(e.card),
    )


def _pass(e: ev.Kept, v: _Voice) -> str:
    return v.say(
        N_("{seat} keeps the drawn card"),
        (e.seat, N_("you keep the drawn card")),
        seat=v.who(e.seat),
    ) + v.then(e.next)


def _skip(e: ev.Skipped, v: _Voice) -> str:
    if e.seat is not None:
        head = v.say(N_("{seat} is skipped"), (e.seat, N_("you are skipped")), seat=v.who(e.seat))
    elif v.referee or (v.names is None and v.viewer not in e.skipped):
        head = v.say(N_("seats {numbers} are skipped"), numbers=", ".join(map(str, e.skipped)))
    else:
        head = v.say(N_("{seats} are skipped"), seats=v.numbers(e.skipped))
    return head + v.then(e.next)


def _reverse(e: ev.Reversed, v: _Voice) -> str:
    if e.direction == 1:
        return v._(N_("the direction is now clockwise"))
    return v._(N_("the direction is now counter-clockwise"))


def _cause(e: ev.PenaltyDrawn, v: _Voice) -> str:
    if e.cause == "stack":
        return v._(N_("pending penalty"))
    if e.cause == "last_card":
        return v._(N_("last card"))
    return v.card(e.cause)


def _penalty_draw(e: ev.PenaltyDrawn, v: _Voice) -> str:
    values = {
        "seat": v.who(e.seat),
        "count": len(e.cards),
        "cards": v.cards(e.cards),
        "cause": _cause(e, v),
    }
    if e.next < 0:  # the last card's penalty: the round is over, no turn to lose
        if v.full:
            return v.say(
                N_("{seat} draws {count} ({cards}) for the {cause}"),
                (e.seat, N_("you draw {count} ({cards}) for the {cause}")),
                **values,
            )
        return v.say(N_("{seat} draws {count} for the {cause}"), **values)
    if v.full:
        head = v.say(
            N_("{seat} draws {count} ({cards}) for the {cause} and loses the turn"),
            (e.seat, N_("you draw {count} ({cards}) for the {cause} and lose the turn")),
            **values,
        )
    else:
        head = v.say(N_("{seat} draws {count} for the {cause} and loses the turn"), **values)
    return head + v.then(e.next)


_JUMP_EFFECTS = {
    "": N_("that card's effect is cancelled"),
    "new": N_("that card and every stacked penalty before it are cancelled"),
    "old": N_("that card's penalty is cancelled, the stack before it stands"),
}


def _jump_in(e: ev.JumpedIn, v: _Voice) -> str:
    if not e.stacking and all(RANK_OF[c] <= Rank.NINE for c in e.cards):  # no effect to cancel
        return v.say(
            N_("{seat} jumps in on {target}'s {cards}, and play goes on from {seat}"),
            (e.seat, N_("you jump in on {target}'s {cards}, and play goes on from you")),
            (e.target, N_("{seat} jumps in on your {cards}, and play goes on from {seat}")),
            seat=v.who(e.seat),
            target=v.who(e.target),
            cards=v.cards(e.cards),
        )
    effect = _JUMP_EFFECTS[e.stacking]
    if not e.stacking and all(RANK_OF[c] == Rank.REVERSE for c in e.cards):
        effect = N_("that reverse is undone (the direction turns back)")
    return v.say(
        N_("{seat} jumps in on {target}'s {cards}: {effect}, and play goes on from {seat}"),
        (e.seat, N_("you jump in on {target}'s {cards}: {effect}, and play goes on from you")),
        (e.target, N_("{seat} jumps in on your {cards}: {effect}, and play goes on from {seat}")),
        seat=v.who(e.seat),
        target=v.who(e.target),
        cards=v.cards(e.cards),
        effect=v._(effect),
    )


def _rotate(e: ev.HandsRotated, v: _Voice) -> str:
    if e.direction == 1:
        return v._(N_("every hand passes to the next player clockwise"))
    return v._(N_("every hand passes to the next player counter-clockwise"))


def _peek(e: ev.Peeked, v: _Voice) -> str:
    values = {"seat": v.who(e.seat), "target": v.who(e.target), "cards": v.cards(e.hand)}
    if v.full:
        return v.say(
            N_("{seat} looks at {target}'s hand: {cards}"),
            (e.seat, N_("you look at {target}'s hand: {cards}")),
            **values,
        )
    return v.say(
        N_("{seat} looks at {target}'s hand"), (e.target, N_("{seat} looks at your hand")), **values
    )


def _trade(e: ev.Traded, v: _Voice) -> str:
    values = {
        "seat": v.who(e.seat),
        "target": v.who(e.target),
        "given": len(e.given),
        "given_cards": v.cards(e.given),
        "taken": len(e.taken),
        "taken_cards": v.cards(e.taken),
    }
    if v.full:
        return v.say(
            N_(
                "{seat} trades cards with {target}: gives {given} ({given_cards}), takes "
                "{taken} at random ({taken_cards})"
            ),
            (
                e.seat,
                N_(
                    "you trade cards with {target}: give {given} ({given_cards}), take "
                    "{taken} at random ({taken_cards})"
                ),
            ),
            **values,
        )
    return v.say(
        N_("{seat} trades cards with {target}: gives {given}, takes {taken} at random"),
        (e.target, N_("{seat} trades cards with you: gives {given}, takes {taken} at random")),
        **values,
    )


def _seat_change(e: ev.SeatsChanged, v: _Voice) -> str:
    places = v._(N_(", ")) if not v.referee else ", "
    seating = places.join(
        v.say(N_("{seat}: player {player}"), seat=v.who(s), player=p)
        for s, p in enumerate(e.seating)
    )
    return v.say(N_("players change seats: {seating}"), seating=seating)


def _evidence(v: _Voice, lacked: Color | None, by_color: bool, won: bool) -> str:
    """What made a +4 dishonest (``a red card``), or what its player lacked (``red card``)."""
    if not by_color:
        return v._(N_("another playable card") if won else N_("other playable card"))
    color = v._(N_("matching")) if lacked is None else v.color(lacked)
    return v.say(N_("a {color} card") if won else N_("{color} card"), color=color)


def _challenge_won(e: ev.ChallengeWon, v: _Voice) -> str:
    values = {
        "seat": v.who(e.seat),
        "liar": v.who(e.liar),
        "what": _evidence(v, e.lacked, e.by_color, won=True),
        "cards": v.cards(e.evidence),
        "count": e.count,
        "rest": e.rest,
        "color": v.color(e.color),
    }
    if v.full:
        head = v.say(
            N_(
                "challenge succeeded: {liar} held {what} ({cards}) when playing +4; "
                "{liar} draws {count}"
            ),
            (
                e.liar,
                N_(
                    "challenge succeeded: you held {what} ({cards}) when playing +4; "
                    "you draw {count}"
                ),
            ),
            **values,
        )
    else:
        head = v.say(
            N_("challenge succeeded: {liar} held {what} when playing +4; {liar} draws {count}"),
            (e.liar, N_("challenge succeeded: you held {what} when playing +4; you draw {count}")),
            **values,
        )
    if e.rest:
        tail = v.say(
            N_(
                "; {seat}, the challenger, takes the other {rest} cards of the stack, then plays "
                "on, matching {color}"
            ),
            (
                e.seat,
                N_(
                    "; you, the challenger, take the other {rest} cards of the stack, then play "
                    "on, matching {color}"
                ),
            ),
            **values,
        )
    else:
        tail = v.say(
            N_("; {seat} draws nothing and plays on, matching {color}"),
            (e.seat, N_("; you draw nothing and play on, matching {color}")),
            **values,
        )
    return head + tail


def _challenge_lost(e: ev.ChallengeLost, v: _Voice) -> str:
    if v.referee:
        challenged = v.say(N_("seat {number}"), number=", ".join(map(str, e.challenged)))
    else:
        challenged = v.numbers(e.challenged)
    return v.say(
        N_(
            "challenge failed: {challenged} held no {what} when playing +4; {seat} draws "
            "{count} and loses the turn"
        ),
        (
            e.seat,
            N_(
                "challenge failed: {challenged} held no {what} when playing +4; you draw "
                "{count} and lose the turn"
            ),
        ),
        challenged=challenged,
        what=_evidence(v, e.lacked, e.by_color, won=False),
        seat=v.who(e.seat),
        count=e.count,
    )


def _reveal(e: ev.HandRevealed, v: _Voice) -> str:
    values = {"seat": v.who(e.seat), "player": v.who(e.player), "cards": v.cards(e.hand)}
    if v.full:
        return v.say(
            N_("{player} shows {seat} the hand they played the +4 from: {cards}"), **values
        )
    return v.say(
        N_("{player} shows {seat} the hand they played the +4 from"),
        (e.player, N_("you show {seat} the hand you played the +4 from")),
        **values,
    )


def _swim(e: ev.Swam, v: _Voice) -> str:
    values = {"seat": v.who(e.seat), "count": len(e.cards), "cards": v.cards(e.cards)}
    if v.full:
        text = v.say(
            N_("{seat} swims: draws {count} ({cards})"),
            (e.seat, N_("you swim: draw {count} ({cards})")),
            **values,
        )
    else:
        text = v.say(N_("{seat} swims: draws {count}"), **values)
    if e.found:
        text += v._(N_(" until a blue card"))
    else:
        text += v._(N_(", and the piles ran out before a blue card"))
    if e.skips:
        return (
            text
            + v.say(N_(", and loses the turn"), (e.seat, N_(", and lose the turn")))
            + v.then(e.next)
        )
    return text + v.say(N_(", then plays"), (e.seat, N_(", then play")))


def _skip_everyone(e: ev.SkippedEveryone, v: _Voice) -> str:
    return v.say(
        N_("{seat} skips everyone ({skipped}) and plays again"),
        (e.seat, N_("you skip everyone ({skipped}) and play again")),
        seat=v.who(e.seat),
        skipped=v.numbers(e.skipped),
    )


def _discard_all(e: ev.DiscardedAll, v: _Voice) -> str:
    return v.say(
        N_("{seat} discards every other {color} card with it: {cards}"),
        (e.seat, N_("you discard every other {color} card with it: {cards}")),
        seat=v.who(e.seat),
        color=v.color(e.color),
        cards=v.cards(e.cards),
    )


def _roulette_turned(e: ev.RouletteTurned, v: _Voice) -> str:
    values = {
        "seat": v.who(e.seat),
        "color": v.color(e.color),
        "cards": v.cards(e.cards),
        "count": len(e.cards),
    }
    if e.found:
        text = v.say(
            N_("{seat} names {color} and turns {count} cards until a {color} one: {cards}"),
            (e.seat, N_("you name {color} and turn {count} cards until a {color} one: {cards}")),
            **values,
        )
    else:
        text = v.say(
            N_(
                "{seat} names {color} and turns {count} cards, and the piles run out first: {cards}"
            ),
            (
                e.seat,
                N_("you name {color} and turn {count} cards, and the piles run out first: {cards}"),
            ),
            **values,
        )
    return (
        text
        + v.say(N_("; takes them all and loses the turn"), (e.seat, N_("; you take them all")))
        + v.then(e.next)
    )


def _reshuffle(e: ev.Reshuffled, v: _Voice) -> str:
    return v.say(
        N_(
            "the draw pile is empty: the discard pile less its top card is shuffled into a new "
            "draw pile of {cards}"
        ),
        cards=v.count(_CARDS, e.count),
    )


def _out(e: ev.WentOut, v: _Voice) -> str:
    if e.place > 1:
        return v.say(
            N_("{seat} goes out in place {place}"),
            (e.seat, N_("you go out in place {place}")),
            seat=v.who(e.seat),
            place=e.place,
        )
    return v.say(N_("{seat} goes out"), (e.seat, N_("you go out")), seat=v.who(e.seat))


def _round_won(e: ev.RoundWon, v: _Voice) -> str:
    if e.team is None:
        return v.say(
            N_("{seat} wins the round"), (e.seat, N_("you win the round")), seat=v.who(e.seat)
        )
    return v.say(
        N_("{seat} wins the round for team {team} (seats {numbers})"),
        (e.seat, N_("you win the round for team {team} (seats {numbers})")),
        seat=v.who(e.seat),
        team=e.team,
        numbers=", ".join(map(str, e.mates)),
    )


def _match_won(e: ev.MatchWon, v: _Voice) -> str:
    ranking = v.numbers(e.ranking, ordered=True)
    if e.seat is None or e.seat < 0:
        return v.say(N_("the match is over: ranking {ranking}"), ranking=ranking)
    return v.say(
        N_("{seat} wins the match: ranking {ranking}"),
        (e.seat, N_("you win the match: ranking {ranking}")),
        seat=v.who(e.seat),
        ranking=ranking,
    )


def _timeout(e: ev.TimedOut, v: _Voice) -> str:
    return v.say(
        N_("{seat} ran out of time and draws {count}"),
        (e.seat, N_("you ran out of time and draw {count}")),
        seat=v.who(e.seat),
        count=e.count,
    ) + v.then(e.next)


def _misplay(e: ev.Misplayed, v: _Voice) -> str:
    values = {
        "seat": v.who(e.seat),
        "card": v.card(e.card),
        "why": _explain(e.why, v),
        "count": e.count,
        "pending": e.pending,
        "next": v.who(e.next),
    }
    text = v.say(
        N_("{seat} misplays {card} ({why}): the card goes back and {seat} draws {count}"),
        (e.seat, N_("you misplay {card} ({why}): the card goes back and you draw {count}")),
        **values,
    )
    if e.next == e.seat:
        if e.pending:
            return text + v.say(
                N_(", then goes on with the turn, still facing the penalty of {pending}"),
                (e.seat, N_(", then go on with the turn, still facing the penalty of {pending}")),
                **values,
            )
        return text + v.say(
            N_(", then goes on with the turn"), (e.seat, N_(", then go on with the turn"))
        )
    if e.pending:
        text += v.say(
            N_(", takes the pending penalty of {pending}"),
            (e.seat, N_(", take the pending penalty of {pending}")),
            **values,
        )
    return text + v.say(N_("; the turn passes to {next}"), **values)


#: what a player facing a pending penalty may do, by the rule that made it pending
_PENDING = {
    "challenge": N_("{seat} faces a penalty of {count}: draw it or challenge the +4"),
    "same_kind": N_("{seat} faces a penalty of {count}: draw it or stack a card of the same kind"),
    "two_under_four": N_(
        "{seat} faces a penalty of {count}: draw it or stack a +2 on a +2, a +4 on either"
    ),
    "any": N_("{seat} faces a penalty of {count}: draw it or stack a +2 or a +4 on it"),
    "deflect": N_(
        "{seat} faces a penalty of {count}: draw it or pass it on with a skip or reverse"
    ),
    "jump_in": N_("{seat} faces a penalty of {count}: draw it, unless someone jumps in first"),
    "not_lower": N_(
        "{seat} faces a penalty of {count}: draw it or stack a draw card worth as much or more"
    ),
}
_PENDING_YOU = {
    "challenge": N_("you face a penalty of {count}: draw it or challenge the +4"),
    "same_kind": N_("you face a penalty of {count}: draw it or stack a card of the same kind"),
    "two_under_four": N_(
        "you face a penalty of {count}: draw it or stack a +2 on a +2, a +4 on either"
    ),
    "any": N_("you face a penalty of {count}: draw it or stack a +2 or a +4 on it"),
    "deflect": N_("you face a penalty of {count}: draw it or pass it on with a skip or reverse"),
    "jump_in": N_("you face a penalty of {count}: draw it, unless someone jumps in first"),
    "not_lower": N_(
        "you face a penalty of {count}: draw it or stack a draw card worth as much or more"
    ),
}


def _penalty_pending(e: ev.PenaltyPending, v: _Voice) -> str:
    """What the player may do, in words: draw, then the answer that made the penalty wait
    (``answer``: a stacking value: stack as it allows; ``challenge``; ``deflect``: pass it on;
    ``jump_in``: only draw, others may jump in), and what other rules allow too."""
    how = e.answer
    if how not in _PENDING:
        return _plain(e, v)
    text = v.say(_PENDING[how], (e.seat, _PENDING_YOU[how]), seat=v.who(e.seat), count=e.count)
    if e.deflect and how != "deflect":  # deflecting too (stacking or a challenge came first)
        text += v.say(N_(", or pass it on with a skip or reverse"))
    if e.challenge and how != "challenge":  # the +4 may be challenged too
        text += v.say(N_(", or challenge the +4"))
    return text


def _table_penalty(e: ev.TablePenalty, v: _Voice) -> str:
    values = {"seat": v.who(e.seat), "cards": v.count(_CARDS, e.count), "reason": e.reason}
    if e.reason:
        return v.say(N_("the referee gives {seat} a penalty of {cards} for {reason}"), **values)
    return v.say(N_("the referee gives {seat} a penalty of {cards}"), **values)


# -- the online tables' house rules (VARIANTS.md §2) ---------------------------------------------


def _hand_open(e: ev.HandOpened, v: _Voice) -> str:
    return v.say(
        N_("{seat} holds {count}: the hand is laid open to everyone: {cards}"),
        (e.seat, N_("you hold {count}: your hand is laid open to everyone: {cards}")),
        seat=v.who(e.seat),
        count=v.count(_CARDS, len(e.cards)),
        cards=v.cards(e.cards),
    )


def _bomb(e: ev.Bomb, v: _Voice) -> str:
    values = {"seat": v.who(e.seat), "count": len(e.cards), "cards": v.cards(e.cards)}
    if v.referee or (v.names is None and v.viewer not in e.victims):
        head = v.say(
            N_(
                "{seat} plays {count} cards of one number ({cards}): a bomb! seats {numbers} "
                "each draw a card"
            ),
            numbers=", ".join(map(str, e.victims)),
            **values,
        )
    else:
        head = v.say(
            N_(
                "{seat} plays {count} cards of one number ({cards}): a bomb! {seats} each draw "
                "a card"
            ),
            (
                e.seat,
                N_(
                    "you play {count} cards of one number ({cards}): a bomb! {seats} "
                    "each draw a card"
                ),
            ),
            seats=v.numbers(e.victims),
            **values,
        )
    return head


_TEXTS: dict[str, Callable[[Any, _Voice], str]] = {
    "dealer_tie": _dealer_tie,
    "deal": _deal,
    "start_draw_two": _start_draw_two,
    "play": _play,
    "draw": _draw,
    "drawn_playable": _drawn_playable,
    "drawn_must_play": _drawn_must_play,
    "drawn_unplayable": _drawn_unplayable,
    "pass": _pass,
    "skip": _skip,
    "reverse": _reverse,
    "penalty_draw": _penalty_draw,
    "jump_in": _jump_in,
    "rotate": _rotate,
    "peek": _peek,
    "trade": _trade,
    "seat_change": _seat_change,
    "challenge_won": _challenge_won,
    "challenge_lost": _challenge_lost,
    "reveal": _reveal,
    "swim": _swim,
    "reshuffle": _reshuffle,
    "out": _out,
    "round_won": _round_won,
    "match_won": _match_won,
    "timeout": _timeout,
    "misplay": _misplay,
    "table_penalty": _table_penalty,
    "penalty_pending": _penalty_pending,
    "hand_open": _hand_open,
    "bomb": _bomb,
    "skip_everyone": _skip_everyone,
    "discard_all": _discard_all,
    "roulette_turned": _roulette_turned,
}


def _clock_out(e: ev.ClockRanOut, v: _Voice) -> str:
    head = v._(N_("the match clock has run out"))
    if e.out and e.seat is not None:
        return head + v.say(
            N_(": {seat} went out first and wins the round"),
            (e.seat, N_(": you went out first and win the round")),
            seat=v.who(e.seat),
        )
    cards = v.count(_CARDS, e.count)
    if e.seat is None:
        seats = v.numbers(e.leaders)
        if v.referee:
            seats = v.say(N_("seats {numbers}"), numbers=seats)
        return head + v.say(
            N_(
                ": {seats} tie with {cards} and {points} points each: the round ends with no "
                "winner and no score"
            ),
            seats=seats,
            cards=cards,
            points=e.points,
        )
    return head + v.say(
        N_(": {seat} holds the fewest cards ({cards}, {points} points) and wins the round"),
        (e.seat, N_(": you hold the fewest cards ({cards}, {points} points) and win the round")),
        seat=v.who(e.seat),
        cards=cards,
        points=e.points,
    )


_TEXTS["clock_out"] = _clock_out


def _turned_up(e: ev.TurnedUp, v: _Voice) -> str:
    if not v.full:  # the others only learn that the cards are seen now
        return v.count(
            NP_(
                "{seat} looks at the card drawn face down",
                "{seat} looks at the {n} cards drawn face down",
            ),
            len(e.cards),
            seat=v.who(e.seat),
        )
    return v.say(
        N_("{seat} turns up the cards drawn face down: {cards}"),
        (e.seat, N_("you turn up the cards drawn face down: {cards}")),
        seat=v.who(e.seat),
        cards=v.cards(e.cards),
    )


_TEXTS["turned_up"] = _turned_up


def _text(event: ev.Event, voice: _Voice) -> str:
    told = _TEXTS.get(event.kind)
    text = told(event, voice) if told is not None else _plain(event, voice)
    if event.kind in _FACE_DOWN_TOLD and getattr(event, "blind", False):  # (blind_draw)
        text = voice._(N_("{text}; the cards drawn stay face down")).format(text=text)
    return text


#: draws told with a note that the cards went face down (a plain draw says it itself)
_FACE_DOWN_TOLD = frozenset({"penalty_draw", "swim", "start_draw_two"})


def _with_rule(text: str, rule: str | None, voice: _Voice) -> str:
    if not rule:
        return text
    # translators: an account followed by the rule option that decided it
    return voice._(N_("{text} ({rule})")).format(text=text, rule=rule)


def referee_text(event: ev.Event, viewer: int | None, lang: str = "en") -> str:
    """The referee's precise account (seats by number, cards by code, the rule cited), with
    what ``viewer`` may not see hidden (``None``: everything)."""
    full = viewer is None or viewer == event.private
    voice = _Voice(lang, viewer, full, referee=True)
    return _with_rule(_text(event, voice), event.rule, voice)


def narrate(
    event: ev.Event,
    viewer: int | None,
    lang: str = "en",
    names: Mapping[int, str] | None = None,
    rule: bool = False,
    everything: bool = False,
) -> str:
    """``event`` told to ``viewer`` (a seat, or ``None`` for a spectator) in ``lang``: "you"
    for the viewer's seat, ``names`` (seat to name; "seat N" for others), card names, only
    what the viewer may see (``everything=True``: hidden cards too, for a replay of a finished
    game); ``rule=True`` cites the rule option that decided it."""
    full = everything or (viewer is not None and viewer == event.private)
    voice = _Voice(lang, viewer, full, False, names)
    text = _with_rule(_text(event, voice), event.rule if rule else None, voice)
    if lang.startswith("zh"):  # "座位 1 摸" keeps its space after the number, "你摸" has none
        text = _YOU_SPACE.sub(voice._(N_("you")), text)
    return text[:1].upper() + text[1:]


_YOU_SPACE = re.compile("你 (?=[^\x00-\x7f])")


def describe_rules(rules: Rules, lang: str = "en", full: bool = False) -> list[str]:
    """The table's rules in plain words: the closest preset, then each option that differs
    (``full``: every option that differs from the official game;
    :func:`unokit.rule_words.describe_rules`)."""
    return rule_words.describe_rules(rules, lang, full)


def explain(
    why: Why,
    viewer: int | None,
    lang: str = "en",
    names: Mapping[int, str] | None = None,
    rule: bool = False,
    referee: bool = False,
) -> str:
    """Why a move was refused (:func:`unokit.verify.reason`), told to ``viewer``: "you" for
    the viewer's seat, ``names``, card and colour names, in ``lang``; ``rule=True`` cites the
    options and sources that decided it. ``referee=True`` is the referee's form (seats by
    number, cards by code, everything cited): ``str(why)``."""
    voice = _Voice(lang, viewer, True, referee, names)
    text = _explain(why, voice)
    cited = why.cited()
    if cited and (rule or referee):
        text += " (" + voice._(N_(", ")).join(cited) + ")"
    if lang.startswith("zh"):
        text = _YOU_SPACE.sub(voice._(N_("you")), text)
    return text


def _explain(why: Why, v: _Voice) -> str:
    values: dict[str, Any] = {}
    for key, value in why.values:
        if isinstance(value, Why):
            values[key] = _explain(value, v)
        elif key in SEAT_KEYS:
            values[key] = v.who(value)
        elif key in CARD_KEYS:
            values[key] = v.card(value)
        elif key == "cards":
            values[key] = v.cards(value)
        elif key == "color":
            values[key] = v.color(value)
        elif key == "colors":
            values[key] = (", " if v.referee else v._(N_(", "))).join(v.color(c) for c in value)
        elif key == "targets":
            values[key] = v.numbers(value)
        else:
            values[key] = value
    if why.you is not None:
        return v.say(why.text, (why.about, why.you), **values)
    return v.say(why.text, **values)


def _referee_reason(why: Why) -> str:
    return explain(why, None, referee=True)


# the data types know no words: they are told by this module
ev.set_teller(referee_text)
set_why_teller(_referee_reason)
