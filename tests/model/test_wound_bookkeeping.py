"""Wound records on a sheet: damage adds a wound (a limb's capped), healing heals wounds one by
one and gives back to total HP only what they held; a reopened campaign keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.model import ValidationError
from gmdash.model.events import DamageApplied, HealingApplied, WeaponDamaged
from gmdash.play.campaign import CampaignService


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, "Test Saga", clock=FakeClock(), durable=False)
    service.add_character(sheet())
    return service


def test_each_blow_is_a_wound(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="chest"))
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="chest"))
    assert svc.character("c0001").wounds == {"chest": (3, 4)}


def test_a_capped_limb_wound_records_what_the_limb_took(svc: CampaignService) -> None:
    arm = svc.character("c0001").locations["right_arm"]  # 4
    svc.publish(DamageApplied(character_id="c0001", amount=12, location="right_arm",
                              total_loss=2 * arm, wound=2 * arm))  # fmt: skip
    hurt = svc.character("c0001")
    assert hurt.locations["right_arm"] == -arm and hurt.wounds == {"right_arm": (2 * arm,)}


def test_healing_one_wound_gives_back_only_that_wound(svc: CampaignService) -> None:
    full = svc.character("c0001").hit_points
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="chest"))
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="chest"))
    svc.publish(HealingApplied(character_id="c0001", amount=6, location="chest", wound=0))
    healed = svc.character("c0001")
    assert healed.wounds == {"chest": (4,)}
    assert healed.hit_points == full - 4  # 3 back, not 6


def test_healing_without_a_wound_heals_the_oldest_first(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="chest"))
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="chest"))
    svc.publish(HealingApplied(character_id="c0001", amount=5, location="chest"))
    assert svc.character("c0001").wounds == {"chest": (2,)}


def test_an_unknown_wound_changes_nothing(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="chest"))
    before = svc.character("c0001")
    with pytest.raises(ValidationError, match="no wound 3"):
        svc.publish(HealingApplied(character_id="c0001", amount=1, location="chest", wound=2))
    assert svc.character("c0001") == before


def test_magic_of_six_restores_a_severed_limb(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=12, location="left_arm",
                              total_loss=8, wound=8, effects=("severed:left_arm",)))  # fmt: skip
    svc.publish(HealingApplied(character_id="c0001", amount=5, location="left_arm"))
    assert "severed:left_arm" in svc.character("c0001").conditions
    svc.publish(HealingApplied(character_id="c0001", amount=6, location="left_arm", magical=True))
    assert "severed:left_arm" not in svc.character("c0001").conditions


def test_a_sheet_without_records_reads_its_damage_as_one_wound(svc: CampaignService) -> None:
    legacy = svc.character("c0001")
    assert legacy.wounds_at("chest", legacy.locations["chest"] + 5) == (5,)


def test_wounds_survive_a_reopen(svc: CampaignService, tmp_path: Path) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="head"))
    svc.publish(DamageApplied(character_id="c0001", amount=1, location="head"))
    svc.close()
    again = CampaignService.open(tmp_path, "Test Saga", clock=FakeClock(), durable=False)
    assert again.character("c0001").wounds == {"head": (3, 1)}
    again.close()


def test_a_weapon_loses_hit_points_and_breaks(svc: CampaignService) -> None:
    svc.publish(WeaponDamaged(character_id="c0001", weapon="broadsword", amount=5))
    assert svc.character("c0001").weapons[0].hit_points == 7
    svc.publish(WeaponDamaged(character_id="c0001", weapon="Broadsword", amount=9))
    sword = svc.character("c0001").weapons[0]
    assert (sword.hit_points, sword.max_hit_points, sword.broken) == (0, 12, True)
    svc.undo()
    assert svc.character("c0001").weapons[0].hit_points == 7


def test_an_unknown_weapon_changes_nothing(svc: CampaignService) -> None:
    with pytest.raises(ValidationError, match="no weapon"):
        svc.publish(WeaponDamaged(character_id="c0001", weapon="Lance", amount=1))
