"""One exchange of blows: an attack against a parry, a dodge or no defence.

Each pairing of the attack's level with the defence's level is one cell of the published
results tables (RQG: the Attack & Parry and Attack & Dodge Results tables; BRP: the seed's
edition's Attack and Defense Matrix). docs/rules.md ("Combat") gives every cell and its source.
A cell says which weapon rolls damage and at which degree, where that damage goes, which weapon
is damaged and by how much, and whether armour counts. `settle` turns a cell and a rolled blow
into numbers; `resolve` rolls the blow too.

The rules: docs/rules.md#combat-exchange-rqg.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.combat import DamageMode, Defence, damage_expression
from gmdash.rules.levels import Level
from gmdash.rules.opposed import reduce_over_100
from gmdash.rules.rng import Rng
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.weapons import SpecialKind, WeaponUse


class Party(StrEnum):
    """A side of the exchange (or neither)."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    NONE = "none"


class WeaponLoss(StrEnum):
    """How many hit points the damaged weapon loses, from the blow `D` and its own HP."""

    NONE = "none"
    ONE_IF_PAST = "one_if_past"  # 1 HP when D exceeds the weapon's HP
    PAST = "past"  # D minus the weapon's HP
    FULL = "full"  # all of D
    ONE = "one"  # 1 HP, no roll needed
    TWO = "two"  # 2 HP


class BodyHarm(StrEnum):
    """How much of the blow reaches the defender's location (before armour)."""

    NONE = "none"
    PAST = "past"  # what gets past the parrying weapon's HP
    FULL = "full"


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a results table."""

    degree: DamageMode | None  # the damage rolled; None: no blow is rolled
    dealer: Party  # whose weapon (and damage bonus) rolls the blow
    damaged: Party  # whose weapon loses hit points
    weapon_harm: WeaponLoss
    body: BodyHarm
    ignores_armour: bool = False
    parrying_limb: bool = False  # RQG: the blow lands on the limb holding the parrying weapon


_NOTHING = Cell(None, Party.NONE, Party.NONE, WeaponLoss.NONE, BodyHarm.NONE)


def _hit(degree: DamageMode, *, ignores: bool = False) -> Cell:
    return Cell(degree, Party.ATTACKER, Party.NONE, WeaponLoss.NONE, BodyHarm.FULL, ignores)


def _riposte(degree: DamageMode, harm: WeaponLoss) -> Cell:
    """The parry's own weapon strikes the attacking weapon; the defender takes nothing."""
    return Cell(degree, Party.DEFENDER, Party.ATTACKER, harm, BodyHarm.NONE)


def _stopped(
    degree: DamageMode, harm: WeaponLoss, *, ignores: bool = False, limb: bool = False
) -> Cell:
    """The parrying weapon takes the blow; what passes its HP reaches the defender."""
    return Cell(degree, Party.ATTACKER, Party.DEFENDER, harm, BodyHarm.PAST, ignores, limb)


_C, _S, _N, _F, _X = Level.CRITICAL, Level.SPECIAL, Level.SUCCESS, Level.FAILURE, Level.FUMBLE
_NORMAL, _SPECIAL, _CRITICAL = DamageMode.NORMAL, DamageMode.SPECIAL, DamageMode.CRITICAL

RQG_PARRY: dict[tuple[Level, Level], Cell] = {
    (_C, _C): _stopped(_NORMAL, WeaponLoss.ONE_IF_PAST, limb=True),
    (_C, _S): _stopped(_CRITICAL, WeaponLoss.ONE_IF_PAST, ignores=True, limb=True),
    (_C, _N): _stopped(_CRITICAL, WeaponLoss.FULL, ignores=True, limb=True),
    (_C, _F): _hit(_CRITICAL, ignores=True),
    (_C, _X): _hit(_CRITICAL, ignores=True),
    (_S, _C): _riposte(_NORMAL, WeaponLoss.ONE_IF_PAST),
    (_S, _S): _stopped(_NORMAL, WeaponLoss.ONE_IF_PAST),
    (_S, _N): _stopped(_SPECIAL, WeaponLoss.PAST),
    (_S, _F): _hit(_SPECIAL),
    (_S, _X): _hit(_SPECIAL),
    (_N, _C): _riposte(_SPECIAL, WeaponLoss.PAST),
    (_N, _S): _riposte(_NORMAL, WeaponLoss.ONE_IF_PAST),
    (_N, _N): _stopped(_NORMAL, WeaponLoss.ONE_IF_PAST, limb=True),
    (_N, _F): _hit(_NORMAL),
    (_N, _X): _hit(_NORMAL),
    (_F, _C): _riposte(_SPECIAL, WeaponLoss.FULL),
    (_F, _S): _riposte(_SPECIAL, WeaponLoss.PAST),
    (_F, _N): _riposte(_NORMAL, WeaponLoss.ONE_IF_PAST),
    (_F, _F): _NOTHING,
    (_F, _X): _hit(_NORMAL),  # the parry's fumble lets a failed attack land
    (_X, _C): _riposte(_SPECIAL, WeaponLoss.FULL),
    (_X, _S): _riposte(_SPECIAL, WeaponLoss.PAST),
    (_X, _N): _riposte(_NORMAL, WeaponLoss.ONE_IF_PAST),
    (_X, _F): _NOTHING,
    (_X, _X): _NOTHING,
}
"""RQG's Attack & Parry Results, [attack level, parry level]."""

RQG_DODGE: dict[tuple[Level, Level], Cell] = {
    (_C, _C): _NOTHING,
    (_C, _S): _hit(_SPECIAL),
    (_C, _N): _hit(_SPECIAL, ignores=True),
    (_C, _F): _hit(_CRITICAL, ignores=True),
    (_C, _X): _hit(_CRITICAL, ignores=True),
    (_S, _C): _NOTHING,
    (_S, _S): _NOTHING,
    (_S, _N): _hit(_SPECIAL),
    (_S, _F): _hit(_SPECIAL),
    (_S, _X): _hit(_SPECIAL),
    (_N, _C): _NOTHING,
    (_N, _S): _NOTHING,
    (_N, _N): _NOTHING,
    (_N, _F): _hit(_NORMAL),
    (_N, _X): _hit(_NORMAL),
    **{(attack, dodge): _NOTHING for attack in (_F, _X) for dodge in Level},
}
"""RQG's Attack & Dodge Results, [attack level, dodge level]; no defence reads the Failure
column."""

BRP_LEVELS = (_S, _N, _F, _X)
"""The levels of the seed's BRP (no critical)."""

BRP_PARRY: dict[tuple[Level, Level], Cell] = {
    (_S, _S): _NOTHING,
    (_S, _N): Cell(_NORMAL, Party.ATTACKER, Party.DEFENDER, WeaponLoss.TWO, BodyHarm.FULL),
    (_S, _F): _hit(_SPECIAL),
    (_S, _X): _hit(_SPECIAL),
    (_N, _S): Cell(None, Party.NONE, Party.ATTACKER, WeaponLoss.ONE, BodyHarm.NONE),
    (_N, _N): _NOTHING,
    (_N, _F): _hit(_NORMAL),
    (_N, _X): _hit(_NORMAL),
    **{(attack, parry): _NOTHING for attack in (_F, _X) for parry in BRP_LEVELS},
}
"""BRP's Attack and Defense Matrix, parry column, [attack level, parry level]."""

BRP_DODGE: dict[tuple[Level, Level], Cell] = {
    (_S, _S): _NOTHING,
    (_S, _N): _hit(_NORMAL),
    (_S, _F): _hit(_SPECIAL),
    (_S, _X): _hit(_SPECIAL),
    (_N, _S): _NOTHING,
    (_N, _N): _NOTHING,
    (_N, _F): _hit(_NORMAL),
    (_N, _X): _hit(_NORMAL),
    **{(attack, dodge): _NOTHING for attack in (_F, _X) for dodge in BRP_LEVELS},
}
"""BRP's Attack and Defense Matrix, dodge column, [attack level, dodge level]."""


class ExchangeError(ValueError):
    """An exchange the rules do not allow (a broken weapon parrying, a BRP critical...)."""


def cell_for(
    attack: Level,
    defence: Defence,
    defence_level: Level | None,
    ruleset: RuleSet = RuleSet.RQG,
) -> Cell:
    """The results-table cell of this pairing (no defence: the Failure column of the dodge
    table)."""
    if defence is Defence.NONE or defence_level is None:
        defence, defence_level = Defence.DODGE, Level.FAILURE
    if ruleset is RuleSet.BRP:
        for level in (attack, defence_level):
            if level is Level.CRITICAL:
                raise ExchangeError("BRP has no critical level (its best is special)")
        table = BRP_PARRY if defence is Defence.PARRY else BRP_DODGE
    else:
        table = RQG_PARRY if defence is Defence.PARRY else RQG_DODGE
    return table[(attack, defence_level)]


def combat_chances(attack: int, defence: int, ruleset: RuleSet = RuleSet.RQG) -> tuple[int, int]:
    """The chances both sides roll: RQG takes the excess of the higher over 100 from both
    (a parry, a block or a dodge counts as opposing the attack); the seed's BRP does not."""
    if ruleset is RuleSet.RQG:
        return reduce_over_100(attack, defence)
    return attack, defence


def parry_problem(attack_use: WeaponUse, parry_use: WeaponUse, parry_hp: int) -> str | None:
    """Why this weapon cannot parry this attack, or None if it can."""
    if parry_hp <= 0:
        return "a broken weapon cannot parry"
    if not parry_use.can_parry:
        return f"a {parry_use} weapon cannot parry"
    if attack_use is WeaponUse.FIREARM:
        return "a firearm's shot cannot be parried (dodge or take it)"
    if attack_use.is_ranged and parry_use is not WeaponUse.SHIELD:
        return "only a shield parries a missile"
    return None


@dataclass(frozen=True, slots=True)
class DealingWeapon:
    """The weapon that may roll damage in an exchange: its dice, special kind, use and bonus
    (the bonus that applies to it, `weapons.applicable_bonus`)."""

    damage: str
    special: SpecialKind = SpecialKind.CRUSH
    use: WeaponUse = WeaponUse.MELEE
    bonus: str = "0"
    hit_points: int = 0  # current HP


def dealer_of(cell: Cell, attack_use: WeaponUse) -> Party:
    """Who rolls the blow: a parry's riposte reaches only a weapon held in melee."""
    if cell.dealer is Party.DEFENDER and attack_use.is_ranged:
        return Party.NONE
    return cell.dealer if cell.degree is not None else Party.NONE


@dataclass(frozen=True, slots=True)
class ExchangeOutcome:
    """What one exchange did, in numbers."""

    attack: Level
    defence: Defence
    defence_level: Level | None
    cell: Cell
    dealer: Party  # whose weapon rolled the blow (NONE: no roll)
    expression: str  # the dice rolled ("" when no blow)
    damage: int  # the blow as rolled (or given)
    to_location: int  # what reaches the defender's location, before armour
    armour_counts: bool
    armour: int
    to_body: int  # what the location takes after armour
    parrying_limb: bool
    damaged_weapon: Party
    weapon_damage: int
    fumbles: tuple[Party, ...]

    @property
    def summary(self) -> str:
        return describe(self)


def _weapon_harm(harm: WeaponLoss, blow: int, weapon_hp: int) -> int:
    past = max(0, blow - max(0, weapon_hp))
    return {
        WeaponLoss.NONE: 0,
        WeaponLoss.ONE_IF_PAST: 1 if past > 0 else 0,
        WeaponLoss.PAST: past,
        WeaponLoss.FULL: blow,
        WeaponLoss.ONE: 1,
        WeaponLoss.TWO: 2,
    }[harm]


def settle(
    attack: Level,
    defence: Defence,
    defence_level: Level | None,
    damage: int,
    *,
    ruleset: RuleSet = RuleSet.RQG,
    attack_weapon: DealingWeapon | None = None,
    parry_weapon: DealingWeapon | None = None,
    armour: int = 0,
    expression: str = "",
) -> ExchangeOutcome:
    """The exchange's numbers from a blow already rolled (`damage`; ignored when the cell
    rolls none). Raises ExchangeError when the parry is not allowed."""
    if damage < 0 or armour < 0:
        raise ExchangeError("damage and armour cannot be negative")
    attacking = attack_weapon or DealingWeapon("0")
    parrying = parry_weapon or DealingWeapon("0", hit_points=0)
    cell = cell_for(attack, defence, defence_level, ruleset)
    if defence is Defence.PARRY and parry_weapon is not None:
        problem = parry_problem(attacking.use, parrying.use, parrying.hit_points)
        if problem:
            raise ExchangeError(problem)
    dealer = dealer_of(cell, attacking.use)
    blow = damage if dealer is not Party.NONE else 0
    if dealer is Party.NONE:
        expression = ""
    if cell.body is BodyHarm.FULL:
        to_location = blow
    elif cell.body is BodyHarm.PAST:
        to_location = max(0, blow - max(0, parrying.hit_points))
    else:
        to_location = 0
    damaged = cell.damaged
    if damaged is Party.ATTACKER and attacking.use.is_ranged:
        damaged = Party.NONE  # a parried missile is spent; the bow is out of reach
    weapon_hp = attacking.hit_points if damaged is Party.ATTACKER else parrying.hit_points
    needs_roll = cell.weapon_harm not in (WeaponLoss.ONE, WeaponLoss.TWO)
    weapon_damage = 0
    if damaged is not Party.NONE and (dealer is not Party.NONE or not needs_roll):
        weapon_damage = _weapon_harm(cell.weapon_harm, blow, weapon_hp)
    if weapon_damage == 0:
        damaged = Party.NONE
    to_body = to_location if cell.ignores_armour else max(0, to_location - armour)
    fumbles = tuple(
        party
        for party, level in ((Party.ATTACKER, attack), (Party.DEFENDER, defence_level))
        if level is Level.FUMBLE
    )
    return ExchangeOutcome(
        attack=attack,
        defence=defence,
        defence_level=defence_level if defence is not Defence.NONE else None,
        cell=cell,
        dealer=dealer,
        expression=expression,
        damage=blow,
        to_location=to_location,
        armour_counts=not cell.ignores_armour,
        armour=armour,
        to_body=to_body,
        parrying_limb=cell.parrying_limb and to_location > 0,
        damaged_weapon=damaged,
        weapon_damage=weapon_damage,
        fumbles=fumbles,
    )


def resolve(
    attack: Level,
    defence: Defence,
    defence_level: Level | None,
    *,
    rng: Rng,
    ruleset: RuleSet = RuleSet.RQG,
    attack_weapon: DealingWeapon,
    parry_weapon: DealingWeapon | None = None,
    armour: int = 0,
) -> ExchangeOutcome:
    """Settle the exchange, rolling the blow with the weapon the table names."""
    cell = cell_for(attack, defence, defence_level, ruleset)
    dealer = dealer_of(cell, attack_weapon.use)
    weapon = attack_weapon if dealer is Party.ATTACKER else parry_weapon
    damage, expression = 0, ""
    if dealer is not Party.NONE and weapon is not None and cell.degree is not None:
        expr, _ = damage_expression(
            weapon.damage, weapon.bonus, cell.degree, weapon.special, ruleset
        )
        damage = max(0, expr.roll(rng).total)
        expression = str(expr)
    return settle(
        attack,
        defence,
        defence_level,
        damage,
        ruleset=ruleset,
        attack_weapon=attack_weapon,
        parry_weapon=parry_weapon,
        armour=armour,
        expression=expression,
    )


_FUMBLE_NOTE = {
    Party.ATTACKER: "the attacker fumbles (roll on the fumbles table)",
    Party.DEFENDER: "the defender fumbles (roll on the fumbles table)",
}


def describe(outcome: ExchangeOutcome) -> str:
    """One line for the log: who took what."""
    parts: list[str] = []
    if outcome.dealer is Party.NONE:
        if not outcome.attack.is_success:
            parts.append("the attack misses")
        elif outcome.defence is Defence.DODGE:
            parts.append("dodged")
        elif outcome.defence is Defence.PARRY:
            parts.append("parried")
        else:
            parts.append("no damage")
    elif outcome.dealer is Party.DEFENDER:
        parts.append(f"the parry strikes the attacking weapon ({outcome.damage})")
    elif outcome.to_location == 0:
        parts.append(f"parried: the weapon stops all {outcome.damage}")
    else:
        armour = "armour counts" if outcome.armour_counts else "armour ignored"
        where = "the parrying arm" if outcome.parrying_limb else "the location"
        parts.append(
            f"{outcome.to_body} to {where} ({outcome.to_location} before armour, {armour})"
        )
    if outcome.weapon_damage:
        whose = "attacking" if outcome.damaged_weapon is Party.ATTACKER else "parrying"
        parts.append(f"the {whose} weapon loses {outcome.weapon_damage} HP")
    parts += [_FUMBLE_NOTE[p] for p in outcome.fumbles]
    return "; ".join(parts)
