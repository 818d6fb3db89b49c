"""An attack in two steps: the plan of the exchange publishes nothing; publishing it logs it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.events import Event, RollMade
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import AttackInput, FoeSpec, Plan
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import Location, SeededRng
from gmdash.rules.combat import ActionKind, Defence

BROO = FoeSpec(name="Broo", dex=12, siz=13, hit_points=12, weapon="Club", skill=45,
               damage="1D6", damage_bonus="1D4", dodge=30)  # fmt: skip


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock())
    service.start_session()
    runner.begin(service, ["c0001"], [BROO])
    runner.declare(service, "k01", [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])
    assert runner.step(service, +1) is not None
    return service


def test_the_plan_publishes_nothing_and_holds_the_rules_numbers(svc: CampaignService) -> None:
    seen: list[Event] = []
    svc.bus.subscribe(Event, seen.append)
    given = AttackInput(defender_id="k02", attack_roll=30, defence=Defence.DODGE,
                        defence_roll=80, location=Location.CHEST, damage=9, armour=2)  # fmt: skip
    plan = runner.plan_attack(svc, SeededRng(1), given)
    assert seen == []
    assert plan.attack.level == "success" and plan.defence_roll is not None
    assert plan.defence_roll.level == "failure" and plan.outcome.to_location == 9
    assert plan.blow is not None and plan.blow.amount == 7  # 9 - armour 2


def test_publishing_the_plan_is_resolving_the_attack(svc: CampaignService) -> None:
    given = AttackInput(defender_id="k02", attack_roll=30, location_roll=12)
    planned = runner.plan_attack(svc, SeededRng(4), given)
    seen: list[Event] = []
    svc.bus.subscribe(Event, seen.append)
    event = runner.publish_attack(svc, planned)
    assert [e.kind for e in seen if isinstance(e, RollMade)] == ["attack", "location", "damage"]
    assert event.steps == tuple(e.id for e in seen[:-1])
    assert planned.blow is not None and event.damage == planned.blow.damage
    assert event.text.startswith("Harvald Stormbrow: Broadsword 70% rolled 30: success")
