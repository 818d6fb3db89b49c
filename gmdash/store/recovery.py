"""Moving an unreadable save file aside, only when the user has agreed to it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from gmdash.store.atomic import fsync_dir


def move_aside(path: Path, now: datetime) -> Path:
    """Rename `path` to `<name>.corrupt-<timestamp>` next to it and return the new path.

    Call this only after the user said yes (the app's dialog on a `CorruptSaveError`); the file
    is kept, never deleted, so it can still be repaired by hand.
    """
    stamp = now.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    path.rename(target)
    fsync_dir(path.parent)
    return target
