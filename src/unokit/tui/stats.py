"""A match's statistics per seat, counted from its events: rounds won, cards drawn, penalties,
catches, and the points of each round (shown at the end of the match).

>>> from unokit.cards import Card
>>> from unokit import events as ev
>>> stats = MatchStats(2)
>>> stats.add(ev.Drew(0, (Card.parse("R5"),)))
>>> stats.add(ev.Caught(1, target=0, count=2))
>>> stats.drawn, stats.penalties, stats.catches
([3, 0], [1, 0], [0, 1])
>>> stats.add(ev.Dealt(0, 7, 1)); stats.add(ev.RoundWon(1)); stats.add(ev.Scored(1, 40, 40))
>>> stats.history
[(1, [0, 40])]
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
        #: each round played: its number and the points each seat gained in it
        self.history: list[tuple[int, list[int]]] = []
        self._round_no = 0

    def add(self, event: ev.Event) -> None:
        kind = event.kind
        if isinstance(event, ev.Dealt):
            self._round_no = event.round_no
        elif isinstance(event, ev.RoundWon | ev.RoundVoid):
            self.history.append((self._round_no, [0] * len(self.drawn)))
        elif isinstance(event, ev.Scored) and event.seat is not None and self.history:
            self.history[-1][1][event.seat] += event.points
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
