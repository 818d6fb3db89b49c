"""Undo and redo by logged events; rolls are struck out, never deleted; bad events change
nothing; each undo names the change in words; one undo takes back one whole change."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.model import ValidationError
from gmdash.model.events import (
    AbilityTicked,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    NotesChanged,
    PointsSpent,
    RedoApplied,
    RollMade,
    UndoApplied,
    WeaponDamaged,
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
def test_undo_puts_the_sheet_back_and_redo_makes_the_change_again(
    svc: CampaignService, event: Event
) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="head"))
    before = svc.state.characters["c0001"]
    svc.publish(event)
    after = svc.state.characters.get("c0001")
    assert after != before
    undo = svc.undo()
    assert isinstance(undo, UndoApplied)
    assert svc.state.characters["c0001"] == before
    types = [e.type for e in svc.events()]
    assert types[-2:] == [event.type, "UndoApplied"]  # compensated, not erased
    redo = svc.redo()
    assert isinstance(redo, RedoApplied) and redo.change_id == undo.change_id
    assert svc.state.characters.get("c0001") == after
    assert svc.redo() is None
    svc.undo()  # and it can be undone again
    assert svc.state.characters["c0001"] == before


@pytest.mark.parametrize(
    ("event", "summary"),
    [
        (
            DamageApplied(character_id="c0001", amount=8, location="left_arm"),
            "8 damage to Ostra's left arm",
        ),
        (DamageApplied(character_id="c0001", amount=30), "30 damage to Ostra"),
        (
            HealingApplied(character_id="c0001", amount=3, location="head"),
            "3 healing to Ostra's head",
        ),
        (
            PointsSpent(character_id="c0001", pool="magic", amount=4),
            "4 magic points spent by Ostra",
        ),
        (
            PointsSpent(character_id="c0001", pool="magic", amount=-2),
            "2 magic points regained by Ostra",
        ),
        (
            WeaponDamaged(character_id="c0001", weapon="broadsword", amount=3),
            "Ostra's Broadsword loses 3 HP",
        ),
        (AbilityTicked(character_id="c0001", ability="dodge"), "the tick of Ostra's Dodge"),
        (
            AbilityTicked(character_id="c0001", ability="broadsword", ticked=False),
            "the untick of Ostra's Broadsword",
        ),
        (NotesChanged(character_id="c0001", text="new"), "the change of Ostra's notes"),
        (NotesChanged(text="Stormy"), "the change of the campaign's notes"),
        (CharacterEdited(character=sheet(player="Zoe")), "the edit of Ostra's sheet"),
        (CharacterDeleted(character_id="c0001"), "Ostra removed from the roster"),
        (
            RollMade(
                actor="Ostra",
                character_id="c0001",
                label="Broadsword",
                kind="ability",
                chance=55,
                roll=43,
                level="success",
            ),
            "Ostra's Broadsword roll 43 (success)",
        ),
        (RollMade(kind="dice", expression="2D6", total=7), "the 2D6 roll 7"),
    ],
    ids=lambda item: item if isinstance(item, str) else type(item).__name__,
)
def test_each_change_is_named_in_words(svc: CampaignService, event: Event, summary: str) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=4, location="head"))
    svc.publish(event)
    undone = svc.undo()
    assert undone is not None and undone.summary == summary
    assert svc.entry(undone).label == f"undid {summary}"
    redone = svc.redo()
    assert redone is not None and redone.summary == summary
    assert svc.entry(redone).label == f"redid {summary}"


def test_an_added_character_is_named(svc: CampaignService) -> None:
    svc.add_character(sheet(name="Brenna"))
    undone = svc.undo()
    assert undone is not None and undone.summary == "Brenna added to the roster"


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


def test_roll_is_struck_out_not_deleted_and_redo_reinstates_it(svc: CampaignService) -> None:
    made = roll(svc)
    undo = svc.undo()
    assert isinstance(undo, UndoApplied) and undo.change_id == made.id
    entries = {e.id: e for e in svc.log()}
    assert entries[made.id].struck and entries[made.id].label == "Dodge"
    with pytest.raises(ValidationError):
        svc.strike_out(made.id)
    svc.redo()
    assert not {e.id: e for e in svc.log()}[made.id].struck


def test_a_new_change_after_an_undo_clears_the_redo(svc: CampaignService) -> None:
    svc.publish(DamageApplied(character_id="c0001", amount=2))
    svc.undo()
    assert svc.next_redo is not None
    svc.end_session()  # opening or closing a session is no change of the campaign
    assert svc.next_redo is not None
    roll(svc)
    assert svc.next_redo is None and svc.redo() is None


def test_one_undo_takes_back_one_whole_transaction(svc: CampaignService) -> None:
    full = svc.character("Ostra")
    with svc.transaction():
        svc.publish(DamageApplied(character_id="c0001", amount=2, location="chest"))
        svc.publish(PointsSpent(character_id="c0001", pool="magic", amount=3))
        svc.publish(DamageApplied(character_id="c0001", amount=1, location="head"))
    undone = svc.undo()
    assert undone is not None
    assert undone.summary == "2 damage to Ostra's chest and 2 more changes"
    assert svc.character("Ostra") == full
    assert svc.undo_history[-1].summary == "Ostra added to the roster"
    svc.redo()
    hurt = svc.character("Ostra")
    assert (hurt.hit_points, hurt.magic_points) == (full.hit_points - 3, full.magic_points - 3)


def test_a_roll_struck_by_hand_stays_struck_when_its_change_is_undone_and_redone(
    svc: CampaignService,
) -> None:
    with svc.transaction():
        first = roll(svc, "Dodge")
        roll(svc, "Broadsword")
    svc.strike_out(first.id, "wrong roll")
    svc.undo()
    svc.redo()
    assert first.id in svc.state.struck


def test_undo_walks_back_in_order_and_survives_reopening(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    svc.publish(DamageApplied(character_id="c0001", amount=2))
    made = roll(svc)
    svc.close()
    again = CampaignService.open(tmp_path, "Saga", clock=FakeClock())
    assert isinstance(again.undo(), UndoApplied)
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


def test_undone_and_redone_survive_a_restart(tmp_path: Path) -> None:
    """Nothing but the log: the process stops after each press, without closing."""
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    svc.publish(DamageApplied(character_id="c0001", amount=2))
    made = roll(svc)
    svc.undo()
    svc.undo()
    svc.store.close()  # no snapshot written: what is kept is in the append log
    again = CampaignService.open(tmp_path, "Saga", clock=FakeClock())
    assert made.id in again.state.struck
    assert again.character("Ostra").hit_points == sheet().hit_points
    redone = again.redo()
    assert redone is not None and redone.summary == "2 damage to Ostra"
    again.store.close()
    third = CampaignService.open(tmp_path, "Saga", clock=FakeClock())
    assert third.character("Ostra").hit_points == sheet().hit_points - 2
    assert made.id in third.state.struck
    assert third.next_redo is not None and third.next_redo.event_id == made.id
    third.redo()
    assert made.id not in third.state.struck
    third.close()


def test_redo_survives_the_snapshot_and_the_last_ability_is_remembered(tmp_path: Path) -> None:
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock())
    svc.add_character(sheet())
    svc.start_session()
    roll(svc, "Broadsword")
    svc.publish(DamageApplied(character_id="c0001", amount=2, location="chest"))
    svc.undo()
    svc.close()  # compacted: the redo stack is in the snapshot now
    again = CampaignService.open(tmp_path, "Saga", clock=FakeClock())
    assert again.state.last_ability == {"c0001": "Broadsword"}
    redone = again.redo()
    assert redone is not None and redone.summary == "2 damage to Ostra's chest"
    assert again.character("Ostra").hit_points == sheet().hit_points - 2
    again.close()
