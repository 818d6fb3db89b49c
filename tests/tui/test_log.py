"""The roll log pane: live rows at the bottom, hidden and struck rolls, search, filters,
sessions, the summary and every export format."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Input, Static

from gmdash.formats import log_export
from gmdash.model import log_stats
from gmdash.model.events import DamageApplied, Event, HealingApplied, RollMade, RollStruckOut
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.log_filter import LogFilter
from gmdash.rules import SeededRng
from gmdash.store.exports import exports_folder
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.log_export import ExportDialog
from gmdash.tui.dialogs.log_filter import LogFilterDialog
from gmdash.tui.dialogs.log_sessions import SessionListDialog
from gmdash.tui.dialogs.log_summary import SummaryDialog
from gmdash.tui.panes.log import NARROW_BELOW, LogPane, LogTable

HARVALD, KORRATH = "c0001", "c0003"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    svc = create_demo(tmp_path / "saves", clock=Clock())
    yield svc
    svc.close()


def roll(service: CampaignService, actor: str, label: str, level: str, *, chance: int = 50,
         result: int = 30, hidden: bool = False, kind: str = "ability",
         total: int | None = None,
         details: dict[str, object] | None = None) -> RollMade:  # fmt: skip
    found = service.character(actor)
    return service.publish(
        RollMade(actor=found.name, character_id=found.id, label=label, kind=kind, chance=chance,
                 roll=result, level=level, hidden=hidden, total=total, details=details or {})
    )  # fmt: skip


def rows(app: GmDashApp) -> list[str]:
    table = app.query_one(LogTable)
    return [" ".join(cell.plain for cell in table.get_row_at(i)) for i in range(table.row_count)]


def row_texts(app: GmDashApp, index: int) -> list[Text]:
    return list(app.query_one(LogTable).get_row_at(index))


def make_app(service: CampaignService) -> GmDashApp:
    return GmDashApp(service, rng=SeededRng(7), clock=service.clock)


async def test_rolls_appear_at_the_bottom_and_are_followed(service: CampaignService) -> None:
    service.start_session()
    for index in range(60):
        roll(service, "Harvald Stormbrow", f"Scan {index}", "success")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        table = app.query_one(LogTable)
        assert table.has_focus
        assert table.row_count == 61  # the session start and 60 rolls
        assert table.cursor_row == 60
        roll(service, "Korrath Sandstrider", "Track", "special", chance=65, result=9)
        await pilot.pause()
        assert table.row_count == 62 and table.cursor_row == 61
        last = rows(app)[-1]
        assert "Korrath Sandstrider" in last and "Track" in last and "65%" in last
        assert "special" in last and " 9 " in last
        await pilot.pause()
        assert table.scroll_y == table.max_scroll_y  # followed
        # moved up: a new roll is added but the cursor stays where the GM put it
        await pilot.press("up", "up")
        roll(service, "Korrath Sandstrider", "Ride", "failure")
        await pilot.pause()
        assert table.row_count == 63 and table.cursor_row == 59
        assert "Ride" in rows(app)[-1]


async def test_time_is_local_and_level_coloured(service: CampaignService) -> None:
    service.start_session()
    made = roll(service, "Harvald Stormbrow", "Broadsword", "critical", chance=70, result=2)
    app = make_app(service)
    async with app.run_test(size=(160, 50)):
        cells = row_texts(app, 1)
        assert made.time is not None
        assert cells[0].plain.strip() == made.time.astimezone().strftime("%H:%M")
        level = cells[3]
        assert level.plain == "critical" and "magenta" in str(level.style)


async def test_hidden_rolls_are_marked_and_other_events_are_plain(
    service: CampaignService,
) -> None:
    service.start_session()
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        roll(service, "Meriel Greenhollow", "Reputation", "success", hidden=True)
        service.publish(DamageApplied(character_id=HARVALD, amount=4, location="chest"))
        await pilot.pause()
        hidden, damage = row_texts(app, 1), row_texts(app, 2)
        assert hidden[4].plain.startswith("GM ")
        assert any("dim" in str(span.style) for span in hidden[4].spans)
        assert "4 damage to chest" in damage[4].plain and damage[3].plain == ""
        assert "Harvald Stormbrow" in damage[4].plain


async def test_undo_strikes_the_roll_out(service: CampaignService) -> None:
    service.start_session()
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        roll(service, "Harvald Stormbrow", "Climb", "fumble", result=99)
        await pilot.pause()
        await pilot.press("4", "ctrl+z")
        await pilot.pause()
        cells = row_texts(app, 1)
        assert "Climb" in cells[4].plain and "struck out" in cells[4].plain
        assert "strike" in str(cells[2].style)
        assert "undid Harvald Stormbrow's Climb roll 99 (fumble)" in rows(app)[-1]
        await pilot.press("ctrl+y")  # redo: the roll counts again
        await pilot.pause()
        cells = row_texts(app, 1)
        assert "Climb" in cells[4].plain and "struck out" not in cells[4].plain
        assert "strike" not in str(cells[2].style)
        assert "redid Harvald Stormbrow's Climb roll 99 (fumble)" in rows(app)[-1]


async def test_k_strikes_out_the_selected_roll(service: CampaignService) -> None:
    service.start_session()
    first = roll(service, "Harvald Stormbrow", "Climb", "success")
    roll(service, "Harvald Stormbrow", "Jump", "success")
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "up", "k")
        await pilot.pause()
        struck = [e for e in seen if isinstance(e, RollStruckOut)]
        assert [e.roll_id for e in struck] == [first.id]
        assert "struck out" in rows(app)[1]
        # a second k on the same roll changes nothing and says why
        await pilot.press("home")
        await pilot.press("k")  # the session line: not a roll
        await pilot.pause()
        assert len([e for e in seen if isinstance(e, RollStruckOut)]) == 1


async def test_incremental_search_and_escape(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "success")
    roll(service, "Irvala Greyquill", "Lore (Pavis)", "failure")
    roll(service, "Korrath Sandstrider", "Composite Bow", "fumble")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "slash")
        search = app.query_one("#log-search", Input)
        assert search.has_focus
        await pilot.press("o", "w")
        assert len(rows(app)) == 2  # Harvald Stormbrow, Composite Bow
        await pilot.pause()
        line = search.render_lines(Region(0, 0, search.size.width, search.size.height))
        assert search.size.height == 1 and "ow" in line[0].text  # what is typed shows
        await pilot.press("backspace", "backspace", "c", "o", "m")
        assert len(rows(app)) == 1 and "Composite Bow" in rows(app)[0]
        pane = app.query_one(LogPane)
        assert "/com" in str(pane.border_subtitle)
        await pilot.press("enter")
        assert app.query_one(LogTable).has_focus and len(rows(app)) == 1
        await pilot.press("escape")
        assert len(rows(app)) == 4 and not pane.filter.active
        # escape inside the search line clears it too
        await pilot.press("slash", "z", "z", "z")
        assert rows(app) == []
        await pilot.press("escape")
        assert len(rows(app)) == 4


async def test_filter_by_actor_kind_and_level(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "success")
    roll(service, "Harvald Stormbrow", "Dodge", "fumble")
    roll(service, "Irvala Greyquill", "Search", "fumble")
    roll(service, "Irvala Greyquill", "2D6", "", kind="dice", total=7)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "f")
        await pilot.pause()
        assert isinstance(app.screen, LogFilterDialog)
        await pilot.press(*"harvald stormbrow")
        await pilot.press("tab", "tab")
        await pilot.press(*"fumble")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, LogFilterDialog)
        pane = app.query_one(LogPane)
        assert pane.filter == LogFilter(actor="Harvald Stormbrow", level="fumble")
        assert [r for r in rows(app) if "Dodge" in r] == rows(app) and len(rows(app)) == 1
        assert "actor Harvald Stormbrow" in str(pane.border_subtitle)
        # kind: prefix completes to the one kind it names
        await pilot.press("f")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LogFilterDialog)
        dialog.query_one("#filter-actor", Input).value = ""
        dialog.query_one("#filter-level", Input).value = ""
        dialog.query_one("#filter-kind", Input).value = "di"
        await pilot.press("enter")
        await pilot.pause()
        assert pane.filter.kind == "dice" and len(rows(app)) == 1
        # bad input: a clear message, nothing changes, enter does not apply it
        await pilot.press("f")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LogFilterDialog)
        dialog.query_one("#filter-level", Input).value = "great"
        await pilot.pause()
        error = dialog.query_one("#filter-level-error", Static).content
        assert "no level 'great'" in str(error)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LogFilterDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert pane.filter.kind == "dice"
        # escape on the log clears every filter
        await pilot.press("escape")
        assert not pane.filter.active and len(rows(app)) == 5


async def test_new_rolls_respect_the_filter(service: CampaignService) -> None:
    service.start_session()
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        pane = app.query_one(LogPane)
        pane.set_filter(LogFilter(level="critical"))
        roll(service, "Harvald Stormbrow", "Broadsword", "success")
        roll(service, "Harvald Stormbrow", "Dodge", "critical", result=1)
        await pilot.pause()
        assert len(rows(app)) == 1 and "Dodge" in rows(app)[0]
        assert "1/3" in str(pane.border_subtitle)


async def test_switch_session_and_all(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Climb", "critical", result=1)
    roll(service, "Harvald Stormbrow", "Jump", "fumble", result=100)
    service.end_session()
    service.start_session()
    roll(service, "Irvala Greyquill", "Search", "success")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        pane = app.query_one(LogPane)
        assert any("Search" in r for r in rows(app)) and not any("Climb" in r for r in rows(app))
        await pilot.press("4", "s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SessionListDialog)
        stats = {s.number: s for s in dialog.stats}
        assert (stats[1].rolls, stats[1].criticals, stats[1].fumbles) == (2, 1, 1)
        assert stats[1].duration == timedelta(minutes=3)
        assert stats[2].is_open and stats[2].rolls == 1
        await pilot.press("up", "enter")  # from session 2 (current) up to session 1
        await pilot.pause()
        assert pane.which == 1
        assert any("Climb" in r for r in rows(app)) and not any("Search" in r for r in rows(app))
        assert "session 1" in str(pane.border_subtitle)
        # a roll of tonight does not land in session 1's view
        roll(service, "Irvala Greyquill", "Scan", "success")
        await pilot.pause()
        assert not any("Scan" in r for r in rows(app))
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the last row: all sessions
        await pilot.pause()
        assert pane.which == "all"
        assert any("Climb" in r for r in rows(app)) and any("Scan" in r for r in rows(app))
        # escape closes the list and changes nothing
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert pane.which == "all"


async def test_summary_numbers(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "critical", result=1)
    roll(
        service,
        "Harvald Stormbrow",
        "Broadsword damage",
        "",
        kind="damage",
        total=11,
        details={"armour": 2, "through": 9},
    )
    roll(service, "Korrath Sandstrider", "Dodge", "fumble", result=99)
    roll(service, "Korrath Sandstrider", "Ride", "success")
    struck = roll(service, "Korrath Sandstrider", "Jump", "fumble", result=100)
    service.strike_out(struck.id)
    service.publish(DamageApplied(character_id=KORRATH, amount=5, location="left_arm"))
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "i")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SummaryDialog)
        summary = dialog.summary
        assert summary.rolls == 4 and summary.struck == 1
        assert (summary.criticals, summary.fumbles) == (1, 1)
        assert summary.per_actor["Harvald Stormbrow"].rolls == 2
        assert summary.per_actor["Korrath Sandstrider"].rolls == 2
        assert summary.damage_dealt == {"Harvald Stormbrow": 9}
        assert summary.damage_taken == {"Korrath Sandstrider": 5}
        text = str(dialog.query_one("#summary-text", Static).content)
        assert "Criticals:" in text and "Damage taken:" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SummaryDialog)


async def _export(app: GmDashApp, pilot: object, fmt_moves: int, name: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("x")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ExportDialog)
    for _ in range(fmt_moves):
        await pilot.press("down")
    path = dialog.query_one("#export-path", Input)
    path.value = name
    await pilot.pause()
    await pilot.press("tab", "enter")
    await pilot.pause()
    assert not isinstance(app.screen, ExportDialog)


async def test_export_every_format(service: CampaignService, tmp_path: Path) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special", chance=70, result=8)
    roll(service, "Meriel Greenhollow", "Reputation", "failure", hidden=True, result=80)
    roll(service, "Irvala Greyquill", "Search", "success")
    app = make_app(service)
    folder = exports_folder(service.store.folder.parent)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        app.query_one(LogPane).set_filter(LogFilter(actor="Harvald Stormbrow"))
        await _export(app, pilot, 0, "night.md")
        journal_text = (folder / "night.md").read_text(encoding="utf-8")
        assert journal_text.startswith("# Demo — The Pavis Road — session 1")
        assert "**Harvald Stormbrow** rolled *Broadsword* at 70%: 8, a special success." in (
            journal_text
        )
        assert "Meriel" not in journal_text  # only the shown entries
        app.query_one(LogPane).set_filter(LogFilter())
        await _export(app, pilot, 1, "night.csv")
        table = list(csv.DictReader(io.StringIO((folder / "night.csv").read_text())))
        assert [r["label"] for r in table if r["kind"] == "ability"] == [
            "Broadsword", "Reputation", "Search"
        ]  # fmt: skip
        assert table[2]["hidden"] == "True"
        target = tmp_path / "elsewhere.json"
        await _export(app, pilot, 2, str(target))
        data = json.loads(target.read_text())
        assert [d["actor"] for d in data if d["kind"] == "ability"] == [
            "Harvald Stormbrow", "Meriel Greenhollow", "Irvala Greyquill"
        ]  # fmt: skip
        assert data[1]["roll"] == 8 and data[1]["level"] == "special"
        assert not list(folder.glob("*.tmp")) and not list(tmp_path.glob("*.tmp"))


async def test_an_export_never_replaces_a_save_file(
    service: CampaignService, tmp_path: Path
) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special")
    campaign = service.store.folder
    saves_before = {p: p.read_bytes() for p in campaign.rglob("*.json")}
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4")
        await _export(app, pilot, 2, "campaign.json")  # relative: into the exports folder
        refusals = {
            "sessions/session-0001.json": "no folder",
            str(campaign / "campaign.json"): "inside the campaign folder",
            str(campaign / "sessions" / "session-0001.json"): "inside the campaign folder",
        }
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        for name, why in refusals.items():
            dialog.query_one("#export-path", Input).value = name
            await pilot.pause()
            assert why in str(dialog.query_one("#export-path-error", Static).content)
            await pilot.press("tab", "enter")
            await pilot.pause()
            assert app.screen is dialog  # refused: enter does nothing
            await pilot.press("tab")
        await pilot.press("escape")
    exports = exports_folder(campaign.parent)
    assert json.loads((exports / "campaign.json").read_text())[0]["kind"] == "session"
    assert {p: p.read_bytes() for p in campaign.rglob("*.json")} == saves_before
    service.close()
    CampaignService.open(campaign.parent, service.campaign.name).close()  # opens again


async def test_export_refuses_a_missing_folder(service: CampaignService, tmp_path: Path) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        dialog.query_one("#export-path", Input).value = str(tmp_path / "nope" / "x.md")
        await pilot.pause()
        assert "no folder" in str(dialog.query_one("#export-path-error", Static).content)
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        await pilot.press("escape")
        assert not (tmp_path / "nope").exists()


async def test_log_fits_at_100x30(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special", chance=70, result=8)
    app = make_app(service)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert any("8/70%" in line and "spec" in line for line in drawn(app))


async def test_long_logs_search_once_typing_pauses(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gmdash.tui.panes.log as log_module

    monkeypatch.setattr(log_module, "INSTANT_SEARCH", 0)
    monkeypatch.setattr(log_module, "SEARCH_DELAY", 60.0)  # never fires during the test
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "success")
    roll(service, "Irvala Greyquill", "Search", "failure")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("4", "slash", "s", "e", "a")
        assert len(rows(app)) == 3  # not yet: the search waits for a pause in typing
        await pilot.press("enter")  # enter applies it at once
        assert len(rows(app)) == 1 and "Search" in rows(app)[0]


async def test_a_reloaded_campaign_redraws(service: CampaignService) -> None:
    service.start_session()
    app = make_app(service)
    async with app.run_test(size=(160, 50)):
        roll(service, "Harvald Stormbrow", "Broadsword", "success")
        pane = app.query_one(LogPane)
        pane.campaign_changed(None)
        assert len(rows(app)) == 2


async def test_changes_after_a_session_ended_stay_out_of_it(service: CampaignService) -> None:
    # the reported night: combat steps and healing after ctrl+g went into the ended session
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "success")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        pane = app.query_one(LogPane)
        await pilot.press("ctrl+g")  # ends session 1
        await pilot.pause()
        service.publish(DamageApplied(character_id=KORRATH, amount=3, location="chest"))
        service.publish(HealingApplied(character_id=KORRATH, amount=2, location="chest"))
        await pilot.pause()
        assert "between sessions" in str(pane.border_subtitle)
        assert len(rows(app)) == 2 and "healed" in rows(app)[-1]
    session_1 = log_reading.records(service, 1)
    assert [r.entry.kind for r in session_1][-1] == "session"  # it ends where it ended
    assert not any(r.entry.kind in ("damage", "heal") for r in session_1)
    assert log_stats.summarize(session_1).damage_taken == {}
    between = log_reading.records(service, 0)
    assert [r.entry.kind for r in between] == ["damage", "heal"]
    text = log_export.export(between, "text")
    assert all(" between " in line for line in text.splitlines()[1:])
    story = log_export.export(between, "md")
    assert story.count("*(between sessions)*") == 2


async def test_a_new_session_gets_its_own_log(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "success")
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        pane = app.query_one(LogPane)
        await pilot.press("ctrl+g")  # ends session 1
        await pilot.pause()
        assert rows(app) == [] and "between sessions" in str(pane.border_subtitle)
        await pilot.press("ctrl+g")  # starts session 2: the log follows it
        await pilot.pause()
        assert len(rows(app)) == 1 and "session 2 started" in rows(app)[0]
        assert "session 2" in str(pane.border_subtitle)
        roll(service, "Irvala Greyquill", "Search", "success")
        await pilot.pause()
        assert "Search" in rows(app)[-1]


def drawn(app: GmDashApp) -> list[str]:
    """The log's lines as drawn, cut to the pane's width (what the GM can read)."""
    table = app.query_one(LogTable)
    return [table.render_line(y).text for y in range(table.size.height)]


async def test_narrow_log_keeps_who_and_what_readable_at_100x30(
    service: CampaignService,
) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special", chance=70, result=8)
    roll(service, "Korrath Sandstrider", "Dodge", "critical", chance=55, result=2)
    roll(service, "Irvala Greyquill", "2D6", "", kind="dice", total=7)
    app = make_app(service)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        pane, table = app.query_one(LogPane), app.query_one(LogTable)
        assert pane.outer_size.width < NARROW_BELOW and pane.narrow
        assert table.cell_padding == 0
        assert all(len(line) <= table.size.width for line in drawn(app))
        # each row as drawn, its lines joined: the names whole, wrapped where need be
        lines = [" ".join(" ".join(table.row_lines(i)).split()) for i in range(table.row_count)]
        assert any("8/70%" in line and "spec" in line
                   and "Harvald Stormbrow · Broadsword" in line for line in lines)  # fmt: skip
        assert any("2/55%" in line and "crit" in line and "Korrath Sandstrider · Dodge" in line
                   for line in lines)  # fmt: skip
        assert any("Irvala Greyquill · 2D6" in line for line in lines)
        level = row_texts(app, 2)[2]
        assert level.plain.strip() == "crit" and "magenta" in str(level.style)
        # a new roll arrives compact and followed; k strikes the selected roll out
        roll(service, "Meriel Greenhollow", "First Aid", "failure", chance=60, result=77)
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        assert "77/60%" in rows(app)[-1] and "Meriel Greenhollow · First Aid" in rows(app)[-1]
        await pilot.press("k")
        await pilot.pause()
        assert "struck out" in rows(app)[-1] and "strike" in str(row_texts(app, 4)[1].spans)
        # search and filter work on the full names
        await pilot.press("slash", *"sandstrider", "enter")
        assert len(rows(app)) == 1 and "Korrath Sandstrider · Dodge" in rows(app)[0]


async def test_wide_log_is_unchanged(service: CampaignService) -> None:
    service.start_session()
    roll(service, "Harvald Stormbrow", "Broadsword", "special", chance=70, result=8)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        pane, table = app.query_one(LogPane), app.query_one(LogTable)
        assert not pane.narrow and table.cell_padding == 1
        assert table.column_labels == [
            "time", "%", "roll", "level", "who · what"
        ]  # fmt: skip
        cells = [c.plain for c in row_texts(app, 1)]
        assert cells[1:] == ["70%", "8", "special", "Harvald Stormbrow · Broadsword"]


async def test_crossing_the_threshold_switches_and_only_then_rebuilds(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.start_session()
    first = roll(service, "Harvald Stormbrow", "Broadsword", "special", chance=70, result=8)
    roll(service, "Korrath Sandstrider", "Dodge", "critical", chance=55, result=2)
    app = make_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        pane, table = app.query_one(LogPane), app.query_one(LogTable)
        rebuilds: list[str | None] = []
        original = pane._rebuild

        def counting(keep: str | None = None) -> None:
            rebuilds.append(keep)
            original(keep)

        monkeypatch.setattr(pane, "_rebuild", counting)
        await pilot.press("4", "up")  # the GM selects Harvald's roll
        assert not pane.narrow
        await pilot.resize_terminal(156, 50)  # still wide: nothing is rebuilt
        await pilot.pause()
        assert not pane.narrow and rebuilds == []
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert pane.narrow and rebuilds == [first.id] and table.cell_padding == 0
        assert "Harvald Stormbrow · Broadsword" in rows(app)[1]
        assert table.cursor_row == 1  # the selection survives the switch
        await pilot.resize_terminal(110, 32)  # still narrow
        await pilot.pause()
        assert pane.narrow and len(rebuilds) == 1
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert not pane.narrow and len(rebuilds) == 2 and table.cell_padding == 1
        assert "Harvald Stormbrow · Broadsword" in rows(app)[1] and table.cursor_row == 1
        # at 100x30 maximised, the log has room again: full rows; restored, compact again
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert pane.narrow
        await pilot.press("m")
        await pilot.pause()
        assert not pane.narrow and "Harvald Stormbrow · Broadsword" in rows(app)[1]
        await pilot.press("escape")
        await pilot.pause()
        assert pane.narrow and table.cursor_row == 1
        await pilot.press("k")  # strike-out works on the selected row in the narrow layout
        await pilot.pause()
        assert "struck out" in rows(app)[1]
