"""Property tests over random games: every supported preset, 2-10 players.

- no exception; every card of the deck is always in exactly one place;
- the same seed and moves give the same game; saving then loading gives an equal game;
- a seat's view never holds another seat's hidden cards;
- every move the engine lists as legal is accepted; random other moves are refused unchanged.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.fuzz import examples
from tests.options import allowed_rules, option_values
from unokit import REFEREE, Game, IllegalMoveError, Rules
from unokit.cards import ALL_CARDS, COLOR_OF, RANK_OF, Color, Rank, deck_cards
from unokit.legality import is_honest
from unokit.moves import (
    CALL_UNO,
    CHALLENGE,
    DEAL,
    DRAW,
    PASS,
    TIMEOUT,
    Catch,
    Challenge,
    ChooseColor,
    Move,
    Play,
)
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.rules import OPTIONS
from unokit.rules import PRESETS as ALL_PRESETS

PRESETS = list(ALL_PRESETS)


def _rules(preset: str, players: int, extra: dict[str, object] | None = None) -> Rules:
    """The preset with ``extra`` options, leaving out those of a refused combination."""
    rules = allowed_rules(extra or {}, preset=preset, players=players)
    assume(rules is not None)
    assert rules is not None
    return rules


def _random_move(rng: Rng, game: Game) -> tuple[int, Move]:
    """A move that is probably illegal: any seat, any kind."""
    seat = rng.below(game.n + 1) - 1 if rng.below(8) == 0 else rng.below(game.n)
    kind = rng.below(8)
    if kind == 0:
        card = ALL_CARDS[rng.below(len(ALL_CARDS))]
        color = Color(rng.below(4)) if rng.below(2) else None
        return seat, Play(card, color, bool(rng.below(2)))
    if kind == 1 and seat >= 0 and game.hands[seat]:
        card = game.hands[seat][rng.below(len(game.hands[seat]))]
        return seat, Play(card, Color(rng.below(4)) if card.is_wild else None)
    if kind == 2:
        return seat, Catch(rng.below(game.n))
    return seat, [DRAW, PASS, CHALLENGE, CALL_UNO, TIMEOUT, ChooseColor(Color.RED)][kind - 2]


def _check_cards(game: Game, deck: Counter[int]) -> None:
    placed = Counter(c for h in game.hands for c in h)
    placed.update(game.draw_pile)
    placed.update(game.discard)
    assert placed == deck


def _check_view(game: Game, seat: int) -> None:
    view = game.view(seat)
    # the hand less the cards held face down (blind_draw), which the view only counts
    face_down = Counter(game.face_down[seat])
    assert list(view.hand) == list((Counter(game.hands[seat]) - face_down).elements()) or (
        sorted(view.hand) == sorted((Counter(game.hands[seat]) - face_down).elements())
    )
    assert view.face_down == len(game.face_down[seat])
    assert not face_down - Counter(game.hands[seat])
    assert view.hand_sizes == tuple(len(h) for h in game.hands)
    data = view.to_dict()
    assert set(data) >= {"hand", "hand_sizes", "top", "color", "draw_pile", "legal_moves"}
    assert isinstance(data["draw_pile"], int)
    for other in view.revealed:
        # only a challenger, or a wild_multi peeker, sees another hand, right after the move
        assert other != seat
        last_seat, last_move = game.history[-1]
        assert last_seat == seat
        assert isinstance(last_move, Challenge) or (
            isinstance(last_move, Play) and last_move.peek == other
        )


def play_random_match(
    rules: Rules, seed: int, move_seed: int, max_moves: int, probe: bool = True
) -> Game:
    game = Game(rules, seed)
    deck = Counter(deck_cards(rules.deck))
    rng = Rng(move_seed)
    _check_cards(game, deck)
    for step in range(max_moves):
        if game.match_over:
            break
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seat = game.current
        if rng.below(10) == 0:  # sometimes a seat out of turn (UNO calls, catches)
            seat = rng.below(game.n)
        legal = game.legal_moves(seat)
        if not legal:
            continue
        plays = [m for m in legal if isinstance(m, Play)]
        pool = plays if plays and rng.below(2) else legal
        move = pool[rng.below(len(pool))]
        game.apply(seat, move)
        _check_cards(game, deck)
        if probe and step % 7 == 0:
            _check_view(game, rng.below(game.n))
            other_seat, other = _random_move(rng, game)
            if other not in game.legal_moves(other_seat) and not game.is_misplay(other_seat, other):
                before = game.to_dict()
                try:
                    game.apply(other_seat, other)
                except IllegalMoveError:
                    pass
                else:  # a Penalty/Deal cannot come from _random_move
                    raise AssertionError(f"accepted an unlisted move {other}")
                assert game.to_dict() == before
    return game


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
)
def test_random_matches_keep_every_invariant(
    preset: str, players: int, seed: int, move_seed: int
) -> None:
    rules = _rules(preset, players)
    game = play_random_match(rules, seed, move_seed, max_moves=1500)
    # saving then loading gives an equal game
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game
    # the same seed and the same moves give the same game
    again = Game(rules, seed)
    for seat, move in game.history:
        again.apply(seat, move)
    assert again == game


#: a random mix of option values: every option but ``players`` (drawn apart), each with values
#: from its definition (tests/options.py), so that a new option joins the mixes by being defined
OPTION_MIX = st.fixed_dictionaries(
    {},
    optional={name: st.sampled_from(option_values(name)) for name in OPTIONS if name != "players"},
)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=OPTION_MIX,
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
)
def test_random_option_combinations(
    options: dict[str, object], players: int, seed: int, move_seed: int
) -> None:
    if options.get("scoring") not in ("net", "chips"):  # rounds counts only there (§8)
        options = {k: v for k, v in options.items() if k != "rounds"}
    rules = _rules("official", players, options)
    game = play_random_match(rules, seed, move_seed, max_moves=800)
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game


def test_thousands_of_games_finish() -> None:
    """A quick sweep: 1,200 whole rounds over the presets and 2-10 players, no probes."""
    finished = 0
    for i in range(1200):
        preset = PRESETS[i % len(PRESETS)]
        players = 2 + i % 9
        if preset == "teams":
            players = 4 + 2 * (i % 3)
        rules = Rules.preset(preset, players=players, scoring="none")
        game = play_random_match(rules, i, i * 7919, max_moves=30_000, probe=False)
        finished += game.match_over
    assert finished == 1200


def _honesty_implied(game: Game, seat: int, legal: list[Move]) -> bool:
    """+4 honesty as the legal moves of ``seat`` imply it (RULES.md §5, §7.6): under
    ``no_playable_card`` no other card could be played; under ``no_matching_color`` no card of
    a colour on top (the active colour, or any colour of a sum jump-in's group) could."""
    rule = game.rules.wd4_rule
    plays = [m for m in legal if type(m) is Play]
    if rule == "anytime":
        return True
    if rule == "no_playable_card":
        return not any(RANK_OF[c] != Rank.WILD_DRAW_FOUR for m in plays for c in m.cards)
    on_top = {game.color} | {COLOR_OF[c] for c in (game.tops or ())}
    return not any(COLOR_OF[m.card] in on_top for m in plays if COLOR_OF[m.card] >= 0)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=OPTION_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
)
def test_wild_draw_four_honesty_is_what_legal_moves_imply(
    options: dict[str, object], players: int, seed: int, move_seed: int
) -> None:
    """Issue 9 (findings 5-7): "what this seat could play now" has one definition. Whenever a
    +4 is played on its player's own turn, the honesty the engine records (and a challenge
    would reveal) equals what that player's legal moves at that moment imply."""
    options = {**options, "challenge": True}
    options.setdefault("wd4_rule", "no_matching_color")
    rules = _rules("official", players, options)
    game = Game(rules, seed)
    rng = Rng(move_seed)
    for _ in range(600):
        if game.match_over:
            break
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seat = game.current
        if game.jump is not None and rng.below(3) == 0:  # sometimes a jump-in, sums included
            jumpers = [s for s in range(game.n) if s != seat and game.legal_moves(s)]
            seat = jumpers[rng.below(len(jumpers))] if jumpers else seat
        legal = game.legal_moves(seat)
        if not legal:
            continue
        fours = [m for m in legal if type(m) is Play and RANK_OF[m.card] == Rank.WILD_DRAW_FOUR]
        move = fours[0] if fours and rng.below(2) else legal[rng.below(len(legal))]
        own_play = seat == game.current and game.phase == Phase.PLAY
        if own_play and type(move) is Play and RANK_OF[move.card] == Rank.WILD_DRAW_FOUR:
            implied = _honesty_implied(game, seat, list(legal))
            assert is_honest(game, seat) == implied
            game.apply(seat, move)
            if game.stack and game.stack[-1].card == move.card and game.stack[-1].seat == seat:
                assert game.stack[-1].honest == implied
            continue
        game.apply(seat, move)


def _odd_play(rng: Rng, game: Game, seat: int) -> Play:
    """A play of cards the seat holds, probably wrong in some way: several cards, a colour, a
    call, a target, a peek or a trade that the rules may not allow now."""
    hand = game.hands[seat]
    cards = [hand[rng.below(len(hand))] for _ in range(1 + rng.below(3) * rng.below(2))]
    legal = [m for m in game.legal_moves(seat) if type(m) is Play]
    if legal and rng.below(2):
        base = legal[rng.below(len(legal))]
        cards = list(base.cards)
    others = [s for s in range(game.n) if s != seat] or [seat]
    pick = rng.below(6)
    return Play(
        cards[0],
        Color(rng.below(4)) if rng.below(3) == 0 else None,
        bool(rng.below(2)),
        tuple(cards[1:]),
        others[rng.below(len(others))] if pick == 0 else None,
        others[rng.below(len(others))] if pick == 1 else None,
        others[rng.below(len(others))] if pick == 2 else None,
        tuple(hand[rng.below(len(hand))] for _ in range(rng.below(4))) if pick == 2 else (),
    )


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=OPTION_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
)
def test_every_refusal_names_its_rule(
    options: dict[str, object], players: int, seed: int, move_seed: int
) -> None:
    """Issue 10: the reason a move is refused comes from the code that lists the legal moves;
    no refused move of random games gets the catch-all "not a legal move now"."""
    rules = _rules("official", players, {**options, "misplay": "reject"})
    game = Game(rules, seed)
    rng = Rng(move_seed)
    for _ in range(300):
        if game.match_over:
            break
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        for _ in range(3):
            seat = rng.below(game.n)
            if not game.in_round[seat] or not game.hands[seat]:
                continue
            move = _odd_play(rng, game, seat) if rng.below(3) else _random_move(rng, game)[1]
            if not game.is_legal(seat, move):
                with pytest.raises(IllegalMoveError) as refused:
                    game.apply(seat, move)
                assert "not a legal move now" not in str(refused.value), str(refused.value)
        legal = game.legal_moves(game.current)
        game.apply(game.current, legal[rng.below(len(legal))])


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=OPTION_MIX,
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    move_seed=st.integers(0, 2**32),
)
def test_a_determinized_game_looks_the_same_to_its_seat(
    options: dict[str, object], players: int, seed: int, move_seed: int
) -> None:
    """Issue 10: what a seat may know is declared once, on the state's fields (``seen``); a
    game sampled from a seat's view (search bots) shows that seat exactly the same view, legal
    moves included, at every moment of random games. A new state field that a seat sees but
    the sampler forgets fails here."""
    from unokit.sim.determinize import sample_game

    rules = _rules("official", players, options)
    game = Game(rules, seed)
    rng = Rng(move_seed)
    for _ in range(300):
        if game.match_over:
            break
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        seat = game.to_act if game.to_act is not None else game.current
        view = game.view(seat)
        sampled = sample_game(view, Rng(rng.next64())).view(seat)
        assert replace(sampled, revealed=view.revealed) == view
        legal = game.legal_moves(seat)
        if not legal:
            break
        game.apply(seat, legal[rng.below(len(legal))])
