"""Option values to test with, derived from the options' definitions (``unokit.rules.OPTIONS``).

A new option joins every random mix of the tests (the property tests, the accelerator's
differential tests, the golden games) by being defined: nothing here lists options by hand.

>>> option_values("stacking")
['off', 'same_kind', 'two_under_four', 'any', 'not_lower']
>>> option_values("hand_size")
[1, 3, 7]
"""

from __future__ import annotations

import re
from typing import Any

from unokit.effects import CUSTOM_EFFECTS
from unokit.errors import RulesError
from unokit.rules import OPTIONS, Rules


def option_values(name: str) -> list[Any]:
    """Values of option ``name`` worth testing: every value of a choice, a bool or an effect;
    for a whole number its lowest, the lowest but two and its default."""
    spec = OPTIONS[name]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "effect":
        return list(CUSTOM_EFFECTS)
    return sorted({spec.low, min(spec.low + 2, spec.high), spec.default})


def allowed_rules(options: dict[str, Any], **fixed: Any) -> Rules | None:
    """``Rules.from_dict({**fixed, **options})`` (``fixed`` may name a ``preset``), leaving
    out the options a refused combination names (the first of ``options`` in the message, again
    until it is allowed): a random mix of values rarely goes to waste. ``None`` when the
    refusal names none of ``options``.

    >>> allowed_rules({"teams": 2, "stacking": "any"}, players=3).to_dict(changed_only=True)
    {'players': 3, 'stacking': 'any'}
    """
    left = dict(options)
    while True:
        try:
            return Rules.from_dict({**fixed, **left})
        except RulesError as refused:
            words = set(re.findall(r"\w+", str(refused)))
            named = [name for name in left if name in words]
            if not named:
                return None
            del left[named[0]]
