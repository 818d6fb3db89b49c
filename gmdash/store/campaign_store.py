"""The files of one campaign: `campaign.json` (the state snapshot) and one log per session.

```
saves/<slug>/campaign.json               roster, sessions, undo history (written at open/close)
saves/<slug>/campaign.previous.json      the snapshot before that one (for recovery)
saves/<slug>/sessions/session-0003.json  every event logged while session 3 was the latest
saves/<slug>/campaign.lock               the writer's lock and pid
```
A change is one transaction appended to the latest session log (see `appendlog`): its cost does
not grow with the session or the campaign, and the snapshot is not rewritten for it. Opening
replays the events logged after the snapshot. Compaction (a new snapshot, the older one kept as
`campaign.previous.json`, the log rewritten as its base) happens only when it pays
(`compaction_pays`): when the dashboard closes, when a session began since the snapshot (its
log is a new file), or when the changes logged since outgrow the snapshot itself. So a CLI
command on a campaign of years writes its one transaction and nothing else, and what opening
replays stays smaller than what it reads anyway. Opened read-only (`ReadOnlyCampaign`),
nothing is locked or written. Every file is opened without following symbolic links, and
carries a checksum (`seal`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from gmdash.store import osio
from gmdash.store.appendlog import AppendLogDB, AppendLogStorage, documents, open_db
from gmdash.store.atomic import (
    AtomicJSONStorage,
    encode_snapshot,
    read_tables,
    write_atomic,
)
from gmdash.store.documents import CAMPAIGN_FORMAT, SESSION_FORMAT, new_document
from gmdash.store.errors import (
    CorruptSaveError,
    ReadOnlyError,
    SaveFailed,
    StoreError,
)
from gmdash.store.leftovers import INCOMING_DIR, clean_temps
from gmdash.store.lock import DEFAULT_WAIT, CampaignLock
from gmdash.store.outcome import OUTCOME
from gmdash.store.paths import (
    CAMPAIGN_FILE,
    LOCK_FILE,
    SESSIONS_DIR,
    session_file,
    session_numbers,
)
from gmdash.store.readonly import (
    EVENTS_TABLE,
    PREVIOUS_FILE,
    STATE_TABLE,
    ReadOnlyCampaign,
    check_folder,
    log_events,
)

COMPACT_BYTES = 256 * 1024
"""Changes logged since the snapshot that make a compaction pay, at the least (see
`compaction_pays`): a few hundred rolls, however small the campaign."""


class CampaignStore:
    """Reads and writes one campaign folder; construct with `open` or `create`."""

    def __init__(
        self, folder: Path, *, read_only: bool, durable: bool, wait: float = DEFAULT_WAIT
    ) -> None:
        self.folder = folder
        self.read_only = read_only
        self.durable = durable
        self._lock: CampaignLock | None = None
        self._log: tuple[int, AppendLogDB] | None = None
        self._reader: ReadOnlyCampaign | None = None
        self._db: TinyDB | None = None
        self.checkpoint: Callable[[], dict[str, Any]] | None = None
        """The state to snapshot when a compaction pays (set by the writer)."""
        self.compact_at_close = False
        """Compact at close whatever it costs (the dashboard: its next start reads less)."""
        check_folder(folder)
        if read_only:
            self._reader = ReadOnlyCampaign(folder)
            return
        try:
            self._lock = CampaignLock.acquire(folder / LOCK_FILE, folder.name, wait=wait)
            osio.make_dir(folder / SESSIONS_DIR)
            self._db = TinyDB(
                folder / CAMPAIGN_FILE,
                storage=AtomicJSONStorage,
                kind=CAMPAIGN_FORMAT,
                durable=durable,
            )
            clean_temps(folder)  # what a killed writer left (no other writer runs now)
            clean_temps(folder / SESSIONS_DIR)
            if not self._snapshot_storage().sealed:
                self._seal_older_files()
        except BaseException:
            self.close()
            raise

    @classmethod
    def open(
        cls,
        folder: Path,
        *,
        read_only: bool = False,
        durable: bool = True,
        wait: float = DEFAULT_WAIT,
    ) -> CampaignStore:
        """An existing campaign: locked for writing unless `read_only` (waiting up to `wait`
        seconds for another writer)."""
        return cls(folder, read_only=read_only, durable=durable, wait=wait)

    @classmethod
    def create(cls, folder: Path, state: dict[str, Any], *, durable: bool = True) -> CampaignStore:
        """A new campaign folder holding `state`, made whole or not at all.

        The folder is built under `saves/.incoming/` and renamed into place, so a crash or a
        full disk never leaves a half-made campaign. StoreError if the name is taken.
        """
        if os.path.lexists(folder / CAMPAIGN_FILE) or os.path.islink(folder):
            raise StoreError(f"a campaign already exists in {folder}")
        if os.path.lexists(folder):
            raise StoreError(
                f"{folder} is in the way (not a campaign); move it elsewhere or pick another name"
            )
        osio.make_dir(folder.parent)
        incoming = folder.parent / INCOMING_DIR
        osio.make_dir(incoming)
        build = incoming / f"{folder.name}.{os.getpid()}"
        if os.path.lexists(build):
            shutil.rmtree(build)  # our own unfinished build from a dead process with our pid
        try:
            osio.make_dir(build)
            osio.make_dir(build / SESSIONS_DIR)
            document = {**new_document(CAMPAIGN_FORMAT), STATE_TABLE: {"1": state}}
            write_atomic(build / CAMPAIGN_FILE, encode_snapshot(document), durable=durable)
            osio.OS.replace(build, folder)
        except BaseException as error:
            with suppress(OSError):
                shutil.rmtree(build)
            if isinstance(error, OSError):
                raise SaveFailed(folder, error) from None
            raise
        # The campaign exists from here on: what fails now is a warning, unless it cannot be
        # opened, in which case it is taken back (then "not saved" is the truth).
        try:
            osio.fsync_dir(folder.parent)
            if durable:
                osio.fsync_dir(incoming)
        except OSError as error:
            OUTCOME.warn(f"the campaign was created in {folder}, but its folder could not be "
                         f"flushed to disk ({error.strerror or error})")  # fmt: skip
        with suppress(OSError):  # left only while another campaign is being built beside it
            os.rmdir(incoming)
        try:
            return cls(folder, read_only=False, durable=durable)
        except BaseException:
            _take_back(folder, incoming / f"{folder.name}.{os.getpid()}")
            raise

    def _seal_older_files(self) -> None:
        """Give the files of earlier releases (schema 4 and before, no checksum) their checksum:
        each session log compacted, the previous snapshot and then the snapshot written again
        (last: until it is sealed, the next writer's open finishes the job). Once per campaign;
        a log that does not read is left as it is (it is reported when it is read)."""
        for number in self.log_numbers():
            path = session_file(self.folder, number)
            try:
                log = AppendLogStorage(path, kind=SESSION_FORMAT, durable=self.durable)
            except CorruptSaveError:
                continue
            if not log.compacted:
                log.compact()
        with suppress(StoreError, OSError):  # an unreadable earlier copy stays as it was
            previous = read_tables(self.folder / PREVIOUS_FILE, CAMPAIGN_FORMAT)
            write_atomic(self.folder / PREVIOUS_FILE, encode_snapshot(previous),
                         durable=self.durable)  # fmt: skip
        storage = self._snapshot_storage()
        storage.write(storage.read())

    # --- the snapshot ----------------------------------------------------------------------

    def load_state(self) -> dict[str, Any]:
        """The saved state snapshot (see `CampaignState.to_dict`)."""
        if self._reader is not None:
            return dict(self._reader.snapshot)
        docs = self._table_db().table(STATE_TABLE).all()
        if len(docs) != 1:
            raise CorruptSaveError(self.folder / CAMPAIGN_FILE, "no campaign state in the file")
        return dict(docs[0])

    def _snapshot_storage(self) -> AtomicJSONStorage:
        storage = self._table_db().storage
        assert isinstance(storage, AtomicJSONStorage)
        return storage

    def save_state(self, state: dict[str, Any]) -> None:
        """Replace the snapshot (atomic), keeping the one it replaces as campaign.previous.json."""
        storage = self._snapshot_storage()
        write_atomic(self.folder / PREVIOUS_FILE, storage.encoded(), durable=self.durable)
        table = self._table_db().table(STATE_TABLE)
        with storage.batch():
            table.truncate()
            table.insert(state)

    def compact(self, state: dict[str, Any], number: int) -> None:
        """Checkpoint: write the snapshot `state`, then rewrite log `number` as one base line.

        In this order: a crash between the two leaves a log whose events the snapshot already
        holds (skipped by id on the next open).
        """
        if self.load_state() != state:  # a campaign opened and closed unchanged: no write
            self.save_state(state)
        if self._log is None and not os.path.lexists(session_file(self.folder, number)):
            return
        storage = self._log_db(number).storage
        assert isinstance(storage, AppendLogStorage)
        if not storage.compacted:
            storage.compact()

    # --- the logs --------------------------------------------------------------------------

    def log_numbers(self) -> list[int]:
        """Numbers of the log files on disk (0: before the first session)."""
        return session_numbers(self.folder)

    def logs_from(self, first_log: int) -> list[int]:
        """Numbers of the log files opening replays: `first_log` and any after it."""
        return [n for n in self.log_numbers() if n >= first_log]

    def count(self, number: int) -> int:
        """How many events log file `number` holds."""
        if self._log is not None and self._log[0] == number:
            return len(self._log[1].table(EVENTS_TABLE))
        return len(self.events(number))

    def append(self, number: int, event: dict[str, Any]) -> None:
        """Add `event` to log file `number` (created if needed); on disk when this returns."""
        self.commit(number, [event])

    def commit(self, number: int, events: list[dict[str, Any]]) -> None:
        """Append `events` to log file `number` as one transaction, fsynced when this returns
        (counted in `outcome`: from then on it is saved, whatever fails after).

        On failure nothing of it is on disk or in memory.
        """
        self._log_db(number).table(EVENTS_TABLE).insert_multiple(events)
        OUTCOME.commit_made()

    def log_mark(self, number: int) -> tuple[int, int, int] | None:
        """What tells log file `number` as it is now from any later state of it (its inode, size
        and time of change: appends grow it, a compaction replaces it), for a writer that keeps
        its events read; None read-only (another process may write) or when there is none."""
        if self._lock is None:
            return None
        try:
            found = os.lstat(session_file(self.folder, number))
        except OSError:
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def events(self, number: int) -> list[dict[str, Any]]:
        """Every committed event of log file `number`, in order (empty if there is none)."""
        if self._log is not None and self._log[0] == number:
            return documents((self._log[1].storage.read() or {}).get(EVENTS_TABLE, {}))
        path = session_file(self.folder, number)
        if not os.path.lexists(path):
            return []
        return log_events(path)

    def replay_events(self, first_log: int) -> list[dict[str, Any]]:
        """The events of the log files from `first_log` on (what opening replays, by id).

        A writer keeps the latest of those files open, read: it appends there next (so the file
        is read once, not once to replay it and again to append)."""
        if self._reader is not None:
            return self._reader.load()
        numbers = self.logs_from(first_log)
        if numbers:
            self._log_db(numbers[-1])
        return [raw for n in numbers for raw in self.events(n)]

    def refresh(self) -> list[dict[str, Any]]:
        """Read-only: the events another process committed since the last call."""
        if self._reader is None:
            return []
        return self._reader.refresh()

    def compaction_pays(self) -> bool:
        """Whether compacting now (writing the snapshot and the log again) saves more than it
        costs: always at the dashboard's close (`compact_at_close`); when the log written now
        is not the snapshot's (a session began since: the next open would read both); when the
        changes logged since the snapshot outgrow it (and COMPACT_BYTES)."""
        if self.compact_at_close:
            return True
        snapshot_log = int(self.load_state().get("log_file", 0) or 0)
        if self._log is None:
            return False  # nothing logged since the snapshot (or no log at all)
        number, db = self._log
        if number != snapshot_log:
            return True
        storage = db.storage
        assert isinstance(storage, AppendLogStorage)
        return storage.appended > max(COMPACT_BYTES, self._snapshot_storage().size)

    def close(self) -> None:
        """Compact if it pays (with `checkpoint`'s snapshot, when a writer set it), release the
        lock. Never raises: every change is already on disk, and what fails here loses nothing
        (a warning for the user: `outcome`)."""
        try:
            if self.checkpoint is not None and self._lock is not None:
                checkpoint, self.checkpoint = self.checkpoint, None
                if self.compaction_pays():
                    state = checkpoint()
                    first_log = int(state.get("log_file", 0) or 0)
                    self.compact(state, first_log)
        except (StoreError, OSError) as error:
            OUTCOME.warn(f"every change is saved, but tidying the campaign's files up failed "
                         f"({error}); the next open does it")  # fmt: skip
        if self._log is not None:
            self._log[1].close()
            self._log = None
        if self._lock is not None:
            lock, self._lock = self._lock, None
            try:
                lock.release()
            except OSError as error:
                OUTCOME.warn(f"every change is saved, but the campaign's lock could not be "
                             f"released ({error.strerror or error}); it is freed when this "
                             f"program ends")  # fmt: skip

    def _table_db(self) -> TinyDB:
        if self._db is None:
            raise ReadOnlyError(f"campaign {self.folder.name!r} is open read-only")
        return self._db

    def _log_db(self, number: int) -> AppendLogDB:
        if self.read_only:
            raise ReadOnlyError(f"campaign {self.folder.name!r} is open read-only")
        if self._log is None or self._log[0] != number:
            if self._log is not None:
                self._log[1].close()
                self._log = None
            db = open_db(
                session_file(self.folder, number),
                kind=SESSION_FORMAT,
                create=True,
                durable=self.durable,
            )
            self._log = (number, db)
        return self._log[1]


def _take_back(folder: Path, parking: Path) -> None:
    """Remove a campaign folder this process just made (it could not be opened): renamed out of
    the saves folder at once, then deleted. What cannot be removed stays (and is told of by the
    error that caused this)."""
    try:
        osio.make_dir(parking.parent)
        osio.OS.replace(folder, parking)
    except (OSError, StoreError):
        return
    with suppress(OSError):
        shutil.rmtree(parking)
        os.rmdir(parking.parent)
