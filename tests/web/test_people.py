"""Who may do what in a room (docs/web.md, "Who may do what"), without a server: names that
say who someone is, leaving, watchers and what the host may do about them, the waiting room's
settings (rules, watching, the takeover of a turn left to run), chat limits."""

from __future__ import annotations

import asyncio
import json

import pytest

from unokit.web import protocol as proto
from unokit.web.room import NotFound, Refusal
from unokit.web.rooms import Rooms

from .conftest import FakePeer, install, managed_rooms, msg, open_room, until
from .test_rooms import join, refusal, table

# -- names (19.12) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("You", "bad_name"),
        ("host", "bad_name"),
        ("Bot 2", "bad_name"),
        ("bot", "bad_name"),
        ("Seat 3", "bad_name"),
        ("你", "bad_name"),
        ("電腦 3", "bad_name"),
        ("ann", "bad_name"),  # Ann is the host's name
        ("A N N", "bad_name"),
        ("Ann\u200b", "bad_name"),
        ("Botticelli", None),
        ("Anna", None),
    ],
)
async def test_a_name_must_say_who_someone_is(rooms: Rooms, name: str, code: str | None) -> None:
    room, *_ = await open_room(rooms, players=4)
    if code is None:
        _, seat = await rooms.join(room.code, name, False)
        assert seat == 1
    else:
        with pytest.raises(Refusal) as refused:
            await rooms.join(room.code, name, False)
        assert refused.value.code == code
        assert name.strip() in refused.value.text("en") or "ann" in name.lower()


async def test_a_spectator_without_a_name_is_numbered(rooms: Rooms) -> None:
    room, *_ = await open_room(rooms, players=2)
    tokens = [await rooms.join(room.code, None, True) for _ in range(3)]
    assert [seat for _, seat in tokens] == [None, None, None]
    names = sorted(m.name for m in room.members.values() if m.seat is None)
    assert names == ["Spectator 1", "Spectator 2", "Spectator 3"]
    with pytest.raises(Refusal) as refused:  # a seat needs a name
        await rooms.join(room.code, None, False)
    assert refused.value.key == "name_needed"


async def test_rename_is_checked_and_told_to_everyone(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3)
    _, bob_peer, _ = await join(rooms, room, "Bob")
    await room.handle(ann, msg("rename", token, name="Bob"))
    assert refusal(peer)[0] == "bad_name" and "Bob" in refusal(peer)[1]
    await room.handle(ann, msg("rename", token, name="You"))
    assert refusal(peer)[0] == "bad_name"
    await room.handle(ann, msg("rename", token, name="Annie"))
    assert ann.name == "Annie" and peer.last("welcome")["you"]["name"] == "Annie"
    assert bob_peer.last("room")["seats"][0]["name"] == "Annie"
    stored = await rooms.storage.load_room(room.code)
    assert stored is not None and {m.name for m in stored.members} == {"Annie", "Bob"}


# -- leaving, and the host passing on ---------------------------------------------------------


async def test_leaving_the_lobby_frees_the_seat_and_passes_the_host(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3)
    _, bob_peer, _ = await join(rooms, room, "Bob")
    await room.handle(ann, msg("leave", token))
    assert peer.closed == (4002, "you left the table")
    assert room.host == 1 and bob_peer.last("welcome")["you"]["host"]
    assert room.member_at(0) is None and room.bots[0] is None
    assert bob_peer.last("room")["seats"][0]["kind"] == "empty"
    with pytest.raises(Refusal):  # the token opens nothing any more
        await room.connect(token, FakePeer(), "en")


async def test_leaving_a_match_gives_the_seat_to_a_bot(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3, bots=[None, "basic", "basic"])
    bob_token, _, bob = await join(rooms, room, "Bob")  # takes a bot's seat
    assert bob.seat == 1
    await room.handle(ann, msg("start", token))
    await room.handle(bob, msg("leave", bob_token))
    assert room.bots[1] == room.bot_level and room.member_at(1) is None
    assert peer.last("room")["seats"][1]["kind"] == "bot"


# -- watchers (19.1) ---------------------------------------------------------------------------


async def test_the_host_sees_and_removes_watchers_and_may_close_watching(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=2)
    eve_token, eve_peer, eve = await join(rooms, room, "Eve", spectate=True)
    _, zed_peer, _ = await join(rooms, room, "Zed", spectate=True)
    watchers = peer.last("room")["watchers"]
    assert [w["name"] for w in watchers] == ["Eve", "Zed"] and all(w["connected"] for w in watchers)
    assert all(len(w["id"]) == 12 and w["id"] not in eve.token_hash for w in watchers)
    # only the host removes
    await room.handle(eve, msg("remove_watcher", eve_token, watcher=watchers[1]["id"]))
    assert refusal(eve_peer)[0] == "not_host"
    await room.handle(ann, msg("remove_watcher", token, watcher=watchers[0]["id"]))
    assert eve_peer.closed == (4001, "removed by the host")
    assert [w["name"] for w in peer.last("room")["watchers"]] == ["Zed"]
    # closing watching removes every watcher, and nobody may watch any more
    await room.handle(ann, msg("set_table", token, watching=False))
    assert zed_peer.closed == (4003, "the host closed watching")
    assert peer.last("room")["watching"] is False and peer.last("room")["watchers"] == []
    with pytest.raises(Refusal) as refused:
        await rooms.join(room.code, "Kim", True)
    assert refused.value.key == "watching_closed"
    _, seat = await rooms.join(room.code, "Bob", False)  # a seat is still for the taking
    assert seat == 1


async def test_spectators_per_room_and_gone_ones_dropped() -> None:
    async with managed_rooms(max_spectators=2, spectator_linger=0.2, lease_ttl=0.3) as rooms:
        room, *_ = await open_room(rooms, players=2)
        for name in ("Eve", "Zed"):
            await rooms.join(room.code, name, True)
        with pytest.raises(Refusal) as refused:
            await rooms.join(room.code, "Kim", True)
        assert refused.value.text("en") == (
            "This table already has 2 spectators, the most it takes."
        )
        # nobody connected with those places: the keeper drops them, and places free up
        await until(lambda: not [m for m in room.members.values() if m.seat is None], 10)
        stored = await rooms.storage.load_room(room.code)
        assert stored is not None and [m.name for m in stored.members] == ["Ann"]
        await rooms.join(room.code, "Kim", True)


# -- the waiting room: rules and the takeover (19.8, 19.17) ------------------------------------


async def test_the_host_changes_the_rules_in_the_waiting_room(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=4)
    bob_token, bob_peer, bob = await join(rooms, room, "Bob")
    await room.handle(bob, msg("take_seat", bob_token, seat=3))
    await room.handle(bob, msg("set_rules", bob_token, preset="party", players=4))
    assert refusal(bob_peer)[0] == "not_host"
    await room.handle(ann, msg("set_rules", token, preset="official", players=4,
                               options={"stacking": "often"}))  # fmt: skip
    assert refusal(peer)[0] == "bad_rules" and "stacking" in refusal(peer)[1]
    # Bob sits in seat 4 (3 counted from 0): three players would leave him no seat
    await room.handle(ann, msg("set_rules", token, preset="party", players=3))
    assert refusal(peer) == (
        "bad_seat",
        "3 players leave no seat 4, and a player sits there.",
    )
    await room.handle(bob, msg("take_seat", bob_token, seat=1))
    await room.handle(ann, msg("set_rules", token, preset="party", players=3,
                               options={"hand_size": 5}))  # fmt: skip
    info = peer.last("room")
    assert info["rules"]["preset"] == "party" and info["rules"]["changed"]["hand_size"] == 5
    assert len(info["seats"]) == 3 and room.rules.stacking == "any"
    assert bob_peer.last("room")["rules"]["lines"] == info["rules"]["lines"]
    await room.handle(ann, msg("start", token))
    await room.handle(ann, msg("set_rules", token, preset="official", players=3))
    assert refusal(peer)[0] == "not_now"
    stored = await rooms.storage.load_room(room.code)
    assert stored is not None and stored.room.rules["preset"] == "party"


async def test_a_turn_left_to_run_is_played_by_a_bot() -> None:
    async with managed_rooms() as rooms:
        room, token = await rooms.create("Ann", "official", {}, 2, [None, "basic"], takeover=1)
        peer = FakePeer()
        ann = await room.connect(token, peer, "en")
        assert peer.last("room")["takeover"] == 1
        await room.handle(ann, msg("start", token))
        room._turn_started = room.clock()
        install(room, table(["R5 G7 B2", "Y1 Y2"], top="R1"))
        assert 0 < peer.last("state")["takeover"] <= 1
        took = await peer.wait(
            lambda m: m["type"] == "state" and any(x["kind"] == "takeover" for x in m["log"]),
            timeout=10,
        )
        assert took["log"][0]["text"] == "You let the time run: a bot played for you."
        assert took["move_no"] == 1 and took["log"][1]["seat"] == 0  # its move: the first
        # the host may turn it off in the waiting room (here: any time)
        await room.handle(ann, msg("set_table", token, takeover=0))
        assert peer.last("room")["takeover"] == 0 and room._takeover_at() is None


# -- chat (19.7) ------------------------------------------------------------------------------


async def test_chat_rates_and_the_lines_a_room_keeps() -> None:
    async with managed_rooms(chat_burst=3, chat_interval=60, chat_keep=4) as rooms:
        room, token, peer, ann = await open_room(rooms, players=3)
        for i in range(5):
            await room.handle(ann, msg("chat", token, text=f"line {i}", id=i))
        assert [m["text"] for m in peer.of("chat")] == ["line 0", "line 1", "line 2"]
        assert refusal(peer) == ("too_fast", "You are writing too fast: wait 60 s.")
        people = [await join(rooms, room, name, spectate=True) for name in ("Eve", "Zed")]
        for t, _, member in people:
            for i in range(2):
                await room.handle(member, msg("chat", t, text=f"{member.name} {i}"))
        assert [c.text for c in room.chat] == ["Eve 0", "Eve 1", "Zed 0", "Zed 1"]
        stored = await rooms.storage.load_room(room.code)
        assert stored is not None and [c.text for c in stored.chat] == [c.text for c in room.chat]


async def test_watchers_share_a_chat_budget_and_never_silence_the_players() -> None:
    """19.7 and the review: the spectators together take chat_room_per_minute lines; a seated
    player has only their own limit, so watchers cannot silence the table."""
    async with managed_rooms(chat_room_per_minute=4) as rooms:
        room, token, peer, ann = await open_room(rooms, players=3)
        others = [await join(rooms, room, n, spectate=True) for n in ("Eve", "Zed", "Kim")]
        for t, _, member in others:
            for i in range(2):
                await room.handle(member, msg("chat", t, text=f"{member.name} {i}"))
        assert len(room.chat) == 4
        assert refusal(others[2][1])[0] == "too_fast" and "busy" in refusal(others[2][1])[1]
        await room.handle(ann, msg("chat", token, text="me too"))
        assert room.chat[-1].text == "me too" and not peer.of("refused")


async def test_reactions_are_rate_limited(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=2)
    for _ in range(8):
        await room.handle(ann, msg("react", token, emoji="👍"))
    assert len(peer.of("react")) == 5 and refusal(peer)[0] == "too_fast"
    await asyncio.sleep(0)


# -- the review's findings (seats squatted, names that look alike, removed people back) ------


async def test_an_address_holds_so_many_seats_and_unused_seats_are_freed() -> None:
    """One address may hold max_seats_per_address seats; before the match a seat whose
    holder has not been connected for seat_linger is freed for a friend."""
    settings = {"max_seats_per_address": 2, "seat_linger": 0.2, "lease_ttl": 0.3}
    async with managed_rooms(**settings) as rooms:
        room, *_ = await open_room(rooms, players=4)
        for name in ("Sq1", "Sq2"):
            _, seat = await rooms.join(room.code, name, False, address="203.0.113.9")
            assert seat is not None
        with pytest.raises(Refusal) as refused:
            await rooms.join(room.code, "Sq3", False, address="203.0.113.9")
        assert refused.value.text("en") == (
            "Your address already holds 2 seats at this table, the most it may."
        )
        # nobody ever connected with those seats: they are freed, the host's stays
        await until(lambda: [m.name for m in room.members.values()] == ["Ann"], 10)
        assert room.member_at(0) is not None
        _, seat = await rooms.join(room.code, "Friend", False, address="198.51.100.2")
        assert seat == 1


async def test_the_host_closes_the_room_and_makes_a_new_invite(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3)
    old = room.invite
    await room.handle(ann, msg("set_table", token, locked=True))
    assert peer.last("room")["locked"] is True
    with pytest.raises(Refusal) as refused:
        await rooms.join(room.code, "Bob", False, invite=old)
    assert refused.value.key == "room_locked"
    await room.handle(ann, msg("set_table", token, locked=False, new_invite=True))
    assert room.invite != old and peer.last("room")["link"].endswith(f"#k={room.invite}")
    with pytest.raises(NotFound):  # the old link opens nothing any more
        await rooms.join(room.code, "Bob", False, invite=old)
    _, seat = await rooms.join(room.code, "Bob", False, invite=room.invite)
    assert seat == 1
    stored = await rooms.storage.load_room(room.code)
    assert stored is not None and stored.room.table["invite"] == room.invite


async def test_people_the_host_removed_cannot_come_back(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3)
    await rooms.join(room.code, "Eve", True, address="203.0.113.7")
    await rooms.join(room.code, "Mal", False, address="203.0.113.8")
    watcher = peer.last("room")["watchers"][0]["id"]
    await room.handle(ann, msg("remove_watcher", token, watcher=watcher))
    await room.handle(ann, msg("kick", token, seat=1))
    for name, address in (("Eve2", "203.0.113.7"), ("Mal2", "203.0.113.8")):
        with pytest.raises(Refusal) as refused:
            await rooms.join(room.code, name, True, address=address)
        assert refused.value.text("en") == "The host removed you from this table."
    await rooms.join(room.code, "Kim", True, address="198.51.100.9")  # others still may


async def test_the_host_removes_a_player_during_the_match(rooms: Rooms) -> None:
    """The review: a player who stalls the table is removed in the match; a bot plays on."""
    room, token, peer, ann = await open_room(rooms, players=3)
    _, bob_peer, bob = await join(rooms, room, "Bob")
    await room.handle(ann, msg("start", token))
    await room.handle(ann, msg("kick", token, seat=bob.seat))
    assert bob_peer.closed == (4001, "removed by the host")
    assert room.bots[1] == room.bot_level and peer.last("room")["seats"][1]["kind"] == "bot"


@pytest.mark.parametrize(
    "name",
    ["Y\u043eu", "\u0397ost", "B\u043et 2", "\u0410nn", "\u3164", "\u2800", "Bob (you)",
     "Ann\u200b", "\ufdfa" * 3],
)  # fmt: skip
async def test_look_alike_blank_or_marked_names_are_refused(rooms: Rooms, name: str) -> None:
    """The review's names: look-alike letters ("You" with a Cyrillic o), blank fillers, the
    table's markers, a name longer than 40 once written out: none may be taken."""
    room, *_ = await open_room(rooms, players=3)
    with pytest.raises((Refusal, ValueError)):
        parsed = proto.parse_body(proto.JoinRoom, json.dumps({"invite": "X", "name": name}))
        assert parsed.name is not None
        await rooms.join(room.code, parsed.name, False)


async def test_renames_are_rate_limited(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=2)
    for i in range(4):
        await room.handle(ann, msg("rename", token, name=f"Ann{i}"))
    assert ann.name == "Ann2" and refusal(peer)[0] == "too_fast"


async def test_a_room_nobody_ever_opened_closes_sooner() -> None:
    async with managed_rooms(room_unopened=0.2, lease_ttl=0.3) as rooms:
        made, _ = await rooms.create("Ann", "official", {}, 3)
        used, token = await rooms.create("Bob", "official", {}, 3)
        await used.connect(token, FakePeer(), "en")
        await until(lambda: made.code not in rooms.rooms, 10)
        assert used.code in rooms.rooms
