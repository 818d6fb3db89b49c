"""Damage, wound effects and healing (docs/rules.md#wounds, RQG).

The sample body has 13 hit points: legs 5, abdomen 5, chest 6, arms 4, head 5.
"""

from __future__ import annotations

import pytest

from gmdash.rules import (
    Effect,
    Location,
    apply_wound,
    armour_absorbs,
    heal_location,
    standing_conditions,
)
from gmdash.rules.wounds import conditions_held

LIMBS = [Location.LEFT_LEG, Location.RIGHT_LEG, Location.LEFT_ARM, Location.RIGHT_ARM]
TOUGH = 100  # a total big enough that only the location's own effects show


@pytest.mark.parametrize("limb", LIMBS)
@pytest.mark.parametrize(
    ("damage", "effects", "loss"),
    [
        (0, set(), 0),
        (3, set(), 3),
        (4, {Effect.USELESS}, 4),  # damage reaches its HP: useless
        (7, {Effect.USELESS}, 7),
        (8, {Effect.USELESS, Effect.SHOCK}, 8),  # one blow of 2x: shock as well
        (11, {Effect.USELESS, Effect.SHOCK}, 8),  # passes at most 2x its HP on to total
        (12, {Effect.USELESS, Effect.SHOCK, Effect.SEVERED}, 8),  # 3x: severed or maimed
        (40, {Effect.USELESS, Effect.SHOCK, Effect.SEVERED}, 8),
    ],
)
def test_limb(limb: Location, damage: int, effects: set[Effect], loss: int) -> None:
    result = apply_wound(limb, damage, location_hp=4, location_max=4, total_hp=TOUGH)
    assert set(result.effects) == effects
    assert result.total_loss == loss
    assert result.total_hp == TOUGH - loss
    # a limb takes at most twice its HP: an arm of 4 hit for 12 goes to -4, not -8
    assert result.location_hp == 4 - min(damage, 8)
    assert result.wound == min(damage, 8)
    assert result.useless == ((limb,) if Effect.USELESS in effects else ())


def test_limb_already_hurt_becomes_useless_when_its_hp_is_reached() -> None:
    result = apply_wound(Location.LEFT_ARM, 2, location_hp=2, location_max=4, total_hp=TOUGH)
    assert result.location_hp == 0
    assert set(result.effects) == {Effect.USELESS}


def test_limb_shock_and_severing_count_one_blow_only() -> None:
    # already at 0; another 4 makes 8 taken in all, but no single blow of 2x (8)
    result = apply_wound(Location.RIGHT_LEG, 4, location_hp=0, location_max=4, total_hp=TOUGH)
    assert set(result.effects) == {Effect.USELESS}
    assert result.location_hp == -4


def test_limb_cap_applies_to_each_wound() -> None:
    first = apply_wound(Location.LEFT_ARM, 20, location_hp=4, location_max=4, total_hp=TOUGH)
    second = apply_wound(
        Location.LEFT_ARM,
        20,
        location_hp=first.location_hp,
        location_max=4,
        total_hp=first.total_hp,
    )
    assert (first.total_loss, second.total_loss) == (8, 8)
    assert second.total_hp == TOUGH - 16


@pytest.mark.parametrize(
    ("location", "at_hp"),
    [
        (Location.HEAD, {Effect.UNCONSCIOUS}),
        (Location.CHEST, {Effect.SHOCK}),
        (Location.ABDOMEN, {Effect.USELESS, Effect.FALLS}),  # both legs useless, falls
    ],
)
@pytest.mark.parametrize("maximum", [5, 6])
def test_head_chest_abdomen(location: Location, at_hp: set[Effect], maximum: int) -> None:
    def hit(damage: int, hp: int = maximum) -> set[Effect]:
        result = apply_wound(location, damage, location_hp=hp, location_max=maximum, total_hp=TOUGH)
        assert result.total_loss == damage  # no cap off the limbs
        return set(result.effects)

    # the abdomen's useless legs last from its HP up to (not including) 3x
    legs = at_hp if location is Location.ABDOMEN else set()
    assert hit(maximum - 1) == set()
    assert hit(maximum) == at_hp
    assert hit(2 * maximum - 1) == at_hp
    assert hit(2 * maximum) == {Effect.UNCONSCIOUS, Effect.BLEEDING} | legs
    assert hit(3 * maximum - 1) == {Effect.UNCONSCIOUS, Effect.BLEEDING} | legs
    assert hit(3 * maximum) == {Effect.DEAD}
    # "at 2x / 3x": all the damage the location has taken, over several blows
    assert hit(maximum, hp=0) == {Effect.UNCONSCIOUS, Effect.BLEEDING} | legs
    assert hit(maximum, hp=-maximum) == {Effect.DEAD}


def test_abdomen_at_its_hp_makes_both_legs_useless() -> None:
    result = apply_wound(Location.ABDOMEN, 5, location_hp=5, location_max=5, total_hp=TOUGH)
    assert set(result.useless) == {Location.LEFT_LEG, Location.RIGHT_LEG}


@pytest.mark.parametrize(
    ("total", "damage", "effects"),
    [
        (13, 3, set()),  # 10 left
        (13, 10, set()),  # 3 left
        (13, 11, {Effect.UNCONSCIOUS}),  # 2 left: unconscious
        (13, 12, {Effect.UNCONSCIOUS}),  # 1 left
        (13, 13, {Effect.DEAD}),  # 0: dead
        (13, 14, {Effect.DEAD}),
        (3, 1, {Effect.UNCONSCIOUS}),
        (1, 1, {Effect.DEAD}),
    ],
)
def test_total_hit_points(total: int, damage: int, effects: set[Effect]) -> None:
    # a 20-HP chest so the location adds nothing of its own
    result = apply_wound(Location.CHEST, damage, location_hp=20, location_max=20, total_hp=total)
    assert set(result.effects) == effects
    assert result.total_hp == total - damage


def test_a_severed_limb_can_still_kill_through_total_hp() -> None:
    # 8 total HP, an arm of 4 takes 20: only 8 reach the total, which is enough
    result = apply_wound(Location.RIGHT_ARM, 20, location_hp=4, location_max=4, total_hp=8)
    assert result.total_hp == 0
    assert Effect.DEAD in result.effects


def test_no_magic_points_means_unconscious() -> None:
    result = apply_wound(
        Location.LEFT_LEG, 1, location_hp=5, location_max=5, total_hp=13, magic_points=0
    )
    assert set(result.effects) == {Effect.UNCONSCIOUS}


@pytest.mark.parametrize("limb", LIMBS)
def test_a_limb_is_useless_exactly_when_its_hp_reach_0(limb: Location) -> None:
    def useless_after(damage: int, hp: int) -> bool:
        result = apply_wound(limb, damage, location_hp=hp, location_max=4, total_hp=TOUGH)
        return Effect.USELESS in result.effects

    assert not useless_after(1, 2)  # 1 HP left
    assert useless_after(1, 1)  # 0 left: no point past its HP is needed
    assert useless_after(2, 1)  # -1 left


@pytest.mark.parametrize("location", [Location.HEAD, Location.CHEST, Location.ABDOMEN])
def test_a_blow_of_0_adds_no_effect_to_a_ruined_location(location: Location) -> None:
    # armour stopped it all: the old wound's effects stand, but nothing new happens
    result = apply_wound(location, 0, location_hp=-12, location_max=5, total_hp=TOUGH)
    assert (result.effects, result.total_loss, result.location_hp) == ((), 0, -12)


@pytest.mark.parametrize(
    ("hp", "effects"),
    [
        (1, (Effect.UNCONSCIOUS,)),  # 1 point more reaches its HP
        (-4, (Effect.UNCONSCIOUS, Effect.BLEEDING)),  # ... 2x its HP
        (-9, (Effect.DEAD,)),  # ... 3x its HP
    ],
)
def test_a_single_point_can_cross_each_threshold_of_the_head(
    hp: int, effects: tuple[Effect, ...]
) -> None:
    result = apply_wound(Location.HEAD, 1, location_hp=hp, location_max=5, total_hp=TOUGH)
    assert result.effects == effects


def test_a_blow_of_0_does_not_knock_out_a_badly_hurt_character() -> None:
    result = apply_wound(Location.LEFT_LEG, 0, location_hp=5, location_max=5, total_hp=2)
    assert (result.effects, result.total_hp) == ((), 2)


def test_head_at_1_hp_is_still_conscious() -> None:
    result = apply_wound(Location.HEAD, 4, location_hp=5, location_max=5, total_hp=TOUGH)
    assert result.location_hp == 1
    assert result.effects == ()


def test_1_total_hp_left_is_unconscious_not_dead() -> None:
    result = apply_wound(Location.LEFT_LEG, 1, location_hp=5, location_max=5, total_hp=2)
    assert result.total_hp == 1
    assert result.effects == (Effect.UNCONSCIOUS,)


def test_negative_damage_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        apply_wound(Location.HEAD, -1, location_hp=5, location_max=5, total_hp=13)


@pytest.mark.parametrize(
    ("damage", "armour", "through"), [(8, 3, 5), (2, 5, 0), (5, 5, 0), (5, 0, 5), (5, -2, 5)]
)
def test_armour(damage: int, armour: int, through: int) -> None:
    assert armour_absorbs(damage, armour) == through


# --- healing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "location_hp", "total_hp", "healed", "new_location", "new_total"),
    [
        (3, 1, 8, 3, 4, 11),
        (10, 1, 8, 4, 5, 12),  # capped at the location's maximum
        (3, -3, 5, 3, 0, 8),  # from below 0
        (2, 3, 13, 2, 5, 13),  # capped at the total's maximum
        (0, 2, 10, 0, 2, 10),
        (4, 5, 13, 0, 5, 13),  # an unhurt location heals nothing
    ],
)
def test_heal_location(
    amount: int, location_hp: int, total_hp: int, healed: int, new_location: int, new_total: int
) -> None:
    result = heal_location(
        Location.LEFT_LEG,
        amount,
        location_hp=location_hp,
        location_max=5,
        total_hp=total_hp,
        total_max=13,
    )
    assert (result.location, result.healed, result.location_hp, result.total_hp) == (
        Location.LEFT_LEG,
        healed,
        new_location,
        new_total,
    )


def test_negative_healing_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        heal_location(Location.HEAD, -1, location_hp=1, location_max=5, total_hp=5, total_max=13)


# --- standing conditions --------------------------------------------------------------------------

HEALTHY = {loc: 4 for loc in Location}


@pytest.mark.parametrize(
    ("total", "mp", "locations", "conditions"),
    [
        (13, 10, HEALTHY, set()),
        (0, 10, HEALTHY, {Effect.DEAD}),
        (-5, 10, HEALTHY, {Effect.DEAD}),
        (2, 10, HEALTHY, {Effect.UNCONSCIOUS}),
        (3, 10, HEALTHY, set()),
        (13, 0, HEALTHY, {Effect.UNCONSCIOUS}),
        (13, 1, HEALTHY, set()),  # one magic point left is enough to stay conscious
        (13, 10, HEALTHY | {Location.HEAD: 0}, {Effect.UNCONSCIOUS, Effect.USELESS}),
        (13, 10, HEALTHY | {Location.CHEST: -1}, {Effect.SHOCK, Effect.USELESS}),
        (13, 10, HEALTHY | {Location.CHEST: 0}, {Effect.SHOCK, Effect.USELESS}),
        (13, 10, HEALTHY | {Location.LEFT_ARM: 0}, {Effect.USELESS}),
        # the edges: 1 total HP is alive (unconscious), a location at 1 HP still works
        (1, 10, HEALTHY, {Effect.UNCONSCIOUS}),
        (13, 10, HEALTHY | {Location.HEAD: 1}, set()),
        (13, 10, HEALTHY | {Location.CHEST: 1}, set()),
        (13, 10, HEALTHY | {Location.RIGHT_LEG: 1}, set()),
        (13, 10, HEALTHY | {Location.RIGHT_LEG: -1}, {Effect.USELESS}),
    ],
)
def test_standing_conditions(
    total: int, mp: int, locations: dict[Location, int], conditions: set[Effect]
) -> None:
    assert standing_conditions(total_hp=total, magic_points=mp, location_hp=locations) == conditions


HEALTHY = {"head": 5, "chest": 6, "abdomen": 5, "left_arm": 4, "right_arm": 4, "left_leg": 5,
           "right_leg": 5}  # fmt: skip


@pytest.mark.parametrize(
    ("hurt", "held"),
    [
        ({}, set()),
        ({"right_arm": -3}, set()),  # 7 of damage on 4: less than twice
        ({"right_arm": -4}, {Effect.SHOCK}),  # twice its HP: shock
        ({"abdomen": -5}, {Effect.UNCONSCIOUS, Effect.BLEEDING}),  # twice: out and bleeding
        ({"chest": 0}, {Effect.SHOCK}),  # the chest at 0: shock
        ({"left_arm": -1}, {Effect.SHOCK}),  # the arm of 1 HP at -1: twice its HP
    ],
)
def test_conditions_held_after_healing(hurt: dict[str, int], held: set[Effect]) -> None:
    # docs/rules.md#combat-healing (RULES.md 2): unconscious and bleeding while the head, chest
    # or abdomen carries twice its HP; shock while a limb does, or the chest is at 0 or below
    hp, maxima = HEALTHY | hurt, HEALTHY | {"left_arm": 1}  # (a left arm of 1 HP)
    assert (
        conditions_held(total_hp=20, magic_points=10, location_hp=hp, location_max=maxima) == held
    )


def test_a_location_of_no_hp_holds_no_condition() -> None:
    # a location the maximums lack (or give 0) cannot carry twice its HP
    hp = HEALTHY | {"right_arm": -10}
    maxima = {k: v for k, v in HEALTHY.items() if k != "right_arm"}
    assert (
        conditions_held(total_hp=20, magic_points=10, location_hp=hp, location_max=maxima) == set()
    )


def test_one_point_more_on_an_abdomen_at_its_hp_fells_the_legs() -> None:
    # docs/rules.md, "Wounds": the abdomen at its HP or beyond (under three times): legs
    # useless, the character falls; 4 of 5 taken, then 1 more
    result = apply_wound(Location.ABDOMEN, 1, location_hp=1, location_max=5, total_hp=TOUGH)
    assert {Effect.USELESS, Effect.FALLS} <= set(result.effects)
    assert set(result.useless) == {Location.LEFT_LEG, Location.RIGHT_LEG}
