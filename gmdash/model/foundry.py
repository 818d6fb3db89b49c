"""Foundry VTT RuneQuest actors (`sun-dragon-cult/fvtt-system-rqg` exports) read into a sheet.

An export is the actor's `system` data and its embedded `items` (skills, runes, passions,
weapons, armour, hit locations, spells, cults). Each item is mapped or reported; the export's
own derived numbers (maximum HP and MP, each location's HP, and the derived values some exports
carry: damage bonus, strike ranks, healing rate, skill category modifiers, skill chances) are
compared with gmdash's. The field names follow the system's JSON schemas
(`src/data-model/json-schemas/generated/`); docs/character-schema.md#foundry lists the mapping.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gmdash.model.exchange import MAX_ABILITIES, MAX_NAME, MAX_WEAPONS
from gmdash.model.import_reading import (
    LocationRow,
    Reading,
    compare_derived,
    fit_table,
    location_key,
    settle_points,
    sheet_table,
)
from gmdash.rules.locations import DEFAULT_TABLE, TABLES
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.skill_categories import SkillCategory, category_modifiers
from gmdash.rules.weapons import SpecialKind, WeaponUse, guess_special

SOURCE = "the Foundry export"
CHARACTERISTICS = {
    "strength": "STR", "constitution": "CON", "size": "SIZ", "dexterity": "DEX",
    "intelligence": "INT", "power": "POW", "charisma": "CHA",
}  # fmt: skip
USAGE_ORDER = ("oneHand", "twoHand", "offHand", "missile")
USAGE_WORDS = {"oneHand": "one-handed", "twoHand": "two-handed", "offHand": "off-hand",
               "missile": "missile"}  # fmt: skip
HEALTH_CONDITIONS = {"shock": ("shock",), "unconscious": ("unconscious",), "dead": ("dead",)}
DISPLAY_KEYS = ("img", "prototypeToken", "ownership", "folder", "flags", "_stats")
"""What an export holds for Foundry's screen, not for the game."""
IGNORED_TYPES = {"gear": "gear", "homeland": "homeland", "occupation": "occupation"}
"""Item types gmdash keeps no game data for: named in the notes and the report."""


def is_foundry_actor(data: object) -> bool:
    """Whether `data` looks like a Foundry VTT RuneQuest actor export."""
    if not isinstance(data, Mapping):
        return False
    system = data.get("system")
    return (
        isinstance(system, Mapping)
        and isinstance(system.get("characteristics"), Mapping)
        and isinstance(data.get("items", []), list)
        and "format" not in data
    )


def read_foundry(data: Mapping[str, Any], ruleset: RuleSet = RuleSet.RQG) -> Reading:
    """The sheet a Foundry actor describes, with the report of what did not map."""
    reading = Reading(source=SOURCE, sheet={})
    system = _map(data.get("system"))
    attributes = _map(system.get("attributes"))
    sheet = reading.sheet
    sheet["name"] = _text(data.get("name")) or "Unnamed actor"
    token = _map(data.get("prototypeToken"))
    sheet["kind"] = "pc" if token.get("actorLink") is True else "npc"
    reading.assumed.append(
        "kind pc: its token is linked" if sheet["kind"] == "pc"
        else "kind npc: its token is not linked, as foes' tokens are"
    )  # fmt: skip
    chars = _characteristics(reading, _map(system.get("characteristics")))
    sheet["characteristics"] = chars
    creature = attributes.get("isCreature") is True
    printed: dict[str, Any] = {}
    items = [item for item in data.get("items") or [] if isinstance(item, Mapping)]
    if len(items) < len(data.get("items") or []):
        reading.unread.append("items that are not objects")
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for item in items:
        by_type.setdefault(_text(item.get("type")) or "?", []).append(item)
    abilities: list[dict[str, Any]] = []
    modifiers = _modifiers(reading, chars, creature, system)
    for item in by_type.pop("skill", []):
        _skill(reading, item, modifiers, abilities)
    for kind in ("rune", "passion"):
        for item in by_type.pop(kind, []):
            _rune_or_passion(reading, item, kind, abilities)
    weapons = [w for item in by_type.pop("weapon", []) if (w := _weapon(reading, item))]
    _locations(reading, by_type.pop("hitLocation", []), printed)
    _armour(reading, by_type.pop("armor", []))
    _magic(reading, by_type)
    _points(reading, attributes, printed)
    notes = _background(system) + _leftover_items(reading, by_type)
    if notes:
        sheet["notes"] = "\n".join(notes)
    _unique(reading, abilities, "ability")
    _unique(reading, weapons, "weapon")
    sheet["abilities"] = abilities[:MAX_ABILITIES]
    sheet["weapons"] = weapons[:MAX_WEAPONS]
    for key, what, most in (("abilities", "abilities", MAX_ABILITIES),
                            ("weapons", "weapons", MAX_WEAPONS)):  # fmt: skip
        if len(abilities if key == "abilities" else weapons) > most:
            reading.unread.append(f"{what} beyond the first {most}")
    _health(sheet, _text(attributes.get("health")))
    _prepared_values(attributes, creature, printed)
    if all(key in chars for key in ("STR", "CON", "SIZ", "DEX", "INT", "POW")):
        compare_derived(reading, chars, printed, ruleset)
    if any(key in data for key in DISPLAY_KEYS):
        reading.unread.append(
            "Foundry's display data (image, token, ownership, folder, flags) is not game data: "
            "not kept"
        )
    _effects(reading, data)
    settle_points(reading, ruleset)
    return reading


PREPARED = {"damageBonus": "damage_bonus", "dexStrikeRank": "dex_sr",
            "sizStrikeRank": "siz_sr", "healingRate": "healing_rate"}  # fmt: skip
"""Derived values a prepared actor carries -> the names `compare_derived` compares."""


def _health(sheet: dict[str, Any], health: str) -> None:
    """The actor's shock, unconsciousness or death as conditions (beside its limbs')."""
    conditions = list(sheet.get("conditions", []))
    conditions += [c for c in HEALTH_CONDITIONS.get(health, ()) if c not in conditions]
    if conditions:
        sheet["conditions"] = conditions


def _prepared_values(
    attributes: Mapping[str, Any], creature: bool, printed: dict[str, Any]
) -> None:
    """The derived values an export may carry, to compare with gmdash's."""
    for key, ours in PREPARED.items():
        if attributes.get(key) is not None:
            printed[ours] = attributes[key]
    walk = _whole(_map(_map(attributes.get("move")).get("walk")).get("value"))
    if walk is not None and not creature:  # a creature's move is its own
        printed["move"] = walk


def _map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _text(value: object) -> str:
    return value.strip()[:MAX_NAME] if isinstance(value, str) else ""


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _characteristics(reading: Reading, raw: Mapping[str, Any]) -> dict[str, int]:
    chars: dict[str, int] = {}
    for key, short in CHARACTERISTICS.items():
        entry = _map(raw.get(key))
        value = _whole(entry.get("value"))
        if value is None:
            reading.unread.append(f"characteristic {short}: no value in the export")
            continue
        chars[short] = value
        if entry.get("hasExperience") is True:
            reading.unread.append(
                f"{short}'s experience check (gmdash ticks abilities, not characteristics)"
            )
    return chars


def _modifiers(
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
    theirs = _map(system.get("skillCategoryModifiers"))
    for category in SkillCategory:
        value = _whole(theirs.get(category.value))
        if value is not None and value != ours[category.value]:
            reading.differences.append(
                f"{category.value} skill modifier: {SOURCE} says {value:+d}, "
                f"gmdash computes {ours[category.value]:+d}"
            )
    return ours


def _experience(system: Mapping[str, Any]) -> bool:
    return system.get("hasExperience") is True


def _skill(
    reading: Reading,
    item: Mapping[str, Any],
    modifiers: Mapping[str, int],
    abilities: list[dict[str, Any]],
) -> None:
    system = _map(item.get("system"))
    name = _text(item.get("name")) or _skill_name(system)
    if not name:
        reading.unread.append("a skill without a name")
        return
    base, gained = _whole(system.get("baseChance")), _whole(system.get("gainedChance"))
    if base is None and gained is None:
        reading.unread.append(f"skill {name!r}: no base or gained chance in the export")
        return
    category = _text(system.get("category"))
    modifier = modifiers.get(category, 0)
    value = max(0, (base or 0) + (gained or 0) + modifier)
    theirs = _whole(system.get("chance"))
    if theirs is not None and theirs != value:
        reading.differences.append(
            f"{name}: {SOURCE} says {theirs}%, gmdash computes {value}% "
            f"(base {base or 0} + gained {gained or 0} + {category or 'no'} modifier {modifier:+d})"
        )
    abilities.append({"name": name, "kind": "skill", "value": min(value, 999),
                      "ticked": _experience(system)})  # fmt: skip


def _skill_name(system: Mapping[str, Any]) -> str:
    name = _text(system.get("skillName"))
    special = _text(system.get("specialization"))
    return f"{name} ({special})" if name and special else name


def _rune_or_passion(
    reading: Reading, item: Mapping[str, Any], kind: str, abilities: list[dict[str, Any]]
) -> None:
    system = _map(item.get("system"))
    if kind == "rune":
        name = _text(system.get("rune")) or _text(item.get("name"))
    else:
        passion, subject = _text(system.get("passion")), _text(system.get("subject"))
        name = _text(item.get("name")) or (f"{passion} ({subject})" if subject else passion)
    chance = _whole(system.get("chance"))
    if not name or chance is None:
        reading.unread.append(f"{kind} {name or '(no name)'!r}: no chance in the export")
        return
    abilities.append({"name": name, "kind": kind, "value": max(0, min(chance, 999)),
                      "ticked": _experience(system)})  # fmt: skip


def _weapon(reading: Reading, item: Mapping[str, Any]) -> dict[str, Any] | None:
    name = _text(item.get("name"))
    system = _map(item.get("system"))
    if system.get("isProjectile") is True:
        reading.unread.append(f"{name}: ammunition (gmdash does not count it)")
        return None
    usage = _map(system.get("usage"))
    used = [key for key in USAGE_ORDER if _map(usage.get(key)).get("damage")]
    default = _text(system.get("defaultUsage"))
    chosen = default if default in used else (used[0] if used else "")
    if not name or not chosen:
        reading.unread.append(f"weapon {name or '(no name)'!r}: no way to use it with damage")
        return None
    use_of = _map(usage.get(chosen))
    skill = _text(_map(use_of.get("skillRqidLink")).get("name")) or name
    damage = re.sub(r"\s+", "", str(use_of.get("damage"))).upper()
    sr = _whole(use_of.get("strikeRank"))
    if sr is None:
        reading.assumed.append(f"{name}: no strike rank in the export: weapon SR 0")
    hit_points = _map(system.get("hitPoints"))
    current, full = _whole(hit_points.get("value")), _whole(hit_points.get("max"))
    natural = system.get("isNatural") is True
    if current is None and not natural:
        reading.assumed.append(f"{name}: no weapon HP in the export: 0 (it never breaks)")
    for other in used:
        if other != chosen:
            reading.unread.append(
                f"{name}: its {USAGE_WORDS[other]} use "
                f"({_map(usage.get(other)).get('damage')}) (gmdash keeps one use per weapon: "
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
        kind = _text(_map(manoeuvre).get("damageType"))
        if kind in {k.value for k in SpecialKind}:
            return SpecialKind(kind)
    return guess_special(name)


def _use(system: Mapping[str, Any], usage: str, skill: str, name: str) -> WeaponUse:
    if usage == "missile":
        return WeaponUse.THROWN if system.get("isThrownWeapon") is True else WeaponUse.MISSILE
    if "shield" in skill.casefold() or "shield" in name.casefold():
        return WeaponUse.SHIELD
    return WeaponUse.MELEE


RQID_PREFIX = "i.hit-location."


def _rqid_key(rqid: str, name: str) -> str:
    """gmdash's key for a Foundry location id (`i.hit-location.right-hind-leg`), else its name."""
    if rqid.startswith(RQID_PREFIX) and len(rqid) > len(RQID_PREFIX):
        return location_key(rqid[len(RQID_PREFIX) :])
    return location_key(name)


def _locations(reading: Reading, items: list[Mapping[str, Any]], printed: dict[str, Any]) -> None:
    """Hit location items: the sheet's table (gmdash's table with exactly these locations),
    current HP, natural armour, open wounds, useless or severed limbs; maxima to compare."""
    sheet = reading.sheet
    rows: list[tuple[str, Mapping[str, Any]]] = []
    for item in items:
        system = _map(item.get("system"))
        name = _text(item.get("name")) or "(no name)"
        flags = _map(_map(_map(item.get("flags")).get("rqg")).get("documentRqidFlags"))
        key = _rqid_key(_text(flags.get("id")), name)
        low, high = _whole(system.get("dieFrom")), _whole(system.get("dieTo"))
        top = _whole(_map(system.get("hitPoints")).get("max"))
        natural = _whole(system.get("naturalAp")) or 0
        reading.location_table.append(LocationRow(name, low or 0, high or 0, natural, top or 0))
        rows.append((key, system))
    if not rows:
        return
    table = fit_table(reading, [key for key, _ in rows]) or TABLES[DEFAULT_TABLE]
    current: dict[str, int] = {}
    wounds: dict[str, list[int]] = {}
    armour: dict[str, int] = {}
    tops: dict[str, int] = {}
    conditions: list[str] = []
    for key, system in rows:
        if not table.has(key):
            continue
        points = _map(system.get("hitPoints"))
        top, value = _whole(points.get("max")), _whole(points.get("value"))
        if top is not None:
            tops[key] = top
        if value is not None:
            current[key] = value
        if natural := _whole(system.get("naturalAp")) or 0:
            armour[key] = natural
        taken = [w for w in (_whole(x) for x in system.get("wounds") or []) if w and w > 0]
        if taken:
            wounds[key] = taken
        state = _text(system.get("hitLocationHealthState"))
        if state in ("useless", "severed"):
            conditions.append(f"{state}:{key}")
    found: dict[str, object] = {"locations": current, "wounds": wounds, "armour": armour,
                                "conditions": conditions}  # fmt: skip
    sheet.update({field_name: value for field_name, value in found.items() if value})
    if tops:
        printed["locations"] = tops


def _armour(reading: Reading, items: list[Mapping[str, Any]]) -> None:
    """Worn armour added up on each location it covers (armour not worn is reported)."""
    armour: dict[str, int] = dict(reading.sheet.get("armour", {}))
    table = sheet_table(reading.sheet)
    for item in items:
        name = _text(item.get("name")) or "(armour)"
        system = _map(item.get("system"))
        if system.get("equippedStatus") != "equipped":
            reading.unread.append(f"{name}: not worn ({system.get('equippedStatus')}), not counted")
            continue
        points = _whole(system.get("absorbs")) or 0
        covered = []
        for link in system.get("hitLocationRqidLinks") or []:
            link = _map(link)
            key = _rqid_key(_text(link.get("rqid")), _text(link.get("name")))
            if not table.has(key):
                reading.unread.append(
                    f"{name}: covers {link.get('name')!r}, not a location of the sheet's "
                    f"{table.title} table"
                )
                continue
            armour[key] = armour.get(key, 0) + points
            covered.append(key)
        if not covered:
            reading.unread.append(f"{name}: covers no location gmdash knows")
    if armour:
        reading.sheet["armour"] = armour


RANKS = {"layMember": "lay member", "initiate": "initiate", "godTalker": "god-talker",
         "runePriest": "rune priest", "runeLord": "rune lord", "chiefPriest": "rune priest",
         "highPriest": "rune priest"}  # fmt: skip
"""Foundry's cult ranks -> gmdash's (`CultRank`); a chief or high priest is a Rune priest."""


def _magic(reading: Reading, by_type: dict[str, list[Mapping[str, Any]]]) -> None:
    """Spirit magic into `spells`; cults, with their Rune points, Runes and Rune spells, into
    `cults`. A Rune spell whose cult is not in the export is reported."""
    cults: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    for item in by_type.pop("cult", []):
        system = _map(item.get("system"))
        name = _text(item.get("name")) or _text(system.get("deity")) or "(cult)"
        pool = _map(system.get("runePoints"))
        full = max(0, _whole(pool.get("max")) or 0)
        ranks = [_text(_map(j).get("rank")) for j in system.get("joinedCults") or []]
        rank = next((RANKS[r] for r in ranks if r in RANKS), "initiate")
        if ranks and ranks[0] not in ("layMember", "initiate", "godTalker", "runePriest",
                                      "runeLord"):  # fmt: skip
            reading.assumed.append(f"{name}: rank {ranks[0]!r} kept as {rank!r}")
        runes = [_text(_map(link).get("name")) for link in system.get("runeRqidLinks") or []]
        joined: dict[str, Any] = {
            "name": name, "rank": rank, "rune_points_max": full,
            "rune_points": max(0, min(_whole(pool.get("value")) or 0, full)),
            "runes": [r for r in runes if r], "spells": [],
        }  # fmt: skip
        cults.append(joined)
        by_id[_text(item.get("_id")) or _text(item.get("id"))] = joined
    spells: list[dict[str, Any]] = []
    for item in by_type.pop("spiritMagic", []):
        system = _map(item.get("system"))
        name, points = _text(item.get("name")), _whole(system.get("points"))
        if not name or not points or points < 1:
            reading.unread.append(f"spirit spell {name or '(no name)'!r}: no points")
            continue
        if system.get("isMatrix") is True:
            reading.unread.append(f"{name}: a spell matrix (gmdash keeps spells known)")
            continue
        spells.append({"name": name, "points": points,
                       "variable": system.get("isVariable") is True})  # fmt: skip
    for item in by_type.pop("runeMagic", []):
        system = _map(item.get("system"))
        name, points = _text(item.get("name")), _whole(system.get("points"))
        cult = by_id.get(_text(system.get("cultId")))
        if not name or not points or points < 1 or cult is None:
            why = "no points" if cult is not None else "its cult is not in the export"
            reading.unread.append(f"Rune spell {name or '(no name)'!r}: {why}")
            continue
        cult["spells"].append({"name": name, "points": points,
                               "stackable": system.get("isStackable") is True,
                               "one_use": system.get("isOneUse") is True})  # fmt: skip
    if spells:
        reading.sheet["spells"] = spells
    if cults:
        reading.sheet["cults"] = cults
        reading.sheet["rune_points"] = reading.sheet["rune_points_max"] = 0  # each cult's own


def _points(reading: Reading, attributes: Mapping[str, Any], printed: dict[str, Any]) -> None:
    for key, ours in (("hitPoints", "hit_points"), ("magicPoints", "magic_points")):
        points = _map(attributes.get(key))
        value, top = _whole(points.get("value")), _whole(points.get("max"))
        if value is not None:
            reading.sheet[ours] = value
        if top is not None:
            printed[ours] = top


def _leftover_items(reading: Reading, by_type: dict[str, list[Mapping[str, Any]]]) -> list[str]:
    """Reports items gmdash cannot map; returns the notes naming those it keeps no data for."""
    notes: list[str] = []
    for item_type, items in sorted(by_type.items()):
        names = ", ".join(_text(i.get("name")) or "(no name)" for i in items)
        what = IGNORED_TYPES.get(item_type)
        if what:
            reading.unread.append(f"{what} (gmdash keeps no {what}; named in the notes): {names}")
            notes.append(f"{what.capitalize()}: {names}")
        else:
            reading.unread.append(f"items of an unknown type {item_type!r}: {names}")
    return notes


def _background(system: Mapping[str, Any]) -> list[str]:
    background = _map(system.get("background"))
    return [
        f"{label}: {value}"
        for label, key in (
            ("Species", "species"),
            ("Homeland", "homeland"),
            ("Tribe", "tribe"),
            ("Clan", "clan"),
            ("Occupation", "occupation"),
        )
        if (value := _text(background.get(key)))
    ]


def _effects(reading: Reading, data: Mapping[str, Any]) -> None:
    raw = data.get("effects")
    if raw is None:
        return
    if not isinstance(raw, list):
        reading.unread.append("the active effects are not a list: not read")
        return
    effects = [e for e in raw if isinstance(e, Mapping)]
    if effects:
        names = ", ".join(_text(e.get("name")) or "(no name)" for e in effects)
        reading.unread.append(f"active effects (their modifiers are not applied): {names}")


def _unique(reading: Reading, items: list[dict[str, Any]], what: str) -> None:
    seen: set[str] = set()
    for item in list(items):
        key = str(item["name"]).casefold()
        if key in seen:
            items.remove(item)
            reading.unread.append(f"a second {what} called {item['name']!r}")
        seen.add(key)
