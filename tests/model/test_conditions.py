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
