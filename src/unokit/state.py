"""The state of a game: every field declared once, and what every rule module may ask of it.

:class:`State` is a slotted dataclass whose fields are the whole state, each declared with
:func:`_state`: its key in the saved state, its value in a new game, how a copy copies it, its
JSON form and, for what every seat may know, how it is read back from a seat's :class:`View`.
Made from that one list: a new game's fields (:func:`setup_fields`), copies
(:func:`copy_fields`), ``to_dict``, the loader's keys (:data:`STATE_KEYS`) and determinization
(:data:`SEEN`). The rule modules (``legality``, ``verify``, ``drawing``, ``uno``, ``penalties``,
``offences``, ``play``, ``rounds``) are functions of a state; ``game.Game`` is the front above
them (``apply``, ``legal_moves``, ``view``, ``copy``).

Besides queries, a state has the primitives every rule uses: :meth:`State.emit` (an event of
the move being made), :meth:`State.cite` (the rule an event or reason cites) and
:meth:`State.next_seat` (turn order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Final, NamedTuple

from unokit.cards import Card, Color, deck_cards
from unokit.events import Event
from unokit.matching import quick_rules
from unokit.moves import REFEREE, Move
from unokit.notation import format_move, format_move_body
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.rules import Rules
from unokit.scoring import team_of

__all__ = [
    "SEEN",
    "SPARSE_KEYS",
    "STATE_KEYS",
    "JumpWindow",
    "RoundEnded",
    "StackEntry",
    "State",
    "View",
    "copy_fields",
    "settles",
    "setup_fields",
]


_ROUND_OVER: Final = Phase.ROUND_OVER


class RoundEnded(Exception):
    """Raised inside a move when the round is abandoned (``empty_draw_pile = void_round``):
    ``Game.apply`` ends the move there."""


class StackEntry(NamedTuple):
    """One draw card of the pending penalty: who played it, and (for a +4) whether it was
    honest against ``color``, the active colour when it was played, with the hand then."""

    seat: int
    card: Card
    honest: bool
    color: int
    hand: tuple[Card, ...]
    under: Card | None = None  #: the top card it was played on
    tops: tuple[Card, ...] = ()  #: the group it was played on, after a sum jump-in (§7.6)


class JumpWindow(NamedTuple):
    """The chance to jump in on the cards just played, until the next move (§7.3, §7.6).
    ``direction``/``pending``/``stack`` are the state before those cards took effect, so that
    a jump-in can cancel them; ``skipped`` are the seats they skipped."""

    player: int
    cards: tuple[Card, ...]
    direction: int
    pending: int
    stack: int
    skipped: tuple[int, ...]


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
    #: the hands laid open to everyone (``reveal_hands_at``, VARIANTS.md §2), by seat
    open_hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    #: how many cards the seat holds face down, unseen by itself (``blind_draw``, VARIANTS.md
    #: §2): part of its hand size, not of ``hand``
    face_down: int = 0
    #: the seats the mercy rule put out of this round, in order (VARIANTS.md §1)
    knocked_out: tuple[int, ...] = ()
    #: a colour roulette waits for the seat to act to name its colour (VARIANTS.md §1)
    roulette: bool = False

    @property
    def my_turn(self) -> bool:
        """Whether the game waits for this seat's decision."""
        return self.current == self.seat

    def to_dict(self) -> dict[str, Any]:
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
            "open_hands": {str(k): [c.code for c in v] for k, v in self.open_hands.items()},
            "face_down": self.face_down,
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


#: saved-state keys left out of ``to_dict`` while empty (false, an empty list, lists all empty):
#: the fields of rules that most games do not play (the mercy rule, the colour roulette, blind
#: draws), so that a game without them saves the state it always did (the golden games'
#: digests); the loader takes them as optional
SPARSE_KEYS: frozenset[str] = frozenset({"knocked_out", "roulette", "face_down"})


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


def settles(rules: Rules) -> bool:
    """Whether a house rule of ``rules`` acts after every move (``State.settling``,
    ``house.settle``; VARIANTS.md §2): hands laid open (``reveal_hands_at``), a seat that
    cannot move passed over (``hand_limit``), cards drawn face down turned up (``blind_draw``)."""
    return bool(rules.reveal_hands_at or rules.hand_limit or rules.blind_draw)


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
class State:
    """The state of a match: the fields below are the whole of it, each declared once with how
    it is made, copied and saved (:func:`_state`). ``game.Game`` is the front of it."""

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
    #: the mercy rule (``mercy_limit``, VARIANTS.md §1): the seats put out of this round for
    #: holding too many cards, in order (not in ``out_order``: they did not go out)
    knocked_out: list[int] = _state(
        "knocked_out", _empty, _list, list, seen=lambda v: list(v.knocked_out)
    )
    #: a wild colour roulette waits for the seat to act (phase ``choose_color``) to name the
    #: colour it turns cards for (VARIANTS.md §1)
    roulette: bool = _state("roulette", lambda r, s: False, seen=lambda v: v.roulette)
    #: the cards each seat holds face down, unseen by itself until its next turn begins
    #: (``blind_draw``, VARIANTS.md §2; ``house.settle`` turns them up): part of its hand
    face_down: list[list[Card]] = _state(
        "face_down",
        lambda r, s: [[] for _ in range(r.players)],
        _lists,
        lambda hands: [_codes(h) for h in hands],
    )
    # derived from the rules, or passing: not saved
    n: int = _state(None, lambda r, s: r.players)
    deck: list[Card] = _state(None, lambda r, s: _deck_of(r))
    rule_text: dict[str, str] = _state(None, lambda r, s: _rule_text(r))
    #: whether the common turn's plays may be looked up (matching.quick_rules)
    quick: bool = _state(None, lambda r, s: quick_rules(r))
    #: whether a house rule acts after every move (``house.settle``: open hands, a hand limit)
    settling: bool = _state(None, lambda r, s: settles(r))
    #: the legal moves of each seat asked for, in this state (``legality.listed``; cleared by
    #: every move): read-only
    legal_cache: dict[int, list[Move]] = _state(None, lambda r, s: {}, lambda v: {})
    deal_events: list[Event] = _state(None, _empty)
    #: the events of the move being made (``apply`` returns them; ``emit`` adds one)
    move_events: list[Event] = _state(None, _empty, lambda v: [])

    # -- queries ----------------------------------------------------------------------------------

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
            and self.rules.catching  # (off: silent UNO, VARIANTS.md §2)
        )

    def team_of(self, seat: int) -> int:
        return team_of(self.rules, seat)

    # -- the primitives of every rule -------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Record ``event`` among the events of the move being made (made with the rule it
        cites: ``ev.Caught(seat, target, count, rule=game.cite("uno_penalty"))``)."""
        self.move_events.append(event)

    def cite(self, option: str) -> str:
        """The rule option ``option`` as an event or a reason cites it (``"uno_penalty=2"``):
        the table's value, made once per rule set."""
        return self.rule_text[option]

    # -- turn order -------------------------------------------------------------------------------

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

    # -- the state as data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-ready data; ``Game.from_dict`` loads it back."""
        data: dict[str, Any] = {"format": "unokit-state-1"}
        for name, key, dump in _DUMP:
            value = getattr(self, name)
            if key in SPARSE_KEYS and (not value or (key == "face_down" and not any(value))):
                continue
            data[key] = value if dump is None else dump(value)
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
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


_FIELDS = fields(State)
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


def _copier() -> Callable[[State, State], None]:
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
    copy_fields: Callable[[State, State], None] = env["copy_fields"]
    return copy_fields


#: ``copy_fields(old, new)``: every field of ``old`` copied into ``new`` (Game.copy)
copy_fields = _copier()


def _setter() -> Callable[[State, Rules, int], None]:
    """``setup_fields`` made from the fields, written out as a function as ``copy`` is (a new
    game is made for every simulated round)."""
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
    setup_fields: Callable[[State, Rules, int], None] = env["setup_fields"]
    return setup_fields


#: ``setup_fields(state, rules, seed)``: every field as in a new game, before the deal
setup_fields = _setter()
#: the keys of a saved state (:meth:`Game.to_dict`), in order
STATE_KEYS: tuple[str, ...] = ("format", *(key for _, key, _ in _DUMP))
