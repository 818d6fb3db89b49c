"""The store's bus subscriber: logs each event, then saves the state snapshot."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmdash.model.events import Event
from gmdash.store.campaign_store import CampaignStore


def log_number(event_id: str) -> int:
    """The log file an event id belongs to (`"0003-000042"` -> 3)."""
    return int(event_id.split("-", 1)[0])


class StoreWriter:
    """Persists published events: append to the session log first, then the snapshot.

    If the process dies between the two writes, the event is in the log and the snapshot's
    `last_event_id` is older: `CampaignService.open` replays it.
    """

    def __init__(self, store: CampaignStore, snapshot: Callable[[], dict[str, Any]]) -> None:
        self.store = store
        self.snapshot = snapshot
        self.last_written = ""

    def __call__(self, event: Event) -> None:
        self.store.append(log_number(event.id), event.to_dict())
        self.store.save_state(self.snapshot())
        self.last_written = event.id
