"""Bot specs: one string names any bot, for the command line, tournaments and servers.

A spec is a level name (``random``, ``greedy``, ``basic``, ``strong``, ``expert``,
``learned``) or ``policy:PATH``, a trained policy in a file (a NumPy weights file ``.npz`` or a
Stable-Baselines3 model ``.zip``: :mod:`unokit.bots.policy`). :func:`parse_bot_spec` checks
one and says what is wrong; ``BotSpec.make`` builds the bot.

A server offers :data:`TABLE_LEVELS` by name; policy files are the operator's to configure
(``parse_bot_spec(text, files=False)`` refuses ``policy:`` in what a browser sends).

>>> parse_bot_spec("strong")
BotSpec(level='strong', path=None)
>>> str(parse_bot_spec(" policy:agents/a1.zip "))
'policy:agents/a1.zip'
>>> parse_bot_spec("policy:x.npz", files=False)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: bot 'policy:x.npz': a policy file is not offered here: choose one of random, ...
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from unokit.bots.base import Bot

__all__ = [
    "LEARNED_WEIGHTS",
    "LEVELS",
    "POLICY_PREFIX",
    "TABLE_LEVELS",
    "BotSpec",
    "learned_weights",
    "parse_bot_spec",
]

#: what starts a spec naming a policy file
POLICY_PREFIX = "policy:"
#: the levels a table offers by name (the terminal game, a server room), weakest first
#: (``expert`` searches: it takes up to its ``time_ms`` a decision)
TABLE_LEVELS = ("random", "basic", "strong", "expert", "learned")
#: every level name a spec may give (``greedy``: the batched environment's C opponent)
LEVELS = ("random", "greedy", "basic", "strong", "expert", "learned")
#: the shipped learned bot's weights, inside the package (:func:`learned_weights`)
LEARNED_WEIGHTS = "learned.npz"


def learned_weights() -> Path:
    """The path of the shipped ``learned`` bot's weights file."""
    return Path(str(resources.files("unokit.bots") / "data" / LEARNED_WEIGHTS))


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A checked bot spec: a ``level`` name (:data:`LEVELS`), or ``policy`` and its ``path``."""

    level: str
    path: str | None = None

    def __str__(self) -> str:
        return f"{POLICY_PREFIX}{self.path}" if self.level == "policy" else self.level

    def make(self, seed: int = 0, **options: Any) -> Bot:
        """The bot (``options``: ``forget_uno``, ``reaction_delay``, and a level's own, such as
        ``time_ms`` for ``expert``). A policy file that cannot be played raises
        :class:`unokit.bots.policy.PolicyError` (a ``ValueError``) saying why."""
        from unokit.bots import BOT_LEVELS

        if self.level in BOT_LEVELS:
            return BOT_LEVELS[self.level](seed, **options)
        if self.level == "greedy":
            from unokit.bots.greedy import GreedyBot

            return GreedyBot(seed, **options)
        from unokit.bots.policy import PolicyBot, load_policy

        path = learned_weights() if self.level == "learned" else Path(str(self.path))
        return PolicyBot(load_policy(path), seed, name=str(self), **options)


def parse_bot_spec(text: str, *, files: bool = True) -> BotSpec:
    """The spec ``text`` names (surrounding spaces ignored). ``ValueError`` says what is wrong:
    an unknown level, an empty ``policy:``, or a policy file where ``files`` is false (a
    browser's choice: only :data:`TABLE_LEVELS`). Whether the file exists and holds a policy
    is checked when the bot is made."""
    if not isinstance(text, str):
        raise TypeError(f"a bot spec is a string, not {type(text).__name__}")
    spec = text.strip()
    offered = ", ".join(TABLE_LEVELS if not files else LEVELS)
    if spec.startswith(POLICY_PREFIX):
        if not files:
            raise ValueError(
                f"bot {spec!r}: a policy file is not offered here: choose one of {offered}"
            )
        path = spec[len(POLICY_PREFIX) :].strip()
        if not path:
            raise ValueError(f"bot {spec!r}: give the policy's file after 'policy:'")
        return BotSpec("policy", path)
    if spec in (LEVELS if files else TABLE_LEVELS):
        return BotSpec(spec)
    more = " or policy:PATH (a trained policy: .npz or .zip)" if files else ""
    raise ValueError(f"unknown bot level {spec!r}: expected one of {offered}{more}")
