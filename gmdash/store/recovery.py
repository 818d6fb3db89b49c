"""Recovery of a campaign that cannot open: move the bad file aside, keep what can be kept.

Nothing is ever deleted. `recover_file` renames the damaged file to
`<name>.corrupt-<timestamp>` and puts back what can be trusted:

- `campaign.json`: the previous snapshot (`campaign.previous.json`); the session logs then
  replay every change made since it, so usually nothing is lost;
- a session log: its committed transactions up to the damage (and, with `valid`, up to the
  first event that does not read); what followed is reported lost.

`open_recovering` opens a campaign, recovering each damaged file it meets; the CLI's
`gmdash campaign recover` and the dashboard's offer at launch both use it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from gmdash.store import osio
from gmdash.store.appendlog import Tail, apply, encode_base, read_tail
from gmdash.store.atomic import encode_snapshot, read_tables, write_atomic
from gmdash.store.documents import (
    CAMPAIGN_FORMAT,
    SESSION_FORMAT,
    Tables,
    check_document,
    load_json,
)
from gmdash.store.errors import CorruptSaveError, SaveFailed, StoreError
from gmdash.store.paths import CAMPAIGN_FILE, SESSIONS_DIR, session_file, session_numbers
from gmdash.store.readonly import EVENTS_TABLE, PREVIOUS_FILE, log_events
from gmdash.store.seal import SEAL_START, check_seal

MAX_RECOVERIES = 64
T = TypeVar("T")
EventCheck = Callable[[dict[str, Any]], bool]


@dataclass(frozen=True, slots=True)
class Recovered:
    """What recovering one file did, for the user."""

    path: Path
    moved_to: Path
    kept: str
    lost: str

    def __str__(self) -> str:
        return f"{self.path} moved aside to {self.moved_to.name}; {self.kept}; {self.lost}"


def move_aside(path: Path, now: datetime) -> Path:
    """Rename `path` to `<name>.corrupt-<timestamp>` next to it and return the new path.

    Call this only after the user said yes; the file is kept, never deleted, so it can still
    be repaired by hand. A symbolic link is moved itself, not what it points to.
    """
    stamp = now.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while os.path.lexists(target):
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    try:
        osio.OS.replace(path, target)
        osio.fsync_dir(path.parent)
    except OSError as error:
        raise SaveFailed(path, error) from None
    return target


def recover_file(path: Path, now: datetime, valid: EventCheck | None = None) -> Recovered:
    """Move the damaged save file `path` aside and put back what can be trusted."""
    if path.name == CAMPAIGN_FILE:
        return _recover_snapshot(path, now)
    if path.parent.name == SESSIONS_DIR:
        return _recover_log(path, now, valid)
    raise StoreError(f"{path} is not a save file gmdash can recover")


def _recover_snapshot(path: Path, now: datetime) -> Recovered:
    previous = path.with_name(PREVIOUS_FILE)
    try:
        tables = read_tables(previous, CAMPAIGN_FORMAT)
    except (StoreError, OSError) as error:
        raise StoreError(
            f"cannot recover {path}: there is no readable earlier copy ({error}); "
            "the file was left untouched"
        ) from None
    moved = move_aside(path, now)
    write_atomic(path, encode_snapshot(tables))
    state: dict[str, Any] = next(iter(tables.get("state", {}).values()), {})
    since = state.get("last_event_id")
    upto = f"up to event {since}" if since else "from before the first event"
    return Recovered(
        path, moved, f"restored the previous snapshot ({upto})",
        "the session logs replay every change made after it",
    )  # fmt: skip


@dataclass(slots=True)
class Salvage:
    """What can be kept of a damaged log: its tables, how many events were dropped after them,
    and whether its base (the events compacted into it) failed its checksum, kept as read."""

    tables: Tables
    dropped: int = 0
    base_damaged: bool = False


def _salvage(path: Path, raw: bytes, valid: EventCheck | None) -> Salvage | None:
    """The trustworthy tables of a damaged log and how many events were dropped after them;
    None when not even its base reads."""
    newline = raw.find(b"\n")
    base = raw if newline < 0 else raw[: newline + 1]
    try:
        tables = check_document(path, load_json(path, base), SESSION_FORMAT)
    except CorruptSaveError:
        return None
    found = Salvage(tables)
    start = len(base)
    seal_end = raw.find(b"\n", start) + 1
    if seal_end and raw.startswith(SEAL_START, start):
        try:
            check_seal(path, base, raw[start : seal_end - 1])
        except CorruptSaveError:
            found.base_damaged = True  # no earlier copy of these events: kept, and said so
        start = seal_end
    tail = Tail(end=start)
    if newline >= 0:
        try:
            tail = read_tail(path, raw, start)
        except CorruptSaveError:
            tail = _prefix(path, raw, start)
    apply(tables, (op for ops in tail.transactions for op in ops))
    events = tables.get(EVENTS_TABLE, {})
    ordered = sorted(events, key=int)
    cut = len(ordered)
    if valid is not None:
        cut = next((i for i, key in enumerate(ordered) if not valid(events[key])), cut)
    tables[EVENTS_TABLE] = {key: events[key] for key in ordered[:cut]}
    found.dropped = len(ordered) - cut
    return found


def _prefix(path: Path, raw: bytes, start: int) -> Tail:
    """The committed transactions before damage in the middle of a log."""
    end = start
    while True:
        newline = raw.find(b"\n", end)
        if newline < 0:
            break
        try:
            read_tail(path, raw[: newline + 1], start)
        except CorruptSaveError:
            break
        end = newline + 1
    return read_tail(path, raw[:end], start)


def _recover_log(path: Path, now: datetime, valid: EventCheck | None) -> Recovered:
    try:
        raw = osio.read_file(path)
    except (StoreError, OSError):
        raw = b""
    found = _salvage(path, raw, valid) if raw else None
    moved = move_aside(path, now)
    if found is None:
        return Recovered(path, moved, "nothing of it could be read",
                         "its log entries are lost (the campaign state keeps their effects "
                         "up to the last snapshot)")  # fmt: skip
    write_atomic(path, encode_base(found.tables))
    kept = f"kept its first {len(found.tables.get(EVENTS_TABLE, {}))} events"
    if found.base_damaged:
        kept += (" (their checksum did not match: one of them may be wrong; compare with "
                 f"{moved.name})")  # fmt: skip
    lost = (
        f"{found.dropped} unreadable events after them were dropped"
        if found.dropped
        else "the damaged part after them is lost"
    )
    return Recovered(path, moved, kept, lost)


def damaged_logs(folder: Path) -> list[CorruptSaveError]:
    """The session logs of `folder` that do not read (an old one does not stop opening)."""
    found = []
    for number in session_numbers(folder):
        try:
            log_events(session_file(folder, number))
        except CorruptSaveError as error:
            found.append(error)
    return found


def open_recovering(
    open_campaign: Callable[[], T],
    folder: Path,
    now: datetime,
    valid: EventCheck | None = None,
) -> tuple[T, list[Recovered]]:
    """Open with `open_campaign`, recovering each damaged file of `folder` it stops at, then
    every damaged older log; returns the open campaign and what was done."""
    done: list[Recovered] = []
    for _ in range(MAX_RECOVERIES):
        try:
            opened = open_campaign()
            break
        except CorruptSaveError as error:
            if error.path.parent not in (folder, folder / SESSIONS_DIR):
                raise
            if any(item.path == error.path for item in done):
                raise StoreError(
                    f"{error}; moving it aside did not help: repair it by hand"
                ) from None
            done.append(recover_file(error.path, now, valid))
    else:
        raise StoreError(f"{folder}: too many damaged files to recover")
    for damaged in damaged_logs(folder):
        done.append(recover_file(damaged.path, now, valid))
    return opened, done
