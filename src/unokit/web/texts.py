"""What the game server says to people, in their language: refusals, move labels, the rules.

Every message is English source text marked with :func:`unokit.narrator.N_` (so the catalogue
tools can extract it) and translated when used with the language's gettext catalogue
(:func:`unokit.narrator.translations`); a message the catalogue does not have yet is shown in
English.

>>> from unokit.moves import Catch
>>> move_label(Catch(2), "en", ["Ann", "Bob", "Cy"], 0)
'Catch Cy'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from unokit.cards import Card
from unokit.moves import CallUno, Catch, Challenge, ChooseColor, Draw, Move, Pass, Play, Timeout
from unokit.narrator import N_, NP_, card_name, color_name, describe_rules, translations
from unokit.rules import PRESETS, Rules

__all__ = [
    "MESSAGES",
    "OPTION_GROUPS",
    "SPECTATOR_N",
    "changed_from_preset",
    "move_label",
    "option_group",
    "rules_lines",
    "say",
    "seat_names",
]

#: every refusal and error text the server sends, by key
MESSAGES: dict[str, str] = {
    # refusals (the "refused" message)
    "stale": N_("The table changed before your move arrived."),
    "duplicate": N_("This move was already made."),
    "too_late": N_("Too late: {who} acted first ({what})."),
    "illegal": N_("That move is not allowed: {reason}"),
    "unreadable": N_("That is not a move: {reason}"),
    "server_move": N_("The server's clock decides when time runs out."),
    "not_your_turn": N_("It is not your turn."),
    "spectator_moves": N_("Spectators watch the game; they do not play."),
    "not_playing": N_("The match is not being played now."),
    "not_host": N_("Only the host can do that."),
    "no_seat": N_("There is no seat {seat}."),
    "seat_taken": N_("Seat {seat} is not free."),
    "seat_human": N_("Seat {seat} holds a player."),
    "seat_no_player": N_("Seat {seat} holds no player."),
    "kick_self": N_("You cannot remove yourself."),
    "already_started": N_("The match has already started."),
    "lobby_only": N_("That can be done only before the match starts."),
    "seat_change_time": N_("Seats change only before the match or between rounds."),
    "between_rounds": N_("That can be done only between rounds or after the match."),
    "not_ready": N_("Not everyone is ready yet (or wait {seconds} s)."),
    "spectator_ready": N_("Spectators do not need to be ready."),
    "room_full": N_("The room is full."),
    "watching_closed": N_("The host does not let people watch this table."),
    "too_many_watchers": N_("This table already has {limit} spectators, the most it takes."),
    "address_watchers": N_(
        "Your address already watches this table {limit} times, the most it may."
    ),
    "no_watcher": N_("There is no such spectator."),
    "unknown_level": N_("“{level}” is not a bot level of this server."),
    "rename_too_fast": N_("Too many new names: wait {seconds} s."),
    "room_locked": N_("The host has closed this table to newcomers."),
    "banned": N_("The host removed you from this table."),
    "address_seats": N_("Your address already holds {limit} seats at this table, the most it may."),
    "name_taken": N_("Someone in this room is already called {name}: choose another name."),
    "name_reserved": N_("“{name}” is what the table calls someone else: choose another name."),
    "name_needed": N_("Please enter your name."),
    "players_seated": N_("{players} players leave no seat {seat}, and a player sits there."),
    "chat_too_fast": N_("You are writing too fast: wait {seconds} s."),
    "chat_room_busy": N_("This table's chat is too busy: wait a moment."),
    "react_too_fast": N_("Too many reactions: wait a moment."),
    "server_full": N_("The server has {limit} open rooms, the most it takes; try again later."),
    "took_over": N_("{name} let the time run: a bot played for them."),
    "took_over_you": N_("You let the time run: a bot played for you."),
    "bad_token": N_("This link does not open a place in this room."),
    "wrong_token": N_("This token is not the one this connection opened."),
    "storage": N_("The server could not save that; try again."),
    "room_changed": N_("The room changed meanwhile; look again and retry."),
    "crowded": N_("This room already has {limit} connections, the most it takes; try again later."),
    "too_many_rooms": N_(
        "This address already has {limit} open rooms, the most it may have; play in one "
        "of them, or wait until one closes."
    ),
    "no_room": N_("There is no such room (a room closes after {hours} hours with nobody in it)."),
    "bad_rules": N_("These rules cannot be combined: {reason}"),
    # errors (the "error" message)
    "bad_message": N_("Message refused: {reason}"),
    "too_big": N_("Message refused: larger than {limit} bytes."),
    "too_many": N_("Message refused: more than {rate} messages a second."),
    "hello_first": N_("Say hello first."),
    "hello_late": N_("Say hello within {seconds:g} s of connecting."),
    "binary": N_("Message refused: send JSON text, not binary data."),
}

_PART_PLAY = N_("Play {cards}")
_PART_COLOR = N_("name {color}")
_PART_SWAP = N_("swap hands with {who}")
_PART_PEEK = N_("look at {who}'s hand")
_PART_TRADE = N_("give {cards} to {who}")
_PART_UNO = N_("call UNO")
# translators: joins the parts of one move's label: "Play wild · name blue · call UNO"
_JOIN = N_(" · ")
_DRAW = N_("Draw a card")
_TAKE = NP_("Take {n} card", "Take {n} cards")
_KEEP = N_("Keep the drawn card")
_CHALLENGE = N_("Challenge the +4")
_CALL_UNO = N_("Call UNO")
_CATCH = N_("Catch {who}")
_NAME_COLOR = N_("Name {color}")
_TIMEOUT = N_("Let the time run out")
_BOT_NAME = N_("Bot {seat}")
#: the name a spectator gets who gave none
SPECTATOR_N = N_("Spectator {n}")
_YOU = N_("you")
_SEAT = N_("seat {number}")


def say(lang: str, key: str, **values: Any) -> str:
    """The message ``key`` of :data:`MESSAGES` in ``lang``, filled in."""
    return translations(lang).gettext(MESSAGES[key]).format(**values)


def seat_names(names: Sequence[str | None], lang: str) -> list[str]:
    """Display names: a person's name, or "Bot N" for a bot seat (``None``), N counted from
    1 as the page numbers seats (the bot in seat 2, the third, is "Bot 3")."""
    t = translations(lang)
    return [
        name if name is not None else t.gettext(_BOT_NAME).format(seat=seat + 1)
        for seat, name in enumerate(names)
    ]


def _who(seat: int, names: Sequence[str], viewer: int | None, lang: str) -> str:
    t = translations(lang)
    if seat == viewer:
        return t.gettext(_YOU)
    if 0 <= seat < len(names):
        return names[seat]
    return t.gettext(_SEAT).format(number=seat)


def _cards(cards: Sequence[Card], lang: str) -> str:
    # the narrator's list separator
    return translations(lang).gettext(N_(", ")).join(card_name(c, lang) for c in cards)


def move_label(
    move: Move, lang: str, names: Sequence[str], viewer: int | None, pending: int = 0
) -> str:
    """A legal move in plain words, for a button: "Play wild · name blue · call UNO"."""
    t = translations(lang)
    if isinstance(move, Play):
        parts = [t.gettext(_PART_PLAY).format(cards=_cards(move.cards, lang))]
        if move.color is not None:
            parts.append(t.gettext(_PART_COLOR).format(color=color_name(move.color, lang)))
        if move.swap is not None:
            parts.append(t.gettext(_PART_SWAP).format(who=_who(move.swap, names, viewer, lang)))
        if move.peek is not None:
            parts.append(t.gettext(_PART_PEEK).format(who=_who(move.peek, names, viewer, lang)))
        if move.trade is not None:
            who = _who(move.trade, names, viewer, lang)
            parts.append(t.gettext(_PART_TRADE).format(cards=_cards(move.give, lang), who=who))
        if move.uno:
            parts.append(t.gettext(_PART_UNO))
        return t.gettext(_JOIN).join(parts)
    if isinstance(move, Draw):
        if pending:
            return t.ngettext(_TAKE[0], _TAKE[1], pending).format(n=pending)
        return t.gettext(_DRAW)
    if isinstance(move, Catch):
        return t.gettext(_CATCH).format(who=_who(move.target, names, viewer, lang))
    if isinstance(move, ChooseColor):
        return t.gettext(_NAME_COLOR).format(color=color_name(move.color, lang))
    simple: dict[type, str] = {
        Pass: _KEEP,
        Challenge: _CHALLENGE,
        CallUno: _CALL_UNO,
        Timeout: _TIMEOUT,
    }
    return t.gettext(simple.get(type(move), str(move)))


#: the groups the rules form shows the options in, by their section of RULES.md: an option
#: finds its group from its section (``unokit.rules.OPTIONS[name].section``), so a new option
#: needs no entry here (one whose chapter is new goes to "More")
OPTION_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Deck and deal"), ("1", "2")),
    (N_("Drawing"), ("3",)),
    (N_("Special cards"), ("4",)),
    (N_("Wild +4 and challenges"), ("5",)),
    (N_("Calling UNO"), ("6",)),
    (N_("Stacking and deflecting"), ("7.1", "7.2")),
    (N_("Jump-in"), ("7.3", "7.6")),
    (N_("Seven-zero, several cards, misplays"), ("7.4", "7.5", "7.7", "7.8", "7.9")),
    (N_("Time limit"), ("7.10",)),
    (N_("Teams and seats"), ("7.11", "7.12")),
    (N_("Scoring and the match"), ("8",)),
    (N_("More"), ()),
)


def option_group(section: str) -> str:
    """The group of the rules form an option of RULES.md ``section`` goes in.

    >>> option_group("7.3"), option_group("8"), option_group("11.2")
    ('Jump-in', 'Scoring and the match', 'More')
    """
    for title, sections in OPTION_GROUPS:
        if section in sections or section.split(".", 1)[0] in sections:
            return title
    return OPTION_GROUPS[-1][0]


def rules_lines(rules: Rules, lang: str) -> list[str]:
    """The room's rules in plain words (the narrator's: the closest preset, then one sentence
    per option that differs from it)."""
    return describe_rules(rules, lang)


def changed_from_preset(preset: str, rules: Rules) -> dict[str, Any]:
    """The options the room set over its preset (``players`` included when it differs):
    ``Rules.from_dict({"preset": preset, **changed})`` gives the rules back."""
    theirs = (Rules.preset(preset) if preset in PRESETS else Rules()).to_dict()
    return {k: v for k, v in rules.to_dict().items() if theirs[k] != v}
