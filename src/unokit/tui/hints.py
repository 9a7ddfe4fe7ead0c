"""Hints and refusals in the player's words: what the strong bot would do now, and why; why a
card cannot be played.

The hint is the ``strong`` bot's choice for the person's seat (its own cards and what it has
seen); the reason is one line read from the same facts the bot weighs (a last card, a player
close to going out, the colour held most, a wild kept for later).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from unokit import legality, verify
from unokit.bots.strong import StrongBot
from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.errors import IllegalMoveError, UnoError
from unokit.game import Game
from unokit.moves import CALL_UNO, CHALLENGE, DRAW, PASS, Catch, ChooseColor, Move, Play, Timeout
from unokit.narrator import explain
from unokit.phase import Phase
from unokit.tui.hand import CARD_KEYS, card_key
from unokit.tui.i18n import card_name, color_name, list_sep, tr, trn

__all__ = ["CARD_KEYS", "bluff_cards", "card_key", "hint", "refusal", "refused"]


def keyed_card(lang: str, card: Card, shown: list[Card]) -> str:
    """A card of the hand with the key that plays it: "green +2 (3)" (``shown``: the hand in
    the order it is shown)."""
    name = card_name(lang, card)
    key = card_key(shown.index(card)) if card in shown else ""
    return f"{name} ({key})" if key else name


def seat_name(lang: str, seat: int, me: int) -> str:
    return tr(lang, "you") if seat == me else tr(lang, "seat_n", number=seat)


def move_words(lang: str, move: Move, game: Game, me: int, shown: list[Card] | None = None) -> str:
    """A move as the player reads it ("play red 5 (2)", "draw (d)")."""
    if isinstance(move, Play):
        hand = shown if shown is not None else game.hands[me]
        cards = list_sep(lang).join(keyed_card(lang, c, hand) for c in move.cards)
        if move.color is not None and COLOR_OF[move.card] < 0:
            return tr(lang, "move_play_color", card=cards, color=color_name(lang, move.color))
        return tr(lang, "move_play", card=cards)
    if move == DRAW:
        return tr(lang, "move_take" if game.phase == Phase.PENALTY else "move_draw")
    if move == PASS:
        return tr(lang, "move_keep")
    if move == CHALLENGE:
        return tr(lang, "move_challenge")
    if move == CALL_UNO:
        return tr(lang, "move_uno")
    if isinstance(move, Catch):
        return tr(lang, "move_catch", name=seat_name(lang, move.target, me))
    if isinstance(move, ChooseColor):
        return tr(lang, "move_color", color=color_name(lang, move.color))
    return str(move)


def hint(
    game: Game, me: int, lang: str, shown: list[Card] | None = None
) -> tuple[Move | None, str]:
    """What the strong bot would do at seat ``me`` now, and the one line the player reads
    (``shown``: the hand in the order it is shown, for the keys). A +4 that would be a bluff
    says so, and what it risks."""
    view = game.view(me)
    moves = tuple(m for m in view.legal_moves if not isinstance(m, Timeout))
    if not moves:
        return None, tr(lang, "hint_none")
    bot = StrongBot(seed=game.seed)
    bot.reset(me, game.rules)
    move = bot.act(replace(view, legal_moves=moves))
    if move is None:
        return None, tr(lang, "hint", move="-", why=tr(lang, "hint_wait"))
    why = _why(game, me, lang, move)
    text = tr(lang, "hint", move=move_words(lang, move, game, me, shown), why=why)
    if isinstance(move, Play):
        cards = bluff_cards(game, me, move)
        if cards:
            victim = game.next_seat(me)
            text += tr(
                lang,
                "hint_bluff",
                cards=list_sep(lang).join(card_name(lang, c) for c in cards),
                name=tr(lang, "seat_mid", number=victim),
                count=_bluff_cost(game),
            )
    return move, text


def bluff_cards(game: Game, me: int, move: Play) -> list[Card]:
    """The cards that would make ``move``, a +4, dishonest if it were challenged (RULES.md
    §5): those of the colour in play (``no_matching_color``), or any playable card
    (``no_playable_card``); [] for an honest +4, another card, or a table without
    challenges."""
    if RANK_OF[move.card] != Rank.WILD_DRAW_FOUR or not game.rules.challenge:
        return []
    if legality.is_honest(game, me):
        return []
    hand = game.hands[me]
    if game.rules.wd4_rule == "no_matching_color":
        colors = legality.top_colors(game)
        return [c for c in hand if COLOR_OF[c] in colors]
    return [c for c in hand if RANK_OF[c] != Rank.WILD_DRAW_FOUR and legality.matches(game, c)]


def _bluff_cost(game: Game) -> int:
    """What a caught bluff costs: the +4's four cards (the stack's under ``stack_challenge =
    all``)."""
    return 4 + game.pending_draw if game.rules.stack_challenge == "all" else 4


def _threat(game: Game, me: int) -> int | None:
    """A player other than ``me`` holding at most two cards (the nearest to going out)."""
    close = [
        (len(game.hands[s]), s)
        for s in range(game.n)
        if s != me and game.in_round[s] and len(game.hands[s]) <= 2
    ]
    return min(close)[1] if close else None


def _why(game: Game, me: int, lang: str, move: Move) -> str:
    hand = game.hands[me]
    if move == CALL_UNO or (isinstance(move, Play) and move.uno and len(hand) == 2):
        return tr(lang, "why_uno")
    if isinstance(move, Catch):
        return tr(lang, "why_catch")
    if move == CHALLENGE:
        return tr(lang, "why_bluff")
    if move == PASS:
        return tr(lang, "why_keep_wild")
    if move == DRAW:
        if game.phase == Phase.PENALTY:
            return tr(lang, "why_take")
        plays = [m for m in game.legal_moves(me) if isinstance(m, Play)]
        return tr(lang, "why_save_wild" if plays else "why_no_play")
    if isinstance(move, ChooseColor):
        return tr(lang, "why_color_most", color=color_name(lang, move.color))
    if not isinstance(move, Play):
        return ""
    if len(move.cards) == len(hand):
        return tr(lang, "why_last_card")
    if game.phase == Phase.PENALTY:
        return tr(lang, "why_pass_on")
    if game.phase == Phase.AFTER_DRAW:
        return tr(lang, "why_drawn")
    rank = RANK_OF[move.card]
    threat = _threat(game, me)
    if rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR):
        if threat is not None:
            size = len(game.hands[threat])
            return tr(
                lang,
                "why_threat",
                name=seat_name(lang, threat, me),
                cards=trn(lang, "n_cards", size),
            )
        if rank != Rank.WILD_DRAW_FOUR:
            return tr(lang, "why_action")
    if COLOR_OF[move.card] < 0:
        if move.color is not None:
            return tr(lang, "why_color_most", color=color_name(lang, move.color))
        return tr(lang, "why_wild")
    counts = Counter(COLOR_OF[c] for c in hand if COLOR_OF[c] >= 0 and c not in move.cards)
    color = COLOR_OF[move.card]
    if counts and counts[color] == max(counts.values()) and counts[color] > 0:
        return tr(lang, "why_color_most", color=color_name(lang, color))
    return tr(lang, "why_number")


def refusal(game: Game, me: int, card: Card, lang: str, late: bool = False) -> str:
    """Why ``card`` cannot be played now, in the player's words and language: the engine's
    reason (:func:`unokit.verify.reason`) told by :func:`unokit.narrator.explain`; ``late``:
    the card could be played a moment ago, before the table moved on ("too late: ...")."""
    name = card_name(lang, card)
    color = Color.RED if COLOR_OF[card] < 0 else None
    why = explain(verify.reason(game, me, Play(card, color)), me, lang)
    if late:
        why = tr(lang, "too_late", why=why)
    if name in why:  # the reason names the card: not twice ("green 2: green 2 does not ...")
        return why[:1].upper() + why[1:]
    return tr(lang, "not_playable_why", card=name, why=why)


def move_refusal(game: Game, me: int, move: Move, lang: str) -> str:
    """Why ``move`` (not a play) is refused now: the engine's reason, in the player's words
    (a house rule's refusal names its option: the hand limit, strict or silent UNO)."""
    text = explain(verify.reason(game, me, move), me, lang)
    return text[:1].upper() + text[1:]


def refused(error: UnoError, me: int, lang: str) -> str:
    """A move the engine refused, in the player's words (its reason told by
    :func:`unokit.narrator.explain`; the message itself when the engine gave no reason)."""
    if isinstance(error, IllegalMoveError) and error.why is not None:
        text = explain(error.why, me, lang)
        return text[:1].upper() + text[1:]
    return str(error)
