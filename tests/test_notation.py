"""Cards and moves in text: lenient parsing, canonical formatting, round trips (issue: notation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokit import Card, Color, NotationError, Rank, format_move, parse_card, parse_move
from unokit.cards import ALL_CARDS, DECKS, card_points, deck_cards
from unokit.moves import REFEREE, Catch, ChooseColor, Penalty, Play
from unokit.notation import format_move_body, parse_color


def test_classic108_composition() -> None:
    """000, 001, 004: per colour one 0, two of 1-9 and of each action; 4 wild, 4 wild draw four."""
    deck = deck_cards("classic108")
    assert len(deck) == 108
    for color in Color:
        assert sum(1 for c in deck if c.color == color) == 25
        assert deck.count(Card.of(Rank.ZERO, color)) == 1
        assert deck.count(Card.of(Rank.SKIP, color)) == 2
    assert deck.count(Card.parse("W")) == 4
    assert deck.count(Card.parse("W+4")) == 4


def test_special_decks() -> None:
    """000: classic112 adds 1 shuffle-hands and 3 customizable; 002: 2 customizable, 2 swimming;
    004 對對牌: the pairs deck doubles the zeros."""
    assert sum(DECKS["classic112"].values()) == 112
    assert DECKS["classic112"][Card.parse("WSH")] == 1
    assert DECKS["classic112"][Card.parse("WCU")] == 3
    assert DECKS["swimming112"][Card.parse("WKS")] == 2
    assert DECKS["swimming112"][Card.parse("WCU")] == 2
    assert DECKS["pairs"][Card.parse("R0")] == 2
    assert sum(DECKS["pairs"].values()) == 112


def test_card_points() -> None:
    """000 計分: numbers face value, actions 20, wilds 50; special wilds 40 (000) / 50 (002)."""
    assert card_points(Card.parse("Y9")) == 9
    assert card_points(Card.parse("R0")) == 0
    assert card_points(Card.parse("G+2")) == 20
    assert card_points(Card.parse("BR")) == 20
    assert card_points(Card.parse("W+4")) == 50
    assert card_points(Card.parse("WSH"), "classic112") == 40
    assert card_points(Card.parse("WCU"), "classic112") == 40
    assert card_points(Card.parse("WCU"), "swimming112") == 50
    assert card_points(Card.parse("WKS"), "swimming112") == 50


@pytest.mark.parametrize("card", ALL_CARDS, ids=[c.code for c in ALL_CARDS])
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(card.code) is card
    assert parse_card(card.code.lower()) is card
    assert parse_card(f" {card.code} ") is card
    assert Card(int(card)) is card


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("red 5", "R5"),
        ("Red Five", "R5"),
        ("blue skip", "BS"),
        ("green draw two", "G+2"),
        ("yellow reverse", "YR"),
        ("wild", "W"),
        ("wild draw four", "W+4"),
        ("+4", "W+4"),
        ("wild shuffle hands", "WSH"),
        ("just keep swimming", "WKS"),
        ("r+2", "R+2"),
        ("紅7", "R7"),
        ("红色7", "R7"),
        ("藍色跳過", "BS"),
        ("绿色反转", "GR"),
        ("黄+2", "Y+2"),
        ("萬用", "W"),
        ("变色", "W"),
        ("王牌", "W+4"),
        ("粉5", "R5"),
        ("P5", "R5"),
        ("自製卡", "WCU"),
        ("游泳", "WKS"),
        ("蓝色禁止", "BS"),
        ("黃色九", "Y9"),
    ],
)
def test_lenient_card_names(text: str, code: str) -> None:
    """Long names and the seeds' Chinese names parse; 002's pink is the first colour."""
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "X5", "R10", "wild seven", "blue", "R"])
def test_bad_cards_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(NotationError, match="card"):
        parse_card(text)


def test_colours() -> None:
    assert parse_color("BLUE") is Color.BLUE
    assert parse_color("紅色") is Color.RED
    assert parse_color("pink") is Color.RED
    with pytest.raises(NotationError, match="not a colour"):
        parse_color("purple")


@pytest.mark.parametrize(
    "text",
    [
        "1: play R5",
        "1: play W blue",
        "1: play W+4 green uno",
        "1: play R7 swap 3",
        "1: play R5 R5",
        "1: play W peek 2",
        "1: play W trade 2 R5 G3 B1",
        "1: draw",
        "1: pass",
        "1: challenge",
        "1: uno",
        "1: catch 2",
        "1: color blue",
        "1: timeout",
        "referee: penalty 2 4 advice",
        "referee: deal",
    ],
)
def test_move_notation_round_trips(text: str) -> None:
    """The issue's move notation: parse then format gives the same canonical text."""
    seat, move = parse_move(text)
    assert format_move(seat, move) == text


def test_moves_parse_leniently() -> None:
    assert parse_move("1 :  PLAY  red 5") == (1, Play(Card.parse("R5")))
    assert parse_move("0: play wild draw four Blue UNO") == (
        0,
        Play(Card.parse("W+4"), Color.BLUE, uno=True),
    )
    assert parse_move("3: colour 綠") == (3, ChooseColor(Color.GREEN))
    assert parse_move("2: catch 0") == (2, Catch(0))
    assert parse_move("referee: penalty 1 2") == (REFEREE, Penalty(1, 2, ""))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play R5", "starts with its seat"),
        ("x: play R5", "seat number"),
        ("1: jump R5", "unknown move"),
        ("1: play", "needs a card"),
        ("1: play Q5", "not a card"),
        ("1: catch", "one seat"),
        ("1: draw 2", "takes nothing"),
        ("1: penalty 2 4", "only the referee"),
        ("referee: play R5", "referee may only"),
        ("1: play W purple", "not a colour"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_move(text)


cards = st.sampled_from(ALL_CARDS)
colors = st.none() | st.sampled_from(list(Color))
seats = st.none() | st.integers(0, 9)


@given(cards, colors, st.booleans(), st.lists(cards, max_size=2), seats, seats)
def test_play_notation_round_trip_property(
    card: Card,
    color: Color | None,
    uno: bool,
    more: list[Card],
    swap: int | None,
    peek: int | None,
) -> None:
    move = Play(card, color, uno, tuple(more), swap, peek)
    text = format_move(1, move)
    assert parse_move(text) == (1, move)
    assert format_move_body(parse_move(text)[1]) == text.split(": ", 1)[1]
