"""Hit-location tables as data: D20 ranges, hit points per location, limbs and vital locations
(docs/rules.md#hit-locations, #hit-location-tables, #location-hit-points).

The rules core never assumes a body: every wound, armour and healing rule takes a `HitTable`.
The built-in tables are `TABLES`; `HitTable.from_rows` builds one from plain data (a stat block's
location table), checked so that every D20 roll hits exactly one location.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class Location(StrEnum):
    """The humanoid table's locations, by name (kept for the humanoid-only rules, such as the
    shield arm, and for the code that names a humanoid location outright)."""

    LEFT_LEG = "left_leg"
    RIGHT_LEG = "right_leg"
    ABDOMEN = "abdomen"
    CHEST = "chest"
    LEFT_ARM = "left_arm"
    RIGHT_ARM = "right_arm"
    HEAD = "head"

    @property
    def label(self) -> str:
        return location_label(self.value)

    @property
    def is_limb(self) -> bool:
        return HUMANOID.spec(self.value).is_limb


class LocationKind(StrEnum):
    """How a location reacts to a wound (docs/rules.md#limb-wounds, #body-wounds)."""

    LIMB = "limb"
    HEAD = "head"
    CHEST = "chest"
    ABDOMEN = "abdomen"


_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
D20_SIDES = 20


def location_label(key: str) -> str:
    """How a location key reads: `right_hind_leg` -> "Right Hind Leg"."""
    return key.replace("_", " ").title()


@dataclass(frozen=True, slots=True)
class LocationSpec:
    """One row of a table: its D20 range, its HP relative to the base location HP, its kind,
    and (for a limb) the body location it hangs from (a major abdomen wound disables it)."""

    key: str
    low: int
    high: int
    hp_delta: int
    kind: LocationKind
    connected_to: str = ""

    @property
    def label(self) -> str:
        return location_label(self.key)

    @property
    def is_limb(self) -> bool:
        return self.kind is LocationKind.LIMB

    @property
    def d20(self) -> str:
        """The range as printed: "01-04", "12"."""
        return f"{self.low:02d}" if self.low == self.high else f"{self.low:02d}-{self.high:02d}"

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key, "low": self.low, "high": self.high, "hp_delta": self.hp_delta,
            "kind": str(self.kind), "connected_to": self.connected_to,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class HitTable:
    """A body's hit locations. Checked on construction: keys unique and well formed, the D20
    ranges cover 1-20 with no gap and no overlap, limbs hang only from a body location."""

    name: str
    title: str
    locations: tuple[LocationSpec, ...]

    def __post_init__(self) -> None:
        if not _KEY.fullmatch(self.name):
            raise ValueError(f"a table name is lower-case letters, digits and _, not {self.name!r}")
        keys = [spec.key for spec in self.locations]
        if not keys:
            raise ValueError(f"table {self.name}: no location")
        for key in keys:
            if not _KEY.fullmatch(key):
                raise ValueError(f"table {self.name}: a location key is lower-case letters, "
                                 f"digits and _, not {key!r}")  # fmt: skip
        if len(set(keys)) != len(keys):
            raise ValueError(f"table {self.name}: a location appears twice")
        expected = 1
        for spec in sorted(self.locations, key=lambda s: s.low):
            if spec.low != expected or spec.high < spec.low:
                raise ValueError(f"table {self.name}: D20 {expected} is not where {spec.key} "
                                 f"({spec.low}-{spec.high}) starts")  # fmt: skip
            expected = spec.high + 1
        if expected != D20_SIDES + 1:
            raise ValueError(f"table {self.name}: the D20 ranges end at {expected - 1}, not 20")
        body = {spec.key for spec in self.locations if not spec.is_limb}
        for spec in self.locations:
            if spec.connected_to and (not spec.is_limb or spec.connected_to not in body):
                raise ValueError(f"table {self.name}: {spec.key} cannot hang from "
                                 f"{spec.connected_to!r}")  # fmt: skip

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(spec.key for spec in self.locations)

    @property
    def top_down(self) -> tuple[str, ...]:
        """The locations as a sheet lists them, head first: down the D20 (humanoid: head, left
        arm, right arm, chest, abdomen, left leg, right leg)."""
        return tuple(spec.key for spec in sorted(self.locations, key=lambda s: -s.low))

    def spec(self, key: str) -> LocationSpec:
        """The row of `key`; ValueError names the table's locations if it has none."""
        for spec in self.locations:
            if spec.key == key:
                return spec
        raise ValueError(f"{self.title} has no location {key!r} ({', '.join(self.keys)})")

    def has(self, key: str) -> bool:
        return key in self.keys

    def from_d20(self, roll: int) -> str:
        """The location a D20 roll hits."""
        for spec in self.locations:
            if spec.low <= roll <= spec.high:
                return spec.key
        raise ValueError(f"a D20 roll is 1 to 20, not {roll}")

    def hit_points(self, total_hp: int) -> dict[str, int]:
        """Hit points per location for a body of `total_hp` hit points."""
        base = location_base_hp(total_hp)
        return {spec.key: max(1, base + spec.hp_delta) for spec in self.locations}

    def hanging_from(self, key: str) -> tuple[str, ...]:
        """The limbs connected to body location `key` (the legs of an abdomen)."""
        return tuple(spec.key for spec in self.locations if spec.connected_to == key)

    def of_kind(self, kind: LocationKind) -> tuple[str, ...]:
        return tuple(spec.key for spec in self.locations if spec.kind is kind)

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "locations": [spec.to_dict() for spec in self.locations],
        }

    @classmethod
    def from_rows(cls, name: str, title: str, rows: Iterable[Mapping[str, object]]) -> HitTable:
        """A table from plain rows (`key`, `low`, `high`, `hp_delta`, `kind`, optional
        `connected_to`), as `to_dict` writes them. ValueError says what is wrong."""
        specs: list[LocationSpec] = []
        for index, row in enumerate(rows):
            try:
                key, low, high = row["key"], row["low"], row["high"]
                delta, kind = row.get("hp_delta", 0), row.get("kind", "limb")
                hung = row.get("connected_to", "") or ""
            except (KeyError, AttributeError, TypeError) as error:
                raise ValueError(f"table {name}: row {index + 1} lacks {error}") from None
            numbers = (low, high, delta)
            if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers):
                raise ValueError(f"table {name}: row {index + 1} needs whole numbers")
            if not isinstance(key, str) or not isinstance(hung, str):
                raise ValueError(f"table {name}: row {index + 1} needs a location name")
            if kind not in set(LocationKind):
                raise ValueError(f"table {name}: row {index + 1} kind is one of "
                                 f"{', '.join(LocationKind)}, not {kind!r}")  # fmt: skip
            assert isinstance(low, int) and isinstance(high, int) and isinstance(delta, int)
            specs.append(LocationSpec(key, low, high, delta, LocationKind(str(kind)), hung))
        return cls(name, title, tuple(specs))


def location_base_hp(total_hp: int) -> int:
    """The base location HP: a third of total HP rounded up, at least 2
    (docs/rules.md#location-hit-points)."""
    return max(2, -(-total_hp // 3))


def _limb(key: str, low: int, high: int, delta: int, hangs_from: str) -> LocationSpec:
    return LocationSpec(key, low, high, delta, LocationKind.LIMB, hangs_from)


def _body(key: str, low: int, high: int, delta: int, kind: LocationKind) -> LocationSpec:
    return LocationSpec(key, low, high, delta, kind)


_HEAD, _CHEST, _ABDOMEN = LocationKind.HEAD, LocationKind.CHEST, LocationKind.ABDOMEN

# The tables of docs/rules.md#hit-location-tables, row by row (D20 range, HP delta, kind).
HUMANOID = HitTable("humanoid", "Humanoid", (
    _limb("right_leg", 1, 4, 0, "abdomen"),
    _limb("left_leg", 5, 8, 0, "abdomen"),
    _body("abdomen", 9, 11, 0, _ABDOMEN),
    _body("chest", 12, 12, 1, _CHEST),
    _limb("right_arm", 13, 15, -1, "chest"),
    _limb("left_arm", 16, 18, -1, "chest"),
    _body("head", 19, 20, 0, _HEAD),
))  # fmt: skip

QUADRUPED = HitTable("quadruped", "Four-legged", (
    _limb("right_hind_leg", 1, 2, 0, "hindquarters"),
    _limb("left_hind_leg", 3, 4, 0, "hindquarters"),
    _body("hindquarters", 5, 7, 1, _ABDOMEN),
    _body("forequarters", 8, 10, 1, _CHEST),
    _limb("right_foreleg", 11, 13, 0, "forequarters"),
    _limb("left_foreleg", 14, 16, 0, "forequarters"),
    _body("head", 17, 20, 0, _HEAD),
))  # fmt: skip

WINGED_HUMANOID = HitTable("winged_humanoid", "Winged humanoid", (
    _limb("right_leg", 1, 3, 0, "abdomen"),
    _limb("left_leg", 4, 6, 0, "abdomen"),
    _body("abdomen", 7, 9, 0, _ABDOMEN),
    _body("chest", 10, 10, 1, _CHEST),
    _limb("right_wing", 11, 12, -1, "chest"),
    _limb("left_wing", 13, 14, -1, "chest"),
    _limb("right_arm", 15, 16, -1, "chest"),
    _limb("left_arm", 17, 18, -1, "chest"),
    _body("head", 19, 20, 0, _HEAD),
))  # fmt: skip

WINGED_QUADRUPED = HitTable("winged_quadruped", "Winged four-legged", (
    _limb("right_hind_leg", 1, 3, 0, "hindquarters"),
    _limb("left_hind_leg", 4, 6, 0, "hindquarters"),
    _body("hindquarters", 7, 9, 1, _ABDOMEN),
    _body("forequarters", 10, 10, 1, _CHEST),
    _limb("right_wing", 11, 12, -1, "forequarters"),
    _limb("left_wing", 13, 14, -1, "forequarters"),
    _limb("right_foreleg", 15, 16, 0, "forequarters"),
    _limb("left_foreleg", 17, 18, 0, "forequarters"),
    _body("head", 19, 20, 0, _HEAD),
))  # fmt: skip

FLYING_BIRD = HitTable("flying_bird", "Flying bird", (
    _limb("tail", 1, 1, -2, "abdomen"),
    _limb("right_leg", 2, 4, -1, "abdomen"),
    _limb("left_leg", 5, 7, -1, "abdomen"),
    _body("abdomen", 8, 9, 0, _ABDOMEN),
    _body("chest", 10, 12, 1, _CHEST),
    _limb("right_wing", 13, 14, 0, "chest"),
    _limb("left_wing", 15, 16, 0, "chest"),
    _body("head", 17, 20, 0, _HEAD),
))  # fmt: skip

TABLES: dict[str, HitTable] = {
    table.name: table
    for table in (HUMANOID, QUADRUPED, WINGED_HUMANOID, WINGED_QUADRUPED, FLYING_BIRD)
}
DEFAULT_TABLE = HUMANOID.name


def hit_table(name: str) -> HitTable:
    """The built-in table called `name`; ValueError lists the known ones."""
    table = TABLES.get(name)
    if table is None:
        raise ValueError(f"no hit-location table {name!r} (known: {', '.join(TABLES)})")
    return table


def location_from_d20(roll: int, table: HitTable = HUMANOID) -> str:
    """The location a D20 roll hits on `table`."""
    return table.from_d20(roll)


def location_hit_points(total_hp: int, table: HitTable = HUMANOID) -> dict[str, int]:
    """Hit points per location for a body on `table` with `total_hp` hit points."""
    return table.hit_points(total_hp)
