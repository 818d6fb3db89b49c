"""The store's bus subscriber: logs each event as one transaction of the session log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmdash.model.events import Event
from gmdash.store.campaign_store import CampaignStore


def log_number(event_id: str) -> int:
    """The log file an event id belongs to (`"0003-000042"` -> 3)."""
    return int(event_id.split("-", 1)[0])


class StoreWriter:
    """Persists published events: one transaction appended to the session log per event.

    The snapshot is written when the campaign opens or closes (`CampaignStore.compact`); in
    between, `CampaignService.open` replays the events logged after it.
    """

    def __init__(self, store: CampaignStore, snapshot: Callable[[], dict[str, Any]]) -> None:
        self.store = store
        self.snapshot = snapshot
        self.last_written = ""
        store.checkpoint = snapshot

    def __call__(self, event: Event) -> None:
        self.store.append(log_number(event.id), event.to_dict())
        self.last_written = event.id
