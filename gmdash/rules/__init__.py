"""The pure rules core of gmdash.

Dice, levels, modifiers, opposed and resistance rolls, derived attributes, hit locations and
wounds, experience. Imports nothing else of gmdash; never reads a clock, a file or a global.

The names below are imported from their module when first used (PEP 562): `gmdash roll` needs
the levels and the dice roller, not the wound tables, and a CLI command's time is mostly its
imports. `_EXPORTS` says where each name lives; tests/rules/test_exports.py keeps it in step with
the imports mypy reads.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmdash.rules.attributes import (
        Characteristics,
        DerivedAttributes,
        damage_bonus,
        derive,
        dex_strike_rank,
        healing_rate,
        hit_points,
        siz_strike_rank,
    )
    from gmdash.rules.dice import DiceError, DiceExpr, DiceRoll, parse_dice
    from gmdash.rules.experience import ExperienceResult, experience_roll, improves
    from gmdash.rules.levels import Level, Thresholds, level_odds, level_of, thresholds
    from gmdash.rules.locations import (
        DEFAULT_TABLE,
        HUMANOID,
        TABLES,
        HitTable,
        Location,
        LocationKind,
        LocationSpec,
        hit_table,
        location_from_d20,
        location_hit_points,
        location_label,
    )
    from gmdash.rules.modifiers import (
        AUGMENT_BONUS,
        RETRY_PENALTY,
        Difficulty,
        apply_difficulty,
        augment_bonus,
        characteristic_chance,
        modified_chance,
    )
    from gmdash.rules.opposed import (
        OpposedResult,
        Outcome,
        opposed_odds,
        reduce_over_100,
        resolve_opposed,
    )
    from gmdash.rules.resistance import resistance_chance, resistance_table
    from gmdash.rules.rng import Rng, ScriptedRng, SeededRng
    from gmdash.rules.rolls import (
        RollResult,
        d100_text,
        read_d100,
        resolve,
        resolve_resistance,
        roll_d100,
    )
    from gmdash.rules.ruleset import Edition, OptionalRule, RuleSet
    from gmdash.rules.strike_ranks import melee_sr, missile_sr
    from gmdash.rules.wounds import (
        Effect,
        HealResult,
        WoundResult,
        apply_wound,
        armour_absorbs,
        heal_location,
        heal_naturally,
        heal_wound,
        standing_conditions,
    )

_EXPORTS: dict[str, tuple[str, ...]] = {
    "attributes": (
        "Characteristics",
        "DerivedAttributes",
        "damage_bonus",
        "derive",
        "dex_strike_rank",
        "healing_rate",
        "hit_points",
        "siz_strike_rank",
    ),
    "dice": (
        "DiceError",
        "DiceExpr",
        "DiceRoll",
        "parse_dice",
    ),
    "experience": (
        "ExperienceResult",
        "experience_roll",
        "improves",
    ),
    "levels": (
        "Level",
        "Thresholds",
        "level_odds",
        "level_of",
        "thresholds",
    ),
    "locations": (
        "DEFAULT_TABLE",
        "HUMANOID",
        "TABLES",
        "HitTable",
        "Location",
        "LocationKind",
        "LocationSpec",
        "hit_table",
        "location_from_d20",
        "location_hit_points",
        "location_label",
    ),
    "modifiers": (
        "AUGMENT_BONUS",
        "RETRY_PENALTY",
        "Difficulty",
        "apply_difficulty",
        "augment_bonus",
        "characteristic_chance",
        "modified_chance",
    ),
    "opposed": (
        "OpposedResult",
        "Outcome",
        "opposed_odds",
        "reduce_over_100",
        "resolve_opposed",
    ),
    "resistance": (
        "resistance_chance",
        "resistance_table",
    ),
    "rng": (
        "Rng",
        "ScriptedRng",
        "SeededRng",
    ),
    "rolls": (
        "RollResult",
        "d100_text",
        "read_d100",
        "resolve",
        "resolve_resistance",
        "roll_d100",
    ),
    "ruleset": ("Edition", "OptionalRule", "RuleSet"),
    "strike_ranks": (
        "melee_sr",
        "missile_sr",
    ),
    "wounds": (
        "Effect",
        "HealResult",
        "WoundResult",
        "apply_wound",
        "armour_absorbs",
        "heal_location",
        "heal_naturally",
        "heal_wound",
        "standing_conditions",
    ),
}

__all__ = [
    "AUGMENT_BONUS",
    "DEFAULT_TABLE",
    "HUMANOID",
    "RETRY_PENALTY",
    "TABLES",
    "Characteristics",
    "DerivedAttributes",
    "DiceError",
    "DiceExpr",
    "DiceRoll",
    "Difficulty",
    "Edition",
    "Effect",
    "ExperienceResult",
    "HealResult",
    "HitTable",
    "Level",
    "Location",
    "LocationKind",
    "LocationSpec",
    "OpposedResult",
    "OptionalRule",
    "Outcome",
    "Rng",
    "RollResult",
    "RuleSet",
    "ScriptedRng",
    "SeededRng",
    "Thresholds",
    "WoundResult",
    "apply_difficulty",
    "apply_wound",
    "armour_absorbs",
    "augment_bonus",
    "characteristic_chance",
    "d100_text",
    "damage_bonus",
    "derive",
    "dex_strike_rank",
    "experience_roll",
    "heal_location",
    "heal_naturally",
    "heal_wound",
    "healing_rate",
    "hit_points",
    "hit_table",
    "improves",
    "level_odds",
    "level_of",
    "location_from_d20",
    "location_hit_points",
    "location_label",
    "melee_sr",
    "missile_sr",
    "modified_chance",
    "opposed_odds",
    "parse_dice",
    "read_d100",
    "reduce_over_100",
    "resistance_chance",
    "resistance_table",
    "resolve",
    "resolve_opposed",
    "resolve_resistance",
    "roll_d100",
    "siz_strike_rank",
    "standing_conditions",
    "thresholds",
]


_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next use is a plain lookup
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULE_OF])
