"""Magic and rune points: what a sheet has, what a change may do, the events of a change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gmdash.model.character import Character
from gmdash.model.derived import maxima
from gmdash.model.events import PointsSpent
from gmdash.model.magic import NO_CULT_POOL
from gmdash.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Pools:
    """Current and full magic and rune points of a sheet."""

    current: dict[str, int]
    full: dict[str, int]


def pools(character: Character, ruleset: RuleSet) -> Pools:
    """Magic points and every Rune point pool (no cult, then each cult's)."""
    full = maxima(character.characteristics, ruleset)
    runes = rune_pools(character)
    return Pools(
        current={"magic": character.magic_points, **runes.current},
        full={"magic": full.magic_points, **runes.full},
    )


def check_change(pool: str, change: int, have: Pools) -> str | None:
    """Why `change` cannot be applied to `pool` (None: it can)."""
    current, top = have.current[pool], have.full[pool]
    if change < 0 and -change > current:
        return f"only {current} {pool} points left"
    if change > 0 and current + change > top:
        return f"can regain at most {max(0, top - current)} (full is {top})"
    return None


def changes(character: Character, by_pool: Mapping[str, int]) -> list[PointsSpent]:
    """The events of spending (a negative change) or regaining points, pool by pool."""
    return [
        PointsSpent(character_id=character.id, pool=pool, amount=-change)
        for pool, change in by_pool.items()
        if change
    ]


def _refill(character: Character, pool: str, have: Pools) -> list[PointsSpent]:
    missing = have.full[pool] - have.current[pool]
    return (
        [PointsSpent(character_id=character.id, pool=pool, amount=-missing)] if missing > 0 else []
    )


def rest_events(character: Character, ruleset: RuleSet) -> list[PointsSpent]:
    """A full rest: magic points back to full (as points regained). Rune points do not come
    back with rest but through worship (`worship_events`; docs/rules.md, points)."""
    return _refill(character, "magic", pools(character, ruleset))


def rune_pools(character: Character) -> Pools:
    """Every Rune point pool of a sheet: the "no cult" one and each cult's
    (docs/rules.md#rune-point-pools)."""
    current = {NO_CULT_POOL: character.rune_points}
    full = {NO_CULT_POOL: character.rune_points_max}
    for cult in character.cults:
        current[cult.pool] = cult.rune_points
        full[cult.pool] = cult.rune_points_max
    return Pools(current=current, full=full)


def worship_events(character: Character, cult_name: str | None = None) -> list[PointsSpent]:
    """Worship (a holy day, a temple): Rune points back to full, in the pool of the cult
    worshipped (`cult_name`), or in every pool of the sheet (None). A character who is not of
    `cult_name` regains nothing."""
    have = rune_pools(character)
    if cult_name is None:
        return [event for pool in have.current for event in _refill(character, pool, have)]
    cult = character.cult(cult_name)
    return [] if cult is None else _refill(character, cult.pool, have)
