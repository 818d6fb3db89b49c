"""An actor's numbers with the effects on it: the one place every caller asks (the sheet, the roll
dialogs, the exchange). Each answer says what it adds and why, to show beside the number:
"Broadsword 60% (+20 Bladesharp 4, 3 rounds)".

The stored sheet never changes: these are views. A sheet saved from the form stays as typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gmdash.model.character import Character, Weapon
from gmdash.model.combat import Combatant
from gmdash.model.effects import TimedEffect, effects_on
from gmdash.model.state import CampaignState
from gmdash.rules.game_time import describe_span
from gmdash.rules.spells import ModifierKind, raised_damage


@dataclass(frozen=True, slots=True)
class Adjustment:
    """What effects add to one number, and each effect's part as text (`"+20 Bladesharp 4, 3
    rounds"`)."""

    amount: int = 0
    notes: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.notes)

    def __add__(self, other: Adjustment) -> Adjustment:
        return Adjustment(self.amount + other.amount, self.notes + other.notes)

    def beside(self) -> str:
        """What the sheet shows after the number: `" (+20 Bladesharp 4, 3 rounds)"`, or ""."""
        return f" ({'; '.join(self.notes)})" if self.notes else ""


def _note(amount: int, effect: TimedEffect, unit: str = "") -> str:
    return f"{amount:+d}{unit} {effect.title}, {describe_span(effect.left)}"


def _sum(
    effects: Iterable[TimedEffect], kind: ModifierKind, names: Iterable[str | None], unit: str = ""
) -> Adjustment:
    """The modifiers of `kind` whose name is one of `names` (None: those without a name)."""
    wanted = {n.casefold() if n else None for n in names}
    total = Adjustment()
    for effect in effects:
        amount = sum(
            m.amount
            for m in effect.modifiers
            if m.kind is kind and (m.name.casefold() if m.name else None) in wanted
        )
        if amount:
            total += Adjustment(amount, (_note(amount, effect, unit),))
    return total


def ability(effects: Iterable[TimedEffect], name: str) -> Adjustment:
    """An ability's chance: modifiers to it by name and to every roll."""
    return _sum(list(effects), ModifierKind.ABILITY, (name, None))


def attack(effects: Iterable[TimedEffect], weapon: Weapon) -> Adjustment:
    """A weapon's attack chance: its skill's and every roll's modifiers, then the weapon's own
    (Bladesharp) and every attack's."""
    found = list(effects)
    return ability(found, weapon.skill) + _sum(found, ModifierKind.ATTACK, (weapon.name, None))


def defence(effects_on_defender: Iterable[TimedEffect]) -> Adjustment:
    """What the defender's effects add to any attack against it (Shimmer: less)."""
    return _sum(effects_on_defender, ModifierKind.DEFENCE, (None,))


def damage(effects: Iterable[TimedEffect], weapon: Weapon) -> tuple[Adjustment, bool]:
    """Points added to the weapon's damage, and whether its dice are doubled (True (Weapon))."""
    found = list(effects)
    doubled = any(
        m.kind is ModifierKind.DOUBLE_DAMAGE
        and (m.name is None or m.name.casefold() == weapon.name.casefold())
        for e in found
        for m in e.modifiers
    )
    return _sum(found, ModifierKind.DAMAGE, (weapon.name, None)), doubled


def armour(effects: Iterable[TimedEffect], location: str) -> Adjustment:
    """Armour points on one location: that location's and every location's modifiers."""
    return _sum(effects, ModifierKind.ARMOUR, (location, None), " AP")


def characteristic(effects: Iterable[TimedEffect], key: str) -> Adjustment:
    return _sum(effects, ModifierKind.CHARACTERISTIC, (key,))


def magic_points(effects: Iterable[TimedEffect]) -> Adjustment:
    return _sum(effects, ModifierKind.MAGIC_POINTS, (None,), " MP")


def weapon_with(effects: Iterable[TimedEffect], weapon: Weapon) -> Weapon:
    """The weapon as the effects make it hit: damage raised, dice doubled."""
    added, doubled = damage(effects, weapon)
    if not added.amount and not doubled:
        return weapon
    return replace(weapon, damage=raised_damage(weapon.damage, added.amount, doubled=doubled))


def characteristics_with(effects: Iterable[TimedEffect], sheet: Character) -> dict[str, int]:
    """The sheet's characteristics as the effects make them (Strength: +8 STR)."""
    found = list(effects)
    return {
        key: max(0, value + characteristic(found, key).amount)
        for key, value in sheet.characteristics.items()
    }


def on_target(state: CampaignState, *targets: str | None) -> list[TimedEffect]:
    """The effects running on a sheet (its id) or a foe of the fight (its combatant id)."""
    return effects_on(state.effects, *targets)


def on_combatant(state: CampaignState, combatant: Combatant) -> list[TimedEffect]:
    return effects_on(state.effects, combatant.character_id, combatant.id)
