"""Characteristics and the attributes derived from them (docs/rules.md#characteristics,
#rqg-derived and #brp-derived)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from gmdash.rules.locations import HUMANOID, HitTable
from gmdash.rules.ruleset import RuleSet

WALK_METRES = 8
RUN_METRES = 24
STARTING_RUNE_POINTS = 3


@dataclass(frozen=True, slots=True)
class Characteristics:
    """The seven characteristics: CHA under RQG, APP under BRP. Each is a whole number >= 1."""

    STR: int
    CON: int
    SIZ: int
    DEX: int
    INT: int
    POW: int
    CHA: int | None = None
    APP: int | None = None

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if value is None and field.name in ("CHA", "APP"):
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{field.name} must be a whole number >= 1, not {value!r}")


@dataclass(frozen=True, slots=True)
class DerivedAttributes:
    """Every number derived from the characteristics."""

    hit_points: int
    locations: dict[str, int]
    healing_rate: int
    damage_bonus: str
    dex_sr: int
    siz_sr: int
    magic_points: int
    rune_points: int | None
    movement_walk: int
    movement_run: int


def siz_hp_modifier(siz: int) -> int:
    """1-4: -2, 5-8: -1, 9-12: 0, then +1 per further 4."""
    return (siz - 1) // 4 - 2


def pow_hp_modifier(power: int) -> int:
    """1-4: -1, 5-16: 0, 17-20: +1, then +1 per further 4."""
    if power <= 4:
        return -1
    return max(0, (power - 1) // 4 - 3)


def hit_points(chars: Characteristics, ruleset: RuleSet = RuleSet.RQG) -> int:
    if ruleset is RuleSet.BRP:
        return -(-(chars.CON + chars.SIZ) // 2)
    return chars.CON + siz_hp_modifier(chars.SIZ) + pow_hp_modifier(chars.POW)


def healing_rate(con: int) -> int:
    """HP regained per location each game week: <=6: 1, 7-12: 2, 13-18: 3, +1 per further 6."""
    return max(1, (con - 1) // 6 + 1)


def damage_bonus(str_plus_siz: int, ruleset: RuleSet = RuleSet.RQG) -> str:
    """The damage bonus dice for STR+SIZ, as text ("-1D4", "0", "+1D6", "+3D6")."""
    if str_plus_siz <= 12:
        return "-1D6" if ruleset is RuleSet.BRP else "-1D4"
    if ruleset is RuleSet.BRP and str_plus_siz <= 16:
        return "-1D4"
    if str_plus_siz <= 24:
        return "0"
    if str_plus_siz <= 32:
        return "+1D4"
    if str_plus_siz <= 40:
        return "+1D6"
    return f"+{2 + (str_plus_siz - 41) // 16}D6"


def dex_strike_rank(dex: int) -> int:
    """1-5: 5, 6-8: 4, 9-12: 3, 13-15: 2, 16-18: 1, 19+: 0."""
    for ceiling, rank in ((5, 5), (8, 4), (12, 3), (15, 2), (18, 1)):
        if dex <= ceiling:
            return rank
    return 0


def siz_strike_rank(siz: int) -> int:
    """1-6: 3, 7-14: 2, 15-21: 1, 22+: 0."""
    for ceiling, rank in ((6, 3), (14, 2), (21, 1)):
        if siz <= ceiling:
            return rank
    return 0


def derive(
    chars: Characteristics, ruleset: RuleSet = RuleSet.RQG, table: HitTable = HUMANOID
) -> DerivedAttributes:
    """All derived attributes. BRP reuses RQG's tables where it has none of its own
    (docs/rules.md#brp-derived)."""
    total = hit_points(chars, ruleset)
    return DerivedAttributes(
        hit_points=total,
        locations=table.hit_points(total),
        healing_rate=healing_rate(chars.CON),
        damage_bonus=damage_bonus(chars.STR + chars.SIZ, ruleset),
        dex_sr=dex_strike_rank(chars.DEX),
        siz_sr=siz_strike_rank(chars.SIZ),
        magic_points=chars.POW,
        rune_points=STARTING_RUNE_POINTS if ruleset is RuleSet.RQG else None,
        movement_walk=WALK_METRES,
        movement_run=RUN_METRES,
    )
