"""Loading saved states and records (issue 9, finding 15): every field is checked.

A state that fails a check raises StateError (a UnoError) naming the field; one that loads
plays on without error. The property test alters valid states at random (a key dropped, a
value of another type, a card moved, added or removed, a seat, colour or phase out of range,
deep nesting) and requires exactly one of those two outcomes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import table
from tests.fuzz import examples
from unokit import REFEREE, Game, Rules, RulesError, UnoError
from unokit.cards import ALL_CARDS, COLOR_OF, Color
from unokit.errors import StateError
from unokit.moves import DEAL, Move, Play
from unokit.phase import Phase
from unokit.rules import PRESETS

# -- helpers -------------------------------------------------------------------------------------


def random_moves(game: Game, rng: random.Random, count: int) -> Game:
    """Play up to ``count`` random legal moves (the referee deals between rounds; sometimes
    a seat out of turn)."""
    for _ in range(count):
        if game.match_over:
            break
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seat = game.current if rng.random() < 0.85 else rng.randrange(game.n)
        legal: list[Move] = game.legal_moves(seat)
        if not legal:
            continue
        plays = [m for m in legal if isinstance(m, Play)]
        game.apply(seat, rng.choice(plays if plays and rng.random() < 0.6 else legal))
    return game


def state(**changes: Any) -> dict[str, Any]:
    """A valid state of a round in progress, phase play (4 players, official rules), with
    changes."""
    game = Game(Rules(players=4), seed=11)
    rng = random.Random(1)
    for moves in range(200):
        if moves >= 12 and game.phase == Phase.PLAY:
            break
        random_moves(game, rng, 1)
    assert game.phase == Phase.PLAY
    data = json.loads(json.dumps(game.to_dict()))
    data.update(changes)
    return data


def refused(data: Any, *fragments: str) -> str:
    with pytest.raises(StateError) as caught:
        Game.from_dict(data)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, message
    assert "\n" not in message
    return message


# -- the states of the issue ---------------------------------------------------------------------


def test_ten_extra_wild_draw_fours_in_a_hand_are_refused() -> None:
    data = state()
    data["hands"][1] += ["W+4"] * 10
    refused(data, "hold 14 copies of W+4", "deck = classic108 has 4")


def test_an_emptied_draw_pile_is_refused() -> None:
    data = state(draw_pile=[])
    refused(data, "hands, draw_pile and discard hold", "but deck = classic108 has")


def test_a_hand_missing_for_a_seat_is_refused() -> None:
    data = state()
    data["hands"] = data["hands"][:3]
    refused(data, "hands: 3 hands, but players = 4")


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"color": 7}, "color = 7: expected a colour from 0 to 3"),
        ({"color": -1}, "color: no colour, but phase = play"),
        ({"current": 99}, "current = 99: expected a seat from 0 to 3"),
        ({"current": -1}, "current = -1"),
        ({"dealer": 4}, "dealer = 4"),
        ({"direction": 0}, "direction = 0"),
        ({"phase": "after_draw"}, "drawn: null, but phase = after_draw"),
        ({"phase": "Play"}, "phase = 'Play': expected one of play, after_draw"),
        ({"phase": "penalty"}, "phase = penalty, but no penalty is pending"),
        ({"pending_draw": 4}, "pending_draw: a pending penalty, but phase = play"),
        ({"phase": "choose_color"}, "color: a colour is chosen only for a wild start card"),
        ({"winner": 2}, "winner: seat 2, but the round is not over"),
        ({"match_ranking": [0, 1]}, "match_ranking: a ranking, but the match is not over"),
        ({"round_no": 0}, "round_no = 0"),
        ({"scored_rounds": 5}, "scored_rounds = 5"),
        ({"rng": -1}, "rng = -1"),
        ({"seed": 2**64}, "seed = 18446744073709551616"),
        ({"seating": [0, 1, 2, 2]}, "seating: a seat is listed twice"),
        ({"seating": [0, 1, 2]}, "seating: 3 seats, but players = 4"),
        ({"in_round": [True, True, True]}, "in_round: 3 entries, but players = 4"),
        ({"called": [1, 0, 0, 0]}, "called[0] = 1: expected true or false"),
        ({"eliminated": [True, False, False, False]}, "elimination_order"),
        ({"in_round": [False, True, True, True]}, "hands[0]: seat 0 holds cards"),
        ({"scores": [0, 0, 0, "10"]}, "scores[3] = '10'"),
        ({"history": ["0: fly"]}, "history[0]: '0: fly': unknown move 'fly'"),
        ({"history": [5]}, "history[0] = 5"),
        ({"drawn": "R5"}, "drawn: R5, but phase = play has no drawn card"),
        ({"tops": []}, "tops: an empty list"),
        ({"jump": {"player": 0}}, "jump: missing key 'cards'"),
        ({"revealed": {"viewer": 0, "hands": {"x": []}}}, "revealed.hands: 'x' is not a seat"),
        ({"stack": [{}]}, "stack[0]: missing key 'seat'"),
        ({"rules": {"players": 3}}, "hands: 4 hands, but players = 3"),
        ({"rules": {"stacking": "maybe"}}, "rules: stacking = 'maybe' is not allowed"),
        ({"rules": {"players": [[1]]}}, "rules: option 'players' = a list is not a rule value"),
        ({"rules": []}, "rules = a list: expected an object of rule options"),
        ({"format": "unokit-state-2"}, "not a unokit state"),
        ({"colour": 1}, "unknown key 'colour'"),
    ],
)
def test_a_field_out_of_range_or_of_the_wrong_type_is_named(
    changes: dict[str, Any], fragment: str
) -> None:
    refused(state(**changes), fragment)


@pytest.mark.parametrize("data", [[], None, "state", 5, 1.5, True, {"format": None}])
def test_what_is_not_a_state_object_is_refused(data: Any) -> None:
    refused(data, "state")


def test_a_missing_key_is_named() -> None:
    for key in ["hands", "rules", "seed", "phase", "history", "stack"]:
        data = state()
        del data[key]
        refused(data, f"missing key {key!r}")


def test_a_card_that_is_not_a_card_or_not_of_the_deck_is_named() -> None:
    data = state()
    data["hands"][2][0] = "X9"
    refused(data, "hands[2][0] = 'X9': expected a card code")
    data = state()
    data["hands"][2][0] = "WKS"  # only in the swimming deck
    refused(data, "hands[2][0]: WKS is not a card of deck = classic108")
    data = state()
    data["discard"] = [None]
    refused(data, "discard[0] = null")


def test_deep_nesting_is_refused_without_recursion() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    refused(state(hands=deep), "hands")
    refused(state(rules={"players": deep}), "rules")
    refused(deep, "must be an object")


def test_after_draw_needs_the_drawn_card_in_the_hand_of_the_seat_to_act() -> None:
    data = state(phase="after_draw")
    seat = data["current"]
    other = (seat + 1) % 4
    data["drawn"] = data["hands"][other][0]
    if data["drawn"] not in data["hands"][seat]:
        refused(data, "drawn:", f"is not in the hand of seat {seat} (current)")


def test_a_penalty_facing_its_own_player_is_refused() -> None:
    game = table(["W+4 R1 R2", "B1 B2", "G1 G2"], draw="Y1 Y2 Y3 Y4 Y5 Y6", discard="R8")
    game.apply(0, _play(game, 0, "W+4"))
    assert game.phase == Phase.PENALTY
    data = game.to_dict()
    assert Game.from_dict(data) == game
    data["current"] = 0
    refused(data, "stack: seat 0 faces the penalty of its own card")


def _play(game: Game, seat: int, code: str) -> Move:
    return next(m for m in game.legal_moves(seat) if isinstance(m, Play) and m.card.code == code)


# -- round trips stay exact ----------------------------------------------------------------------


def test_round_trips_stay_exact_in_every_phase() -> None:
    phases: set[Phase] = set()
    stride = max(1, 40 // examples(40))  # every state, or one in five under make check
    for seed in range(40):
        preset = list(PRESETS)[seed % len(PRESETS)]
        try:
            rules = Rules.preset(preset, players=2 + seed % 5)
        except RulesError:
            continue
        game = Game(rules, seed)
        rng = random.Random(seed)
        for step in range(300):
            if step % stride == 0:
                data = json.loads(json.dumps(game.to_dict()))
                assert Game.from_dict(data) == game
            phases.add(game.phase)
            if game.match_over:
                break
            random_moves(game, rng, 1)
    assert phases == set(Phase)


def test_a_described_table_round_trips_and_its_cards_must_match_the_table() -> None:
    game = table(["R3 G4", "B1 B2", "Y1 Y2"], draw="Y9 G7")
    game.apply(0, parse("0: draw"))
    data = json.loads(json.dumps(game.to_dict()))
    assert Game.from_dict(data) == game
    assert Game.from_record(json.loads(json.dumps(game.record()))) == game
    data["draw_pile"].append("R9")  # a card the table did not place
    refused(data, "hold 1 copy of R9, but the described table (origin) has 0")
    data = json.loads(json.dumps(game.to_dict()))
    data["origin"]["hands"][0].append("W+4")
    data["hands"][0].append("W+4")  # the same card added to the table and the game
    assert Game.from_dict(data).hands[0][-1].code == "W+4"
    data["origin"]["round_no"] = 2
    refused(data, "origin: a described table is the first state of its round")


def test_the_first_state_of_a_table_loads_only_as_a_table() -> None:
    """A table holds fewer cards than the deck: loaded as a game state it is refused."""
    game = table(["R3 G4", "B1 B2"], draw="Y9 G7")
    origin = game.to_dict()["origin"]
    refused(origin, "but deck = classic108 has")
    record = {"format": "unokit-record-1", "rules": {"players": 2}, "seed": 0}
    assert Game.from_record({**record, "table": origin, "moves": ["0: draw"]}).hands[0][-1]


def parse(text: str) -> Move:
    from unokit import parse_move

    return parse_move(text)[1]


# -- records -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        (
            [],
            "not a unokit game record (expected an object with format 'unokit-record-1', "
            "got a list)",
        ),
        ({"format": "unokit-record-1"}, "missing key 'rules'"),
        (
            {"format": "unokit-record-1", "rules": {}, "seed": -1, "table": None, "moves": []},
            "seed = -1",
        ),
        (
            {"format": "unokit-record-1", "rules": {}, "seed": 1, "table": None, "moves": "x"},
            "moves = 'x': expected a list",
        ),
        (
            {"format": "unokit-record-1", "rules": {}, "seed": 1, "table": None, "moves": [3]},
            "moves[0] = 3",
        ),
        (
            {"format": "unokit-record-1", "rules": {}, "seed": 1, "table": 7, "moves": []},
            "table must be an object",
        ),
        (
            {
                "format": "unokit-record-1",
                "rules": {},
                "seed": 1,
                "table": None,
                "moves": ["9: draw"],
            },
            "moves[0]: '9: draw' is not allowed",
        ),
    ],
)
def test_a_bad_record_raises_state_error(record: Any, fragment: str) -> None:
    with pytest.raises(StateError) as caught:
        Game.from_record(record)
    assert fragment in str(caught.value), str(caught.value)


def test_a_record_whose_rules_are_not_its_tables_is_refused() -> None:
    game = table(["R3 G4", "B1 B2"], draw="Y9 G7")
    record = game.record()
    record["rules"] = {"players": 2, "stacking": "any"}
    with pytest.raises(StateError, match="rules: not the rules of the described table"):
        Game.from_record(record)


def test_from_table_raises_the_projects_error() -> None:
    with pytest.raises(StateError, match="the table has 2 hands but players = 3"):
        table(["R1", "R2"], players=3)
    with pytest.raises(StateError, match="holds 5 copies of W"):
        table(["W W W", "W W", "B1"])


# -- the property: a valid game that plays on, or StateError -------------------------------------

_JUNK: list[Callable[[random.Random], Any]] = [
    lambda r: None,
    lambda r: r.choice([True, False]),
    lambda r: r.randint(-3, 12),
    lambda r: r.choice([99, -99, 2**64, 2**70, 10**30]),
    lambda r: r.choice([0.5, 1.0, float("nan"), float("inf")]),
    lambda r: r.choice(["", "x", "R5", "W+4", "play", "after_draw", "penalty", "red", "0"]),
    lambda r: r.choice(ALL_CARDS).code,
    lambda r: [],
    lambda r: {},
    lambda r: [r.choice(ALL_CARDS).code for _ in range(r.randint(1, 4))],
    lambda r: {"0": [], "viewer": 0},
    lambda r: _nest(r.choice([50, 5000])),
]


def _nest(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if len(path) > 6:  # not into deep nesting made by an earlier change
        return out
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _card_lists(data: dict[str, Any]) -> list[list[Any]]:
    """The draw pile, the discard and the hands (those an earlier change left lists)."""
    hands = data.get("hands")
    lists = [
        data.get("draw_pile"),
        data.get("discard"),
        *(hands if isinstance(hands, list) else []),
    ]
    return [x for x in lists if isinstance(x, list)] or [[]]


def mutate(data: dict[str, Any], rng: random.Random) -> None:
    """One random change to a state, anywhere in it."""
    kind = rng.randrange(11)
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent, key = _at(data, path[:-1]), path[-1]
    if kind == 0:  # drop a key, or an entry of a list
        del parent[key]
    elif kind == 1:  # a value of another type, or out of range
        parent[key] = rng.choice(_JUNK)(rng)
    elif kind == 2:  # move a card from one pile or hand to another
        piles = [p for p in _card_lists(data) if p] or [["R1"]]
        source, target = rng.choice(piles), rng.choice(_card_lists(data))
        target.insert(rng.randint(0, len(target)), source.pop(rng.randrange(len(source))))
    elif kind == 3:  # add a card
        target = rng.choice(_card_lists(data))
        target.append(rng.choice(["W+4", "W", rng.choice(ALL_CARDS).code]))
    elif kind == 4:  # remove a card
        piles = [p for p in _card_lists(data) if p] or [["R1"]]
        source = rng.choice(piles)
        source.pop(rng.randrange(len(source)))
    elif kind == 5:  # a seat, colour, count out of range or changed
        name = rng.choice(
            ["current", "dealer", "color", "direction", "pending_draw", "winner", "round_no"]
        )
        data[name] = rng.randint(-2, 11)
    elif kind == 6:  # another phase
        data["phase"] = rng.choice([p.label for p in Phase])
    elif kind == 7:  # swap two fields
        a, b = rng.sample(sorted(data), 2)
        data[a], data[b] = data[b], data[a]
    elif kind == 9:  # any whole number or flag, anywhere, changed
        numbers = [p for p in paths if isinstance(_at(data, p), int)] or [path]
        path = rng.choice(numbers)
        parent, key = _at(data, path[:-1]), path[-1]
        value = parent[key]
        parent[key] = (not value) if isinstance(value, bool) else rng.randint(-1, 9)
    elif kind == 10:  # any card, anywhere, another card
        codes = {card.code for card in ALL_CARDS}
        cards = [p for p in paths if isinstance(_at(data, p), str) and _at(data, p) in codes]
        path = rng.choice(cards or [path])
        _at(data, path[:-1])[path[-1]] = rng.choice(ALL_CARDS).code
    else:  # a list entry twice, or a flag flipped
        if isinstance(parent, list):
            parent.append(parent[key])
        elif isinstance(parent[key], bool):
            parent[key] = not parent[key]
        else:
            parent[key] = _nest(rng.choice([10, 100_000]))


def base_game(rng: random.Random) -> Game:
    """A game in some phase: a preset or a house-rule mix, maybe from a described table."""
    while True:
        options: dict[str, Any] = {}
        if rng.random() < 0.5:
            options = {
                "stacking": rng.choice(["off", "same_kind", "any"]),
                "jump_in": rng.choice(["off", "identical", "identical_any"]),
                "jump_in_stacking": rng.choice(["new", "old"]),
                "deflect": rng.choice(["off", "any_color"]),
                "stack_challenge": rng.choice(["last", "all"]),
                "seven_zero": rng.random() < 0.3,
                "multi_play": rng.choice(["off", "same_rank"]),
                "sum_jump_in": rng.random() < 0.3,
                "round_end": rng.choice(["first_out", "rank_all"]),
                "misplay": rng.choice(["reject", "penalty_continue"]),
                "wild_multi": rng.random() < 0.2,
                "hand_size": rng.randint(1, 7),
            }
        try:
            rules = Rules.preset(rng.choice(list(PRESETS)), players=rng.randint(2, 6), **options)
            game = Game(rules, rng.randrange(2**32))
        except RulesError:
            continue
        break
    if rng.random() < 0.25:  # a described table dealt from part of this game
        top = game.discard[-1]
        game = Game.from_table(
            game.rules,
            [h[: rng.randint(1, len(h))] for h in game.hands],
            game.draw_pile[: rng.randint(0, len(game.draw_pile))],
            [top],
            color=(game.active_color or Color.RED) if COLOR_OF[top] < 0 else None,
            current=game.current,
            seed=game.seed,
        )
    return random_moves(game, rng, rng.choice([0, 5, 30, 200]))


def check_mutated(seed: int) -> str:
    """Alter a valid state; it must load and play on, or raise StateError. Says which."""
    rng = random.Random(seed)
    game = base_game(rng)
    data = json.loads(json.dumps(game.to_dict()))
    for _ in range(rng.choice([1, 1, 2, 3])):
        mutate(data, rng)
    try:
        loaded = Game.from_dict(data)
    except StateError:
        return "refused"
    # what loads, loads again equal, and plays on without error
    assert Game.from_dict(json.loads(json.dumps(loaded.to_dict()))) == loaded
    for seat in range(-1, loaded.n):
        loaded.view(seat)
    loaded.summary()
    loaded.waiting_seats()
    random_moves(loaded, rng, 40)
    return "loaded"


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_an_altered_state_loads_and_plays_on_or_raises_state_error(seed: int) -> None:
    check_mutated(seed)


def test_altered_states_both_load_and_are_refused() -> None:
    """The alterations are not all refused: many (a card moved between hands) still load."""
    outcomes = [check_mutated(seed) for seed in range(300)]
    assert 0 < outcomes.count("loaded") < len(outcomes)


def test_state_error_is_the_projects_error() -> None:
    assert issubclass(StateError, UnoError)
    assert issubclass(StateError, ValueError)


def test_a_record_meta_keeps_names_and_chat_and_refuses_bad_ones() -> None:
    """Issue 11: a finished online match's record (names, chat) is a record `unokit replay`
    reads; a broken chat line is refused with where it is."""
    from unokit.record import load_saved, saved_record

    record = saved_record(Game(Rules(players=2), seed=4))
    record["meta"] = {
        "room": "ABCDEF",
        "names": ["Ann", "Bob"],
        "chat": [{"seat": 0, "name": "Ann", "text": "gg", "time": 12.5}],
    }
    assert load_saved(record).meta["chat"] == record["meta"]["chat"]
    record["meta"]["chat"] = [{"seat": 0, "name": "Ann", "text": "gg"}]
    with pytest.raises(StateError, match=r"meta.chat\[0\]: missing key 'time'"):
        load_saved(record)
    record["meta"] = {"names": ["Ann", 3]}
    with pytest.raises(StateError, match=r"meta.names\[1\]"):
        load_saved(record)
