"""Every rule option, applied by every interface (issue 21, item 3): one case (at least) per
option of :data:`unokit.rules.OPTIONS`, shared by the interfaces' tests.

A case is a table (dealt from a seed, or described hand by hand), the moves the engine makes
first (another seat's +4, ...), and the moves the person at seat 0 then makes through the
interface (keys in the terminal, clicks in the browser). The engine's result is the truth: an
interface applies the option when the person's moves, made its way, leave the very game the
engine gives (a move the engine refuses is refused by the interface too, with a reason, and
changes nothing). Each case is chosen so that the option decides something: with the option
at its default the engine's result differs (``tests/test_interface_cases.py`` checks it), so
an interface that ignored the option would fail.

An interface plugs in with a driver that starts its game from ``case.game()`` (or, for a
dealt table, from ``case.rules()`` and ``case.seed``) and makes each move of ``case.actions``:
a play by its card (the last of several cards: the one that goes only with the others;
answering the questions that follow: a colour, a target, which cards, a misplay's
confirmation), ``draw``, ``pass`` (keep), ``challenge``, ``uno``, ``catch N``,
``timeout`` (waiting for the turn's clock), the referee's ``timeout`` (waiting for the round's
match clock) and the referee's ``deal`` (the next round, from the round's summary); then it
compares its game with ``case.expected()``. The terminal's driver is in
tests/tui/test_options.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.conftest import table
from unokit.errors import IllegalMoveError
from unokit.game import Game
from unokit.moves import Move
from unokit.notation import parse_move
from unokit.rules import OPTIONS, Rules

__all__ = ["CASES", "Case", "outcome"]


@dataclass(frozen=True)
class Case:
    """One option's value deciding something for the person at seat 0."""

    option: str
    value: Any
    why: str  #: what the value changes here, in a few words
    actions: tuple[str, ...] = ()  #: the person's moves (notation), through the interface
    hands: tuple[str, ...] = ()  #: seat 0 first; () for a table dealt from ``seed``
    draw: str = "G7 G8 G9 Y7 Y8 Y9 B7 B8 B9 G1 G2 G3"
    discard: str = "R8"
    current: int = 0
    dealer: int | None = None
    uno_called: tuple[int, ...] = ()
    seed: int = 0
    before: tuple[str, ...] = ()  #: the other seats' moves first (notation), by the engine
    extra: dict[str, Any] = field(default_factory=dict)  #: other options the case needs

    @property
    def name(self) -> str:
        return f"{self.option}={str(self.value).lower()}"

    def rules(self, value: Any = None) -> Rules:
        """The case's rules, with the option at ``value`` (``None``: the case's value)."""
        chosen = self.value if value is None else value
        data = {**self.extra, self.option: chosen}
        if self.hands:
            data.setdefault("players", len(self.hands))
        return Rules.from_dict(data)

    def default_rules(self) -> Rules:
        """The same table with the option at its default (the comparison)."""
        return self.rules(OPTIONS[self.option].default)

    def game(self, rules: Rules | None = None) -> Game:
        """The table, the other seats' moves made."""
        rules = rules or self.rules()
        if not self.hands:
            game = Game(rules, self.seed)
        else:
            game = table(
                list(self.hands),
                self.draw,
                self.discard,
                current=self.current,
                dealer=self.dealer,
                seed=self.seed,
                uno_called=self.uno_called,
                **rules.to_dict(),
            )
        for text in self.before:
            game.apply(*parse_move(text))
        return game

    def moves(self) -> list[tuple[int, Move]]:
        return [parse_move(text) for text in self.actions]

    def expected(self, rules: Rules | None = None) -> tuple[Game, list[bool]]:
        """The engine's result of the person's moves, and which of them it allowed."""
        return outcome(self.game(rules), self.moves())


def outcome(game: Game, moves: list[tuple[int, Move]]) -> tuple[Game, list[bool]]:
    """``moves`` applied to ``game`` (changed), a refused one skipped; which were allowed."""
    allowed = []
    for seat, move in moves:
        try:
            game.apply(seat, move)
        except IllegalMoveError:
            allowed.append(False)
        else:
            allowed.append(True)
    return game, allowed


_LAST = ("R1", "B1 B2 B3", "Y1 Y2 Y3")  # seat 0 goes out with its last card
_OUT = {"hands": _LAST, "uno_called": (0,), "actions": ("0: play R1",)}

CASES: list[Case] = [
    # §1-2: the deck, the seats and the deal (the interface plays the engine's deal)
    Case("deck", "pairs", "the pairs deck is dealt"),
    Case("players", 3, "three seats"),
    Case("hand_size", 5, "five cards each"),
    Case("dealer_selection", "random", "the first dealer is drawn at random"),
    Case("dealer_draw_actions", "redraw", "an action card drawn for dealer is drawn again"),
    Case(
        "next_dealer",
        "previous_winner",
        "the winner deals the next round",
        actions=("0: play R1", "referee: deal"),
        hands=_LAST,
        uno_called=(0,),
        dealer=2,
    ),
    Case("start_card", "redraw_until_number", "an action start card is buried", seed=1),
    Case("start_reverse", "dealer_left", "a reverse start card: the dealer's left", seed=3),
    # §3: a turn
    Case(
        "draw_with_playable",
        "forbidden",
        "no drawing while holding a playable card",
        actions=("0: draw",),
        hands=("R1 G2", "B1 B2 B3", "Y1 Y2 Y3"),
    ),
    Case(
        "after_draw",
        "must_play",
        "the playable drawn card cannot be kept",
        actions=("0: draw", "0: pass"),
        hands=("G2 B3", "B1 B2 B3", "Y1 Y2 Y3"),
        draw="R5 G7 G8 G9",
    ),
    Case(
        "draw_until_playable",
        True,
        "drawing goes on until a playable card",
        actions=("0: draw",),
        hands=("G2 B3", "B1 B2 B3", "Y1 Y2 Y3"),
        draw="G7 Y1 R5 G8 G9",
    ),
    Case(
        "empty_draw_pile",
        "void_round",
        "an empty draw pile ends the round",
        actions=("0: draw",),
        hands=("G2 B3", "B1 B2 B3", "Y1 Y2 Y3"),
        draw="",
        discard="Y4 G4 R8",
    ),
    # §4: action cards
    Case(
        "swimming_skips",
        False,
        "the swimmer keeps the turn",
        actions=("0: play WKS red",),
        hands=("WKS G2", "R1 R2 R3", "Y1 Y2 Y3"),
        draw="G7 B7 G8 G9",
        extra={"deck": "swimming112"},
    ),
    Case(
        "custom_effect",
        "others_draw_one",
        "a custom wild makes the others draw",
        actions=("0: play WCU blue",),
        hands=("WCU G2", "R1 R2 R3", "Y1 Y2 Y3"),
        extra={"deck": "classic112"},
    ),
    Case(
        "custom_effect",
        "swap_hands",
        "a custom wild swaps hands with the player chosen",
        actions=("0: play WCU blue swap 2",),
        hands=("WCU G2", "R1 R2 R3", "Y1 Y2 Y3 Y4"),
        extra={"deck": "classic112"},
    ),
    # §5: wild draw four
    Case(
        "wd4_rule",
        "no_playable_card",
        "a +4 held with a card matching by number is a bluff",
        actions=("0: challenge",),
        hands=("R1 G2 Y3", "W+4 Y8 B1", "Y1 Y2 Y3"),
        current=1,
        before=("1: play W+4 blue",),
    ),
    Case(
        "challenge",
        False,
        "no challenge",
        actions=("0: challenge",),
        hands=("R1 G2 Y3", "W+4 B5 B6", "Y1 Y2 Y3"),
        current=1,
        before=("1: play W+4 blue",),
    ),
    Case(
        "challenge_fail_extra",
        0,
        "a failed challenge costs only the four",
        actions=("0: challenge",),
        hands=("R1 G2 Y3", "W+4 B5 B6", "Y1 Y2 Y3"),
        current=1,
        before=("1: play W+4 blue",),
    ),
    # §6: UNO
    Case(
        "uno_penalty",
        4,
        "a caught player draws four",
        actions=("0: catch 1",),
        hands=("R1 G2 Y3", "B5", "Y1 Y2 Y3"),
    ),
    Case(
        "catch_window",
        "until_next_play",
        "a draw does not close the catch window",
        actions=("0: catch 1",),
        hands=("G2 Y3", "B5", "Y1 Y2 Y3"),
        current=2,
        before=("2: draw",),
    ),
    Case(
        "false_catch_penalty",
        2,
        "a false catch costs two",
        actions=("0: catch 1",),
        hands=("R1 G2 Y3", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "false_uno_penalty",
        2,
        "a false UNO call costs two",
        actions=("0: uno",),
        hands=("R1 G2 Y3 B4", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    # §7: house rules
    Case(
        "stacking",
        "any",
        "a +2 stacked on a +2",
        actions=("0: play B+2",),
        hands=("B+2 G2 Y3", "R+2 R5 B6", "Y1 Y2 Y3"),
        current=1,
        before=("1: play R+2",),
    ),
    Case(
        "revenge",
        True,
        "a +2 on a +2 doubles the whole penalty",
        actions=("0: play B+2",),
        hands=("B+2 G2 Y3", "R+2 R5 B6", "Y1 Y2 Y3"),
        current=1,
        before=("1: play R+2",),
        extra={"stacking": "any"},
    ),
    Case(
        "mercy_limit",
        8,
        "a draw to 8 cards puts the person out of the round (VARIANTS §1)",
        actions=("0: draw",),
        hands=("G2 Y3 Y4 Y5 Y6 B1 B2", "R5 R6 B6", "Y1 Y2 Y3"),
    ),
    Case(
        "stack_challenge",
        "all",
        "a challenge judges every stacked +4",
        actions=("0: challenge",),
        hands=("G2 Y3", "W+4 R3 B1", "W+4 B2 B3"),
        current=1,
        before=("1: play W+4 blue", "2: play W+4 green"),
        extra={"stacking": "same_kind"},
    ),
    Case(
        "deflect",
        "any_color",
        "a skip passes the penalty on",
        actions=("0: play BS",),
        hands=("BS G2 Y3", "R+2 R5 B6", "Y1 Y2 Y3"),
        current=1,
        before=("1: play R+2",),
    ),
    Case(
        "jump_in",
        "identical",
        "a jump-in out of turn",
        actions=("0: play G5",),
        hands=("G5 Y3 B4", "G5 R5 B6", "Y1 Y2 Y3"),
        discard="G8",
        current=1,
        before=("1: play G5",),
    ),
    Case(
        "jump_in_stacking",
        "old",
        "a jump-in on a stack cancels only the jumped card",
        actions=("0: play Y+2",),
        hands=("Y+2 G2 B3", "R+2 R5 B6", "Y+2 Y5 Y6", "G1 G3 G4"),
        current=1,
        before=("1: play R+2", "2: play Y+2"),
        extra={"stacking": "any", "jump_in": "identical"},
    ),
    Case(
        "seven_zero",
        True,
        "a 7 swaps hands with the player chosen",
        actions=("0: play R7 swap 2",),
        hands=("R7 G2 B3", "B5 B6 B7", "Y1 Y2 Y3 Y4"),
    ),
    Case(
        "multi_play",
        "identical_pair",
        "two identical cards at once",
        actions=("0: play R5 R5",),
        hands=("R5 R5 B3", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "multi_play_same_color",
        True,
        "cards played together share a colour",
        actions=("0: play R5 B5",),
        hands=("R5 B5 G3", "B6 B7 B8", "Y1 Y2 Y3"),
        extra={"multi_play": "same_rank"},
    ),
    Case(
        "sum_jump_in",
        True,
        "number cards adding up to the top card, out of turn",
        actions=("0: play G3 G4",),
        hands=("G3 G4 B1", "G7 R5 B6", "Y1 Y2 Y3"),
        discard="G8",
        current=1,
        before=("1: play G7",),
    ),
    Case(
        "sum_jump_in_any_color",
        True,
        "a sum jump-in of any colour",
        actions=("0: play G3 B4",),
        hands=("G3 B4 Y1", "G7 R5 B6", "Y1 Y2 Y3"),
        discard="G8",
        current=1,
        before=("1: play G7",),
        extra={"sum_jump_in": True},
    ),
    Case(
        "number_finish",
        True,
        "the last card must be a number",
        actions=("0: play RS",),
        hands=("RS", "B5 B6 B7", "Y1 Y2 Y3"),
        uno_called=(0,),
    ),
    Case(
        "wild_multi",
        True,
        "a wild peeks at a hand",
        actions=("0: play W peek 1",),
        hands=("W G2 B3", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "misplay",
        "penalty_end_turn",
        "an illegal card costs a card and the turn",
        actions=("0: play G2",),
        hands=("G2 B3 R1", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "misplay",
        "penalty_continue",
        "an illegal card costs a card; the turn goes on",
        actions=("0: play G2", "0: play R1"),
        hands=("G2 B3 R1", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "turn_time_limit",
        1,
        "a turn not played in time draws the penalty",
        actions=("0: timeout",),
        hands=("G2 B3", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "slow_play_penalty",
        3,
        "a timeout costs three",
        actions=("0: timeout",),
        hands=("G2 B3", "B5 B6 B7", "Y1 Y2 Y3"),
        extra={"turn_time_limit": 1},
    ),
    Case(
        "teams",
        2,
        "the winner's team scores the opponents' cards only",
        actions=("0: play R1",),
        hands=("R1", "B1 B2", "Y1 Y2", "G1 G2"),
        uno_called=(0,),
    ),
    Case(
        "seat_change_every",
        1,
        "the seats change after the round",
        actions=("0: play R1", "referee: deal"),
        hands=_LAST,
        uno_called=(0,),
        dealer=2,
    ),
    # §8: scoring
    Case("round_end", "rank_all", "the round plays on after one goes out", **_OUT),  # type: ignore[arg-type]
    Case("scoring", "low_wins", "the points count against the others", **_OUT),  # type: ignore[arg-type]
    Case("target_score", 10, "the match ends at 10 points", **_OUT),  # type: ignore[arg-type]
    Case("score_multiplier", 2, "the round's points count twice", **_OUT),  # type: ignore[arg-type]
    Case(
        "rounds",
        1,
        "a one-round match under net scoring",
        extra={"scoring": "net"},
        **_OUT,  # type: ignore[arg-type]
    ),
    # the online tables' house rules (VARIANTS.md §2); revenge is with stacking, and
    # score_multiplier with the scoring
    Case(
        "reveal_hands_at",
        2,
        "a hand of two cards is laid open to the table",
        actions=("0: play R1",),
        hands=("R1 G2 Y3", "B5 B6", "Y1 Y2 Y3 Y4"),
    ),
    Case(
        "uno_call_window",
        "last_card_only",
        "strict UNO: no call holding two cards",
        actions=("0: uno",),
        hands=("R1 G2", "B5 B6 B7", "Y1 Y2 Y3"),
    ),
    Case(
        "catching",
        False,
        "silent UNO: a player who forgot UNO is not caught",
        actions=("0: catch 1",),
        hands=("R1 G2 Y3", "B5", "Y1 Y2 Y3"),
    ),
    Case(
        "hand_limit",
        8,
        "holding eight cards, no drawing",
        actions=("0: draw",),
        hands=("R1 G2 G3 G4 B2 B3 B4 Y2", "B5 B6 B7", "Y1 Y2 Y3"),
        extra={"draw_with_playable": "allowed"},
    ),
    Case(
        "bomb",
        True,
        "three of one number: the others draw one each",
        actions=("0: play R1 G1 B1 blue",),
        hands=("R1 G1 B1 Y5", "B5 B6 B7", "Y1 Y2 Y3"),
        extra={"multi_play": "same_rank"},
    ),
    Case("wild_start", "bury", "a wild start card is buried", seed=20),
    Case(
        "blind_draw",
        True,
        "a playable card drawn is kept face down, unseen: the turn passes",
        actions=("0: draw",),
        hands=("G1 B2", "B5 B6 B7", "Y1 Y2 Y3"),
        draw="R7 G8 G9 Y7 Y8 Y9",
    ),
    Case(
        "match_clock",
        1,
        "the clock runs out: the fewest cards (then points) win the round",
        actions=("referee: timeout",),
        hands=("R1 G2 G3", "B5 B6", "Y1 Y2"),
    ),
]
