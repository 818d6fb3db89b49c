"""A fast typist's `down` then `h`: the dialog opens on the character under the cursor."""

from __future__ import annotations

from pathlib import Path

from helpers import dashboard_app, demo_service, fixed_clock
from textual import events

from gmdash.tui.dialogs.wounds import DamageDialog


async def test_down_then_damage_typed_ahead_targets_the_new_row(tmp_path: Path) -> None:
    service = demo_service(tmp_path, fixed_clock)
    try:
        app = dashboard_app(service)
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
