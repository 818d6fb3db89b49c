"""Events: every type round-trips through a dict and JSON; the registry refuses strangers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import START, sheet

from gmdash.model import ValidationError
from gmdash.model.bestiary_events import TemplateDeleted, TemplateSaved
from gmdash.model.calendar import CalendarSettings, with_cult_days
from gmdash.model.calendar_events import CalendarMarked, CalendarSet
from gmdash.model.effect_events import EffectEnded, EffectStarted, TimePassed
from gmdash.model.effects import Modifier, TimedEffect
from gmdash.model.events import (
    EVENT_TYPES,
    AbilityTicked,
    ChangeUndone,
    CharacterAdded,
    CharacterDeleted,
    CharacterEdited,
    DamageApplied,
    Event,
    HealingApplied,
    NotesChanged,
    OpposedSettled,
    PointsSpent,
    RedoApplied,
    RollMade,
    RollStruckOut,
    SessionEnded,
    SessionStarted,
    UndoApplied,
    WeaponDamaged,
    event_from_dict,
)
from gmdash.play.demo import bestiary as demo_bestiary
from gmdash.rules.calendar import CalendarKind
from gmdash.rules.holy_days import CultHolyDays, parse_patterns
from gmdash.rules.spells import ModifierKind

from .combat_samples import samples as combat_samples

STAMP: dict[str, Any] = {"id": "0001-000007", "time": START, "session": 1}

SAMPLES: list[Event] = [
    RollMade(**STAMP, actor="Ostra", character_id="c0001", label="Dodge", kind="ability",
             chance=60, modifiers=("augment +20",), roll=7, level="special", hidden=True),
    RollMade(**STAMP, kind="dice", expression="2D6+1", total=9, details={"rolls": [3, 5]}),
    RollStruckOut(**STAMP, roll_id="0001-000003", reason="misclick"),
    DamageApplied(**STAMP, character_id="c0001", amount=5, location="chest"),
    HealingApplied(**STAMP, character_id="c0001", amount=2),
    PointsSpent(**STAMP, character_id="c0001", pool="magic", amount=3),
    CharacterAdded(**STAMP, character=sheet()),
    CharacterEdited(**STAMP, character=sheet(notes="edited")),
    CharacterDeleted(**STAMP, character_id="c0001"),
    AbilityTicked(**STAMP, character_id="c0001", ability="Dodge", ticked=True),
    NotesChanged(**STAMP, text="The ford is flooded."),
    NotesChanged(**STAMP, character_id="c0001", text="Owes Orane a favour."),
    SessionStarted(**STAMP, number=1),
    SessionEnded(**STAMP, number=1),
    ChangeUndone(**STAMP, undone_id="0001-000004", character_id="c0001", restored=sheet()),
    ChangeUndone(**STAMP, undone_id="0001-000005", character_id="c0002", restored=None),
    ChangeUndone(**STAMP, undone_id="0001-000006", notes="old notes"),
    UndoApplied(**STAMP, change_id="0001-000004", summary="5 damage to Ostra's chest"),
    RedoApplied(**STAMP, change_id="0001-000004", summary="5 damage to Ostra's chest"),
    PointsSpent(**STAMP, character_id="c0001", pool="magic", amount=1, change="0001-000003"),
    OpposedSettled(**STAMP, rolls=("0001-000001", "0001-000002"), winner="Gorehorn",
                   text="Gorehorn wins (Gorehorn special, Irvala success)"),
]  # fmt: skip
SAMPLES += [
    DamageApplied(**STAMP, character_id="c0001", amount=12, location="left_arm", total_loss=8,
                  wound=8),
    HealingApplied(**STAMP, character_id="c0001", amount=6, location="left_arm", wound=0,
                   magical=True),
    WeaponDamaged(**STAMP, character_id="c0001", weapon="Broadsword", amount=2),
]  # fmt: skip
SAMPLES += combat_samples(STAMP)
SAMPLES += [
    EffectStarted(**STAMP, effect=TimedEffect(
        id="e0001", target="c0001", target_name="Ostra", label="Bladesharp", spell="Bladesharp",
        caster="Irvala", points=2, duration=120, left=120,
        modifiers=(Modifier(kind=ModifierKind.ATTACK, amount=10, name="Broadsword"),))),
    EffectEnded(**STAMP, effect_id="e0001", label="Bladesharp 2", target_name="Ostra"),
    TimePassed(**STAMP, seconds=12, reason="round 1 ends", ended=("e0002",),
               ended_text=("Protection 1 on Ostra",)),
    TemplateSaved(**STAMP, template=demo_bestiary()[0]),
    TemplateDeleted(**STAMP, name="Ridge Jackal"),
]  # fmt: skip
SAMPLES += [
    CalendarSet(**STAMP, game_date="1625.5.6.4", summary="the date is set to Day 3",
                calendar=CalendarSettings(kind=CalendarKind.DAYS, start=2 * 86400 + 3600)),
    CalendarSet(**STAMP, calendar=with_cult_days(CalendarSettings(), "Lhankor Mhy", CultHolyDays(
        weekly=parse_patterns("Godsday"), high=parse_patterns("Godsday of Truth week, Dark"))),
        summary="holy days of Lhankor Mhy"),
    CalendarMarked(**STAMP, game_date="d15", kind="week", text="Week 2 ends: natural healing"),
    CalendarMarked(**STAMP, game_date="2024-03-14", kind="holy_day",
                   text="Orlanth: high holy day", who=("Ostra", "Vasana")),
]  # fmt: skip


def test_every_event_type_has_a_sample() -> None:
    assert {type(e).__name__ for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_round_trip(event: Event) -> None:
    data = json.loads(json.dumps(event.to_dict()))
    assert data["type"] == type(event).__name__
    assert data["time"] == START.isoformat()
    again = event_from_dict(data)
    assert again == event
    assert again.to_dict() == event.to_dict()


def test_events_are_frozen() -> None:
    with pytest.raises(AttributeError):
        SAMPLES[0].id = "x"  # type: ignore[misc]


def test_unknown_type_is_refused() -> None:
    with pytest.raises(ValidationError) as caught:
        event_from_dict({"type": "Fireball"})
    assert caught.value.field == "type"


def test_bad_field_is_named() -> None:
    data = SAMPLES[3].to_dict() | {"amount": "five"}
    with pytest.raises(ValidationError) as caught:
        event_from_dict(data)
    assert caught.value.field == "amount"


def test_missing_field_is_named() -> None:
    data = SAMPLES[3].to_dict()
    del data["character_id"]
    with pytest.raises(ValidationError, match="character_id"):
        event_from_dict(data)


def test_bad_nested_sheet_names_the_path() -> None:
    data = SAMPLES[6].to_dict()
    data["character"]["abilities"][0]["value"] = 5000  # type: ignore[index]
    with pytest.raises(ValidationError) as caught:
        event_from_dict(data)
    assert caught.value.field == "character.abilities[0].value"
