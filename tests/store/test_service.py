"""CampaignService and CampaignStore: documents round-trip, logs per session, replay, demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import START, FakeClock, sheet

from gmdash.model import GameSession, ValidationError
from gmdash.model.events import DamageApplied, Event, RollMade, SessionStarted
from gmdash.model.state import CampaignState
from gmdash.play.bus import Bus
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.rules import RuleSet
from gmdash.store import (
    CampaignNotFound,
    CampaignStore,
    StoreError,
    paths,
    resolve_saves_dir,
    slugify,
)
from gmdash.store.paths import read_last


def _roll(svc: CampaignService, label: str) -> RollMade:
    return svc.publish(RollMade(actor="Ostra", label=label, kind="ability", chance=50, roll=10,
                                level="success"))  # fmt: skip


def test_state_document_round_trip(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Round Trip", RuleSet.BRP, clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    svc.publish(DamageApplied(character_id="c0001", amount=3, location="head"))
    _roll(svc, "Scan")
    saved = svc.state.to_dict()
    assert CampaignState.from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    svc.close()
    with CampaignService.open(tmp_path, "round-trip", read_only=True) as again:
        assert again.state.to_dict() == saved
        assert again.campaign.ruleset is RuleSet.BRP
        assert [e.to_dict() for e in again.events()] == [e.to_dict() for e in svc.events()]


def test_session_document_round_trip() -> None:
    session = GameSession(number=3, start=START)
    assert GameSession.from_dict(json.loads(json.dumps(session.to_dict()))) == session
    with pytest.raises(ValidationError, match=r"session\.number"):
        GameSession.from_dict({"number": 0, "start": START.isoformat()})


def test_each_session_has_its_own_log_file(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Logs", clock=FakeClock())
    svc.add_character(sheet())  # before any session: log 0
    for number in (1, 2, 3):
        svc.start_session()
        for i in range(number):
            _roll(svc, f"s{number}-{i}")
        svc.end_session()
    files = sorted(p.name for p in (tmp_path / "logs" / "sessions").iterdir())
    assert files == [f"session-000{n}.json" for n in range(4)]
    assert [e.label for e in svc.log(2, rolls_only=True)] == ["s2-0", "s2-1"]
    assert len(svc.log("all", rolls_only=True)) == 6
    assert {e.session for e in svc.log(3)} == {3}
    assert svc.events(0)[0].type == "CharacterAdded"
    assert svc.current_session is None and len(svc.sessions) == 3


def test_events_are_stamped_with_the_injected_clock(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Clock", clock=FakeClock())
    started = svc.start_session()
    assert started.id == "0001-000001" and started.session == 1
    assert started.time is not None and started.time.isoformat() == "2026-03-01T19:00:01+00:00"
    assert svc.current_session == GameSession(number=1, start=started.time)


def test_bus_subscribers_see_every_event_after_the_store(tmp_path: Path) -> None:
    bus = Bus()
    seen: list[tuple[str, int]] = []
    svc = CampaignService.create(tmp_path, "Bus", clock=FakeClock(), bus=bus)
    bus.subscribe(Event, lambda e: seen.append((e.type, svc.store.count(1))))
    svc.publish(SessionStarted(number=1))
    _roll(svc, "Listen")
    assert seen == [("SessionStarted", 1), ("RollMade", 2)]


def test_failed_subscriber_after_the_store_keeps_the_event(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Boom", clock=FakeClock())

    def boom(event: Event) -> None:
        raise RuntimeError("ui broke")

    svc.bus.subscribe(Event, boom)
    with pytest.raises(RuntimeError):
        svc.start_session()
    assert svc.current_session is not None  # persisted, so it stays applied


def test_crash_between_log_and_snapshot_is_replayed(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Replay", clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    snapshot = (tmp_path / "replay" / "campaign.json").read_bytes()
    svc.publish(DamageApplied(character_id="c0001", amount=4))
    svc.close()
    (tmp_path / "replay" / "campaign.json").write_bytes(snapshot)  # as if killed in between
    with CampaignService.open(tmp_path, "Replay", read_only=True) as reader:
        assert reader.character("Ostra").hit_points == sheet().hit_points - 4
    assert (tmp_path / "replay" / "campaign.json").read_bytes() == snapshot  # reader wrote nothing
    with CampaignService.open(tmp_path, "Replay") as writer:
        assert writer.character("Ostra").hit_points == sheet().hit_points - 4
    assert (tmp_path / "replay" / "campaign.json").read_bytes() != snapshot


def test_first_start_creates_the_demo_and_remembers_the_last(tmp_path: Path) -> None:
    with CampaignService.open_last(tmp_path, clock=FakeClock()) as demo:
        assert demo.campaign.name == DEMO_NAME
        pcs = [c for c in demo.characters if c.kind == "pc"]
        npcs = [c for c in demo.characters if c.kind == "npc"]
        assert len(pcs) == 4 and len(npcs) >= 3
        for pc in pcs:
            assert set(pc.characteristics) >= {"STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA"}
            kinds = [str(a.kind) for a in pc.abilities]
            assert kinds.count("rune") >= 3 and kinds.count("passion") >= 3
            assert pc.ability("Dodge") and pc.ability("Reputation") and pc.weapons
            assert pc.magic_points == pc.characteristics["POW"]
    assert read_last(tmp_path) == slugify(DEMO_NAME) == "demo-the-pavis-road"
    CampaignService.create(tmp_path, "Other").close()
    with CampaignService.open_last(tmp_path) as last:
        assert last.campaign.name == "Other"


def test_opening_the_last_campaign_again_writes_nothing_to_remember_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    CampaignService.create(tmp_path, "One").close()
    CampaignService.create(tmp_path, "Two").close()
    written: list[Path] = []
    write = paths.write_atomic

    def counted(path: Path, data: bytes, **kwargs: bool) -> None:
        if path.name == paths.LAST_FILE:
            written.append(path)
        write(path, data, **kwargs)

    monkeypatch.setattr(paths, "write_atomic", counted)
    CampaignService.open(tmp_path, "Two").close()
    assert written == []  # "Two" is the last already: no write, no flush to wait for
    CampaignService.open(tmp_path, "One").close()
    assert len(written) == 1 and read_last(tmp_path) == "one"
    (tmp_path / paths.LAST_FILE).write_bytes(b"one\nand more")  # not just the slug: rewritten
    CampaignService.open(tmp_path, "One").close()
    assert len(written) == 2 and (tmp_path / paths.LAST_FILE).read_bytes() == b"one\n"


def test_create_refuses_an_existing_campaign_and_open_a_missing_one(tmp_path: Path) -> None:
    CampaignService.create(tmp_path, "Twice").close()
    with pytest.raises(StoreError, match="already exists"):
        CampaignService.create(tmp_path, "twice")
    with pytest.raises(CampaignNotFound):
        CampaignService.open(tmp_path, "Nowhere")
    with pytest.raises(ValidationError):
        CampaignService.create(tmp_path, "   ")


def test_store_batches_the_snapshot_in_one_write(tmp_path: Path) -> None:
    store = CampaignStore.create(tmp_path / "x", {"a": 1})
    assert store.load_state() == {"a": 1}
    store.save_state({"b": 2})
    assert store.load_state() == {"b": 2}
    store.close()


@pytest.mark.parametrize(
    ("name", "slug"),
    [("Demo — The Pavis Road", "demo-the-pavis-road"), ("Café Noir!", "cafe-noir"),
     ("../../etc", "etc"), ("Ω", "campaign-" + "")],
)  # fmt: skip
def test_slugs_are_file_safe(name: str, slug: str) -> None:
    made = slugify(name)
    assert made.startswith(slug) and made.replace("-", "").isalnum()


def test_saves_dir_resolution(tmp_path: Path) -> None:
    # the whole order (config, checkout, user data folder): tests/store/test_saves_home.py
    assert resolve_saves_dir("x", {"GMDASH_SAVES": "y"}) == Path("x").absolute()
    assert resolve_saves_dir(None, {"GMDASH_SAVES": "y"}) == Path("y").absolute()


def test_entry_turns_a_published_event_into_a_log_line(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Lines", clock=FakeClock())
    svc.add_character(sheet())
    lines = []
    svc.bus.subscribe(Event, lambda e: lines.append(svc.entry(e)))
    svc.publish(DamageApplied(character_id="c0001", amount=2, location="head"))
    made = _roll(svc, "Sing")
    assert (lines[0].actor, lines[0].kind, lines[0].label) == (
        "Ostra",
        "damage",
        "2 damage to head",
    )
    assert (lines[1].id, lines[1].label, lines[1].level) == (made.id, "Sing", "success")


def test_a_roll_that_could_not_be_saved_is_neither_kept_nor_written_later(
    tmp_path: Path,
) -> None:
    from fake_os import FaultyOS, installed

    from gmdash.store.errors import SaveFailed

    svc = CampaignService.create(tmp_path, "Full Disk", clock=FakeClock())
    svc.start_session()
    before = svc.state
    with installed(FaultyOS("write", 1)), pytest.raises(SaveFailed, match="session-0001"):
        svc.publish(RollMade(kind="dice", expression="1D6", total=1, label="lost"))
    assert svc.state is before  # not shown
    svc.publish(RollMade(kind="dice", expression="1D6", total=2, label="kept"))
    labels = [e.label for e in svc.events() if isinstance(e, RollMade)]
    assert labels == ["kept"]
    svc.close()
    with CampaignService.open(tmp_path, "Full Disk") as again:
        assert [e.label for e in again.events() if isinstance(e, RollMade)] == ["kept"]


def test_the_log_numbers_are_those_of_the_session_files_alone(tmp_path: Path) -> None:
    assert paths.session_numbers(tmp_path) == []  # no sessions folder yet
    sessions = tmp_path / paths.SESSIONS_DIR
    sessions.mkdir()
    for name in ("session-0010.json", "session-0001.json", "session-.json", "session-ab.json",
                 "session-0002.json.tmp", "other.json", "session-0003.jsonx"):  # fmt: skip
        (sessions / name).write_text("{}")
    assert paths.session_numbers(tmp_path) == [1, 10]
