"""The engine's contract: legality, refusals that change nothing, events, views, copies, JSON."""

from __future__ import annotations

import json

import pytest

from tests.conftest import hand, play, table, texts
from unokit import (
    REFEREE,
    Card,
    Color,
    Draw,
    Game,
    IllegalMoveError,
    Phase,
    Play,
    Rules,
    parse_move,
)
from unokit.moves import CALL_UNO, Catch


def test_same_seed_same_game() -> None:
    a, b = Game(Rules(players=4), seed=9), Game(Rules(players=4), seed=9)
    assert a == b
    assert Game(Rules(players=4), seed=10) != a


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    game = table(["R3 G4", "B1 B2", "Y1 Y2"])
    before = game.to_dict()
    with pytest.raises(IllegalMoveError, match="G4 does not match the top card R8"):
        play(game, "0: play G4")
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn, not seat 1's"):
        play(game, "1: play B1")
    with pytest.raises(IllegalMoveError, match="seat 0 holds no Y7"):
        play(game, "0: play Y7")
    with pytest.raises(IllegalMoveError, match="there is no \\+4 to challenge"):
        play(game, "0: challenge")
    with pytest.raises(IllegalMoveError, match="there is no seat 7"):
        game.apply(7, Draw())
    assert game.to_dict() == before


def test_wild_needs_a_colour_and_coloured_cards_take_none() -> None:
    game = table(["W R3", "B1 B2"])
    with pytest.raises(IllegalMoveError, match="a wild needs a colour"):
        game.apply(0, Play(Card.parse("W")))
    with pytest.raises(IllegalMoveError, match="R3 is not a wild"):
        game.apply(0, Play(Card.parse("R3"), Color.BLUE))


def test_legal_moves_of_a_turn() -> None:
    game = table(["R3 G4 W", "B1 B2", "Y1 Y2"])
    moves = {m for m in game.legal_moves(0)}
    assert Play(Card.parse("R3")) in moves
    assert Play(Card.parse("G4")) not in moves
    assert {Play(Card.parse("W"), c) for c in Color} <= moves
    assert Draw() in moves
    # out of turn, seat 1 has nothing to do
    assert game.legal_moves(1) == []
    assert game.legal_moves(REFEREE) == []


def test_uno_variants_are_offered_with_the_second_to_last_card() -> None:
    game = table(["R3 G4", "B1 B2 B3"])
    moves = game.legal_moves(0)
    assert Play(Card.parse("R3"), uno=True) in moves
    assert CALL_UNO in moves


def test_catch_is_offered_to_every_other_seat_while_the_window_is_open() -> None:
    game = table(["R3 G4", "B1 B2 B3", "Y1 Y2"])
    play(game, "0: play R3")
    assert Catch(0) in game.legal_moves(1)
    assert Catch(0) in game.legal_moves(2)
    assert CALL_UNO in game.legal_moves(0)
    assert game.catchable(0)


def test_events_name_the_rule_that_decided_them() -> None:
    game = table(["W+4 B8", "R1 G2", "B5"], draw="G7 G8 G9 Y1 Y2 Y3 B1")
    play(game, "0: play W+4 blue uno")
    events = play(game, "1: challenge")
    assert (
        "challenge failed: seat 0 held no red card when playing +4; seat 1 draws 6 and loses "
        "the turn (wd4_rule=no_matching_color)"
    ) in texts(events)
    assert any(e.rule == "wd4_rule=no_matching_color" for e in events)


def test_event_texts_hide_what_a_seat_may_not_see() -> None:
    game = table(["R3 G4", "B1 B2", "Y1 Y2"], draw="Y9 G7")
    events = play(game, "0: draw")
    draw = events[0]
    assert draw.text == "seat 0 draws Y9"
    assert draw.text_for(0) == "seat 0 draws Y9"
    assert draw.text_for(1) == "seat 0 draws a card"


def test_view_hides_other_hands_and_the_draw_pile() -> None:
    game = table(["R3 G4", "B1 B2 B9", "Y1 Y2"], draw="Y9 G7")
    view = game.view(1)
    assert view.hand == tuple(Card.parse(c) for c in ["B1", "B2", "B9"])
    assert view.hand_sizes == (2, 3, 2)
    assert view.draw_pile_size == 2
    data = json.dumps(view.to_dict())
    for secret in ["R3", "G4", "Y1", "Y2", "Y9", "G7"]:
        assert secret not in data


def test_a_challenged_hand_is_revealed_to_the_challenger_only() -> None:
    """000, 003: the challenged player shows their hand to the challenger only."""
    game = table(["W+4 R2 B8", "B1 G2", "B5 Y6"], draw="G7 G8 G9 Y1 Y2")
    play(game, "0: play W+4 blue", "1: challenge")
    assert game.view(1).revealed == {0: tuple(Card.parse(c) for c in ["W+4", "R2", "B8"])}
    assert game.view(2).revealed == {}
    assert "R2" not in json.dumps(game.view(2).to_dict())


def test_copy_is_independent() -> None:
    game = Game(Rules(players=3), seed=2)
    clone = game.copy()
    assert clone == game
    seat = clone.current
    clone.apply(seat, clone.legal_moves(seat)[0])
    assert clone != game
    assert game.history == []


def test_state_round_trips_through_json() -> None:
    game = Game(Rules.preset("swimming", players=5), seed=3)
    for _ in range(30):
        if game.round_over:
            break
        seat = game.current
        game.apply(seat, game.legal_moves(seat)[-1])
    text = json.dumps(game.to_dict())
    assert Game.from_dict(json.loads(text)) == game


def test_a_loaded_game_plays_on_identically() -> None:
    game = Game(Rules(players=3), seed=4)
    loaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    for _ in range(40):
        if game.round_over:
            break
        seat = game.current
        move = game.legal_moves(seat)[0]
        assert game.apply(seat, move) is not None
        loaded.apply(seat, move)
    assert loaded == game


def test_table_refuses_impossible_tables() -> None:
    with pytest.raises(ValueError, match=r"holds 5 copies of W"):
        table(["W W W", "W W", "B1"])
    with pytest.raises(ValueError, match="the table has 2 hands but players = 3"):
        table(["R1", "R2"], players=3)
    with pytest.raises(ValueError, match="is a wild: give its colour"):
        table(["R1", "R2"], discard="W")


def test_referee_penalty_and_deal() -> None:
    game = table(["R3", "G4 G5"], draw="Y9 G7 G8", uno_called=(0,))
    with pytest.raises(IllegalMoveError, match="the round is not over"):
        game.apply(REFEREE, parse_move("referee: deal")[1])
    play(game, "referee: penalty 1 2 slow")
    assert hand(game, 1) == ["G4", "G5", "Y9", "G7"]
    play(game, "0: play R3")
    assert game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    play(game, "referee: deal")
    assert game.round_no == 2
    assert all(len(h) >= 7 for h in game.hands)


def test_game_record_replays_to_an_equal_game() -> None:
    """The game record (rules, seed, moves) serializes to JSON and loads back equal."""
    game = Game(Rules.preset("casual", players=4), seed=8)
    for _ in range(60):
        if game.round_over:
            break
        seat = game.current
        game.apply(seat, game.legal_moves(seat)[0])
    record = json.loads(json.dumps(game.record()))
    assert record["rules"] == {"scoring": "none"}
    assert Game.from_record(record) == game


def test_record_of_a_described_table() -> None:
    game = table(["R3 G4", "B1 B2", "Y1 Y2"], draw="Y9 G7")
    play(game, "0: draw", "1: draw")
    assert Game.from_record(json.loads(json.dumps(game.record()))) == game
