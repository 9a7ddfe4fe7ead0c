"""Loading states and game records: every field checked, nothing trusted.

A saved state is JSON that anyone may edit, so nothing in it is trusted. Each field must have
its type and range; the cards must add up to the deck (in the first round of a described
table, to the cards the table placed); and the fields must agree with each other: the phase
with the pending penalty, the card just drawn and the colour; the seats still in the round
with their hands and the finishing order. Anything else raises
:class:`~unokit.errors.StateError` with a message that names the field, so a state that loads
plays on like the game that saved it.

The loaders fill a game the caller makes (``blank(rules, seed)``: ``Game.blank``), so that
they sit below the game they load: ``Game.from_dict`` and ``Game.from_record`` call them, and
:mod:`unokit.record` gives them to programs (saved games, files).

>>> from unokit import Game, Rules
>>> game = Game(Rules(players=2), seed=1)
>>> load_state(game.to_dict(), Game.blank) == game
True
>>> bad = dict(game.to_dict(), current=99)
>>> load_state(bad, Game.blank)
Traceback (most recent call last):
...
unokit.errors.StateError: current = 99: expected a seat from 0 to 1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeVar

from unokit.cards import ALL_CARDS, COLOR_OF, DECKS, RANK_OF, Card, Rank
from unokit.errors import RulesError, StateError, UnoError
from unokit.moves import Move
from unokit.notation import parse_move
from unokit.penalties import most_pending
from unokit.phase import Phase
from unokit.rng import SEED_LIMIT
from unokit.rules import Rules
from unokit.state import SPARSE_KEYS, STATE_KEYS, JumpWindow, StackEntry, State

__all__ = [
    "RECORD_FORMAT",
    "STATE_FORMAT",
    "expect_int",
    "expect_object",
    "load_record",
    "load_state",
    "refuse_value",
    "show",
]

S = TypeVar("S", bound=State)

STATE_FORMAT = "unokit-state-1"
RECORD_FORMAT = "unokit-record-1"

#: the keys of a state, as :meth:`Game.to_dict` writes them; ``origin`` may be left out
_STATE_KEYS = STATE_KEYS  # declared with the state's fields (unokit.state)
_OPTIONAL = frozenset({"origin"}) | SPARSE_KEYS  # (left out while empty)
_STACK_KEYS = ("seat", "card", "honest", "color", "hand", "under", "tops")
_JUMP_KEYS = ("player", "cards", "direction", "pending", "stack", "skipped")
_REVEALED_KEYS = ("viewer", "hands")
_RECORD_KEYS = ("format", "rules", "seed", "table", "moves", "meta")

_CODES: dict[str, Card] = {card.code: card for card in ALL_CARDS}
_PHASES: dict[str, Phase] = {phase.label: phase for phase in Phase}
_DRAW_RANKS = tuple(rank for rank in Rank if rank.draw_value)
_MAX_POINTS = 10**9  # scores, round points: far beyond any match, small enough to print
_MAX_ROUNDS = 10**9
_MAX_MOVES = 10_000_000  # history entries
_MAX_MOVE_TEXT = 500  # characters of one move in notation


# -- messages ------------------------------------------------------------------------------------


def show(value: Any) -> str:
    """A short description of any value for a message (never a long or deep repr)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value)) if -(10**20) < value < 10**20 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


def _fail(where: str, problem: str) -> NoReturn:
    raise StateError(f"{where}: {problem}")


def refuse_value(where: str, value: Any, expected: str) -> NoReturn:
    """Raise :class:`StateError`: ``where`` has ``value``, but ``expected`` was expected."""
    raise StateError(f"{where} = {show(value)}: expected {expected}")


# -- typed readers -------------------------------------------------------------------------------


def expect_object(
    value: Any, where: str, keys: tuple[str, ...], optional: frozenset[str] = frozenset()
) -> Mapping[str, Any]:
    """``value`` if it is an object with the ``keys`` (``optional`` may be left out) and no
    other, else :class:`StateError`."""
    if not isinstance(value, Mapping):
        refuse_value(where, value, "an object")
    for key in value:
        if key not in keys:
            _fail(where, f"unknown key {show(key)}")
    for key in keys:
        if key not in value and key not in optional:
            _fail(where, f"missing key {key!r}")
    return value


def expect_int(value: Any, where: str, low: int, high: int, expected: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else :class:`StateError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        refuse_value(where, value, expected or f"a whole number from {low} to {high}")
    return int(value)


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        refuse_value(where, value, "true or false")
    return value


def _list(value: Any, where: str, most: int) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        refuse_value(where, value, "a list")
    if len(value) > most:
        _fail(where, f"{len(value)} entries, more than the {most} possible")
    return value


class _Reader:
    """Reads the fields of one state; ``at`` prefixes field names in messages."""

    def __init__(self, at: str, rules: Rules) -> None:
        self.at = at
        self.rules = rules
        self.n = rules.players
        self.deck_name = rules.deck
        self.deck = DECKS[rules.deck]
        self.size = sum(self.deck.values())
        #: the most a pending penalty may be (every card a +4, or more where the rules raise
        #: a stacked penalty: penalties.most_pending)
        self.most_pending = max(4 * self.size, most_pending(rules))

    def seat(self, value: Any, where: str) -> int:
        return expect_int(value, self.at + where, 0, self.n - 1, f"a seat from 0 to {self.n - 1}")

    def seats(self, value: Any, where: str) -> list[int]:
        """A list of distinct seats."""
        out = [
            self.seat(s, f"{where}[{i}]")
            for i, s in enumerate(_list(value, self.at + where, self.n))
        ]
        if len(set(out)) != len(out):
            _fail(self.at + where, "a seat is listed twice")
        return out

    def card(self, value: Any, where: str) -> Card:
        card = _CODES.get(value) if isinstance(value, str) else None
        if card is None:
            refuse_value(self.at + where, value, "a card code such as R5, G+2 or W+4")
        if card not in self.deck:
            _fail(self.at + where, f"{card.code} is not a card of deck = {self.deck_name}")
        return card

    def cards(self, value: Any, where: str) -> list[Card]:
        return [
            self.card(c, f"{where}[{i}]")
            for i, c in enumerate(_list(value, self.at + where, self.size))
        ]

    def maybe_card(self, value: Any, where: str) -> Card | None:
        return None if value is None else self.card(value, where)

    def flags(self, value: Any, where: str) -> list[bool]:
        items = _list(value, self.at + where, self.n)
        if len(items) != self.n:
            _fail(self.at + where, f"{len(items)} entries, but players = {self.n}")
        return [_bool(v, f"{self.at}{where}[{i}]") for i, v in enumerate(items)]

    def numbers(self, value: Any, where: str) -> list[int]:
        items = _list(value, self.at + where, self.n)
        if len(items) != self.n:
            _fail(self.at + where, f"{len(items)} entries, but players = {self.n}")
        return [
            expect_int(v, f"{self.at}{where}[{i}]", -_MAX_POINTS, _MAX_POINTS)
            for i, v in enumerate(items)
        ]

    def color(self, value: Any, where: str) -> int:
        return expect_int(value, self.at + where, -1, 3, "a colour from 0 to 3, or -1 for none")

    def direction(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value not in (1, -1):
            refuse_value(self.at + where, value, "1 (clockwise) or -1")
        return int(value)


def _rules(value: Any, where: str) -> Rules:
    if not isinstance(value, Mapping):
        refuse_value(where, value, "an object of rule options")
    for key, option in value.items():
        plain = isinstance(option, str) or (isinstance(option, int) and -(2**63) < option < 2**63)
        if not isinstance(key, str) or not plain:  # (a bool is an int)
            _fail(where, f"option {show(key)} = {show(option)} is not a rule value")
    try:
        return Rules.from_dict(value)
    except RulesError as error:
        raise StateError(f"{where}: {error}") from None


def _seed(value: Any, where: str) -> int:
    return expect_int(value, where, 0, SEED_LIMIT - 1, "a whole number from 0 to 2**64-1")


# -- states --------------------------------------------------------------------------------------


def load_state(
    data: Any, blank: Callable[[Rules, int], S], *, table: bool = False, at: str = ""
) -> S:
    """The game that ``Game.to_dict`` wrote into ``data``, every field checked, filled into
    ``blank(rules, seed)``; raises :class:`StateError` naming the first field that is wrong.

    ``table``: ``data`` is the first state of a described table (a record's ``table``, a
    state's ``origin``), which may hold fewer cards than the deck (:meth:`Game.from_table`)."""
    what = at.rstrip(".") or "the state"
    if not isinstance(data, Mapping):
        raise StateError(f"{what} must be an object, not {show(data)}")
    if data.get("format") != STATE_FORMAT:
        raise StateError(
            f"{what} is not a unokit state (expected format {STATE_FORMAT!r}, "
            f"got {show(data.get('format'))})"
        )
    expect_object(data, what, _STATE_KEYS, _OPTIONAL)
    rules = _rules(data["rules"], at + "rules")
    r = _Reader(at, rules)
    n = r.n
    seed = _seed(data["seed"], at + "seed")
    rng = expect_int(data["rng"], at + "rng", 0, SEED_LIMIT - 1)

    # the cards
    raw_hands = _list(data["hands"], at + "hands", 10)
    if len(raw_hands) != n:
        _fail(at + "hands", f"{len(raw_hands)} hands, but players = {n}")
    hands = [r.cards(h, f"hands[{s}]") for s, h in enumerate(raw_hands)]
    draw_pile = r.cards(data["draw_pile"], "draw_pile")
    discard = r.cards(data["discard"], "discard")
    placed = Counter(draw_pile)
    placed.update(discard)
    for hand in hands:
        placed.update(hand)

    # the round
    phase_text = data["phase"]
    phase = _PHASES.get(phase_text) if isinstance(phase_text, str) else None
    if phase is None:
        refuse_value(at + "phase", phase_text, "one of " + ", ".join(_PHASES))
    active = phase < Phase.ROUND_OVER
    color = r.color(data["color"], "color")
    direction = r.direction(data["direction"], "direction")
    current = r.seat(data["current"], "current")
    dealer = r.seat(data["dealer"], "dealer")
    pending = expect_int(data["pending_draw"], at + "pending_draw", 0, r.most_pending)
    drawn = r.maybe_card(data["drawn"], "drawn")
    stack = [
        _stack_entry(r, e, f"stack[{i}]")
        for i, e in enumerate(_list(data["stack"], at + "stack", r.size))
    ]
    jump = None if data["jump"] is None else _jump(r, data["jump"], "jump")
    tops = None
    if data["tops"] is not None:
        tops = tuple(r.cards(data["tops"], "tops"))
        if not tops:
            _fail(at + "tops", "an empty list (null when one card is on top)")
    seating = r.seats(data["seating"], "seating")
    if len(seating) != n:
        _fail(at + "seating", f"{len(seating)} seats, but players = {n}")
    called = r.flags(data["called"], "called")
    window = r.flags(data["window"], "window")
    revealed = None if data["revealed"] is None else _revealed(r, data["revealed"], "revealed")
    in_round = r.flags(data["in_round"], "in_round")
    eliminated = r.flags(data["eliminated"], "eliminated")
    elimination_order = r.seats(data["elimination_order"], "elimination_order")
    out_order = r.seats(data["out_order"], "out_order")
    scores = r.numbers(data["scores"], "scores")
    round_points = r.numbers(data["round_points"], "round_points")
    round_no = expect_int(data["round_no"], at + "round_no", 1, _MAX_ROUNDS)
    scored_rounds = expect_int(data["scored_rounds"], at + "scored_rounds", 0, round_no)
    winner = None if data["winner"] is None else r.seat(data["winner"], "winner")
    match_ranking = r.seats(data["match_ranking"], "match_ranking")
    history = _history(data["history"], at + "history")
    knocked_out = r.seats(data.get("knocked_out", []), "knocked_out")
    roulette = _bool(data.get("roulette", False), at + "roulette")
    face_down = _face_down(r, data.get("face_down", []), hands, at + "face_down")
    origin_data = data.get("origin")

    # the cards add up: to the deck, or to the cards a described table placed
    deck = Counter(r.deck)
    if table:
        if origin_data is not None:
            _fail(at + "origin", "a described table has no origin of its own")
        if round_no != 1 or history:
            _fail(what, "a described table is the first state of its round, before any move")
        _check_cards(placed, deck, f"deck = {r.deck_name}", at, subset=True)
    elif origin_data is not None:
        origin = load_state(origin_data, blank, table=True, at=at + "origin.")
        if origin.rules != rules:
            _fail(at + "origin.rules", "not the rules of the game")
        if origin.seed != seed:
            _fail(at + "origin.seed", f"{origin.seed}, but seed = {seed}")
        if round_no == 1:
            table_cards = Counter(origin.draw_pile)
            table_cards.update(origin.discard)
            for hand in origin.hands:
                table_cards.update(hand)
            _check_cards(placed, table_cards, "the described table (origin)", at)
        else:
            _check_cards(placed, deck, f"deck = {r.deck_name}", at)
    else:
        _check_cards(placed, deck, f"deck = {r.deck_name}", at)

    # the fields agree with each other
    if not discard:
        _fail(at + "discard", "empty: a round always has a top card")
    top = discard[-1]
    alive = [s for s in range(n) if not eliminated[s]]
    if set(elimination_order) != {s for s in range(n) if eliminated[s]}:
        _fail(at + "elimination_order", "not the seats marked in eliminated")
    if phase < Phase.MATCH_OVER and len(alive) < 2:
        _fail(at + "eliminated", "fewer than two seats left, but the match is not over")
    if phase != Phase.MATCH_OVER and match_ranking:
        _fail(at + "match_ranking", f"a ranking, but the match is not over (phase = {phase.label})")
    if phase != Phase.PENALTY and (pending or stack):
        _fail(at + "pending_draw", f"a pending penalty, but phase = {phase.label}")
    if phase == Phase.AFTER_DRAW:
        if drawn is None:
            _fail(at + "drawn", "null, but phase = after_draw waits for the drawn card")
        if drawn not in hands[current]:
            _fail(at + "drawn", f"{drawn.code} is not in the hand of seat {current} (current)")
    elif active and drawn is not None:
        _fail(at + "drawn", f"{drawn.code}, but phase = {phase.label} has no drawn card")
    if active:
        for s in range(n):
            if eliminated[s] and in_round[s]:
                _fail(f"{at}in_round[{s}]", f"seat {s} is eliminated")
            if in_round[s] and not hands[s]:
                _fail(f"{at}hands[{s}]", f"seat {s} holds no card, but is still in the round")
            if not in_round[s] and hands[s]:
                _fail(f"{at}hands[{s}]", f"seat {s} holds cards, but is out of the round")
        if sum(in_round) < 2:
            _fail(at + "in_round", "fewer than two seats in the round, but it is not over")
        for s in knocked_out:
            if in_round[s] or eliminated[s] or s in out_order:
                _fail(at + "knocked_out", f"seat {s} was not put out of the round by mercy")
        gone = {s for s in range(n) if not in_round[s] and not eliminated[s]}
        if set(out_order) | set(knocked_out) != gone:
            _fail(at + "out_order", "not the seats that went out of the round")
        if roulette and (phase != Phase.CHOOSE_COLOR or RANK_OF[top] != Rank.WILD_COLOR_ROULETTE):
            _fail(
                at + "roulette", "a colour roulette waits only with WCR on top, phase choose_color"
            )
        if not in_round[current]:
            _fail(at + "current", f"seat {current} is out of the round")
        if winner is not None:
            _fail(at + "winner", f"seat {winner}, but the round is not over")
        if phase == Phase.CHOOSE_COLOR:
            if color != -1 or COLOR_OF[top] >= 0:
                _fail(at + "color", "a colour is chosen only for a wild start card, not yet named")
        elif color < 0:
            _fail(at + "color", f"no colour, but phase = {phase.label}")
        if phase == Phase.PENALTY:
            if not pending or not stack:
                _fail(at + "pending_draw", "phase = penalty, but no penalty is pending")
            if RANK_OF[top] in _DRAW_RANKS and stack[-1].seat == current:
                _fail(at + "stack", f"seat {current} faces the penalty of its own card")
        if jump is not None and (jump.stack > len(stack) or jump.pending > pending):
            _fail(at + "jump", "more penalty before the jumped cards than after them")
    elif jump is not None:
        _fail(at + "jump", f"a jump-in window, but phase = {phase.label}")
    if knocked_out and not rules.mercy_limit:
        _fail(at + "knocked_out", "seats knocked out, but mercy_limit = 0 (off)")
    if not active and roulette:
        _fail(at + "roulette", f"a colour roulette waits, but phase = {phase.label}")
    if any(face_down) and not rules.blind_draw:
        _fail(at + "face_down", "cards held face down, but blind_draw = false")

    game = blank(rules, seed)
    game.rng.state = rng
    game.hands = hands
    game.draw_pile = draw_pile
    game.discard = discard
    game.color = color
    game.direction = direction
    game.current = current
    game.dealer = dealer
    game.phase = phase
    game.pending_draw = pending
    game.drawn = drawn
    game.stack = stack
    game.jump = jump
    game.tops = tops
    game.seating = seating
    game.called = called
    game.window = window
    game.revealed = revealed
    game.in_round = in_round
    game.eliminated = eliminated
    game.elimination_order = elimination_order
    game.out_order = out_order
    game.scores = scores
    game.round_points = round_points
    game.round_no = round_no
    game.scored_rounds = scored_rounds
    game.winner = winner
    game.match_ranking = match_ranking
    game.history = history
    game.origin = None if origin_data is None else dict(origin_data)
    game.knocked_out = knocked_out
    game.roulette = roulette
    game.face_down = face_down
    return game


def _face_down(r: _Reader, value: Any, hands: list[list[Card]], at: str) -> list[list[Card]]:
    """The cards each seat holds face down (``blind_draw``): ``[]`` (none) or a list per seat,
    each of cards of that seat's hand."""
    n = len(hands)
    if value == []:
        return [[] for _ in range(n)]
    rows = _list(value, at, 10)
    if len(rows) != n:
        _fail(at, f"{len(rows)} lists, but players = {n}")
    out = []
    for s, row in enumerate(rows):
        cards = r.cards(row, f"face_down[{s}]")
        if Counter(cards) - Counter(hands[s]):
            _fail(f"{at}[{s}]", f"cards face down that hands[{s}] does not hold")
        out.append(cards)
    return out


def _check_cards(
    placed: Counter[Card], expected: Counter[Card], what: str, at: str, subset: bool = False
) -> None:
    """The hands and piles hold the expected cards (at most those, with ``subset``)."""
    for card in sorted(set(placed) | set(expected)):
        have, want = placed[card], expected[card]
        if have > want or (have < want and not subset):
            copies = "copy" if have == 1 else "copies"
            raise StateError(
                f"{at}hands, draw_pile and discard hold {have} {copies} of {card.code}, "
                f"but {what} has {want}"
            )


def _stack_entry(r: _Reader, value: Any, where: str) -> StackEntry:
    e = expect_object(value, r.at + where, _STACK_KEYS, frozenset({"tops"}))
    card = r.card(e["card"], f"{where}.card")
    if RANK_OF[card] not in _DRAW_RANKS:
        _fail(f"{r.at}{where}.card", f"{card.code} is not a +2 or a +4")
    return StackEntry(
        r.seat(e["seat"], f"{where}.seat"),
        card,
        _bool(e["honest"], f"{r.at}{where}.honest"),
        r.color(e["color"], f"{where}.color"),
        tuple(r.cards(e["hand"], f"{where}.hand")),
        r.maybe_card(e["under"], f"{where}.under"),
        tuple(r.cards(e.get("tops", []), f"{where}.tops")),
    )


def _jump(r: _Reader, value: Any, where: str) -> JumpWindow:
    j = expect_object(value, r.at + where, _JUMP_KEYS)
    cards = tuple(r.cards(j["cards"], f"{where}.cards"))
    if not cards:
        _fail(f"{r.at}{where}.cards", "no card to jump in on")
    return JumpWindow(
        r.seat(j["player"], f"{where}.player"),
        cards,
        r.direction(j["direction"], f"{where}.direction"),
        expect_int(j["pending"], f"{r.at}{where}.pending", 0, r.most_pending),
        expect_int(j["stack"], f"{r.at}{where}.stack", 0, r.size),
        tuple(
            r.seat(s, f"{where}.skipped[{i}]")
            for i, s in enumerate(_list(j["skipped"], f"{r.at}{where}.skipped", r.size))
        ),
    )


def _revealed(r: _Reader, value: Any, where: str) -> tuple[int, dict[int, tuple[Card, ...]]]:
    rev = expect_object(value, r.at + where, _REVEALED_KEYS)
    viewer = r.seat(rev["viewer"], f"{where}.viewer")
    shown = rev["hands"]
    if not isinstance(shown, Mapping):
        refuse_value(f"{r.at}{where}.hands", shown, "an object of seat: cards")
    hands: dict[int, tuple[Card, ...]] = {}
    for key, cards in shown.items():
        if not isinstance(key, str) or not key.isdigit() or str(int(key)) != key:
            _fail(f"{r.at}{where}.hands", f"{show(key)} is not a seat")
        seat = r.seat(int(key), f"{where}.hands")
        hands[seat] = tuple(r.cards(cards, f"{where}.hands.{key}"))
    return viewer, hands


def _history(value: Any, where: str) -> list[tuple[int, Move]]:
    return [_move(text, f"{where}[{i}]") for i, text in enumerate(_list(value, where, _MAX_MOVES))]


def _move(text: Any, where: str) -> tuple[int, Move]:
    if not isinstance(text, str) or len(text) > _MAX_MOVE_TEXT:
        refuse_value(where, text, "a move in notation, such as '0: play R5'")
    try:
        seat, move = parse_move(text)
    except UnoError as error:
        raise StateError(f"{where}: {error}") from None
    return int(seat), move


# -- records -------------------------------------------------------------------------------------


def load_record(
    record: Any, new: Callable[[Rules, int], S], blank: Callable[[Rules, int], S]
) -> tuple[S, list[str]]:
    """The starting game of a record (``Game.record``) and its moves in notation, every field
    checked: a game dealt by ``new(rules, seed)``, or the record's described table filled into
    ``blank(rules, seed)``; the caller applies the moves (``Game.from_record`` does)."""
    if not isinstance(record, Mapping):
        raise StateError(
            f"not a unokit game record (expected an object with format {RECORD_FORMAT!r}, "
            f"got {show(record)})"
        )
    if record.get("format") != RECORD_FORMAT:
        raise StateError(
            f"not a unokit game record (expected format {RECORD_FORMAT!r}, "
            f"got {show(record.get('format'))})"
        )
    expect_object(record, "the record", _RECORD_KEYS, frozenset({"meta"}))
    rules = _rules(record["rules"], "rules")
    seed = _seed(record["seed"], "seed")
    moves = _list(record["moves"], "moves", _MAX_MOVES)
    for i, text in enumerate(moves):
        _move(text, f"moves[{i}]")
    if record["table"] is None:
        game = new(rules, seed)
    else:
        game = load_state(record["table"], blank, table=True, at="table.")
        if game.rules != rules:
            _fail("rules", "not the rules of the described table")
        if game.seed != seed:
            _fail("seed", f"{seed}, but the described table has seed = {game.seed}")
        game.origin = dict(record["table"])
    return game, list(moves)
