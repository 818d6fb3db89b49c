"""The character exchange format (docs/character-schema.md): export and import envelopes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmdash.model import validate as v
from gmdash.model.character import CHARACTERISTICS, OPTIONAL_CHARACTERISTICS, Character
from gmdash.model.errors import ValidationError

CHARACTER_FORMAT = "gmdash.character"
CHARACTER_SCHEMA_VERSION = 2
"""2: sheets carry `spells` and `cults` (a version 1 file reads as a sheet without magic)."""

# Limits on an imported sheet (docs/character-schema.md): far beyond any real sheet, low
# enough that a hostile or broken file cannot bloat a campaign or a screen.
MAX_NAME = 1_000
"""Characters in a name, player, ability, weapon or skill."""
MAX_NOTES = 20_000
MAX_CHARACTERISTIC = 999
MAX_POINTS = 9_999
"""Hit points (either sign), magic and rune points, armour, a weapon's hit points."""
MAX_ABILITIES = 300
MAX_WEAPONS = 50
MAX_SPELLS = 100
"""Spells on one sheet, and Rune spells in one cult."""
MAX_CULTS = 20

SHEET_FIELDS = frozenset(
    {"name", "kind", "player", "characteristics", "hit_points", "locations", "magic_points",
     "rune_points", "rune_points_max", "abilities", "weapons", "armour", "notes", "conditions",
     "wounds", "spells", "cults", "hit_table"}
)  # fmt: skip
ABILITY_FIELDS = frozenset({"name", "kind", "value", "ticked"})
WEAPON_FIELDS = frozenset(
    {"name", "skill", "damage", "sr", "hit_points", "max_hit_points", "special", "use"}
)
SPELL_FIELDS = frozenset({"name", "points", "variable", "chance"})
CULT_FIELDS = frozenset({"name", "rank", "rune_points", "rune_points_max", "runes", "spells"})
RUNE_SPELL_FIELDS = frozenset({"name", "points", "stackable", "one_use", "runes"})
ENVELOPE_FIELDS = frozenset({"format", "schema_version", "character"})


def export_character(character: Character) -> dict[str, Any]:
    """A sheet wrapped for exchange; the campaign-local `id` is left out."""
    sheet = character.to_dict()
    del sheet["id"]
    return {
        "format": CHARACTER_FORMAT,
        "schema_version": CHARACTER_SCHEMA_VERSION,
        "character": sheet,
    }


def import_payload(data: object) -> dict[str, Any]:
    """The sheet inside an exported envelope (a bare sheet object is accepted too), checked
    against the import limits."""
    sheet = _sheet_of(data)
    check_limits(sheet)
    return sheet


def _sheet_of(data: object) -> dict[str, Any]:
    raw = v.mapping("file", data)
    if "format" not in raw and "character" not in raw:
        return dict(raw)
    if raw.get("format") != CHARACTER_FORMAT:
        raise ValidationError("format", f"expected {CHARACTER_FORMAT!r}, got {raw.get('format')!r}")
    version = v.whole("schema_version", raw.get("schema_version"), low=1)
    if version > CHARACTER_SCHEMA_VERSION:
        raise ValidationError(
            "schema_version",
            f"{version} is newer than this gmdash reads ({CHARACTER_SCHEMA_VERSION})",
        )
    return dict(v.mapping("character", raw.get("character")))


def check_limits(sheet: Mapping[str, Any]) -> None:
    """Refuse a sheet beyond the import limits, naming the first field over them."""
    for key in ("name", "player"):
        _short(key, sheet.get(key), MAX_NAME)
    _short("notes", sheet.get("notes"), MAX_NOTES)
    chars = sheet.get("characteristics")
    if isinstance(chars, Mapping):
        for key in (*CHARACTERISTICS, *OPTIONAL_CHARACTERISTICS):
            if chars.get(key) is not None:
                v.whole(f"characteristics.{key}", chars[key], high=MAX_CHARACTERISTIC)
    _within("hit_points", sheet.get("hit_points"))
    for key in ("magic_points", "rune_points", "rune_points_max"):
        _within(key, sheet.get(key))
    for table in ("locations", "armour"):
        values = sheet.get(table)
        if isinstance(values, Mapping):
            for key, value in values.items():
                _within(f"{table}.{key}", value)
    for where, most, fields in (("abilities", MAX_ABILITIES, ("name",)),
                                ("weapons", MAX_WEAPONS, ("name", "skill"))):  # fmt: skip
        entries = sheet.get(where)
        if not isinstance(entries, list):
            continue
        if len(entries) > most:
            raise ValidationError(where, f"at most {most} on one sheet, got {len(entries)}")
        for index, entry in enumerate(entries):
            if isinstance(entry, Mapping):
                for key in fields:
                    _short(f"{where}[{index}].{key}", entry.get(key), MAX_NAME)
                if where == "weapons":
                    _within(f"weapons[{index}].hit_points", entry.get("hit_points"))
    _check_magic_limits(sheet)


def _check_magic_limits(sheet: Mapping[str, Any]) -> None:
    """Spells and cults within the import limits (their values are checked as the sheet reads)."""
    _names_within("spells", sheet.get("spells"), MAX_SPELLS)
    cults = sheet.get("cults")
    _names_within("cults", cults, MAX_CULTS)
    for index, cult in enumerate(cults if isinstance(cults, list) else []):
        if isinstance(cult, Mapping):
            _names_within(f"cults[{index}].spells", cult.get("spells"), MAX_SPELLS)
            runes = cult.get("runes")
            if isinstance(runes, list) and len(runes) > MAX_SPELLS:
                raise ValidationError(f"cults[{index}].runes", f"at most {MAX_SPELLS} Runes")


def _names_within(where: str, entries: object, most: int) -> None:
    if not isinstance(entries, list):
        return
    if len(entries) > most:
        raise ValidationError(where, f"at most {most} on one sheet, got {len(entries)}")
    for index, entry in enumerate(entries):
        if isinstance(entry, Mapping):
            _short(f"{where}[{index}].name", entry.get("name"), MAX_NAME)


def _short(field: str, value: object, most: int) -> None:
    if isinstance(value, str) and len(value) > most:
        raise ValidationError(field, f"at most {most} characters, got {len(value)}")


def _within(field: str, value: object) -> None:
    if value is not None:
        v.whole(field, value, low=-MAX_POINTS, high=MAX_POINTS)


def ignored_fields(data: object) -> list[str]:
    """The fields of an import file that gmdash does not read (they are dropped), by path.

    The sheet's `id` is among them: import always gives a fresh one.
    """
    raw = v.mapping("file", data)
    found: list[str] = []
    if "format" in raw or "character" in raw:
        found += sorted(key for key in raw if key not in ENVELOPE_FIELDS)
    sheet = _sheet_of(data)
    found += sorted(key for key in sheet if key not in SHEET_FIELDS)
    for where, fields in (("abilities", ABILITY_FIELDS), ("weapons", WEAPON_FIELDS),
                          ("spells", SPELL_FIELDS), ("cults", CULT_FIELDS)):  # fmt: skip
        found += _unread(where, sheet.get(where), fields)
    cults = sheet.get("cults")
    for index, cult in enumerate(cults if isinstance(cults, list) else []):
        if isinstance(cult, Mapping):
            found += _unread(f"cults[{index}].spells", cult.get("spells"), RUNE_SPELL_FIELDS)
    return found


def _unread(where: str, entries: object, fields: frozenset[str]) -> list[str]:
    """The keys of each entry of a list that gmdash does not read, by path."""
    if not isinstance(entries, list):
        return []
    return [
        f"{where}[{index}].{key}"
        for index, entry in enumerate(entries)
        if isinstance(entry, Mapping)
        for key in sorted(entry)
        if key not in fields
    ]
