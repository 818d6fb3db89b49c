"""Weapon kinds and the damage bonus that applies to each (docs/rules.md, "Combat")."""

from __future__ import annotations

import pytest

from gmdash.rules.weapons import (
    SpecialKind,
    WeaponUse,
    applicable_bonus,
    damage_with_bonus,
    guess_special,
    guess_use,
    halve_bonus,
)


@pytest.mark.parametrize(
    ("bonus", "half"),
    [("1D4", "1D2"), ("+1D6", "1D3"), ("2D6", "1D6"), ("3D6", "1D6+1D3"), ("-1D4", "-1D2"),
     ("0", "0"), ("", "0"), ("1D6+2", "1D3+1"), ("1D4+1", "1D2"), ("4D6", "2D6"),
     ("1D6+3", "1D3+1"), ("-1", "0"), ("1D3", "1D2"), ("1D1", "1D1")],
)  # fmt: skip
def test_half_a_damage_bonus(bonus: str, half: str) -> None:
    # docs/rules.md#combat-damage: 1D4 -> 1D2, 1D6 -> 1D3, 2D6 -> 1D6, 3D6 -> 1D6+1D3; an odd
    # die's half rounds up (never below one side), constants halve toward zero
    assert halve_bonus(bonus) == half


@pytest.mark.parametrize(
    ("use", "bonus"),
    [(WeaponUse.MELEE, "1D4"), (WeaponUse.SHIELD, "1D4"), (WeaponUse.THROWN, "1D2"),
     (WeaponUse.MISSILE, "0"), (WeaponUse.FIREARM, "0")],
)  # fmt: skip
def test_the_bonus_that_applies(use: WeaponUse, bonus: str) -> None:
    assert applicable_bonus("+1D4", use) == bonus


@pytest.mark.parametrize(
    ("name", "use", "special"),
    [("Broadsword", WeaponUse.MELEE, SpecialKind.SLASH),
     ("Javelin", WeaponUse.THROWN, SpecialKind.IMPALE),
     ("Sling", WeaponUse.MISSILE, SpecialKind.CRUSH),
     ("Composite Bow", WeaponUse.MISSILE, SpecialKind.IMPALE),
     (".38 Revolver", WeaponUse.FIREARM, SpecialKind.IMPALE),
     ("Medium Shield", WeaponUse.SHIELD, SpecialKind.CRUSH),
     ("Throwing Dagger", WeaponUse.THROWN, SpecialKind.IMPALE),
     ("Something odd", WeaponUse.MELEE, SpecialKind.CRUSH)],
)  # fmt: skip
def test_guesses_from_the_name(name: str, use: WeaponUse, special: SpecialKind) -> None:
    assert (guess_use(name), guess_special(name)) == (use, special)


def test_ranged_weapons_never_parry() -> None:
    assert {u for u in WeaponUse if u.can_parry} == {WeaponUse.MELEE, WeaponUse.SHIELD}


# RQG: a melee weapon adds the whole damage bonus, a thrown one half, a bow none; the sheet
# writes the bonus after the weapon's own damage (worked out by hand).
SHOWN_DAMAGE = [
    ("1D8+1", "1D4", WeaponUse.MELEE, "1D8+1+1D4"),
    ("1D8+1", "-1D4", WeaponUse.MELEE, "1D8+1-1D4"),
    ("1D8+1", "0", WeaponUse.MELEE, "1D8+1"),
]


@pytest.mark.parametrize(("weapon", "bonus", "use", "shown"), SHOWN_DAMAGE)
def test_damage_with_bonus_as_a_sheet_shows_it(
    weapon: str, bonus: str, use: WeaponUse, shown: str
) -> None:
    assert damage_with_bonus(weapon, bonus, use) == shown
