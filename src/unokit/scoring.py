"""Round points, match scoring systems and rankings (RULES.md §8).

Pure functions of the rules and the numbers, so every system can be tested on its own.

>>> from unokit.rules import Rules
>>> round_points(Rules(players=3), [0, 12, 30], winner=0, seats=[0, 1, 2])
[42, 0, 0]
>>> round_points(Rules(players=3, scoring="low_wins"), [0, 12, 30], winner=0, seats=[0, 1, 2])
[0, 12, 30]
"""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import CARD_ID_LIMIT, CARD_IDS, DECKS, Card, DeckName, card_points
from unokit.rules import Rules, Scoring

__all__ = [
    "eliminated_after_round",
    "hand_points",
    "match_is_over",
    "match_ranking",
    "round_points",
    "team_of",
    "team_totals",
]

# typed, so that mypy checks each value (a plain tuple of strings would not be checked)
_ELIMINATING: tuple[Scoring, ...] = ("eliminate_high", "eliminate_threshold")
_PAYING_BOTH_WAYS: tuple[Scoring, ...] = ("chips", "net")


def hand_points(hand: Sequence[Card], deck: DeckName = "classic108") -> int:
    """Points of the cards in a hand.

    >>> hand_points([Card.parse("R7"), Card.parse("GS"), Card.parse("W")])
    77
    """
    table = _POINTS.get(deck)
    if table is None:  # card_points of every card id, per deck: hands are summed in C
        if deck not in DECKS:  # (no table kept for a name that is no deck)
            return sum(card_points(card, deck) for card in hand)
        table = _POINTS[deck] = [
            card_points(Card(c), deck) if c in CARD_IDS else 0 for c in _CARD_IDS
        ]
    return sum(map(table.__getitem__, hand))


_CARD_IDS = range(CARD_ID_LIMIT)
_POINTS: dict[str, list[int]] = {}


def team_of(rules: Rules, seat: int) -> int:
    """Team of a seat: teams are seated alternately (seat % teams); without teams, the seat."""
    return seat % rules.teams if rules.teams else seat


def team_totals(rules: Rules, scores: Sequence[int]) -> dict[int, int]:
    """Total per team (per seat when there are no teams)."""
    totals: dict[int, int] = {}
    for seat, score in enumerate(scores):
        team = team_of(rules, seat)
        totals[team] = totals.get(team, 0) + score
    return totals


def round_points(
    rules: Rules, points: Sequence[int], winner: int, seats: Sequence[int]
) -> list[int]:
    """What each seat's total gains this round. ``points[s]`` is seat s's hand points,
    ``seats`` the seats that played the round, ``winner`` the first out."""
    out = [0] * len(points)
    win_team = team_of(rules, winner)
    losers = [s for s in seats if team_of(rules, s) != win_team]
    system = rules.scoring
    if system == "winner_takes":
        out[winner] = sum(points[s] for s in losers)
    elif system == "low_wins" or system in _ELIMINATING:
        for s in losers:
            out[s] = points[s]
    elif system in _PAYING_BOTH_WAYS:
        out[winner] = sum(points[s] for s in losers)
        for s in losers:
            out[s] = -points[s]
    return out


def eliminated_after_round(
    rules: Rules,
    points: Sequence[int],
    scores: Sequence[int],
    winner: int,
    seats: Sequence[int],
) -> list[int]:
    """Seats eliminated by this round (``scores`` already include it).

    eliminate_high: the loser(s) with the highest hand points (ties go out together);
    eliminate_threshold: every seat whose total reached the target. The winner never goes."""
    losers = [s for s in seats if s != winner]
    if rules.scoring == "eliminate_high" and losers:
        worst = max(points[s] for s in losers)
        return [s for s in losers if points[s] == worst]
    if rules.scoring == "eliminate_threshold":
        return [s for s in losers if scores[s] >= rules.target_score]
    return []


def match_is_over(
    rules: Rules, scores: Sequence[int], alive: Sequence[int], rounds_played: int
) -> bool:
    """Whether the match has ended after ``rounds_played`` scored rounds."""
    system = rules.scoring
    if system == "none":
        return rounds_played >= 1
    if system in _ELIMINATING:
        return len(alive) <= 1
    totals = team_totals(rules, scores).values() if rules.teams else scores
    reached = max(totals) >= rules.target_score
    if system in _PAYING_BOTH_WAYS:
        return reached or (rules.rounds > 0 and rounds_played >= rules.rounds)
    return reached


def match_ranking(
    rules: Rules,
    scores: Sequence[int],
    alive: Sequence[int],
    elimination_order: Sequence[int],
    last_round_ranking: Sequence[int],
    cards_left: Sequence[int] | None = None,
) -> list[int]:
    """Seats best first. With teams, whole teams rank together (best team's seats first).

    Seats (or teams) the scoring system leaves tied are ranked by the cards they were left
    holding when the match ended (fewer first), then by the last round's ranking (points in
    hand), never by seat number alone: with a target of 1 point the three losers of a
    standard match all have 0, and the one left with 2 cards ranks above the one with 9.

    >>> from unokit.rules import Rules
    >>> match_ranking(Rules(players=3), [1, 0, 0], [0, 1, 2], [], [0, 2, 1], [0, 9, 2])
    [0, 2, 1]
    """
    system = rules.scoring
    n = len(scores)
    if system == "none":
        return list(last_round_ranking)
    if system in _ELIMINATING:
        return list(alive) + list(reversed(elimination_order))
    totals = team_totals(rules, scores)
    sign = 1 if system == "low_wins" else -1
    place = {s: i for i, s in enumerate(last_round_ranking)}
    left = list(cards_left) if cards_left is not None else [0] * n

    def own(s: int) -> tuple[int, int, int]:
        return (left[s], place.get(s, n), s)

    def team_best(s: int) -> tuple[int, int, int]:
        team = team_of(rules, s)
        return min(own(m) for m in range(n) if team_of(rules, m) == team)

    return sorted(
        range(n),
        key=lambda s: (sign * totals[team_of(rules, s)], team_best(s), team_of(rules, s), own(s)),
    )
