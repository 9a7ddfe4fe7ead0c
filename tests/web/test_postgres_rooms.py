"""Two processes' rooms on one PostgreSQL database, in one test process (two :class:`Rooms`,
each with its own connection pool, lease owner and listener): what one does the other hears,
and of two moves for the same number made through both at the same moment exactly one lands;
the other is told ``too_late`` (or ``stale``) and both tables stay the same."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from unokit.moves import Timeout
from unokit.notation import format_move_body
from unokit.web.room import Member, Room
from unokit.web.rooms import Rooms
from unokit.web.storage import Note

from .conftest import FakePeer, managed_rooms, msg, until


@pytest.fixture
async def pair(pg_dsn: str) -> AsyncIterator[tuple[Rooms, Rooms]]:
    async with (
        managed_rooms(pg_dsn, lease_ttl=1.0) as one,
        managed_rooms(pg_dsn, first_seed=1000, lease_ttl=1.0) as two,
    ):
        yield one, two


def same_table(room1: Room, room2: Room) -> bool:
    """Both processes hold the same game. (Waited for, not asserted at a moment: a move is
    applied, then stored, then counted, so a move a driver is storing, a bot's or a timer's,
    shows in one room's game before its move_no and before the other process hears of it.)"""
    first, second = room1.game, room2.game
    return (
        first is not None
        and second is not None
        and room1.move_no == room2.move_no
        and first.history == second.history
    )


async def test_what_one_process_does_the_other_hears(pair: tuple[Rooms, Rooms]) -> None:
    one, two = pair
    room1, ann_t = await one.create("Ann", "official", {}, 3)
    bob_t, bob_seat = await two.join(room1.code, "Bob", False)  # loaded on demand
    room2 = two.get(room1.code)
    # joined through one process, connected at once through the other (no sticky sessions):
    # the other reads the room again rather than refuse a token it has not heard of yet
    cy_t, _ = await two.join(room1.code, "Cy", True)
    await room1.connect(cy_t, FakePeer(), "en")
    ann_p, bob_p = FakePeer(), FakePeer()
    ann = await room1.connect(ann_t, ann_p, "en")
    bob = await room2.connect(bob_t, bob_p, "en")
    assert bob_seat == 1
    # presence crosses: Ann sees Bob connected (through process two)
    await ann_p.wait(lambda m: m["type"] == "room" and m["seats"][1]["connected"])
    # the host's lobby changes reach the other process
    await room1.handle(ann, msg("set_bot", ann_t, seat=2, level="basic"))
    await bob_p.wait(lambda m: m["type"] == "room" and m["seats"][2]["kind"] == "bot")
    await room2.handle(bob, msg("chat", bob_t, text="hi Ann"))
    await ann_p.wait(lambda m: m["type"] == "chat" and m["text"] == "hi Ann")
    await room2.handle(bob, msg("react", bob_t, emoji="🎉"))
    await ann_p.wait(lambda m: m["type"] == "react" and m["emoji"] == "🎉")
    await room1.handle(ann, msg("start", ann_t))
    await bob_p.wait(lambda m: m["type"] == "state")
    # moves made on either process are played on both
    for _ in range(12):
        game = room1.game
        assert game is not None
        seat = game.current
        room, member, token = (room1, ann, ann_t) if seat == 0 else (room2, bob, bob_t)
        if seat == 2:  # the bot: driven by whichever process holds the lease
            number = room1.move_no
            await until(lambda n=number: room1.move_no > n and room2.move_no > n, 30)
            continue
        await until(lambda r=room, s=seat: r.game is not None and r.game.current == s, 30)
        assert room.game is not None
        legal = [m for m in room.game.legal_moves(seat) if type(m) is not Timeout]
        number = room.move_no
        await room.handle(
            member, msg("move", token, move_no=number, move=format_move_body(legal[0]))
        )
        await until(lambda n=number: room1.move_no > n and room2.move_no > n, 30)
        if room1.status != "playing":
            break

    await until(lambda: same_table(room1, room2), 30)
    # a player who reconnects to the other process replaces the older connection there
    ann_again = FakePeer()
    await room2.connect(ann_t, ann_again, "en")
    assert (await ann_p.wait_closed())[0] == 4000
    # kicked on one process: closed on the other
    await room2.handle(two.get(room1.code).members[ann.token_hash], msg("kick", ann_t, seat=1))
    assert (await bob_p.wait_closed())[0] == 4001


async def test_two_moves_for_one_number_through_both_processes(
    pair: tuple[Rooms, Rooms],
) -> None:
    """Whenever two seats (one on each process) may both move, both do at the same moment:
    exactly one move is stored and applied everywhere; the other seat is refused."""
    one, two = pair
    room1, ann_t = await one.create("Ann", "online", {}, 3)
    bob_t, _ = await two.join(room1.code, "Bob", False)
    cy_t, _ = await one.join(room1.code, "Cy", False)
    room2 = two.get(room1.code)
    peers = {0: FakePeer(), 1: FakePeer(), 2: FakePeer()}
    members: dict[int, tuple[Room, Member, str]] = {
        0: (room1, await room1.connect(ann_t, peers[0], "en"), ann_t),
        1: (room2, await room2.connect(bob_t, peers[1], "en"), bob_t),
        2: (room1, await room1.connect(cy_t, peers[2], "en"), cy_t),
    }
    await room1.handle(members[0][1], msg("start", ann_t))
    await until(lambda: room2.game is not None and room2.move_no == room1.move_no, 30)
    races = 0
    for _ in range(600):
        if races >= 12:
            break
        game = room1.game
        assert game is not None
        if game.round_over:
            for room, member, token in members.values():
                await room.handle(member, msg("ready", token))
            await until(lambda: all(room1._ready(m) for m in room1.present()), 30)
            await room1.handle(members[0][1], msg("next", ann_t))
            # the next round is dealt (a move), or a rematch begun (a new match, no move)
            await until(
                lambda: (
                    room1.status == room2.status == "playing"
                    and room1.match_no == room2.match_no
                    and room1.move_no == room2.move_no
                ),
                30,
            )
            continue
        number = room1.move_no
        legal = {
            seat: [m for m in game.legal_moves(seat) if type(m) is not Timeout] for seat in members
        }
        movers = [seat for seat, moves in legal.items() if moves]
        if 1 in movers and len(movers) >= 2:  # a race between the two processes
            other = next(seat for seat in movers if seat != 1)
            pair_ = (1, other)
            before = {seat: len(peers[seat].of("refused")) for seat in pair_}
            await asyncio.gather(
                *(
                    members[seat][0].handle(
                        members[seat][1],
                        msg(
                            "move",
                            members[seat][2],
                            move_no=number,
                            move=format_move_body(legal[seat][0]),
                        ),
                    )
                    for seat in pair_
                )
            )
            await until(lambda n=number: room1.move_no >= n + 1 and room2.move_no >= n + 1, 30)
            refused = [seat for seat in pair_ if len(peers[seat].of("refused")) > before[seat]]
            assert len(refused) == 1, "exactly one of the two moves is refused"
            assert peers[refused[0]].last("refused")["code"] in ("too_late", "stale")
            moves = await room1.storage.load_moves(room1.code, number)
            assert len(moves) == 1, "exactly one move was stored"
            races += 1
        else:
            seat = movers[0]
            room, member, token = members[seat]
            await until(lambda r=room, n=number: r.move_no == n, 30)
            await room.handle(
                member, msg("move", token, move_no=number, move=format_move_body(legal[seat][0]))
            )
            await until(lambda n=number: room1.move_no > n and room2.move_no > n, 30)
        await until(lambda: same_table(room1, room2), 30)
    assert races >= 12


# -- a process that missed notes catches up by itself (issue 20, 6) ---------------------------


async def test_a_lost_listener_catches_up_when_it_listens_again(
    pair: tuple[Rooms, Rooms], pg_dsn: str
) -> None:
    """The listening connection of one process is killed (as a network cut or a restarted
    PostgreSQL would) while the other starts the match: the notes sent meanwhile are lost, and
    the process reads its rooms again when it listens again."""
    import psycopg

    one, two = pair
    room1, ann_t = await one.create("Ann", "official", {}, 3, [None, None, "basic"])
    bob_t, _ = await two.join(room1.code, "Bob", False)
    room2 = two.get(room1.code)
    ann = await room1.connect(ann_t, FakePeer(), "en")
    bob_p = FakePeer()
    await room2.connect(bob_t, bob_p, "en")
    async with await psycopg.AsyncConnection.connect(pg_dsn, autocommit=True) as admin:
        cur = await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            (f"unokit-listen {two.storage.owner}"[:63],),
        )
        assert [row[0] for row in await cur.fetchall()] == [True]
    await room1.handle(ann, msg("start", ann_t))
    await until(lambda: room2.started and same_table(room1, room2), 30)
    await bob_p.wait(lambda m: m["type"] == "state")


async def test_notes_lost_without_a_trace_are_caught_up(pair: tuple[Rooms, Rooms]) -> None:
    """A NOTIFY that never arrives leaves no trace on the connection: the keeper compares
    each loaded room with the database (last move, row version, members) and reads again those
    it is behind on."""
    one, two = pair
    room1, ann_t = await one.create("Ann", "official", {}, 3, [None, None, "basic"])
    bob_t, _ = await two.join(room1.code, "Bob", False)
    room2 = two.get(room1.code)
    heard = room2.on_note

    def deaf(note: Note) -> None:  # every note from the other process is lost
        if note.owner == "":
            heard(note)  # (this process's own re-reads)

    room2.on_note = deaf  # type: ignore[method-assign]
    ann = await room1.connect(ann_t, FakePeer(), "en")
    await room2.connect(bob_t, FakePeer(), "en")
    await room1.handle(ann, msg("rename", ann_t, name="Annie"))
    await until(lambda: room2.members[ann.token_hash].name == "Annie", 30)
    await room1.handle(ann, msg("start", ann_t))
    await until(lambda: room2.started and same_table(room1, room2), 30)
    assert await two.catch_up_rooms() == [] or same_table(room1, room2)
