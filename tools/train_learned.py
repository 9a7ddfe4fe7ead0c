"""Train the shipped ``learned`` bot (src/unokit/bots/data/learned.npz): docs/rl.md.

Three stages, each reproducible from its seed:

1. ``data``: games of the expert (a fixed number of search samples per decision, so the same
   seed gives the same games) against ``strong``, 2 and 4 players, official rules; at every
   decision of the expert's seat the observation (:func:`unokit.envs.observation.encode_view`,
   what a policy bot sees), the mask and the expert's action are recorded. With ``--policy``
   the games are played by that policy while the expert still labels every decision
   (DAgger: the states the learner reaches, with the expert's answers).
2. ``fit``: a network (observation / SCALE -> 256 -> 256 -> 309, ReLU) learns the expert's
   actions (cross-entropy over the allowed actions), PyTorch on the CPU (the ``train`` extra);
   the result is written as a NumPy weights file (``NumpyPolicy``), float16, a few hundred KB.
3. ``eval``: the policy against ``strong`` and ``random`` in a quick tournament.

``python tools/train_learned.py all --out build/learned`` runs the whole recipe of docs/rl.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from unokit import Game, Rules
from unokit.bots import Bot, make_bot
from unokit.bots.policy import NumpyPolicy, PolicyBot, load_policy
from unokit.bots.table import play_round
from unokit.envs.actions import DECLINE, N_ACTIONS, Chooser, move_tokens
from unokit.envs.observation import OBS_SIZE, SCALE, Revealed, encode_view
from unokit.game import View
from unokit.moves import Move
from unokit.rules import Rules as _Rules

SAMPLES = 2000  # the expert's search samples per decision (a fixed count: reproducible)


class Recorder(Bot):
    """Plays ``actor``'s moves and records, at each decision, the observation, the mask and the
    action sequence of ``teacher``'s move (the teacher is told everything the actor is)."""

    def __init__(self, teacher: Bot, actor: Bot | None) -> None:
        super().__init__(0)
        self.teacher = teacher
        self.actor = actor
        self.revealed = Revealed()
        self.rows: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]] = []

    def reset(self, seat: int, rules: _Rules) -> None:
        super().reset(seat, rules)
        self.revealed.clear()
        self.teacher.reset(seat, rules)
        if self.actor is not None:
            self.actor.reset(seat, rules)

    def observe(self, seat: int, move: Move, color: Any) -> None:
        self.teacher.observe(seat, move, color)
        if self.actor is not None:
            self.actor.observe(seat, move, color)

    def shown(self, view: View) -> None:
        self.revealed.see(view)
        self.teacher.shown(view)
        if self.actor is not None:
            self.actor.shown(view)

    def act(self, view: View) -> Move | None:
        revealed = self.revealed.see(view)
        out_of_turn = not view.my_turn
        chooser = Chooser(view.legal_moves, view.seat, len(view.hand_sizes), decline=out_of_turn)
        label = self.teacher.act(view)
        move = label if self.actor is None else self.actor.act(view)
        if out_of_turn and len(chooser.allowed()) <= 1:
            return move
        tokens: tuple[int, ...] = (
            (DECLINE,)
            if label is None
            else (move_tokens(label, view.seat, len(view.hand_sizes)) or ())
        )
        for token in tokens:
            mask = np.zeros(N_ACTIONS, np.uint8)
            mask[chooser.allowed()] = 1
            obs = encode_view(
                view, out_of_turn=out_of_turn, chosen=chooser.prefix, revealed=revealed
            )
            self.rows.append((obs, mask, token))
            if token == DECLINE or chooser.choose(token) is not None:
                break
        return move


def _games(args: tuple[int, int, int, int, str | None]) -> dict[str, Any]:
    """Play games ``first`` .. ``first + count - 1`` with ``players`` seats; the rows."""
    first, count, players, seed, policy = args
    rows: list[tuple[Any, Any, int]] = []
    wins = 0
    for index in range(first, first + count):
        rules = Rules(players=players)
        game = Game(rules, (seed * 1_000_003 + index) % 2**63)
        me = index % players
        teacher = make_bot("expert", seed=seed + index, time_ms=0, samples=SAMPLES)
        actor = PolicyBot(load_policy(policy)) if policy else None
        recorder = Recorder(teacher, actor)
        bots: list[Bot] = [
            recorder if s == me else make_bot("strong", seed=seed + 31 * index + s)
            for s in range(players)
        ]
        for s, bot in enumerate(bots):
            bot.reset(s, rules)
        play_round(game, bots)
        wins += game.winner == me
        rows += recorder.rows
    obs = np.stack([r[0] for r in rows]) if rows else np.zeros((0, OBS_SIZE), np.float32)
    if obs.size and (obs.max() > 255 or obs.min() < 0):
        raise ValueError("an observation entry does not fit a byte")
    return {
        "obs": obs.astype(np.uint8),
        "mask": np.packbits(np.stack([r[1] for r in rows]).astype(bool), axis=1),
        "action": np.array([r[2] for r in rows], np.int16),
        "wins": wins,
        "games": count,
    }


def data(
    out: Path, games2: int, games4: int, seed: int, workers: int, policy: str | None, tag: str
) -> Path:
    """Stage 1: record the expert's decisions; writes ``out/data-TAG.npz``."""
    jobs: list[tuple[int, int, int, int, str | None]] = []
    chunk = 50
    for players, games in ((2, games2), (4, games4)):
        for first in range(0, games, chunk):
            jobs.append(
                (first + players * 10_000_000, min(chunk, games - first), players, seed, policy)
            )
    parts: list[dict[str, Any]] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_games, jobs):
            parts.append(part)
            done = sum(p["games"] for p in parts)
            print(
                f"data {tag}: {done}/{games2 + games4} games, "
                f"{sum(len(p['action']) for p in parts)} decisions, "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    path = out / f"data-{tag}.npz"
    np.savez(
        path,
        obs=np.concatenate([p["obs"] for p in parts]),
        mask=np.concatenate([p["mask"] for p in parts]),
        action=np.concatenate([p["action"] for p in parts]),
    )
    wins = sum(p["wins"] for p in parts)
    print(f"data {tag}: the acting seat won {wins}/{games2 + games4}; {path}", flush=True)
    return path


def fit(
    out: Path,
    datasets: list[Path],
    seed: int,
    epochs: int,
    hidden: int,
    tag: str = "bc",
    checkpoints: int = 0,
) -> Path:
    """Stage 2: fit the network to the recorded actions; writes ``out/learned-TAG.npz`` (and
    a checkpoint every ``checkpoints`` epochs)."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
    obs = np.concatenate([np.load(p)["obs"] for p in datasets])
    mask = np.concatenate(
        [np.unpackbits(np.load(p)["mask"], axis=1)[:, :N_ACTIONS] for p in datasets]
    )
    action = np.concatenate([np.load(p)["action"] for p in datasets]).astype(np.int64)
    n = len(action)
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    held = order[: n // 20]
    train = order[n // 20 :]
    scale = torch.from_numpy(SCALE)
    model = nn.Sequential(
        nn.Linear(OBS_SIZE, hidden),
        nn.ReLU(),
        nn.Linear(hidden, hidden),
        nn.ReLU(),
        nn.Linear(hidden, N_ACTIONS),
    )
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    steps = epochs * (len(train) // 512 + 1)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=2e-3, total_steps=steps)

    def batch(idx: np.ndarray[Any, Any]) -> tuple[Any, Any, Any]:
        x = torch.from_numpy(obs[idx].astype(np.float32)) / scale
        m = torch.from_numpy(mask[idx].astype(bool))
        y = torch.from_numpy(action[idx])
        return x, m, y

    def accuracy(idx: np.ndarray[Any, Any]) -> float:
        model.eval()
        right = 0
        with torch.no_grad():
            for s in range(0, len(idx), 4096):
                x, m, y = batch(idx[s : s + 4096])
                logits = model(x).masked_fill(~m, -1e9)
                right += int((logits.argmax(1) == y).sum())
        model.train()
        return right / max(len(idx), 1)

    def export(path: Path, extra: dict[str, Any]) -> None:
        layers = [
            (
                layer.weight.detach().numpy().T.astype(np.float16).astype(np.float32),
                layer.bias.detach().numpy().astype(np.float16).astype(np.float32),
            )
            for layer in model
            if isinstance(layer, nn.Linear)
        ]
        meta = {
            "trained_by": "tools/train_learned.py",
            "decisions": int(n),
            "hidden": hidden,
            "seed": seed,
            "teacher": f"expert, {SAMPLES} samples per decision",
            "data": [p.name for p in datasets],
        }
        NumpyPolicy(layers, scale=SCALE, meta=meta | extra).save(path, np.float16)

    start = time.perf_counter()
    for epoch in range(epochs):
        perm = rng.permutation(train)
        total = 0.0
        for s in range(0, len(perm), 512):
            x, m, y = batch(perm[s : s + 512])
            logits = model(x).masked_fill(~m, -1e9)
            loss = nn.functional.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(y)
        if checkpoints and (epoch + 1) % checkpoints == 0 and epoch + 1 < epochs:
            export(out / f"learned-{tag}-e{epoch + 1}.npz", {"epochs": epoch + 1})
        print(
            f"fit: epoch {epoch + 1}/{epochs}: loss {total / len(train):.4f}, held-out "
            f"accuracy {accuracy(held):.4f}, {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    path = out / f"learned-{tag}.npz"
    export(path, {"epochs": epochs, "held_out_accuracy": accuracy(held)})
    print(f"fit: wrote {path} ({path.stat().st_size // 1024} KB)", flush=True)
    return path


def evaluate(out: Path, policies: list[Path], games: int, seed: int, workers: int) -> None:
    """Stage 3: each policy against ``strong`` and ``random`` (2 players) and against three
    ``strong`` bots (4 players), ``games`` games each (``unokit tournament``'s rules); writes
    ``out/eval.json``."""
    from unokit.sim.tournament import run_tournament

    results: list[dict[str, Any]] = []
    for path in policies:
        spec = f"policy:{path}"
        row: dict[str, Any] = {"policy": str(path), "meta": NumpyPolicy.load(path).meta}
        for name, bots in (
            ("strong", [spec, "strong"]),
            ("random", [spec, "random"]),
            ("strong4", [spec, "strong", "strong", "strong"]),
        ):
            result = run_tournament(
                Rules(players=len(bots)), bots, games, seed=seed, workers=workers
            )
            e = result.entrants[0]
            row[name] = {
                "wins": e.wins,
                "games": e.games,
                "rate": e.win_rate,
                "ci95": list(e.interval),
            }
            print(
                f"eval {path.name}: vs {name}: {e.win_rate:.1%} "
                f"({e.interval[0]:.1%}-{e.interval[1]:.1%})",
                flush=True,
            )
        results.append(row)
    target = out / "eval.json"
    old = json.loads(target.read_text()) if target.exists() else []
    target.write_text(json.dumps(old + results, indent=1))


def plot(out: Path, path: Path) -> None:
    """The learning curve from ``out/eval.json``: each evaluated policy in order (its label:
    the stage and epochs, from its meta), win rates with their 95% intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = json.loads((out / "eval.json").read_text())
    labels = []
    for row in rows:
        meta = row["meta"]
        stage = "DAgger" if any("dagger" in d for d in meta.get("data", [])) else "imitation"
        labels.append(f"{stage}\n{meta.get('epochs', '?')} ep.")
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.8), sharex=True)
    for ax, (key, title, target) in zip(
        axes,
        (
            ("strong", "vs strong (2 players)", 0.5),
            ("random", "vs random (2 players)", 0.9),
            ("strong4", "vs three strong (4 players)", 0.25),
        ),
        strict=True,
    ):
        rates = [r[key]["rate"] for r in rows]
        low = [r[key]["rate"] - r[key]["ci95"][0] for r in rows]
        high = [r[key]["ci95"][1] - r[key]["rate"] for r in rows]
        ax.errorbar(range(len(rows)), rates, yerr=[low, high], marker="o", capsize=4)
        ax.axhline(target, color="grey", ls="--", lw=0.9, label=f"target {target:.0%}")
        ax.set_title(title)
        ax.set_xticks(range(len(rows)), labels, fontsize=8)
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.legend(fontsize=8)
    axes[0].set_ylabel(f"win rate, {rows[0]['strong']['games']} games (95% interval)")
    fig.suptitle("the learned bot during training (tools/train_learned.py), official rules")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"plot: {path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("data", "fit", "all", "eval", "plot"))
    parser.add_argument("--out", type=Path, default=Path("build/learned"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games2", type=int, default=8000)
    parser.add_argument("--games4", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--policy", help="DAgger: play with this policy file, label by expert")
    parser.add_argument("--tag", default="expert")
    parser.add_argument("--data", type=Path, nargs="*", default=[])
    parser.add_argument("--checkpoints", type=int, default=0, help="save every N epochs")
    parser.add_argument("--policies", type=Path, nargs="*", default=[])
    parser.add_argument("--games", type=int, default=2000, help="eval: games per match-up")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"args-{args.stage}-{args.tag}.json").write_text(
        json.dumps({k: str(v) for k, v in vars(args).items()}, indent=1)
    )
    sets = list(args.data)
    if args.stage in ("data", "all"):
        sets.append(
            data(args.out, args.games2, args.games4, args.seed, args.workers, args.policy, args.tag)
        )
    if args.stage in ("fit", "all"):
        fit(args.out, sets, args.seed, args.epochs, args.hidden, args.tag, args.checkpoints)
    if args.stage == "eval":
        evaluate(args.out, args.policies, args.games, args.seed, args.workers)
    if args.stage == "plot":
        plot(args.out, Path("docs/images/learned-curve.png"))


if __name__ == "__main__":
    sys.exit(main())
