"""One writer per campaign: a second opener is refused with the holder's pid; stale locks go."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import CampaignLocked, ReadOnlyError

NAME = "Locked Saga"
ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from pathlib import Path
from gmdash.play.campaign import CampaignService
svc = CampaignService.open(Path(sys.argv[1]), sys.argv[2])
print("holding", flush=True)
sys.stdin.read()
"""


def test_second_opener_in_this_process_is_refused(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, NAME):
        with pytest.raises(CampaignLocked) as caught:
            CampaignService.open(tmp_path, NAME, wait=0)
        assert caught.value.pid == os.getpid()
        assert f"pid {os.getpid()}" in str(caught.value)
    CampaignService.open(tmp_path, NAME).close()  # released on close


def test_other_process_is_refused_naming_its_pid(tmp_path: Path) -> None:
    CampaignService.create(tmp_path, NAME).close()
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path), NAME],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        assert child.stdout is not None and child.stdout.readline() == "holding\n"
        with pytest.raises(CampaignLocked) as caught:
            CampaignService.open(tmp_path, NAME, wait=0.05)
        assert caught.value.pid == child.pid
        assert f"pid {child.pid}" in str(caught.value)
        # read-only opening works while the app holds the campaign, and refuses writes
        with CampaignService.open(tmp_path, NAME, read_only=True) as reader:
            assert reader.campaign.name == NAME
            with pytest.raises(ReadOnlyError):
                reader.publish(RollMade(kind="dice", expression="1D6", total=3))
    finally:
        child.kill()
        child.wait()
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:  # holder died: taken over
        svc.start_session()


def test_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    CampaignService.create(tmp_path, NAME).close()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    lock = tmp_path / "locked-saga" / "campaign.lock"
    lock.write_text(json.dumps({"pid": dead.pid}))
    with CampaignService.open(tmp_path, NAME):
        assert json.loads(lock.read_text())["pid"] == os.getpid()
