"""Errors of the save files: each names the file or the process involved."""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Something is wrong with the saves; the message is meant for the user."""


class CorruptSaveError(StoreError):
    """A save file that is truncated, not JSON, not ours or of an unknown schema version.

    Such a file is never overwritten: the campaign does not open until the user moves it aside.
    """

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"cannot read {path}: {reason}; it was left untouched")


class CampaignLocked(StoreError):
    """Another process (or another opener in this one) holds the campaign for writing, and
    still did after `waited` seconds."""

    def __init__(
        self,
        campaign: str,
        pid: int | None,
        path: Path,
        *,
        holder: str | None = None,
        waited: float = 0.0,
    ) -> None:
        self.campaign = campaign
        self.pid = pid
        self.path = path
        self.holder = holder
        self.waited = waited
        super().__init__(f"campaign {campaign!r} is open in {self.holder_text}"
                         f"{self.waited_text}; close it first")  # fmt: skip

    @property
    def holder_text(self) -> str:
        """Who holds it: `gmdash roll (pid 4242)`, `the dashboard (pid 4242)`."""
        pid = f"pid {self.pid}" if self.pid is not None else "an unknown process"
        if not self.holder:
            return f"gmdash ({pid})"
        shown = "".join(c if c.isprintable() else "?" for c in self.holder[:60])
        return f"{shown} ({pid})"

    @property
    def waited_text(self) -> str:
        return f", still after waiting {self.waited:g} s" if self.waited > 0 else ""


class CampaignNotFound(StoreError):
    """No campaign of that name in the saves folder."""

    def __init__(self, campaign: str, folder: Path) -> None:
        self.campaign = campaign
        self.folder = folder
        super().__init__(f"no campaign {campaign!r} in {folder.parent}")


class ReadOnlyError(StoreError):
    """A write through a campaign opened read-only."""


class SaveFailed(StoreError):
    """Writing a save file failed (disk full, read-only folder, I/O error): nothing was saved."""

    def __init__(self, path: Path, error: OSError) -> None:
        self.path = path
        self.error = error
        reason = error.strerror or str(error)
        super().__init__(f"cannot write {path}: {reason}; the change was not saved")


class ReadFailed(StoreError):
    """Reading a save file failed (an I/O error, a permission): nothing was read or changed.
    Not damage: the file is not offered to be moved aside."""

    def __init__(self, path: Path, error: OSError) -> None:
        self.path = path
        self.error = error
        reason = error.strerror or str(error)
        super().__init__(f"cannot read {path}: {reason}; nothing was changed")
