"""Deals that nearly empty the deck, described tables with no start card, atomic deals, and the
UNO call made before the second-to-last card (issue 9, findings 9, 11 and 12).

RULES.md §2 says nothing of a draw pile that holds no card able to become the start card; the
reading (RULES-NOTES.md): the dealer deals again (a misdeal), as a table would. A described
table that cannot turn a start card is refused with the reason.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from unokit import REFEREE, Game, Rules
from unokit import events as ev
from unokit.cards import RANK_OF, Rank, deck_cards
from unokit.cli.main import app
from unokit.errors import StateError
from unokit.moves import CALL_UNO, DEAL, DRAW, PASS, Play
from unokit.narrator import narrate
from unokit.notation import parse_cards
from unokit.phase import Phase
from unokit.rng import Rng


def _play_some(game: Game, moves: int, seed: int) -> None:
    rng = Rng(seed)
    for _ in range(moves):
        if game.match_over:
            return
        if game.round_over:
            game.apply(REFEREE, DEAL)
            continue
        legal = game.legal_moves(game.current)
        game.apply(game.current, legal[rng.below(len(legal))])


def test_002_redraw_with_fifteen_cards_each_deals_again() -> None:
    """002 起始牌 redraw_until_number: 7 x 15 cards leave 3, none of them a number: the dealer
    deals again instead of crashing (seed 55 raised IndexError before)."""
    game = Game(Rules(players=7, hand_size=15, start_card="redraw_until_number"), seed=55)
    kinds = [e.kind for e in game.deal_events]
    assert "misdeal" in kinds
    assert (game.discard and RANK_OF[game.discard[-1]] <= 9) or game.phase == Phase.PLAY
    assert sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.discard) == 108


@pytest.mark.parametrize("deck", ["classic112", "swimming112"])
@pytest.mark.parametrize("start_card", ["apply_effects", "redraw_until_number"])
@pytest.mark.parametrize("empty", ["reshuffle", "void_round"])
def test_ten_players_eleven_cards_always_deal(deck: str, start_card: str, empty: str) -> None:
    """10 x 11 cards of a 112-card deck leave 2: every seed deals (again if it must) and plays
    on; a start +2 that runs the pile out under void_round voids the round (001 黄牌)."""
    rules = Rules(deck=deck, players=10, hand_size=11, start_card=start_card, empty_draw_pile=empty)
    total = len(deck_cards(deck))
    for seed in range(60):
        game = Game(rules, seed)
        cards = sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.discard)
        assert cards == total
        if game.phase == Phase.ROUND_OVER:
            assert empty == "void_round" and game.winner is None
        else:
            assert game.discard, "a round in play always has a start card"
        _play_some(game, 40, seed)


def test_001_void_round_during_the_deal_is_a_void_round() -> None:
    """The start +2 draws from an empty pile under void_round: the round is void, the referee
    deals the next one (the internal RoundEnded escaped Game() before)."""
    rules = Rules(deck="classic112", players=10, hand_size=11, empty_draw_pile="void_round")
    voided = [s for s in range(200) if Game(rules, s).phase == Phase.ROUND_OVER]
    assert voided
    game = Game(rules, voided[0])
    assert [e.kind for e in game.deal_events][-1] == "void_round"
    assert game.legal_moves(game.current) == []
    game.apply(REFEREE, DEAL)
    assert game.round_no == 2


def _table(rules: Rules, pile: str) -> Game:
    hands = [parse_cards("R1 R2"), parse_cards("G1 G2")]
    return Game.from_table(rules, hands, parse_cards(pile))


def test_described_table_with_only_wild_draw_fours_is_refused() -> None:
    with pytest.raises(StateError, match="no card that can be turned up as the start card"):
        _table(Rules(players=2), "W+4 W+4")


def test_described_table_with_no_number_under_redraw_is_refused() -> None:
    rules = Rules(players=2, start_card="redraw_until_number")
    with pytest.raises(StateError, match="a number card"):
        _table(rules, "W W+4 B+2")
    # a skip turned first keeps its effect (002): that table can start
    assert RANK_OF[_table(rules, "RS W").discard[-1]] == Rank.SKIP


def test_judge_refuses_a_table_with_no_start_card(tmp_path: object) -> None:
    """`unokit judge` exits 2 with one line, not 1 with an IndexError traceback."""
    from pathlib import Path

    path = Path(str(tmp_path)) / "no_start.toml"
    path.write_text(
        'title = "x"\nsource = "x"\nmoves = []\n[rules]\nplayers = 2\n'
        '[table]\nhands = [["R1", "R2"], ["G1", "G2"]]\ndraw_pile = ["W+4", "W+4"]\n'
        "current = 0\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["judge", str(path)])
    assert result.exit_code == 2, result.output
    assert "start card" in result.output
    assert "Traceback" not in result.output


def test_a_failed_deal_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal is all-or-nothing: if dealing the next round fails, the finished round stays."""
    from unokit import rounds

    game = Game(Rules(players=2, hand_size=1), seed=2)
    while not game.round_over:
        _play_some(game, 1, len(game.history))
    assert game.round_over and not game.match_over
    before = game.to_dict()

    def broken(game: Game) -> None:
        raise RuntimeError("the dealer dropped the cards")

    monkeypatch.setattr(rounds, "turn_start_card", broken)
    with pytest.raises(RuntimeError):
        game.apply(REFEREE, DEAL)
    assert game.to_dict() == before
    assert game.legal_moves(game.current) == [] or game.round_over


def test_001_call_before_the_second_to_last_card_on_a_jump_in() -> None:
    """RULES.md §6: holding two cards, a seat that could jump in may call UNO (no false UNO
    under false_uno_penalty = 2); the call lapses at the next action of anyone else."""
    rules = Rules(players=3, jump_in="identical", false_uno_penalty=2)
    hands = [parse_cards("R5 G1 G2"), parse_cards("Y1 Y2 Y3"), parse_cards("R5 B2")]
    game = Game.from_table(rules, hands, parse_cards("G7 G8 G9 Y7"), parse_cards("R9"))
    game.apply(0, Play(hands[0][0]))
    assert CALL_UNO in game.legal_moves(2)
    game.apply(2, CALL_UNO)
    assert len(game.hands[2]) == 2 and game.uno_called(2)
    game.apply(1, game.legal_moves(1)[0])  # seat 1 plays or draws: the call lapses
    assert not game.uno_called(2)


@pytest.mark.parametrize("draw_until", [False, True])
def test_000_force_play_does_not_force_a_bluff_and_hides_it_from_the_others(
    draw_until: bool,
) -> None:
    """000 Force Play (after_draw = must_play) with challenge on: a drawn +4 that would be
    dishonest (the hand holds red) is kept and the turn passes (000: such a +4 「屬於違規使用」);
    the drawer is told why, the others only that the drawn card could not be played, with the
    same event kind and no rule, as for any unplayable card. With draw_until_playable the
    drawing goes on past it to a card that may be played."""
    from tests.conftest import table

    game = table(
        ["G3 Y5", "R1 B2", "Y1 G5 R6"],
        draw="W+4 Y9 R2 G8",
        current=1,
        after_draw="must_play",
        draw_until_playable=draw_until,
    )
    events = game.apply(1, DRAW)
    if draw_until:  # W+4 (a bluff), Y9 (no), R2: must be played
        assert [str(c) for c in game.hands[1]] == ["R1", "B2", "W+4", "Y9", "R2"]
        assert game.phase == Phase.AFTER_DRAW and PASS not in game.legal_moves(1)
        return
    assert [str(c) for c in game.hands[1]] == ["R1", "B2", "W+4"] and game.current == 2
    (kept,) = [e for e in events if e.kind == "drawn_unplayable"]
    assert kept.rule is None
    assert "keeps the drawn +4, which would be a bluff" in narrate(kept, None, everything=True)
    assert narrate(kept, 1).startswith("You keep the drawn +4")
    plain = narrate(ev.DrawnUnplayable(1, 2), 2)
    assert narrate(kept, 2) == plain == "Seat 1 cannot play the drawn card; the turn passes to you"
    # an honest +4 (no red left) must still be played
    honest = table(["G3 Y5", "B2 G1", "Y1 G5 R6"], draw="W+4 Y9", current=1, after_draw="must_play")
    honest.apply(1, DRAW)
    assert honest.phase == Phase.AFTER_DRAW and PASS not in honest.legal_moves(1)
