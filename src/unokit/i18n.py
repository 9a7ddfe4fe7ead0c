"""Message markers and catalogues: the bottom of the core, below every module that has words.

English is the source language. A message is marked where it is written, with :func:`N_` (or
:func:`NP_` for a plural), so that ``tools/catalogues.py`` extracts it into the gettext
catalogues (``locale/``); it is translated where it is told, with :func:`translations` (the
standard library's ``gettext``). Data modules (rules, reasons) mark their messages here and
never import the presentation (:mod:`unokit.narrator`), which tells them.

>>> N_("you draw {cards}")
'you draw {cards}'
>>> translations("zh-Hant").gettext("red")
'紅'
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "NP_", "N_", "translations"]

#: the languages with a catalogue (English is the source language)
LANGUAGES = ("en", "zh-Hant", "zh-Hans")
DOMAIN = "unokit"
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Marks a message for the catalogues (``pybabel extract -k N_``); translated when used."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form (``-k NP_:1,2``)."""
    return singular, plural


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (``en``, ``zh-Hant``, ``zh-Hans``); English for any other."""
    if lang not in LANGUAGES[1:]:
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)
