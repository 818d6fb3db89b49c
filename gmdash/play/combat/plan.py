"""The data of one attack: what the game master asked for, and the exchange as the rules work it
out (`gmdash.play.combat.attack.plan_attack`) before anything is published."""

from __future__ import annotations

from dataclasses import dataclass

from gmdash.model.character import Weapon
from gmdash.model.combat import Combatant
from gmdash.rules import Effect, Location, RollResult
from gmdash.rules.combat import DamageMode, DamageRoll, Defence, Exchange


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
    location: Location | None = None
    location_roll: int | None = None
    mode: DamageMode | None = None  # None: from the attack's level
    damage: int | None = None
    armour: int | None = None


@dataclass(frozen=True, kw_only=True)
class Blow:
    """Where an attack that got through lands and what it does (the rules' numbers)."""

    location: Location
    d20: int | None  # None: the location was chosen, not rolled
    mode: DamageMode
    rolled: DamageRoll | None  # None: the damage was typed
    damage: int
    armour: int
    parry_hp: int
    ignores_armour: bool
    amount: int  # through armour and parry
    total_loss: int
    wound_effects: tuple[Effect, ...]
    conditions: tuple[str, ...]  # the effects that stay on the sheet


@dataclass(frozen=True, kw_only=True)
class ExchangePlan:
    """An attack worked out by the rules core, before anything is published."""

    round: int
    index: int  # the attacker's action
    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    chance: int
    attack: RollResult
    defence: Defence
    shield: Weapon | None  # what the defender parried with
    defence_chance: int | None
    defence_roll: RollResult | None  # None: no defence was rolled
    outcome: Exchange
    blow: Blow | None  # None: no hit
