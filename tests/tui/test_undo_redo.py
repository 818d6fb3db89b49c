"""Undo and redo on the dashboard (issue 14): ctrl+z says what it undid, asks before going back
past the start of the session or taking back the improvement phase (escape keeps everything),
ctrl+y redoes, and a restart keeps what was undone and redone."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app, demo_service
from textual.pilot import Pilot

from gmdash.model.events import AbilityTicked, DamageApplied, Event, RedoApplied, UndoApplied
from gmdash.play import experience
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.rules import ScriptedRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.confirm import ConfirmDialog

SIZE = (160, 50)
HARVALD = "c0001"


def messages(app: GmDashApp) -> list[str]:
    return [n.message for n in app.told]


def recorder(service: CampaignService) -> list[Event]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return seen


async def press(pilot: Pilot[int], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


async def test_undo_and_redo_across_a_session_start_ask_first(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    full = service.state.character(HARVALD)
    service.publish(DamageApplied(character_id=HARVALD, amount=8, location="left_arm"))
    hurt = service.state.character(HARVALD)
    seen = recorder(service)
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+g", "ctrl+g")  # session 1 ends, session 2 starts
        assert service.current_session is not None and service.current_session.number == 2
        await press(pilot, "ctrl+z")
        assert isinstance(app.screen, ConfirmDialog)
        question = str(app.screen.query_one("#question").render())
        assert "session 2" in question and "session 1" in question
        assert "8 damage to Harvald Stormbrow's left arm" in question
        await press(pilot, "escape")  # keeps everything
        assert not isinstance(app.screen, ConfirmDialog)
        assert service.state.character(HARVALD) == hurt
        assert not any(isinstance(e, UndoApplied) for e in seen)
        await press(pilot, "ctrl+z", "enter")
        assert service.state.character(HARVALD) == full
        assert "Undid: 8 damage to Harvald Stormbrow's left arm" in messages(app)
        await press(pilot, "ctrl+y")  # redo does not ask: it only puts back what was undone
        assert not isinstance(app.screen, ConfirmDialog)
        assert service.state.character(HARVALD) == hurt
        assert "Redid: 8 damage to Harvald Stormbrow's left arm" in messages(app)
        await press(pilot, "ctrl+y")
        assert messages(app)[-1] == "Nothing to redo."
        await press(pilot, "ctrl+z", "enter")  # undone again, then the dashboard is closed
    assert [type(e) for e in seen if isinstance(e, UndoApplied | RedoApplied)] == [
        UndoApplied,
        RedoApplied,
        UndoApplied,
    ]
    service.close()
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock()) as again:
        assert again.state.character(HARVALD) == full  # the restart keeps the undo
        app = dashboard_app(again)
        async with app.run_test(size=SIZE) as pilot:
            await press(pilot, "ctrl+y")
            assert again.state.character(HARVALD) == hurt  # and what it can redo


async def test_undo_in_the_same_session_does_not_ask(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    service.publish(DamageApplied(character_id=HARVALD, amount=3))
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+z")
        assert not isinstance(app.screen, ConfirmDialog)
        assert messages(app)[-1] == "Undid: 3 damage to Harvald Stormbrow"
        await press(pilot, "ctrl+z")  # the demo starts with nothing to undo
        assert messages(app)[-1] == "Nothing to undo."
    service.close()


async def test_undo_of_the_improvement_phase_asks_and_takes_it_all_back(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    for name in ("Broadsword", "Climb"):
        service.publish(AbilityTicked(character_id=HARVALD, ability=name))
    before = service.state.character(HARVALD)
    lines = [experience.roll_line(line, ScriptedRng([99, 4])) for line in
             experience.ticked_lines(service)]  # fmt: skip
    experience.apply_improvement(service, lines)
    improved = service.state.character(HARVALD)
    assert improved != before
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+z")
        assert isinstance(app.screen, ConfirmDialog)
        assert "improvement phase" in str(app.screen.query_one("#question").render())
        await press(pilot, "escape")
        assert service.state.character(HARVALD) == improved
        await press(pilot, "ctrl+z", "enter")
        assert service.state.character(HARVALD) == before  # every roll and value, in one press
        assert messages(app)[-1] == "Undid: the improvement phase"
        assert all(e.id in service.state.struck for e in service.events() if
                   getattr(e, "kind", None) == "experience")  # fmt: skip
        await press(pilot, "ctrl+y")
        assert service.state.character(HARVALD) == improved
        assert messages(app)[-1] == "Redid: the improvement phase"
    service.close()
