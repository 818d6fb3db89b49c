"""Spirit combat (RQG; docs/rules.md#spirit-combat).

At strike rank 12 of a melee round, both sides roll their Spirit Combat skill against each
other; the side that wins does its spirit combat damage (by POW + CHA) to the other's current
magic points. A being at 0 magic points has lost: a corporeal one falls unconscious, a spirit is
defeated (it can be bound, driven off or dispelled as the game master rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.rules.dice import DiceExpr, parse_dice
from gmdash.rules.levels import Level
from gmdash.rules.opposed import OpposedResult, Outcome, resolve_opposed
from gmdash.rules.rng import Rng
from gmdash.rules.ruleset import RuleSet

SPIRIT_COMBAT_SR = 12
"""Spirit combat is resolved at strike rank 12, whatever else the round holds."""
SPIRIT_COMBAT_BASE = 20
"""The Spirit Combat skill's base chance (before the magic skill modifier)."""

_DAMAGE_TABLE: tuple[tuple[int, str], ...] = (
    (12, "1D3"),
    (24, "1D6"),
    (32, "1D6+1"),
    (40, "1D6+3"),
)
"""Spirit combat damage by POW + CHA up to 40 (Foundry VTT RQG, `spiritCombatDamageTable`)."""


def spirit_damage(pow_: int, cha: int) -> str:
    """The spirit combat damage of POW + CHA: 1D3 up to 12, 1D6 to 24, 1D6+1 to 32, 1D6+3 to 40;
    above 40 each 16 points (or part) add 1D6+1 to 1D6+3: 41-56 2D6+3, 57-72 3D6+4..."""
    combined = pow_ + cha
    for top, damage in _DAMAGE_TABLE:
        if combined <= top:
            return damage
    steps = -(-(combined - 40) // 16)
    return f"{steps + 1}D6+{steps + 2}"


@dataclass(frozen=True, slots=True)
class SpiritRound:
    """One round of spirit combat between A and B: the opposed rolls, who won, the damage
    dice and rolled total (0 when nobody won), and the loser's magic points after it."""

    opposed: OpposedResult
    winner: Outcome
    damage_dice: str
    damage: int
    loser_mp_before: int
    loser_mp_after: int

    @property
    def defeated(self) -> bool:
        """The loser is down to 0 magic points."""
        return self.winner in (Outcome.A, Outcome.B) and self.loser_mp_after <= 0


def damage_of(dice: DiceExpr, level: Level, rng: Rng) -> int:
    """Spirit combat damage for the winner's level: a special rolls the dice twice and adds
    them, a critical does their maximum (our reading of RQG p. 368: docs/rules.md says so)."""
    if level is Level.CRITICAL:
        return dice.maximum
    total = dice.roll(rng).total
    if level is Level.SPECIAL:
        total += dice.roll(rng).total
    return max(0, total)


def spirit_round(
    *,
    chance_a: int,
    roll_a: int,
    chance_b: int,
    roll_b: int,
    damage_a: str,
    damage_b: str,
    mp_a: int,
    mp_b: int,
    rng: Rng,
    damage: int | None = None,
) -> SpiritRound:
    """Resolve one round: the opposed Spirit Combat rolls (RQG opposed rules), then the
    winner's damage (`damage` when typed from physical dice) off the loser's magic points."""
    opposed = resolve_opposed(chance_a, roll_a, chance_b, roll_b, RuleSet.RQG)
    if opposed.outcome is Outcome.A:
        dice, level, before = damage_a, opposed.level_a, mp_b
    elif opposed.outcome is Outcome.B:
        dice, level, before = damage_b, opposed.level_b, mp_a
    else:
        return SpiritRound(opposed, opposed.outcome, "", 0, 0, 0)
    dealt = damage if damage is not None else damage_of(parse_dice(dice), level, rng)
    return SpiritRound(opposed, opposed.outcome, dice, dealt, before, max(0, before - dealt))
