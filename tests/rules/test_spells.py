"""Spell effects, game time, spirit combat damage and magic point recovery, by their sources."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules.dice import parse_dice
from gmdash.rules.game_time import (
    DAY,
    HOUR,
    MINUTE,
    ROUND_SECONDS,
    TimeError,
    describe_span,
    parse_span,
)
from gmdash.rules.levels import Level
from gmdash.rules.magic_recovery import recovered
from gmdash.rules.opposed import Outcome
from gmdash.rules.rng import ScriptedRng
from gmdash.rules.spells import (
    RUNE_TEMPORAL,
    SPELL_EFFECTS,
    SPIRIT_TEMPORAL,
    ModifierKind,
    raised_damage,
    spell_effect,
)
from gmdash.rules.spirit_combat import (
    SPIRIT_COMBAT_BASE,
    SPIRIT_COMBAT_SR,
    damage_of,
    spirit_damage,
    spirit_round,
)

# Foundry VTT RQG rqg-calculations.ts spiritCombatDamageTable, and its formula above 40
SPIRIT_DAMAGE = [
    (1, 1, "1D3"), (6, 6, "1D3"), (6, 7, "1D6"), (12, 12, "1D6"), (12, 13, "1D6+1"),
    (15, 11, "1D6+1"), (16, 16, "1D6+1"), (16, 17, "1D6+3"), (20, 20, "1D6+3"),
    (20, 21, "2D6+3"), (28, 28, "2D6+3"), (28, 29, "3D6+4"), (36, 36, "3D6+4"), (36, 37, "4D6+5"),
]  # fmt: skip


@pytest.mark.parametrize(("pow_", "cha", "damage"), SPIRIT_DAMAGE)
def test_spirit_combat_damage_by_pow_and_cha(pow_: int, cha: int, damage: str) -> None:
    assert spirit_damage(pow_, cha) == damage


def test_temporal_durations_are_those_of_the_rules() -> None:
    assert SPIRIT_TEMPORAL == 10 * ROUND_SECONDS == 2 * MINUTE  # spirit magic: 2 min, 10 MR
    assert RUNE_TEMPORAL == 15 * MINUTE
    assert spell_effect("bladesharp").duration == SPIRIT_TEMPORAL  # type: ignore[union-attr]
    assert spell_effect("Shield").duration == RUNE_TEMPORAL  # type: ignore[union-attr]


CATALOGUE = [
    # spell, points, kind, amount per those points, name
    ("Bladesharp", 4, ModifierKind.ATTACK, 20, None),
    ("Bladesharp", 4, ModifierKind.DAMAGE, 4, None),
    ("Bludgeon", 2, ModifierKind.DAMAGE, 2, None),
    ("Protection", 3, ModifierKind.ARMOUR, 3, None),
    ("Shimmer", 2, ModifierKind.DEFENCE, -10, None),
    ("Strength", 2, ModifierKind.CHARACTERISTIC, 8, "STR"),
    ("Vigor", 2, ModifierKind.CHARACTERISTIC, 6, "CON"),
    ("Coordination", 1, ModifierKind.CHARACTERISTIC, 3, "DEX"),
    ("Glamour", 2, ModifierKind.CHARACTERISTIC, 6, "CHA"),
    ("Shield", 2, ModifierKind.ARMOUR, 4, None),
    ("Truesword", 2, ModifierKind.DOUBLE_DAMAGE, 1, None),
]


@pytest.mark.parametrize(("name", "points", "kind", "amount", "target"), CATALOGUE)
def test_the_catalogue_gives_each_spell_its_numbers(
    name: str, points: int, kind: ModifierKind, amount: int, target: str | None
) -> None:
    spell = spell_effect(name)
    assert spell is not None
    found = [m for m in spell.modifiers if m.kind is kind]
    assert [m.amount(points) for m in found] == [amount]
    assert found[0].name == target


def test_every_catalogue_spell_has_a_source_and_heal_is_instant() -> None:
    assert len({s.name for s in SPELL_EFFECTS}) == len(SPELL_EFFECTS)
    assert all(s.source for s in SPELL_EFFECTS)
    heal = spell_effect("Heal")
    assert heal is not None and heal.instant and heal.heals_per_point == 1
    assert spell_effect("Fireball") is None


# docs/rules.md#effects, every row of its table: (spell, kind, default points, variable, lasts,
# cast on a weapon, what 3 points change as (modifier kind, amount, name), healing per point,
# whole healing). Heal Wound 1 and Heal Body 3 are the published Rune point costs.
S, R = "spirit", "rune"
ON_WEAPON_3 = [("attack", 15, None), ("damage", 3, None)]  # +5% and +1 damage a point
CATALOGUE_ROWS = [
    ("Bladesharp", S, 1, True, 2 * MINUTE, True, ON_WEAPON_3, 0, ""),
    ("Bludgeon", S, 1, True, 2 * MINUTE, True, ON_WEAPON_3, 0, ""),
    ("Speedart", S, 1, True, 2 * MINUTE, True, ON_WEAPON_3, 0, ""),
    ("Protection", S, 1, True, 2 * MINUTE, False, [("armour", 3, None)], 0, ""),
    ("Shimmer", S, 1, True, 2 * MINUTE, False, [("defence", -15, None)], 0, ""),
    ("Strength", S, 2, False, 2 * MINUTE, False, [("characteristic", 8, "STR")], 0, ""),
    ("Vigor", S, 1, True, 2 * MINUTE, False, [("characteristic", 9, "CON")], 0, ""),
    ("Coordination", S, 1, True, 2 * MINUTE, False, [("characteristic", 9, "DEX")], 0, ""),
    ("Glamour", S, 1, True, 2 * MINUTE, False, [("characteristic", 9, "CHA")], 0, ""),
    ("Mobility", S, 1, True, 2 * MINUTE, False, [("note", 3, None)], 0, ""),
    ("Countermagic", S, 1, True, 2 * MINUTE, False, [("note", 3, None)], 0, ""),
    ("Heal", S, 1, True, 0, False, [], 1, ""),
    ("Shield", R, 1, True, 15 * MINUTE, False, [("armour", 6, None), ("note", 6, None)], 0, ""),
    ("True (Weapon)", R, 2, False, 15 * MINUTE, True, [("double_damage", 1, None)], 0, ""),
    ("Heal Wound", R, 1, False, 0, False, [], 0, "wound"),
    ("Heal Body", R, 3, False, 0, False, [], 0, "body"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "kind", "points", "variable", "lasts", "on_weapon", "changes", "per_point", "whole"),
    CATALOGUE_ROWS,
)
def test_every_row_of_the_catalogue(
    name: str,
    kind: str,
    points: int,
    variable: bool,
    lasts: int,
    on_weapon: bool,
    changes: list[tuple[str, int, str | None]],
    per_point: int,
    whole: str,
) -> None:
    spell = spell_effect(name)
    assert spell is not None and spell.name == name
    assert (spell.kind, spell.points, spell.variable, spell.duration) == (
        kind,
        points,
        variable,
        lasts,
    )
    assert spell.on_weapon is on_weapon
    assert [(m.kind, m.amount(3), m.name) for m in spell.modifiers] == changes
    # a weapon spell's numbers go to the weapon it is cast on, and only they do
    assert all(m.weapon is on_weapon for m in spell.modifiers)
    assert (spell.heals_per_point, spell.heals_whole) == (per_point, whole)
    assert spell.heals is bool(per_point or whole)
    assert spell.instant is (lasts == 0)


def test_the_catalogue_is_those_rows() -> None:
    assert [s.name for s in SPELL_EFFECTS] == [row[0] for row in CATALOGUE_ROWS]


def test_spirit_combat_happens_at_strike_rank_12() -> None:
    # docs/rules.md#spirit-combat: "at strike rank 12 of the melee round" (RQG core rules)
    assert SPIRIT_COMBAT_SR == 12


def test_damage_is_not_doubled_unless_asked() -> None:
    assert raised_damage("1D8+1", 2) == "1D8+3"


SPANS = [
    ("5 rounds", 60), ("1r", 12), ("10m", 600), ("10 min", 600), ("2h", 7200),
    ("1h 30m", 5400), ("1d", DAY), ("1 week", 7 * DAY), ("3 Rounds", 36),
]  # fmt: skip


@pytest.mark.parametrize(("text", "seconds"), SPANS)
def test_spans_of_time_read(text: str, seconds: int) -> None:
    assert parse_span(text) == seconds


@pytest.mark.parametrize("text", ["", "ten minutes", "5", "5 parsecs", "0m", "53w", "-2h"])
def test_unreadable_spans_are_refused(text: str) -> None:
    with pytest.raises(TimeError):
        parse_span(text)


def test_spans_read_back_shortly() -> None:
    assert describe_span(36) == "3 rounds"
    assert describe_span(12) == "1 round"
    assert describe_span(600) == "10 min"
    assert describe_span(5400) == "1 h 30 min"
    assert describe_span(DAY + HOUR) == "1 d 1 h"
    assert describe_span(0) == "ended"


# RQG p. 54 (Foundry's magicPointRecoveryPointsPerDay): the full pool over 24 hours, evenly
RECOVERY = [
    (12, 0, 0, 6 * HOUR, 3),  # a quarter in six hours
    (12, 0, 0, HOUR, 0),  # 1/24 of 12 is half a point: not yet
    (12, 0, HOUR, 2 * HOUR, 1),  # ...and the second hour completes it
    (12, 0, 0, DAY, 12),
    (12, 10, 0, DAY, 2),  # never above full
    (15, 15, 0, DAY, 0),
    (15, 18, 0, DAY, 0),  # above full from a spell: nothing more
]


@pytest.mark.parametrize(("full", "current", "before", "after", "gained"), RECOVERY)
def test_magic_points_come_back_over_a_day(
    full: int, current: int, before: int, after: int, gained: int
) -> None:
    assert recovered(full, current, before, after) == gained


@given(
    st.integers(1, 40),
    st.lists(st.integers(1, 3 * DAY), min_size=1, max_size=8),
)
def test_recovery_in_pieces_is_recovery_at_once(full: int, spans: list[int]) -> None:
    current, clock = 0, 0
    for span in spans:
        current += recovered(full, current, clock, clock + span)
        clock += span
        assert 0 <= current <= full
    assert current == min(full, recovered(full, 0, 0, clock))


def test_spirit_combat_winner_damages_the_losers_magic_points() -> None:
    # A rolls 30 against 60 (a success), B rolls 90 against 40 (a failure): A wins and rolls 1D6+1
    result = spirit_round(chance_a=60, roll_a=30, chance_b=40, roll_b=90, damage_a="1D6+1",
                          damage_b="1D3", mp_a=10, mp_b=5, rng=ScriptedRng([4]))  # fmt: skip
    assert result.winner is Outcome.A
    assert (result.damage, result.loser_mp_before, result.loser_mp_after) == (5, 5, 0)
    assert result.defeated


def test_spirit_combat_both_failing_does_nothing() -> None:
    result = spirit_round(chance_a=30, roll_a=80, chance_b=30, roll_b=70, damage_a="1D6",
                          damage_b="1D6", mp_a=10, mp_b=10, rng=ScriptedRng([]))  # fmt: skip
    assert result.winner is Outcome.BOTH_FAIL and result.damage == 0 and not result.defeated
    # nobody is hit: no damage dice and 0 rolled (SpiritRound: "0 when nobody won"), no loser's MP
    assert (result.damage_dice, result.damage, result.loser_mp_before, result.loser_mp_after) == (
        "",
        0,
        0,
        0,
    )


def test_spirit_damage_by_level() -> None:
    dice = parse_dice("1D6+1")
    assert damage_of(dice, Level.CRITICAL, ScriptedRng([])) == 7
    assert damage_of(dice, Level.SPECIAL, ScriptedRng([2, 3])) == 7
    assert damage_of(dice, Level.SUCCESS, ScriptedRng([2])) == 3


# docs/rules.md#effect-modifiers: Bladesharp's points are added to the weapon's damage ("1D8+1"
# with +4 is "1D8+5"); True (Weapon) rolls the weapon's dice and constants twice, then the points
# are added. (expression, points added, doubled, what is rolled), worked out by hand.
RAISED = [
    ("1D8+1", 4, False, "1D8+5"),
    ("1D8+1", 0, False, "1D8+1"),
    ("1D6", 2, False, "1D6+2"),
    ("1D3-1", 1, False, "1D3"),
    ("1D8+1", -1, False, "1D8"),
    ("1", -1, False, "0"),
    ("2D6+1D4-1", 3, False, "2D6+1D4+2"),
    ("1D8+1", 4, True, "2D8+6"),
    ("1D8+1", 0, True, "2D8+2"),
    ("1D6", 0, True, "2D6"),
    ("3D6", 0, True, "6D6"),
    ("2D6+1D4-1", 0, True, "4D6+2D4-2"),
    ("1D10-2", 1, True, "2D10-3"),
    ("1D4+1-1D6", 2, True, "2D4-2D6+4"),
    ("3", 0, True, "6"),
    ("1D8+1", -1, True, "2D8+1"),
]


@pytest.mark.parametrize(("expression", "add", "doubled", "rolled"), RAISED)
def test_raised_damage(expression: str, add: int, doubled: bool, rolled: str) -> None:
    assert raised_damage(expression, add, doubled=doubled) == rolled


@pytest.mark.parametrize("kind", list(ModifierKind))
def test_only_a_characteristic_modifier_needs_a_name(kind: ModifierKind) -> None:
    # docs/rules.md#effect-modifiers: a characteristic modifier names its characteristic (STR...);
    # an armour modifier without a location covers every location, the others have no name
    assert kind.needs_name is (kind is ModifierKind.CHARACTERISTIC)


def test_spirit_combat_base_chance_is_20() -> None:
    # docs/rules.md#spirit-combat: "A sheet without the skill rolls its base, 20%"
    assert SPIRIT_COMBAT_BASE == 20


def test_spirit_damage_is_never_below_zero() -> None:
    # docs/rules.md#spirit-combat: the damage comes off magic points, never below 0; a roll
    # totalling 0 does nothing
    assert damage_of(parse_dice("1D3-1"), Level.SUCCESS, ScriptedRng([1])) == 0
    assert damage_of(parse_dice("1D3-2"), Level.SUCCESS, ScriptedRng([1])) == 0
    assert damage_of(parse_dice("1D3-1"), Level.SUCCESS, ScriptedRng([2])) == 1


DEFEAT = [(5, 3, 2, False), (5, 4, 1, False), (5, 5, 0, True), (5, 6, 0, True)]


@pytest.mark.parametrize(("mp", "rolled", "left", "defeated"), DEFEAT)
def test_spirit_combat_is_lost_at_zero_magic_points(
    mp: int, rolled: int, left: int, defeated: bool
) -> None:
    # docs/rules.md#spirit-combat: "At 0 magic points the loser has lost"; 1 left is not 0
    result = spirit_round(chance_a=60, roll_a=30, chance_b=40, roll_b=90, damage_a="1D6",
                          damage_b="1D3", mp_a=10, mp_b=mp, rng=ScriptedRng([rolled]))  # fmt: skip
    assert (result.loser_mp_after, result.defeated) == (left, defeated)


# docs/rules.md#durations: a melee round is 12 seconds, 5 to a minute; 2 minutes are 10 rounds
SPAN_READINGS = [
    (1, "0 min 1 rd"), (12, "1 round"), (108, "9 rounds"), (120, "10 rounds"), (132, "2 min 1 rd"),
    (HOUR - 12, "59 min 4 rd"), (HOUR, "1 h"), (HOUR + 1, "1 h 1 min"),
    (DAY - MINUTE, "23 h 59 min"), (DAY, "1 d"), (DAY + 1, "1 d 1 h"), (-12, "ended"),
]  # fmt: skip


@pytest.mark.parametrize(("seconds", "reading"), SPAN_READINGS)
def test_spans_read_back_at_their_unit_edges(seconds: int, reading: str) -> None:
    assert describe_span(seconds) == reading


def test_a_span_of_52_weeks_is_the_longest() -> None:
    # docs/rules.md#durations: time passes at most 52 weeks at once
    assert parse_span("52w") == 52 * 7 * DAY
    with pytest.raises(TimeError, match="52 weeks"):
        parse_span("52w 1r")


def test_a_pool_of_one_comes_back_in_a_day() -> None:
    # docs/rules.md#magic-point-recovery: the full pool in a day, however small
    assert recovered(1, 0, 0, DAY) == 1
    assert recovered(1, 0, 0, DAY - 1) == 0
