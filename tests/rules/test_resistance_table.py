"""The resistance table (docs/rules.md#resistance) against the seed's "La Table de Résistance"."""

from __future__ import annotations

import pytest

from gmdash.rules import (
    Level,
    ScriptedRng,
    level_of,
    resistance_chance,
    resistance_table,
    resolve_resistance,
)

from .seed_tables import (
    RESISTANCE,
    RESISTANCE_AXIS,
    RQG_SEED,
    SEED_MISSING,
    parse_resistance,
    resistance_cells,
    seed_text,
)

CELLS = resistance_cells()


@pytest.mark.skipif(not RQG_SEED.exists(), reason=SEED_MISSING)
def test_seed_table_parses_to_the_transcription() -> None:
    axis, rows = parse_resistance(seed_text())
    assert axis == RESISTANCE_AXIS
    assert [label for label, _ in rows] == list(RESISTANCE_AXIS)
    assert [cells for _, cells in rows] == list(RESISTANCE)


def test_the_printed_table_is_21_by_21() -> None:
    assert len(CELLS) == 441
    assert len(RESISTANCE) == 21
    assert all(len(row) == 21 for row in RESISTANCE)


@pytest.mark.parametrize("passive", range(1, 22), ids=lambda p: f"passive {p:02d}")
def test_every_cell_of_the_printed_table(passive: int) -> None:
    row = [(a, cell) for a, p, cell in CELLS if p == passive]
    assert len(row) == 21
    for active, cell in row:
        chance = resistance_chance(active, passive)
        if cell == "---":
            assert chance <= 0, (active, passive, chance)
        else:
            assert chance == int(cell), (active, passive, chance, cell)


def test_resistance_table_lists_the_printed_cells() -> None:
    table = resistance_table()
    assert len(table) == 441
    printed = {(a, p): cell for a, p, cell in CELLS}
    assert {(a, p) for a, p, _ in table} == set(printed)
    for active, passive, chance in table:
        cell = printed[active, passive]
        assert chance <= 0 if cell == "---" else chance == int(cell)


@pytest.mark.parametrize(
    ("active", "passive", "chance"),
    [
        (13, 15, 40),  # BRP seed: STR 13 lifts a SIZ 15 rock on 40%
        (10, 10, 50),  # equal: 50%
        (22, 1, 155),  # beyond the printed axes: unbounded
        (40, 10, 200),
        (1, 22, -55),
        (10, 30, -50),
        (0, 0, 50),
        (100, 1, 545),
        (-3, 2, 25),
    ],
)
def test_unbounded_outside_the_printed_axes(active: int, passive: int, chance: int) -> None:
    assert resistance_chance(active, passive) == chance


def test_dash_cells_are_zero_or_less_and_150_still_fails_on_96_to_00() -> None:
    assert resistance_chance(1, 11) == 0  # the first "---" of column 01
    assert resistance_chance(1, 21) == -50
    assert level_of(resistance_chance(5, 15), 50) is Level.FAILURE
    assert level_of(resistance_chance(21, 1), 95) is Level.SUCCESS
    assert level_of(resistance_chance(21, 1), 96) is Level.FAILURE
    assert level_of(resistance_chance(21, 1), 100) is Level.FUMBLE


@pytest.mark.parametrize("roll", [1, 5])
def test_a_dash_cell_still_succeeds_on_01_to_05(roll: int) -> None:
    rolled = resolve_resistance(1, 21, ScriptedRng([]), result=roll)
    assert rolled.chance == -50
    assert rolled.level.is_success


@pytest.mark.parametrize("roll", [6, 50, 95])
def test_a_dash_cell_fails_on_06_and_over(roll: int) -> None:
    assert not resolve_resistance(1, 21, ScriptedRng([]), result=roll).level.is_success
