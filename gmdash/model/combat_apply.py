"""How each combat event changes a campaign's state (called through `CampaignState.apply`).

Each function checks the event against the state (`ValidationError`: nothing changes, since
`CampaignService.publish` applies to a copy), sets `state.combat` and returns the summary of
the undo entry. The undo entry itself (the fight as it was) is made by `CampaignState`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from gmdash.model.campaign import Campaign
from gmdash.model.character import Character, damage_weapon, read_conditions
from gmdash.model.combat import (
    Combat,
    Combatant,
    conditions_of,
    later,
    out_of_action,
    sheet_of,
    turns,
    validate_declaration,
)
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionDone,
    ActionsDeclared,
    AttackResolved,
    CombatantAdded,
    CombatantRemoved,
    CombatEnded,
    CombatStarted,
    RoundStarted,
    SpiritCombatResolved,
)
from gmdash.model.errors import ValidationError
from gmdash.rules import Effect
from gmdash.rules.combat import carry_over


class FightState(Protocol):
    """What a combat step reads and changes of a campaign's state (`CampaignState` has it).

    A protocol rather than `CampaignState` itself, so that the state can import this module
    without the two importing each other.
    """

    campaign: Campaign
    characters: dict[str, Character]
    combat: Combat | None

    def character(self, character_id: str) -> Character: ...


def _fight(state: FightState) -> Combat:
    if state.combat is None:
        raise ValidationError("combat", "no combat is running (b starts one)")
    return state.combat


def _check_new(state: FightState, combat: Combat, combatant: Combatant) -> None:
    if combat.has(combatant.id):
        raise ValidationError("combatant.id", f"{combatant.id} is already in the fight")
    if combatant.character_id is not None:
        state.character(combatant.character_id)
        if any(c.character_id == combatant.character_id for c in combat.combatants):
            raise ValidationError("combatant", f"{combatant.name} is already in the fight")


def _next_id(combat: Combat, combatant: Combatant) -> int:
    number = combatant.id[1:]
    if combatant.id.startswith("k") and number.isdigit():
        return max(combat.next_id, int(number) + 1)
    return combat.next_id


def started(state: FightState, event: CombatStarted) -> str:
    if state.combat is not None:
        raise ValidationError("combat", "a combat is already running (E ends it)")
    if not event.combatants:
        raise ValidationError("combatants", "a fight needs at least one combatant")
    combat = Combat(started=event.id)
    for combatant in event.combatants:
        _check_new(state, combat, combatant)
        combat = replace(
            combat,
            combatants=(*combat.combatants, combatant),
            next_id=_next_id(combat, combatant),
        )
    state.combat = combat
    return f"start combat ({len(event.combatants)})"


def added(state: FightState, event: CombatantAdded) -> str:
    combat = _fight(state)
    _check_new(state, combat, event.combatant)
    state.combat = replace(
        combat,
        combatants=(*combat.combatants, event.combatant),
        next_id=_next_id(combat, event.combatant),
    )
    return f"add {event.combatant.name} to the combat"


def removed(state: FightState, event: CombatantRemoved) -> str:
    combat = _fight(state)
    gone = combat.combatant(event.combatant_id)
    current = combat.current
    if current is not None and current[0] == gone.id:
        order = turns(combat, state.characters, state.campaign.ruleset)
        keys = [(t.actor, t.index) for t in order]
        position = keys.index(current) if current in keys else 0
        before = [k for k in keys[:position] if k[0] != gone.id]
        current = before[-1] if before else None
    state.combat = replace(
        combat,
        combatants=tuple(c for c in combat.combatants if c.id != gone.id),
        current=current,
    )
    return f"remove {gone.name} from the combat"


def declared(state: FightState, event: ActionsDeclared) -> str:
    combat = _fight(state)
    if not event.declarations:
        raise ValidationError("declarations", "nobody declared anything")
    for cid, actions in event.declarations.items():
        combatant = combat.combatant(cid)
        validate_declaration(combatant, actions, sheet_of(combatant, state.characters))
        combat = combat.with_combatant(replace(combatant, declared=tuple(actions), resolved=()))
    state.combat = combat
    names = ", ".join(combat.combatant(cid).name for cid in event.declarations)
    return f"declare actions: {names}"


def advanced(state: FightState, event: ActionAdvanced) -> str:
    combat = _fight(state)
    if event.combatant_id is None:
        state.combat = replace(combat, current=None)
        return "back to the start of the round"
    combatant = combat.combatant(event.combatant_id)
    index = event.index or 0
    if index >= len(combatant.declared):
        raise ValidationError("index", f"{combatant.name} has no action {index + 1}")
    state.combat = replace(combat, current=(combatant.id, index))
    return f"current action: {combatant.name}"


def round_started(state: FightState, event: RoundStarted) -> str:
    combat = _fight(state)
    if event.round != combat.round + 1:
        raise ValidationError("round", f"the next round is {combat.round + 1}, not {event.round}")
    ruleset = state.campaign.ruleset
    combatants = []
    for combatant in combat.combatants:
        carried = tuple(
            replace(action, sr=carry_over(action.sr)) for _, action in later(combatant, ruleset)
        )
        foe = combatant.foe
        bleeding = foe is not None and Effect.BLEEDING.value in foe.conditions
        if foe is not None and bleeding and Effect.DEAD.value not in conditions_of(combatant, foe):
            foe = replace(foe, hit_points=foe.hit_points - 1)
        combatants.append(
            replace(
                combatant,
                foe=foe,
                last=combatant.declared or combatant.last,
                declared=carried,
                resolved=(),
                defences=0,
            )
        )
    state.combat = replace(combat, round=event.round, combatants=tuple(combatants), current=None)
    return f"round {event.round}"


def attack(state: FightState, event: AttackResolved) -> str:
    combat = _fight(state)
    attacker = combat.combatant(event.attacker_id)
    if event.action is not None:
        if event.action >= len(attacker.declared):
            raise ValidationError("action", f"{attacker.name} has no action {event.action + 1}")
        resolved = tuple(sorted({*attacker.resolved, event.action}))
        attacker = replace(attacker, resolved=resolved)
    combat = combat.with_combatant(attacker)
    if event.defender_id is not None:
        defender = combat.combatant(event.defender_id)
        if defender.id != attacker.id:
            combat = combat.with_combatant(replace(attacker, dealt=attacker.dealt + event.amount))
        foe = defender.foe
        effects = read_conditions(list(event.effects), None if foe is None else foe.table)
        if foe is not None:
            locations = dict(foe.locations)
            wounds = dict(foe.wounds)
            if event.location is not None:
                if event.location not in locations:
                    raise ValidationError("location", f"not a hit location: {event.location!r}")
                taken = event.amount if event.wound is None else event.wound
                locations[event.location] -= taken
                if taken > 0:
                    wounds[event.location] = (*wounds.get(event.location, ()), taken)
            foe = replace(
                foe,
                hit_points=foe.hit_points - event.total_loss,
                locations=locations,
                conditions=tuple(dict.fromkeys((*foe.conditions, *effects))),
                wounds=wounds,
            )
        defended = event.defence != "none" and event.defence_level is not None
        defender = replace(
            defender,
            foe=foe,
            taken=defender.taken + event.amount,
            defences=defender.defences + int(defended),
        )
        combat = combat.with_combatant(defender)
    if event.weapon_owner is not None and event.damaged_weapon and event.weapon_damage:
        owner = combat.combatant(event.weapon_owner)
        if owner.foe is not None:  # a roster sheet's weapon changes through WeaponDamaged
            hurt = damage_weapon(owner.foe, event.damaged_weapon, event.weapon_damage)
            combat = combat.with_combatant(replace(owner, foe=replace(owner.foe, weapons=hurt)))
    state.combat = combat
    _note_fallen(state)
    return f"attack by {attacker.name}"


def action_done(state: FightState, event: ActionDone) -> str:
    combat = _fight(state)
    combatant = combat.combatant(event.combatant_id)
    if event.action >= len(combatant.declared):
        raise ValidationError("action", f"{combatant.name} has no action {event.action + 1}")
    resolved = tuple(sorted({*combatant.resolved, event.action}))
    state.combat = combat.with_combatant(replace(combatant, resolved=resolved))
    return f"{combatant.name}'s {combatant.declared[event.action].label} done"


def spirit_combat(state: FightState, event: SpiritCombatResolved) -> str:
    combat = _fight(state)
    attacker = combat.combatant(event.attacker_id)
    defender = combat.combatant(event.defender_id)
    if attacker.id == defender.id:
        raise ValidationError("defender_id", "spirit combat needs two sides")
    if event.winner_id is not None:
        if event.winner_id not in (attacker.id, defender.id):
            raise ValidationError("winner_id", f"{event.winner_id} is not in this spirit combat")
        loser = defender if event.winner_id == attacker.id else attacker
        winner = attacker if loser is defender else defender
        combat = combat.with_combatant(replace(winner, dealt=winner.dealt + event.damage))
        loser = combat.combatant(loser.id)
        foe = loser.foe
        if foe is not None:  # a roster sheet's magic points change through PointsSpent
            foe = replace(foe, magic_points=max(0, foe.magic_points - event.damage))
        combat = combat.with_combatant(replace(loser, foe=foe, taken=loser.taken + event.damage))
    state.combat = combat
    _note_fallen(state)
    return f"spirit combat: {attacker.name} and {defender.name}"


def ended(state: FightState, event: CombatEnded) -> str:
    _fight(state)
    state.combat = None
    return "end combat"


def _note_fallen(state: FightState) -> None:
    """Remember who fell (dead, unconscious or in shock) during the fight, for the summary."""
    combat = state.combat
    if combat is None:
        return
    fallen = list(combat.fallen)
    for combatant in combat.combatants:
        sheet = sheet_of(combatant, state.characters)
        if combatant.id not in fallen and out_of_action(conditions_of(combatant, sheet)):
            fallen.append(combatant.id)
    if len(fallen) != len(combat.fallen):
        state.combat = replace(combat, fallen=tuple(fallen))
