"""The house-rule lab's figures (:mod:`unokit.sim.lab`) as one PNG: six panels comparing the
settings (needs matplotlib, the ``plot`` extra)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unokit.sim.lab import Interval, LabResult

__all__ = ["plot_lab"]


def _errors(values: list[Interval]) -> list[list[float]]:
    return [[v.value - v.low for v in values], [v.high - v.value for v in values]]


def plot_lab(lab: LabResult, path: str) -> None:
    """Draw ``lab`` to ``path`` (PNG): turns per round (boxes: quartiles, whiskers 5-95%),
    cards drawn, leader caught and comebacks, the first player's win share, the win share by
    seat from the first, and what a win is worth; 95% intervals as error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    results = lab.results
    names = [r.name for r in results]
    x = list(range(len(results)))
    players = results[0].setting.rules.players
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.5))
    (turns, drawn, caught), (first, positions, points) = axes

    turns.boxplot(
        [[rec.turns for rec in r.records] for r in results], whis=(5, 95), showfliers=False
    )
    turns.set_xticks([i + 1 for i in x], names, rotation=20, ha="right")
    turns.set_title("turns per round")

    values = [r.drawn for r in results]
    drawn.bar(x, [v.value for v in values], yerr=_errors(values), capsize=5, color="#1f77b4")
    drawn.set_xticks(x, names, rotation=20, ha="right")
    drawn.set_title("cards drawn per round")

    width = 0.4
    for offset, label, color, values in (
        (-width / 2, "leader caught", "#d62728", [r.leader_caught for r in results]),
        (width / 2, "comeback", "#2ca02c", [r.comebacks for r in results]),
    ):
        caught.bar(
            [i + offset for i in x],
            [v.value for v in values],
            width,
            yerr=_errors(values),
            capsize=4,
            color=color,
            label=label,
        )
    caught.set_xticks(x, names, rotation=20, ha="right")
    caught.set_ylim(0, 1)
    caught.set_title("share of rounds")
    caught.legend()

    values = [r.first_wins for r in results]
    first.bar(x, [v.value for v in values], yerr=_errors(values), capsize=5, color="#ff7f0e")
    first.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="1 / players")
    first.set_xticks(x, names, rotation=20, ha="right")
    first.set_title("the first player's win share")
    first.legend()

    for r in results:
        positions.plot(range(players), r.wins_by_position(), marker="o", label=r.name)
    positions.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
    positions.set_xticks(range(players))
    positions.set_xlabel("seat, clockwise from the first to act")
    positions.set_title("win share by seat")
    positions.legend(fontsize="small")

    points.boxplot(
        [[rec.points for rec in r.records if rec.winner is not None] for r in results],
        whis=(5, 95),
        showfliers=False,
    )
    points.set_xticks([i + 1 for i in x], names, rotation=20, ha="right")
    points.set_title("what a win is worth (card points)")

    bots = ",".join(sorted(set(lab.bots)))
    fig.suptitle(
        f"{lab.games:,} rounds per setting, {players} players, bots {bots}, seed {lab.seed}"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
