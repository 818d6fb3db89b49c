"""The read-only open: no lock, no write, and new committed transactions seen as they land."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, sheet
from store_helpers import hashes

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store.appendlog import encode_transaction
from gmdash.store.readonly import ReadOnlyCampaign

NAME = "Watched Saga"


def _roll(svc: CampaignService, label: str) -> None:
    svc.publish(RollMade(actor="Ostra", label=label, kind="ability", chance=50, roll=20,
                         level="success"))  # fmt: skip


def _labels(events: list[dict[str, object]]) -> list[object]:
    return [e.get("label") for e in events if e["type"] == "RollMade"]


def test_refresh_sees_each_committed_event_once_while_the_writer_runs(tmp_path: Path) -> None:
    writer = CampaignService.create(tmp_path, NAME, clock=FakeClock())
    writer.add_character(sheet())
    writer.start_session()
    folder = writer.store.folder
    view = ReadOnlyCampaign(folder)  # while the writer holds the lock
    assert [e["type"] for e in view.refresh()] == ["CharacterAdded", "SessionStarted"]
    assert view.refresh() == []
    _roll(writer, "Scan")
    _roll(writer, "Listen")
    assert _labels(view.refresh()) == ["Scan", "Listen"]
    assert view.refresh() == []
    writer.end_session()
    writer.start_session()  # a new log file
    _roll(writer, "Search")
    assert [e["type"] for e in view.refresh()] == ["SessionEnded", "SessionStarted", "RollMade"]
    writer.close()  # compacts: the same events, rewritten
    assert view.refresh() == []
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as again:
        _roll(again, "Dodge")
        assert _labels(view.refresh()) == ["Dodge"]
    assert view.last_event_id.startswith("0002-")


def test_a_transaction_being_written_is_picked_up_once_complete(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.start_session()
        _roll(svc, "Scan")
        folder = svc.store.folder
    view = ReadOnlyCampaign(folder)
    assert view.refresh() == []  # the closed campaign's snapshot holds it already
    assert view.last_event_id == "0001-000002"
    log = folder / "sessions" / "session-0001.json"
    event = {"type": "RollMade", "id": "0001-000003", "time": None, "session": 1,
             "label": "Listen", "kind": "dice"}  # fmt: skip
    data = encode_transaction([("events", "3", event)], 1)
    with log.open("ab") as handle:
        handle.write(data[:-10])  # the writer is halfway through
    assert view.refresh() == []
    with log.open("ab") as handle:
        handle.write(data[-10:])
    assert _labels(view.refresh()) == ["Listen"]


def test_a_read_only_open_writes_nothing(tmp_path: Path) -> None:
    writer = CampaignService.create(tmp_path, NAME, clock=FakeClock())
    writer.start_session()
    _roll(writer, "Scan")
    before = hashes(tmp_path)
    with CampaignService.open(tmp_path, NAME, read_only=True) as reader:
        assert [e.label for e in reader.events("all") if isinstance(e, RollMade)] == ["Scan"]
        assert reader.current_session is not None  # replayed in memory, not on disk
    view = ReadOnlyCampaign(writer.store.folder)
    view.refresh()
    assert hashes(tmp_path) == before
    writer.close()
