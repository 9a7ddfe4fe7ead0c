"""Rounds of a match (RULES.md §2, §8): dealer, deal, start card, end of round, next round.

Functions of a :class:`~unokit.state.State`. (A round abandoned when the draw pile runs out,
``empty_draw_pile = void_round``, is :func:`unokit.drawing.void_round`.)
"""

from __future__ import annotations

from unokit import events as ev
from unokit.cards import COLOR_OF, RANK_OF, Card, Rank
from unokit.drawing import draw_cards
from unokit.errors import RulesError
from unokit.phase import Phase
from unokit.scoring import (
    eliminated_after_round,
    hand_points,
    match_is_over,
    match_ranking,
    round_points,
    team_of,
)
from unokit.state import State

__all__ = [
    "MAX_MISDEALS",
    "can_turn_start_card",
    "clock_out",
    "deal",
    "end_round",
    "knock_out",
    "next_round",
    "select_first_dealer",
    "turn_start_card",
]


def _alive(game: State) -> list[int]:
    return [s for s in range(game.n) if not game.eliminated[s]]


def select_first_dealer(game: State) -> None:
    """draw_highest (000, 001, 004), random, or previous_winner (random in a new match)."""
    seats = _alive(game)
    if game.rules.dealer_selection == "draw_highest":
        game.dealer = draw_for_dealer(game, seats)
    else:
        game.dealer = game.rng.choice(seats)
    game.emit(ev.Dealer(game.dealer, rule=game.cite("dealer_selection")))


def draw_for_dealer(game: State, seats: list[int]) -> int:
    """Each seat draws; the highest number deals; ties among the highest draw again."""
    rng = game.rng
    # a shuffled deck, cards drawn from its end: shuffled only as far as cards are drawn
    draws = rng.shuffled_pops(game.deck[:])
    contenders = list(seats)
    redraw = game.rules.dealer_draw_actions == "redraw"
    while True:
        values: dict[int, int] = {}
        for seat in contenders:
            while True:
                card = next(draws, None)
                if card is None:  # used up: a new shuffled deck
                    draws = rng.shuffled_pops(game.deck[:])
                    card = next(draws)
                game.emit(ev.DealerDraw(seat, card))
                rank = RANK_OF[card]
                if rank <= 9:
                    values[seat] = int(rank)
                    break
                if not redraw:
                    values[seat] = 0
                    break
        best = max(values.values())
        contenders = [s for s in contenders if values[s] == best]
        if len(contenders) == 1:
            return contenders[0]
        game.emit(ev.DealerTie(None, tuple(contenders), best, rule=game.cite("dealer_selection")))


def deal(game: State) -> None:
    """Shuffle every card of the game, deal from the dealer's left, turn the start card."""
    game.round_no += 1
    n = game.n
    game.in_round = [not e for e in game.eliminated]
    game.out_order = []
    game.winner = None
    game.round_points = [0] * n
    game.direction = 1
    game.pending_draw = 0
    game.stack.clear()
    game.drawn = None
    game.jump = None
    game.tops = None
    game.called = [False] * n
    game.window = [False] * n
    game.knocked_out = []
    game.roulette = False
    if game.rules.blind_draw:
        game.face_down = [[] for _ in range(n)]
    order = []
    seat = game.dealer
    for _ in range(sum(game.in_round)):
        seat = game.next_seat(seat, 1)
        order.append(seat)
    for _ in range(MAX_MISDEALS):
        pile = game.deck[:]
        game.rng.shuffle(pile)
        hands: list[list[Card]] = [[] for _ in range(n)]
        game.hands = hands
        size, seats = game.rules.hand_size, len(order)
        take = size * seats
        if 0 < take <= len(pile):
            # one card at a time from the end of the pile, in seat order: seat k of the order
            # gets the cards k, k + seats, ... counted from the end
            dealt = pile[len(pile) - take :]
            del pile[len(pile) - take :]
            dealt.reverse()
            for k, seat in enumerate(order):
                hands[seat] = dealt[k::seats]
        else:
            for _ in range(size):
                for seat in order:
                    hands[seat].append(pile.pop())
        game.draw_pile = pile
        if can_turn_start_card(game):
            break
        # every card left could never become the start card: the dealer deals again
        game.emit(ev.Misdeal(game.dealer, len(pile), rule=game.cite("start_card")))
    else:
        raise RulesError(
            f"no start card could be turned up in {MAX_MISDEALS} deals: too few cards are left "
            f"after dealing {game.rules.hand_size} to each player"
        )
    game.discard = []
    game.phase = Phase.PLAY
    game.emit(ev.Dealt(game.dealer, game.rules.hand_size, game.round_no))
    turn_start_card(game)
    if game.rules.mercy_limit:  # a start card's penalty may reach a low limit
        knock_out(game)


#: Deals in a row whose draw pile holds no possible start card before a deal is given up
#: (reached only when nearly the whole deck is dealt, and then with a tiny chance).
MAX_MISDEALS = 1000


def can_turn_start_card(game: State) -> bool:
    """Whether the draw pile holds a card that can become the start card (§2): any card but a
    wild_draw_four (which goes back); under ``redraw_until_number`` a number card, or a skip
    or reverse turned first (which keeps its effect); under ``wild_start = bury`` a card that
    is not a wild."""
    pile = game.draw_pile
    if not pile:
        return False
    if game.rules.wild_start == "bury":  # (exclusive with redraw_until_number: Rules)
        return any(not RANK_OF[c].is_wild for c in pile)
    if game.rules.start_card == "redraw_until_number":
        return RANK_OF[pile[-1]] in (Rank.SKIP, Rank.REVERSE) or any(RANK_OF[c] <= 9 for c in pile)
    return any(not (RANK_OF[c].is_wild and RANK_OF[c].draw_value) for c in pile)


def turn_start_card(game: State) -> None:
    """Turn up the start card and apply it (§2)."""
    pile = game.draw_pile
    bury = game.rules.start_card == "redraw_until_number"
    bury_wilds = game.rules.wild_start == "bury"  # (VARIANTS.md §2)
    first_turn = True
    if not can_turn_start_card(game):
        raise RulesError(
            "the draw pile holds no card that can be turned up as the start card ("
            + (
                "a number card, or a skip or reverse on top"
                if bury
                else "any card but a wild"
                if bury_wilds
                else "any card but W+4"
            )
            + ")"
        )
    while True:  # ends: a buried card goes to the bottom, a W+4 is one of several cards
        card = pile.pop()
        game.emit(ev.StartCard(None, card))
        rank = RANK_OF[card]
        # a draw card, a wild, and any action but a first skip or reverse is buried (No
        # Mercy's coloured actions too: VARIANTS.md §1, RULES-NOTES.md "No Mercy")
        action = rank > 9 and (not first_turn or rank not in (Rank.SKIP, Rank.REVERSE))
        if bury and (rank.is_wild or rank.draw_value or action):
            pile.insert(0, card)
            game.emit(ev.StartBuried(None, card, rule=game.cite("start_card")))
            first_turn = False
            continue
        if bury_wilds and rank.is_wild and rank != Rank.WILD_DRAW_FOUR:  # (W+4: as always)
            pile.insert(0, card)
            game.emit(ev.StartWildBuried(None, card, rule=game.cite("wild_start")))
            continue
        if rank.is_wild and rank.draw_value:  # a W+4 (No Mercy: reverse +4, +6, +10)
            pile.append(card)
            game.rng.shuffle(pile)
            game.emit(ev.StartReturned(None, card))
            continue
        game.discard.append(card)
        break
    _apply_start_card(game, game.discard[-1])


def _apply_start_card(game: State, card: Card) -> None:
    rank = RANK_OF[card]
    game.color = COLOR_OF[card]
    dealer = game.dealer
    first = game.next_seat(dealer, 1)
    game.current = first
    if rank in (Rank.SKIP, Rank.SKIP_EVERYONE):  # (a skip everyone as a skip: RULES-NOTES)
        game.current = game.next_seat(first, 1)
        game.emit(ev.StartSkip(first, game.current))
    elif rank == Rank.REVERSE:
        game.direction = -1
        if game.active_count() == 2:
            game.current = dealer
            game.emit(ev.StartReverseTwo(first, dealer))
        else:
            if game.rules.start_reverse == "dealer_right":
                game.current = game.next_seat(dealer, -1)
            game.emit(ev.StartReverse(None, game.current, rule=game.cite("start_reverse")))
    elif rank in (Rank.DRAW_TWO, Rank.DRAW_FOUR):
        # never stackable, deflectable or jumpable: it falls on the first player (003)
        got = draw_cards(game, first, rank.draw_value)
        game.current = game.next_seat(first, 1)
        game.emit(ev.StartDrawTwo(first, tuple(got), game.current, blind=game.rules.blind_draw))
    elif COLOR_OF[card] < 0:
        game.phase = Phase.CHOOSE_COLOR
        game.emit(ev.StartWild(first))


def end_round(game: State) -> None:
    """Score the round (§8) and decide whether the match goes on."""
    rules = game.rules
    seats = _alive(game)
    winner = game.out_order[0]
    game.winner = winner
    game.pending_draw = 0
    game.stack.clear()
    game.drawn = None
    game.jump = None
    points = [hand_points(game.hands[s], rules.deck) for s in range(game.n)]
    knocked = game.knocked_out  # the mercy rule's: last, the first knocked out last of all
    remaining = sorted(
        (s for s in seats if s not in game.out_order and s not in knocked),
        key=lambda s: (points[s], s),
    )
    ranking = game.out_order + remaining + knocked[::-1]
    if rules.teams:
        team = team_of(rules, winner)
        mates = tuple(s for s in seats if team_of(rules, s) == team)
        game.emit(ev.RoundWon(winner, team, mates))
    else:
        game.emit(ev.RoundWon(winner))
    gained = round_points(rules, points, winner, seats)
    factor = rules.score_multiplier
    if factor > 1 and any(gained):  # (VARIANTS.md §2: every point of the round)
        gained = [g * factor for g in gained]
        game.emit(ev.PointsMultiplied(None, factor, rule=game.cite("score_multiplier")))
    game.round_points = gained
    game.scored_rounds += 1
    for s in range(game.n):
        game.scores[s] += gained[s]
        if gained[s] and rules.scoring != "none":
            game.emit(ev.Scored(s, gained[s], game.scores[s], rule=game.cite("scoring")))
    for s in eliminated_after_round(rules, points, game.scores, winner, seats):
        game.eliminated[s] = True
        game.elimination_order.append(s)
        game.emit(ev.Eliminated(s, rule=game.cite("scoring")))
    alive = _alive(game)
    game.out_order = ranking
    if match_is_over(rules, game.scores, alive, game.scored_rounds):
        game.phase = Phase.MATCH_OVER
        game.match_ranking = match_ranking(
            rules,
            game.scores,
            alive,
            game.elimination_order,
            ranking,
            [len(game.hands[s]) for s in range(game.n)],
        )
        game.emit(
            ev.MatchWon(game.match_ranking[0], tuple(game.match_ranking), rule=game.cite("scoring"))
        )
    else:
        game.phase = Phase.ROUND_OVER


def clock_out(game: State) -> None:
    """The match clock ran out (``match_clock``, VARIANTS.md §2): the round ends at once. The
    player in the round with the fewest cards wins it, of those tied the one with the fewest
    points; a tie on both ends the round with no winner and no score (RULES-NOTES.md). A
    player already out (``round_end = rank_all``) keeps the win, the others ranked after."""
    rules = game.rules
    playing = [s for s in range(game.n) if game.in_round[s] and s not in game.out_order]
    if not playing:  # (a round in play always has a player in it)
        return
    points = {s: hand_points(game.hands[s], rules.deck) for s in playing}
    count = min(len(game.hands[s]) for s in playing)
    fewest = [s for s in playing if len(game.hands[s]) == count]
    low = min(points[s] for s in fewest)
    leaders = tuple(s for s in fewest if points[s] == low)
    cited = game.cite("match_clock")
    game.jump = None
    game.roulette = False
    if game.out_order:  # the first out has won the round already
        game.emit(ev.ClockRanOut(game.out_order[0], leaders, count, low, True, rule=cited))
        end_round(game)
        return
    if len(leaders) > 1:  # a tie on cards and points: no winner, no score
        game.emit(ev.ClockRanOut(None, leaders, count, low, rule=cited))
        game.winner = None
        game.round_points = [0] * game.n
        game.pending_draw = 0
        game.stack.clear()
        game.drawn = None
        game.phase = Phase.ROUND_OVER
        return
    game.emit(ev.ClockRanOut(leaders[0], leaders, count, low, rule=cited))
    game.out_order.append(leaders[0])
    end_round(game)


def next_round(game: State) -> None:
    """The referee deals the next round: seats may change (§7.12), then the dealer (§2)."""
    every = game.rules.seat_change_every
    if every and game.round_no % every == 0:
        _change_seats(game)
    how = game.rules.next_dealer
    winner = game.winner
    if how == "previous_winner" and winner is not None and not game.eliminated[winner]:
        game.dealer = winner
    elif how == "draw_highest":
        game.dealer = draw_for_dealer(game, _alive(game))
    else:
        game.in_round = [not e for e in game.eliminated]
        game.dealer = game.next_seat(game.dealer, 1)
    game.emit(ev.Dealer(game.dealer, rule=game.cite("next_dealer")))
    deal(game)


def _change_seats(game: State) -> None:
    """001 (四) 座位交换: players move to shuffled seats, taking their scores with them."""
    n = game.n
    order = list(range(n))
    game.rng.shuffle(order)  # the player at old seat order[i] moves to seat i
    new_seat = {old: i for i, old in enumerate(order)}
    game.seating = [game.seating[old] for old in order]
    game.scores = [game.scores[old] for old in order]
    game.eliminated = [game.eliminated[old] for old in order]
    game.elimination_order = [new_seat[s] for s in game.elimination_order]
    if game.winner is not None:
        game.winner = new_seat[game.winner]
    game.dealer = new_seat[game.dealer]
    game.emit(ev.SeatsChanged(None, tuple(game.seating), rule=game.cite("seat_change_every")))


def knock_out(game: State) -> None:
    """The mercy rule (``mercy_limit``, VARIANTS.md §1): every seat in the round holding the
    limit or more cards is out of the round at once, its cards put under the discard pile (the
    draw pile's order is kept: RULES-NOTES.md "No Mercy"); the last seat left wins the round. A
    seat knocked out while the game waits for it passes what it faced to the next seat: the
    turn, a pending penalty, a colour roulette's choice. Called after every move."""
    limit = game.rules.mercy_limit
    if not limit or game.phase >= Phase.ROUND_OVER:
        return
    seat = game.current
    for _ in range(game.n):  # in turn order from the seat to act
        hand = game.hands[seat]
        if game.in_round[seat] and len(hand) >= limit:
            _knock_out_seat(game, seat)
            if game.phase >= Phase.ROUND_OVER:
                return
        seat = (seat + game.direction) % game.n


def _knock_out_seat(game: State, seat: int) -> None:
    hand = game.hands[seat]
    count = len(hand)
    game.hands[seat] = []
    game.discard[0:0] = hand
    game.in_round[seat] = False
    game.called[seat] = False
    game.window[seat] = False
    game.knocked_out.append(seat)
    game.emit(ev.KnockedOut(seat, count, rule=game.cite("mercy_limit")))
    left = [s for s in range(game.n) if game.in_round[s]]
    if len(left) == 1:  # the last player left wins the round
        game.out_order.append(left[0])
        game.jump = None
        game.roulette = False
        end_round(game)
        return
    if game.current == seat:
        game.current = game.next_seat(seat)
        if game.phase == Phase.AFTER_DRAW:
            game.drawn = None
            game.phase = Phase.PLAY
    if game.jump is not None and game.jump.player == seat:
        game.jump = None
