"""Computer players: ``random``, ``basic``, ``strong``, ``expert``; and the :class:`Bot`
interface for your own. Bots see only their seat's view (see :mod:`unokit.bots.base`).

>>> make_bot("strong", seed=3).name
'strong'
"""

from __future__ import annotations

from typing import Any

from unokit.bots.base import Bot
from unokit.bots.basic import BasicBot
from unokit.bots.expert import ExpertBot
from unokit.bots.random_bot import RandomBot
from unokit.bots.strong import StrongBot
from unokit.bots.table import play_out, play_round

__all__ = [
    "BOT_LEVELS",
    "BasicBot",
    "Bot",
    "ExpertBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
    "play_out",
    "play_round",
]

#: level name -> bot class
BOT_LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of the named level (options such as ``time_ms`` for ``expert``)."""
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(
            f"unknown bot level {level!r}: expected one of {', '.join(BOT_LEVELS)}"
        ) from None
    return cls(seed, **options)
