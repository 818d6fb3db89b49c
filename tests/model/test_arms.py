"""Default actions and parries of a sheet's weapons."""

from __future__ import annotations

from dataclasses import replace

from helpers import sheet

from gmdash.model.arms import action_kind, blow_of, can_parry, default_parry
from gmdash.model.character import Weapon
from gmdash.rules.combat import ActionKind
from gmdash.rules.weapons import SpecialKind, WeaponUse

SWORD = Weapon(name="Broadsword", skill="Broadsword", damage="1D8+1", sr=2, hit_points=12,
               special=SpecialKind.SLASH)  # fmt: skip
SHIELD = Weapon(name="Medium Shield", skill="Medium Shield", damage="1D4", sr=3, hit_points=12,
                use=WeaponUse.SHIELD)  # fmt: skip
SLING = Weapon(name="Sling", skill="Sling", damage="1D8", sr=3, hit_points=2, use=WeaponUse.MISSILE)
JAVELIN = Weapon(name="Javelin", skill="Javelin", damage="1D10", sr=3, hit_points=8,
                 special=SpecialKind.IMPALE, use=WeaponUse.THROWN)  # fmt: skip
BUTT = Weapon(name="Head Butt", skill="Head Butt", damage="1D6", sr=3, hit_points=0)


def test_missile_weapons_make_missile_attacks() -> None:
    assert action_kind(SLING) is ActionKind.MISSILE
    assert action_kind(JAVELIN) is ActionKind.MISSILE
    assert action_kind(SWORD) is ActionKind.MELEE


def test_the_default_parry_is_a_shield_else_a_melee_weapon_never_a_missile() -> None:
    assert default_parry(replace(sheet(), weapons=(SLING, SWORD, SHIELD))) == SHIELD
    assert default_parry(replace(sheet(), weapons=(SLING, JAVELIN, SWORD))) == SWORD
    assert default_parry(replace(sheet(), weapons=(SLING, JAVELIN))) is None


def test_against_a_missile_only_a_shield_parries() -> None:
    armed = replace(sheet(), weapons=(SWORD, SHIELD))
    assert default_parry(armed, WeaponUse.MISSILE) == SHIELD
    assert default_parry(replace(sheet(), weapons=(SWORD,)), WeaponUse.THROWN) is None
    assert default_parry(armed, WeaponUse.FIREARM) is None


def test_a_broken_weapon_cannot_parry() -> None:
    broken = replace(SHIELD, hit_points=0)
    assert "broken" in (can_parry(broken) or "")
    assert default_parry(replace(sheet(), weapons=(broken, SWORD))) == SWORD
    assert "no hit points" in (can_parry(BUTT) or "")


def test_the_blow_carries_the_bonus_that_applies() -> None:
    assert blow_of(JAVELIN, "+1D6").bonus == "1D3"
    assert blow_of(SLING, "+1D6").bonus == "0"
    assert blow_of(SWORD, "+1D6").bonus == "1D6"
    assert blow_of(SWORD, "0").hit_points == 12
