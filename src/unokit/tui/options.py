"""How the terminal game applies each rule option (issue 21): every option of
:data:`unokit.rules.OPTIONS` is either the engine's alone (the deal, the effects, the scoring:
the game shows the engine's events and state) or needs something of the interface (a key, a
question, a clock, a confirmation), said here. ``tests/tui/test_options.py`` plays a case of
each option (``tests/interface_cases.py``) by keys and checks the game against the engine's.

>>> set(APPLIED) == set(OPTIONS)
True
>>> APPLIED["misplay"].split(":")[0]
'a question'
"""

from __future__ import annotations

from unokit.rules import OPTIONS

__all__ = ["APPLIED", "markdown"]

_ENGINE = "the engine: the game shows its events (the log) and state (the table)"
_DEAL = "the engine's deal: the log tells it, the table shows it"
_SCORE = "the engine's scoring: the round's summary and the match's end show it"

#: each option, and how the terminal game applies it
APPLIED: dict[str, str] = {
    "deck": _DEAL,
    "players": "the table: a row of its own for each opponent; `--players`, the settings",
    "hand_size": _DEAL,
    "dealer_selection": _DEAL,
    "dealer_draw_actions": _DEAL,
    "next_dealer": _DEAL + " (the next round, from the round's summary: `n`)",
    "start_card": _DEAL,
    "start_reverse": _DEAL,
    "draw_with_playable": "`d` is refused, with the reason, while a card can be played",
    "after_draw": "after a draw: the drawn card's key plays it, `k` keeps it where allowed",
    "draw_until_playable": _ENGINE,
    "empty_draw_pile": _ENGINE,
    "swimming_skips": _ENGINE,
    "custom_effect": _ENGINE + "; `swap_hands` asks with whom",
    "wd4_rule": "`h` challenges a +4; the hint says when a +4 of yours would be a bluff",
    "challenge": "`h` challenges a +4 (refused, with the reason, at a table without challenges)",
    "challenge_fail_extra": _ENGINE,
    "uno_penalty": "`c` catches a player who forgot UNO; `u` calls it",
    "catch_window": "`c` is offered (and the bots wait) while a player may be caught",
    "false_catch_penalty": "`c` may catch anyone (asks whom) where a false catch costs cards",
    "false_uno_penalty": "`u` calls UNO at any time where a false call costs cards",
    "stacking": "the cards that may answer a penalty are bright: their keys play them",
    "revenge": "as for stacking: the engine doubles the penalty, the log and the table say it",
    "mercy_limit": _ENGINE + ": the log says who holds too many cards and is out",
    "stack_challenge": "`h` challenges the stack; the engine judges the +4s the option says",
    "deflect": "the skips and reverses that pass a penalty on are bright: their keys",
    "jump_in": "out of turn, an identical card is bright: its key plays it; the bots wait "
    "`--jump-window` seconds for you, counted down",
    "jump_in_stacking": _ENGINE,
    "seven_zero": "a 7 asks whom to swap hands with; the log says your new hand",
    "multi_play": "a card that may go with others asks which cards",
    "multi_play_same_color": "the question offers only the sets the option allows",
    "sum_jump_in": "out of turn, the cards that add up are bright; a card asks which set",
    "sum_jump_in_any_color": "the sets the option allows, as for sum_jump_in",
    "number_finish": "a last action card is refused with the reason (or misplayed)",
    "wild_multi": "a wild asks: name a colour, peek at a hand, or trade three cards",
    "misplay": "a question: an unplayable card's key asks whether to play it anyway and take "
    "the penalty",
    "turn_time_limit": "a countdown on the status line; when it runs out the turn ends "
    "(`timeout`); it waits while a page is open or the game is paused",
    "slow_play_penalty": "the engine's timeout: the log tells the cards drawn",
    "teams": "the table shows each player's team; " + _SCORE,
    "seat_change_every": _DEAL + " (the log tells the new seats)",
    "round_end": _SCORE,
    "scoring": _SCORE + "; the title shows the target",
    "target_score": "the title shows it; " + _SCORE,
    "rounds": "the title shows the round of the rounds; " + _SCORE,
    # the online tables' house rules (VARIANTS.md §2)
    "score_multiplier": _SCORE + " (the log says the points were multiplied)",
    "reveal_hands_at": "an opponent's row shows its cards while its hand is laid open; the "
    "log says when",
    "uno_call_window": "`u` is refused, with the reason, while you hold two cards",
    "catching": "`c` is refused, with the reason, at a silent-UNO table",
    "hand_limit": "`d` is refused, with the reason, at the limit; the log says when a "
    "player is passed over",
    "bomb": "as for multi_play; the log says who draws",
    "wild_start": _DEAL,
    "blind_draw": "a card drawn face down is not shown in your hand: a line under it counts the "
    "cards face down until your next turn, when the log names them",
    "match_clock": "a countdown of the round on the status line (and in help); when it runs "
    "out the engine's referee ends the round (`referee: timeout`), the log says who wins; it "
    "waits while a page is open or the game is paused",
}


def markdown() -> str:
    """The table of docs/terminal.md: each option and how the terminal game applies it."""
    lines = ["| option | how the terminal game applies it |", "|---|---|"]
    lines += [f"| `{name}` | {APPLIED[name]} |" for name in OPTIONS]
    return "\n".join(lines) + "\n"
