"""``strong``: a tuned heuristic player.

It holds wilds for the end, turns action cards on a player close to going out, manages colours
(keeps the colour it holds most, avoids colours the next player has shown it has), names the
colour it holds most, counts cards from the discard pile to judge a +4, plays +4 only when it
pays, challenges when the cards seen make a bluff likely, and catches every forgotten UNO.
Under UNO Show 'Em No Mercy (``no_mercy``) it knows what each new card does to whom: skip
everyone, discard all, the draw cards under stacking by value, the colour roulette, the mercy
rule (:meth:`StrongBot._no_mercy_score`; docs/bots.md says what and how much it wins).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

from unokit.bots.base import Bot
from unokit.bots.tactics import next_seat, out_of_turn_choice, plays, prefer_uno
from unokit.cards import (
    COLOR_OF,
    DRAW_VALUE_OF,
    NO_MERCY_RANKS,
    RANK_OF,
    Card,
    Color,
    Rank,
    card_points,
    deck_counts,
)
from unokit.game import View
from unokit.moves import CHALLENGE, DRAW, PASS, ChooseColor, Draw, Move, Play
from unokit.phase import Phase
from unokit.rules import Rules
from unokit.sim.rollout import color_counts

__all__ = [
    "StrongBot",
    "Unseen",
    "answer_probability",
    "bluff_probability",
    "roulette_turns",
    "stuck_probability",
]

_SKIP, _REV, _D2, _W, _W4, _WSH = (
    Rank.SKIP,
    Rank.REVERSE,
    Rank.DRAW_TWO,
    Rank.WILD,
    Rank.WILD_DRAW_FOUR,
    Rank.WILD_SHUFFLE_HANDS,
)
# UNO Show 'Em No Mercy (deck no_mercy168, VARIANTS.md §1)
_D4, _SA, _DA, _WR4, _WCR = (
    Rank.DRAW_FOUR,
    Rank.SKIP_EVERYONE,
    Rank.DISCARD_ALL,
    Rank.WILD_REVERSE_DRAW_FOUR,
    Rank.WILD_COLOR_ROULETTE,
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
    """The cards a seat has not seen, counted by kind and summed the ways matching needs
    (``by_value``: the draw cards by the number they make draw, +2 to +10, index = value)."""

    total: int
    wilds: int
    by_color: tuple[int, ...]
    by_rank: tuple[int, ...]
    by_color_rank: dict[tuple[int, int], int]
    by_value: tuple[int, ...] = (0,) * 11

    @classmethod
    def of(cls, view: View) -> Unseen:
        full = _FULL_DECK.get(view.rules.deck)
        if full is None:
            full = _FULL_DECK[view.rules.deck] = cls._count(deck_counts(view.rules.deck).items())
        wilds, by_color, by_rank = full.wilds, list(full.by_color), list(full.by_rank)
        by_color_rank = dict(full.by_color_rank)
        by_value = list(full.by_value)
        for card in (*view.hand, *view.discard):  # subtract what this seat has seen
            c = COLOR_OF[card]
            by_value[DRAW_VALUE_OF[card]] -= 1
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
            tuple(max(n, 0) for n in by_value),
        )

    @classmethod
    def _count(cls, counts: Iterable[tuple[Card, int]]) -> Unseen:
        by_color, by_rank, wilds = [0] * 4, [0] * len(Rank), 0
        by_value = [0] * 11
        by_color_rank: dict[tuple[int, int], int] = {}
        for card, n in counts:
            by_value[DRAW_VALUE_OF[card]] += n
            if COLOR_OF[card] < 0:
                wilds += n
            else:
                by_color[COLOR_OF[card]] += n
                by_rank[RANK_OF[card]] += n
                by_color_rank[COLOR_OF[card], int(RANK_OF[card])] = n
        return cls(
            wilds + sum(by_color),
            wilds,
            tuple(by_color),
            tuple(by_rank),
            by_color_rank,
            tuple(by_value),
        )


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


def answer_probability(view: View, unseen: Unseen, seat: int, value: int) -> float:
    """Chance that ``seat`` holds a draw card worth ``value`` or more (``stacking =
    not_lower``: what answers a draw card of that value), with the cards this seat has not
    seen dealt at random (hypergeometric)."""
    total = unseen.total
    answers = sum(unseen.by_value[value:])
    k = min(view.hand_sizes[seat], total)
    if total <= 0 or answers <= 0:
        return 0.0
    if total - answers < k:
        return 1.0
    return 1.0 - comb(total - answers, k) / comb(total, k)


def roulette_turns(unseen: Unseen, color: int) -> float:
    """Cards a colour roulette's victim expects to turn when naming ``color``: the place of
    the first card of that colour among the unseen cards in random order, (n + 1) / (k + 1)."""
    return (unseen.total + 1) / (unseen.by_color[color] + 1)


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
    #: No Mercy (VARIANTS.md §1): score per card a draw card or a colour roulette is expected
    #: to make its victim take (times the chance that the victim cannot answer it)
    attack_weight = 1.5
    #: score lost per point of value of a wild draw card played when it need not be: kept, it
    #: answers a penalty later (stacking by value)
    defence_weight = 5.0
    #: score for putting the victim out of the round under the mercy rule, two players (a win)
    #: and more (one rival less); times the chance it cannot answer
    knockout_weights = (80.0, 30.0)

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
            roulette = view.roulette  # (its victim names the colour to turn cards for)
            color = self._roulette_color(view) if roulette else self._best_color(view, ())
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
            and not view.rules.draw_until_playable  # (that draw may cost many cards)
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

    def _roulette_color(self, view: View) -> Color:
        """The colour to name as a colour roulette's victim (VARIANTS.md §1: it turns cards
        until one of it shows): the one most cards not seen are of, so the fewest are turned;
        on a tie one the next player has shown it lacks (it plays on it), then one held."""
        unseen = self._unseen_counts(view)
        lacks = self.lacks.get(next_seat(view), set())
        counts = color_counts(view.hand)
        return Color(
            min(
                range(4),
                key=lambda c: (roulette_turns(unseen, c), c not in lacks, -counts[c], c),
            )
        )

    def _score(self, view: View, move: Play) -> float:
        card = move.card
        rank = RANK_OF[card]
        color = COLOR_OF[card]
        hand = view.hand
        gone = move.cards
        if rank == _DA:  # a discard all takes every card of its colour with it
            shades = {COLOR_OF[c] for c in gone}
            gone = tuple(c for c in hand if COLOR_OF[c] in shades)
        left = len(hand) - len(gone)
        if left == 0:
            return 1e6
        nxt = next_seat(view)
        next_size = view.hand_sizes[nxt]
        threat = next_size <= 2
        two = sum(view.in_round) == 2
        score = 0.0
        # the colour we leave active, and how many of it we still hold
        active = int(move.color) if move.color is not None else color
        counts = color_counts(hand, gone)
        if active >= 0:
            score += 3.0 * counts[active]
            if active in self.lacks.get(nxt, set()):
                score += 4.0
        no_mercy = rank in NO_MERCY_RANKS or (
            DRAW_VALUE_OF[card] > 0 and view.rules.stacking == "not_lower"
        )
        if no_mercy:
            score += self._no_mercy_score(view, move, gone, left)
        elif rank <= 9:
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
        elif rank == 0 and view.rules.seven_zero and left:  # hands pass on: ours comes from
            score += 3 * (left - view.hand_sizes[next_seat(view, None, -view.direction)])
        score += 4 * (len(move.cards) - 1)
        answered = no_mercy and (rank == _SA or DRAW_VALUE_OF[card] > 0)
        if (
            self.block_weight
            and not (two and rank in (_SKIP, _REV, _D2))
            and not answered  # (the player plays again; a draw card is answered by value)
            and active >= 0
        ):
            # (in a two-player game an action card plays again: the next player does not answer)
            top_rank = int(RANK_OF[move.cards[-1]]) if color >= 0 else -1
            unseen = self._unseen_counts(view)
            score += self.block_weight * stuck_probability(view, unseen, active, top_rank)
        return score

    def _no_mercy_score(self, view: View, move: Play, gone: tuple[Card, ...], left: int) -> float:
        """A play of UNO Show 'Em No Mercy's cards (VARIANTS.md §1), or a +2 under stacking by
        value: what it does to its victim (cards it is expected to take, a player about to go
        out, the mercy rule), what it costs (an answer that comes back, a wild draw card
        that would answer a penalty later)."""
        card = move.card
        rank = RANK_OF[card]
        hand = view.hand
        two = sum(view.in_round) == 2
        limit = view.rules.mercy_limit
        if rank == _DA:  # sheds the colour: worth more, the more cards go with it
            shed = len(gone) - 1
            near = limit and len(hand) >= limit - 8
            return 10 + (10 if near else 7) * shed
        if rank == _SA:  # every other player skipped: this player plays again
            rest = list(hand)
            rest.remove(card)
            color = COLOR_OF[card]
            follows = [c for c in rest if COLOR_OF[c] in (color, -1) or RANK_OF[c] == _SA]
            if left == 1 and follows:  # and the last card goes out before anyone answers
                return 5e5
            threat = self._threat(view)
            return 12 + 8 + (25 if threat else 0) + (6 if follows else -12)
        unseen = self._unseen_counts(view)
        if rank == _WR4 and not two:  # it reverses: its victim is the seat before
            victim = next_seat(view, None, -view.direction)
        else:
            victim = next_seat(view)
        size = view.hand_sizes[victim]
        value = DRAW_VALUE_OF[card]
        if rank == _WCR:  # the victim names the colour it expects to turn soonest
            taken = min(roulette_turns(unseen, c) for c in range(4))
            answer = 0.0
        else:
            taken = view.pending_draw + value
            stacks = view.rules.stacking != "off"  # (the preset stacks by value)
            answer = answer_probability(view, unseen, victim, value) if stacks else 0.0
        hits = 1.0 - answer
        score = 12.0 if COLOR_OF[card] >= 0 else -6.0
        score += hits * (self.attack_weight * taken + (25 if size <= 2 else 0) + (8 if two else 0))
        if limit and size + taken >= limit:  # the mercy rule puts the victim out
            score += hits * self.knockout_weights[0 if two else 1]
        if value:
            # an answer sends it on, bigger: back to this seat with two players
            score -= answer * (taken + value) * (0.5 if two else 0.25)
            if COLOR_OF[card] < 0 and view.phase != Phase.PENALTY:
                score -= self.defence_weight * value
            if view.phase == Phase.PENALTY:  # the least that answers, unless more pays
                score -= self.defence_weight * value / 2
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
