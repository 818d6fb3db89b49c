"""Levels of success against the seed's "Table de Résultat des Aptitudes", every row, every roll.

docs/rules.md#levels: RQG reads the table as printed; BRP reads it without the critical column
(special is its best level). Expectations come from the printed cells (seed_tables), never from
gmdash.
"""

from __future__ import annotations

from collections import Counter

import pytest

from gmdash.rules import Level, RuleSet, Thresholds, level_odds, level_of, thresholds
from gmdash.rules.levels import levels_by_roll

from .seed_tables import (
    ABILITY_HEADER,
    ABILITY_HIGHER,
    ABILITY_RESULTS,
    HIGHER_ROW_LIMIT,
    PA,
    PRINTED_ROWS,
    RQG_SEED,
    SEED_MISSING,
    LevelRow,
    chance_range,
    level_rows,
    parse_ability_results,
    read_row,
    row_chances,
    row_levels,
    seed_text,
)

ROWS = level_rows()
ROLLS = range(1, 101)


def _row_id(row: tuple[str, ...]) -> str:
    return f"row {row[0]}"


# --- the transcription itself -----------------------------------------------------------------


@pytest.mark.skipif(not RQG_SEED.exists(), reason=SEED_MISSING)
def test_seed_table_parses_to_the_transcription() -> None:
    header, rows, higher = parse_ability_results(seed_text())
    assert header == ABILITY_HEADER
    assert rows == list(ABILITY_RESULTS)
    assert higher == ABILITY_HIGHER


def test_printed_rows_cover_every_chance_from_1_to_122_once() -> None:
    covered = [c for row in ABILITY_RESULTS for c in chance_range(row[0])]
    assert covered == list(range(1, 123))
    assert len(ABILITY_RESULTS) == 35


def test_every_printed_failure_range_starts_right_after_success() -> None:
    for row in ROWS:
        assert row.failure == row.success + 1, row
        assert row.critical <= row.special <= row.success < row.fumble <= 100, row


# --- thresholds and level_of, row for row, every chance, every roll ---------------------------
# One test per printed row (35 rows and "(higher)"); inside, every chance of the row's range.


@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=_row_id)
def test_thresholds_match_the_printed_row(printed: tuple[str, ...]) -> None:
    for row in row_levels(printed):
        rqg = Thresholds(row.critical, row.special, row.success, row.fumble)
        assert thresholds(row.chance) == rqg, row
        assert thresholds(row.chance, RuleSet.RQG) == rqg, row
        brp = Thresholds(None, row.special, row.success, row.fumble)
        assert thresholds(row.chance, RuleSet.BRP) == brp, row


@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=_row_id)
def test_rqg_level_of_every_roll_matches_the_printed_row(printed: tuple[str, ...]) -> None:
    for row in row_levels(printed):
        got = [level_of(row.chance, roll, RuleSet.RQG) for roll in ROLLS]
        assert got == [Level(row.level(roll)) for roll in ROLLS], row
        assert [level_of(row.chance, roll) for roll in ROLLS] == got, row  # RQG is the default


@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=_row_id)
def test_brp_level_of_every_roll_is_the_row_without_critical(printed: tuple[str, ...]) -> None:
    for row in row_levels(printed):
        got = [level_of(row.chance, roll, RuleSet.BRP) for roll in ROLLS]
        assert got == [Level(row.level(roll, with_critical=False)) for roll in ROLLS], row
        assert Level.CRITICAL not in got


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize("printed", PRINTED_ROWS, ids=_row_id)
def test_level_odds_count_the_printed_ranges(printed: tuple[str, ...], ruleset: RuleSet) -> None:
    with_critical = ruleset is RuleSet.RQG
    for row in row_levels(printed):
        counted = Counter(row.level(roll, with_critical=with_critical) for roll in ROLLS)
        expected = {level: counted[level.value] for level in Level}
        assert level_odds(row.chance, ruleset) == expected, row


def test_every_chance_from_1_to_the_limit_is_checked() -> None:
    assert [c for row in PRINTED_ROWS for c in row_chances(row)] == list(
        range(1, HIGHER_ROW_LIMIT + 1)
    )


# --- the (higher) row: 5% / 20% of the ability, rounded half up -------------------------------


@pytest.mark.parametrize(
    ("chance", "critical", "special"),
    [
        (123, 6, 25),  # 6.15 -> 6, 24.6 -> 25
        (125, 6, 25),  # 6.25 -> 6
        (130, 7, 26),  # 6.5 -> 7 (half up)
        (135, 7, 27),  # the seed: "Épée Large à 135%": special 1-27, critical 01-07
        (150, 8, 30),  # 7.5 -> 8
        (200, 10, 40),
        (250, 13, 50),  # 12.5 -> 13
        (300, 15, 60),
    ],
)
def test_higher_row_examples(chance: int, critical: int, special: int) -> None:
    assert read_row(ABILITY_HIGHER, chance) == LevelRow(chance, critical, special, 95, 96, 100)
    assert thresholds(chance) == Thresholds(critical, special, 95, 100)
    assert level_of(chance, critical) is Level.CRITICAL
    assert level_of(chance, critical + 1) is Level.SPECIAL
    assert level_of(chance, special + 1) is Level.SUCCESS
    assert level_of(chance, 95) is Level.SUCCESS
    assert level_of(chance, 96) is Level.FAILURE  # 96-99 fail even over 100%
    assert level_of(chance, 99) is Level.FAILURE
    assert level_of(chance, 100) is Level.FUMBLE


def test_higher_row_covers_123_to_the_limit() -> None:
    assert row_chances(ABILITY_HIGHER) == range(123, HIGHER_ROW_LIMIT + 1)
    assert [row.chance for row in ROWS] == list(range(1, HIGHER_ROW_LIMIT + 1))


# --- spot checks quoted in docs/rules.md#levels-rqg ---------------------------------------------


@pytest.mark.parametrize(
    ("chance", "critical", "special", "success", "fumble"),
    [
        (30, 2, 6, 30, 97),  # crit 1-2, special 1-6, fumble 97-00
        (31, 2, 6, 31, 98),  # fumble 98-00
        (70, 4, 14, 70, 99),  # crit 1-4, special 1-14, fumble 99-00
        (71, 4, 14, 71, 100),  # fumble 00
        (96, 5, 19, 95, 100),  # success 1-95, failure 96-00, fumble 00
        (110, 6, 22, 95, 100),  # crit 1-6, special 1-22
        (135, 7, 27, 95, 100),  # special 1-27, critical 1-7
        (5, 1, 1, 5, 96),
        (1, 1, 1, 5, 96),  # 01-05 always succeeds
        (11, 1, 2, 11, 97),  # BRP: "C=11: special 01-02"
        (60, 3, 12, 60, 99),  # BRP seed: 1/5 of 60 is 12
    ],
)
def test_rules_md_spot_checks(
    chance: int, critical: int, special: int, success: int, fumble: int
) -> None:
    assert thresholds(chance) == Thresholds(critical, special, success, fumble)
    assert thresholds(chance, RuleSet.BRP) == Thresholds(None, special, success, fumble)
    assert level_of(chance, critical) is Level.CRITICAL
    assert level_of(chance, success) is Level.SUCCESS
    assert level_of(chance, success + 1) is Level.FAILURE
    assert level_of(chance, fumble - 1) is Level.FAILURE
    assert level_of(chance, fumble) is Level.FUMBLE


def test_c30_every_roll_by_hand() -> None:
    expected = [Level.CRITICAL] * 2 + [Level.SPECIAL] * 4 + [Level.SUCCESS] * 24
    expected += [Level.FAILURE] * 66 + [Level.FUMBLE] * 4
    assert [level_of(30, roll) for roll in ROLLS] == expected


def test_c96_succeeds_on_1_to_95_only() -> None:
    assert [level_of(96, roll).is_success for roll in ROLLS] == [True] * 95 + [False] * 5
    assert [level_of(96, roll) for roll in range(96, 101)] == [Level.FAILURE] * 4 + [Level.FUMBLE]


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize("chance", [0, -1, -5, -25, -100])
def test_zero_or_less_cannot_succeed(chance: int, ruleset: RuleSet) -> None:
    assert not any(level_of(chance, roll, ruleset).is_success for roll in ROLLS)
    assert thresholds(chance, ruleset).success == 0
    assert thresholds(chance, ruleset).special == 0
    assert level_of(chance, 100, ruleset) is Level.FUMBLE


def test_01_is_the_best_level_and_00_always_fumbles() -> None:
    for chance in range(1, HIGHER_ROW_LIMIT + 1):
        assert level_of(chance, 1, RuleSet.RQG) is Level.CRITICAL, chance
        assert level_of(chance, 1, RuleSet.BRP) is Level.SPECIAL, chance
        assert level_of(chance, 100, RuleSet.RQG) is Level.FUMBLE, chance
        assert level_of(chance, 100, RuleSet.BRP) is Level.FUMBLE, chance
        assert all(level_of(chance, roll).is_success for roll in range(1, 6)), chance
        assert not any(level_of(chance, roll).is_success for roll in range(96, 101)), chance


@pytest.mark.parametrize("roll", [0, -1, 101, 1000])
def test_a_d100_roll_is_1_to_100(roll: int) -> None:
    with pytest.raises(ValueError, match="1 to 100"):
        level_of(50, roll)


def test_par_aptitude_means_the_chance_itself() -> None:
    row = next(row for row in ABILITY_RESULTS if row[0] == "53–57")
    assert row[3] == PA
    assert [read_row(row, c).success for c in chance_range(row[0])] == [53, 54, 55, 56, 57]


# --- far over 100%: the ranges grow, but 96-00 still fails (docs/rules.md#over-100) ------


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize("chance", [477, 478, 497, 498, 500, 1000, 1909, 1910, 5000])
def test_96_to_00_fail_however_high_the_chance(chance: int, ruleset: RuleSet) -> None:
    # Regression: from C=478 the 1/5 special range ((2C + 5) // 10 >= 96) swallowed 96-99, and
    # from C=498 also 00; from C=1910 the critical range did the same under RQG.
    assert [level_of(chance, roll, ruleset) for roll in range(96, 100)] == [Level.FAILURE] * 4
    assert level_of(chance, 100, ruleset) is Level.FUMBLE
    assert level_of(chance, 95, ruleset).is_success
    limits = thresholds(chance, ruleset)
    assert limits.special <= 95
    assert limits.critical is None or limits.critical <= 95


@pytest.mark.parametrize("chance", [0, -1, -30])
def test_thresholds_of_a_chance_of_0_or_less(chance: int) -> None:
    # no level of success at all: RQG's critical range is empty (0), BRP has no critical level
    assert thresholds(chance, RuleSet.RQG) == Thresholds(0, 0, 0, 96)
    assert thresholds(chance, RuleSet.BRP) == Thresholds(None, 0, 0, 96)


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize("chance", [-5, 0, 1, 30, 70, 96, 135])
def test_levels_by_roll_lists_the_100_faces_in_order(chance: int, ruleset: RuleSet) -> None:
    assert levels_by_roll(chance, ruleset) == tuple(
        level_of(chance, roll, ruleset) for roll in ROLLS
    )


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize("chance", [0, -1, -40])
def test_a_chance_of_0_or_less_still_fumbles_on_96_to_00(chance: int, ruleset: RuleSet) -> None:
    # the top 5% of a certain failure: 96-00, as on the printed 01-05 row
    assert [level_of(chance, roll, ruleset) for roll in range(94, 101)] == [Level.FAILURE] * 2 + [
        Level.FUMBLE
    ] * 5
    assert level_odds(chance, ruleset) == dict.fromkeys(Level, 0) | {
        Level.FAILURE: 95,
        Level.FUMBLE: 5,
    }


@pytest.mark.parametrize("ruleset", list(RuleSet))
@pytest.mark.parametrize(("chance", "roll"), [(50, 30.0), (50.0, 30), (50, 96.0), (40, 1.0)])
def test_a_number_not_whole_reads_as_its_value(
    ruleset: RuleSet, chance: float, roll: float
) -> None:
    # only whole-number chances and rolls are cached (levels.py): any other number reads as the
    # whole number of the same value
    assert level_of(chance, roll, ruleset) is level_of(int(chance), int(roll), ruleset)  # type: ignore[arg-type]
