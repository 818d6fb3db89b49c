"""Running a fight on a `CampaignService`: every step worked out by the rules core, then published.

The strike-rank pane (and tests, and any other front end) call these functions; they never
touch Textual. Each function publishes events and returns the main one; `ValidationError`
(or `DiceError`) means nothing was published.

- `flow`: setting up (foes, who fights), declaring, stepping through the strike ranks, rounds,
  the end and its summary.
- `plan`, `attack`, `wording`: one attack, worked out as a plan of the exchange by the rules
  (`plan_attack`), then published (`publish_attack`); how it reads in the log apart.

The attack's side (`attack`, `plan` and the rules of the exchange beneath them) is imported
when one of its names is first used, not with the package: the dashboard shows the strike
ranks long before anyone attacks, and those modules were a tenth of its start-up imports.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from gmdash.model.combat import Row, sheet_of
from gmdash.play.combat.flow import (
    MAX_FOES,
    FoeSpec,
    Plan,
    TemplateFoes,
    able,
    add_character,
    add_foes,
    begin,
    current_row,
    declare,
    declared_text,
    end,
    fight,
    foe_combatants,
    new_round,
    plan_actions,
    remove,
    roster_not_fighting,
    rows,
    ruleset_is_brp,
    same_as_last_round,
    step,
    summary,
    this_round,
    weapon_of,
)

if TYPE_CHECKING:
    from gmdash.play.combat.attack import (
        bonus_of,
        default_target,
        lasting_conditions,
        parry_weapon,
        plan_attack,
        publish_attack,
        resolve_attack,
        skill_of,
    )
    from gmdash.play.combat.plan import AttackInput, Blow, ExchangePlan

_LAZY = {
    **dict.fromkeys(("bonus_of", "default_target", "lasting_conditions", "parry_weapon",
                     "plan_attack", "publish_attack", "resolve_attack", "skill_of"),
                    "gmdash.play.combat.attack"),
    **dict.fromkeys(("AttackInput", "Blow", "ExchangePlan"), "gmdash.play.combat.plan"),
}  # fmt: skip


def __getattr__(name: str) -> object:
    """The attack's names, imported on first use (thread-safe: the import system locks)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "MAX_FOES",
    "AttackInput",
    "Blow",
    "ExchangePlan",
    "FoeSpec",
    "Plan",
    "Row",
    "TemplateFoes",
    "able",
    "add_character",
    "add_foes",
    "begin",
    "bonus_of",
    "current_row",
    "declare",
    "declared_text",
    "default_target",
    "end",
    "fight",
    "foe_combatants",
    "lasting_conditions",
    "new_round",
    "parry_weapon",
    "plan_actions",
    "plan_attack",
    "publish_attack",
    "remove",
    "resolve_attack",
    "roster_not_fighting",
    "rows",
    "ruleset_is_brp",
    "same_as_last_round",
    "sheet_of",
    "skill_of",
    "step",
    "summary",
    "this_round",
    "weapon_of",
]
