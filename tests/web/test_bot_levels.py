"""Every bot a server offers seats a room (issue 22, 1 and 4): the shipped levels, ``learned``
included, and the operator's trained policies (``--bot-model NAME=PATH``): never a path a
browser sends. A hand shown to a bot's seat (a challenge, a peek) is shown to its bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from unokit.bots import TABLE_LEVELS
from unokit.errors import RulesError
from unokit.web import protocol as proto
from unokit.web.room import Room
from unokit.web.rooms import Rooms

from .conftest import ServerProcess, install, managed_rooms, msg, open_room, until
from .test_rooms import refusal, table

LEARNED = Path(__file__).resolve().parents[2] / "src" / "unokit" / "bots" / "data" / "learned.npz"


async def play_to_the_end(room: Room, timeout: float = 60) -> None:
    await until(lambda: room.status in ("round_over", "match_over"), timeout)


async def test_every_table_level_seats_a_room_and_plays(rooms: Rooms) -> None:
    assert "learned" in rooms.settings.levels() and set(TABLE_LEVELS) <= set(
        rooms.settings.levels()
    )
    bots: list[str | None] = [None, "learned", "strong", "basic"]
    room, token, peer, ann = await open_room(rooms, players=4, bots=bots)
    assert peer.last("room")["bot_levels"] == list(rooms.settings.levels())
    await room.handle(ann, msg("set_bot", token, seat=3, level="random"))
    await room.handle(ann, msg("start", token))
    # Ann away: the bots play the whole round (hers too, after the grace period)
    await room.disconnect(ann, peer)
    room.settings = room.settings.__class__(**{**_fields(room.settings), "grace": 0.0})
    room.wake()
    await play_to_the_end(room)
    assert room.game is not None and len(room.game.history) > 10


def _fields(settings: Any) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


async def test_a_level_the_server_does_not_offer_is_refused(rooms: Rooms) -> None:
    room, token, peer, ann = await open_room(rooms, players=3)
    await room.handle(ann, msg("set_bot", token, seat=1, level="genius"))
    assert refusal(peer) == ("bad_bot", "“genius” is not a bot level of this server.")
    with pytest.raises(RulesError, match="'genius' is not a bot level here"):
        await rooms.create("Bob", "official", {}, 3, [None, "genius"])
    # a path can never be a level: the protocol refuses it before the room hears of it
    with pytest.raises(proto.BadMessage, match="level"):
        msg("set_bot", token, seat=1, level=f"policy:{LEARNED}")


async def test_an_operators_model_is_a_level_of_its_own() -> None:
    async with managed_rooms(bot_models=(("mine", str(LEARNED)),)) as rooms:
        assert rooms.settings.levels()[-1] == "mine"
        room, token, _, ann = await open_room(rooms, players=2, bots=[None, "mine"])
        await room.handle(ann, msg("start", token))
        assert type(room._stand_ins[1].bot).__name__ == "PolicyBot"
        assert room._stand_ins[1].slow  # a network thinks off the event loop


async def test_a_hand_shown_to_a_bots_seat_is_shown_to_its_bot(rooms: Rooms) -> None:
    """000: a challenged +4's player shows their hand to the challenger: when the challenger
    is a bot, its bot sees it (Bot.shown), as in the table loop."""
    room, token, _, ann = await open_room(rooms, players=2, bots=[None, "strong"])
    await room.handle(ann, msg("start", token))
    install(room, table(["W+4 R3 G4", "Y1 Y2 B3"], top="R1"))
    seen: list[Any] = []
    stand_in = room._stand_ins[1]
    stand_in.bot.shown = seen.append  # type: ignore[method-assign]
    stand_in.bot.act = lambda view: next(  # type: ignore[method-assign]
        m for m in view.legal_moves if type(m).__name__ == "Challenge"
    )
    await room.handle(ann, msg("move", token, move_no=room.move_no, move="play W+4 blue"))
    await until(lambda: bool(seen), 10)
    assert seen[0].revealed is not None and 0 in seen[0].revealed  # Ann's hand, to seat 1


def test_serve_checks_a_model_before_it_starts(tmp_path: Path) -> None:
    broken = tmp_path / "agent.npz"
    broken.write_bytes(b"not a weights file")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "unokit.cli.main",
            "serve",
            "--port",
            "0",
            "--db",
            str(tmp_path / "rooms.sqlite3"),
            "--bot-model",
            f"mine={broken}",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--bot-model mine:" in done.stderr, done
    done = subprocess.run(
        [sys.executable, "-m", "unokit.cli.main", "serve", "--bot-model", "strong=x.npz"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "already a bot level" in done.stderr


def test_the_front_page_offers_the_operators_models(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "rooms.sqlite3", "--bot-model", f"mine={LEARNED}")
    server.start()
    try:
        offered = httpx.get(f"{server.base}/api/options").json()["bots"]
        assert offered == [*TABLE_LEVELS, "mine"]
        made = httpx.post(
            f"{server.base}/api/rooms", json={"name": "Ann", "players": 2, "bots": [None, "mine"]}
        )
        assert made.status_code == 201
    finally:
        server.stop()
        server.kill()
