"""Random playouts at native speed: the C accelerator ``unokit._fastplay``.

Whole rounds with uniformly random legal moves of the seat to act are what simulation,
benchmarks and rule analyses need by the million. For the option subset :func:`supports`
accepts (the official game and its usual simplifications), the compiled module plays them
move for move as the Python engine does: same seeds, same deals, same legal-move lists in the
same order, same generator for the choices, so the results are identical
(``tests/test_fastplay.py`` checks every hand of thousands of rounds). Outside the subset, or
where the module was not built (no C compiler at install time), :func:`play_random_rounds`
returns ``None`` and callers use the Python engine.

>>> from unokit.rules import Rules
>>> from unokit.rng import Rng
>>> result = play_random_rounds(Rules(players=2), first_seed=0, games=10, rng=Rng(1))
>>> result is None or sum(result.wins) == 10
True
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from unokit.cards import COLOR_OF, RANK_OF, Card, deck_cards
from unokit.rng import Rng
from unokit.rules import Rules

__all__ = ["FastResult", "available", "play_random_rounds", "supports", "unsupported"]

_native: ModuleType | None
try:
    from unokit import _fastplay as _native
except ImportError:  # built without a C compiler: the Python engine does the work
    _native = None

# Every option the accelerator implements, with the values it implements. Options not named
# here (scoring, target_score, next_dealer, teams, ...) do not change a single round's play.
_SUPPORTED: dict[str, tuple[object, ...]] = {
    "deck": ("classic108",),
    "dealer_selection": ("draw_highest", "random", "previous_winner"),
    "start_card": ("apply_effects",),
    "empty_draw_pile": ("reshuffle",),
    "custom_effect": ("none",),
    "false_catch_penalty": (0,),
    "false_uno_penalty": (0,),
    "stacking": ("off",),
    "deflect": ("off",),
    "jump_in": ("off",),
    "seven_zero": (False,),
    "multi_play": ("off",),
    "sum_jump_in": (False,),
    "number_finish": (False,),
    "wild_multi": (False,),
    "misplay": ("reject",),
    "turn_time_limit": (0,),
    "round_end": ("first_out",),
}

_WD4_RULES = {"anytime": 0, "no_matching_color": 1, "no_playable_card": 2}
_RANKS = [int(r) for r in RANK_OF]
_COLORS = list(COLOR_OF)


@dataclass(frozen=True, slots=True)
class FastResult:
    """What :func:`play_random_rounds` returns: totals, and the last round's end."""

    games: int
    moves: int
    wins: tuple[int, ...]
    last_hands: tuple[tuple[Card, ...], ...]
    last_winner: int | None


def available() -> bool:
    """Whether the C accelerator was built."""
    return _native is not None


def unsupported(rules: Rules) -> list[str]:
    """The options (``name=value``) of ``rules`` the accelerator does not implement."""
    return [
        f"{name}={getattr(rules, name)}"
        for name, values in _SUPPORTED.items()
        if getattr(rules, name) not in values
    ]


def supports(rules: Rules) -> bool:
    """Whether the accelerator plays rounds under ``rules`` (and was built)."""
    return _native is not None and not unsupported(rules)


def _config(rules: Rules) -> tuple[int, ...]:
    return (
        rules.players,
        rules.hand_size,
        rules.dealer_selection != "draw_highest",
        rules.dealer_draw_actions == "redraw",
        rules.start_reverse == "dealer_right",
        rules.draw_with_playable == "allowed",
        rules.after_draw == "must_play",
        rules.draw_until_playable,
        _WD4_RULES[rules.wd4_rule],
        rules.challenge,
        rules.challenge_fail_extra,
        rules.uno_penalty,
        rules.catch_window == "until_next_play",
    )


def play_random_rounds(
    rules: Rules, first_seed: int, games: int, rng: Rng, max_moves: int = 100_000
) -> FastResult | None:
    """Deal ``games`` rounds (round i as ``Game(rules, first_seed + i)`` deals it) and play
    each to its end with uniformly random legal moves of the seat to act, drawn from ``rng``
    (advanced as the Python loop would advance it). ``None`` where :func:`supports` is false.
    """
    if _native is None or not supports(rules):
        return None
    moves, wins, state, hands, winner = _native.play_rounds(
        tuple(int(v) for v in _config(rules)),
        [int(c) for c in deck_cards(rules.deck)],
        _RANKS,
        _COLORS,
        first_seed & ((1 << 64) - 1),
        games,
        rng.state,
        max_moves,
    )
    rng.state = state
    return FastResult(
        games,
        moves,
        tuple(wins),
        tuple(tuple(_card(c) for c in hand) for hand in hands),
        winner if winner >= 0 else None,
    )


def _card(ident: int) -> Card:
    return _BY_ID[ident]


_BY_ID: dict[int, Card] = {int(c): c for c in {*deck_cards("classic108")}}
