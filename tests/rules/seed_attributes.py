"""The seed's attribute tables ("Les Attributs"), transcribed cell by cell and read as bands.

Seed: `runequest-systeme-de-jeu.fr.txt`, section « Les Attributs »: « Modificateurs de points
de vie », « Table des Points de Vie par Localisation », « Vitesse de Guérison », « Bonus aux
dégâts », « Rang d'action de DEX », « Rang d'Action de TAI » (docs/rules.md#rqg-derived). The
text lost its cell separators ("5-8-1---"); `parse_table` cuts each printed line into the known
column shapes and insists on exactly one way, as `seed_tables` does for the two big tables. The
tests run on the transcription; when the seed is present, a test checks the two agree.

Nothing here calls gmdash: the expectations come from the printed cells only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .seed_tables import only_split

Row = tuple[str, ...]
Band = tuple[int, int, int]  # (low, high, value)
OPEN_END = 10**6  # the top of an open band such as "19+"

# Each table: the printed header line, then its rows as printed (dashes and words as in the seed).

HP_MODIFIERS_HEADER = "CaractéristiqueTAIPOU"
HP_MODIFIERS: tuple[Row, ...] = (
    ("1-4", "-2", "-1"),
    ("5-8", "-1", "---"),
    ("9-12", "---", "---"),
    ("13-16", "+1", "---"),
    ("17-20", "+2", "+1"),
    ("21-24", "+3", "+2"),
    ("25-28", "+4", "+3"),
    ("Tous les +4", "+1", "+1"),
)

LOCATIONS_HEADER: Row = ("Localisation", "1-6", "7-9", "10-12", "13-15", "16-18", "19-21",
                         "Tous les +3")  # fmt: skip
LOCATIONS: tuple[Row, ...] = (
    ("Chaque Jambe", "2", "3", "4", "5", "6", "7", "+1"),
    ("Abdomen", "2", "3", "4", "5", "6", "7", "+1"),
    ("Poitrine", "3", "4", "5", "6", "7", "8", "+1"),
    ("Chaque Bras", "1", "2", "3", "4", "5", "6", "+1"),
    ("Tête", "2", "3", "4", "5", "6", "7", "+1"),
)

HEALING_HEADER = "CONVitesse de Guérison"
HEALING: tuple[Row, ...] = (
    ("6 ou moins", "1"),
    ("7-12", "2"),
    ("13-18", "3"),
    ("Tous les 6 points", "+1 supplémentaire"),
)

DAMAGE_BONUS_HEADER = "FOR+TAIBonus aux Dégâts"
DAMAGE_BONUS: tuple[Row, ...] = (
    ("12 ou moins", "-1D4"),
    ("13-24", "---"),
    ("25-32", "+1D4"),
    ("33-40", "+1D6"),
    ("41-56", "+2D6"),
    ("Tous les 16 points", "+1D6 supplémentaire"),
)

# The seed heads both strike-rank tables "Bonus aux Dégâts" (a slip of its wiki): the column is
# the strike rank, as the section's title « Rang d'action de DEX » says.
DEX_SR_HEADER = "DEXBonus aux Dégâts"
DEX_SR: tuple[Row, ...] = (
    ("1-5", "5"),
    ("6-8", "4"),
    ("9-12", "3"),
    ("13-15", "2"),
    ("16-18", "1"),
    ("19+", "0"),
)
SIZ_SR_HEADER = "TAIBonus aux Dégâts"
SIZ_SR: tuple[Row, ...] = (
    ("1-6", "3"),
    ("7-14", "2"),
    ("15-21", "1"),
    ("22+", "0"),
)

# ---------------------------------------------------------------------------------------------
# Parsing the seed text
# ---------------------------------------------------------------------------------------------

_RANGE = re.compile(r"[1-9]\d?-[1-9]\d?")  # no band starts at 0
_MODIFIER = re.compile(r"[+-]\d|---")
_DIGIT = re.compile(r"\d")
_COLUMNS: dict[str, tuple[re.Pattern[str], ...]] = {
    HP_MODIFIERS_HEADER: (re.compile(rf"{_RANGE.pattern}|Tous les \+4"), _MODIFIER, _MODIFIER),
    HEALING_HEADER: (
        re.compile(rf"{_RANGE.pattern}|6 ou moins|Tous les 6 points"),
        re.compile(r"\d|\+1 supplémentaire"),
    ),
    DAMAGE_BONUS_HEADER: (
        re.compile(rf"{_RANGE.pattern}|12 ou moins|Tous les 16 points"),
        re.compile(r"[+-]\dD[46]|---|\+1D6 supplémentaire"),
    ),
    DEX_SR_HEADER: (re.compile(rf"{_RANGE.pattern}|\d\d\+"), _DIGIT),
    SIZ_SR_HEADER: (re.compile(rf"{_RANGE.pattern}|\d\d\+"), _DIGIT),
}
_LOCATION_HEADER_COLUMNS = (re.compile("Localisation"), *[_RANGE] * 6, re.compile(r"Tous les \+3"))
_LOCATION_COLUMNS = (re.compile(r"[^\d+]+"), *[_DIGIT] * 6, re.compile(r"\+1"))


def _rows_after(lines: list[str], header: str) -> list[str]:
    """The non-blank lines right after the table's header line, up to the next blank line."""
    start = lines.index(header) + 1
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[start:end]


def parse_table(text: str, header: str) -> list[Row]:
    """One of the two-or-three-column tables above, cut into its printed cells."""
    return [only_split(row, _COLUMNS[header]) for row in _rows_after(text.splitlines(), header)]


def parse_locations(text: str) -> tuple[Row, list[Row]]:
    """The hit points per location table: (header cells, rows of cells)."""
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("Localisation1-6"))
    cells = only_split(header, _LOCATION_HEADER_COLUMNS)
    return cells, [only_split(row, _LOCATION_COLUMNS) for row in _rows_after(lines, header)]


# ---------------------------------------------------------------------------------------------
# Reading the printed cells as numbers
# ---------------------------------------------------------------------------------------------


def _number(cell: str) -> int:
    """A printed modifier: "---" is none (0), "+2" is 2, "-1" is -1."""
    return 0 if cell == "---" else int(cell)


def _span(cell: str) -> tuple[int, int]:
    """A printed band: "13-16", "6 ou moins" / "12 ou moins" (from 1), "19+" (open-ended)."""
    if cell.endswith(" ou moins"):
        return 1, int(cell.removesuffix(" ou moins"))
    if cell.endswith("+"):
        return int(cell.removesuffix("+")), OPEN_END
    low, high = cell.split("-")
    return int(low), int(high)


def bands(rows: Sequence[Row], column: int) -> list[Band]:
    """The numbered rows of a table as (low, high, value) for one value column ("Tous les"
    rows, which continue the table, are left to `each_further`)."""
    return [
        (*_span(row[0]), _number(row[column])) for row in rows if not row[0].startswith("Tous les")
    ]


def each_further(rows: Sequence[Row]) -> tuple[int, str]:
    """A "Tous les N (points)" row: (N, its first value cell as printed)."""
    last = rows[-1]
    assert last[0].startswith("Tous les"), last
    step = int(re.sub(r"\D", "", last[0]))
    return step, last[1]


SIZ_MOD = bands(HP_MODIFIERS, 1)
POW_MOD = bands(HP_MODIFIERS, 2)
HP_BANDS = [_span(cell) for cell in LOCATIONS_HEADER[1:-1]]
LOCATION_ROWS = {row[0]: [int(cell) for cell in row[1:-1]] for row in LOCATIONS}
HEALING_BANDS = bands(HEALING, 1)
DEX_SR_BANDS = bands(DEX_SR, 1)
SIZ_SR_BANDS = bands(SIZ_SR, 1)
DAMAGE_BONUS_BANDS = [(*_span(row[0]), row[1]) for row in DAMAGE_BONUS[:-1]]
