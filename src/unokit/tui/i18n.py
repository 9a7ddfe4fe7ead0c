"""The terminal game's texts: keys into the message catalogues (``unokit.narrator``).

Every string a player reads is a message of the gettext catalogue of the language (English is
the source language; ``src/unokit/locale/*/LC_MESSAGES/unokit.po``); card and colour names come
from the same catalogue as the narrator's. A new text: one entry here (``N_``, or ``NP_`` for a
count), then ``make catalogues``, the Traditional Chinese translation in ``zh_Hant``'s ``.po``
file, and ``make catalogues`` again.

>>> tr("zh-Hant", "draw")
'摸牌'
>>> card_name("zh-Hans", Card.parse("B+2"))
'蓝+2'
>>> trn("en", "n_cards", 1), trn("en", "n_cards", 3)
('1 card', '3 cards')
"""

from __future__ import annotations

from typing import Any

from unokit import narrator
from unokit.cards import Card
from unokit.narrator import LANGUAGES, N_, NP_, translations

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "card_name", "color_name", "tr", "trn"]

#: each language by its own name (not translated: a reader finds their own language)
LANGUAGE_NAMES = {"en": "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}

_TEXTS: dict[str, str] = {
    "title": N_("unokit"),
    "your_hand": N_("Your hand"),
    "draw": N_("Draw"),
    "pass": N_("Keep"),
    "challenge": N_("Challenge +4"),
    "take": N_("Take the penalty"),
    "take_n": N_("Take {count}"),
    "uno": N_("UNO!"),
    "catch": N_("Catch!"),
    "catch_seat": N_("Catch {name}"),
    "hint_key": N_("Hint"),
    "takeback_key": N_("Take back"),
    "help_key": N_("Help"),
    "rules_key": N_("Rules"),
    "new_key": N_("New match"),
    "quit": N_("Quit"),
    "log_keys": N_("Log"),
    "top": N_("Top card"),
    "color": N_("colour"),
    "direction_cw": N_("clockwise ↻"),
    "direction_ccw": N_("counter-clockwise ↺"),
    "draw_pile": N_("draw pile"),
    "pending": N_("pending penalty"),
    "seat": N_("Seat"),
    "seat_n": N_("Seat {number}"),
    # translators: a seat inside a sentence (the narrator's own words)
    "seat_mid": N_("seat {number}"),
    "you": N_("You"),
    "team": N_("team"),
    "out": N_("out"),
    "points_short": N_("{points} pts"),
    "target": N_("target {points}"),
    "first_out_wins": N_("first out wins"),
    "round_n": N_("round {number}"),
    # translators: the round in the title, when the match has a number of rounds
    "round_n_of": N_("round {number} of {rounds}"),
    "vs_bots": N_("against {level} bots"),
    "bot_random": N_("random"),
    "bot_basic": N_("basic"),
    "bot_strong": N_("strong"),
    "bot_expert": N_("expert"),
    "bot_learned": N_("learned"),
    # the status line
    "your_turn": N_("Your turn: play a card (1-9, ←→ Enter) or draw (d)"),
    # translators: {keys} are the keys of the cards that can be played ("1-3, 5, a")
    "your_turn_keys": N_("Your turn: play a bright card ({keys}) or draw (d)"),
    "your_turn_keys_no_draw": N_("Your turn: play a bright card ({keys})"),
    "your_turn_nothing": N_("Your turn: nothing playable: d to draw"),
    # translators: after the status line, the seconds left of the turn (turn_time_limit)
    "seconds_left": N_(" · {seconds} s left"),
    "match_clock_left": N_("⏱ {time} left in the round"),
    "dialog_clock": N_("{seconds} s left in your turn"),
    "time_ran_out_in_dialog": N_("Your time ran out before you answered."),
    "paused": N_("Paused: the bots and the clocks wait (p goes on)"),
    # translators: out of turn, a chance to jump in; {keys} the bright cards' keys
    "jump_chance": N_("jump in? {keys} · {seconds} s (Esc: let it pass)"),
    "catch_chance": N_("catch? c · {seconds} s (Esc: let it pass)"),
    "your_turn_short": N_("Your turn"),
    "your_turn_drawn": N_("You drew {card}: play it ({press}) or keep it (k)"),
    "your_turn_drawn_must": N_("You drew {card}: play it ({press})"),
    "your_penalty": N_("You face a penalty of {count}: d takes it"),
    "your_penalty_challenge": N_(", h challenges the +4"),
    "your_penalty_stack": N_(", or answer it with a bright card"),
    "your_start_color": N_("Name the colour of the start card (r y g b)"),
    "your_roulette_color": N_(
        "Colour roulette: name a colour (r y g b); you turn cards until one of it shows"
    ),
    "waiting": N_("{name} to play"),
    "round_over": N_("Round over"),
    "match_over": N_("Match over"),
    "you_status": N_("You: {cards}"),
    "uno_called_mark": N_("UNO called"),
    "uno_now": N_("one card left: call UNO (u)!"),
    "uno_armed": N_("UNO will be called with your next card"),
    "uno_can_arm": N_("two cards: press u before your next card"),
    # feedback
    "not_playable_why": N_("{card}: {why}"),
    # translators: a label and its value ("Seat 0: 12", "Seat 1: blue skip, red 3")
    "labelled": N_("{label}: {value}"),
    # translators: marks after a player's cards in a replay's table ("(to act, UNO)")
    "marks": N_(" ({marks})"),
    # translators: a card pressed just as the table moved on (another player's move)
    "too_late": N_("too late: {why}"),
    "why_after_draw": N_("after drawing you may play only the drawn card, {card}"),
    "no_card_n": N_("There is no card {number} in your hand"),
    "cannot_draw": N_("You cannot draw now"),
    "cannot_draw_playable": N_("You cannot draw now: this table makes you play a matching card"),
    "cannot_keep": N_("Keep is for a card you have just drawn"),
    "no_challenge": N_("There is no +4 to challenge now"),
    "challenge_off": N_("Challenges are off at this table"),
    "no_uno": N_("No UNO to call now: call it holding two cards with one to play, or one card"),
    "no_catch": N_("Nobody to catch now: a player is caught holding one card without UNO"),
    "takeback_off": N_("Take-back is off at this table (n: settings, before a new match)"),
    "takeback_none": N_("Nothing of yours to take back in this round"),
    "takeback_shown": N_(
        "Cannot take back: a move since then showed you a card (a draw, a penalty, a revealed hand)"
    ),
    "takeback_done": N_("Your last move is taken back"),
    "takeback_bot": N_("Cannot take back: a bot's answer since then showed you a card or a choice"),
    "hint": N_("Hint: {move}: {why}"),
    "hint_none": N_("No hint: nothing for you to decide now"),
    "hint_wait": N_("let the others play: nothing of yours to do now"),
    # translators: after a hint to play a +4 that would be a bluff
    "hint_bluff": N_(
        ". It is a bluff: you hold {cards}; if {name} challenges, you draw {count} instead"
    ),
    # what a move is, for hints
    "move_play": N_("play {card}"),
    "move_play_color": N_("play {card} and name {color}"),
    "move_draw": N_("draw (d)"),
    "move_take": N_("take the penalty (d)"),
    "move_keep": N_("keep the drawn card (k)"),
    "move_challenge": N_("challenge the +4 (h)"),
    "move_uno": N_("call UNO (u)"),
    "move_catch": N_("catch {name} (c)"),
    "move_color": N_("name {color}"),
    # why, for hints
    "why_last_card": N_("it is your last card"),
    "why_threat": N_("{name} holds only {cards}: slow them down"),
    "why_keep_wild": N_("keep the wild for later"),
    "why_save_wild": N_("a wild is worth more later, and nobody is close to going out"),
    "why_no_play": N_("no card of yours can be played"),
    "why_bluff": N_("a bluff is likely: they probably held a card of the colour named before"),
    "why_take": N_("nothing answers it, and a challenge would likely fail"),
    "why_pass_on": N_("it passes the penalty on"),
    "why_color_most": N_("it leaves {color}, the colour you hold most"),
    "why_number": N_("a number card, so your action cards and wilds stay for later"),
    "why_action": N_("it costs the next player their turn"),
    "why_wild": N_("nothing else matches"),
    "why_uno": N_("forgetting it costs cards"),
    "why_catch": N_("they forgot UNO: they draw cards"),
    "why_drawn": N_("the drawn card can go at once"),
    # dialogs
    "choose_color": N_("Choose a colour"),
    "choose_target": N_("Swap hands with"),
    "choose_peek": N_("Look at the hand of"),
    "choose_trade": N_("Trade three cards with"),
    "wild_use": N_("Use the wild to"),
    "which_cards": N_("Play which cards?"),
    "peek": N_("Look at a hand"),
    "trade": N_("Trade three cards"),
    "catch_whom": N_("Catch whom?"),
    "dialog_keys": N_("↑↓ and Enter, or the key shown; Esc cancels"),
    "dialog_keys_no_cancel": N_("↑↓ and Enter, or the key shown"),
    "round_won": N_("{name} wins round {number}"),
    "round_won_you": N_("You win round {number}"),
    "round_void": N_("Round {number} is abandoned: no score"),
    "col_player": N_("Player"),
    "col_cards_left": N_("Cards left"),
    "col_round": N_("This round"),
    "col_total": N_("Total"),
    "col_rounds_won": N_("Rounds won"),
    "col_drawn": N_("Cards drawn"),
    "col_penalties": N_("Penalties"),
    "col_catches": N_("Catches"),
    "match_winner": N_("{name} wins the match"),
    "match_winner_you": N_("You win the match"),
    "ranking": N_("Ranking"),
    "statistics": N_("Statistics"),
    # translators: a note under the match's statistics (one line at 80 columns)
    "penalties_note": N_("Penalties: mistakes (caught without UNO, lost challenge, dishonest +4)"),
    "record_saved": N_("The match's record is saved here (unokit replay reads it):"),
    "next_round": N_("Next round"),
    "quit_save": N_("Save and quit"),
    "play_again": N_("New match, same settings"),
    "settings": N_("New match with other settings"),
    "quit_title": N_("Quit the match?"),
    "save_quit": N_("Save and quit"),
    "quit_no_save": N_("Quit without saving"),
    "saved_resume": N_("Game saved to {path} (go on with: unokit play --resume {path})"),
    "cancel": N_("Cancel"),
    "help_title": N_("Keys"),
    "help_close": N_("? or F1 opens this screen; Esc or ? closes it"),
    "help_cards": N_("play the card with the key shown on it"),
    "help_arrows": N_("move the cursor over your hand; Home, End: first, last card"),
    "help_enter": N_("play the card under the cursor"),
    "help_draw": N_("draw a card; facing a penalty: take it"),
    "help_keep": N_("keep the card you have just drawn"),
    "help_challenge": N_("challenge the +4 played on you"),
    "help_uno": N_("call UNO (at one card, or before your second-to-last card)"),
    "help_catch": N_("catch a player who forgot UNO (asks whom when several)"),
    "help_colors": N_("in the colour dialog: red, yellow, green, blue"),
    "help_hint": N_("a hint: what the strong bot would do, and why"),
    "help_takeback": N_("take back your last move (when the table allows it)"),
    "help_rules": N_("the rules of this table"),
    "help_new": N_("a new match, settings, language"),
    "help_log": N_("scroll the log"),
    "help_quit": N_("quit (asks to save); Ctrl+C twice or Ctrl+Q: save and quit"),
    "help_esc": N_("close a dialog or a screen; cancel a choice"),
    "dialog_scroll": N_("PgUp/PgDn scroll"),
    "page_scroll": N_("↑↓ PgUp PgDn scroll"),
    "help_jump": N_(
        "Jumping in, stacking, deflecting: play the bright card with its key. When you may "
        "jump in or catch, the bots wait {seconds} s for you (a countdown on the status line; "
        "Esc lets the chance pass)."
    ),
    "help_clock": N_(
        "This table gives {seconds} s per turn: the countdown is on the status line; when it "
        "runs out the turn ends with the penalty. It waits while a page is open or the game "
        "is paused."
    ),
    "help_match_clock": N_(
        "A blitz table: each round has {seconds} s on the match clock, counted down on the "
        "status line. When it runs out, the player with the fewest cards (then the fewest "
        "points) wins the round. It waits while a page is open or the game is paused."
    ),
    "help_let_pass": N_("let a chance to jump in or catch pass (the bots play on)"),
    "help_sort": N_("the hand's order: by colour, by number, as dealt"),
    "help_pause": N_("pause: the bots and the clocks wait (p again: go on)"),
    "help_speed": N_("the bots play slower, faster"),
    "rules_title": N_("The rules of this table"),
    "rules_close": N_("Esc or r closes this screen"),
    "settings_title": N_("New match and settings"),
    "set_players": N_("Players"),
    "set_bots": N_("Bots"),
    "set_rules": N_("Rules"),
    "set_language": N_("Language"),
    "set_animations": N_("Animations"),
    "set_order": N_("Hand order"),
    "set_delay": N_("Bots wait"),
    "set_jump_window": N_("Time to jump in"),
    "n_seconds": N_("{seconds} s"),
    "window_off": N_("as the bots"),
    "set_bell": N_("Bell on your turn"),
    "set_takeback": N_("Take back (games against bots)"),
    "this_table": N_("this table"),
    "on": N_("on"),
    "off": N_("off"),
    "settings_keys": N_(
        "↑↓ choose · ←→ change · Enter: new match · a: apply to this match (all but players, "
        "bots, rules, take back) · Esc: cancel"
    ),
    "order_color": N_("by colour"),
    "order_number": N_("by number"),
    "order_dealt": N_("as dealt"),
    "sorted_color": N_("Your hand is shown by colour (s: by number)"),
    "sorted_number": N_("Your hand is shown by number (s: as dealt)"),
    "sorted_dealt": N_("Your hand is shown as dealt (s: by colour)"),
    "pause_key": N_("Pause"),
    "sort_key": N_("Sort"),
    "paused_say": N_("Paused: p goes on"),
    "resumed": N_("The game goes on"),
    "speed_say": N_("The bots wait {seconds} s before acting (- slower, + faster)"),
    "let_pass": N_("Let it pass"),
    "play_drawn": N_("Play {card}"),
    "last_played": N_("last: {card}"),
    "under_top": N_("Under it: {cards}"),
    # misplay = penalty_end_turn / penalty_continue (RULES.md §7.9)
    "misplay_question": N_("{why}: play it anyway and take the penalty?"),
    "misplay_yes": N_("Play it anyway: draw 1 card, {then}"),
    "misplay_end": N_("and the turn passes"),
    "misplay_continue": N_("then go on with the turn"),
    "misplay_no": N_("Keep the card"),
    # saving and records that cannot be written
    "save_failed": N_("Could not save to {path}: {why}"),
    "save_there": N_("Save to {path} and quit"),
    "back_to_game": N_("Back to the game"),
    "record_not_saved": N_("The match's record could not be saved: {why}"),
    "record_there": N_("Save the record to {path} and quit"),
    "quit_no_record": N_("Quit without the record"),
    "record_saved_to": N_("The match's record is saved to {path} (unokit replay {path})"),
    # the end of a match
    "col_place": N_("Place"),
    "history": N_("Points round by round"),
    "col_round_no": N_("Round"),
    "rounds_of": N_(" · round {number} of {rounds}"),
    "new_match_saved": N_(
        "The unfinished match is saved to {path} (unokit play --resume {path}); this match "
        "saves to {new}"
    ),
    "too_small": N_(
        "The terminal is {width}×{height}. unokit needs at least {min_width}×{min_height}: "
        "please make the terminal larger."
    ),
    "new_cards": N_("Your new cards: {cards}"),
    "new_hand": N_("Your new hand: {cards}"),
    # translators: after "You draw red 5": the card is not named again
    "drawn_may": N_("It can be played: {press} plays it, k keeps it"),
    "drawn_must": N_("It can be played, and must be: {press} plays it"),
    "jump_reverse": N_(
        "{seat} jumps in on {target}'s {cards} with the same card: the direction stays "
        "{direction}, and play goes on from {seat}"
    ),
    "jump_reverse_you": N_(
        "you jump in on {target}'s {cards} with the same card: the direction stays "
        "{direction}, and play goes on from you"
    ),
    "jump_reverse_yours": N_(
        "{seat} jumps in on your {cards} with the same card: the direction stays "
        "{direction}, and play goes on from {seat}"
    ),
    "dir_cw": N_("clockwise"),
    "dir_ccw": N_("counter-clockwise"),
    "penalty_you": N_("You face a penalty of {count}: draw {count} (d)"),
    "penalty_or_play": N_(", or answer it with {cards}"),
    "penalty_or_challenge": N_(", or challenge the +4 (h)"),
    "penalty_other": N_("{name} faces a penalty of {count}"),
    # unokit replay --step
    "replay_to_act": N_("to act"),
    "replay_table": N_("Top card: {card} · colour {color} · draw pile {pile}"),
    "replay_scores": N_("Scores: {scores}"),
    "replay_prompt": N_("[{i}/{n}] Enter: next move, q: quit > "),
    "replay_of": N_("Replay of {file}"),
    "replay_saved": N_("saved {when}"),
    "replay_you": N_("you were seat {seat}"),
    "replay_is_you": N_(" (you)"),
    "replay_hidden": N_("a match still in play: the others' cards stay hidden"),
    "round_heading": N_("Round {number}"),
    # translators: the replay's position: move {number} of {moves}, round {round} of {rounds}
    "replay_where": N_("Move {number} of {moves} · round {round} of {rounds}"),
    "replay_keys": N_(
        "→ Space: next · ← back · PgDn PgUp: 10 moves · ↓ ↑: a round · Home End · r: rounds · "
        "q: quit"
    ),
    "replay_rounds": N_("Go to the round"),
    "replay_round_won": N_("{name} won"),
    "replay_round_open": N_("still in play"),
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
}

_PLURALS: dict[str, tuple[str, str]] = {
    "n_cards": NP_("{n} card", "{n} cards"),
    "n_face_down": NP_(
        "▮ {n} card face down: you see it at your next turn",
        "▮ {n} cards face down: you see them at your next turn",
    ),
    "target_line": NP_("Target: {n} point", "Target: {n} points"),
    "n_house_rules": NP_("{n} house rule (r)", "{n} house rules (r)"),
    "n_house_rules_short": NP_("{n} rule (r)", "{n} rules (r)"),
    "n_moves": NP_("{n} move", "{n} moves"),
}


def tr(lang: str, key: str, **values: Any) -> str:
    """The interface text ``key`` in ``lang`` (English if unknown), filled with ``values``."""
    message = _TEXTS.get(key)
    text = translations(lang).gettext(message) if message else key
    return text.format(**values) if values else text


def bot_name(lang: str, level: str) -> str:
    """A bot level in ``lang`` ("strong", "強"); a trained policy by its spec (``policy:PATH``)."""
    return tr(lang, f"bot_{level}") if f"bot_{level}" in _TEXTS else level


def trn(lang: str, key: str, n: int, **values: Any) -> str:
    """The interface text ``key`` with a count ``n`` ("1 card", "2 cards")."""
    singular, plural = _PLURALS[key]
    return translations(lang).ngettext(singular, plural, n).format(n=n, **values)


def color_name(lang: str, color: int) -> str:
    return narrator.color_name(color, lang)


def card_name(lang: str, card: Card) -> str:
    """A card's name for people: ``red 5`` / ``紅5`` / ``红5``."""
    return narrator.card_name(card, lang)


def list_sep(lang: str) -> str:
    """The separator of a list in ``lang`` (", " in English, "、" in Chinese)."""
    return translations(lang).gettext(", ")
