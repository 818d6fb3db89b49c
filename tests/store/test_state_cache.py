"""The state kept ready at the dashboard's close: taken only when it is exactly the snapshot's;
the session log's events kept with it only when that log is exactly the one they were read from.

A ready state skips checking every sheet at the next start; it must never give a state other
than the snapshot's (a changed snapshot, a foreign or tampered file, other code: a miss), and
no file may make its reading run code.
"""

from __future__ import annotations

import os
import pickle
import shutil
import stat
from pathlib import Path

import pytest
from evening import readable_evening
from hypothesis import given
from hypothesis import strategies as st

from gmdash.model.events import RollMade
from gmdash.model.state import CampaignState
from gmdash.play import campaign, effects
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.store import state_cache
from gmdash.store.atomic import DIGEST_SIZE, snapshot_digest
from gmdash.store.campaign_store import CampaignStore
from gmdash.store.paths import CAMPAIGN_FILE, campaign_folder
from gmdash.store.seal import sealed


def _evening_kept_ready(saves: Path) -> dict[str, object]:
    """The readers' evening, then a fight left open with an effect running; closed by a
    dashboard (the state kept ready). Returns the snapshot it closed with."""
    svc = readable_evening(saves)
    harvald = svc.character("Harvald Stormbrow")
    runner.begin(svc, [harvald.id, "c0003"])
    effects.add_free_effect(svc, harvald.id, "Demoralize: -20% to all rolls, 5 rounds")
    snapshot = svc.state.to_dict()
    svc.keep_ready()
    svc.close()
    return snapshot


def _folder(saves: Path) -> Path:
    return campaign_folder(saves, DEMO_NAME)


def _checked(saves: Path) -> CampaignState:
    """The snapshot on disk, read and checked field by field (what a miss does)."""
    store = CampaignStore.open(_folder(saves), read_only=True)
    try:
        return CampaignState.from_dict(store.load_state())
    finally:
        store.close()


def _kept(saves: Path) -> tuple[object, int, object | None] | None:
    store = CampaignStore.open(_folder(saves))
    try:
        return store.ready_state()
    finally:
        store.close()


def _ready(saves: Path) -> object | None:
    """The state kept ready, or None."""
    kept = _kept(saves)
    return None if kept is None else kept[0]


def _log_file(saves: Path) -> Path:
    """The session log the next open replays."""
    state = _checked(saves)
    return _folder(saves) / "sessions" / f"session-{state.log_file:04d}.json"


def test_the_ready_state_is_the_snapshots_state(tmp_path: Path) -> None:
    snapshot = _evening_kept_ready(tmp_path)
    ready = _ready(tmp_path)
    assert isinstance(ready, CampaignState)
    assert ready == _checked(tmp_path)
    assert ready.to_dict() == snapshot
    assert ready.combat is not None and ready.effects  # the open fight and the effect came back
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert again.state.to_dict() == snapshot
        assert [e.to_dict() for e in again.events()][-1]["type"] == "EffectStarted"


def test_a_changed_snapshot_is_read_and_checked_again(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    with CampaignService.open(tmp_path, DEMO_NAME) as cli:  # the CLI keeps nothing ready
        cli.publish(RollMade(actor="Ostra", label="Scan", kind="ability", chance=50, roll=10,
                             level="success"))  # fmt: skip
        cli.compact_on_close()  # a new snapshot (the CLI writes one only when that pays)
        after = cli.state.to_dict()
    assert _ready(tmp_path) is None
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert again.state.to_dict() == after


def test_the_dashboards_next_close_keeps_the_new_state_ready(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    with CampaignService.open(tmp_path, DEMO_NAME) as cli:
        cli.publish(RollMade(actor="Ostra", label="Scan", kind="ability", chance=50, roll=10,
                             level="success"))  # fmt: skip
    svc = CampaignService.open(tmp_path, DEMO_NAME)
    svc.keep_ready()
    svc.close()
    ready = _ready(tmp_path)
    assert isinstance(ready, CampaignState) and ready == _checked(tmp_path)


def test_a_campaign_folder_from_elsewhere_is_never_taken_unchecked(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path / "theirs")
    shutil.copytree(_folder(tmp_path / "theirs"), _folder(tmp_path / "mine"))
    assert (_folder(tmp_path / "mine") / state_cache.READY_FILE).exists()
    assert _ready(tmp_path / "mine") is None  # signed with another saves folder's key
    assert _ready(tmp_path / "theirs") is not None


def test_the_key_is_its_owners_alone(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    mode = stat.S_IMODE(os.stat(tmp_path / state_cache.KEY_FILE).st_mode)
    assert mode == 0o600


@pytest.mark.parametrize("where", ["magic", "fingerprint", "digest", "signature", "payload"])
def test_a_damaged_ready_file_is_a_miss(tmp_path: Path, where: str) -> None:
    _evening_kept_ready(tmp_path)
    path = _folder(tmp_path) / state_cache.READY_FILE
    data = bytearray(path.read_bytes())
    offsets = {"magic": 0, "fingerprint": len(state_cache.MAGIC),
               "digest": len(state_cache.MAGIC) + state_cache.FINGERPRINT_SIZE,
               "signature": state_cache.HEADER - 1, "payload": len(data) - 5}  # fmt: skip
    data[offsets[where]] ^= 0xFF
    path.write_bytes(bytes(data))
    assert _ready(tmp_path) is None
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert again.state == _checked(tmp_path)


def test_a_torn_ready_file_is_a_miss(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    path = _folder(tmp_path) / state_cache.READY_FILE
    path.write_bytes(path.read_bytes()[: state_cache.HEADER + 100])
    assert _ready(tmp_path) is None


def test_other_code_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _evening_kept_ready(tmp_path)
    monkeypatch.setattr(state_cache, "code_fingerprint", lambda: b"\x00" * 16)
    assert _ready(tmp_path) is None


def test_a_touched_model_source_changes_the_fingerprint(tmp_path: Path) -> None:
    state_cache.code_fingerprint.cache_clear()
    before = state_cache.code_fingerprint()
    source = Path(state_cache.__file__).parents[1] / "model" / "state.py"
    times = os.stat(source)
    try:
        os.utime(source, ns=(times.st_atime_ns, times.st_mtime_ns + 1_000_000_000))
        state_cache.code_fingerprint.cache_clear()
        assert state_cache.code_fingerprint() != before
    finally:
        os.utime(source, ns=(times.st_atime_ns, times.st_mtime_ns))
        state_cache.code_fingerprint.cache_clear()
    assert state_cache.code_fingerprint() == before


class _Boom:
    """What a hostile ready file would hold: unpickling it calls `os.system`."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch pwned",))


def test_even_a_signed_file_cannot_make_its_reading_run_code(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    folder = _folder(tmp_path)
    digest = snapshot_digest((folder / CAMPAIGN_FILE).read_bytes())
    payload = pickle.dumps(_Boom())
    key = (tmp_path / state_cache.KEY_FILE).read_bytes()
    fingerprint = state_cache.code_fingerprint()
    signature = state_cache._sign(key, fingerprint, digest, payload)
    (folder / state_cache.READY_FILE).write_bytes(
        state_cache.MAGIC + fingerprint + digest + signature + payload
    )
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        assert _ready(tmp_path) is None
    finally:
        os.chdir(cwd)
    assert not (tmp_path / "pwned").exists()


def test_the_logs_events_come_kept_ready_and_are_the_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _evening_kept_ready(tmp_path)
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as reader:  # read the files
        read = [e.to_dict() for e in reader.events()]
    kept = _kept(tmp_path)
    assert kept is not None and kept[2] is not None
    assert [e.to_dict() for e in kept[2]] == read  # type: ignore[attr-defined]
    assert read and read[-1]["type"] == "EffectStarted"

    def no_reading(raw: object, snapshot: object) -> None:
        raise AssertionError("an event was read from the log")

    monkeypatch.setattr(campaign, "read_event", no_reading)
    with CampaignService.open(tmp_path, DEMO_NAME) as again:  # the log pane's first read too
        assert [e.to_dict() for e in again.events()] == read


def test_a_log_changed_since_is_read_again(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    log = _log_file(tmp_path)
    text = log.read_text(encoding="utf-8")
    assert "Demoralize" in text
    base = text.split("\n", 1)[0].replace("Demoralize", "Demoralise")  # compacted at close
    log.write_bytes(sealed(base.encode() + b"\n"))  # a hand edit, its checksum made again
    kept = _kept(tmp_path)
    assert kept is not None and kept[0] is not None and kept[2] is None  # the state, not the log
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert "Demoralise" in str(again.events()[-1].to_dict())


def test_a_new_log_file_is_read_again(tmp_path: Path) -> None:
    _evening_kept_ready(tmp_path)
    state = _checked(tmp_path)
    later = _folder(tmp_path) / "sessions" / f"session-{state.log_file + 1:04d}.json"
    shutil.copyfile(_log_file(tmp_path), later)  # a log beside it, that opening would replay
    kept = _kept(tmp_path)
    assert kept is not None and kept[2] is None


def test_kept_events_that_are_not_events_are_read_again() -> None:
    assert campaign._kept_events([RollMade(actor="Ostra", label="Scan", kind="ability")])
    assert campaign._kept_events(None) is None
    assert campaign._kept_events(["not an event"]) is None
    assert campaign._kept_events((RollMade(actor="Ostra", label="Scan", kind="ability"),)) is None


@given(st.binary(min_size=1, max_size=2000), st.data())
def test_any_change_of_a_snapshot_changes_its_mark(raw: bytes, data: st.DataObject) -> None:
    """The mark a ready state is checked against (length and two checksums): a byte changed,
    added or taken away, and it is another."""
    at = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
    flipped = raw[:at] + bytes([raw[at] ^ data.draw(st.integers(1, 255))]) + raw[at + 1 :]
    mark = snapshot_digest(raw)
    assert len(mark) == DIGEST_SIZE
    for other in (flipped, raw + b" ", raw[:at] + raw[at + 1 :]):
        assert snapshot_digest(other) != mark
    assert snapshot_digest(bytes(raw)) == mark
