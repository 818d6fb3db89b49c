"""Two writers at once: the second waits for the lock (5 s, or `--wait SECONDS`), so two CLI
commands started together are both saved; a holder that stays is named when the wait ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import lock
from gmdash.store.lock import name_this_process

NAME = "Crowded Saga"
ROOT = Path(__file__).resolve().parents[2]
PAIRS = 8


def _roll(saves: Path, label: str, *extra: str) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "gmdash", "--saves", str(saves), "roll", "50", "--result",
            "33", "--campaign", NAME, "--label", label, *extra]  # fmt: skip
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip


def _labels(saves: Path) -> list[str | None]:
    with CampaignService.open(saves, NAME, read_only=True) as svc:
        return [e.label for e in svc.events("all") if isinstance(e, RollMade)]


def test_two_commands_started_together_are_both_saved(tmp_path: Path) -> None:
    assert main(["--saves", str(tmp_path), "campaign", "new", NAME]) == 0
    assert main(["--saves", str(tmp_path), "session", "start", "--campaign", NAME]) == 0
    expected = []
    for pair in range(PAIRS):
        children = [_roll(tmp_path, f"{pair}{side}") for side in "ab"]
        for child in children:
            out, err = child.communicate(timeout=60)
            assert child.returncode == 0, err
            assert "33 against 50%" in out and err == ""
        expected += [f"{pair}a", f"{pair}b"]
    assert sorted(label or "" for label in _labels(tmp_path)) == sorted(expected)


def test_a_holder_that_stays_is_named_once_the_wait_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--saves", str(tmp_path), "campaign", "new", NAME]) == 0
    name_this_process("the dashboard")
    try:
        holder = CampaignService.open(tmp_path, NAME)
    finally:
        name_this_process("gmdash")
    with holder:
        for wait, said in (("0", ""), ("0.3", ", still after waiting 0.3 s")):
            capsys.readouterr()
            refused = main(["--saves", str(tmp_path), "--wait", wait, "roll", "50", "--campaign",
                            NAME])  # fmt: skip
            assert refused == 2
            [line] = capsys.readouterr().err.strip().splitlines()
            assert f"is open in the dashboard (pid {os.getpid()}){said};" in line
        lock = json.loads((holder.store.folder / "campaign.lock").read_text())
        assert lock == {"pid": os.getpid(), "holder": "the dashboard"}
    assert _labels(tmp_path) == []  # refused: nothing saved


def test_a_second_writer_waits_for_the_first_to_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first writer holds the campaign until the second is seen waiting for it (its first
    pause), then finishes: the second goes on and saves."""
    CampaignService.create(tmp_path, NAME).close()
    waiting = threading.Event()
    pause = lock.time.sleep

    def seen_waiting(seconds: float) -> None:
        waiting.set()
        pause(seconds)

    monkeypatch.setattr(lock.time, "sleep", seen_waiting)
    first = CampaignService.open(tmp_path, NAME)
    done: list[str] = []

    def second() -> None:
        with CampaignService.open(tmp_path, NAME, wait=60) as svc:
            svc.publish(RollMade(kind="dice", expression="1D6", total=4, label="second"))
            done.append("saved")

    thread = threading.Thread(target=second)
    thread.start()
    assert waiting.wait(timeout=60)
    first.publish(RollMade(kind="dice", expression="1D6", total=2, label="first"))
    first.close()
    thread.join(timeout=60)
    assert done == ["saved"]
    assert _labels(tmp_path) == ["first", "second"]


def test_wait_takes_seconds_only(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("-1", "soon", "1e9"):
        assert main(["roll", "50", "--wait", bad]) == 2
        assert "--wait" in capsys.readouterr().err
