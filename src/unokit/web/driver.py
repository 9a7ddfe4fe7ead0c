"""A room's driver: the one task that plays bots' seats and absent players', applies the turn
timer, the round's match clock and the takeover of a turn left to run, and passes the host on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from functools import partial

from unokit.errors import IllegalMoveError
from unokit.moves import REFEREE, TIMEOUT, Timeout
from unokit.web import protocol as proto
from unokit.web.members import (
    Refusal,
)
from unokit.web.room_state import Action
from unokit.web.storage import (
    MoveConflict,
)
from unokit.web.sync import Sync

__all__ = ["Driver"]

log = logging.getLogger("unokit.web")


class Driver(Sync):
    """What happens in a room without anyone asking: bots, timers, the host's handover."""

    def start_driver(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(
                self._drive(), name=f"room {self.code}"
            )

    async def stop_driver(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Make the driver look again (a setting or a connection changed)."""
        self._wake.set()

    async def _drive(self) -> None:
        # (asyncio.timeout, not asyncio.wait_for: on Python 3.11 wait_for swallows a cancel
        # that arrives together with the wake-up, and a stopping server then waited for ever
        # on a driver that had been told to stop)
        me = asyncio.current_task()
        while True:
            if me is not None and me.cancelling():
                raise asyncio.CancelledError
            self._wake.clear()
            plan = self._plan(self.clock())
            if plan is None:
                await self._wake.wait()
                continue
            when, action = plan
            delay = when - self.clock()
            if delay > 0:
                try:
                    async with asyncio.timeout(delay):
                        await self._wake.wait()
                    continue  # something changed: plan again
                except TimeoutError:
                    pass
            if not await self._hold_lease():
                # another process drives this room: look again when told, or when its lease
                # may have lapsed (its process died)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.settings.lease_ttl / 2):
                        await self._wake.wait()
                continue
            try:
                await action()
            except asyncio.CancelledError:
                raise
            except (Refusal, MoveConflict):
                pass  # the room changed meanwhile (another process): plan again
            except Exception:
                log.exception("room %s: the driver's action failed", self.code)
                await asyncio.sleep(1.0)

    async def _hold_lease(self) -> bool:
        """Whether this process drives the room now: it holds the lease (taking it when it
        is free or lapsed)."""
        if self.leased and self.clock() < self._lease_until:
            return True
        asked = self.clock()
        try:
            self.leased = await self.storage.take_lease(self.code, self.settings.lease_ttl)
        except Exception as error:
            log.warning("room %s: the lease could not be taken: %s", self.code, error)
            self.leased = False
        if self.leased:
            self._lease_until = asked + self.settings.lease_ttl
        return self.leased

    def _plan(self, now: float) -> tuple[float, Action] | None:
        """The next thing the driver should do, and when: the earliest of the host's handover,
        the bots' out-of-turn chances, the bot or the timer of the seat to act."""
        best: tuple[float, Action] | None = None

        def offer(when: float, action: Action) -> None:
            nonlocal best
            if best is None or when < best[0]:
                best = (when, action)

        host = self.member_at(self.host) if self.host is not None else None
        if host is None or not self._present(host):
            others = [m for m in self.present() if m.seat is not None and m is not host]
            if others:
                since = host.away_since if host is not None and host.away_since else now
                offer(since + self.settings.grace if host is not None else now, self._handover)
        game = self.game
        if not self.started or game is None or game.round_over:
            return best
        delay = self._changed_at + self.settings.bot_delay
        for seat in game.waiting_seats():
            if self._offered.get(seat) == self.move_no:
                continue
            at = self._bot_time(seat, now)
            if at is not None:
                offer(max(at, delay), partial(self._bot_turn, seat, True))
        seat = game.current
        at = self._bot_time(seat, now)
        if at is not None:
            offer(max(at, delay), partial(self._bot_turn, seat, False))
        limit = self.rules.turn_time_limit * self.settings.time_scale
        if limit and self.member_at(seat) is not None and TIMEOUT in game.legal_moves(seat):
            offer(self._turn_started + limit, partial(self._time_out, self.move_no))
        blitz = self._match_clock_at()
        if blitz is not None:
            offer(blitz, partial(self._clock_out, game.round_no))
        takeover = self._takeover_at()
        if takeover is not None:
            offer(takeover, partial(self._take_over, seat, self.move_no))
        return best

    async def _take_over(self, seat: int, number: int) -> None:
        """A person let their turn run ``takeover`` seconds: a bot plays it, and the table
        is told so."""
        if self.move_no != number or self.game is None or self.game.current != seat:
            return
        self._took_over = (seat, number)
        await self._bot_turn(seat, False)

    async def _bot_turn(self, seat: int, out_of_turn: bool) -> None:
        game = self.game
        assert game is not None
        number = self.move_no
        view = game.view(seat)
        moves = tuple(m for m in view.legal_moves if type(m) is not Timeout)
        if not moves:
            self._offered[seat] = number
            return
        view = replace(view, legal_moves=moves)
        holder = self.member_at(seat)
        if holder is not None and seat not in self._stood_in:
            self._stood_in.add(seat)  # an absent player's first turn played by the bot: say so
            self._broadcast_room()
        move = await self._stand_ins[seat].act(view)
        if out_of_turn:
            self._offered[seat] = number
        if move is None:
            if out_of_turn:
                return
            move = moves[0]
        async with self._lock:
            if self.move_no != number or self.game is not game:
                return  # the table changed while the bot thought: plan again
            try:
                await self._commit(seat, move)
            except MoveConflict:
                return  # another process's move came first: plan again
            except IllegalMoveError:  # a bot's mistake: on its turn it still has to move
                log.warning("room %s: bot move %r refused", self.code, move)
                if not out_of_turn:
                    with contextlib.suppress(MoveConflict):
                        await self._commit(seat, moves[0])

    async def _time_out(self, number: int) -> None:
        async with self._lock:
            game = self.game
            if game is None or self.move_no != number or game.round_over:
                return
            if TIMEOUT in game.legal_moves(game.current):
                with contextlib.suppress(MoveConflict):
                    await self._commit(game.current, TIMEOUT)

    async def _clock_out(self, round_no: int) -> None:
        """The round's match clock ran out: the referee ends the round (``match_clock``)."""
        async with self._lock:
            game = self.game
            if game is None or game.round_no != round_no or game.round_over:
                return
            if TIMEOUT in game.legal_moves(REFEREE):
                with contextlib.suppress(MoveConflict):
                    await self._commit(REFEREE, TIMEOUT)

    async def _handover(self) -> None:
        async with self._lock:
            host = self.member_at(self.host) if self.host is not None else None
            if host is not None and self._present(host):
                return
            others = sorted(
                (m for m in self.present() if m.seat is not None and m is not host),
                key=lambda m: m.seat if m.seat is not None else -1,
            )
            if not others:
                return
            old = self.host
            self.host = others[0].seat
            try:
                await self._save()
            except Exception:
                self.host = old
                raise
            for member in self._connected():
                self._post(member, proto.welcome(member.seat, member.name, self._is_host(member)))
            self._broadcast_room()
