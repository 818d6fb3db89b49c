"""`CampaignService.events` keeps the current log's events read: it must give exactly what a
fresh read of the files gives, after an opening replay, new events, a new session and an undo."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import FakeClock, demo_service

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.store.campaign_store import CampaignStore


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


def test_a_reopened_log_unchanged_since_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The opening replay read the current log whole: its first read after (the log pane's)
    takes those events without parsing the file again, until the file changes."""
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
        for n in (3, 4, 5):
            service.publish(roll(n))
        expected = [e.id for e in service.events()]
    reads: list[int] = []
    events = CampaignStore.events

    def counted(store: CampaignStore, number: int) -> list[dict[str, object]]:
        reads.append(number)
        return events(store, number)

    monkeypatch.setattr(CampaignStore, "events", counted)
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock(), durable=False) as again:
        reads.clear()
        assert [e.id for e in again.events()] == expected and reads == []
        again.publish(roll(50))  # the file grows: read from now on
        assert [e.id for e in again.events()] == fresh_events(tmp_path)
        assert reads and len(again.events()) == len(expected) + 1


def test_a_reader_or_a_log_changed_by_another_hand_is_read(tmp_path: Path) -> None:
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
        service.publish(roll(3))
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as reader:
        assert reader.store.log_mark(reader.state.log_file) is None  # no lock: never trusted
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock(), durable=False) as again:
        log = again.store.folder / "sessions" / f"session-{again.state.log_file:04d}.json"
        before = again.store.log_mark(again.state.log_file)
        assert before is not None
        log.write_bytes(log.read_bytes())  # written again, the same bytes, a second later
        os.utime(log, ns=(before[2], before[2] + 1_000_000_000))
        assert again.store.log_mark(again.state.log_file) != before
        assert [e.id for e in again.events()] == fresh_events(tmp_path)
