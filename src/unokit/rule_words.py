"""A table's rules in plain words, in the reader's language: the preset and what differs.

A table is told as the preset it is closest to (fewest options changed) and one sentence for
each option that differs from it, so a player reads "Online rules; a 7 swaps hands" rather than
``seven_zero=true``. Each option's sentences are written with its definition
(``unokit.rules``: ``words``, or ``counted`` and ``zero`` for a number); every sentence is a
message of the gettext catalogues, like the narrator's.

>>> from unokit.rules import Rules
>>> closest_preset(Rules.preset("online", players=3, uno_penalty=4))
('online', {'uno_penalty': 4})
>>> describe_rules(Rules.preset("online", players=3, uno_penalty=4))[:2]
['Rules: online, 3 players, with these changes:', 'Forgetting UNO costs 4 cards.']
>>> describe_rules(Rules(players=2), "zh-Hant")[0]
'規則：官方（官方規則，不加家規），2 位玩家'
"""

from __future__ import annotations

from typing import Any

from unokit.errors import RulesError
from unokit.i18n import N_, NP_, translations
from unokit.rules import OPTIONS, PRESETS, Rules

__all__ = [
    "PRESET_NAMES",
    "closest_preset",
    "describe_option",
    "describe_rules",
    "option_meaning",
    "preset_name",
]

#: each preset's name and a few words about it
PRESET_NAMES: dict[str, tuple[str, str]] = {
    "official": (N_("official"), N_("the official rules, no house rules")),
    "casual": (N_("casual"), N_("official, one round: first out wins")),
    "online": (N_("online"), N_("the licensed online game: stacking, jump-in, seven-zero")),
    "party": (N_("party"), N_("stacking, seven-zero, jump-in, draw until playable")),
    "table001": (N_("table001"), N_("the conventions of rule book 001")),
    "swimming": (N_("swimming"), N_("the swimming edition: 112 cards, 5 each")),
    "classic112": (N_("classic112"), N_("official with the 112-card deck")),
    "teams": (N_("teams"), N_("official, 4 players in 2 teams")),
    "no_mercy": (
        N_("no_mercy"),
        N_("UNO Show 'Em No Mercy: 168 cards, stacking by value, the mercy rule at 25"),
    ),
}

#: options told elsewhere (the players in the first line; the target inside scoring's sentence)
_SILENT = frozenset({"players"})


def closest_preset(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset with the fewest options changed, and those changes (``players`` aside).

    Ties go to the first preset in RULES.md order, so an unchanged table is ``official``."""
    mine = rules.to_dict()
    best: tuple[str, dict[str, Any]] | None = None
    for name, settings in PRESETS.items():
        try:
            base = Rules.from_dict({**settings, "players": rules.players}).to_dict()
        except RulesError:  # a preset these seats cannot have (teams of 4 with 5 players)
            continue
        changed = {k: v for k, v in mine.items() if v != base[k] and k not in _SILENT}
        if best is None or len(changed) < len(best[1]):
            best = (name, changed)
    assert best is not None
    return best


def describe_option(name: str, value: Any, lang: str = "en", target: int = 500) -> str:
    """One option's value as a sentence a player understands.

    >>> describe_option("stacking", "same_kind")
    'Stacking: +2 on +2, +4 on +4.'
    >>> describe_option("uno_penalty", 1, "zh-Hans")
    '忘记喊 UNO 罚 1 张牌。'
    """
    t = translations(lang)
    spec = OPTIONS[name]
    if value in spec.words and (spec.kind != "bool" or isinstance(value, bool)):
        return t.gettext(spec.words[value]).format(target=target)
    if spec.counted is not None and isinstance(value, int):
        if value == 0 and spec.zero is not None:
            return t.gettext(spec.zero)
        return t.ngettext(*spec.counted, value).format(n=value)
    if name == "custom_effect":  # an effect registered by a program (register_effect)
        return t.gettext(N_("Custom wilds: {effect}.")).format(effect=value)
    return f"{spec.meaning}: {value}"  # no sentence for it: its meaning and value, in English


def describe_rules(rules: Rules, lang: str = "en", full: bool = False) -> list[str]:
    """The table in plain words: the closest preset (first line), then each option that
    differs from it, one sentence each, in ``lang``. ``full=True`` (a rules page): after the
    preset, every option that differs from the official game, the preset's own included.

    >>> describe_rules(Rules.preset("party"), full=True)[1:3]
    ['Draw until a playable card comes.', 'A +4 may be played at any time.']
    """
    t = translations(lang)
    preset, changed = closest_preset(rules)
    if full:
        default = Rules(players=rules.players).to_dict()
        changed = {k: v for k, v in rules.to_dict().items() if v != default[k] and k not in _SILENT}
    name, about = PRESET_NAMES[preset]
    if changed and not full:
        # the preset's few words ("the official rules, no house rules") would contradict the
        # lines under them: the head says that changes follow instead
        head = t.ngettext(
            *NP_(
                "Rules: {preset}, {n} player, with these changes:",
                "Rules: {preset}, {n} players, with these changes:",
            ),
            rules.players,
        ).format(preset=t.gettext(name), n=rules.players)
    else:
        head = t.ngettext(
            *NP_("Rules: {preset} ({about}), {n} player", "Rules: {preset} ({about}), {n} players"),
            rules.players,
        ).format(preset=t.gettext(name), about=t.gettext(about), n=rules.players)
    lines = [head]
    for option, value in changed.items():
        if option == "target_score" and "scoring" in changed:
            continue  # told inside the scoring sentence
        lines.append(describe_option(option, value, lang, rules.target_score))
    return lines


def option_meaning(name: str, lang: str = "en") -> str:
    """What option ``name`` is about, in ``lang`` (its meaning in RULES.md's words).

    >>> option_meaning("stacking", "zh-Hant")
    '待罰時可以再出加牌'
    """
    return translations(lang).gettext(OPTIONS[name].meaning)


def preset_name(preset: str, lang: str = "en") -> tuple[str, str]:
    """A preset's name and a few words about it, in ``lang``."""
    name, about = PRESET_NAMES[preset]
    t = translations(lang)
    return t.gettext(name), t.gettext(about)
