"""People's names and chat text: what is refused, and when two names are the same.

Text from a browser is shown as plain text (never markup), so only characters that change how
*other* text reads are dangerous: C0/C1 control characters (line breaks, escapes), bidi
controls (which can turn "Bob" into "boB" or hide a line's end), and lone surrogates. Everything
else is allowed, emoji newer than this Python's Unicode tables (U+1FAE8) and zero-width
spaces included.

A name must also say who someone is: it may not be a word the table uses for someone else
("You", "Host", "Bot 3", "Seat 2", "Spectator", in every language of the table), nor the
name of another person in the room. Two names are the same when their skeletons are: NFKC,
case-folded, without invisible characters or spaces ("Ann", "ANN", "A n n" and "Ann\u200b"
are one name).

>>> safe_text("hi \U0001fae8")
'hi \U0001fae8'
>>> safe_text("bo\u202eB")
Traceback (most recent call last):
...
ValueError: holds the bidi control U+202E, which changes how the rest of the line reads
>>> skeleton("A n\u200bn") == skeleton("ann")
True
>>> reserved_name("Bot 3") and reserved_name("电脑 2") and reserved_name("you")
True
>>> reserved_name("Botticelli")
False
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = ["BIDI_CONTROLS", "reserved_name", "safe_text", "skeleton", "visible_name"]

#: the characters that reorder text (Unicode's Bidi_Control property)
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def safe_text(text: str) -> str:
    """``text`` unchanged, or :class:`ValueError` naming the first dangerous character."""
    for ch in text:
        if ch in BIDI_CONTROLS:
            raise ValueError(
                f"holds the bidi control U+{ord(ch):04X}, which changes how the rest of the "
                "line reads"
            )
        category = unicodedata.category(ch)
        if category == "Cc":
            raise ValueError(f"holds the control character U+{ord(ch):04X}")
        if category == "Cs":
            raise ValueError(f"holds a lone surrogate U+{ord(ch):04X}")
    return text


def _invisible(ch: str) -> bool:
    # format characters (zero-width spaces, joiners), spaces and the variation selectors
    return (
        unicodedata.category(ch) in ("Cf", "Zs", "Zl", "Zp")
        or ch.isspace()
        or "\ufe00" <= ch <= "\ufe0f"
    )


def visible_name(text: str) -> str:
    """A name as it is kept: spaces collapsed, NFKC; :class:`ValueError` when it is empty,
    dangerous, or made of nothing visible."""
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    if not text:
        raise ValueError("is empty")
    safe_text(text)
    if all(_invisible(ch) for ch in text):
        raise ValueError("shows nothing: write a name people can read")
    return text


def skeleton(name: str) -> str:
    """What a name looks like, for telling two names apart."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if not _invisible(ch))


@cache
def _reserved() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    from unokit.narrator import LANGUAGES, N_, translations

    words = [
        N_("you"),
        N_("You"),
        N_("host"),
        N_("Host"),
        N_("Spectator"),
        N_("bot"),
        N_("Referee"),
        N_("Empty seat"),
    ]
    numbered = [N_("Bot {seat}"), N_("Seat {n}"), N_("seat {number}"), N_("Spectator {n}")]
    plain: set[str] = {"unokit", "server", "admin", "referee", "everyone", "nobody"}
    patterns: list[re.Pattern[str]] = []
    for lang in LANGUAGES:
        t = translations(lang)
        for word in words:
            plain.add(skeleton(t.gettext(word)))
        for pattern in numbered:
            text = skeleton(t.gettext(pattern))
            head, _, tail = re.sub(r"\{[a-z]+\}", "\x00", text).partition("\x00")
            patterns.append(re.compile(f"{re.escape(head)}[0-9]*{re.escape(tail)}"))
    return frozenset(plain), tuple(patterns)


def reserved_name(name: str) -> bool:
    """Whether ``name`` is a word the table uses for someone else (any language)."""
    plain, patterns = _reserved()
    shape = skeleton(name)
    return shape in plain or any(p.fullmatch(shape) for p in patterns)
