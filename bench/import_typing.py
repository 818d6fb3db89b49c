"""Typing a stat block key by key into the import box (`i`), as a terminal without bracketed
paste sends it: how long until the preview is ready, beside a floor.

Run: `python bench/import_typing.py` (the venv's python). A 430-character block is posted to the
app key by key, all at once (a paste without bracketed paste, or a very fast typist), through
Textual's Pilot on the demo campaign; the time runs from the first key to the preview built
from the whole block. The floor is the same keys posted to a bare Textual app with one
`TextArea`, until its text is whole. Target: under 5 s (issue 30), the floor printed beside.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import TextArea

from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.character_import import CharacterImportDialog
from gmdash.tui.keymap import character_key

TARGET = 5.0
BLOCK = (
    "Tusk rider scout\n"
    "STR 15 CON 13 SIZ 14 DEX 12 INT 11 POW 10 CHA 8\n"
    "Location D20 Armor/HP\n"
    "Right leg 01-04 2/5\nLeft leg 05-08 2/5\nAbdomen 09-11 2/5\nChest 12 3/6\n"
    "Right arm 13-15 2/4\nLeft arm 16-18 2/4\nHead 19-20 3/5\n"
    "Lance 55%, 1D10+1+1D4, SR 6, HP 10\n"
    "Skills: Ride (tusker) 60, Scan 45%, Spot Trap 30%, Listen 40%, Search 35%\n"
    "Spells: Demoralize 2, Speedart 1, Heal 2\n"
    "Hums tunelessly while he rides and never once looks back at the road.\n"
)


def post_keys(app: App[Any]) -> None:
    """Every key of the block posted at once, as the terminal driver makes them."""
    for char in BLOCK:
        key = "enter" if char == "\n" else str(character_key(char))
        app.post_message(events.Key(key, "\r" if char == "\n" else char))


class Floor(App[None]):
    def compose(self) -> ComposeResult:
        yield TextArea(id="area", soft_wrap=True)


async def wait_until(pilot: Any, done: Any, limit: float = 600.0) -> None:
    start = time.perf_counter()
    while not done():
        if time.perf_counter() - start > limit:
            raise SystemExit("gave up waiting")
        await pilot.pause(0.01)


async def floor_time() -> float:
    app = Floor()
    async with app.run_test(size=(160, 50)) as pilot:
        area = app.query_one(TextArea)
        area.focus()
        await pilot.pause()
        start = time.perf_counter()
        post_keys(app)
        await wait_until(pilot, lambda: area.text == BLOCK)
        return time.perf_counter() - start


async def gmdash_time(saves: Path) -> float:
    service = CampaignService.create(saves, DEMO_NAME, state=demo_state(), durable=False)
    app = GmDashApp(service, rng=SeededRng(7))
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("1", "i")
            dialog = app.screen
            assert isinstance(dialog, CharacterImportDialog)
            area = dialog.query_one("#import-text", TextArea)
            start = time.perf_counter()
            post_keys(app)
            await wait_until(pilot, lambda: area.text == BLOCK and not dialog.preview_pending
                             and dialog.preview_builds > 0)  # fmt: skip
            elapsed = time.perf_counter() - start
            print(f"preview built {dialog.preview_builds} time(s)")
            return elapsed
    finally:
        service.close()


async def main() -> int:
    print(f"{len(BLOCK)} characters typed key by key into the import box")
    floor = await floor_time()
    with tempfile.TemporaryDirectory() as folder:
        took = await gmdash_time(Path(folder))
    verdict = "ok" if took < TARGET else "TOO SLOW"
    print(f"gmdash: {took:.2f} s to the preview (target < {TARGET:.0f} s): {verdict}")
    print(f"floor (a bare TextArea app, same keys): {floor:.2f} s")
    return 0 if took < TARGET else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
