"""What a gmdash killed mid-write left behind, removed when gmdash next starts.

The store's half-made things are named after the process making them: a new campaign's folder
`saves/.incoming/<slug>.<pid>/`, a file being replaced `.<name>.<pid>.tmp` beside it (the
saves folder's `..last.<pid>.tmp`, a campaign's `.campaign.json.<pid>.tmp`). One is a leftover
when that process is gone, or when it was made before that process started (the pid was given
again to a newer process); anything else is some live gmdash's work in progress and is let be.
Only names of that form are ever removed, and only where the store writes them.
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from pathlib import Path

TEMP_SUFFIX = ".tmp"
"""Of a file being written (`atomic.write_atomic`): `.<name>.<pid>.tmp` beside its target."""
INCOMING_DIR = ".incoming"
"""Where a new campaign folder is built before it is renamed into the saves folder."""
CLOCK_SLACK = 2.0
"""Seconds a file may seem older than the process that made it (the boot time is in seconds)."""


def clean_saves(saves: Path) -> list[Path]:
    """Remove the leftovers of dead processes from `saves` and its campaign folders (not their
    session logs: the campaign's writer does those, `clean_temps`); what was removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(saves))
    except OSError:
        return removed  # no saves folder yet
    for entry in entries:
        if entry.name == INCOMING_DIR and entry.is_dir(follow_symlinks=False):
            removed += _clean_incoming(Path(entry.path))
        elif entry.is_dir(follow_symlinks=False) and not entry.name.startswith("."):
            removed += clean_temps(Path(entry.path))
    removed += clean_temps(saves)
    return removed


def clean_temps(folder: Path) -> list[Path]:
    """Remove the stale temporary files (`.<name>.<pid>.tmp`) of `folder`; what was removed."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        pid = _pid_of_temp(entry.name)
        if pid is None or not entry.is_file(follow_symlinks=False):
            continue
        if _stale(pid, entry):
            with suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _clean_incoming(incoming: Path) -> list[Path]:
    removed: list[Path] = []
    for entry in list(os.scandir(incoming)):
        pid = _pid_of(entry.name.rpartition(".")[2])
        if pid is None or not entry.is_dir(follow_symlinks=False) or not _stale(pid, entry):
            continue
        import shutil  # only when there is a half-made campaign to remove

        shutil.rmtree(entry.path, ignore_errors=True)
        if not os.path.lexists(entry.path):
            removed.append(Path(entry.path))
    with suppress(OSError):  # empty now, unless another campaign is being built
        os.rmdir(incoming)
    return removed


def _pid_of_temp(name: str) -> int | None:
    """The pid in `.<name>.<pid>.tmp`, else None (not a temporary file of ours)."""
    if not (name.startswith(".") and name.endswith(TEMP_SUFFIX)):
        return None
    return _pid_of(name.removesuffix(TEMP_SUFFIX).rpartition(".")[2])


def _pid_of(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) <= 10 else None


def _stale(pid: int, entry: os.DirEntry[str]) -> bool:
    """Whether what process `pid` made (`entry`) is left over: the process is gone, or it
    started after `entry` was last changed."""
    if not process_runs(pid):
        return True
    started = process_start(pid)
    try:
        changed = entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return False
    return started is not None and changed < started - CLOCK_SLACK


def process_runs(pid: int) -> bool:
    """Whether process `pid` runs (on Windows, where it cannot be asked so, it is assumed to:
    nothing of it is taken over or removed)."""
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    return True


def process_start(pid: int) -> float | None:
    """When process `pid` started (seconds since the epoch), where the system tells (Linux's
    /proc); None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat_file:
            fields = stat_file.read().rpartition(b")")[2].split()
        with open("/proc/stat", "rb") as system:
            boot = next(int(line.split()[1]) for line in system if line.startswith(b"btime "))
        ticks = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, StopIteration, IndexError):
        return None
    try:
        return boot + int(fields[19]) / ticks  # field 22 of the line, 20 after the name
    except (IndexError, ValueError):
        return None
