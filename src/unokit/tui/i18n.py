"""The terminal game's texts: keys into the message catalogues (``unokit.narrator``).

Every string a player reads is a message of the gettext catalogue of the language (English is
the source language; ``src/unokit/locale/*/LC_MESSAGES/unokit.po``); card and colour names come
from the same catalogue as the narrator's.

>>> tr("zh-Hant", "draw")
'摸牌'
>>> card_name("zh-Hans", Card.parse("B+2"))
'蓝+2'
"""

from __future__ import annotations

from unokit import narrator
from unokit.cards import Card
from unokit.narrator import LANGUAGES, N_, translations

__all__ = ["LANGUAGES", "card_name", "color_name", "tr"]

_TEXTS: dict[str, str] = {
    "title": N_("unokit"),
    "your_hand": N_("Your hand"),
    "draw": N_("Draw"),
    "pass": N_("Keep"),
    "challenge": N_("Challenge +4"),
    "take": N_("Take the penalty"),
    "uno": N_("UNO!"),
    "catch": N_("Catch!"),
    "top": N_("Top card"),
    "color": N_("colour"),
    "direction_cw": N_("clockwise ↻"),
    "direction_ccw": N_("counter-clockwise ↺"),
    "draw_pile": N_("draw pile"),
    "pending": N_("pending penalty"),
    "cards": N_("cards"),
    "seat": N_("Seat"),
    "you": N_("You"),
    "team": N_("team"),
    "out": N_("out"),
    "your_turn": N_("Your turn"),
    "waiting": N_("Waiting for seat"),
    "choose_color": N_("Choose a colour"),
    "choose_target": N_("Swap hands with"),
    "wild_use": N_("Use the wild to"),
    "which_cards": N_("Play which cards?"),
    "not_playable": N_("{card}: not playable now"),
    "peek": N_("Look at a hand"),
    "trade": N_("Trade three cards"),
    "round_over": N_("Round over"),
    "match_over": N_("Match over"),
    "winner": N_("Winner"),
    "points": N_("points"),
    "scores": N_("Scores"),
    "scores_round": N_("Scores (round {round})"),
    "next_round": N_("Next round"),
    "play_again": N_("Play again"),
    "quit": N_("Quit"),
    "save_quit": N_("Save and quit"),
    "quit_no_save": N_("Quit without saving"),
    "saved": N_("Game saved to"),
    "cancel": N_("Cancel"),
    "log": N_("What happened"),
    "uno_armed": N_("UNO will be called with your next card"),
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
}


def tr(lang: str, key: str) -> str:
    """The interface text ``key`` in ``lang`` (English if unknown)."""
    message = _TEXTS.get(key)
    return translations(lang).gettext(message) if message else key


def color_name(lang: str, color: int) -> str:
    return narrator.color_name(color, lang)


def card_name(lang: str, card: Card) -> str:
    """A card's name for people: ``red 5`` / ``紅5`` / ``红5``."""
    return narrator.card_name(card, lang)
