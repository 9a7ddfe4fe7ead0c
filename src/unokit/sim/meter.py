"""What the house-rule lab measures in one round (:mod:`unokit.sim.lab`), from the Python
engine's moves and events; ``play_measured`` in the C accelerator counts the same (a
differential test plays both on the same seeds and compares every count).

The definitions (docs/lab.md explains why these):

- a **turn** ends with a play (one's own or a jump-in), or with a draw, pass or challenge
  after which another seat is to act or the round is over; UNO calls, catches and colour
  choices are not turns;
- **cards drawn**: cards that went from the draw pile into hands after the deal (the start
  card's +2, voluntary draws, penalties, catches, challenges), counted as the pile shrinks
  (cards put back by a reshuffle added back);
- **one card**: the seats that held a single card after some move (those who reached UNO);
- **last most**: per seat, the last turn after which it alone held more cards than anyone
  else in the round (0: never); a *comeback* is a round whose winner was so after a turn
  past the round's middle (its last most more than half the turns);
- **exchanges**: hands swapped (a 7), passed on (a 0) or shuffled together;
- **stacks**: plays that answered a pending penalty (stacked or deflected it);
- **jump-ins**: plays out of turn (random players never make one: only the seat to act
  moves).

>>> from unokit.rules import Rules
>>> from unokit.rng import Rng
>>> from unokit.game import Game
>>> game = Game(Rules(players=3), 5)
>>> meter = play_random_measured(game, Rng(1))
>>> meter.turns <= meter.moves and game.winner in meter.one_card
True
"""

from __future__ import annotations

from unokit.events import (
    Eliminated,
    Event,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    KnockedOut,
    Reshuffled,
    StartDrawTwo,
)
from unokit.game import Game
from unokit.moves import CallUno, Catch, Challenge, Draw, Move, Pass, Play
from unokit.phase import Phase
from unokit.rng import Rng

__all__ = ["RoundMeter", "play_random_measured"]


class RoundMeter:
    """Counts a round of ``game`` move by move: call it with each move made (the seat, the
    move, its events), as :func:`unokit.bots.table.play_round`'s ``watch`` does."""

    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.rules.players
        self.first = game.current  #: the seat to act first, after the start card's effect
        self.dealer = game.dealer
        self.moves = 0
        self.turns = 0
        self.drawn = sum(len(e.cards) for e in game.deal_events if isinstance(e, StartDrawTwo))
        self.calls = 0
        self.catches = 0
        self.challenges = 0
        self.stacks = 0
        self.jump_ins = 0
        self.exchanges = 0
        self.reshuffles = 0
        self.eliminations = 0
        self.one_card: set[int] = set()
        self.last_most = [0] * n
        self._pile = len(game.draw_pile)
        self._penalty = game.phase == Phase.PENALTY  # a penalty pending before the next move

    def __call__(self, seat: int, move: Move, events: list[Event]) -> None:
        game = self.game
        self.moves += 1
        refilled = 0
        for event in events:
            if isinstance(event, Reshuffled):
                self.reshuffles += 1
                refilled += event.count
            elif isinstance(event, HandsSwapped | HandsRotated | HandsShuffled):
                self.exchanges += 1
            elif isinstance(event, Eliminated | KnockedOut):  # (KnockedOut: No Mercy's mercy)
                self.eliminations += 1
            elif isinstance(event, JumpedIn):
                self.jump_ins += 1
        pile = len(game.draw_pile)
        self.drawn += self._pile + refilled - pile
        self._pile = pile
        if isinstance(move, CallUno) or (isinstance(move, Play) and move.uno):
            self.calls += 1
        elif isinstance(move, Catch):
            self.catches += 1
        elif isinstance(move, Challenge):
            self.challenges += 1
        if isinstance(move, Play) and self._penalty:
            self.stacks += 1
        self._penalty = game.phase == Phase.PENALTY
        hands, in_round = game.hands, game.in_round
        for s, hand in enumerate(hands):
            if in_round[s] and len(hand) == 1:
                self.one_card.add(s)
        if isinstance(move, Play) or (
            isinstance(move, Draw | Pass | Challenge) and (game.current != seat or game.round_over)
        ):
            self.turns += 1
            sizes = [len(h) for s, h in enumerate(hands) if in_round[s]]
            most = max(sizes, default=-1)
            if sizes.count(most) == 1:
                self.last_most[
                    next(s for s, h in enumerate(hands) if in_round[s] and len(h) == most)
                ] = self.turns


def play_random_measured(game: Game, rng: Rng, max_moves: int = 100_000) -> RoundMeter:
    """Play the current round of ``game`` with random legal moves of the seat to act, drawn
    from ``rng``, as :func:`unokit.sim.simulate.play_random_round` does, measured."""
    meter = RoundMeter(game)
    while not game.round_over and meter.moves < max_moves:
        seat = game.current
        legal = game.legal_moves(seat)
        move = legal[rng.below(len(legal))]
        meter(seat, move, game.apply(seat, move))
    return meter
