"""Calling UNO and being caught (RULES.md §6): calls, false calls, catches, and the windows in
which a seat down to one card without having called may be caught.

Functions of a :class:`~unokit.state.State`. Who may call or catch now is a predicate of
:mod:`unokit.legality` (``may_call_uno``, ``may_catch``, ``offers_uno``); this module carries
those moves out, and says once what closes a catch window (:func:`close_catch_windows`).
"""

from __future__ import annotations

from typing import Final

from unokit import events as ev
from unokit.drawing import draw_cards
from unokit.legality import listed
from unokit.moves import Challenge, Draw, Pass, Play, Timeout
from unokit.state import State

__all__ = ["MISPLAY", "call_uno", "catch", "close_catch_windows", "false_uno", "lapse_calls"]


class _Misplay:
    """The kind of a misplay (a wrong play penalised, ``misplay = penalty_*``): no move class."""


#: a misplay, for :func:`close_catch_windows`
MISPLAY: Final = _Misplay
#: what closes every catch window under ``catch_window = until_next_action`` (the next action
#: of anyone: 000): a play, a draw, a pass, a challenge, a timeout or a misplay; under
#: ``until_next_play`` only a play does. Calls, catches, a wild start card's colour, a table
#: penalty and a deal close none.
_ACTIONS: Final = frozenset({Play, Draw, Pass, Challenge, Timeout, _Misplay})


def close_catch_windows(game: State, kind: type) -> None:
    """A move of ``kind`` (a move class, or :data:`MISPLAY`) is made: close every catch window
    it closes (RULES.md §6, ``catch_window``)."""
    if kind is Play or (game.rules.catch_window == "until_next_action" and kind in _ACTIONS):
        game.window = [False] * game.n


def lapse_calls(game: State, seat: int) -> None:
    """UNO calls made before a second-to-last card lapse at another seat's action
    (RULES.md §6)."""
    called, hands = game.called, game.hands
    for s in range(game.n):
        if called[s] and s != seat and len(hands[s]) > 1:
            called[s] = False


def call_uno(game: State, seat: int) -> None:
    """``seat`` calls UNO: holding one card, or two and about to play one (it could play a
    card now: RULES.md §6, 001); any other call is a false one (:func:`false_uno`)."""
    size = len(game.hands[seat])
    if size == 1 or (size == 2 and any(type(m) is Play for m in listed(game, seat))):
        game.called[seat] = True
        game.window[seat] = False
        game.emit(ev.UnoCalled(seat))
    else:
        false_uno(game, seat)


def false_uno(game: State, seat: int) -> None:
    """A false UNO call (with a play, or alone) costs ``false_uno_penalty`` cards."""
    got = draw_cards(game, seat, game.rules.false_uno_penalty)
    game.emit(ev.FalseUno(seat, len(got), rule=game.cite("false_uno_penalty")))


def catch(game: State, seat: int, target: int) -> None:
    """``seat`` catches ``target``: who draws ``uno_penalty`` if it may be caught, else the
    catcher draws ``false_catch_penalty``."""
    if game.catchable(target):
        game.window[target] = False
        got = draw_cards(game, target, game.rules.uno_penalty)
        game.emit(ev.Caught(seat, target, len(got), rule=game.cite("uno_penalty")))
    else:
        got = draw_cards(game, seat, game.rules.false_catch_penalty)
        game.emit(ev.FalseCatch(seat, target, len(got), rule=game.cite("false_catch_penalty")))
