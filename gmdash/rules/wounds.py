"""Damage, wound effects and healing on a humanoid body (docs/rules.md#wounds)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.locations import LEGS, Location


class Effect(StrEnum):
    """A wound effect a blow can cause."""

    USELESS = "useless"  # the hit limb (or, from the abdomen, both legs) cannot be used
    FALLS = "falls"
    SHOCK = "shock"  # cannot fight
    SEVERED = "severed"  # severed or maimed limb
    UNCONSCIOUS = "unconscious"
    BLEEDING = "bleeding"  # 1 HP per melee round
    DEAD = "dead"


UNCONSCIOUS_AT_TOTAL_HP = 2


@dataclass(frozen=True, slots=True)
class WoundResult:
    """What one blow did: new hit points, the loss to total HP and the effects it caused."""

    location: Location
    damage: int
    location_hp: int
    total_hp: int
    total_loss: int
    effects: tuple[Effect, ...]
    useless: tuple[Location, ...]


def armour_absorbs(damage: int, armour: int) -> int:
    """Damage that gets through armour (never negative)."""
    return max(0, damage - max(0, armour))


def apply_wound(
    location: Location,
    damage: int,
    *,
    location_hp: int,
    location_max: int,
    total_hp: int,
    magic_points: int = 1,
) -> WoundResult:
    """Apply one blow's damage (after armour) to a location and to total hit points."""
    if damage < 0:
        raise ValueError(f"damage cannot be negative ({damage})")
    new_location_hp = location_hp - damage
    effects: list[Effect] = []
    useless: list[Location] = []
    if location.is_limb:
        total_loss = min(damage, 2 * location_max)  # a limb passes on at most 2x its HP
        if damage > 0 and new_location_hp <= 0:
            effects.append(Effect.USELESS)
            useless.append(location)
        if damage >= 3 * location_max:
            effects += [Effect.SEVERED, Effect.SHOCK]
        elif damage >= 2 * location_max:
            effects.append(Effect.SHOCK)
    else:
        total_loss = damage
        taken = location_max - new_location_hp  # all damage this location has taken
        if damage > 0 and taken >= 3 * location_max:
            effects.append(Effect.DEAD)
        elif damage > 0 and taken >= 2 * location_max:
            effects += [Effect.UNCONSCIOUS, Effect.BLEEDING]
        elif damage > 0 and new_location_hp <= 0:
            if location is Location.HEAD:
                effects.append(Effect.UNCONSCIOUS)
            elif location is Location.CHEST:
                effects.append(Effect.SHOCK)
            else:
                effects += [Effect.USELESS, Effect.FALLS]
                useless += LEGS
    new_total = total_hp - total_loss
    if new_total <= 0 and Effect.DEAD not in effects:
        effects.append(Effect.DEAD)
    elif (
        (new_total <= UNCONSCIOUS_AT_TOTAL_HP or magic_points <= 0)
        and damage > 0
        and Effect.DEAD not in effects
        and Effect.UNCONSCIOUS not in effects
    ):
        effects.append(Effect.UNCONSCIOUS)
    return WoundResult(
        location=location,
        damage=damage,
        location_hp=new_location_hp,
        total_hp=new_total,
        total_loss=total_loss,
        effects=tuple(effects),
        useless=tuple(useless),
    )


@dataclass(frozen=True, slots=True)
class HealResult:
    """Hit points restored to a location and to the total."""

    location: Location
    healed: int
    location_hp: int
    total_hp: int


def heal_location(
    location: Location,
    amount: int,
    *,
    location_hp: int,
    location_max: int,
    total_hp: int,
    total_max: int,
) -> HealResult:
    """Heal a location by up to `amount`; total HP rises by what the location regained."""
    if amount < 0:
        raise ValueError(f"healing cannot be negative ({amount})")
    healed = max(0, min(amount, location_max - location_hp))
    return HealResult(
        location=location,
        healed=healed,
        location_hp=location_hp + healed,
        total_hp=min(total_max, total_hp + healed),
    )


def standing_conditions(
    *,
    total_hp: int,
    magic_points: int,
    location_hp: dict[Location, int],
) -> set[Effect]:
    """Conditions that follow from the current numbers alone (what a sheet shows at a glance)."""
    conditions: set[Effect] = set()
    if total_hp <= 0:
        return {Effect.DEAD}
    if total_hp <= UNCONSCIOUS_AT_TOTAL_HP or magic_points <= 0:
        conditions.add(Effect.UNCONSCIOUS)
    if location_hp.get(Location.HEAD, 1) <= 0:
        conditions.add(Effect.UNCONSCIOUS)
    if location_hp.get(Location.CHEST, 1) <= 0:
        conditions.add(Effect.SHOCK)
    if any(hp <= 0 for hp in location_hp.values()):
        conditions.add(Effect.USELESS)
    return conditions
