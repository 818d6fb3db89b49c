"""The store's writer: each change (one event or several) is one transaction of the session log."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from gmdash.model.events import Event
from gmdash.store.campaign_store import CampaignStore


def log_number(event_id: str) -> int:
    """The log file an event id belongs to (`"0003-000042"` -> 3)."""
    return int(event_id.split("-", 1)[0])


class StoreWriter:
    """Persists changes: the events of one change appended to the session log as one
    transaction, fsynced before the caller shows them.

    The snapshot is written when the campaign opens or closes (`CampaignStore.compact`); in
    between, `CampaignService.open` replays the events logged after it. A change that starts a
    session spans two log files: one transaction in each, the older file's first.
    """

    def __init__(self, store: CampaignStore, snapshot: Callable[[], dict[str, Any]]) -> None:
        self.store = store
        self.snapshot = snapshot
        self.last_written = ""
        store.checkpoint = snapshot

    def write(self, events: Sequence[Event]) -> None:
        """Commit `events` (stamped, in order); on failure none of the last file's are stored."""
        for number, group in groupby(events, key=lambda event: log_number(event.id)):
            self.store.commit(number, [event.to_dict() for event in group])
        if events:
            self.last_written = events[-1].id
