"""What breaking a rule costs (RULES.md §7.9, §7.10): a misplay penalised instead of refused,
running out of time, and a penalty the referee gives.

Functions of a :class:`~unokit.state.State`, called by ``Game.apply``.
"""

from __future__ import annotations

from unokit import events as ev
from unokit.drawing import draw_cards
from unokit.moves import Penalty, Play
from unokit.penalties import take_penalty
from unokit.phase import Phase
from unokit.state import State
from unokit.uno import MISPLAY, close_catch_windows
from unokit.verify import reason

__all__ = ["misplay", "table_penalty", "timeout"]


def misplay(game: State, seat: int, move: Play) -> None:
    """A wrong play penalised (``misplay = penalty_*``, RULES.md §7.9): the card goes back, the
    player draws 1, and either the turn passes (with any pending penalty taken too) or it goes
    on as it was: still facing the penalty, or still after a draw (only the drawn card may be
    played). It is the player's action: it closes the catch window like a draw (000)."""
    why = reason(game, seat, move)
    game.jump = None
    close_catch_windows(game, MISPLAY)
    end = game.rules.misplay == "penalty_end_turn"
    phase = game.phase
    got = draw_cards(game, seat, 1)
    after = game.next_seat(seat) if end else seat
    pending = game.pending_draw if phase == Phase.PENALTY else 0
    game.emit(
        ev.Misplayed(seat, move.card, why, len(got), after, pending, rule=game.cite("misplay"))
    )
    if not end:
        return
    if phase == Phase.PENALTY:
        take_penalty(game, seat)
    game.drawn = None
    game.phase = Phase.PLAY
    game.current = game.next_seat(seat)


def timeout(game: State, seat: int) -> None:
    """The seat to act ran out of time (``turn_time_limit``, §7.10): it takes any pending
    penalty, keeps a drawn card, draws ``slow_play_penalty`` and the turn passes."""
    if game.phase == Phase.PENALTY:
        take_penalty(game, seat)
    game.drawn = None
    game.phase = Phase.PLAY
    got = draw_cards(game, seat, game.rules.slow_play_penalty)
    game.current = game.next_seat(seat)
    game.emit(ev.TimedOut(seat, len(got), game.current, rule=game.cite("turn_time_limit")))


def table_penalty(game: State, move: Penalty) -> None:
    """The referee gives a seat a penalty draw, with a reason (001, §7.10)."""
    got = draw_cards(game, move.target, move.count)
    game.emit(ev.TablePenalty(move.target, len(got), move.reason))
