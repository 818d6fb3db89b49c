"""Reading a campaign that another process may be writing: no lock, no write, live updates.

`gmdash log` and the players' view use this while the dashboard holds the campaign::

    view = ReadOnlyCampaign(saves / "the-pavis-road")
    state = view.snapshot            # campaign.json's state document (a dict)
    for event in view.refresh():     # the committed events newer than the snapshot
        ...
    later = view.refresh()           # [] when nothing new was committed since

The writer appends each transaction to the latest session log and fsyncs it before showing it;
`refresh()` reads only the bytes added since the last call (or the whole file again when the
writer compacted it) and returns the events of complete, checked transactions, in order, each
exactly once. A transaction still being written is picked up by a later call.
`CampaignService.open(..., read_only=True)` builds on it: its `refresh()` applies the new events
to the state and says whether anything changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmdash.store import osio
from gmdash.store.appendlog import documents, parse, read_tail
from gmdash.store.atomic import read_tables
from gmdash.store.documents import CAMPAIGN_FORMAT, SESSION_FORMAT
from gmdash.store.errors import CampaignNotFound, CorruptSaveError
from gmdash.store.paths import CAMPAIGN_FILE, SESSIONS_DIR, session_file, session_numbers

STATE_TABLE = "state"
EVENTS_TABLE = "events"
PREVIOUS_FILE = "campaign.previous.json"
"""The snapshot before the last one, kept for recovery."""


@dataclass(slots=True)
class _Followed:
    """How far one log file has been read."""

    inode: int
    end: int
    appendable: bool
    """False for a file in the older one-document format (reread whole when it changes)."""


def check_folder(folder: Path) -> None:
    """CampaignNotFound or CorruptSaveError unless `folder` is a real campaign folder."""
    osio.refuse_link(folder)
    if not os.path.lexists(folder / CAMPAIGN_FILE):
        raise CampaignNotFound(folder.name, folder)
    sessions = folder / SESSIONS_DIR
    if os.path.islink(sessions):
        raise CorruptSaveError(sessions, "it is a symbolic link (not followed)")
    if os.path.lexists(sessions) and not sessions.is_dir():
        raise CorruptSaveError(sessions, "it is not a folder (the session logs live there)")


def state_document(folder: Path) -> dict[str, Any]:
    """The state snapshot of campaign.json (CampaignNotFound when there is no campaign)."""
    check_folder(folder)
    path = folder / CAMPAIGN_FILE
    docs = list(read_tables(path, CAMPAIGN_FORMAT).get(STATE_TABLE, {}).values())
    if len(docs) != 1:
        raise CorruptSaveError(path, "no campaign state in the file")
    return dict(docs[0])


def log_events(path: Path) -> list[dict[str, Any]]:
    """The committed events of one session log (a torn tail left out), in order."""
    raw = osio.read_file(path)
    return documents(parse(path, raw, SESSION_FORMAT).tables.get(EVENTS_TABLE, {}), copy=False)


class ReadOnlyCampaign:
    """One campaign folder, read without the lock and never written."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.snapshot = state_document(folder)
        self._last_id = str(self.snapshot.get("last_event_id", ""))
        self._first_log = int(self.snapshot.get("log_file", 0) or 0)
        self._followed: dict[int, _Followed] = {}

    @property
    def last_event_id(self) -> str:
        """The newest event seen (in the snapshot or by `refresh`)."""
        return self._last_id

    def log_numbers(self) -> list[int]:
        return session_numbers(self.folder)

    def events(self, number: int) -> list[dict[str, Any]]:
        """Every committed event of log file `number` (empty if there is none)."""
        path = session_file(self.folder, number)
        if not os.path.lexists(path):
            return []
        return log_events(path)

    def load(self) -> list[dict[str, Any]]:
        """Every committed event of the logs from the snapshot's on (those the snapshot holds
        too: the caller checks them all and skips those by id); call it once, first."""
        return self._read()

    def refresh(self) -> list[dict[str, Any]]:
        """The events committed since the last call (or since the snapshot), oldest first."""
        seen = self._last_id
        return [event for event in self._read() if str(event.get("id", "")) > seen]

    def _read(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        numbers = [n for n in self.log_numbers() if n >= self._first_log]
        for number in numbers:
            found += self._new_in(number)
        if numbers:
            self._first_log = numbers[-1]  # the writer only ever appends to the latest log
        self._last_id = max([self._last_id, *(str(e.get("id", "")) for e in found)])
        return found

    def _new_in(self, number: int) -> list[dict[str, Any]]:
        path = session_file(self.folder, number)
        try:
            fd, info = osio.open_checked(path)
        except FileNotFoundError:
            return []
        try:
            followed = self._followed.get(number)
            if followed is not None and followed.inode == info.st_ino and followed.appendable:
                if info.st_size <= followed.end:
                    return []
                tail = read_tail(path, osio.read_from(fd, path, followed.end), 0)
                followed.end += tail.end
                return [
                    doc for ops in tail.transactions for table, _, doc in ops
                    if table == EVENTS_TABLE
                ]  # fmt: skip
            raw = osio.read_from(fd, path, 0)
        finally:
            osio.close_read(fd)
        parsed = parse(path, raw, SESSION_FORMAT)
        self._followed[number] = _Followed(info.st_ino, parsed.end, not parsed.legacy)
        return documents(parsed.tables.get(EVENTS_TABLE, {}), copy=False)
