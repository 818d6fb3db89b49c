"""Damage and healing worked out by the rules core: the events to publish and what to tell the GM.

`wound`, `heal` and `weekly_heals` turn a sheet and the game master's input into events and a
one-line summary (docs/rules.md, wounds and healing); the dialogs show the summary before OK and
the roster publishes the events.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash import rules
from gmdash.level_words import location_label
from gmdash.model.character import Character, Weapon
from gmdash.model.derived import derived_of, sheet_maxima
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, HealingApplied
from gmdash.model.location_healing import heal_location_wounds
from gmdash.rules import Effect, RuleSet
from gmdash.rules.weapons import damage_with_bonus

WHOLE_BODY = (Effect.SHOCK, Effect.UNCONSCIOUS, Effect.BLEEDING, Effect.DEAD)


@dataclass(frozen=True, slots=True)
class Wound:
    """One blow worked out: the event to publish and what to tell the GM."""

    event: DamageApplied
    result: rules.WoundResult
    summary: str


def _effects_text(result: rules.WoundResult) -> list[str]:
    where = location_label(result.location).lower()
    words: list[str] = []
    if Effect.USELESS in result.effects:
        if result.useless == (result.location,):
            words.append(f"{where} useless")
        else:
            limbs = [location_label(loc).lower() for loc in result.useless]
            words.append(f"{' and '.join(limbs) or 'no limb'} useless")
    if Effect.FALLS in result.effects:
        words.append("falls")
    if Effect.SEVERED in result.effects:
        words.append(f"{where} severed or maimed")
    for effect, text in ((Effect.SHOCK, "shock (cannot fight)"),
                         (Effect.UNCONSCIOUS, "unconscious"),
                         (Effect.BLEEDING, "bleeding 1 HP per melee round"),
                         (Effect.DEAD, "dead")):  # fmt: skip
        if effect in result.effects:
            words.append(text)
    return words


def _lasting(result: rules.WoundResult) -> tuple[str, ...]:
    """The wound's effects as the sheet's lasting conditions (falling is over at once)."""
    lasting: list[str] = [f"useless:{loc}" for loc in result.useless]
    if Effect.SEVERED in result.effects:
        lasting.append(f"severed:{result.location}")
    lasting += [str(e) for e in result.effects if e in WHOLE_BODY]
    return tuple(dict.fromkeys(lasting))


def wound(character: Character, ruleset: RuleSet, location: str, damage: int) -> Wound:
    """`damage` (before armour) to `location`: armour off, then the wound rules."""
    if damage < 0:
        raise ValueError("damage cannot be negative")
    full = sheet_maxima(character, ruleset)
    if location not in full.locations:
        raise ValidationError("location", f"{character.name} has no {location_label(location)}")
    armour = character.armour.get(location, 0)
    through = rules.armour_absorbs(damage, armour)
    result = rules.apply_wound(
        location,
        through,
        location_hp=character.locations[location],
        location_max=full.locations[location],
        total_hp=character.hit_points,
        magic_points=character.magic_points,
        severed=f"severed:{location}" in character.conditions,
        table=character.table,
    )
    event = DamageApplied(
        character_id=character.id,
        amount=through,
        location=location,
        total_loss=result.total_loss if result.total_loss != through else None,
        effects=_lasting(result),
        wound=result.wound if result.wound != through else None,
    )
    head = f"{location_label(location)}: {damage} − {armour} armour = {through}"
    if through == 0:
        head += " (the armour stops it)"
    words = [result.note] if result.note else _effects_text(result)
    tail = f"HP {character.hit_points} → {result.total_hp}/{full.hit_points}"
    if result.total_loss != through and not result.note:
        tail += f" (a limb passes on at most {result.total_loss})"
    summary = "; ".join([head, *words, tail])
    return Wound(event=event, result=result, summary=summary)


def weapon_dice(attacker: Character, weapon: Weapon, ruleset: RuleSet) -> str:
    """A weapon's damage plus the part of its wielder's damage bonus that applies to it."""
    return damage_with_bonus(weapon.damage, derived_of(attacker, ruleset).damage_bonus, weapon.use)


def heal(
    character: Character,
    ruleset: RuleSet,
    location: str,
    amount: int,
    *,
    wound: int | None = None,
    magical: bool = False,
) -> tuple[HealingApplied | None, str]:
    """Healing to one location's wounds (the one numbered `wound` from 0, else oldest first):
    the event (None when nothing heals) and a summary."""
    full = sheet_maxima(character, ruleset)
    where = location_label(location)
    if location not in full.locations:
        return None, f"{character.name} has no {where}."
    try:
        result = heal_location_wounds(character, location, amount, full, wound=wound,
                                      magical=magical)  # fmt: skip
    except ValidationError as error:
        return None, error.message
    if result.healed == 0:
        return None, f"{where} has no open wound ({full.locations[location]} HP)."
    total = min(full.hit_points, character.hit_points + result.healed)
    left = "+".join(map(str, result.wounds)) or "none"
    summary = (
        f"{where}: {character.locations[location]} → {result.location_hp}"
        f"/{full.locations[location]} (wounds left: {left}); HP {character.hit_points} → "
        f"{total}/{full.hit_points}"
    )
    event = HealingApplied(character_id=character.id, amount=result.healed, location=location,
                           wound=wound, magical=magical)  # fmt: skip
    return event, summary


def weekly_heals(characters: list[Character], ruleset: RuleSet, weeks: int) -> list[HealingApplied]:
    """Natural healing for everyone: each location regains the healing rate per week.

    The dead do not heal. Total hit points rise by what the locations regain (never above the
    maximum); a character whose locations are whole but whose total is low (damage taken without
    a location) regains the rate on the total.
    """
    events: list[HealingApplied] = []
    for character in characters:
        if "dead" in character.conditions or character.hit_points <= 0:
            continue
        full = sheet_maxima(character, ruleset)
        rate = derived_of(character, ruleset).healing_rate * weeks
        total = character.hit_points
        for location in character.table.keys:
            result = rules.heal_naturally(
                location,
                character.wounds_at(location, full.locations[location]),
                rate,
                location_max=full.locations[location],
                total_hp=total,
                total_max=full.hit_points,
            )
            if result.healed:
                # the week's rate is offered to the location; the state spreads it the same way
                events.append(HealingApplied(character_id=character.id, amount=rate,
                                             location=location, natural=True))  # fmt: skip
                total = result.total_hp
        if total < full.hit_points and not any(e.character_id == character.id for e in events):
            events.append(
                HealingApplied(character_id=character.id, amount=min(rate, full.hit_points - total))
            )
    return events
