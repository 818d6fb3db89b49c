"""Printed stat blocks read into a sheet, as the published RQG books and the French edition
print them (docs/character-schema.md#a-printed-stat-block).

Each pass reads one kind of thing and blanks what it read, so no later pass reads it twice and
what is left at the end is exactly what was not read: characteristics, the written-out labels
(hit points, Rune points and cults, strike ranks...), the hit-location table, the sections and
their headers, weapons, the short labels (`HP 12`), armour, the skill / Rune / passion /
language lists, spells, notes, abilities written anywhere else, the name. Every line of the
block is then read, partly read or not read (`Reading.lines`). Pure: text in, a `Reading` out;
the campaign's checks come after (`CampaignService.fit_import`).
"""

from __future__ import annotations

import re
from typing import Any

from gmdash.formats.abilities import CATEGORY_ALONE, AbilityRead, read_listed, read_loose
from gmdash.formats.armour import read_armour
from gmdash.formats.character_file import MAX_ABILITIES, MAX_NAME, MAX_WEAPONS
from gmdash.formats.characteristics import read_characteristics
from gmdash.formats.derived import compare_derived
from gmdash.formats.labels import Labels, read_long_labels, read_movement, read_short_labels
from gmdash.formats.location_table import read_column_rows, read_location_rows
from gmdash.formats.locations import fit_table, location_key
from gmdash.formats.magic import build_magic, read_spells
from gmdash.formats.reading import Reading
from gmdash.formats.sections import Section, find_sections
from gmdash.formats.text import NOISE, Buffer, LineState
from gmdash.formats.vocabulary import SectionKind
from gmdash.formats.weapon_fit import sheet_weapon
from gmdash.formats.weapons import WeaponRead, read_weapons
from gmdash.rules.attributes import damage_bonus
from gmdash.rules.locations import DEFAULT_TABLE, TABLES, HitTable
from gmdash.rules.ruleset import RuleSet

SOURCE = "the stat block"
MAX_TEXT = 100_000
"""Characters of a pasted block: a whole scenario's foes fit; more is not a stat block."""
BASE = ("STR", "CON", "SIZ", "DEX", "INT", "POW")
ANIMAL_CHARACTERISTIC = 10
"""A creature's missing CHA (or APP): the average of 3D6, which a bestiary template rolls for
it (`gmdash.model.bestiary.UNROLLED_DICE`)."""
SPIRIT_COMBAT = "Spirit Combat"
"""The skill gmdash's spirit combat rolls (`gmdash.play.combat.spirit.SKILL`)."""


def read_statblock(text: str, ruleset: RuleSet = RuleSet.RQG) -> Reading:
    """The sheet a printed stat block describes, with every line read or reported, what was
    assumed, and where the block's own numbers differ from gmdash's."""
    reading = Reading(source=SOURCE, sheet={"kind": "npc"})
    if len(text) > MAX_TEXT:
        reading.unread.append(f"the text is longer than {MAX_TEXT:,} characters: not read")
        return reading
    buffer = Buffer.of(text)
    labels = Labels()
    chars = read_characteristics(buffer, reading)
    read_long_labels(buffer, labels)
    read_location_rows(buffer, reading)
    sections = find_sections(buffer)
    read_column_rows(buffer, reading, sections)
    weapons = read_weapons(buffer, sections)
    read_short_labels(buffer, labels)
    table = _location_table(reading, labels)
    armour = read_armour(buffer, reading, sections, table)
    listed = read_listed(buffer, sections)
    spells = read_spells(buffer, sections, reading.unread)
    read_movement(buffer, labels, sections, reading)
    _read_notes(buffer, reading, sections)
    loose = read_loose(buffer, sections)
    name = " ".join(labels.name.split()) or _read_name(buffer)
    _sweep(buffer, sections)
    _build(reading, name, chars, weapons, [*listed, *loose], labels, armour, ruleset)
    build_magic(reading, spells, labels)
    reading.lines = buffer.line_statuses()
    _keep_notes(reading)
    if all(key in chars for key in BASE):
        compare_derived(reading, chars, labels.printed, ruleset)
    return reading


def _location_table(reading: Reading, labels: Labels) -> HitTable:
    """The sheet's table from the block's location rows (humanoid when it has none), its
    armour per location, and the rows' HP to compare."""
    if not reading.location_table:
        return TABLES[DEFAULT_TABLE]
    keys = [location_key(row.name) for row in reading.location_table]
    table = fit_table(reading, keys) or TABLES[DEFAULT_TABLE]
    rows = [(key, row) for key, row in zip(keys, reading.location_table, strict=True)
            if table.has(key)]  # fmt: skip
    if rows:
        reading.sheet["armour"] = {key: row.armour for key, row in rows if row.armour}
        labels.printed["locations"] = {key: row.hit_points for key, row in rows}
    return table


def _read_notes(buffer: Buffer, reading: Reading, sections: list[Section]) -> None:
    now = buffer.now
    for section in sections:
        if section.kind is SectionKind.NOTES:
            text = " ".join(now[section.start : section.end].split())
            if text:
                reading.kept_notes.append(text)
            buffer.blank(section.start, section.end)


def _read_name(buffer: Buffer) -> str:
    """The first line's text before anything read on it (`Broo warrior.`); none when the
    block's first line holds no such text."""
    for index, original in enumerate(buffer.original):
        if not original.strip():
            continue
        start, end = buffer.line_span(index)
        first_read = next((i for i in range(start, end)
                           if buffer.read[i] and buffer.text[i].isalnum()), end)  # fmt: skip
        head = buffer.now[start:first_read]
        name = _balanced(head.strip(NAME_NOISE))
        if not name or not re.search(r"[^\W\d_]", name):
            return ""
        at = start + head.index(name)
        buffer.blank(at, at + len(name))
        written = buffer.original[index][at - start : at - start + len(name)]
        plain = " ".join(re.sub(r"[*|\t]", " ", written).split())
        return re.sub(r"\s+([,.;:])", r"\1", plain)[:MAX_NAME]
    return ""


NAME_NOISE = NOISE.replace("(", "").replace(")", "")


def _balanced(name: str) -> str:
    """A name without a bracket left open or closed alone at its ends."""
    if name.endswith(")") and name.count("(") < name.count(")"):
        name = name[:-1].rstrip()
    if name.startswith("(") and name.count("(") > name.count(")"):
        name = name[1:].lstrip()
    return name.strip(NAME_NOISE)


def _sweep(buffer: Buffer, sections: list[Section]) -> None:
    """Category words left alone once their skills were read (`Magic:` before a `Spirit
    Combat 45%` the labels took) are read too: they sort, they hold nothing."""
    for section in sections:
        if section.kind is not SectionKind.SKILLS:
            continue
        for match in buffer.matches(CATEGORY_ALONE, section.start, section.end):
            buffer.blank(match.start(), match.end())


def _build(
    reading: Reading,
    name: str,
    chars: dict[str, int],
    weapons: list[WeaponRead],
    abilities: list[AbilityRead],
    labels: Labels,
    armour: dict[str, int] | None,
    ruleset: RuleSet,
) -> None:
    sheet = reading.sheet
    if not name:
        name = "Unnamed foe"
        reading.assumed.append("no name given: 'Unnamed foe'")
    sheet["name"] = name
    missing = [key for key in BASE if key not in chars]
    if missing:
        reading.unread.append(f"characteristics not given: {' '.join(missing)}")
    complete = not missing
    fifth = "APP" if ruleset is RuleSet.BRP else "CHA"
    if complete and "CHA" not in chars and "APP" not in chars:
        chars[fifth] = ANIMAL_CHARACTERISTIC
        reading.assumed.append(
            f"no {fifth} given (a creature's): {ANIMAL_CHARACTERISTIC}, the average of the 3D6 "
            "gmdash's bestiary rolls for it"
        )
    sheet["characteristics"] = dict(chars)
    bonus = damage_bonus(chars["STR"] + chars["SIZ"], ruleset) if complete else None
    sheet_weapons: list[dict[str, Any]] = []
    skills: list[AbilityRead] = []
    for weapon in weapons[:MAX_WEAPONS]:
        skills.append(AbilityRead(weapon.name, "skill", weapon.pct))
        made = sheet_weapon(reading, weapon, chars, bonus)
        if made is not None:
            sheet_weapons.append(made)
    if len(weapons) > MAX_WEAPONS:
        reading.unread.append(f"weapons beyond the first {MAX_WEAPONS}")
    if labels.spirit_combat is not None:
        skills.append(AbilityRead(SPIRIT_COMBAT, "skill", labels.spirit_combat))
        if labels.spirit_combat_name.casefold() != SPIRIT_COMBAT.casefold():
            reading.assumed.append(f"{labels.spirit_combat_name} read as gmdash's {SPIRIT_COMBAT}")
    if labels.spirit_damage:
        reading.unread.append(
            f"spirit combat damage {labels.spirit_damage} (gmdash does not keep it)"
        )
    sheet["weapons"] = _unique(reading, sheet_weapons, "weapon")
    sheet["abilities"] = _abilities(reading, [*skills, *abilities])
    _armour(reading, armour)


def _abilities(reading: Reading, found: list[AbilityRead]) -> list[dict[str, Any]]:
    """Each ability once (the first value printed kept, another reported)."""
    kept: dict[str, AbilityRead] = {}
    for ability in found:
        key = ability.name.casefold()
        first = kept.get(key)
        if first is None:
            kept[key] = ability
        elif first.value != ability.value:
            reading.differences.append(
                f"{ability.name}: the block gives {first.value}% and {ability.value}%: "
                f"{first.value}% kept"
            )
    if len(kept) > MAX_ABILITIES:
        reading.unread.append(f"abilities beyond the first {MAX_ABILITIES}")
    return [{"name": a.name, "kind": a.kind, "value": a.value, "ticked": False}
            for a in list(kept.values())[:MAX_ABILITIES]]  # fmt: skip


def _unique(reading: Reading, items: list[dict[str, Any]], what: str) -> list[dict[str, Any]]:
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for item in items:
        key = item["name"].casefold()
        if key in seen:
            reading.unread.append(f"a second {what} called {item['name']!r}")
            continue
        seen.add(key)
        kept.append(item)
    return kept


def _armour(reading: Reading, armour: dict[str, int] | None) -> None:
    """Armour from the armour lines, unless the location table gave it (then compared)."""
    if armour is None:
        return
    table_armour = reading.sheet.get("armour")
    if table_armour is None:
        reading.sheet["armour"] = {key: points for key, points in armour.items() if points}
        return
    for key in sorted(set(armour) | set(table_armour)):
        theirs, ours = table_armour.get(key, 0), armour.get(key, 0)
        if theirs != ours:
            reading.differences.append(
                f"{key.replace('_', ' ')} armour: the table says {theirs}, the armour line "
                f"{ours}: the table's kept"
            )


def _keep_notes(reading: Reading) -> None:
    """Notes sections, sorcery and every line not read go to the sheet's notes."""
    pieces = [f"{line.text}" if line.state is LineState.NOT_READ else "; ".join(line.unread)
              for line in reading.lines if line.state is not LineState.READ]  # fmt: skip
    kept = [*reading.kept_notes]
    if pieces:
        kept.append("Not read on import: " + "; ".join(pieces))
    if kept:
        reading.sheet["notes"] = "\n".join(kept)
