"""Humanoid hit locations: D20 table and hit points per location (docs/rules.md#hit-locations,
#location-hit-points)."""

from __future__ import annotations

from enum import StrEnum


class Location(StrEnum):
    """A humanoid hit location, in the D20 table's order of the printed sheet."""

    LEFT_LEG = "left_leg"
    RIGHT_LEG = "right_leg"
    ABDOMEN = "abdomen"
    CHEST = "chest"
    LEFT_ARM = "left_arm"
    RIGHT_ARM = "right_arm"
    HEAD = "head"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()

    @property
    def is_limb(self) -> bool:
        return self in LIMBS


LIMBS = frozenset({Location.LEFT_LEG, Location.RIGHT_LEG, Location.LEFT_ARM, Location.RIGHT_ARM})
LEGS = (Location.LEFT_LEG, Location.RIGHT_LEG)

# D20 ranges: 01-04 right leg, 05-08 left leg, 09-11 abdomen, 12 chest, 13-15 right arm,
# 16-18 left arm, 19-20 head.
D20_RANGES: tuple[tuple[int, int, Location], ...] = (
    (1, 4, Location.RIGHT_LEG),
    (5, 8, Location.LEFT_LEG),
    (9, 11, Location.ABDOMEN),
    (12, 12, Location.CHEST),
    (13, 15, Location.RIGHT_ARM),
    (16, 18, Location.LEFT_ARM),
    (19, 20, Location.HEAD),
)

# Hit points of each location in the 1-6 bracket; every further bracket of 3 HP adds 1.
_BASE_HP = {
    Location.LEFT_LEG: 2,
    Location.RIGHT_LEG: 2,
    Location.ABDOMEN: 2,
    Location.CHEST: 3,
    Location.LEFT_ARM: 1,
    Location.RIGHT_ARM: 1,
    Location.HEAD: 2,
}


def location_from_d20(roll: int) -> Location:
    """The location a D20 roll hits."""
    for low, high, location in D20_RANGES:
        if low <= roll <= high:
            return location
    raise ValueError(f"a D20 roll is 1 to 20, not {roll}")


def location_hit_points(total_hp: int) -> dict[Location, int]:
    """Hit points per location for a humanoid with `total_hp` hit points."""
    bracket = 0 if total_hp <= 6 else (total_hp - 7) // 3 + 1
    return {location: base + bracket for location, base in _BASE_HP.items()}
