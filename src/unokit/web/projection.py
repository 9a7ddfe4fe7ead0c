"""What each connection of a room is told: the room message, its seat's view of the table (with
the legal moves, why each card cannot be played, the misplays), the narrated log, the clocks.
"""

from __future__ import annotations

import logging
from typing import Any

from unokit.cards import COLOR_OF, Color
from unokit.errors import IllegalMoveError
from unokit.events import Event
from unokit.game import Game, View
from unokit.moves import CHALLENGE, DRAW, PASS, REFEREE, Move, Play, Timeout
from unokit.narrator import explain, narrate, translations
from unokit.notation import format_move_body
from unokit.phase import Phase
from unokit.rule_words import preset_name
from unokit.rules import PRESETS
from unokit.scoring import match_ranking
from unokit.web import protocol as proto
from unokit.web.members import (
    Member,
)
from unokit.web.room_state import RoomState
from unokit.web.texts import (
    changed_from_preset,
    move_label,
    rules_lines,
    say,
)

__all__ = ["Projection"]

log = logging.getLogger("unokit.web")


def _reason(error: IllegalMoveError) -> str:
    """The engine's reason, without the move it quotes ("'0: play R5' is not allowed: ...")."""
    text = str(error)
    marker = " is not allowed: "
    return text.split(marker, 1)[1] if marker in text else text


class Projection(RoomState):
    """The room and the table as each member sees them (docs/web-protocol.md)."""

    def _room_message(self, member: Member) -> dict[str, Any]:
        lang = member.lang
        now = self.clock()
        names = self.names(lang)
        seats = []
        for seat in range(self.rules.players):
            holder = self.member_at(seat)
            at = self._bot_time(seat, now)
            seats.append(
                {
                    "seat": seat,
                    "name": names[seat],
                    "kind": self.seat_kind(seat),
                    "level": self.bots[seat],
                    "connected": holder is not None and self._present(holder),
                    "ready": holder is not None and self._ready(holder),
                    "away": holder is not None and not self._present(holder),
                    # a bot plays this seat now (a bot's seat, or a player gone too long)
                    "bot_plays": self.started and at is not None and at <= now,
                }
            )
        base = member.peer.base_url if member.peer is not None else ""
        rules = self.rules
        watchers = [
            {"id": m.watcher_id, "name": m.name, "connected": self._present(m)}
            for m in sorted(self.members.values(), key=lambda m: (m.joined, m.name))
            if m.seat is None
        ]
        return proto.message(
            "room",
            code=self.code,
            link=f"{base}/r/{self.code}#k={self.invite}",
            invite=f"{self.code}-{self.invite}",
            status=self.status,
            host=self.host,
            seats=seats,
            spectators=sum(1 for w in watchers if w["connected"]),
            watchers=watchers,
            watching=self.watching,
            locked=self.locked,
            bot_level=self.bot_level,
            bot_levels=list(self.settings.levels()),
            takeover=self.takeover if not rules.turn_time_limit else None,
            takeover_choices=list(self.settings.takeover_choices),
            rules={
                "preset": self.preset,
                "name": preset_name(self.preset, lang)[0] if self.preset in PRESETS else "",
                "changed": changed_from_preset(self.preset, rules),
                "lines": self._rules_lines(lang),
            },
            target=rules.target_score if rules.scoring != "none" else None,
            ready_in=self._ready_in(now),
        )

    def _ready_in(self, now: float) -> float | None:
        """Between rounds: seconds until the host may deal without the players not ready."""
        if self.status not in ("round_over", "match_over"):
            return None
        return max(0.0, round(self.settings.ready_timeout - (now - self._round_over_since), 1))

    def _rules_lines(self, lang: str) -> list[str]:
        """The rules in plain words (they never change in a room: worked out once a language)."""
        lines = self._lines.get(lang)
        if lines is None:
            lines = self._lines[lang] = rules_lines(self.rules, lang)
        return list(lines)

    def _broadcast_room(self, skip: Member | None = None) -> None:
        for member in self._connected():
            if member is not skip:
                self._post(member, self._room_message(member))

    def _view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's view as the browser gets it (docs/web-protocol.md, ``view``)."""
        game = self.game
        assert game is not None
        view = game.view(REFEREE if seat is None else seat)
        data = view.to_dict()
        names = self.names(lang)
        legal: list[dict[str, str]] = []
        if seat is None:
            data["seat"] = None
            data["legal_moves"] = []
        else:
            moves = [m for m in view.legal_moves if type(m) is not Timeout]
            pending = view.pending_draw if view.phase == Phase.PENALTY else 0
            data["legal_moves"] = [format_move_body(m) for m in moves]
            legal = [
                {"move": format_move_body(m), "label": move_label(m, lang, names, seat, pending)}
                for m in moves
            ]
        data["legal"] = legal
        data["unplayable"], data["misplays"] = self._unplayable(game, view, seat, lang)
        data["refused"] = self._refused(game, view, seat, lang)
        data["misplay_rule"] = self.rules.misplay
        data["names"] = names
        data["you"] = seat
        data["stack_total"] = view.pending_draw
        top = view.top
        wild_top = top is not None and COLOR_OF[top] < 0
        data["named_color"] = view.color.label if wild_top and view.color is not None else None
        data["catchable"] = list(view.catchable)
        # the seat to act names a colour for a colour roulette (No Mercy), not a start card
        data["roulette"] = view.roulette
        data["eliminated"] = list(view.eliminated)
        data["round_no"] = view.round_no
        data["target"] = self.rules.target_score if self.rules.scoring != "none" else None
        data["winner"] = game.winner
        data["match_ranking"] = list(game.match_ranking)
        data["match_over"] = game.match_over
        # once a round is over every hand is laid open and counted (000: the winner scores
        # the cards left in the others' hands); never while it is played
        data["hands_left"] = (
            [[card.code for card in hand] for hand in game.hands] if game.round_over else None
        )
        # between rounds, the seats in the order the match would rank them now (the scoring
        # system, then the cards left): the scores table's order
        data["standing"] = (
            match_ranking(
                self.rules,
                game.scores,
                [s for s in range(game.n) if not game.eliminated[s]],
                game.elimination_order,
                game.out_order,
                [len(hand) for hand in game.hands],
            )
            if game.round_over
            else None
        )
        return data

    def _unplayable(
        self, game: Game, view: View, seat: int | None, lang: str
    ) -> tuple[dict[str, str], dict[str, str]]:
        """Why each card of the hand cannot be played now (the engine's reason), and, under
        ``misplay = penalty_*``, the move that plays one anyway (a misplay the engine
        penalises), by card code."""
        if seat is None or not view.hand:
            return {}, {}
        playable = {c for m in view.legal_moves if type(m) is Play for c in m.cards}
        out: dict[str, str] = {}
        misplays: dict[str, str] = {}
        for card in dict.fromkeys(view.hand):
            if card in playable:
                continue
            move = Play(card, color=Color.RED if COLOR_OF[card] < 0 else None)
            try:
                game.verify(seat, move)
            except IllegalMoveError as error:
                out[card.code] = self._explain(error, seat, lang)
                if game.is_misplay(seat, move):
                    misplays[card.code] = format_move_body(move)
        return out, misplays

    def _refused(self, game: Game, view: View, seat: int | None, lang: str) -> dict[str, str]:
        """On the seat's own turn, why a turn's move it may not make is refused (the engine's
        reason): drawing (``draw_with_playable``, ``after_draw``...), keeping a drawn card,
        challenging a +4. The page shows these moves off, with the reason."""
        if seat is None or game.current != seat or game.round_over:
            return {}
        asked: list[Move] = [DRAW]
        if view.phase == Phase.AFTER_DRAW:
            asked.append(PASS)
        if view.phase == Phase.PENALTY:
            asked.append(CHALLENGE)
        out: dict[str, str] = {}
        legal = view.legal_moves
        for move in asked:
            if move in legal:
                continue
            try:
                game.verify(seat, move)
            except IllegalMoveError as error:
                out[format_move_body(move)] = self._explain(error, seat, lang)
        return out

    def _explain(self, error: IllegalMoveError, seat: int | None, lang: str) -> str:
        """The engine's reason told to ``seat`` in ``lang`` (names, "you", card names)."""
        if error.why is None:
            return translations(lang).gettext(_reason(error))
        return explain(error.why, seat, lang, names=dict(enumerate(self.names(lang))))

    def _deadline(self) -> float | None:
        """Seconds left on the turn timer, or ``None`` when no timer runs."""
        game = self.game
        limit = self.rules.turn_time_limit * self.settings.time_scale
        if game is None or not limit or game.round_over:
            return None
        seat = game.current
        if self.member_at(seat) is None:
            return None
        return max(0.0, round(self._turn_started + limit - self.clock(), 3))

    def _match_clock_at(self) -> float | None:
        """When the round's match clock runs out (``match_clock``, VARIANTS.md §2), or
        ``None`` when none runs (no clock, no round in play)."""
        game = self.game
        limit = self.rules.match_clock * self.settings.time_scale
        if game is None or not limit or not self.started or game.round_over:
            return None
        return self._round_started + limit

    def _match_clock_left(self) -> float | None:
        """Seconds left on the round's match clock, or ``None`` when none runs."""
        at = self._match_clock_at()
        return None if at is None else max(0.0, round(at - self.clock(), 3))

    def _takeover_in(self) -> float | None:
        """Seconds before a bot plays the current turn of a person who lets it run, or
        ``None`` when that cannot happen now (no takeover, a rule's timer, a bot's seat)."""
        at = self._takeover_at()
        return None if at is None else max(0.0, round(at - self.clock(), 3))

    def _takeover_at(self) -> float | None:
        game = self.game
        if (
            not self.takeover
            or self.rules.turn_time_limit
            or game is None
            or not self.started
            or game.round_over
        ):
            return None
        holder = self.member_at(game.current)
        if holder is None or not self._present(holder):
            return None
        if not [m for m in game.legal_moves(game.current) if type(m) is not Timeout]:
            return None
        return self._turn_started + self.takeover

    def _state_message(
        self,
        member: Member,
        events: list[Event],
        cache: dict[tuple[int | None, str], tuple[dict[str, Any], list[dict[str, Any]]]],
        took_over: int | None = None,
    ) -> dict[str, Any]:
        key = (member.seat, member.lang)
        if key not in cache:
            lang = member.lang
            names = dict(enumerate(self.names(lang)))
            lines = [
                {
                    "text": narrate(e, member.seat, lang, names),
                    "rule": e.rule,
                    "kind": e.kind,
                    "seat": e.seat,
                }
                for e in events
            ]
            if took_over is not None:
                if took_over == member.seat:
                    text = say(lang, "took_over_you")
                else:
                    text = say(lang, "took_over", name=names.get(took_over, str(took_over)))
                lines.insert(0, {"text": text, "rule": None, "kind": "takeover", "seat": took_over})
            cache[key] = (self._view(member.seat, lang), lines)
        view, lines = cache[key]
        return proto.message(
            "state",
            move_no=self.move_no,
            view=view,
            log=lines,
            deadline=self._deadline(),
            takeover=self._takeover_in(),
            match_clock=self._match_clock_left(),
        )

    def _broadcast_state(self, events: list[Event], took_over: int | None = None) -> None:
        """Every connection's state after ``events`` (``took_over``: the seat whose turn a
        bot just played because its person let it run)."""
        cache: dict[tuple[int | None, str], tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        for member in self._connected():
            self._post(member, self._state_message(member, events, cache, took_over))
