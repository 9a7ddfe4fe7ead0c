"""The strong and expert bots under UNO Show 'Em No Mercy (VARIANTS.md §1, preset ``no_mercy``):
each new card's decision in a position that asks for it. The strength these decisions buy is
measured, not asserted (docs/bots.md, "No Mercy")."""

from __future__ import annotations

import pytest

from tests.conftest import play, table
from unokit import Game
from unokit.bots.strong import StrongBot, Unseen, answer_probability, roulette_turns
from unokit.cards import Color
from unokit.moves import DRAW, ChooseColor, Move, Play
from unokit.phase import Phase


def _choice(game: Game, seat: int = 0) -> Move | None:
    bot = StrongBot()
    bot.reset(seat, game.rules)
    return bot.act(game.view(seat))


def _card(move: Move | None) -> str:
    assert isinstance(move, Play)
    return move.card.code


def test_strong_plays_skip_everyone_then_its_last_card() -> None:
    """VARIANTS §1 skip everyone: the player plays again. Holding RSA and R3 on a red top card
    with the opponent on one card: RSA first (with the UNO call), so the R3 goes out before the
    opponent moves; the R3 first would give it a turn."""
    game = table(["RSA R3", "Y1"], discard="R8", preset="no_mercy")
    move = _choice(game)
    assert _card(move) == "RSA"
    assert isinstance(move, Play) and move.uno


def test_strong_plays_skip_everyone_with_two_players_against_a_threat() -> None:
    """With 2 players a skip everyone is a free turn: against an opponent on two cards strong
    plays it (it has a red card to follow it) rather than a number."""
    game = table(["RSA R3 G5 B7 Y2", "Y1 B1"], discard="R8", preset="no_mercy")
    assert _card(_choice(game)) == "RSA"


def test_strong_discards_a_colour_it_holds_many_of() -> None:
    """VARIANTS §1 discard all: every red card goes with the RDA: four cards in one turn."""
    game = table(["RDA R1 R2 R3 G5", "Y1 B1 B2 B3"], discard="R8", preset="no_mercy")
    assert _card(_choice(game)) == "RDA"


def test_strong_goes_out_with_a_discard_all_and_its_colour() -> None:
    """A discard all that takes the rest of the hand with it goes out (RULES-NOTES No Mercy)."""
    game = table(["R1 RDA R2", "Y1 B1 B2 B3"], discard="R9", preset="no_mercy")
    move = _choice(game)
    assert _card(move) == "RDA"
    play(game, "0: play RDA")
    assert game.round_over and game.winner == 0


def test_strong_plays_a_roulette_on_a_player_about_to_go_out() -> None:
    """VARIANTS §1 colour roulette: the victim takes cards until its colour shows and loses the
    turn; strong plays it on a next player holding one card, and keeps it otherwise."""
    game = table(["WCR R3 G5 B7", "Y1"], discard="R8", preset="no_mercy")
    assert _card(_choice(game)) == "WCR"
    game = table(["WCR R3 G5 B7", "Y1 Y2 Y3 B4 B5 G6 G7"], discard="R8", preset="no_mercy")
    assert _card(_choice(game)) != "WCR"


def test_the_roulette_victim_names_the_colour_most_unseen_cards_are_of() -> None:
    """The victim names the colour (RULES-NOTES No Mercy, the sheet's reading): strong names
    the one it expects to turn soonest, the colour of which it has seen fewest cards. Red,
    yellow and green fill its hand and the discard pile: blue."""
    game = table(
        ["WCR R5", "R6 Y3 G1 R1 R2 Y4 Y5 G2 G3"],
        draw="B1 G9 Y9 R9",
        discard="R3 R4 Y6 Y7 G4 G5 G6 Y8",
        preset="no_mercy",
    )
    play(game, "0: play WCR")
    assert game.phase == Phase.CHOOSE_COLOR and game.current == 1
    view = game.view(1)
    assert view.roulette
    unseen = Unseen.of(view)
    assert min(range(4), key=lambda c: roulette_turns(unseen, c)) == Color.BLUE
    assert _choice(game, 1) == ChooseColor(Color.BLUE)


def test_strong_answers_a_plus_six_with_a_plus_ten_near_the_mercy_limit() -> None:
    """VARIANTS §1 stacking by value and the mercy rule: facing a +6 with 20 cards, taking it
    would put strong out of the round (25): it stacks its +10 rather than draw."""
    mine = "W+10 R1 R2 R3 R4 R5 R6 R7 R9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y9 G1 G2 G3 G4"
    game = table([mine, "W+6 B1 B2 B3 B4"], discard="B8", current=1, preset="no_mercy")
    play(game, "1: play W+6 blue")
    assert game.phase == Phase.PENALTY and game.current == 0
    move = _choice(game)
    assert move != DRAW
    assert _card(move) == "W+10"


def test_strong_keeps_the_plus_ten_unless_it_puts_the_victim_out() -> None:
    """Answering a +2 it holds a G+4 and a W+10: the least that answers (the +10 stays to
    answer a later penalty), unless the +10 pushes the next player to the mercy limit: with 2
    players that wins the round."""
    big = " ".join(["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y9"] * 2)
    for victim, expected in (("B1 B2 B3 B4 B5 R+2", "G+4"), (f"{big} R+2", "W+10")):
        game = table(["W+10 G+4 G1 R7", victim], discard="R8", current=1, preset="no_mercy")
        play(game, "1: play R+2")
        assert game.phase == Phase.PENALTY
        assert _card(_choice(game)) == expected


def test_strong_pushes_a_penalty_at_an_opponent_near_the_mercy_limit() -> None:
    """With 2 players an opponent on 20 cards is out at 25: a +6 it cannot answer (the other
    +6s and every +10 lie in the discard pile) ends the round, worth more than a number;
    against a small hand the +6 is kept. While the opponent may hold an answer (8 unseen +6
    and +10 among 20 cards: about 2 chances in 3) strong keeps it too: the 12 would come
    back to it."""
    big = " ".join(["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y9", "B1", "B2"] * 2)
    seen = "W+10 W+10 W+10 W+10 W+6 W+6 W+6 G8"
    game = table(["W+6 G3 B5 R7", big], discard=seen, preset="no_mercy")
    assert _card(_choice(game)) == "W+6"
    game = table(["W+6 G3 B5 R7", "Y1 Y2 B3 B4 R5 R6 R9"], discard=seen, preset="no_mercy")
    assert _card(_choice(game)) == "G3"
    game = table(["W+6 G3 B5 R7", big], discard="G8", preset="no_mercy")
    assert _card(_choice(game)) == "G3"


def test_answer_probability_counts_only_answers_of_equal_or_higher_value() -> None:
    """Against a +10 only a +10 answers: the chance is far below the chance of answering a
    +2; with every +10 seen, nothing answers it."""
    hands = ["W+10 W+10 W+10 R1", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"]
    game = table(hands, discard="W+10", color="red", preset="no_mercy")
    view = game.view(0)
    unseen = Unseen.of(view)
    assert answer_probability(view, unseen, 1, 10) == 0.0
    assert answer_probability(view, unseen, 1, 2) > 0.5


@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_searches_no_mercy_in_python(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The accelerator does not play no_mercy (fastplay.supports): the expert's search runs on
    the Python engine, whose rollouts play the new cards, and its move is legal."""
    from unokit.bots.expert import ExpertBot
    from unokit.rules import Rules
    from unokit.sim import fastplay, rollout

    assert not fastplay.supports(Rules.preset("no_mercy", players=players))
    calls: list[int] = []
    real = rollout._python_counts

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        calls.append(result[2])
        return result

    monkeypatch.setattr(rollout, "_python_counts", spy)
    game = Game(Rules.preset("no_mercy", players=players), 3)
    bots = [ExpertBot(seed=s, time_ms=0, samples=4) for s in range(players)]
    for seat, bot in enumerate(bots):
        bot.reset(seat, game.rules)
    moves = 0
    while not game.round_over and moves < 400:
        seat = game.current
        move = bots[seat].act(game.view(seat))
        assert move is not None and move in game.legal_moves(seat)
        game.apply(seat, move)
        moves += 1
    assert calls and set(calls) == {4}


def test_a_rollout_ends_as_a_loss_when_the_mercy_rule_puts_the_searching_seat_out() -> None:
    """The expert's rollouts (unokit.sim.rollout.play_out) under the mercy rule: seat 0 holds
    24 cards and must draw (nothing plays on G8): at 25 it is out of the round. The three
    others play on, but the rollout is a loss for seat 0 at once, not played to the end."""
    from unokit.sim.rollout import LOSS, play_out

    numbers = [f"{c}{n}" for c in "RY" for n in (0, 1, 2, 3, 4, 5, 6, 7, 9)] * 2
    mine = " ".join(numbers[:24])
    game = table(
        [mine, "B1 B2 B3", "B4 B5 B6", "B7 B9 G3"],
        draw="G2 G1",
        discard="G8",
        preset="no_mercy",
    )
    assert play_out(game, {0}) == LOSS
    assert game.knocked_out == [0] and not game.round_over


def test_strong_passes_a_big_hand_on_with_a_zero() -> None:
    """seven_zero (the preset's 7s swap, 0s pass; 003 Q2): a 0 passes every hand on, so the
    player takes the hand of the seat before it. Holding 12 cards against 3, strong plays the
    R0 (its 11 go on, it takes 3) rather than the R3; holding 3 against 12 it keeps the 0."""
    mine = "R0 R3 G1 G2 G3 G4 B1 B2 B3 B4 Y1 Y2"
    game = table([mine, "Y5 Y6 Y7"], discard="R8", preset="no_mercy")
    assert _card(_choice(game)) == "R0"
    game = table(
        ["R0 R3 G1", "Y5 Y6 Y7 G5 G6 G7 B5 B6 B7 Y9 B9 G9"], discard="R8", preset="no_mercy"
    )
    assert _card(_choice(game)) == "R3"
