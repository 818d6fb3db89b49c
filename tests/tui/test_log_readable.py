"""The roll log reads at every size: each row shows who and what in full (wrapped, never cut
behind "…"), enter opens every field of an entry, and no internal id or raw key reaches a
reader (the rows, the detail, the exports, the notifications).

The snapshots are regenerated after an intended change with
`pytest tests/tui/test_log_readable.py --snapshot-update` (look at the SVGs first).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from evening import readable_evening
from helpers import region_text, screen_text
from textual.containers import VerticalScroll

from gmdash.formats import log_export
from gmdash.model.events import RollMade
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.confirm import ConfirmDialog
from gmdash.tui.dialogs.log_entry import LogEntryDialog
from gmdash.tui.panes.log import LogPane, LogTable

SIZES = [(80, 24), (100, 30), (160, 50)]
INTERNAL_ID = re.compile(r"\b\d{4}-\d{6}\b|\bc\d{4}\b|\bk\d{2}\b")
"""An event id (`0001-000082`), a character id (`c0001`), a combatant id (`k01`)."""
RAW_KEY = re.compile(r"\b[a-z]+(?:\\?_[a-z]+)+\b|\b[a-z]+:[a-z]+_[a-z]+\b")
"""A snake_case key (`left_leg`) or a stored condition (`useless:left_leg`)."""


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[CampaignService]:
    service = readable_evening(tmp_path / "saves")
    yield service
    service.close()


def make_app(service: CampaignService) -> GmDashApp:
    return GmDashApp(service, rng=SeededRng(7), clock=service.clock)


def readers_text(text: str) -> list[str]:
    """Every internal id or raw key in `text` (there should be none)."""
    return INTERNAL_ID.findall(text) + RAW_KEY.findall(text)


def drawn_rows(app: GmDashApp) -> list[str]:
    """Every row of the log as drawn at the pane's width, its lines joined by a space."""
    table = app.query_one(LogTable)
    return [" ".join(" ".join(table.row_lines(i)).split()) for i in range(table.row_count)]


# --- every row shows who and what --------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_row_shows_who_and_what_in_full(
    evening: CampaignService, size: tuple[int, int]
) -> None:
    app = make_app(evening)
    async with app.run_test(size=size) as pilot:
        await pilot.press("4")
        await pilot.pause()
        pane, table = app.query_one(LogPane), app.query_one(LogTable)
        rows = drawn_rows(app)
        assert len(rows) == len(pane.records) > 20
        for row, item in zip(rows, pane.records, strict=True):
            entry = item.entry
            label = " ".join((entry.label or entry.expression or entry.kind).split())
            if len(label) > 80:  # a whole exchange: its start in the row, the rest in the detail
                label = label[:40].rsplit(" ", 1)[0]
            else:
                assert "…" not in row, row
            assert label in row, (label, row)
            if entry.actor:
                assert entry.actor in row, (entry.actor, row)  # in full, even narrow
        # the cursor's row is wholly on screen, at the bottom, as rolls are followed
        assert table.cursor_row == table.row_count - 1
        last = table.row_lines(table.cursor_row)
        shown = region_text(app, table)
        assert all(line.strip() in shown for line in last)


async def test_rows_rewrap_when_the_screen_changes_size(evening: CampaignService) -> None:
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        table = app.query_one(LogTable)
        key = next(k for k, r in zip(table.row_keys, drawn_rows(app), strict=True)
                   if "both legs useless" in r)  # fmt: skip
        wide = table.row_lines(table.get_row_index(key))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        narrow = table.row_lines(table.get_row_index(key))
        assert len(narrow) > len(wide)
        assert all(len(line) <= table.scrollable_content_region.width for line in narrow)
        joined = " ".join(" ".join(narrow).split())
        assert "Irvala Greyquill · 6 damage to abdomen (both legs useless)" in joined


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_log_snapshot(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    service = readable_evening(tmp_path / "saves")
    try:
        assert snap_compare(make_app(service), terminal_size=size, press=["4"])
    finally:
        service.close()


# --- the detail of an entry ------------------------------------------------------------


async def open_detail(app: GmDashApp, pilot: Any, find: str) -> str:
    """Put the cursor on the first row whose text holds `find`, enter; the dialog's text."""
    await pilot.press("4")
    table = app.query_one(LogTable)
    row = next(i for i, text in enumerate(drawn_rows(app)) if find in text)
    table.move_cursor(row=row)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, LogEntryDialog)
    return region_text(app, app.screen.query_one("#dialog"))


def fields(text: str) -> str:
    """The dialog's text with runs of spaces and the frame's edges squeezed out."""
    return " ".join(text.replace("█", " ").replace("▀", " ").replace("▄", " ").split())


async def test_enter_shows_every_field_of_an_augmented_roll(evening: CampaignService) -> None:
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        text = fields(await open_detail(app, pilot, "Stormbrow · Broadsword"))
        assert "who Harvald Stormbrow" in text and "what Broadsword" in text
        assert "chance 90% (base 70%)" in text
        assert "modifier 1 -10" in text
        assert "modifier 2 +30 augment (Loyalty (Clan Varmandi): special)" in text
        assert "augment Harvald Stormbrow's Loyalty (Clan Varmandi) (5, special) at 70%" in text
        assert "dice D100 12 (typed in, not rolled)" in text
        assert "level a special success" in text
        assert "hidden no" in text and "struck out no" in text
        assert "session 1" in text and "Saturday 14 March 2026" in text
        assert "odds critical 01–05 5%" in text and "any success 90%" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LogEntryDialog)
        await pilot.press("enter", "enter")  # opens again, and enter closes it too
        await pilot.pause()
        assert not isinstance(app.screen, LogEntryDialog)


async def test_a_hidden_struck_roll_says_so_and_why(evening: CampaignService) -> None:
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        text = fields(await open_detail(app, pilot, "Greyquill · Dodge"))
        assert "hidden yes: the game master's roll, not shown to the players" in text
        assert "struck out yes: struck out from the log" in text
        await pilot.press("escape")
        text = fields(await open_detail(app, pilot, "struck out: Dodge"))
        assert "took back Irvala Greyquill's Dodge (97, fumble) at 30%" in text


async def test_an_attack_shows_its_round_and_strike_rank(evening: CampaignService) -> None:
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        text = fields(await open_detail(app, pilot, "Broadsword vs Marcellan"))
        assert "combat round 1, strike rank 6" in text
        assert "kind attack" in text and readers_text(text) == []


async def test_a_long_detail_scrolls_by_keyboard_at_80x24(evening: CampaignService) -> None:
    harvald = evening.character("Harvald Stormbrow")
    modifiers = tuple(f"{n:+d} circumstance {n}" for n in range(1, 9))
    evening.publish(RollMade(actor=harvald.name, character_id=harvald.id, label="Climb",
                             kind="ability", chance=80, roll=40, level="success",
                             modifiers=modifiers))  # fmt: skip
    app = make_app(evening)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_detail(app, pilot, "Harvald Stormbrow · Climb")
        scroller = app.screen.query_one("#entry-scroll", VerticalScroll)
        assert scroller.max_scroll_y > 0  # 80x24 cannot show it all at once
        await pilot.press("pagedown")
        assert scroller.scroll_y > 0
        await pilot.press("end")
        assert scroller.scroll_y == scroller.max_scroll_y
        assert "any success" in screen_text(app) and "who" not in screen_text(app)
        await pilot.press("home")
        assert scroller.scroll_y == 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LogEntryDialog)


async def test_hostile_text_in_the_detail_is_shown_as_typed(evening: CampaignService) -> None:
    evening.publish(
        RollMade(actor="[b]Grima[/]", label="Spot [/] \x1b[31mred", kind="ability", chance=40,
                 roll=3, level="special", modifiers=("[link=x]+5[/link]",))
    )  # fmt: skip
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        text = fields(await open_detail(app, pilot, "Spot"))
        assert "who [b]Grima[/]" in text
        assert "what Spot [/] ␛[31mred" in text
        assert "modifier [link=x]+5[/link]" in text
        assert "\x1b" not in screen_text(app)


# --- no ids nor keys anywhere a person reads ---------------------------------------------


async def test_no_internal_id_or_key_reaches_a_reader(
    evening: CampaignService, tmp_path: Path
) -> None:
    app = make_app(evening)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        rows = drawn_rows(app)
        assert any("left leg (useless)" in row for row in rows)
        assert any("struck out: Dodge (97, fumble)" in row for row in rows)
        assert any("undid 4 damage to Irvala Greyquill's right arm" in row for row in rows)
        # the detail of every entry
        table = app.query_one(LogTable)
        details = []
        for index in range(table.row_count):
            table.move_cursor(row=index)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LogEntryDialog)
            details.append(region_text(app, app.screen.query_one("#dialog")))
            await pilot.press("escape")
            await pilot.pause()
        # what a game master does that answers with a message
        await pilot.press("1", "ctrl+z")  # undoes the improvement's sheet change
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # taking back the improvement phase asks
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("4", "up", "k", "c")
        await pilot.pause()
        notes = [f"{n.title}: {n.message}" for n in app.told]
        assert notes
    records = log_reading.records(evening, "all")
    exports = {fmt: log_export.export(records, fmt, title="Night") for fmt in ("md", "csv", "text")}
    human = ("actor", "label", "kind", "level", "modifiers")
    exports["json"] = "\n".join(
        str(row[key]) for row in json.loads(log_export.export(records, "json")) for key in human
    )
    read = {"log": "\n".join(rows), "details": "\n".join(details), "notes": "\n".join(notes),
            **exports}  # fmt: skip
    found = {where: readers_text(text) for where, text in read.items()}
    assert found == {where: [] for where in read}, found
    # the machine fields stay in JSON: what a strike-out took back can still be looked up
    rows_json = json.loads(log_export.export(records, "json"))
    assert all(INTERNAL_ID.fullmatch(row["id"]) for row in rows_json)
