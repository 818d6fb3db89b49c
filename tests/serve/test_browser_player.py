"""The proof of a player's own link, in real browsers: two players' pages (headless Chromium)
beside the GM's dashboard (headless, in this test's process, its channel open). Ana rolls from
Harvald's page; the dashboard makes the roll and logs it as hers; Ben's page shows it among the
public rolls. A forged link opens nothing.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from gmdash.cli import run_for_dashboard
from gmdash.model.events import RollMade
from gmdash.rules import SeededRng
from gmdash.serve.sheet import own_sheet
from gmdash.store import channel
from gmdash.store.player_links import ensure_links
from gmdash.tui.app import GmDashApp
from gmdash.tui.panes.log import LogTable

from .browser import BrowserPage, chromium_or_skip
from .night import a_night

DEMO = "Demo — The Pavis Road"
TIMEOUT = 30.0
"""Seconds any one step may take on a loaded machine (each step waits on what it needs)."""


@pytest.fixture
def pages(tmp_path: Path) -> Iterator[tuple[BrowserPage, BrowserPage]]:
    chromium_or_skip()
    first = BrowserPage(tmp_path / "ana-profile")
    try:
        second = BrowserPage(tmp_path / "ben-profile")
        try:
            yield first, second
        finally:
            second.close()
    finally:
        first.close()


def serve(saves: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "gmdash", "--saves", str(saves), "serve", "--port", "0",
         "--campaign", DEMO],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.readline()  # printed once the port is bound
    found = re.search(r"http://127\.0\.0\.1:\d+/", first)
    assert found, first + (process.stderr.read() if process.stderr else "")
    return process, found.group(0)


def log_rows(app: GmDashApp) -> list[str]:
    table = app.query_one(LogTable)
    return [" ".join(cell.plain for cell in table.get_row_at(i)) for i in range(table.row_count)]


async def test_a_player_rolls_from_the_page_and_the_table_sees_it(
    tmp_path: Path, pages: tuple[BrowserPage, BrowserPage]
) -> None:
    ana, ben = pages
    saves = tmp_path / "saves"
    with a_night(saves) as service:
        harvald = service.character("Harvald Stormbrow")
        irvala = service.character("Irvala Greyquill")
        links = ensure_links(service.store.folder, [harvald.id, irvala.id])
        sheet = own_sheet(service.state, harvald.id)
        assert sheet is not None
        rollable = [r.name for r in sheet.rollables]
        server, base = serve(saves)
        try:
            app = GmDashApp(service, rng=SeededRng(7), clock=service.clock,
                            commands=run_for_dashboard)  # fmt: skip
            async with app.run_test(size=(160, 50)) as pilot:
                assert app.channel is not None
                await app.channel.ready.wait()
                await asyncio.to_thread(ana.open, f"{base}?player={links[harvald.id]}")
                await asyncio.to_thread(ben.open, f"{base}?player={links[irvala.id]}")
                await asyncio.to_thread(ana.wait_for, "Climb  55%", TIMEOUT)
                await asyncio.to_thread(ben.wait_for, "Irvala Greyquill (Ben)", TIMEOUT)
                await asyncio.to_thread(ben.type, "t")  # Ben watches the table (if not beside)
                await asyncio.to_thread(ben.wait_for, "Rolls · Session 1", TIMEOUT)

                # Ana: down the list from STR to Climb, then Roll.
                downs = [Keys.ARROW_DOWN] * rollable.index("Climb")
                await asyncio.to_thread(ana.type, *downs, "r")
                line = "Ana rolled for Harvald Stormbrow: Climb 55%: "
                await asyncio.to_thread(ana.wait_for, line, TIMEOUT)
                # (the rolls pane beside Ben's sheet may wrap the line after "Harvald")
                await asyncio.to_thread(ben.wait_for, "Stormbrow · Climb  55%", TIMEOUT)
                await pilot.pause()
                assert any("Climb" in row and "55%" in row for row in log_rows(app))

                # Ana's token, whatever a page could send: never Irvala's sheet, never hidden.
                folder = service.store.folder
                asked = {"kind": "player", "token": links[harvald.id], "action": "roll",
                         "what": "ability", "name": "Climb"}  # fmt: skip
                for sneaky in ({"character": irvala.name}, {"hidden": True},
                               {"action": "edit"}, {"token": "forged"}):  # fmt: skip
                    reply = await asyncio.to_thread(channel.ask, folder, {**asked, **sneaky})
                    assert reply is not None and reply["ok"] is False, sneaky
            # (the night's earlier Climb, at 40%, was struck out)
            climbs = [e for e in service.events() if isinstance(e, RollMade)
                      and e.label == "Climb" and e.chance == 55]  # fmt: skip
            assert len(climbs) == 1 and climbs[0].actor == harvald.name
            assert not climbs[0].hidden
            shown = ana.text()
            assert f"{line}{climbs[0].roll:02d} {climbs[0].level}" in shown

            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"{base}?player=forged-{links[irvala.id]}", timeout=5)
            assert refused.value.code == 403
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and each page's process
            server.wait(timeout=10)
