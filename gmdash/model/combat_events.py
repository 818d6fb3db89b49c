"""The events of a fight: every step of a combat is one of these, in the log, and undoable.

Registered in `gmdash.model.events`' registry (`register`), so `event_from_dict` reads them back.
Damage to a roster sheet goes through `DamageApplied` (the roster shows it); damage to a foe
added on the spot is part of `AttackResolved`. `steps` lists the ids of the rolls and damage
events published just before an `AttackResolved` (or `RoundStarted`) that belong to it: one
undo takes the whole step back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from gmdash.model import validate as v
from gmdash.model.combat import Action, Combat, Combatant, actions_from
from gmdash.model.events import Event, register


def _read(read: Callable[[str, Any], object]) -> dict[str, object]:
    return {"read": read}


def _json(value: object) -> object:
    if isinstance(value, Combatant | Action | Combat):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _json(item) for key, item in value.items()}
    return value


def _combatant(where: str, raw: object) -> Combatant:
    return Combatant.from_dict(raw, where)


def _combatants(where: str, raw: object) -> tuple[Combatant, ...]:
    return tuple(_combatant(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, raw)))


def _opt_combat(where: str, raw: object) -> Combat | None:
    return None if raw is None else Combat.from_dict(raw, where)


def _declarations(where: str, raw: object) -> dict[str, tuple[Action, ...]]:
    table = v.mapping(where, raw)
    return {
        v.name(where, key): actions_from(f"{where}.{key}", value) for key, value in table.items()
    }


def _opt_text(where: str, raw: object) -> str | None:
    return None if raw is None else v.text(where, raw)


def _opt_int(where: str, raw: object) -> int | None:
    return v.optional_whole(where, raw)


def _texts(where: str, raw: object) -> tuple[str, ...]:
    return tuple(v.text(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, raw)))


def _count(where: str, raw: object) -> int:
    return v.whole(where, raw, low=0)


def _round(where: str, raw: object) -> int:
    return v.whole(where, raw, low=1)


def _mapping(where: str, raw: object) -> dict[str, object]:
    return dict(v.mapping(where, raw))


@dataclass(frozen=True, kw_only=True)
class CombatEvent(Event):
    """A step of a fight; undone by restoring the fight as it was (`CombatStepUndone`)."""

    undoable: ClassVar[bool] = True

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        for item in fields(self):
            if item.name not in ("id", "time", "session"):
                data[item.name] = _json(getattr(self, item.name))
        return data

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        """(actor, kind, label) of the event as a log line."""
        return None, "combat", self.type


@register
@dataclass(frozen=True, kw_only=True)
class CombatStarted(CombatEvent):
    """A fight begins with these combatants, round 1."""

    combatants: tuple[Combatant, ...] = field(metadata=_read(_combatants))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        who = ", ".join(c.name for c in self.combatants)
        return None, "combat", f"combat starts: {who}"


@register
@dataclass(frozen=True, kw_only=True)
class CombatantAdded(CombatEvent):
    """Someone joins the fight."""

    combatant: Combatant = field(metadata=_read(_combatant))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return self.combatant.name, "combat", "joins the combat"


@register
@dataclass(frozen=True, kw_only=True)
class CombatantRemoved(CombatEvent):
    """Someone leaves the fight (`name` for the log)."""

    combatant_id: str = field(metadata=_read(v.name))
    name: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return self.name or "someone", "combat", "leaves the combat"  # never the id


@register
@dataclass(frozen=True, kw_only=True)
class ActionsDeclared(CombatEvent):
    """What combatants will do this round, by combatant id (an empty list: nothing)."""

    declarations: Mapping[str, tuple[Action, ...]] = field(metadata=_read(_declarations))
    repeated: bool = field(default=False, metadata=_read(v.flag))
    text: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        if self.text:
            return None, "combat", self.text
        # an event without its text (none is written so) names no combatant: they go by ids
        parts = [", ".join(f"{a.label} SR {a.sr}" for a in acts) or "nothing"
                 for acts in self.declarations.values()]  # fmt: skip
        verb = "same as last round" if self.repeated else "declares"
        return None, "combat", f"{verb}: " + "; ".join(parts)


@register
@dataclass(frozen=True, kw_only=True)
class ActionAdvanced(CombatEvent):
    """The current action is now combatant `combatant_id`'s action `index` (None: none yet)."""

    combatant_id: str | None = field(default=None, metadata=_read(_opt_text))
    index: int | None = field(default=None, metadata=_read(_opt_int))
    label: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "combat", self.label or "current action"


@register
@dataclass(frozen=True, kw_only=True)
class RoundStarted(CombatEvent):
    """Melee round `round` begins: declarations cleared (actions past SR 12 carried over)."""

    round: int = field(metadata=_read(_round))
    steps: tuple[str, ...] = field(default=(), metadata=_read(_texts))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "combat", f"round {self.round}"


@register
@dataclass(frozen=True, kw_only=True)
class AttackResolved(CombatEvent):
    """One attack, resolved: who hit whom where, for how much, and what the wound did.

    `damage` is the rolled damage, `amount` what got through parry and armour to the location,
    `total_loss` what came off total hit points (a limb passes at most 2x its HP), `wound` what
    the location's wound record took when not `amount` (a limb takes at most 2x its HP in all),
    `effects` the wound effects. `weapon_owner` (a combatant id) had its weapon `damaged_weapon`
    lose `weapon_damage` hit points (a parry). `text` is the step-by-step account shown in the
    pane and the log.
    """

    attacker_id: str = field(metadata=_read(v.name))
    defender_id: str | None = field(default=None, metadata=_read(_opt_text))
    action: int | None = field(default=None, metadata=_read(_opt_int))
    weapon: str = field(default="", metadata=_read(v.text))
    attack_level: str = field(default="", metadata=_read(v.text))
    defence: str = field(default="none", metadata=_read(v.text))
    defence_level: str | None = field(default=None, metadata=_read(_opt_text))
    location: str | None = field(default=None, metadata=_read(_opt_text))
    damage: int = field(default=0, metadata=_read(_count))
    armour: int = field(default=0, metadata=_read(_count))
    amount: int = field(default=0, metadata=_read(_count))
    total_loss: int = field(default=0, metadata=_read(_count))
    effects: tuple[str, ...] = field(default=(), metadata=_read(_texts))
    wound: int | None = field(default=None, metadata=_read(_opt_int))
    weapon_owner: str | None = field(default=None, metadata=_read(_opt_text))
    damaged_weapon: str | None = field(default=None, metadata=_read(_opt_text))
    weapon_damage: int = field(default=0, metadata=_read(_count))
    steps: tuple[str, ...] = field(default=(), metadata=_read(_texts))
    text: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "attack", self.text or f"{names.get(self.attacker_id, 'someone')} attacks"


@register
@dataclass(frozen=True, kw_only=True)
class ActionDone(CombatEvent):
    """Combatant `combatant_id`'s declared action `action` is done this round (a spell cast at
    its strike rank): marked as an attack's is."""

    combatant_id: str = field(metadata=_read(v.name))
    action: int = field(metadata=_read(_count))
    text: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "combat", self.text or "action done"


@register
@dataclass(frozen=True, kw_only=True)
class SpiritCombatResolved(CombatEvent):
    """One round of spirit combat between `attacker_id` and `defender_id` (combatant ids), at
    strike rank 12: `winner_id` (None: nobody won) did `damage` to the loser's magic points
    (a foe's change here, a roster sheet's through `PointsSpent`, listed in `steps`)."""

    attacker_id: str = field(metadata=_read(v.name))
    defender_id: str = field(metadata=_read(v.name))
    winner_id: str | None = field(default=None, metadata=_read(_opt_text))
    damage: int = field(default=0, metadata=_read(_count))
    steps: tuple[str, ...] = field(default=(), metadata=_read(_texts))
    text: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "spirit combat", self.text or "spirit combat"


@register
@dataclass(frozen=True, kw_only=True)
class CombatEnded(CombatEvent):
    """The fight is over; `summary` holds rounds, damage dealt and taken, and who fell."""

    summary: Mapping[str, object] = field(default_factory=dict, metadata=_read(_mapping))
    text: str = field(default="", metadata=_read(v.text))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "combat", self.text or "combat ends"


@register
@dataclass(frozen=True, kw_only=True)
class CombatStepUndone(CombatEvent):
    """The compensating event of undoing a combat step: the fight as it was (None: no fight)."""

    undoable: ClassVar[bool] = False

    undone_id: str = field(metadata=_read(v.name))
    restored: Combat | None = field(default=None, metadata=_read(_opt_combat))

    def describe(self, names: Mapping[str, str]) -> tuple[str | None, str, str]:
        return None, "undo", "undid a combat step"  # the log names it (`model.log`)


COMBAT_EVENTS: tuple[type[CombatEvent], ...] = (
    CombatStarted,
    CombatantAdded,
    CombatantRemoved,
    ActionsDeclared,
    ActionAdvanced,
    RoundStarted,
    AttackResolved,
    ActionDone,
    SpiritCombatResolved,
    CombatEnded,
    CombatStepUndone,
)
