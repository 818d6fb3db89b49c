"""A change costs one transaction: the snapshot (and its previous copy) are written again only
when that pays (a session began, the log outgrew the snapshot, the dashboard closed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.cli import main
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import campaign_store

NAME = "Thrifty Saga"
SLUG = "thrifty-saga"


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Inode and bytes of the snapshot and its previous copy."""
    return {
        name: (os.stat(folder / name).st_ino, (folder / name).read_bytes())
        for name in ("campaign.json", "campaign.previous.json")
        if (folder / name).exists()
    }


def _played(saves: Path) -> Path:
    with CampaignService.create(saves, NAME, clock=FakeClock()) as svc:
        svc.add_character(sheet())
        svc.start_session()  # a session began: its close compacts
    return saves / SLUG


def _cli_roll(saves: Path, result: int) -> None:
    assert main(["--saves", str(saves), "roll", "50", "--campaign", NAME, "--actor", "Ostra",
                 "--result", str(result)]) == 0  # fmt: skip


def test_a_cli_roll_appends_its_transaction_and_writes_nothing_else(tmp_path: Path) -> None:
    folder = _played(tmp_path)
    log = folder / "sessions" / "session-0001.json"
    for result in range(1, 6):
        snapshots, before = _files(folder), log.read_bytes()
        _cli_roll(tmp_path, result)
        assert _files(folder) == snapshots  # not a byte, not a rename
        after = log.read_bytes()
        assert after.startswith(before) and len(after) - len(before) < 1_000  # one transaction
    with CampaignService.open(tmp_path, NAME, read_only=True) as svc:
        rolls = [e.roll for e in svc.events() if isinstance(e, RollMade)]
    assert rolls == [1, 2, 3, 4, 5]


def test_compaction_comes_once_the_log_outgrows_the_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(campaign_store, "COMPACT_BYTES", 0)  # the snapshot's size alone
    folder = _played(tmp_path)
    log = folder / "sessions" / "session-0001.json"
    base = log.stat().st_size
    size = (folder / "campaign.json").stat().st_size
    for result in range(1, 100):
        snapshots = _files(folder)
        logged = log.stat().st_size - base
        _cli_roll(tmp_path, result)
        if _files(folder) != snapshots:
            break
        assert logged <= size, "compacted too late"
    else:
        pytest.fail("never compacted")
    assert logged > size - 1_000  # not early: one roll's transaction short of the snapshot
    assert log.read_bytes().count(b"\n") == 2  # the log is its base and seal again
    with CampaignService.open(tmp_path, NAME, read_only=True) as svc:
        assert [e.roll for e in svc.events() if isinstance(e, RollMade)] == list(
            range(1, result + 1)
        )


@pytest.mark.parametrize("how", ["new session", "dashboard close"])
def test_a_new_session_and_the_dashboards_close_compact(tmp_path: Path, how: str) -> None:
    folder = _played(tmp_path)
    _cli_roll(tmp_path, 7)
    snapshots = _files(folder)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        if how == "new session":
            svc.end_session()
            svc.start_session()
        else:
            svc.compact_on_close()
    assert _files(folder) != snapshots
    assert _files(folder)["campaign.previous.json"][1] == snapshots["campaign.json"][1]


def test_a_roll_never_reads_the_logs_the_snapshot_holds(tmp_path: Path) -> None:
    folder = _played(tmp_path)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.end_session()
        svc.start_session()
    (folder / "sessions" / "session-0001.json").write_bytes(b"not read at all")
    _cli_roll(tmp_path, 9)
