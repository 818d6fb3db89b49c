"""Running a fight on a `CampaignService`: every step worked out by the rules core, then published.

The strike-rank pane (and tests, and any other front end) call these functions; they never
touch Textual. Each function publishes events and returns the main one; `ValidationError`
(or `DiceError`) means nothing was published.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmdash.model.character import Ability, Character, CharacterKind, Weapon
from gmdash.model.combat import (
    FOES,
    Action,
    Combat,
    Combatant,
    conditions_of,
    later,
    location_maxima,
    out_of_action,
    roster_combatant,
    sheet_of,
    turns,
)
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionsDeclared,
    AttackResolved,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    CombatStarted,
    RoundStarted,
)
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, RollMade
from gmdash.rules import (
    Effect,
    Location,
    Rng,
    RuleSet,
    apply_wound,
    damage_bonus,
    location_from_d20,
    location_hit_points,
    parse_dice,
    resolve,
)
from gmdash.rules.combat import (
    ActionKind,
    DamageMode,
    Defence,
    Turn,
    action_sr,
    damage_roll,
    exchange,
    in_this_round,
    mode_for,
    special_kind,
    through_armour,
)

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService

MAX_FOES = 30


# --- setting up ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class FoeSpec:
    """A quick foe entry: `Broo x3`, DEX 12, SIZ 13, 12 HP, armour 2, Club 45% 1D6 SR 2."""

    name: str
    count: int = 1
    dex: int
    siz: int
    hit_points: int
    armour: int = 0
    weapon: str
    skill: int
    damage: str
    weapon_sr: int = 2
    damage_bonus: str = "0"
    dodge: int = 0

    def check(self) -> None:
        """ValidationError naming the first bad field."""
        if not self.name.strip():
            raise ValidationError("name", "a foe needs a name")
        if not 1 <= self.count <= MAX_FOES:
            raise ValidationError("count", f"between 1 and {MAX_FOES}")
        for field, value in (("dex", self.dex), ("siz", self.siz), ("hit_points", self.hit_points)):
            if value < 1:
                raise ValidationError(field, "must be at least 1")
        if self.armour < 0:
            raise ValidationError("armour", "cannot be negative")
        if not self.weapon.strip():
            raise ValidationError("weapon", "a foe needs a weapon")
        if not 0 <= self.skill <= 999:
            raise ValidationError("skill", "a percentage from 0")
        if not 0 <= self.dodge <= 999:
            raise ValidationError("dodge", "a percentage from 0")
        if not 0 <= self.weapon_sr <= 12:
            raise ValidationError("weapon_sr", "a weapon SR is 0 to 12")
        try:
            parse_dice(self.damage)
        except ValueError as error:
            raise ValidationError("damage", str(error)) from None
        bonus = self.damage_bonus.strip().removeprefix("+")
        if bonus not in ("", "0"):
            try:
                parse_dice(bonus)
            except ValueError as error:
                raise ValidationError("damage_bonus", str(error)) from None


def foe_combatants(spec: FoeSpec, combat: Combat | None, ruleset: RuleSet) -> list[Combatant]:
    """`spec.count` numbered foes ("Broo 1", "Broo 2"...), each with its own hit points."""
    spec.check()
    first = combat.next_id if combat else 1
    taken = {c.name.casefold() for c in combat.combatants} if combat else set()
    weapon = Weapon(
        name=spec.weapon.strip(),
        skill=spec.weapon.strip(),
        damage=spec.damage.strip(),
        sr=spec.weapon_sr,
        hit_points=max(1, spec.hit_points // 2),
    )
    abilities = [Ability(name=weapon.skill, value=spec.skill)]
    if spec.dodge and weapon.skill.casefold() != "dodge":
        abilities.append(Ability(name="Dodge", value=spec.dodge))
    locations = {str(k): hp for k, hp in location_hit_points(spec.hit_points).items()}
    chars = {"STR": 10, "CON": 10, "SIZ": spec.siz, "DEX": spec.dex, "INT": 10, "POW": 10,
             "CHA": 10}  # fmt: skip
    result: list[Combatant] = []
    number = 1
    while len(result) < spec.count:
        base = spec.name.strip()
        name = f"{base} {number}" if spec.count > 1 else base
        number += 1
        if name.casefold() in taken:
            if spec.count == 1:
                name = f"{base} {number}"
            else:
                continue
        if name.casefold() in taken:
            continue
        taken.add(name.casefold())
        cid = f"k{first + len(result):02d}"
        sheet = Character(
            id=cid,
            name=name,
            kind=CharacterKind.NPC,
            characteristics=chars,
            hit_points=spec.hit_points,
            locations=locations,
            magic_points=10,
            rune_points=0,
            rune_points_max=0,
            abilities=tuple(abilities),
            weapons=(weapon,),
            armour=dict.fromkeys(locations, spec.armour),
        )
        bonus = spec.damage_bonus.strip().removeprefix("+") or "0"
        result.append(
            Combatant(
                id=cid,
                name=name,
                side=FOES,
                foe=sheet,
                hp_max=spec.hit_points,
                damage_bonus=bonus,
            )
        )
    return result


def begin(
    service: CampaignService, character_ids: Sequence[str], foes: Sequence[FoeSpec] = ()
) -> CombatStarted:
    """Start a fight with these roster sheets and quick foes."""
    combatants: list[Combatant] = []
    for number, cid in enumerate(character_ids, start=1):
        combatants.append(roster_combatant(f"k{number:02d}", service.character(cid)))
    ruleset = service.campaign.ruleset
    for spec in foes:
        sofar = Combat(combatants=tuple(combatants), next_id=len(combatants) + 1)
        combatants += foe_combatants(spec, sofar, ruleset)
    if not combatants:
        raise ValidationError("combatants", "pick at least one combatant")
    return service.publish(CombatStarted(combatants=tuple(combatants)))


def fight(service: CampaignService) -> Combat:
    """The running fight; ValidationError when there is none."""
    combat = service.state.combat
    if combat is None:
        raise ValidationError("combat", "no combat is running (b starts one)")
    return combat


def add_character(service: CampaignService, character_id: str) -> CombatantAdded:
    combat = fight(service)
    combatant = roster_combatant(combat.new_id(), service.character(character_id))
    return service.publish(CombatantAdded(combatant=combatant))


def add_foes(service: CampaignService, spec: FoeSpec) -> list[CombatantAdded]:
    combat = fight(service)
    return [
        service.publish(CombatantAdded(combatant=c))
        for c in foe_combatants(spec, combat, service.campaign.ruleset)
    ]


def remove(service: CampaignService, combatant_id: str) -> CombatantRemoved:
    combatant = fight(service).combatant(combatant_id)
    return service.publish(CombatantRemoved(combatant_id=combatant.id, name=combatant.name))


# --- declaring --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Plan:
    """One action as the game master declares it, before its SR is worked out."""

    kind: ActionKind
    weapon: str | None = None  # melee and missile
    label: str = ""  # spell or other action
    own_sr: int = 0  # spell SR, or SR of an "other" action (weapons bring their own)
    movement: int = 0  # extra SR for movement


def plan_actions(sheet: Character, plans: Sequence[Plan]) -> tuple[Action, ...]:
    """Actions with their strike ranks: each one after the previous (rules.combat.chain)."""
    dex, siz = sheet.characteristics["DEX"], sheet.characteristics["SIZ"]
    actions: list[Action] = []
    at = 0
    for i, plan in enumerate(plans):
        weapon = None
        own = plan.own_sr
        label = plan.label.strip()
        if plan.kind.is_attack:
            weapon = weapon_of(sheet, plan.weapon, f"actions[{i}].weapon")
            own = weapon.sr
            label = weapon.name
        if not label:
            label = "Spell" if plan.kind is ActionKind.SPELL else "Move"
        if own < 0 or plan.movement < 0:
            raise ValidationError(f"actions[{i}]", "strike ranks cannot be negative")
        at += action_sr(plan.kind, dex=dex, siz=siz, own_sr=own, movement=plan.movement)
        actions.append(
            Action(kind=plan.kind, label=label, sr=at, weapon=weapon.name if weapon else None)
        )
    if at > 99:
        raise ValidationError("actions", "too many strike ranks for one round and the next")
    return tuple(actions)


def weapon_of(sheet: Character, name: str | None, where: str = "weapon") -> Weapon:
    """The sheet's weapon called `name` (case-insensitive); ValidationError if it has none."""
    wanted = (name or "").casefold()
    for weapon in sheet.weapons:
        if weapon.name.casefold() == wanted:
            return weapon
    raise ValidationError(where, f"{sheet.name} has no weapon {name!r}")


def declare(service: CampaignService, combatant_id: str, plans: Sequence[Plan]) -> ActionsDeclared:
    """Declare what one combatant does this round."""
    combat = fight(service)
    combatant = combat.combatant(combatant_id)
    sheet = sheet_of(combatant, service.state.characters)
    if sheet is None:
        raise ValidationError("combatant", f"{combatant.name} is no longer on the roster")
    actions = plan_actions(sheet, plans)
    text = declared_text({combatant.name: actions}, service.campaign.ruleset)
    return service.publish(ActionsDeclared(declarations={combatant.id: actions}, text=text))


def declared_text(table: Mapping[str, Sequence[Action]], ruleset: RuleSet) -> str:
    """`Harvald: Broadsword SR 6; Broo 1: Club SR 7` (BRP: no strike ranks)."""
    parts = []
    for name, actions in table.items():
        what = ", ".join(
            a.label if ruleset is RuleSet.BRP else f"{a.label} SR {a.sr}" for a in actions
        )
        parts.append(f"{name}: {what or 'nothing'}")
    return "; ".join(parts)


def same_as_last_round(service: CampaignService) -> ActionsDeclared:
    """Every combatant still able to act and not yet declared repeats last round's actions."""
    combat = fight(service)
    table: dict[str, tuple[Action, ...]] = {}
    for combatant in combat.combatants:
        if combatant.declared or not combatant.last:
            continue
        sheet = sheet_of(combatant, service.state.characters)
        if out_of_action(conditions_of(combatant, sheet)):
            continue
        table[combatant.id] = combatant.last
    if not table:
        raise ValidationError(
            "declarations", "nobody has last round's actions to repeat (s declares)"
        )
    names = {combat.combatant(cid).name: actions for cid, actions in table.items()}
    text = "same as last round: " + declared_text(names, service.campaign.ruleset)
    return service.publish(ActionsDeclared(declarations=table, repeated=True, text=text))


# --- the round ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the strike-rank pane: an action in order, or a combatant without one."""

    combatant: Combatant
    sheet: Character | None
    turn: Turn | None
    action: Action | None
    status: str | None  # out of action: dead, unconscious, shock
    current: bool = False
    resolved: bool = False
    next_round: bool = False


def rows(service: CampaignService) -> list[Row]:
    """The pane's lines: this round's actions in order, then actions carried to the next round,
    then combatants with nothing declared, then combatants out of action."""
    combat = fight(service)
    characters = service.state.characters
    ruleset = service.campaign.ruleset
    status = {
        c.id: out_of_action(conditions_of(c, sheet_of(c, characters))) for c in combat.combatants
    }
    acting: list[Row] = []
    waiting: list[Row] = []
    out: list[Row] = []
    for turn in turns(combat, characters, ruleset):
        combatant = combat.combatant(turn.actor)
        if status[combatant.id]:
            continue
        action = combatant.declared[turn.index]
        acting.append(
            Row(
                combatant,
                sheet_of(combatant, characters),
                turn,
                action,
                None,
                current=combat.current == (turn.actor, turn.index),
                resolved=turn.index in combatant.resolved,
            )
        )
    for combatant in combat.combatants:
        sheet = sheet_of(combatant, characters)
        if status[combatant.id]:
            out.append(Row(combatant, sheet, None, None, status[combatant.id]))
            continue
        for _, action in later(combatant, ruleset):
            waiting.append(Row(combatant, sheet, None, action, None, next_round=True))
        if not combatant.declared:
            waiting.append(Row(combatant, sheet, None, None, None))
    return acting + waiting + out


def current_row(service: CampaignService) -> Row | None:
    return next((row for row in rows(service) if row.current), None)


def step(service: CampaignService, direction: int) -> ActionAdvanced | None:
    """Move the current action forward (+1) or back (-1), skipping who is out of action.

    None when there is nothing further that way (the end or the start of the round).
    """
    order = [row for row in rows(service) if row.turn is not None]
    keys = [(row.turn.actor, row.turn.index) for row in order if row.turn is not None]
    combat = fight(service)
    if combat.current in keys:
        position = keys.index(combat.current)
    else:
        position = -1 if direction > 0 else len(keys)
    target = position + (1 if direction > 0 else -1)
    if not 0 <= target < len(keys):
        return None
    row = order[target]
    actor, index = keys[target]
    assert row.action is not None and row.turn is not None
    label = f"SR {row.turn.sr}: {row.combatant.name}, {row.action.label}"
    if ruleset_is_brp(service):
        label = f"DEX {row.turn.dex}: {row.combatant.name}, {row.action.label}"
    return service.publish(ActionAdvanced(combatant_id=actor, index=index, label=label))


def ruleset_is_brp(service: CampaignService) -> bool:
    return service.campaign.ruleset is RuleSet.BRP


def new_round(service: CampaignService) -> RoundStarted:
    """The next round: bleeding roster characters lose 1 HP, declarations are cleared."""
    combat = fight(service)
    steps: list[str] = []
    for combatant in combat.combatants:
        sheet = sheet_of(combatant, service.state.characters)
        if combatant.character_id is None or sheet is None:
            continue
        if (
            Effect.BLEEDING.value not in sheet.conditions
            or out_of_action(conditions_of(combatant, sheet)) == Effect.DEAD.value
        ):
            continue
        steps.append(service.publish(DamageApplied(character_id=sheet.id, amount=1)).id)
    return service.publish(RoundStarted(round=combat.round + 1, steps=tuple(steps)))


# --- attacks -----------------------------------------------------------------------------------


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
    # Work everything out first, so that bad input publishes nothing.
    chance = skill_of(a_sheet, weapon.skill) if given.chance is None else given.chance
    attack = resolve(chance, rng, ruleset, result=given.attack_roll)
    lines = [f"{attacker.name}: {weapon.name} {chance}% rolled {attack.roll:02d}: {attack.level}"]
    defence_roll = None
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
            what = f"parries with {shield.name}"
        else:
            default = skill_of(d_sheet, "Dodge")
            what = "dodges"
        d_chance = default if given.defence_chance is None else given.defence_chance
        defence_roll = resolve(d_chance, rng, ruleset, result=given.defence_roll)
        lines.append(
            f"{defender.name} {what} {d_chance}% rolled {defence_roll.roll:02d}: "
            f"{defence_roll.level}"
        )
    outcome = exchange(attack.level, given.defence, defence_roll.level if defence_roll else None)
    location: Location | None = None
    d20: int | None = None
    rolled_damage = None
    amount = damage = armour = total_loss = 0
    effects: tuple[str, ...] = ()
    if outcome.hits:
        if given.location is not None:
            location = given.location
        else:
            d20 = rng.randint(1, 20) if given.location_roll is None else given.location_roll
            location = location_from_d20(d20)
        mode = given.mode or mode_for(attack.level)
        bonus = bonus_of(attacker, a_sheet, ruleset)
        if action.kind is ActionKind.MISSILE:
            bonus = "0"  # missiles: no damage bonus (thrown weapons: the GM types it)
        kind = special_kind(weapon.name)
        ignores = mode is DamageMode.CRITICAL
        if given.damage is None:
            rolled_damage = damage_roll(weapon.damage, bonus, mode, kind, rng, ruleset)
            damage = rolled_damage.total
            ignores = rolled_damage.ignores_armour
        else:
            damage = given.damage
        armour = d_sheet.armour.get(str(location), 0) if given.armour is None else given.armour
        parry_hp = shield.hit_points if outcome.parried and shield else 0
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
        total_loss = wound.total_loss
        effects = lasting_conditions(wound.effects, wound.useless, location)
        where = f"{location.label}" + (f" (D20 {d20})" if d20 is not None else "")
        how = f"{mode} " if mode is not DamageMode.NORMAL else ""
        rolled = f" {rolled_damage.expression}" if rolled_damage else " (typed)"
        stops = []
        if parry_hp:
            stops.append(f"parry {parry_hp}")
        stops.append("armour ignored" if ignores else f"armour {armour}")
        lines.append(
            f"hits {where}: {how}damage{rolled} = {damage}, {', '.join(stops)}: "
            f"{amount} through" + (f"; {', '.join(map(str, wound.effects))}" if effects else "")
        )
    else:
        lines.append(outcome.reason)
    # Now publish: rolls, damage to a roster sheet, then the step itself.
    steps: list[str] = []
    a_cid = attacker.character_id
    steps.append(
        service.publish(
            RollMade(
                actor=attacker.name,
                character_id=a_cid,
                kind="attack",
                label=f"{weapon.name} vs {defender.name}",
                chance=chance,
                roll=attack.roll,
                level=str(attack.level),
                details={"combatant": attacker.id, "round": combat.round},
            )
        ).id
    )
    if defence_roll is not None:
        steps.append(
            service.publish(
                RollMade(
                    actor=defender.name,
                    character_id=defender.character_id,
                    kind=str(given.defence),
                    label=shield.name if shield else "Dodge",
                    chance=defence_roll.chance,
                    roll=defence_roll.roll,
                    level=str(defence_roll.level),
                    details={"combatant": defender.id},
                )
            ).id
        )
    if location is not None:
        steps.append(
            service.publish(
                RollMade(
                    actor=attacker.name,
                    character_id=a_cid,
                    kind="location",
                    label=location.label,
                    expression="1D20" if d20 is not None else None,
                    roll=d20,
                    total=d20,
                    details={"typed": d20 is None},
                )
            ).id
        )
        steps.append(
            service.publish(
                RollMade(
                    actor=attacker.name,
                    character_id=a_cid,
                    kind="damage",
                    label=f"{weapon.name} on {defender.name}",
                    expression=rolled_damage.expression if rolled_damage else None,
                    total=damage,
                    details={
                        "rolls": list(rolled_damage.rolls) if rolled_damage else [],
                        "armour": armour,
                        "through": amount,
                        "typed": rolled_damage is None,
                    },
                )
            ).id
        )
        if defender.character_id is not None and amount > 0:
            steps.append(
                service.publish(
                    DamageApplied(
                        character_id=defender.character_id,
                        amount=amount,
                        location=str(location),
                        total_loss=total_loss,
                        effects=effects,
                    )
                ).id
            )
    text = " · ".join(lines)
    return service.publish(
        AttackResolved(
            attacker_id=attacker.id,
            defender_id=defender.id,
            action=index,
            weapon=weapon.name,
            attack_level=str(attack.level),
            defence=str(given.defence),
            defence_level=str(defence_roll.level) if defence_roll else None,
            location=None if location is None else str(location),
            damage=damage,
            armour=armour,
            amount=amount,
            total_loss=total_loss,
            effects=effects,
            steps=tuple(steps),
            text=text,
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


# --- the end -----------------------------------------------------------------------------------


def summary(service: CampaignService) -> tuple[dict[str, object], str]:
    """Rounds, damage dealt and taken per combatant, and who fell; as data and as text."""
    combat = fight(service)
    names = {c.id: c.name for c in combat.combatants}
    table = [
        {"name": c.name, "dealt": c.dealt, "taken": c.taken, "fell": c.id in combat.fallen}
        for c in combat.combatants
    ]
    fell = [names[cid] for cid in combat.fallen if cid in names]
    data: dict[str, object] = {"rounds": combat.round, "combatants": table, "fell": fell}
    parts = [f"{row['name']} dealt {row['dealt']}, took {row['taken']}" for row in table]
    rounds = f"{combat.round} round" + ("s" if combat.round != 1 else "")
    text = f"Combat over after {rounds}. " + "; ".join(parts) + "."
    text += f" Fell: {', '.join(fell)}." if fell else " Nobody fell."
    return data, text


def end(service: CampaignService) -> CombatEnded:
    """End the fight and log its summary."""
    data, text = summary(service)
    return service.publish(CombatEnded(summary=data, text=text))


def able(service: CampaignService) -> list[Combatant]:
    """Combatants still able to act."""
    combat = fight(service)
    characters = service.state.characters
    return [
        c for c in combat.combatants if not out_of_action(conditions_of(c, sheet_of(c, characters)))
    ]


def roster_not_fighting(service: CampaignService) -> list[Character]:
    """Roster sheets that are not in the fight (all of them when there is none)."""
    combat = service.state.combat
    inside = {c.character_id for c in combat.combatants} if combat else set()
    return [c for c in service.characters if c.id not in inside]


def this_round(actions: Iterable[Action]) -> list[Action]:
    return [a for a in actions if in_this_round(a.sr)]
