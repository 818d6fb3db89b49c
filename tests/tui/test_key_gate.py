"""The key gate's own guarantees: it reads only what this Textual has, and it never hangs.

The gate (gmdash/tui/key_gate.py) reads private Textual attributes; a Textual release that
renames one must fail here, by name, rather than quietly let typed-ahead keys land in the
wrong field again. Its waits are bounded: a key is never swallowed, a test never hangs.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from helpers import dashboard_app, demo_service, fixed_clock, type_ahead
from textual import events

from gmdash.tui import key_gate
from gmdash.tui.key_gate import KeyGate, textual_internals_missing


def test_textual_still_has_every_private_attribute_the_gate_reads() -> None:
    missing = textual_internals_missing()
    assert missing == [], (
        f"this Textual lacks {missing}: the key gate is off, typed-ahead keys are no longer "
        "exact; update gmdash/tui/key_gate.py for this release (or pin Textual)"
    )


async def test_the_app_runs_with_the_gate_on(tmp_path: Path) -> None:
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)):
            assert app.key_gate.enabled
    finally:
        service.close()


async def test_without_those_attributes_every_key_goes_straight_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renamed = {**key_gate.TEXTUAL_INTERNALS}
    renamed[key_gate.MessagePump] = (*renamed[key_gate.MessagePump], "_renamed_in_textual_9")
    monkeypatch.setattr(key_gate, "TEXTUAL_INTERNALS", renamed)
    assert textual_internals_missing() == ["MessagePump._renamed_in_textual_9"]
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            assert not app.key_gate.enabled
            await pilot.press("question_mark")
            assert len(app.screen_stack) == 2, "keys still work: ? opened the help"
            app.key_gate._in_hand = True  # even with a key in hand, nothing is held
            assert app.key_gate.admit(events.Key("a", "a"))
    finally:
        service.close()


async def test_waiting_for_the_gate_to_settle_is_bounded(tmp_path: Path) -> None:
    service = demo_service(tmp_path, fixed_clock)
    app = dashboard_app(service)
    gate = KeyGate(app)
    gate._in_hand = True  # a key whose effects never settle (no settling task at all)
    started = time.monotonic()
    assert await gate.wait_settled(timeout=0.05) is False
    assert time.monotonic() - started < 2
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
