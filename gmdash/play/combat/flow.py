"""The flow of a fight: setting up, declaring, stepping through the strike ranks, rounds, the end.

Each function publishes events and returns the main one; `ValidationError` (or `DiceError`)
means nothing was published. One attack is `gmdash.play.combat.attack`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gmdash.model.bestiary import CreatureTemplate, numbered_names, spawn_sheet
from gmdash.model.character import Ability, Character, Weapon
from gmdash.model.combat import (
    FOES,
    Action,
    Combat,
    Combatant,
    Row,
    conditions_of,
    order_rows,
    out_of_action,
    roster_combatant,
    sheet_of,
)
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionsDeclared,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    CombatStarted,
    RoundStarted,
)
from gmdash.model.errors import ValidationError
from gmdash.model.events import DamageApplied, PointsSpent
from gmdash.play import effects
from gmdash.play.change import one_change
from gmdash.rules import (
    HUMANOID,
    Effect,
    Rng,
    RuleSet,
    ScriptedRng,
    parse_dice,
)
from gmdash.rules.combat import (
    ActionKind,
    action_sr,
    in_this_round,
)
from gmdash.rules.weapons import WeaponUse, guess_special, guess_use

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

    def template(self, ruleset: RuleSet) -> CreatureTemplate:
        """The quick foe as a creature template: fixed numbers (nothing to roll), its hit
        points and damage bonus as typed, one weapon, armour on every location."""
        self.check()
        name = self.weapon.strip()
        weapon = Weapon(
            name=name,
            skill=name,
            damage=self.damage.strip(),
            sr=self.weapon_sr,
            hit_points=max(1, self.hit_points // 2),
            special=guess_special(name),  # a quick foe: its weapon's kind and use from the name
            use=guess_use(name),
        )
        abilities = [Ability(name=weapon.skill, value=self.skill)]
        if self.dodge and weapon.skill.casefold() != "dodge":
            abilities.append(Ability(name="Dodge", value=self.dodge))
        appeal = "APP" if ruleset is RuleSet.BRP else "CHA"
        chars = {"STR": 10, "CON": 10, "SIZ": self.siz, "DEX": self.dex, "INT": 10, "POW": 10,
                 appeal: 10}  # fmt: skip
        return CreatureTemplate(
            name=self.name.strip(),
            characteristics={key: str(value) for key, value in chars.items()},
            armour=dict.fromkeys(HUMANOID.keys, self.armour),
            abilities=tuple(abilities),
            weapons=(weapon,),
            hit_points=self.hit_points,
            damage_bonus=self.damage_bonus.strip().removeprefix("+") or "0",
        )


@dataclass(frozen=True, kw_only=True)
class TemplateFoes:
    """`count` creatures of a bestiary template, to be rolled as they join the fight."""

    template: CreatureTemplate
    count: int = 1

    def check(self) -> None:
        if not 1 <= self.count <= MAX_FOES:
            raise ValidationError("count", f"between 1 and {MAX_FOES}")


NO_DICE = ScriptedRng(())
"""The RNG of a quick foe: its numbers are fixed, so any roll would be a bug (and raises)."""


def foe_combatants(
    spec: FoeSpec | TemplateFoes, combat: Combat | None, ruleset: RuleSet, rng: Rng | None = None
) -> list[Combatant]:
    """`count` numbered foes ("Broo 1", "Broo 2"...), each rolled from the template with `rng`
    (a quick foe has nothing to roll) and with its own hit points."""
    if isinstance(spec, FoeSpec):
        group, rng = TemplateFoes(template=spec.template(ruleset), count=spec.count), NO_DICE
    else:
        group = spec
        group.check()
        if rng is None:
            raise ValueError("creatures from a template need an RNG to roll them")
    first = combat.next_id if combat else 1
    taken = [c.name for c in combat.combatants] if combat else []
    template = group.template
    result: list[Combatant] = []
    for index, name in enumerate(numbered_names(template.name, group.count, taken)):
        cid = f"k{first + index:02d}"
        sheet = spawn_sheet(template, id=cid, name=name, rng=rng, ruleset=ruleset)
        if template.hit_points is not None:
            sheet = replace(sheet, hit_points=template.hit_points,
                            locations=sheet.table.hit_points(template.hit_points))  # fmt: skip
        result.append(
            Combatant(
                id=cid,
                name=name,
                side=FOES,
                foe=sheet,
                hp_max=sheet.hit_points,
                damage_bonus=template.damage_bonus,
            )
        )
    return result


def begin(
    service: CampaignService,
    character_ids: Sequence[str],
    foes: Sequence[FoeSpec | TemplateFoes] = (),
    rng: Rng | None = None,
) -> CombatStarted:
    """Start a fight with these roster sheets, quick foes and creatures of the bestiary
    (rolled with `rng`)."""
    combatants: list[Combatant] = []
    for number, cid in enumerate(character_ids, start=1):
        combatants.append(roster_combatant(f"k{number:02d}", service.character(cid)))
    ruleset = service.campaign.ruleset
    for spec in foes:
        sofar = Combat(combatants=tuple(combatants), next_id=len(combatants) + 1)
        combatants += foe_combatants(spec, sofar, ruleset, rng)
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


@one_change
def add_foes(
    service: CampaignService, spec: FoeSpec | TemplateFoes, rng: Rng | None = None
) -> list[CombatantAdded]:
    combat = fight(service)
    return [
        service.publish(CombatantAdded(combatant=c))
        for c in foe_combatants(spec, combat, service.campaign.ruleset, rng)
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
    """Actions with their strike ranks: each one after the previous (rules.combat.chain).

    A bow, sling or firearm always makes a missile attack (DEX SR + weapon SR); a thrown weapon
    is thrown unless declared as a melee attack."""
    dex, siz = sheet.characteristics["DEX"], sheet.characteristics["SIZ"]
    actions: list[Action] = []
    at = 0
    for i, plan in enumerate(plans):
        weapon = None
        own = plan.own_sr
        label = plan.label.strip()
        kind = plan.kind
        if kind.is_attack:
            weapon = weapon_of(sheet, plan.weapon, f"actions[{i}].weapon")
            own = weapon.sr
            label = weapon.name
            if weapon.use in (WeaponUse.MISSILE, WeaponUse.FIREARM):
                kind = ActionKind.MISSILE
        if not label:
            label = "Spell" if plan.kind is ActionKind.SPELL else "Move"
        if own < 0 or plan.movement < 0:
            raise ValidationError(f"actions[{i}]", "strike ranks cannot be negative")
        at += action_sr(kind, dex=dex, siz=siz, own_sr=own, movement=plan.movement)
        actions.append(
            Action(kind=kind, label=label, sr=at, weapon=weapon.name if weapon else None)
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


def rows(service: CampaignService) -> list[Row]:
    """The pane's lines (see `gmdash.model.combat.order_rows`)."""
    return order_rows(fight(service), service.state.characters, service.campaign.ruleset)


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


@one_change
def new_round(service: CampaignService) -> RoundStarted:
    """The next round: bleeding roster characters lose 1 HP, a round of game time passes
    (effects count down), declarations are cleared."""
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
    # the round that ends is a round of game time: effects count down, some run out
    passed = effects.end_of_round(service, combat.round)
    steps += [e.id for e in passed if isinstance(e, PointsSpent)]  # one undo with the round
    return service.publish(RoundStarted(round=combat.round + 1, steps=tuple(steps)))


# --- attacks -----------------------------------------------------------------------------------


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
