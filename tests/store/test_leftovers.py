"""What a gmdash killed mid-write leaves (a half-built campaign in `.incoming/`, a temporary
file beside `.last` or a save) is gone once gmdash starts again; a live process's work in
progress is let be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.store.leftovers import clean_saves, process_start

ROOT = Path(__file__).resolve().parents[2]
KILLED_AT = """
import os, signal, sys
from pathlib import Path
from gmdash.store import osio

class KilledAt(osio.RealOS):
    def replace(self, source, target):
        if Path(target).name == sys.argv[2]:
            os.kill(os.getpid(), signal.SIGKILL)  # the power cut, the kill -9
        super().replace(source, target)

osio.OS = KilledAt()
print(os.getpid(), flush=True)
from gmdash.cli import main
main(["--saves", sys.argv[1], "campaign", "new", "Killed Saga"])
"""


def _killed_at(saves: Path, target: str) -> int:
    """Run `campaign new` in a process killed at the rename onto `target`; its pid."""
    child = subprocess.run([sys.executable, "-c", KILLED_AT, str(saves), target], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)},
                           capture_output=True, check=False)  # fmt: skip
    assert child.returncode == -9, child.stderr
    return int(child.stdout)


def _leftovers(saves: Path) -> list[str]:
    return sorted(
        str(p.relative_to(saves))
        for p in saves.rglob("*")
        if p.name.endswith(".tmp") or p.parent.name == ".incoming"
    )


@pytest.mark.parametrize(("target", "left"), [("killed-saga", ".incoming/killed-saga.{pid}"),
                                              (".last", "..last.{pid}.tmp")])  # fmt: skip
def test_a_killed_writers_leftovers_go_at_the_next_start(
    tmp_path: Path, target: str, left: str
) -> None:
    pid = _killed_at(tmp_path, target)
    assert _leftovers(tmp_path) == [left.format(pid=pid)]
    assert main(["--saves", str(tmp_path), "campaign", "list"]) == 0  # gmdash starts again
    assert _leftovers(tmp_path) == []
    assert not (tmp_path / ".incoming").exists()
    if target == ".last":  # the campaign itself was made whole before .last was written
        assert (tmp_path / "killed-saga" / "campaign.json").is_file()


def test_a_live_writers_work_in_progress_stays(tmp_path: Path) -> None:
    (tmp_path / ".incoming" / f"alive-saga.{os.getpid()}").mkdir(parents=True)
    (tmp_path / f"..last.{os.getpid()}.tmp").write_text("being written")
    assert clean_saves(tmp_path) == []
    assert len(_leftovers(tmp_path)) == 2


@pytest.mark.skipif(process_start(1) is None, reason="needs /proc to tell when a process began")
def test_a_file_older_than_its_pids_process_is_a_leftover(tmp_path: Path) -> None:
    """The pid was given again: process 1 runs, but began after this file was last written."""
    stale = tmp_path / "saga" / f".campaign.json.{1}.tmp"
    stale.parent.mkdir()
    stale.write_text("half")
    os.utime(stale, (1_000, 1_000))  # 1970: before any boot
    keep = tmp_path / "saga" / "notes.tmp"  # not a name the store gives: never ours to remove
    keep.write_text("mine")
    assert clean_saves(tmp_path) == [stale]
    assert keep.exists()
