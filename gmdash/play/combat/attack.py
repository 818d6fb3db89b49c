"""One attack of a fight, in two steps: `plan_attack` works the exchange out with the rules core
(every roll made, nothing published), `publish_attack` logs it: the rolls, the damage to a roster
sheet, then the step itself. `resolve_attack` does both. The log's wording is in `wording`.

Working everything out first means bad input (a roll out of range, nothing to parry with)
publishes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmdash.model.character import Character, Weapon
from gmdash.model.combat import (
    Combatant,
    conditions_of,
    location_maxima,
    out_of_action,
    sheet_of,
)
from gmdash.model.combat_events import AttackResolved
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, Event, RollKind
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import wording
from gmdash.play.combat.flow import fight, weapon_of
from gmdash.play.combat.plan import AttackInput, Blow, ExchangePlan
from gmdash.rules import (
    Effect,
    Location,
    Rng,
    RollResult,
    RuleSet,
    apply_wound,
    damage_bonus,
    location_from_d20,
    resolve,
)
from gmdash.rules.combat import (
    ActionKind,
    DamageMode,
    Defence,
    damage_roll,
    exchange,
    mode_for,
    special_kind,
    through_armour,
)


def skill_of(sheet: Character, name: str) -> int:
    """An ability's value (0 when the sheet lacks it)."""
    ability = sheet.ability(name)
    return ability.value if ability else 0


def bonus_of(combatant: Combatant, sheet: Character, ruleset: RuleSet) -> str:
    if combatant.damage_bonus is not None:
        return combatant.damage_bonus
    chars = sheet.characteristics
    return damage_bonus(chars["STR"] + chars["SIZ"], ruleset)


def default_target(service: CampaignService, attacker: Combatant) -> Combatant | None:
    """The first combatant of the other side still in action."""
    combat = fight(service)
    characters = service.state.characters
    able = [
        c
        for c in combat.combatants
        if c.id != attacker.id and not out_of_action(conditions_of(c, sheet_of(c, characters)))
    ]
    return next((c for c in able if c.side != attacker.side), able[0] if able else None)


def parry_weapon(sheet: Character) -> Weapon | None:
    """The weapon a defender parries with: a shield if it has one, else its first weapon."""
    shields = [w for w in sheet.weapons if "shield" in w.name.casefold()]
    return shields[0] if shields else (sheet.weapons[0] if sheet.weapons else None)


def resolve_attack(service: CampaignService, rng: Rng, given: AttackInput) -> AttackResolved:
    """Resolve the current action as an attack on `given.defender_id`; publishes every roll."""
    return publish_attack(service, plan_attack(service, rng, given))


def plan_attack(service: CampaignService, rng: Rng, given: AttackInput) -> ExchangePlan:
    """Work the current action out as an attack on `given.defender_id`; publishes nothing."""
    combat = fight(service)
    if combat.current is None:
        raise ValidationError("current", "no current action (n moves to the first)")
    attacker_id, index = combat.current
    attacker = combat.combatant(attacker_id)
    action = attacker.declared[index]
    if not action.kind.is_attack:
        raise ValidationError("action", f"{attacker.name}'s {action.label} is not an attack")
    characters = service.state.characters
    a_sheet = sheet_of(attacker, characters)
    defender = combat.combatant(given.defender_id)
    d_sheet = sheet_of(defender, characters)
    if a_sheet is None or d_sheet is None:
        raise ValidationError("combatant", "a combatant is no longer on the roster")
    weapon = weapon_of(a_sheet, action.weapon)
    ruleset = service.campaign.ruleset
    _check_rolls(given)
    chance = skill_of(a_sheet, weapon.skill) if given.chance is None else given.chance
    attack = resolve(chance, rng, ruleset, result=given.attack_roll)
    defence_roll = None
    d_chance = None
    shield: Weapon | None = None
    if attack.level.is_success and given.defence is not Defence.NONE:
        if given.defence is Defence.PARRY:
            shield = (
                weapon_of(d_sheet, given.parry_weapon, "parry_weapon")
                if given.parry_weapon
                else parry_weapon(d_sheet)
            )
            if shield is None:
                raise ValidationError("parry_weapon", f"{defender.name} has nothing to parry with")
            default = skill_of(d_sheet, shield.skill)
        else:
            default = skill_of(d_sheet, "Dodge")
        d_chance = default if given.defence_chance is None else given.defence_chance
        defence_roll = resolve(d_chance, rng, ruleset, result=given.defence_roll)
    outcome = exchange(attack.level, given.defence, defence_roll.level if defence_roll else None)
    blow = None
    if outcome.hits:
        missile = action.kind is ActionKind.MISSILE
        blow = _blow(given, rng, ruleset, attacker, a_sheet, defender, d_sheet, weapon, attack,
                     shield if outcome.parried else None, missile)  # fmt: skip
    return ExchangePlan(
        round=combat.round, index=index, attacker=attacker, defender=defender, weapon=weapon,
        chance=chance, attack=attack, defence=given.defence, shield=shield,
        defence_chance=d_chance, defence_roll=defence_roll, outcome=outcome, blow=blow,
    )  # fmt: skip


def _blow(
    given: AttackInput,
    rng: Rng,
    ruleset: RuleSet,
    attacker: Combatant,
    a_sheet: Character,
    defender: Combatant,
    d_sheet: Character,
    weapon: Weapon,
    attack: RollResult,
    parried_with: Weapon | None,
    missile: bool,
) -> Blow:
    """Where a hit lands and what it does: location, damage, armour, the wound."""
    d20: int | None = None
    if given.location is not None:
        location = given.location
    else:
        d20 = rng.randint(1, 20) if given.location_roll is None else given.location_roll
        location = location_from_d20(d20)
    mode = given.mode or mode_for(attack.level)
    # missiles: no damage bonus (thrown weapons: the GM types it)
    bonus = "0" if missile else bonus_of(attacker, a_sheet, ruleset)
    ignores = mode is DamageMode.CRITICAL
    rolled = None
    if given.damage is None:
        rolled = damage_roll(weapon.damage, bonus, mode, special_kind(weapon.name), rng, ruleset)
        damage = rolled.total
        ignores = rolled.ignores_armour
    else:
        damage = given.damage
    armour = d_sheet.armour.get(str(location), 0) if given.armour is None else given.armour
    parry_hp = parried_with.hit_points if parried_with else 0
    amount = through_armour(damage, armour, parry_hp=parry_hp, ignores=ignores)
    _, loc_max = location_maxima(defender, d_sheet, ruleset)
    wound = apply_wound(
        location,
        amount,
        location_hp=d_sheet.locations[str(location)],
        location_max=loc_max[str(location)],
        total_hp=d_sheet.hit_points,
        magic_points=d_sheet.magic_points,
    )
    return Blow(
        location=location, d20=d20, mode=mode, rolled=rolled, damage=damage, armour=armour,
        parry_hp=parry_hp, ignores_armour=ignores, amount=amount, total_loss=wound.total_loss,
        wound_effects=tuple(wound.effects),
        conditions=lasting_conditions(wound.effects, wound.useless, location),
    )  # fmt: skip


def publish_attack(service: CampaignService, plan: ExchangePlan) -> AttackResolved:
    """Log a planned attack: its rolls, damage to a roster sheet, then the step itself."""
    attacker, defender, weapon = plan.attacker, plan.defender, plan.weapon
    steps: list[str] = []

    def step(event: Event) -> None:
        steps.append(service.publish(event).id)

    a_cid = attacker.character_id
    step(
        rolls.roll_event(
            "attack",
            actor=attacker.name,
            label=f"{weapon.name} vs {defender.name}",
            chance=plan.chance,
            roll=plan.attack.roll,
            level=plan.attack.level,
            details={"combatant": attacker.id, "round": plan.round},
            character_id=a_cid,
        )
    )
    if plan.defence_roll is not None:
        kind: RollKind = "parry" if plan.defence is Defence.PARRY else "dodge"
        step(
            rolls.roll_event(
                kind,
                actor=defender.name,
                label=plan.shield.name if plan.shield else "Dodge",
                chance=plan.defence_roll.chance,
                roll=plan.defence_roll.roll,
                level=plan.defence_roll.level,
                details={"combatant": defender.id},
                character_id=defender.character_id,
            )
        )
    blow = plan.blow
    if blow is not None:
        d20 = blow.d20
        step(
            rolls.roll_event(
                "location",
                actor=attacker.name,
                label=blow.location.label,
                expression="1D20" if d20 is not None else None,
                roll=d20,
                total=d20,
                details={"typed": d20 is None},
                character_id=a_cid,
            )
        )
        rolled = blow.rolled
        step(
            rolls.roll_event(
                "damage",
                actor=attacker.name,
                label=f"{weapon.name} on {defender.name}",
                expression=rolled.expression if rolled else None,
                total=blow.damage,
                details={
                    "rolls": list(rolled.rolls) if rolled else [],
                    "armour": blow.armour,
                    "through": blow.amount,
                    "typed": rolled is None,
                },
                character_id=a_cid,
            )
        )
        if defender.character_id is not None and blow.amount > 0:
            step(
                DamageApplied(
                    character_id=defender.character_id,
                    amount=blow.amount,
                    location=str(blow.location),
                    total_loss=blow.total_loss,
                    effects=blow.conditions,
                )
            )
    return service.publish(
        AttackResolved(
            attacker_id=attacker.id,
            defender_id=defender.id,
            action=plan.index,
            weapon=weapon.name,
            attack_level=str(plan.attack.level),
            defence=str(plan.defence),
            defence_level=str(plan.defence_roll.level) if plan.defence_roll else None,
            location=None if blow is None else str(blow.location),
            damage=0 if blow is None else blow.damage,
            armour=0 if blow is None else blow.armour,
            amount=0 if blow is None else blow.amount,
            total_loss=0 if blow is None else blow.total_loss,
            effects=() if blow is None else blow.conditions,
            steps=tuple(steps),
            text=wording.attack_text(plan),
        )
    )


def lasting_conditions(
    effects: Iterable[Effect], useless: Iterable[Location], hit: Location
) -> tuple[str, ...]:
    """A wound's effects as sheet conditions (`shock`, `useless:left_arm`...); falling down
    lasts only the moment, so it is shown but not kept."""
    result: list[str] = []
    for effect in effects:
        if effect is Effect.USELESS:
            result += [f"useless:{location}" for location in useless]
        elif effect is Effect.SEVERED:
            result.append(f"severed:{hit}")
        elif effect is not Effect.FALLS:
            result.append(str(effect))
    return tuple(dict.fromkeys(result))


def _check_rolls(given: AttackInput) -> None:
    for field, value, low, high in (
        ("attack_roll", given.attack_roll, 1, 100),
        ("defence_roll", given.defence_roll, 1, 100),
        ("location_roll", given.location_roll, 1, 20),
    ):
        if value is not None and not low <= value <= high:
            raise ValidationError(field, f"a roll from {low} to {high}, not {value}")
    for field, value in (
        ("chance", given.chance),
        ("defence_chance", given.defence_chance),
        ("damage", given.damage),
        ("armour", given.armour),
    ):
        if value is not None and value < 0:
            raise ValidationError(field, "cannot be negative")
