"""The game master's side of players' rolls: P cycles on / confirm / off (remembered in the
config); in confirm, each roll waits in the log pane until y allows it (rolled then, logged as
the player's) or n declines it (the player is told, nothing logged); a CLI command is carried
out while a player's roll waits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from gmdash.cli import run_for_dashboard
from gmdash.config import load_config
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.rules import SeededRng
from gmdash.store import channel
from gmdash.store.player_links import ensure_links
from gmdash.tui.app import GmDashApp
from gmdash.tui.panes.log import AskRows, LogPane
from tests.helpers import FakeClock, demo_service
from tests.tui.test_cli_beside_dashboard import ROLL, gmdash, log_rows

HARVALD = "Harvald Stormbrow"


def climbs(service: CampaignService) -> list[RollMade]:
    return [e for e in service.events() if isinstance(e, RollMade) and e.label == "Climb"]


@asynccontextmanager
async def dashboard(
    tmp_path: Path, setting: str | None = None
) -> AsyncIterator[tuple[GmDashApp, Pilot[int], dict[str, Any], asyncio.Event]]:
    """The dashboard hosting the channel, Harvald's player's request, and an event set each
    time the waiting rolls change."""
    saves = tmp_path / "saves"
    config_path = tmp_path / "config.toml"
    if setting is not None:
        config_path.write_text(f'player_rolls = "{setting}"\n', encoding="utf-8")
    service = demo_service(saves, FakeClock())
    service.start_session()
    harvald = service.character(HARVALD)
    token = ensure_links(service.store.folder, [harvald.id])[harvald.id]
    request = {"kind": "player", "token": token, "action": "roll", "what": "ability",
               "name": "Climb"}  # fmt: skip
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock, commands=run_for_dashboard,
                    config=load_config(config_path))  # fmt: skip
    changed = asyncio.Event()
    shown = app.player_asks.changed

    def also_tell() -> None:
        shown()
        changed.set()

    app.player_asks.changed = also_tell
    async with app.run_test(size=(160, 50)) as pilot:
        assert app.channel is not None
        await app.channel.ready.wait()
        yield app, pilot, request, changed
    service.close()


async def ask(app: GmDashApp, request: dict[str, Any]) -> dict[str, Any] | None:
    return await asyncio.to_thread(channel.ask, app.service.store.folder, request)


async def waiting_for_gm(app: GmDashApp, changed: asyncio.Event, count: int) -> None:
    while len(app.player_asks.waiting) < count:
        changed.clear()
        await changed.wait()


async def test_p_cycles_the_mode_says_it_and_remembers_it(tmp_path: Path) -> None:
    async with dashboard(tmp_path) as (app, pilot, request, _):
        assert app.player_rolls == "on"
        await pilot.press("P")
        assert app.player_rolls == "confirm"
        assert "players: confirm" in app.query_one(LogPane).title_text
        assert load_config(tmp_path / "config.toml").player_rolls == "confirm"
        await pilot.press("P", "P", "P")  # typed with no pause: each one lands
        assert app.player_rolls == "confirm"
        await pilot.press("P")
        assert app.player_rolls == "off"
        assert "players: off" in app.query_one(LogPane).title_text
        assert app.told[-1].message.startswith("Players' rolls off")
        off = await ask(app, request)
        assert off == {"ok": False, "error": "the GM has players' rolls off"}
        assert not climbs(app.service)
    assert load_config(tmp_path / "config.toml").player_rolls == "off"


async def test_a_bad_setting_is_told_and_on_is_used(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text('player_rolls = "maybe"\n', encoding="utf-8")
    config = load_config(tmp_path / "config.toml")
    assert config.player_rolls is None
    assert config.problems == (f"config {tmp_path / 'config.toml'}, line 1: player_rolls must be "
                               "'on', 'confirm' or 'off', not 'maybe'; on is used",)  # fmt: skip


async def test_confirm_a_roll_waits_then_y_rolls_it_as_the_players(tmp_path: Path) -> None:
    async with dashboard(tmp_path, "confirm") as (app, pilot, request, changed):
        player = app.service.character(HARVALD).player
        reply = asyncio.create_task(ask(app, request))
        await waiting_for_gm(app, changed, 1)
        await pilot.pause()
        rows = app.query_one(AskRows)
        assert rows.has_class("-shown")
        assert f"{player} asks to roll for {HARVALD}: Climb " in str(rows.render())
        assert not climbs(app.service) and not reply.done()
        await pilot.press("4", "y")
        answer = await reply
        assert answer is not None and answer["ok"] is True
        assert answer["text"].startswith(f"{player} rolled for {HARVALD}: Climb")
        [rolled] = climbs(app.service)
        assert rolled.player == player
        await pilot.pause()
        [row] = [row for row in log_rows(app) if row.endswith(" · Climb")]
        assert row.endswith(f"{player} rolled for {HARVALD} · Climb")  # then its tick
        assert not rows.has_class("-shown")


async def test_n_declines_the_oldest_and_the_player_is_told(tmp_path: Path) -> None:
    async with dashboard(tmp_path, "confirm") as (app, pilot, request, changed):
        first = asyncio.create_task(ask(app, request))
        await waiting_for_gm(app, changed, 1)
        second = asyncio.create_task(ask(app, {**request, "name": "Jump"}))
        await waiting_for_gm(app, changed, 2)
        await pilot.press("4", "n", "y")
        assert await first == {"ok": False, "error": "the GM declined"}
        allowed = await second
        assert allowed is not None and allowed["ok"] is True and " Jump " in allowed["text"]
        assert not climbs(app.service)
        await pilot.press("n")  # nothing waits: said, nothing else
        await pilot.pause()
        assert "no player's roll waits" in app.told[-1].message


async def test_a_cli_command_goes_on_while_a_players_roll_waits(tmp_path: Path) -> None:
    async with dashboard(tmp_path, "confirm") as (app, pilot, request, changed):
        waiting = asyncio.create_task(ask(app, request))
        await waiting_for_gm(app, changed, 1)
        out, _, code = await gmdash(tmp_path / "saves", *ROLL)
        assert code == 0 and "against 60%" in out
        assert [e.player for e in climbs(app.service)] == [None]  # the CLI's, the GM's own
        assert not waiting.done()
        await pilot.press("P")  # to off: the waiting roll is declined
        assert await waiting == {"ok": False, "error": "the GM has players' rolls off"}
        assert len(climbs(app.service)) == 1


async def test_a_roll_still_waiting_when_the_dashboard_quits_is_answered(tmp_path: Path) -> None:
    async with dashboard(tmp_path, "confirm") as (app, _pilot, request, changed):
        waiting = asyncio.create_task(ask(app, request))
        await waiting_for_gm(app, changed, 1)
        [pending] = app.player_asks.waiting
    assert pending.answer.done()
    # the refusal is written back before the channel closes: the player is told why
    assert await waiting == {"ok": False, "error": "the dashboard closed before the GM answered"}


async def test_without_unix_sockets_the_channel_is_a_loopback_port_and_works_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(channel, "unix_sockets", lambda: False)  # Windows' road
    async with dashboard(tmp_path, "on") as (app, pilot, request, _changed):
        folder = app.service.store.folder
        assert (folder / "dashboard.port").exists() and not (folder / "dashboard.sock").exists()
        reply = await ask(app, request)
        assert reply is not None and reply["ok"] is True
        assert reply["text"].startswith("Ana rolled for Harvald Stormbrow: Climb")
        await pilot.pause()
        assert [e.player for e in climbs(app.service)] == ["Ana"]
    assert not (folder / "dashboard.port").exists()  # the dashboard closed: the file is gone
