"""The pure rules core of gmdash.

Dice, levels, modifiers, opposed and resistance rolls, derived attributes, hit locations and
wounds, experience. Imports nothing else of gmdash; never reads a clock, a file or a global.
"""

from __future__ import annotations

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
from gmdash.rules.locations import Location, location_from_d20, location_hit_points
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
from gmdash.rules.rolls import RollResult, d100_text, resolve, resolve_resistance, roll_d100
from gmdash.rules.ruleset import RuleSet
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

__all__ = [
    "AUGMENT_BONUS",
    "RETRY_PENALTY",
    "Characteristics",
    "DerivedAttributes",
    "DiceError",
    "DiceExpr",
    "DiceRoll",
    "Difficulty",
    "Effect",
    "ExperienceResult",
    "HealResult",
    "Level",
    "Location",
    "OpposedResult",
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
    "improves",
    "level_odds",
    "level_of",
    "location_from_d20",
    "location_hit_points",
    "melee_sr",
    "missile_sr",
    "modified_chance",
    "opposed_odds",
    "parse_dice",
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
