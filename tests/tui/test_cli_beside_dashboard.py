"""A CLI change while the dashboard runs: sent over the campaign's channel, carried out by the
dashboard with the same command code, shown in its log at once, and answered with what the
command prints (and its exit status) when no dashboard runs."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from gmdash.cli import run_for_dashboard as run_forwarded
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.rules import SeededRng
from gmdash.store import channel
from gmdash.store.channel import socket_path
from gmdash.store.player_links import ensure_links
from gmdash.tui.app import GmDashApp
from gmdash.tui.panes.log import LogTable
from tests.helpers import FakeClock, demo_service

ROOT = Path(__file__).resolve().parents[2]
ROLL = ("roll", "60", "--campaign", DEMO_NAME, "--actor", "Harvald", "--label", "Climb",
        "--seed", "5")  # fmt: skip
UNKNOWN_ACTOR = ("roll", "60", "--campaign", DEMO_NAME, "--actor", "Nobody", "--seed", "5")


async def gmdash(saves: Path, *argv: str) -> tuple[str, str, int]:
    """`gmdash --saves SAVES ...` in another process, awaited (the app's loop runs meanwhile)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "gmdash", "--saves", str(saves), *argv,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "90"},
    )  # fmt: skip
    out, err = await asyncio.wait_for(child.communicate(), 60)
    assert child.returncode is not None
    return out.decode(), err.decode(), child.returncode


def log_rows(app: GmDashApp) -> list[str]:
    table = app.query_one(LogTable)
    return [" ".join(cell.plain for cell in table.get_row_at(i)) for i in range(table.row_count)]


def climbs(saves: Path) -> list[RollMade]:
    with CampaignService.open(saves, DEMO_NAME, read_only=True) as svc:
        return [e for e in svc.events("all") if isinstance(e, RollMade) and e.label == "Climb"]


async def test_a_cli_roll_lands_in_the_running_dashboards_log(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    service = demo_service(saves, FakeClock())
    service.start_session()
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock, commands=run_forwarded)
    async with app.run_test(size=(160, 50)) as pilot:
        assert app.channel is not None
        await app.channel.ready.wait()
        assert app.channel.problem is None
        assert socket_path(service.store.folder).stat().st_mode & 0o777 == 0o600
        through = await gmdash(saves, *ROLL)
        refused_through = await gmdash(saves, *UNKNOWN_ACTOR)
        await pilot.pause()
        assert app.channel.carried_out == 2
        last = log_rows(app)[-1]
        assert "Harvald" in last and "Climb" in last and "60%" in last
        # The dashboard's own state has it: it carried it out, nobody wrote behind its back.
        assert [e.actor for e in service.events() if isinstance(e, RollMade)][-1:] == [
            "Harvald Stormbrow"
        ]
    service.close()
    assert not socket_path(service.store.folder).exists()  # removed as the dashboard closed
    alone = await gmdash(saves, *ROLL)
    refused_alone = await gmdash(saves, *UNKNOWN_ACTOR)
    assert through == alone and through[2] == 0 and "against 60%" in through[0]
    assert refused_through == refused_alone and refused_alone[2] == 2
    assert "Nobody" in refused_alone[1]
    assert len(climbs(saves)) == 2  # one through the dashboard, one alone: each once


async def test_a_command_the_dashboard_cannot_parse_is_answered_not_crashed(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    service = demo_service(saves, FakeClock())
    reply = run_forwarded(service, {"kind": "cli", "argv": ["roll", "--nonsense"],
                                    "cwd": str(tmp_path), "saves": str(saves)})  # fmt: skip
    assert reply["ok"] is True and reply["code"] == 2 and "chance" in reply["stderr"]
    for bad in ({"argv": "roll 50"}, {"argv": []}, {"argv": ["roll"], "cwd": "relative"},
                {"argv": ["roll"], "cwd": str(tmp_path), "saves": 3}):  # fmt: skip
        reply = run_forwarded(service, {"kind": "cli", **bad})
        assert reply["ok"] is False and reply["error"]
    # A command naming another campaign is refused: the dashboard lends only its own.
    CampaignService.create(saves, "Other").close()
    other = run_forwarded(service, {"kind": "cli", "cwd": str(tmp_path), "saves": str(saves),
                                    "argv": ["roll", "50", "--campaign", "Other"]})  # fmt: skip
    assert other["code"] == 2 and "not 'Other'" in other["stderr"]
    service.close()


async def test_a_players_roll_reaches_the_dashboards_log_unless_the_gm_has_them_off(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    service = demo_service(saves, FakeClock())
    service.start_session()
    harvald = service.character("Harvald Stormbrow")
    token = ensure_links(service.store.folder, [harvald.id])[harvald.id]
    request = {"kind": "player", "token": token, "action": "roll", "what": "ability",
               "name": "Climb"}  # fmt: skip
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock, commands=run_forwarded)
    async with app.run_test(size=(160, 50)) as pilot:
        assert app.channel is not None
        await app.channel.ready.wait()
        folder = service.store.folder
        reply = await asyncio.to_thread(channel.ask, folder, request)
        assert reply is not None and reply["ok"] is True
        assert reply["text"].startswith(f"{harvald.player} rolled for Harvald Stormbrow: Climb")
        await pilot.pause()
        assert "Climb" in log_rows(app)[-1]
        app.player_rolls = "off"
        off = await asyncio.to_thread(channel.ask, folder, request)
        assert off == {"ok": False, "error": "the GM has players' rolls off"}
        unknown = await asyncio.to_thread(channel.ask, folder, {"kind": "admin"})
        assert unknown is not None and unknown["ok"] is False
    assert len(climbs(saves)) == 1
    service.close()
