"""The roster's changes go through `play.roster`; a wrong one changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.errors import ValidationError
from gmdash.model.events import HealingApplied, PointsSpent
from gmdash.play import roster
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    return service


def test_a_tick_toggles_and_an_unknown_ability_changes_nothing(svc: CampaignService) -> None:
    assert roster.toggle_tick(svc, "c0001", "Scan") is True
    assert svc.character("c0001").ability("Scan").ticked  # type: ignore[union-attr]
    assert roster.toggle_tick(svc, "c0001", "Scan") is False
    before = svc.character("c0001")
    with pytest.raises(ValidationError, match="no ability 'Basket Weaving'"):
        roster.toggle_tick(svc, "c0001", "Basket Weaving")
    assert svc.character("c0001") == before


def test_a_wound_then_healing_and_clearing_conditions(svc: CampaignService) -> None:
    full = svc.character("c0001").hit_points
    roster.damage(svc, "c0001", "left_arm", 9)  # 4 armour: 5 through, an arm of 4 HP
    assert svc.character("c0001").hit_points == full - 5
    assert svc.character("c0001").conditions == ("useless:left_arm",)
    assert roster.clear_conditions(svc, "c0001") == ("useless:left_arm",)
    assert svc.character("c0001").conditions == ()
    assert roster.clear_conditions(svc, "c0001") == ()  # nothing left: no change
    summary = roster.heal_location(svc, "c0001", "left_arm", 2)
    assert "HP" in summary and svc.character("c0001").hit_points == full - 5 + 2


def test_a_week_of_healing_and_a_rest_are_one_change_each(svc: CampaignService) -> None:
    roster.damage(svc, "c0001", "chest", 8)
    roster.damage(svc, "c0002", "right_leg", 7)
    spent = [PointsSpent(character_id=cid, pool="magic", amount=3) for cid in ("c0001", "c0002")]
    roster.change_points(svc, spent)
    hurt = {cid: svc.character(cid).hit_points for cid in ("c0001", "c0002")}
    healed = roster.weekly_healing(svc, 1)
    assert {event.character_id for event in healed} == {"c0001", "c0002"}
    assert all(isinstance(event, HealingApplied) for event in healed)
    assert svc.character("c0001").hit_points > hurt["c0001"]
    # the week is game time too: its magic points are back, a rest has nothing left to give
    assert svc.character("c0001").magic_points == svc.character("c0001").characteristics["POW"]
    assert roster.full_rest(svc, None) == []
    roster.change_points(svc, spent)
    rested = roster.full_rest(svc, None)
    assert {event.character_id for event in rested} == {"c0001", "c0002"}
    assert svc.character("c0001").magic_points == svc.character("c0001").characteristics["POW"]
