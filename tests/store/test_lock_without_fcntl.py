"""Where there is no `fcntl` (Windows, or a stripped Python), the CLI and the store still run,
and the lock still names its holder and gives way when the holder is gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Run before anything imports gmdash: `import fcntl` then fails as it does on Windows.
NO_FCNTL = "import sys; sys.modules['fcntl'] = None\n"
CLI = NO_FCNTL + "from gmdash.cli import main\nraise SystemExit(main(sys.argv[1:]))\n"
HOLDER = (
    NO_FCNTL
    + """
from pathlib import Path
from gmdash.play.campaign import CampaignService
from gmdash.store.lock import lock_kind
svc = CampaignService.open(Path(sys.argv[1]), sys.argv[2])
print("holding", lock_kind(), flush=True)
sys.stdin.read()
"""
)
NAME = "Windward Saga"


def cli(saves: Path, *argv: str, status: int = 0) -> str:
    done = subprocess.run([sys.executable, "-c", CLI, "--saves", str(saves), *argv],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout if status == 0 else done.stderr


def test_the_cli_runs_without_fcntl(tmp_path: Path) -> None:
    assert "FAILURE" in cli(tmp_path, "roll", "50", "--result", "70")
    cli(tmp_path, "campaign", "new", NAME)
    cli(
        tmp_path,
        "roll",
        "50",
        "--result",
        "12",
        "--campaign",
        NAME,
        "--actor",
        "Vasana",
        "--passer-by",
    )
    cli(tmp_path, "session", "end", "--campaign", NAME)
    log = json.loads(cli(tmp_path, "log", "--campaign", NAME, "--session", "all", "--json"))
    assert [(e["actor"], e["roll"]) for e in log if e["kind"] == "ability"] == [("Vasana", 12)]
    assert not (tmp_path / "windward-saga" / "campaign.lock").exists()  # released: removed


def test_the_store_lock_without_fcntl_names_the_holder_and_outlives_it(tmp_path: Path) -> None:
    cli(tmp_path, "campaign", "new", NAME)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path), NAME],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "holding exclusive file\n"
        refused = cli(tmp_path, "session", "start", "--campaign", NAME, "--wait", "0", status=2)
        assert f"pid {holder.pid}" in refused
        assert "is open in gmdash" in refused
    finally:
        holder.kill()
        holder.wait()
    lock = tmp_path / "windward-saga" / "campaign.lock"
    assert json.loads(lock.read_text())["pid"] == holder.pid  # killed: its lock file stayed
    assert "session 1 started" in cli(tmp_path, "session", "start", "--campaign", NAME)


def test_an_empty_lock_file_left_by_flock_is_not_a_holder(tmp_path: Path) -> None:
    cli(tmp_path, "campaign", "new", NAME)
    (tmp_path / "windward-saga" / "campaign.lock").write_text("")
    assert "session 1 started" in cli(tmp_path, "session", "start", "--campaign", NAME)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX: compares with flock")
def test_this_platform_locks_with_flock() -> None:
    from gmdash.store.lock import lock_kind

    assert lock_kind() == "flock"
    assert os.name == "posix"


class FakeMsvcrt:
    """`msvcrt.locking` as Windows does it: a byte range held by one descriptor; a second
    non-blocking lock of it fails with OSError."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}  # (inode, offset) -> fd

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        where = (os.fstat(fd).st_ino, os.lseek(fd, 0, os.SEEK_CUR))
        if mode == self.LK_UNLCK:
            assert self.held.pop(where) == fd
        elif where in self.held:
            raise OSError(36, "Resource deadlock avoided")
        else:
            self.held[where] = fd


def test_the_windows_lock_holds_one_byte_past_the_pid_and_gives_it_back(tmp_path: Path) -> None:
    from gmdash.store.lock import _msvcrt_backend, _write_pid, holder_pid

    fake = FakeMsvcrt()
    backend = _msvcrt_backend(fake)
    path = tmp_path / "campaign.lock"
    fd = backend.try_lock(path)
    assert fd is not None
    _write_pid(fd)
    [(_, offset)] = fake.held
    assert offset > path.stat().st_size  # the pid text stays readable to others
    assert backend.try_lock(path) is None
    assert holder_pid(path) == os.getpid()
    backend.unlock(path, fd)
    assert fake.held == {} and path.read_text() == ""
    again = backend.try_lock(path)
    assert again is not None
    backend.unlock(path, again)
