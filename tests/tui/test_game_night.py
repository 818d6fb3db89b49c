"""A whole game night from the keyboard (issue 6): start, rolls that tick, the improvement
phase, the end of the session, then a review of that past session during the next one."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from helpers import FakeClock, demo_service

from gmdash.model.events import (
    AbilityTicked,
    CharacterEdited,
    Event,
    RollMade,
    SessionEnded,
    SessionStarted,
)
from gmdash.rules import ScriptedRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
from gmdash.tui.dialogs.improvement import ImprovementScreen
from gmdash.tui.dialogs.log_summary import SummaryDialog
from gmdash.tui.panes.log import LogPane


async def test_a_night_from_start_to_review(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 3, 14, 19, 0, tzinfo=UTC), step=timedelta(minutes=1))
    service = demo_service(tmp_path, clock)
    events: list[Event] = []
    service.bus.subscribe(Event, events.append)
    # The app's dice, in order: Broadsword 20 (a success), its experience roll 90 and a gain
    # of 4, then Climb 40 in the second session.
    app = GmDashApp(service, rng=ScriptedRng([20, 90, 4, 40]), clock=clock)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+g")  # session 1 starts
            await pilot.pause()
            assert "session 1" in app.sub_title

            await pilot.press("r")  # Harvald, the first of the roster, rolls Broadsword
            await pilot.pause()
            assert isinstance(app.screen, AbilityRollDialog)
            await pilot.press(*"broad", "enter")
            await pilot.pause()
            await pilot.press("enter")  # close the result
            await pilot.pause()

            await pilot.press("ctrl+e")  # the improvement phase lists the tick
            await pilot.pause()
            assert isinstance(app.screen, ImprovementScreen)
            await pilot.press("a", "enter")  # roll them all, accept
            await pilot.pause()
            assert len(app.screen_stack) == 1

            await pilot.press("ctrl+g")  # session 1 ends
            await pilot.pause()
            await pilot.press("ctrl+g")  # session 2 starts
            await pilot.pause()
            await pilot.press("r", *"climb", "enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()

            await pilot.press("4", "s")  # the log: show session 1
            await pilot.pause()
            await pilot.press("up", "enter")
            await pilot.pause()
            log = app.query_one(LogPane)
            assert log.which == 1
            shown = [(r.entry.kind, r.entry.label) for r in log.shown]
            assert ("ability", "Broadsword") in shown
            assert ("ability", "Climb") not in shown
            await pilot.press("i")  # its summary
            await pilot.pause()
            assert isinstance(app.screen, SummaryDialog)
    finally:
        service.close()

    rolls = [e for e in events if isinstance(e, RollMade)]
    assert [(r.session, r.kind, r.label, r.roll, r.level) for r in rolls] == [
        (1, "ability", "Broadsword", 20, "success"),
        (1, "experience", "Broadsword", 90, "success"),
        (2, "ability", "Climb", 40, "success"),
    ]
    assert [(e.session, e.ability) for e in events if isinstance(e, AbilityTicked)][:1] == [
        (1, "Broadsword")
    ]
    starts = [e.number for e in events if isinstance(e, SessionStarted)]
    ends = [e.number for e in events if isinstance(e, SessionEnded)]
    assert (starts, ends) == ([1, 2], [1])
    edited = [e for e in events if isinstance(e, CharacterEdited)]
    assert edited, "the improvement was saved"
    harvald = service.state.find("Harvald Stormbrow")
    assert harvald is not None
    broadsword = harvald.ability("Broadsword")
    climb = harvald.ability("Climb")
    assert broadsword is not None and climb is not None
    assert (broadsword.value, broadsword.ticked) == (74, False)  # 70 + 1D6 of 4, tick cleared
    assert climb.ticked  # ticked in session 2, waiting for the next improvement phase
