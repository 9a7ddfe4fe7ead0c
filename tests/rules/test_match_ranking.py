"""The match's final ranking (RULES.md §8): what the scoring system says first, then, among
seats it leaves tied, the cards each was left holding (fewer first), never the seat number."""

from __future__ import annotations

import random

from unokit import Game, Rules
from unokit.moves import REFEREE
from unokit.scoring import match_ranking


def play_to_the_end(game: Game, chooser: random.Random) -> None:
    while not game.match_over:
        if game.round_over:
            game.apply(REFEREE, game.legal_moves(REFEREE)[0])
            continue
        seat = game.current
        game.apply(seat, chooser.choice(game.legal_moves(seat)))


def test_seats_tied_on_points_rank_by_cards_left() -> None:
    """000 scoring: a match to 1 point ends with its first round; the three losers have 0
    points each and rank by the cards left in their hands, whatever their seats."""
    checked = 0
    for seed in range(40):
        game = Game(Rules(players=4, target_score=1), seed)
        play_to_the_end(game, random.Random(seed))
        ranking = game.match_ranking
        assert ranking[0] == game.winner
        losers = ranking[1:]
        left = [len(game.hands[s]) for s in losers]
        assert left == sorted(left), (seed, losers, left)
        if left != sorted(left, reverse=True) or len(set(left)) > 1:
            checked += 1
    assert checked > 10  # the order was really decided by the cards, not by chance


def test_the_scores_still_come_first() -> None:
    rules = Rules(players=3)
    # seat 2 has more points: first, although seat 1 holds fewer cards
    assert match_ranking(rules, [0, 0, 30], [0, 1, 2], [], [2, 1, 0], [5, 1, 0]) == [2, 1, 0]
    # low_wins: fewest points first
    low = Rules(players=3, scoring="low_wins")
    assert match_ranking(low, [10, 40, 10], [0, 1, 2], [], [0, 1, 2], [3, 0, 1]) == [2, 0, 1]


def test_teams_rank_together_then_by_cards() -> None:
    rules = Rules(players=4, teams=2)
    # teams 0 (seats 0, 2) and 1 (seats 1, 3) tied on points: team 1 holds the fewest cards
    ranking = match_ranking(rules, [0, 0, 0, 0], [0, 1, 2, 3], [], [0, 1, 2, 3], [4, 0, 6, 5])
    assert ranking == [1, 3, 0, 2]
