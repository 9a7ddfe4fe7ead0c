"""The game: a match of UNO rounds as a state machine (RULES.md §2-§8).

The engine answers, for any seat at any moment, which moves it may make now
(:meth:`Game.legal_moves`), including moves out of turn (calling UNO, catching, jumping in).
Applying a legal move changes the state and returns the events it caused; an illegal move
raises :class:`~unokit.errors.IllegalMoveError` saying why, and changes nothing.

:class:`Game` is the front: its state and the primitives every rule uses are
:class:`~unokit.state.State`'s; what may be done is :mod:`unokit.legality`'s, why not
:mod:`unokit.verify`'s; what a move does is the rule modules' (:mod:`unokit.play`,
:mod:`unokit.penalties`, :mod:`unokit.drawing`, :mod:`unokit.uno`, :mod:`unokit.offences`,
:mod:`unokit.rounds`). ``apply`` checks the move, then hands it to them.

>>> game = Game(Rules(players=3), seed=1)
>>> seat = game.current
>>> moves = game.legal_moves(seat)
>>> events = game.apply(seat, moves[0])
>>> game.copy() == game
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, SupportsIndex

from unokit import drawing, house, legality, offences, penalties, play, rounds, table, uno
from unokit import events as ev
from unokit.cards import Card, Color
from unokit.errors import IllegalMoveError, StateError, UnoError
from unokit.events import Event
from unokit.loading import load_record, load_state
from unokit.moves import (
    REFEREE,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Move,
    Pass,
    Penalty,
    Play,
    Timeout,
)
from unokit.notation import format_move, parse_move
from unokit.phase import Phase
from unokit.rng import SEED_LIMIT, checked_seed
from unokit.rules import Rules
from unokit.state import RoundEnded, State, View, copy_fields, setup_fields
from unokit.verify import reason

__all__ = ["Game", "Phase", "View", "replay"]


_PLAY: Final = Phase.PLAY
_PENALTY: Final = Phase.PENALTY


@dataclass(slots=True, init=False, eq=False, repr=False)
class Game(State):
    """A match of UNO under the given rules, dealt from ``seed``.

    Construction selects the dealer, deals and turns up the start card; the events of that
    deal are in :attr:`deal_events`. The fields (the whole state) are :class:`State`'s.
    """

    def __init__(self, rules: Rules | None = None, seed: SupportsIndex = 0) -> None:
        # (SupportsIndex: see Rng; a seed that is not a whole number from 0 to 2**64-1 is
        # refused with RulesError, compiled or not)
        rules = rules or Rules()
        setup_fields(
            self,
            rules,
            seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed),
        )
        rounds.select_first_dealer(self)
        try:
            rounds.deal(self)
        except RoundEnded:  # the start +2 ran the draw pile out under void_round (001)
            pass
        self.deal_events = self.move_events
        self.move_events = []

    @classmethod
    def blank(cls, rules: Rules, seed: SupportsIndex = 0) -> Game:
        """A game with every field as a new game has it, before the dealer is chosen and the
        cards are dealt: what a loader (``Game.from_dict``), a described table
        (:meth:`from_table`) or a sampled game (``sim.determinize``) fills in. A seed that is
        not a whole number from 0 to 2**64-1 is refused with RulesError."""
        game = _blank(cls)
        setup_fields(
            game,
            rules,
            seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed),
        )
        return game

    @classmethod
    def from_table(
        cls,
        rules: Rules,
        hands: list[list[Card]],
        draw_pile: list[Card],
        discard: list[Card] | None = None,
        *,
        color: Color | None = None,
        current: int = 0,
        direction: int = 1,
        dealer: int | None = None,
        seed: SupportsIndex = 0,
        uno_called: Iterable[int] = (),
        scores: list[int] | None = None,
    ) -> Game:
        """A game set up as described: the referee's starting point for a dispute.

        ``draw_pile`` is top first; ``discard`` bottom first (top last). With no discard, a
        start card is turned up from the draw pile as in a real deal. Cards the table does not
        place stay out of this round (the next deal gathers the whole deck). A seat holding
        one card that has not called UNO may be caught until the next action. Raises
        :class:`~unokit.errors.StateError` with the reason when the table is impossible.
        """
        return table.set_up(
            cls.blank,
            rules,
            hands,
            draw_pile,
            discard,
            color=color,
            current=current,
            direction=direction,
            dealer=dealer,
            seed=seed,
            uno_called=uno_called,
            scores=scores,
        )

    # -- legality ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (the referee's: dealing the next round).

        The list is computed once per state and seat (``apply`` asks again to check a move);
        treat it as read-only (``legality.listed``, written out: one call less a move)."""
        cache = self.legal_cache
        moves = cache.get(seat)
        if moves is None:
            moves = cache[seat] = legality.legal_moves(self, seat)
        return moves

    def is_legal(self, seat: int, move: Move) -> bool:
        if type(move) is Penalty:
            return legality.penalty_ok(self, seat, move)
        legal = self.legal_moves(seat)
        for listed in legal:  # most moves come from the list itself: no comparison needed
            if listed is move:
                return True
        return legality.normalize(move) in legal

    def verify(self, seat: int, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal now."""
        if not self.is_legal(seat, move):
            raise self._illegal(seat, move)

    def _illegal(self, seat: int, move: Move) -> IllegalMoveError:
        why = reason(self, seat, move)
        return IllegalMoveError(f"{format_move(seat, move)!r} is not allowed: {why}", why)

    def is_misplay(self, seat: int, move: Move) -> bool:
        """Whether ``move`` is a wrong play that the ``misplay`` option penalises rather than
        refuses: a card the seat holds, played on its own turn, that the rules do not allow."""
        if self.rules.misplay == "reject" or not isinstance(move, Play):
            return False
        # any phase of the seat's own turn but naming the start card's colour (RULES.md §7.9)
        if seat != self.current or self.phase > Phase.PENALTY or not 0 <= seat < self.n:
            return False
        if self.phase == Phase.CHOOSE_COLOR:
            return False
        hand = self._face_up(seat)  # (a card held face down cannot be played: blind_draw)
        for card in move.cards:
            if card not in hand:
                return False
            hand.remove(card)
        if self.is_legal(seat, move):
            return False
        # the cards may be played, only a detail is wrong (a colour, a target, an UNO flag):
        # that is refused with the reason, never penalised (RULES.md §6, §7.9)
        cards = sorted(move.cards)
        return not any(type(m) is Play and sorted(m.cards) == cards for m in self.legal_moves(seat))

    # -- applying moves ------------------------------------------------------------------------

    def apply(self, seat: int, move: Move) -> list[Event]:
        """Make a legal move; return the events it caused. Raises IllegalMoveError otherwise.

        Under ``misplay = penalty_end_turn``/``penalty_continue`` a wrong play by the seat whose
        turn it is is not refused but penalised (:meth:`is_misplay`)."""
        cls = type(move)
        legal = self.legal_cache.get(seat)
        listed = False
        if legal is not None and cls is not Deal:
            for other in legal:
                if other is move:
                    listed = True
                    break
        if not listed or (cls is Play and move.more):  # type: ignore[union-attr]
            return self._apply_checked(seat, move, cls)
        # the common case: a move of the legal list itself (found by identity), so legal and
        # in its canonical form; neither a deal nor several cards (whose order is kept).
        # _begin_move, written out (one call less for every move):
        events: list[Event] = []
        self.move_events = events
        self.revealed = None
        self.legal_cache = {}
        if True in self.called:
            uno.lapse_calls(self, seat)
        sizes = [len(h) for h in self.hands] if self.settling else None
        turn = self.current
        try:
            if cls is Play:
                if True in self.window:  # a play closes every catch window
                    uno.close_catch_windows(self, Play)
                play.resolve_play(self, seat, move)  # type: ignore[arg-type]
            else:
                self._dispatch(seat, move)
            if self.rules.mercy_limit:
                rounds.knock_out(self)
        except RoundEnded:
            pass
        if sizes is not None:  # the house rules acting after every move (VARIANTS.md §2)
            house.settle(self, sizes, turn)
        self.history.append((seat, move))
        self.move_events = []
        if self.legal_cache:  # asked for during the move: of a state that is gone
            self.legal_cache = {}
        return events

    def _begin_move(self, seat: int) -> list[Event]:
        """The state starts to change for a move of ``seat``: a fresh event list (returned),
        no hand shown, no cached legal moves, and UNO calls made before a second-to-last
        card lapse at another seat's action (RULES.md §6)."""
        events: list[Event] = []
        self.move_events = events
        self.revealed = None
        self.legal_cache = {}
        if True in self.called:
            uno.lapse_calls(self, seat)
        return events

    def _apply_checked(self, seat: int, move: Move, cls: type) -> list[Event]:
        """``apply`` for any move: normalised, checked (or penalised as a misplay)."""
        if cls is Play and (move.more or move.give):  # type: ignore[union-attr]
            written = move
            move = legality.normalize(move)
            if move.more:  # type: ignore[union-attr]
                # several cards go down in the order written, the last on top (RULES.md §7.6)
                assert isinstance(written, Play) and isinstance(move, Play)
                move = replace(move, card=written.card, more=written.more)
        misplay = False
        listed = False
        if cls is not Penalty:  # most moves come from the legal list itself: found by identity
            legal = self.legal_cache.get(seat)
            if legal is None:
                legal = self.legal_moves(seat)
            for other in legal:
                if other is move:
                    listed = True
                    break
        if not listed and not self.is_legal(seat, move):
            misplay = self.is_misplay(seat, move)
            if not misplay:
                raise self._illegal(seat, move)
        # a deal is all-or-nothing: if it fails, the finished round stays as it was
        backup = self.copy() if cls is Deal else None
        events = self._begin_move(seat)
        sizes = [len(h) for h in self.hands] if self.settling else None
        turn = self.current
        try:
            if misplay:
                assert isinstance(move, Play)
                offences.misplay(self, seat, move)
            elif cls is Play:
                uno.close_catch_windows(self, Play)
                play.resolve_play(self, seat, move)  # type: ignore[arg-type]
            else:
                self._dispatch(seat, move)
            if self.rules.mercy_limit:
                rounds.knock_out(self)
        except RoundEnded:
            pass
        except Exception:
            if backup is not None:
                copy_fields(backup, self)
                self.move_events = []
            raise
        if sizes is not None:  # the house rules acting after every move (VARIANTS.md §2)
            house.settle(self, sizes, turn)
        self.history.append((seat, move))
        self.move_events = []
        self.legal_cache = {}
        return events

    def _dispatch(self, seat: int, move: Move) -> None:
        cls = type(move)
        if True in self.window:
            uno.close_catch_windows(self, cls)
        if cls is Draw or cls is Pass:  # the commonest after plays (which apply carries out)
            self.jump = None
            if cls is Pass:
                self.drawn = None
                self.phase = _PLAY
                step = (seat + self.direction) % self.n
                self.current = current = step if self.in_round[step] else self.next_seat(seat)
                self.move_events.append(ev.kept(seat, current))
            elif self.phase == _PENALTY:
                penalties.take_penalty(self, seat)
            else:
                drawing.voluntary_draw(self, seat)
            return
        if cls is Play:
            assert isinstance(move, Play)
            play.resolve_play(self, seat, move)
            return
        if cls is not CallUno and cls is not Catch and cls is not Penalty:
            self.jump = None
        if cls is Challenge:
            penalties.challenge(self, seat)
        elif cls is CallUno:
            uno.call_uno(self, seat)
        elif cls is Catch:
            assert isinstance(move, Catch)
            uno.catch(self, seat, move.target)
        elif cls is ChooseColor:
            assert isinstance(move, ChooseColor)
            if self.roulette:  # the victim of a colour roulette names its colour
                play.spin_roulette(self, seat, move.color)
                return
            self.color = int(move.color)
            self.phase = Phase.PLAY
            self.emit(ev.ColorChosen(seat, move.color))
        elif cls is Timeout:
            if seat == REFEREE:  # the match clock ran out (match_clock, VARIANTS.md §2)
                rounds.clock_out(self)
            else:
                offences.timeout(self, seat)
        elif cls is Penalty:
            assert isinstance(move, Penalty)
            offences.table_penalty(self, move)
        elif cls is Deal:
            rounds.next_round(self)

    # -- views, copies, serialisation ----------------------------------------------------------

    def _face_up(self, seat: int) -> list[Card]:
        """``seat``'s hand as it sees it: less the cards it holds face down (``blind_draw``)."""
        if self.face_down[seat]:
            return house.face_up_hand(self, seat)
        return list(self.hands[seat])

    def view(self, seat: int) -> View:
        """What ``seat`` may see now (``REFEREE`` sees no hand)."""
        revealed: dict[int, tuple[Card, ...]] = {}
        if self.revealed is not None and self.revealed[0] == seat:
            revealed = dict(self.revealed[1])
        own = 0 <= seat < self.n
        return View(
            seat=seat,
            hand=tuple(self._face_up(seat)) if own else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.top,
            color=self.active_color,
            direction=self.direction,
            current=self.to_act if self.phase < Phase.ROUND_OVER else None,
            phase=self.phase,
            pending_draw=self.pending_draw,
            draw_pile_size=len(self.draw_pile),
            discard=tuple(self.discard),
            uno_called=tuple(self.called),
            in_round=tuple(self.in_round),
            dealer=self.dealer,
            scores=tuple(self.scores),
            revealed=revealed,
            drawn_card=self.drawn if seat == self.current else None,
            legal_moves=tuple(self.legal_moves(seat)),
            rules=self.rules,
            catchable=tuple(s for s in range(self.n) if self.catchable(s)),
            jump=self.jump,
            stack=tuple((e.seat, e.card, e.color) for e in self.stack),
            round_no=self.round_no,
            eliminated=tuple(self.eliminated),
            seating=tuple(self.seating),
            group=self.tops or (),
            open_hands=house.open_hands(self),
            face_down=len(self.face_down[seat]) if own else 0,
            knocked_out=tuple(self.knocked_out),
            roulette=self.roulette,
        )

    def waiting_seats(self) -> list[int]:
        """Seats other than the one to act that may act now (call UNO, catch, jump in)."""
        if self.phase >= Phase.ROUND_OVER:
            return []
        rules = self.rules
        quick = (
            self.jump is None
            and not rules.false_catch_penalty
            and not rules.false_uno_penalty
            and not any(self.window)
            and not any(len(h) == 1 and not c for h, c in zip(self.hands, self.called, strict=True))
        )
        if quick:
            return []
        return [
            s
            for s in range(self.n)
            if s != self.current and self.in_round[s] and legality.legal_moves(self, s)
        ]

    def copy(self) -> Game:
        """An independent copy (cheap: lists are copied, cards and moves are shared)."""
        new = _blank(Game)
        copy_fields(self, new)
        return new

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Load a state written by :meth:`to_dict`. Every field is checked (types, ranges,
        cards adding up to the deck, seats, phase): anything else raises
        :class:`~unokit.errors.StateError` naming the field (:mod:`unokit.record`)."""
        game: Game = load_state(data, cls.blank)
        return game

    def record(self) -> dict[str, Any]:
        """The game record: rules, seed, the described table if any, and every move, as JSON
        data. :meth:`from_record` replays it to an equal game.

        >>> game = Game(Rules(players=2), seed=3)
        >>> Game.from_record(game.record()) == game
        True
        """
        return {
            "format": "unokit-record-1",
            "rules": self.rules.to_dict(changed_only=True),
            "seed": self.seed,
            "table": self.origin,
            "moves": [format_move(s, m) for s, m in self.history],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record written by :meth:`record`; a record that is malformed, or holds a
        move that is not allowed when it comes, raises :class:`~unokit.errors.StateError`."""
        game, moves = load_record(record, cls, cls.blank)
        replay(game, moves)
        return game

    def summary(self) -> dict[str, Any]:
        """The table as the referee reports it (``unokit judge --json``'s ``state``)."""
        return table.summary(self)


# a Game not set up (its __init__ not run), for blank and copy: ``Game.__new__`` taken as a
# value, which mypyc also compiles (it refuses a call of ``cls.__new__`` on a native class)
_blank: Callable[[type[Game]], Game] = Game.__new__


def _seed(seed: SupportsIndex) -> int:
    """A game's seed: a whole number from 0 to 2**64-1 (``SupportsIndex``: see ``Rng``; else
    RulesError, compiled or not)."""
    return seed if type(seed) is int and 0 <= seed < SEED_LIMIT else checked_seed(seed)


def replay(game: Game, moves: list[str]) -> list[list[Event]]:
    """Apply a record's moves (notation) to ``game``; the events of each. A move that is not
    allowed when it comes raises :class:`StateError` naming it (``moves[i]``)."""
    events = []
    for i, text in enumerate(moves):
        try:
            events.append(game.apply(*parse_move(text)))
        except UnoError as error:
            raise StateError(f"moves[{i}]: {error}") from None
    return events
