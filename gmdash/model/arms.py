"""A sheet's weapons in a fight: the default parry, the kind of action a weapon makes, and the
weapon as the exchange rules see it (docs/rules.md, "Combat")."""

from __future__ import annotations

from gmdash.model.character import Character, Weapon
from gmdash.rules.combat import ActionKind
from gmdash.rules.exchange import DealingWeapon, parry_problem
from gmdash.rules.weapons import WeaponUse, applicable_bonus


def action_kind(weapon: Weapon) -> ActionKind:
    """A thrown, missile or firearm weapon makes a missile attack (DEX SR + weapon SR); any
    other weapon a melee attack."""
    return ActionKind.MISSILE if weapon.use.is_ranged else ActionKind.MELEE


def can_parry(weapon: Weapon, attack_use: WeaponUse = WeaponUse.MELEE) -> str | None:
    """Why `weapon` cannot parry an attack made with a weapon of `attack_use` (None: it can)."""
    hit_points = weapon.hit_points if weapon.max_hit_points else 0
    problem = parry_problem(attack_use, weapon.use, hit_points)
    if problem and not weapon.max_hit_points and weapon.use.can_parry:
        return f"{weapon.name} has no hit points to parry with"
    return problem


def default_parry(sheet: Character, attack_use: WeaponUse = WeaponUse.MELEE) -> Weapon | None:
    """The weapon a defender parries with by default: an unbroken shield, else (against a melee
    attack) its first unbroken melee weapon; never a missile weapon. None: no parry."""
    usable = [w for w in sheet.weapons if can_parry(w, attack_use) is None]
    shields = [w for w in usable if w.use is WeaponUse.SHIELD]
    choice = shields or usable
    return choice[0] if choice else None


def blow_of(weapon: Weapon, damage_bonus: str) -> DealingWeapon:
    """`weapon` as the exchange sees it, with the part of `damage_bonus` that applies to it."""
    return DealingWeapon(
        weapon.damage,
        special=weapon.special,
        use=weapon.use,
        bonus=applicable_bonus(damage_bonus, weapon.use),
        hit_points=weapon.hit_points,
    )
