"""The rules configuration: every option of RULES.md, its values, default, meaning and source.

A :class:`Rules` is frozen; build one from keywords, a dict or a TOML table, starting from a
preset. Unknown options, bad values and combinations that make no sense are refused with a
:class:`~unokit.errors.RulesError` naming the option, the value and what is allowed.

>>> Rules.preset("online").stacking
'same_kind'
>>> Rules.from_dict({"preset": "official", "players": 3}).players
3
>>> Rules(seven_zero="yes")
Traceback (most recent call last):
...
unokit.errors.RulesError: seven_zero = 'yes' is not allowed: expected true or false
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from unokit.cards import DECKS
from unokit.errors import RulesError

__all__ = ["OPTIONS", "PRESETS", "OptionSpec", "Rules"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What one option may be: a choice of strings, a boolean, or an integer range."""

    name: str
    default: Any
    meaning: str
    source: str
    section: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        if self.name == "custom_effect":
            return "effect"
        return "int"

    def allowed(self) -> str:
        """Human description of the allowed values."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "bool":
            return "true or false"
        if self.kind == "effect":
            from unokit.effects import CUSTOM_EFFECTS

            return "one of " + ", ".join(CUSTOM_EFFECTS)
        return f"a whole number from {self.low} to {self.high}"

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise :class:`RulesError`."""
        bad = RulesError(f"{self.name} = {value!r} is not allowed: expected {self.allowed()}")
        kind = self.kind
        if kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise bad
        elif kind == "bool":
            if not isinstance(value, bool):
                raise bad
        elif kind == "effect":
            from unokit.effects import CUSTOM_EFFECTS

            if not isinstance(value, str) or value not in CUSTOM_EFFECTS:
                raise bad
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            if not self.low <= value <= self.high:
                raise bad
        return value


def _choice(name: str, choices: str, meaning: str, source: str, section: str) -> OptionSpec:
    values = tuple(choices.split())
    return OptionSpec(name, values[0], meaning, source, section, choices=values)


def _int(
    name: str, default: int, low: int, high: int, meaning: str, source: str, section: str
) -> OptionSpec:
    return OptionSpec(name, default, meaning, source, section, low=low, high=high)


def _bool(name: str, default: bool, meaning: str, source: str, section: str) -> OptionSpec:
    return OptionSpec(name, default, meaning, source, section)


_SPECS: list[OptionSpec] = [
    # §1 cards
    _choice(
        "deck",
        "classic108 classic112 swimming112 pairs",
        "which cards are in the deck",
        "000, 001, 002, 004",
        "1",
    ),
    # §2 setup
    _int("players", 4, 2, 10, "seats, numbered 0..n-1 clockwise", "all", "2"),
    _int("hand_size", 7, 1, 15, "cards dealt to each player", "000, 002", "2"),
    _choice(
        "dealer_selection",
        "draw_highest random previous_winner",
        "how the first dealer is chosen",
        "000, 001, 004",
        "2",
    ),
    _choice(
        "dealer_draw_actions",
        "count_zero redraw",
        "in draw_highest, a non-number card counts as 0 or is redrawn",
        "000, 001, 004",
        "2",
    ),
    _choice(
        "next_dealer",
        "rotate_left previous_winner draw_highest",
        "dealer of the next round of a match",
        "001",
        "2",
    ),
    _choice(
        "start_card",
        "apply_effects redraw_until_number",
        "what happens to a turned-up action or wild start card",
        "000, 002",
        "2",
    ),
    _choice(
        "start_reverse",
        "dealer_right dealer_left",
        "who starts when the start card is a reverse",
        "001, 002, 004",
        "2",
    ),
    # §3 a turn
    _choice(
        "draw_with_playable",
        "allowed forbidden",
        "may you draw although you hold a playable card",
        "000, 002, 004",
        "3",
    ),
    _choice(
        "after_draw",
        "may_play must_play",
        "a playable drawn card may be kept, or must be played",
        "000, 002, 004",
        "3",
    ),
    _bool(
        "draw_until_playable",
        False,
        "draw until a playable card comes, instead of one card",
        "004",
        "3",
    ),
    _choice(
        "empty_draw_pile",
        "reshuffle void_round",
        "when the draw pile runs out: reshuffle the discards, or abandon the round",
        "000, 001, 002, 004",
        "3",
    ),
    # §4 action cards
    _bool(
        "swimming_skips",
        True,
        "the player who swims for a blue card also loses the turn",
        "002",
        "4",
    ),
    OptionSpec(
        "custom_effect",
        "none",
        "the extra effect of wild_customizable cards (a named, pluggable effect)",
        "000, 002",
        "4",
    ),
    # §5 wild draw four
    _choice(
        "wd4_rule",
        "no_matching_color no_playable_card anytime",
        "when playing +4 is honest",
        "000, 002, 003, 004",
        "5",
    ),
    _bool("challenge", True, "the next player may challenge a +4", "000, 001, 004", "5"),
    _int("challenge_fail_extra", 2, 0, 20, "extra cards a failed challenger draws", "all", "5"),
    # §6 UNO
    _int(
        "uno_penalty", 2, 0, 20, "cards drawn by a player caught not having called UNO", "all", "6"
    ),
    _choice(
        "catch_window",
        "until_next_action until_next_play",
        "how long a missing UNO call can be caught",
        "000, 002, 004",
        "6",
    ),
    _int(
        "false_catch_penalty",
        0,
        0,
        20,
        "0: a false catch is refused; else the false catcher draws this many",
        "004",
        "6",
    ),
    _int(
        "false_uno_penalty",
        0,
        0,
        20,
        "0: a false UNO call is refused; else it costs this many cards",
        "004",
        "6",
    ),
    # §7 house rules
    _choice(
        "stacking",
        "off same_kind two_under_four any",
        "draw cards may be played on a pending draw penalty",
        "000, 001, 003, 004",
        "7.1",
    ),
    _choice(
        "stack_challenge",
        "last all",
        "a challenge after stacked +4s: only the last +4, or every one",
        "001, 003",
        "7.1",
    ),
    _choice(
        "deflect",
        "off named_color any_color",
        "a skip or reverse passes a pending penalty on",
        "004",
        "7.2",
    ),
    _choice(
        "jump_in",
        "off identical identical_any",
        "out of turn, play a card identical to the top card",
        "000, 001, 003, 004",
        "7.3",
    ),
    _choice(
        "jump_in_stacking",
        "new old",
        "a jump-in on a stack cancels the whole stack, or only the jumped card",
        "003",
        "7.3",
    ),
    _bool(
        "seven_zero",
        False,
        "a 7 swaps hands with a chosen player; a 0 passes all hands",
        "000, 003, 004",
        "7.4",
    ),
    _choice(
        "multi_play",
        "off identical_pair same_rank",
        "play several cards at once",
        "001, 004",
        "7.5",
    ),
    _bool(
        "multi_play_same_color",
        False,
        "under same_rank, added cards must share the first card's colour",
        "004",
        "7.5",
    ),
    _bool(
        "sum_jump_in",
        False,
        "out of turn, play number cards that add up to the top card",
        "001",
        "7.6",
    ),
    _bool("sum_jump_in_any_color", False, "sum jump-in cards may be of any colour", "001", "7.6"),
    _bool("number_finish", False, "your last card must be a number card", "001, 004", "7.7"),
    _bool(
        "wild_multi",
        False,
        "a wild names a colour, peeks at a hand or trades three cards",
        "001",
        "7.8",
    ),
    _choice(
        "misplay",
        "reject penalty_end_turn penalty_continue",
        "what an illegal play costs",
        "001, 004",
        "7.9",
    ),
    _int("turn_time_limit", 0, 0, 3600, "seconds per turn (0 = no limit)", "001", "7.10"),
    _int("slow_play_penalty", 1, 0, 20, "cards drawn on a timeout", "001", "7.10"),
    _int("teams", 0, 0, 5, "number of teams seated alternately (0 = none)", "001, 003", "7.11"),
    _int(
        "seat_change_every", 0, 0, 1000, "shuffle seats every N rounds (0 = never)", "001", "7.12"
    ),
    # §8 scoring
    _choice(
        "round_end",
        "first_out rank_all",
        "the round ends when one goes out, or plays on to a full ranking",
        "000, 004",
        "8",
    ),
    _choice(
        "scoring",
        "winner_takes low_wins chips net eliminate_high eliminate_threshold none",
        "how rounds are scored and a match is won",
        "000, 001, 002, 004",
        "8",
    ),
    _int("target_score", 500, 1, 1_000_000, "match target", "all", "8"),
    _int("rounds", 0, 0, 100_000, "rounds in a match for net and chips (0 = no limit)", "004", "8"),
]

#: every option by name, in RULES.md order
OPTIONS: dict[str, OptionSpec] = {spec.name: spec for spec in _SPECS}

#: presets as data: the options each sets over the defaults (RULES.md §9)
PRESETS: dict[str, dict[str, Any]] = {
    "official": {},
    "casual": {"scoring": "none"},
    "online": {
        "stacking": "same_kind",
        "jump_in": "identical_any",
        "jump_in_stacking": "new",
        "seven_zero": True,
    },
    "party": {
        "stacking": "any",
        "seven_zero": True,
        "jump_in": "identical",
        "draw_until_playable": True,
        "challenge": False,
        "wd4_rule": "anytime",
    },
    "table001": {
        "dealer_draw_actions": "count_zero",
        "start_reverse": "dealer_left",
        "scoring": "low_wins",
        "misplay": "penalty_end_turn",
    },
    "swimming": {
        "deck": "swimming112",
        "hand_size": 5,
        "start_card": "redraw_until_number",
        "wd4_rule": "no_playable_card",
    },
    "classic112": {"deck": "classic112"},
    "teams": {"players": 4, "teams": 2},
}

PRESET_MEANINGS: dict[str, str] = {
    "official": "every default: classic108, 7 cards, challenge on, no house rules, "
    "winner_takes to 500",
    "casual": "official with scoring none (first out wins)",
    "online": "the licensed online game (003): stacking, jump-in, seven-zero",
    "party": "the popular table mix: stacking any, seven-zero, jump-in, draw until playable, "
    "+4 anytime",
    "table001": "the conventions of rule book 001",
    "swimming": "the 002 edition: swimming112 deck, 5 cards",
    "classic112": "official with the classic112 deck",
    "teams": "official, 4 players, 2 teams",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option (RULES.md); defaults are the classic official game."""

    deck: str = "classic108"
    players: int = 4
    hand_size: int = 7
    dealer_selection: str = "draw_highest"
    dealer_draw_actions: str = "count_zero"
    next_dealer: str = "rotate_left"
    start_card: str = "apply_effects"
    start_reverse: str = "dealer_right"
    draw_with_playable: str = "allowed"
    after_draw: str = "may_play"
    draw_until_playable: bool = False
    empty_draw_pile: str = "reshuffle"
    swimming_skips: bool = True
    custom_effect: str = "none"
    wd4_rule: str = "no_matching_color"
    challenge: bool = True
    challenge_fail_extra: int = 2
    uno_penalty: int = 2
    catch_window: str = "until_next_action"
    false_catch_penalty: int = 0
    false_uno_penalty: int = 0
    stacking: str = "off"
    stack_challenge: str = "last"
    deflect: str = "off"
    jump_in: str = "off"
    jump_in_stacking: str = "new"
    seven_zero: bool = False
    multi_play: str = "off"
    multi_play_same_color: bool = False
    sum_jump_in: bool = False
    sum_jump_in_any_color: bool = False
    number_finish: bool = False
    wild_multi: bool = False
    misplay: str = "reject"
    turn_time_limit: int = 0
    slow_play_penalty: int = 1
    teams: int = 0
    seat_change_every: int = 0
    round_end: str = "first_out"
    scoring: str = "winner_takes"
    target_score: int = 500
    rounds: int = 0

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            OPTIONS[field.name].check(getattr(self, field.name))
        self._check_combinations()

    def _check_combinations(self) -> None:
        deck_size = sum(DECKS[self.deck].values())
        if self.players * self.hand_size >= deck_size:
            raise RulesError(
                f"players = {self.players} with hand_size = {self.hand_size} needs "
                f"{self.players * self.hand_size} cards plus a start card, but deck = "
                f"{self.deck} has {deck_size}"
            )
        if self.teams:
            if self.teams < 2 or self.players % self.teams or self.players // self.teams < 2:
                raise RulesError(
                    f"teams = {self.teams} is not allowed with players = {self.players}: "
                    "teams must be 0 (none) or split the players into at least two equal "
                    "teams of two or more"
                )
            if self.round_end == "rank_all":
                raise RulesError(
                    "teams cannot be combined with round_end = 'rank_all': with teams the "
                    "round ends when any player goes out (003)"
                )
            if self.seat_change_every:
                raise RulesError(
                    "teams cannot be combined with seat_change_every: team members sit "
                    "alternately (001 组队比赛), and shuffling seats would break the teams"
                )
            if self.scoring in ("eliminate_high", "eliminate_threshold"):
                raise RulesError(
                    f"teams cannot be combined with scoring = {self.scoring!r}: elimination "
                    "removes single players, not teams"
                )
        if self.wd4_rule == "anytime" and self.challenge:
            raise RulesError(
                "wd4_rule = 'anytime' makes every +4 honest, so a challenge could never "
                "succeed: set challenge = false with it"
            )

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """The named preset (RULES.md §9), with any options overridden."""
        return cls.from_dict({"preset": name, **overrides})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a mapping; the key ``preset`` (default ``official``) applies first."""
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a table of options, not {type(data).__name__}")
        values = dict(data)
        preset = values.pop("preset", "official")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(
                f"preset = {preset!r} is not allowed: expected one of {', '.join(PRESETS)}"
            )
        for key in values:
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {key!r}{_did_you_mean(key)}")
        merged = {**PRESETS[preset], **values}
        return cls(**merged)

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        """Rules from TOML text: a ``[rules]`` table, or options at the top level."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise RulesError(f"not valid TOML: {error}") from None
        table = data.get("rules", data)
        return cls.from_dict(table)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like any other)."""
        for key in changes:
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {key!r}{_did_you_mean(key)}")
        return dataclasses.replace(self, **changes)

    def to_dict(self, changed_only: bool = False) -> dict[str, Any]:
        """Options as a dict; with ``changed_only``, only those that differ from the default."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if changed_only:
            out = {k: v for k, v in out.items() if v != OPTIONS[k].default}
        return out

    def describe(self, name: str) -> str:
        """``"name=value"``, as events cite the rule that decided them."""
        value = getattr(self, name)
        if isinstance(value, bool):
            value = str(value).lower()
        return f"{name}={value}"

    def house_rules(self) -> list[str]:
        """The §7 options that differ from their defaults."""
        return [
            k
            for k, v in self.to_dict(changed_only=True).items()
            if OPTIONS[k].section.startswith("7")
        ]


def _did_you_mean(key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(OPTIONS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else " (see `unokit rules` for the list)"
