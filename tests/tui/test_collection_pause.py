"""Garbage collection held back during the dashboard's start-up, and given back after."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers import demo_service

from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.collection_pause import START_UP_THRESHOLD, CollectionPause


@pytest.fixture
def clean_gc() -> Iterator[tuple[int, int, int]]:
    """Known thresholds and nothing frozen before; the same restored after."""
    saved = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(*saved)


def test_pause_raises_then_restores_the_threshold(clean_gc: tuple[int, int, int]) -> None:
    pause = CollectionPause()
    pause.end()  # never started: nothing to do
    assert gc.get_threshold() == clean_gc
    pause.start()
    pause.start()  # twice: still one pause, and the saved thresholds are the first ones
    assert pause.active and gc.get_threshold() == (START_UP_THRESHOLD, *clean_gc[1:])
    pause.end()
    assert not pause.active and gc.get_threshold() == clean_gc
    assert gc.get_freeze_count() == 0


def test_freeze_at_the_end_and_release(clean_gc: tuple[int, int, int]) -> None:
    pause = CollectionPause()
    pause.start()
    pause.end(freeze=True)
    assert gc.get_freeze_count() > 0 and gc.get_threshold() == clean_gc
    pause.release()
    pause.release()  # twice: nothing more
    assert gc.get_freeze_count() == 0


async def test_the_app_gives_everything_back(
    clean_gc: tuple[int, int, int], tmp_path: Path
) -> None:
    service = demo_service(tmp_path, lambda: datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    app = GmDashApp(service, rng=SeededRng(1))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # The first frame is drawn: the thresholds are back, what it built is frozen.
        assert gc.get_threshold() == clean_gc
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0  # closed: all collectable again
    service.close()
