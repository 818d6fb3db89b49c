"""One writer per campaign: an advisory lock (`flock`) on `campaign.lock` holding the pid.

The kernel drops the lock when its holder dies, so a stale lock file left by a killed process is
simply taken over; a live holder makes `CampaignLock.acquire` raise `CampaignLocked` with its pid.
"""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

from gmdash.store.errors import CampaignLocked, StoreError


class CampaignLock:
    """The held lock of one campaign folder; `release()` (or process death) frees it."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, path: Path, campaign: str) -> CampaignLock:
        """Take the lock at `path` or raise `CampaignLocked` naming the holder's pid."""
        try:  # never through a link: a received folder must not truncate another file
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as error:
            if os.path.islink(path):
                raise StoreError(
                    f"{path} is a symbolic link; gmdash does not follow links"
                ) from None
            raise StoreError(f"cannot open {path}: {error.strerror or error}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise CampaignLocked(campaign, holder_pid(path), path) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps({"pid": os.getpid()}).encode(), 0)
        os.fsync(fd)
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up (the file stays; it is harmless without a holder)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def holder_pid(path: Path) -> int | None:
    """The pid written in a lock file, if it can be read."""
    try:
        data = json.loads(path.read_text() or "null")
    except (OSError, ValueError):
        return None
    pid = data.get("pid") if isinstance(data, dict) else None
    return pid if isinstance(pid, int) else None
