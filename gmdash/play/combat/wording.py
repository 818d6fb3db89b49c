"""How an attack reads in the log: one line per part of the exchange, joined by " · "."""

from __future__ import annotations

from gmdash.play.combat.plan import ExchangePlan
from gmdash.rules.combat import DamageMode, Defence
from gmdash.rules.defences import ordinal
from gmdash.rules.exchange import Party, describe
from gmdash.rules.locations import location_label


def attack_text(plan: ExchangePlan) -> str:
    """ "Harvald: Broadsword 70% rolled 12: success · Broo 1 parries with Club 45% rolled 30:
    success · hits Chest (D20 12): damage 1D8+1+1D4 = 9, parry 6, armour 2: 1 through ·
    Club loses 1 HP"."""
    attack = plan.attack
    lines = [
        f"{plan.attacker.name}: {plan.weapon.name} {_chance(plan.base_chance, plan.chance)} "
        f"rolled {attack.roll:02d}: {attack.level}"
    ]
    if plan.defence_roll is not None and plan.defence_base is not None:
        what = (
            f"parries with {plan.shield.name}"
            if plan.defence is Defence.PARRY and plan.shield is not None
            else "dodges"
        )
        chance = _chance(plan.defence_base, plan.defence_roll.chance)
        if plan.defence_penalty:
            chance += f" ({ordinal(plan.prior_defences + 1)} defence this round: "
            chance += f"-{plan.defence_penalty})"
        lines.append(
            f"{plan.defender.name} {what} {chance} rolled {plan.defence_roll.roll:02d}: "
            f"{plan.defence_roll.level}"
        )
    blow, riposte, outcome = plan.blow, plan.riposte, plan.outcome
    if blow is not None:
        where = location_label(blow.location) + (
            f" (D20 {blow.d20})" if blow.d20 is not None else ""
        )
        how = f"{blow.mode} " if blow.mode is not DamageMode.NORMAL else ""
        rolled = f" {blow.rolled.expression}" if blow.rolled else " (typed)"
        stops = []
        if blow.parry_hp:
            stops.append(f"parry {blow.parry_hp}")
        stops.append("armour ignored" if blow.ignores_armour else f"armour {blow.armour}")
        effects = f"; {', '.join(map(str, blow.wound_effects))}" if blow.conditions else ""
        note = f"; {blow.note}" if blow.note else ""
        lines.append(
            f"hits {where}: {how}damage{rolled} = {blow.damage}, {', '.join(stops)}: "
            f"{blow.amount} through{effects}{note}"
        )
    elif riposte is not None and plan.shield is not None:
        how = f"{riposte.mode} " if riposte.mode is not DamageMode.NORMAL else ""
        rolled = f" {riposte.rolled.expression}" if riposte.rolled else " (typed)"
        lines.append(
            f"the parry's {plan.shield.name} strikes the {plan.weapon.name}: {how}damage"
            f"{rolled} = {riposte.damage}"
        )
    elif outcome.dealer is Party.ATTACKER:
        lines.append(f"parried: the {_parrier(plan)} stops all {outcome.damage}")
    else:
        lines.append(describe(outcome).split("; ")[0])
    harm = plan.weapon_harm
    if harm is not None:
        left = max(0, harm.weapon.hit_points - harm.amount)
        broken = " and breaks" if left == 0 and harm.weapon.max_hit_points else ""
        lines.append(f"{harm.owner.name}'s {harm.weapon.name} loses {harm.amount} HP{broken}")
    names = {Party.ATTACKER: plan.attacker.name, Party.DEFENDER: plan.defender.name}
    lines += [f"{names[p]} fumbles (roll on the fumbles table)" for p in outcome.fumbles]
    return " · ".join(lines)


def _chance(base: int, rolled: int) -> str:
    """ "70%", or "120%→100%" when the over-100% rule changed it."""
    return f"{base}%" if base == rolled else f"{base}%→{rolled}%"


def _parrier(plan: ExchangePlan) -> str:
    return plan.shield.name if plan.shield is not None else "parry"
