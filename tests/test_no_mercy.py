"""UNO Show 'Em No Mercy (VARIANTS.md §1): the deck, its cards' codes, names and points, the
options that play it, and random games under the preset keeping the rules' invariants. The
rulings themselves are the scenarios ``examples/scenarios/v1_no_mercy_*`` (one per card and
rule of the sheet, and the combinations a table argues about)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from unokit import Game, Rules
from unokit.cards import DECKS, RANK_OF, Card, Rank, card_points, deck_cards
from unokit.cli.main import app
from unokit.errors import RulesError, StateError
from unokit.legality import stacks_on
from unokit.narrator import card_name
from unokit.notation import parse_card
from unokit.phase import Phase
from unokit.sim.fastplay import unsupported

C = Card.parse
NEW_CODES = ("R+4", "RSA", "RDA", "WR+4", "W+6", "W+10", "WCR")
runner = CliRunner()


def test_the_deck_holds_168_cards_as_the_sheet_counts_them() -> None:
    """VARIANTS §1 deck: per colour two of each number, skip x3, reverse x4, +2 x2, +4 x2,
    skip everyone x2, discard all x3; wild reverse +4 x8, +6 x4, +10 x4, roulette x8."""
    deck = DECKS["no_mercy168"]
    assert len(deck_cards("no_mercy168")) == 168
    per_color = {
        **{Rank(i): 2 for i in range(10)},
        Rank.SKIP: 3,
        Rank.REVERSE: 4,
        Rank.DRAW_TWO: 2,
        Rank.DRAW_FOUR: 2,
        Rank.SKIP_EVERYONE: 2,
        Rank.DISCARD_ALL: 3,
    }
    for color in "RYGB":
        for rank, count in per_color.items():
            assert deck[Card.of(rank, "RYGB".index(color))] == count, (color, rank)
    wilds = {"WR+4": 8, "W+6": 4, "W+10": 4, "WCR": 8}
    assert {c.code: n for c, n in deck.items() if c.is_wild} == wilds
    assert C("W") not in deck and C("W+4") not in deck


def test_the_old_cards_keep_their_ids() -> None:
    """Saved games and the accelerator's tables number cards: the new kinds come after."""
    assert (int(C("R0")), int(C("B+2")), int(C("W+4")), int(C("WKS"))) == (0, 66, 86, 89)
    assert all(int(C(code)) >= 90 for code in NEW_CODES)


@pytest.mark.parametrize("code", NEW_CODES)
def test_each_new_card_has_a_code_and_names_read_back(code: str) -> None:
    card = C(code)
    assert card.code == code
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert parse_card(card_name(card, lang)) == card, (lang, card_name(card, lang))


def test_the_names_of_the_new_cards() -> None:
    names = [card_name(C(code)) for code in NEW_CODES]
    assert names == [
        "red +4",
        "red skip everyone",
        "red discard all",
        "wild reverse +4",
        "wild +6",
        "wild +10",
        "wild colour roulette",
    ]
    assert card_name(C("BDA"), "zh-Hant") == "藍同色全棄"
    assert card_name(C("W+10"), "zh-Hans") == "万用+10"


def test_draw_values_and_points() -> None:
    assert [C(c).draw_value for c in ("R+2", "R+4", "WR+4", "W+6", "W+10", "W+4", "RSA")] == [
        2,
        4,
        4,
        6,
        10,
        4,
        0,
    ]
    assert [card_points(C(c), "no_mercy168") for c in NEW_CODES] == [20, 20, 20, 50, 50, 50, 50]


def test_stacking_by_value_takes_equal_or_higher_of_any_colour() -> None:
    game = Game(Rules.preset("no_mercy", players=3), seed=1)
    order = ["G+2", "R+4", "WR+4", "W+6", "W+10"]
    for card in order:
        for penalty in order:
            allowed = stacks_on(game, C(card), RANK_OF[C(penalty)])
            assert allowed == (C(card).draw_value >= C(penalty).draw_value), (card, penalty)


def test_the_preset_is_the_sheet() -> None:
    rules = Rules.preset("no_mercy")
    assert rules.to_dict(changed_only=True) == {
        "deck": "no_mercy168",
        "start_card": "redraw_until_number",
        "after_draw": "must_play",
        "draw_until_playable": True,
        "challenge": False,
        "stacking": "not_lower",
        "seven_zero": True,
        "mercy_limit": 25,
        "scoring": "none",
    }
    assert rules.uno_penalty == 2  # the sheet: caught, draw 2


@pytest.mark.parametrize("limit", [1, 6, 7])
def test_a_mercy_limit_not_above_the_hand_size_is_refused(limit: int) -> None:
    with pytest.raises(RulesError, match=f"mercy_limit = {limit} is not above hand_size = 7"):
        Rules.preset("no_mercy", mercy_limit=limit)
    assert Rules.preset("no_mercy", mercy_limit=8).mercy_limit == 8
    assert Rules.preset("no_mercy", mercy_limit=0).mercy_limit == 0


def test_a_table_with_cards_of_another_deck_is_refused() -> None:
    rules = Rules.preset("no_mercy", players=2)
    with pytest.raises(StateError, match="holds W, which is not a card of deck = no_mercy168"):
        Game.from_table(rules, [[C("W"), C("R1")], [C("G1")]], [C("R2")], [C("R3")])
    with pytest.raises(StateError, match="RSA, which is not a card of deck = classic108"):
        Game.from_table(Rules(players=2), [[C("RSA"), C("R1")], [C("G1")]], [C("R2")], [C("R3")])


def test_the_accelerator_leaves_no_mercy_to_the_python_engine() -> None:
    assert unsupported(Rules.preset("no_mercy")) == [
        "deck=no_mercy168",
        "start_card=redraw_until_number",
        "stacking=not_lower",
        "mercy_limit=25",
    ]
    assert unsupported(Rules(mercy_limit=30)) == ["mercy_limit=30"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_keep_the_no_mercy_invariants(players: int) -> None:
    """Random legal moves under the preset: every card is always somewhere (hands, piles),
    nobody in the round holds the mercy limit after a move, the seats knocked out hold
    nothing, a roulette always waits on a WCR, and a saved game loads back equal."""
    rules = Rules.preset("no_mercy", players=players)
    deck = Counter(deck_cards("no_mercy168"))
    seen: Counter[str] = Counter()
    for seed in range(12):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        for step in range(3000):
            if game.round_over:
                break
            seat = game.to_act
            assert seat is not None
            events = game.apply(seat, rng.choice(game.legal_moves(seat)))
            seen.update(e.kind for e in events)
            held = Counter(game.draw_pile) + Counter(game.discard)
            for hand in game.hands:
                held.update(hand)
            assert held == deck
            for s in range(players):
                if game.in_round[s]:
                    assert len(game.hands[s]) < 25
            for s in game.knocked_out:
                assert not game.hands[s] and not game.in_round[s]
            if game.roulette:
                assert game.phase == Phase.CHOOSE_COLOR and game.top == C("WCR")
            if step % 50 == 0:
                assert Game.from_dict(game.to_dict()) == game
        assert game.round_over
        if game.knocked_out:
            assert game.out_order[-len(game.knocked_out) :] == game.knocked_out[::-1]
    for kind in ("skip_everyone", "discard_all", "roulette_turned", "knocked_out"):
        assert seen[kind], kind


def test_judge_refuses_a_no_mercy_table_with_classic_cards(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(
        'title = "t"\nsource = "s"\nmoves = ["0: play R5"]\n[rules]\npreset = "no_mercy"\n'
        'players = 2\n[table]\nhands = [["R5", "W+4"], ["G1", "G2"]]\n'
        'draw_pile = ["R1", "R2"]\ndiscard = ["R3"]\ncurrent = 0\n[expect]\ncurrent = 1\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["judge", str(path)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert "W+4, which is not a card of deck = no_mercy168" in lines[0]


@pytest.mark.parametrize("command", ["judge", "simulate"])
def test_a_mercy_limit_below_the_hand_size_exits_2_in_one_line(
    tmp_path: Path, command: str
) -> None:
    if command == "judge":
        path = tmp_path / "table.toml"
        path.write_text(
            'title = "t"\nsource = "s"\nmoves = []\n[rules]\npreset = "no_mercy"\n'
            'players = 2\nmercy_limit = 5\n[table]\nhands = [["R5"], ["G1"]]\n'
            'draw_pile = ["R1"]\ndiscard = ["R3"]\n[expect]\ncurrent = 0\n',
            encoding="utf-8",
        )
        args = ["judge", str(path)]
    else:
        args = ["simulate", "--preset", "no_mercy", "--rule", "mercy_limit=5", "--games", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "mercy_limit = 5 is not above hand_size = 7" in text
    assert len(result.output.strip().splitlines()) <= 2  # one line (wrapped by the terminal)
    assert list(tmp_path.iterdir()) == ([tmp_path / "table.toml"] if command == "judge" else [])


def test_simulate_plays_no_mercy_on_the_python_engine() -> None:
    args = ["simulate", "--preset", "no_mercy", "--players", "4", "--games", "20", "--seed", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "preset no_mercy" in text and "python engine" in text
