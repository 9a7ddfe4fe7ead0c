"""Hidden information: in whole matches of every preset, no message to a seat or a spectator
holds another seat's hand, the order of the draw pile, or the seed.

Every seat is a bot but the observed ones: seat 0 (a person who plays its first legal move and
deals the next round as the host) and a spectator. Each message is checked the moment the room
posts it, against the engine's table at that moment:

- a ``state``'s view is the engine's own view of that seat (the referee's for a spectator: no
  hand), and its additions only speak of the seat's own cards and legal moves; every hand is
  laid open (``hands_left``) once a round is over, never before;
- no other seat's hand (five cards or more: shorter lists turn up by chance) and no run of six
  cards from the top of the draw pile appears anywhere in the message, in any order the JSON
  could hold them; a hand the engine itself shows the seat (a peek, a challenge) is allowed;
- another seat's drawn cards are never named in the narrated log;
- the seed appears nowhere.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest

from unokit.events import Drew
from unokit.moves import REFEREE, Timeout
from unokit.narrator import card_name
from unokit.notation import format_move_body
from unokit.rules import PRESETS
from unokit.web.room import Room

from .conftest import FakePeer, managed_rooms, msg, until

#: what a state's view may hold: the engine's view and the server's additions
VIEW_KEYS = {
    "seat", "hand", "hand_sizes", "top", "color", "direction", "current", "phase",
    "pending_draw", "draw_pile", "discard", "uno_called", "in_round", "dealer", "scores",
    "revealed", "drawn_card", "legal_moves", "legal", "unplayable", "names", "you",
    "stack_total", "named_color", "catchable", "eliminated", "round_no", "target", "winner",
    "match_ranking", "match_over", "hands_left", "misplays", "misplay_rule", "standing", "refused",
    "open_hands", "face_down", "roulette",
}  # fmt: skip


class Observer:
    """Checks every message posted to one seat (``None``: a spectator) of ``room``."""

    def __init__(self, room: Room, seat: int | None, lang: str = "en") -> None:
        self.room = room
        self.seat = seat
        self.lang = lang
        self.checked = 0

    def __call__(self, message: dict[str, Any]) -> None:
        self.checked += 1
        room, seat = self.room, self.seat
        text = json.dumps(message, ensure_ascii=False)
        assert str(room.seed) not in text
        game = room.game
        if game is None or not room.started:
            return
        revealed: set[int] = set()
        if message["type"] == "state":
            view = message["view"]
            assert set(view) == VIEW_KEYS
            expected = game.view(REFEREE if seat is None else seat).to_dict()
            for key, value in expected.items():
                if key not in ("seat", "legal_moves"):
                    assert view[key] == value, key
            own = expected["hand"] if seat is not None else []
            assert view["hand"] == own
            assert set(view["unplayable"]) <= set(own)
            assert set(view["misplays"]) <= set(view["unplayable"])
            legal = (
                {format_move_body(m) for m in game.legal_moves(seat) if type(m) is not Timeout}
                if seat is not None
                else set()
            )
            assert {m["move"] for m in view["legal"]} == legal == set(view["legal_moves"])
            revealed = {int(s) for s in view["revealed"]}
            if game.round_over:  # the round is counted in the open
                assert view["hands_left"] == [[c.code for c in h] for h in game.hands]
                revealed = set(range(game.n))
            else:
                assert view["hands_left"] is None
            events = room._recent[-1][1] if room._recent else []
            if message["log"] and len(events) == len(message["log"]):
                for event, line in zip(events, message["log"], strict=True):
                    if isinstance(event, Drew) and (event.seat != seat or event.blind):
                        for card in event.cards:
                            assert card_name(card, self.lang) not in line["text"], line
        for other in range(game.n):
            hand = [c.code for c in game.hands[other]]
            if other == seat or other in revealed or len(hand) < 5:
                continue
            if seat is not None and sorted(hand) == sorted(c.code for c in game.hands[seat]):
                continue
            for order in (hand, hand[::-1]):
                assert json.dumps(order, ensure_ascii=False)[1:-1] not in text, (other, message)
        pile = [c.code for c in reversed(game.draw_pile)]  # top first
        if len(pile) >= 6:
            for run in (pile[:6], pile[:6][::-1], pile[-6:], pile[-6:][::-1]):
                assert json.dumps(run)[1:-1] not in text


async def play_match(
    preset: str, first_seed: int, changes: dict[str, Any] | None = None
) -> tuple[Observer, Observer]:
    async with managed_rooms(first_seed=first_seed) as rooms:
        players = PRESETS[preset].get("players", 4)
        bots = [None] + ["basic" if s % 2 else "random" for s in range(1, players)]
        room, token = await rooms.create("Ann", preset, changes or {}, players, bots)
        seat0 = Observer(room, 0, "zh-Hant" if first_seed % 2 else "en")
        spectator = Observer(room, None)
        host = await room.connect(token, FakePeer(seat0), seat0.lang)
        eve_token, _ = await rooms.join(room.code, "Eve", True)
        await room.connect(eve_token, FakePeer(spectator), "en")
        await room.handle(host, msg("start", token))

        def waiting(acted: int) -> bool:
            game = room.game
            return room.status != "playing" or (
                game is not None and game.current == 0 and room.move_no != acted
            )

        acted = -1
        while True:
            await until(partial(waiting, acted), timeout=60)
            game = room.game
            assert game is not None
            if room.status == "match_over":
                break
            if room.status == "round_over":
                await room.handle(host, msg("next", token))
                continue
            acted = room.move_no
            move = next(m for m in game.legal_moves(0) if type(m) is not Timeout)
            await room.handle(host, msg("move", token, move_no=acted, move=format_move_body(move)))
        assert room.game is not None and room.game.match_over
        return seat0, spectator


@pytest.mark.parametrize("preset", list(PRESETS))
async def test_no_message_shows_what_the_viewer_may_not_see(preset: str) -> None:
    seat0, spectator = await play_match(
        preset, first_seed=7_340_591_866_203 + 1000 * list(PRESETS).index(preset)
    )
    assert seat0.checked > 50 and spectator.checked > 50


async def test_cards_drawn_face_down_are_not_shown_even_to_their_drawer() -> None:
    """blind_draw (VARIANTS.md §2): the drawer's own view counts them, never names them."""
    seat0, spectator = await play_match("official", 7_340_591_990_001, {"blind_draw": True})
    assert seat0.room.game is not None and seat0.room.game.rules.blind_draw
    assert seat0.checked > 50 and spectator.checked > 50
