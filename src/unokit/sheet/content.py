"""What a table's rule sheet says: its heading, each rule in force in a sentence, grouped, and
the disputed points that apply. The formats (:mod:`unokit.sheet.render`, the PDF) only lay it
out.

Every sentence is the engine's own (:func:`unokit.rule_words.describe_option`: the words each
option's definition carries), so the sheet never words a rule twice. An option is printed when
it matters to the table (:data:`MATTERS`: stack_challenge only when +4s can be stacked and
challenged...); a house rule (RULES.md §7 and after) when it is on, or when tables argue about
it (:data:`SAY_WHEN_OFF`: "No stacking" is worth printing, "No teams" is not). The group of an
option comes from its RULES.md section (:data:`GROUP_OF_SECTION`), so an option added later
finds its place with no entry here.

>>> from unokit.rules import Rules
>>> sheet = build_sheet(Rules.preset("online", players=3, uno_penalty=4))
>>> sheet.preset, sheet.players
('Online', '3 players')
>>> [title for title, _ in sheet.groups]
['Setup', 'Playing', 'Draw cards and stacking', 'Calling UNO', 'Scoring']
>>> [line for line in sheet.groups[3][1] if line.changed]
[Line(text='Forgetting UNO costs 4 cards.', changed=True)]
>>> sheet.command
'unokit rules sheet --preset online --players 3 --rule uno_penalty=4'
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from unokit.i18n import N_, NP_, translations
from unokit.rule_words import closest_preset, describe_option, preset_name
from unokit.rules import OPTIONS, PRESETS, Rules
from unokit.sheet.readings import readings_for
from unokit.sheet.when import All, DeckHas, Either, Is, Not, both

__all__ = [
    "GROUPS",
    "GROUP_OF_SECTION",
    "MATTERS",
    "SAY_WHEN_OFF",
    "Line",
    "Sheet",
    "SheetError",
    "build_sheet",
    "from_the_books",
    "group_of",
    "printed",
    "sheet_messages",
]

#: the sheet's groups, in the order printed
GROUPS: tuple[tuple[str, str], ...] = (
    ("setup", N_("Setup")),
    ("playing", N_("Playing")),
    ("draws", N_("Draw cards and stacking")),
    ("uno", N_("Calling UNO")),
    ("scoring", N_("Scoring")),
)
#: an option's group by its RULES.md section: the longest prefix that matches (``7.3`` before
#: ``7``); a section none matches goes to "playing"
GROUP_OF_SECTION: dict[str, str] = {
    "1": "setup",
    "2": "setup",
    "3": "playing",
    "4": "playing",
    "5": "draws",
    "6": "uno",
    "7": "playing",
    "7.1": "draws",
    "7.2": "draws",
    "7.11": "setup",
    "7.12": "setup",
    "8": "scoring",
}

_STACKED_FOURS = both(Not("stacking", "off"), Is("challenge", True))
#: when an option matters to a table (an option not listed always does): under other rules its
#: value changes nothing, and printing it would only puzzle a reader
MATTERS: dict[str, All] = {
    "dealer_draw_actions": both(
        Either(Is("dealer_selection", "draw_highest"), Is("next_dealer", "draw_highest"))
    ),
    "next_dealer": both(Not("scoring", "none")),
    "swimming_skips": both(DeckHas("wild_swimming")),
    "custom_effect": both(DeckHas("wild_customizable")),
    "challenge_fail_extra": both(Is("challenge", True)),
    "stack_challenge": _STACKED_FOURS,
    "revenge": both(Not("stacking", "off")),
    "jump_in_stacking": both(Not("jump_in", "off"), Not("stacking", "off")),
    "multi_play_same_color": both(Is("multi_play", "same_rank")),
    "sum_jump_in_any_color": both(Is("sum_jump_in", True)),
    "slow_play_penalty": both(Not("turn_time_limit", 0)),
    "seat_change_every": both(Not("scoring", "none")),
    # the target is told in the scoring sentence, except where it has none
    "target_score": both(Is("scoring", "chips", "net")),
    "rounds": both(Is("scoring", "chips", "net")),
    # silent UNO (catching = false): nobody is caught, so what a catch costs is not printed
    "uno_penalty": both(Is("catching", True)),
    "catch_window": both(Is("catching", True)),
    "false_catch_penalty": both(Is("catching", True)),
}
#: house rules printed also when off: the ones tables argue about
SAY_WHEN_OFF: frozenset[str] = frozenset(
    {"stacking", "jump_in", "seven_zero", "multi_play", "deflect", "revenge"}
)
#: options told in the heading, not as a line
_HEADING = frozenset({"players"})


def group_of(name: str) -> str:
    """The group option ``name`` is printed in (its section's, :data:`GROUP_OF_SECTION`).

    >>> group_of("stacking"), group_of("jump_in"), group_of("teams"), group_of("uno_penalty")
    ('draws', 'playing', 'setup', 'uno')
    """
    section = OPTIONS[name].section
    parts = section.split(".")
    for n in range(len(parts), 0, -1):
        group = GROUP_OF_SECTION.get(".".join(parts[:n]))
        if group is not None:
            return group
    return "playing"


def from_the_books(source: str) -> bool:
    """Whether an option's ``source`` is the rule books (RULES.md: ``000, 003``, ``all``), not
    a rule from beyond them (VARIANTS.md: No Mercy, the online tables' house rules).

    >>> from_the_books("000, 001, 003, 004"), from_the_books("all")
    (True, True)
    >>> from_the_books("online tables (VARIANTS.md §2)")
    False
    """
    return re.match(r"(\d{3}|all)\b", source) is not None


def printed(name: str, rules: Rules) -> bool:
    """Whether the sheet of a table with ``rules`` prints option ``name``: where it matters
    (:data:`MATTERS`); a house rule (RULES.md §7, §9...) or a rule from beyond the books
    (:func:`from_the_books`) only when the table changed it, unless tables argue about it
    (:data:`SAY_WHEN_OFF`): "No hand limit" or "Points count once" on every sheet would only
    bury what the table agreed."""
    if name in _HEADING:
        return False
    matters = MATTERS.get(name)
    if matters is not None and not matters(rules):
        return False
    spec = OPTIONS[name]
    house_rule = spec.section.split(".")[0] not in ("1", "2", "3", "4", "5", "6", "8")
    quiet = house_rule or not from_the_books(spec.source)
    if quiet and name not in SAY_WHEN_OFF:
        return bool(getattr(rules, name) != spec.default)
    return True


class SheetError(Exception):
    """A sheet that cannot be made: the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Line:
    """One rule in a sentence; ``changed``: the table set it over its preset."""

    text: str
    changed: bool = False


@dataclass(frozen=True, slots=True)
class Sheet:
    """A table's rule sheet in one language, ready to lay out."""

    lang: str
    #: "UNO: the rules of this table", or the table's own name
    title: str
    #: the closest preset's name and its few words
    preset: str
    preset_about: str
    #: "4 players"
    players: str
    #: (group title, lines), in :data:`GROUPS` order, the empty ones left out
    groups: list[tuple[str, list[Line]]]
    #: the disputed points that apply (RULES-NOTES.md), in plain words
    points: list[str]
    #: the command that makes this sheet again (the rules as options)
    command: str
    #: the room's link (a QR code of it is printed), when the sheet is a room's
    link: str | None = None
    #: the names printed on the "agreed by" line, one a seat ("": a blank line to sign on);
    #: none given: a blank line for every seat
    names: list[str] = field(default_factory=list)
    #: the small words of the page, translated: see :data:`LABELS`
    labels: dict[str, str] = field(default_factory=dict)
    #: how many players (blank signature lines)
    seats: int = 4


#: the page's own words, by key
LABELS: dict[str, str] = {
    "title": N_("UNO: the rules of this table"),
    "rules": N_("Rules"),
    "players": N_("Players"),
    "changed": N_("In bold: where this table differs from its preset."),
    "points": N_("Disputed points: how this table settles them"),
    "agreed": N_("Agreed by"),
    "room": N_("Room"),
    "scan": N_("Scan to join the table"),
    "made": N_("Made with unokit. The same rules again:"),
    # the browser's sheet page (GET /r/{code}/sheet): its bar above the paper
    "print": N_("Print"),
    "back": N_("Back to the table"),
}


def _value(value: Any) -> str:
    """A value as a ``--rule`` writes it."""
    return json.dumps(value) if not isinstance(value, str) else value


def _command(rules: Rules, preset: str) -> str:
    """``unokit rules sheet`` with the flags that give ``rules`` from ``preset``."""
    base = Rules.from_dict({**PRESETS[preset], "players": rules.players})
    changed = {k: v for k, v in rules.to_dict().items() if v != getattr(base, k) and k != "players"}
    parts = ["unokit rules sheet", f"--preset {preset}"]
    if rules.players != Rules.preset(preset).players:
        parts.append(f"--players {rules.players}")
    parts += [f"--rule {k}={_value(v)}" for k, v in changed.items()]
    return " ".join(parts)


def build_sheet(
    rules: Rules,
    lang: str = "en",
    *,
    title: str | None = None,
    link: str | None = None,
    names: Sequence[str] = (),
    preset: str | None = None,
) -> Sheet:
    """The sheet of a table with ``rules``, in ``lang``.

    ``preset``: the one the table started from (a room's); else the closest
    (:func:`unokit.rule_words.closest_preset`). ``title``: the table's name; ``link``: the
    room's address (printed with a QR code); ``names``: the players, for the "agreed by" line.
    """
    t = translations(lang)
    if preset is None or preset not in PRESETS:
        preset = closest_preset(rules)[0]
    try:
        base = Rules.from_dict({**PRESETS[preset], "players": rules.players}).to_dict()
    except Exception:  # a preset these seats cannot have: everything counts as changed
        base = {}
    name, about = preset_name(preset, lang)
    by_group: dict[str, list[Line]] = {key: [] for key, _ in GROUPS}
    for option in OPTIONS:
        if not printed(option, rules):
            continue
        value = getattr(rules, option)
        text = describe_option(option, value, lang, rules.target_score)
        by_group[group_of(option)].append(Line(text, changed=base.get(option, value) != value))
    groups = [(t.gettext(title_), by_group[key]) for key, title_ in GROUPS if by_group[key]]
    players = t.ngettext(*NP_("{n} player", "{n} players"), rules.players).format(n=rules.players)
    labels = {key: t.gettext(text) for key, text in LABELS.items()}
    return Sheet(
        lang=lang,
        title=title or labels["title"],
        preset=name[:1].upper() + name[1:],
        preset_about=about,
        players=players,
        groups=groups,
        points=[r.text(lang) for r in readings_for(rules)],
        command=_command(rules, preset),
        link=link,
        names=list(names),
        labels=labels,
        seats=rules.players,
    )


def sheet_messages() -> list[str]:
    """Every message the sheet prints besides the rules' and readings' own words."""
    return [text for _, text in GROUPS] + list(LABELS.values())
