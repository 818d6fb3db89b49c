"""Odd files where save files should be: a FIFO at every file gmdash reads, a sparse file of
1.5 GB read under a memory ceiling, a sessions folder that is a file. Each is refused at once
in one line naming the file (or, for a file gmdash can do without, passed over), never waited
on and never read whole, on every path: a writing command, the read-only one (`log`), a roll's
first look, the players' view's source and the dashboard's open.

Each command runs in its own process, so that a hang is a failed test (the timeout), not a
hung suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.play.campaign import CampaignService

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")

NAME = "Odd Saga"
SLUG = "odd-saga"
ROOT = Path(__file__).resolve().parents[2]
HANG = 60  # seconds: far more than any of these takes; only a hang reaches it
SOURCE = """
import sys
from pathlib import Path
from gmdash.serve.source import CampaignSource
from gmdash.serve.view import SourceError
try:
    CampaignSource(Path(sys.argv[1]), sys.argv[2]).read()
except SourceError as error:
    print(error, file=sys.stderr)
    sys.exit(2)
"""
DASHBOARD_OPEN = """
import sys
from pathlib import Path
from gmdash.store.errors import StoreError
from gmdash.tui.launch import open_for_dashboard
try:
    open_for_dashboard(Path(sys.argv[1]), sys.argv[2], 0).close()
except StoreError as error:
    print(error, file=sys.stderr)
    sys.exit(2)
"""
COMMANDS = {  # a roll looks at the campaign read-only first (its rules), then writes
    "roll": ["roll", "50", "--result", "7", "--campaign", NAME, "--wait", "0"],
    "log": ["log", "--campaign", NAME, "--session", "all"],
    "campaign list": ["campaign", "list"],
}


def _campaign(saves: Path) -> Path:
    assert main(["--saves", str(saves), "campaign", "new", NAME]) == 0
    assert main(["--saves", str(saves), "roll", "50", "--result", "20", "--campaign", NAME]) == 0
    with CampaignService.open(saves, NAME) as svc:  # a previous snapshot
        svc.compact_on_close()
    return saves / SLUG


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "GMDASH_CONFIG": str(tmp_path / "config.toml"),
            "XDG_CACHE_HOME": str(tmp_path / "cache")}  # fmt: skip


def _run(tmp_path: Path, argv: list[str], *, code: str | None = None) -> tuple[int, str]:
    command = [sys.executable, "-c", code, *argv] if code else [sys.executable, "-m", "gmdash",
                                                                *argv]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=HANG, cwd=ROOT,
                          env=_env(tmp_path), stdin=subprocess.DEVNULL)  # fmt: skip
    return done.returncode, done.stderr


def _every_path(tmp_path: Path, saves: Path) -> dict[str, tuple[int, str]]:
    runs = {name: _run(tmp_path, ["--saves", str(saves), *argv]) for name, argv in COMMANDS.items()}
    runs["players' view"] = _run(tmp_path, [str(saves), SLUG], code=SOURCE)
    runs["dashboard"] = _run(tmp_path, [str(saves), NAME], code=DASHBOARD_OPEN)
    return runs


FIFOS = ["campaign.json", "sessions/session-0001.json", "campaign.previous.json",
         "campaign.lock", "campaign.ready", "../.ready-key", "../.last"]  # fmt: skip


@pytest.mark.parametrize("where", FIFOS)
def test_a_fifo_is_never_waited_on(tmp_path: Path, where: str) -> None:
    saves = tmp_path / "saves"
    folder = _campaign(saves)
    path = (folder / where).resolve()
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    for name, (status, err) in _every_path(tmp_path, saves).items():
        assert "Traceback" not in err, (name, err)
        if status == 0:
            continue  # a file it can do without (a lock a reader never takes, a cache...)
        assert status == 2, (name, err)
        [line] = err.strip().splitlines()
        assert "not a regular file" in line, (name, line)
        if name != "players' view":  # sent to browsers: the file in words, not its path
            assert where.removeprefix("../") in line, (name, line)
    # left as it was (but .last, which the dashboard writes anew: the campaign it opened)
    assert path.exists() and (not path.is_file() or where == "../.last")


def test_a_fifo_config_file_is_a_note_not_a_hang(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    _campaign(saves)
    os.mkfifo(tmp_path / "config.toml")
    status, err = _run(tmp_path, ["--saves", str(saves), *COMMANDS["roll"]])
    assert status == 0
    assert "config.toml" in err and "not a regular file" in err and "Traceback" not in err


def test_a_fifo_to_import_is_refused(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    _campaign(saves)
    os.mkfifo(tmp_path / "sheet.json")
    status, err = _run(tmp_path, ["--saves", str(saves), "character", "import",
                                  str(tmp_path / "sheet.json"), "--campaign", NAME])  # fmt: skip
    assert status == 2 and "not a regular file" in err


CEILING = """
import resource, runpy, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB of address space
sys.argv = ["gmdash", *sys.argv[1:]]
runpy.run_module("gmdash", run_name="__main__")
"""


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("where", ["sessions/session-0001.json", "campaign.json"])
def test_a_huge_sparse_file_is_refused_unread_under_a_memory_ceiling(
    tmp_path: Path, where: str
) -> None:
    saves = tmp_path / "saves"
    folder = _campaign(saves)
    with (folder / where).open("r+b") as huge:
        huge.truncate(1_500_000_000)  # sparse: 1.5 GB that take no room
    runs = {
        name: _run(tmp_path, ["--saves", str(saves), *argv], code=CEILING)
        for name, argv in COMMANDS.items()
        if name != "campaign list"  # lists it as unreadable, exit status 0
    }
    runs["players' view"] = _run(tmp_path, [str(saves), SLUG],
                                 code=SOURCE.replace("import sys", CEILING.split("\n")[1]
                                                     + "\nimport sys", 1))  # fmt: skip
    for name, (status, err) in runs.items():
        assert status == 2, (name, err)
        [line] = err.strip().splitlines()
        assert "MB is more than a save file can be" in line, (name, line)
        assert "Traceback" not in err and "MemoryError" not in err


def test_a_log_that_grows_past_the_limit_while_followed_is_refused(tmp_path: Path) -> None:
    from gmdash.store import CorruptSaveError
    from gmdash.store.readonly import ReadOnlyCampaign

    folder = _campaign(tmp_path / "saves")
    view = ReadOnlyCampaign(folder)
    view.load()
    with (folder / "sessions" / "session-0001.json").open("r+b") as log:
        log.truncate(200_000_000)  # sparse: grown past the limit since it was read
    with pytest.raises(CorruptSaveError, match="MB is more than"):
        view.refresh()


def test_a_sessions_folder_that_is_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path)
    sessions = folder / "sessions"
    for log in sessions.iterdir():
        log.unlink()
    sessions.rmdir()
    sessions.write_text("not a folder")
    capsys.readouterr()
    assert main(["--saves", str(tmp_path), "log", "--campaign", NAME, "--session", "all"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert str(sessions) in line and "not a folder" in line


def test_the_crash_log_is_never_waited_on(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from gmdash.tui.error_reports import write_crash_report

    os.mkfifo(tmp_path / "crash.log")
    with pytest.raises(OSError):  # reported by the dashboard's guard as "not written"
        write_crash_report(tmp_path / "crash.log", RuntimeError("boom"), datetime.now(UTC))
