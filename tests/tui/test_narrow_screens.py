"""Narrow screens (issue 30): at 80x24 and 100x30 numbered foes are told apart, a form's buttons
stay on screen, and no screen or dialog fails to render through a resize. Snapshots at fixed
size, seed and clock; regenerate after an intended change with
`pytest tests/tui/test_narrow_screens.py --snapshot-update` and look at the SVGs first.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, screen_text
from textual.widgets import Button

from gmdash.drawing.status import status_words
from gmdash.model.derived import sheet_maxima
from gmdash.play import combat as runner
from gmdash.play import roster
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import FoeSpec, Plan
from gmdash.rules import SeededRng
from gmdash.rules.combat import ActionKind
from gmdash.tui.app import GmDashApp
from gmdash.tui.launch import CRASH_LOG
from gmdash.tui.widgets.row_table import RowTable
from tests.tui.test_combat_snapshot import mid_round
from tests.tui.test_dialog_keys import OPENERS

SIZES = [(80, 24), (100, 30)]


def three_gorps(saves: Path) -> CampaignService:
    """Harvald and Irvala against three numbered broos of one long name, everyone declared."""
    service = demo_service(saves, fixed_clock)
    service.start_session()
    gorps = FoeSpec(name="Gorp the Broo", count=3, dex=12, siz=13, hit_points=12, armour=2,
                    weapon="Club", skill=45, damage="1D6", damage_bonus="1D4")  # fmt: skip
    party = [c.id for c in service.characters if c.kind == "pc"][:2]
    runner.begin(service, party, [gorps])
    for combatant in runner.fight(service).combatants:
        sheet = runner.sheet_of(combatant, service.state.characters)
        assert sheet is not None
        runner.declare(service, combatant.id, [Plan(kind=ActionKind.MELEE,
                                                    weapon=sheet.weapons[0].name)])  # fmt: skip
    return service


def wounded_roster(saves: Path) -> CampaignService:
    """The demo with Irvala in shock (a chest wound) and Marcellan's left leg useless, three
    numbered foes of one long name at the end."""
    service = demo_service(saves, fixed_clock)
    roster.damage(service, service.character("Irvala Greyquill").id, "chest", 10)
    roster.damage(service, service.character("Marcellan the Lunar").id, "left_leg", 9)
    for number in (1, 2, 3):
        sheet = service.character("Grubnose")
        service.add_character(replace(sheet, id="", name=f"Gorp the Broo {number}"))
    return service


def app_on(service: CampaignService) -> GmDashApp:
    return GmDashApp(service, rng=SeededRng(7), clock=fixed_clock)


@pytest.mark.parametrize("size", SIZES)
def test_roster_snapshot(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    service = wounded_roster(tmp_path)
    try:  # the cursor on the last foe: the list shows its end, the useless leg and the foes
        assert snap_compare(app_on(service), terminal_size=size, press=["1", *["down"] * 10])
    finally:
        service.close()


@pytest.mark.parametrize("size", SIZES)
def test_strike_ranks_with_three_numbered_foes(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    service = three_gorps(tmp_path)
    try:
        assert snap_compare(app_on(service), terminal_size=size, press=["2"])
    finally:
        service.close()


@pytest.mark.parametrize("size", SIZES)
def test_fight_set_up_snapshot(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    service = demo_service(tmp_path, fixed_clock)
    try:
        assert snap_compare(app_on(service), terminal_size=size, press=["2", "b"])
    finally:
        service.close()


@pytest.mark.parametrize("size", [*SIZES, (160, 50)])
async def test_the_roster_shows_each_status_in_full(tmp_path: Path, size: tuple[int, int]) -> None:
    """No status is a bare letter: narrow, the words go on the line under the name."""
    service = wounded_roster(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.press("1")
            table = app.query_one("#roster-table", RowTable)
            width = table.scrollable_content_region.width  # what the GM can read of a row
            read = {key: " ".join(" ".join(line[:width] for line in table.row_lines(i)).split())
                    for i, key in enumerate(table.row_keys)}  # fmt: skip
            for character in service.characters:
                full = sheet_maxima(character, service.campaign.ruleset)
                words = status_words(character, full)
                row = read[character.id]
                if words:
                    assert ", ".join(words) in row, (words, row)
                elif size[0] >= 160:
                    assert " ok " in f"{row} ", row
            assert {"shock", "useless L leg"} <= {
                w for c in service.characters
                for w in status_words(c, sheet_maxima(c, service.campaign.ruleset))
            }  # fmt: skip
            # the three foes alike but for their number: their first lines differ, each ends
            # its name with it
            gorps = [table.row_lines(table.get_row_index(c.id))[0][:width]
                     for c in service.characters if c.name.startswith("Gorp")]  # fmt: skip
            assert len(gorps) == 3 and len(set(gorps)) == 3, gorps
            for number, line in enumerate(gorps, 1):
                assert re.search(rf"(…|Broo ){number} ", line), line
    finally:
        service.close()


@pytest.mark.parametrize("size", SIZES)
async def test_numbered_foes_read_apart_and_the_fight_button_shows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    service = three_gorps(tmp_path / "a")
    app = dashboard_app(service)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.press("2")
            lines = screen_text(app).splitlines()
            for number in (1, 2, 3):
                assert any(f"…{number} " in line or f"Broo {number}" in line for line in lines)
    finally:
        service.close()
    service = demo_service(tmp_path / "b", fixed_clock)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.press("2", "b")
            assert "Fight" in screen_text(app).split("Start a combat")[1]
    finally:
        service.close()


@pytest.mark.slow
async def test_every_screen_survives_resizes(tmp_path: Path) -> None:
    """Every dialog open through 80x24, 100x30 and 160x50, then closed and resized again
    (escape then a resize once left crash.log holding "'NoneType' object has no attribute
    'render'"); then the fight set-up and a maximised pane. The app runs as `gmdash` does,
    with its crash log in the campaign folder: the test fails on an error raised while
    rendering (Pilot re-raises it), on a crash report written, or on one told."""
    service = mid_round(tmp_path)
    crash_log = service.store.folder / CRASH_LOG
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock, crash_log=crash_log)
    sizes = ((100, 30), (160, 50), (80, 24))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            opened: set[str] = set()

            async def resize_through(order: tuple[tuple[int, int], ...]) -> None:
                for size in order:
                    await pilot.resize_terminal(*size)
                    await pilot.pause()

            async def visit(keys: tuple[str, ...]) -> None:
                await pilot.press(*keys)
                opened.add(type(app.screen).__name__)
                await resize_through(sizes)
                while len(app.screen_stack) > 1:
                    await pilot.press("escape")
                    await resize_through(((160, 50), (80, 24)))

            for keys in ((), *OPENERS):
                await visit(keys)
            runner.end(service)
            for keys in (("2", "b"), ("1", "m"), ("m",)):  # the set-up; a pane maximised
                await visit(keys)
            assert len(app.screen_stack) == 1
            assert {"AttackDialog", "DeclareDialog", "CombatSetupDialog", "HelpScreen",
                    "CharacterImportDialog", "SpiritCombatDialog"} <= opened, opened  # fmt: skip
            assert not [t for t in app.told if "Unexpected" in str(t)], list(app.told)
        assert not crash_log.exists(), crash_log.read_text()
    finally:
        service.close()


def buttons_off_screen(app: GmDashApp, size: tuple[int, int]) -> list[str]:
    """The shown buttons of the dialog on top that are not wholly on the screen."""
    width, height = size
    off = []
    for button in app.screen.query(Button):
        region = button.region
        if not button.display or not button.visible:
            continue
        if region.height == 0 or region.x < 0 or region.y < 0 or region.right > width \
                or region.bottom > height:  # fmt: skip
            off.append(f"{type(app.screen).__name__} {button.id}: {region}")
    return off


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
async def test_every_dialog_shows_its_buttons(tmp_path: Path, size: tuple[int, int]) -> None:
    """Every dialog the keys open, at 80x24 and 100x30: its buttons are on screen (the cast
    dialog's went below the screen; the worship choices ran off its right edge)."""
    service = mid_round(tmp_path)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=size) as pilot:
            off: list[str] = []
            for keys in OPENERS:
                await pilot.press(*keys)
                await pilot.pause()
                off += buttons_off_screen(app, size)
                while len(app.screen_stack) > 1:
                    await pilot.press("escape")
            runner.end(service)
            await pilot.press("2", "b")
            await pilot.pause()
            off += buttons_off_screen(app, size)
            assert off == []
    finally:
        service.close()
