"""The campaign as the players' view reads it: opened read-only (no lock, no write) once, then
followed. The one place the view touches the store.

A committed write either appends to the latest session log (a longer file) or replaces a file
(a new inode: the snapshot, a log rewritten whole): comparing (inode, size, mtime) of the
snapshot, the sessions folder and the latest log notices each one, for a few stat calls.
Then `read()` asks the open service to `refresh()`: it reads only the bytes appended since the
last read (a new session's log too) and applies the new events, so an update costs the same at
the end of a long night as at its start. The source keeps what the page needs of the current
log itself, fed by the service's bus (the sheets added, the latest MAX_ROLLS public rolls): the
rolls are never read from the file again, and drawing them costs the same after any number.
Only a new snapshot (written when the dashboard or a CLI command opens or closes the campaign,
or when the campaign is replaced or restored) makes it open the campaign afresh, as does any
error while following it.
"""

from __future__ import annotations

import os
from collections import deque
from functools import partial
from pathlib import Path

from gmdash.model.errors import ValidationError
from gmdash.model.events import CharacterAdded, Event, RollMade, SessionStarted
from gmdash.model.state import CampaignState
from gmdash.play.campaign import CampaignService
from gmdash.serve.view import MAX_ROLLS, PlayersView, SourceError, players_view
from gmdash.store.errors import (
    CampaignNotFound,
    CorruptSaveError,
    ReadFailed,
    SaveFailed,
    StoreError,
)
from gmdash.store.paths import (
    CAMPAIGN_FILE,
    SESSIONS_DIR,
    campaign_folder,
    campaign_slugs,
    read_last,
    session_file,
    session_numbers,
)

Stat = tuple[int, int, int]
Stamp = tuple[Stat | None, ...]


def pick_campaign(saves: Path, name: str | None) -> str:
    """The folder name of the campaign to show: `name`, else the one the dashboard opened
    last, else the only one. Never creates one (the view writes nothing)."""
    if name is not None:
        folder = campaign_folder(saves, name)
        if not (folder / CAMPAIGN_FILE).is_file():
            raise SourceError(f"no campaign {name!r} in {saves}")
        return folder.name
    slug = read_last(saves)
    if slug is not None:
        return slug
    slugs = campaign_slugs(saves)
    if len(slugs) == 1:
        return slugs[0]
    if not slugs:
        raise SourceError(f"no campaign in {saves} (start gmdash once, or gmdash campaign new)")
    raise SourceError("several campaigns: choose one with --campaign NAME")


class CampaignSource:
    """One campaign of `saves`, kept open read-only; `changed()` tells whether it was written
    since the last `read()`."""

    def __init__(self, saves: Path, slug: str) -> None:
        self.saves = saves
        self.slug = slug
        self.folder = saves / slug
        self._stamp: Stamp | None = None
        self._service: CampaignService | None = None
        self._opened_on: Stat | None = None
        """The snapshot's stat when the service was opened: another one means reopen."""
        self._added: list[CharacterAdded] = []
        self._rolls: deque[RollMade] = deque(maxlen=MAX_ROLLS)
        """Of the current session's log: the sheets added (the names of those since removed)
        and the latest public rolls, the most the page shows (older ones are never drawn)."""
        self._last_id = ""
        self.state: CampaignState | None = None
        """The campaign's state at the last successful `read()`."""
        self._latest = 0
        """The latest session's number (0 before the first): its rolls are the ones shown,
        open or ended, not those of the record between sessions."""

    def read(self) -> PlayersView:
        """What the players see now; SourceError if the campaign cannot be read."""
        stamp = self._current_stamp()
        try:
            service = self._followed(stamp[0])
            entries = service.entries([*self._added, *self._rolls], rolls_only=True)
            view = players_view(service.state, entries)
        except CampaignNotFound:
            self.close()
            raise SourceError(f"campaign {self.slug!r} is no longer in the saves folder") from None
        except CorruptSaveError as error:
            self.close()  # the reader may have moved past events it could not apply
            public = f"{_file_words(error.path)} cannot be read: {self._public(error.reason)}"
            raise SourceError(public, str(error)) from None
        except (StoreError, ValidationError, OSError) as error:
            self.close()
            raise SourceError(self._public(_reason(error)), str(error)) from None
        except Exception as error:  # a surprise in the files: the page keeps its last view
            self.close()
            kind = type(error).__name__
            public = f"cannot read {self.slug!r} ({kind}: {self._public(str(error))})"
            raise SourceError(public, f"{kind}: {error}") from None
        # The stamp taken before reading: a write during the read is seen by the next poll.
        self._stamp = stamp
        self.state = service.state
        return view

    def _public(self, text: str) -> str:
        """`text` with no path of this machine left in it (what every browser is sent)."""
        for folder in sorted({str(self.folder), str(self.saves), str(self.saves.resolve()),
                              str(Path.home())}, key=len, reverse=True):  # fmt: skip
            text = text.replace(folder, "…")
        return text

    def changed(self) -> bool:
        """Whether a write has landed since the last `read()` (a few stat calls)."""
        return self._current_stamp() != self._stamp

    def close(self) -> None:
        """Forget the open campaign (the next `read()` opens it again)."""
        if self._service is not None:
            service, self._service = self._service, None
            service.close()
        self._forget_log()

    def _forget_log(self) -> None:
        self._added, self._last_id = [], ""
        self._rolls.clear()

    def _followed(self, snapshot: Stat | None) -> CampaignService:
        """The open service, brought up to date: refreshed, or opened again on a new snapshot."""
        if self._service is not None and snapshot == self._opened_on:
            self._service.refresh()  # its bus hands the new events to `_keep`
            return self._service
        self.close()
        service = CampaignService.open(self.saves, self.slug, read_only=True, remember=False)
        self._service, self._opened_on = service, snapshot
        self._latest = service.sessions[-1].number if service.sessions else 0
        for event in service.events(self._latest):
            self._keep(service, event)
        service.bus.subscribe(Event, partial(self._keep, service))
        return service

    def _keep(self, service: CampaignService, event: Event) -> None:
        # The log read at open may hold events written after the state was loaded: the next
        # refresh brings those again.
        if event.id <= self._last_id:
            return
        if isinstance(event, SessionStarted):
            self._forget_log()  # a session's log begins with its start
            self._latest = event.number
        self._last_id = event.id
        if not service.in_log(event, self._latest):
            return
        if isinstance(event, CharacterAdded):
            self._added.append(event)
        elif isinstance(event, RollMade) and not event.hidden:
            self._rolls.append(event)

    def _current_stamp(self) -> Stamp:
        numbers = session_numbers(self.folder)
        latest = session_file(self.folder, numbers[-1]) if numbers else None
        return (
            _stat(self.folder / CAMPAIGN_FILE),
            _stat(self.folder / SESSIONS_DIR),
            _stat(latest) if latest else None,
        )


def _stat(path: Path) -> Stat | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def _file_words(path: Path) -> str:
    """What a save file is, in words (never where it is)."""
    if path.name == CAMPAIGN_FILE:
        return "the campaign's snapshot"
    digits = path.name.removeprefix("session-").removesuffix(".json")
    if path.parent.name == SESSIONS_DIR and digits.isdigit():
        return f"session {int(digits)}'s log" if int(digits) else "the log between sessions"
    return "a save file"


def _reason(error: Exception) -> str:
    """Why reading failed, without the file's path where the error gives the two apart."""
    if isinstance(error, ReadFailed | SaveFailed):
        return f"a save file cannot be read ({error.error.strerror or error.error})"
    if isinstance(error, OSError):
        return f"a save file cannot be read ({error.strerror or error})"
    return str(error)
