"""Symbolic links in a campaign folder are never followed: the lock, the crash log, the
sessions folder and the save files (what a folder received from someone else could hold)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.play.campaign import CampaignService
from gmdash.store import StoreError
from gmdash.tui.error_reports import write_crash_report

NAME = "Linked Saga"


def _campaign(saves: Path) -> Path:
    with CampaignService.create(saves, NAME, clock=FakeClock()) as svc:
        svc.start_session()
        return svc.store.folder


def test_a_linked_lock_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "saves")
    precious = tmp_path / "precious.txt"
    precious.write_text("years of notes")
    (folder / "campaign.lock").unlink()
    (folder / "campaign.lock").symlink_to(precious)
    with pytest.raises(StoreError, match="symbolic link"):
        CampaignService.open(tmp_path / "saves", NAME)
    assert precious.read_text() == "years of notes"


def test_a_linked_sessions_folder_is_not_written_into(tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "saves")
    elsewhere = tmp_path / "elsewhere"
    (folder / "sessions").rename(elsewhere)
    (elsewhere / ".keep.123.tmp").write_text("not ours to delete")
    (folder / "sessions").symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        CampaignService.open(tmp_path / "saves", NAME)
    assert (elsewhere / ".keep.123.tmp").exists()


def test_a_linked_campaign_file_is_not_replaced(tmp_path: Path) -> None:
    folder = _campaign(tmp_path / "saves")
    real = tmp_path / "real.json"
    (folder / "campaign.json").rename(real)
    (folder / "campaign.json").symlink_to(real)
    with pytest.raises(StoreError, match="symbolic link"):
        CampaignService.open(tmp_path / "saves", NAME)
    assert (folder / "campaign.json").is_symlink()


def test_the_crash_log_is_not_appended_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("keep me")
    link = tmp_path / "crash.log"
    link.symlink_to(target)
    with pytest.raises(OSError):
        write_crash_report(link, RuntimeError("boom"), datetime(2026, 3, 1, tzinfo=UTC))
    assert target.read_text() == "keep me"
