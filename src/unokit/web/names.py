"""People's names and chat text: what is refused, and when two names are the same.

Text from a browser is shown as plain text (never markup), so only characters that change how
*other* text reads are dangerous: C0/C1 control characters (line breaks, escapes), bidi
controls (which can turn "Bob" into "boB" or hide a line's end), and lone surrogates. Everything
else is allowed in chat, emoji newer than this Python's Unicode tables (U+1FAE8) and zero-width
spaces included.

A name must also say who someone is:

- something visible: not only spaces, invisible characters or blank fillers (U+3164, U+2800);
- at most 40 characters *as kept* (NFKC: one U+FDFA is 18 characters);
- one alphabet per word where alphabets look alike ("Y\\u043eu", a Cyrillic о in a Latin
  word, is refused: it would show as "You");
- not a word the table uses for someone else ("You", "Host", "Bot 3", "Seat 2", "Spectator",
  in every language of the table), nor one of its markers ("Bob (you)");
- not the name of another person in the room.

Two names are the same when their skeletons are: NFKC, every letter that looks like a Latin one
read as that Latin letter (Unicode's confusables, from ``confusable_homoglyphs``), case-folded,
without invisible characters or spaces ("Ann", "ANN", "A n n", "Ann\\u200b" and "\\u0410nn"
are one name).

>>> safe_text("hi \\U0001fae8")
'hi \\U0001fae8'
>>> safe_text("bo\\u202eB")
Traceback (most recent call last):
...
ValueError: holds the bidi control U+202E, which changes how the rest of the line reads
>>> skeleton("A n\\u200bn") == skeleton("ann") == skeleton("\\u0410nn")
True
>>> reserved_name("Bot 3") and reserved_name("电脑 2") and reserved_name("you")
True
>>> reserved_name("B\\u043et 2") and reserved_name("Bob (you)")
True
>>> reserved_name("Botticelli")
False
>>> visible_name("\\ufdfa" * 3)
Traceback (most recent call last):
...
ValueError: is 54 characters once written out (at most 40)
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = [
    "BIDI_CONTROLS",
    "MAX_NAME",
    "reserved_name",
    "safe_text",
    "skeleton",
    "visible_name",
]

#: the longest name, in characters as kept (after NFKC)
MAX_NAME = 40
#: the characters that reorder text (Unicode's Bidi_Control property)
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Unicode's Default_Ignorable_Code_Point ranges (nothing is drawn for them) and the blank
#: letters that draw nothing either (Hangul fillers, the Braille blank)
_BLANK_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: alphabets whose letters look like one another's: a word may not mix them
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE")


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


def _blank(ch: str) -> bool:
    """Draws nothing: a space, a format character, a variation selector, a filler."""
    if ch.isspace() or unicodedata.category(ch) in ("Cf", "Zs", "Zl", "Zp"):
        return True
    code = ord(ch)
    return any(low <= code <= high for low, high in _BLANK_RANGES)


def _script(ch: str) -> str | None:
    """The alphabet of a letter among the look-alike ones (``None`` for any other)."""
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    for script in _LOOKALIKE_SCRIPTS:
        if name.startswith(script):
            return script
    return None


def visible_name(text: str) -> str:
    """A name as it is kept: NFKC, spaces collapsed; :class:`ValueError` when it is empty,
    dangerous, longer than :data:`MAX_NAME`, made of nothing visible, or mixes look-alike
    alphabets in a word."""
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    if not text:
        raise ValueError("is empty")
    safe_text(text)
    if len(text) > MAX_NAME:
        raise ValueError(f"is {len(text)} characters once written out (at most {MAX_NAME})")
    if all(_blank(ch) for ch in text):
        raise ValueError("shows nothing: write a name people can read")
    for word in text.split():
        scripts = {s for s in map(_script, word) if s is not None}
        if len(scripts) > 1:
            raise ValueError(
                f"mixes alphabets that look alike ({', '.join(sorted(scripts)).lower()}) in "
                f"“{word}”: write each word in one"
            )
    return text


@cache
def _latin_of() -> dict[str, str]:
    """Each character that looks like a Latin letter, and that letter (Unicode's confusables)."""
    from confusable_homoglyphs import confusables

    out: dict[str, str] = {}
    for ch, entries in confusables.confusables_data.items():
        if len(ch) != 1 or ch.isascii():
            continue
        plain = [
            h["c"]
            for h in entries
            if len(h["c"]) == 1
            and h["n"].startswith(("LATIN SMALL LETTER", "LATIN CAPITAL LETTER", "DIGIT"))
            and h["c"].isascii()
        ]
        if plain:
            out[ch] = plain[0]
    return out


def skeleton(name: str) -> str:
    """What a name looks like, for telling two names apart."""
    latin = _latin_of()
    text = unicodedata.normalize("NFKC", name)
    text = "".join(latin.get(ch, ch) for ch in text)
    return "".join(ch for ch in text.casefold() if not _blank(ch))


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
    # the table's markers after a name: "Bob (you)", "Ann（房主）"
    marks = "|".join(sorted(map(re.escape, plain)))
    patterns.append(re.compile(f".*[(（]({marks})[)）].*"))
    return frozenset(plain), tuple(patterns)


def reserved_name(name: str) -> bool:
    """Whether ``name`` is a word (or marker) the table uses for someone else, in any
    language, however its letters are drawn."""
    plain, patterns = _reserved()
    shape = skeleton(name)
    return shape in plain or any(p.fullmatch(shape) for p in patterns)
