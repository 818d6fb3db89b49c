"""Derived attributes, strike ranks and hit locations (docs/rules.md#characteristics,
#rqg-derived, #brp-derived, #hit-locations).

Each table is the seed's « Les Attributs » as transcribed in seed_attributes, with its
"each +N" row continuing it; the expectation for any value is read from those bands.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from gmdash.rules import (
    Characteristics,
    Location,
    RuleSet,
    damage_bonus,
    derive,
    dex_strike_rank,
    healing_rate,
    hit_points,
    location_from_d20,
    location_hit_points,
    melee_sr,
    missile_sr,
    parse_dice,
    siz_strike_rank,
)

from . import seed_attributes as seed
from .seed_tables import RQG_SEED, SEED_MISSING, seed_text

Band = tuple[int, int, int]  # (low, high, value)


def from_bands(value: int, bands: list[Band], step: int, more: int) -> int:
    """Read `value` off printed bands; past the last band, each further `step` adds `more`."""
    for low, high, result in bands:
        if low <= value <= high:
            return result
    last_high, last_value = bands[-1][1], bands[-1][2]
    assert value > last_high
    return last_value + more * -(-(value - last_high) // step)


# Every table below is the seed's, as transcribed in seed_attributes (docs/rules.md#rqg-derived).
LOCATION_NAMES = {
    "Chaque Jambe": (Location.LEFT_LEG, Location.RIGHT_LEG),
    "Abdomen": (Location.ABDOMEN,),
    "Poitrine": (Location.CHEST,),
    "Chaque Bras": (Location.LEFT_ARM, Location.RIGHT_ARM),
    "Tête": (Location.HEAD,),
}
LOCATION_ROWS = {
    location: row for name, row in seed.LOCATION_ROWS.items() for location in LOCATION_NAMES[name]
}
SIZ_MOD, POW_MOD, HP_BANDS = seed.SIZ_MOD, seed.POW_MOD, seed.HP_BANDS
HEALING, DEX_SR, SIZ_SR = seed.HEALING_BANDS, seed.DEX_SR_BANDS, seed.SIZ_SR_BANDS


@pytest.mark.skipif(not RQG_SEED.exists(), reason=SEED_MISSING)
def test_seed_attribute_tables_parse_to_the_transcription() -> None:
    text = seed_text()
    for header, rows in (
        (seed.HP_MODIFIERS_HEADER, seed.HP_MODIFIERS),
        (seed.HEALING_HEADER, seed.HEALING),
        (seed.DAMAGE_BONUS_HEADER, seed.DAMAGE_BONUS),
        (seed.DEX_SR_HEADER, seed.DEX_SR),
        (seed.SIZ_SR_HEADER, seed.SIZ_SR),
    ):
        assert seed.parse_table(text, header) == list(rows), header
    assert seed.parse_locations(text) == (seed.LOCATIONS_HEADER, list(seed.LOCATIONS))


def test_the_transcribed_bands_cover_every_value_once() -> None:
    for table in (SIZ_MOD, POW_MOD, HEALING, DEX_SR, SIZ_SR):
        assert table[0][0] == 1
        assert all(a[1] + 1 == b[0] for a, b in pairwise(table)), table
    assert [low for low, _ in HP_BANDS] == [1, 7, 10, 13, 16, 19]
    assert set(LOCATION_ROWS) == set(Location)
    # the "Tous les" rows: each further 4 / 3 / 6 / 16 points add one more
    assert seed.each_further(seed.HP_MODIFIERS) == (4, "+1")
    assert seed.LOCATIONS_HEADER[-1] == "Tous les +3"
    assert {row[-1] for row in seed.LOCATIONS} == {"+1"}
    assert seed.each_further(seed.HEALING) == (6, "+1 supplémentaire")
    assert seed.each_further(seed.DAMAGE_BONUS) == (16, "+1D6 supplémentaire")


def chars(**values: int) -> Characteristics:
    base = {"STR": 10, "CON": 10, "SIZ": 10, "DEX": 10, "INT": 10, "POW": 10, "CHA": 10}
    return Characteristics(**(base | values))


# --- hit points ---------------------------------------------------------------------------------


def test_rqg_hit_points_siz_modifier() -> None:
    for siz in range(1, 61):
        expected = 12 + from_bands(siz, SIZ_MOD, 4, 1)
        assert hit_points(chars(CON=12, SIZ=siz, POW=10)) == expected, siz


def test_rqg_hit_points_pow_modifier() -> None:
    for power in range(1, 61):
        expected = 12 + from_bands(power, POW_MOD, 4, 1)
        assert hit_points(chars(CON=12, SIZ=10, POW=power)) == expected, power


@pytest.mark.parametrize(
    ("con", "siz", "power", "hp"),
    [
        (11, 13, 12, 12),  # +1 SIZ, 0 POW
        (10, 10, 10, 10),
        (3, 2, 3, 0),  # 3 - 2 - 1: a characteristic of 1-4 costs hit points
        (18, 29, 29, 18 + 5 + 4),  # "SIZ 29 -> +5", POW 29 -> +4
        (15, 28, 28, 15 + 4 + 3),
        (20, 33, 33, 20 + 6 + 5),
        (12, 16, 16, 13),
        (12, 17, 17, 15),
    ],
)
def test_rqg_hit_points_examples(con: int, siz: int, power: int, hp: int) -> None:
    assert hit_points(chars(CON=con, SIZ=siz, POW=power)) == hp
    assert derive(chars(CON=con, SIZ=siz, POW=power)).hit_points == hp


@pytest.mark.parametrize(
    ("con", "siz", "hp"),
    [(10, 10, 10), (11, 12, 12), (13, 14, 14), (1, 1, 1), (1, 2, 2), (18, 18, 18), (3, 30, 17)],
)
def test_brp_hit_points_are_half_con_plus_siz_rounded_up(con: int, siz: int, hp: int) -> None:
    assert hit_points(chars(CON=con, SIZ=siz, POW=3), RuleSet.BRP) == hp  # POW plays no part
    assert derive(chars(CON=con, SIZ=siz), RuleSet.BRP).hit_points == hp


def test_location_hit_points() -> None:
    for total in range(1, 61):
        band = next((i for i, (lo, hi) in enumerate(HP_BANDS) if lo <= total <= hi), None)
        extra = 0 if band is not None else -(-(total - 21) // 3)
        index = band if band is not None else len(HP_BANDS) - 1
        expected = {loc: row[index] + extra for loc, row in LOCATION_ROWS.items()}
        assert location_hit_points(total) == expected, total


@pytest.mark.parametrize(
    ("total", "leg", "abdomen", "chest", "arm", "head"),
    [
        (22, 8, 8, 9, 7, 8),  # "HP 22 -> legs 8"
        (13, 5, 5, 6, 4, 5),
        (6, 2, 2, 3, 1, 2),
        (7, 3, 3, 4, 2, 3),
        (24, 8, 8, 9, 7, 8),
        (25, 9, 9, 10, 8, 9),
    ],
)
def test_location_hit_points_examples(
    total: int, leg: int, abdomen: int, chest: int, arm: int, head: int
) -> None:
    hp = location_hit_points(total)
    assert hp[Location.LEFT_LEG] == hp[Location.RIGHT_LEG] == leg
    assert hp[Location.ABDOMEN] == abdomen
    assert hp[Location.CHEST] == chest
    assert hp[Location.LEFT_ARM] == hp[Location.RIGHT_ARM] == arm
    assert hp[Location.HEAD] == head


# --- healing, damage bonus, strike ranks -------------------------------------------------------


def test_healing_rate() -> None:
    for con in range(1, 61):
        assert healing_rate(con) == from_bands(con, HEALING, 6, 1), con


@pytest.mark.parametrize(
    ("con", "rate"), [(6, 1), (7, 2), (12, 2), (13, 3), (18, 3), (19, 4), (24, 4), (25, 5)]
)
def test_healing_rate_band_edges(con: int, rate: int) -> None:
    assert healing_rate(con) == rate


def _rqg_bonus(total: int) -> str:
    """The printed band's dice ("---" is none: "0"); past 41-56, +1D6 per further 16."""
    for low, high, printed in seed.DAMAGE_BONUS_BANDS:
        if low <= total <= high:
            return "0" if printed == "---" else printed
    return f"+{from_bands(total, [(41, 56, 2)], 16, 1)}D6"


def _brp_bonus(total: int) -> str:
    if total <= 12:
        return "-1D6"
    if total <= 16:
        return "-1D4"
    return "0" if total <= 24 else _rqg_bonus(total)


def test_damage_bonus() -> None:
    for total in range(2, 121):
        assert damage_bonus(total) == _rqg_bonus(total), total
        assert damage_bonus(total, RuleSet.RQG) == _rqg_bonus(total), total
        assert damage_bonus(total, RuleSet.BRP) == _brp_bonus(total), total
        parse_dice(damage_bonus(total))  # the bonus is a dice expression a weapon can add


@pytest.mark.parametrize(
    ("total", "rqg", "brp"),
    [
        (12, "-1D4", "-1D6"),
        (13, "0", "-1D4"),
        (16, "0", "-1D4"),
        (17, "0", "0"),
        (24, "0", "0"),
        (25, "+1D4", "+1D4"),
        (32, "+1D4", "+1D4"),
        (33, "+1D6", "+1D6"),
        (40, "+1D6", "+1D6"),
        (41, "+2D6", "+2D6"),
        (56, "+2D6", "+2D6"),
        (57, "+3D6", "+3D6"),  # "STR+SIZ 57 -> +3D6"
        (72, "+3D6", "+3D6"),
        (73, "+4D6", "+4D6"),
    ],
)
def test_damage_bonus_band_edges(total: int, rqg: str, brp: str) -> None:
    assert damage_bonus(total) == rqg
    assert damage_bonus(total, RuleSet.BRP) == brp


def test_strike_ranks() -> None:
    for value in range(1, 41):
        dex_sr = from_bands(value, DEX_SR, 1, 0)  # the last band, "19+", is open-ended
        siz_sr = from_bands(value, SIZ_SR, 1, 0)
        assert (dex_strike_rank(value), siz_strike_rank(value)) == (dex_sr, siz_sr), value


@pytest.mark.parametrize(
    ("dex", "siz", "weapon", "melee", "missile"),
    [
        (14, 13, 2, 2 + 2 + 2, 2 + 2),
        (5, 6, 3, 5 + 3 + 3, 5 + 3),
        (19, 22, 1, 0 + 0 + 1, 0 + 1),
        (10, 15, 0, 3 + 1 + 0, 3 + 0),
    ],
)
def test_melee_and_missile_sr(dex: int, siz: int, weapon: int, melee: int, missile: int) -> None:
    assert melee_sr(dex, siz, weapon) == melee
    assert missile_sr(dex, weapon) == missile


# --- the whole sheet ---------------------------------------------------------------------------


def test_derive_rqg() -> None:
    sheet = derive(chars(STR=14, CON=11, SIZ=13, DEX=14, POW=12))
    assert sheet.hit_points == 12
    assert sheet.locations == location_hit_points(12)
    assert sheet.locations[Location.CHEST] == 5
    assert sheet.healing_rate == 2
    assert sheet.damage_bonus == "+1D4"  # 27
    assert (sheet.dex_sr, sheet.siz_sr) == (2, 2)
    assert sheet.magic_points == 12  # = POW
    assert sheet.rune_points == 3
    assert (sheet.movement_walk, sheet.movement_run) == (8, 24)


def test_derive_brp() -> None:
    sheet = derive(chars(STR=8, CON=11, SIZ=8, POW=15, APP=12), RuleSet.BRP)
    assert sheet.hit_points == 10
    assert sheet.damage_bonus == "-1D4"  # 16
    assert sheet.magic_points == 15
    assert sheet.rune_points is None


@pytest.mark.parametrize("bad", [0, -1])
def test_characteristics_are_whole_numbers_from_1(bad: int) -> None:
    with pytest.raises(ValueError, match="STR must be a whole number >= 1"):
        chars(STR=bad)


def test_characteristics_reject_booleans_and_allow_creatures_over_21() -> None:
    with pytest.raises(ValueError):
        chars(POW=True)
    assert chars(STR=40, SIZ=40).SIZ == 40
    assert chars().APP is None


def test_cha_and_app_default_to_none() -> None:
    # CHA is RQG's and APP is BRP's (docs/rules.md#brp-campaigns): a sheet typed without one
    # simply has none, rather than an invented average
    plain = Characteristics(STR=10, CON=10, SIZ=10, DEX=10, INT=10, POW=10)
    assert (plain.CHA, plain.APP) == (None, None)


@pytest.mark.parametrize("bad", [0, -3, True, 12.5, "12"])
def test_app_is_checked_like_every_other_characteristic(bad: object) -> None:
    with pytest.raises(ValueError, match="APP must be a whole number >= 1"):
        chars(APP=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("good", [1, 12, 30])
def test_app_from_1_is_kept(good: int) -> None:
    kept = chars(APP=good).APP
    assert kept == good


# --- hit locations: D20 --------------------------------------------------------------------------

D20 = {
    **dict.fromkeys(range(1, 5), Location.RIGHT_LEG),
    **dict.fromkeys(range(5, 9), Location.LEFT_LEG),
    **dict.fromkeys(range(9, 12), Location.ABDOMEN),
    12: Location.CHEST,
    **dict.fromkeys(range(13, 16), Location.RIGHT_ARM),
    **dict.fromkeys(range(16, 19), Location.LEFT_ARM),
    **dict.fromkeys(range(19, 21), Location.HEAD),
}


@pytest.mark.parametrize("roll", range(1, 21))
def test_hit_location_d20(roll: int) -> None:
    assert location_from_d20(roll) == D20[roll]


@pytest.mark.parametrize("roll", [0, 21, -1, 100])
def test_hit_location_outside_d20(roll: int) -> None:
    with pytest.raises(ValueError, match="1 to 20"):
        location_from_d20(roll)
