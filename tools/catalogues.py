"""The message catalogues: extract, update, convert to Simplified Chinese, compile.

English is the source language: the messages are the English texts marked ``N_``/``NP_`` in
``unokit.narrator``, ``unokit.rule_words``, ``unokit.tui.i18n``, ``unokit.sheet`` (the rule
sheet) and ``unokit.web`` (the server's texts, the browser table's labels).
``src/unokit/locale/unokit.pot`` lists them; each language has
``locale/<lang>/LC_MESSAGES/unokit.po`` (translated by people) and its compiled ``unokit.mo``
(read by the standard library's ``gettext``). Simplified Chinese is not translated by hand: it
is the Traditional catalogue converted by OpenCC (``tw2sp``: Taiwan's characters and words to
the mainland's).

    python tools/catalogues.py           # extract, update the .po files, convert, compile
    python tools/catalogues.py --check   # exit 1 if anything is out of date (what tests check)

To add a language: ``pybabel init -i src/unokit/locale/unokit.pot -d src/unokit/locale -D unokit
-l xx``, translate ``xx/LC_MESSAGES/unokit.po``, add ``xx`` to ``narrator.LANGUAGES`` and run
this script. Needs the dev extra (Babel, opencc-python-reimplemented).
"""

from __future__ import annotations

import gettext
import io
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "unokit" / "locale"
#: the core modules whose messages come first (the catalogues keep this order); every other
#: core module follows, so a new rule module's messages are extracted without a word here
_FIRST = (
    "src/unokit/narrator.py",
    "src/unokit/verify.py",  # the reasons a move is refused (unokit.why)
    "src/unokit/rule_words.py",
    "src/unokit/rules.py",  # each option's meaning (the create-a-room form, unokit rules)
)
SOURCES = (
    *_FIRST,
    *sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "src/unokit").glob("*.py")
        if p.relative_to(ROOT).as_posix() not in _FIRST
    ),
    "src/unokit/tui/i18n.py",
    # a table's rule sheet: its page's words and the disputed points it calls out
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "src/unokit/sheet").glob("*.py")),
    # the game server's texts and the browser table's labels (web/labels.py)
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "src/unokit/web").glob("*.py")),
)
# N_ and NP_ mark messages; _meta(meaning, ...) in rules.py holds each option's meaning
KEYWORDS: dict[str, tuple[int, ...] | None] = {"N_": None, "NP_": (1, 2), "_meta": None}
TRANSLATED = ("zh_Hant",)  # catalogues translated by people
#: catalogue: (source catalogue, OpenCC config): tw2sp converts Taiwan's characters and its
#: words to the mainland's (設定 设置, 游標 光标, 檔案 文件), not the characters alone (t2s)
GENERATED = {"zh_Hans": ("zh_Hant", "tw2sp")}


def template() -> Catalog:
    """Every message of the sources, as a fresh catalogue template."""
    catalog = Catalog(project="unokit", version="0.1", charset="utf-8", fuzzy=False)
    for path in SOURCES:
        found = extract_from_file(
            "python",
            str(ROOT / path),
            keywords=KEYWORDS,
            comment_tags=("translators:",),
        )
        for line, message, comments, context in found:
            catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "unokit.po"


def _dump_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, no_location=True)
    return out.getvalue()


def _dump_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _read(path: Path, language: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=language, project="unokit", version="0.1", charset="utf-8")
    with path.open("rb") as file:
        return read_po(file, locale=language)


#: words OpenCC leaves alone because the character has other readings (著: 著名, 显著), which
#: are the particle here: 接著 "and then" is 接着 in Simplified Chinese; and mainland words
#: its phrase list lacks or gives in a technical register (捲動: 滚动, 預設: 默认, 存檔: 存档)
_FIXUPS: dict[str, dict[str, str]] = {
    "t2s": {"接著": "接着"},
    "tw2sp": {
        "接著": "接着",
        "卷动": "滚动",
        "缺省": "默认",
        "存盘": "存档",  # a game's save
        "脱机": "离线",  # offline, not a machine's off-line mode
        "拷贝": "复制",  # copy a link
        "二进位": "二进制",
        "套用": "应用",  # apply (settings to a match)
        "自订": "自定义",  # custom (a custom wild, custom rules)
    },
}


def _converted(source: Catalog, language: str, config: str) -> Catalog:
    from opencc import OpenCC  # type: ignore[import-untyped]  # dev extra

    opencc = OpenCC(config)

    def convert(text: str) -> str:
        text = opencc.convert(text)
        for traditional, simplified in _FIXUPS.get(config, {}).items():
            text = text.replace(traditional, simplified)
        return text

    catalog = Catalog(locale=language, project="unokit", version="0.1", charset="utf-8")
    for message in source:
        if not message.id:
            continue
        text = message.string or ""
        string: str | tuple[str, ...] = (
            tuple(convert(s) for s in text) if isinstance(text, tuple) else convert(text)
        )
        catalog.add(
            message.id, string, auto_comments=message.auto_comments, context=message.context
        )
    return catalog


def _stamp(catalog: Catalog, note: str) -> Catalog:
    """Fixed dates and header, so that rebuilding changes nothing that was not changed."""
    catalog.creation_date = catalog.revision_date = _EPOCH
    catalog.fuzzy = False
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "unokit"
    catalog.language_team = "unokit"
    catalog.header_comment = f"# unokit's messages{note}.\n# {_HOW}"
    return catalog


_TEMPLATE_NOTE = (
    ": the template, in English (the source language).\n"
    "# Placeholders in braces are filled in when the text is shown: {seat}, {target}, {next} and\n"
    "# the like are players (a name, 'seat 2', or 'you'), {card} and {cards} card names, {color}\n"
    "# a colour's name, {count} and the like numbers. Keep the braces; leave out a placeholder\n"
    "# the language does not need. A message starting 'you' is told to that player"
)
_HOW = "Rebuild with python tools/catalogues.py (see its docstring)."
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def catalogs() -> dict[str, Catalog]:
    """The template (key ``""``) and every language's catalogue as they should be now."""
    pot = _stamp(template(), _TEMPLATE_NOTE)
    out = {"": pot}
    for language in TRANSLATED:
        catalog = _read(po_path(language), language)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        out[language] = _stamp(catalog, f" in {language}, translated by people")
    for language, (source, config) in GENERATED.items():
        catalog = _converted(out[source], language, config)
        note = f" in {language}, generated from {source} by OpenCC ({config}): do not edit"
        out[language] = _stamp(catalog, note)
    return out


def _placeholders(texts: Iterable[object]) -> set[str]:
    return {name for text in texts for name in re.findall(r"{(\w*)}", str(text or ""))}


def _messages(catalog: Catalog) -> dict[object, object]:
    return {m.id: m.string for m in catalog if m.id}


def _mo_messages(path: Path) -> tuple[dict[str, str], dict[str, dict[int, str]]]:
    """The messages of a compiled catalogue: singular ones, and the plural forms by msgid."""
    with path.open("rb") as file:
        raw = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, value in raw.items():
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = value
        elif key:
            out[key] = value
    return out, plurals


def problems() -> list[str]:
    """What is out of date or untranslated (empty when all is well)."""
    found: list[str] = []
    expected = catalogs()
    pot_path = LOCALE / "unokit.pot"
    if not pot_path.exists() or set(_messages(_read(pot_path, "en"))) != set(
        _messages(expected[""])
    ):
        found.append(f"{pot_path.relative_to(ROOT)}: not the messages of the sources")
    for language, catalog in expected.items():
        if not language:
            continue
        path = po_path(language)
        current = _read(path, language)
        if _messages(current) != _messages(catalog):
            found.append(f"{path.relative_to(ROOT)}: out of date")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                found.append(f"{path.relative_to(ROOT)}: {message.id!r} is not translated")
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            unknown = _placeholders(strings) - _placeholders(ids)
            if unknown:
                found.append(f"{path.relative_to(ROOT)}: {message.id!r} has {sorted(unknown)}")
        mo = path.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{mo.relative_to(ROOT)}: missing")
            continue
        singles, plurals = _mo_messages(mo)
        want_singles = {k: v for k, v in _messages(current).items() if isinstance(k, str)}
        want_plurals: dict[object, dict[int, object]] = {
            k[0]: dict(enumerate(v))  # type: ignore[arg-type]
            for k, v in _messages(current).items()
            if isinstance(k, tuple)
        }
        if singles != want_singles or plurals != want_plurals:
            found.append(f"{mo.relative_to(ROOT)}: not compiled from {path.name}")
    return found


def write() -> None:
    for language, catalog in catalogs().items():
        path = po_path(language) if language else LOCALE / "unokit.pot"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_dump_po(catalog))
        if language:
            path.with_suffix(".mo").write_bytes(_dump_mo(catalog))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    write()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
