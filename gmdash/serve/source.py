"""The campaign as the players' view reads it: opened read-only (no lock, no write), read again
when its files change. The one place the view touches the store.

A committed write either replaces a file (a new inode: the snapshot, a log rewritten whole) or
appends to the latest session log (a longer file): comparing (inode, size, mtime) of the
snapshot, the sessions folder and the latest log notices each one, for a few stat calls.
"""

from __future__ import annotations

import os
from pathlib import Path

from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.serve.view import PlayersView, SourceError, players_view
from gmdash.store.errors import CampaignNotFound, StoreError
from gmdash.store.paths import (
    CAMPAIGN_FILE,
    SESSIONS_DIR,
    campaign_folder,
    campaign_slugs,
    read_last,
    session_file,
    session_numbers,
)

Stamp = tuple[tuple[int, int, int] | None, ...]


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
    """One campaign of `saves`, read on demand; `changed()` tells whether it was written since
    the last `read()`."""

    def __init__(self, saves: Path, slug: str) -> None:
        self.saves = saves
        self.slug = slug
        self.folder = saves / slug
        self._stamp: Stamp | None = None

    def read(self) -> PlayersView:
        """What the players see now; SourceError if the campaign cannot be read."""
        stamp = self._current_stamp()
        try:
            with CampaignService.open(
                self.saves, self.slug, read_only=True, remember=False
            ) as service:
                # the latest session's rolls, open or ended (not the record between sessions)
                latest = service.sessions[-1].number if service.sessions else 0
                view = players_view(service.state, service.log(latest, rolls_only=True))
        except CampaignNotFound:
            raise SourceError(f"campaign {self.slug!r} is no longer in {self.saves}") from None
        except (StoreError, ValidationError, OSError) as error:
            raise SourceError(str(error)) from None
        except Exception as error:  # a surprise in the files: the page keeps its last view
            kind = type(error).__name__
            raise SourceError(f"cannot read {self.slug!r} ({kind}: {error})") from None
        # The stamp taken before reading: a write during the read is seen by the next poll.
        self._stamp = stamp
        return view

    def changed(self) -> bool:
        """Whether a write has landed since the last `read()` (a few stat calls)."""
        return self._current_stamp() != self._stamp

    def _current_stamp(self) -> Stamp:
        numbers = session_numbers(self.folder)
        latest = session_file(self.folder, numbers[-1]) if numbers else None
        return (
            _stat(self.folder / CAMPAIGN_FILE),
            _stat(self.folder / SESSIONS_DIR),
            _stat(latest) if latest else None,
        )


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)
