"""Sampling a full game consistent with what one seat has seen (for search bots).

A seat's :class:`~unokit.game.View` shows its own hand, the discard pile, hand sizes and every
public fact of the state. :func:`sample_game` deals the unseen cards at random into the other
hands and the draw pile, giving a :class:`~unokit.game.Game` that the seat cannot tell apart
from the real one. Search bots play it forward many times ("determinization"); the accelerator
samples the same way (:func:`unokit.sim.fastplay.rollout_counts`), draw for draw.

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

from unokit.cards import COLOR_OF, RANK_OF, Card, Rank, deck_cards, deck_counts
from unokit.game import Game, View
from unokit.rng import Rng
from unokit.state import SEEN, StackEntry

__all__ = ["known_cards", "sample_game", "unseen_cards"]


def known_cards(view: View) -> dict[int, list[Card]]:
    """Cards the seat knows other seats hold, by seat: a hand shown to it (``view.revealed``).

    A hand is shown by a +4 challenge (``play.challenge``: the hand that played the +4, that
    +4 included) or a peek (``wild_multi``). Its player still holds those cards less one +4,
    the one it played: the challenged +4 lies on the discard pile (a peeked hand may lose a
    +4 it still holds: knowing less is never wrong). Cards drawn since are not known. A card
    is known only as far as the unseen cards allow, and never more than the hand holds. A hand
    laid open to everyone (``view.open_hands``, ``reveal_hands_at``) is known whole."""
    if not view.revealed and not view.open_hands:
        return {}
    unseen = Counter(deck_counts(view.rules.deck))
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    known: dict[int, list[Card]] = {}
    for seat, hand in sorted(view.open_hands.items()):
        if seat != view.seat:
            known[seat] = list(hand)
            unseen.subtract(hand)
    for seat in sorted(view.revealed):
        if seat in known:
            continue
        if seat == view.seat or not 0 <= seat < len(view.hand_sizes):
            continue
        shown = list(view.revealed[seat])
        for i, card in enumerate(shown):
            if RANK_OF[card] == Rank.WILD_DRAW_FOUR:
                del shown[i]
                break
        held: list[Card] = []
        for card in shown:
            if unseen[card] > 0 and len(held) < view.hand_sizes[seat]:
                unseen[card] -= 1
                held.append(card)
        if held:
            known[seat] = held
    return known


def unseen_cards(view: View, known: dict[int, list[Card]] | None = None) -> list[Card]:
    """Cards whose place the seat does not know, in deck order: the deck less its own hand,
    the discard pile and the cards it knows other seats hold (``known``, by default
    :func:`known_cards`)."""
    counts = Counter(deck_cards(view.rules.deck))
    counts.subtract(view.hand)
    counts.subtract(view.discard)
    for cards in (known_cards(view) if known is None else known).values():
        counts.subtract(cards)
    return [card for card, n in counts.items() for _ in range(max(n, 0))]


def sample_game(view: View, rng: Rng) -> Game:
    """A full game consistent with ``view``, the hidden cards dealt at random.

    The draws from ``rng``, which the accelerator repeats: one ``next64`` seeds the sampled
    game's own generator (its reshuffles); then :func:`unseen_cards` is shuffled
    (``Rng.shuffle``) and dealt, seat by seat in order (the seat's own hand and the cards of
    :func:`known_cards` first; the cards the seat holds face down, ``blind_draw``, are hidden
    cards of its own hand), each hidden card taken from the end of the shuffled list; the
    draw pile is what is left, bottom first. A +4 waiting to be answered counts as honest
    unless the hand dealt to its player holds a card of the colour it covered."""
    rules = view.rules
    game = Game.blank(rules, rng.next64())
    known = known_cards(view)
    pool = unseen_cards(view, known)
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            # the cards it holds face down (blind_draw) are as hidden from it as any other's
            face_down = [pool.pop() for _ in range(min(view.face_down, len(pool)))]
            hands.append(list(view.hand) + face_down)
        else:
            held = list(known.get(seat, ()))
            take = min(size - len(held), len(pool))
            hands.append(held + [pool.pop() for _ in range(take)])
    game.hands = hands
    game.draw_pile = pool[: view.draw_pile_size]
    for name, seen in SEEN:  # every field a seat may know, as the seat sees it
        setattr(game, name, seen(view))
    if view.face_down and 0 <= view.seat < len(hands):
        game.face_down[view.seat] = hands[view.seat][len(view.hand) :]
    game.stack = []  # a stacked +4's honesty depends on the hand sampled for its player
    for seat, card, under_color in view.stack:
        held = game.hands[seat]
        honest = not any(COLOR_OF[c] == under_color for c in held)
        game.stack.append(StackEntry(seat, card, honest, under_color, (card, *held), None))
    return game
