"""Hints and refusals in the player's words: what the strong bot would do now, and why; why a
card cannot be played.

The hint is the ``strong`` bot's choice for the person's seat (its own cards and what it has
seen); the reason is one line read from the same facts the bot weighs (a last card, a player
close to going out, the colour held most, a wild kept for later).
"""

from __future__ import annotations

from collections import Counter

from unokit.bots.strong import StrongBot
from unokit.cards import COLOR_OF, RANK_OF, Card, Color, Rank
from unokit.errors import UnoError
from unokit.game import Game
from unokit.moves import CALL_UNO, CHALLENGE, DRAW, PASS, Catch, ChooseColor, Move, Play
from unokit.phase import Phase
from unokit.tui.i18n import card_name, color_name, tr, trn

__all__ = ["hint", "refusal"]


def seat_name(lang: str, seat: int, me: int) -> str:
    return tr(lang, "you") if seat == me else tr(lang, "seat_n", number=seat)


def move_words(lang: str, move: Move, game: Game, me: int) -> str:
    """A move as the player reads it ("play red 5", "draw (d)")."""
    if isinstance(move, Play):
        cards = ", ".join(card_name(lang, c) for c in move.cards)
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


def hint(game: Game, me: int, lang: str) -> tuple[Move | None, str]:
    """What the strong bot would do at seat ``me`` now, and the one line the player reads."""
    view = game.view(me)
    if not view.legal_moves:
        return None, tr(lang, "hint_none")
    bot = StrongBot(seed=game.seed)
    bot.reset(me, game.rules)
    move = bot.act(view)
    if move is None:
        return None, tr(lang, "hint", move="-", why=tr(lang, "hint_wait"))
    why = _why(game, me, lang, move)
    return move, tr(lang, "hint", move=move_words(lang, move, game, me), why=why)


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


def refusal(game: Game, me: int, card: Card, lang: str) -> str:
    """Why ``card`` cannot be played now, in the player's language: the common cases in words,
    else the engine's own reason (:func:`unokit.legality.reason`, English)."""
    name = card_name(lang, card)
    rules = game.rules
    if game.phase == Phase.CHOOSE_COLOR and game.current == me:
        why = tr(lang, "why_start_color")
    elif game.current != me:
        why = tr(lang, "why_turn", name=seat_name(lang, game.current, me))
        if rules.jump_in != "off" or rules.sum_jump_in:
            why = _engine(game, me, card) or why
    elif game.phase == Phase.PENALTY:
        top = game.discard[-1]
        if (
            RANK_OF[card] == Rank.DRAW_TWO
            and RANK_OF[top] == Rank.WILD_DRAW_FOUR
            and rules.stacking == "any"
            and COLOR_OF[card] != game.color
        ):
            why = tr(lang, "why_plus_two_on_four", color=color_name(lang, game.color))
        else:
            why = tr(lang, "why_penalty", count=game.pending_draw)
    elif game.phase == Phase.AFTER_DRAW and game.drawn is not None:
        why = tr(lang, "why_after_draw", card=card_name(lang, game.drawn))
    elif RANK_OF[card] == Rank.WILD_DRAW_FOUR:
        why = tr(lang, "why_dishonest")
    elif rules.number_finish and len(game.hands[me]) == 1:
        why = tr(lang, "why_number_finish")
    elif game.top is not None and not _matches(game, card):
        why = tr(
            lang,
            "why_mismatch",
            color=color_name(lang, game.color) if game.color >= 0 else "-",
            top=card_name(lang, game.top),
        )
    else:
        why = _engine(game, me, card) or tr(lang, "not_playable", card=name)
        return tr(lang, "not_playable_why", card=name, why=why)
    return tr(lang, "not_playable_why", card=name, why=why)


def _matches(game: Game, card: Card) -> bool:
    top = game.top
    if COLOR_OF[card] < 0:
        return True
    return COLOR_OF[card] == game.color or (top is not None and RANK_OF[card] == RANK_OF[top])


def _engine(game: Game, me: int, card: Card) -> str:
    """The engine's reason for refusing ``card`` alone (a colour named for a wild)."""
    color = Color.RED if COLOR_OF[card] < 0 else None
    try:
        game.verify(me, Play(card, color))
    except UnoError as error:
        return str(error)
    return ""
