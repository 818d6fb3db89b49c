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
- **Special and critical damage** (`damage_roll`):
  RQG: a special with a slashing or impaling weapon rolls the weapon's damage dice twice; with a
  crushing weapon it adds the maximum damage bonus. A critical does the maximum special damage
  and ignores armour.
  BRP: impale rolls the weapon's dice twice; slash does the weapon's maximum damage; crush adds
  the maximum damage bonus. A critical does special damage and ignores armour.
  The game master can always type the damage by hand instead.
- **Parry and dodge** (simplified from the published attack/parry tables): a failed attack
  misses; a failed (or no) defence lets a successful attack hit; a defence at least as good as
  the attack stops it: a dodge avoids all damage, a parry stops up to the parrying weapon's hit
  points and the rest gets through. An attack better than the defence hits in full.
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


class ActionKind(StrEnum):
    """What a combatant does with one action."""

    MELEE = "melee"
    MISSILE = "missile"
    SPELL = "spell"
    OTHER = "other"  # move, ready a weapon, anything without its own formula

    @property
    def is_attack(self) -> bool:
        return self in (ActionKind.MELEE, ActionKind.MISSILE)


class SpecialKind(StrEnum):
    """How a weapon's special success hurts."""

    IMPALE = "impale"
    SLASH = "slash"
    CRUSH = "crush"


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

_SPECIAL_WORDS: tuple[tuple[SpecialKind, tuple[str, ...]], ...] = (
    (SpecialKind.CRUSH, ("club", "mace", "hammer", "maul", "staff", "shield", "fist", "kick",
                         "butt", "sling", "rock", "stone", "flail", "grapple", "bite")),
    (SpecialKind.IMPALE, ("spear", "lance", "javelin", "dagger", "knife", "arrow", "bow",
                          "pike", "rapier", "dart", "trident", "pick", "short sword", "gore",
                          "horn", "sting")),
    (SpecialKind.SLASH, ("sword", "axe", "scimitar", "sickle", "claw", "scythe", "glaive",
                         "halberd", "blade")),
)  # fmt: skip


def special_kind(weapon_name: str) -> SpecialKind:
    """A weapon's special kind guessed from its name (crush when nothing matches)."""
    name = weapon_name.casefold()
    for kind, words in _SPECIAL_WORDS:
        if any(word in name for word in words):
            return kind
    return SpecialKind.CRUSH


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


def damage_expression(
    weapon_damage: str,
    damage_bonus: str,
    mode: DamageMode,
    special: SpecialKind,
    ruleset: RuleSet = RuleSet.RQG,
) -> tuple[DiceExpr, bool]:
    """The dice to roll for a blow and whether it ignores armour (see the module docstring)."""
    weapon = parse_dice(weapon_damage)
    bonus = _bonus(damage_bonus)
    if mode is DamageMode.NORMAL:
        parts = [weapon] + ([bonus] if bonus else [])
        return DiceExpr(tuple(t for p in parts for t in p.terms)), False
    if special is SpecialKind.CRUSH:
        parts = [weapon] + ([_maxed(bonus)] if bonus else [])
    elif special is SpecialKind.SLASH and ruleset is RuleSet.BRP:
        parts = [_maxed(weapon)] + ([bonus] if bonus else [])
    else:
        parts = [weapon, weapon] + ([bonus] if bonus else [])
    expr = DiceExpr(tuple(t for p in parts for t in p.terms))
    if mode is DamageMode.CRITICAL:
        if ruleset is RuleSet.RQG:
            expr = _maxed(expr)
        return expr, True
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


# --- attack and defence ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exchange:
    """Whether an attack hits after the defence, and how much of the blow the defence stops."""

    hits: bool
    parried: bool
    dodged: bool
    reason: str


def exchange(attack: Level, defence: Defence, defence_level: Level | None) -> Exchange:
    """Compare attack and defence levels (see the module docstring)."""
    if not attack.is_success:
        return Exchange(False, False, False, "the attack misses")
    if defence is Defence.NONE or defence_level is None or not defence_level.is_success:
        return Exchange(True, False, False, "the attack hits")
    if defence_level.rank >= attack.rank:
        if defence is Defence.DODGE:
            return Exchange(False, False, True, "dodged")
        return Exchange(True, True, False, "parried")
    return Exchange(True, False, False, f"the {attack} beats the {defence}")


def through_armour(damage: int, armour: int, *, parry_hp: int = 0, ignores: bool = False) -> int:
    """What gets to the body: minus what a parry stops, then minus armour (unless a critical)."""
    left = max(0, damage - max(0, parry_hp))
    return left if ignores else max(0, left - max(0, armour))
