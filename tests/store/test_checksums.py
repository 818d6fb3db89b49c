"""Every file the store writes carries a checksum, checked at every open: one flipped bit is one
clear line and exit status 2 (never a wrong number shown, then made permanent by the next
write), `campaign recover` puts the last good state back, and the previous release's files
(no checksum) still open and are sealed by the first writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FakeClock
from hypothesis import given, settings
from hypothesis import strategies as st
from store_helpers import hashes

from gmdash.cli import main
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService
from gmdash.store import CorruptSaveError
from gmdash.store.appendlog import encode_base, encode_transaction, parse
from gmdash.store.atomic import encode, encode_snapshot
from gmdash.store.documents import CAMPAIGN_FORMAT, SESSION_FORMAT, new_document, parse_document

NAME = "Sealed Saga"
SLUG = "sealed-saga"


def _roll(svc: CampaignService, label: str, value: int) -> None:
    svc.publish(RollMade(actor="Ostra", label=label, kind="ability", chance=90, roll=value,
                         level="success"))  # fmt: skip


def _campaign(saves: Path, *, compacted: bool) -> Path:
    """A campaign whose session 1 holds the roll "Scan" of 81: compacted into the log's base
    and the snapshot (`compacted`), or the last transaction appended to the log."""
    with CampaignService.create(saves, NAME, clock=FakeClock()) as svc:
        svc.start_session()
        _roll(svc, "Listen", 12)
        _roll(svc, "Scan", 81)
        if compacted:
            svc.compact_on_close()
    return saves / SLUG


def _flip(path: Path, text: bytes, *, occurrence: int = -1) -> None:
    """Flip the lowest bit of the last digit of `text` in `path` ("roll":81 -> "roll":80)."""
    raw = bytearray(path.read_bytes())
    starts = [i for i in range(len(raw)) if raw.startswith(text, i)]
    where = starts[occurrence] + len(text) - 1
    raw[where] ^= 1
    path.write_bytes(bytes(raw))


def _run(saves: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["--saves", str(saves), *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _refused(saves: Path, damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A writing and a reading command both refuse the campaign in one line naming the file,
    and change nothing."""
    before = hashes(saves)
    for argv in (["roll", "50", "--result", "7", "--campaign", NAME],
                 ["log", "--campaign", NAME, "--format", "json"]):  # fmt: skip
        status, out, err = _run(saves, capsys, *argv)
        assert status == 2, out
        [line] = err.strip().splitlines()
        assert str(damaged) in line and "checksum" in line and "Traceback" not in err
        assert f"gmdash campaign recover {NAME}" in line  # the way on, named
        assert "80" not in out
    assert hashes(saves) == before


@pytest.mark.parametrize("compacted", [True, False], ids=["compacted", "appended"])
def test_a_flipped_bit_in_a_session_log_is_refused(
    tmp_path: Path, compacted: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path, compacted=compacted)
    log = folder / "sessions" / "session-0001.json"
    _flip(log, b'"roll":81')
    _refused(tmp_path, log, capsys)


def test_a_flipped_bit_in_a_transaction_before_others_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path, compacted=False)
    log = folder / "sessions" / "session-0001.json"
    _flip(log, b'"roll":12')  # the first roll: a later transaction follows it
    _refused(tmp_path, log, capsys)


def test_a_flipped_bit_in_the_snapshot_is_refused_and_recovered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path, compacted=True)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:  # an evening more
        _roll(svc, "Dodge", 33)
        svc.compact_on_close()  # the snapshot holds the 81 now, the previous one does not
    snapshot = folder / "campaign.json"
    _flip(snapshot, b'"last_event_id":"0001-00000')
    _refused(tmp_path, snapshot, capsys)
    status, out, _ = _run(tmp_path, capsys, "campaign", "recover", NAME, "--json")
    assert status == 0, out
    [item] = json.loads(out)["recovered"]
    assert item["file"] == str(snapshot)
    status, out, _ = _run(tmp_path, capsys, "log", "--campaign", NAME, "--format", "json")
    rolls = {row["label"]: row["roll"] for row in json.loads(out) if row["kind"] == "ability"}
    assert rolls == {"Listen": 12, "Scan": 81, "Dodge": 33}  # the last good state, replayed


def test_a_damaged_previous_snapshot_is_never_put_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path, compacted=True)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        _roll(svc, "Dodge", 33)
        svc.compact_on_close()
    previous = folder / "campaign.previous.json"
    _flip(previous, b'"name":"Sealed Saga"', occurrence=0)  # 'a' -> '`'
    (folder / "campaign.json").write_bytes(b"{ truncated")
    status, _, err = _run(tmp_path, capsys, "campaign", "recover", NAME)
    assert status == 2
    [line] = err.strip().splitlines()
    assert "no readable earlier copy" in line and "checksum" in line
    assert (folder / "campaign.json").read_bytes() == b"{ truncated"  # left untouched


def _snapshot_bytes() -> bytes:
    state = {"campaign": {"name": "Tiny"}, "log_file": 1, "last_event_id": "0001-000002"}
    return encode_snapshot({**new_document(CAMPAIGN_FORMAT), "state": {"1": state}})


def _log_bytes() -> bytes:
    base = {**new_document(SESSION_FORMAT), "events": {"1": {"type": "SessionStarted"}}}
    raw = encode_base(base)
    for sequence, value in enumerate((81, 12), start=1):
        doc = {"type": "RollMade", "roll": value}
        raw += encode_transaction([("events", str(sequence + 1), doc)], sequence)
    return raw


def test_every_flipped_bit_of_a_snapshot_is_refused() -> None:
    raw = _snapshot_bytes()
    for position in range(len(raw)):
        for bit in range(8):
            damaged = bytearray(raw)
            damaged[position] ^= 1 << bit
            with pytest.raises(CorruptSaveError):
                parse_document(Path("campaign.json"), bytes(damaged), CAMPAIGN_FORMAT)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_flipped_bit_of_a_log_is_refused_or_changes_nothing(data: st.DataObject) -> None:
    raw = _log_bytes()
    intact = parse(Path("log.json"), raw, SESSION_FORMAT).tables
    position = data.draw(st.integers(0, len(raw) - 1))
    damaged = bytearray(raw)
    damaged[position] ^= 1 << data.draw(st.integers(0, 7))
    try:
        read = parse(Path("log.json"), bytes(damaged), SESSION_FORMAT).tables
    except CorruptSaveError:
        return
    assert read == intact  # a flip that reads (a commit line's sequence number) changed nothing


def _unsealed(path: Path) -> None:
    """`path` as the previous release wrote it: schema version 4, no checksum line."""
    first, _, rest = path.read_bytes().partition(b"\n")
    data = json.loads(first)
    data["meta"]["1"]["schema_version"] = 4
    if path.parent.name == "sessions":
        _, _, transactions = rest.partition(b"\n")  # the seal line goes
        path.write_bytes(encode(data) + b"\n" + transactions)
    else:
        path.write_bytes(encode(data))


def test_the_previous_releases_saves_open_and_are_sealed_by_the_first_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _campaign(tmp_path, compacted=True)
    with CampaignService.open(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.end_session()
        svc.start_session()
        _roll(svc, "Dodge", 33)  # session 2's log: a transaction after its base
    files = [folder / "campaign.json", folder / "campaign.previous.json",
             *sorted((folder / "sessions").glob("*.json"))]  # fmt: skip
    for path in files:
        _unsealed(path)
    before = hashes(tmp_path)
    status, out, _ = _run(tmp_path, capsys, "log", "--campaign", NAME, "--session", "all",
                          "--format", "json")  # fmt: skip
    assert status == 0
    shown = json.loads(out)
    assert hashes(tmp_path) == before  # read as it is: a reader writes nothing
    CampaignService.open(tmp_path, NAME).close()  # the first writer
    for path in files:
        first, seal, _ = path.read_bytes().split(b"\n", 2)
        assert json.loads(first)["meta"]["1"]["schema_version"] == 5
        assert seal.startswith(b'{"seal":"crc32"'), path
    status, out, _ = _run(tmp_path, capsys, "log", "--campaign", NAME, "--session", "all",
                          "--format", "json")  # fmt: skip
    assert json.loads(out) == shown  # nothing lost, nothing changed
