"""Roll again and retry from a logged roll (issue 14): the same plan made anew, the retry rule
of the seed (RQG -25, no try after a failed retry; BRP none), nothing logged when refused."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock, sheet
from hypothesis import given
from hypothesis import strategies as st

from gmdash.model import ValidationError
from gmdash.model.events import CharacterDeleted, RollMade
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.roll_again import again_refusal, roll_again
from gmdash.play.rolls import AbilityPlan
from gmdash.rules import Difficulty, Level, RuleSet, ScriptedRng, parse_dice


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[CampaignService]:
    with CampaignService.create(tmp_path, "Saga", clock=FakeClock(), durable=False) as service:
        service.add_character(sheet())
        service.start_session()
        yield service


def ability_roll(
    svc: CampaignService, name: str, plan: AbilityPlan, d100: int, *, hidden: bool = False
) -> RollMade:
    character = svc.character("Ostra")
    ability = character.ability(name)
    assert ability is not None
    done = rolls.roll_ability(svc, ScriptedRng([d100]), character, ability, plan, hidden=hidden)
    return done.event


def logged(svc: CampaignService) -> list[RollMade]:
    return [e for e in svc.events() if isinstance(e, RollMade)]


def test_roll_again_keeps_the_ability_modifiers_augment_and_hidden_flag(
    svc: CampaignService,
) -> None:
    plan = AbilityPlan(base=40, flat=10, augment_name="Air", augment_level=Level.SUCCESS)
    first = ability_roll(svc, "Dodge", plan, 80, hidden=True)
    assert first.chance == 70
    again = roll_again(svc, ScriptedRng([30]), first)
    made = again.event
    assert (made.label, made.chance, made.modifiers, made.hidden) == (
        "Dodge", 70, first.modifiers, True,
    )  # fmt: skip
    assert made.roll == 30 and made.level == "success" and made.id != first.id
    assert logged(svc)[-1] == made


def test_retry_takes_25_off_and_a_failed_retry_refuses_another(svc: CampaignService) -> None:
    first = ability_roll(svc, "Broadsword", AbilityPlan(base=55, flat=5), 90)
    retried = roll_again(svc, ScriptedRng([50]), first, retry=True).event
    assert retried.chance == 35 and rolls.RETRY_MODIFIER in retried.modifiers
    assert "+5" in retried.modifiers and retried.level == "failure"
    count = len(logged(svc))
    for source in (first, retried):
        assert "no further try" in (again_refusal(svc, source, retry=True) or "")
        with pytest.raises(ValidationError, match="no further try"):
            roll_again(svc, ScriptedRng([1]), source, retry=True)
    assert len(logged(svc)) == count  # nothing logged


def test_a_success_has_nothing_to_retry(svc: CampaignService) -> None:
    first = ability_roll(svc, "Dodge", AbilityPlan(base=40), 10)
    assert "nothing to retry" in (again_refusal(svc, first, retry=True) or "")
    assert again_refusal(svc, first) is None


def test_brp_has_no_retry_but_rolls_again_at_the_same_difficulty(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, "Brp", RuleSet.BRP, clock=FakeClock()) as svc:
        characteristics = {**sheet().characteristics, "APP": 12}
        del characteristics["CHA"]
        svc.add_character(replace(sheet(), characteristics=characteristics))
        first = ability_roll(
            svc, "Dodge", AbilityPlan(base=40, difficulty=Difficulty.DIFFICULT), 90
        )
        assert "BRP has no retry" in (again_refusal(svc, first, retry=True) or "")
        again = roll_again(svc, ScriptedRng([5]), first).event
        assert again.chance == first.chance == 20 and again.modifiers == first.modifiers


def test_characteristic_and_dice_rolls_are_rolled_again(svc: CampaignService) -> None:
    ostra = svc.character("Ostra")
    pow_roll = rolls.roll_characteristic(svc, ScriptedRng([30]), ostra, "POW", 3).event
    again = roll_again(svc, ScriptedRng([70]), pow_roll).event
    assert (again.label, again.chance, again.roll) == ("POW x3", 45, 70)
    damage = rolls.roll_dice(svc, ScriptedRng([3, 2]), parse_dice("1D8+1D4"), label="Broadsword",
                             character=ostra)  # fmt: skip
    again = roll_again(svc, ScriptedRng([8, 4]), damage).event
    assert (again.label, again.expression, again.total) == ("Broadsword", "1D8+1D4", 12)
    assert "only an ability roll" in (again_refusal(svc, damage, retry=True) or "")


def test_a_removed_character_cannot_roll_again(svc: CampaignService) -> None:
    first = ability_roll(svc, "Dodge", AbilityPlan(base=40), 90)
    svc.publish(CharacterDeleted(character_id="c0001"))
    assert "no longer on the roster" in (again_refusal(svc, first) or "")


@given(
    flat=st.integers(-500, 500),
    difficulty=st.sampled_from(list(Difficulty)),
    retry=st.booleans(),
    augment=st.none()
    | st.tuples(st.text(min_size=1, max_size=20).filter(str.strip), st.sampled_from(list(Level))),
)
def test_a_plan_reads_back_from_its_modifiers(
    flat: int, difficulty: Difficulty, retry: bool, augment: tuple[str, Level] | None
) -> None:
    plan = AbilityPlan(
        base=50, flat=flat, difficulty=difficulty, retry=retry,
        augment_name=augment[0] if augment else None, augment_level=augment[1] if augment else None,
    )  # fmt: skip
    assert AbilityPlan.from_modifiers(50, plan.modifiers()) == plan
