"""The files of one campaign: `campaign.json` (the state snapshot) and one log per session.

```
saves/<slug>/campaign.json            roster, sessions, undo history (rewritten on each change)
saves/<slug>/sessions/session-0003.json  every event logged while session 3 was the latest
saves/<slug>/campaign.lock            the writer's lock and pid
```
Only the latest log file is kept open (one TinyDB per file per process), so appending an event
costs the same in session 1 and session 300. Opened read-only, nothing is locked or written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tinydb import TinyDB

from gmdash.store.atomic import AtomicJSONStorage, read_tables, remove_stale_temps
from gmdash.store.documents import CAMPAIGN_FORMAT, SESSION_FORMAT
from gmdash.store.errors import CampaignNotFound, CorruptSaveError, StoreError
from gmdash.store.lock import CampaignLock
from gmdash.store.paths import (
    CAMPAIGN_FILE,
    LOCK_FILE,
    SESSIONS_DIR,
    session_file,
    session_numbers,
)

STATE_TABLE = "state"
EVENTS_TABLE = "events"


class CampaignStore:
    """Reads and writes one campaign folder; construct with `open` or `create`."""

    def __init__(self, folder: Path, *, read_only: bool, durable: bool, create: bool) -> None:
        self.folder = folder
        self.read_only = read_only
        self.durable = durable
        self._lock: CampaignLock | None = None
        self._log: tuple[int, TinyDB] | None = None
        path = folder / CAMPAIGN_FILE
        if not create and not path.is_file():
            raise CampaignNotFound(folder.name, folder)
        if not read_only:
            (folder / SESSIONS_DIR).mkdir(parents=True, exist_ok=True)
            self._lock = CampaignLock.acquire(folder / LOCK_FILE, folder.name)
            remove_stale_temps(folder)
            remove_stale_temps(folder / SESSIONS_DIR)
        try:
            self._db = TinyDB(
                path,
                storage=AtomicJSONStorage,
                kind=CAMPAIGN_FORMAT,
                create=create,
                read_only=read_only,
                durable=durable,
            )
        except BaseException:
            self.close()
            raise

    @classmethod
    def open(cls, folder: Path, *, read_only: bool = False, durable: bool = True) -> CampaignStore:
        """An existing campaign: locked for writing unless `read_only`."""
        return cls(folder, read_only=read_only, durable=durable, create=False)

    @classmethod
    def create(cls, folder: Path, state: dict[str, Any], *, durable: bool = True) -> CampaignStore:
        """A new campaign folder holding `state`; StoreError if one is already there."""
        if (folder / CAMPAIGN_FILE).exists():
            raise StoreError(f"a campaign already exists in {folder}")
        folder.mkdir(parents=True, exist_ok=True)
        store = cls(folder, read_only=False, durable=durable, create=True)
        store.save_state(state)
        return store

    # --- the snapshot ----------------------------------------------------------------------

    def load_state(self) -> dict[str, Any]:
        """The saved state snapshot (see `CampaignState.to_dict`)."""
        docs = self._db.table(STATE_TABLE).all()
        if len(docs) != 1:
            raise CorruptSaveError(self.folder / CAMPAIGN_FILE, "no campaign state in the file")
        return dict(docs[0])

    def save_state(self, state: dict[str, Any]) -> None:
        """Replace the snapshot (one atomic file replacement)."""
        table = self._db.table(STATE_TABLE)
        with self._storage.batch():
            table.truncate()
            table.insert(state)

    # --- the logs --------------------------------------------------------------------------

    def log_numbers(self) -> list[int]:
        """Numbers of the log files on disk (0: before the first session)."""
        return session_numbers(self.folder)

    def count(self, number: int) -> int:
        """How many events log file `number` holds."""
        path = session_file(self.folder, number)
        if not path.exists() and (self._log is None or self._log[0] != number):
            return 0
        if not self.read_only:
            return len(self._log_table(number))
        return len(read_tables(path, SESSION_FORMAT).get(EVENTS_TABLE, {}))

    def append(self, number: int, event: dict[str, Any]) -> None:
        """Add `event` to log file `number` (created if needed); on disk when this returns."""
        self._log_table(number).insert(event)

    def events(self, number: int) -> list[dict[str, Any]]:
        """Every event of log file `number`, in order (empty if there is no such file)."""
        if self._log is not None and self._log[0] == number:
            raw = (self._log[1].storage.read() or {}).get(EVENTS_TABLE, {})
        else:
            path = session_file(self.folder, number)
            if not path.exists():
                return []
            raw = read_tables(path, SESSION_FORMAT).get(EVENTS_TABLE, {})
        return [dict(raw[key]) for key in sorted(raw, key=int)]

    def close(self) -> None:
        """Release the lock; the files are already complete on disk."""
        if self._log is not None:
            self._log[1].close()
            self._log = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def _storage(self) -> AtomicJSONStorage:
        storage = self._db.storage
        assert isinstance(storage, AtomicJSONStorage)
        return storage

    def _log_table(self, number: int) -> Any:
        if self.read_only:
            raise StoreError("the campaign is open read-only")
        if self._log is None or self._log[0] != number:
            if self._log is not None:
                self._log[1].close()
            db = TinyDB(
                session_file(self.folder, number),
                storage=AtomicJSONStorage,
                kind=SESSION_FORMAT,
                create=True,
                durable=self.durable,
            )
            self._log = (number, db)
        return self._log[1].table(EVENTS_TABLE)
