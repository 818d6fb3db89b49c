"""Save the README's screenshot: the dashboard on the demo campaign, an hour into a session.

Run: `.venv/bin/python docs/screenshot.py` (writes docs/screenshot.svg).
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gmdash.model.events import DamageApplied, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp

START = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)
OUT = Path(__file__).with_name("screenshot.svg")


def evening(saves: Path) -> CampaignService:
    ticks = iter(START + timedelta(minutes=3 * n) for n in range(10_000))
    service = CampaignService.create(
        saves, DEMO_NAME, state=demo_state(), clock=lambda: next(ticks), durable=False
    )
    service.start_session()
    rolls = [
        ("Harvald Stormbrow", "Scan", 30, 12, "success", False),
        ("Irvala Greyquill", "Reputation", 20, 97, "failure", True),
        ("Korrath Sandstrider", "Dodge", 55, 2, "critical", False),
        ("Meriel Greenhollow", "Sing", 45, 8, "special", False),
        ("Harvald Stormbrow", "Climb", 55, 100, "fumble", False),
    ]
    for actor, label, chance, roll, level, hidden in rolls:
        service.publish(RollMade(actor=actor, label=label, kind="ability", chance=chance,
                                 roll=roll, level=level, hidden=hidden))  # fmt: skip
    harvald = service.character("Harvald Stormbrow")
    service.publish(DamageApplied(character_id=harvald.id, amount=5, location="left_arm"))
    return service


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        service = evening(Path(tmp))
        try:
            app = GmDashApp(service, rng=SeededRng(7), clock=lambda: START)
            async with app.run_test(size=(160, 44)) as pilot:
                await pilot.pause()
                app.save_screenshot(filename=OUT.name, path=str(OUT.parent))
        finally:
            service.close()
    print(f"wrote {OUT}")


if __name__ == "__main__":
    asyncio.run(main())
