"""The match of a room: each move through the engine under the room's lock, stored before it is
announced; a new match, a rematch; the moves other processes stored.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from unokit.bots import make_bot
from unokit.cards import Color
from unokit.errors import IllegalMoveError, NotationError, UnoError
from unokit.events import Event
from unokit.game import Game
from unokit.legality import normalize
from unokit.moves import REFEREE, CallUno, Catch, Move, Play, Timeout
from unokit.narrator import narrate
from unokit.notation import format_move, format_move_body, parse_move
from unokit.web import protocol as proto
from unokit.web.members import (
    SEED_RANGE,
    Member,
    Refusal,
)
from unokit.web.projection import Projection
from unokit.web.room_state import _Last, _StandIn
from unokit.web.storage import (
    MoveConflict,
)
from unokit.web.texts import (
    say,
)

__all__ = ["Match"]

log = logging.getLogger("unokit.web")


def _read_move(seat: int, body: str) -> Move:
    """A move as a client writes it: a notation body (``"play R5"``, ``"draw"``), or just the
    cards of a play (``"R5"``, ``"W+4 blue uno"``)."""
    body = body.strip()
    try:
        return parse_move(f"{seat}: {body}")[1]
    except NotationError as error:
        first = error
    try:
        return parse_move(f"{seat}: play {body}")[1]
    except NotationError:
        raise Refusal("illegal", "unreadable", reason=_reason_text(first)) from None


def _reason_text(error: NotationError) -> str:
    text = str(error)
    _, _, rest = text.partition(": ")
    return rest or text


class Match(Projection):
    """Moves: checked by the engine, stored, then announced."""

    async def _on_move(self, member: Member, message: proto.MoveMessage) -> None:
        async with self._lock:
            game = self.game
            if game is None or not self.started:
                raise Refusal("not_your_turn", "not_playing")
            seat = member.seat
            if seat is None:
                raise Refusal("not_your_turn", "spectator_moves")
            move = _read_move(seat, message.move)
            if type(move) is Timeout:
                raise Refusal("illegal", "server_move")
            if message.move_no != self.move_no:
                self._refuse_stale(member, message, seat, move)
                return
            if not game.legal_moves(seat) and not isinstance(move, (Catch, CallUno)):
                raise Refusal("not_your_turn", "not_your_turn")
            try:
                await self._commit(seat, move)
            except IllegalMoveError as error:  # an out-of-turn UNO or catch too: the reason
                reason = self._explain(error, seat, member.lang)
                raise Refusal("illegal", "illegal", reason=reason) from None
            except MoveConflict:  # another process stored this move number first
                self._refuse_stale(member, message, seat, move)

    def _refuse_stale(
        self, member: Member, message: proto.MoveMessage, seat: int, move: Move
    ) -> None:
        """A move made on an older table: say why (already made, another seat first, or the
        table changed), then send the current state again."""
        last = self._last
        lang = member.lang
        code, text = "stale", say(lang, "stale")
        if last is not None and message.move_no == last.move_no - 1:
            try:
                same = last.seat == seat and normalize(move) == last.move
                was_legal = last.before.is_legal(seat, move) or last.before.is_misplay(seat, move)
            except UnoError:
                same = was_legal = False
            if same:
                text = say(lang, "duplicate")
            elif was_legal and last.seat != seat:
                names = self.names(lang)
                who = names[last.seat] if 0 <= last.seat < len(names) else str(last.seat)
                what = (
                    narrate(last.events[0], seat, lang, dict(enumerate(names)))
                    if last.events
                    else format_move_body(last.move)
                )
                code, text = "too_late", say(lang, "too_late", who=who, what=what)
        self._post(member, proto.refused(message.id, code, text))
        self._post(member, self._state_message(member, [], {}))

    def _new_match(self, replay: Iterable[tuple[int, str]] = ()) -> None:
        """Deal the match from the room's rules and seed; replay stored moves (a restart)."""
        game = Game(self.rules, self.seed)
        self._stand_ins = []
        for seat in range(self.rules.players):
            level = self.bots[seat] or self.bot_level
            options: dict[str, Any] = {}
            if level == "expert":
                options["time_ms"] = self.settings.expert_time_ms
            spec = self.settings.bot_spec(level)
            seed = (self.seed + 7919 * (seat + 1)) % SEED_RANGE
            try:
                bot = make_bot(spec, seed=seed, **options)
                bot.reset(seat, self.rules)
            except ValueError as error:
                # a model file gone since the server started, or a policy that cannot read
                # this deck's spaces (the learned bot at a No Mercy table: PolicyError)
                log.error(
                    "room %s: bot %r cannot play here (%s): strong plays", self.code, level, error
                )
                bot = make_bot("strong", seed=seed)
                bot.reset(seat, self.rules)
            slow = spec.startswith("policy:")
            self._stand_ins.append(
                _StandIn(bot, level, slow=slow, thinking=self.settings.max_thinking)
            )
        self._recent.clear()
        self._recent.append((self.move_no, list(game.deal_events)))
        self._last = None
        self._offered.clear()
        self.game = game
        for number, text in replay:
            seat, move = parse_move(text)
            color = game.active_color
            before = game.copy()
            events = game.apply(seat, move)
            self._tell(seat, move, color)
            self._last = _Last(before, seat, game.history[-1][1], events, number)
            self._recent.append((number, events))
        now = self.clock()
        self._changed_at = self._turn_started = self._round_over_since = self.touched = now
        self._round_started = now
        self._wake.set()

    async def _rematch(self) -> None:
        old = (self.seed, self.base, self.match_no)
        self.seed = self.new_seed()
        self.base = self.move_no + 1  # the deal is a move: it takes the next number
        self.match_no += 1
        try:
            await self._save()
        except Exception:
            self.seed, self.base, self.match_no = old
            raise
        self.move_no = self.base
        self.chat = []
        self._new_match()
        self._broadcast_room()
        self._broadcast_state(self._recent[-1][1])

    def _tell(self, seat: int, move: Move, color: Color | None) -> None:
        """Every stand-in bot is told the move (traded cards only to the two seats), and the
        bot of a seat a hand was just shown to is shown it (a challenge, a peek), as the
        table loop does (:func:`unokit.bots.table.apply_and_tell`)."""
        secret = isinstance(move, Play) and move.give
        for other, stand_in in enumerate(self._stand_ins):
            if secret and other not in (seat, getattr(move, "trade", None)):
                assert isinstance(move, Play)
                stand_in.observe(seat, replace(move, give=()), color)
            else:
                stand_in.observe(seat, move, color)
        game = self.game
        shown = game.revealed if game is not None else None
        if game is not None and shown is not None and 0 <= shown[0] < len(self._stand_ins):
            self._stand_ins[shown[0]].shown(game.view(shown[0]))

    async def _commit(self, seat: int, move: Move) -> list[Event]:
        """Apply a move (the caller holds the lock), store it, then announce it. Raises
        :class:`IllegalMoveError` (nothing changed), :class:`MoveConflict` (another process
        stored this move number first: the moves it lacked are applied, this one is not) or
        the storage's error (the move undone)."""
        game = self.game
        assert game is not None
        before = game.copy()
        color = game.active_color
        was = (game.current, game.round_no, game.round_over)
        events = game.apply(seat, move)
        applied = game.history[-1][1]
        try:
            await self.storage.add_move(self.code, self.move_no + 1, format_move(seat, applied))
        except MoveConflict:
            self.game = before
            await self._catch_up()
            raise
        except Exception:
            self.game = before
            raise
        self._announce(seat, applied, color, before, events, was)
        return events

    def _announce(
        self,
        seat: int,
        applied: Move,
        color: Color | None,
        before: Game,
        events: list[Event],
        was: tuple[int, int, bool],
    ) -> None:
        """A stored move is the room's next: tell the bots, keep it, announce it."""
        game = self.game
        assert game is not None
        was_current, was_round, was_over = was
        self.move_no += 1
        if seat != REFEREE:
            self._tell(seat, applied, color)
        self._last = _Last(before, seat, applied, events, self.move_no)
        self._recent.append((self.move_no, events))
        now = self.clock()
        self._changed_at = self.touched = now
        if seat == was_current or game.current != was_current or game.round_no != was_round:
            self._turn_started = now
        status_changed = game.round_over != was_over
        if status_changed:  # a round ended, or the next was dealt: nobody is ready yet
            self._round_over_since = now
            if not game.round_over:  # a round dealt: its match clock starts (match_clock)
                self._round_started = now
        took_over = self._took_over
        self._took_over = None
        if took_over is not None and took_over != (seat, self.move_no - 1):
            took_over = None
        self._broadcast_state(events, took_over[0] if took_over is not None else None)
        if status_changed:
            self._broadcast_room()
        self._wake.set()

    async def _catch_up(self) -> None:
        """Apply the moves other processes stored after :attr:`move_no` (the caller holds the
        lock)."""
        if self.game is None or not self.started:
            await self._sync()
            return
        for number, text in await self.storage.load_moves(self.code, self.move_no):
            if not self._apply_stored(number, text):
                await self._sync()
                return

    def _apply_stored(self, number: int, text: str) -> bool:
        """Apply a move another process stored; ``False`` when it does not follow (then the
        room is read again)."""
        game = self.game
        if game is None or number != self.move_no + 1:
            return False
        try:
            seat, move = parse_move(text)
            before = game.copy()
            color = game.active_color
            was = (game.current, game.round_no, game.round_over)
            events = game.apply(seat, move)
        except UnoError as error:
            log.error(
                "room %s: stored move %d %r does not apply: %s", self.code, number, text, error
            )
            return False
        self._announce(seat, game.history[-1][1], color, before, events, was)
        return True
