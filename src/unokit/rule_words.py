"""A table's rules in plain words, in the reader's language: the preset and what differs.

A table is told as the preset it is closest to (fewest options changed) and one sentence for
each option that differs from it, so a player reads "Online rules; a 7 swaps hands" rather than
``seven_zero=true``. Every sentence is a message of the gettext catalogues, like the
narrator's.

>>> from unokit.rules import Rules
>>> closest_preset(Rules.preset("online", players=3, uno_penalty=4))
('online', {'uno_penalty': 4})
>>> describe_rules(Rules.preset("online", players=3, uno_penalty=4))[:2]
['Rules: online (the licensed online game: stacking, jump-in, seven-zero), 3 players', \
'Forgetting UNO costs 4 cards.']
>>> describe_rules(Rules(players=2), "zh-Hant")[0]
'規則：官方（官方規則，不加家規），2 位玩家'
"""

from __future__ import annotations

from typing import Any

from unokit.errors import RulesError
from unokit.narrator import N_, NP_, translations
from unokit.rules import OPTIONS, PRESETS, Rules

__all__ = [
    "PRESET_NAMES",
    "closest_preset",
    "describe_option",
    "describe_rules",
    "option_meaning",
    "preset_name",
]

#: each preset's name and a few words about it
PRESET_NAMES: dict[str, tuple[str, str]] = {
    "official": (N_("official"), N_("the official rules, no house rules")),
    "casual": (N_("casual"), N_("official, one round: first out wins")),
    "online": (N_("online"), N_("the licensed online game: stacking, jump-in, seven-zero")),
    "party": (N_("party"), N_("stacking, seven-zero, jump-in, draw until playable")),
    "table001": (N_("table001"), N_("the conventions of rule book 001")),
    "swimming": (N_("swimming"), N_("the swimming edition: 112 cards, 5 each")),
    "classic112": (N_("classic112"), N_("official with the 112-card deck")),
    "teams": (N_("teams"), N_("official, 4 players in 2 teams")),
}

#: (option, value) -> one sentence, for choice and true/false options
_CHOICES: dict[tuple[str, Any], str] = {
    ("deck", "classic108"): N_("The classic 108-card deck."),
    ("deck", "classic112"): N_("The 112-card deck: with a shuffle-hands wild and 3 custom wilds."),
    ("deck", "swimming112"): N_("The swimming deck: 112 cards with custom and swimming wilds."),
    ("deck", "pairs"): N_("The pairs deck: every single card of a colour doubled."),
    ("custom_effect", "none"): N_("Custom wilds are plain wilds."),
    ("custom_effect", "others_draw_one"): N_("A custom wild makes every other player draw 1."),
    ("custom_effect", "next_draws_two"): N_(
        "A custom wild makes the next player draw 2 and lose the turn."
    ),
    ("custom_effect", "skip_next"): N_("A custom wild makes the next player lose the turn."),
    ("custom_effect", "swap_hands"): N_("A custom wild swaps hands with a chosen player."),
    ("dealer_selection", "draw_highest"): N_("The highest card drawn deals first."),
    ("dealer_selection", "random"): N_("The first dealer is chosen at random."),
    ("dealer_selection", "previous_winner"): N_("The previous winner deals first."),
    ("dealer_draw_actions", "count_zero"): N_("Drawing for dealer, an action card counts as 0."),
    ("dealer_draw_actions", "redraw"): N_("Drawing for dealer, an action card is drawn again."),
    ("next_dealer", "rotate_left"): N_("The deal passes to the left each round."),
    ("next_dealer", "previous_winner"): N_("The winner of a round deals the next."),
    ("next_dealer", "draw_highest"): N_("Each round, the highest card drawn deals."),
    ("start_card", "apply_effects"): N_("An action start card takes effect."),
    ("start_card", "redraw_until_number"): N_("The start card is turned until a number comes."),
    ("start_reverse", "dealer_right"): N_("A reverse start card: the dealer's right starts."),
    ("start_reverse", "dealer_left"): N_("A reverse start card: the dealer's left starts."),
    ("draw_with_playable", "allowed"): N_("You may draw while holding a playable card."),
    ("draw_with_playable", "forbidden"): N_("You may not draw while holding a playable card."),
    ("after_draw", "may_play"): N_("A playable drawn card may be played or kept."),
    ("after_draw", "must_play"): N_("A playable drawn card must be played."),
    ("draw_until_playable", True): N_("Draw until a playable card comes."),
    ("draw_until_playable", False): N_("Draw one card when you cannot play."),
    ("empty_draw_pile", "reshuffle"): N_("An empty draw pile is refilled from the discards."),
    ("empty_draw_pile", "void_round"): N_("An empty draw pile ends the round with no score."),
    ("swimming_skips", True): N_("Swimming for a blue card also loses the turn."),
    ("swimming_skips", False): N_("Swimming for a blue card does not lose the turn."),
    ("wd4_rule", "no_matching_color"): N_("A +4 is honest without a card of the colour in play."),
    ("wd4_rule", "no_playable_card"): N_("A +4 is honest only without any playable card."),
    ("wd4_rule", "anytime"): N_("A +4 may be played at any time."),
    ("challenge", True): N_("A +4 may be challenged."),
    ("challenge", False): N_("A +4 cannot be challenged."),
    ("catch_window", "until_next_action"): N_(
        "A missing UNO call can be caught until the next player acts."
    ),
    ("catch_window", "until_next_play"): N_(
        "A missing UNO call can be caught until the next card is played."
    ),
    ("stacking", "off"): N_("No stacking: a +2 or +4 must be drawn."),
    ("stacking", "same_kind"): N_("Stacking: +2 on +2, +4 on +4."),
    ("stacking", "two_under_four"): N_("Stacking: +2 on +2, +4 on +2 or +4."),
    ("stacking", "any"): N_("Stacking: any draw card on any draw card."),
    ("stack_challenge", "last"): N_("A challenge of stacked +4s judges only the last."),
    ("stack_challenge", "all"): N_("A challenge of stacked +4s judges every one."),
    ("deflect", "off"): N_("A penalty cannot be passed on."),
    ("deflect", "named_color"): N_("A skip or reverse of the colour in play passes a penalty on."),
    ("deflect", "any_color"): N_("A skip or reverse of any colour passes a penalty on."),
    ("jump_in", "off"): N_("No jumping in."),
    ("jump_in", "identical"): N_("Jump in out of turn with a card identical to the top card."),
    ("jump_in", "identical_any"): N_(
        "Jump in out of turn with a card identical to the top card, wilds too."
    ),
    ("jump_in_stacking", "new"): N_("A jump-in on a stack cancels the whole stack."),
    ("jump_in_stacking", "old"): N_("A jump-in on a stack replaces only the jumped card."),
    ("seven_zero", True): N_("A 7 swaps hands with a player; a 0 passes every hand on."),
    ("seven_zero", False): N_("7 and 0 are plain numbers."),
    ("multi_play", "off"): N_("One card at a time."),
    ("multi_play", "identical_pair"): N_("Two identical cards may be played together."),
    ("multi_play", "same_rank"): N_("Cards of the same number or action may be played together."),
    ("multi_play_same_color", True): N_("Cards played together must share a colour."),
    ("multi_play_same_color", False): N_("Cards played together may differ in colour."),
    ("sum_jump_in", True): N_("Jump in with number cards that add up to the top card."),
    ("sum_jump_in", False): N_("No jumping in with sums."),
    ("sum_jump_in_any_color", True): N_("Sum jump-in cards may be of any colour."),
    ("sum_jump_in_any_color", False): N_("Sum jump-in cards must match the top card's colour."),
    ("number_finish", True): N_("Your last card must be a number card."),
    ("number_finish", False): N_("Any card may be your last."),
    ("wild_multi", True): N_("A wild names a colour, peeks at a hand or trades three cards."),
    ("wild_multi", False): N_("A wild names a colour."),
    ("misplay", "reject"): N_("An illegal card is refused."),
    ("misplay", "penalty_end_turn"): N_("An illegal card costs a penalty and ends the turn."),
    ("misplay", "penalty_continue"): N_("An illegal card costs a penalty; the turn goes on."),
    ("round_end", "first_out"): N_("A round ends when one player goes out."),
    ("round_end", "rank_all"): N_("A round plays on until everyone is ranked."),
    ("scoring", "winner_takes"): N_("The winner scores the others' cards; first to {target} wins."),
    ("scoring", "low_wins"): N_("Points in hand count against you; lowest at {target} wins."),
    ("scoring", "chips"): N_("Chips change hands each round."),
    ("scoring", "net"): N_("Each round the winner gains what the others lose."),
    ("scoring", "eliminate_high"): N_("The player with most points is out each round."),
    ("scoring", "eliminate_threshold"): N_("A player reaching {target} points is out."),
    ("scoring", "none"): N_("One round: first out wins."),
}

#: int options: a sentence with ``{n}`` (singular, plural); the first for 0 when it means "off"
_NUMBERS: dict[str, tuple[tuple[str, str], str | None]] = {
    "players": (NP_("{n} player.", "{n} players."), None),
    "hand_size": (NP_("{n} card each.", "{n} cards each."), None),
    "challenge_fail_extra": (
        NP_(
            "A failed challenge costs {n} extra card.",
            "A failed challenge costs {n} extra cards.",
        ),
        N_("A failed challenge costs no extra cards."),
    ),
    "uno_penalty": (
        NP_("Forgetting UNO costs {n} card.", "Forgetting UNO costs {n} cards."),
        N_("Forgetting UNO costs nothing."),
    ),
    "false_catch_penalty": (
        NP_("A false catch costs {n} card.", "A false catch costs {n} cards."),
        N_("A false catch is refused."),
    ),
    "false_uno_penalty": (
        NP_("A false UNO call costs {n} card.", "A false UNO call costs {n} cards."),
        N_("A false UNO call is refused."),
    ),
    "turn_time_limit": (
        NP_("{n} second per turn.", "{n} seconds per turn."),
        N_("No time limit."),
    ),
    "slow_play_penalty": (
        NP_("A timeout costs {n} card.", "A timeout costs {n} cards."),
        N_("A timeout costs no cards."),
    ),
    "teams": (
        NP_("{n} team, seated alternately.", "{n} teams, seated alternately."),
        N_("No teams."),
    ),
    "seat_change_every": (
        NP_("Seats change every round.", "Seats change every {n} rounds."),
        N_("Seats never change."),
    ),
    "target_score": (NP_("Target: {n} point.", "Target: {n} points."), None),
    "rounds": (NP_("{n} round.", "{n} rounds."), N_("No round limit.")),
}

#: options told elsewhere (the players in the first line; the target inside scoring's sentence)
_SILENT = frozenset({"players"})


def closest_preset(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset with the fewest options changed, and those changes (``players`` aside).

    Ties go to the first preset in RULES.md order, so an unchanged table is ``official``."""
    mine = rules.to_dict()
    best: tuple[str, dict[str, Any]] | None = None
    for name, settings in PRESETS.items():
        try:
            base = Rules.from_dict({**settings, "players": rules.players}).to_dict()
        except RulesError:  # a preset these seats cannot have (teams of 4 with 5 players)
            continue
        changed = {k: v for k, v in mine.items() if v != base[k] and k not in _SILENT}
        if best is None or len(changed) < len(best[1]):
            best = (name, changed)
    assert best is not None
    return best


def describe_option(name: str, value: Any, lang: str = "en", target: int = 500) -> str:
    """One option's value as a sentence a player understands.

    >>> describe_option("stacking", "same_kind")
    'Stacking: +2 on +2, +4 on +4.'
    >>> describe_option("uno_penalty", 1, "zh-Hans")
    '忘记喊 UNO 罚 1 张牌。'
    """
    t = translations(lang)
    if (name, value) in _CHOICES:
        return t.gettext(_CHOICES[name, value]).format(target=target)
    if name in _NUMBERS and isinstance(value, int):
        (one, many), zero = _NUMBERS[name]
        if value == 0 and zero is not None:
            return t.gettext(zero)
        return t.ngettext(one, many, value).format(n=value)
    if name == "custom_effect":  # an effect registered by a program (register_effect)
        return t.gettext(N_("Custom wilds: {effect}.")).format(effect=value)
    spec = OPTIONS[name]  # an option without its sentence: its meaning and value, in English
    return f"{spec.meaning}: {value}"


def describe_rules(rules: Rules, lang: str = "en", full: bool = False) -> list[str]:
    """The table in plain words: the closest preset (first line), then each option that
    differs from it, one sentence each, in ``lang``. ``full=True`` (a rules page): after the
    preset, every option that differs from the official game, the preset's own included.

    >>> describe_rules(Rules.preset("party"), full=True)[1:3]
    ['Draw until a playable card comes.', 'A +4 may be played at any time.']
    """
    t = translations(lang)
    preset, changed = closest_preset(rules)
    if full:
        default = Rules(players=rules.players).to_dict()
        changed = {k: v for k, v in rules.to_dict().items() if v != default[k] and k not in _SILENT}
    name, about = PRESET_NAMES[preset]
    if changed and not full:
        # the preset's few words ("the official rules, no house rules") would contradict the
        # lines under them: the head says that changes follow instead
        head = t.ngettext(
            *NP_(
                "Rules: {preset}, {n} player, with these changes:",
                "Rules: {preset}, {n} players, with these changes:",
            ),
            rules.players,
        ).format(preset=t.gettext(name), n=rules.players)
    else:
        head = t.ngettext(
            *NP_("Rules: {preset} ({about}), {n} player", "Rules: {preset} ({about}), {n} players"),
            rules.players,
        ).format(preset=t.gettext(name), about=t.gettext(about), n=rules.players)
    lines = [head]
    for option, value in changed.items():
        if option == "target_score" and "scoring" in changed:
            continue  # told inside the scoring sentence
        lines.append(describe_option(option, value, lang, rules.target_score))
    return lines


def option_meaning(name: str, lang: str = "en") -> str:
    """What option ``name`` is about, in ``lang`` (its meaning in RULES.md's words).

    >>> option_meaning("stacking", "zh-Hant")
    '待罰時可以再出加牌'
    """
    return translations(lang).gettext(OPTIONS[name].meaning)


def preset_name(preset: str, lang: str = "en") -> tuple[str, str]:
    """A preset's name and a few words about it, in ``lang``."""
    name, about = PRESET_NAMES[preset]
    t = translations(lang)
    return t.gettext(name), t.gettext(about)
