"""The narrator and the message catalogues: every event in every language, for every reader."""

from __future__ import annotations

import re
from dataclasses import FrozenInstanceError

import pytest

from unokit import Game, Rules
from unokit import events as ev
from unokit.cards import Card, Color
from unokit.moves import Play
from unokit.narrator import LANGUAGES, LOCALE_DIR, card_name, narrate, referee_text
from unokit.why import Why

C = Card.parse
#: a refusal's reason, as the engine gives it (unokit.why)
_MISMATCH = Why(
    "{card} does not match the top card {top} (active colour {color})",
    (("card", C("G3")), ("top", C("R5")), ("color", 0)),
)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(C(t) for t in text.split())


# At least one event of every kind, with the variants its text has (seat 1 acts, seat 2 is the
# other one named; readers: seat 1, seat 2, seat 3 and a spectator).
SAMPLES: list[ev.Event] = [
    ev.DealerDraw(1, C("R5")),
    ev.DealerTie(None, (1, 2), 7, rule="dealer_selection=draw_highest"),
    ev.Dealer(1, rule="dealer_selection=draw_highest"),
    ev.Dealt(1, 7, 1),
    ev.StartCard(None, C("G7")),
    ev.Misdeal(1, 3, rule="start_card=redraw_until_number"),
    ev.StartReturned(None, C("W+4")),
    ev.StartBuried(None, C("BS"), rule="start_card=redraw_until_number"),
    ev.StartSkip(1, 2),
    ev.StartReverse(None, 2, rule="start_reverse=dealer_right"),
    ev.StartReverseTwo(1, 2),
    ev.StartDrawTwo(1, _cards("R1 B2"), 2),
    ev.StartWild(1),
    ev.ColorChosen(1, Color.GREEN),
    ev.Played(1, _cards("R5")),
    ev.Played(1, _cards("W"), Color.BLUE),
    ev.Played(1, _cards("R5 R5")),
    ev.UnoCalled(1),
    ev.FalseUno(1, 2, rule="false_uno_penalty=2"),
    ev.Caught(1, 2, 2, rule="uno_penalty=2"),
    ev.FalseCatch(1, 2, 2, rule="false_catch_penalty=2"),
    ev.Drew(1, _cards("Y9")),
    ev.Drew(1, _cards("Y9 G1 B+2"), rule="draw_until_playable=true"),
    ev.DrewNothing(1, 2),
    ev.DrawnPlayable(1, C("Y9"), rule="after_draw=may_play"),
    ev.DrawnMustPlay(1, C("Y9"), rule="after_draw=must_play"),
    ev.DrawnUnplayable(1, 2),
    ev.Kept(1, 2),
    ev.TimedOut(1, 2, 2, rule="turn_time_limit=30"),
    ev.Misplayed(1, C("G3"), _MISMATCH, 1, 1, 0, rule="misplay=x"),
    ev.Misplayed(1, C("G3"), _MISMATCH, 1, 1, 4, rule="misplay=x"),
    ev.Misplayed(1, C("G3"), _MISMATCH, 1, 2, 4, rule="misplay=x"),
    ev.Misplayed(1, C("G3"), _MISMATCH, 1, 2, 0, rule="misplay=x"),
    ev.TablePenalty(1, 2, "slow play"),
    ev.TablePenalty(1, 1, ""),
    ev.Skipped(1, 2, (1,)),
    ev.Skipped(None, 3, (1, 2)),
    ev.ReversesCancel(1, 2, rule="multi_play=identical_pair"),
    ev.Reversed(1, 1),
    ev.Reversed(1, -1),
    ev.ReverseTwo(1),
    ev.PenaltyDrawn(1, _cards("R1 R2"), C("G+2"), 2),
    ev.PenaltyDrawn(1, _cards("R1 R2 R3 R4"), "stack", 2),
    ev.PenaltyDrawn(1, _cards("R1 R2"), "last_card", 2),
    ev.PenaltyPending(1, 4, answer="challenge", rule="challenge=true"),
    ev.PenaltyPending(1, 8, True, answer="any", rule="stacking=any"),
    ev.Deflected(1, C("BS"), 4, 2, rule="deflect=true"),
    ev.JumpedIn(1, 2, _cards("R5"), rule="jump_in=true"),
    ev.JumpedIn(1, 2, _cards("R+2"), "new", rule="jump_in_stacking=new"),
    ev.JumpedIn(1, 2, _cards("R+2"), "old", rule="jump_in_stacking=old"),
    ev.SumJumpedIn(1, 2, _cards("R5"), rule="sum_jump_in=true"),
    ev.Challenged(1, 2),
    ev.HandRevealed(1, 2, _cards("W+4 G6")),
    ev.ChallengeWon(1, 2, Color.RED, True, _cards("R3"), 4, Color.BLUE, rule="wd4_rule=x"),
    ev.ChallengeWon(1, 2, None, False, _cards("G3"), 4, Color.BLUE, 4, rule="stacking=x"),
    ev.ChallengeLost(1, (2,), Color.RED, True, 6, rule="wd4_rule=no_matching_color"),
    ev.ChallengeLost(1, (2, 3), None, False, 6, rule="wd4_rule=no_playable_card"),
    ev.ChallengerTakesRest(1, 4, rule="stacking=x"),
    ev.HandsSwapped(1, 2, rule="seven_zero=true"),
    ev.HandsRotated(1, 1, rule="seven_zero=true"),
    ev.HandsRotated(1, -1, rule="seven_zero=true"),
    ev.Peeked(1, 2, _cards("R1 G2"), rule="wild_multi=true"),
    ev.Traded(1, 2, _cards("R1 G2 B3"), _cards("Y4 Y5 Y6"), rule="wild_multi=true"),
    ev.HandsShuffled(1, 2),
    ev.CustomEffect(1, "every other player draws 1", rule="custom_effect=x"),
    ev.Swam(1, _cards("R1 B2"), True, 2, True, rule="swimming_skips=true"),
    ev.Swam(1, _cards("R1"), False, 1, False, rule="swimming_skips=false"),
    ev.SeatsChanged(None, (2, 0, 1, 3), rule="seat_change_every=1"),
    ev.Reshuffled(None, 40, rule="empty_draw_pile=reshuffle"),
    ev.Reshuffled(None, 1, rule="empty_draw_pile=reshuffle"),
    ev.PilesEmpty(None),
    ev.RoundVoid(None, rule="empty_draw_pile=void_round"),
    ev.WentOut(1, 1),
    ev.WentOut(1, 2),
    ev.RoundWon(1),
    ev.RoundWon(1, 0, (1, 3)),
    ev.Scored(1, 40, 120, rule="scoring=standard"),
    ev.Eliminated(1, rule="scoring=elimination"),
    ev.MatchWon(1, (1, 2, 0, 3), rule="scoring=standard"),
    ev.MatchWon(None, (1, 2), rule="scoring=standard"),
    # the online tables' house rules (VARIANTS.md §2)
    ev.StartWildBuried(None, C("W"), rule="wild_start=bury"),
    ev.HandOpened(1, _cards("R5 G3"), rule="reveal_hands_at=2"),
    ev.HandOpened(1, _cards("R5"), rule="reveal_hands_at=2"),
    ev.Stuck(1, 20, 2, rule="hand_limit=20"),
    ev.RoundBlocked(None, rule="hand_limit=20"),
    ev.Bomb(1, _cards("R5 G5 B5"), (2, 3, 0), rule="bomb=true"),
    ev.PointsMultiplied(None, 3, rule="score_multiplier=3"),
    ev.Drew(1, _cards("R7"), blind=True, rule="blind_draw=true"),
    ev.Drew(1, _cards("R7 G2"), blind=True, rule="blind_draw=true"),
    ev.KeptFaceDown(1, 2),
    ev.TurnedUp(1, _cards("R7 G2"), rule="blind_draw=true"),
    ev.PenaltyDrawn(1, _cards("G7 G8"), C("R+2"), 2, blind=True),
    ev.ClockRanOut(1, (1,), 2, 9, rule="match_clock=60"),
    ev.ClockRanOut(None, (1, 2), 2, 9, rule="match_clock=60"),
    ev.ClockRanOut(2, (1,), 2, 9, True, rule="match_clock=60"),
    # UNO Show 'Em No Mercy (VARIANTS.md §1)
    ev.PenaltyPending(1, 14, answer="not_lower", rule="stacking=not_lower"),
    ev.SkippedEveryone(1, (2, 3, 0), rule="deck=no_mercy168"),
    ev.DiscardedAll(1, Color.BLUE, _cards("B3 B+2"), rule="deck=no_mercy168"),
    ev.RouletteSpun(1, 2, rule="deck=no_mercy168"),
    ev.RouletteTurned(1, Color.GREEN, _cards("R1 Y2 G5"), True, 2),
    ev.RouletteTurned(1, Color.GREEN, _cards("R1"), False, 2),
    ev.KnockedOut(1, 25, rule="mercy_limit=25"),
]
READERS = (1, 2, 3, None)
_SIMPLIFIED_ONLY = (
    "沒獲製賽須張輪顏紅綠藍發過時質罰結勝積換給無隊這們個從後還為選擇繼續錯誤規則決萬"
)


def test_samples_cover_every_kind() -> None:
    assert {e.kind for e in SAMPLES} == set(ev.EVENT_TYPES)


def test_events_are_frozen_with_named_fields() -> None:
    event = ev.Caught(1, 2, 2)
    assert (event.seat, event.target, event.count, event.rule) == (1, 2, 2, None)
    with pytest.raises(FrozenInstanceError):
        event.count = 3  # type: ignore[misc]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: e.kind)
def test_every_event_renders_for_every_reader(event: ev.Event, lang: str) -> None:
    for reader in READERS:
        for text in (narrate(event, reader, lang), narrate(event, reader, lang, {2: "Ann"})):
            assert text and not re.search(r"[{}]", text), text
            if lang != "en":
                # no English words are left in a Chinese text (the rule and free text aside)
                bare = text.replace(getattr(event, "description", "") or "~", "")
                bare = bare.replace(getattr(event, "reason", "") or "~", "")
                assert not re.search(r"\b(seat|you|draws?|plays?|the|and|cards?)\b", bare), text
            if lang == "zh-Hans":
                assert not set(_SIMPLIFIED_ONLY) & set(text), text
        assert referee_text(event, reader, lang)


def test_you_names_and_card_names() -> None:
    drew = ev.Drew(1, _cards("R5 W+4"))
    assert narrate(drew, 1) == "You draw red 5, wild +4"
    assert narrate(drew, 2) == "Seat 1 draws 2 cards"
    assert narrate(drew, 2, names={1: "Ann"}) == "Ann draws 2 cards"
    assert narrate(drew, None) == "Seat 1 draws 2 cards"  # a spectator sees no private cards
    assert narrate(drew, 1, "zh-Hant") == "你摸了 紅5、萬用+4"
    assert narrate(drew, 2, "zh-Hans", {1: "小明"}) == "小明 摸了 2 张牌"
    caught = ev.Caught(1, 2, 2, rule="uno_penalty=2")
    assert narrate(caught, 2) == "Seat 1 catches you, who did not call UNO: you draw 2"
    assert narrate(caught, 1) == "You catch seat 2, who did not call UNO: seat 2 draws 2"
    jump = ev.JumpedIn(1, 2, _cards("G+2"))
    assert narrate(jump, 2, names={1: "Bo"}).startswith("Bo jumps in on your green +2")


def test_the_rule_is_kept_apart() -> None:
    event = ev.Drew(1, _cards("R5"), rule="draw_until_playable=true")
    assert "draw_until_playable" not in narrate(event, 1)
    assert narrate(event, 1, rule=True) == "You draw red 5 (draw_until_playable=true)"
    assert narrate(event, 1, "zh-Hant", rule=True) == "你摸了 紅5（draw_until_playable=true）"
    assert event.rule == "draw_until_playable=true"


def test_private_parts_only_for_who_may_see_them() -> None:
    reveal = ev.HandRevealed(1, 2, _cards("W+4 G6"))
    assert "green 6" in narrate(reveal, 1)
    assert "green 6" not in narrate(reveal, 2) and "G6" not in narrate(reveal, 3)
    assert narrate(reveal, 2) == "You show seat 1 the hand you played the +4 from"
    peek = ev.Peeked(1, 2, _cards("R1"))
    assert narrate(peek, 2) == "Seat 1 looks at your hand"


def test_the_referee_keeps_its_precise_form() -> None:
    event = ev.Played(2, _cards("R5"), rule="after_draw=may_play")
    assert event.text == "seat 2 plays R5 (after_draw=may_play)"
    assert ev.Drew(1, _cards("R5")).text_for(2) == "seat 1 draws a card"
    assert event.to_dict() == {
        "type": "play",
        "text": "seat 2 plays R5 (after_draw=may_play)",
        "seat": 2,
        "rule": "after_draw=may_play",
    }


def test_card_names_in_three_languages() -> None:
    assert [card_name(C("B+2"), lang) for lang in LANGUAGES] == ["blue +2", "藍+2", "蓝+2"]
    assert card_name(C("WSH"), "zh-Hant") == "洗手牌"


def test_every_card_name_parses_back() -> None:
    """The names the narrator writes are names the notation reads, in every language."""
    from unokit.cards import ALL_CARDS
    from unokit.notation import parse_card

    for card in ALL_CARDS:
        for lang in LANGUAGES:
            assert parse_card(card_name(card, lang)) == card, card_name(card, lang)


def test_events_of_real_games_render() -> None:
    """The rulings of real games, told in every language; Chinese through and through."""
    from unokit.bots import make_bot

    for preset, seed in (("party", 3), ("official", 5)):
        game = Game(Rules.preset(preset, players=4), seed)
        events = list(game.deal_events)
        bots = [make_bot("random", seed=s) for s in range(4)]
        for seat, bot in enumerate(bots):
            bot.reset(seat, game.rules)
        for _ in range(300):
            if game.round_over:
                break
            seat = game.current
            move = bots[seat].act(game.view(seat))
            assert move is not None
            events += game.apply(seat, move)
        for event in events:
            for lang in LANGUAGES:
                for reader in (0, 1, None):
                    assert "{" not in narrate(event, reader, lang)
            hant, hans = narrate(event, 0, "zh-Hant"), narrate(event, 0, "zh-Hans")
            assert not re.search(r"\b(seat|you|draws?|plays?|the|and|cards?)\b", hant), hant
            assert not set(_SIMPLIFIED_ONLY) & set(hans), hans


def test_simplified_chinese_is_a_complete_conversion() -> None:
    """Issue 10: a hand-made character map left 沒 獲 製 賽 須 in Simplified text."""
    text = (LOCALE_DIR / "zh_Hans" / "LC_MESSAGES" / "unokit.po").read_text("utf-8")
    assert not set("沒獲製賽須") & set(text)
    assert "接著" not in text  # the particle 著 is 着 in Simplified Chinese
    assert "没" in text and "获" in text and "赛" in text


def test_catalogues_are_up_to_date_and_complete() -> None:
    """The template holds every message of the sources, every language translates each of
    them, Simplified Chinese is the Traditional converted, the .mo files are compiled."""
    from tools import catalogues

    assert catalogues.problems() == []


def test_a_pending_penalty_names_the_challenge_only_when_a_plus_four_may_be_challenged() -> None:
    """Stacking on and challenge on (RULES.md §5, §7.1): facing a +4 the player is told it may
    be challenged too; facing a +2, or with challenge off, only drawing and stacking."""
    from tests.conftest import table

    cases = (
        ("W+4", {}, True),
        ("R+2", {}, False),
        ("W+4", {"challenge": False, "wd4_rule": "anytime"}, False),
    )
    for card, options, told in cases:
        game = table(["W+4 R+2 G1", "B2 B3"], stacking="any", **options)
        move = Play(Card.parse(card), Color.GREEN if card == "W+4" else None)
        (pending,) = [e for e in game.apply(0, move) if isinstance(e, ev.PenaltyPending)]
        assert pending.challenge is told
        assert ("or challenge the +4" in narrate(pending, 0)) is told, narrate(pending, 0)


@pytest.mark.parametrize(
    ("card", "options", "told", "untold"),
    [
        # 004 deflect ("reverse/skip madness"): a +2 waits for a skip or reverse, never a
        # challenge (000: only a +4 may be challenged)
        ("R+2", {"deflect": "any_color"}, "pass it on with a skip or reverse", "challenge"),
        # challenge off: a +4 waiting for a deflection is not offered for a challenge
        (
            "W+4",
            {"deflect": "any_color", "challenge": False, "wd4_rule": "anytime"},
            "pass it on with a skip or reverse",
            "challenge",
        ),
        # challenge on and deflect on: both answers
        ("W+4", {"deflect": "any_color"}, "or challenge the +4, or pass it on", "stack"),
        # 003 jump-in: the penalty waits for a jump-in; the player facing it may only draw
        ("R+2", {"jump_in": "identical"}, "draw it, unless someone jumps in first", "challenge"),
        # stacking and deflect (004): stacking first, then passing it on
        (
            "R+2",
            {"stacking": "any", "deflect": "any_color"},
            "stack a +2 or a +4 on it, or pass",
            "challenge",
        ),
    ],
)
def test_a_pending_penalty_tells_the_answers_its_rules_allow(
    card: str, options: dict[str, object], told: str, untold: str
) -> None:
    from tests.conftest import table

    game = table(["W+4 R+2 G1", "B2 B3"], **options)
    move = Play(Card.parse(card), Color.GREEN if card == "W+4" else None)
    (pending,) = [e for e in game.apply(0, move) if isinstance(e, ev.PenaltyPending)]
    text = narrate(pending, 0)
    assert told in text and untold not in text, text
    assert narrate(pending, 1).lower().startswith("you face a penalty of ")
    assert "摸牌" in narrate(pending, 0, "zh-Hant")
