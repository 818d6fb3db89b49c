"""Bringing a character in from text: gmdash's own JSON, a Foundry VTT RuneQuest actor, or a
printed stat block. One door for both front ends: read and preview (nothing stored), then save.

The format is told from the text itself: JSON with gmdash's envelope (or a bare sheet) is the
exchange format (docs/character-schema.md); JSON with Foundry's `system` and `items` is a
Foundry actor; anything else is a stat block.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from gmdash.formats.character_file import ignored_fields, import_payload
from gmdash.formats.foundry import is_foundry_actor, read_foundry
from gmdash.formats.reading import Reading
from gmdash.formats.statblock import read_statblock
from gmdash.model.bestiary import CreatureTemplate, template_from_sheet
from gmdash.model.character import Character, read_characteristics
from gmdash.model.errors import ValidationError
from gmdash.play import bestiary
from gmdash.play.campaign import CampaignService
from gmdash.rules.ruleset import RuleSet
from gmdash.safe_text import visible
from gmdash.store.imports import ImportFileError, read_import_file

__all__ = ["ImportFileError", "read_import_file"]  # the front ends read import files through here

GMDASH = "gmdash"
FOUNDRY = "foundry"
STATBLOCK = "statblock"


class NotReadable(ValueError):
    """Text that is no character: one line saying why."""


@dataclass(slots=True)
class Source:
    """What the text held: its format, the sheet (exchange JSON) and, for the formats gmdash
    interprets, the reading with its report."""

    format: str
    payload: dict[str, Any]
    reading: Reading | None = None
    ignored: list[str] = field(default_factory=list)


def read_source(text: str, ruleset: RuleSet = RuleSet.RQG) -> Source:
    """The character in `text`; NotReadable (bad JSON) or ValidationError (a gmdash sheet
    beyond the import limits) when there is none."""
    if not text.strip():
        raise NotReadable("there is nothing to import: the text is empty")
    if text.lstrip().startswith(("{", "[")):
        try:
            data = json.loads(text)
        except RecursionError:
            raise NotReadable("the JSON is nested too deeply to be a character") from None
        except ValueError as error:
            raise NotReadable(f"not valid JSON: {error}") from None
        return read_data(data, ruleset)
    reading = read_statblock(text, ruleset)
    return Source(STATBLOCK, reading.sheet, reading)


def read_data(data: object, ruleset: RuleSet = RuleSet.RQG) -> Source:
    """The character in parsed JSON: a Foundry actor, else gmdash's own format."""
    if is_foundry_actor(data):
        assert isinstance(data, dict)
        reading = read_foundry(data, ruleset)
        return Source(FOUNDRY, reading.sheet, reading)
    payload = import_payload(data)
    return Source(GMDASH, payload, None, ignored_fields(data))


@dataclass(slots=True)
class Preview:
    """The sheet an import would add, or the one reason it cannot; nothing is stored."""

    source: Source
    sheet: Character | None
    changes: list[str]
    error: str = ""

    @property
    def ready(self) -> bool:
        return self.sheet is not None


def preview(service: CampaignService, source: Source, *, convert: bool = False) -> Preview:
    """What saving `source` into the campaign would add (checked as saving checks it)."""
    try:
        if source.reading is not None:  # the missing characteristic is the news, not the rules
            read_characteristics(source.payload.get("characteristics", {}))
        sheet, changes = service.fit_import(source.payload, convert=convert)
    except ValidationError as error:
        return Preview(source, None, [], f"invalid {error.field}: {error.message}")
    return Preview(source, sheet, changes)


def save(service: CampaignService, source: Source, *, convert: bool = False) -> Character:
    """Add the sheet to the campaign (ValidationError, nothing stored, when it does not fit)."""
    sheet, _ = service.import_character(source.payload, convert=convert)
    return sheet


def save_as_template(
    service: CampaignService, source: Source, *, convert: bool = False
) -> tuple[CreatureTemplate, bool]:
    """Keep the sheet read as a bestiary template (tonight's foes from the scenario's stat
    block), and whether it replaced a template of that name; nothing joins the roster.
    ValidationError, nothing stored, when the sheet would not be accepted."""
    found = preview(service, source, convert=convert)
    if found.sheet is None:
        raise ValidationError("sheet", found.error or "nothing that can be saved")
    creature = template_from_sheet(found.sheet)
    replaced = creature.name.casefold() in service.state.bestiary  # the state's own key
    bestiary.save_template(service, creature)
    return creature, replaced


def preview_lines(found: Preview, ruleset: RuleSet = RuleSet.RQG) -> list[str]:
    """The preview as lines of plain text: the sheet as it would be saved, then the report
    (BRP's weapons without a strike rank: its fight goes in DEX order)."""
    lines: list[str] = []
    if found.sheet is not None:
        lines += _sheet_lines(found.sheet, ruleset)
    if found.source.reading is not None:
        lines += _reading_lines(found.source.reading, sheet_read=found.sheet is not None)
    lines += [f"Ignored: {name}" for name in found.source.ignored]
    lines += [f"Converted: {change}" for change in found.changes]
    if found.error:
        lines.append(f"Cannot save: {found.error}")
    return [visible(line) for line in lines]


def _sheet_lines(sheet: Character, ruleset: RuleSet) -> list[str]:
    """The sheet as it would be saved: who, characteristics, points, locations, then the rest."""
    chars = "  ".join(f"{k} {v}" for k, v in sheet.characteristics.items())
    rune_points = (
        f"  RP {sheet.rune_points}/{sheet.rune_points_max}" if sheet.rune_points_max else ""
    )
    locations = ", ".join(
        f"{key.replace('_', ' ')} {hp}"
        + (f" ({sheet.armour[key]} AP)" if sheet.armour.get(key) else "")
        for key, hp in sheet.locations.items()
    )
    return [
        f"{sheet.name} ({'player character' if sheet.kind == 'pc' else 'NPC'})",
        chars,
        f"HP {sheet.hit_points}  MP {sheet.magic_points}{rune_points}",
        f"Locations: {locations}",
        *_weapon_lines(sheet, ruleset),
        *_ability_lines(sheet),
        *_magic_lines(sheet),
        *([f"Conditions: {', '.join(sheet.conditions)}"] if sheet.conditions else []),
    ]


def _weapon_lines(sheet: Character, ruleset: RuleSet) -> list[str]:
    return [
        f"Weapon: {weapon.name} ({weapon.skill} {_value(sheet, weapon.skill)}), "
        f"{weapon.damage}, {'' if ruleset is RuleSet.BRP else f'SR {weapon.sr}, '}"
        f"{weapon.hit_points} HP, {weapon.special}, {weapon.use}"
        for weapon in sheet.weapons
    ]


def _ability_lines(sheet: Character) -> list[str]:
    lines: list[str] = []
    for kind, label in (("skill", "Skills"), ("rune", "Runes"), ("passion", "Passions")):
        shown = [f"{a.name} {a.value}%{' ✓' if a.ticked else ''}"
                 for a in sheet.abilities if a.kind == kind]  # fmt: skip
        if shown:
            lines.append(f"{label}: " + ", ".join(shown))
    return lines


def _magic_lines(sheet: Character) -> list[str]:
    lines: list[str] = []
    if sheet.spells:
        lines.append("Spells: " + ", ".join(
            f"{s.name} {s.points}{' (variable)' if s.variable else ''}" for s in sheet.spells
        ))  # fmt: skip
    for cult in sheet.cults:
        spells = ", ".join(f"{s.name} {s.points}" for s in cult.spells)
        lines.append(f"Cult: {cult.name} ({cult.rank}), Rune points "
                     f"{cult.rune_points}/{cult.rune_points_max}"
                     + (f": {spells}" if spells else ""))  # fmt: skip
    return lines


def _reading_lines(reading: Reading, *, sheet_read: bool) -> list[str]:
    """What the reader said of the text: what it did not read, assumed, found different."""
    lines: list[str] = []
    others = [r for r in reading.location_table if r.name]
    if others and not sheet_read:
        lines.append("Locations read: " + ", ".join(
            f"{r.name} {r.d20} {r.armour}/{r.hit_points}" for r in others))  # fmt: skip
    if summary := reading.line_summary():
        lines.append(summary[:1].upper() + summary[1:])
    lines += [f"Not read: {line}" for line in reading.lines_not_read()]
    lines += [f"Not read: {line}" for line in reading.unread]
    lines += [f"Assumed: {line}" for line in reading.assumed]
    lines += [f"Differs: {line}" for line in reading.differences]
    return lines


def _value(sheet: Character, skill: str) -> str:
    ability = sheet.ability(skill)
    return f"{ability.value}%" if ability else "no such ability"
