"""One attack of a fight, in two steps: `plan_attack` works the exchange out with the rules core
(every roll made, nothing published), `publish_attack` logs it: the rolls, the damage to a roster
sheet, then the step itself. `resolve_attack` does both. The log's wording is in `wording`.

Working everything out first means bad input (a roll out of range, nothing to parry with)
publishes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gmdash.model import effective
from gmdash.model.arms import blow_of, can_parry, default_parry
from gmdash.model.character import Character, Weapon
from gmdash.model.combat import (
    Combat,
    Combatant,
    conditions_of,
    location_maxima,
    out_of_action,
    sheet_of,
)
from gmdash.model.combat_events import AttackResolved
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, Event, RollKind, RollMade, WeaponDamaged
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.play.combat import wording
from gmdash.play.combat.flow import fight, weapon_of
from gmdash.play.combat.plan import AttackInput, Blow, ExchangePlan, Riposte, WeaponHarm
from gmdash.rules import (
    Effect,
    Level,
    Location,
    Rng,
    RollResult,
    RuleSet,
    apply_wound,
    damage_bonus,
    location_label,
    resolve,
)
from gmdash.rules.combat import ActionKind, DamageMode, DamageRoll, Defence, damage_roll
from gmdash.rules.defences import defence_note, defence_penalty
from gmdash.rules.exchange import (
    BodyHarm,
    Cell,
    DealingWeapon,
    ExchangeError,
    ExchangeOutcome,
    Party,
    cell_for,
    combat_chances,
    dealer_of,
    settle,
)
from gmdash.rules.weapons import WeaponUse


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
        if c.id != attacker.id
        and not c.spirit
        and not out_of_action(conditions_of(c, sheet_of(c, characters)))
    ]
    return next((c for c in able if c.side != attacker.side), able[0] if able else None)


def parry_weapon(sheet: Character, attack_use: WeaponUse = WeaponUse.MELEE) -> Weapon | None:
    """The weapon a defender parries with by default (`gmdash.model.arms.default_parry`)."""
    return default_parry(sheet, attack_use)


def resolve_attack(service: CampaignService, rng: Rng, given: AttackInput) -> AttackResolved:
    """Resolve the current action as an attack on `given.defender_id`; publishes every roll."""
    return publish_attack(service, plan_attack(service, rng, given))


def used_as(weapon: Weapon, kind: ActionKind) -> Weapon:
    """The weapon as this attack uses it: a missile attack throws a melee weapon, a melee
    attack wields a thrown one in hand."""
    if kind is ActionKind.MISSILE and not weapon.use.is_ranged:
        return replace(weapon, use=WeaponUse.THROWN)
    if kind is ActionKind.MELEE and weapon.use.is_ranged:
        return replace(weapon, use=WeaponUse.MELEE)
    return weapon


def plan_attack(service: CampaignService, rng: Rng, given: AttackInput) -> ExchangePlan:
    """Work the current action out as an attack on `given.defender_id`; publishes nothing.

    The exchange follows the published results tables (`gmdash.rules.exchange`,
    docs/rules.md "Combat"): both sides roll (the defence too when the attack fails: a good
    parry can still strike the attacking weapon), chances first reduced by the over-100% rule;
    each parry or dodge the defender made earlier this round costs this one a further penalty
    (docs/rules.md#combat-defences).
    """
    sides = _sides(service, given)
    ruleset = service.campaign.ruleset
    _check_rolls(given)
    base, attack_notes = _attack_chance(sides, given)
    guard = _guard(sides, given, ruleset)
    chance, d_chance = base, guard.chance
    if guard.chance is not None:
        chance, d_chance = combat_chances(base, guard.chance, ruleset)
    attack = resolve(chance, rng, ruleset, result=given.attack_roll)
    defence_roll = None
    if d_chance is not None:
        defence_roll = resolve(d_chance, rng, ruleset, result=given.defence_roll)
    d_level = defence_roll.level if defence_roll else None
    try:
        cell = cell_for(attack.level, given.defence, d_level, ruleset)
    except ExchangeError as error:
        raise ValidationError("attack", str(error)) from None
    hit = _hit(sides, given, rng, ruleset, cell, guard.shield)
    outcome = settle(
        attack.level, given.defence, d_level, hit.damage, ruleset=ruleset,
        attack_weapon=hit.attacking, parry_weapon=hit.parrying, armour=hit.armour,
        expression=hit.rolled.expression if hit.rolled else "",
    )  # fmt: skip
    blow = None
    if hit.location is not None and outcome.to_location > 0:
        ignores = outcome.cell.ignores_armour or given.mode is DamageMode.CRITICAL
        blow = _blow(hit.location, hit.d20, hit.mode, hit.rolled, outcome, hit.armour, ignores,
                     hit.parrying, sides.defender, sides.d_sheet, ruleset)  # fmt: skip
    riposte = None
    if hit.dealer is Party.DEFENDER:
        riposte = Riposte(mode=hit.mode, rolled=hit.rolled, damage=hit.damage)
    return ExchangePlan(
        round=sides.combat.round, index=sides.index, attacker=sides.attacker,
        defender=sides.defender, weapon=sides.weapon, base_chance=base, chance=chance,
        attack=attack, defence=given.defence, shield=guard.shield, defence_base=guard.chance,
        defence_chance=d_chance, defence_roll=defence_roll, outcome=outcome, blow=blow,
        riposte=riposte, weapon_harm=_harm(sides, guard.shield, outcome),
        ticks=_ticks(sides, attack, guard.shield, defence_roll), attack_notes=attack_notes,
        defence_notes=guard.notes, damage_notes=hit.notes, prior_defences=guard.prior,
        defence_penalty=guard.penalty,
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class _Sides:
    """Who fights whom in this attack, their sheets, and what runs on each."""

    combat: Combat
    index: int
    attacker: Combatant
    defender: Combatant
    a_sheet: Character
    d_sheet: Character
    weapon: Weapon  # as this attack uses it
    a_effects: tuple[TimedEffect, ...]
    d_effects: tuple[TimedEffect, ...]


def _sides(service: CampaignService, given: AttackInput) -> _Sides:
    """The current action's attacker and weapon, and the defender; a ValidationError when the
    current action is no attack or a side cannot take part."""
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
    if defender.spirit:
        raise ValidationError(
            "defender", f"{defender.name} is a spirit: no weapon reaches it (S: spirit combat)"
        )
    d_sheet = sheet_of(defender, characters)
    if a_sheet is None or d_sheet is None:
        raise ValidationError("combatant", "a combatant is no longer on the roster")
    return _Sides(
        combat=combat, index=index, attacker=attacker, defender=defender, a_sheet=a_sheet,
        d_sheet=d_sheet, weapon=used_as(weapon_of(a_sheet, action.weapon), action.kind),
        a_effects=tuple(effective.on_combatant(service.state, attacker)),
        d_effects=tuple(effective.on_combatant(service.state, defender)),
    )  # fmt: skip


def _attack_chance(sides: _Sides, given: AttackInput) -> tuple[int, tuple[str, ...]]:
    """The attack's chance before the over-100% rule, and the effects on it.

    A typed chance is the attacker's own (the dialog offers it with the attacker's effects);
    the defender's effects on being hit (Shimmer) always count."""
    own = effective.attack(sides.a_effects, sides.weapon)
    against = effective.defence(sides.d_effects)
    if given.chance is None:
        base, notes = skill_of(sides.a_sheet, sides.weapon.skill) + own.amount, own.notes
    else:
        base, notes = given.chance, ()
    return max(0, base + against.amount), notes + against.notes


@dataclass(frozen=True, kw_only=True)
class _Guard:
    """The defence: what parries (None: a dodge or no defence), its chance before the
    over-100% rule (None: no defence), why, and the round's earlier defences' penalty."""

    shield: Weapon | None = None
    chance: int | None = None
    notes: tuple[str, ...] = ()
    prior: int = 0
    penalty: int = 0


def _guard(sides: _Sides, given: AttackInput, ruleset: RuleSet) -> _Guard:
    """The defence's chance: the parrying weapon's skill or Dodge with the defender's effects,
    or the typed chance; less the penalty of the defender's earlier defences this round."""
    if given.defence is Defence.NONE:
        return _Guard()
    shield = None
    if given.defence is Defence.PARRY:
        shield = _parrying_weapon(given, sides.defender, sides.d_sheet, sides.weapon)
    skill = shield.skill if shield is not None else "Dodge"
    adjust = effective.ability(sides.d_effects, skill)
    chance, notes = skill_of(sides.d_sheet, skill) + adjust.amount, adjust.notes
    if given.defence_chance is not None:
        chance, notes = given.defence_chance, ()
    prior = sides.defender.defences if given.prior_defences is None else given.prior_defences
    if prior < 0:
        raise ValidationError("prior_defences", "cannot be negative")
    penalty = defence_penalty(prior, ruleset)
    if penalty:
        notes += (defence_note(prior, ruleset),)
    return _Guard(
        shield=shield, chance=max(0, chance - penalty), notes=notes, prior=prior, penalty=penalty
    )


@dataclass(frozen=True, kw_only=True)
class _Hit:
    """Who deals the blow the table gives, its damage, and where it lands (None: nowhere)."""

    attacking: DealingWeapon
    parrying: DealingWeapon | None
    dealer: Party
    mode: DamageMode
    rolled: DamageRoll | None  # None: typed, or no blow
    damage: int
    location: str | None
    d20: int | None
    armour: int
    notes: tuple[str, ...]  # effects on the damage and the armour


def _hit(
    sides: _Sides,
    given: AttackInput,
    rng: Rng,
    ruleset: RuleSet,
    cell: Cell,
    shield: Weapon | None,
) -> _Hit:
    """The blow of the exchange's cell: the striking weapon's damage (typed or rolled), then
    the location and armour when the attacker's blow reaches the body."""
    attacking = blow_of(effective.weapon_with(sides.a_effects, sides.weapon),
                        bonus_of(sides.attacker, sides.a_sheet, ruleset))  # fmt: skip
    parrying = None
    if shield is not None:
        parrying = blow_of(effective.weapon_with(sides.d_effects, shield),
                           bonus_of(sides.defender, sides.d_sheet, ruleset))  # fmt: skip
    dealer = dealer_of(cell, sides.weapon.use)
    by_attacker = dealer is Party.ATTACKER
    dealing = sides.weapon if by_attacker or shield is None else shield
    notes = effective.damage(sides.a_effects if by_attacker else sides.d_effects, dealing)[0].notes
    mode = cell.degree or DamageMode.NORMAL
    if given.mode is not None and by_attacker:
        mode = given.mode
    rolled: DamageRoll | None = None
    damage = 0
    striking = attacking if by_attacker else parrying
    if dealer is not Party.NONE and striking is not None:
        if given.damage is None:
            rolled = damage_roll(striking.damage, striking.bonus, mode, striking.special, rng,
                                 ruleset)  # fmt: skip
            damage = rolled.total
        else:
            damage = given.damage
    location, d20, armour = None, None, 0
    if by_attacker and cell.body is not BodyHarm.NONE:
        location, d20 = _where(given, rng, cell.parrying_limb, shield, sides.d_sheet)
        if given.armour is None:
            extra = effective.armour(sides.d_effects, str(location))
            armour = max(0, sides.d_sheet.armour.get(str(location), 0) + extra.amount)
            notes += extra.notes
        else:
            armour = given.armour
    return _Hit(
        attacking=attacking, parrying=parrying, dealer=dealer, mode=mode, rolled=rolled,
        damage=damage, location=location, d20=d20, armour=armour, notes=notes,
    )  # fmt: skip


def _harm(sides: _Sides, shield: Weapon | None, outcome: ExchangeOutcome) -> WeaponHarm | None:
    """The weapon that loses hit points in the exchange, if any."""
    if not outcome.weapon_damage:
        return None
    if outcome.damaged_weapon is Party.ATTACKER:
        return WeaponHarm(owner=sides.attacker, weapon=sides.weapon, amount=outcome.weapon_damage)
    if shield is not None:
        return WeaponHarm(owner=sides.defender, weapon=shield, amount=outcome.weapon_damage)
    return None


def _ticks(
    sides: _Sides, attack: RollResult, shield: Weapon | None, defence_roll: RollResult | None
) -> tuple[tuple[str, str, Level], ...]:
    """(character id, ability, level) of each roll that may tick for experience."""
    ticks: list[tuple[str, str, Level]] = []
    if sides.attacker.character_id is not None:
        ticks.append((sides.attacker.character_id, sides.weapon.skill, attack.level))
    if sides.defender.character_id is not None and defence_roll is not None:
        what = shield.skill if shield is not None else "Dodge"
        ticks.append((sides.defender.character_id, what, defence_roll.level))
    return tuple(ticks)


def _parrying_weapon(
    given: AttackInput, defender: Combatant, sheet: Character, attacking: Weapon
) -> Weapon:
    """The weapon the defender parries with: the one named, else the default parry; a
    ValidationError says why it cannot parry this attack."""
    if given.parry_weapon:
        chosen = weapon_of(sheet, given.parry_weapon, "parry_weapon")
        problem = can_parry(chosen, attacking.use)
        if problem:
            raise ValidationError("parry_weapon", f"{defender.name}: {problem}")
        return chosen
    found = parry_weapon(sheet, attacking.use)
    if found is None:
        raise ValidationError(
            "parry_weapon", f"{defender.name} has nothing that parries a {attacking.use} attack"
        )
    return found


def _where(
    given: AttackInput, rng: Rng, parrying_limb: bool, shield: Weapon | None, sheet: Character
) -> tuple[str, int | None]:
    """The location hit on the defender's table: typed, else the parrying arm when the exchange
    table says so (a shield is held on the left arm, any other weapon in the right hand; a body
    without that arm rolls), else a D20."""
    table = sheet.table
    if given.location is not None:
        if not table.has(given.location):
            raise ValidationError(
                "location", f"{sheet.name} has no {location_label(given.location)} "
                f"({table.title}: {', '.join(map(location_label, table.keys))})",
            )  # fmt: skip
        return given.location, None
    if parrying_limb and shield is not None:
        arm = Location.LEFT_ARM if shield.use is WeaponUse.SHIELD else Location.RIGHT_ARM
        if table.has(arm):
            return arm, None
    d20 = rng.randint(1, 20) if given.location_roll is None else given.location_roll
    return table.from_d20(d20), d20


def _blow(
    location: str,
    d20: int | None,
    mode: DamageMode,
    rolled: DamageRoll | None,
    outcome: ExchangeOutcome,
    armour: int,
    ignores: bool,
    parrying: DealingWeapon | None,
    defender: Combatant,
    d_sheet: Character,
    ruleset: RuleSet,
) -> Blow:
    """What a blow that got past the parry does: armour, then the wound rules."""
    amount = outcome.to_location if ignores else max(0, outcome.to_location - armour)
    _, loc_max = location_maxima(defender, d_sheet, ruleset)
    wound = apply_wound(
        location,
        amount,
        location_hp=d_sheet.locations[str(location)],
        location_max=loc_max[str(location)],
        total_hp=d_sheet.hit_points,
        magic_points=d_sheet.magic_points,
        severed=f"severed:{location}" in d_sheet.conditions,
        table=d_sheet.table,
    )
    parry_hp = 0
    if parrying is not None and outcome.cell.body is BodyHarm.PAST:
        parry_hp = parrying.hit_points
    return Blow(
        location=location, d20=d20, mode=mode, rolled=rolled, damage=outcome.damage,
        armour=armour, to_location=outcome.to_location, parry_hp=parry_hp,
        ignores_armour=ignores, amount=amount, total_loss=wound.total_loss, wound=wound.wound,
        wound_effects=tuple(wound.effects),
        conditions=lasting_conditions(wound.effects, wound.useless, location), note=wound.note,
    )  # fmt: skip


@one_change
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
            modifiers=plan.attack_notes,
            roll=plan.attack.roll,
            level=plan.attack.level,
            details={
                "combatant": attacker.id,
                "round": plan.round,
                "sr": plan.attacker.declared[plan.index].sr,
            },
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
                modifiers=plan.defence_notes,
                roll=plan.defence_roll.roll,
                level=plan.defence_roll.level,
                details={"combatant": defender.id, "round": plan.round},
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
                label=location_label(blow.location),
                expression="1D20" if d20 is not None else None,
                roll=d20,
                total=d20,
                details={"typed": d20 is None},
                character_id=a_cid,
            )
        )
        step(
            _damage_event(
                attacker, f"{weapon.name} on {defender.name}", blow.rolled, blow.damage,
                modifiers=plan.damage_notes, armour=blow.armour, through=blow.amount,
            )
        )  # fmt: skip
        if defender.character_id is not None and blow.amount > 0:
            step(
                DamageApplied(
                    character_id=defender.character_id,
                    amount=blow.amount,
                    location=str(blow.location),
                    total_loss=blow.total_loss,
                    effects=blow.conditions,
                    wound=blow.wound if blow.wound != blow.amount else None,
                )
            )
    riposte = plan.riposte
    if riposte is not None and plan.shield is not None:
        label = f"{plan.shield.name} on {weapon.name}"
        step(_damage_event(defender, label, riposte.rolled, riposte.damage, parry=True))
    harm = plan.weapon_harm
    if harm is not None and harm.owner.character_id is not None:
        step(WeaponDamaged(character_id=harm.owner.character_id, weapon=harm.weapon.name,
                           amount=harm.amount))  # fmt: skip
    for character_id, ability, level in plan.ticks:
        ticked = rolls.tick_after_roll(service, character_id, ability, level)
        if ticked is not None:
            steps.append(ticked.id)
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
            wound=None if blow is None or blow.wound == blow.amount else blow.wound,
            weapon_owner=None if harm is None else harm.owner.id,
            damaged_weapon=None if harm is None else harm.weapon.name,
            weapon_damage=0 if harm is None else harm.amount,
            steps=tuple(steps),
            text=wording.attack_text(plan),
        )
    )


def _damage_event(
    who: Combatant,
    label: str,
    rolled: DamageRoll | None,
    total: int,
    modifiers: tuple[str, ...] = (),
    **details: object,
) -> RollMade:
    """The damage roll of a blow (or of a parry striking the attacking weapon), typed or rolled."""
    return rolls.roll_event(
        "damage",
        actor=who.name,
        label=label,
        modifiers=modifiers,
        expression=rolled.expression if rolled else None,
        total=total,
        details={"rolls": list(rolled.rolls) if rolled else [], "typed": rolled is None,
                 **details},
        character_id=who.character_id,
    )  # fmt: skip


def lasting_conditions(
    effects: Iterable[Effect], useless: Iterable[str], hit: str
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
