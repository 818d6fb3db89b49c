"""Foundry VTT RuneQuest actors (`sun-dragon-cult/fvtt-system-rqg` exports) read into a sheet.

An export is the actor's `system` data and its embedded `items` (skills, runes, passions,
weapons, armour, hit locations, spells, cults). Each item is mapped or reported; the export's
own derived numbers (maximum HP and MP, each location's HP, and the derived values some exports
carry: damage bonus, strike ranks, healing rate, skill category modifiers, skill chances) are
compared with gmdash's. The field names follow the system's JSON schemas
(`src/data-model/json-schemas/generated/`); docs/character-schema.md#foundry lists the mapping.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmdash.formats import foundry_combat, foundry_magic, foundry_skills
from gmdash.formats.character_file import MAX_ABILITIES, MAX_WEAPONS
from gmdash.formats.derived import compare_derived, settle_points
from gmdash.formats.foundry_values import SOURCE, mapping, text, whole
from gmdash.formats.reading import Reading
from gmdash.rules.ruleset import RuleSet

__all__ = ["SOURCE", "is_foundry_actor", "read_foundry"]

CHARACTERISTICS = {
    "strength": "STR", "constitution": "CON", "size": "SIZ", "dexterity": "DEX",
    "intelligence": "INT", "power": "POW", "charisma": "CHA",
}  # fmt: skip
HEALTH_CONDITIONS = {"shock": ("shock",), "unconscious": ("unconscious",), "dead": ("dead",)}
DISPLAY_KEYS = ("img", "prototypeToken", "ownership", "folder", "flags", "_stats")
"""What an export holds for Foundry's screen, not for the game."""
IGNORED_TYPES = {"gear": "gear", "homeland": "homeland", "occupation": "occupation"}
"""Item types gmdash keeps no game data for: named in the notes and the report."""
PREPARED = {"damageBonus": "damage_bonus", "dexStrikeRank": "dex_sr",
            "sizStrikeRank": "siz_sr", "healingRate": "healing_rate"}  # fmt: skip
"""Derived values a prepared actor carries -> the names `compare_derived` compares."""


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
    system = mapping(data.get("system"))
    attributes = mapping(system.get("attributes"))
    sheet = reading.sheet
    sheet["name"] = text(data.get("name")) or "Unnamed actor"
    token = mapping(data.get("prototypeToken"))
    sheet["kind"] = "pc" if token.get("actorLink") is True else "npc"
    reading.assumed.append(
        "kind pc: its token is linked" if sheet["kind"] == "pc"
        else "kind npc: its token is not linked, as foes' tokens are"
    )  # fmt: skip
    chars = _characteristics(reading, mapping(system.get("characteristics")))
    sheet["characteristics"] = chars
    creature = attributes.get("isCreature") is True
    printed: dict[str, Any] = {}
    items = [item for item in data.get("items") or [] if isinstance(item, Mapping)]
    if len(items) < len(data.get("items") or []):
        reading.unread.append("items that are not objects")
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for item in items:
        by_type.setdefault(text(item.get("type")) or "?", []).append(item)
    abilities: list[dict[str, Any]] = []
    modifiers = foundry_skills.category_mods(reading, chars, creature, system)
    penalties = foundry_skills.skill_penalties(reading, items, chars, attributes, modifiers)
    for item in by_type.pop("skill", []):
        foundry_skills.skill(reading, item, modifiers, penalties, abilities)
    for kind in ("rune", "passion"):
        for item in by_type.pop(kind, []):
            foundry_skills.rune_or_passion(reading, item, kind, abilities)
    weapons = [
        made for item in by_type.pop("weapon", []) if (made := foundry_combat.weapon(reading, item))
    ]
    index = foundry_combat.locations(reading, by_type.pop("hitLocation", []), printed)
    foundry_combat.armour(reading, by_type.pop("armor", []), index)
    foundry_magic.magic(reading, by_type)
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
    _health(sheet, text(attributes.get("health")))
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
    walk = whole(mapping(mapping(attributes.get("move")).get("walk")).get("value"))
    if walk is not None and not creature:  # a creature's move is its own
        printed["move"] = walk


def _characteristics(reading: Reading, raw: Mapping[str, Any]) -> dict[str, int]:
    chars: dict[str, int] = {}
    for key, short in CHARACTERISTICS.items():
        entry = mapping(raw.get(key))
        value = whole(entry.get("value"))
        if value is None:
            reading.unread.append(f"characteristic {short}: no value in the export")
            continue
        chars[short] = value
        if entry.get("hasExperience") is True:
            reading.unread.append(
                f"{short}'s experience check (gmdash ticks abilities, not characteristics)"
            )
    return chars


def _points(reading: Reading, attributes: Mapping[str, Any], printed: dict[str, Any]) -> None:
    for key, ours in (("hitPoints", "hit_points"), ("magicPoints", "magic_points")):
        points = mapping(attributes.get(key))
        value, top = whole(points.get("value")), whole(points.get("max"))
        if value is not None:
            reading.sheet[ours] = value
        if top is not None:
            printed[ours] = top


def _leftover_items(reading: Reading, by_type: dict[str, list[Mapping[str, Any]]]) -> list[str]:
    """Reports items gmdash cannot map; returns the notes naming those it keeps no data for."""
    notes: list[str] = []
    for item_type, items in sorted(by_type.items()):
        names = ", ".join(text(i.get("name")) or "(no name)" for i in items)
        what = IGNORED_TYPES.get(item_type)
        if what:
            reading.unread.append(f"{what} (gmdash keeps no {what}; named in the notes): {names}")
            notes.append(f"{what.capitalize()}: {names}")
        else:
            reading.unread.append(f"items of an unknown type {item_type!r}: {names}")
    return notes


def _background(system: Mapping[str, Any]) -> list[str]:
    background = mapping(system.get("background"))
    return [
        f"{label}: {value}"
        for label, key in (
            ("Species", "species"),
            ("Homeland", "homeland"),
            ("Tribe", "tribe"),
            ("Clan", "clan"),
            ("Occupation", "occupation"),
        )
        if (value := text(background.get(key)))
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
        names = ", ".join(text(e.get("name")) or "(no name)" for e in effects)
        reading.unread.append(f"active effects (their modifiers are not applied): {names}")


def _unique(reading: Reading, items: list[dict[str, Any]], what: str) -> None:
    seen: set[str] = set()
    for item in list(items):
        key = str(item["name"]).casefold()
        if key in seen:
            items.remove(item)
            reading.unread.append(f"a second {what} called {item['name']!r}")
        seen.add(key)
