"""The online tables' house rules (VARIANTS.md §2) beyond their scenarios
(examples/scenarios/v2_*.toml): the readings of RULES-NOTES.md, what every seat sees, the
accelerator's classification, and bad values refused in one line."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tests.conftest import table
from unokit import Game, Rules
from unokit.cards import Card
from unokit.cli.main import app
from unokit.errors import IllegalMoveError
from unokit.moves import CALL_UNO, DRAW, REFEREE, TIMEOUT, Play
from unokit.narrator import narrate
from unokit.notation import parse_move
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.sim import fastplay
from unokit.sim.determinize import sample_game

C = Card.parse
runner = CliRunner()

#: each new option of VARIANTS.md §2 at a value that is not its default
HOUSE_RULES: dict[str, Any] = {
    "score_multiplier": 2,
    "reveal_hands_at": 2,
    "uno_call_window": "last_card_only",
    "catching": False,
    "hand_limit": 20,
    "bomb": True,
    "wild_start": "bury",
    "blind_draw": True,
    "match_clock": 300,
}
_NEEDS = {"bomb": {"multi_play": "same_rank"}}


def _rules(name: str) -> Rules:
    return Rules.from_dict({name: HOUSE_RULES[name], **_NEEDS.get(name, {})})


def _play(game: Game, *moves: str) -> None:
    for text in moves:
        game.apply(*parse_move(text))


@pytest.mark.parametrize("name", HOUSE_RULES)
def test_the_accelerator_leaves_each_house_rule_to_the_python_engine(name: str) -> None:
    rules = _rules(name)
    assert rules.describe(name) in fastplay.unsupported(rules)
    assert not fastplay.supports(rules)
    assert fastplay.play_random_from(Game(rules, 1), Rng(1)) is None  # falls back: none played


@pytest.mark.parametrize(
    ("rule", "says"),
    [
        ("score_multiplier=5", "score_multiplier = 5 is not allowed: expected a whole number"),
        ("reveal_hands_at=4", "reveal_hands_at = 4 is not allowed"),
        ("hand_limit=-1", "hand_limit = -1 is not allowed"),
        ("hand_limit=7", "hand_limit = 7 with hand_size = 7"),
        ("uno_call_window=late", "expected one of early, last_card_only"),
        ("wild_start=reshuffle", "expected one of name_color, bury"),
        ("catching=perhaps", "catching = 'perhaps' is not allowed: expected true or false"),
        ("bomb=true", "bomb needs three or more cards of one number"),
        ("blind_draw=maybe", "blind_draw = 'maybe' is not allowed: expected true or false"),
        ("match_clock=-5", "match_clock = -5 is not allowed"),
        ("match_clock=7201", "match_clock = 7201 is not allowed"),
        ("match_clock=soon", "match_clock = 'soon' is not allowed"),
    ],
)
def test_a_bad_house_rule_value_exits_2_in_one_line(rule: str, says: str) -> None:
    result = runner.invoke(app, ["simulate", "--games", "1", "--rule", rule])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.output


def test_combinations_that_would_do_nothing_are_refused() -> None:
    with pytest.raises(Exception, match="set false_catch_penalty = 0"):
        Rules(catching=False, false_catch_penalty=2)
    with pytest.raises(Exception, match="redraw_until_number"):
        Rules(wild_start="bury", start_card="redraw_until_number")
    with pytest.raises(Exception, match="scoring = 'none'"):
        Rules(score_multiplier=2, scoring="none")
    with pytest.raises(Exception, match="set draw_until_playable = false"):
        Rules(blind_draw=True, draw_until_playable=True)


# -- reveal_hands_at ---------------------------------------------------------------------------


def _revealing() -> Game:
    game = table(["R5 G3 Y7", "R1 B1 B2 B4", "G1 G2 Y2 Y4"], "Y9 G8 G9", "R9", reveal_hands_at=2)
    _play(game, "0: play R5")
    return game


def test_an_open_hand_is_in_every_seats_view_and_the_spectators() -> None:
    game = _revealing()
    for seat in (0, 1, 2, -1):
        view = game.view(seat)
        assert view.open_hands == {0: (C("G3"), C("Y7"))}
        assert view.to_dict()["open_hands"] == {"0": ["G3", "Y7"]}


def test_a_sampled_game_deals_an_open_hand_as_it_is() -> None:
    game = _revealing()
    view = game.view(1)
    for seed in range(20):
        sample = sample_game(view, Rng(seed))
        assert sample.hands[0] == [C("G3"), C("Y7")]
        assert sample.view(1).open_hands == view.open_hands


def test_a_hand_above_the_limit_is_hidden_again() -> None:
    game = _revealing()
    _play(game, "1: play R1", "2: play G1", "0: draw")
    assert 0 not in game.view(1).open_hands
    assert len(game.hands[0]) == 3


# -- uno_call_window, catching -----------------------------------------------------------------


def test_strict_uno_still_calls_with_the_second_to_last_card() -> None:
    """RULES-NOTES.md: the call that goes with the play leaves one card in hand."""
    game = table(
        ["R3 R6", "B1 B2 Y2", "Y1 G5 G6"], "G7 G8 G9", "R8", uno_call_window="last_card_only"
    )
    assert CALL_UNO not in game.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="only when holding one card"):
        game.apply(0, CALL_UNO)
    _play(game, "0: play R3 uno")
    assert game.uno_called(0)


def test_silent_uno_offers_no_catch_to_anyone() -> None:
    game = table(["R3 R6", "B1 B2 Y2", "Y1 G5 G6"], "G7 G8 G9", "R8", catching=False)
    _play(game, "0: play R3")
    assert not game.catchable(0)
    assert all(m.__class__.__name__ != "Catch" for s in (1, 2) for m in game.legal_moves(s))


# -- hand_limit --------------------------------------------------------------------------------


def test_a_penalty_is_drawn_in_full_past_the_hand_limit() -> None:
    game = table(
        ["R+2 G1", "B1 B2 B3 B4 B5 B6 B7 Y8", "Y1 Y2"],
        "G7 G8 G9 Y7 Y9 G3",
        "R8",
        hand_limit=8,
    )
    _play(game, "0: play R+2")  # (no stacking: seat 1 draws at once)
    assert len(game.hands[1]) == 10
    assert game.current == 2


@pytest.mark.parametrize("seed", range(6))
def test_random_games_under_a_hand_limit_never_stall(seed: int) -> None:
    """Whenever a round is played, the seat to act has a move (a stuck seat is passed over,
    a table where nobody can move ends the round)."""
    rules = Rules(players=4, hand_size=3, hand_limit=5, draw_with_playable="allowed")
    game = Game(rules, seed)
    rng = Rng(seed)
    for _ in range(3000):
        if game.match_over:
            break
        if game.phase == Phase.ROUND_OVER:
            game.apply(-1, game.legal_moves(-1)[0])
            continue
        moves = game.legal_moves(game.to_act)
        assert moves, game.to_dict()
        if game.phase == Phase.PLAY and len(game.hands[game.current]) >= 5:
            assert DRAW not in moves
        game.apply(game.to_act, moves[rng.below(len(moves))])


# -- bomb, score_multiplier --------------------------------------------------------------------


def test_a_bomb_that_goes_out_still_makes_the_others_draw_before_scoring() -> None:
    game = table(
        ["R5 G5 B5", "R1 B2", "G1 G2"],
        "G9 Y3 Y8",
        "R9",
        multi_play="same_rank",
        bomb=True,
    )
    events = game.apply(*parse_move("0: play R5 G5 B5 blue"))
    assert game.round_over and game.winner == 0
    assert [len(h) for h in game.hands] == [0, 3, 3]
    kinds = [e.kind for e in events]
    assert kinds.index("bomb") < kinds.index("round_won")
    # winner takes: R1 B2 G9 (1 + 2 + 9) and G1 G2 Y3 (1 + 2 + 3), the bomb's cards counted
    assert game.round_points == [18, 0, 0]


def test_two_of_a_number_is_no_bomb() -> None:
    game = table(
        ["R5 G5 Y1", "R1 B2", "G1 G2"], "G9 Y3 Y8", "R9", multi_play="same_rank", bomb=True
    )
    events = game.apply(*parse_move("0: play R5 G5 green"))
    assert [len(h) for h in game.hands] == [1, 2, 2]
    assert not any(e.kind == "bomb" for e in events)


def test_a_multiplied_round_under_net_scoring_stays_zero_sum() -> None:
    game = table(
        ["R3", "G2 BS", "W Y9"],
        "G7 G8 G9",
        "R8",
        scoring="net",
        score_multiplier=4,
        uno_called=(0,),
    )
    events = game.apply(*parse_move("0: play R3"))
    assert game.round_points == [4 * 81, -4 * 22, -4 * 59]
    assert sum(game.scores) == 0
    assert "this round's points count 4 times" in " ".join(e.text for e in events)


# -- blind_draw --------------------------------------------------------------------------------


def _blind() -> Game:
    """Seat 0 has no red card and draws R7 face down; seat 1 is to play."""
    game = table(["G1 B2", "R7 Y4 Y5", "R1 Y6 G6"], "R7 G8 G9 B8", "R9", blind_draw=True)
    _play(game, "0: draw")
    return game


def test_a_blind_card_is_hidden_from_its_drawer_and_the_others() -> None:
    game = _blind()
    assert game.hands[0] == [C("G1"), C("B2"), C("R7")]
    view = game.view(0)
    assert view.hand == (C("G1"), C("B2")) and view.face_down == 1
    assert view.hand_sizes[0] == 3 and view.drawn_card is None
    assert view.to_dict()["face_down"] == 1 and "R7" not in str(view.to_dict()["hand"])
    assert game.view(1).face_down == 0


def test_a_playable_card_drawn_blind_is_not_played_on_that_turn() -> None:
    """RULES-NOTES.md: the card is not seen, so after_draw does not offer it."""
    game = table(["G1 B2", "R7 Y4", "R1 Y6"], "R7 G8", "R9", blind_draw=True)
    events = game.apply(*parse_move("0: draw"))
    assert game.phase == Phase.PLAY and game.current == 1
    assert [e.kind for e in events] == ["draw", "kept_face_down"]
    assert [narrate(e, 0) for e in events] == [
        "You draw a card face down",
        "You keep the card face down; the turn passes to seat 1",
    ]
    assert narrate(events[0], 1) == "Seat 0 draws a card face down"
    assert events[0].text == "seat 0 draws R7 face down (blind_draw=true)"


def test_a_blind_card_cannot_jump_in_and_is_seen_at_the_next_turn() -> None:
    game = table(
        ["G1 B2", "R7 Y4 Y5", "R1 Y6 G6"], "R7 G8 G9", "R9", blind_draw=True, jump_in="identical"
    )
    _play(game, "0: draw", "1: play R7")
    assert all(not isinstance(m, Play) for m in game.legal_moves(0))
    with pytest.raises(IllegalMoveError, match="seat 0 holds R7 face down, drawn blind"):
        game.apply(*parse_move("0: play R7"))
    events = game.apply(*parse_move("2: play R1"))
    assert events[-1].kind == "turned_up"
    assert narrate(events[-1], 0) == "You turn up the cards drawn face down: red 7"
    assert narrate(events[-1], 1) == "Seat 0 looks at the card drawn face down"
    assert game.view(0).face_down == 0 and C("R7") in game.view(0).hand
    assert parse_move("0: play R7")[1] in game.legal_moves(0)


def test_penalty_cards_go_face_down_too() -> None:
    game = table(["R+2 G1", "B1 B2", "Y1 Y2"], "G7 G8 G9", "R8", blind_draw=True)
    events = game.apply(*parse_move("0: play R+2"))
    assert game.face_down[1] == [C("G7"), C("G8")]
    penalty = next(e for e in events if e.kind == "penalty_draw")
    assert "G7" not in narrate(penalty, 1) and "face down" in narrate(penalty, 1)


def test_a_sampled_game_does_not_know_the_cards_held_face_down() -> None:
    game = _blind()
    view = game.view(0)
    dealt = set()
    for seed in range(30):
        sample = sample_game(view, Rng(seed))
        assert sample.hands[0][:2] == [C("G1"), C("B2")] and len(sample.hands[0]) == 3
        assert sample.face_down[0] == sample.hands[0][2:]
        assert sample.view(0).hand == view.hand
        dealt.add(sample.hands[0][2])
    assert len(dealt) > 5  # dealt from the unseen cards, not the true R7


def test_cards_face_down_are_saved_and_loaded() -> None:
    game = _blind()
    data = game.to_dict()
    assert data["face_down"] == [["R7"], [], []]
    assert Game.from_dict(data).view(0).face_down == 1
    assert "face_down" not in table(["R1", "G1"], "G7", "R8").to_dict()
    bad = dict(data, face_down=[["G9"], [], []])
    with pytest.raises(Exception, match=r"face_down\[0\]: cards face down that hands\[0\]"):
        Game.from_dict(bad)
    dealt = Game(Rules(players=2), 1).to_dict()
    plain = dict(dealt, face_down=[dealt["hands"][0][:1], []])
    with pytest.raises(Exception, match="blind_draw = false"):
        Game.from_dict(plain)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_blind_draws_never_show_or_play_a_face_down_card(seed: int) -> None:
    rules = Rules(players=3, hand_size=4, blind_draw=True, jump_in="identical")
    game = Game(rules, seed)
    rng = Rng(seed)
    for _ in range(1500):
        if game.match_over:
            break
        if game.phase == Phase.ROUND_OVER:
            game.apply(-1, game.legal_moves(-1)[0])
            continue
        seat = game.to_act
        assert seat is not None
        if game.phase == Phase.PLAY:
            assert not game.face_down[game.current] or game.history[-1][0] == game.current
        view = game.view(seat)
        assert len(view.hand) + view.face_down == len(game.hands[seat])
        moves = game.legal_moves(seat)
        hidden = set(game.face_down[seat]) - set(view.hand)
        assert not any(isinstance(m, Play) and set(m.cards) & hidden for m in moves)
        game.apply(seat, moves[rng.below(len(moves))])


# -- match_clock -------------------------------------------------------------------------------


def test_the_referee_calls_time_only_under_a_match_clock() -> None:
    plain = table(["R5 G3", "B1 B2 Y4", "B9"], "G9 G8", "R9")
    assert TIMEOUT not in plain.legal_moves(REFEREE)
    with pytest.raises(IllegalMoveError, match="there is no match clock"):
        plain.apply(*parse_move("referee: timeout"))
    timed = table(["R5 G3", "B1 B2 Y4", "B9"], "G9 G8", "R9", match_clock=60)
    assert timed.legal_moves(REFEREE) == [TIMEOUT]
    assert all(TIMEOUT not in timed.legal_moves(s) for s in range(3))  # (no turn clock)


def test_when_time_runs_out_the_fewest_cards_win_the_round() -> None:
    game = table(["R5 G3", "B1 B2 Y4", "B9"], "G9 G8", "R9", match_clock=60)
    events = game.apply(*parse_move("referee: timeout"))
    assert game.round_over and game.winner == 2
    assert game.scores == [0, 0, 5 + 3 + 1 + 2 + 4]
    assert events[0].text == (
        "the match clock has run out: seat 2 holds the fewest cards (1 card, 9 points) and "
        "wins the round (match_clock=60)"
    )
    assert narrate(events[0], 2).startswith("The match clock has run out: you hold the fewest")


def test_a_tie_on_cards_goes_to_the_fewest_points_and_a_full_tie_has_no_winner() -> None:
    game = table(["R5 G3", "B1 B2", "Y4 Y9"], "G9 G8", "R9", match_clock=60)
    game.apply(*parse_move("referee: timeout"))
    assert game.winner == 1 and game.round_points[1] == 8 + 13
    tied = table(["R5 G3", "B1 B7", "Y4 Y9"], "G9 G8", "R9", match_clock=60)
    events = tied.apply(*parse_move("referee: timeout"))
    assert tied.phase == Phase.ROUND_OVER and tied.winner is None
    assert tied.scores == [0, 0, 0]
    assert "seats 0, 1 tie with 2 cards and 8 points each" in events[0].text
    tied.apply(REFEREE, tied.legal_moves(REFEREE)[0])  # the referee deals again
    assert tied.round_no == 2 and TIMEOUT in tied.legal_moves(REFEREE)


def test_time_ends_the_round_whatever_waits() -> None:
    """A pending +2 and a colour to name are dropped with the round (RULES-NOTES.md)."""
    game = table(
        ["R+2 W G3", "B1 B2", "Y4 Y9 Y1"], "G9 G8", "R9", match_clock=60, stacking="same_kind"
    )
    _play(game, "0: play R+2")
    assert game.phase == Phase.PENALTY
    game.apply(*parse_move("referee: timeout"))
    # the +2 is not drawn: seat 1 still holds 2 cards (3 points), fewer points than W G3
    assert game.round_over and game.pending_draw == 0 and game.winner == 1


def test_a_timed_game_is_saved_and_replayed_with_the_referees_timeout() -> None:
    game = Game(Rules(players=2, match_clock=120), 3)
    game.apply(*parse_move("referee: timeout"))
    again = Game.from_dict(game.to_dict())
    assert again.history[-1] == (REFEREE, TIMEOUT) and again.round_over
