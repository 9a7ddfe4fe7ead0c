"""Type stub of the C accelerator (src/unokit/sim/_fastplay.c); see unokit.sim.fastplay."""

from collections.abc import Sequence

def config_fields() -> tuple[tuple[str, int, int], ...]: ...
def play_rounds(
    cfg: tuple[int, ...],
    deck: Sequence[int],
    ranks: Sequence[int],
    colors: Sequence[int],
    first_seed: int,
    games: int,
    choice_state: int,
    max_moves: int,
) -> tuple[int, list[int], int, list[list[int]], int]: ...
def rollouts(
    cfg: tuple[int, ...],
    deck: Sequence[int],
    ranks: Sequence[int],
    colors: Sequence[int],
    state: tuple[object, ...],
    pool: Sequence[int],
    candidates: Sequence[tuple[int, int, int, int, int]],
    max_samples: int,
    seconds: float,
    seed: int,
    max_moves: int,
) -> tuple[list[int], list[int], int]: ...
def play_from(
    cfg: tuple[int, ...],
    deck: Sequence[int],
    ranks: Sequence[int],
    colors: Sequence[int],
    state: tuple[object, ...],
    choice_state: int,
    max_moves: int,
) -> tuple[int, int, list[list[int]], int, int]: ...
def play_measured(
    cfg: tuple[int, ...],
    deck: Sequence[int],
    ranks: Sequence[int],
    colors: Sequence[int],
    seed: int,
    choice_state: int,
    max_moves: int,
) -> tuple[
    int, int, int, list[list[int]], int, int, int, int, int, int, int, int, int, int, int, list[int]
]: ...
