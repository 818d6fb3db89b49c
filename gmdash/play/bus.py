"""A small synchronous publish/subscribe of typed events (no Textual here).

`publish(event)` calls, in subscription order, every handler subscribed to a class the event is
an instance of. Handlers run before `publish` returns; their errors propagate. Changes are asked
for by calling the runners in `gmdash.play` directly. The store is no subscriber: the campaign
service writes each change through the store's writer (`CampaignService._persist`) and only
then publishes its events, so the bus tells the panes what is already saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

M = TypeVar("M")
Unsubscribe = Callable[[], None]


class Bus:
    """Routes events to their subscribers."""

    def __init__(self) -> None:
        self._subscribers: list[tuple[type[Any], Callable[[Any], None]]] = []

    def subscribe(self, kind: type[M], handler: Callable[[M], None]) -> Unsubscribe:
        """Call `handler` with every published instance of `kind`; returns an unsubscriber."""
        entry: tuple[type[Any], Callable[[Any], None]] = (kind, handler)
        self._subscribers.append(entry)

        def unsubscribe() -> None:
            if entry in self._subscribers:
                self._subscribers.remove(entry)

        return unsubscribe

    def publish(self, event: object) -> None:
        """Deliver `event` to its subscribers, in the order they subscribed."""
        for kind, handler in list(self._subscribers):
            if isinstance(event, kind):
                handler(event)
