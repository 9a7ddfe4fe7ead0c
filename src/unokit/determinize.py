"""Sampling a full game consistent with what one seat has seen (for search bots).

A seat's :class:`~unokit.game.View` shows its own hand, the discard pile, hand sizes and every
public fact of the state. :func:`sample_game` deals the unseen cards at random into the other
hands and the draw pile, giving a :class:`~unokit.game.Game` that the seat cannot tell apart
from the real one. Search bots play it forward many times ("determinization").

>>> from unokit import Game, Rules
>>> from unokit.rng import Rng
>>> game = Game(Rules(players=3), seed=5)
>>> view = game.view(game.current)
>>> sample = sample_game(view, Rng(1))
>>> sample.hands[view.seat] == game.hands[view.seat]
True
>>> [len(h) for h in sample.hands] == [len(h) for h in game.hands]
True
"""

from __future__ import annotations

from collections import Counter

from unokit.cards import COLOR_OF, Card, deck_cards
from unokit.game import Game, View
from unokit.play import StackEntry
from unokit.rng import Rng

__all__ = ["sample_game", "unseen_cards"]


def unseen_cards(view: View) -> list[Card]:
    """Cards the seat has not seen: the deck less its own hand and the discard pile."""
    counts = Counter(deck_cards(view.rules.deck))
    counts.subtract(view.hand)
    counts.subtract(view.discard)
    for seat, cards in view.revealed.items():
        if seat != view.seat:
            counts.subtract(cards)
    return [card for card, n in counts.items() for _ in range(max(n, 0))]


def sample_game(view: View, rng: Rng) -> Game:
    """A full game consistent with ``view``, the hidden cards dealt at random."""
    rules = view.rules
    game = Game.__new__(Game)
    game._setup(rules, rng.next64())
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        elif seat in view.revealed and len(view.revealed[seat]) == size:
            hands.append(list(view.revealed[seat]))
        else:
            take = min(size, len(pool))
            hands.append([pool.pop() for _ in range(take)])
    game.hands = hands
    game.draw_pile = pool[: view.draw_pile_size]
    game.discard = list(view.discard)
    game.color = int(view.color) if view.color is not None else -1
    game.direction = view.direction
    game.current = view.current if view.current is not None else view.seat
    game.dealer = view.dealer
    game.phase = view.phase
    game.pending_draw = view.pending_draw
    game._drawn = view.drawn_card
    game._jump = view.jump
    game._tops = view.group or None
    game._stack = []
    for seat, card, under_color in view.stack:
        held = game.hands[seat]
        honest = not any(COLOR_OF[c] == under_color for c in held)
        game._stack.append(StackEntry(seat, card, honest, under_color, (card, *held), None))
    game._called = list(view.uno_called)
    game._window = [s in view.catchable for s in range(rules.players)]
    game.in_round = list(view.in_round)
    game.eliminated = list(view.eliminated) or [False] * rules.players
    game.scores = list(view.scores)
    game.seating = list(view.seating) or list(range(rules.players))
    game.round_no = view.round_no
    return game
