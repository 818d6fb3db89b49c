"""A Foundry actor's weapons, hit locations and armour.

Armour is counted as Foundry's RQG system counts it (`hit-location-lifecycle.ts`): a location's
armour is its natural armour plus the `absorbs` of every armour item whose `equippedStatus` is
"equipped" and whose `hitLocationRqidLinks` hold the location's own rqid
(`flags.rqg.documentRqidFlags.id`). Exports of the system before its 2023 change (commit
4f55ef15) name the covered locations in `hitLocations` instead, by the location items' names.
docs/character-schema.md#a-foundry-actor.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gmdash.formats.foundry_values import SOURCE, mapping, rqid, text, whole
from gmdash.formats.locations import fit_table, location_key, sheet_table
from gmdash.formats.reading import LocationRow, Reading
from gmdash.formats.vocabulary import SHIELD_WORDS, fold
from gmdash.rules.locations import DEFAULT_TABLE, TABLES
from gmdash.rules.weapons import SpecialKind, WeaponUse, guess_special

USAGE_ORDER = ("oneHand", "twoHand", "offHand", "missile")
USAGE_WORDS = {"oneHand": "one-handed", "twoHand": "two-handed", "offHand": "off-hand",
               "missile": "missile"}  # fmt: skip
RQID_PREFIX = "i.hit-location."


def weapon(reading: Reading, item: Mapping[str, Any]) -> dict[str, Any] | None:
    name = text(item.get("name"))
    system = mapping(item.get("system"))
    if system.get("isProjectile") is True:
        reading.unread.append(f"{name}: ammunition (gmdash does not count it)")
        return None
    usage = mapping(system.get("usage"))
    used = [key for key in USAGE_ORDER if mapping(usage.get(key)).get("damage")]
    default = text(system.get("defaultUsage"))
    chosen = default if default in used else (used[0] if used else "")
    if not name or not chosen:
        reading.unread.append(f"weapon {name or '(no name)'!r}: no way to use it with damage")
        return None
    use_of = mapping(usage.get(chosen))
    skill = text(mapping(use_of.get("skillRqidLink")).get("name")) or name
    damage = re.sub(r"\s+", "", str(use_of.get("damage"))).upper()
    sr = whole(use_of.get("strikeRank"))
    if sr is None:
        reading.assumed.append(f"{name}: no strike rank in the export: weapon SR 0")
    hit_points = mapping(system.get("hitPoints"))
    current, full = whole(hit_points.get("value")), whole(hit_points.get("max"))
    natural = system.get("isNatural") is True
    if current is None and not natural:
        reading.assumed.append(f"{name}: no weapon HP in the export: 0 (it never breaks)")
    for other in used:
        if other != chosen:
            reading.unread.append(
                f"{name}: its {USAGE_WORDS[other]} use "
                f"({mapping(usage.get(other)).get('damage')}) (gmdash keeps one use per weapon: "
                f"{USAGE_WORDS[chosen]})"
            )
    return {
        "name": name,
        "skill": skill,
        "damage": damage,
        "sr": max(0, min(sr or 0, 12)),
        "hit_points": max(0, current or 0),
        "max_hit_points": max(0, current or 0, full or 0),
        "special": str(_special(use_of, name)),
        "use": str(_use(system, chosen, skill, name)),
    }


def _special(usage: Mapping[str, Any], name: str) -> SpecialKind:
    for manoeuvre in usage.get("combatManeuvers") or []:
        kind = text(mapping(manoeuvre).get("damageType"))
        if kind in {k.value for k in SpecialKind}:
            return SpecialKind(kind)
    return guess_special(name)


def _use(system: Mapping[str, Any], usage: str, skill: str, name: str) -> WeaponUse:
    if usage == "missile":
        return WeaponUse.THROWN if system.get("isThrownWeapon") is True else WeaponUse.MISSILE
    words = f"{fold(skill)} {fold(name)}"
    if any(word in words for word in SHIELD_WORDS):
        return WeaponUse.SHIELD
    return WeaponUse.MELEE


KNOWN_KEYS = frozenset(key for table in TABLES.values() for key in table.keys)


def rqid_key(item_rqid: str, name: str) -> str:
    """gmdash's key for a Foundry location id (`i.hit-location.right-hind-leg`) when it names
    a location of gmdash's tables, else for its name (`Right Leg`, `Jambe droite`)."""
    if item_rqid.startswith(RQID_PREFIX) and len(item_rqid) > len(RQID_PREFIX):
        key = location_key(item_rqid[len(RQID_PREFIX) :])
        if key in KNOWN_KEYS or not name:
            return key
    return location_key(name)


class LocationIndex:
    """The actor's own hit locations by rqid and by name: what its armour links to."""

    def __init__(self) -> None:
        self.by_rqid: dict[str, str] = {}
        self.by_name: dict[str, str] = {}
        self.shown_armour: dict[str, int] = {}
        """The armour a prepared export's locations carry (`armorPoints`), to compare."""

    def add(self, item_rqid: str, name: str, key: str) -> None:
        if item_rqid:
            self.by_rqid[item_rqid] = key
        self.by_name[fold(name)] = key

    def key(self, link_rqid: str, name: str) -> str:
        """The location an armour's link names: the actor's location of that rqid (or name),
        else what the rqid or the name says."""
        if link_rqid in self.by_rqid:
            return self.by_rqid[link_rqid]
        if fold(name) in self.by_name:
            return self.by_name[fold(name)]
        return rqid_key(link_rqid, name)


def locations(
    reading: Reading, items: list[Mapping[str, Any]], printed: dict[str, Any]
) -> LocationIndex:
    """Hit location items: the sheet's table (gmdash's table with exactly these locations),
    current HP, natural armour, open wounds, useless or severed limbs; maxima to compare."""
    sheet = reading.sheet
    index = LocationIndex()
    rows: list[tuple[str, Mapping[str, Any]]] = []
    for item in items:
        system = mapping(item.get("system"))
        name = text(item.get("name")) or "(no name)"
        key = rqid_key(rqid(item), name)
        index.add(rqid(item), name, key)
        low, high = whole(system.get("dieFrom")), whole(system.get("dieTo"))
        top = whole(mapping(system.get("hitPoints")).get("max"))
        natural = whole(system.get("naturalAp")) or 0
        reading.location_table.append(LocationRow(name, low or 0, high or 0, natural, top or 0))
        rows.append((key, system))
    if not rows:
        return index
    table = fit_table(reading, [key for key, _ in rows]) or TABLES[DEFAULT_TABLE]
    current: dict[str, int] = {}
    wounds: dict[str, list[int]] = {}
    armour: dict[str, int] = {}
    tops: dict[str, int] = {}
    conditions: list[str] = []
    for key, system in rows:
        if not table.has(key):
            continue
        points = mapping(system.get("hitPoints"))
        top, value = whole(points.get("max")), whole(points.get("value"))
        if top is not None:
            tops[key] = top
        if value is not None:
            current[key] = value
        if natural := whole(system.get("naturalAp")) or 0:
            armour[key] = natural
        taken = [w for w in (whole(x) for x in system.get("wounds") or []) if w and w > 0]
        if taken:
            wounds[key] = taken
        state = text(system.get("hitLocationHealthState"))
        if state in ("useless", "severed"):
            conditions.append(f"{state}:{key}")
    shown = {key: ap for key, system in rows if table.has(key)
             and (ap := whole(system.get("armorPoints"))) is not None}  # fmt: skip
    if shown:
        index.shown_armour = shown
    found: dict[str, object] = {"locations": current, "wounds": wounds, "armour": armour,
                                "conditions": conditions}  # fmt: skip
    sheet.update({field_name: value for field_name, value in found.items() if value})
    if tops:
        printed["locations"] = tops
    return index


def armour(reading: Reading, items: list[Mapping[str, Any]], index: LocationIndex) -> None:
    """Worn armour added up on each location it covers (armour not worn is reported)."""
    worn: dict[str, int] = dict(reading.sheet.get("armour", {}))
    table = sheet_table(reading.sheet)
    for item in items:
        name = text(item.get("name")) or "(armour)"
        system = mapping(item.get("system"))
        status = system.get("equippedStatus")
        if status != "equipped":
            reading.unread.append(f"{name}: not worn ({status or 'no equipped status'}), "
                                  "not counted")  # fmt: skip
            continue
        points = whole(system.get("absorbs")) or 0
        links = [(text(mapping(link).get("rqid")), text(mapping(link).get("name")))
                 for link in system.get("hitLocationRqidLinks") or []]  # fmt: skip
        links += [("", text(old)) for old in system.get("hitLocations") or []
                  if isinstance(old, str)]  # fmt: skip
        covered: list[str] = []
        for link_rqid, link_name in links:
            key = index.key(link_rqid, link_name)
            if not table.has(key):
                reading.unread.append(
                    f"{name}: covers {link_name or link_rqid!r}, not a location of the sheet's "
                    f"{table.title} table"
                )
                continue
            if key in covered:
                continue
            worn[key] = worn.get(key, 0) + points
            covered.append(key)
        if not covered:
            reading.unread.append(f"{name}: covers no location gmdash knows")
        elif points:
            where = ", ".join(key.replace("_", " ") for key in covered)
            reading.assumed.append(f"{name}: {points} armour on {where} (equipped)")
    if worn:
        reading.sheet["armour"] = worn
    for key, shown in index.shown_armour.items():
        if shown != worn.get(key, 0):
            reading.differences.append(
                f"{key.replace('_', ' ')} armour: {SOURCE} says {shown}, gmdash counts "
                f"{worn.get(key, 0)} (natural armour and the armour worn)"
            )
