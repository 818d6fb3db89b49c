"""Every cell of the published results tables, cell by cell.

The grids below are transcribed (in our own notation) from the sources docs/rules.md cites:
RQG's Attack & Parry and Attack & Dodge Results tables as the Foundry VTT system
`sun-dragon-cult/fvtt-system-rqg` encodes them (src/system/attack-parry-table.ts,
attack-dodge-table.ts, combat-calculations.defs.ts), and the Attack and Defense Matrix of the
seed's BRP edition (brp.chaosium.com, 5.8 Combat Summary).

Each cell is settled with a blow of D=10, a parrying weapon of 6 HP, an attacking weapon of
4 HP and 2 points of armour, so every rule of the cell shows in a number. A cell reads
`DW L>B WN`: the degree D of the blow (n(ormal), s(pecial), c(ritical), - none) rolled by W
(a(ttacker), d(efender)); L reaches the location before armour, B after; the weapon of W
(a, d or -) loses N hit points.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules import Level, RuleSet, ScriptedRng, SeededRng
from gmdash.rules.combat import DamageMode, Defence
from gmdash.rules.exchange import (
    BRP_LEVELS,
    DealingWeapon,
    ExchangeError,
    ExchangeOutcome,
    Party,
    cell_for,
    combat_chances,
    parry_problem,
    resolve,
    settle,
)
from gmdash.rules.weapons import SpecialKind, WeaponUse

D, PARRY_HP, ATTACK_HP, ARMOUR = 10, 6, 4, 2

LEVELS = {"C": Level.CRITICAL, "S": Level.SPECIAL, "N": Level.SUCCESS, "F": Level.FAILURE,
          "X": Level.FUMBLE}  # fmt: skip

# Attack & Parry Results (RQG). Rows: attack; columns: parry C S N F X.
RQG_PARRY = """
C | na 4>2 d1 | ca 4>4 d1 | ca 4>4 d10 | ca 10>10 -0 | ca 10>10 -0
S | nd 0>0 a1 | na 4>2 d1 | sa 4>2 d4 | sa 10>8 -0 | sa 10>8 -0
N | sd 0>0 a6 | nd 0>0 a1 | na 4>2 d1 | na 10>8 -0 | na 10>8 -0
F | sd 0>0 a10 | sd 0>0 a6 | nd 0>0 a1 | -- 0>0 -0 | na 10>8 -0
X | sd 0>0 a10 | sd 0>0 a6 | nd 0>0 a1 | -- 0>0 -0 | -- 0>0 -0
"""

# Attack & Dodge Results (RQG). Rows: attack; columns: dodge C S N F X.
RQG_DODGE = """
C | -- 0>0 -0 | sa 10>8 -0 | sa 10>10 -0 | ca 10>10 -0 | ca 10>10 -0
S | -- 0>0 -0 | -- 0>0 -0 | sa 10>8 -0 | sa 10>8 -0 | sa 10>8 -0
N | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | na 10>8 -0 | na 10>8 -0
F | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
X | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
"""

# Attack and Defense Matrix (the seed's BRP), parry column. Rows: attack; columns: S N F X.
BRP_PARRY = """
S | -- 0>0 -0 | na 10>8 d2 | sa 10>8 -0 | sa 10>8 -0
N | -- 0>0 a1 | -- 0>0 -0 | na 10>8 -0 | na 10>8 -0
F | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
X | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
"""

# The same matrix, dodge column.
BRP_DODGE = """
S | -- 0>0 -0 | na 10>8 -0 | sa 10>8 -0 | sa 10>8 -0
N | -- 0>0 -0 | -- 0>0 -0 | na 10>8 -0 | na 10>8 -0
F | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
X | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0 | -- 0>0 -0
"""

_CELL = re.compile(r"([nsc-])([ad-]) (\d+)>(\d+) ([ad-])(\d+)")
_DEGREE = {"n": DamageMode.NORMAL, "s": DamageMode.SPECIAL, "c": DamageMode.CRITICAL, "-": None}
_PARTY = {"a": Party.ATTACKER, "d": Party.DEFENDER, "-": Party.NONE}


def _grid(text: str, columns: str) -> list[tuple[Level, Level, str]]:
    cells = []
    for line in text.strip().splitlines():
        row, *rest = (part.strip() for part in line.split("|"))
        assert len(rest) == len(columns), line
        cells += [(LEVELS[row], LEVELS[col], cell) for col, cell in zip(columns, rest, strict=True)]
    return cells


def _case(ruleset: RuleSet, defence: Defence, grid: str, columns: str) -> list[object]:
    return [
        pytest.param(ruleset, defence, a, d, cell, id=f"{ruleset}-{defence}-{a}-{d}")
        for a, d, cell in _grid(grid, columns)
    ]


CASES = [
    *_case(RuleSet.RQG, Defence.PARRY, RQG_PARRY, "CSNFX"),
    *_case(RuleSet.RQG, Defence.DODGE, RQG_DODGE, "CSNFX"),
    *_case(RuleSet.BRP, Defence.PARRY, BRP_PARRY, "SNFX"),
    *_case(RuleSet.BRP, Defence.DODGE, BRP_DODGE, "SNFX"),
]


def _settle(
    ruleset: RuleSet, defence: Defence, attack: Level, level: Level | None, blow: int = D
) -> ExchangeOutcome:
    return settle(
        attack,
        defence,
        level,
        blow,
        ruleset=ruleset,
        attack_weapon=DealingWeapon("1D8+1", hit_points=ATTACK_HP),
        parry_weapon=DealingWeapon("1D6", hit_points=PARRY_HP)
        if defence is Defence.PARRY
        else None,
        armour=ARMOUR,
    )


def test_the_grids_cover_every_cell() -> None:
    assert len(CASES) == 25 + 25 + 16 + 16


@pytest.mark.parametrize(("ruleset", "defence", "attack", "level", "cell"), CASES)
def test_cell(ruleset: RuleSet, defence: Defence, attack: Level, level: Level, cell: str) -> None:
    match = _CELL.fullmatch(cell)
    assert match, cell
    degree, dealer, loc, body, damaged, harm = match.groups()
    outcome = _settle(ruleset, defence, attack, level)
    assert outcome.cell.degree is _DEGREE[degree] or _PARTY[dealer] is Party.NONE
    assert outcome.dealer is _PARTY[dealer]
    assert (outcome.to_location, outcome.to_body) == (int(loc), int(body))
    assert (outcome.damaged_weapon, outcome.weapon_damage) == (_PARTY[damaged], int(harm))
    assert outcome.armour_counts is (int(loc) - int(body) == ARMOUR or int(loc) == 0)
    # docs/rules.md#combat-exchange-rqg: "past to the parrying arm", four cells of the parry table
    limb = ruleset is RuleSet.RQG and defence is Defence.PARRY and (attack, level) in RQG_LIMB
    assert outcome.parrying_limb is (limb and int(loc) > 0)


def test_rqg_armour_is_ignored_exactly_where_the_tables_say() -> None:
    ignored = {
        (Defence.PARRY, a, p) for a, p in [("C", "S"), ("C", "N"), ("C", "F"), ("C", "X")]
    } | {(Defence.DODGE, a, d) for a, d in [("C", "N"), ("C", "F"), ("C", "X")]}
    for defence in (Defence.PARRY, Defence.DODGE):
        for a, attack in LEVELS.items():
            for d, level in LEVELS.items():
                cell = cell_for(attack, defence, level, RuleSet.RQG)
                assert cell.ignores_armour is ((defence, a, d) in ignored), (defence, a, d)


RQG_LIMB = {(LEVELS[a], LEVELS[p]) for a, p in [("C", "C"), ("C", "S"), ("C", "N"), ("N", "N")]}


def test_rqg_parrying_limb_cells() -> None:
    for attack in LEVELS.values():
        for level in LEVELS.values():
            cell = cell_for(attack, Defence.PARRY, level)
            assert cell.parrying_limb is ((attack, level) in RQG_LIMB)


@pytest.mark.parametrize(("attack", "level"), sorted(RQG_LIMB))
@pytest.mark.parametrize("past", [0, 1, 2])
def test_the_parrying_arm_takes_only_what_gets_past(attack: Level, level: Level, past: int) -> None:
    # a blow the parrying weapon stops entirely lands on no arm; one point past does
    outcome = _settle(RuleSet.RQG, Defence.PARRY, attack, level, blow=PARRY_HP + past)
    assert outcome.to_location == past
    assert outcome.parrying_limb is (past > 0)
    assert ("the parrying arm" in outcome.summary) is (past > 0)


def test_one_hp_only_when_the_blow_passes_the_weapon() -> None:
    # a blow no bigger than the parrying weapon's HP is stopped and does not harm it
    for attack, level in [(Level.CRITICAL, Level.CRITICAL), (Level.SUCCESS, Level.SUCCESS)]:
        outcome = _settle(RuleSet.RQG, Defence.PARRY, attack, level, blow=PARRY_HP)
        assert (outcome.to_location, outcome.weapon_damage) == (0, 0)
        assert outcome.damaged_weapon is Party.NONE
    outcome = _settle(RuleSet.RQG, Defence.PARRY, Level.SUCCESS, Level.SPECIAL, blow=ATTACK_HP)
    assert outcome.weapon_damage == 0


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_no_defence_reads_the_failure_column(ruleset: RuleSet) -> None:
    levels = LEVELS.values() if ruleset is RuleSet.RQG else BRP_LEVELS
    for attack in levels:
        none = _settle(ruleset, Defence.NONE, attack, None)
        failed_dodge = _settle(ruleset, Defence.DODGE, attack, Level.FAILURE)
        assert (none.to_body, none.dealer) == (failed_dodge.to_body, failed_dodge.dealer)
        assert none.defence_level is None


def test_fumbles_are_named() -> None:
    outcome = _settle(RuleSet.RQG, Defence.PARRY, Level.FUMBLE, Level.FUMBLE)
    assert outcome.fumbles == (Party.ATTACKER, Party.DEFENDER)
    assert "attacker fumbles" in outcome.summary and "defender fumbles" in outcome.summary
    outcome = _settle(RuleSet.RQG, Defence.PARRY, Level.FAILURE, Level.FUMBLE)
    assert outcome.fumbles == (Party.DEFENDER,) and outcome.to_body == D - ARMOUR


def test_brp_has_no_critical() -> None:
    with pytest.raises(ExchangeError, match="no critical"):
        cell_for(Level.CRITICAL, Defence.PARRY, Level.SUCCESS, RuleSet.BRP)


# --- who may parry what ---------------------------------------------------------------------


def test_parry_problems() -> None:
    assert parry_problem(WeaponUse.MELEE, WeaponUse.MELEE, 10) is None
    assert parry_problem(WeaponUse.MISSILE, WeaponUse.SHIELD, 12) is None  # a shield stops an arrow
    assert parry_problem(WeaponUse.THROWN, WeaponUse.SHIELD, 12) is None
    assert "only a shield" in (parry_problem(WeaponUse.MISSILE, WeaponUse.MELEE, 10) or "")
    assert "broken" in (parry_problem(WeaponUse.MELEE, WeaponUse.MELEE, 0) or "")
    assert "cannot parry" in (parry_problem(WeaponUse.MELEE, WeaponUse.MISSILE, 6) or "")
    assert "firearm" in (parry_problem(WeaponUse.FIREARM, WeaponUse.SHIELD, 12) or "")


def test_a_broken_weapon_cannot_parry() -> None:
    with pytest.raises(ExchangeError, match="broken"):
        settle(
            Level.SUCCESS,
            Defence.PARRY,
            Level.SUCCESS,
            5,
            attack_weapon=DealingWeapon("1D8"),
            parry_weapon=DealingWeapon("1D6", hit_points=0),
        )


def test_a_parried_missile_does_not_harm_the_bow() -> None:
    # a special shield parry against an arrow: the shield would strike a melee weapon back
    outcome = settle(
        Level.SUCCESS,
        Defence.PARRY,
        Level.SPECIAL,
        9,
        attack_weapon=DealingWeapon("1D8+1", use=WeaponUse.MISSILE, hit_points=6),
        parry_weapon=DealingWeapon("1D4", use=WeaponUse.SHIELD, hit_points=12),
    )
    assert (outcome.dealer, outcome.damaged_weapon, outcome.to_body) == (Party.NONE, Party.NONE, 0)


# --- over 100% -------------------------------------------------------------------------------


def test_over_100_reduces_both_sides_in_rqg() -> None:
    assert combat_chances(120, 65) == (100, 45)  # the seed's example (Vasana and the Lunar)
    assert combat_chances(65, 120) == (45, 100)
    assert combat_chances(130, 110) == (100, 80)
    assert combat_chances(90, 80) == (90, 80)
    assert combat_chances(120, 65, RuleSet.BRP) == (120, 65)


@given(st.integers(0, 300), st.integers(0, 300))
def test_over_100_never_leaves_a_side_above_100(attack: int, defence: int) -> None:
    a, d = combat_chances(attack, defence)
    assert max(a, d) == min(100, max(attack, defence)) or max(attack, defence) <= 100
    assert attack - a == defence - d >= 0


# --- rolling the blow --------------------------------------------------------------------------


@given(st.integers(0, 2**32))
def test_resolve_rolls_within_the_expression(seed: int) -> None:
    outcome = resolve(
        Level.SPECIAL,
        Defence.NONE,
        None,
        rng=SeededRng(seed),
        attack_weapon=DealingWeapon("1D8+1", SpecialKind.CRUSH, bonus="1D4"),
    )
    assert outcome.expression == "1D8+1+1D4+4"
    assert 7 <= outcome.damage <= 17 and outcome.to_body == outcome.damage


def test_the_parry_rolls_with_its_own_weapon() -> None:
    outcome = resolve(
        Level.FAILURE,
        Defence.PARRY,
        Level.CRITICAL,
        rng=SeededRng(1),
        attack_weapon=DealingWeapon("1D8+1", hit_points=12),
        parry_weapon=DealingWeapon("1D6", SpecialKind.CRUSH, bonus="1D4", hit_points=8),
    )
    assert outcome.dealer is Party.DEFENDER and outcome.expression == "1D6+1D4+4"
    assert outcome.damaged_weapon is Party.ATTACKER and outcome.weapon_damage == outcome.damage


# --- what is given and what is not ------------------------------------------------------------


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_no_defence_reads_the_failure_column_whatever_level_is_given(ruleset: RuleSet) -> None:
    # docs/rules.md#combat-exchange-rqg: "no defence reads the F column" of the dodge table,
    # a defence named without its level too
    levels = LEVELS.values() if ruleset is RuleSet.RQG else BRP_LEVELS
    for attack in levels:
        failed_dodge = cell_for(attack, Defence.DODGE, Level.FAILURE, ruleset)
        for level in levels:
            assert cell_for(attack, Defence.NONE, level, ruleset) == failed_dodge
        assert cell_for(attack, Defence.PARRY, None, ruleset) == failed_dodge


def test_a_blow_with_no_armour_given_reaches_the_body_whole() -> None:
    outcome = settle(Level.SUCCESS, Defence.NONE, None, 7)
    assert (outcome.to_location, outcome.armour, outcome.to_body) == (7, 0, 7)


@pytest.mark.parametrize(("damage", "armour"), [(-1, 0), (0, -1), (-1, -1), (5, -2)])
def test_negative_damage_or_armour_is_refused(damage: int, armour: int) -> None:
    with pytest.raises(ExchangeError, match="negative"):
        settle(Level.SUCCESS, Defence.NONE, None, damage, armour=armour)


def test_a_weapon_given_no_hit_points_has_none_left() -> None:
    # RQG Attack & Parry, a success against a critical parry: the parry strikes the attacking
    # weapon, which loses what gets past its HP (with no HP given, the whole blow)
    assert DealingWeapon("1D8").hit_points == 0
    outcome = settle(
        Level.SUCCESS,
        Defence.PARRY,
        Level.CRITICAL,
        10,
        attack_weapon=DealingWeapon("1D8"),
        parry_weapon=DealingWeapon("1D6", hit_points=8),
    )
    assert (outcome.damaged_weapon, outcome.weapon_damage) == (Party.ATTACKER, 10)
    assert "the attacking weapon loses 10 HP" in outcome.summary


def test_a_parry_with_no_weapon_given_is_not_checked() -> None:
    # the parrying weapon unknown: nothing to refuse (a broken weapon is refused only when given)
    outcome = settle(Level.SUCCESS, Defence.PARRY, Level.FAILURE, 8, armour=ARMOUR)
    assert outcome.to_body == 8 - ARMOUR


def test_a_dodge_ignores_the_parrying_weapon() -> None:
    # a dodge needs no weapon: a broken one in hand is not a reason to refuse it
    outcome = settle(
        Level.SUCCESS,
        Defence.DODGE,
        Level.FAILURE,
        8,
        attack_weapon=DealingWeapon("1D8", hit_points=10),
        parry_weapon=DealingWeapon("1D6", hit_points=0),
    )
    assert outcome.to_body == 8


def test_a_parried_missile_loses_no_hit_points() -> None:
    # RQG Attack & Parry, success against a special parry: the attacking weapon loses 1 HP,
    # but a missile is out of the parrier's reach
    outcome = settle(
        Level.SUCCESS,
        Defence.PARRY,
        Level.SPECIAL,
        9,
        attack_weapon=DealingWeapon("1D8+1", use=WeaponUse.MISSILE, hit_points=6),
        parry_weapon=DealingWeapon("1D4", use=WeaponUse.SHIELD, hit_points=12),
    )
    assert (outcome.damaged_weapon, outcome.weapon_damage) == (Party.NONE, 0)
    assert "loses" not in outcome.summary


@pytest.mark.parametrize(
    ("attack", "defence", "level"),
    [
        (Level.FAILURE, Defence.PARRY, Level.FAILURE),  # both fail: no blow
        (Level.SUCCESS, Defence.DODGE, Level.SUCCESS),  # dodged
        (Level.FUMBLE, Defence.NONE, None),  # the attack misses
    ],
)
def test_no_blow_rolls_no_dice(attack: Level, defence: Defence, level: Level | None) -> None:
    outcome = resolve(
        attack,
        defence,
        level,
        rng=ScriptedRng([]),
        attack_weapon=DealingWeapon("1D8", hit_points=10),
        parry_weapon=DealingWeapon("1D6", hit_points=8),
    )
    assert (outcome.dealer, outcome.damage, outcome.expression) == (Party.NONE, 0, "")


def test_a_weapon_of_one_hit_point_still_parries() -> None:
    # docs/rules.md#combat-exchange-rqg: a weapon at 0 HP is broken and cannot parry
    assert parry_problem(WeaponUse.MELEE, WeaponUse.MELEE, 1) is None
    assert "broken" in (parry_problem(WeaponUse.MELEE, WeaponUse.MELEE, -1) or "")


def test_a_blow_of_zero_is_a_blow() -> None:
    outcome = settle(Level.SPECIAL, Defence.NONE, None, 0)
    assert (outcome.damage, outcome.to_body) == (0, 0)


def test_a_riposte_with_no_parrying_weapon_given_rolls_nothing() -> None:
    # RQG Attack & Parry, a failed attack against a critical parry: the parrying weapon would
    # roll the blow; none given, there is nothing to roll
    outcome = resolve(
        Level.FAILURE,
        Defence.PARRY,
        Level.CRITICAL,
        rng=ScriptedRng([]),
        attack_weapon=DealingWeapon("1D8", hit_points=10),
    )
    assert (outcome.dealer, outcome.damage, outcome.expression) == (Party.DEFENDER, 0, "")


@pytest.mark.parametrize(
    ("attack", "defence", "level", "says"),
    [
        (Level.FAILURE, Defence.NONE, None, "the attack misses"),
        (Level.FUMBLE, Defence.DODGE, Level.SUCCESS, "the attack misses"),
        (Level.SUCCESS, Defence.DODGE, Level.SUCCESS, "dodged"),
        (Level.SUCCESS, Defence.PARRY, Level.SPECIAL, "parried"),  # a missile: no riposte
    ],
)
def test_an_exchange_with_no_blow_says_why(
    attack: Level, defence: Defence, level: Level | None, says: str
) -> None:
    # RQG Attack & Parry / Dodge: a failed attack does nothing; a successful dodge stops a
    # success; a special parry's riposte cannot reach a missile (the bow is out of reach)
    bow = DealingWeapon("1D8", use=WeaponUse.MISSILE, hit_points=9)
    outcome = settle(attack, defence, level, 6, attack_weapon=bow)
    assert outcome.summary.split(";")[0] == says


def test_a_shield_stopping_an_arrow_takes_the_blow() -> None:
    # RQG Attack & Parry, success against success: the parrying weapon takes the blow, 1 HP if
    # anything gets past it; a missile's blow too (only the bow is out of reach)
    outcome = settle(
        Level.SUCCESS,
        Defence.PARRY,
        Level.SUCCESS,
        15,
        attack_weapon=DealingWeapon("1D8+1", use=WeaponUse.MISSILE, hit_points=6),
        parry_weapon=DealingWeapon("1D4", use=WeaponUse.SHIELD, hit_points=12),
    )
    assert (outcome.damaged_weapon, outcome.weapon_damage, outcome.to_location) == (
        Party.DEFENDER,
        1,
        3,
    )
    assert "the parrying weapon loses 1 HP" in outcome.summary


@pytest.mark.parametrize(("blow", "past", "loss"), [(8, 2, 1), (7, 1, 1), (6, 0, 0), (3, 0, 0)])
def test_one_hp_lost_when_one_point_gets_past(blow: int, past: int, loss: int) -> None:
    # RQG Attack & Parry, success against success: "1 HP if past" the parrying weapon's 6 HP
    outcome = _settle(RuleSet.RQG, Defence.PARRY, Level.SUCCESS, Level.SUCCESS, blow=blow)
    assert (outcome.to_location, outcome.weapon_damage) == (past, loss)


def test_a_parry_with_no_weapon_given_stops_nothing() -> None:
    # the parrying weapon unknown: it has no HP to stop the blow
    outcome = settle(Level.SUCCESS, Defence.PARRY, Level.SUCCESS, 8)
    assert (outcome.to_location, outcome.to_body) == (8, 8)


def test_no_defence_has_no_defence_level() -> None:
    outcome = settle(Level.SUCCESS, Defence.NONE, Level.SPECIAL, 8)
    assert outcome.defence_level is None and outcome.to_body == 8
    parried = _settle(RuleSet.RQG, Defence.PARRY, Level.SUCCESS, Level.SPECIAL)
    assert parried.defence_level is Level.SPECIAL


def test_a_blow_below_zero_is_no_damage() -> None:
    # a 1D3-2 rolling 1 deals nothing (docs/rules.md#damage-and-armour: never below 0)
    outcome = resolve(
        Level.SUCCESS,
        Defence.NONE,
        None,
        rng=ScriptedRng([1]),
        attack_weapon=DealingWeapon("1D3-2"),
    )
    assert (outcome.expression, outcome.damage, outcome.to_body) == ("1D3-2", 0, 0)
