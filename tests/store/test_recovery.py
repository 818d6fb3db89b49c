"""Recovery: a campaign that cannot open is opened again by moving bad files aside (never
deleting them), keeping what can be trusted and saying what was lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.cli import main
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import CorruptSaveError

NAME = "Broken Saga"


def _played(saves: Path, rolls: int = 5, *, compact: bool = False) -> Path:
    """A campaign whose last session's log still holds its transactions (the writer died)."""
    svc = CampaignService.create(saves, NAME, clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    for index in range(rolls):
        svc.publish(RollMade(actor="Ostra", label=f"roll {index}", kind="ability", chance=50,
                             roll=20, level="success"))  # fmt: skip
    if not compact:
        svc.store.checkpoint = None  # as if killed: no compaction at close
    svc.close()
    return svc.store.folder


def _labels(saves: Path) -> list[str]:
    with CampaignService.open(saves, NAME, read_only=True) as svc:
        return [e.label or "" for e in svc.events("all") if isinstance(e, RollMade)]


def _recover(saves: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    assert main(["--saves", str(saves), "campaign", "recover", NAME, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_damage_in_the_middle_of_a_log_keeps_the_events_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _played(tmp_path)
    log = folder / "sessions" / "session-0001.json"
    lines = log.read_bytes().split(b"\n")
    damaged_line = 8  # the base and its seal, then an op and a commit line per event: roll 2
    assert b"roll 2" in lines[damaged_line]
    lines[damaged_line] = lines[damaged_line].replace(b"roll 2", b"roll \xff")
    damaged = b"\n".join(lines)
    log.write_bytes(damaged)
    with pytest.raises(CorruptSaveError):
        CampaignService.open(tmp_path, NAME)
    report = _recover(tmp_path, capsys)
    [item] = report["recovered"]  # type: ignore[misc]
    assert item["file"] == str(log)
    assert Path(item["moved_to"]).read_bytes() == damaged  # kept, never deleted
    assert item["kept"] == "kept its first 3 events"  # the session start and 2 rolls
    assert _labels(tmp_path) == ["roll 0", "roll 1"]


def test_a_damaged_snapshot_is_rebuilt_from_the_previous_one_and_the_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _played(tmp_path, compact=True)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:  # one more evening
        svc.publish(RollMade(kind="dice", expression="1D6", total=4, label="late"))
    (folder / "campaign.json").write_bytes(b"{ truncated")
    report = _recover(tmp_path, capsys)
    [item] = report["recovered"]  # type: ignore[misc]
    assert Path(item["moved_to"]).read_bytes() == b"{ truncated"
    assert _labels(tmp_path) == [f"roll {i}" for i in range(5)] + ["late"]
    with CampaignService.open(tmp_path, NAME) as svc:
        assert svc.character("Ostra").name == "Ostra"


def test_an_unreadable_log_is_moved_aside_and_reported_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _played(tmp_path, compact=True)
    log = folder / "sessions" / "session-0001.json"
    log.write_bytes(b"\x00\x00garbage")
    assert main(["--saves", str(tmp_path), "campaign", "recover", NAME]) == 0
    out = capsys.readouterr().out
    assert "nothing of it could be read" in out and str(log) in out
    assert _labels(tmp_path) == []
    with CampaignService.open(tmp_path, NAME) as svc:  # the state kept the session
        assert svc.current_session is not None and svc.character("Ostra")


def test_recover_on_a_healthy_campaign_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _played(tmp_path, compact=True)
    assert _recover(tmp_path, capsys)["recovered"] == []
    assert len(_labels(tmp_path)) == 5


def test_a_torn_tail_needs_no_recovery(tmp_path: Path) -> None:
    folder = _played(tmp_path)
    log = folder / "sessions" / "session-0001.json"
    log.write_bytes(log.read_bytes()[:-15])  # the last commit line torn: roll 4 never shown
    assert _labels(tmp_path) == [f"roll {i}" for i in range(4)]
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.publish(RollMade(kind="dice", expression="1D6", total=4, label="after"))
    assert _labels(tmp_path) == [f"roll {i}" for i in range(4)] + ["after"]
