"""Heal Wound cast from the roster's cast dialog, typed at full speed with Pilot: the limb's
wound chosen in the dialog's Heal field, its hit points back, the limb usable again."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app, keys_of
from textual.widgets import Input

from gmdash.model.events import DamageApplied, Event, HealingApplied, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.tui.dialogs.cast_spell import CastDialog

GOREHORN = "c0005"


async def test_heal_wound_on_a_wounded_limb(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    arm = service.character(GOREHORN).locations["left_arm"]
    service.publish(DamageApplied(character_id=GOREHORN, amount=1, location="head"))
    service.publish(DamageApplied(character_id=GOREHORN, amount=arm, location="left_arm",
                                  effects=("useless:left_arm",)))  # fmt: skip
    hurt = service.character(GOREHORN)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        # Harvald (the first sheet) casts Heal Wound (Orlanth, 1 Rune point) on Gorehorn's
        # left arm; points as they are; target, weapon, Heal; resists, hidden, then the D100
        keys = keys_of("s", "heal w", "tab", *["tab"] * 5, "gore", "tab", "tab", "LA")
        await pilot.press(*keys, "tab", "tab", "tab", *keys_of("30"))
        dialog = app.screen
        assert isinstance(dialog, CastDialog)
        heal_at = dialog.query_one("#heal-at", Input)
        assert heal_at.placeholder == f"Head 1, Left arm {arm}"  # the target's open wounds
        await pilot.press("enter", "enter")
        assert len(app.screen_stack) == 1, "cast and closed"
    healed = service.character(GOREHORN)
    assert healed.locations["left_arm"] == arm
    assert healed.hit_points == hurt.hit_points + arm
    assert "useless:left_arm" not in healed.conditions
    assert healed.wounds == {"head": (1,)}
    assert [e.label for e in seen if isinstance(e, RollMade)] == ["Heal Wound 1"]
    assert [(e.location, e.magical) for e in seen if isinstance(e, HealingApplied)] == [
        ("left_arm", True)
    ]
