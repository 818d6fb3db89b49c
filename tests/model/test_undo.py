"""Undo by compensating events; rolls are struck out, never deleted; bad events change nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.model import ValidationError
from gmdash.model.events import (
    AbilityTicked,
    ChangeUndone,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    NotesChanged,
    PointsSpent,
    RollMade,
    RollStruckOut,
)
from gmdash.play.campaign import CampaignService


@pytest.fixture
def svc(tmp_path: Path) -> CampaignService:
    service = CampaignService.create(tmp_path, "Test Saga", clock=FakeClock())
    service.add_character(sheet())
    service.start_session()
    return service


def roll(svc: CampaignService, label: str = "Dodge") -> RollMade:
    return svc.publish(RollMade(actor="Ostra", character_id="c0001", label=label,
                                kind="ability", chance=40, roll=33, level="success"))  # fmt: skip


@pytest.mark.parametrize(
    "event",
    [
        DamageApplied(character_id="c0001", amount=5, location="chest"),
        DamageApplied(character_id="c0001", amount=30),
        HealingApplied(character_id="c0001", amount=3),
        PointsSpent(character_id="c0001", pool="magic", amount=4),
        PointsSpent(character_id="c0001", pool="rune", amount=1),
        AbilityTicked(character_id="c0001", ability="dodge"),
        NotesChanged(character_id="c0001", text="new notes"),
        CharacterEdited(character=sheet(name="Ostra the Bold", player="Zoe")),
        CharacterDeleted(character_id="c0001"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_undo_puts_the_sheet_back(svc: CampaignService, event: Event) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="head"))
    before = svc.state.characters["c0001"]
    svc.publish(event)
    assert svc.state.characters.get("c0001") != before
    undo = svc.undo()
    assert isinstance(undo, ChangeUndone)
    assert svc.state.characters["c0001"] == before
    types = [e.type for e in svc.events()]
    assert types[-2:] == [event.type, "ChangeUndone"]  # compensated, not erased


def test_damage_then_heal_arithmetic(svc: CampaignService) -> None:
    full = svc.character("Ostra")
    svc.publish(DamageApplied(character_id="c0001", amount=5, location="left_arm"))
    hurt = svc.character("Ostra")
    assert hurt.hit_points == full.hit_points - 5
    assert hurt.locations["left_arm"] == full.locations["left_arm"] - 5  # may go negative
    svc.publish(HealingApplied(character_id="c0001", amount=50, location="left_arm"))
    assert svc.character("Ostra") == full  # never above the maximum


def test_undo_add_removes_and_undo_campaign_notes(svc: CampaignService) -> None:
    svc.add_character(sheet(name="Brenna", id="ignored"))
    assert svc.character("brenna").id == "c0002"
    svc.undo()
    assert svc.state.find("Brenna") is None
    svc.publish(NotesChanged(text="Stormy"))
    svc.undo()
    assert svc.campaign.notes == ""


def test_roll_is_struck_out_not_deleted(svc: CampaignService) -> None:
    made = roll(svc)
    undo = svc.undo()
    assert isinstance(undo, RollStruckOut) and undo.roll_id == made.id
    entries = {e.id: e for e in svc.log()}
    assert entries[made.id].struck and entries[made.id].label == "Dodge"
    with pytest.raises(ValidationError):
        svc.strike_out(made.id)


def test_undo_walks_back_in_order_and_survives_reopening(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    svc.publish(DamageApplied(character_id="c0001", amount=2))
    made = roll(svc)
    svc.close()
    again = CampaignService.open(tmp_path, "Saga", clock=FakeClock())
    assert isinstance(again.undo(), RollStruckOut)
    assert made.id in again.state.struck
    again.undo()
    assert again.character("Ostra").hit_points == sheet().hit_points
    again.undo()  # the add
    assert again.characters == []
    assert again.undo() is None


def test_invalid_events_change_nothing(svc: CampaignService) -> None:
    before = (svc.state.to_dict(), len(svc.events()))
    folder = svc.store.folder
    files = {p: p.read_bytes() for p in folder.rglob("*.json")}
    bad = [
        (replace(sheet(), name="ostra", id="c0009"), "name"),
    ]
    for character, field in bad:
        with pytest.raises(ValidationError) as caught:
            svc.add_character(character)
        assert caught.value.field == field
    cases: list[tuple[Event, str]] = [
        (DamageApplied(character_id="c0404", amount=1), "character_id"),
        (DamageApplied(character_id="c0001", amount=1, location="tail"), "location"),
        (PointsSpent(character_id="c0001", pool="rune", amount=9), "amount"),
        (PointsSpent(character_id="c0001", pool="gold", amount=1), "pool"),
        (AbilityTicked(character_id="c0001", ability="Juggle"), "ability"),
    ]
    for event, field in cases:
        with pytest.raises(ValidationError) as caught:
            svc.publish(event)
        assert caught.value.field == field
    with pytest.raises(ValidationError, match="session 1 is open"):
        svc.start_session()
    assert (svc.state.to_dict(), len(svc.events())) == before
    assert {p: p.read_bytes() for p in folder.rglob("*.json")} == files


def test_names_are_unique_on_edit(svc: CampaignService) -> None:
    svc.add_character(sheet(name="Brenna"))
    with pytest.raises(ValidationError) as caught:
        svc.publish(CharacterEdited(character=sheet(name="BRENNA")))
    assert caught.value.field == "name"
