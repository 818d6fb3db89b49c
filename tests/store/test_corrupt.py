"""A save file that cannot be read is reported, naming it, and never overwritten."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import CorruptSaveError

NAME = "Corrupt Saga"


def _make(saves: Path) -> tuple[Path, Path]:
    svc = CampaignService.create(saves, NAME, clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    svc.publish(RollMade(actor="Ostra", kind="ability", label="Scan", chance=50, roll=20,
                         level="success"))  # fmt: skip
    svc.close()
    folder = saves / "corrupt-saga"
    return folder / "campaign.json", folder / "sessions" / "session-0001.json"


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _not_json(path: Path) -> None:
    path.write_bytes(b"\x00\xffnot json at all")


def _foreign(path: Path) -> None:
    path.write_text(json.dumps({"_default": {"1": {"hello": "world"}}}))


def _other_format(path: Path) -> None:
    data = json.loads(path.read_bytes().split(b"\n")[0])
    data["meta"]["1"]["format"] = "something.else"
    path.write_text(json.dumps(data))


def _future(path: Path) -> None:
    data = json.loads(path.read_bytes().split(b"\n")[0])
    data["meta"]["1"]["schema_version"] = 99
    path.write_text(json.dumps(data))


def _bad_value(path: Path) -> None:
    data = json.loads(path.read_bytes().split(b"\n")[0])
    table = data.get("state") or data.get("events")
    doc = table["1"]
    if "characters" in doc:
        doc["characters"][0]["characteristics"]["STR"] = 0
    else:
        doc["type"] = "NoSuchEvent"
    path.write_text(json.dumps(data))


DAMAGES: list[Callable[[Path], None]] = [
    _truncate,
    _empty,
    _not_json,
    _foreign,
    _other_format,
    _future,
    _bad_value,
]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("which", ["campaign", "session"])
def test_corrupt_file_is_reported_and_left_alone(
    tmp_path: Path, damage: Callable[[Path], None], which: str
) -> None:
    campaign_file, session_file = _make(tmp_path)
    target = campaign_file if which == "campaign" else session_file
    damage(target)
    bytes_before, mtime_before = target.read_bytes(), os.stat(target).st_mtime_ns
    for read_only in (False, True):
        with pytest.raises(CorruptSaveError) as caught:
            CampaignService.open(tmp_path, NAME, read_only=read_only)
        assert caught.value.path == target
        assert str(target) in str(caught.value)
    assert target.read_bytes() == bytes_before
    assert os.stat(target).st_mtime_ns == mtime_before
    # the failed opens left the campaign unlocked: repairing the file is enough
    assert not list(target.parent.glob(".*.tmp"))


def test_corrupt_old_session_does_not_block_opening(tmp_path: Path) -> None:
    _, session_file = _make(tmp_path)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.end_session()
        svc.start_session()
    _truncate(session_file)
    with CampaignService.open(tmp_path, NAME) as svc:
        assert svc.current_session is not None and svc.current_session.number == 2
        with pytest.raises(CorruptSaveError):
            svc.log("all")


def test_move_aside_keeps_the_file_and_lets_a_session_log_be_rebuilt(tmp_path: Path) -> None:
    from helpers import START

    from gmdash.store import move_aside

    _, session_file = _make(tmp_path)
    _truncate(session_file)
    damaged = session_file.read_bytes()
    moved = move_aside(session_file, START)
    assert moved.read_bytes() == damaged and not session_file.exists()
    assert moved.name == "session-0001.json.corrupt-20260301T190000"
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.publish(RollMade(kind="dice", expression="1D6", total=4))
        assert len(svc.events()) == 1
