"""One writer per campaign: an exclusive lock on `campaign.lock`, a file holding the holder's pid.

Where the platform has a lock that the kernel drops when its holder dies (`flock` on POSIX,
`msvcrt.locking` on Windows), a stale lock file left by a killed process is simply taken over.
Where it has neither, the lock is the file itself, created exclusively; a file naming a process
that no longer runs (or no process at all) is stale and taken over. A second writer waits for
the lock (DEFAULT_WAIT seconds, or what it is told: a CLI command holds it for a fraction of a
second), then `CampaignLock.acquire` raises `CampaignLocked` naming the holder: its pid and
what it is (`name_this_process`: the dashboard, `gmdash roll`...), from the lock file.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from gmdash.store import osio
from gmdash.store.errors import CampaignLocked, StoreError
from gmdash.store.leftovers import process_runs

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation in the pid text
# Never through a link: a campaign folder received from someone else must not truncate another file.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
DEFAULT_WAIT = 5.0
"""Seconds a second writer waits for the lock before it is refused."""
_POLL = (0.01, 0.2)
"""The first and the longest pause between two tries (a short holder is seen going at once)."""
HOLDER_BYTES = 4096
_process_name = "gmdash"


def name_this_process(name: str) -> None:
    """What the lock file says holds the campaign while this process does (`gmdash roll`, the
    dashboard), for a second writer's message."""
    global _process_name
    _process_name = name


def process_name() -> str:
    """What the lock file says holds the campaign while this process does."""
    return _process_name


class _Backend(Protocol):
    name: str

    def try_lock(self, path: Path) -> int | None:
        """An open descriptor holding the lock on `path`, or None if another holder has it."""

    def unlock(self, path: Path, fd: int) -> None:
        """Give the lock up and close `fd`."""


def _write_pid(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, json.dumps({"pid": os.getpid(), "holder": _process_name}).encode())
    os.fsync(fd)


def _open_lock_file(path: Path, flags: int) -> int:
    """The lock file opened (never through a link, never waiting on a FIFO put in its place);
    StoreError when it is not a regular file."""
    fd = osio.OS.open(path, flags | _BINARY, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreError(f"{path} is not a regular file; gmdash keeps its lock there")
    except BaseException:
        osio.OS.close(fd)
        raise
    return fd


class _SystemLockBackend:
    """A lock call of the system (`flock`, `msvcrt.locking`), released when the holder exits or
    dies: `take(fd)` raises one of `busy` while another holder has it; `give(fd)` releases it."""

    def __init__(
        self,
        name: str,
        take: Callable[[int], None],
        give: Callable[[int], None],
        busy: type[OSError],
    ) -> None:
        self.name = name
        self._take = take
        self._give = give
        self._busy = busy

    def try_lock(self, path: Path) -> int | None:
        fd = _open_lock_file(path, os.O_RDWR | os.O_CREAT)
        try:
            self._take(fd)
        except self._busy:
            osio.OS.close(fd)
            return None
        except BaseException:
            osio.OS.close(fd)
            raise
        return fd

    def unlock(self, path: Path, fd: int) -> None:
        try:
            osio.OS.ftruncate(fd, 0)  # no pid left to name a holder that is gone
            self._give(fd)
        finally:
            osio.OS.close(fd)


def _flock_backend(fcntl: Any) -> _SystemLockBackend:
    return _SystemLockBackend(
        "flock",
        take=lambda fd: fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB),
        give=lambda fd: fcntl.flock(fd, fcntl.LOCK_UN),
        busy=BlockingIOError,
    )


# Windows locks a byte range and then refuses other processes' reads of it: the lock covers one
# byte far past the pid text (allowed beyond the end of a file), so the pid stays readable.
_WINDOWS_LOCK_OFFSET = 1 << 20


def _msvcrt_backend(msvcrt: Any) -> _SystemLockBackend:
    def at_lock_byte(mode: int) -> Callable[[int], None]:
        def call(fd: int) -> None:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, mode, 1)

        return call

    return _SystemLockBackend(
        "msvcrt", take=at_lock_byte(msvcrt.LK_NBLCK), give=at_lock_byte(msvcrt.LK_UNLCK),
        busy=OSError,
    )  # fmt: skip


class _ExclusiveFileBackend:
    """No lock call at all: the lock file is created exclusively and removed on release.

    A lock file naming no live process (its holder was killed, or a released `flock` lock left
    it empty) is stale: it is removed and created again.
    """

    name = "exclusive file"

    def try_lock(self, path: Path) -> int | None:
        for _ in range(2):  # once more after removing a stale file
            try:
                return _open_lock_file(path, os.O_RDWR | os.O_CREAT | os.O_EXCL)
            except FileExistsError:
                pid = holder_pid(path)
                if pid is not None and process_runs(pid):
                    return None
                path.unlink(missing_ok=True)
        return None

    def unlock(self, path: Path, fd: int) -> None:
        osio.OS.close(fd)
        if holder_pid(path) == os.getpid():
            path.unlink(missing_ok=True)


def _platform_backend() -> _Backend:
    """The best lock this interpreter offers (imported here, so no platform module is required)."""
    try:
        import fcntl
    except ImportError:
        pass
    else:
        return _flock_backend(fcntl)
    try:
        import msvcrt
    except ImportError:
        pass
    else:
        return _msvcrt_backend(msvcrt)
    return _ExclusiveFileBackend()


_BACKEND: _Backend = _platform_backend()


class CampaignLock:
    """The held lock of one campaign folder; `release()` (or process death) frees it."""

    def __init__(self, path: Path, fd: int, backend: _Backend = _BACKEND) -> None:
        self.path = path
        self._fd: int | None = fd
        self._backend = backend

    @classmethod
    def acquire(cls, path: Path, campaign: str, *, wait: float = DEFAULT_WAIT) -> CampaignLock:
        """Take the lock at `path`, waiting up to `wait` seconds while another process holds
        it, or raise `CampaignLocked` naming the holder."""
        deadline = time.monotonic() + max(wait, 0.0)
        pause = _POLL[0]
        while (fd := cls._try(path)) is None:
            left = deadline - time.monotonic()
            if left <= 0:
                pid, name = holder(path)
                raise CampaignLocked(campaign, pid, path, holder=name, waited=wait)
            time.sleep(min(pause, left))
            pause = min(pause * 2, _POLL[1])
        try:
            _write_pid(fd)
        except OSError as error:
            _BACKEND.unlock(path, fd)
            raise StoreError(f"cannot write {path}: {error.strerror or error}") from None
        except BaseException:
            _BACKEND.unlock(path, fd)
            raise
        return cls(path, fd)

    @staticmethod
    def _try(path: Path) -> int | None:
        try:
            return _BACKEND.try_lock(path)
        except OSError as error:
            if os.path.islink(path):
                raise StoreError(
                    f"{path} is a symbolic link; gmdash does not follow links"
                ) from None
            raise StoreError(f"cannot open {path}: {error.strerror or error}") from None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up (a lock file left behind is harmless without a holder)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            self._backend.unlock(self.path, fd)


def lock_kind() -> str:
    """Which lock this platform uses: "flock", "msvcrt" or "exclusive file"."""
    return _BACKEND.name


def holder(path: Path) -> tuple[int | None, str | None]:
    """The pid and the name of the process a lock file names, where it can be read."""
    try:
        data = json.loads(osio.read_file(path, HOLDER_BYTES) or b"null")
    except (OSError, ValueError, StoreError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    pid, name = data.get("pid"), data.get("holder")
    return (pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
            name if isinstance(name, str) else None)  # fmt: skip


def holder_pid(path: Path) -> int | None:
    """The pid written in a lock file, if it can be read."""
    return holder(path)[0]
