"""The bestiary with Pilot: creatures added to the roster from a template (typed fast, and bad
input that changes nothing), and the proof: a fight against three creatures of a four-legged
template, with a hit landed on a location no humanoid has."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select

from gmdash.model.combat_events import AttackResolved, CombatStarted
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.tui.dialogs.bestiary import FromTemplateDialog
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.combat_foes import FOE_FIELDS
from gmdash.tui.dialogs.combat_setup import CombatSetupDialog
from tests.tui.test_combat import SIZE, declare_everyone, fill, make_app, make_service

# The setup form's tab order: the roster, the quick foe's fields, then the bestiary field (a
# burst typed into the quick foe never lands in it); an RQG form has every quick-foe field.
TO_CREATURES = ("tab",) * (1 + len(FOE_FIELDS))


def quick_foe_blank(app: Any) -> None:
    """Every quick-foe field was passed over, none typed into."""
    typed = {f: app.screen.query_one(f"#{f}", Input).value for f in FOE_FIELDS}
    assert typed == dict.fromkeys(FOE_FIELDS, ""), typed


async def first_adventurers_attack(pilot: Any, service: CampaignService, count: int) -> None:
    """Step to the first action of a roster character, and open its attack."""
    for _ in range(count):
        await pilot.press("n")
        await pilot.pause()
        row = runner.current_row(service)
        if row is not None and row.combatant.foe is None:
            break
    await pilot.press("t")
    await pilot.pause()


async def test_add_creatures_to_the_roster_typed_fast(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, _ = make_app(service)
    before = len(service.characters)
    async with app.run_test(size=SIZE) as pilot:
        # typed ahead without a pause: every key reaches the dialog's field
        await pilot.press("1", "A", *"jackal x3", "enter")
        await pilot.pause()
        names = [c.name for c in service.characters[before:]]
        assert names == ["Ridge Jackal 1", "Ridge Jackal 2", "Ridge Jackal 3"]
        assert {c.hit_table for c in service.characters[before:]} == {"quadruped"}

        await pilot.press("A", *"wolf x2", "enter")  # no such template: one message, no change
        await pilot.pause()
        assert isinstance(app.screen, FromTemplateDialog)
        error = str(app.screen.query_one("#template-error").render())
        assert "no creature template 'wolf'" in error
        await pilot.press("escape")
        await pilot.pause()
        assert len(service.characters) == before + 3


@pytest.mark.slow
async def test_a_fight_against_three_four_legged_creatures(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "b")
        await pilot.pause()
        assert isinstance(app.screen, CombatSetupDialog)
        await pilot.press(*TO_CREATURES, *"ridge jackal x3")  # typed ahead into the bestiary
        await pilot.pause()
        assert app.screen.query_one("#creatures", Input).value == "ridge jackal x3"
        quick_foe_blank(app)
        await pilot.press("enter")
        await pilot.pause()
        started = next(e for e in seen if isinstance(e, CombatStarted))
        jackals = [c for c in started.combatants if c.foe is not None]
        assert [c.name for c in jackals] == ["Ridge Jackal 1", "Ridge Jackal 2", "Ridge Jackal 3"]
        assert all(c.foe is not None and c.foe.hit_table == "quadruped" for c in jackals)

        await declare_everyone(app, pilot, len(started.combatants))
        await first_adventurers_attack(pilot, service, len(started.combatants))
        assert isinstance(app.screen, AttackDialog)
        target = app.screen.query_one("#target", Select).value
        defender = next(c for c in jackals if c.id == target)
        # the table's dice: a hit, the jackal's dodge fails, the hindquarters, 9 damage
        fill(app, {"attack-roll": "10", "defence-roll": "95", "location": "hindq",
                   "damage": "9"})  # fmt: skip
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        attack = next(e for e in seen if isinstance(e, AttackResolved))
        assert attack.defender_id == defender.id
        assert attack.location == "hindquarters" and attack.armour == 1
        combat = service.state.combat
        assert combat is not None
        hurt = combat.combatant(defender.id).foe
        assert defender.foe is not None and hurt is not None
        assert hurt.locations["hindquarters"] == defender.foe.locations["hindquarters"] - 8
        if defender.foe.locations["hindquarters"] <= 8:  # a major wound: the hind legs go
            assert {"useless:right_hind_leg", "useless:left_hind_leg"} <= set(hurt.conditions)


@pytest.mark.slow
async def test_a_humanoid_location_on_a_jackal_is_refused(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2", "b")
        await pilot.pause()
        await pilot.press(*TO_CREATURES, *"jackal")
        await pilot.pause()
        assert app.screen.query_one("#creatures", Input).value == "jackal"
        quick_foe_blank(app)
        await pilot.press("enter")
        await pilot.pause()
        started = next(e for e in seen if isinstance(e, CombatStarted))
        await declare_everyone(app, pilot, len(started.combatants))
        await first_adventurers_attack(pilot, service, len(started.combatants))
        assert isinstance(app.screen, AttackDialog)
        fill(app, {"attack-roll": "10", "defence-roll": "95", "location": "left arm"})
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)  # refused: the dialog stays
        error = str(app.screen.query_one("#location-error").render())
        assert "not a hit location" in error and "RHL" in error
        assert not any(isinstance(e, AttackResolved) for e in seen)
