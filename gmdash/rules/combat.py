"""Melee rounds: strike ranks of declared actions, the order of a round, and attack resolution.

docs/rules.md#combat gives the strike ranks and the order (ascending SR; equal SR: higher DEX
first; equal SR and DEX: simultaneous; 12 SR per round: #combat-round, #combat-order) and BRP's
DEX order (#combat-brp-order). What the seeds do not state is taken from the published games,
as their users expect, each with its source in docs/rules.md:

- **Several actions in one round** (RQG): the strike ranks of successive actions add up. The
  first action happens at its own SR; each further action at the previous action's SR plus its
  own SR (`chain_srs`). An action past SR 12 happens in the next round, at SR - 12 (`carry_over`).
- **BRP** has no strike ranks: every combatant's first action goes in DEX order (highest
  first), then every second action in DEX order, and so on (`order_turns`).
- **Damage** (`damage_expression`) and **the exchange** (`gmdash.rules.exchange`): see
  docs/rules.md, "Combat", for each rule and its source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.dice import DiceExpr, DiceTerm, parse_dice
from gmdash.rules.levels import Level
from gmdash.rules.rng import Rng
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.strike_ranks import ROUND_LENGTH, melee_sr, missile_sr
from gmdash.rules.weapons import SpecialKind


class ActionKind(StrEnum):
    """What a combatant does with one action."""

    MELEE = "melee"
    MISSILE = "missile"
    SPELL = "spell"
    OTHER = "other"  # move, ready a weapon, anything without its own formula

    @property
    def is_attack(self) -> bool:
        return self in (ActionKind.MELEE, ActionKind.MISSILE)


class DamageMode(StrEnum):
    """Which damage rule applies: from the attack's level, or chosen by the game master."""

    NORMAL = "normal"
    SPECIAL = "special"
    CRITICAL = "critical"


class Defence(StrEnum):
    """What the defender does against an attack."""

    NONE = "none"
    PARRY = "parry"
    DODGE = "dodge"


# --- strike ranks ---------------------------------------------------------------------------


def action_sr(kind: ActionKind, *, dex: int, siz: int, own_sr: int = 0, movement: int = 0) -> int:
    """The SR of one action on its own: melee DEX SR + SIZ SR + weapon SR; missile and spell
    DEX SR + weapon (or spell) SR; other actions their own SR. Movement SR is added to all."""
    if own_sr < 0 or movement < 0:
        raise ValueError("strike ranks cannot be negative")
    if kind is ActionKind.MELEE:
        return melee_sr(dex, siz, own_sr) + movement
    if kind in (ActionKind.MISSILE, ActionKind.SPELL):
        return missile_sr(dex, own_sr) + movement
    return own_sr + movement


def chain_srs(own: Sequence[int]) -> list[int]:
    """Strike ranks of successive actions in one round: each after the previous one."""
    result: list[int] = []
    total = 0
    for sr in own:
        total += sr
        result.append(total)
    return result


def in_this_round(sr: int) -> bool:
    """Whether an action at `sr` happens this round (SR 12 is the last)."""
    return sr <= ROUND_LENGTH


def carry_over(sr: int) -> int:
    """The SR in the next round of an action declared past SR 12."""
    return sr - ROUND_LENGTH


# --- the order of a round --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One declared action: whose (`actor`), which of its actions (`index`), its SR, its DEX."""

    actor: str
    index: int
    sr: int
    dex: int


@dataclass(frozen=True, slots=True)
class Turn:
    """A slot in the round's order; `simultaneous` when it ties another slot exactly."""

    actor: str
    index: int
    sr: int
    dex: int
    simultaneous: bool = False


def order_turns(slots: Sequence[Slot], ruleset: RuleSet = RuleSet.RQG) -> list[Turn]:
    """The order of this round's actions (actions past SR 12 are left out: next round).

    RQG: ascending SR; equal SR: higher DEX first; equal SR and DEX: simultaneous. BRP: by
    DEX, highest first, first actions before second actions; equal DEX: simultaneous. Slots that
    tie keep their given order.
    """
    if ruleset is RuleSet.BRP:
        ordered = sorted(slots, key=lambda s: (s.index, -s.dex))

        def tie(a: Slot, b: Slot) -> bool:
            return a.index == b.index and a.dex == b.dex
    else:
        ordered = sorted((s for s in slots if in_this_round(s.sr)), key=lambda s: (s.sr, -s.dex))

        def tie(a: Slot, b: Slot) -> bool:
            return a.sr == b.sr and a.dex == b.dex

    turns: list[Turn] = []
    for i, slot in enumerate(ordered):
        simultaneous = (i > 0 and tie(ordered[i - 1], slot)) or (
            i + 1 < len(ordered) and tie(ordered[i + 1], slot)
        )
        turns.append(Turn(slot.actor, slot.index, slot.sr, slot.dex, simultaneous))
    return turns


# --- damage ----------------------------------------------------------------------------------


def mode_for(level: Level) -> DamageMode:
    """The damage rule a successful attack's level calls for."""
    if level is Level.CRITICAL:
        return DamageMode.CRITICAL
    if level is Level.SPECIAL:
        return DamageMode.SPECIAL
    return DamageMode.NORMAL


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """Damage of one blow before armour: what was rolled, how, and whether armour counts."""

    total: int
    expression: str
    rolls: tuple[int, ...]
    ignores_armour: bool


def _bonus(damage_bonus: str) -> DiceExpr | None:
    text = damage_bonus.strip().removeprefix("+")
    if text in ("", "0", "-", "none"):
        return None
    return parse_dice(text)


def _maxed(expr: DiceExpr) -> DiceExpr:
    """A constant expression worth `expr`'s maximum."""
    top = expr.maximum
    return DiceExpr((DiceTerm(1 if top >= 0 else -1, abs(top), 0),))


def _joined(*parts: DiceExpr | None) -> DiceExpr:
    return DiceExpr(tuple(t for p in parts if p is not None for t in p.terms))


def damage_expression(
    weapon_damage: str,
    damage_bonus: str,
    mode: DamageMode,
    special: SpecialKind,
    ruleset: RuleSet = RuleSet.RQG,
) -> tuple[DiceExpr, bool]:
    """The dice to roll for a blow and whether it ignores armour.

    `damage_bonus` is the bonus that applies to this weapon (`weapons.applicable_bonus`).
    RQG: a special with a crushing weapon adds the maximum bonus to the rolled damage and
    bonus; a slashing or impaling special rolls the weapon's dice twice; a critical does the
    maximum of the special and ignores armour. BRP (the seed's edition): a special adds the
    weapon's maximum damage to a normal roll; a critical (not a BRP level) does a special that
    ignores armour. docs/rules.md gives the sources.
    """
    weapon = parse_dice(weapon_damage)
    bonus = _bonus(damage_bonus)
    if mode is DamageMode.NORMAL:
        return _joined(weapon, bonus), False
    if ruleset is RuleSet.BRP:
        return _joined(_maxed(weapon), weapon, bonus), mode is DamageMode.CRITICAL
    if special is SpecialKind.CRUSH:
        expr = _joined(weapon, bonus, _maxed(bonus) if bonus else None)
    else:
        expr = _joined(weapon, weapon, bonus)
    if mode is DamageMode.CRITICAL:
        return _maxed(expr), True
    return expr, False


def damage_roll(
    weapon_damage: str,
    damage_bonus: str,
    mode: DamageMode,
    special: SpecialKind,
    rng: Rng,
    ruleset: RuleSet = RuleSet.RQG,
) -> DamageRoll:
    """Roll a blow's damage (never below 0)."""
    expr, ignores = damage_expression(weapon_damage, damage_bonus, mode, special, ruleset)
    rolled = expr.roll(rng)
    return DamageRoll(max(0, rolled.total), str(expr), rolled.rolls, ignores)
