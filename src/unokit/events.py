"""Events: what a move (or a deal) caused, as frozen records with named fields.

Each kind of event is a frozen dataclass (PokerKit's operations are the model): ``seat`` is the
seat the event is about (the one acting, or the one it falls on), the other fields are named
facts, and ``rule`` is the option that decided it (``"wd4_rule=no_matching_color"``), kept apart
from the facts. ``kind`` is a stable identifier (the ``type`` of the referee's JSON).

Texts are built only when read, by :mod:`unokit.narrator` (the presentation, above this module:
it installs itself with :func:`set_teller`): ``text`` is the referee's precise account,
``text_for(seat)`` the same with what that seat may not see hidden (the cards another seat drew,
a hand shown to a challenger only), and ``narrate`` renders an event for a player.

>>> from unokit.cards import Card
>>> e = Drew(1, (Card.parse("R5"),))
>>> e.cards, e.text, e.text_for(2)
((Card.parse('R5'),), 'seat 1 draws R5', 'seat 1 draws a card')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Literal, TypeVar

from unokit.cards import CARD_ID_LIMIT, CARD_IDS, Card, Color
from unokit.why import Why

__all__ = [
    "EVENT_TYPES",
    "Bomb",
    "Caught",
    "ChallengeLost",
    "ChallengeWon",
    "Challenged",
    "ChallengerTakesRest",
    "ClockRanOut",
    "ColorChosen",
    "CustomEffect",
    "Dealer",
    "DealerDraw",
    "DealerTie",
    "Dealt",
    "Deflected",
    "DiscardedAll",
    "DrawnMustPlay",
    "DrawnPlayable",
    "DrawnUnplayable",
    "Drew",
    "DrewNothing",
    "Eliminated",
    "Event",
    "FalseCatch",
    "FalseUno",
    "HandOpened",
    "HandRevealed",
    "HandsRotated",
    "HandsShuffled",
    "HandsSwapped",
    "JumpedIn",
    "Kept",
    "KeptFaceDown",
    "KnockedOut",
    "MatchWon",
    "Misdeal",
    "Misplayed",
    "Peeked",
    "PenaltyDrawn",
    "PenaltyPending",
    "PilesEmpty",
    "Played",
    "PointsMultiplied",
    "Reshuffled",
    "ReverseTwo",
    "Reversed",
    "ReversesCancel",
    "RouletteSpun",
    "RouletteTurned",
    "RoundBlocked",
    "RoundVoid",
    "RoundWon",
    "Scored",
    "SeatsChanged",
    "Skipped",
    "SkippedEveryone",
    "StartBuried",
    "StartCard",
    "StartDrawTwo",
    "StartReturned",
    "StartReverse",
    "StartReverseTwo",
    "StartSkip",
    "StartWild",
    "StartWildBuried",
    "Stuck",
    "SumJumpedIn",
    "Swam",
    "TablePenalty",
    "TimedOut",
    "Traded",
    "TurnedUp",
    "UnoCalled",
    "WentOut",
]

Cards = tuple[Card, ...]
Seats = tuple[int, ...]


def _no_teller(event: Event, viewer: int | None, lang: str) -> str:
    raise RuntimeError("no narrator: events are told by unokit.narrator (import unokit)")


#: How an event is told (the referee's account): events are data and know no words; the
#: presentation layer (:mod:`unokit.narrator`, which ``import unokit`` loads) installs its
#: ``referee_text`` here with :func:`set_teller`.
_teller: Callable[[Event, int | None, str], str] = _no_teller


def set_teller(teller: Callable[[Event, int | None, str], str]) -> None:
    """Install how :attr:`Event.text` and :meth:`Event.text_for` tell an event."""
    global _teller
    _teller = teller


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``seat`` is the seat it is about (``None``: the table);
    ``rule`` cites the option that decided it, when one did (``"uno_penalty=2"``, given when
    the event is made: ``rule=game.cite("uno_penalty")``): shown to the reader, never read
    back, since the facts are the fields. Secret parts (cards drawn, a hand
    shown) are for ``seat`` alone (:attr:`private`)."""

    kind: ClassVar[str] = ""
    seat: int | None
    rule: str | None = field(default=None, kw_only=True)

    @property
    def private(self) -> int | None:
        """The seat allowed to see the secret parts (the drawer, the challenger); nobody's
        but the referee's for cards drawn face down (``blind``: ``blind_draw``)."""
        return None if getattr(self, "blind", False) else self.seat

    @property
    def text(self) -> str:
        """The full account, as the referee sees it, citing the rule applied."""
        return _teller(self, None, "en")

    def text_for(self, viewer: int | None, lang: str = "en") -> str:
        """The referee's account as ``viewer`` may see it (``None``: everything), in ``lang``
        (``en``, ``zh-Hant``, ``zh-Hans``), citing the rule."""
        return _teller(self, viewer, lang)

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "text": self.text_for(viewer)}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.rule:
            out["rule"] = self.rule
        return out


# -- choosing the dealer, dealing, the start card ------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealerDraw(Event):
    """``seat`` draws ``card`` to choose the dealer."""

    kind: ClassVar[str] = "dealer_draw"
    card: Card


@dataclass(frozen=True, slots=True)
class DealerTie(Event):
    """``seats`` drew the same highest ``value`` for the dealer: they draw again."""

    kind: ClassVar[str] = "dealer_tie"
    seats: Seats
    value: int


@dataclass(frozen=True, slots=True)
class Dealer(Event):
    """``seat`` is the dealer."""

    kind: ClassVar[str] = "dealer"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``seat`` (the dealer) deals ``count`` cards to each player for round ``round_no``."""

    kind: ClassVar[str] = "deal"
    count: int
    round_no: int


@dataclass(frozen=True, slots=True)
class StartCard(Event):
    """``card`` is turned up as the start card."""

    kind: ClassVar[str] = "start_card"
    card: Card


@dataclass(frozen=True, slots=True)
class Misdeal(Event):
    """None of the ``left`` cards could become the start card: ``seat`` deals again."""

    kind: ClassVar[str] = "misdeal"
    left: int


@dataclass(frozen=True, slots=True)
class StartReturned(Event):
    """``card`` (a W+4) cannot start: it is shuffled back and a new card is turned."""

    kind: ClassVar[str] = "start_returned"
    card: Card


@dataclass(frozen=True, slots=True)
class StartBuried(Event):
    """``card`` is not a number card: it is buried and the next card turned."""

    kind: ClassVar[str] = "start_buried"
    card: Card


@dataclass(frozen=True, slots=True)
class StartSkip(Event):
    """The start card skips ``seat``; ``first`` starts."""

    kind: ClassVar[str] = "start_skip"
    first: int


@dataclass(frozen=True, slots=True)
class StartReverse(Event):
    """The start card reverses the direction; ``first`` starts."""

    kind: ClassVar[str] = "start_reverse"
    first: int


@dataclass(frozen=True, slots=True)
class StartReverseTwo(Event):
    """With two players a start reverse skips ``seat``; ``first`` starts."""

    kind: ClassVar[str] = "start_reverse_two"
    first: int


@dataclass(frozen=True, slots=True)
class StartDrawTwo(Event):
    """The start card makes ``seat`` draw ``cards`` and lose the turn; ``next`` plays."""

    kind: ClassVar[str] = "start_draw_two"
    cards: Cards
    next: int
    #: the cards went into the hand face down, unseen by their drawer (``blind_draw``)
    blind: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class StartWild(Event):
    """The start card is a wild: ``seat``, the first player, names the colour."""

    kind: ClassVar[str] = "start_wild"


# -- turns ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ColorChosen(Event):
    kind: ClassVar[str] = "color_chosen"
    color: Color


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` plays ``cards`` (naming ``color`` for a wild)."""

    kind: ClassVar[str] = "play"
    cards: Cards
    color: Color | None = None


@dataclass(frozen=True, slots=True)
class UnoCalled(Event):
    kind: ClassVar[str] = "uno"


@dataclass(frozen=True, slots=True)
class FalseUno(Event):
    """``seat`` called UNO wrongly and draws ``count``."""

    kind: ClassVar[str] = "false_uno"
    count: int


@dataclass(frozen=True, slots=True)
class Caught(Event):
    """``seat`` catches ``target``, who did not call UNO; ``target`` draws ``count``."""

    kind: ClassVar[str] = "caught"
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class FalseCatch(Event):
    """``seat`` wrongly catches ``target`` and draws ``count``."""

    kind: ClassVar[str] = "false_catch"
    target: int
    count: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` draws ``cards`` (seen by ``seat`` alone)."""

    kind: ClassVar[str] = "draw"
    cards: Cards
    #: the cards went into the hand face down, unseen by their drawer (``blind_draw``)
    blind: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class DrewNothing(Event):
    """``seat`` draws, but both piles are empty: nothing comes and ``next`` plays."""

    kind: ClassVar[str] = "draw_none"
    next: int


@dataclass(frozen=True, slots=True)
class DrawnPlayable(Event):
    """The drawn ``card`` is playable: ``seat`` may play it or keep it."""

    kind: ClassVar[str] = "drawn_playable"
    card: Card


@dataclass(frozen=True, slots=True)
class DrawnMustPlay(Event):
    """The drawn ``card`` is playable and ``seat`` must play it."""

    kind: ClassVar[str] = "drawn_must_play"
    card: Card


@dataclass(frozen=True, slots=True)
class DrawnUnplayable(Event):
    """``seat`` cannot play the drawn card: the turn passes to ``next``. ``bluff``: the card is
    a +4 that would be a bluff, which Force Play does not force (``after_draw = must_play``,
    legality.playable_drawn); told to ``seat`` alone, the others hear of an unplayable card."""

    kind: ClassVar[str] = "drawn_unplayable"
    next: int
    bluff: bool = False


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """``seat`` keeps the drawn card; ``next`` plays."""

    kind: ClassVar[str] = "pass"
    next: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    kind: ClassVar[str] = "timeout"
    count: int
    next: int


@dataclass(frozen=True, slots=True)
class Misplayed(Event):
    """``seat`` played ``card``, which was not legal (``why``): it goes back, ``seat`` draws
    ``count``; ``next`` plays (``seat`` itself when the turn goes on), ``pending`` is the
    penalty ``seat`` still faces or took."""

    kind: ClassVar[str] = "misplay"
    card: Card
    why: Why
    count: int
    next: int
    pending: int


@dataclass(frozen=True, slots=True)
class TablePenalty(Event):
    """The referee gives ``seat`` a penalty of ``count`` cards (for ``reason``)."""

    kind: ClassVar[str] = "table_penalty"
    count: int
    reason: str


# -- what cards do -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """``skipped`` lose their turn (``seat``: the one, or ``None`` for several); ``next`` plays."""

    kind: ClassVar[str] = "skip"
    next: int
    skipped: Seats


@dataclass(frozen=True, slots=True)
class ReversesCancel(Event):
    kind: ClassVar[str] = "reverses_cancel"
    count: int


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """The direction is now ``direction`` (1 clockwise, -1 counter-clockwise)."""

    kind: ClassVar[str] = "reverse"
    direction: int


@dataclass(frozen=True, slots=True)
class ReverseTwo(Event):
    """With two players a reverse acts as a skip: ``seat`` plays again."""

    kind: ClassVar[str] = "reverse_two"


@dataclass(frozen=True, slots=True)
class PenaltyDrawn(Event):
    """``seat`` draws ``cards`` and loses the turn; ``next`` plays (-1: nobody, the round is
    over: the penalty of a last card). ``cause``: the card that made it, the pending penalty
    (``"stack"``) or a last card played (``"last_card"``)."""

    kind: ClassVar[str] = "penalty_draw"
    cards: Cards
    cause: Card | Literal["stack", "last_card"]
    next: int
    #: the cards went into the hand face down, unseen by their drawer (``blind_draw``)
    blind: bool = field(default=False, kw_only=True)


#: how a pending penalty may be answered first (``PenaltyPending.answer``): stacking as its
#: value allows, a challenge of the +4, passing it on (deflect), or only drawing it (others may
#: jump in first)
PenaltyAnswer = Literal[
    "", "same_kind", "two_under_four", "any", "not_lower", "challenge", "deflect", "jump_in"
]


@dataclass(frozen=True, slots=True)
class PenaltyPending(Event):
    """``seat`` faces a pending penalty of ``count``. ``answer``: what made it wait, the answer
    told first (a ``stacking`` value, else ``challenge`` for a +4 that may be challenged, else
    ``deflect``, else ``jump_in``; its ``rule`` cites that option); ``challenge``: the +4 on top
    may be challenged; ``deflect``: a skip or reverse may pass it on (deflect on)."""

    kind: ClassVar[str] = "penalty_pending"
    count: int
    challenge: bool = False
    deflect: bool = False
    answer: PenaltyAnswer = ""


@dataclass(frozen=True, slots=True)
class Deflected(Event):
    """``seat`` passes the penalty of ``count`` on with ``card``: ``target`` faces it."""

    kind: ClassVar[str] = "deflect"
    card: Card
    count: int
    target: int


@dataclass(frozen=True, slots=True)
class JumpedIn(Event):
    """``seat`` jumps in on ``target``'s ``cards``; ``stacking``: the jump_in_stacking mode
    when penalties were stacked (``""`` when none were)."""

    kind: ClassVar[str] = "jump_in"
    target: int
    cards: Cards
    stacking: Literal["", "new", "old"] = ""


@dataclass(frozen=True, slots=True)
class SumJumpedIn(Event):
    kind: ClassVar[str] = "sum_jump_in"
    target: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    """``seat`` challenges the +4 that ``target`` played (told before the hand is shown)."""

    kind: ClassVar[str] = "challenge"
    target: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """``player`` shows ``hand`` to ``seat`` (the challenger) alone."""

    kind: ClassVar[str] = "reveal"
    player: int
    hand: Cards


@dataclass(frozen=True, slots=True)
class ChallengeWon(Event):
    """``seat`` challenged and ``liar`` held ``evidence`` (cards of ``lacked``'s colour, or any
    playable card when ``by_color`` is false): ``liar`` draws ``count``; ``seat`` takes the
    ``rest`` of the stack and plays on, matching ``color``."""

    kind: ClassVar[str] = "challenge_won"
    liar: int
    lacked: Color | None
    by_color: bool
    evidence: Cards
    count: int
    color: Color
    rest: int = 0


@dataclass(frozen=True, slots=True)
class ChallengeLost(Event):
    """``seat`` challenged ``challenged``, who held no card of ``lacked``'s colour (or no
    playable card when ``by_color`` is false): ``seat`` draws ``count``."""

    kind: ClassVar[str] = "challenge_lost"
    challenged: Seats
    lacked: Color | None
    by_color: bool
    count: int


@dataclass(frozen=True, slots=True)
class ChallengerTakesRest(Event):
    kind: ClassVar[str] = "challenger_takes_rest"
    count: int


@dataclass(frozen=True, slots=True)
class HandsSwapped(Event):
    kind: ClassVar[str] = "swap"
    target: int


@dataclass(frozen=True, slots=True)
class HandsRotated(Event):
    kind: ClassVar[str] = "rotate"
    direction: int


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """``seat`` looks at ``target``'s ``hand`` (seen by ``seat`` alone)."""

    kind: ClassVar[str] = "peek"
    target: int
    hand: Cards


@dataclass(frozen=True, slots=True)
class Traded(Event):
    """``seat`` gives ``target`` the cards ``given`` and takes ``taken`` at random."""

    kind: ClassVar[str] = "trade"
    target: int
    given: Cards
    taken: Cards


@dataclass(frozen=True, slots=True)
class HandsShuffled(Event):
    """All hands are shuffled together and dealt out from ``first``."""

    kind: ClassVar[str] = "shuffle_hands"
    first: int


@dataclass(frozen=True, slots=True)
class CustomEffect(Event):
    kind: ClassVar[str] = "custom"
    description: str


@dataclass(frozen=True, slots=True)
class Swam(Event):
    """``seat`` draws ``cards`` until a blue card (``found``), then loses the turn to ``next``
    when ``skips``."""

    kind: ClassVar[str] = "swim"
    cards: Cards
    found: bool
    next: int
    skips: bool
    #: the cards went into the hand face down, unseen by their drawer (``blind_draw``)
    blind: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class SeatsChanged(Event):
    """Players change seats: seat ``i`` now holds player ``seating[i]``."""

    kind: ClassVar[str] = "seat_change"
    seating: Seats


# -- UNO Show 'Em No Mercy's cards and mercy rule (VARIANTS.md §1) --------------------------------


@dataclass(frozen=True, slots=True)
class SkippedEveryone(Event):
    """``seat`` played a skip everyone: every other player (``skipped``) loses the turn and
    ``seat`` plays again."""

    kind: ClassVar[str] = "skip_everyone"
    skipped: Seats


@dataclass(frozen=True, slots=True)
class DiscardedAll(Event):
    """``seat`` played a discard all of ``color`` and discards with it ``cards``, every other
    card of that colour it held (put under the discard all, which stays on top)."""

    kind: ClassVar[str] = "discard_all"
    color: Color
    cards: Cards


@dataclass(frozen=True, slots=True)
class RouletteSpun(Event):
    """``seat`` played a wild colour roulette: ``target``, the next player, names a colour and
    turns cards until one of it shows."""

    kind: ClassVar[str] = "roulette"
    target: int


@dataclass(frozen=True, slots=True)
class RouletteTurned(Event):
    """``seat`` named ``color`` for a colour roulette and turned up ``cards`` (face up, seen by
    all) until one of that colour showed (``found``; not when both piles ran out first), takes
    them all and loses the turn: ``next`` plays."""

    kind: ClassVar[str] = "roulette_turned"
    color: Color
    cards: Cards
    found: bool
    next: int


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """The mercy rule: ``seat`` holds ``count`` cards, the limit or more, and is out of the round
    at once; its cards go under the discard pile."""

    kind: ClassVar[str] = "knocked_out"
    count: int


# -- the piles, the end of a round and of the match -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (less its top) becomes a new draw pile of ``count`` cards."""

    kind: ClassVar[str] = "reshuffle"
    count: int


@dataclass(frozen=True, slots=True)
class PilesEmpty(Event):
    kind: ClassVar[str] = "piles_empty"


@dataclass(frozen=True, slots=True)
class RoundVoid(Event):
    kind: ClassVar[str] = "void_round"


@dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` goes out, in ``place``."""

    kind: ClassVar[str] = "out"
    place: int


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """``seat`` wins the round (for ``team``, the seats ``mates``, when teams play)."""

    kind: ClassVar[str] = "round_won"
    team: int | None = None
    mates: Seats = ()


@dataclass(frozen=True, slots=True)
class Scored(Event):
    kind: ClassVar[str] = "points"
    points: int
    total: int


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    kind: ClassVar[str] = "eliminated"


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    """The match is over: ``seat`` wins (``None``: nobody); ``ranking`` best first."""

    kind: ClassVar[str] = "match_won"
    ranking: Seats


# -- the online tables' house rules (VARIANTS.md §2) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class StartWildBuried(Event):
    """``card``, a wild turned up to start, is buried in the draw pile and the next card
    turned (``wild_start = bury``)."""

    kind: ClassVar[str] = "start_wild_buried"
    card: Card


@dataclass(frozen=True, slots=True)
class HandOpened(Event):
    """``seat`` is down to ``cards`` (``reveal_hands_at`` or fewer): its hand is laid open to
    everyone."""

    kind: ClassVar[str] = "hand_open"
    cards: Cards


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    """``seat`` holds ``count`` cards (``hand_limit`` or more) and cannot play: it may not
    draw, so the turn passes to ``next``."""

    kind: ClassVar[str] = "stuck"
    count: int
    next: int


@dataclass(frozen=True, slots=True)
class RoundBlocked(Event):
    """Nobody can move (every seat at the hand limit with nothing to play): the round ends
    with no winner and no score (``hand_limit``)."""

    kind: ClassVar[str] = "round_blocked"


@dataclass(frozen=True, slots=True)
class Bomb(Event):
    """``seat`` plays ``cards``, three or more of one number: a bomb (``bomb``): each of
    ``victims`` draws one card."""

    kind: ClassVar[str] = "bomb"
    cards: Cards
    victims: Seats


@dataclass(frozen=True, slots=True)
class ClockRanOut(Event):
    """The match clock ran out (``match_clock``): the round ends; ``leaders`` hold the fewest
    cards, ``count`` each, and of them the fewest points, ``points``; one leader wins the round
    (``seat``), several tie: the round ends with no winner (``seat`` is ``None``). ``out``: a
    player had gone out already (``round_end = rank_all``), who keeps the win."""

    kind: ClassVar[str] = "clock_out"
    leaders: Seats
    count: int
    points: int
    out: bool = False


@dataclass(frozen=True, slots=True)
class KeptFaceDown(Event):
    """``seat`` drew face down (``blind_draw``): the card is kept unseen and ``next`` plays."""

    kind: ClassVar[str] = "kept_face_down"
    next: int


@dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """``seat``'s turn begins: it turns up ``cards``, drawn face down since its last turn
    (``blind_draw``), and sees them (they stay hidden from the others)."""

    kind: ClassVar[str] = "turned_up"
    cards: Cards


@dataclass(frozen=True, slots=True)
class PointsMultiplied(Event):
    """The round's points count ``factor`` times (``score_multiplier``)."""

    kind: ClassVar[str] = "points_multiplied"
    factor: int


#: every event type by its ``kind``
EVENT_TYPES: dict[str, type[Event]] = {
    value.kind: value
    for value in list(globals().values())
    if isinstance(value, type) and issubclass(value, Event) and value.kind
}


def _fast_init(cls: type[Event]) -> None:
    """Give ``cls`` an ``__init__`` that stores each field through its slot directly: the same
    signature, defaults and result as the dataclass's own (which goes through
    ``object.__setattr__`` by name, field by field, to get past the frozen ``__setattr__``),
    at half the cost. An event is made for nearly every move of every game."""
    positional: list[str] = []
    keyword: list[str] = []
    env: dict[str, Any] = {}
    body: list[str] = []
    for f in fields(cls):
        if f.default_factory is not MISSING:  # pragma: no cover - no event has one
            return
        param = f.name
        if f.default is not MISSING:
            env[f"default_{f.name}"] = f.default
            param += f"=default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
        env[f"set_{f.name}"] = getattr(cls, f.name).__set__
        body.append(f"    set_{f.name}(self, {f.name})")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    code = f"def __init__({params}) -> None:\n" + "\n".join(body)
    exec(code, env)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]


_EVENT_CLASSES: list[type[Event]] = [Event, *EVENT_TYPES.values()]
for _cls in _EVENT_CLASSES:
    _fast_init(_cls)
del _cls, _EVENT_CLASSES


# Shared events: the commonest events of a move are values met again and again (seat 1 plays
# R5, seat 0 draws G2, ...); frozen, they are made once and shared, seat by seat (2-10 seats),
# rather than built for every move. They never go through ``Game.emit`` (which sets a rule on
# the event it is given): events without a rule, and the drawn card's ``DrawnMustPlay`` /
# ``DrawnPlayable``, shared with their rule's text (the same text for every game whose rules
# give it).
_SEATS = 10
_CARD_IDS = CARD_ID_LIMIT
#: ``[seat][card * 5 + slot]``: the shared ``Played(seat, (card,), color)`` once made (slot 0 for
#: no colour named, 1 + colour otherwise), else None; read by :func:`unokit.play.resolve_play`
PLAYED_ONE: list[list[Played | None]] = [[None] * (_CARD_IDS * 5) for _ in range(_SEATS)]
#: ``[seat][card]``: the shared ``Drew(seat, (card,))`` of every card (made at import: 10 seats x
#: 57 kinds); read by ``drawing.voluntary_draw``
DREW_ONE: list[list[Drew | None]] = [
    [Drew(seat, (Card(c),)) if c in CARD_IDS else None for c in range(_CARD_IDS)]
    for seat in range(_SEATS)
]


def played_one(seat: int, card: Card, color: Color | None) -> Played:
    """``Played(seat, (card,), color)``, shared."""
    key = card * 5 + (0 if color is None else 1 + color)
    row = PLAYED_ONE[seat] if seat < _SEATS else None
    event = row[key] if row is not None else None
    if event is None:
        event = Played(seat, (card,), color)
        if row is not None:
            row[key] = event
    return event


def drew_one(seat: int, card: Card) -> Drew:
    """``Drew(seat, (card,))``, shared."""
    event = DREW_ONE[seat][card] if seat < _SEATS else None
    return event if event is not None else Drew(seat, (card,))


_DRAWN_CAN_PLAY: list[list[DrawnPlayable | DrawnMustPlay | None]] = [
    [None] * (_CARD_IDS * 2) for _ in range(_SEATS)
]


def drawn_can_play(seat: int, card: Card, must: bool, rule: str) -> DrawnPlayable | DrawnMustPlay:
    """``DrawnMustPlay(seat, card, rule=rule)`` if ``must``, else ``DrawnPlayable``, shared
    (the rule's text is the table's: the same for every game with these rules)."""
    key = card * 2 + must
    row = _DRAWN_CAN_PLAY[seat] if seat < _SEATS else None
    event = row[key] if row is not None else None
    if event is None or event.rule != rule:
        event = (DrawnMustPlay if must else DrawnPlayable)(seat, card, rule=rule)
        if row is not None:
            row[key] = event
    return event


def unplayable(seat: int, next: int) -> DrawnUnplayable:
    """``DrawnUnplayable(seat, next)``, shared."""
    return _seat_next(UNPLAYABLE, DrawnUnplayable, seat, next)


def kept(seat: int, next: int) -> Kept:
    """``Kept(seat, next)``, shared."""
    return _seat_next(_KEPT, Kept, seat, next)


_E = TypeVar("_E", bound=Event)
#: ``[seat][next]``: the shared ``DrawnUnplayable(seat, next)`` (made at import); read by
#: ``drawing.voluntary_draw``
UNPLAYABLE: list[list[DrawnUnplayable | None]] = [
    [DrawnUnplayable(seat, next) for next in range(_SEATS)] for seat in range(_SEATS)
]
_KEPT: list[list[Kept | None]] = [[None] * _SEATS for _ in range(_SEATS)]


def _seat_next(
    table: list[list[_E | None]], kind: Callable[[int, int], _E], seat: int, next: int
) -> _E:
    if seat < _SEATS and next < _SEATS:
        event = table[seat][next]
        if event is None:
            event = table[seat][next] = kind(seat, next)
        return event
    return kind(seat, next)
