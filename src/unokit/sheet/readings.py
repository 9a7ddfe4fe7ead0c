"""The disputed points a rule sheet calls out: RULES-NOTES.md's readings, in a table's words.

RULES-NOTES.md records how unokit reads each point the rule books leave open, for engineers.
The ones a table would argue about are printed on its sheet: each is one :class:`Reading`
here, with its condition on the options (:mod:`unokit.sheet.when`: the sheet of a table where
the point cannot arise does not print it), its words (a message of the catalogues, so
translated) and ``cites``, a phrase of the RULES-NOTES.md reading it tells.

tests/sheet/test_readings.py keeps the two in step: every cited phrase is in RULES-NOTES.md
(a reading reworded there fails until its sheet words are looked at again), and every
reading's condition can be met (the sheet of some table prints it). Readings about how the
referee keeps its state or reads a described scenario have no sheet words.

>>> from unokit.rules import Rules
>>> [r.key for r in readings_for(Rules.preset("official"))][:3]
['wilds_never_dishonest', 'turn_after_challenge', 'uno_when']
>>> READINGS["revenge_doubles"].when.markdown()
'`revenge` = `true`'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unokit.i18n import N_, translations
from unokit.rules import Rules
from unokit.sheet.when import All, Condition, DeckHas, Either, Is, Not, both

__all__ = ["READINGS", "Reading", "readings_for"]


@dataclass(frozen=True, slots=True)
class Reading:
    """A reading of RULES-NOTES.md as a table's sheet tells it."""

    key: str
    #: a phrase of the RULES-NOTES.md reading this tells
    cites: str
    when: All
    words: str
    #: a table the reading applies to, where the condition's own example is not one the rules
    #: allow (``teams`` ≠ 0 is met by 1, which no table can have)
    table: dict[str, Any] | None = None

    def example(self) -> dict[str, Any]:
        """Options of a table this reading applies to (what the tests print it on)."""
        return self.table if self.table is not None else self.when.example()

    def applies(self, rules: Rules) -> bool:
        return self.when(rules)

    def text(self, lang: str = "en") -> str:
        return translations(lang).gettext(self.words)


_STACKING = Not("stacking", "off")
_ANSWERED = Either(_STACKING, Not("deflect", "off"), Not("jump_in", "off"))
_JUMP_IN = Not("jump_in", "off")


def _r(
    key: str,
    cites: str,
    when: tuple[Condition, ...],
    words: str,
    table: dict[str, Any] | None = None,
) -> Reading:
    return Reading(key, cites, both(*when), words, table)


#: the printed readings, in RULES-NOTES.md order (which is the order a sheet lists them in)
_ALL: tuple[Reading, ...] = (
    # Setup (§2)
    _r(
        "first_dealer_random",
        "First dealer by `previous_winner`.",
        (Is("dealer_selection", "previous_winner"),),
        N_("A match's first round has no previous winner: its dealer is chosen at random."),
    ),
    _r(
        "deal_after_void_round",
        "`next_dealer = previous_winner` after a void round",
        (Is("next_dealer", "previous_winner"), Is("empty_draw_pile", "void_round")),
        N_("After a round with no winner, the deal passes to the left."),
    ),
    _r(
        "two_players_reverse",
        "A reverse start card with two players",
        (Is("players", 2),),
        N_("With two players a reverse acts as a skip; as the start card, the dealer plays first."),
    ),
    _r(
        "redraw_buries_wilds",
        "`redraw_until_number` and a wild draw four",
        (Is("start_card", "redraw_until_number"),),
        N_(
            "Turning the start card, wilds (a +4 too) and action cards are buried until a number "
            "comes."
        ),
    ),
    # A turn (§3)
    _r(
        "draw_until_piles_empty",
        "`draw_until_playable` and empty piles",
        (Is("draw_until_playable", True),),
        N_("If the piles run out before a playable card comes, the turn ends."),
    ),
    _r(
        "force_play_no_bluff",
        "Force Play (`after_draw = must_play`) and a drawn +4 that would be a bluff",
        (Is("after_draw", "must_play"), Is("challenge", True)),
        N_("A drawn +4 that would be a bluff need not be played: it is kept and the turn passes."),
    ),
    # Action cards (§4)
    _r(
        "special_wild_last",
        "Going out with a special wild",
        (Either(DeckHas("wild_shuffle_hands"), DeckHas("wild_customizable")),),
        N_(
            "A special wild played as the last card has no extra effect (a swimming wild still "
            "makes the next player swim)."
        ),
    ),
    _r(
        "void_round_last_draw_card",
        "A last draw card under `empty_draw_pile = void_round`",
        (Is("empty_draw_pile", "void_round"),),
        N_(
            "A draw card played as the last card wins the round even if the pile runs out: the "
            "penalty takes what cards are left."
        ),
    ),
    _r(
        "shuffle_hands_deal",
        "Shuffle hands",
        (DeckHas("wild_shuffle_hands"),),
        N_("Shuffle hands deals the cards out from the next player, as evenly as possible."),
    ),
    # Wild Draw Four (§5)
    _r(
        "wilds_never_dishonest",
        "`no_matching_color`",
        (Is("wd4_rule", "no_matching_color"), Is("challenge", True)),
        N_("Holding a wild never makes a +4 a bluff: only a card of the colour in play does."),
    ),
    _r(
        "other_fours_not_playable",
        "`no_playable_card`",
        (Is("wd4_rule", "no_playable_card"), Is("challenge", True)),
        N_(
            "Judging a +4, other +4s in the hand do not count as playable cards; a plain wild does."
        ),
    ),
    _r(
        "turn_after_challenge",
        "After a successful challenge",
        (Is("challenge", True),),
        N_("After a successful challenge, the challenger takes a normal turn: play or draw."),
    ),
    # Calling UNO (§6)
    _r(
        "uno_when",
        "When `uno` may be called",
        (),
        N_(
            "Call UNO with one card left, or before playing your second-to-last card; an early "
            "call lapses when anyone else acts."
        ),
    ),
    _r(
        "who_may_catch",
        "Who may catch",
        (Is("catching", True),),
        N_("Any other player still in the round may catch a missing UNO call."),
    ),
    _r(
        "late_catch",
        "A late catch is a false catch",
        (Is("catching", True),),
        N_("A catch after the window has closed is a false catch."),
    ),
    # Misplays (§7.9)
    _r(
        "misplay_is_a_played_card",
        "Only a play of a card the seat holds, on its own turn, counts as a misplay",
        (Not("misplay", "reject"),),
        N_(
            "Only a card played on your own turn counts as a misplay; other wrong moves are "
            "simply refused."
        ),
    ),
    _r(
        "misplay_closes_catch",
        "A misplay closes the catch window",
        (Not("misplay", "reject"), Is("catch_window", "until_next_action"), Is("catching", True)),
        N_("A misplay by the next player closes the window to catch a missing UNO call."),
    ),
    # Rounds and scoring (§8)
    _r(
        "rank_all_last_card",
        "`rank_all`",
        (Is("round_end", "rank_all"),),
        N_(
            "When the round plays on, a player's last card still takes its full effect; a last "
            "+4 cannot be challenged."
        ),
    ),
    _r(
        "teams_score_opponents",
        "Teams with `winner_takes`",
        (Not("teams", 0), Is("scoring", "winner_takes")),
        N_(
            "The player who goes out scores the opponents' cards only; a team's score is the sum "
            "of its players'."
        ),
        table={"teams": 2},
    ),
    _r(
        "chips_and_net",
        "`chips` and `net`",
        (Is("scoring", "chips", "net"),),
        N_("What the winner of a round gains, the others lose: scores always add up to zero."),
    ),
    _r(
        "elimination_ties",
        "`eliminate_high` ties",
        (Is("scoring", "eliminate_high"),),
        N_("Players tied with the most points all go out; the round's winner never does."),
    ),
    _r(
        "one_round_void_redealt",
        "`scoring = none`",
        (Is("scoring", "none"), Is("empty_draw_pile", "void_round")),
        N_("A round with no winner is dealt again."),
    ),
    # House rules (§7): when a penalty waits
    _r(
        "penalty_waits",
        "A +2 or +4 becomes a **pending penalty**",
        (_ANSWERED,),
        N_(
            "Facing a +2 or +4, take it or answer it with a card the rules allow; nothing else "
            "may be played."
        ),
    ),
    _r(
        "last_card_penalty",
        "A last card's penalty is never pending",
        (_ANSWERED,),
        N_(
            "A draw card played as the last card is drawn at once: it cannot be stacked, passed "
            "on or jumped."
        ),
    ),
    # Stacking (§7.1)
    _r(
        "plus_two_any_colour",
        "A `+2` stacks on a `+2` of any colour",
        (_STACKING,),
        N_("A +2 stacks on a +2 of any colour."),
    ),
    _r(
        "stacking_gives_up_challenge",
        "Only the `+4` on top of the discard pile can be challenged",
        (_STACKING, Is("challenge", True)),
        N_("Only the +4 on top can be challenged; stacking on it gives up the challenge."),
    ),
    _r(
        "challenge_every_four",
        "`stack_challenge = all` challenges",
        (Is("stack_challenge", "all"), _STACKING, Is("challenge", True)),
        N_(
            "A challenge of stacked +4s counts each player once; a single liar takes the whole "
            "penalty."
        ),
    ),
    _r(
        "one_card_on_a_penalty",
        "Several cards at once are not allowed while a penalty is pending",
        (Not("multi_play", "off"), Either(_STACKING, Not("deflect", "off"))),
        N_("Facing a penalty, cards are played one at a time."),
    ),
    _r(
        "revenge_doubles",
        "`revenge`",
        (Is("revenge", True),),
        N_(
            "Revenge doubles the whole penalty: a +2 on a +2 makes (2 + 2) × 2 = 8, another +2 "
            "(8 + 2) × 2 = 20."
        ),
    ),
    # Deflect (§7.2)
    _r(
        "reverse_sends_back",
        "A reverse sends the penalty back to the player before",
        (Not("deflect", "off"),),
        N_("A reverse sends the penalty back to the player before you."),
    ),
    _r(
        "deflected_four_unchallenged",
        "After a deflect the `+4` can no longer be challenged",
        (Not("deflect", "off"), Is("challenge", True)),
        N_("Once passed on, a +4 can no longer be challenged."),
    ),
    # Jump-in (§7.3)
    _r(
        "who_may_jump_in",
        "The **window** opens when a card is played",
        (_JUMP_IN,),
        N_(
            "Anyone may jump in except the card's player, the player whose turn it is and the "
            "players it skipped, until the next turn's move."
        ),
    ),
    _r(
        "jump_on_a_penalty",
        "While a penalty is pending, only the draw card on top can be jumped",
        (_JUMP_IN, Either(_STACKING, Not("deflect", "off"))),
        N_("While a penalty waits, only the draw card on top can be jumped."),
    ),
    _r(
        "jump_in_cancels",
        "Cancelling the jumped card undoes its direction change",
        (_JUMP_IN,),
        N_(
            "A jump-in cancels the jumped card's turn of direction and penalty; hands it swapped "
            "stay swapped."
        ),
    ),
    _r(
        "sum_jump_in",
        "A sum jump-in (§7.6) is open to the same seats",
        (Is("sum_jump_in", True),),
        N_(
            "A sum jump-in goes only on a single number card and names no colour: the next "
            "player may follow any of its cards."
        ),
    ),
    _r(
        "match_the_top_card",
        "The card to match is the top card",
        (_JUMP_IN, Not("multi_play", "off")),
        N_(
            "Jump in only with a card identical to the top card, also after several cards of "
            "one number."
        ),
    ),
    _r(
        "jump_on_a_sum",
        "After a sum jump-in",
        (_JUMP_IN, Is("sum_jump_in", True)),
        N_("After a sum jump-in, a card identical to any one of its cards may jump in."),
    ),
    _r(
        "four_jumps_four",
        "A +4 jumping in on a +4",
        (Is("jump_in", "identical_any"),),
        N_("A +4 jumping in on a +4 is judged against the colour the jumped +4 named."),
    ),
    _r(
        "sum_seven_zero",
        "Under `seven_zero`, a sum jump-in's 7 or 0 swaps nothing",
        (Is("seven_zero", True), Is("sum_jump_in", True)),
        N_("A 7 or 0 in a sum jump-in swaps nothing."),
    ),
    _r(
        "two_players_no_reverse_jump",
        "**Two players**: a reverse acts as a skip (000), so the opponent it skips may not jump in",
        (_JUMP_IN, Is("players", 2)),
        N_(
            "With two players, the player a reverse skips may not jump in with an identical "
            "reverse."
        ),
    ),
    _r(
        "jump_out_keeps_stack",
        "Going out by a jump-in under `jump_in_stacking = old`",
        (Is("jump_in_stacking", "old"), _JUMP_IN, _STACKING),
        N_(
            "Going out by jumping in on a stack: only the jumped card is void; the next player "
            "draws the rest of the stack with yours."
        ),
    ),
    # Seven-zero (§7.4)
    _r(
        "uno_after_swap",
        "Several 7s (or 0s) played together swap (or rotate) once",
        (Is("seven_zero", True),),
        N_(
            "After a 7 or 0 moves the hands, whoever holds one card calls UNO then; several 7s "
            "or 0s played together swap once."
        ),
    ),
    # Playing several cards (§7.5)
    _r(
        "identical_pair_effects",
        "`identical_pair`: effects as 001 says",
        (Is("multi_play", "identical_pair"),),
        N_(
            "A pair: two skips skip one player, two reverses cancel out, two +2s make 4; "
            "playing your last two cards together needs an UNO call first."
        ),
    ),
    _r(
        "same_rank_colour",
        "`same_rank`: colour cards only",
        (Is("multi_play", "same_rank"),),
        N_(
            "Cards played together add up their effects; the colour you name among them is the "
            "one to follow."
        ),
    ),
    # wild_multi (§7.8)
    _r(
        "even_trade",
        "A trade is even",
        (Is("wild_multi", True),),
        N_("A wild's trade is even: up to 3 cards of your choice for as many taken at random."),
    ),
    # Seat change (§7.12)
    _r(
        "seats_keep_scores",
        "the players move to shuffled seats with their scores",
        (Not("seat_change_every", 0),),
        N_("When seats change, players keep their scores."),
    ),
    # The online tables' house rules (VARIANTS.md §2)
    _r(
        "strict_uno_with_play",
        "a call made *with* the play of the second-to-last card (`play R3 uno`) stays allowed",
        (Is("uno_call_window", "last_card_only"),),
        N_(
            "Strict UNO: holding two cards you may not call UNO, but you may call it as you play "
            "your second-to-last card."
        ),
    ),
    _r(
        "hand_limit_passed_over",
        "nobody can move: the round ends with no winner and no score",
        (Not("hand_limit", 0),),
        N_(
            "At the hand limit with nothing to play, your turn passes; penalties are still drawn "
            "in full. When nobody can move, the round ends with no winner and no score."
        ),
        {"hand_limit": 20},
    ),
    _r(
        "bomb_goes_out",
        "also when the bomb is the bomber's last cards",
        (Is("bomb", True),),
        N_("A bomb goes off even when it is your last cards: the others draw before the count."),
        {"bomb": True, "multi_play": "same_rank"},
    ),
)

#: every printed reading by key, in RULES-NOTES.md order
READINGS: dict[str, Reading] = {r.key: r for r in _ALL}
assert len(READINGS) == len(_ALL), "a reading key is defined twice"


def readings_for(rules: Rules) -> list[Reading]:
    """The readings that apply to a table with ``rules``, in RULES-NOTES.md order."""
    return [r for r in READINGS.values() if r.applies(rules)]
