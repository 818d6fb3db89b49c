"""The roster's import (`i`): a stat block typed (as a paste arrives: key by key, at full speed)
is previewed, nothing is saved until ctrl+s, then it joins the roster."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static, TextArea

from gmdash.tui.dialogs.character_import import CharacterImportDialog
from gmdash.tui.keymap import character_key
from tests.helpers import FakeClock, dashboard_app, demo_service

BLOCK = (
    "Tusk rider scout\n"
    "STR 15 CON 13 SIZ 14 DEX 12 INT 11 POW 10 CHA 8\n"
    "Location D20 Armor/HP\n"
    "Right leg 01-04 2/5\nLeft leg 05-08 2/5\nAbdomen 09-11 2/5\nChest 12 3/6\n"
    "Right arm 13-15 2/4\nLeft arm 16-18 2/4\nHead 19-20 3/5\n"
    "Lance 55%, 1D10+1+1D4, SR 6, HP 10\n"
    "Skills: Ride (tusker) 60, Scan 45%\n"
    "Hums tunelessly.\n"
)


def _keys(text: str) -> list[str]:
    return ["enter" if char == "\n" else str(character_key(char)) for char in text]


async def preview_built(pilot: Pilot[object], dialog: CharacterImportDialog) -> None:
    """Wait for the preview, rebuilt once typing pauses (a timer): a bounded wait on it."""
    for _ in range(10_000):
        if not dialog.preview_pending:
            return
        await pilot.pause()
    raise AssertionError("the preview was never rebuilt")


@pytest.mark.slow
async def test_a_pasted_stat_block_is_previewed_then_saved(tmp_path: Path) -> None:
    service = demo_service(tmp_path / "saves", FakeClock())
    before = [c.name for c in service.characters]
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("1", "i", *_keys(BLOCK))  # typed ahead of the dialog's opening
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CharacterImportDialog)
        assert dialog.query_one("#import-text", TextArea).text == BLOCK
        await preview_built(pilot, dialog)
        assert dialog.preview_builds <= 3  # once typing paused (a slow machine: a few), not per key
        shown = str(dialog.query_one("#import-preview", Static).render())
        assert "Tusk rider scout (NPC)" in shown
        assert "Weapon: Lance (Lance 55%), 1D10+1, SR 1, 10 HP" in shown
        assert "Skills: Lance 55%, Ride (tusker) 60%, Scan 45%" in shown
        assert "Read 12 of 13 lines" in shown
        assert "Not read: line 13: Hums tunelessly." in shown
        assert [c.name for c in service.characters] == before  # nothing saved yet
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, CharacterImportDialog)
        added = service.characters[-1]
        assert added.name == "Tusk rider scout"
        assert added.armour["chest"] == 3 and added.weapon("Lance") is not None
        assert "Hums tunelessly" in added.notes
    service.close()


async def test_a_file_loads_and_a_bad_one_says_why(tmp_path: Path) -> None:
    service = demo_service(tmp_path / "saves", FakeClock())
    block = tmp_path / "scout.txt"
    block.write_text(BLOCK, encoding="utf-8")
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("1", "i")
        await pilot.pause()
        dialog = app.screen
        path_input = dialog.query_one("#import-file", Input)
        path_input.focus()
        path_input.value = str(tmp_path / "missing.txt")
        await pilot.press("enter")
        assert "cannot read" in str(dialog.query_one("#import-preview", Static).render())
        path_input.value = str(block)
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.query_one("#import-text", TextArea).text == BLOCK
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CharacterImportDialog)
        assert "Tusk rider scout" not in [c.name for c in service.characters]
    service.close()


@pytest.mark.slow
async def test_escape_typed_after_a_block_closes_the_box_at_once(tmp_path: Path) -> None:
    """A block typed key by key (no bracketed paste), then escape in the same burst: the
    preview is never built for the keys (nor after: the box is closed)."""
    service = demo_service(tmp_path / "saves", FakeClock())
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("1", "i")
        dialog = app.screen
        assert isinstance(dialog, CharacterImportDialog)
        await pilot.press(*_keys(BLOCK[:200]), "escape")
        assert not isinstance(app.screen, CharacterImportDialog)
        assert dialog.preview_builds <= 2  # none per key: the box waits for a pause
        assert "Tusk rider scout" not in [c.name for c in service.characters]
    service.close()
