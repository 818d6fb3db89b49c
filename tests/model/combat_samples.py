"""One sample of every combat event, for the registry round-trip tests of test_events.py."""

from __future__ import annotations

from typing import Any

from helpers import START, sheet

from gmdash.model.combat import Action, Combat, Combatant
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionDone,
    ActionsDeclared,
    AttackResolved,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    CombatStarted,
    CombatStepUndone,
    RoundStarted,
    SpiritCombatResolved,
)
from gmdash.model.events import Event
from gmdash.rules.combat import ActionKind


def samples(stamp: dict[str, Any] | None = None) -> list[Event]:
    stamp = stamp or {"id": "0001-000007", "time": START, "session": 1}
    pc = Combatant(id="k01", name="Ostra", side="party", character_id="c0001", defences=2)
    foe = Combatant(
        id="k02", name="Broo 1", foe=sheet(name="Broo 1", id="k02"), hp_max=12, damage_bonus="1D4"
    )
    swing = Action(kind=ActionKind.MELEE, label="Broadsword", sr=7, weapon="Broadsword")
    return [
        CombatStarted(**stamp, combatants=(pc, foe)),
        CombatantAdded(**stamp, combatant=foe),
        CombatantRemoved(**stamp, combatant_id="k02", name="Broo 1"),
        ActionsDeclared(**stamp, declarations={"k01": (swing,), "k02": ()}, repeated=True),
        ActionAdvanced(**stamp, combatant_id="k01", index=0, label="SR 7: Ostra"),
        RoundStarted(**stamp, round=2, steps=("0001-000003",)),
        AttackResolved(
            **stamp,
            attacker_id="k01",
            defender_id="k02",
            action=0,
            weapon="Broadsword",
            attack_level="special",
            defence="parry",
            defence_level="failure",
            location="chest",
            damage=12,
            armour=2,
            amount=10,
            total_loss=10,
            effects=("shock",),
            wound=8,
            weapon_owner="k02",
            damaged_weapon="Club",
            weapon_damage=1,
            steps=("0001-000004", "0001-000005"),
            text="Ostra hits",
        ),
        ActionDone(**stamp, combatant_id="k01", action=0, text="Ostra: Bladesharp cast (success)"),
        SpiritCombatResolved(
            **stamp,
            attacker_id="k02",
            defender_id="k01",
            winner_id="k02",
            damage=4,
            steps=("0001-000007",),
            text="the ghost wins",
        ),
        CombatEnded(**stamp, summary={"rounds": 3, "fell": ["Broo 1"]}, text="over"),
        CombatStepUndone(
            **stamp, undone_id="0001-000006", restored=Combat(round=2, combatants=(pc, foe))
        ),
        CombatStepUndone(**stamp, undone_id="0001-000006", restored=None),
    ]
