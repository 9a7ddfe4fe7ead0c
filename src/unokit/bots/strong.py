"""``strong``: a tuned heuristic player.

It holds wilds for the end, turns action cards on a player close to going out, manages colours
(keeps the colour it holds most, avoids colours the next player has shown it has), names the
colour it holds most, counts cards from the discard pile to judge a +4, plays +4 only when it
pays, challenges when the cards seen make a bluff likely, and catches every forgotten UNO.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

from unokit.bots.base import Bot
from unokit.bots.tactics import next_seat, out_of_turn_choice, plays, prefer_uno
from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank, card_points, deck_counts
from unokit.game import View
from unokit.moves import CHALLENGE, DRAW, PASS, ChooseColor, Draw, Move, Play
from unokit.phase import Phase
from unokit.rules import Rules
from unokit.sim.rollout import color_counts

__all__ = ["StrongBot", "Unseen", "bluff_probability", "stuck_probability"]

_SKIP, _REV, _D2, _W, _W4, _WSH = (
    Rank.SKIP,
    Rank.REVERSE,
    Rank.DRAW_TWO,
    Rank.WILD,
    Rank.WILD_DRAW_FOUR,
    Rank.WILD_SHUFFLE_HANDS,
)


def bluff_probability(view: View, player: int, color: int) -> float:
    """Chance that ``player`` held a card that made its +4 a bluff, from the cards this seat
    has not seen (hypergeometric over the unseen cards): a card of ``color`` (the colour the
    +4 was played on); under ``wd4_rule = no_playable_card`` also a card of the rank below the
    +4, or another wild."""
    counts = deck_counts(view.rules.deck)
    unseen_total = sum(counts.values()) - len(view.hand) - len(view.discard)
    below = view.discard[-2] if len(view.discard) >= 2 else None
    rank = -1
    if view.rules.wd4_rule == "no_playable_card" and below is not None and COLOR_OF[below] >= 0:
        rank = int(RANK_OF[below])
    wilds = view.rules.wd4_rule == "no_playable_card"

    def bluffs(c: Card) -> bool:
        if COLOR_OF[c] < 0:
            return wilds and RANK_OF[c] != _W4
        return COLOR_OF[c] == color or RANK_OF[c] == rank

    of_color = sum(n for c, n in counts.items() if bluffs(c))
    seen_color = sum(1 for c in (*view.hand, *view.discard) if bluffs(c))
    unseen_color = max(of_color - seen_color, 0)
    k = view.hand_sizes[player]
    if unseen_total <= 0 or k <= 0:
        return 0.0
    k = min(k, unseen_total)
    none = comb(unseen_total - unseen_color, k) / comb(unseen_total, k)
    return 1.0 - none


@dataclass(frozen=True, slots=True)
class Unseen:
    """The cards a seat has not seen, counted by kind and summed the ways matching needs."""

    total: int
    wilds: int
    by_color: tuple[int, ...]
    by_rank: tuple[int, ...]
    by_color_rank: dict[tuple[int, int], int]

    @classmethod
    def of(cls, view: View) -> Unseen:
        full = _FULL_DECK.get(view.rules.deck)
        if full is None:
            full = _FULL_DECK[view.rules.deck] = cls._count(deck_counts(view.rules.deck).items())
        wilds, by_color, by_rank = full.wilds, list(full.by_color), list(full.by_rank)
        by_color_rank = dict(full.by_color_rank)
        for card in (*view.hand, *view.discard):  # subtract what this seat has seen
            c = COLOR_OF[card]
            if c < 0:
                wilds -= 1
            else:
                r = int(RANK_OF[card])
                by_color[c] -= 1
                by_rank[r] -= 1
                by_color_rank[c, r] -= 1
        wilds = max(wilds, 0)
        by_color = [max(n, 0) for n in by_color]
        return cls(
            wilds + sum(by_color),
            wilds,
            tuple(by_color),
            tuple(max(n, 0) for n in by_rank),
            by_color_rank,
        )

    @classmethod
    def _count(cls, counts: Iterable[tuple[Card, int]]) -> Unseen:
        by_color, by_rank, wilds = [0] * 4, [0] * len(Rank), 0
        by_color_rank: dict[tuple[int, int], int] = {}
        for card, n in counts:
            if COLOR_OF[card] < 0:
                wilds += n
            else:
                by_color[COLOR_OF[card]] += n
                by_rank[RANK_OF[card]] += n
                by_color_rank[COLOR_OF[card], int(RANK_OF[card])] = n
        return cls(wilds + sum(by_color), wilds, tuple(by_color), tuple(by_rank), by_color_rank)


_FULL_DECK: dict[str, Unseen] = {}


def stuck_probability(view: View, unseen: Unseen, color: int, rank: int) -> float:
    """Chance that the next player holds nothing to play on a top card of ``color`` (and
    ``rank``, -1 for a wild) with the cards this seat has not seen dealt at random
    (hypergeometric: no wild, no card of the colour, none of the rank among its cards)."""
    total = unseen.total
    match = unseen.wilds + unseen.by_color[color]
    if rank >= 0:  # the rank in the other colours (the colour's own are counted already)
        match += unseen.by_rank[rank] - max(unseen.by_color_rank.get((color, rank), 0), 0)
    k = min(view.hand_sizes[next_seat(view)], total)
    if total <= 0 or total - match < k:
        return 0.0
    return comb(total - match, k) / comb(total, k)


class StrongBot(Bot):
    """A strong rule-based player (see the module docstring)."""

    name = "strong"

    #: challenge a +4 when the chance that it was a bluff is at least this
    challenge_threshold = 0.3
    #: score for leaving a top card the next player cannot answer, times that chance
    #: (benchmarks: +0.3 to +0.5 points of win rate against random, 2 players)
    block_weight = 20.0
    #: score per card held above the even share, for a wild that shuffles every hand
    shuffle_weight = 6.0

    _unseen_for: View | None = None
    _unseen: Unseen

    def _unseen_counts(self, view: View) -> Unseen:
        """Cards not seen by this seat (computed once per decision)."""
        if self._unseen_for is not view:
            self._unseen, self._unseen_for = Unseen.of(view), view
        return self._unseen

    def __init__(
        self, seed: int = 0, *, forget_uno: float = 0.0, reaction_delay: float = 0.0
    ) -> None:
        super().__init__(seed, forget_uno=forget_uno, reaction_delay=reaction_delay)
        #: colours each seat has shown it lacks (it drew on them), until it plays one
        self.lacks: dict[int, set[int]] = {}

    def reset(self, seat: int, rules: Rules) -> None:
        super().reset(seat, rules)
        self.lacks = {}

    def observe(self, seat: int, move: Move, color: Color | None) -> None:
        lacks = self.lacks
        if isinstance(move, Draw) and color is not None:
            lacks.setdefault(seat, set()).add(int(color))
        elif isinstance(move, Play):
            known = lacks.get(seat)
            if known and COLOR_OF[move.card] >= 0:
                known.discard(COLOR_OF[move.card])

    # -- decisions -----------------------------------------------------------------------------

    def act(self, view: View) -> Move | None:
        if not view.my_turn:
            return out_of_turn_choice(view, self.forgets())
        legal = view.legal_moves
        if view.phase == Phase.CHOOSE_COLOR:
            color = self._best_color(view, ())
            return next(m for m in legal if isinstance(m, ChooseColor) and m.color == color)
        options = prefer_uno(plays(view), self.forgets())
        if view.phase == Phase.PENALTY:
            return self._answer_penalty(view, options)
        if view.phase == Phase.AFTER_DRAW:
            if not options:
                return PASS
            best = max(options, key=lambda m: self._score(view, m))
            if PASS in legal and COLOR_OF[best.card] < 0 and len(view.hand) > 3:
                return PASS  # keep a drawn wild for later
            return best
        if not options:
            return DRAW if DRAW in legal else legal[0]
        best = max(options, key=lambda m: self._score(view, m))
        if (
            DRAW in legal
            and COLOR_OF[best.card] < 0
            and len(view.hand) > 4
            and not self._threat(view)
        ):
            return DRAW  # rather than spend a wild early
        return best

    def _answer_penalty(self, view: View, options: list[Play]) -> Move:
        if options:  # stack or deflect: pass the penalty on
            return max(options, key=lambda m: self._score(view, m))
        if CHALLENGE in view.legal_moves and view.stack:
            player, _, below = view.stack[-1]
            if below >= 0:
                known = self.lacks.get(player, set())
                p = 0.0 if below in known else bluff_probability(view, player, below)
                if p >= self.challenge_threshold:
                    return CHALLENGE
        return DRAW

    def _threat(self, view: View) -> bool:
        return any(
            size <= 2 and s != view.seat and view.in_round[s]
            for s, size in enumerate(view.hand_sizes)
        )

    def _best_color(self, view: View, played: tuple[Card, ...]) -> Color:
        counts = color_counts(view.hand, played)
        nxt = next_seat(view)
        lacks = self.lacks.get(nxt, set())
        points = [0, 0, 0, 0]
        for card in view.hand:
            if card not in played and COLOR_OF[card] >= 0:
                points[COLOR_OF[card]] += card_points(card)
        return Color(max(range(4), key=lambda c: (counts[c], c in lacks, points[c], -c)))

    def _score(self, view: View, move: Play) -> float:
        card = move.card
        rank = RANK_OF[card]
        color = COLOR_OF[card]
        hand = view.hand
        left = len(hand) - len(move.cards)
        if left == 0:
            return 1e6
        nxt = next_seat(view)
        next_size = view.hand_sizes[nxt]
        threat = next_size <= 2
        two = sum(view.in_round) == 2
        score = 0.0
        # the colour we leave active, and how many of it we still hold
        active = int(move.color) if move.color is not None else color
        counts = color_counts(hand, move.cards)
        if active >= 0:
            score += 3.0 * counts[active]
            if active in self.lacks.get(nxt, set()):
                score += 4.0
        if rank <= 9:
            score += 10 + card_points(card) / 3
            if view.color is not None and color == view.color:
                score += 2
        elif rank in (_SKIP, _REV, _D2):
            score += 12 + (25 if threat else 0) + (8 if two and rank != _REV else 0)
            if two and rank == _REV:
                score += 8
            if rank == _D2:
                score += 4
        elif rank == _W4:
            score += -25 + (60 if threat else 0) + (15 if left <= 2 else 0)
            if view.rules.challenge and not self._honest(view, card):
                score -= 30
        elif rank == _WSH:
            # every hand is gathered and dealt out evenly: worth it with more cards than the
            # average, and against a player about to go out (issue 22: strong was no better
            # than basic under classic112)
            sizes = [n for s, n in enumerate(view.hand_sizes) if view.in_round[s]]
            even = (sum(sizes) - 1) / max(len(sizes), 1)
            score += -18 + self.shuffle_weight * (left - even) + (30 if threat else 0)
        else:  # wilds
            score += -18 + (12 if left <= 2 else 0) + (10 if threat else 0)
        if (
            color < 0
            and move.color is not None
            and move.color != self._best_color(view, move.cards)
        ):
            score -= 6
        if move.peek is not None:
            score -= 4
        if move.trade is not None:
            gave = sum(card_points(c) for c in move.give)
            score += gave / 10 - 2 - view.hand_sizes[move.trade] / 4
        if move.swap is not None:
            score += 3 * (left - view.hand_sizes[move.swap])
        score += 4 * (len(move.cards) - 1)
        if self.block_weight and not (two and rank in (_SKIP, _REV, _D2)) and active >= 0:
            # (in a two-player game an action card plays again: the next player does not answer)
            top_rank = int(RANK_OF[move.cards[-1]]) if color >= 0 else -1
            unseen = self._unseen_counts(view)
            score += self.block_weight * stuck_probability(view, unseen, active, top_rank)
        return score

    def _honest(self, view: View, card: Card) -> bool:
        if view.rules.wd4_rule == "anytime" or view.color is None:
            return True
        if view.rules.wd4_rule == "no_playable_card":  # no card but +4s that could be played
            # (it read only the colour: strong played dishonest +4s under swimming's rules)
            return not any(isinstance(m, Play) and RANK_OF[m.card] != _W4 for m in view.legal_moves)
        rest = list(view.hand)
        rest.remove(card)
        return not any(COLOR_OF[c] == view.color for c in rest)
