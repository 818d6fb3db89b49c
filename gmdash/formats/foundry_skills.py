"""A Foundry actor's skills, Runes and passions, each at the chance Foundry's sheet shows.

Foundry's RQG system (`src/items/skill-item/skill-lifecycle.ts`) shows a skill at base + gained
+ its category's modifier, with Dodge less the equipped encumbrance (up to the maximum) and
Move Quietly less the worst Move Quietly penalty of the armour worn, never below 0; a skill with
base 0 and nothing gained shows 0, whatever its category (Meditate). A character carrying more
than it can (equipped ENC above its maximum) has 5 x the excess taken off the agility,
manipulation, stealth, weapon and shield categories (`rqg-actor.ts`, `derived-character-values.ts`).
docs/rules.md#foundry-skill-chances.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmdash.formats.foundry_values import SOURCE, mapping, number, rqid, text, whole
from gmdash.formats.reading import Reading
from gmdash.rules.skill_categories import SkillCategory, category_modifiers

DODGE = "i.skill.dodge"
MOVE_QUIETLY = "i.skill.move-quietly"
OVERLOAD_CATEGORIES = ("agility", "manipulation", "stealth", "meleeWeapons", "missileWeapons",
                       "naturalWeapons", "shields")  # fmt: skip
PHYSICAL_TYPES = ("gear", "armor", "weapon")
"""Item types that weigh (`physicalItemTypes`)."""


def category_mods(
    reading: Reading, chars: Mapping[str, int], creature: bool, system: Mapping[str, Any]
) -> dict[str, int]:
    """Skill category modifiers by gmdash's rules, compared with any the export carries."""
    needed = ("STR", "SIZ", "DEX", "INT", "POW", "CHA")
    if creature or any(key not in chars for key in needed):
        reading.assumed.append(
            "a creature: no skill category modifiers" if creature else
            "skills without category modifiers (a characteristic is missing)"
        )  # fmt: skip
        return {}
    ours = {str(k): v for k, v in category_modifiers(**{k: chars[k] for k in needed}).items()}
    theirs = mapping(system.get("skillCategoryModifiers"))
    for category in SkillCategory:
        value = whole(theirs.get(category.value))
        if value is not None and value != ours[category.value]:
            reading.differences.append(
                f"{category.value} skill modifier: {SOURCE} says {value:+d}, "
                f"gmdash computes {ours[category.value]:+d}"
            )
    return ours


def encumbrance(
    reading: Reading, items: list[Mapping[str, Any]], chars: Mapping[str, int],
    attributes: Mapping[str, Any],
) -> tuple[int, int]:  # fmt: skip
    """(equipped ENC, maximum ENC) as Foundry counts them: the ENC times the quantity of every
    equipped gear, armour and weapon, rounded; the maximum min(STR, (STR+CON)/2), rounded,
    times the walking carrying factor. An item with no ENC in the export counts 0 (reported:
    Foundry's own default is 1)."""
    total = 0.0
    unweighed: list[str] = []
    for item in items:
        if text(item.get("type")) not in PHYSICAL_TYPES:
            continue
        system = mapping(item.get("system"))
        if system.get("equippedStatus") != "equipped":
            continue
        weight = number(system.get("encumbrance"))
        if weight is None:
            unweighed.append(text(item.get("name")) or "(no name)")
            continue
        quantity = number(system.get("quantity"))
        total += (1.0 if quantity is None else quantity) * weight
    if unweighed:
        reading.assumed.append("equipped items with no ENC in the export counted 0: "
                               + ", ".join(unweighed))  # fmt: skip
    strength, constitution = chars.get("STR"), chars.get("CON", 0)
    move = mapping(attributes.get("move"))
    locomotion = text(move.get("currentLocomotion")) or "walk"
    factor = number(mapping(move.get(locomotion)).get("carryingFactor"))
    top = 0
    if strength:
        top = _round(min(strength, (strength + constitution) / 2) * (1.0 if factor is None
                                                                      else factor))  # fmt: skip
    return _round(total), top


def _round(value: float) -> int:
    """JavaScript's Math.round: halves go up."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def armour_penalty(items: list[Mapping[str, Any]]) -> int:
    """The worst Move Quietly penalty of the armour worn (as a positive number)."""
    worst = 0
    for item in items:
        system = mapping(item.get("system"))
        if text(item.get("type")) == "armor" and system.get("equippedStatus") == "equipped":
            worst = max(worst, abs(whole(system.get("moveQuietlyPenalty")) or 0))
    return worst


def skill(
    reading: Reading,
    item: Mapping[str, Any],
    modifiers: Mapping[str, int],
    adjust: Mapping[str, int],
    abilities: list[dict[str, Any]],
) -> None:
    """One skill item at the chance Foundry's sheet shows (`adjust`: Dodge's and Move
    Quietly's own penalties by rqid)."""
    system = mapping(item.get("system"))
    name = text(item.get("name")) or _skill_name(system)
    if not name:
        reading.unread.append("a skill without a name")
        return
    base, gained = whole(system.get("baseChance")), whole(system.get("gainedChance"))
    if base is None and gained is None:
        reading.unread.append(f"skill {name!r}: no base or gained chance in the export")
        return
    category = text(system.get("category"))
    modifier = modifiers.get(category, 0)
    penalty = adjust.get(rqid(item), 0) or adjust.get(name.casefold(), 0)
    studied = (base or 0) > 0 or (base or 0) + (gained or 0) > 0
    value = max(0, (base or 0) + (gained or 0) + modifier - penalty) if studied else 0
    theirs = whole(system.get("chance"))
    if theirs is not None and theirs != value:
        why = (f"base {base or 0} + gained {gained or 0} + {category or 'no'} modifier "
               f"{modifier:+d}" + (f" - {penalty}" if penalty else "")
               if studied else "base 0, nothing gained: 0")  # fmt: skip
        reading.differences.append(
            f"{name}: {SOURCE} says {theirs}%, gmdash computes {value}% ({why})"
        )
    abilities.append({"name": name, "kind": "skill", "value": min(value, 999),
                      "ticked": system.get("hasExperience") is True})  # fmt: skip


def _skill_name(system: Mapping[str, Any]) -> str:
    name = text(system.get("skillName"))
    special = text(system.get("specialization"))
    return f"{name} ({special})" if name and special else name


def skill_penalties(
    reading: Reading, items: list[Mapping[str, Any]], chars: Mapping[str, int],
    attributes: Mapping[str, Any], modifiers: dict[str, int],
) -> dict[str, int]:  # fmt: skip
    """Dodge's and Move Quietly's own penalties (by rqid and by name); an overloaded
    character's penalty taken off `modifiers`. Each one reported."""
    equipped, top = encumbrance(reading, items, chars, attributes)
    penalties: dict[str, int] = {}
    dodge = min(equipped, top)
    if dodge:
        penalties[DODGE] = penalties["dodge"] = dodge
        reading.assumed.append(f"Dodge -{dodge}: the equipped ENC, as Foundry's sheet takes it")
    quiet = armour_penalty(items)
    if quiet:
        penalties[MOVE_QUIETLY] = penalties["move quietly"] = quiet
        reading.assumed.append(f"Move Quietly -{quiet}: the armour worn, as Foundry's sheet "
                               "takes it")  # fmt: skip
    if "STR" in chars and equipped > top:  # a creature's categories (all 0) are cut too
        cut = 5 * (equipped - top)
        for category in OVERLOAD_CATEGORIES:
            modifiers[category] = modifiers.get(category, 0) - cut
        reading.assumed.append(
            f"equipped ENC {equipped} over the maximum {top}: -{cut} on agility, manipulation, "
            "stealth, weapon and shield skills"
        )
    return penalties


def rune_or_passion(
    reading: Reading, item: Mapping[str, Any], kind: str, abilities: list[dict[str, Any]]
) -> None:
    system = mapping(item.get("system"))
    if kind == "rune":
        name = text(system.get("rune")) or text(item.get("name"))
    else:
        passion, subject = text(system.get("passion")), text(system.get("subject"))
        name = text(item.get("name")) or (f"{passion} ({subject})" if subject else passion)
    chance = whole(system.get("chance"))
    if not name or chance is None:
        reading.unread.append(f"{kind} {name or '(no name)'!r}: no chance in the export")
        return
    abilities.append({"name": name, "kind": kind, "value": max(0, min(chance, 999)),
                      "ticked": system.get("hasExperience") is True})  # fmt: skip
