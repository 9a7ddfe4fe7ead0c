"""The cases of tests/interface_cases.py (issue 21, item 3) are sound: every option has one,
and in each the option decides something (at its default value the engine's result differs),
so an interface that ignored the option would fail its driver's test."""

from __future__ import annotations

import pytest

from tests.interface_cases import CASES, Case
from unokit.rules import OPTIONS


def test_every_option_has_a_case() -> None:
    assert {case.option for case in CASES} == set(OPTIONS)


def _state(case: Case, default: bool) -> object:
    rules = case.default_rules() if default else case.rules()
    game, allowed = case.expected(rules)
    data = game.to_dict()
    data.pop("rules")
    # what the person at seat 0 sees too (reveal_hands_at changes only that)
    return data, allowed, game.view(0).to_dict()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_option_decides_something_in_its_case(case: Case) -> None:
    assert _state(case, default=False) != _state(case, default=True), case.why
