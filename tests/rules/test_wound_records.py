"""Wounds as the published RQG keeps them: one record per wound and location, limbs capped at
twice their HP, a severed limb out of reach, the abdomen's legs, healing wound by wound
(hit-location-damage-calculations.ts and hit-location-healing-calculations.ts of
sun-dragon-cult/fvtt-system-rqg; docs/rules.md, "Wounds")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules import Effect, Location, apply_wound
from gmdash.rules.wounds import HealResult, heal_naturally, heal_wound

ARM = Location.RIGHT_ARM


def test_an_arm_of_4_hit_for_12_goes_to_minus_4() -> None:
    result = apply_wound(ARM, 12, location_hp=4, location_max=4, total_hp=20)
    assert (result.location_hp, result.wound, result.total_loss) == (-4, 8, 8)
    assert Effect.SEVERED in result.effects


def test_a_limb_never_takes_more_than_twice_its_hp_in_all() -> None:
    first = apply_wound(ARM, 6, location_hp=4, location_max=4, total_hp=30)
    second = apply_wound(ARM, 6, location_hp=first.location_hp, location_max=4, total_hp=30)
    assert (first.wound, second.wound) == (6, 2)
    assert second.location_hp == -4


def test_a_severed_limb_cannot_be_hit_again() -> None:
    result = apply_wound(ARM, 9, location_hp=-4, location_max=4, total_hp=12, severed=True)
    assert (result.total_loss, result.wound, result.total_hp, result.effects) == (0, 0, 12, ())
    assert "severed" in result.note


@pytest.mark.parametrize("damage", [5, 9, 10, 14])
def test_the_abdomen_makes_the_legs_useless_from_its_hp_to_three_times(damage: int) -> None:
    result = apply_wound(Location.ABDOMEN, damage, location_hp=5, location_max=5, total_hp=40)
    assert set(result.useless) == {Location.LEFT_LEG, Location.RIGHT_LEG}
    assert Effect.FALLS in result.effects


def test_the_abdomen_at_three_times_kills() -> None:
    result = apply_wound(Location.ABDOMEN, 15, location_hp=5, location_max=5, total_hp=40)
    assert Effect.DEAD in result.effects and result.useless == ()


def test_healing_one_wound_restores_only_that_wound() -> None:
    # an arm with two wounds (3 and 4): healing 5 on the first gives back 3, not 5
    result = heal_wound(ARM, (3, 4), 0, 5, location_max=4, total_hp=6, total_max=13)
    assert (result.healed, result.wounds, result.location_hp, result.total_hp) == (3, (4,), 0, 9)
    assert not result.usable  # 4 damage on a 4-HP arm: still useless


def test_healing_below_the_locations_hp_makes_it_usable() -> None:
    result = heal_wound(ARM, (3, 4), 1, 2, location_max=4, total_hp=6, total_max=13)
    assert result.wounds == (3, 2) and result.usable is False
    result = heal_wound(ARM, (3, 2), 1, 2, location_max=4, total_hp=8, total_max=13)
    assert result.wounds == (3,) and result.usable


def test_six_points_of_magic_restore_a_severed_limb() -> None:
    kept = heal_wound(
        ARM, (8,), 0, 5, location_max=4, total_hp=5, total_max=13, severed=True, magical=True
    )
    assert kept.severed
    restored = heal_wound(
        ARM, (8,), 0, 6, location_max=4, total_hp=5, total_max=13, severed=True, magical=True
    )
    assert not restored.severed and restored.wounds == (2,) and restored.usable


def test_natural_healing_spreads_over_the_wounds() -> None:
    result = heal_naturally(Location.CHEST, (5, 2, 4), 7, location_max=6, total_hp=2, total_max=13)
    # 2 each, the extra 1 to the lightest (2): 3, 0, 2
    assert result.wounds == (3, 2) and result.healed == 6 and result.total_hp == 8


def test_unknown_wound_and_negative_healing_are_refused() -> None:
    with pytest.raises(ValueError, match="no wound 3"):
        heal_wound(ARM, (1, 2), 2, 1, location_max=4, total_hp=5, total_max=13)
    with pytest.raises(ValueError, match="negative"):
        heal_wound(ARM, (1,), 0, -1, location_max=4, total_hp=5, total_max=13)


@given(st.lists(st.integers(0, 30), max_size=6), st.integers(1, 8))
def test_limb_records_never_pass_twice_the_hp(blows: list[int], hp: int) -> None:
    location_hp, total = hp, 100
    for blow in blows:
        result = apply_wound(ARM, blow, location_hp=location_hp, location_max=hp, total_hp=total)
        location_hp, total = result.location_hp, result.total_hp
        assert result.total_loss <= 2 * hp
    assert location_hp >= -hp


def test_a_limb_not_said_severed_heals_usable() -> None:
    # a leg of 5 HP with wounds of 3 and 2 (5: useless) heals 2 in a week: 1 each, below 5 again
    result = heal_naturally("left leg", [3, 2], 2, location_max=5, total_hp=8, total_max=13)
    assert (result.wounds, result.location_hp, result.total_hp) == ((2, 1), 2, 10)
    assert result.usable and not result.severed


def test_a_heal_result_is_usable_and_not_severed_unless_said() -> None:
    result = HealResult("head", 0, 5, 12)
    assert result.usable and not result.severed


def test_natural_healing_of_a_location_with_no_wound_heals_nothing() -> None:
    result = heal_naturally(ARM, [], 3, location_max=4, total_hp=10, total_max=12)
    assert (result.healed, result.location_hp, result.total_hp) == (0, 4, 10)


def test_healing_a_wound_says_nothing_of_severing_unless_told() -> None:
    # no severed flag given: the arm is not severed, and its use returns below its HP
    result = heal_wound(ARM, [3], 0, 3, location_max=4, total_hp=9, total_max=12)
    assert (result.severed, result.usable, result.wounds) == (False, True, ())


def test_ordinary_healing_leaves_a_severed_limb_severed() -> None:
    # docs/rules.md, "Wounds": only one magical healing of 6 points or more restores it
    result = heal_wound(ARM, [8], 0, 6, location_max=4, total_hp=4, total_max=12, severed=True)
    assert (result.severed, result.usable, result.wounds) == (True, False, (2,))


def test_a_week_of_no_natural_healing_changes_nothing() -> None:
    result = heal_naturally(ARM, [3, 2], 0, location_max=4, total_hp=7, total_max=12)
    assert (result.healed, result.wounds, result.total_hp) == (0, (3, 2), 7)


def test_a_hit_of_0_on_a_disabled_arm_adds_nothing() -> None:
    # docs/rules.md, "Wounds": the effects come with damage; a blow armour stops entirely is none
    result = apply_wound(ARM, 0, location_hp=0, location_max=4, total_hp=10)
    assert (result.effects, result.wound, result.total_hp) == ((), 0, 10)
