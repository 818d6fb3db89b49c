"""A small synchronous publish/subscribe of typed events and commands (no Textual here).

`publish(event)` calls, in subscription order, every handler subscribed to a class the event is
an instance of; `dispatch(command)` calls the one handler registered for the command's class and
returns its result. Handlers run before `publish`/`dispatch` return; their errors propagate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

M = TypeVar("M")
Unsubscribe = Callable[[], None]


class Bus:
    """Routes events to subscribers and commands to their handler."""

    def __init__(self) -> None:
        self._subscribers: list[tuple[type[Any], Callable[[Any], None]]] = []
        self._handlers: dict[type[Any], Callable[[Any], Any]] = {}

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

    def handle(self, kind: type[M], handler: Callable[[M], Any]) -> None:
        """Make `handler` the one that executes commands of class `kind`."""
        self._handlers[kind] = handler

    def dispatch(self, command: object) -> Any:
        """Execute `command` with its handler and return what the handler returns."""
        for kind in type(command).__mro__:
            handler = self._handlers.get(kind)
            if handler is not None:
                return handler(command)
        raise LookupError(f"no handler for {type(command).__name__}")
