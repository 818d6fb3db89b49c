"""Weapon kinds: how a weapon's special hurts, how it is used, and which damage bonus it adds.

docs/rules.md ("Combat") gives the sources. A weapon's special kind and use are data on the
sheet; the name-based guesses below only fill them in once, when an old save is read.

The rules: docs/rules.md#combat-damage.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from gmdash.rules.dice import DiceExpr, DiceTerm, parse_dice

_Kind = TypeVar("_Kind", bound=StrEnum)


class SpecialKind(StrEnum):
    """How a weapon's special success hurts."""

    IMPALE = "impale"
    SLASH = "slash"
    CRUSH = "crush"


class WeaponUse(StrEnum):
    """How a weapon is used: in hand, thrown, shot, fired; a shield is a melee weapon that
    also stops missiles."""

    MELEE = "melee"
    SHIELD = "shield"
    THROWN = "thrown"
    MISSILE = "missile"
    FIREARM = "firearm"

    @property
    def is_ranged(self) -> bool:
        """Thrown, shot or fired: a missile attack (DEX SR + weapon SR), never a parry."""
        return self in (WeaponUse.THROWN, WeaponUse.MISSILE, WeaponUse.FIREARM)

    @property
    def can_parry(self) -> bool:
        return not self.is_ranged


class BonusShare(StrEnum):
    """How much of the wielder's damage bonus a weapon adds."""

    FULL = "full"
    HALF = "half"
    NONE = "none"


def bonus_share(use: WeaponUse) -> BonusShare:
    """Melee weapons and shields: the full bonus; thrown weapons: half; bows, slings and
    firearms: none (the force is the weapon's, not the arm's)."""
    if use is WeaponUse.THROWN:
        return BonusShare.HALF
    if use in (WeaponUse.MISSILE, WeaponUse.FIREARM):
        return BonusShare.NONE
    return BonusShare.FULL


def _no_bonus(text: str) -> bool:
    return text.strip().removeprefix("+") in ("", "0", "-", "none", "+0")


def halve_bonus(damage_bonus: str) -> str:
    """Half a damage bonus as dice: 1D4 -> 1D2, 1D6 -> 1D3, 2D6 -> 1D6, 3D6 -> 1D6+1D3.

    An odd number of dice keeps one halved die; a die with an odd number of sides rounds its
    half up (1D3 -> 1D2). Constants halve rounding toward zero.
    """
    if _no_bonus(damage_bonus):
        return "0"
    expr = parse_dice(damage_bonus.strip().removeprefix("+"))
    terms: list[DiceTerm] = []
    for term in expr.terms:
        if not term.sides:
            if term.count // 2:
                terms.append(DiceTerm(term.sign, term.count // 2, 0))
            continue
        if term.count // 2:
            terms.append(DiceTerm(term.sign, term.count // 2, term.sides))
        if term.count % 2:
            terms.append(DiceTerm(term.sign, 1, max(1, (term.sides + 1) // 2)))
    return str(DiceExpr(tuple(terms))) if terms else "0"


def applicable_bonus(damage_bonus: str, use: WeaponUse) -> str:
    """The damage bonus a weapon of this use adds to its wielder's blows ("0" for none)."""
    share = bonus_share(use)
    if share is BonusShare.NONE or _no_bonus(damage_bonus):
        return "0"
    if share is BonusShare.HALF:
        return halve_bonus(damage_bonus)
    return damage_bonus.strip().removeprefix("+")


# --- guesses from a name, for old saves only ---------------------------------------------------

_SPECIAL_WORDS: tuple[tuple[SpecialKind, tuple[str, ...]], ...] = (
    (SpecialKind.CRUSH, ("club", "mace", "hammer", "maul", "staff", "shield", "fist", "kick",
                         "butt", "sling", "rock", "stone", "flail", "grapple", "bite")),
    (SpecialKind.IMPALE, ("spear", "lance", "javelin", "dagger", "knife", "arrow", "bow",
                          "pike", "rapier", "dart", "trident", "pick", "short sword", "gore",
                          "horn", "sting", "revolver", "pistol", "rifle", "gun", "musket",
                          "shotgun", "carbine")),
    (SpecialKind.SLASH, ("sword", "axe", "scimitar", "sickle", "claw", "scythe", "glaive",
                         "halberd", "blade")),
)  # fmt: skip

_USE_WORDS: tuple[tuple[WeaponUse, tuple[str, ...]], ...] = (
    (WeaponUse.FIREARM, ("revolver", "pistol", "rifle", "gun", "musket", "shotgun", "carbine",
                         "blaster", ".38", ".45", "9mm", "derringer")),
    (WeaponUse.MISSILE, ("bow", "sling", "arbalest", "blowpipe", "atlatl")),
    (WeaponUse.THROWN, ("javelin", "dart", "thrown", "throwing", "bola", "boomerang",
                        "rock", "stone")),
    (WeaponUse.SHIELD, ("shield", "buckler", "targe", "hoplite")),
)  # fmt: skip


def _guess(
    weapon_name: str, table: tuple[tuple[_Kind, tuple[str, ...]], ...], default: _Kind
) -> _Kind:
    name = weapon_name.casefold()
    return next((kind for kind, words in table if any(word in name for word in words)), default)


def guess_special(weapon_name: str) -> SpecialKind:
    """A weapon's special kind guessed from its name (crush when nothing matches)."""
    return _guess(weapon_name, _SPECIAL_WORDS, SpecialKind.CRUSH)


def guess_use(weapon_name: str) -> WeaponUse:
    """A weapon's use guessed from its name (melee when nothing matches)."""
    return _guess(weapon_name, _USE_WORDS, WeaponUse.MELEE)


def damage_with_bonus(weapon_damage: str, damage_bonus: str, use: WeaponUse) -> str:
    """A weapon's damage with the bonus that applies to it, as a sheet shows it: a broadsword
    "1D8+1+1D4", a javelin "1D10+1D2", a bow "1D8+1"."""
    bonus = applicable_bonus(damage_bonus, use)
    if bonus == "0":
        return weapon_damage
    return weapon_damage + (bonus if bonus.startswith("-") else "+" + bonus)
