"""A match's statistics per seat, counted from its events: rounds won, cards drawn, penalties,
catches (shown at the end of the match).

>>> from unokit.cards import Card
>>> from unokit import events as ev
>>> stats = MatchStats(2)
>>> stats.add(ev.Drew(0, (Card.parse("R5"),)))
>>> stats.add(ev.Caught(1, target=0, count=2))
>>> stats.drawn, stats.penalties, stats.catches
([3, 0], [1, 0], [0, 1])
"""

from __future__ import annotations

from unokit import events as ev

__all__ = ["MatchStats"]

#: events that draw ``count`` cards for a mistake of ``seat`` (``caught``: of its target)
_PENALTIES = {
    "false_uno": "seat",
    "false_catch": "seat",
    "caught": "target",
    "misplay": "seat",
    "timeout": "seat",
    "table_penalty": "seat",
    "challenge_lost": "seat",
    "challenge_won": "liar",
}


class MatchStats:
    """Counters per seat, fed every event of the match in order."""

    def __init__(self, seats: int) -> None:
        self.rounds_won = [0] * seats
        self.drawn = [0] * seats
        self.penalties = [0] * seats
        self.catches = [0] * seats

    def add(self, event: ev.Event) -> None:
        kind = event.kind
        if isinstance(event, ev.RoundWon) and event.seat is not None:
            self.rounds_won[event.seat] += 1
        elif isinstance(event, ev.Drew | ev.PenaltyDrawn | ev.Swam) and event.seat is not None:
            self.drawn[event.seat] += len(event.cards)
        elif isinstance(event, ev.ChallengerTakesRest) and event.seat is not None:
            self.drawn[event.seat] += event.count
        if kind in _PENALTIES:
            who = getattr(event, _PENALTIES[kind])
            count = getattr(event, "count", 0)
            if isinstance(who, int) and 0 <= who < len(self.drawn):
                self.penalties[who] += 1
                self.drawn[who] += count if isinstance(count, int) else 0
        if isinstance(event, ev.Caught) and event.seat is not None:
            self.catches[event.seat] += 1
