"""Refusal reasons a player reads name the rule that applies (issue 10: reasons come from the
legal moves), in the cases a review found wrong."""

from __future__ import annotations

import pytest

from unokit import Game, IllegalMoveError, Rules
from unokit.events import DrawnUnplayable, DrewNothing
from unokit.notation import parse_cards, parse_move

PILE = "Y9 R2 G7 G8 B5 B6 B7 Y3 Y4 G1 G2"


def _game(rules: Rules, hands: list[str], pile: str = PILE, top: str = "R1") -> Game:
    return Game.from_table(
        rules, [parse_cards(h) for h in hands], parse_cards(pile), parse_cards(top)
    )


def _refusal(game: Game, text: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(*parse_move(text))
    return str(refused.value)


def test_000_after_a_draw_under_force_play_nothing_says_keep() -> None:
    """after_draw = must_play (000 Force Play): the drawn card must be played, never kept."""
    game = _game(Rules(players=3, after_draw="must_play"), ["G4 G9", "Y1 G6", "R3 R5 G5"], "R7 B1")
    game.apply(*parse_move("0: draw"))
    for move in ("0: play G4", "0: draw", "1: play Y1"):
        reason = _refusal(game, move)
        assert "keep" not in reason and "pass" not in reason, reason
        assert "after_draw=must_play" in reason, reason


def test_001_a_two_card_call_needs_a_card_to_play_now() -> None:
    game = _game(Rules(players=3), ["R3 G4", "B1 B2", "Y1 G5 G6"], top="R8")
    assert "cannot play one now" in _refusal(game, "1: uno")


def test_003_a_challenge_when_a_two_covers_the_four() -> None:
    game = _game(Rules(players=3, stacking="any"), ["W+4 G4 R9", "Y1 G6 R+2 B+2", "R3 R5 G5 Y2"])
    game.apply(*parse_move("0: play W+4 blue"))
    assert "must have the colour it named, blue" in _refusal(game, "1: play R+2")
    game.apply(*parse_move("1: play B+2"))
    for move in ("1: challenge", "2: challenge"):
        assert "only the +4 on top" in _refusal(game, move)


def test_a_card_never_held_is_not_called_one_more() -> None:
    rules = Rules(players=3, sum_jump_in=True, sum_jump_in_any_color=True)
    game = _game(rules, ["R8 G1", "Y1 G6", "R3 R5 G5 Y2 B6 Y6"])
    game.apply(*parse_move("0: play R8"))
    assert _refusal(game, "2: play R3 G4").endswith("seat 2 holds no G4")


def test_drawing_from_empty_piles_passes_the_turn_without_a_drawn_card() -> None:
    """RULES.md §3: both piles empty, a draw brings nothing and the turn passes."""
    game = _game(Rules(players=3), ["G4 G9", "Y1 G6", "R3 R5 G5"], pile="")
    events = game.apply(*parse_move("0: draw"))
    assert any(isinstance(e, DrewNothing) and e.next == 1 for e in events)
    assert not any(isinstance(e, DrawnUnplayable) for e in events)
    assert game.current == 1


def test_a_refusal_is_told_to_the_player_in_their_words() -> None:
    """Issue 11/12: the reason comes with the refusal as data (unokit.why), so the terminal
    game and the browser tell it with "you", names, card names and in the player's language,
    while the referee keeps its precise form (seats by number, codes, the rule cited)."""
    from unokit.narrator import explain

    game = _game(Rules(players=3), ["R3 G4", "B1 B2", "Y1 G5 G6"], top="Y8")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(*parse_move("0: play R3"))
    why = refused.value.why
    assert why is not None
    assert str(why) == "R3 does not match the top card Y8 (active colour yellow)"
    assert explain(why, 0) == "red 3 does not match the top card yellow 8 (active colour yellow)"
    assert explain(why, 0, "zh-Hant") == "紅3 和頂牌 黃8 不相符（目前顏色：黃）"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(*parse_move("1: draw"))
    why = refused.value.why
    assert why is not None
    assert str(why) == "it is seat 0's turn, not seat 1's"
    assert explain(why, 1, names={0: "Ann", 1: "Bob"}) == "it is Ann's turn, not yours"
    assert explain(why, 1, "zh-Hans", names={0: "Ann"}) == "现在轮到Ann，不是你"


def test_the_rule_that_decided_is_kept_apart_for_players() -> None:
    from unokit.narrator import explain

    game = _game(Rules(players=3, after_draw="must_play"), ["G4 G9", "Y1 G6", "R3 R5 G5"], "R7 B1")
    game.apply(*parse_move("0: draw"))
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(*parse_move("0: pass"))
    why = refused.value.why
    assert why is not None
    assert str(why) == "the drawn card must be played (after_draw=must_play)"
    assert explain(why, 0) == "the drawn card must be played"
    assert explain(why, 0, rule=True) == str(why)
