"""Defences after the first in a melee round, and the editions' optional rules (docs/rules.md)."""

from __future__ import annotations

import pytest

from gmdash.rules.defences import defence_note, defence_penalty, ordinal
from gmdash.rules.ruleset import Edition, OptionalRule, RuleSet

# docs/rules.md#combat-defences: RQG takes 20 off each defence after the first in the round
# (-20, -40...), BRP 30 (-30, -60...)
PENALTIES = [
    (RuleSet.RQG, 0, 0, ""), (RuleSet.RQG, 1, 20, "-20 (2nd defence this round)"),
    (RuleSet.RQG, 2, 40, "-40 (3rd defence this round)"),
    (RuleSet.RQG, 3, 60, "-60 (4th defence this round)"),
    (RuleSet.BRP, 0, 0, ""), (RuleSet.BRP, 1, 30, "-30 (2nd defence this round)"),
    (RuleSet.BRP, 2, 60, "-60 (3rd defence this round)"),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "prior", "penalty", "note"), PENALTIES)
def test_each_defence_after_the_first_costs_more(
    ruleset: RuleSet, prior: int, penalty: int, note: str
) -> None:
    assert defence_penalty(prior, ruleset) == penalty
    assert defence_note(prior, ruleset) == note


def test_a_negative_count_of_defences_is_refused() -> None:
    with pytest.raises(ValueError, match="earlier defences"):
        defence_penalty(-1, RuleSet.RQG)


ORDINALS = [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (9, "9th"), (10, "10th"), (11, "11th"),
    (12, "12th"), (13, "13th"), (20, "20th"), (21, "21st"), (22, "22nd"), (23, "23rd"),
    (101, "101st"), (111, "111th"), (112, "112th"), (121, "121st"),
]  # fmt: skip


@pytest.mark.parametrize(("number", "text"), ORDINALS)
def test_ordinals_in_english(number: int, text: str) -> None:
    assert ordinal(number) == text


@pytest.mark.parametrize("rule", list(OptionalRule))
def test_rqg_always_has_runes_passions_and_rune_points(rule: OptionalRule) -> None:
    # docs/rules.md, BRP's optional rules: RQG always has all three; BRP only those turned on
    assert Edition.of(RuleSet.RQG).uses(rule)
    assert not Edition.of(RuleSet.BRP).uses(rule)
    assert Edition.of(RuleSet.BRP, [rule]).uses(rule)
    others = [other for other in OptionalRule if other is not rule]
    assert not Edition.of(RuleSet.BRP, others).uses(rule)


def test_which_edition_is_brp() -> None:
    assert Edition.of(RuleSet.BRP).is_brp and not Edition.of(RuleSet.RQG).is_brp
    assert Edition.of(RuleSet.BRP).order_name == "DEX order"
    assert Edition.of(RuleSet.RQG).order_name == "strike ranks"
