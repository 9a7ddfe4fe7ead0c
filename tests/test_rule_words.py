"""The table's rules in plain words (issue 11: a room lists its rules for everyone; issue 12:
the terminal game's rules screen and title): every option value has a sentence, in every
language."""

from __future__ import annotations

import pytest

from unokit.effects import CUSTOM_EFFECTS
from unokit.narrator import LANGUAGES
from unokit.rule_words import closest_preset, describe_option, describe_rules
from unokit.rules import OPTIONS, PRESETS, Rules


def _values(name: str) -> list[object]:
    spec = OPTIONS[name]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "effect":
        return list(CUSTOM_EFFECTS)
    return sorted({spec.low, min(spec.low + 1, spec.high), spec.high})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_value_has_a_sentence(lang: str) -> None:
    for name in OPTIONS:
        for value in _values(name):
            text = describe_option(name, value, lang)
            assert text and "{" not in text and "_" not in text.replace("{", ""), (name, value)
            if lang != "en":  # translated, not the English source
                assert text != describe_option(name, value, "en"), (name, value, text)


def test_each_preset_is_told_as_itself() -> None:
    for name in PRESETS:
        rules = Rules.preset(name)
        assert closest_preset(rules) == (name, {})
        assert len(describe_rules(rules)) == 1


def test_what_differs_from_the_preset_is_told_in_words() -> None:
    rules = Rules.preset("online", players=3, uno_penalty=4, seven_zero=False)
    # the head does not repeat the preset's own words ("...seven-zero"), which the changes
    # under it may contradict (issue 19.14: "no house rules" above five house rules)
    assert describe_rules(rules) == [
        "Rules: online, 3 players, with these changes:",
        "Forgetting UNO costs 4 cards.",
        "7 and 0 are plain numbers.",
    ]
    assert describe_rules(rules, "zh-Hans")[1] == "忘记喊 UNO 罚 4 张牌。"
    assert describe_rules(Rules.preset("official", hand_size=5))[0] == (
        "Rules: official, 4 players, with these changes:"
    )


def test_the_target_is_told_with_the_scoring() -> None:
    rules = Rules(scoring="low_wins", target_score=200)
    lines = describe_rules(rules)
    assert "Points in hand count against you; lowest at 200 wins." in lines
    assert not any(line.startswith("Target") for line in lines)


def test_a_rules_page_tells_the_presets_own_settings_too() -> None:
    """Issue 12's rules screen: a preset's own options in plain words, not only its name."""
    lines = describe_rules(Rules.preset("party"), full=True)
    assert "A +4 cannot be challenged." in lines
    assert "Stacking: any draw card on any draw card." in lines
    assert describe_rules(Rules.preset("official", players=3), full=True) == [
        "Rules: official (the official rules, no house rules), 3 players"
    ]


def test_every_option_defines_its_sentences_with_its_definition() -> None:
    """Issue 20: what players read of an option is written with it (unokit.rules: ``words``
    per value, ``counted`` for a number), so a new option needs no word elsewhere."""
    for name, spec in OPTIONS.items():
        if spec.kind == "choice":
            assert set(spec.words) == set(spec.choices), name
        elif spec.kind == "bool":
            assert set(spec.words) == {True, False}, name
        elif spec.kind == "int":
            assert spec.counted is not None, name
        else:
            assert set(spec.words) <= set(CUSTOM_EFFECTS), name
