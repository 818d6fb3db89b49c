"""The data of one attack: what the game master asked for, and the exchange as the rules work it
out (`gmdash.play.combat.attack.plan_attack`) before anything is published."""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model.character import Weapon
from gmdash.model.combat import Combatant
from gmdash.rules import Effect, Level, RollResult
from gmdash.rules.combat import DamageMode, DamageRoll, Defence
from gmdash.rules.exchange import ExchangeOutcome as Outcome


@dataclass(frozen=True, kw_only=True)
class AttackInput:
    """What the game master chose or typed; None means "roll it"."""

    defender_id: str
    chance: int | None = None  # the attack's modified chance (default: the weapon skill)
    attack_roll: int | None = None
    defence: Defence = Defence.NONE
    parry_weapon: str | None = None
    defence_chance: int | None = None
    defence_roll: int | None = None
    location: str | None = None  # a key of the defender's hit-location table
    location_roll: int | None = None
    mode: DamageMode | None = None  # None: from the attack's level
    damage: int | None = None
    armour: int | None = None
    prior_defences: int | None = None  # the defender's parries and dodges this round (None: the
    # fight's own count); each costs the defence a further penalty (`gmdash.rules.defences`)


@dataclass(frozen=True, kw_only=True)
class Blow:
    """Where an attack that got through lands and what it does (the rules' numbers)."""

    location: str
    d20: int | None  # None: the location was chosen (typed, or the parrying arm), not rolled
    mode: DamageMode
    rolled: DamageRoll | None  # None: the damage was typed
    damage: int
    armour: int
    to_location: int  # what passed the parrying weapon's hit points, before armour
    parry_hp: int  # the parrying weapon's hit points that stood in the way (0: none)
    ignores_armour: bool
    amount: int  # what the location takes after armour
    total_loss: int
    wound: int  # what the location's wound record takes (a limb's is capped)
    wound_effects: tuple[Effect, ...]
    conditions: tuple[str, ...]  # the effects that stay on the sheet
    note: str = ""  # e.g. a severed limb cannot be hit again


@dataclass(frozen=True, kw_only=True)
class Riposte:
    """The parry's own weapon striking the attacking weapon (no harm to the attacker)."""

    mode: DamageMode
    rolled: DamageRoll | None  # None: the damage was typed
    damage: int


@dataclass(frozen=True, kw_only=True)
class WeaponHarm:
    """A weapon that loses hit points in the exchange, whose it is, and how many."""

    owner: Combatant
    weapon: Weapon
    amount: int


@dataclass(frozen=True, kw_only=True)
class ExchangePlan:
    """An attack worked out by the rules core, before anything is published.

    `chance` and `defence_chance` are the chances rolled, after the over-100% rule;
    `base_chance` and `defence_base` the chances before it."""

    round: int
    index: int  # the attacker's action
    attacker: Combatant
    defender: Combatant
    weapon: Weapon  # as used in this exchange (a thrown weapon used in melee counts as melee)
    base_chance: int
    chance: int
    attack: RollResult
    defence: Defence
    shield: Weapon | None  # what the defender parried with
    defence_base: int | None
    defence_chance: int | None
    defence_roll: RollResult | None  # None: no defence was rolled
    outcome: Outcome
    blow: Blow | None  # None: nothing reached the defender
    riposte: Riposte | None = None
    weapon_harm: WeaponHarm | None = None
    ticks: tuple[tuple[str, str, Level], ...] = ()  # (character id, ability, level) to tick
    attack_notes: tuple[str, ...] = ()  # effects on the attack's chance ("+20 Bladesharp 4...")
    defence_notes: tuple[str, ...] = ()  # effects on the defence's chance
    damage_notes: tuple[str, ...] = ()  # effects on the damage and the armour
    prior_defences: int = 0  # the defender's parries and dodges earlier this round
    defence_penalty: int = 0  # what they took off this defence's chance
