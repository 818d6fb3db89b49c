"""Damage, wound effects and healing on any body, by its hit-location table
(docs/rules.md#wounds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.locations import HUMANOID, HitTable, LocationKind, location_label


class Effect(StrEnum):
    """A wound effect a blow can cause."""

    USELESS = "useless"  # the hit limb (or, from the abdomen, the limbs hanging from it)
    FALLS = "falls"
    SHOCK = "shock"  # cannot fight
    SEVERED = "severed"  # severed or maimed limb
    UNCONSCIOUS = "unconscious"
    BLEEDING = "bleeding"  # 1 HP per melee round
    DEAD = "dead"


UNCONSCIOUS_AT_TOTAL_HP = 2


@dataclass(frozen=True, slots=True)
class WoundResult:
    """What one blow did: the wound recorded on the location, new hit points, the loss to
    total HP and the effects it caused."""

    location: str
    damage: int
    location_hp: int
    total_hp: int
    total_loss: int
    effects: tuple[Effect, ...]
    useless: tuple[str, ...]
    wound: int = 0  # what the location's wound record gains (a limb's is capped)
    note: str = ""


def armour_absorbs(damage: int, armour: int) -> int:
    """Damage that gets through armour (never negative)."""
    return max(0, damage - max(0, armour))


def apply_wound(
    location: str,
    damage: int,
    *,
    location_hp: int,
    location_max: int,
    total_hp: int,
    magic_points: int = 1,
    severed: bool = False,
    table: HitTable = HUMANOID,
) -> WoundResult:
    """Apply one blow's damage (after armour) to a location and to total hit points.

    A limb takes at most twice its HP in all (what it has taken counts) and passes on at most
    twice its HP of one blow to total HP; a severed limb cannot be hit again. docs/rules.md
    ("Wounds") gives the sources.
    """
    if damage < 0:
        raise ValueError(f"damage cannot be negative ({damage})")
    already = max(0, location_max - location_hp)
    effects: list[Effect] = []
    useless: list[str] = []
    kind = table.spec(location).kind
    if kind is LocationKind.LIMB:
        if severed:
            return WoundResult(
                location, damage, location_hp, total_hp, 0, (), (), 0,
                "a severed limb cannot be hit again",
            )  # fmt: skip
        total_loss = min(damage, 2 * location_max)
        wound = max(0, min(2 * location_max - already, total_loss))
        if damage > 0 and already + wound >= location_max:
            effects.append(Effect.USELESS)
            useless.append(location)
        if damage >= 3 * location_max:
            effects += [Effect.SEVERED, Effect.SHOCK]
        elif damage >= 2 * location_max:
            effects.append(Effect.SHOCK)
    else:
        total_loss = wound = damage
        taken = already + damage
        if damage > 0 and taken >= 3 * location_max:
            effects.append(Effect.DEAD)
        elif damage > 0 and taken >= 2 * location_max:
            effects += [Effect.UNCONSCIOUS, Effect.BLEEDING]
        elif damage > 0 and taken >= location_max:
            if kind is LocationKind.HEAD:
                effects.append(Effect.UNCONSCIOUS)
            elif kind is LocationKind.CHEST:
                effects.append(Effect.SHOCK)
        if kind is LocationKind.ABDOMEN and damage > 0 and location_max <= taken < 3 * location_max:
            effects += [Effect.USELESS, Effect.FALLS]
            useless += table.hanging_from(location)
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
        location_hp=location_hp - wound,
        total_hp=new_total,
        total_loss=total_loss,
        effects=tuple(effects),
        useless=tuple(useless),
        wound=wound,
    )


@dataclass(frozen=True, slots=True)
class HealResult:
    """Hit points restored to a location and to the total."""

    location: str
    healed: int
    location_hp: int
    total_hp: int
    wounds: tuple[int, ...] = ()
    usable: bool = True  # the location's damage is below its HP again (and it is not severed)
    severed: bool = False


MAGIC_TO_RESTORE_SEVERED = 6
"""Points of one magical healing that restore a severed limb."""


def heal_wound(
    location: str,
    wounds: Sequence[int],
    index: int,
    amount: int,
    *,
    location_max: int,
    total_hp: int,
    total_max: int,
    severed: bool = False,
    magical: bool = False,
) -> HealResult:
    """Heal one wound by up to `amount`; total HP rises by what that wound gave back.

    Healed-out wounds leave the record. One magical healing of 6 points or more restores a
    severed limb (its use returns once its damage is below its HP).
    """
    if amount < 0:
        raise ValueError(f"healing cannot be negative ({amount})")
    if not 0 <= index < len(wounds):
        raise ValueError(f"no wound {index + 1} on the {location_label(location)}")
    left = list(wounds)
    healed = min(left[index], amount)
    left[index] -= healed
    if severed and magical and amount >= MAGIC_TO_RESTORE_SEVERED:
        severed = False
    return _healed(location, left, healed, location_max, total_hp, total_max, severed)


def heal_naturally(
    location: str,
    wounds: Sequence[int],
    amount: int,
    *,
    location_max: int,
    total_hp: int,
    total_max: int,
    severed: bool = False,
) -> HealResult:
    """A week's natural healing of a location: spread evenly over its wounds, the rest to the
    lightest. Never restores a severed limb."""
    if amount < 0:
        raise ValueError(f"healing cannot be negative ({amount})")
    left = list(wounds)
    if not left:
        return _healed(location, left, 0, location_max, total_hp, total_max, severed)
    share, extra = divmod(amount, len(left))
    lightest = min(range(len(left)), key=lambda i: left[i])
    healed = 0
    for i, wound in enumerate(left):
        applied = min(wound, share + (extra if i == lightest else 0))
        left[i] = wound - applied
        healed += applied
    return _healed(location, left, healed, location_max, total_hp, total_max, severed)


def _healed(
    location: str,
    left: list[int],
    healed: int,
    location_max: int,
    total_hp: int,
    total_max: int,
    severed: bool,
) -> HealResult:
    remaining = tuple(w for w in left if w > 0)
    damage = sum(remaining)
    return HealResult(
        location=location,
        healed=healed,
        location_hp=location_max - damage,
        total_hp=min(total_max, total_hp + healed),
        wounds=remaining,
        usable=damage < location_max and not severed,
        severed=severed,
    )


def heal_location(
    location: str,
    amount: int,
    *,
    location_hp: int,
    location_max: int,
    total_hp: int,
    total_max: int,
) -> HealResult:
    """Heal a location with no wound record (one wound of all its damage) by up to `amount`."""
    if amount < 0:
        raise ValueError(f"healing cannot be negative ({amount})")
    damage = max(0, location_max - location_hp)
    if not damage:
        return _healed(location, [], 0, location_max, total_hp, total_max, False)
    return heal_wound(
        location, (damage,), 0, amount,
        location_max=location_max, total_hp=total_hp, total_max=total_max,
    )  # fmt: skip


def standing_conditions(
    *,
    total_hp: int,
    magic_points: int,
    location_hp: Mapping[str, int],
    table: HitTable = HUMANOID,
) -> set[Effect]:
    """Conditions that follow from the current numbers alone (what a sheet shows at a glance)."""
    conditions: set[Effect] = set()
    if total_hp <= 0:
        return {Effect.DEAD}
    if total_hp <= UNCONSCIOUS_AT_TOTAL_HP or magic_points <= 0:
        conditions.add(Effect.UNCONSCIOUS)
    if any(location_hp.get(key, 1) <= 0 for key in table.of_kind(LocationKind.HEAD)):
        conditions.add(Effect.UNCONSCIOUS)
    if any(location_hp.get(key, 1) <= 0 for key in table.of_kind(LocationKind.CHEST)):
        conditions.add(Effect.SHOCK)
    if any(hp <= 0 for hp in location_hp.values()):
        conditions.add(Effect.USELESS)
    return conditions


def conditions_held(
    *,
    total_hp: int,
    magic_points: int,
    location_hp: Mapping[str, int],
    location_max: Mapping[str, int],
    table: HitTable = HUMANOID,
) -> set[Effect]:
    """Which of unconscious, shock and bleeding the numbers still support after a heal
    (docs/rules.md#combat-healing): unconscious while total HP <= 2, magic points <= 0, the
    head at 0 or below, or the head, chest or abdomen at twice its HP of damage; shock while
    the chest is at 0 or below or a limb carries twice its HP; bleeding while the head, chest
    or abdomen carries twice its HP. A healed wound takes its condition with it."""
    held = standing_conditions(
        total_hp=total_hp, magic_points=magic_points, location_hp=location_hp, table=table
    ) & {Effect.UNCONSCIOUS, Effect.SHOCK}
    for spec in table.locations:
        hp, full = location_hp.get(spec.key, 0), location_max.get(spec.key, 0)
        if full <= 0 or hp > -full:
            continue  # less than twice its HP of damage
        if spec.is_limb:
            held.add(Effect.SHOCK)
        else:
            held |= {Effect.UNCONSCIOUS, Effect.BLEEDING}
    return held
