"""Whole forms typed with no pause at all: every key lands in the field it was meant for.

The keys are posted to the app together, as a terminal delivers a fast typist's burst (or a
`tmux send-keys` of many keys): Tab must move the focus before the next character lands, a key
that opens a dialog hands every later key to that dialog.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead

from gmdash.model.events import Event
from gmdash.play.campaign import CampaignService
from gmdash.tui.app import GmDashApp


@pytest.fixture
def app_and_service(tmp_path: Path) -> tuple[GmDashApp, CampaignService]:
    service = demo_service(tmp_path, fixed_clock)
    return dashboard_app(service), service


async def test_start_combat_with_foes_typed_in_one_burst(
    app_and_service: tuple[GmDashApp, CampaignService],
) -> None:
    app, service = app_and_service
    logged: list[Event] = []
    service.bus.subscribe(Event, logged.append)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await type_ahead(
                pilot, "2", "b", "tab", "Broo x2", "tab", "12", "tab", "13", "tab", "12", "tab",
                "1", "tab", "Knife", "tab", "45", "tab", "1D4", "enter",
            )  # fmt: skip
            assert len(app.screen_stack) == 1, "Fight closed the dialog"
            combat = service.state.combat
            assert combat is not None
            foes = [c for c in combat.combatants if c.is_foe]
            assert [c.name for c in foes] == ["Broo 1", "Broo 2"] or len(foes) == 2
            for foe in foes:
                assert foe.hp_max == 12
                assert foe.foe is not None
                assert foe.foe.characteristics["DEX"] == 12
                assert foe.foe.characteristics["SIZ"] == 13
                assert [w.name for w in foe.foe.weapons] == ["Knife"]
                assert foe.foe.weapons[0].damage == "1D4"
    finally:
        service.close()
