"""Healing a hit location's wounds, and the lasting conditions a heal ends."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from gmdash.model.character import Character
from gmdash.model.derived import Maxima
from gmdash.model.errors import ValidationError
from gmdash.rules import HealResult, HitTable, LocationKind, location_label
from gmdash.rules.wounds import conditions_held, heal_naturally, heal_wound


def heal_location_wounds(
    sheet: Character,
    location: str,
    amount: int,
    full: Maxima,
    *,
    wound: int | None = None,
    magical: bool = False,
    natural: bool = False,
) -> HealResult:
    """Heal `location`'s wound number `wound` (from 0), or its wounds oldest first, or (a
    week's `natural` healing) spread over all of them."""
    where = location
    location_max = full.locations[location]
    severed = f"severed:{location}" in sheet.conditions
    wounds = sheet.wounds_at(location, location_max)
    if natural:
        return heal_naturally(where, wounds, amount, location_max=location_max,
                              total_hp=sheet.hit_points, total_max=full.hit_points,
                              severed=severed)  # fmt: skip
    result = HealResult(where, 0, sheet.locations[location], sheet.hit_points, wounds,
                        severed=severed)  # fmt: skip
    left, healed = amount, 0
    while left > 0 and result.wounds and (wound is None or healed == 0):
        index = 0 if wound is None else wound
        if index >= len(result.wounds):
            raise ValidationError("wound", f"the {location_label(where)} has no wound {index + 1}")
        result = heal_wound(
            where, result.wounds, index, left, location_max=location_max,
            total_hp=result.total_hp, total_max=full.hit_points, severed=result.severed,
            magical=magical,
        )  # fmt: skip
        if result.healed == 0:
            break
        left -= result.healed
        healed += result.healed
    return replace(result, healed=healed)


def healed_conditions(
    conditions: tuple[str, ...],
    total: int,
    locations: dict[str, int],
    full: Maxima,
    before: Character,
) -> tuple[str, ...]:
    """What lasts after a heal: a limb back above 0 HP is usable again; unconscious, shock or
    bleeding that the wounds caused before the heal and no longer cause after it goes
    (`conditions_held`: a character above 2 HP whose head is healed wakes), one the wounds
    did not cause (set by hand) stays; healed to full, only a severed limb remains (it takes
    magic, not rest)."""
    table = before.table
    if total >= full.hit_points and all(locations[k] >= full.locations[k] for k in full.locations):
        return tuple(c for c in conditions if c.startswith("severed:"))

    def held(hp: int, at: Mapping[str, int]) -> set[str]:
        found = conditions_held(total_hp=hp, magic_points=before.magic_points, location_hp=at,
                                location_max=full.locations, table=table)  # fmt: skip
        return {str(e) for e in found}

    gone = held(before.hit_points, before.locations) - held(total, locations)
    return tuple(c for c in conditions if not _usable_again(c, locations, table) and c not in gone)


def _usable_again(condition: str, locations: dict[str, int], table: HitTable) -> bool:
    """A useless location back above 0 HP (a limb hanging from an abdomen also needs the
    abdomen above 0)."""
    kind, _, where = condition.partition(":")
    if kind != "useless" or locations.get(where, 0) <= 0 or not table.has(where):
        return False
    parent = table.spec(where).connected_to
    if parent and table.spec(parent).kind is LocationKind.ABDOMEN:
        return locations.get(parent, 0) > 0
    return True
