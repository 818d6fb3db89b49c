"""The resistance table (docs/rules.md#resistance)."""

from __future__ import annotations

TABLE_RANGE = range(1, 22)  # the printed table's axes


def resistance_chance(active: int, passive: int) -> int:
    """The active side's chance against the passive one, unbounded (<= 0 shows as '---')."""
    return 50 + 5 * (active - passive)


def resistance_table() -> list[tuple[int, int, int]]:
    """Every cell of the printed 21x21 table as (active, passive, chance)."""
    return [(a, p, resistance_chance(a, p)) for a in TABLE_RANGE for p in TABLE_RANGE]


def resistance_level_chance(chance: int) -> int:
    """The chance to read levels against: on a '---' cell 01-05 still succeeds
    (docs/rules.md#resistance)."""
    return max(1, chance)
