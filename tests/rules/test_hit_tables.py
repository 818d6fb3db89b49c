"""Hit-location tables as data (docs/rules.md#hit-location-tables): every row of every built-in
table against the published tables, the D20 covering each table once, HP per location, wounds
on non-humanoid bodies, and tables built from data refused when they do not cover the D20."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmdash.rules import (
    HUMANOID,
    TABLES,
    Effect,
    HitTable,
    LocationKind,
    apply_wound,
    hit_table,
    location_hit_points,
    standing_conditions,
)

# Transcribed from the published tables cited in docs/rules.md#hit-location-tables:
# (table, key, first D20, last D20, HP delta, kind, hangs from).
ROWS = [
    ("humanoid", "right_leg", 1, 4, 0, "limb", "abdomen"),
    ("humanoid", "left_leg", 5, 8, 0, "limb", "abdomen"),
    ("humanoid", "abdomen", 9, 11, 0, "abdomen", ""),
    ("humanoid", "chest", 12, 12, 1, "chest", ""),
    ("humanoid", "right_arm", 13, 15, -1, "limb", "chest"),
    ("humanoid", "left_arm", 16, 18, -1, "limb", "chest"),
    ("humanoid", "head", 19, 20, 0, "head", ""),
    ("quadruped", "right_hind_leg", 1, 2, 0, "limb", "hindquarters"),
    ("quadruped", "left_hind_leg", 3, 4, 0, "limb", "hindquarters"),
    ("quadruped", "hindquarters", 5, 7, 1, "abdomen", ""),
    ("quadruped", "forequarters", 8, 10, 1, "chest", ""),
    ("quadruped", "right_foreleg", 11, 13, 0, "limb", "forequarters"),
    ("quadruped", "left_foreleg", 14, 16, 0, "limb", "forequarters"),
    ("quadruped", "head", 17, 20, 0, "head", ""),
    ("winged_humanoid", "right_leg", 1, 3, 0, "limb", "abdomen"),
    ("winged_humanoid", "left_leg", 4, 6, 0, "limb", "abdomen"),
    ("winged_humanoid", "abdomen", 7, 9, 0, "abdomen", ""),
    ("winged_humanoid", "chest", 10, 10, 1, "chest", ""),
    ("winged_humanoid", "right_wing", 11, 12, -1, "limb", "chest"),
    ("winged_humanoid", "left_wing", 13, 14, -1, "limb", "chest"),
    ("winged_humanoid", "right_arm", 15, 16, -1, "limb", "chest"),
    ("winged_humanoid", "left_arm", 17, 18, -1, "limb", "chest"),
    ("winged_humanoid", "head", 19, 20, 0, "head", ""),
    ("winged_quadruped", "right_hind_leg", 1, 3, 0, "limb", "hindquarters"),
    ("winged_quadruped", "left_hind_leg", 4, 6, 0, "limb", "hindquarters"),
    ("winged_quadruped", "hindquarters", 7, 9, 1, "abdomen", ""),
    ("winged_quadruped", "forequarters", 10, 10, 1, "chest", ""),
    ("winged_quadruped", "right_wing", 11, 12, -1, "limb", "forequarters"),
    ("winged_quadruped", "left_wing", 13, 14, -1, "limb", "forequarters"),
    ("winged_quadruped", "right_foreleg", 15, 16, 0, "limb", "forequarters"),
    ("winged_quadruped", "left_foreleg", 17, 18, 0, "limb", "forequarters"),
    ("winged_quadruped", "head", 19, 20, 0, "head", ""),
    ("flying_bird", "tail", 1, 1, -2, "limb", "abdomen"),
    ("flying_bird", "right_leg", 2, 4, -1, "limb", "abdomen"),
    ("flying_bird", "left_leg", 5, 7, -1, "limb", "abdomen"),
    ("flying_bird", "abdomen", 8, 9, 0, "abdomen", ""),
    ("flying_bird", "chest", 10, 12, 1, "chest", ""),
    ("flying_bird", "right_wing", 13, 14, 0, "limb", "chest"),
    ("flying_bird", "left_wing", 15, 16, 0, "limb", "chest"),
    ("flying_bird", "head", 17, 20, 0, "head", ""),
]


def test_the_rows_are_every_table() -> None:
    assert sorted({row[0] for row in ROWS}) == sorted(TABLES)
    for name, table in TABLES.items():
        assert table.keys == tuple(row[1] for row in ROWS if row[0] == name)


@pytest.mark.parametrize(("name", "key", "low", "high", "delta", "kind", "hangs"), ROWS)
def test_row(name: str, key: str, low: int, high: int, delta: int, kind: str, hangs: str) -> None:
    table = hit_table(name)
    spec = table.spec(key)
    assert (spec.low, spec.high, spec.hp_delta, str(spec.kind), spec.connected_to) == (
        low, high, delta, kind, hangs,
    )  # fmt: skip
    for roll in range(low, high + 1):
        assert table.from_d20(roll) == key
    # base HP is ceil(HP / 3), at least 2 (a 22-HP body: 8), plus the row's delta
    assert table.hit_points(22)[key] == 8 + delta
    assert table.hit_points(4)[key] == max(1, 2 + delta)


@given(st.sampled_from(sorted(TABLES)), st.integers(1, 20))
def test_every_d20_roll_hits_exactly_one_location(name: str, roll: int) -> None:
    table = TABLES[name]
    hits = [spec.key for spec in table.locations if spec.low <= roll <= spec.high]
    assert len(hits) == 1
    assert table.from_d20(roll) == hits[0]


@given(st.sampled_from(sorted(TABLES)), st.integers(-50, 200))
def test_location_hp_is_positive_and_grows_with_total_hp(name: str, total: int) -> None:
    table = TABLES[name]
    now, more = table.hit_points(total), table.hit_points(total + 3)
    assert set(now) == set(table.keys)
    assert all(hp >= 1 for hp in now.values())
    assert all(more[key] >= now[key] for key in now)


@pytest.mark.parametrize("roll", [0, 21, -3])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_roll_off_the_d20_is_refused(name: str, roll: int) -> None:
    with pytest.raises(ValueError, match="1 to 20"):
        TABLES[name].from_d20(roll)


def test_humanoid_default_keeps_the_seed_table() -> None:
    # RQG seed, « Table des Points de Vie par Localisation », total HP 13-15
    assert location_hit_points(14) == {
        "right_leg": 5, "left_leg": 5, "abdomen": 5, "chest": 6, "right_arm": 4,
        "left_arm": 4, "head": 5,
    }  # fmt: skip
    assert location_hit_points(14, HUMANOID) == HUMANOID.hit_points(14)


def test_unknown_table_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="quadruped"):
        hit_table("octopus")


# --- wounds on other bodies ----------------------------------------------------------------


def test_a_major_hindquarters_wound_disables_the_hind_legs_only() -> None:
    table = hit_table("quadruped")
    hp = table.hit_points(18)["hindquarters"]  # 6 + 1
    result = apply_wound("hindquarters", hp, location_hp=hp, location_max=hp, total_hp=18,
                         table=table)  # fmt: skip
    assert Effect.USELESS in result.effects and Effect.FALLS in result.effects
    assert result.useless == ("right_hind_leg", "left_hind_leg")


@pytest.mark.parametrize(
    ("name", "key", "effect"),
    [("quadruped", "forequarters", Effect.SHOCK), ("quadruped", "head", Effect.UNCONSCIOUS),
     ("flying_bird", "chest", Effect.SHOCK), ("winged_humanoid", "head", Effect.UNCONSCIOUS)],
)  # fmt: skip
def test_vital_locations_by_kind(name: str, key: str, effect: Effect) -> None:
    table = hit_table(name)
    hp = table.hit_points(15)[key]
    result = apply_wound(key, hp, location_hp=hp, location_max=hp, total_hp=15, table=table)
    assert effect in result.effects
    locations = table.hit_points(15) | {key: 0}
    assert effect in standing_conditions(total_hp=10, magic_points=5, location_hp=locations,
                                         table=table)  # fmt: skip


@pytest.mark.parametrize("key", ["right_wing", "left_foreleg", "right_hind_leg"])
def test_a_winged_quadrupeds_limbs_are_limbs(key: str) -> None:
    table = hit_table("winged_quadruped")
    assert table.spec(key).kind is LocationKind.LIMB
    hp = table.hit_points(15)[key]
    result = apply_wound(key, 3 * hp, location_hp=hp, location_max=hp, total_hp=15, table=table)
    assert result.useless == (key,)
    assert Effect.SEVERED in result.effects
    assert result.total_loss == 2 * hp  # a limb passes on at most twice its HP


def test_a_location_the_table_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no location"):
        apply_wound("left_arm", 3, location_hp=4, location_max=4, total_hp=12,
                    table=hit_table("quadruped"))  # fmt: skip


# --- tables from data ----------------------------------------------------------------------


def test_a_table_round_trips_through_rows() -> None:
    for table in TABLES.values():
        raw = table.to_dict()
        assert HitTable.from_rows(table.name, table.title, raw["locations"]) == table  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"key": "body", "low": 1, "high": 19, "kind": "chest"}], "end at 19"),
        ([{"key": "body", "low": 2, "high": 20, "kind": "chest"}], "D20 1"),
        ([{"key": "a", "low": 1, "high": 10, "kind": "chest"},
          {"key": "b", "low": 10, "high": 20, "kind": "head"}], "D20 11"),
        ([{"key": "a", "low": 1, "high": 10, "kind": "chest"},
          {"key": "a", "low": 11, "high": 20, "kind": "head"}], "twice"),
        ([{"key": "Bad Key", "low": 1, "high": 20, "kind": "chest"}], "lower-case"),
        ([{"key": "body", "low": 1, "high": 20, "kind": "tentacle"}], "row 1 kind"),
        ([{"key": "body", "low": "1", "high": 20}], "whole numbers"),
        ([{"key": "body", "high": 20}], "lacks"),
        ([{"key": "leg", "low": 1, "high": 10, "connected_to": "head"},
          {"key": "arm", "low": 11, "high": 20}], "hang"),
        ([], "no location"),
        ([{"key": 5, "low": 1, "high": 20, "kind": "chest"}], "row 1 needs a location name"),
        ([{"key": "body", "low": 1, "high": 20, "kind": "chest", "connected_to": 7}],
         "row 1 needs a location name"),
        ([{"key": "a", "low": 1, "high": 10, "kind": "chest"},
          {"key": "b", "low": 11, "high": 20.0, "kind": "head"}], "row 2 needs whole numbers"),
        ([{"key": "a", "low": 1, "high": 10, "kind": "chest"}, {"key": "b"}], "row 2 lacks"),
    ],
)  # fmt: skip
def test_a_bad_table_is_refused(rows: list[dict[str, object]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HitTable.from_rows("custom", "Custom", rows)


def test_a_table_has_its_own_locations_only() -> None:
    # docs/rules.md#hit-location-tables: the humanoid table's seven locations, no tail
    assert all(HUMANOID.has(key) for key in HUMANOID.keys)
    assert not HUMANOID.has("tail") and not HUMANOID.has("hindquarters")


def test_a_range_reads_as_printed() -> None:
    # docs/rules.md#hit-location-tables: chest 12, right leg 01-04, head 19-20
    assert [HUMANOID.spec(key).d20 for key in ("chest", "right_leg", "head")] == [
        "12",
        "01-04",
        "19-20",
    ]


def test_a_row_without_hp_delta_or_kind_is_a_limb_of_the_base_hp() -> None:
    # a row as to_dict writes it, less its defaults: no HP delta (0), kind limb
    table = HitTable.from_rows(
        "custom",
        "Custom",
        [
            {"key": "body", "low": 1, "high": 10, "kind": "chest"},
            {"key": "arm", "low": 11, "high": 20},
        ],
    )
    arm = table.spec("arm")
    assert (arm.hp_delta, arm.kind, arm.connected_to) == (0, LocationKind.LIMB, "")
