"""What the terminal game's log says after a move: the narrator's words for each event, told
to the person (:func:`unokit.narrator.narrate`), with what a player at the table needs more:

- a penalty the person faces says what they may do, with the keys;
- a penalty that names no cards (being caught, a lost challenge, a misplay) is followed by the
  cards the person got, and a hand swapped, passed on, shuffled out or traded by the person's
  new hand ("Your new hand: ...");
- the card the person drew is named once ("You draw red 5", then "It can be played: 2 plays
  it, k keeps it");
- a reverse played as a jump-in on the same reverse is told once: the jumped reverse is undone
  and the new one turns the direction again, so the direction stays as it was told a moment
  ago (the narrator's events would tell it twice).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from unokit import events as ev
from unokit.cards import RANK_OF, Card, Rank
from unokit.game import Game
from unokit.moves import CHALLENGE, Play
from unokit.narrator import narrate
from unokit.phase import Phase
from unokit.tui.hints import seat_name
from unokit.tui.i18n import card_name, list_sep, tr

__all__ = ["HAND_KINDS", "PENALTY_KINDS", "tell"]

#: events that draw cards for a mistake and name no cards (the cards are listed after them)
PENALTY_KINDS = frozenset(
    {"false_uno", "false_catch", "caught", "misplay", "timeout", "table_penalty"}
)
#: events that give a player another hand, or cards from another hand
HAND_KINDS = frozenset({"swap", "rotate", "shuffle_hands", "trade"})


def tell(
    events: list[ev.Event],
    before: list[Card],
    after: list[Card],
    game: Game,
    lang: str,
    me: int,
    key_of: Callable[[Card], str],
    order: Callable[[list[Card]], list[Card]] = list,
) -> list[str]:
    """The log lines of one move's ``events`` told to seat ``me``; ``before``/``after``: its
    hand around the move, ``game`` the table after it; ``key_of`` a card's key, ``order`` the
    hand as shown."""
    lines = []
    penalised = new_hand = False
    merged = _reverse_jump(events)
    drew = False  # the person has just been told the card they drew
    for event in events:
        if isinstance(event, ev.PenaltyPending):
            text = _penalty_line(event, game, lang, me, key_of)
        elif drew and isinstance(event, ev.DrawnPlayable | ev.DrawnMustPlay):
            # "You draw red 5" was just said: the card is not named again
            key = key_of(event.card) or "Enter"
            which = "drawn_may" if isinstance(event, ev.DrawnPlayable) else "drawn_must"
            text = tr(lang, which, press=key)
        elif event is merged:
            text = _jump_reverse_line(event, game, lang, me)
        elif merged is not None and isinstance(event, ev.Reversed):
            continue  # told with the jump-in
        else:
            text = narrate(event, me, lang)
        lines.append(text)
        drew = isinstance(event, ev.Drew) and event.seat == me
        penalised = penalised or _penalises(event, me)
        new_hand = new_hand or (event.kind in HAND_KINDS and _involves(event, me))
    if new_hand and Counter(after) != Counter(before):
        names = list_sep(lang).join(card_name(lang, c) for c in order(after)) or "-"
        lines.append(tr(lang, "new_hand", cards=names))
    elif penalised:
        got = list((Counter(after) - Counter(before)).elements())
        if got:
            names = list_sep(lang).join(card_name(lang, c) for c in order(got))
            lines.append(tr(lang, "new_cards", cards=names))
    return lines


def _involves(event: ev.Event, me: int) -> bool:
    if isinstance(event, ev.HandsSwapped | ev.Traded):
        return me in (event.seat, event.target)
    return True  # every hand passes on, or is shuffled out


def _penalises(event: ev.Event, me: int) -> bool:
    """A penalty on ``me`` whose text names no cards (they are listed after it)."""
    if event.kind in PENALTY_KINDS:
        who = event.target if isinstance(event, ev.Caught) else event.seat
        return who == me
    if isinstance(event, ev.ChallengeLost):
        return event.seat == me
    if isinstance(event, ev.ChallengeWon):
        return event.liar == me
    return isinstance(event, ev.ChallengerTakesRest) and event.seat == me


def _reverse_jump(events: list[ev.Event]) -> ev.JumpedIn | None:
    """A jump-in with reverses on a reverse whose direction the move then turns again."""
    for event in events:
        if (
            isinstance(event, ev.JumpedIn)
            and not event.stacking
            and all(RANK_OF[c] == Rank.REVERSE for c in event.cards)
            and any(isinstance(e, ev.Reversed) for e in events)
        ):
            return event
    return None


def _jump_reverse_line(event: ev.JumpedIn, game: Game, lang: str, me: int) -> str:
    seat = event.seat if event.seat is not None else -1
    key = "jump_reverse_you" if seat == me else "jump_reverse"
    if event.target == me and seat != me:
        key = "jump_reverse_yours"
    direction = tr(lang, "dir_cw" if game.direction == 1 else "dir_ccw")
    text = tr(
        lang,
        key,
        seat=tr(lang, "seat_mid", number=seat),
        target=tr(lang, "seat_mid", number=event.target),
        cards=list_sep(lang).join(card_name(lang, c) for c in event.cards),
        direction=direction,
    )
    return text[:1].upper() + text[1:]


def _penalty_line(
    event: ev.PenaltyPending, game: Game, lang: str, me: int, key_of: Callable[[Card], str]
) -> str:
    """A pending penalty: what the person may do about it, with the keys (the narrator's line
    says only "as the rules allow"); another seat's, in a few words."""
    if event.seat != me:
        name = seat_name(lang, event.seat if event.seat is not None else -1, me)
        return tr(lang, "penalty_other", name=name, count=event.count)
    text = tr(lang, "penalty_you", count=event.count)
    legal = game.legal_moves(me) if game.phase == Phase.PENALTY else []
    hand = game.hands[me]
    answers = list(dict.fromkeys(c for m in legal if isinstance(m, Play) for c in m.cards))
    answers = [c for c in answers if c in hand]
    if answers:
        cards = list_sep(lang).join(
            f"{card_name(lang, c)} ({key_of(c)})" if key_of(c) else card_name(lang, c)
            for c in answers
        )
        text += tr(lang, "penalty_or_play", cards=cards)
    if CHALLENGE in legal:
        text += tr(lang, "penalty_or_challenge")
    return text
