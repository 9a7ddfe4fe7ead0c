"""Bots: every level plays whole games under every preset without an illegal move, sees only
its view, and takes the decisions each rule set asks."""

from __future__ import annotations

import pytest

from tests.conftest import play, table
from unokit import Game, Rules
from unokit.bots import BOT_LEVELS, Bot, make_bot, play_out
from unokit.bots.strong import StrongBot, bluff_probability
from unokit.game import View
from unokit.moves import CHALLENGE, DRAW, Catch, ChooseColor, Move, Play
from unokit.rules import PRESETS


def _bots(level: str, n: int, seed: int) -> list[Bot]:
    options = {"time_ms": 0, "samples": 2} if level == "expert" else {}
    return [make_bot(level, seed=seed + s, **options) for s in range(n)]


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("level", list(BOT_LEVELS))
def test_every_level_plays_whole_games_under_every_preset(level: str, preset: str) -> None:
    """The driver applies each move through Game.apply, which refuses illegal moves."""
    games = 1 if level == "expert" else 3
    for seed in range(games):
        players = 4 if preset == "teams" else 3
        rules = Rules.preset(preset, players=players, scoring="none")
        game = play_out(Game(rules, seed), _bots(level, players, seed))
        assert game.match_over


def test_mixed_levels_play_a_scored_match() -> None:
    rules = Rules.preset("official", players=4, target_score=200)
    bots = [
        make_bot(level, seed=i) for i, level in enumerate(["strong", "basic", "random", "strong"])
    ]
    game = play_out(Game(rules, 5), bots)
    assert game.match_over
    assert max(game.scores) >= 200


class _Spy(Bot):
    """Records what it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[object] = []

    def act(self, view: View) -> Move | None:
        self.seen.append(view)
        return view.legal_moves[0] if view.my_turn else None


def test_a_bot_receives_only_views() -> None:
    spies = [_Spy() for _ in range(3)]
    play_out(Game(Rules.preset("casual", players=3), 2), spies)
    for seat, spy in enumerate(spies):
        assert spy.seen
        assert all(isinstance(v, View) and v.seat == seat for v in spy.seen)


def test_the_documented_custom_bot_works() -> None:
    class FirstCardBot(Bot):
        name = "first-card"

        def act(self, view: View) -> Move | None:
            plays = [m for m in view.legal_moves if isinstance(m, Play)]
            if view.my_turn:
                return plays[0] if plays else view.legal_moves[0]
            return None

    game = play_out(Game(Rules.preset("casual", players=2), 1), [FirstCardBot(), FirstCardBot()])
    assert game.match_over


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius")


def test_strong_names_the_colour_it_holds_most() -> None:
    game = table(["W B1 B2 B3 G1", "R1 R2", "Y1 Y2"])
    move = StrongBot().act(game.view(0))
    assert isinstance(move, Play) and move.color is not None and move.color.label == "blue"


def test_strong_stacks_rather_than_draws() -> None:
    game = table(["R+2 R1", "G+2 G1 B4", "Y1 Y2"], draw="G7 G8 G9", stacking="same_kind")
    play(game, "0: play R+2")
    move = StrongBot().act(game.view(1))
    assert move == Play(game.hands[1][0])


def test_strong_challenges_a_likely_bluff_and_accepts_an_unlikely_one() -> None:
    # seat 0 holds 9 cards after its +4 on red: very likely one of them is red
    game = table(["W+4 B1 B2 B3 B4 B5 B6 B7 B8 B9", "G1 G2", "Y1 Y2"], draw="G7 G8 G9 Y7 Y8")
    play(game, "0: play W+4 green")
    view = game.view(1)
    assert bluff_probability(view, 0, 0) > 0.5
    assert StrongBot().act(view) == CHALLENGE
    # seat 0 holds 1 card: unlikely to be red
    game = table(["W+4 B1", "G1 G2", "Y1 Y2"], draw="G7 G8 G9 Y7 Y8")
    play(game, "0: play W+4 green uno")
    assert StrongBot().act(game.view(1)) == DRAW


def test_bots_catch_a_forgotten_uno() -> None:
    game = table(["R3 G4", "B1 B2 B3", "Y1 Y2"])
    play(game, "0: play R3")
    for level in ("basic", "strong"):
        assert make_bot(level).act(game.view(2)) == Catch(0)


def test_forgetful_bots_sometimes_forget_uno() -> None:
    forgot = 0
    for seed in range(40):
        game = table(["R3 G4", "B1 B2 B3", "Y1 Y2"])
        move = make_bot("basic", seed=seed, forget_uno=0.5).act(game.view(0))
        assert isinstance(move, Play)
        forgot += not move.uno
    assert 5 < forgot < 35


def test_bots_name_the_colour_of_a_wild_start_card() -> None:
    game = table(["B1 B2 B3", "R1 R2"], draw="W G7", discard="", dealer=1)
    for level in BOT_LEVELS:
        move = make_bot(level).act(game.view(0))
        assert isinstance(move, ChooseColor)


def test_expert_prefers_going_out() -> None:
    game = table(["R3 G4 G5", "B1 B2", "Y1 Y2"], uno_called=())
    game.hands[0] = [game.hands[0][0]]  # a single red card on a red top: winning move
    bot = make_bot("expert", seed=1, time_ms=0, samples=3)
    assert bot.act(game.view(0)) == Play(game.hands[0][0])


def test_stuck_probability_counts_the_cards_not_seen() -> None:
    """Every blue card but one is in sight (the discard pile and the hand): a blue top is far
    harder for the next player to answer than a red one; with all wilds in sight as well and a
    one-card opponent, exactly the hypergeometric chance."""
    from unokit.bots.strong import Unseen, stuck_probability
    from unokit.cards import Color, deck_cards

    blues = [c for c in deck_cards("classic108") if c.color == Color.BLUE]
    wilds = [c for c in deck_cards("classic108") if c.color is None]
    discard = " ".join(c.code for c in blues[1:] + wilds) + " R8"
    game = table(["R1 G2", "Y1"], draw="G7 G8 G9 Y7 Y8", discard=discard)
    view = game.view(0)
    unseen = Unseen.of(view)
    assert unseen.wilds == 0 and unseen.by_color[Color.BLUE] == 1
    # the opponent's single card is any unseen card alike: it answers a blue 5 if it is the
    # last blue card or a 5 of another colour (no wild is left unseen)
    blue = stuck_probability(view, unseen, int(Color.BLUE), 5)
    red = stuck_probability(view, unseen, int(Color.RED), 5)
    matching_blue5 = 1 + sum(1 for c in deck_cards("classic108") if c.code in ("R5", "G5", "Y5"))
    assert blue == pytest.approx(1 - matching_blue5 / unseen.total)
    assert blue > red


def test_the_expert_search_keeps_to_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """samples=N asks the accelerator for N samples; no budget at all for one (as in Python);
    native=False never calls it."""
    from unokit.bots.expert import ExpertBot
    from unokit.sim import fastplay

    asked: list[int] = []
    real = fastplay.rollout_counts

    def spy(view, options, seed, seconds, most, max_moves):  # type: ignore[no-untyped-def]
        asked.append(most)
        return real(view, options, seed, seconds, most, max_moves)

    monkeypatch.setattr(fastplay, "rollout_counts", spy)
    game = table(["R1 R2 G3 W+4", "B1 B2 B3"], draw="G7 G8 G9 Y7 Y8")
    for bot, expected in (
        (ExpertBot(time_ms=0, samples=30), [30]),
        (ExpertBot(time_ms=0, samples=0), [1]),
        (ExpertBot(time_ms=0, samples=5, native=False), []),
    ):
        asked.clear()
        bot.reset(0, game.rules)
        move = bot.act(game.view(0))
        assert move in game.legal_moves(0)
        assert asked == expected


def test_strong_reads_plus_four_honesty_under_no_playable_card() -> None:
    """wd4_rule = no_playable_card (002, the swimming preset): a +4 is honest only with no
    other playable card. Holding a B8 on a red 8 (no red card), strong must not count its +4
    as honest (it read only the colour, and bluffed)."""
    game = table(["W+4 B8 G1", "Y1 Y2"], discard="R8", wd4_rule="no_playable_card")
    bot = StrongBot()
    bot.reset(0, game.rules)
    card = game.hands[0][0]
    assert not bot._honest(game.view(0), card)
    game = table(["W+4 B3 G1", "Y1 Y2"], discard="R8", wd4_rule="no_playable_card")
    assert bot._honest(game.view(0), game.hands[0][0])
    # under no_matching_color the B8 makes no difference: no red card, honest
    game = table(["W+4 B8 G1", "Y1 Y2"], discard="R8")
    assert bot._honest(game.view(0), game.hands[0][0])


def test_strong_plays_a_shuffle_wild_when_it_holds_the_most_cards() -> None:
    """classic112's wild_shuffle_hands deals every hand out evenly: strong plays it holding
    many more cards than the others (it was held like any wild)."""
    from unokit.bots.tactics import plays

    game = table(["WSH B1 B3 G5 G6 Y7 Y9 R2 R4", "Y1 Y2", "G3 G4"], discard="R8", deck="classic112")
    view = game.view(0)
    bot = StrongBot()
    bot.reset(0, game.rules)
    best = max(plays(view), key=lambda m: bot._score(view, m))
    assert best.card.code == "WSH"


def test_greedy_bot_plays_the_rollout_policy_from_its_view() -> None:
    """GreedyBot's move on its turn is unokit.sim.rollout.greedy_move's (read off the game),
    with the UNO call added when it leaves one card, over whole games of several rule sets."""
    from dataclasses import replace as _replace

    from unokit.bots.greedy import GreedyBot
    from unokit.sim.rollout import greedy_move

    checked = 0
    for preset in ("official", "party", "classic112", "no_mercy"):
        rules = Rules.preset(preset, players=3, scoring="none")
        for seed in range(3):
            game = Game(rules, seed)
            bots = [GreedyBot(s) for s in range(3)]
            for s, b in enumerate(bots):
                b.reset(s, rules)
            moves = 0
            while not game.round_over and moves < 3000:
                seat = game.current
                expected = greedy_move(game, seat)
                move = bots[seat].act(game.view(seat))
                calling = _replace(expected, uno=True) if isinstance(expected, Play) else None
                assert move in (expected, calling)
                checked += 1
                game.apply(seat, move)
                moves += 1
    assert checked > 100
