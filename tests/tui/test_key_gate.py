"""The key gate's own guarantees: it never hangs, and it reads Textual's public API alone.

The gate (gmdash/tui/key_gate.py) holds typed-ahead keys until the app is quiet; its waits are
bounded: a key is never swallowed, a test never hangs. What it types exactly is checked by the
type-ahead tests (tests/tui/test_type_ahead.py, test_typing_exact.py, test_fuzz_keys.py).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead
from textual.message import Message
from textual.widgets import Static

from gmdash.tui import key_gate
from gmdash.tui.key_gate import KeyGate, is_busy


class Nothing(Message):
    """A message no handler takes."""


async def test_a_node_is_busy_until_mounted_and_while_it_has_messages(tmp_path: Path) -> None:
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            assert not any(is_busy(node) for node in app.screen.walk_children(with_self=True))
            label = Static("new")
            done = app.screen.mount(label)
            assert is_busy(label)  # attached, not mounted yet: its focus may be still to come
            await done
            await pilot.pause()
            assert not is_busy(label)
            label.post_message(Nothing())
            assert is_busy(label)  # a message queued
            await pilot.pause()
            assert not is_busy(label)
            await label.remove()
            label.post_message(Nothing())
            assert not is_busy(label)  # removed: never handled, never waited for
    finally:
        service.close()


async def test_waiting_for_the_gate_to_settle_is_bounded(tmp_path: Path) -> None:
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    gate = KeyGate(app)
    gate._in_hand = True  # a key whose effects never settle (no settling task at all)
    assert await gate.wait_settled(timeout=0.05) is False  # it came back, saying so
    service.close()


async def test_a_key_held_behind_one_that_never_settles_still_goes_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def never_answers(self: KeyGate, busy: object) -> None:
        await asyncio.sleep(3600)  # a node that closed with the gate's callback still queued

    monkeypatch.setattr(KeyGate, "_round", never_answers)
    monkeypatch.setattr(key_gate, "SETTLE_LIMIT", 0.1)
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await type_ahead(pilot, "question_mark", "escape")
            assert await app.key_gate.wait_settled(timeout=5)
            assert len(app.screen_stack) == 1, "the escape typed after ? closed the help"
    finally:
        service.close()
