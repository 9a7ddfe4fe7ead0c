"""The room logic without a server (docs/web-protocol.md): lobby, host, bots, moves in order,
refusals, out-of-turn races, absence, timers, rounds, rematches, spectators, restarts."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from unokit import Game, Rules, parse_card
from unokit.errors import RulesError
from unokit.moves import REFEREE, TIMEOUT, Timeout
from unokit.notation import format_move_body
from unokit.web.room import Member, Refusal, Room
from unokit.web.rooms import Rooms
from unokit.web.storage import StorageError

from .conftest import FakePeer, install, managed_rooms, msg, open_room, until


def table(
    hands: list[str],
    draw: str = "Y1 Y2 Y3 Y4 Y5 Y6",
    top: str = "R1",
    current: int = 0,
    uno_called: tuple[int, ...] = (),
    **rules: Any,
) -> Game:
    preset = rules.pop("preset", "official")
    return Game.from_table(
        Rules.preset(preset, players=len(hands), **rules),
        [[parse_card(c) for c in h.split()] for h in hands],
        [parse_card(c) for c in draw.split()],
        [parse_card(top)],
        current=current,
        uno_called=uno_called,
    )


async def join(
    rooms: Rooms, room: Room, name: str, spectate: bool = False
) -> tuple[str, FakePeer, Member]:
    token, _ = await rooms.join(room.code, name, spectate)
    peer = FakePeer()
    member = await room.connect(token, peer, "en")
    return token, peer, member


async def full_table(
    rooms: Rooms, game: Game | None = None, **kw: Any
) -> tuple[Room, list[tuple[str, FakePeer, Member]]]:
    """A started room of three people (Ann the host, Bob, Cy) and no bots."""
    room, token, peer, member = await open_room(rooms, players=3, **kw)
    people = [(token, peer, member)]
    for name in ("Bob", "Cy"):
        people.append(await join(rooms, room, name))
    await room.handle(member, msg("start", token))
    if game is not None:
        install(room, game)
    return room, people


def refusal(peer: FakePeer) -> tuple[str, str]:
    last = peer.last("refused")
    return last["code"], last["message"]


# -- the lobby ---------------------------------------------------------------------------------


async def test_create_join_and_the_room_message(rooms: Rooms) -> None:
    room, _, peer, _ = await open_room(rooms, players=3, bots=[None, "basic", None])
    welcome = peer.last("welcome")
    assert welcome["you"] == {"seat": 0, "name": "Ann", "host": True, "role": "player"}
    info = peer.last("room")
    assert info["code"] == room.code and info["status"] == "lobby" and info["host"] == 0
    assert info["link"] == f"http://t/r/{room.code}#k={room.invite}"
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "empty"]
    assert info["seats"][1]["level"] == "basic"
    assert info["rules"]["preset"] == "official" and info["rules"]["changed"] == {"players": 3}
    assert info["rules"]["lines"] and info["target"] == 500
    assert len(room.code) == 6 and set(room.code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ")

    token, seat = await rooms.join(room.code, "Bob", False)
    assert seat == 2 and len(token) == 32
    assert peer.last("room")["seats"][2] | {"seat": 2} == {
        "seat": 2,
        "name": "Bob",
        "kind": "human",
        "level": None,
        "connected": False,
        "ready": False,
        "away": True,
        "bot_plays": False,
    }
    # no empty seat left: the bot of seat 1 gives its seat to a person (19.8), saved
    _, seat = await rooms.join(room.code, "Cy", False)
    assert seat == 1 and room.bots == [None, None, None]
    stored = await rooms.storage.load_room(room.code)
    assert stored is not None and stored.room.bots == [None, None, None]
    _, seat = await rooms.join(room.code, "Dee", False)
    assert seat is None  # every seat a person's: a spectator
    _, spectator_peer, eve = await join(rooms, room, "Eve", spectate=True)
    assert eve.seat is None and spectator_peer.last("welcome")["you"]["role"] == "spectator"
    assert peer.last("room")["spectators"] == 1  # connected ones (Dee is not)


async def test_bad_rules_are_refused_with_the_engines_message(rooms: Rooms) -> None:
    with pytest.raises(RulesError, match="stacking = 'sometimes' is not allowed"):
        await rooms.create("Ann", "official", {"stacking": "sometimes"}, 4)
    with pytest.raises(RulesError, match="set challenge = false"):
        await rooms.create("Ann", "official", {"wd4_rule": "anytime"}, 4)
    with pytest.raises(RulesError, match="preset"):
        await rooms.create("Ann", "nonsense", {}, 4)
    with pytest.raises(RulesError, match="bots\\[0\\]"):
        await rooms.create("Ann", "official", {}, 4, ["basic"])
    with pytest.raises(RulesError, match="bots lists 5 seats"):
        await rooms.create("Ann", "official", {}, 4, [None] * 5)


async def test_only_the_host_sets_bots_and_starts(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=4, bots=[None, "basic"])
    bob_token, bob_peer, bob = await join(rooms, room, "Bob")
    assert bob.seat == 2
    await room.handle(bob, msg("set_bot", bob_token, seat=3, level="expert", id=5))
    assert bob_peer.last("refused")["id"] == 5 and refusal(bob_peer)[0] == "not_host"
    await room.handle(bob, msg("start", bob_token))
    assert refusal(bob_peer) == ("not_host", "Only the host can do that.")
    await room.handle(host, msg("set_bot", token, seat=2, level="basic"))
    assert refusal(peer) == ("bad_seat", "Seat 2 holds a player.")
    await room.handle(host, msg("set_bot", token, seat=7, level="basic"))
    assert refusal(peer) == ("bad_seat", "There is no seat 7.")
    await room.handle(host, msg("set_bot", token, seat=1, level=None))
    await room.handle(host, msg("set_bot", token, seat=3, level="random"))
    assert [s["kind"] for s in bob_peer.last("room")["seats"]] == ["human", "empty", "human", "bot"]

    await room.handle(host, msg("start", token))
    assert room.status == "playing"
    assert room.bots == [None, "strong", None, "random"]  # the empty seat got the room's level
    assert bob_peer.last("room")["status"] == "playing"
    assert bob_peer.last("state")["view"]["you"] == 2
    await room.handle(host, msg("start", token))
    assert refusal(peer) == ("not_now", "The match has already started.")
    await room.handle(host, msg("set_bot", token, seat=1, level="basic"))
    assert refusal(peer)[0] == "not_now"


async def test_seats_change_in_the_lobby_and_the_host_moves_with_theirs(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=4)
    bob_token, bob_peer, bob = await join(rooms, room, "Bob")
    await room.handle(bob, msg("take_seat", bob_token, seat=3))
    assert bob.seat == 3 and bob_peer.last("welcome")["you"]["seat"] == 3
    await room.handle(bob, msg("take_seat", bob_token, seat=0))
    assert refusal(bob_peer) == ("bad_seat", "Seat 0 is not free.")
    await room.handle(host, msg("take_seat", token, seat=2))
    assert room.host == 2 and host.seat == 2
    assert peer.last("room")["host"] == 2
    await room.handle(host, msg("take_seat", token, seat=9))
    assert refusal(peer) == ("bad_seat", "There is no seat 9.")


async def test_kick_in_the_lobby_and_in_play(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=3)
    bob_token, bob_peer, bob = await join(rooms, room, "Bob")
    cy_token, cy_peer, cy = await join(rooms, room, "Cy")
    await room.handle(bob, msg("kick", bob_token, seat=2))
    assert refusal(bob_peer)[0] == "not_host"
    await room.handle(host, msg("kick", token, seat=0))
    assert refusal(peer) == ("bad_seat", "You cannot remove yourself.")
    await room.handle(host, msg("kick", token, seat=1))
    assert bob_peer.closed == (4001, "removed by the host")
    assert room.seat_kind(1) == "empty"
    with pytest.raises(Refusal):  # the kicked player's token opens nothing any more
        await room.connect(bob_token, FakePeer(), "en")
    await room.handle(host, msg("kick", token, seat=1))
    assert refusal(peer) == ("bad_seat", "Seat 1 holds no player.")

    await room.handle(host, msg("start", token))
    await room.handle(host, msg("kick", token, seat=2))
    assert cy_peer.closed is not None and room.seat_kind(2) == "bot"
    assert room.bots[2] == "strong"
    await room.handle(cy, msg("ping", cy_token))  # a removed member's messages are refused
    assert cy_peer.of("pong") == []


# -- moves -------------------------------------------------------------------------------------


async def test_a_move_is_applied_announced_to_all_and_stored(rooms: Rooms) -> None:
    game = table(["R5 G7", "R6 G1", "B1 B2"])
    room, people = await full_table(rooms, game)
    (ann_t, ann_p, ann), (_, bob_p, _), (_, cy_p, _) = people
    stored_before = room.move_no
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5", id=1))
    assert room.move_no == stored_before + 1
    for peer in (ann_p, bob_p, cy_p):
        state = peer.last("state")
        assert state["move_no"] == room.move_no
        assert state["view"]["top"] == "R5"
    assert ann_p.last("state")["log"][0]["text"] == "You play red 5"
    assert bob_p.last("state")["log"][0]["text"] == "Ann plays red 5"
    assert ann_p.last("state")["log"][0]["kind"] == "play"
    [stored] = [s for s in await room.storage.load_rooms() if s.room.code == room.code]
    assert stored.moves[-1] == (room.move_no, "0: play R5")


async def test_the_cards_alone_mean_a_play(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7", "R6 G1", "B1 B2"]))
    ann_t, _, ann = people[0]
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move=" r5 "))
    assert room.game is not None and room.game.top == parse_card("R5")


async def test_refusals_of_moves(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7 Y9", "R6 G1", "B1 B2"], preset="party"))
    (ann_t, ann_p, ann), (bob_t, bob_p, bob), _ = people
    n = room.move_no
    await room.handle(ann, msg("move", ann_t, move_no=n, move="play G7", id=3))
    code, text = refusal(ann_p)
    assert code == "illegal" and text.startswith("That move is not allowed: green 7 does not match")
    assert ann_p.last("refused")["id"] == 3
    await room.handle(ann, msg("move", ann_t, move_no=n, move="play R9"))
    assert refusal(ann_p)[0] == "illegal"  # not in the hand
    await room.handle(ann, msg("move", ann_t, move_no=n, move="fly away"))
    code, text = refusal(ann_p)
    assert code == "illegal" and text.startswith("That is not a move: ")
    await room.handle(ann, msg("move", ann_t, move_no=n, move="timeout"))
    assert refusal(ann_p) == ("illegal", "The server's clock decides when time runs out.")
    await room.handle(bob, msg("move", bob_t, move_no=n, move="draw"))
    assert refusal(bob_p) == ("not_your_turn", "It is not your turn.")
    await room.handle(ann, msg("move", ann_t, move_no=n + 5, move="play R5"))
    assert refusal(ann_p) == ("stale", "The table changed before your move arrived.")
    assert ann_p.messages[-1]["type"] == "state"  # the current table again
    assert room.move_no == n

    _, eve_p, eve = await join(rooms, room, "Eve", spectate=True)
    eve_token = next(t for t, m in room.members.items() if m is eve)
    await room.handle(eve, msg("move", "x", move_no=n, move="draw"))
    assert refusal(eve_p)[0] == "not_your_turn"
    assert eve_token  # a spectator place has its own token too


async def test_a_move_sent_twice_is_applied_once(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7", "R6 G1", "B1 B2"]))
    ann_t, ann_p, ann = people[0]
    n = room.move_no
    move = msg("move", ann_t, move_no=n, move="play R5")
    await asyncio.gather(room.handle(ann, move), room.handle(ann, move))
    assert room.move_no == n + 1
    assert refusal(ann_p) == ("stale", "This move was already made.")


async def test_of_two_catches_at_once_the_first_wins_and_the_other_is_told(rooms: Rooms) -> None:
    # Ann holds one card and has not called UNO: Bob and Cy both catch her at the same moment
    room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"], current=1))
    (_, ann_p, _), (bob_t, bob_p, bob), (cy_t, cy_p, cy) = people
    n = room.move_no
    await asyncio.gather(
        room.handle(bob, msg("move", bob_t, move_no=n, move="catch 0")),
        room.handle(cy, msg("move", cy_t, move_no=n, move="catch 0")),
    )
    assert room.move_no == n + 1
    assert room.game is not None and len(room.game.hands[0]) == 3  # caught once: +2
    assert ann_p.last("state")["log"][0]["kind"] == "caught"
    code, text = refusal(cy_p)
    assert code == "too_late"
    assert text.startswith("Too late: Bob acted first (Bob catches Ann")
    assert not bob_p.of("refused")


async def test_views_legal_moves_labels_and_unplayable_cards(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5 G7 W", "R6 G1", "B1 B2"]))
    _, ann_p, _ = people[0]
    _, eve_p, _ = await join(rooms, room, "Eve", spectate=True)
    view = ann_p.last("state")["view"]
    assert view["hand"] == ["R5", "G7", "W"] and view["you"] == 0 and view["seat"] == 0
    assert view["names"] == ["Ann", "Bob", "Cy"]
    assert {"move": "play R5", "label": "Play red 5"} in view["legal"]
    assert {"move": "play W blue", "label": "Play wild · name blue"} in view["legal"]
    assert {"move": "draw", "label": "Draw a card"} in view["legal"]
    assert [m["move"] for m in view["legal"]] == view["legal_moves"]
    assert list(view["unplayable"]) == ["G7"]
    assert "green 7 does not match the top card red 1" in view["unplayable"]["G7"]
    assert view["hand_sizes"] == [3, 2, 2]
    assert view["named_color"] is None and view["stack_total"] == 0
    assert view["target"] == 500 and view["round_no"] == 1 and view["winner"] is None
    seen = eve_p.last("state")["view"]
    assert seen["hand"] == [] and seen["you"] is None and seen["seat"] is None
    assert seen["legal"] == [] and seen["legal_moves"] == [] and seen["unplayable"] == {}
    assert eve_p.last("welcome")["you"]["role"] == "spectator"


async def test_a_wild_on_the_pile_shows_its_colour(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["W G7", "R6 G1", "B1 B2"]))
    ann_t, _ann_p, ann = people[0]
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play W green"))
    view = people[1][1].last("state")["view"]
    assert view["top"] == "W" and view["named_color"] == "green" and view["color"] == "green"


# -- bots, absence, timers, the host -----------------------------------------------------------


async def drive(
    room: Room, players: dict[int, tuple[str, Member]], stop: Callable[[], bool] | None = None
) -> None:
    """Play the people's turns (their first legal move) until ``stop()`` or the round ends."""

    def done() -> bool:
        return room.status != "playing" or (stop is not None and stop())

    def ready(acted: int) -> bool:
        game = room.game
        return done() or (game is not None and game.current in players and room.move_no != acted)

    acted = -1
    while not done():
        await until(partial(ready, acted))
        if done():
            return
        assert room.game is not None
        seat = room.game.current
        token, member = players[seat]
        move = next(m for m in room.game.legal_moves(seat) if type(m) is not Timeout)
        acted = room.move_no
        await room.handle(member, msg("move", token, move_no=acted, move=format_move_body(move)))


async def test_bots_fill_the_empty_seats_and_play_a_round(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=4, bots=[None, "random"])
    await room.handle(host, msg("start", token))
    assert room.bots == [None, "random", "strong", "strong"]
    await drive(room, {0: (token, host)})
    assert room.status in ("round_over", "match_over")
    texts = [line["text"] for s in peer.of("state") for line in s["log"]]
    assert any(t.startswith("Bot 3 ") for t in texts) and any(t.startswith("Bot 2 ") for t in texts)
    assert peer.last("room")["status"] == room.status


async def test_an_expert_bot_thinks_off_the_event_loop() -> None:
    async with managed_rooms(expert_time_ms=20.0) as rooms:
        room, token, peer, host = await open_room(rooms, players=2, bots=[None, "expert"])
        await room.handle(host, msg("start", token))
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        ticker = asyncio.create_task(tick())
        start = room.move_no
        await drive(room, {0: (token, host)}, lambda: room.move_no >= start + 6)
        ticker.cancel()
        texts = [line["text"] for st in peer.of("state") for line in st["log"]]
        assert any(t.startswith("Bot 2 ") for t in texts)
        assert ticks > 0


async def test_an_absent_player_is_played_by_a_bot_and_given_back() -> None:
    async with managed_rooms(grace=0.05) as rooms:
        room, token, peer, host = await open_room(rooms, players=2)
        bob_token, _ = await rooms.join(room.code, "Bob", False)
        await room.handle(host, msg("start", token))
        # Bob never came: after the grace period a bot plays his turns
        players = {0: (token, host)}

        def bob_moved() -> bool:
            return room.game is not None and any(seat == 1 for seat, _ in room.game.history)

        await drive(room, players, bob_moved)
        if room.status != "playing":
            pytest.skip("the round ended before Bob's turn")  # pragma: no cover - seed-dependent
        assert peer.last("room")["seats"][1]["bot_plays"]
        bob_peer = FakePeer()
        bob = await room.connect(bob_token, bob_peer, "en")
        assert room._bot_time(1, room.clock()) is None
        assert not peer.last("room")["seats"][1]["bot_plays"]
        # from now on nobody plays Bob's turns but Bob
        await drive(room, players, lambda: room.game is not None and room.game.current == 1)
        if room.status == "playing":
            plan = room._plan(room.clock())
            assert plan is None or getattr(plan[1], "args", (None,))[0] != 1
            number = room.move_no
            await drive(room, {**players, 1: (bob_token, bob)}, lambda: room.move_no > number)
            assert room.game is not None and room.game.history[number - room.base][0] == 1


async def test_the_host_passes_on_after_the_grace_period() -> None:
    async with managed_rooms(grace=0.05) as rooms:
        room, token, peer, host = await open_room(rooms, players=3)
        _, bob_peer, _bob = await join(rooms, room, "Bob")
        await room.disconnect(host, peer)
        welcome = await bob_peer.wait(lambda m: m["type"] == "welcome" and m["you"]["host"])
        assert welcome["you"]["seat"] == 1 and room.host == 1
        assert bob_peer.last("room")["host"] == 1
        again = FakePeer()
        await room.connect(token, again, "en")
        assert again.last("welcome")["you"]["host"] is False


async def test_a_newer_connection_replaces_the_older(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=2)
    newer = FakePeer()
    same = await room.connect(token, newer, "en")
    assert same is host and peer.closed == (4000, "replaced")
    await room.disconnect(host, peer)  # the old connection's end changes nothing
    assert host.peer is newer and host.away_since is None
    assert newer.last("welcome")["you"]["host"]


async def test_a_token_opens_one_place_of_one_room(rooms: Rooms) -> None:
    room, token, _, _ = await open_room(rooms, players=2)
    other, other_token = await rooms.create("Zed", "official", {}, 2)
    with pytest.raises(Refusal) as caught:
        await room.connect(other_token, FakePeer(), "en")
    assert caught.value.code == "bad_token"
    with pytest.raises(Refusal):
        await other.connect(token, FakePeer(), "en")
    with pytest.raises(Refusal):
        await room.connect("x" * 32, FakePeer(), "en")


async def test_the_turn_timer_applies_the_engines_timeout() -> None:
    async with managed_rooms(time_scale=0.05) as rooms:
        room, token, peer, host = await open_room(rooms, players=2, options={"turn_time_limit": 1})
        _, _bob_peer, _ = await join(rooms, room, "Bob")
        await room.handle(host, msg("start", token))
        state = peer.last("state")
        assert state["deadline"] is not None and 0 <= state["deadline"] <= 0.05
        timed = await peer.wait(
            lambda m: m["type"] == "state" and any(line["kind"] == "timeout" for line in m["log"])
        )
        assert timed["move_no"] >= 1
        assert "timeout" not in peer.last("state")["view"]["legal_moves"]


async def test_the_match_clock_ends_the_round_with_the_referees_timeout() -> None:
    """match_clock (VARIANTS.md §2): the state tells the round's time left; when it runs out
    the driver makes the referee's timeout and the fewest cards win the round."""
    async with managed_rooms(time_scale=0.05) as rooms:
        room, token, peer, host = await open_room(rooms, players=2, options={"match_clock": 10})
        _, _bob_peer, _ = await join(rooms, room, "Bob")
        await room.handle(host, msg("start", token))
        state = peer.last("state")
        assert state["match_clock"] is not None and 0 <= state["match_clock"] <= 0.5
        await peer.wait(
            lambda m: m["type"] == "state" and any(line["kind"] == "clock_out" for line in m["log"])
        )
        game = room.game
        assert game is not None and game.round_over
        assert game.history[-1] == (REFEREE, TIMEOUT)
        sizes = [len(h) for h in game.hands]
        assert game.winner is None or sizes[game.winner] == min(sizes)
        assert peer.last("state")["match_clock"] is None


async def test_ready_then_next_round(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"]))
    (ann_t, ann_p, ann), (bob_t, bob_p, bob), (cy_t, _, cy) = people
    await room.handle(ann, msg("ready", ann_t))
    assert refusal(ann_p)[0] == "not_now"  # not between rounds
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
    assert room.status == "round_over" and ann_p.last("room")["status"] == "round_over"
    await room.handle(ann, msg("next", ann_t))
    code, text = refusal(ann_p)
    assert code == "not_now" and text.startswith("Not everyone is ready yet")
    await room.handle(bob, msg("next", bob_t))
    assert refusal(bob_p)[0] == "not_host"
    _, eve_p, eve = await join(rooms, room, "Eve", spectate=True)
    await room.handle(eve, msg("ready", "x"))
    assert refusal(eve_p) == ("not_now", "Spectators do not need to be ready.")
    await room.handle(bob, msg("ready", bob_t))
    await room.handle(cy, msg("ready", cy_t))
    # the host's "next" said Ann is ready
    assert [s["ready"] for s in ann_p.last("room")["seats"]] == [True, True, True]
    n = room.move_no
    await room.handle(ann, msg("next", ann_t))
    assert room.status == "playing" and room.move_no == n + 1
    assert ann_p.last("state")["view"]["round_no"] == 2
    assert [s["ready"] for s in ann_p.last("room")["seats"]] == [False, False, False]


async def test_next_without_everyone_ready_after_the_wait() -> None:
    async with managed_rooms(ready_timeout=0.0) as rooms:
        room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"]))
        ann_t, ann_p, ann = people[0]
        await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
        await room.handle(ann, msg("next", ann_t))
        assert room.status == "playing" and not ann_p.of("refused")


async def test_a_rematch_after_the_match(rooms: Rooms) -> None:
    room, people = await full_table(rooms, table(["R5", "R6 G1", "B1 B2"], preset="casual"))
    ann_t, ann_p, ann = people[0]
    await room.handle(ann, msg("move", ann_t, move_no=room.move_no, move="play R5"))
    assert room.status == "match_over"
    assert ann_p.last("state")["view"]["match_over"]
    seed, n = room.seed, room.move_no
    await room.handle(ann, msg("next", ann_t))
    assert refusal(ann_p)[0] == "not_now"
    for token, _, member in people[1:]:
        await room.handle(member, msg("ready", token))
    await room.handle(ann, msg("next", ann_t))
    assert room.status == "playing" and room.seed != seed and room.match_no == 2
    assert room.base == n + 1 and room.move_no == n + 1  # the deal took a number
    state = ann_p.last("state")
    assert state["move_no"] == n + 1 and state["view"]["round_no"] == 1
    assert (state["log"] and state["log"][-1]["kind"] in ("start", "start_card")) or state["log"]


async def test_a_spectator_takes_a_bots_seat_between_rounds(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=3, bots=[None, "basic", "basic"])
    await room.handle(host, msg("start", token))
    install(room, table(["R5", "R6 G1", "B1 B2"], uno_called=(0,)))
    eve_t, eve_p, eve = await join(rooms, room, "Eve", spectate=True)
    await room.handle(eve, msg("take_seat", eve_t, seat=1))
    assert refusal(eve_p) == ("not_now", "Seats change only before the match or between rounds.")
    await room.handle(host, msg("move", token, move_no=room.move_no, move="play R5"))
    assert room.status == "round_over"
    await room.handle(eve, msg("take_seat", eve_t, seat=0))
    assert refusal(eve_p) == ("bad_seat", "Seat 0 is not free.")
    await room.handle(eve, msg("take_seat", eve_t, seat=2))
    assert eve.seat == 2 and room.bots[2] is None
    assert eve_p.last("welcome")["you"] == {
        "seat": 2,
        "name": "Eve",
        "host": False,
        "role": "player",
    }
    assert eve_p.last("state")["view"]["you"] == 2
    assert [s["kind"] for s in peer.last("room")["seats"]] == ["human", "bot", "human"]


async def test_chat_reactions_and_ping(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=2)
    _, eve_p, eve = await join(rooms, room, "Eve", spectate=True)
    await room.handle(eve, msg("chat", "x", text="<script>hi</script>"))
    for p in (peer, eve_p):
        line = p.last("chat")
        assert (
            line["text"] == "<script>hi</script>" and line["name"] == "Eve" and line["seat"] is None
        )
    assert room.chat[-1].text == "<script>hi</script>"
    await room.handle(host, msg("react", token, emoji="🎉"))
    assert eve_p.last("react") == {"type": "react", "v": 1, "seat": 0, "name": "Ann", "emoji": "🎉"}
    await room.handle(host, msg("ping", token))
    assert peer.messages[-1]["type"] == "pong" and not eve_p.of("pong")


async def test_a_room_speaks_the_connections_language(rooms: Rooms) -> None:
    room, token, peer, host = await open_room(rooms, players=2, lang="zh-Hant")
    _bob_t, bob_p, _bob = await join(rooms, room, "Bob")
    await room.handle(host, msg("start", token))
    lines = [line["text"] for line in peer.last("state")["log"]]
    assert any("牌" in text for text in lines)
    assert peer.last("room")["rules"]["lines"][0].startswith("規則")
    assert bob_p.last("room")["rules"]["lines"][0].startswith("Rules")


async def test_a_failed_write_undoes_the_move(
    rooms: Rooms, monkeypatch: pytest.MonkeyPatch
) -> None:
    room, people = await full_table(rooms, table(["R5 G7", "R6 G1", "B1 B2"]))
    ann_t, _ann_p, ann = people[0]
    assert room.game is not None
    before, n, sent = room.game.to_dict(), room.move_no, len(people[1][1].messages)

    async def broken(*args: Any) -> None:
        raise StorageError("disk full")

    monkeypatch.setattr(room.storage, "add_move", broken)
    with pytest.raises(StorageError):
        await room.handle(ann, msg("move", ann_t, move_no=n, move="play R5"))
    assert room.game.to_dict() == before and room.move_no == n
    assert len(people[1][1].messages) == sent  # nobody heard of it


async def test_rooms_are_rebuilt_from_storage(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.sqlite3")
    async with managed_rooms(db) as rooms:
        room, token, _peer, host = await open_room(rooms, players=3, bots=[None, "basic", "random"])
        _bob_token, _ = await rooms.join(room.code, "Eve", True)
        await room.handle(host, msg("start", token))
        await drive(room, {0: (token, host)}, lambda: room.move_no >= 6)
        assert room.game is not None
        state, number, code = room.game.to_dict(), room.move_no, room.code
        members = sorted((m.seat or -1, m.name) for m in room.members.values())
    async with managed_rooms(db) as again:
        rebuilt = again.get(code)
        assert rebuilt.game is not None and rebuilt.game.to_dict() == state
        assert rebuilt.move_no == number and rebuilt.host == 0 and rebuilt.started
        assert sorted((m.seat or -1, m.name) for m in rebuilt.members.values()) == members
        peer2 = FakePeer()
        await rebuilt.connect(token, peer2, "en")
        assert peer2.last("state")["move_no"] == number
        assert peer2.last("state")["view"]["hand"] == state["hands"][0]
