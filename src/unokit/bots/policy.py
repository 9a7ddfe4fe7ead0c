"""Policy bots: a trained agent plays wherever bots do (tournaments, the terminal, a server).

A :class:`PolicyBot` turns the seat's :class:`~unokit.game.View` into the observation the
learning environments give (:func:`unokit.envs.observation.encode_view`: the same vector, plus
the hands shown to the seat in this round, which the bot keeps), asks its policy for an action
among those the mask allows, and makes the move those actions name
(:class:`unokit.envs.actions.Chooser`: a move of several actions asks the policy again with the
actions chosen so far). Out of turn, ``DECLINE`` lets the chance pass.

Policies (anything with ``action(observation, mask) -> int``):

- :class:`NumpyPolicy`: a small multi-layer network in a NumPy weights file (``.npz``,
  :meth:`NumpyPolicy.save`): no deep-learning library is needed to play it;
- :func:`load_sb3`: a Stable-Baselines3 or sb3-contrib model file (``.zip``; needs those
  libraries and PyTorch), trained on ``unokit/Uno-v0`` or the batched environment.

:func:`load_policy` picks the loader by the file's suffix and checks that the model reads the
unokit observation and writes the unokit actions; a model made for other spaces is refused
with a message that says which. The spaces are those of a deck's layout
(:mod:`unokit.envs.layout`: 1,193 observation entries and 309 actions for the classic decks,
1,385 and 346 for no_mercy168); a policy plays the rule sets of its layout's decks, and a
:class:`PolicyBot` seated at a table of another deck is refused when the game starts
(:meth:`PolicyBot.reset`), with the same kind of message.
"""

from __future__ import annotations

import json
import os
import threading
import zipfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from unokit.bots.base import Bot
from unokit.cards import DECKS
from unokit.envs.actions import Chooser
from unokit.envs.layout import CLASSIC, Layout, layout_of
from unokit.envs.observation import OBS_SIZE, Revealed, encode_view
from unokit.game import View
from unokit.moves import CallUno, Move, Play
from unokit.rules import Rules

__all__ = [
    "NUMPY_FORMAT",
    "NumpyPolicy",
    "Policy",
    "PolicyBot",
    "PolicyError",
    "load_policy",
    "load_sb3",
]

#: the ``format`` entry of a NumPy weights file this version reads
NUMPY_FORMAT = "unokit-mlp-1"
#: activations a NumPy weights file may name
ACTIVATIONS = ("relu", "tanh")
#: what is done to the observation before it is divided by ``scale``: nothing, or
#: ``sign(x) * log(1 + |x|)`` (``log1p``: examples/rl/train_pg.py)
TRANSFORMS = ("none", "log1p")

Float = np.ndarray[Any, np.dtype[np.float32]]
Mask = np.ndarray[Any, np.dtype[np.int8]]


class PolicyError(ValueError):
    """A policy file that cannot be played: missing, unreadable, or made for other spaces."""


class Policy(Protocol):
    """What a :class:`PolicyBot` asks: one action (0-308 in the classic decks' layout) among
    those ``mask`` allows, for the observation (1,193 ``float32`` in the classic layout,
    :mod:`unokit.envs.observation`). A policy that has a ``layout`` attribute (a
    :class:`~unokit.envs.layout.Layout`, as the loaded ones do) plays only that layout's
    decks."""

    def action(self, observation: Float, mask: Mask) -> int: ...


def _layouts() -> list[Layout]:
    """Every layout, one per group of decks sharing one (the classic decks' first)."""
    return list(dict.fromkeys(layout_of(deck) for deck in DECKS))


def _sizes(what: str) -> str:
    """The sizes of ``what`` ("observation" or "actions") of every layout, in words."""
    parts = []
    for layout in _layouts():
        size = layout.observation.size if what == "observation" else layout.actions.size
        decks = "the classic decks" if layout is CLASSIC else layout.name
        parts.append(f"{size} ({decks})")
    return " or ".join(parts)


def _spaces_of(layout: Layout) -> str:
    return f"observation {layout.observation.size}, {layout.actions.size} actions"


def layout_problem(layout: Layout | None, rules: Rules) -> str | None:
    """Why a policy of ``layout`` cannot play ``rules`` (``None``: it can, or its layout is
    unknown)."""
    wanted = layout_of(rules)
    if layout is None or layout is wanted:
        return None
    return (
        f"the policy reads the spaces of the decks {layout.name} ({_spaces_of(layout)}), but "
        f"deck = {rules.deck} has those of {wanted.name} ({_spaces_of(wanted)}): train a "
        f"policy on a rule set of deck {rules.deck}"
    )


class NumpyPolicy:
    """A multi-layer perceptron in NumPy: ``observation / scale`` through the layers (each
    ``x @ w + b``, the activation between layers), the last layer's 309 outputs are the
    actions' logits; the policy plays the allowed action of the highest logit.
    ``transform="log1p"`` takes ``sign(x) * log(1 + |x|)`` of the observation first.

    ``layers`` are ``(w, b)`` pairs (``w``: inputs x outputs); ``scale``: what each observation
    entry is divided by (``None``: nothing), :data:`unokit.envs.observation.SCALE` for the
    shipped bot. ``meta``: free JSON-able facts (how it was trained), kept in the file.

    >>> from unokit.envs.actions import N_ACTIONS
    >>> rng = np.random.default_rng(0)
    >>> policy = NumpyPolicy([(rng.normal(size=(OBS_SIZE, 8)).astype(np.float32),
    ...                        np.zeros(8, np.float32)),
    ...                       (rng.normal(size=(8, N_ACTIONS)).astype(np.float32),
    ...                        np.zeros(N_ACTIONS, np.float32))])
    >>> mask = np.zeros(N_ACTIONS, np.int8); mask[[3, 295]] = 1
    >>> policy.action(np.ones(OBS_SIZE, np.float32), mask) in (3, 295)
    True
    """

    def __init__(
        self,
        layers: Sequence[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]],
        *,
        activation: str = "relu",
        scale: np.ndarray[Any, Any] | None = None,
        transform: str = "none",
        meta: dict[str, Any] | None = None,
        where: str = "the policy",
    ) -> None:
        if transform not in TRANSFORMS:
            raise PolicyError(
                f"{where}: transform {transform!r}: expected one of {', '.join(TRANSFORMS)}"
            )
        if activation not in ACTIVATIONS:
            raise PolicyError(
                f"{where}: activation {activation!r}: expected one of {', '.join(ACTIVATIONS)}"
            )
        if not layers:
            raise PolicyError(f"{where}: no layers")
        inputs = np.asarray(layers[0][0]).shape
        by_size = {layout.observation.size: layout for layout in _layouts()}
        layout = by_size.get(inputs[0]) if len(inputs) == 2 else None
        width = OBS_SIZE if layout is None else layout.observation.size
        checked: list[tuple[Float, Float]] = []
        for i, (w, b) in enumerate(layers):
            w = np.asarray(w)
            b = np.asarray(b)
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise PolicyError(
                    f"{where}: layer {i}: weights {w.shape} and biases {b.shape} do not fit "
                    "(expected inputs x outputs, and one bias per output)"
                )
            if w.shape[0] != width:
                what = "the observation has" if i == 0 else f"layer {i - 1} gives"
                raise PolicyError(
                    f"{where}: layer {i} takes {w.shape[0]} inputs, but {what} {width} "
                    f"(a unokit policy reads the observation of uno_v0: "
                    f"{_sizes('observation')} entries)"
                )
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise PolicyError(f"{where}: layer {i} holds NaN or infinite weights")
            checked.append((w.astype(np.float32), b.astype(np.float32)))
            width = w.shape[1]
        assert layout is not None  # (the first layer's inputs are checked above)
        if width != layout.actions.size:
            raise PolicyError(
                f"{where}: the last layer gives {width} outputs; a unokit policy gives one per "
                f"action ({layout.actions.size}, the action space of uno_v0 for the decks "
                f"{layout.name}, whose observation layer 0 reads)"
            )
        size = layout.observation.size
        if scale is not None:
            scale = np.asarray(scale, np.float32)
            if scale.shape != (size,) or not (np.isfinite(scale).all() and (scale > 0).all()):
                raise PolicyError(f"{where}: scale must be {size} positive numbers")
        #: the layout of the spaces it reads and writes: the decks it plays
        self.layout = layout
        self.layers = checked
        self.activation = activation
        self.transform = transform
        self.scale: Float | None = scale
        self.meta = dict(meta or {})

    def logits(self, observation: Float) -> Float:
        """The logits, one per action (one observation, or a batch of rows)."""
        x = np.asarray(observation, np.float32)
        if self.transform == "log1p":
            x = np.sign(x) * np.log1p(np.abs(x))
        if self.scale is not None:
            x = x / self.scale
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.maximum(x, 0) if self.activation == "relu" else np.tanh(x)
        out: Float = x
        return out

    def action(self, observation: Float, mask: Mask) -> int:
        logits = self.logits(observation)
        return int(np.argmax(np.where(mask > 0, logits, -np.inf)))

    def save(self, path: str | os.PathLike[str], dtype: Any = np.float32) -> None:
        """Write the weights file (``.npz``, compressed) :meth:`load` reads; ``dtype``
        ``np.float16`` halves it (the shipped bot's; loading widens to ``float32``)."""
        arrays: dict[str, Any] = {
            "format": np.array(NUMPY_FORMAT),
            "activation": np.array(self.activation),
            "transform": np.array(self.transform),
            "meta": np.array(json.dumps(self.meta, sort_keys=True)),
        }
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(dtype)
            arrays[f"b{i}"] = b.astype(dtype)
        if self.scale is not None:
            arrays["scale"] = self.scale
        with open(path, "wb") as handle:
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> NumpyPolicy:
        """Read a weights file written by :meth:`save` (``float16`` weights are widened)."""
        where = str(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                files = dict(data.items())
        except FileNotFoundError:
            raise PolicyError(f"{where}: no such file") from None
        except (OSError, ValueError, zipfile.BadZipFile) as error:
            raise PolicyError(f"{where}: not a NumPy weights file ({error})") from None
        fmt = str(files.get("format", ""))
        if fmt != NUMPY_FORMAT:
            raise PolicyError(
                f"{where}: format {fmt or 'missing'!r}: expected {NUMPY_FORMAT!r} "
                "(written by NumpyPolicy.save)"
            )
        layers = []
        i = 0
        while f"w{i}" in files:
            if f"b{i}" not in files:
                raise PolicyError(f"{where}: layer {i} has weights but no biases (b{i})")
            layers.append((files[f"w{i}"], files[f"b{i}"]))
            i += 1
        try:
            meta = json.loads(str(files.get("meta", "{}")))
        except json.JSONDecodeError:
            raise PolicyError(f"{where}: meta is not JSON") from None
        return cls(
            layers,
            activation=str(files.get("activation", "relu")),
            scale=files.get("scale"),
            transform=str(files.get("transform", "none")),
            meta=meta if isinstance(meta, dict) else {},
            where=where,
        )


class _SB3Policy:
    """A Stable-Baselines3 / sb3-contrib model as a :class:`Policy` (always a legal action:
    a maskable model gets the mask, another's action probabilities or Q-values are masked)."""

    def __init__(self, model: Any, dict_obs: bool, layout: Layout) -> None:
        self.model = model
        self.dict_obs = dict_obs
        self.layout = layout
        self._lock = threading.Lock()  # a torch module is not to be run by two threads at once

    def action(self, observation: Float, mask: Mask) -> int:
        import torch

        obs: Any = (
            {"observation": observation, "action_mask": mask} if self.dict_obs else observation
        )
        model = self.model
        with self._lock, torch.no_grad():
            tensor, _ = model.policy.obs_to_tensor(obs)
            if hasattr(model, "q_net"):  # DQN and its kin: Q-values
                scores = model.q_net(tensor)[0].cpu().numpy()
            else:
                dist = model.policy.get_distribution(tensor)
                scores = dist.distribution.logits[0].cpu().numpy()
        return int(np.argmax(np.where(mask > 0, scores, -np.inf)))


def _spaces_problem(
    observation_space: Any, action_space: Any
) -> tuple[str | None, bool, Layout | None]:
    """What makes these spaces not unokit's (``None``: they are), whether the observation is
    the Dict of uno_v0 (else the plain vector), and the layout they are."""
    from gymnasium import spaces

    obs_ok = (
        "a Dict with 'observation' (Box of N) and 'action_mask' (Box of the actions), or a "
        f"Box of N, N the observation's size: {_sizes('observation')}"
    )
    by_size = {layout.observation.size: layout for layout in _layouts()}
    dict_obs = isinstance(observation_space, spaces.Dict)
    shape = getattr(observation_space, "shape", None)
    if dict_obs:
        inner = observation_space.spaces.get("observation")
        shape = getattr(inner, "shape", None)
    layout = by_size.get(shape[0]) if isinstance(shape, tuple) and len(shape) == 1 else None
    if layout is None:
        return f"its observation space is {observation_space}; expected {obs_ok}", dict_obs, None
    n = layout.actions.size
    if not isinstance(action_space, spaces.Discrete) or int(action_space.n) != n:
        return (
            f"its action space is {action_space}; expected Discrete({n}) (the actions of the "
            f"decks {layout.name}, whose observation it reads)",
            dict_obs,
            None,
        )
    return None, dict_obs, layout


def load_sb3(path: str | os.PathLike[str]) -> Policy:
    """A Stable-Baselines3 or sb3-contrib model file (``.zip``) as a policy. The algorithm is
    read from the file (MaskablePPO, PPO, A2C, DQN, QR-DQN, ...); the model's spaces must be
    those of ``unokit/Uno-v0`` or the batched environment (else :class:`PolicyError`)."""
    where = str(path)
    if not Path(path).is_file():
        raise PolicyError(f"{where}: no such file")
    try:
        import stable_baselines3 as sb3
        from stable_baselines3.common.save_util import load_from_zip_file
    except ImportError:
        raise PolicyError(
            f"{where}: a Stable-Baselines3 model needs stable-baselines3 (and sb3-contrib for "
            "MaskablePPO): pip install 'unokit[train]'"
        ) from None
    try:
        data, _, _ = load_from_zip_file(str(path), device="cpu", load_data=True)
    except Exception as error:  # a broken zip, or not SB3's
        raise PolicyError(f"{where}: not a Stable-Baselines3 model file ({error})") from None
    if not data or "observation_space" not in data or "action_space" not in data:
        raise PolicyError(f"{where}: not a Stable-Baselines3 model file (no spaces in it)")
    problem, dict_obs, layout = _spaces_problem(data["observation_space"], data["action_space"])
    if problem or layout is None:
        raise PolicyError(f"{where}: {problem} (not a model of the unokit environments)")
    policy_class = str(data.get("policy_class", ""))
    classes: list[Any] = []
    try:
        import sb3_contrib

        maskable = [sb3_contrib.MaskablePPO]
        classes += [sb3_contrib.QRDQN, sb3_contrib.TRPO, sb3_contrib.ARS]
    except ImportError:
        maskable = []
    if "maskable" in policy_class.lower() and not maskable:
        raise PolicyError(
            f"{where}: a MaskablePPO model needs sb3-contrib: pip install sb3-contrib"
        )
    classes = [*maskable, sb3.PPO, sb3.A2C, sb3.DQN, *classes]
    if "maskable" not in policy_class.lower():
        classes = classes[len(maskable) :]
    last: Exception | None = None
    for cls in classes:
        try:
            model = cls.load(path, device="cpu")
        except Exception as error:  # this class does not fit the file: try the next
            last = error
            continue
        return _SB3Policy(model, dict_obs, layout)
    raise PolicyError(f"{where}: no Stable-Baselines3 algorithm loads it ({last})")


_CACHE: dict[tuple[str, int, int], Policy] = {}
_CACHE_LOCK = threading.Lock()


def load_policy(path: str | os.PathLike[str]) -> Policy:
    """The policy in ``path``: ``.npz`` a NumPy weights file, ``.zip`` a Stable-Baselines3
    model. Loaded once per file (and again when it changes); :class:`PolicyError` says what is
    wrong with a file that cannot be played."""
    where = str(path)
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        raise PolicyError(f"{where}: no such file") from None
    except OSError as error:
        raise PolicyError(f"{where}: {error.strerror or 'cannot be read'}") from None
    key = (os.path.realpath(path), stat.st_mtime_ns, stat.st_size)
    with _CACHE_LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    suffix = Path(path).suffix.lower()
    policy: Policy
    if suffix == ".npz":
        policy = NumpyPolicy.load(path)
    elif suffix == ".zip":
        policy = load_sb3(path)
    else:
        raise PolicyError(
            f"{where}: expected a NumPy weights file (.npz) or a Stable-Baselines3 model (.zip)"
        )
    with _CACHE_LOCK:
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[key] = policy
    return policy


class PolicyBot(Bot):
    """A bot that plays a :class:`Policy` (see the module docstring). ``name`` is how tables
    and tournaments show it. It plays the rules' deck's layout (:mod:`unokit.envs.layout`); a
    policy made for another layout is refused by :meth:`reset`."""

    name = "policy"

    def __init__(
        self,
        policy: Policy,
        seed: int = 0,
        *,
        name: str | None = None,
        forget_uno: float = 0.0,
        reaction_delay: float = 0.0,
    ) -> None:
        super().__init__(seed, forget_uno=forget_uno, reaction_delay=reaction_delay)
        self.policy = policy
        if name is not None:
            self.name = name
        self.revealed = Revealed()
        self.layout = CLASSIC

    def reset(self, seat: int, rules: Rules) -> None:
        """A new game: :class:`PolicyError` if the policy was made for the spaces of another
        deck than ``rules.deck``'s."""
        problem = layout_problem(getattr(self.policy, "layout", None), rules)
        if problem:
            raise PolicyError(f"{self.name}: {problem}")
        super().reset(seat, rules)
        self.layout = layout_of(rules)
        self.revealed.clear()

    def shown(self, view: View) -> None:
        self.revealed.see(view)

    def act(self, view: View) -> Move | None:
        revealed = self.revealed.see(view)
        out_of_turn = not view.my_turn
        layout = self.layout
        if layout is not layout_of(view.rules):  # (a view of another deck than reset's)
            problem = layout_problem(getattr(self.policy, "layout", None), view.rules)
            if problem:
                raise PolicyError(f"{self.name}: {problem}")
            layout = layout_of(view.rules)
        n = len(view.hand_sizes)
        chooser = Chooser(view.legal_moves, view.seat, n, out_of_turn, layout)
        allowed = chooser.allowed()
        if out_of_turn and len(allowed) <= 1:
            return None  # nothing to choose but letting the chance pass (as the envs skip it)
        while True:
            mask: Mask = np.zeros(layout.actions.size, np.int8)
            mask[allowed] = 1
            obs = encode_view(
                view,
                out_of_turn=out_of_turn,
                chosen=chooser.prefix,
                revealed=revealed,
                layout=layout,
            )
            action = int(self.policy.action(obs, mask))
            if action not in allowed:
                raise PolicyError(
                    f"{self.name}: the policy chose action {action}, which the mask does not allow"
                )
            if action == layout.actions.decline and chooser.decline and not chooser.prefix:
                return None
            move = chooser.choose(action)
            if move is not None:
                return self._maybe_forget(view, move)
            allowed = chooser.allowed()

    def _maybe_forget(self, view: View, move: Move) -> Move | None:
        """``forget_uno``: now and then the call the policy chose is not made (a friendlier
        table), as the other levels forget."""
        if isinstance(move, CallUno) and self.forgets():
            return None if not view.my_turn else move
        if isinstance(move, Play) and move.uno and self.forgets():
            plain = replace(move, uno=False)
            if plain in view.legal_moves:
                return plain
        return move
