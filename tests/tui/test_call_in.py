"""`later.call_in`: a delayed callback that comes however late the loop gets to it (Textual's
one-shot timer skips its tick when its task finds the delay already passed)."""

from __future__ import annotations

import asyncio
import time

from textual.app import App

from gmdash.tui.call_in import call_in


class Recorder(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def record(self, what: str) -> None:
        self.calls.append(what)


async def until(condition: object, limit: float = 5.0) -> None:
    """Wait (bounded) for `condition()`, yielding to the loop."""
    deadline = time.monotonic() + limit
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.005)


async def test_a_late_callback_still_comes_on_the_nodes_loop() -> None:
    app = Recorder()
    async with app.run_test():
        call_in(app, 0.01, lambda: app.record("late"))
        time.sleep(0.05)  # the loop held past the delay (a collection, a busy machine)
        await until(lambda: app.calls)
        assert app.calls == ["late"]


async def test_a_cancelled_callback_never_comes() -> None:
    app = Recorder()
    async with app.run_test():
        call_in(app, 0.01, lambda: app.record("cancelled")).cancel()
        call_in(app, 0.03, lambda: app.record("kept"))
        await until(lambda: app.calls)  # the cancelled one was due first
        assert app.calls == ["kept"]
