"""What an import read from a foreign format (a Foundry VTT actor, a printed stat block): the
sheet it makes, in the exchange format (docs/character-schema.md), and the report beside it.

The report has three lists a game master reads before saving: what was not read (never dropped
silently), what gmdash chose where the source was silent, and where the source's own derived
numbers differ from those gmdash computes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gmdash.model.derived import derive_from
from gmdash.rules.locations import DEFAULT_TABLE, TABLES, HitTable
from gmdash.rules.ruleset import RuleSet

LOCATION_WORDS: dict[str, str] = {
    "right leg": "right_leg", "left leg": "left_leg", "abdomen": "abdomen", "chest": "chest",
    "right arm": "right_arm", "left arm": "left_arm", "head": "head",
    "r leg": "right_leg", "l leg": "left_leg", "r arm": "right_arm", "l arm": "left_arm",
    "rleg": "right_leg", "lleg": "left_leg", "rarm": "right_arm", "larm": "left_arm",
    "jambe droite": "right_leg", "jambe gauche": "left_leg", "poitrine": "chest",
    "torse": "chest", "bras droit": "right_arm", "bras gauche": "left_arm", "tête": "head",
    "tete": "head",
}  # fmt: skip
"""Humanoid location names as printed (English and French) -> gmdash's location keys."""


def humanoid_location(name: str) -> str | None:
    """The gmdash location a printed name stands for (`Right Leg`, `R. Arm`, `Tête`), if any."""
    key = " ".join(name.casefold().replace(".", " ").replace("-", " ").split())
    return LOCATION_WORDS.get(key)


SIDE_WORDS = {"r": "right", "rt": "right", "l": "left", "lt": "left"}
KEY_ALIASES = {
    "right_front_leg": "right_foreleg", "left_front_leg": "left_foreleg",
    "right_rear_leg": "right_hind_leg", "left_rear_leg": "left_hind_leg",
    "right_fore_leg": "right_foreleg", "left_fore_leg": "left_foreleg",
    "right_hindleg": "right_hind_leg", "left_hindleg": "left_hind_leg",
    "hind_quarters": "hindquarters", "fore_quarters": "forequarters",
}  # fmt: skip
"""Other ways of printing the locations of gmdash's tables (docs/rules.md#hit-locations)."""


def location_key(name: str) -> str:
    """gmdash's key for a location as printed: `Right Leg`, `R. Arm`, `Tête` -> `head`,
    `Right Hind Leg` -> `right_hind_leg`, `Left front leg` -> `left_foreleg`."""
    humanoid = humanoid_location(name)
    if humanoid is not None:
        return humanoid
    words = name.casefold().replace(".", " ").replace("-", " ").replace("'", " ").split()
    key = "_".join(SIDE_WORDS.get(word, word) for word in words)
    return KEY_ALIASES.get(key, key)


def table_with(keys: set[str]) -> HitTable | None:
    """The built-in hit-location table with exactly these locations, if there is one."""
    return next((table for table in TABLES.values() if set(table.keys) == keys), None)


def sheet_table(sheet: Mapping[str, Any]) -> HitTable:
    """The table a sheet being read names (humanoid unless it says otherwise)."""
    return TABLES.get(str(sheet.get("hit_table", DEFAULT_TABLE)), TABLES[DEFAULT_TABLE])


@dataclass(frozen=True, slots=True)
class LocationRow:
    """One row of a hit-location table as the source gives it."""

    name: str
    low: int
    high: int
    armour: int
    hit_points: int

    @property
    def d20(self) -> str:
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"


@dataclass(slots=True)
class Reading:
    """A sheet read from `source`, and what the game master should know before saving it."""

    source: str
    sheet: dict[str, Any]
    unread: list[str] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)
    location_table: list[LocationRow] = field(default_factory=list)
    spells: list[tuple[str, str, int | None, bool, str]] = field(default_factory=list)
    """Spells as a stat block lists them: (kind, name, points, variable, note in brackets)."""

    def report(self) -> dict[str, Any]:
        """The report as JSON (the CLI's `--json`)."""
        return {
            "source": self.source,
            "not_read": list(self.unread),
            "assumed": list(self.assumed),
            "differences": list(self.differences),
            "locations": [
                {"name": r.name, "d20": r.d20, "armour": r.armour, "hit_points": r.hit_points}
                for r in self.location_table
            ],
        }  # fmt: skip


def compare_derived(
    reading: Reading, chars: Mapping[str, int], printed: Mapping[str, object], ruleset: RuleSet
) -> None:
    """Add a difference for each of the source's own derived numbers (`hit_points`,
    `magic_points`, `damage_bonus`, `dex_sr`, `siz_sr`, `healing_rate`, `move`, and
    `locations` as {key: HP}) that is not what gmdash computes from `chars`."""
    table = sheet_table(reading.sheet)
    try:
        derived = derive_from(chars, ruleset, table)
    except (KeyError, ValueError):
        return  # characteristics missing: the sheet is refused for that, by name
    gmdash_locations = {str(loc): hp for loc, hp in derived.locations.items()}
    ours: dict[str, object] = {
        "hit_points": derived.hit_points,
        "magic_points": derived.magic_points,
        "damage_bonus": derived.damage_bonus,
        "dex_sr": derived.dex_sr,
        "siz_sr": derived.siz_sr,
        "healing_rate": derived.healing_rate,
        "move": derived.movement_walk,
    }
    words = {
        "hit_points": "hit points", "magic_points": "magic points",
        "damage_bonus": "damage bonus", "dex_sr": "DEX strike rank",
        "siz_sr": "SIZ strike rank", "healing_rate": "healing rate", "move": "move",
    }  # fmt: skip
    for key, theirs in printed.items():
        if key == "locations" or key not in ours:
            continue
        mine = ours[key]
        if key == "damage_bonus":
            theirs, mine = bonus_text(str(theirs)), bonus_text(str(mine))
        if theirs != mine:
            reading.differences.append(
                f"{words[key]}: {reading.source} says {theirs}, gmdash computes {mine}"
            )
    locations = printed.get("locations")
    if isinstance(locations, Mapping):
        for key in table.keys:
            theirs = locations.get(key)
            mine = gmdash_locations.get(key)
            if theirs is not None and theirs != mine:
                label = key.replace("_", " ")
                reading.differences.append(
                    f"{label} HP: {reading.source} says {theirs}, gmdash computes {mine}"
                )


def bonus_text(text: str) -> str:
    """A damage bonus written one way: `+1D4`, `-1D4`, or `0` for none."""
    cleaned = text.strip().upper().replace(" ", "")
    if cleaned in ("", "0", "+0", "-", "—", "NONE", "AUCUN"):
        return "0"
    return cleaned if cleaned.startswith(("+", "-")) else f"+{cleaned}"


def settle_points(reading: Reading, ruleset: RuleSet) -> None:
    """Current points the source gives made to fit gmdash's maxima, each change reported:
    above a maximum (the source counted an effect gmdash does not) comes down to it; a
    location the source left out starts full."""
    sheet = reading.sheet
    try:
        derived = derive_from(sheet.get("characteristics") or {}, ruleset, sheet_table(sheet))
    except (KeyError, ValueError, TypeError):
        return  # the import is refused for the characteristics, by name
    tops = {"hit_points": derived.hit_points, "magic_points": derived.magic_points}
    for key, top in tops.items():
        value = sheet.get(key)
        if isinstance(value, int) and value > top:
            words = key.replace("_", " ")
            reading.assumed.append(f"{words} {value} brought down to gmdash's maximum {top}")
            sheet[key] = top
    locations = sheet.get("locations")
    if not isinstance(locations, dict):
        return
    for key, top in ((str(loc), hp) for loc, hp in derived.locations.items()):
        label = key.replace("_", " ")
        value = locations.get(key)
        if value is None:
            locations[key] = top
            reading.assumed.append(f"{label}: not in {reading.source}: full ({top} HP)")
        elif value > top:
            locations[key] = top
            reading.assumed.append(f"{label} HP {value} brought down to gmdash's maximum {top}")


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
        if (row.low, row.high) != (spec.low, spec.high):
            reading.differences.append(
                f"{row.name}: {reading.source} says D20 {row.d20}, gmdash's {table.title} "
                f"table {spec.d20}"
            )
    return table
