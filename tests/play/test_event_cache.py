"""`CampaignService.events` keeps the current log's events read: it must give exactly what a
fresh read of the files gives, after an opening replay, new events, a new session and an undo."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, demo_service

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME


def roll(n: int) -> RollMade:
    return RollMade(actor="Vasana", label="Scan", kind="ability", chance=65, roll=n,
                    level="success")  # fmt: skip


def fresh_events(saves: Path, session: int | None = None) -> list[str]:
    """The ids a new read-only reader finds in the files."""
    with CampaignService.open(saves, DEMO_NAME, read_only=True) as reader:
        return [e.id for e in reader.events(session)]


def test_the_kept_events_are_the_files_events_at_every_step(tmp_path: Path) -> None:
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
        for n in (12, 40, 77):
            service.publish(roll(n))
        assert [e.id for e in service.events()] == fresh_events(tmp_path)
        service.undo()  # strikes the last roll out: one more event
        service.publish(roll(5))
        assert [e.id for e in service.events()] == fresh_events(tmp_path)
        service.end_session()
        service.start_session()  # a new log file: the kept events follow it
        service.publish(roll(99))
        assert [e.id for e in service.events()] == fresh_events(tmp_path)
        assert [e.id for e in service.events(1)] == fresh_events(tmp_path, 1)


def test_a_reopened_campaign_keeps_the_replayed_events(tmp_path: Path) -> None:
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
        for n in (3, 4):
            service.publish(roll(n))
        expected = [e.id for e in service.events()]
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock(), durable=False) as again:
        assert [e.id for e in again.events()] == expected
        again.publish(roll(50))
        assert [e.id for e in again.events()] == fresh_events(tmp_path)
        assert len(again.events()) == len(expected) + 1
