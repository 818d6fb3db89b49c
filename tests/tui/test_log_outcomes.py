"""What the log says, typed at full speed with Pilot: an opposed roll's outcome is a line of
its own (and in the journal), an experience roll reads as experience, and the level filter's
"success" keeps every success (special and critical too)."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app, keys_of

from gmdash.formats import log_export
from gmdash.model.events import Event, OpposedSettled, RollMade
from gmdash.play import log_reading, rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import ScriptedRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.panes.log import LogTable

HARVALD = "c0001"


def demo(saves: Path) -> CampaignService:
    service = CampaignService.create(saves, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    return service


def rows(app: GmDashApp) -> list[str]:
    table = app.query_one(LogTable)
    return [" ".join(" ".join(table.row_lines(i)).split()) for i in range(table.row_count)]


async def test_the_opposed_outcome_is_its_own_line_in_the_log_and_the_journal(
    tmp_path: Path,
) -> None:
    service = demo(tmp_path)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = dashboard_app(service, ScriptedRng([]))
    async with app.run_test(size=(160, 50)) as pilot:
        # Harvald's Broadsword (70%) rolled 40 against Gorehorn's Great Axe (50%) rolled 30:
        # both succeed, the higher roll wins (RQG)
        await pilot.press("o", *keys_of("broad", "tab", "40", "tab", "goreh", "tab", "great",
                                        "tab", "30"), "enter", "enter", "4")  # fmt: skip
        shown = rows(app)
    settled = [e for e in seen if isinstance(e, OpposedSettled)]
    assert [(e.winner, e.text) for e in settled] == [
        ("Harvald Stormbrow", "Harvald Stormbrow wins (Harvald Stormbrow success, Gorehorn "
         "success)")
    ]  # fmt: skip
    opposed = [e.id for e in seen if isinstance(e, RollMade) and e.kind == "opposed"]
    assert settled[0].rolls == tuple(opposed)
    assert any(row.endswith(settled[0].text) for row in shown), shown
    story = log_export.export(log_reading.records(service), "md")
    assert f"{settled[0].text}." in story and f"{settled[0].text}.." not in story
    # one undo takes back the two rolls and the outcome
    service.undo()
    assert {e.id for e in seen if isinstance(e, RollMade | OpposedSettled)} <= service.state.struck


async def test_experience_reads_as_experience_and_success_means_any_success(
    tmp_path: Path,
) -> None:
    service = demo(tmp_path)
    for level, roll in (("critical", 2), ("special", 9), ("success", 40), ("failure", 90)):
        made = rolls.roll_event("ability", actor="Harvald Stormbrow", label="Broadsword",
                                character_id=HARVALD, chance=70, roll=roll,
                                level=level)  # fmt: skip
        service.publish(made)
    rolls.experience_roll(service, character_id=HARVALD, character_name="Harvald Stormbrow",
                          ability="Broadsword", value=45, roll=75, improved=True,
                          details={"value": 45, "gain": 3, "new_value": 48})  # fmt: skip
    rolls.experience_roll(service, character_id=HARVALD, character_name="Harvald Stormbrow",
                          ability="Climb", value=60, roll=20, improved=False,
                          details={"value": 60, "gain": 0, "new_value": 60})  # fmt: skip
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        shown = rows(app)
        assert any(r.endswith("Harvald Stormbrow · Broadsword 45%: 75, improves +3") for r in shown)
        assert any(r.endswith("Harvald Stormbrow · Climb 60%: 20, no improvement") for r in shown)
        assert not any("45%" in r and "success" in r for r in shown), "no 'success' on it"
        # f, then actor, kind and level: "success" keeps every success, not the failure
        await pilot.press("f", "tab", "tab", *keys_of("success"), "enter")
        kept = rows(app)
    levels = [word for row in kept for word in row.split()[2:4] if word in
              ("critical", "special", "success", "failure")]  # fmt: skip
    assert levels == ["critical", "special", "success"], kept
