"""The game: a match of UNO rounds as a state machine (RULES.md §2-§8).

The engine answers, for any seat at any moment, which moves it may make now
(:meth:`Game.legal_moves`), including moves out of turn (calling UNO, catching, jumping in).
Applying a legal move changes the state and returns the events it caused; an illegal move
raises :class:`~unokit.errors.IllegalMoveError` saying why, and changes nothing.

The mechanics live in small modules: :mod:`unokit.legality` (what is allowed, and why not),
:mod:`unokit.play` (what a card does), :mod:`unokit.rounds` (deals, scoring rounds).

>>> game = Game(Rules(players=3), seed=1)
>>> seat = game.current
>>> moves = game.legal_moves(seat)
>>> events = game.apply(seat, moves[0])
>>> game.copy() == game
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, SupportsIndex

from unokit import events as ev
from unokit import legality, play, rounds
from unokit.cards import COLOR_OF, Card, Color, deck_cards
from unokit.errors import IllegalMoveError, StateError
from unokit.events import Event
from unokit.moves import (
    REFEREE,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Move,
    Pass,
    Penalty,
    Play,
    Timeout,
)
from unokit.phase import Phase
from unokit.play import JumpWindow, StackEntry
from unokit.rng import SEED_LIMIT, Rng, checked_seed
from unokit.rules import Rules
from unokit.scoring import team_of

__all__ = ["Game", "Phase", "View"]


_PLAY: Final = Phase.PLAY
_AFTER_DRAW: Final = Phase.AFTER_DRAW
_PENALTY: Final = Phase.PENALTY
_ROUND_OVER: Final = Phase.ROUND_OVER
_DREW_ONE: Final = ev.DREW_ONE  # shared events (events.py), read without a call
_UNPLAYABLE: Final = ev.UNPLAYABLE


class _RoundEnded(Exception):
    """Raised inside a move when the round is abandoned (empty_draw_pile = void_round)."""


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see. Other hands are counts; the draw pile is a count."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card | None
    color: Color | None
    direction: int
    current: int | None
    phase: Phase
    pending_draw: int
    draw_pile_size: int
    discard: tuple[Card, ...]
    uno_called: tuple[bool, ...]
    in_round: tuple[bool, ...]
    dealer: int
    scores: tuple[int, ...]
    revealed: dict[int, tuple[Card, ...]]
    drawn_card: Card | None
    legal_moves: tuple[Move, ...]
    rules: Rules
    catchable: tuple[int, ...] = ()
    jump: JumpWindow | None = None
    stack: tuple[tuple[int, Card, int], ...] = ()  #: (seat, card, colour it was played on)
    round_no: int = 1
    eliminated: tuple[bool, ...] = ()
    seating: tuple[int, ...] = ()
    #: after a sum jump-in, its cards: the next player may follow any one of them (§7.6)
    group: tuple[Card, ...] = ()

    @property
    def my_turn(self) -> bool:
        """Whether the game waits for this seat's decision."""
        return self.current == self.seat

    def to_dict(self) -> dict[str, Any]:
        from unokit.notation import format_move_body

        return {
            "seat": self.seat,
            "hand": [c.code for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "top": self.top.code if self.top is not None else None,
            "color": self.color.label if self.color is not None else None,
            "direction": "cw" if self.direction == 1 else "ccw",
            "current": self.current,
            "phase": self.phase.label,
            "pending_draw": self.pending_draw,
            "draw_pile": self.draw_pile_size,
            "discard": [c.code for c in self.discard],
            "uno_called": list(self.uno_called),
            "in_round": list(self.in_round),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "revealed": {str(k): [c.code for c in v] for k, v in self.revealed.items()},
            "drawn_card": self.drawn_card.code if self.drawn_card is not None else None,
            "legal_moves": [format_move_body(m) for m in self.legal_moves],
        }


def _state(
    key: str | None,
    new: Callable[[Rules, int], Any],
    copy: Callable[[Any], Any] | None = None,
    dump: Callable[[Any], Any] | None = None,
    seen: Callable[[View], Any] | None = None,
) -> Any:
    """One field of a game's state, declared once: its ``key`` in the saved state (``None``:
    not saved), its value in a new game (``new(rules, seed)``), how :meth:`Game.copy` copies
    it (``None``: shared, for values never changed in place), its JSON form (``dump``,
    ``None``: as it is) and, for what every seat may know, how it is read back from a seat's
    :class:`View` (``seen``; ``None``: hidden, or not needed to go on playing the round).
    ``_setup``, ``copy``, ``to_dict``, the all-or-nothing deal, the loader's list of keys
    (:data:`STATE_KEYS`) and determinization (:data:`SEEN`) are all made from these fields."""
    return field(metadata={"key": key, "new": new, "copy": copy, "dump": dump, "seen": seen})


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _list(value: list[Any]) -> list[Any]:
    return value[:]


def _lists(value: list[list[Card]]) -> list[list[Card]]:
    return [h[:] for h in value]


def _dump_stack(entries: list[StackEntry]) -> list[dict[str, Any]]:
    return [
        {
            "seat": e.seat,
            "card": e.card.code,
            "honest": e.honest,
            "color": e.color,
            "hand": _codes(e.hand),
            "under": e.under.code if e.under is not None else None,
            "tops": _codes(e.tops),
        }
        for e in entries
    ]


def _dump_jump(j: JumpWindow | None) -> dict[str, Any] | None:
    if j is None:
        return None
    return {
        "player": j.player,
        "cards": _codes(j.cards),
        "direction": j.direction,
        "pending": j.pending,
        "stack": j.stack,
        "skipped": list(j.skipped),
    }


def _dump_revealed(
    value: tuple[int, dict[int, tuple[Card, ...]]] | None,
) -> dict[str, Any] | None:
    if value is None:
        return None
    viewer, shown = value
    return {"viewer": viewer, "hands": {str(s): _codes(h) for s, h in shown.items()}}


def _dump_history(moves: list[tuple[int, Move]]) -> list[str]:
    from unokit.notation import format_move

    return [format_move(s, m) for s, m in moves]


def _card_code(card: Card | None) -> str | None:
    return card.code if card is not None else None


class _PerSeat:
    """A new game's list of ``value`` for each seat."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __call__(self, rules: Rules, seed: int) -> list[Any]:
        return [self.value] * rules.players


def _per_seat(value: Any) -> Callable[[Rules, int], list[Any]]:
    return _PerSeat(value)


def _empty(rules: Rules, seed: int) -> list[Any]:
    return []


def _none(rules: Rules, seed: int) -> None:
    return None


def _zero(rules: Rules, seed: int) -> int:
    return 0


# Read-only values derived from the rules, made once per rule set and shared by the games
# (a game only copies its deck, and only reads its rule texts)
_DECK_OF: dict[str, list[Card]] = {}
_RULE_TEXT: dict[Rules, dict[str, str]] = {}


def _deck_of(rules: Rules) -> list[Card]:
    deck = _DECK_OF.get(rules.deck)
    if deck is None:
        deck = _DECK_OF[rules.deck] = deck_cards(rules.deck)
    return deck


def _rule_text(rules: Rules) -> dict[str, str]:
    text = _RULE_TEXT.get(rules)
    if text is None:
        if len(_RULE_TEXT) >= 1024:
            _RULE_TEXT.clear()
        text = _RULE_TEXT[rules] = {name: rules.describe(name) for name in rules.to_dict()}
    return text


@dataclass(slots=True, init=False, eq=False, repr=False)
class Game:
    """A match of UNO under the given rules, dealt from ``seed``.

    Construction selects the dealer, deals and turns up the start card; the events of that
    deal are in :attr:`deal_events`. The fields below are the whole state, each declared once
    with how it is made, copied and saved (:func:`_state`).
    """

    rules: Rules = _state("rules", lambda r, s: r, dump=Rules.to_dict)
    seed: int = _state("seed", lambda r, s: s)
    rng: Rng = _state("rng", lambda r, s: Rng(s), lambda g: Rng(g.state), lambda g: g.state)
    hands: list[list[Card]] = _state(
        "hands",
        lambda r, s: [[] for _ in range(r.players)],
        _lists,
        lambda hands: [_codes(h) for h in hands],
    )
    draw_pile: list[Card] = _state("draw_pile", _empty, _list, _codes)
    discard: list[Card] = _state("discard", _empty, _list, _codes, seen=lambda v: list(v.discard))
    color: int = _state(
        "color", lambda r, s: -1, seen=lambda v: int(v.color) if v.color is not None else -1
    )
    direction: int = _state("direction", lambda r, s: 1, seen=lambda v: v.direction)
    current: int = _state(
        "current", _zero, seen=lambda v: v.current if v.current is not None else v.seat
    )
    dealer: int = _state("dealer", _zero, seen=lambda v: v.dealer)
    phase: Phase = _state(
        "phase", lambda r, s: Phase.PLAY, dump=lambda p: p.label, seen=lambda v: v.phase
    )
    pending_draw: int = _state("pending_draw", _zero, seen=lambda v: v.pending_draw)
    drawn: Card | None = _state("drawn", _none, dump=_card_code, seen=lambda v: v.drawn_card)
    stack: list[StackEntry] = _state("stack", _empty, _list, _dump_stack)
    jump: JumpWindow | None = _state("jump", _none, dump=_dump_jump, seen=lambda v: v.jump)
    tops: tuple[Card, ...] | None = _state(
        "tops",
        _none,
        dump=lambda t: _codes(t) if t is not None else None,
        seen=lambda v: v.group or None,
    )
    seating: list[int] = _state(
        "seating",
        lambda r, s: list(range(r.players)),
        _list,
        list,
        seen=lambda v: list(v.seating) or list(range(v.rules.players)),
    )
    called: list[bool] = _state(
        "called", _per_seat(False), _list, list, seen=lambda v: list(v.uno_called)
    )
    window: list[bool] = _state(
        "window",
        _per_seat(False),
        _list,
        list,
        seen=lambda v: [s in v.catchable for s in range(v.rules.players)],
    )
    revealed: tuple[int, dict[int, tuple[Card, ...]]] | None = _state(
        "revealed", _none, dump=_dump_revealed
    )
    in_round: list[bool] = _state(
        "in_round", _per_seat(True), _list, list, seen=lambda v: list(v.in_round)
    )
    eliminated: list[bool] = _state(
        "eliminated",
        _per_seat(False),
        _list,
        list,
        seen=lambda v: list(v.eliminated) or [False] * v.rules.players,
    )
    elimination_order: list[int] = _state("elimination_order", _empty, _list, list)
    out_order: list[int] = _state("out_order", _empty, _list, list)
    scores: list[int] = _state("scores", _per_seat(0), _list, list, seen=lambda v: list(v.scores))
    round_points: list[int] = _state("round_points", _per_seat(0), _list, list)
    round_no: int = _state("round_no", _zero, seen=lambda v: v.round_no)
    scored_rounds: int = _state("scored_rounds", _zero)
    winner: int | None = _state("winner", _none)
    match_ranking: list[int] = _state("match_ranking", _empty, _list, list)
    history: list[tuple[int, Move]] = _state("history", _empty, _list, _dump_history)
    #: the described table this game started from (a scenario), as a saved state
    origin: dict[str, Any] | None = _state("origin", _none)
    # derived from the rules, or passing: not saved
    n: int = _state(None, lambda r, s: r.players)
    deck: list[Card] = _state(None, lambda r, s: _deck_of(r))
    rule_text: dict[str, str] = _state(None, lambda r, s: _rule_text(r))
    #: whether the common turn's plays may be looked up (legality.quick_rules)
    quick: bool = _state(None, lambda r, s: legality.quick_rules(r))
    _legal: dict[int, list[Move]] = _state(None, lambda r, s: {}, lambda v: {})
    deal_events: list[Event] = _state(None, _empty)
    #: the events of the move being made (``apply`` returns them; ``emit`` adds one)
    move_events: list[Event] = _state(None, _empty, lambda v: [])

    def __init__(self, rules: Rules | None = None, seed: SupportsIndex = 0) -> None:
        # (SupportsIndex: see Rng; a seed that is not a whole number from 0 to 2**64-1 is
        # refused with RulesError, compiled or not)
        rules = rules or Rules()
        self._setup(
            rules, seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed)
        )
        rounds.select_first_dealer(self)
        try:
            rounds.deal(self)
        except _RoundEnded:  # the start +2 ran the draw pile out under void_round (001)
            pass
        self.deal_events = self.move_events
        self.move_events = []

    def _setup(self, rules: Rules, seed: int) -> None:
        """Every field as in a new game, before the dealer is chosen."""
        _setup_fields(self, rules, seed)

    @classmethod
    def blank(cls, rules: Rules, seed: SupportsIndex = 0) -> Game:
        """A game with every field as a new game has it, before the dealer is chosen and the
        cards are dealt: what a loader (``record.load_state``) or a sampled game
        (``sim.determinize``) fills in. A seed that is not a whole number from 0 to 2**64-1
        is refused with RulesError."""
        game = _blank(cls)
        _setup_fields(
            game,
            rules,
            seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed),
        )
        return game

    @classmethod
    def from_table(
        cls,
        rules: Rules,
        hands: list[list[Card]],
        draw_pile: list[Card],
        discard: list[Card] | None = None,
        *,
        color: Color | None = None,
        current: int = 0,
        direction: int = 1,
        dealer: int | None = None,
        seed: SupportsIndex = 0,
        uno_called: Iterable[int] = (),
        scores: list[int] | None = None,
    ) -> Game:
        """A game set up as described: the referee's starting point for a dispute.

        ``draw_pile`` is top first; ``discard`` bottom first (top last). With no discard, a
        start card is turned up from the draw pile as in a real deal. Cards the table does not
        place stay out of this round (the next deal gathers the whole deck). A seat holding
        one card that has not called UNO may be caught until the next action. Raises
        :class:`~unokit.errors.StateError` with the reason when the table is impossible.
        """
        from unokit.cards import DECKS

        n = rules.players
        if len(hands) != n:
            raise StateError(f"the table has {len(hands)} hands but players = {n}")
        placed = [c for h in hands for c in h] + list(draw_pile) + list(discard or [])
        allowed = DECKS[rules.deck]
        counts: dict[Card, int] = {}
        for card in placed:
            counts[card] = counts.get(card, 0) + 1
        for card, k in counts.items():
            if k > allowed.get(card, 0):
                raise StateError(
                    f"the table holds {k} copies of {card.code}, but deck = {rules.deck} has "
                    f"{allowed.get(card, 0)}"
                )
        for name, seat in (("current", current), ("dealer", dealer)):
            if seat is not None and not 0 <= seat < n:
                raise StateError(f"{name} = {seat} is not a seat (0 to {n - 1})")
        if direction not in (1, -1):
            raise StateError("direction must be cw or ccw")
        game = _blank(cls)
        game._setup(
            rules, seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed)
        )
        game.round_no = 1
        game.hands = [list(h) for h in hands]
        game.draw_pile = list(reversed(draw_pile))
        game.discard = list(discard or [])
        game.direction = direction
        game.dealer = (current - direction) % n if dealer is None else dealer
        game.current = current
        if scores is not None:
            if len(scores) != n:
                raise StateError(f"scores has {len(scores)} entries but players = {n}")
            game.scores = list(scores)
        for seat in uno_called:
            if not 0 <= seat < n:
                raise StateError(f"uno_called: {seat} is not a seat")
            if len(game.hands[seat]) > 2:
                raise StateError(f"uno_called: seat {seat} holds {len(game.hands[seat])} cards")
            game.called[seat] = True
        for seat in range(n):
            if len(game.hands[seat]) == 1 and not game.called[seat]:
                game.window[seat] = True
        if not game.discard:
            if not game.draw_pile:
                raise StateError("the table has no discard pile and no draw pile to turn from")
            if dealer is None:
                game.dealer = (current - 1) % n
            if not rounds.can_turn_start_card(game):
                raise StateError(
                    "the draw pile holds no card that can be turned up as the start card ("
                    + (
                        "under start_card = redraw_until_number: a number card, or a skip or "
                        "reverse on top"
                        if rules.start_card == "redraw_until_number"
                        else "every card in it is a W+4"
                    )
                    + "): give a discard pile or other cards"
                )
            try:
                rounds.turn_start_card(game)
            except _RoundEnded:
                pass
            game.deal_events = game.move_events
            game.move_events = []
        else:
            top = game.discard[-1]
            if COLOR_OF[top] < 0:
                if color is None:
                    raise StateError(f"the top card {top.code} is a wild: give its colour")
                game.color = int(color)
            else:
                if color is not None and int(color) != COLOR_OF[top]:
                    raise StateError(
                        f"color = {color.label} does not match the top card {top.code}"
                    )
                game.color = COLOR_OF[top]
        for seat in range(n):
            if not game.hands[seat] and game.phase < Phase.ROUND_OVER:
                raise StateError(f"seat {seat} holds no card: the round would be over")
        game.origin = game.to_dict()
        return game

    # -- public queries ------------------------------------------------------------------------

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    @property
    def active_color(self) -> Color | None:
        return None if self.color < 0 else Color(self.color)

    @property
    def round_over(self) -> bool:
        return self.phase >= _ROUND_OVER

    @property
    def match_over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    @property
    def match_winner(self) -> int | None:
        if self.phase == Phase.MATCH_OVER and self.match_ranking:
            return self.match_ranking[0]
        return None

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (``REFEREE`` between rounds)."""
        if self.phase == Phase.MATCH_OVER:
            return None
        if self.phase == Phase.ROUND_OVER:
            return REFEREE
        return self.current

    def uno_called(self, seat: int) -> bool:
        return self.called[seat]

    def catchable(self, seat: int) -> bool:
        """Whether ``seat`` may be caught now for not calling UNO."""
        return (
            self.window[seat]
            and not self.called[seat]
            and len(self.hands[seat]) == 1
            and self.in_round[seat]
            and self.phase < Phase.ROUND_OVER
        )

    def team_of(self, seat: int) -> int:
        return team_of(self.rules, seat)

    # -- legality ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (the referee's: dealing the next round).

        The list is computed once per state and seat (``apply`` asks again to check a move);
        treat it as read-only."""
        cache = self._legal
        moves = cache.get(seat)
        if moves is None:
            moves = cache[seat] = legality.legal_moves(self, seat)
        return moves

    def is_legal(self, seat: int, move: Move) -> bool:
        if type(move) is Penalty:
            return legality.penalty_ok(self, seat, move)
        legal = self.legal_moves(seat)
        for listed in legal:  # most moves come from the list itself: no comparison needed
            if listed is move:
                return True
        return legality.normalize(move) in legal

    def verify(self, seat: int, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal now."""
        if not self.is_legal(seat, move):
            raise self._illegal(seat, move)

    def _illegal(self, seat: int, move: Move) -> IllegalMoveError:
        from unokit.notation import format_move

        why = legality.reason(self, seat, move)
        return IllegalMoveError(f"{format_move(seat, move)!r} is not allowed: {why}", why)

    def is_misplay(self, seat: int, move: Move) -> bool:
        """Whether ``move`` is a wrong play that the ``misplay`` option penalises rather than
        refuses: a card the seat holds, played on its own turn, that the rules do not allow."""
        if self.rules.misplay == "reject" or not isinstance(move, Play):
            return False
        # any phase of the seat's own turn but naming the start card's colour (RULES.md §7.9)
        if seat != self.current or self.phase > Phase.PENALTY or not 0 <= seat < self.n:
            return False
        if self.phase == Phase.CHOOSE_COLOR:
            return False
        hand = list(self.hands[seat])
        for card in move.cards:
            if card not in hand:
                return False
            hand.remove(card)
        if self.is_legal(seat, move):
            return False
        # the cards may be played, only a detail is wrong (a colour, a target, an UNO flag):
        # that is refused with the reason, never penalised (RULES.md §6, §7.9)
        cards = sorted(move.cards)
        return not any(type(m) is Play and sorted(m.cards) == cards for m in self.legal_moves(seat))

    # -- applying moves ------------------------------------------------------------------------

    def apply(self, seat: int, move: Move) -> list[Event]:
        """Make a legal move; return the events it caused. Raises IllegalMoveError otherwise.

        Under ``misplay = penalty_end_turn``/``penalty_continue`` a wrong play by the seat whose
        turn it is is not refused but penalised (:meth:`is_misplay`)."""
        cls = type(move)
        legal = self._legal.get(seat)
        listed = False
        if legal is not None and cls is not Deal:
            for other in legal:
                if other is move:
                    listed = True
                    break
        if not listed or (cls is Play and move.more):  # type: ignore[union-attr]
            return self._apply_checked(seat, move, cls)
        # the common case: a move of the legal list itself (found by identity), so legal and
        # in its canonical form; neither a deal nor several cards (whose order is kept).
        # _begin_move, written out (one call less for every move):
        events: list[Event] = []
        self.move_events = events
        self.revealed = None
        self._legal = {}
        if True in self.called:
            self._lapse_calls(seat)
        try:
            if cls is Play:
                if True in self.window:  # a play closes every catch window
                    self.window = [False] * self.n
                play.resolve_play(self, seat, move)  # type: ignore[arg-type]
            else:
                self._dispatch(seat, move)
        except _RoundEnded:
            pass
        self.history.append((seat, move))
        self.move_events = []
        if self._legal:  # asked for during the move: of a state that is gone
            self._legal = {}
        return events

    def _lapse_calls(self, seat: int) -> None:
        """UNO calls made before a second-to-last card lapse at another seat's action
        (RULES.md §6)."""
        called, hands = self.called, self.hands
        for s in range(self.n):
            if called[s] and s != seat and len(hands[s]) > 1:
                called[s] = False

    def _begin_move(self, seat: int) -> list[Event]:
        """The state starts to change for a move of ``seat``: a fresh event list (returned),
        no hand shown, no cached legal moves, and UNO calls made before a second-to-last
        card lapse at another seat's action (RULES.md §6)."""
        events: list[Event] = []
        self.move_events = events
        self.revealed = None
        self._legal = {}
        if True in self.called:
            self._lapse_calls(seat)
        return events

    def _apply_checked(self, seat: int, move: Move, cls: type) -> list[Event]:
        """``apply`` for any move: normalised, checked (or penalised as a misplay)."""
        if cls is Play and (move.more or move.give):  # type: ignore[union-attr]
            written = move
            move = legality.normalize(move)
            if move.more:  # type: ignore[union-attr]
                # several cards go down in the order written, the last on top (RULES.md §7.6)
                assert isinstance(written, Play) and isinstance(move, Play)
                move = replace(move, card=written.card, more=written.more)
        misplay = False
        listed = False
        if cls is not Penalty:  # most moves come from the legal list itself: found by identity
            legal = self._legal.get(seat)
            if legal is None:
                legal = self.legal_moves(seat)
            for other in legal:
                if other is move:
                    listed = True
                    break
        if not listed and not self.is_legal(seat, move):
            misplay = self.is_misplay(seat, move)
            if not misplay:
                raise self._illegal(seat, move)
        # a deal is all-or-nothing: if it fails, the finished round stays as it was
        backup = self.copy() if cls is Deal else None
        events = self._begin_move(seat)
        try:
            if misplay:
                assert isinstance(move, Play)
                self._misplay(seat, move)
            elif cls is Play:
                self.window = [False] * self.n
                play.resolve_play(self, seat, move)  # type: ignore[arg-type]
            else:
                self._dispatch(seat, move)
        except _RoundEnded:
            pass
        except Exception:
            if backup is not None:
                for name, _ in _COPY:
                    setattr(self, name, getattr(backup, name))
                self.move_events = []
            raise
        self.history.append((seat, move))
        self.move_events = []
        self._legal = {}
        return events

    def _dispatch(self, seat: int, move: Move) -> None:
        cls = type(move)
        if cls is Draw or cls is Pass:  # the commonest after plays (which apply carries out)
            if self.rules.catch_window == "until_next_action" and True in self.window:
                self.window = [False] * self.n
            self.jump = None
            if cls is Pass:
                self.drawn = None
                self.phase = _PLAY
                step = (seat + self.direction) % self.n
                self.current = current = step if self.in_round[step] else self.next_seat(seat)
                self.move_events.append(ev.kept(seat, current))
            elif self.phase == _PENALTY:
                play.take_penalty(self, seat)
            else:
                self._voluntary_draw(seat)
            return
        if cls is Play or (
            self.rules.catch_window == "until_next_action" and (cls is Challenge or cls is Timeout)
        ):
            self.window = [False] * self.n
        if cls is Play:
            assert isinstance(move, Play)
            play.resolve_play(self, seat, move)
            return
        if cls is not CallUno and cls is not Catch and cls is not Penalty:
            self.jump = None
        if cls is Challenge:
            play.challenge(self, seat)
        elif cls is CallUno:
            self._call_uno(seat)
        elif cls is Catch:
            assert isinstance(move, Catch)
            self._catch(seat, move.target)
        elif cls is ChooseColor:
            assert isinstance(move, ChooseColor)
            self.color = int(move.color)
            self.phase = Phase.PLAY
            self.emit(ev.ColorChosen(seat, move.color))
        elif cls is Timeout:
            self._timeout(seat)
        elif cls is Penalty:
            assert isinstance(move, Penalty)
            got = self.draw_cards(move.target, move.count)
            self.emit(ev.TablePenalty(move.target, len(got), move.reason))
        elif cls is Deal:
            rounds.next_round(self)

    def _timeout(self, seat: int) -> None:
        if self.phase == Phase.PENALTY:
            play.take_penalty(self, seat)
        self.drawn = None
        self.phase = Phase.PLAY
        got = self.draw_cards(seat, self.rules.slow_play_penalty)
        self.current = self.next_seat(seat)
        self.emit(ev.TimedOut(seat, len(got), self.current, rule=self.cite("turn_time_limit")))

    def _misplay(self, seat: int, move: Play) -> None:
        """A wrong play penalised (RULES.md §7.9): the card goes back, the player draws 1, and
        either the turn passes (with any pending penalty taken too) or it goes on as it was:
        still facing the penalty, or still after a draw (only the drawn card may be played).
        It is the player's action: it closes the catch window like a draw (000)."""
        why = legality.reason(self, seat, move)
        self.jump = None
        if self.rules.catch_window == "until_next_action":
            self.window = [False] * self.n
        end = self.rules.misplay == "penalty_end_turn"
        phase = self.phase
        got = self.draw_cards(seat, 1)
        after = self.next_seat(seat) if end else seat
        pending = self.pending_draw if phase == Phase.PENALTY else 0
        self.emit(
            ev.Misplayed(seat, move.card, why, len(got), after, pending, rule=self.cite("misplay"))
        )
        if not end:
            return
        if phase == Phase.PENALTY:
            play.take_penalty(self, seat)
        self.drawn = None
        self.phase = Phase.PLAY
        self.current = self.next_seat(seat)

    def emit(self, event: Event) -> None:
        """Record ``event`` among the events of the move being made (made with the rule it
        cites: ``ev.Caught(seat, target, count, rule=game.cite("uno_penalty"))``)."""
        self.move_events.append(event)

    def cite(self, option: str) -> str:
        """The rule option ``option`` as an event or a reason cites it (``"uno_penalty=2"``):
        the table's value, made once per rule set."""
        return self.rule_text[option]

    # -- turn order ----------------------------------------------------------------------------

    def next_seat(self, seat: int, direction: int = 0) -> int:
        """The next seat still in the round after ``seat`` in the current direction."""
        n = self.n
        step = direction or self.direction
        in_round = self.in_round
        s = (seat + step) % n
        if in_round[s]:  # the commonest case: the neighbour plays on
            return s
        for _ in range(n - 1):
            s = (s + step) % n
            if in_round[s]:
                return s
        return seat

    def active_count(self) -> int:
        """How many seats are still in the round (not out, not eliminated)."""
        return sum(self.in_round)

    # -- drawing -------------------------------------------------------------------------------

    def draw_cards(self, seat: int, count: int, final: bool = False) -> list[Card]:
        """``seat`` draws up to ``count`` cards, refilling the pile as RULES.md §3 says."""
        pile = self.draw_pile
        if 0 < count <= len(pile):  # the pile has them: taken from its end at once
            got = pile[-count:]
            del pile[-count:]
            got.reverse()  # in the order pop() takes them
            self.hands[seat].extend(got)
            self.called[seat] = False
            self.window[seat] = False
            return got
        got = []
        try:
            for _ in range(count):
                if not pile:
                    if not self._refill(final):
                        break
                    pile = self.draw_pile
                got.append(pile.pop())
        finally:  # a void round ends the draw midway: what was drawn is still held
            if got:
                self.hands[seat].extend(got)
                self.called[seat] = False
                self.window[seat] = False
        return got

    def _refill(self, final: bool = False) -> bool:
        if self.rules.empty_draw_pile == "void_round" and not final:
            rounds.void_round(self)
            raise _RoundEnded
        if len(self.discard) <= 1:
            self.emit(ev.PilesEmpty(None))
            return False
        top = self.discard.pop()
        pile = self.discard
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        self.tops = None
        self.emit(ev.Reshuffled(None, len(pile), rule=self.cite("empty_draw_pile")))
        return True

    def _voluntary_draw(self, seat: int) -> None:
        rules = self.rules
        pile = self.draw_pile
        if pile and not rules.draw_until_playable:
            # one card from a pile that has it: draw_cards(seat, 1), written out
            one = pile.pop()
            self.hands[seat].append(one)
            self.called[seat] = False
            self.window[seat] = False
            events = self.move_events
            events.append(_DREW_ONE[seat][one] or ev.drew_one(seat, one))  # (shared, seats 0-9)
            if legality.playable_drawn(self, one, seat):
                self.drawn = one
                self.phase = _AFTER_DRAW
                must = rules.after_draw == "must_play"
                events.append(ev.drawn_can_play(seat, one, must, self.rule_text["after_draw"]))
            else:
                n = self.n
                step = (seat + self.direction) % n
                self.current = step if self.in_round[step] else self.next_seat(seat)
                if COLOR_OF[one] < 0 and legality.playable(self, one, seat):
                    # a +4 that would be a bluff, which Force Play does not force: kept
                    events.append(ev.DrawnUnplayable(seat, self.current, True))
                else:
                    events.append(
                        _UNPLAYABLE[seat][self.current] or ev.unplayable(seat, self.current)
                    )
            return
        drawn: list[Card] = []
        card: Card | None = None
        playable = False
        until = self.rules.draw_until_playable
        while True:
            got = self.draw_cards(seat, 1)
            if not got:
                break
            card = got[0]
            drawn.append(card)
            playable = legality.playable_drawn(self, card, seat)
            if playable or not until:
                break
        if not drawn:  # both piles are empty (RULES.md §3): the turn passes
            self.current = self.next_seat(seat)
            self.emit(ev.DrewNothing(seat, self.current))
            return
        self.emit(
            ev.Drew(seat, tuple(drawn), rule=self.cite("draw_until_playable") if until else None)
        )
        if playable and card is not None:
            self.drawn = card
            self.phase = Phase.AFTER_DRAW
            kind = ev.DrawnMustPlay if self.rules.after_draw == "must_play" else ev.DrawnPlayable
            self.emit(kind(seat, card, rule=self.cite("after_draw")))
        else:
            self.current = self.next_seat(seat)
            bluff = card is not None and legality.playable(self, card, seat)
            self.emit(ev.DrawnUnplayable(seat, self.current, bluff))

    # -- UNO -----------------------------------------------------------------------------------

    def _call_uno(self, seat: int) -> None:
        size = len(self.hands[seat])
        if size == 1 or (size == 2 and self._may_precall(seat)):
            self.called[seat] = True
            self.window[seat] = False
            self.emit(ev.UnoCalled(seat))
        else:
            self.false_uno(seat)

    def _may_precall(self, seat: int) -> bool:
        """Holding two cards, a seat that could legally play a card now (its turn, or a
        jump-in) may call UNO before playing its second-to-last card (RULES.md §6, 001)."""
        return any(type(m) is Play for m in self.legal_moves(seat))

    def false_uno(self, seat: int) -> None:
        got = self.draw_cards(seat, self.rules.false_uno_penalty)
        self.emit(ev.FalseUno(seat, len(got), rule=self.cite("false_uno_penalty")))

    def _catch(self, seat: int, target: int) -> None:
        if self.catchable(target):
            self.window[target] = False
            got = self.draw_cards(target, self.rules.uno_penalty)
            self.emit(ev.Caught(seat, target, len(got), rule=self.cite("uno_penalty")))
        else:
            got = self.draw_cards(seat, self.rules.false_catch_penalty)
            self.emit(ev.FalseCatch(seat, target, len(got), rule=self.cite("false_catch_penalty")))

    def end_round(self) -> None:
        rounds.end_round(self)

    # -- views, copies, serialisation ----------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see now (``REFEREE`` sees no hand)."""
        revealed: dict[int, tuple[Card, ...]] = {}
        if self.revealed is not None and self.revealed[0] == seat:
            revealed = dict(self.revealed[1])
        own = 0 <= seat < self.n
        return View(
            seat=seat,
            hand=tuple(self.hands[seat]) if own else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.top,
            color=self.active_color,
            direction=self.direction,
            current=self.to_act if self.phase < Phase.ROUND_OVER else None,
            phase=self.phase,
            pending_draw=self.pending_draw,
            draw_pile_size=len(self.draw_pile),
            discard=tuple(self.discard),
            uno_called=tuple(self.called),
            in_round=tuple(self.in_round),
            dealer=self.dealer,
            scores=tuple(self.scores),
            revealed=revealed,
            drawn_card=self.drawn if seat == self.current else None,
            legal_moves=tuple(self.legal_moves(seat)),
            rules=self.rules,
            catchable=tuple(s for s in range(self.n) if self.catchable(s)),
            jump=self.jump,
            stack=tuple((e.seat, e.card, e.color) for e in self.stack),
            round_no=self.round_no,
            eliminated=tuple(self.eliminated),
            seating=tuple(self.seating),
            group=self.tops or (),
        )

    def waiting_seats(self) -> list[int]:
        """Seats other than the one to act that may act now (call UNO, catch, jump in)."""
        if self.phase >= Phase.ROUND_OVER:
            return []
        rules = self.rules
        quick = (
            self.jump is None
            and not rules.false_catch_penalty
            and not rules.false_uno_penalty
            and not any(self.window)
            and not any(len(h) == 1 and not c for h, c in zip(self.hands, self.called, strict=True))
        )
        if quick:
            return []
        return [
            s
            for s in range(self.n)
            if s != self.current and self.in_round[s] and legality.legal_moves(self, s)
        ]

    def copy(self) -> Game:
        """An independent copy (cheap: lists are copied, cards and moves are shared)."""
        new = _blank(Game)
        _copy_fields(self, new)
        return new

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-ready data; :meth:`from_dict` loads it back."""
        data: dict[str, Any] = {"format": "unokit-state-1"}
        for name, key, dump in _DUMP:
            value = getattr(self, name)
            data[key] = value if dump is None else dump(value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Load a state written by :meth:`to_dict`. Every field is checked (types, ranges,
        cards adding up to the deck, seats, phase): anything else raises
        :class:`~unokit.errors.StateError` naming the field (:mod:`unokit.record`)."""
        from unokit.record import load_state

        return load_state(data)

    def record(self) -> dict[str, Any]:
        """The game record: rules, seed, the described table if any, and every move, as JSON
        data. :meth:`from_record` replays it to an equal game.

        >>> game = Game(Rules(players=2), seed=3)
        >>> Game.from_record(game.record()) == game
        True
        """
        from unokit.notation import format_move

        return {
            "format": "unokit-record-1",
            "rules": self.rules.to_dict(changed_only=True),
            "seed": self.seed,
            "table": self.origin,
            "moves": [format_move(s, m) for s, m in self.history],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record written by :meth:`record`; a record that is malformed, or holds a
        move that is not allowed when it comes, raises :class:`~unokit.errors.StateError`."""
        from unokit.record import load_record, replay_moves

        game, moves = load_record(record)
        replay_moves(game, moves)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    # unhashable: a class defining __eq__ gets __hash__ = None from Python (written here, it
    # would be taken for a dataclass field when mypyc compiles this module)

    def __repr__(self) -> str:
        top = self.top.code if self.top is not None else "-"
        return (
            f"<Game {self.n} players, round {self.round_no}, {self.phase.label}, "
            f"top {top}, seat {self.current} to act>"
        )

    # -- summary for the referee ---------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as the referee reports it (``unokit judge --json``'s ``state``)."""
        return {
            "hands": [[c.code for c in h] for h in self.hands],
            "draw_pile": len(self.draw_pile),
            "discard": [c.code for c in self.discard],
            "top": self.top.code if self.top is not None else None,
            "color": self.active_color.label if self.active_color is not None else None,
            "direction": "cw" if self.direction == 1 else "ccw",
            "current": self.current if self.phase < Phase.ROUND_OVER else None,
            "phase": self.phase.label,
            "pending_draw": self.pending_draw,
            "dealer": self.dealer,
            "uno_called": [s for s in range(self.n) if self.called[s]],
            "round": self.round_no,
            "round_over": self.phase >= Phase.ROUND_OVER,
            "winner": self.winner,
            "ranking": list(self.out_order) if self.phase >= Phase.ROUND_OVER else [],
            "round_points": list(self.round_points),
            "scores": list(self.scores),
            "eliminated": [s for s in range(self.n) if self.eliminated[s]],
            "match_over": self.phase == Phase.MATCH_OVER,
            "match_winner": self.match_winner,
            "match_ranking": list(self.match_ranking),
            "seating": list(self.seating),
        }


# a Game not set up (its __init__ not run), for from_table and copy: ``Game.__new__`` taken as
# a value, which mypyc also compiles (it refuses a call of ``cls.__new__`` on a native class)
_blank: Callable[[type[Game]], Game] = Game.__new__
_FIELDS = fields(Game)
_NEW: tuple[tuple[str, Callable[[Rules, int], Any]], ...] = tuple(
    (f.name, f.metadata["new"]) for f in _FIELDS
)
_COPY: tuple[tuple[str, Callable[[Any], Any] | None], ...] = tuple(
    (f.name, f.metadata["copy"]) for f in _FIELDS
)
#: (field, how it is read from a View): what :func:`unokit.sim.determinize.sample_game` copies
SEEN: tuple[tuple[str, Callable[[View], Any]], ...] = tuple(
    (f.name, f.metadata["seen"]) for f in _FIELDS if f.metadata["seen"] is not None
)
_DUMP: tuple[tuple[str, str, Callable[[Any], Any] | None], ...] = tuple(
    (f.name, f.metadata["key"], f.metadata["dump"]) for f in _FIELDS if f.metadata["key"]
)


def _copier() -> Callable[[Game, Game], None]:
    """``copy`` made from the fields: one assignment each, written out as a function (as
    :mod:`dataclasses` writes ``__init__``), since bots copy games in their searches."""
    lines = ["def copy_fields(old, new):"]
    env: dict[str, Any] = {}
    for name, copy in _COPY:
        if copy is None:
            lines.append(f"    new.{name} = old.{name}")
        elif copy is _list:
            lines.append(f"    new.{name} = old.{name}[:]")
        elif copy is _lists:
            lines.append(f"    new.{name} = [h[:] for h in old.{name}]")
        else:
            env[f"copy_{name}"] = copy
            lines.append(f"    new.{name} = copy_{name}(old.{name})")
    exec("\n".join(lines), env)
    copy_fields: Callable[[Game, Game], None] = env["copy_fields"]
    return copy_fields


_copy_fields = _copier()


def _setter() -> Callable[[Game, Rules, int], None]:
    """``_setup`` made from the fields, written out as a function as ``copy`` is (a new game
    is made for every simulated round)."""
    lines = ["def setup_fields(game, rules, seed):", "    n = rules.players"]
    env: dict[str, Any] = {}
    for name, new in _NEW:
        if new is _empty:
            lines.append(f"    game.{name} = []")
        elif new is _none:
            lines.append(f"    game.{name} = None")
        elif new is _zero:
            lines.append(f"    game.{name} = 0")
        elif isinstance(new, _PerSeat) and type(new.value) in (bool, int):
            lines.append(f"    game.{name} = [{new.value!r}] * n")
        else:
            env[f"new_{name}"] = new
            lines.append(f"    game.{name} = new_{name}(rules, seed)")
    exec("\n".join(lines), env)
    setup_fields: Callable[[Game, Rules, int], None] = env["setup_fields"]
    return setup_fields


_setup_fields = _setter()
#: the keys of a saved state (:meth:`Game.to_dict`), in order
STATE_KEYS: tuple[str, ...] = ("format", *(key for _, key, _ in _DUMP))
