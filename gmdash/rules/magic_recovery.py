"""Magic points coming back with game time (docs/rules.md#magic-point-recovery).

RQG: a character regains its full magic points (its POW) over a day, evenly: a quarter every six
hours, a twenty-fourth each hour (RQG core rules p. 54, as the Foundry VTT RQG system reads them,
`rqg-calculations.ts`, `magicPointRecoveryPointsPerDay`). Whole points only: what a span of time
gives is counted on the campaign's clock, so that the part of a point short of a whole one
carries to the next span instead of being lost. Rune points never come back with time (worship).
"""

from __future__ import annotations

from gmdash.rules.game_time import DAY


def points_by(clock: int, full: int) -> int:
    """Whole magic points a pool of `full` has regained after `clock` seconds of game time."""
    return clock * full // DAY


def recovered(full: int, current: int, clock_before: int, clock_after: int) -> int:
    """Magic points regained from `clock_before` to `clock_after` (seconds of game time), never
    above `full` (a pool already above full, from a spell, regains nothing)."""
    if clock_after <= clock_before or current >= full or full <= 0:
        return 0
    gained = points_by(clock_after, full) - points_by(clock_before, full)
    return min(gained, full - current)
