"""Casting spells: chances, what each level of result costs, strike ranks and the limits on
what a character may know (docs/rules.md#magic)."""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.rules.levels import Level
from gmdash.rules.ruleset import RuleSet

SPIRIT_CHANCE_PER_POW = 5


@dataclass(frozen=True, slots=True)
class CastingCost:
    """What a cast takes from the caster: magic points (or BRP power points) and Rune points."""

    magic: int = 0
    rune: int = 0


def spirit_casting_chance(pow_: int, modifier: int = 0) -> int:
    """RQG spirit magic: POW x 5 plus modifiers, never below 0 (docs/rules.md#casting-chance)."""
    return max(0, SPIRIT_CHANCE_PER_POW * pow_ + modifier)


def rune_casting_chance(rune_affinity: int, modifier: int = 0) -> int:
    """RQG Rune magic: the Rune affinity used plus modifiers, never below 0."""
    return max(0, rune_affinity + modifier)


def spirit_magic_cost(level: Level, points: int, boost: int = 0) -> CastingCost:
    """RQG spirit magic: any success spends the spell's points and the boost; a failure or a
    fumble spends nothing (docs/rules.md#spirit-magic-cost)."""
    return CastingCost(magic=points + boost) if level.is_success else CastingCost()


def rune_magic_cost(level: Level, rune_points: int, boost: int = 0) -> CastingCost:
    """RQG Rune magic (docs/rules.md#rune-magic-cost): a critical keeps the Rune points; a
    special or a success spends them; a failure keeps them; a fumble loses them. Boosting magic
    points are all spent on a success; on a failure or a fumble only 1 of them is."""
    if level is Level.CRITICAL:
        return CastingCost(magic=boost)
    if level.is_success:
        return CastingCost(magic=boost, rune=rune_points)
    lost_boost = 1 if boost >= 1 else 0
    if level is Level.FUMBLE:
        return CastingCost(magic=lost_boost, rune=rune_points)
    return CastingCost(magic=lost_boost)


def brp_spell_cost(level: Level, points: int) -> CastingCost:
    """BRP: a success spends the spell's power points, a failure or a fumble 1 of them
    (docs/rules.md#brp-spell-cost)."""
    return CastingCost(magic=points if level.is_success else min(1, points))


def spell_cost(
    ruleset: RuleSet, level: Level, points: int, boost: int = 0, *, rune: bool = False
) -> CastingCost:
    """What casting costs at `level`: a Rune spell (RQG), a spirit spell (RQG) or a BRP spell
    (power points; a boost is more points in the spell)."""
    if rune:
        return rune_magic_cost(level, points, boost)
    if ruleset is RuleSet.BRP:
        return brp_spell_cost(level, points + boost)
    return spirit_magic_cost(level, points, boost)


def spirit_magic_limit(cha: int) -> int:
    """The points of spirit magic an RQG character may know: CHA
    (docs/rules.md#spirit-magic-limit)."""
    return cha


def spirit_spell_sr(dex_sr: int, points: int, boost: int = 0) -> int:
    """A spirit spell goes off at DEX SR + 1 per point of the spell past the first, + 1 per
    boosting magic point (docs/rules.md#spell-strike-ranks)."""
    return dex_sr + max(0, points - 1) + boost


def rune_spell_sr(dex_sr: int, boost: int = 0) -> int:
    """A Rune spell goes off at DEX SR, + 1 per boosting magic point, whatever its Rune points
    (docs/rules.md#spell-strike-ranks)."""
    return dex_sr + boost
