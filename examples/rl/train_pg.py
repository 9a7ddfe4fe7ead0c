"""Train a UNO agent on the CPU in minutes: policy gradient in NumPy, no deep-learning library.

The agent is a small neural network (observation -> 64 tanh units -> one logit per action,
plus a value head), trained with REINFORCE and a learned baseline (advantage actor-critic on
whole episodes) on ``unokit/Uno-v0``: 2 players, official rules, against the ``random`` bot,
then measured against ``random``, ``basic`` and ``strong``. Only what ``unokit[rl]`` installs
(NumPy, Gymnasium, PettingZoo) is needed; matplotlib draws the learning curve if present.

    python examples/rl/train_pg.py                       # about a minute on one core
    python examples/rl/train_pg.py --episodes 200 --eval-games 20 --no-plot   # a quick try
    python examples/rl/train_pg.py --save agent.npz && unokit play --bots policy:agent.npz

The learning curve (win rate against each bot level over training) is written to
docs/images/rl-learning-curve.png and the numbers to stdout. Everything is seeded: the same
arguments give the same agent.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import unokit.envs  # noqa: F401  (registers unokit/Uno-v0)
from unokit.envs.observation import FLAGS

Array = np.ndarray[Any, Any]

HIDDEN = 64


def features(obs: Array) -> Array:
    """The observation, scaled: counts as log(1 + x), so that a draw pile of 80 cards weighs
    about as much as a card in hand."""
    x = np.log1p(np.abs(obs)) * np.sign(obs)
    x[FLAGS + 4] /= 4.0  # the draw pile size
    return x.astype(np.float32)


@dataclass
class Policy:
    """A two-layer network: tanh hidden layer, action logits (masked) and a value."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    wv: Array
    bv: Array
    adam: dict[str, tuple[Array, Array]] = field(default_factory=dict)
    steps: int = 0

    @classmethod
    def new(cls, n_in: int, n_out: int, rng: np.random.Generator) -> Policy:
        return cls(
            w1=rng.normal(0, 1 / np.sqrt(n_in), (n_in, HIDDEN)).astype(np.float32),
            b1=np.zeros(HIDDEN, np.float32),
            w2=np.zeros((HIDDEN, n_out), np.float32),
            b2=np.zeros(n_out, np.float32),
            wv=np.zeros(HIDDEN, np.float32),
            bv=np.zeros(1, np.float32),
        )

    def forward(self, x: Array, mask: Array) -> tuple[Array, Array, Array]:
        """Hidden units, action probabilities (zero where masked), value."""
        h = np.tanh(x @ self.w1 + self.b1)
        logits = h @ self.w2 + self.b2
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits) * (mask > 0)
        p /= p.sum(axis=-1, keepdims=True)
        v = h @ self.wv + self.bv[0]
        return h, p, v

    def act(self, obs: dict[str, Array], rng: np.random.Generator, greedy: bool = False) -> int:
        _, p, _ = self.forward(features(obs["observation"]), obs["action_mask"])
        if greedy:
            return int(np.argmax(p))
        return int(rng.choice(len(p), p=p))

    def update(
        self, xs: Array, masks: Array, actions: Array, returns: Array, lr: float = 3e-3
    ) -> None:
        """One Adam step of the actor-critic loss over a batch of decisions."""
        h, p, v = self.forward(xs, masks)
        adv = returns - v
        adv_n = (adv - adv.mean()) / (adv.std() + 1e-6)
        n = len(actions)
        # d(-log p(a) * adv)/dlogits = (p - onehot(a)) * adv; value: d(0.5 adv^2)/dv = -adv
        dlogits = p.copy()
        dlogits[np.arange(n), actions] -= 1.0
        dlogits *= adv_n[:, None] / n
        # a little entropy keeps it exploring: d(-H)/dlogits = p * (log p + H)
        logp = np.log(p + 1e-12)
        ent = -(p * logp).sum(axis=1, keepdims=True)
        dlogits += 0.01 * p * (logp + ent) / n
        dv = -adv / n * 0.5
        grads = {
            "w2": h.T @ dlogits,
            "b2": dlogits.sum(0),
            "wv": h.T @ dv,
            "bv": np.array([dv.sum()], np.float32),
        }
        dh = dlogits @ self.w2.T + dv[:, None] * self.wv[None, :]
        dpre = dh * (1 - h * h)
        grads["w1"] = xs.T @ dpre
        grads["b1"] = dpre.sum(0)
        self.steps += 1
        for name, g in grads.items():
            m, s = self.adam.get(name, (np.zeros_like(g), np.zeros_like(g)))
            m = 0.9 * m + 0.1 * g
            s = 0.999 * s + 0.001 * g * g
            self.adam[name] = (m, s)
            m_hat = m / (1 - 0.9**self.steps)
            s_hat = s / (1 - 0.999**self.steps)
            param = getattr(self, name)
            param -= (lr * m_hat / (np.sqrt(s_hat) + 1e-8)).astype(np.float32)


def save(policy: Policy, path: Path) -> None:
    """The policy as a NumPy weights file any unokit table plays (``policy:PATH``): the same
    network, its input prepared as :func:`features` does (log1p, the draw pile / 4)."""
    from unokit.bots.policy import NumpyPolicy
    from unokit.envs.observation import OBS_SIZE

    scale = np.ones(OBS_SIZE, np.float32)
    scale[FLAGS + 4] = 4.0
    NumpyPolicy(
        [(policy.w1, policy.b1), (policy.w2, policy.b2)],
        activation="tanh",
        transform="log1p",
        scale=scale,
        meta={"trained_by": "examples/rl/train_pg.py"},
    ).save(path)


def make_env(opponents: str, players: int = 2) -> Any:
    return gymnasium.make(
        "unokit/Uno-v0", players=players, preset="official", opponents=opponents, max_steps=3000
    ).unwrapped


def evaluate(
    policy: Policy, level: str, games: int, seed: int, players: int = 2, greedy: bool = False
) -> float:
    """The agent's win rate against ``level`` bots over ``games`` rounds: the policy as it is
    trained, sampling its actions (``greedy``: always its most likely action; an untrained
    greedy policy already beats ``random``, as it plays the first card it may rather than
    drawing at random)."""
    env = make_env(level, players)
    rng = np.random.default_rng(seed)
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed * 100_003 + g)
        done = False
        reward = 0.0
        while not done:
            obs, reward, term, trunc, _ = env.step(policy.act(obs, rng, greedy=greedy))
            done = term or trunc
        wins += reward > 0
    return wins / games


def train(
    episodes: int = 3000,
    batch: int = 32,
    seed: int = 0,
    opponents: str = "random",
    eval_every: int = 500,
    eval_games: int = 200,
    levels: tuple[str, ...] = ("random", "basic", "strong"),
    log: bool = True,
) -> tuple[Policy, list[dict[str, float]]]:
    """Train for ``episodes`` rounds against ``opponents`` (bot levels separated by commas:
    one after the other, an episode each); the policy and the curve (win rates every
    ``eval_every`` episodes)."""
    envs = [make_env(level) for level in opponents.split(",")]
    rng = np.random.default_rng(seed)
    obs, _ = envs[0].reset(seed=seed)
    policy = Policy.new(obs["observation"].size, obs["action_mask"].size, rng)
    curve: list[dict[str, float]] = []
    start = time.perf_counter()

    def measure(done: int) -> None:
        point = {"episodes": float(done), "seconds": time.perf_counter() - start}
        for level in levels:
            point[level] = evaluate(policy, level, eval_games, seed=1 + len(curve))
        curve.append(point)
        if log:
            rates = "  ".join(f"{lv} {point[lv]:.1%}" for lv in levels)
            print(f"episodes {done:6d}  {point['seconds']:6.0f} s  win rate: {rates}", flush=True)

    measure(0)
    xs: list[Array] = []
    masks: list[Array] = []
    actions: list[int] = []
    returns: list[float] = []
    for episode in range(1, episodes + 1):
        env = envs[episode % len(envs)]
        obs, _ = env.reset(seed=seed * 1_000_003 + episode)
        first = len(actions)
        done = False
        reward = 0.0
        while not done:
            x = features(obs["observation"])
            action = policy.act(obs, rng)
            xs.append(x)
            masks.append(obs["action_mask"])
            actions.append(action)
            obs, reward, term, trunc, _ = env.step(action)
            done = term or trunc
        # one reward at the end of the round: every decision of the episode gets it,
        # discounted by how far it was from the end
        steps = len(actions) - first
        returns += list(float(reward) * 0.99 ** np.arange(steps - 1, -1, -1))
        if episode % batch == 0:
            policy.update(
                np.stack(xs), np.stack(masks), np.array(actions), np.array(returns, np.float32)
            )
            xs, masks, actions, returns = [], [], [], []
        if episode % eval_every == 0:
            measure(episode)
    return policy, curve


def plot(curve: list[dict[str, float]], levels: tuple[str, ...], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    xs = [p["episodes"] for p in curve]
    for level in levels:
        ax.plot(xs, [100 * p[level] for p in curve], marker="o", label=f"vs {level}")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training episodes (rounds against the random bot)")
    ax.set_ylabel("win rate, % (the policy sampling its actions)")
    ax.set_title("unokit/Uno-v0, 2 players, official rules: NumPy actor-critic")
    ax.set_ylim(0, 100)
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--plot", default="docs/images/rl-learning-curve.png")
    parser.add_argument("--no-plot", action="store_true")
    parser.add_argument("--save", type=Path, help="write the policy (NumPy weights, .npz)")
    args = parser.parse_args()
    levels = ("random", "basic", "strong")
    policy, curve = train(
        args.episodes, args.batch, args.seed, args.opponents, args.eval_every, args.eval_games
    )
    greedy = {lv: evaluate(policy, lv, args.eval_games, seed=999, greedy=True) for lv in levels}
    print(
        "the trained policy, always its most likely action: "
        + "  ".join(f"{lv} {rate:.1%}" for lv, rate in greedy.items())
    )
    if args.save:
        save(policy, args.save)
        print(f"policy: {args.save} (unokit play --bots policy:{args.save})")
    if not args.no_plot:
        plot(curve, levels, Path(args.plot))
        print(f"learning curve: {args.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
