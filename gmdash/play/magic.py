"""Casting a spell in play: the roll, the points spent from the right pool and a target's
resistance, as one change (docs/rules.md#magic). What can be cast, at what chance and cost, is
`gmdash.model.casting`.

The roster's cast dialog, the strike-rank pane (a declared spell) and `gmdash cast` gather the
game master's choices into a `CastPlan` and call `cast_spell`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from gmdash.model.casting import (
    CastPlan,
    SpellKind,
    base_chance,
    casting_rune,
    chance,
    cost_of,
    cost_text,
    cult_of,
    refusal,
)
from gmdash.model.character import Character
from gmdash.model.combat_events import ActionDone
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import CharacterEdited, PointsSpent, RollMade
from gmdash.model.magic import MAGIC_POOL, cult_pool
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.play.effects import Target, effect_of_spell, start_effect, target_of
from gmdash.play.spell_healing import HealAim, apply_healing, healing_problem
from gmdash.rules import Level, Rng, RuleSet
from gmdash.rules.magic import CastingCost
from gmdash.rules.spells import spell_effect


class Resistance(StrEnum):
    """Whether the target resists: not at all, or magic points against magic points."""

    NONE = "none"
    MAGIC_POINTS = "mp"


@dataclass(frozen=True, slots=True)
class Cast:
    """A published cast: its roll, the points it cost, the target's resistance roll if any,
    and whether the spell took effect."""

    event: RollMade
    roll: int
    level: Level
    cost: CastingCost
    resistance: RollMade | None
    took_effect: bool
    summary: str
    effect: TimedEffect | None = None
    """What the spell put on its target (a catalogue spell that lasts, `gmdash.rules.spells`)."""


def lasting_effect(
    service: CampaignService,
    caster: Character,
    plan: CastPlan,
    target: str | None,
    weapon: str | None = None,
    effect_id: str | None = None,
) -> TimedEffect | None:
    """The effect the spell would put on `target` (None: on the caster) if it takes effect:
    None for a spell the catalogue has not, or one that is instant; a weapon spell lands on
    `weapon` (None: the first weapon on the sheet). ValidationError when it cannot land."""
    catalogue = spell_effect(plan.spell.name)
    if catalogue is None or catalogue.instant:
        return None
    on = target_of(service, target if target is not None else caster.id)
    weapons = [w.name for w in on.sheet.weapons] if on.sheet is not None else []
    if catalogue.on_weapon and weapons:
        if weapon is None:
            weapon = weapons[0]  # none named: the first weapon on the sheet
        else:  # a unique start of a weapon's name will do, as for actors
            wanted = weapon.strip().casefold()
            starting = [w for w in weapons if w.casefold().startswith(wanted)]
            exact = [w for w in weapons if w.casefold() == wanted]
            matches = exact or starting
            if len(matches) == 1:
                weapon = matches[0]
    points = plan.points if catalogue.variable else catalogue.points
    return effect_of_spell(catalogue, on, effect_id or service.state.new_effect_id(),
                           points=points, caster=caster.name, weapon=weapon)  # fmt: skip


def cast_problem(
    service: CampaignService,
    caster: Character,
    plan: CastPlan,
    target: str | None,
    weapon: str | None = None,
    heal: HealAim | None = None,
) -> str | None:
    """Why the cast cannot be made as asked (None: it can): the points, its effect, or a
    healing spell's target with no such wound."""
    why = refusal(caster, service.campaign.ruleset, plan)
    if why is not None:
        return why
    try:
        lasting_effect(service, caster, plan, target, weapon)
    except ValidationError as error:
        return error.message
    catalogue = spell_effect(plan.spell.name)
    if catalogue is not None and catalogue.heals:
        on = target_of(service, target if target is not None else caster.id)
        sheet = on.sheet if on.id in service.state.characters else None
        return healing_problem(sheet, on.name, catalogue, heal or HealAim(),
                               service.campaign.ruleset)  # fmt: skip
    return None


@one_change
def cast_spell(
    service: CampaignService,
    rng: Rng,
    caster_id: str,
    plan: CastPlan,
    *,
    typed: int | None = None,
    target: str | None = None,
    weapon: str | None = None,
    resists: Resistance = Resistance.NONE,
    typed_resistance: int | None = None,
    hidden: bool = False,
    augment_roll: RollMade | None = None,
    heal: HealAim | None = None,
    action: tuple[str, int] | None = None,
) -> Cast:
    """Cast `plan` on `target` (a roster sheet or a combatant, by id or name; None: no target
    but the caster): roll (or read the typed D100), log it, spend what the level of result
    costs from the right pools; on a success against a target that resists, roll the caster's
    magic points against the target's; when the spell takes effect, put its effect on the
    target (`gmdash.play.effects`). Refused (ValidationError, nothing logged) when the points
    are not there."""
    ruleset = service.campaign.ruleset
    caster = service.character(caster_id)
    aimed = None if target is None else target_of(service, target)
    why = cast_problem(service, caster, plan, target, weapon, heal)
    if why is not None:
        raise ValidationError("cast", f"{caster.name} cannot cast {plan.spell.name}: {why}")
    if resists is Resistance.MAGIC_POINTS and (aimed is None or aimed.sheet is None):
        raise ValidationError("target", "a resisting target needs magic points: name one")
    base, source = base_chance(caster, ruleset, plan)
    to_roll = chance(caster, ruleset, plan)
    details: dict[str, object] = {
        "spell": plan.spell.name, "spell_kind": str(plan.spell.kind), "points": plan.points,
        "boost": plan.boost, "base": base, "source": source,
    }  # fmt: skip
    if plan.spell.cult is not None:
        details["cult"] = plan.spell.cult
    if aimed is not None:
        details["target"] = aimed.name
        details["target_id"] = aimed.id
    if augment_roll is not None:
        details["augment_roll"] = augment_roll.id
    rolled = rolls.roll_spell(
        service, rng, caster, f"{plan.spell.name} {plan.points}", to_roll,
        modifiers=plan.modifiers(), typed=typed, hidden=hidden, details=details,
    )  # fmt: skip
    assert rolled.roll is not None
    cost = cost_of(ruleset, plan, rolled.level)
    _spend(service, caster, plan, cost)
    if plan.spell.kind is SpellKind.RUNE and rolled.level.is_success:
        rune = casting_rune(caster, plan)
        if rune is not None:
            rolls.tick_after_roll(service, caster.id, rune.name, rolled.level)
    resisted: RollMade | None = None
    took_effect = rolled.level.is_success
    if took_effect and aimed is not None and resists is Resistance.MAGIC_POINTS:
        assert aimed.sheet is not None  # checked above
        resisted = rolls.roll_resistance(
            service, rng, caster.magic_points, aimed.sheet.magic_points,
            label=f"{plan.spell.name}: {caster.name} MP vs {aimed.name} MP",
            typed=typed_resistance,
            details={"caster": caster.name, "target": aimed.name, "cast_roll": rolled.event.id},
        )  # fmt: skip
        took_effect = resisted.level is not None and Level(resisted.level).is_success
    effect = None
    if took_effect:
        effect = lasting_effect(service, caster, plan, target, weapon)
        if effect is not None:
            effect = start_effect(service, effect)
    summary = _summary(caster, aimed, plan, rolled.level, cost, resisted, took_effect, ruleset)
    if effect is not None:
        summary += f"; {effect.title} on {effect.target_name} ({effect.changes()})"
    catalogue = spell_effect(plan.spell.name)
    if took_effect and catalogue is not None and catalogue.heals:
        healed = target_of(service, target if target is not None else caster.id)
        summary += "; " + apply_healing(service, healed.id, catalogue, plan.points,
                                        heal or HealAim())  # fmt: skip
    if action is not None:
        done = f"{caster.name}: {plan.spell.name} cast ({rolled.level})"
        service.publish(ActionDone(combatant_id=action[0], action=action[1], text=done))
    return Cast(event=rolled.event, roll=rolled.roll, level=rolled.level, cost=cost,
                resistance=resisted, took_effect=took_effect, summary=summary,
                effect=effect)  # fmt: skip


def _spend(service: CampaignService, caster: Character, plan: CastPlan, cost: CastingCost) -> None:
    if cost.magic:
        service.publish(PointsSpent(character_id=caster.id, pool=MAGIC_POOL, amount=cost.magic))
    if not cost.rune or plan.spell.cult is None:
        return
    cult = cult_of(caster, plan.spell)
    assert cult is not None  # `refusal` checked it
    service.publish(
        PointsSpent(character_id=caster.id, pool=cult_pool(cult.name), amount=cost.rune)
    )
    if plan.spell.one_use:
        # the points of a one-use spell are gone for good (docs/rules.md#rune-magic-cost)
        after = service.character(caster.id)
        cults = tuple(
            replace(c, rune_points_max=max(0, c.rune_points_max - cost.rune))
            if c.name == cult.name else c
            for c in after.cults
        )  # fmt: skip
        service.publish(CharacterEdited(character=replace(after, cults=cults)))


def _summary(
    caster: Character,
    target: Target | None,
    plan: CastPlan,
    level: Level,
    cost: CastingCost,
    resisted: RollMade | None,
    took_effect: bool,
    ruleset: RuleSet,
) -> str:
    on = f" on {target.name}" if target is not None and target.id != caster.id else ""
    text = f"{caster.name} casts {plan.spell.name} {plan.points}{on}: {level}"
    if resisted is not None:
        verdict = "overcomes" if took_effect else "is resisted by"
        text += f"; {verdict} {target.name if target else ''} ({resisted.chance}%)"
    elif not level.is_success:
        text += ", no effect"
    return text + f"; spent {cost_text(cost, ruleset)}"
