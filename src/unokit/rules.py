"""The rules configuration: every option of RULES.md, its values, default, meaning and source.

Each option is defined once, as a field of :class:`Rules`: its type (a ``Literal`` of the allowed
strings, ``bool``, or ``int`` with a range), its default, and in the field's metadata its meaning,
the seed documents it comes from and its RULES.md section. :data:`OPTIONS` (what validation,
``unokit rules`` and docs/options.md use) is derived from those fields, and ``mypy --strict``
checks every comparison of an option with a value: ``rules.stacking == "same_knd"`` is an error.

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
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from unokit.cards import DECKS, DeckName
from unokit.effects import CUSTOM_EFFECTS
from unokit.errors import RulesError
from unokit.i18n import N_, NP_

__all__ = [
    "EVERY",
    "OPTIONS",
    "PRESETS",
    "SAME_PLAY",
    "AfterDraw",
    "CatchWindow",
    "DealerDrawActions",
    "DealerSelection",
    "Deck",
    "Deflect",
    "DrawWithPlayable",
    "EmptyDrawPile",
    "JumpIn",
    "JumpInStacking",
    "Misplay",
    "MultiPlay",
    "Native",
    "NextDealer",
    "OptionSpec",
    "RoundEnd",
    "Rules",
    "Scoring",
    "StackChallenge",
    "Stacking",
    "StartCard",
    "StartReverse",
    "UnoCallWindow",
    "Wd4Rule",
    "WildStart",
]

# -- the values of each choice option, in RULES.md order (default first) ----------------------

#: the decks are defined with their contents, in unokit.cards
Deck = DeckName
DealerSelection = Literal["draw_highest", "random", "previous_winner"]
DealerDrawActions = Literal["count_zero", "redraw"]
NextDealer = Literal["rotate_left", "previous_winner", "draw_highest"]
StartCard = Literal["apply_effects", "redraw_until_number"]
StartReverse = Literal["dealer_right", "dealer_left"]
DrawWithPlayable = Literal["allowed", "forbidden"]
AfterDraw = Literal["may_play", "must_play"]
EmptyDrawPile = Literal["reshuffle", "void_round"]
Wd4Rule = Literal["no_matching_color", "no_playable_card", "anytime"]
CatchWindow = Literal["until_next_action", "until_next_play"]
Stacking = Literal["off", "same_kind", "two_under_four", "any", "not_lower"]
StackChallenge = Literal["last", "all"]
Deflect = Literal["off", "named_color", "any_color"]
JumpIn = Literal["off", "identical", "identical_any"]
JumpInStacking = Literal["new", "old"]
MultiPlay = Literal["off", "identical_pair", "same_rank"]
Misplay = Literal["reject", "penalty_end_turn", "penalty_continue"]
RoundEnd = Literal["first_out", "rank_all"]
Scoring = Literal[
    "winner_takes", "low_wins", "chips", "net", "eliminate_high", "eliminate_threshold", "none"
]
#: the online tables' house rules (VARIANTS.md §2): a wild turned up to start, and when UNO
#: may be called
WildStart = Literal["name_color", "bury"]
UnoCallWindow = Literal["early", "last_card_only"]
#: the scoring systems a match of ``rounds`` rounds applies to (RULES.md §8: net; chips alike)
_ROUNDS_SCORING: tuple[Scoring, ...] = ("net", "chips")
#: how a match ends under the scoring systems without a number of rounds
_MATCH_END: dict[str, str] = {
    "winner_takes": "ends the match when a total reaches target_score",
    "low_wins": "ends the match when a total reaches target_score",
    "eliminate_high": "ends the match when one player is left",
    "eliminate_threshold": "ends the match when one player is left",
    "none": "plays one round",
}
#: a name registered in :data:`unokit.effects.CUSTOM_EFFECTS` (pluggable, so not a Literal)
EffectName = str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What one option may be: a choice of strings, a boolean, an integer range, or an effect.

    Derived from the :class:`Rules` field that defines the option; never written by hand.
    """

    name: str
    default: Any
    meaning: str
    source: str
    section: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    kind: str = "int"
    #: what the C accelerator does with the option (:data:`Native`)
    native: Native = ()
    #: a choice, true/false or effect option: one sentence per value, for players (a message
    #: of the catalogues; ``{target}`` is the match target), told by ``rule_words``
    words: Mapping[Any, str] = dataclasses.field(default_factory=dict)
    #: a whole-number option: its sentence with ``{n}`` (singular, plural), and for 0 when it
    #: means "off" its own sentence
    counted: tuple[str, str] | None = None
    zero: str | None = None

    def allowed(self) -> str:
        """Human description of the allowed values."""
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "bool":
            return "true or false"
        if self.kind == "effect":
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
            if not isinstance(value, str) or value not in CUSTOM_EFFECTS:
                raise bad
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            if not self.low <= value <= self.high:
                raise bad
        return value


#: every value of the option: the C accelerator plays each as the Python engine does
EVERY: Final = "every"
#: every value of the option gives the same rounds where the accelerator plays (its other
#: options as it requires them; the seat to act's moves, nobody out of turn): a table setting
#: (scoring, the match), or a rule only other options or out-of-turn moves bring into play
SAME_PLAY: Final = "same_play"
#: What the C accelerator (``unokit.sim.fastplay``, docs/performance.md) does with an option:
#: :data:`EVERY`, :data:`SAME_PLAY`, or the tuple of the only values it plays (a rule set with
#: another value is played by the Python engine). Every option says it in its definition: an
#: option the accelerator was never taught (a new house rule) is ``(default,)``, so its other
#: values never run natively.
Native = tuple[Any, ...] | Literal["every", "same_play"]


def _meta(
    meaning: str,
    source: str,
    section: str,
    low: int = 0,
    high: int = 0,
    *,
    native: Native,
    words: Mapping[Any, str] | None = None,
    counted: tuple[str, str] | None = None,
    zero: str | None = None,
) -> dict[str, Any]:
    """A :class:`Rules` field's metadata: what the option means, its seed documents, its RULES.md
    section, for an ``int`` option its range (a choice option's values are its ``Literal``
    type), what the accelerator does with it (``native``, :data:`Native`: required, so that no
    option reaches the accelerator unclassified), and what players read of its values (a
    sentence per value, ``words``; for a whole number, ``counted`` and ``zero``: the messages
    of the catalogues that ``rule_words`` tells)."""
    return {
        "meaning": meaning,
        "source": source,
        "section": section,
        "low": low,
        "high": high,
        "native": native,
        "words": dict(words or {}),
        "counted": counted,
        "zero": zero,
    }


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option (RULES.md), in its order; defaults are the classic official game.

    Each field is the one definition of its option: type (allowed values), default, and meaning,
    source and section (RULES.md §) as metadata.
    """

    # §1 cards
    deck: Deck = field(
        default="classic108",
        metadata=_meta(
            "which cards are in the deck",
            "000, 001, 002, 004; no_mercy168: UNO Show 'Em No Mercy (VARIANTS.md §1)",
            "1",
            native=("classic108",),
            words={
                "classic108": N_("The classic 108-card deck."),
                "classic112": N_(
                    "The 112-card deck: with a shuffle-hands wild and 3 custom wilds."
                ),
                "swimming112": N_("The swimming deck: 112 cards with custom and swimming wilds."),
                "pairs": N_("The pairs deck: every single card of a colour doubled."),
                "no_mercy168": N_(
                    "The No Mercy deck: 168 cards, with +4s, skip everyone, discard all, "
                    "wild reverse +4s, +6s, +10s and colour roulettes."
                ),
            },
        ),
    )
    # §2 setup
    players: int = field(
        default=4,
        metadata=_meta(
            "seats, numbered 0..n-1 clockwise",
            "all",
            "2",
            low=2,
            high=10,
            native=EVERY,
            counted=NP_("{n} player.", "{n} players."),
        ),
    )
    hand_size: int = field(
        default=7,
        metadata=_meta(
            "cards dealt to each player",
            "000, 002",
            "2",
            low=1,
            high=15,
            native=EVERY,
            counted=NP_("{n} card each.", "{n} cards each."),
        ),
    )
    dealer_selection: DealerSelection = field(
        default="draw_highest",
        metadata=_meta(
            "how the first dealer is chosen",
            "000, 001, 004",
            "2",
            native=EVERY,
            words={
                "draw_highest": N_("The highest card drawn deals first."),
                "random": N_("The first dealer is chosen at random."),
                "previous_winner": N_("The previous winner deals first."),
            },
        ),
    )
    dealer_draw_actions: DealerDrawActions = field(
        default="count_zero",
        metadata=_meta(
            "in draw_highest, a non-number card counts as 0 or is redrawn",
            "000, 001, 004",
            "2",
            native=EVERY,
            words={
                "count_zero": N_("Drawing for dealer, an action card counts as 0."),
                "redraw": N_("Drawing for dealer, an action card is drawn again."),
            },
        ),
    )
    next_dealer: NextDealer = field(
        default="rotate_left",
        metadata=_meta(
            "dealer of the next round of a match",
            "001",
            "2",
            native=SAME_PLAY,
            words={
                "rotate_left": N_("The deal passes to the left each round."),
                "previous_winner": N_("The winner of a round deals the next."),
                "draw_highest": N_("Each round, the highest card drawn deals."),
            },
        ),
    )
    start_card: StartCard = field(
        default="apply_effects",
        metadata=_meta(
            "what happens to a turned-up action or wild start card",
            "000, 002",
            "2",
            native=("apply_effects",),
            words={
                "apply_effects": N_("An action start card takes effect."),
                "redraw_until_number": N_("The start card is turned until a number comes."),
            },
        ),
    )
    start_reverse: StartReverse = field(
        default="dealer_right",
        metadata=_meta(
            "who starts when the start card is a reverse",
            "001, 002, 004",
            "2",
            native=EVERY,
            words={
                "dealer_right": N_("A reverse start card: the dealer's right starts."),
                "dealer_left": N_("A reverse start card: the dealer's left starts."),
            },
        ),
    )
    # §3 a turn
    draw_with_playable: DrawWithPlayable = field(
        default="allowed",
        metadata=_meta(
            "may you draw although you hold a playable card",
            "000, 002, 004",
            "3",
            native=EVERY,
            words={
                "allowed": N_("You may draw while holding a playable card."),
                "forbidden": N_("You may not draw while holding a playable card."),
            },
        ),
    )
    after_draw: AfterDraw = field(
        default="may_play",
        metadata=_meta(
            "a playable drawn card may be kept, or must be played",
            "000, 002, 004",
            "3",
            native=EVERY,
            words={
                "may_play": N_("A playable drawn card may be played or kept."),
                "must_play": N_("A playable drawn card must be played."),
            },
        ),
    )
    draw_until_playable: bool = field(
        default=False,
        metadata=_meta(
            "draw until a playable card comes, instead of one card",
            "004",
            "3",
            native=EVERY,
            words={
                True: N_("Draw until a playable card comes."),
                False: N_("Draw one card when you cannot play."),
            },
        ),
    )
    empty_draw_pile: EmptyDrawPile = field(
        default="reshuffle",
        metadata=_meta(
            "when the draw pile runs out: reshuffle the discards, or abandon the round",
            "000, 001, 002, 004",
            "3",
            native=("reshuffle",),
            words={
                "reshuffle": N_("An empty draw pile is refilled from the discards."),
                "void_round": N_("An empty draw pile ends the round with no score."),
            },
        ),
    )
    # §4 action cards
    swimming_skips: bool = field(
        default=True,
        metadata=_meta(
            "the player who swims for a blue card also loses the turn",
            "002",
            "4",
            native=SAME_PLAY,
            words={
                True: N_("Swimming for a blue card also loses the turn."),
                False: N_("Swimming for a blue card does not lose the turn."),
            },
        ),
    )
    custom_effect: EffectName = field(
        default="none",
        metadata=_meta(
            "the extra effect of wild_customizable cards (a named, pluggable effect)",
            "000, 002",
            "4",
            native=("none",),
            words={
                "none": N_("Custom wilds are plain wilds."),
                "others_draw_one": N_("A custom wild makes every other player draw 1."),
                "next_draws_two": N_(
                    "A custom wild makes the next player draw 2 and lose the turn."
                ),
                "skip_next": N_("A custom wild makes the next player lose the turn."),
                "swap_hands": N_("A custom wild swaps hands with a chosen player."),
            },
        ),
    )
    # §5 wild draw four
    wd4_rule: Wd4Rule = field(
        default="no_matching_color",
        metadata=_meta(
            "when playing +4 is honest",
            "000, 002, 003, 004",
            "5",
            native=EVERY,
            words={
                "no_matching_color": N_("A +4 is honest without a card of the colour in play."),
                "no_playable_card": N_("A +4 is honest only without any playable card."),
                "anytime": N_("A +4 may be played at any time."),
            },
        ),
    )
    challenge: bool = field(
        default=True,
        metadata=_meta(
            "the next player may challenge a +4",
            "000, 001, 004",
            "5",
            native=EVERY,
            words={True: N_("A +4 may be challenged."), False: N_("A +4 cannot be challenged.")},
        ),
    )
    challenge_fail_extra: int = field(
        default=2,
        metadata=_meta(
            "extra cards a failed challenger draws",
            "all",
            "5",
            low=0,
            high=20,
            native=EVERY,
            counted=NP_(
                "A failed challenge costs {n} extra card.",
                "A failed challenge costs {n} extra cards.",
            ),
            zero=N_("A failed challenge costs no extra cards."),
        ),
    )
    # §6 UNO
    uno_penalty: int = field(
        default=2,
        metadata=_meta(
            "cards drawn by a player caught not having called UNO",
            "all",
            "6",
            low=0,
            high=20,
            native=EVERY,
            counted=NP_("Forgetting UNO costs {n} card.", "Forgetting UNO costs {n} cards."),
            zero=N_("Forgetting UNO costs nothing."),
        ),
    )
    catch_window: CatchWindow = field(
        default="until_next_action",
        metadata=_meta(
            "how long a missing UNO call can be caught",
            "000, 002, 004",
            "6",
            native=EVERY,
            words={
                "until_next_action": N_(
                    "A missing UNO call can be caught until the next player acts."
                ),
                "until_next_play": N_(
                    "A missing UNO call can be caught until the next card is played."
                ),
            },
        ),
    )
    false_catch_penalty: int = field(
        default=0,
        metadata=_meta(
            "0: a false catch is refused; else the false catcher draws this many",
            "004",
            "6",
            low=0,
            high=20,
            native=(0,),
            counted=NP_("A false catch costs {n} card.", "A false catch costs {n} cards."),
            zero=N_("A false catch is refused."),
        ),
    )
    false_uno_penalty: int = field(
        default=0,
        metadata=_meta(
            "0: a false UNO call is refused; else it costs this many cards",
            "004",
            "6",
            low=0,
            high=20,
            native=(0,),
            counted=NP_("A false UNO call costs {n} card.", "A false UNO call costs {n} cards."),
            zero=N_("A false UNO call is refused."),
        ),
    )
    # §7 house rules
    stacking: Stacking = field(
        default="off",
        metadata=_meta(
            "draw cards may be played on a pending draw penalty",
            "000, 001, 003, 004; not_lower: UNO Show 'Em No Mercy (VARIANTS.md §1)",
            "7.1",
            native=("off", "same_kind", "two_under_four", "any"),
            words={
                "off": N_("No stacking: a +2 or +4 must be drawn."),
                "same_kind": N_("Stacking: +2 on +2, +4 on +4."),
                "two_under_four": N_("Stacking: +2 on +2, +4 on +2 or +4."),
                "any": N_("Stacking: any draw card on any draw card."),
                "not_lower": N_(
                    "Stacking by value: a draw card worth as much or more, of any colour "
                    "(+2, +4, +6, +10)."
                ),
            },
        ),
    )
    stack_challenge: StackChallenge = field(
        default="last",
        metadata=_meta(
            "a challenge after stacked +4s: only the last +4, or every one",
            "001, 003",
            "7.1",
            native=EVERY,
            words={
                "last": N_("A challenge of stacked +4s judges only the last."),
                "all": N_("A challenge of stacked +4s judges every one."),
            },
        ),
    )
    revenge: bool = field(
        default=False,
        metadata=_meta(
            "a draw card played on a draw card doubles the whole pending penalty",
            "online tables (VARIANTS.md §2)",
            "7.1",
            native=(False,),
            words={
                True: N_("Revenge: a draw card played on a draw card doubles the whole penalty."),
                False: N_("A draw card played on a draw card adds its own cards to the penalty."),
            },
        ),
    )
    deflect: Deflect = field(
        default="off",
        metadata=_meta(
            "a skip or reverse passes a pending penalty on",
            "004",
            "7.2",
            native=EVERY,
            words={
                "off": N_("A penalty cannot be passed on."),
                "named_color": N_("A skip or reverse of the colour in play passes a penalty on."),
                "any_color": N_("A skip or reverse of any colour passes a penalty on."),
            },
        ),
    )
    jump_in: JumpIn = field(
        default="off",
        metadata=_meta(
            "out of turn, play a card identical to the top card",
            "000, 001, 003, 004",
            "7.3",
            native=EVERY,
            words={
                "off": N_("No jumping in."),
                "identical": N_("Jump in out of turn with a card identical to the top card."),
                "identical_any": N_(
                    "Jump in out of turn with a card identical to the top card, wilds too."
                ),
            },
        ),
    )
    jump_in_stacking: JumpInStacking = field(
        default="new",
        metadata=_meta(
            "a jump-in on a stack cancels the whole stack, or only the jumped card",
            "003",
            "7.3",
            native=SAME_PLAY,
            words={
                "new": N_("A jump-in on a stack cancels the whole stack."),
                "old": N_("A jump-in on a stack replaces only the jumped card."),
            },
        ),
    )
    seven_zero: bool = field(
        default=False,
        metadata=_meta(
            "a 7 swaps hands with a chosen player; a 0 passes all hands",
            "000, 003, 004",
            "7.4",
            native=EVERY,
            words={
                True: N_("A 7 swaps hands with a player; a 0 passes every hand on."),
                False: N_("7 and 0 are plain numbers."),
            },
        ),
    )
    multi_play: MultiPlay = field(
        default="off",
        metadata=_meta(
            "play several cards at once",
            "001, 004",
            "7.5",
            native=("off",),
            words={
                "off": N_("One card at a time."),
                "identical_pair": N_("Two identical cards may be played together."),
                "same_rank": N_("Cards of the same number or action may be played together."),
            },
        ),
    )
    multi_play_same_color: bool = field(
        default=False,
        metadata=_meta(
            "under same_rank, added cards must share the first card's colour",
            "004",
            "7.5",
            native=SAME_PLAY,
            words={
                True: N_("Cards played together must share a colour."),
                False: N_("Cards played together may differ in colour."),
            },
        ),
    )
    sum_jump_in: bool = field(
        default=False,
        metadata=_meta(
            "out of turn, play number cards that add up to the top card",
            "001",
            "7.6",
            native=SAME_PLAY,
            words={
                True: N_("Jump in with number cards that add up to the top card."),
                False: N_("No jumping in with sums."),
            },
        ),
    )
    sum_jump_in_any_color: bool = field(
        default=False,
        metadata=_meta(
            "sum jump-in cards may be of any colour",
            "001",
            "7.6",
            native=SAME_PLAY,
            words={
                True: N_("Sum jump-in cards may be of any colour."),
                False: N_("Sum jump-in cards must match the top card's colour."),
            },
        ),
    )
    number_finish: bool = field(
        default=False,
        metadata=_meta(
            "your last card must be a number card",
            "001, 004",
            "7.7",
            native=(False,),
            words={
                True: N_("Your last card must be a number card."),
                False: N_("Any card may be your last."),
            },
        ),
    )
    wild_multi: bool = field(
        default=False,
        metadata=_meta(
            "a wild names a colour, peeks at a hand or trades three cards",
            "001",
            "7.8",
            native=(False,),
            words={
                True: N_("A wild names a colour, peeks at a hand or trades three cards."),
                False: N_("A wild names a colour."),
            },
        ),
    )
    misplay: Misplay = field(
        default="reject",
        metadata=_meta(
            "what an illegal play costs",
            "001, 004",
            "7.9",
            native=("reject",),
            words={
                "reject": N_("An illegal card is refused."),
                "penalty_end_turn": N_("An illegal card costs a penalty and ends the turn."),
                "penalty_continue": N_("An illegal card costs a penalty; the turn goes on."),
            },
        ),
    )
    turn_time_limit: int = field(
        default=0,
        metadata=_meta(
            "seconds per turn (0 = no limit)",
            "001",
            "7.10",
            low=0,
            high=3600,
            native=(0,),
            counted=NP_("{n} second per turn.", "{n} seconds per turn."),
            zero=N_("No time limit."),
        ),
    )
    slow_play_penalty: int = field(
        default=1,
        metadata=_meta(
            "cards drawn on a timeout",
            "001",
            "7.10",
            low=0,
            high=20,
            native=SAME_PLAY,
            counted=NP_("A timeout costs {n} card.", "A timeout costs {n} cards."),
            zero=N_("A timeout costs no cards."),
        ),
    )
    teams: int = field(
        default=0,
        metadata=_meta(
            "number of teams seated alternately (0 = none)",
            "001, 003",
            "7.11",
            low=0,
            high=5,
            native=SAME_PLAY,
            counted=NP_("{n} team, seated alternately.", "{n} teams, seated alternately."),
            zero=N_("No teams."),
        ),
    )
    seat_change_every: int = field(
        default=0,
        metadata=_meta(
            "shuffle seats every N rounds (0 = never)",
            "001",
            "7.12",
            low=0,
            high=1000,
            native=SAME_PLAY,
            counted=NP_("Seats change every round.", "Seats change every {n} rounds."),
            zero=N_("Seats never change."),
        ),
    )
    # §8 scoring
    round_end: RoundEnd = field(
        default="first_out",
        metadata=_meta(
            "the round ends when one goes out, or plays on to a full ranking",
            "000, 004",
            "8",
            native=("first_out",),
            words={
                "first_out": N_("A round ends when one player goes out."),
                "rank_all": N_("A round plays on until everyone is ranked."),
            },
        ),
    )
    mercy_limit: int = field(
        default=0,
        metadata=_meta(
            "a player holding this many cards or more is out of the round at once; the last "
            "player left wins it (0 = off)",
            "UNO Show 'Em No Mercy (VARIANTS.md §1)",
            "8",
            low=0,
            high=200,
            native=(0,),
            counted=NP_(
                "Mercy rule: holding {n} card or more puts you out of the round.",
                "Mercy rule: holding {n} cards or more puts you out of the round.",
            ),
            zero=N_("No mercy rule: any number of cards may be held."),
        ),
    )
    scoring: Scoring = field(
        default="winner_takes",
        metadata=_meta(
            "how rounds are scored and a match is won",
            "000, 001, 002, 004",
            "8",
            native=SAME_PLAY,
            words={
                "winner_takes": N_("The winner scores the others' cards; first to {target} wins."),
                "low_wins": N_("Points in hand count against you; lowest at {target} wins."),
                "chips": N_("Chips change hands each round."),
                "net": N_("Each round the winner gains what the others lose."),
                "eliminate_high": N_("The player with most points is out each round."),
                "eliminate_threshold": N_("A player reaching {target} points is out."),
                "none": N_("One round: first out wins."),
            },
        ),
    )
    target_score: int = field(
        default=500,
        metadata=_meta(
            "match target",
            "all",
            "8",
            low=1,
            high=1_000_000,
            native=SAME_PLAY,
            counted=NP_("Target: {n} point.", "Target: {n} points."),
        ),
    )
    rounds: int = field(
        default=0,
        metadata=_meta(
            "rounds in a match for net and chips (0 = no limit)",
            "004",
            "8",
            low=0,
            high=100_000,
            native=SAME_PLAY,
            counted=NP_("{n} round.", "{n} rounds."),
            zero=N_("No round limit."),
        ),
    )

    # the online tables' house rules (VARIANTS.md §2), each in the section of RULES.md whose
    # rule it changes; every one is off by default (today's games unchanged)
    score_multiplier: int = field(
        default=1,
        metadata=_meta(
            "every point of a round counts this many times",
            "online tables (VARIANTS.md §2)",
            "8",
            low=1,
            high=4,
            native=(1,),
            counted=NP_("Points count once.", "Points count {n} times."),
        ),
    )
    reveal_hands_at: int = field(
        default=0,
        metadata=_meta(
            "a hand of this many cards or fewer is laid open to everyone (0 = never)",
            "online tables (VARIANTS.md §2)",
            "6",
            low=0,
            high=3,
            native=(0,),
            counted=NP_(
                "A hand of {n} card is laid open to everyone.",
                "A hand of {n} cards or fewer is laid open to everyone.",
            ),
            zero=N_("Hands stay hidden."),
        ),
    )
    uno_call_window: UnoCallWindow = field(
        default="early",
        metadata=_meta(
            "UNO may be called before the second-to-last card, or only holding one card",
            "online tables (VARIANTS.md §2)",
            "6",
            native=("early",),
            words={
                "early": N_("UNO may be called before playing the second-to-last card."),
                "last_card_only": N_("Strict UNO: called only when holding one card."),
            },
        ),
    )
    catching: bool = field(
        default=True,
        metadata=_meta(
            "a player who forgets UNO may be caught (off: silent UNO)",
            "online tables (VARIANTS.md §2)",
            "6",
            native=(True,),
            words={
                True: N_("A player who forgets UNO may be caught."),
                False: N_("Silent UNO: nobody is caught for not calling it."),
            },
        ),
    )
    hand_limit: int = field(
        default=0,
        metadata=_meta(
            "a player holding this many cards may not draw on their turn (0 = no limit)",
            "online tables (VARIANTS.md §2)",
            "3",
            low=0,
            high=112,
            native=(0,),
            counted=NP_(
                "Holding {n} card or more, you may not draw.",
                "Holding {n} cards or more, you may not draw.",
            ),
            zero=N_("No hand limit."),
        ),
    )
    bomb: bool = field(
        default=False,
        metadata=_meta(
            "three or more cards of one number played together make every other player draw one",
            "online tables (VARIANTS.md §2)",
            "7.5",
            native=(False,),
            words={
                True: N_("A bomb: three or more of one number together, everyone else draws 1."),
                False: N_("No bombs."),
            },
        ),
    )
    wild_start: WildStart = field(
        default="name_color",
        metadata=_meta(
            "a wild turned up as the start card: the first player names the colour, or it is "
            "buried and another card turned",
            "online tables (VARIANTS.md §2)",
            "2",
            native=("name_color",),
            words={
                "name_color": N_("A wild start card: the first player names the colour."),
                "bury": N_("A wild start card is buried and another card turned."),
            },
        ),
    )
    blind_draw: bool = field(
        default=False,
        metadata=_meta(
            "a drawn card goes into the hand face down, unseen by its drawer until their next turn",
            "online tables (VARIANTS.md §2)",
            "3",
            native=(False,),
            words={
                True: N_("Blind draws: a drawn card stays face down until your next turn."),
                False: N_("Drawn cards are seen at once."),
            },
        ),
    )
    match_clock: int = field(
        default=0,
        metadata=_meta(
            "seconds on a blitz clock for each round (0 = off): when it runs out, the player "
            "with the fewest cards (then the fewest points) wins the round",
            "online tables (VARIANTS.md §2)",
            "8",
            low=0,
            high=7200,
            native=(0,),
            counted=NP_(
                "A blitz clock of {n} second a round: then the fewest cards win.",
                "A blitz clock of {n} seconds a round: then the fewest cards win.",
            ),
            zero=N_("No match clock."),
        ),
    )

    def __post_init__(self) -> None:
        for name, spec in OPTIONS.items():
            spec.check(getattr(self, name))
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
            if self.scoring == "eliminate_high" or self.scoring == "eliminate_threshold":
                raise RulesError(
                    f"teams cannot be combined with scoring = {self.scoring!r}: elimination "
                    "removes single players, not teams"
                )
        if self.rounds and self.scoring not in _ROUNDS_SCORING:
            raise RulesError(
                f"rounds = {self.rounds} counts only under scoring = 'net' or 'chips' "
                f"(RULES.md §8); scoring = {self.scoring!r} "
                f"{_MATCH_END[self.scoring]}: set rounds = 0 with it"
            )
        if self.mercy_limit and self.mercy_limit <= self.hand_size:
            raise RulesError(
                f"mercy_limit = {self.mercy_limit} is not above hand_size = {self.hand_size}: "
                f"every player would be dealt {self.hand_size} cards and be out of the round at "
                f"once; set mercy_limit above {self.hand_size}, or 0 (off)"
            )
        if self.wd4_rule == "anytime" and self.challenge:
            raise RulesError(
                "wd4_rule = 'anytime' makes every +4 honest, so a challenge could never "
                "succeed: set challenge = false with it"
            )
        self._check_house_rules()

    def _check_house_rules(self) -> None:
        """The online tables' house rules (VARIANTS.md §2) with the options they need, or that
        would make them do nothing (RULES-NOTES.md)."""
        if self.bomb and self.multi_play != "same_rank":
            raise RulesError(
                f"bomb needs three or more cards of one number played together: set "
                f"multi_play = 'same_rank' with it (multi_play = {self.multi_play!r} "
                + ("plays one card at a time)" if self.multi_play == "off" else "plays two)")
            )
        if not self.catching and self.false_catch_penalty:
            raise RulesError(
                f"catching = false (silent UNO): nobody is caught, so a wrong catch cannot "
                f"happen either: set false_catch_penalty = 0 with it (not "
                f"{self.false_catch_penalty})"
            )
        if self.hand_limit and self.hand_limit <= self.hand_size:
            raise RulesError(
                f"hand_limit = {self.hand_limit} with hand_size = {self.hand_size}: every "
                f"player would start at the limit: set hand_limit above {self.hand_size}, or 0"
            )
        if self.wild_start == "bury" and self.start_card == "redraw_until_number":
            raise RulesError(
                "wild_start = 'bury' does nothing with start_card = 'redraw_until_number', "
                "which buries every wild start card already: leave wild_start = 'name_color'"
            )
        if self.blind_draw and self.draw_until_playable:
            raise RulesError(
                "blind_draw keeps a drawn card face down, so nobody can see when a playable "
                "one comes: set draw_until_playable = false with it"
            )
        if self.score_multiplier > 1 and self.scoring == "none":
            raise RulesError(
                f"score_multiplier = {self.score_multiplier} counts only where rounds are "
                "scored: scoring = 'none' plays one round without points"
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
        for key, value in values.items():
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {key!r}{_did_you_mean(key)}")
            # checked before the class sees it: compiled with mypyc (docs/performance.md),
            # Rules(...) refuses a value of the wrong type with TypeError, not this RulesError
            OPTIONS[key].check(value)
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
        for key, value in changes.items():
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option {key!r}{_did_you_mean(key)}")
            OPTIONS[key].check(value)  # (as in from_dict)
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


def _option_types() -> dict[str, Any]:
    """Each option's type: the annotations of :class:`Rules`. Compiled with mypyc (the optional
    build, docs/performance.md) the class keeps no ``Literal`` annotation (each reads as
    ``type``), so they are read from this module's source, which is installed beside the
    compiled module (the wheel and ``make compiled`` both keep it)."""
    hints = typing.get_type_hints(Rules)
    if not any(hint is type for hint in hints.values()):
        return hints
    import ast
    from pathlib import Path

    source = Path(__file__).with_name("rules.py")
    if not source.exists():
        raise ImportError(
            f"unokit.rules is compiled and needs its source beside it to know each option's "
            f"values: {source} is missing (reinstall unokit, or install it without UNOKIT_MYPYC)"
        )
    tree = ast.parse(source.read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules").body
    names = globals()
    return {
        node.target.id: eval(ast.unparse(node.annotation), names)  # this module's own names
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


def _derive_options() -> dict[str, OptionSpec]:
    """:data:`OPTIONS` from the fields of :class:`Rules`: the one place each option is defined."""
    hints = _option_types()
    out: dict[str, OptionSpec] = {}
    for option in dataclasses.fields(Rules):
        hint, meta = hints[option.name], option.metadata
        choices: tuple[str, ...] = ()
        if typing.get_origin(hint) is Literal:
            kind, choices = "choice", typing.get_args(hint)
        elif hint is bool:
            kind = "bool"
        elif hint is int:
            kind = "int"
        elif hint is str:
            kind = "effect"
        else:  # pragma: no cover - a new kind of option needs a kind here
            raise TypeError(f"option {option.name}: unsupported type {hint!r}")
        out[option.name] = OptionSpec(
            option.name,
            option.default,
            meta["meaning"],
            meta["source"],
            meta["section"],
            choices=choices,
            low=meta["low"],
            high=meta["high"],
            kind=kind,
            native=meta["native"],
            words=meta["words"],
            counted=meta["counted"],
            zero=meta["zero"],
        )
    return out


#: every option by name, in RULES.md order (derived from the fields of :class:`Rules`)
OPTIONS: dict[str, OptionSpec] = _derive_options()

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
    "no_mercy": {
        "deck": "no_mercy168",
        "start_card": "redraw_until_number",
        "after_draw": "must_play",
        "draw_until_playable": True,
        "challenge": False,
        "stacking": "not_lower",
        "seven_zero": True,
        "mercy_limit": 25,
        "scoring": "none",
    },
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
    "no_mercy": "UNO Show 'Em No Mercy (Mattel, 2023; VARIANTS.md §1): the no_mercy168 deck, "
    "stacking by value, seven-zero, draw until playable and play it, no challenge, the mercy "
    "rule at 25 cards, each round a game",
}


def _md_value(value: Any) -> str:
    return "`" + (str(value).lower() if isinstance(value, bool) else str(value)) + "`"


def options_markdown() -> str:
    """The options reference, docs/options.md, derived from the definitions.

    ``unokit rules --markdown`` prints it; a test fails when the committed file differs.
    """
    lines = [
        "# Rule options",
        "",
        "<!-- generated by `unokit rules --markdown > docs/options.md`; do not edit by hand -->",
        "",
        "Every option of the rules configuration, derived from its one definition (a field of",
        "`unokit.rules.Rules`). RULES.md specifies each rule in full; the source column names",
        "the seed documents (000-004) it comes from, § its section of RULES.md.",
        "",
        "| option | values | default | meaning | source | § |",
        "|---|---|---|---|---|---|",
    ]
    for spec in OPTIONS.values():
        if spec.kind == "choice":
            values = ", ".join(_md_value(v) for v in spec.choices)
        elif spec.kind == "bool":
            values = "`false`, `true`"
        elif spec.kind == "effect":
            values = ", ".join(_md_value(v) for v in CUSTOM_EFFECTS)
        else:
            values = f"{spec.low}–{spec.high}"
        lines.append(
            f"| `{spec.name}` | {values} | {_md_value(spec.default)} | {spec.meaning} "
            f"| {spec.source} | {spec.section} |"
        )
    lines += [
        "",
        "## Presets",
        "",
        "A preset sets some options over the defaults; options given with it override it.",
        "",
        "| preset | meaning | sets |",
        "|---|---|---|",
    ]
    for name, settings in PRESETS.items():
        sets = ", ".join(f"`{k}` = {_md_value(v)}" for k, v in settings.items()) or "nothing"
        lines.append(f"| `{name}` | {PRESET_MEANINGS[name]} | {sets} |")
    return "\n".join(lines) + "\n"


def _did_you_mean(key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(OPTIONS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else " (see `unokit rules` for the list)"
