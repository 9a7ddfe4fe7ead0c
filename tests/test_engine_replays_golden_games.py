"""The golden games (tests/golden_games.py): the engine plays exactly the committed games.

Every legal-move list, refusal, event and state of a few hundred games (every preset, random
option mixes) is digested in ``tests/golden/games.jsonl``; the Python engine must replay each
digest, and so must the mypyc-compiled engine (``make compiled-test`` runs this file on it)
and, for the random rounds of rules it plays, the C accelerator. A change of behaviour that
is meant is written with ``python tools/golden.py --write`` and said in the commit.
"""

from __future__ import annotations

import os

import pytest

import unokit.game
from tests import golden_games as gg
from unokit import Rules
from unokit.rng import Rng
from unokit.sim import fastplay

RECORDS = gg.load()
CHUNKS = 12  # the games are replayed in this many tests (spread over the test processes)


def _rules(record: dict[str, object]) -> Rules:
    return Rules.from_dict(record["rules"])  # type: ignore[arg-type]


def test_the_golden_games_cover_every_preset_and_many_mixes() -> None:
    names = [r["name"] for r in RECORDS]
    assert len(names) == len(set(names))
    for preset in gg.PRESETS:
        assert sum(n.startswith(f"{preset}-") for n in names) == gg.SEEDS, preset
    assert sum(n.startswith("mix-") for n in names) == gg.MIXES
    native = [r for r in RECORDS if r["round"] is not None]
    assert len(native) >= gg.NATIVE_MIXES
    assert sum(r["trace"]["steps"] for r in RECORDS) > 50_000  # type: ignore[index]


def test_the_engine_under_test_is_the_one_asked_for() -> None:
    """Under make compiled-test (UNOKIT_COMPILED=1) the compiled engine must be what replays."""
    compiled = unokit.game.__file__.endswith(".so")
    assert compiled == (os.environ.get("UNOKIT_COMPILED") == "1"), unokit.game.__file__


def _difference(record: dict[str, object]) -> str | None:
    """None when the engine replays the game's trace, else where it first differs."""
    rules = _rules(record)
    seed = record["seed"]
    assert isinstance(seed, int)
    want = record["trace"]
    got = gg.trace(rules, seed)
    if got == want:
        return None
    assert isinstance(want, dict)
    every = want["every"]
    first = next(
        (
            i
            for i, (a, b) in enumerate(zip(got["digests"], want["digests"], strict=False))
            if a != b
        ),
        min(len(got["digests"]), len(want["digests"])),
    )
    return (
        f"{record['name']} (seed {seed}, rules {record['rules']}): "
        f"{got['steps']} steps (golden: {want['steps']}), first difference in steps "
        f"{first * every + 1}-{(first + 1) * every} "
        f"(python tools/golden.py --show {record['name']} --steps {first * every + 1}-"
        f"{(first + 1) * every})"
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_engine_replays_the_golden_games(chunk: int) -> None:
    """Every step of every golden game: legal moves, refusals, moves, events, states."""
    differ = [d for r in RECORDS[chunk::CHUNKS] if (d := _difference(r)) is not None]
    assert not differ, "\n".join(differ)


def test_the_engine_replays_the_golden_random_rounds() -> None:
    """The random rounds (uniform moves of the seat to act) of the rules the accelerator plays."""
    differ = [
        r["name"]
        for r in RECORDS
        if r["round"] is not None and gg.random_round(_rules(r), r["seed"]) != r["round"]  # type: ignore[arg-type]
    ]
    assert not differ, differ


def test_the_accelerator_replays_the_golden_random_rounds() -> None:
    """The C accelerator plays the same rounds (``play_random_rounds``, one round each)."""
    assert fastplay.available()
    differ = []
    for record in RECORDS:
        if record["round"] is None:
            continue
        rules = _rules(record)
        assert fastplay.supports(rules), record["name"]
        seed = record["seed"]
        assert isinstance(seed, int)
        rng = Rng(seed ^ 0x5EED)
        result = fastplay.play_random_rounds(rules, seed, 1, rng, max_moves=gg.ROUND_CAP)
        assert result is not None
        got = gg.round_record(result.moves, result.last_winner, result.last_hands, rng.state)
        if got != record["round"]:
            differ.append(record["name"])
    assert not differ, differ
