"""Keys typed faster than a dialog closes: the second `enter` (or `escape`) changes nothing.

A game master double-taps enter. Both keys reach the dialog's focused field before the dialog
has gone, so the dialog handles the second one while it is no longer on screen: it must not
dismiss again (that popped the dashboard's own screen, or the dialog beneath) nor act twice.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock
from textual import events
from textual.pilot import Pilot

from gmdash.model.events import Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.tui.app import GmDashApp

CHARACTERS = {"plus": "+", "minus": "-", "slash": "/", "question_mark": "?"}


async def burst(pilot: Pilot[int], *keys: str) -> None:
    """Keys queued together, as the terminal delivers a fast double tap."""
    for key in keys:
        pilot.app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))
    await pilot.pause()
    await pilot.pause()


@pytest.fixture
def app_and_service(tmp_path: Path) -> tuple[GmDashApp, CampaignService]:
    service = demo_service(tmp_path, fixed_clock)
    return dashboard_app(service), service


@pytest.mark.parametrize(
    ("opening", "tap"),
    [
        (("ctrl+w",), ("enter", "enter")),  # a form dialog (weeks of healing)
        (("ctrl+w",), ("escape", "escape")),
        (("1", "d"), ("1", "d", "6", "enter", "enter", "enter")),  # a roll dialog: roll, close
        (("1", "d"), ("escape", "escape")),
        (("4", "f"), ("escape", "escape")),  # a log dialog
    ],
)
async def test_a_double_tap_closes_one_dialog_and_nothing_else(
    app_and_service: tuple[GmDashApp, CampaignService],
    caplog: pytest.LogCaptureFixture,
    opening: tuple[str, ...],
    tap: tuple[str, ...],
) -> None:
    caplog.set_level(logging.ERROR, logger="gmdash")
    app, service = app_and_service
    rolls: list[Event] = []
    service.bus.subscribe(RollMade, rolls.append)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press(*opening)
            await pilot.pause()
            assert len(app.screen_stack) == 2, "the dialog opened"
            await burst(pilot, *tap)
            assert app.is_running
            assert len(app.screen_stack) == 1, "back on the dashboard"
            await pilot.press("question_mark")  # and it still answers
            await pilot.pause()
            assert len(app.screen_stack) == 2
    finally:
        service.close()
    assert not [r.getMessage() for r in caplog.records], "an error reached the safety net"
    assert len(rolls) <= 1, "one roll at most: the second enter only closes"
