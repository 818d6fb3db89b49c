"""Lasting wound conditions: carried by DamageApplied, kept on the sheet, healed or undone."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.model import ValidationError
from gmdash.model.character import Character
from gmdash.model.events import DamageApplied, HealingApplied, event_from_dict
from gmdash.play.campaign import CampaignService


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, "Test Saga", clock=FakeClock(), durable=False)
    service.add_character(sheet())
    return service


def test_old_damage_events_load_without_effects() -> None:
    raw = {"type": "DamageApplied", "id": "0001-000001", "character_id": "c0001", "amount": 3}
    event = event_from_dict(raw)
    assert isinstance(event, DamageApplied)
    assert event.effects == () and event.total_loss is None


def test_effects_and_total_loss(svc: CampaignService) -> None:
    before = svc.character("c0001")
    svc.publish(
        DamageApplied(character_id="c0001", amount=9, location="right_arm", total_loss=8,
                      effects=("useless:right_arm", "shock"))
    )  # fmt: skip
    after = svc.character("c0001")
    assert after.hit_points == before.hit_points - 8
    assert after.locations["right_arm"] == before.locations["right_arm"] - 9
    assert after.conditions == ("useless:right_arm", "shock")
    svc.undo()
    assert svc.character("c0001").conditions == ()


def test_heal_clears_useless_then_everything_but_severed(svc: CampaignService) -> None:
    arm = svc.character("c0001").locations["right_arm"]
    effects = ("useless:right_arm", "shock", "severed:left_arm")
    svc.publish(
        DamageApplied(character_id="c0001", amount=arm + 1, location="right_arm", effects=effects)
    )
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="right_arm"))
    assert svc.character("c0001").conditions == ("useless:right_arm", "shock", "severed:left_arm")
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="right_arm"))
    assert svc.character("c0001").conditions == ("shock", "severed:left_arm")
    svc.publish(HealingApplied(character_id="c0001", amount=arm, location="right_arm"))
    assert svc.character("c0001").conditions == ("severed:left_arm",)


def test_conditions_survive_a_reopen(tmp_path: Path, svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=2, location="head",
                              effects=("unconscious",)))  # fmt: skip
    svc.close()
    with CampaignService.open(tmp_path, "Test Saga") as again:
        assert again.character("c0001").conditions == ("unconscious",)


def test_bad_conditions_are_refused() -> None:
    data = sheet().to_dict()
    for bad in (["sleepy"], ["useless:tail"], ["shock:head"], [3]):
        with pytest.raises(ValidationError):
            Character.from_dict({**data, "conditions": bad})


def test_a_healed_head_wakes_a_character_above_2_hp(svc: CampaignService) -> None:
    """RULES.md 2: head at its HP: unconscious; total HP <= 2: unconscious. Heal the head
    above 0 with the total above 2 and the unconsciousness its wound caused is gone."""
    head = svc.character("c0001").locations["head"]
    svc.publish(DamageApplied(character_id="c0001", amount=head, location="head",
                              effects=("unconscious",)))  # fmt: skip
    assert svc.character("c0001").conditions == ("unconscious",)
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="head", magical=True))
    after = svc.character("c0001")
    assert after.locations["head"] == 1 and after.hit_points > 2
    assert after.conditions == ()
    svc.undo()
    assert svc.character("c0001").conditions == ("unconscious",)


def test_a_heal_elsewhere_leaves_the_head_wound_asleep(svc: CampaignService) -> None:
    head = svc.character("c0001").locations["head"]
    svc.publish(DamageApplied(character_id="c0001", amount=head, location="head",
                              effects=("unconscious",)))  # fmt: skip
    svc.publish(DamageApplied(character_id="c0001", amount=1, location="right_leg"))
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="right_leg"))
    assert svc.character("c0001").conditions == ("unconscious",)


def test_bleeding_stops_when_the_vital_wound_is_below_twice_its_hp(svc: CampaignService) -> None:
    chest = svc.character("c0001").locations["chest"]
    svc.publish(DamageApplied(character_id="c0001", amount=2 * chest, location="chest",
                              effects=("shock", "unconscious", "bleeding")))  # fmt: skip
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="chest", magical=True))
    # the chest is still at or below 0: shock stays; no longer twice its HP: the bleeding and
    # the unconsciousness it caused stop (the total is well above 2)
    assert svc.character("c0001").conditions == ("shock",)


def test_a_condition_set_by_hand_outlives_a_partial_heal(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=1, location="chest",
                              effects=("unconscious",)))  # fmt: skip
    svc.publish(HealingApplied(character_id="c0001", amount=1, location="left_leg"))
    assert svc.character("c0001").conditions == ("unconscious",)
