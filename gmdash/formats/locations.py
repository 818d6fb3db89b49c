"""Hit locations as a source names them, and the built-in table a source's locations make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmdash.formats.vocabulary import HIT_LOCATIONS, fold
from gmdash.rules.locations import DEFAULT_TABLE, TABLES, HitTable

if TYPE_CHECKING:
    from gmdash.formats.reading import Reading

SIDE_WORDS = {"r": "right", "rt": "right", "l": "left", "lt": "left"}
KEY_ALIASES = {
    "right_front_leg": "right_foreleg", "left_front_leg": "left_foreleg",
    "right_rear_leg": "right_hind_leg", "left_rear_leg": "left_hind_leg",
    "right_fore_leg": "right_foreleg", "left_fore_leg": "left_foreleg",
    "right_hindleg": "right_hind_leg", "left_hindleg": "left_hind_leg",
    "hind_quarters": "hindquarters", "fore_quarters": "forequarters",
}  # fmt: skip
"""Other ways of printing the locations of gmdash's tables (docs/rules.md#hit-locations)."""


def humanoid_location(name: str) -> str | None:
    """The gmdash location a printed name stands for (`Right Leg`, `R. Arm`, `Tête`), if any."""
    return HIT_LOCATIONS.get(fold(name.replace(".", " ")))


def location_key(name: str) -> str:
    """gmdash's key for a location as printed: `Right Leg`, `R. Arm`, `Tête` -> `head`,
    `Right Hind Leg` -> `right_hind_leg`, `Left front leg` -> `left_foreleg`."""
    humanoid = humanoid_location(name)
    if humanoid is not None:
        return humanoid
    words = fold(name.replace(".", " ")).split()
    key = "_".join(SIDE_WORDS.get(word, word) for word in words)
    return KEY_ALIASES.get(key, key)


def table_with(keys: set[str]) -> HitTable | None:
    """The built-in hit-location table with exactly these locations, if there is one."""
    return next((table for table in TABLES.values() if set(table.keys) == keys), None)


def sheet_table(sheet: Mapping[str, Any]) -> HitTable:
    """The table a sheet being read names (humanoid unless it says otherwise)."""
    return TABLES.get(str(sheet.get("hit_table", DEFAULT_TABLE)), TABLES[DEFAULT_TABLE])


def fit_table(reading: Reading, keys: list[str]) -> HitTable | None:
    """The built-in table whose locations the source's rows name (`keys`, gmdash's keys), put
    on the sheet; its D20 ranges are compared with the rows'. None, reported, when no table of
    gmdash's has exactly these locations: then only the humanoid ones are used."""
    table = table_with(set(keys))
    if table is None:
        humanoid = TABLES[DEFAULT_TABLE]
        others = [row.name for row, key in zip(reading.location_table, keys, strict=True)
                  if not humanoid.has(key)]  # fmt: skip
        if others:
            reading.unread.append(
                "hit locations no table of gmdash's has (" + ", ".join(others) + "): the sheet "
                "is humanoid"
            )
        return None
    if table.name != DEFAULT_TABLE:
        reading.sheet["hit_table"] = table.name
        reading.assumed.append(f"hit locations: gmdash's {table.title} table")
    for row, key in zip(reading.location_table, keys, strict=True):
        spec = table.spec(key)
        if (row.low, row.high) != (spec.low, spec.high) and row.low:
            reading.differences.append(
                f"{row.name}: {reading.source} says D20 {row.d20}, gmdash's {table.title} "
                f"table {spec.d20}"
            )
    return table
