"""How an attack reads in the log: one line per part of the exchange, joined by " · "."""

from __future__ import annotations

from gmdash.play.combat.plan import ExchangePlan
from gmdash.rules.combat import DamageMode, Defence


def attack_text(plan: ExchangePlan) -> str:
    """ "Harvald: Broadsword 70% rolled 12: success · Broo 1 dodges 30% rolled 55: failure ·
    hits Chest (D20 13): damage 1D8+1+1D4 = 9, armour 2: 7 through"."""
    attack = plan.attack
    lines = [
        f"{plan.attacker.name}: {plan.weapon.name} {plan.chance}% rolled {attack.roll:02d}: "
        f"{attack.level}"
    ]
    if plan.defence_roll is not None:
        what = (
            f"parries with {plan.shield.name}"
            if plan.defence is Defence.PARRY and plan.shield is not None
            else "dodges"
        )
        lines.append(
            f"{plan.defender.name} {what} {plan.defence_chance}% rolled "
            f"{plan.defence_roll.roll:02d}: {plan.defence_roll.level}"
        )
    blow = plan.blow
    if blow is None:
        lines.append(plan.outcome.reason)
        return " · ".join(lines)
    where = f"{blow.location.label}" + (f" (D20 {blow.d20})" if blow.d20 is not None else "")
    how = f"{blow.mode} " if blow.mode is not DamageMode.NORMAL else ""
    rolled = f" {blow.rolled.expression}" if blow.rolled else " (typed)"
    stops = []
    if blow.parry_hp:
        stops.append(f"parry {blow.parry_hp}")
    stops.append("armour ignored" if blow.ignores_armour else f"armour {blow.armour}")
    effects = f"; {', '.join(map(str, blow.wound_effects))}" if blow.conditions else ""
    lines.append(
        f"hits {where}: {how}damage{rolled} = {blow.damage}, {', '.join(stops)}: "
        f"{blow.amount} through{effects}"
    )
    return " · ".join(lines)
