"""A fast typist's `down` then `h`: the dialog opens on the character under the cursor."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from textual import events

from gmdash.campaign import CampaignService
from gmdash.demo import DEMO_NAME, demo_state
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.wounds import DamageDialog


def fixed_clock() -> datetime:
    return datetime(2026, 3, 14, 20, 0, tzinfo=UTC)


async def test_down_then_damage_typed_ahead_targets_the_new_row(tmp_path: Path) -> None:
    service = CampaignService.create(
        tmp_path, DEMO_NAME, state=demo_state(), clock=fixed_clock, durable=False
    )
    try:
        app = GmDashApp(service, rng=SeededRng(7), clock=fixed_clock)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            first, second = service.characters[:2]
            for key in ("down", "h"):  # both queued before either is handled
                app.post_message(events.Key(key, "h" if key == "h" else None))
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, DamageDialog)
            assert app.screen.character.id == second.id != first.id
    finally:
        service.close()
