"""Computer players: ``random``, ``greedy``, ``basic``, ``strong``, ``expert``, ``learned``
and any trained policy (``policy:PATH``); and the :class:`Bot` interface for your own. Bots
see only their seat's view (see :mod:`unokit.bots.base`).

:func:`make_bot` builds any bot from a spec string (:mod:`unokit.bots.spec`):

>>> make_bot("strong", seed=3).name
'strong'
>>> make_bot("learned").name
'learned'
>>> sorted(TABLE_LEVELS)
['basic', 'expert', 'learned', 'random', 'strong']
"""

from __future__ import annotations

from typing import Any

from unokit.bots.base import Bot
from unokit.bots.basic import BasicBot
from unokit.bots.expert import ExpertBot
from unokit.bots.random_bot import RandomBot
from unokit.bots.spec import LEVELS, TABLE_LEVELS, BotSpec, parse_bot_spec
from unokit.bots.strong import StrongBot
from unokit.bots.table import play_out, play_round

__all__ = [
    "BOT_LEVELS",
    "LEVELS",
    "TABLE_LEVELS",
    "BasicBot",
    "Bot",
    "BotSpec",
    "ExpertBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
    "parse_bot_spec",
    "play_out",
    "play_round",
]

#: level name -> bot class: the hand-written levels (register your own here to use it by name;
#: :data:`LEVELS` adds ``greedy`` and ``learned``, :data:`TABLE_LEVELS` is what tables offer)
BOT_LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}


def make_bot(spec: str | BotSpec, seed: int = 0, **options: Any) -> Bot:
    """The bot a spec names: a level (``strong``, ``learned``, ...), a name registered in
    :data:`BOT_LEVELS`, or ``policy:PATH`` (a trained policy file); ``options`` such as
    ``time_ms`` for ``expert``, ``forget_uno``, ``reaction_delay``. ``ValueError`` names what
    is wrong with a spec or a policy file."""
    if isinstance(spec, str):
        if spec in BOT_LEVELS:  # (also a level registered by the user)
            return BOT_LEVELS[spec](seed, **options)
        spec = parse_bot_spec(spec)
    return spec.make(seed, **options)
