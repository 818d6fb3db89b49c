"""Spirit combat in a fight (RQG; docs/rules.md#spirit-combat): a spirit joins the fight, and a
round of spirit combat between two combatants is worked out, then logged like any exchange: the
two Spirit Combat rolls, the damage roll, the magic points lost, then the step itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmdash.model import effective
from gmdash.model.character import Ability, Character, CharacterKind
from gmdash.model.combat import FOES, Combatant, sheet_of
from gmdash.model.combat_events import CombatantAdded, SpiritCombatResolved
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import Event, PointsSpent
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.play.combat.flow import fight
from gmdash.rules import Rng, RuleSet
from gmdash.rules.opposed import Outcome
from gmdash.rules.rolls import roll_d100
from gmdash.rules.spirit_combat import (
    SPIRIT_COMBAT_BASE,
    SPIRIT_COMBAT_SR,
    SpiritRound,
    spirit_damage,
    spirit_round,
)

SKILL = "Spirit Combat"
MAX_SPIRIT_POW = 99


def spirit_chance(sheet: Character, running: list[TimedEffect]) -> effective.Adjustment:
    """The Spirit Combat chance (its base when the sheet lacks the skill), effects counted."""
    found = sheet.ability(SKILL)
    base = found.value if found is not None else SPIRIT_COMBAT_BASE
    extra = effective.ability(running, SKILL)
    return effective.Adjustment(base + extra.amount, extra.notes)


def damage_dice(sheet: Character) -> str:
    """Spirit combat damage by POW + CHA (a sheet without CHA counts its POW alone)."""
    chars = sheet.characteristics
    return spirit_damage(chars["POW"], chars.get("CHA", 0))


@dataclass(frozen=True, slots=True)
class SpiritSpec:
    """A spirit joining the fight: name, POW (its full magic points), CHA, Spirit Combat %."""

    name: str
    pow: int
    cha: int
    skill: int
    magic_points: int | None = None  # None: its POW


def add_spirit(service: CampaignService, spec: SpiritSpec) -> CombatantAdded:
    """A spirit joins the fight with the foes: no hit locations, only magic points."""
    combat = fight(service)
    name = spec.name.strip()
    if not name:
        raise ValidationError("name", "a spirit needs a name")
    if not 1 <= spec.pow <= MAX_SPIRIT_POW or not 1 <= spec.cha <= MAX_SPIRIT_POW:
        raise ValidationError("pow", f"POW and CHA 1 to {MAX_SPIRIT_POW}")
    if not 0 <= spec.skill <= 999:
        raise ValidationError("skill", "a percentage from 0")
    if any(c.name.casefold() == name.casefold() for c in combat.combatants):
        raise ValidationError("name", f"{name} is already in the fight")
    cid = combat.new_id()
    magic = spec.pow if spec.magic_points is None else spec.magic_points
    sheet = Character(
        id=cid, name=name, kind=CharacterKind.NPC,
        # a spirit has no body: its bodily characteristics are the least a sheet holds
        characteristics={"STR": 1, "CON": 1, "SIZ": 1, "DEX": 1, "INT": 1, "POW": spec.pow,
                         "CHA": max(1, spec.cha)},
        hit_points=1, locations={}, magic_points=magic, rune_points=0, rune_points_max=0,
        abilities=(Ability(name=SKILL, value=spec.skill),),
    )  # fmt: skip
    combatant = Combatant(id=cid, name=name, side=FOES, foe=sheet, hp_max=1, spirit=True)
    Combatant.from_dict(combatant.to_dict())  # as the log will read it back: refused now if bad
    return service.publish(CombatantAdded(combatant=combatant))


@dataclass(frozen=True, slots=True)
class SpiritInput:
    """What the game master gave: the two sides (combatant ids) and, when typed, their
    chances, D100 rolls and the damage rolled with physical dice."""

    attacker_id: str
    defender_id: str
    chance_a: int | None = None
    chance_b: int | None = None
    roll_a: int | None = None
    roll_b: int | None = None
    damage: int | None = None


@dataclass(frozen=True, slots=True)
class SpiritPlan:
    """A round of spirit combat worked out, nothing published."""

    attacker: Combatant
    defender: Combatant
    round: SpiritRound
    notes_a: tuple[str, ...]
    notes_b: tuple[str, ...]
    text: str


def _side(service: CampaignService, combatant_id: str) -> tuple[Combatant, Character]:
    combatant = fight(service).combatant(combatant_id)
    sheet = sheet_of(combatant, service.state.characters)
    if sheet is None:
        raise ValidationError("combatant", f"{combatant.name} is no longer on the roster")
    return combatant, sheet


def plan_spirit_combat(service: CampaignService, rng: Rng, given: SpiritInput) -> SpiritPlan:
    """Work one round of spirit combat out (RQG only); publishes nothing."""
    if service.campaign.ruleset is not RuleSet.RQG:
        raise ValidationError("ruleset", "spirit combat is RuneQuest's (this campaign is BRP)")
    if given.attacker_id == given.defender_id:
        raise ValidationError("defender_id", "spirit combat needs two sides")
    a, a_sheet = _side(service, given.attacker_id)
    b, b_sheet = _side(service, given.defender_id)
    for value, field in ((given.roll_a, "roll_a"), (given.roll_b, "roll_b")):
        if value is not None and not 1 <= value <= 100:
            raise ValidationError(field, f"a roll from 1 to 100, not {value}")
    if given.damage is not None and given.damage < 0:
        raise ValidationError("damage", "cannot be negative")
    chance_a = spirit_chance(a_sheet, effective.on_combatant(service.state, a))
    chance_b = spirit_chance(b_sheet, effective.on_combatant(service.state, b))
    a_value = chance_a.amount if given.chance_a is None else given.chance_a
    b_value = chance_b.amount if given.chance_b is None else given.chance_b
    result = spirit_round(
        chance_a=max(0, a_value),
        roll_a=roll_d100(rng) if given.roll_a is None else given.roll_a,
        chance_b=max(0, b_value),
        roll_b=roll_d100(rng) if given.roll_b is None else given.roll_b,
        damage_a=damage_dice(a_sheet), damage_b=damage_dice(b_sheet),
        mp_a=a_sheet.magic_points, mp_b=b_sheet.magic_points, rng=rng, damage=given.damage,
    )  # fmt: skip
    return SpiritPlan(a, b, result, chance_a.notes if given.chance_a is None else (),
                      chance_b.notes if given.chance_b is None else (),
                      _account(a, b, result))  # fmt: skip


def _account(a: Combatant, b: Combatant, result: SpiritRound) -> str:
    """The round told in one line, as the pane and the log show it."""
    o = result.opposed
    rolled = (
        f"SR {SPIRIT_COMBAT_SR}, spirit combat: {a.name} {o.roll_a}/{o.chance_a}% {o.level_a}, "
        f"{b.name} {o.roll_b}/{o.chance_b}% {o.level_b}"
    )
    if result.winner not in (Outcome.A, Outcome.B):
        return f"{rolled}: nobody wins, no magic points lost."
    winner, loser = (a, b) if result.winner is Outcome.A else (b, a)
    told = (
        f"{rolled}: {winner.name} wins, {result.damage_dice} → {result.damage}; {loser.name} "
        f"MP {result.loser_mp_before} → {result.loser_mp_after}"
    )
    if result.defeated:
        told += " — defeated" if loser.spirit else " — unconscious, at the spirit's mercy"
    return told + "."


@one_change
def publish_spirit_combat(service: CampaignService, plan: SpiritPlan) -> SpiritCombatResolved:
    """Log a planned round: both rolls, the damage roll, the magic points lost, the step."""
    steps: list[str] = []

    def step(event: Event) -> None:
        steps.append(service.publish(event).id)

    result, a, b = plan.round, plan.attacker, plan.defender
    o = result.opposed
    for who, other, chance, roll, level, notes in (
        (a, b, o.chance_a, o.roll_a, o.level_a, plan.notes_a),
        (b, a, o.chance_b, o.roll_b, o.level_b, plan.notes_b),
    ):
        step(rolls.roll_event(
            "opposed", actor=who.name, character_id=who.character_id,
            label=f"{SKILL} vs {other.name}", chance=chance, modifiers=notes, roll=roll,
            level=level, details={"spirit_combat": True, "combatant": who.id},
        ))  # fmt: skip
    winner_id: str | None = None
    if result.winner in (Outcome.A, Outcome.B):
        winner, loser = (a, b) if result.winner is Outcome.A else (b, a)
        winner_id = winner.id
        step(rolls.roll_event(
            "damage", actor=winner.name, character_id=winner.character_id,
            label=f"spirit combat on {loser.name}", expression=result.damage_dice,
            total=result.damage, details={"spirit_combat": True, "magic_points": True},
        ))  # fmt: skip
        lost = result.loser_mp_before - result.loser_mp_after
        if loser.character_id is not None and lost > 0:
            step(PointsSpent(character_id=loser.character_id, pool="magic", amount=lost))
    return service.publish(
        SpiritCombatResolved(
            attacker_id=a.id,
            defender_id=b.id,
            winner_id=winner_id,
            damage=result.loser_mp_before - result.loser_mp_after if winner_id else 0,
            steps=tuple(steps),
            text=plan.text,
        )
    )


def resolve_spirit_combat(
    service: CampaignService, rng: Rng, given: SpiritInput
) -> SpiritCombatResolved:
    """Work out and log one round of spirit combat."""
    return publish_spirit_combat(service, plan_spirit_combat(service, rng, given))


@one_change
def resolve_against(
    service: CampaignService, rng: Rng, given: SpiritInput, spirit: SpiritSpec | None = None
) -> SpiritCombatResolved:
    """One round of spirit combat, against a `spirit` that joins the fight first when given
    (then it is the defender): both, or neither, happen."""
    if spirit is not None:
        added = add_spirit(service, spirit)
        given = replace(given, defender_id=added.combatant.id)
    return resolve_spirit_combat(service, rng, given)
