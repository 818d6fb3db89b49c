"""A weapon as a block prints it made into a sheet's weapon: its own damage (a printed damage
adds the wielder's damage bonus, which gmdash adds itself), its own strike rank (a printed SR
is the total: DEX SR + SIZ SR + the weapon's), its use and special kind (English or French
names), its hit points (none for a natural weapon). Each choice is reported."""

from __future__ import annotations

from typing import Any

from gmdash.formats.derived import bonus_text
from gmdash.formats.reading import Reading
from gmdash.formats.vocabulary import (
    MISSILE_WORDS,
    NATURAL_WEAPONS,
    SHIELD_WORDS,
    SPECIAL_WORDS,
    THROWN_WORDS,
    fold,
)
from gmdash.formats.weapons import WeaponRead
from gmdash.rules.attributes import dex_strike_rank, siz_strike_rank
from gmdash.rules.dice import DiceError, parse_dice
from gmdash.rules.weapons import (
    BonusShare,
    SpecialKind,
    WeaponUse,
    bonus_share,
    guess_special,
    guess_use,
    halve_bonus,
)

MAX_SR = 12


def has_word(name: str, words: tuple[str, ...]) -> bool:
    """Whether a name holds one of `words` (folded, whole words: "arc" is no part of "Marc")."""
    padded = f" {fold(name).replace('/', ' ')} "
    return any(f" {word} " in padded for word in words)


def weapon_use(weapon: WeaponRead) -> WeaponUse:
    """Thrown when a note says so; a shield, a bow or a javelin by its name (English or
    French); else gmdash's guess from the English name (melee when nothing matches)."""
    if "thrown" in weapon.notes:
        return WeaponUse.THROWN
    if "missile" in weapon.notes:
        return WeaponUse.MISSILE
    if has_word(weapon.name, SHIELD_WORDS):
        return WeaponUse.SHIELD
    if has_word(weapon.name, MISSILE_WORDS):
        return WeaponUse.MISSILE
    if has_word(weapon.name, THROWN_WORDS):
        return WeaponUse.THROWN
    return guess_use(weapon.name)


def weapon_special(weapon: WeaponRead) -> SpecialKind:
    for note in weapon.notes:
        if note in {kind.value for kind in SpecialKind}:
            return SpecialKind(note)
    for kind, words in SPECIAL_WORDS:
        if has_word(weapon.name, words):
            return SpecialKind(kind)
    return guess_special(weapon.name)


def is_natural(weapon: WeaponRead) -> bool:
    return weapon.no_hp or "natural" in weapon.notes or has_word(weapon.name, NATURAL_WEAPONS)


def sheet_weapon(
    reading: Reading, weapon: WeaponRead, chars: dict[str, int], bonus: str | None
) -> dict[str, Any] | None:
    """The sheet's weapon; None (reported) when its damage is no dice gmdash can roll (its
    skill is kept)."""
    name = weapon.name
    for item in weapon.not_kept:
        reading.unread.append(f"{name}: {item}")
    if weapon.special_damage or not weapon.dice:
        what = "special" if weapon.special_damage else "not given"
        reading.unread.append(f"{name}: damage {what} (gmdash keeps the skill, not a weapon)")
        return None
    use = weapon_use(weapon)
    if weapon.bonus_apart:
        reading.assumed.append(f"{name}: damage {weapon.dice} {weapon.bonus_apart}: "
                               f"{weapon.bonus_apart} read as the damage bonus")  # fmt: skip
    dice = own_damage(reading, name, weapon.dice, bonus, use, apart=bool(weapon.bonus_apart))
    if dice is None:
        return None
    sr = own_strike_rank(reading, weapon, chars, use)
    natural = is_natural(weapon)
    hit_points = weapon.hp or 0
    if weapon.hp is None and not natural:
        reading.assumed.append(f"{name}: no weapon HP given: 0 (it never breaks)")
    elif weapon.hp is None and weapon.no_hp:
        reading.assumed.append(f"{name}: HP printed as none: a natural weapon, it never breaks")
    return {"name": name, "skill": name, "damage": dice, "sr": sr, "hit_points": hit_points,
            "special": str(weapon_special(weapon)), "use": str(use)}  # fmt: skip


def own_strike_rank(
    reading: Reading, weapon: WeaponRead, chars: dict[str, int], use: WeaponUse
) -> int:
    """The weapon's own SR from the total a block prints (DEX SR alone for a thrown or missile
    weapon); the printed SR kept as it is when DEX or SIZ is missing."""
    name, printed = weapon.name, weapon.sr
    if printed is None:
        reading.assumed.append(f"{name}: no strike rank given: weapon SR 0")
        return 0
    if "DEX" not in chars or "SIZ" not in chars:
        reading.assumed.append(f"{name}: SR {printed} kept as the weapon's own SR")
        return min(printed, MAX_SR)
    own = dex_strike_rank(chars["DEX"]) + (0 if use.is_ranged else siz_strike_rank(chars["SIZ"]))
    sr = max(0, min(MAX_SR, printed - own))
    reading.assumed.append(
        f"{name}: SR {printed} read as the total: weapon SR {sr} after "
        f"{'DEX SR' if use.is_ranged else 'DEX and SIZ SR'} {own}"
    )
    if printed - own != sr:
        reading.differences.append(
            f"{name}: SR {printed} is less than gmdash's DEX/SIZ strike ranks, {own}"
        )
    return sr


def own_damage(
    reading: Reading, name: str, dice: str, bonus: str | None, use: WeaponUse,
    *, apart: bool = False,
) -> str | None:  # fmt: skip
    """The weapon's own damage: a printed `1D8+1+1D4` (or `1D8+1+DB`) adds the damage bonus,
    which gmdash adds itself when the blow lands. None when the damage is no dice gmdash rolls.
    A bow's or a sling's dice are its own (they add no bonus)."""
    text = dice.upper()
    for token in ("+DB", "+BD"):
        if text.endswith(token):
            own = text[: -len(token)]
            reading.assumed.append(f"{name}: damage {dice} read as {own} plus the damage bonus")
            return own if _rolls(reading, name, own) else None
    try:
        terms = parse_dice(text).terms
    except DiceError as error:
        reading.unread.append(f"{name}: damage {dice!r} is not dice gmdash rolls ({error})")
        return None
    share = bonus_share(use)
    dice_terms = [term for term in terms if term.sides]
    if apart or len(dice_terms) < 2 or not terms[-1].sides or share is BonusShare.NONE:
        return text
    own = "".join(str(term) for term in terms[:-1]).lstrip("+")
    added = bonus_text(str(terms[-1]))
    if bonus is not None:
        expected = bonus_text(halve_bonus(bonus) if share is BonusShare.HALF else bonus)
        if added != expected:
            reading.differences.append(
                f"{name}: damage {dice} adds {added}; gmdash's damage bonus for it is {expected}"
            )
    reading.assumed.append(f"{name}: damage {dice} read as {own} plus the damage bonus {added}")
    return own


def _rolls(reading: Reading, name: str, dice: str) -> bool:
    try:
        parse_dice(dice)
    except DiceError as error:
        reading.unread.append(f"{name}: damage {dice!r} is not dice gmdash rolls ({error})")
        return False
    return True
