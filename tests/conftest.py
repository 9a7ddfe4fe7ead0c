"""Shared helpers: build a described table and play moves in notation."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import tests.fuzz  # noqa: F401  (the Hypothesis profile: derandomized unless make fuzz)
from unokit import Game, Rules, parse_card, parse_color, parse_move
from unokit.events import Event

ROOT = Path(__file__).resolve().parents[1]

# tests/test_compiled.py checks the mypyc-compiled engine against the Python one: make
# compiled-test runs it on the compiled build (UNOKIT_COMPILED=1); a plain run has one engine,
# so it is not collected there (rather than skipped)
collect_ignore = [] if os.environ.get("UNOKIT_COMPILED") == "1" else ["test_compiled.py"]
# tests/train needs the train extra (torch, Stable-Baselines3): make test-train installs it and
# runs them (UNOKIT_TRAIN_TESTS=1); the default suite does not collect them (never a skip)
if os.environ.get("UNOKIT_TRAIN_TESTS") != "1":
    collect_ignore.append("train")
SCENARIOS = sorted((ROOT / "examples" / "scenarios").glob("*.toml"))


def table(
    hands: list[str],
    draw: str = "",
    discard: str = "R8",
    *,
    color: str | None = None,
    current: int = 0,
    dealer: int | None = None,
    seed: int = 0,
    uno_called: tuple[int, ...] = (),
    **rules: Any,
) -> Game:
    """A game from a compact description: ``table(["R3 G4", "B1 B2"], draw="G7 G8")``."""
    rules.setdefault("players", len(hands))
    return Game.from_table(
        Rules.from_dict(rules),
        [[parse_card(c) for c in h.split()] for h in hands],
        [parse_card(c) for c in draw.split()],
        [parse_card(c) for c in discard.split()],
        color=parse_color(color) if color else None,
        current=current,
        dealer=dealer,
        seed=seed,
        uno_called=uno_called,
    )


def play(game: Game, *moves: str) -> list[Event]:
    """Apply moves given as text; return the events of the last one."""
    events: list[Event] = []
    for text in moves:
        seat, move = parse_move(text)
        events = game.apply(seat, move)
    return events


def hand(game: Game, seat: int) -> list[str]:
    return [c.code for c in game.hands[seat]]


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


@pytest.fixture
def root() -> Path:
    return ROOT
