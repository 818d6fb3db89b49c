"""Melee rounds: strike ranks, the order of a round (ties, SR > 12, several actions, BRP's DEX
order), special and critical damage, parry and dodge."""

from __future__ import annotations

import pytest

from gmdash.rules import Level, RuleSet, ScriptedRng, SeededRng
from gmdash.rules.combat import (
    ActionKind,
    DamageMode,
    Slot,
    SpecialKind,
    Turn,
    action_sr,
    carry_over,
    chain_srs,
    damage_expression,
    damage_roll,
    in_this_round,
    mode_for,
    order_turns,
)
from gmdash.rules.weapons import guess_special

# --- strike ranks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "dex", "siz", "own", "move", "expected"),
    [
        (ActionKind.MELEE, 11, 15, 2, 0, 3 + 1 + 2),  # Harvald's broadsword: 6
        (ActionKind.MELEE, 16, 13, 0, 0, 1 + 2 + 0),  # Korrath's lance: 3
        (ActionKind.MELEE, 5, 6, 3, 0, 5 + 3 + 3),
        (ActionKind.MELEE, 19, 22, 1, 0, 0 + 0 + 1),
        (ActionKind.MELEE, 12, 13, 2, 3, 3 + 2 + 2 + 3),  # movement adds its SR
        (ActionKind.MISSILE, 16, 13, 3, 0, 1 + 3),  # no SIZ SR for missiles
        (ActionKind.SPELL, 13, 11, 2, 0, 2 + 2),
        (ActionKind.SPELL, 13, 11, 2, 1, 2 + 2 + 1),
        (ActionKind.OTHER, 13, 11, 4, 2, 6),
    ],
)
def test_action_sr(
    kind: ActionKind, dex: int, siz: int, own: int, move: int, expected: int
) -> None:
    assert action_sr(kind, dex=dex, siz=siz, own_sr=own, movement=move) == expected


def test_negative_strike_ranks_are_refused() -> None:
    with pytest.raises(ValueError):
        action_sr(ActionKind.MELEE, dex=10, siz=10, own_sr=-1)
    with pytest.raises(ValueError):
        action_sr(ActionKind.SPELL, dex=10, siz=10, movement=-2)


def test_several_actions_follow_each_other() -> None:
    assert chain_srs([4, 6]) == [4, 10]  # a spell at SR 4, then a melee attack (SR 6) at 10
    assert chain_srs([6, 6, 6]) == [6, 12, 18]  # the third falls into the next round
    assert chain_srs([]) == []


def test_past_sr_12_is_next_round() -> None:
    assert in_this_round(12) and not in_this_round(13)
    assert carry_over(13) == 1 and carry_over(18) == 6


# --- the order of a round ---------------------------------------------------------------------


def order(slots: list[Slot], ruleset: RuleSet = RuleSet.RQG) -> list[tuple[str, int, bool]]:
    return [(t.actor, t.index, t.simultaneous) for t in order_turns(slots, ruleset)]


def test_ascending_strike_rank() -> None:
    slots = [Slot("a", 0, 7, 10), Slot("b", 0, 3, 10), Slot("c", 0, 12, 10)]
    assert order(slots) == [("b", 0, False), ("a", 0, False), ("c", 0, False)]


def test_equal_sr_higher_dex_first() -> None:
    slots = [Slot("slow", 0, 5, 9), Slot("quick", 0, 5, 17), Slot("mid", 0, 5, 12)]
    assert order(slots) == [("quick", 0, False), ("mid", 0, False), ("slow", 0, False)]


def test_equal_sr_and_dex_are_simultaneous() -> None:
    slots = [Slot("a", 0, 7, 12), Slot("b", 0, 7, 12), Slot("c", 0, 7, 11), Slot("d", 0, 2, 12)]
    assert order(slots) == [("d", 0, False), ("a", 0, True), ("b", 0, True), ("c", 0, False)]


def test_actions_past_sr_12_are_left_for_next_round() -> None:
    slots = [Slot("a", 0, 6, 10), Slot("a", 1, 13, 10), Slot("b", 0, 12, 10)]
    assert order(slots) == [("a", 0, False), ("b", 0, False)]


def test_several_actions_of_one_combatant_interleave_by_sr() -> None:
    slots = [Slot("mage", 0, 4, 13), Slot("mage", 1, 10, 13), Slot("warrior", 0, 6, 11)]
    assert order(slots) == [("mage", 0, False), ("warrior", 0, False), ("mage", 1, False)]


def test_brp_orders_by_dex_highest_first() -> None:
    slots = [Slot("a", 0, 3, 9), Slot("b", 0, 12, 16), Slot("c", 0, 7, 12), Slot("d", 0, 1, 12)]
    assert order(slots, RuleSet.BRP) == [
        ("b", 0, False),
        ("c", 0, True),
        ("d", 0, True),
        ("a", 0, False),
    ]


def test_brp_second_actions_after_every_first_action() -> None:
    slots = [Slot("fast", 0, 0, 18), Slot("fast", 1, 0, 18), Slot("slow", 0, 0, 8)]
    assert order(slots, RuleSet.BRP) == [("fast", 0, False), ("slow", 0, False), ("fast", 1, False)]


def test_brp_keeps_every_declared_action_in_the_round() -> None:
    assert len(order_turns([Slot("a", 0, 20, 10)], RuleSet.BRP)) == 1


# --- damage -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "kind"),
    [
        ("Broadsword", SpecialKind.SLASH),
        ("Great Axe", SpecialKind.SLASH),
        ("Short Spear", SpecialKind.IMPALE),
        ("Lance", SpecialKind.IMPALE),
        ("Composite Bow", SpecialKind.IMPALE),
        ("Dagger", SpecialKind.IMPALE),
        ("Short Sword", SpecialKind.IMPALE),
        ("Club", SpecialKind.CRUSH),
        ("Medium Shield", SpecialKind.CRUSH),
        ("Quarterstaff", SpecialKind.CRUSH),
        ("Sling", SpecialKind.CRUSH),
        ("Something odd", SpecialKind.CRUSH),
    ],
)
def test_special_kind_from_the_weapon_name(weapon: str, kind: SpecialKind) -> None:
    assert guess_special(weapon) is kind


def test_mode_follows_the_level() -> None:
    assert mode_for(Level.CRITICAL) is DamageMode.CRITICAL
    assert mode_for(Level.SPECIAL) is DamageMode.SPECIAL
    assert mode_for(Level.SUCCESS) is DamageMode.NORMAL


def expr(
    weapon: str, bonus: str, mode: DamageMode, kind: SpecialKind, ruleset: RuleSet = RuleSet.RQG
) -> tuple[str, int, int, bool]:
    found, ignores = damage_expression(weapon, bonus, mode, kind, ruleset)
    return str(found), found.minimum, found.maximum, ignores


def test_normal_damage_is_weapon_plus_bonus() -> None:
    assert expr("1D8+1", "+1D4", DamageMode.NORMAL, SpecialKind.SLASH) == (
        "1D8+1+1D4",
        3,
        13,
        False,
    )
    assert expr("1D6", "0", DamageMode.NORMAL, SpecialKind.CRUSH) == ("1D6", 1, 6, False)
    assert expr("1D6", "-1D4", DamageMode.NORMAL, SpecialKind.CRUSH)[0] == "1D6-1D4"


def test_rqg_special_slash_and_impale_roll_the_weapon_twice() -> None:
    for kind in (SpecialKind.SLASH, SpecialKind.IMPALE):
        text, low, high, ignores = expr("1D8+1", "+1D4", DamageMode.SPECIAL, kind)
        assert (text, low, high, ignores) == ("1D8+1+1D8+1+1D4", 5, 22, False)


def test_rqg_special_crush_adds_the_maximum_bonus_to_the_rolled_bonus() -> None:
    # weapon damage + the rolled bonus + the bonus's maximum (the rolled bonus stays)
    assert expr("1D6", "+1D4", DamageMode.SPECIAL, SpecialKind.CRUSH) == (
        "1D6+1D4+4",
        6,
        14,
        False,
    )
    assert expr("1D6", "0", DamageMode.SPECIAL, SpecialKind.CRUSH) == ("1D6", 1, 6, False)
    assert expr("1D6", "-1D4", DamageMode.SPECIAL, SpecialKind.CRUSH)[0] == "1D6-1D4-1"


def test_rqg_critical_is_maximum_special_damage_ignoring_armour() -> None:
    assert expr("1D8+1", "+1D4", DamageMode.CRITICAL, SpecialKind.SLASH) == ("22", 22, 22, True)
    assert expr("1D6", "+1D4", DamageMode.CRITICAL, SpecialKind.CRUSH) == ("14", 14, 14, True)


@pytest.mark.parametrize("kind", list(SpecialKind))
def test_brp_special_adds_the_weapons_maximum_to_a_normal_roll(kind: SpecialKind) -> None:
    # the seed's edition (5.13): maximum weapon damage + a normal roll + the damage bonus
    brp = RuleSet.BRP
    assert expr("1D6+1", "+1D4", DamageMode.SPECIAL, kind, brp) == ("7+1D6+1+1D4", 10, 18, False)


def test_brp_critical_is_special_damage_ignoring_armour() -> None:
    text, low, high, ignores = expr(
        "1D6", "+1D4", DamageMode.CRITICAL, SpecialKind.IMPALE, RuleSet.BRP
    )
    assert (text, low, high, ignores) == ("6+1D6+1D4", 8, 16, True)


def test_damage_roll_uses_the_rng_and_never_goes_below_zero() -> None:
    rolled = damage_roll("1D4", "-1D6", DamageMode.NORMAL, SpecialKind.CRUSH, ScriptedRng([1, 6]))
    assert rolled.total == 0 and rolled.rolls == (1, -6)
    rolled = damage_roll("2D6", "0", DamageMode.NORMAL, SpecialKind.CRUSH, SeededRng(3))
    assert 2 <= rolled.total <= 12 and rolled.expression == "2D6"


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_a_tie_at_the_first_two_places_is_simultaneous(ruleset: RuleSet) -> None:
    # the second place ties only the one before it: each side of the tie is marked
    slots = [Slot("a", 0, 4, 12), Slot("b", 0, 4, 12), Slot("c", 0, 9, 10)]
    got = [(t.actor, t.index, t.simultaneous) for t in order_turns(slots, ruleset)]
    assert got == [("a", 0, True), ("b", 0, True), ("c", 0, False)]


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_a_tie_at_the_last_two_places_is_simultaneous(ruleset: RuleSet) -> None:
    slots = [Slot("a", 0, 2, 14), Slot("b", 0, 8, 10), Slot("c", 0, 8, 10)]
    got = [(t.actor, t.index, t.simultaneous) for t in order_turns(slots, ruleset)]
    assert got == [("a", 0, False), ("b", 0, True), ("c", 0, True)]


@pytest.mark.parametrize("weapon", ["0", "1D3-3", "1D4-4"])
def test_a_critical_of_a_weapon_at_most_0_is_0(weapon: str) -> None:
    # docs/rules.md#combat-damage: a critical does the maximum; at most 0 here, so "0" (never "-0")
    expression, _ = damage_expression(weapon, "", DamageMode.CRITICAL, SpecialKind.IMPALE)
    assert str(expression) == "0"


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        (ActionKind.MELEE, 3 + 2),
        (ActionKind.MISSILE, 3),
        (ActionKind.SPELL, 3),
        (ActionKind.OTHER, 0),
    ],
)
def test_an_action_with_no_weapon_or_movement_sr(kind: ActionKind, expected: int) -> None:
    # docs/rules.md#strike-ranks: DEX 10 is DEX SR 3, SIZ 12 is SIZ SR 2; melee adds both, missile
    # and spell DEX SR only; nothing given for the weapon's SR or movement adds nothing
    assert action_sr(kind, dex=10, siz=12) == expected


@pytest.mark.parametrize("kind", list(ActionKind))
def test_only_melee_and_missile_actions_are_attacks(kind: ActionKind) -> None:
    # docs/rules.md#strike-ranks: a spell or another action (move, ready a weapon) is no attack
    assert kind.is_attack is (kind in (ActionKind.MELEE, ActionKind.MISSILE))
    assert ActionKind.MELEE.is_attack and ActionKind.MISSILE.is_attack


def test_a_turn_is_not_simultaneous_unless_said() -> None:
    assert not Turn("Vasana", 0, 5, 13).simultaneous


@pytest.mark.parametrize("ruleset", list(RuleSet))
def test_a_lone_action_is_not_simultaneous(ruleset: RuleSet) -> None:
    # docs/rules.md#strike-ranks: simultaneous only when another action ties it exactly
    (turn,) = order_turns([Slot("Vasana", 0, 5, 13)], ruleset)
    assert not turn.simultaneous
    first, second = order_turns([Slot("Vasana", 0, 5, 13), Slot("Lunar", 0, 7, 11)], ruleset)
    assert not first.simultaneous and not second.simultaneous


def test_a_crushing_special_with_a_negative_bonus_adds_its_least_harm() -> None:
    # docs/rules.md#combat-damage: "a negative bonus's 'maximum' is its least harm (-1D4 -> -1)";
    # 1D8 rolling 5, -1D4 rolling 2, then -1: 2
    rolled = damage_roll("1D8", "-1D4", DamageMode.SPECIAL, SpecialKind.CRUSH, ScriptedRng([5, 2]))
    assert (rolled.expression, rolled.total) == ("1D8-1D4-1", 2)
