"""What an event does to one sheet: damage, healing and points spent, each a new sheet made from
the one before (the campaign state keeps the old one for undo)."""

from __future__ import annotations

from dataclasses import replace

from gmdash.model.character import Character
from gmdash.model.derived import maxima, sheet_maxima
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, HealingApplied, PointsSpent
from gmdash.model.location_healing import heal_location_wounds, healed_conditions
from gmdash.model.magic import MAGIC_POOL, NO_CULT_POOL, pool_cult, pool_label
from gmdash.rules import RuleSet, location_label


def damaged(before: Character, event: DamageApplied, ruleset: RuleSet) -> Character:
    """The sheet after `event`'s damage: its total, the location's hit points and wounds, and
    the lasting conditions the wound brought."""
    locations = dict(before.locations)
    wounds = dict(before.wounds)
    if event.location is not None:
        check_location(before, event.location)
        taken = event.amount if event.wound is None else event.wound
        full = sheet_maxima(before, ruleset)
        open_wounds = before.wounds_at(event.location, full.locations[event.location])
        wounds[event.location] = open_wounds + ((taken,) if taken > 0 else ())
        locations[event.location] -= taken
    loss = event.amount if event.total_loss is None else event.total_loss
    conditions = before.conditions + tuple(
        c for c in dict.fromkeys(event.effects) if c not in before.conditions
    )
    return replace(
        before,
        hit_points=before.hit_points - loss,
        locations=locations,
        conditions=conditions,
        wounds=wounds,
    )


def healed(before: Character, event: HealingApplied, ruleset: RuleSet) -> tuple[Character, int]:
    """The sheet after `event`'s healing, and the points it healed: a location's wounds (or
    the total alone), and the conditions the heal ends."""
    full = sheet_maxima(before, ruleset)
    locations = dict(before.locations)
    wounds = dict(before.wounds)
    conditions = before.conditions
    top = max(full.hit_points, before.hit_points)
    healed_points = event.amount
    if event.location is None:
        total = min(top, before.hit_points + event.amount)
    else:
        check_location(before, event.location)
        result = heal_location_wounds(
            before, event.location, event.amount, full, wound=event.wound,
            magical=event.magical, natural=event.natural,
        )  # fmt: skip
        locations[event.location] = result.location_hp
        wounds[event.location] = result.wounds
        healed_points = result.healed
        total = min(top, before.hit_points + result.healed)
        if not result.severed:
            conditions = tuple(c for c in conditions if c != f"severed:{event.location}")
    after = replace(
        before,
        hit_points=total,
        locations=locations,
        wounds={k: w for k, w in wounds.items() if w},
        conditions=healed_conditions(conditions, total, locations, full, before),
    )
    return after, healed_points


def spent(before: Character, event: PointsSpent, ruleset: RuleSet) -> Character:
    """The sheet after `event` spent (or gave back) magic or Rune points from its pool; none
    may go below 0, nor above the pool's full points."""
    cult_name = pool_cult(event.pool)
    if event.pool == MAGIC_POOL:
        top = max(maxima(before.characteristics, ruleset).magic_points, before.magic_points)
        left = min(top, before.magic_points - event.amount)
        after = replace(before, magic_points=left)
    elif event.pool == NO_CULT_POOL:
        top = max(before.rune_points_max, before.rune_points)
        left = min(top, before.rune_points - event.amount)
        after = replace(before, rune_points=left)
    elif cult_name is not None:
        cult = before.cult(cult_name)
        if cult is None:
            raise ValidationError("pool", f"{before.name} is not of the cult {cult_name!r}")
        left = min(cult.rune_points_max, cult.rune_points - event.amount)
        cults = tuple(
            replace(c, rune_points=max(0, left)) if c is cult else c for c in before.cults
        )
        after = replace(before, cults=cults)
    else:
        raise ValidationError("pool", f"expected magic, rune or rune:<cult>, got {event.pool!r}")
    if left < 0:
        have = left + event.amount
        raise ValidationError(
            "amount", f"{before.name} has only {have} {pool_label(event.pool)} points"
        )
    return after


def check_location(sheet: Character, location: str) -> None:
    if not sheet.table.has(location):
        raise ValidationError("location", f"not a hit location of {sheet.name}: {location!r}")


def whose(sheet: Character, location: str | None) -> str:
    """ "Harvald's left arm", or "Harvald" for no location."""
    return f"{sheet.name}'s {location_label(location).lower()}" if location else sheet.name
