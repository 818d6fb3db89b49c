"""One writer per campaign: an exclusive lock on `campaign.lock`, a file holding the holder's pid.

Where the platform has a lock that the kernel drops when its holder dies (`flock` on POSIX,
`msvcrt.locking` on Windows), a stale lock file left by a killed process is simply taken over.
Where it has neither, the lock is the file itself, created exclusively; a file naming a process
that no longer runs (or no process at all) is stale and taken over. Either way a live holder makes
`CampaignLock.acquire` raise `CampaignLocked` with its pid.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from gmdash.store.errors import CampaignLocked, StoreError

_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation in the pid text
# Never through a link: a campaign folder received from someone else must not truncate another file.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class _Backend(Protocol):
    name: str

    def try_lock(self, path: Path) -> int | None:
        """An open descriptor holding the lock on `path`, or None if another holder has it."""

    def unlock(self, path: Path, fd: int) -> None:
        """Give the lock up and close `fd`."""


def _write_pid(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, json.dumps({"pid": os.getpid()}).encode())
    os.fsync(fd)


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
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _BINARY | _NOFOLLOW, 0o644)
        try:
            self._take(fd)
        except self._busy:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        return fd

    def unlock(self, path: Path, fd: int) -> None:
        try:
            os.ftruncate(fd, 0)  # no pid left to name a holder that is gone
            self._give(fd)
        finally:
            os.close(fd)


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
                return os.open(
                    path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _BINARY | _NOFOLLOW, 0o644
                )
            except FileExistsError:
                pid = holder_pid(path)
                if pid is not None and _process_runs(pid):
                    return None
                path.unlink(missing_ok=True)
        return None

    def unlock(self, path: Path, fd: int) -> None:
        os.close(fd)
        if holder_pid(path) == os.getpid():
            path.unlink(missing_ok=True)


def _process_runs(pid: int) -> bool:
    if sys.platform == "win32":  # not reached there (msvcrt exists); never signal a process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True


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
    def acquire(cls, path: Path, campaign: str) -> CampaignLock:
        """Take the lock at `path` or raise `CampaignLocked` naming the holder's pid."""
        try:
            fd = _BACKEND.try_lock(path)
        except OSError as error:
            if os.path.islink(path):
                raise StoreError(
                    f"{path} is a symbolic link; gmdash does not follow links"
                ) from None
            raise StoreError(f"cannot open {path}: {error.strerror or error}") from None
        if fd is None:
            raise CampaignLocked(campaign, holder_pid(path), path)
        try:
            _write_pid(fd)
        except BaseException:
            _BACKEND.unlock(path, fd)
            raise
        return cls(path, fd)

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


def holder_pid(path: Path) -> int | None:
    """The pid written in a lock file, if it can be read."""
    try:
        data = json.loads(path.read_text() or "null")
    except (OSError, ValueError):
        return None
    pid = data.get("pid") if isinstance(data, dict) else None
    return pid if isinstance(pid, int) else None
