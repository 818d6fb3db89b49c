"""Several events as one change: committed together, announced after, or not at all; and the
read-only service's refresh()."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_os import FaultyOS, installed
from helpers import FakeClock, sheet

from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store.errors import SaveFailed

NAME = "Atomic Saga"


def _roll(svc: CampaignService, label: str) -> RollMade:
    return svc.publish(RollMade(kind="dice", expression="1D6", total=3, label=label))


def _service(tmp_path: Path) -> CampaignService:
    svc = CampaignService.create(tmp_path, NAME, clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    return svc


def test_a_transaction_is_one_commit_announced_after_it(tmp_path: Path) -> None:
    svc = _service(tmp_path)
    heard: list[str] = []
    svc.bus.subscribe(Event, lambda e: heard.append(e.id))
    log = svc.store.folder / "sessions" / "session-0001.json"
    commits = log.read_bytes().count(b'{"commit"')
    with svc.transaction():
        first = _roll(svc, "a")
        with svc.transaction():  # nested: joins the outer one
            second = _roll(svc, "b")
        assert heard == []  # nothing shown before the commit
        assert svc.state.last_event_id == second.id  # the runner sees its own changes
    assert heard == [first.id, second.id]
    assert log.read_bytes().count(b'{"commit"') == commits + 1
    assert (first.id, second.id) == ("0001-000002", "0001-000003")


def test_a_failure_inside_undoes_the_whole_change(tmp_path: Path) -> None:
    svc = _service(tmp_path)
    before = svc.state
    with pytest.raises(ValidationError), svc.transaction():
        _roll(svc, "a")
        svc.publish(DamageApplied(character_id="nobody", amount=1))
    assert svc.state is before and not [e for e in svc.events() if isinstance(e, RollMade)]
    with installed(FaultyOS("fsync", 1)), pytest.raises(SaveFailed), svc.transaction():
        _roll(svc, "b")
        _roll(svc, "c")
    assert svc.state is before
    _roll(svc, "d")
    svc.close()
    with CampaignService.open(tmp_path, NAME) as again:
        assert [e.label for e in again.events() if isinstance(e, RollMade)] == ["d"]


def test_the_read_only_service_refreshes_from_the_writer(tmp_path: Path) -> None:
    writer = _service(tmp_path)
    reader = CampaignService.open(tmp_path, NAME, read_only=True)
    heard: list[Event] = []
    reader.bus.subscribe(Event, heard.append)
    assert reader.refresh() is False
    _roll(writer, "Scan")
    writer.publish(DamageApplied(character_id="c0001", amount=2, location="chest"))
    assert reader.refresh() is True
    assert [type(e).__name__ for e in heard] == ["RollMade", "DamageApplied"]
    assert reader.character("Ostra").hit_points == writer.character("Ostra").hit_points
    assert reader.refresh() is False
    writer.close()
    reader.close()
