"""Snapshots of the whole dashboard on the demo campaign (fixed seed, clock and sizes): the
layout a game master sees at 160x50 and at the smallest supported size, 100x30.

Regenerate after an intended change with
`pytest tests/tui/test_dashboard_snapshot.py --snapshot-update` and look at the SVGs first.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import demo_service

from gmdash.model.events import DamageApplied, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp

START = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)


def evening(saves: Path) -> CampaignService:
    """The demo campaign an hour into a session: a few rolls and one wound."""
    ticks = iter(START + timedelta(minutes=3 * n) for n in range(10_000))
    service = demo_service(saves, lambda: next(ticks))
    service.start_session()
    harvald = service.character("Harvald Stormbrow")
    service.publish(
        RollMade(actor=harvald.name, character_id=harvald.id, label="Scan", kind="ability",
                 chance=30, roll=12, level="success")
    )  # fmt: skip
    service.publish(
        RollMade(actor="Irvala Greyquill", label="Reputation", kind="ability", chance=20,
                 roll=97, level="failure", hidden=True)
    )  # fmt: skip
    service.publish(DamageApplied(character_id=harvald.id, amount=5, location="left_arm"))
    service.publish(
        RollMade(actor="Korrath Sandstrider", label="Dodge", kind="ability", chance=55,
                 roll=2, level="critical")
    )  # fmt: skip
    return service


@pytest.mark.parametrize("size", [(160, 50), (100, 30)])
def test_dashboard_snapshot(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    service = evening(tmp_path)
    try:
        app = GmDashApp(service, rng=SeededRng(7), clock=lambda: START)
        assert snap_compare(app, terminal_size=size)
    finally:
        service.close()
