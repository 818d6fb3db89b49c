"""The dashboard tells the truth when the disk refuses a write: the roll is not shown, the
message says it was not saved, and it never comes back with the next roll."""

from __future__ import annotations

from pathlib import Path

from fake_os import FaultyOS, installed
from helpers import dashboard_app, demo_session

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.tui.panes.log import LogPane


async def test_a_roll_the_disk_refused_is_not_shown_nor_written_later(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        app = dashboard_app(service)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("3")
            log = app.query_one(LogPane)
            shown = len(log.shown)
            with installed(FaultyOS("write", 1)):
                await pilot.press("enter")  # a resistance roll
                await pilot.pause()
            [note] = [n for n in app.told if n.title == "Nothing changed"]
            assert "No space left on device" in note.message
            assert "was not saved" in note.message and "session-0001.json" in note.message
            assert len(log.shown) == shown
            await pilot.press("enter")
            await pilot.pause()
            assert len(log.shown) == shown + 1
        rolls = [e for e in service.events() if isinstance(e, RollMade)]
        assert len(rolls) == 1
    with CampaignService.open(tmp_path, service.campaign.name, read_only=True) as again:
        assert len([e for e in again.events() if isinstance(e, RollMade)]) == 1
