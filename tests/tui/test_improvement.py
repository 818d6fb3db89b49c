"""The improvement phase (issue 6) under Pilot: ctrl+e, roll all, typed dice, free ticks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_session
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gmdash.model.events import AbilityTicked, CharacterEdited, Event, RollMade
from gmdash.play import experience
from gmdash.play.campaign import CampaignService
from gmdash.rules import ScriptedRng, SeededRng
from gmdash.tui.dialogs.improvement import FreeTicksDialog, ImprovementScreen

SIZE = (160, 50)
HARVALD = "c0001"
IRVALA = "c0002"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    with demo_session(tmp_path) as svc:
        for cid, name in ((HARVALD, "Broadsword"), (HARVALD, "Climb"), (IRVALA, "Truth")):
            svc.publish(AbilityTicked(character_id=cid, ability=name))
        yield svc


def value(service: CampaignService, cid: str, name: str) -> tuple[int, bool]:
    ability = service.state.character(cid).ability(name)
    assert ability is not None
    return ability.value, ability.ticked


def text(screen: ImprovementScreen | FreeTicksDialog, selector: str) -> str:
    visual = screen.query_one(selector, Static).visual
    return getattr(visual, "plain", str(visual))


async def open_phase(pilot: Pilot[int]) -> ImprovementScreen:
    await pilot.press("ctrl+e")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ImprovementScreen)
    return screen


def recorder(service: CampaignService) -> list[Event]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return seen


async def test_ctrl_e_lists_every_ticked_ability(service: CampaignService) -> None:
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_phase(pilot)
        assert [(x.character_name, x.ability) for x in screen.lines] == [
            ("Harvald Stormbrow", "Climb"),
            ("Harvald Stormbrow", "Broadsword"),
            ("Irvala Greyquill", "Truth"),
        ]
        assert "3 ticked · 0 rolled" in text(screen, "#status")


async def test_roll_all_with_a_seeded_rng_then_accept(service: CampaignService) -> None:
    expected_rng = SeededRng(11)
    expected = [experience.roll_line(x, expected_rng) for x in experience.ticked_lines(service)]
    seen = recorder(service)
    app = dashboard_app(service, SeededRng(11))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_phase(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert screen.lines == expected
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ImprovementScreen)
    rolls = [e for e in seen if isinstance(e, RollMade)]
    assert [(r.kind, r.label, r.roll) for r in rolls] == [
        ("experience", x.ability, x.result.roll)  # type: ignore[union-attr]
        for x in expected
    ]
    for line in expected:
        assert line.result is not None
        assert value(service, line.character_id, line.ability) == (line.result.new_value, False)
    assert experience.ticked_lines(service) == []
    assert sum(isinstance(e, CharacterEdited) for e in seen) == 2  # one per character


async def test_typed_rolls_and_the_gain(service: CampaignService) -> None:
    app = dashboard_app(service, ScriptedRng([]))  # physical dice only
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_phase(pilot)
        # Climb 55: 87 improves, but the gain is missing
        await pilot.press("t", "8", "7", "enter")
        await pilot.pause()
        assert "type the 1D6 gain" in text(screen, "#typed-error")
        assert not screen.lines[0].rolled
        await pilot.press("4", "enter")  # the focus went to the gain field
        await pilot.pause()
        assert screen.lines[0].result is not None and screen.lines[0].result.new_value == 59
        # Broadsword 70: 12 does not improve, no gain needed
        await pilot.press("t", "1", "2", "enter")
        await pilot.pause()
        assert screen.lines[1].result is not None and not screen.lines[1].result.improved
        # a bad D100 changes nothing
        await pilot.press("t", "1", "0", "1", "enter")
        await pilot.pause()
        assert "1 to 100" in text(screen, "#typed-error")
        assert not screen.lines[2].rolled
        await pilot.press("escape")  # back to the table, the typed value dropped
        await pilot.press("enter")  # accept: Truth stays ticked
        await pilot.pause()
    assert value(service, HARVALD, "Climb") == (59, False)
    assert value(service, HARVALD, "Broadsword") == (70, False)
    assert value(service, IRVALA, "Truth") == (80, True)


async def test_over_100_only_00_improves(service: CampaignService) -> None:
    irvala = service.state.character(IRVALA)
    abilities = tuple(replace(a, value=105) if a.name == "Truth" else a for a in irvala.abilities)
    service.publish(CharacterEdited(character=replace(irvala, abilities=abilities)))
    app = dashboard_app(service, ScriptedRng([99, 100, 6]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_phase(pilot)
        await pilot.press("down", "down", "space")
        await pilot.pause()
        truth = screen.lines[2]
        assert truth.result is not None and not truth.result.improved  # 99 < 105
        # the cursor moved on to the next unrolled line: back to Truth, clear it and roll again
        screen.query_one("#lines", DataTable).move_cursor(row=2)
        await pilot.press("space")
        await pilot.pause()
        assert screen.lines[2].result is truth.result  # a rolled line is not rolled twice
        await pilot.press("x", "space")
        await pilot.pause()
        truth = screen.lines[2]
        assert truth.result is not None and truth.result.roll == 100
        assert truth.result.new_value == 111
        await pilot.press("enter")
        await pilot.pause()
    assert value(service, IRVALA, "Truth") == (111, False)


async def test_escape_warns_before_dropping_rolls(service: CampaignService) -> None:
    seen = recorder(service)
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await open_phase(pilot)
        await pilot.press("a", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ImprovementScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ImprovementScreen)
    assert seen == []
    assert len(experience.ticked_lines(service)) == 3


async def test_accept_with_nothing_rolled_saves_nothing(service: CampaignService) -> None:
    seen = recorder(service)
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await open_phase(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ImprovementScreen)
    assert seen == []


async def test_four_free_ticks(service: CampaignService) -> None:
    app = dashboard_app(service)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_phase(pilot)
        await pilot.press("f")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, FreeTicksDialog)
        await pilot.press("down")  # Irvala
        await pilot.press("tab")
        for _ in range(5):
            await pilot.press("space", "down")
        await pilot.pause()
        assert "at most 4 free ticks each: Irvala Greyquill" in text(dialog, "#free-error")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # refused
        await pilot.press("up", "space")  # drop the fifth
        await pilot.pause()
        assert text(dialog, "#free-error") == ""
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        irvala = [x.ability for x in screen.lines if x.character_id == IRVALA]
        assert irvala == ["Dodge", "Climb", "Jump", "Swim", "Truth"]
