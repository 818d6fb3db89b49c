"""What the players' view shows of a campaign, and what it never shows."""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import FakeClock, demo_service

from gmdash.model.events import Event, RollMade
from gmdash.model.log import LogEntry, log_entry
from gmdash.model.state import CampaignState
from gmdash.play.campaign import CampaignService
from gmdash.serve.source import CampaignSource, pick_campaign
from gmdash.serve.view import MAX_ROLLS, PlayersView, SourceError, players_view, wound_level

from .night import GM_NOTE, HIDDEN_LABEL, NPC_SKILL, a_night


@pytest.fixture
def night(tmp_path: Path) -> Iterator[CampaignService]:
    with a_night(tmp_path) as service:
        yield service


def view_of(service: CampaignService) -> PlayersView:
    return players_view(service.state, service.log(rolls_only=True))


def strings(value: object) -> Iterator[str]:
    """Every text the view holds, however deep."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from strings(item)


def test_the_party_is_the_player_characters_with_their_wounds(night: CampaignService) -> None:
    view = view_of(night)
    assert [m.name for m in view.party] == [
        "Harvald Stormbrow", "Irvala Greyquill", "Korrath Sandstrider", "Meriel Greenhollow",
    ]  # fmt: skip
    harvald = view.party[0]
    assert (harvald.player, harvald.hit_points, harvald.hit_points_max) == ("Ana", 10, 15)
    assert harvald.status == ("bleeding", "useless L arm")
    assert view.party[1].status == ()


def test_rolls_are_the_public_ones_and_npcs_show_no_numbers(night: CampaignService) -> None:
    rolls = view_of(night).rolls
    shown = [(r.actor, r.label, r.chance, r.roll, r.level, r.struck) for r in rolls]
    assert shown == [
        ("Harvald Stormbrow", "Scan", 65, 12, "success", False),
        ("Gorehorn", "Great Axe", None, None, "success", False),
        ("Harvald Stormbrow", "Climb", 40, 3, "special", True),
    ]


def test_a_dice_roll_by_an_npc_shows_its_total_not_its_dice(night: CampaignService) -> None:
    night.publish(RollMade(actor="Gorehorn", label="Great Axe damage", kind="dice",
                           expression="2D6+2+1D4", total=11))  # fmt: skip
    roll = view_of(night).rolls[-1]
    assert (roll.label, roll.roll, roll.chance) == ("Great Axe damage", 11, None)
    assert "2D6+2+1D4" not in set(strings(view_of(night)))


def test_the_fight_shows_the_order_and_only_a_wound_level_for_others(
    night: CampaignService,
) -> None:
    combat = view_of(night).combat
    assert combat is not None
    assert combat.heading == "Round 1 · SR 6 · 1/3"
    lines = [(f.name, f.rank, f.action, f.hit_points, f.effects, f.current)
             for f in combat.fighters]  # fmt: skip
    assert lines == [
        ("Harvald Stormbrow", "6", "Broadsword", "10/15", ("bleeding", "useless L arm"), True),
        ("Broo 1", "7", "", "", ("unhurt",), False),
        ("Gorehorn", "7", "", "", ("unhurt",), False),
        ("Irvala Greyquill", "-", "declaring…", "12/12", (), False),
        ("Broo 2", "-", "declaring…", "", ("unhurt",), False),
    ]


def test_nothing_private_is_in_the_view(night: CampaignService) -> None:
    view = view_of(night)
    texts = set(strings(view))
    npcs = [c for c in night.characters if c.kind != "pc"]
    private = {HIDDEN_LABEL, GM_NOTE, *(c.notes for c in night.characters if c.notes),
               night.campaign.notes, *(w.name for c in npcs for w in c.weapons
                                       if w.name != "Great Axe")}  # fmt: skip
    private.discard("")
    assert not {t for t in texts for p in private if p in t}
    numbers = [v for roll in view.rolls if roll.actor == "Gorehorn"
               for v in (roll.chance, roll.roll)]  # fmt: skip
    assert NPC_SKILL not in numbers


@pytest.mark.parametrize(
    ("hp", "full", "out", "level"),
    [
        (12, 12, None, "unhurt"),
        (13, 12, None, "unhurt"),
        (11, 12, None, "hurt"),
        (7, 12, None, "hurt"),
        (6, 12, None, "badly hurt"),
        (1, 12, None, "badly hurt"),
        (12, 12, "shock", "down"),
        (3, 12, "unconscious", "down"),
        (-2, 12, "dead", "dead"),
    ],
)
def test_wound_levels(hp: int, full: int, out: str | None, level: str) -> None:
    assert wound_level(hp, full, out) == level


# --- the source: read-only, and it notices writes ----------------------------------------------


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_source_reads_without_lock_or_write_and_notices_each_write(tmp_path: Path) -> None:
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
    before = folder_bytes(tmp_path)
    source = CampaignSource(tmp_path, pick_campaign(tmp_path, None))
    view = source.read()
    assert not source.changed()
    assert folder_bytes(tmp_path) == before  # no lock file, no .last, nothing rewritten
    with CampaignService.open(tmp_path, view.campaign) as writer:  # the view holds no lock
        writer.publish(RollMade(actor="Irvala Greyquill", label="Sing", kind="ability",
                                chance=55, roll=20, level="success"))  # fmt: skip
        assert source.changed()
        assert [r.label for r in source.read().rolls] == ["Sing"]
        assert not source.changed()
        writer.end_session()
        assert source.changed()
        assert source.read().session == "Session 1 (ended)"


def test_picking_the_campaign(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no campaign in"):
        pick_campaign(tmp_path, None)
    CampaignService.create(tmp_path, "Alpha").close()
    CampaignService.create(tmp_path, "Beta").close()
    assert pick_campaign(tmp_path, None) == "beta"  # the last one created or opened
    (tmp_path / ".last").unlink()
    with pytest.raises(SourceError, match="--campaign"):
        pick_campaign(tmp_path, None)
    assert pick_campaign(tmp_path, "Alpha") == "alpha"
    with pytest.raises(SourceError, match="no campaign 'Gamma'"):
        pick_campaign(tmp_path, "Gamma")


def test_a_campaign_that_goes_away_is_a_source_error(tmp_path: Path) -> None:
    CampaignService.create(tmp_path, "Alpha").close()
    source = CampaignSource(tmp_path, "alpha")
    assert isinstance(source.read(), PlayersView)
    (tmp_path / "alpha" / "campaign.json").write_text("{not json")
    assert source.changed()
    with pytest.raises(SourceError, match=r"the campaign's snapshot cannot be read") as caught:
        source.read()
    assert str(tmp_path) not in str(caught.value)  # sent to every browser: no path
    assert str(tmp_path / "alpha" / "campaign.json") in caught.value.detail  # for the GM


def test_a_log_appended_in_place_is_noticed(tmp_path: Path) -> None:
    # A store that appends transactions to the latest log (no new inode, no new snapshot) is
    # still followed: the log's size is part of what the source compares.
    with demo_service(tmp_path, FakeClock()) as service:
        service.start_session()
    source = CampaignSource(tmp_path, pick_campaign(tmp_path, None))
    source.read()
    latest = max((tmp_path / source.slug / "sessions").glob("session-*.json"))
    snapshot = (tmp_path / source.slug / "campaign.json").stat()
    with latest.open("ab") as log:
        log.write(b"\n")
    assert (tmp_path / source.slug / "campaign.json").stat() == snapshot
    assert source.changed()


def test_hurt_foes_show_a_wound_level_and_never_their_hit_points(night: CampaignService) -> None:
    state = night.state.copy()
    assert state.combat is not None
    hurt = []
    for combatant, hp in zip(state.combat.combatants[-2:], (3, -1), strict=True):
        assert combatant.foe is not None
        sheet = dataclasses.replace(combatant.foe, hit_points=hp)
        hurt.append(dataclasses.replace(combatant, foe=sheet))
    state.combat = dataclasses.replace(
        state.combat, combatants=(*state.combat.combatants[:-2], *hurt)
    )
    view = players_view(state, [])
    assert view.combat is not None
    foes = {f.name: f for f in view.combat.fighters if f.name.startswith("Broo")}
    assert (foes["Broo 1"].effects, foes["Broo 1"].hit_points) == (("badly hurt",), "")
    assert (foes["Broo 2"].effects, foes["Broo 2"].out) == (("dead",), True)
    assert all(str(hp) not in f.hit_points for f in foes.values() for hp in (3, -1, 12))


def test_a_surprise_while_reading_is_a_source_error_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    CampaignService.create(tmp_path, "Alpha").close()
    source = CampaignSource(tmp_path, "alpha")

    def surprise(*_: object) -> PlayersView:
        raise KeyError("hit_points")

    monkeypatch.setattr("gmdash.serve.source.players_view", surprise)
    with pytest.raises(SourceError, match=r"cannot read 'alpha' \(KeyError: 'hit_points'\)"):
        source.read()


# --- the source follows the campaign: each update reads only what is new -------------------------


def _followed_demo(saves: Path) -> tuple[CampaignSource, str]:
    """A source that has read the demo campaign (a session open), and that campaign's name."""
    with demo_service(saves, FakeClock()) as service:
        service.start_session()
    source = CampaignSource(saves, pick_campaign(saves, None))
    return source, source.read().campaign


def _roll(writer: CampaignService, label: str) -> None:
    writer.publish(RollMade(actor="Irvala Greyquill", label=label, kind="ability", chance=55,
                            roll=20, level="success"))  # fmt: skip


def test_an_update_costs_the_same_after_many_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, name = _followed_demo(tmp_path)
    cost = {"bytes": 0, "applied": 0, "drawn": 0}
    real_read, real_apply, real_entry = os.read, CampaignState.apply, log_entry

    def counted_read(fd: int, size: int) -> bytes:
        data = real_read(fd, size)
        cost["bytes"] += len(data)
        return data

    def counted_apply(state: CampaignState, event: Event) -> None:
        cost["applied"] += 1
        real_apply(state, event)

    def counted_entry(
        event: Event, names: dict[str, str], struck: set[str], earlier: object = None
    ) -> LogEntry:
        cost["drawn"] += 1
        return real_entry(event, names, struck, earlier)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "read", counted_read)
    monkeypatch.setattr("gmdash.play.campaign.log_entry", counted_entry)
    monkeypatch.setattr(CampaignState, "apply", counted_apply)

    def update(writer: CampaignService, label: str) -> dict[str, int]:
        _roll(writer, label)
        cost.update(bytes=0, applied=0, drawn=0)  # what the writer read and applied is not counted
        assert source.changed()
        assert source.read().rolls[-1].label == label
        return dict(cost)

    with CampaignService.open(tmp_path, name, durable=False) as writer:
        first = update(writer, "Scan")
        for number in range(300):
            _roll(writer, f"Search {number}")
        assert source.read().rolls[-1].label == "Search 299"
        later = update(writer, "Seek")
        log = max((tmp_path / source.slug / "sessions").glob("session-*.json")).stat().st_size
    assert first["applied"] == later["applied"] == 1
    # The same transaction but for its growing sequence numbers: a few bytes more at most.
    assert first["bytes"] <= later["bytes"] <= first["bytes"] + 8
    assert later["bytes"] * 100 < log
    assert (first["drawn"], later["drawn"]) == (1, MAX_ROLLS)  # the rolls the page can show


def test_a_new_session_is_followed_without_opening_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, name = _followed_demo(tmp_path)
    opened = []
    real_open = CampaignService.open

    def counted_open(*args: Any, **kwargs: Any) -> CampaignService:
        opened.append(kwargs)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(CampaignService, "open", counted_open)
    with CampaignService.open(tmp_path, name, clock=FakeClock()) as writer:
        _roll(writer, "Sing")
        assert [r.label for r in source.read().rolls] == ["Sing"]
        writer.end_session()
        writer.start_session()
        _roll(writer, "Dance")
        assert source.changed()
        view = source.read()
        assert (view.session, [r.label for r in view.rolls]) == ("Session 2", ["Dance"])
        writer.end_session()
        _roll(writer, "Between")  # the record between sessions: not the ended session's
        view = source.read()
        assert (view.session, [r.label for r in view.rolls]) == ("Session 2 (ended)", ["Dance"])
    assert [o.get("read_only") for o in opened] == [None]  # only the writer opened it


def test_a_replaced_campaign_is_opened_again(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, "Alpha", clock=FakeClock()) as first:
        first.start_session()
        first.publish(RollMade(actor="", label="Sing", kind="dice", roll=3))
    source = CampaignSource(tmp_path, "alpha")
    assert [r.label for r in source.read().rolls] == ["Sing"]
    shutil.rmtree(tmp_path / "alpha")  # a campaign restored or made anew: its ids start over
    with CampaignService.create(tmp_path, "Alpha", clock=FakeClock()) as again:
        again.start_session()
        again.publish(RollMade(actor="", label="Dance", kind="dice", roll=5))
    assert source.changed()
    assert [r.label for r in source.read().rolls] == ["Dance"]


def test_a_surprise_while_following_is_a_source_error_then_the_campaign_is_opened_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, name = _followed_demo(tmp_path)
    real_refresh = CampaignService.refresh

    def surprise(_: CampaignService) -> bool:
        raise RuntimeError("disk hiccup")

    with CampaignService.open(tmp_path, name, clock=FakeClock()) as writer:
        _roll(writer, "Sing")
        monkeypatch.setattr(CampaignService, "refresh", surprise)
        with pytest.raises(SourceError, match=r"RuntimeError: disk hiccup"):
            source.read()
        monkeypatch.setattr(CampaignService, "refresh", real_refresh)
        assert source.changed()  # still behind: the next poll reads again
        _roll(writer, "Dance")
        assert [r.label for r in source.read().rolls] == ["Sing", "Dance"]
