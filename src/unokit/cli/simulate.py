"""``unokit simulate`` and ``unokit demo``: random-move rounds, counted or watched."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from unokit.cli.common import (
    check_count,
    check_seeds,
    console,
    fail,
    per_seat,
    rules_of,
)
from unokit.errors import UnoError
from unokit.game import Game
from unokit.notation import format_move
from unokit.rng import Rng
from unokit.sim.simulate import simulate as run_simulation


def simulate(
    games: Annotated[int, typer.Option(help="rounds to play (1 or more)")] = 1000,
    players: Annotated[int | None, typer.Option(help="seats  [default: 2]")] = None,
    preset: Annotated[str, typer.Option(help="rules preset")] = "official",
    seed: Annotated[int, typer.Option(help="first seed (round i: seed + i)")] = 0,
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
    engine: Annotated[
        str, typer.Option(help="auto (C accelerator where it can), native or python")
    ] = "auto",
) -> None:
    """Play random-move rounds and report games per second and moves per game."""
    check_count("--games", games)
    check_seeds(seed, games)
    try:
        rules = rules_of(preset, players, rule, default_players=2)
        stats = run_simulation(games, rules, seed, engine)
    except UnoError as error:
        fail(str(error))
    console.print(
        f"{stats.games} games, {rules.players} players, preset {preset}: "
        f"{stats.games_per_second:,.0f} games/s, {stats.moves_per_game:.1f} moves/game, "
        f"{stats.moves_per_second:,.0f} moves/s ({stats.seconds:.2f} s, {stats.engine} engine)"
    )
    console.print("wins per seat: " + per_seat(stats.wins))
    unfinished = stats.games - sum(stats.wins)
    if unfinished:
        console.print(
            f"{unfinished} rounds reached the cap of 100,000 moves unfinished "
            "(random players who may draw at will can keep a round going)"
        )


def demo(
    players: Annotated[int | None, typer.Option(help="seats  [default: 3]")] = None,
    preset: Annotated[str, typer.Option(help="rules preset")] = "casual",
    seed: Annotated[int, typer.Option(help="seed")] = 1,
    rule: Annotated[list[str], typer.Option(help="option=value, repeatable")] = [],  # noqa: B006
) -> None:
    """Watch a game of random-move players, move by move, every ruling explained."""
    check_seeds(seed, 1)
    try:
        rules = rules_of(preset, players, rule, default_players=3)
        game = Game(rules, seed)
    except UnoError as error:
        fail(str(error))
    rng = Rng(seed)
    for event in game.deal_events:
        console.print(f"  [dim]{escape(event.text)}[/]")
    moves = 0
    while not game.match_over and moves < 5000:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_moves(seat)
        move = legal[rng.below(len(legal))]
        events = game.apply(seat, move)
        moves += 1
        console.print(f"[bold]{escape(format_move(seat, move))}[/]")
        for event in events:
            console.print(f"    {escape(event.text)}")
    console.print(f"[bold green]{moves} moves; final scores {game.scores}[/]")
