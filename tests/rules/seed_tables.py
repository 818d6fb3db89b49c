"""The seed's two tables, transcribed as printed, parsed from the seed text, and interpreted.

The seed is `runequest-systeme-de-jeu.fr.txt` (RuneQuest: Roleplaying in Glorantha, French wiki).
Its tables lost their cell separators when it was saved as text ("301–21-6Par aptitude..."), so
`parse_*` split each printed line into cells by enumerating every split into the known column
shapes and insisting there is exactly one. The transcription below is the same tables typed cell
by cell, dashes as printed (the seed mixes "–" and "-"), so the tests run without the seed; when
the seed is present, a test asserts the two agree.

Nothing here calls gmdash: the expectations come from the printed cells only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# The seed texts sit in shared/ beside a clone of the repository; GMDASH_SEEDS names another
# folder (a git worktree sits deeper than the clone).
SEED_DIR = Path(os.environ.get("GMDASH_SEEDS") or REPO_ROOT / ".." / "shared" / "seeds")
RQG_SEED = SEED_DIR / "runequest-systeme-de-jeu.fr.txt"
BRP_SEED = SEED_DIR / "brp-chapitre-3-systeme.fr.txt"
SEED_MISSING = (
    f"seed text not found at {RQG_SEED} (shared/ beside the repo clone, or set GMDASH_SEEDS); "
    "the tests read the transcription in tests/rules either way"
)

# The highest chance the tests try for the "(higher)" row of the Ability Results table.
HIGHER_ROW_LIMIT = 300

# ---------------------------------------------------------------------------------------------
# Table de Résultat des Aptitudes, row for row, cell for cell, as printed.
# Columns: Aptitude | Réussite Critique | Réussite Spéciale | Réussite | Échec | Échec Critique
# ---------------------------------------------------------------------------------------------

ABILITY_HEADER = "AptitudeRéussite CritiqueRéussite SpécialeRéussiteÉchecÉchec Critique"

PA = "Par aptitude"

ABILITY_RESULTS: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("01-05", "1", "1", "1–5", "6–00", "96–00"),
    ("06–07", "1", "1", PA, PA, "96–00"),
    ("08–10", "1", "1–2", PA, PA, "96–00"),
    ("11–12", "1", "1–2", PA, PA, "97–00"),
    ("13–17", "1", "1–3", PA, PA, "97–00"),
    ("18–22", "1", "1-4", PA, PA, "97–00"),
    ("23–27", "1", "1-5", PA, PA, "97–00"),
    ("28–29", "1", "1-6", PA, PA, "97–00"),
    ("30", "1–2", "1-6", PA, PA, "97–00"),
    ("31–32", "1–2", "1-6", PA, PA, "98–00"),
    ("33–37", "1–2", "1-7", PA, PA, "98–00"),
    ("38–42", "1–2", "1-8", PA, PA, "98–00"),
    ("43–47", "1–2", "1-9", PA, PA, "98–00"),
    ("48–49", "1–2", "1-10", PA, PA, "98–00"),
    ("50", "1–3", "1-10", PA, PA, "98–00"),
    ("51–52", "1–3", "1-10", PA, PA, "99–00"),
    ("53–57", "1–3", "1-11", PA, PA, "99–00"),
    ("58–62", "1–3", "1-12", PA, PA, "99–00"),
    ("63–67", "1–3", "1-13", PA, PA, "99–00"),
    ("68–69", "1–3", "1-14", PA, PA, "99–00"),
    ("70", "1–4", "1-14", PA, PA, "99–00"),
    ("71–72", "1–4", "1-14", PA, PA, "00"),
    ("73–77", "1–4", "1-15", PA, PA, "00"),
    ("78–82", "1–4", "1-16", PA, PA, "00"),
    ("83–87", "1–4", "1-17", PA, PA, "00"),
    ("88–89", "1–4", "1-18", PA, PA, "00"),
    ("90–92", "1–5", "1-18", PA, PA, "00"),
    ("93–95", "1–5", "1-19", PA, PA, "00"),
    ("96–97", "1–5", "1-19", "1–95", "96–00", "00"),
    ("98–102", "1–5", "1-20", "1–95", "96–00", "00"),
    ("103–107", "1–5", "1-21", "1–95", "96–00", "00"),
    ("108–109", "1–5", "1-22", "1–95", "96–00", "00"),
    ("110–112", "1–6", "1-22", "1–95", "96–00", "00"),
    ("113–117", "1–6", "1-23", "1–95", "96–00", "00"),
    ("118–122", "1–6", "1-24", "1–95", "96–00", "00"),
)
ABILITY_HIGHER = ("(higher)", "5% ability", "20% ability", "1–95", "96–00", "00")

# ---------------------------------------------------------------------------------------------
# La Table de Résistance, as printed: one line per passive value 01..21, one column per active
# value 01..21 (the seed's formula "50 % + (active × 5 %) moins (passive × 5 %)" fixes the
# orientation: row 01 runs 50, 55, ..., 150). "---" means no chance outside a roll of 01-05.
# ---------------------------------------------------------------------------------------------

RESISTANCE_AXIS: tuple[str, ...] = tuple(f"{n:02d}" for n in range(1, 22))

_D = "---"
RESISTANCE: tuple[tuple[str, ...], ...] = (
    ("50", "55", "60", "65", "70", "75", "80", "85", "90", "95", "100",
     "105", "110", "115", "120", "125", "130", "135", "140", "145", "150"),
    ("45", "50", "55", "60", "65", "70", "75", "80", "85", "90", "95",
     "100", "105", "110", "115", "120", "125", "130", "135", "140", "145"),
    ("40", "45", "50", "55", "60", "65", "70", "75", "80", "85", "90",
     "95", "100", "105", "110", "115", "120", "125", "130", "135", "140"),
    ("35", "40", "45", "50", "55", "60", "65", "70", "75", "80", "85",
     "90", "95", "100", "105", "110", "115", "120", "125", "130", "135"),
    ("30", "35", "40", "45", "50", "55", "60", "65", "70", "75", "80",
     "85", "90", "95", "100", "105", "110", "115", "120", "125", "130"),
    ("25", "30", "35", "40", "45", "50", "55", "60", "65", "70", "75",
     "80", "85", "90", "95", "100", "105", "110", "115", "120", "125"),
    ("20", "25", "30", "35", "40", "45", "50", "55", "60", "65", "70",
     "75", "80", "85", "90", "95", "100", "105", "110", "115", "120"),
    ("15", "20", "25", "30", "35", "40", "45", "50", "55", "60", "65",
     "70", "75", "80", "85", "90", "95", "100", "105", "110", "115"),
    ("10", "15", "20", "25", "30", "35", "40", "45", "50", "55", "60",
     "65", "70", "75", "80", "85", "90", "95", "100", "105", "110"),
    ("05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55",
     "60", "65", "70", "75", "80", "85", "90", "95", "100", "105"),
    (_D, "05", "10", "15", "20", "25", "30", "35", "40", "45", "50",
     "55", "60", "65", "70", "75", "80", "85", "90", "95", "100"),
    (_D, _D, "05", "10", "15", "20", "25", "30", "35", "40", "45",
     "50", "55", "60", "65", "70", "75", "80", "85", "90", "95"),
    (_D, _D, _D, "05", "10", "15", "20", "25", "30", "35", "40",
     "45", "50", "55", "60", "65", "70", "75", "80", "85", "90"),
    (_D, _D, _D, _D, "05", "10", "15", "20", "25", "30", "35",
     "40", "45", "50", "55", "60", "65", "70", "75", "80", "85"),
    (_D, _D, _D, _D, _D, "05", "10", "15", "20", "25", "30",
     "35", "40", "45", "50", "55", "60", "65", "70", "75", "80"),
    (_D, _D, _D, _D, _D, _D, "05", "10", "15", "20", "25",
     "30", "35", "40", "45", "50", "55", "60", "65", "70", "75"),
    (_D, _D, _D, _D, _D, _D, _D, "05", "10", "15", "20",
     "25", "30", "35", "40", "45", "50", "55", "60", "65", "70"),
    (_D, _D, _D, _D, _D, _D, _D, _D, "05", "10", "15",
     "20", "25", "30", "35", "40", "45", "50", "55", "60", "65"),
    (_D, _D, _D, _D, _D, _D, _D, _D, _D, "05", "10",
     "15", "20", "25", "30", "35", "40", "45", "50", "55", "60"),
    (_D, _D, _D, _D, _D, _D, _D, _D, _D, _D, "05",
     "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"),
    (_D, _D, _D, _D, _D, _D, _D, _D, _D, _D, _D,
     "05", "10", "15", "20", "25", "30", "35", "40", "45", "50"),
)  # fmt: skip

# ---------------------------------------------------------------------------------------------
# Parsing the seed text
# ---------------------------------------------------------------------------------------------

_DASH = "[-–]"
_FROM_1 = rf"1(?:{_DASH}\d{{1,2}})?"  # a range of rolls from 01: "1", "1–6", "1-24"
ABILITY_COLUMNS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"\d{{2,3}}(?:{_DASH}\d{{2,3}})?"),  # Aptitude: 01-05, 30, 118–122
    re.compile(_FROM_1),  # Réussite Critique
    re.compile(_FROM_1),  # Réussite Spéciale
    re.compile(rf"{_FROM_1}|Par aptitude"),  # Réussite: 1–5, Par aptitude, 1–95
    re.compile(rf"\d{{1,2}}{_DASH}00|Par aptitude"),  # Échec: 6–00, Par aptitude, 96–00
    re.compile(rf"\d\d{_DASH}00|00"),  # Échec Critique: 96–00, 00
)
# A resistance cell: "---" or a multiple of 5 from 05 to 150, as printed.
RESISTANCE_CELL = re.compile(r"---|05|[1-9][05]|1[0-4][05]|150")
RESISTANCE_LABEL = re.compile(r"\d\d")


def all_splits(text: str, columns: Sequence[re.Pattern[str]]) -> list[tuple[str, ...]]:
    """Every way to cut `text` into consecutive cells, cell i matching columns[i] in full."""
    if not columns:
        return [()] if not text else []
    found: list[tuple[str, ...]] = []
    for end in range(1, len(text) + 1):
        head = text[:end]
        if columns[0].fullmatch(head):
            found += [(head, *rest) for rest in all_splits(text[end:], columns[1:])]
    return found


def only_split(text: str, columns: Sequence[re.Pattern[str]]) -> tuple[str, ...]:
    splits = all_splits(text, columns)
    if len(splits) != 1:
        raise ValueError(f"{text!r} splits {len(splits)} ways into the table's columns: {splits}")
    return splits[0]


def seed_text() -> str:
    return RQG_SEED.read_text(encoding="utf-8")


def _block(lines: list[str], title: str) -> list[str]:
    """The non-blank lines after `title`'s own line and the blank line that follows it."""
    start = lines.index(title) + 1
    while not lines[start].strip():
        start += 1
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return lines[start:end]


def parse_ability_results(text: str) -> tuple[str, list[tuple[str, ...]], tuple[str, ...]]:
    """(header, the numbered rows split into 6 cells, the "(higher)" row) from the seed text."""
    block = _block(text.splitlines(), "Table de Résultat des Aptitudes")
    header, *rows, higher = block
    prefix = "(higher)"
    if not higher.startswith(prefix):
        raise ValueError(f"the table's last row should be the (higher) row, not {higher!r}")
    rest = higher.removeprefix(prefix)
    higher_columns = (re.compile(r"5% ability"), re.compile(r"20% ability"), *ABILITY_COLUMNS[3:])
    higher_row = (prefix, *only_split(rest, higher_columns))
    return header, [only_split(row, ABILITY_COLUMNS) for row in rows], higher_row


def parse_resistance(text: str) -> tuple[tuple[str, ...], list[tuple[str, tuple[str, ...]]]]:
    """(the column axis, [(row label, 21 cells)]) from the seed text."""
    block = _block(text.splitlines(), "La Table de Résistance")
    header, *rows = block
    axis = only_split(header, [RESISTANCE_LABEL] * 21)
    parsed: list[tuple[str, tuple[str, ...]]] = []
    for row in rows:
        label, *cells = only_split(row, [RESISTANCE_LABEL] + [RESISTANCE_CELL] * 21)
        parsed.append((label, tuple(cells)))
    return axis, parsed


# ---------------------------------------------------------------------------------------------
# Reading the printed cells as numbers
# ---------------------------------------------------------------------------------------------


def _roll(cell: str) -> int:
    """A printed D100 face: "00" is 100."""
    return 100 if cell == "00" else int(cell)


def _top(cell: str) -> int:
    """The highest roll of a printed range "1–6" / "1-6", or the single roll "1"."""
    return _roll(re.split(_DASH, cell)[-1])


def _bottom(cell: str) -> int:
    return _roll(re.split(_DASH, cell)[0])


def half_up(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class LevelRow:
    """One row of the Ability Results table, read as numbers for one chance C.

    Each bound is the highest roll of its level (critical, special, success); `fumble` is the
    lowest fumbling roll; `failure` is the printed failure range's first roll (fumbles included).
    """

    chance: int
    critical: int
    special: int
    success: int
    failure: int
    fumble: int

    def level(self, roll: int, *, with_critical: bool = True) -> str:
        """The best level `roll` reaches, by the printed ranges alone."""
        if with_critical and roll <= self.critical:
            return "critical"
        if roll <= self.special:
            return "special"
        if roll <= self.success:
            return "success"
        if roll >= self.fumble:
            return "fumble"
        return "failure"


def chance_range(cell: str) -> range:
    return range(_bottom(cell), _top(cell) + 1)


def read_row(row: Sequence[str], chance: int) -> LevelRow:
    """Interpret a printed row for one chance in its range ("Par aptitude" is C itself)."""
    _, critical, special, success, failure, fumble = row
    if critical == "5% ability":
        critical_top = half_up(Decimal(chance) * 5 / 100)
        special_top = half_up(Decimal(chance) * 20 / 100)
    else:
        critical_top, special_top = _top(critical), _top(special)
    success_top = chance if success == PA else _top(success)
    failure_bottom = chance + 1 if failure == PA else _bottom(failure)
    return LevelRow(chance, critical_top, special_top, success_top, failure_bottom, _bottom(fumble))


PRINTED_ROWS: tuple[tuple[str, ...], ...] = (*ABILITY_RESULTS, ABILITY_HIGHER)


def row_chances(row: Sequence[str]) -> range:
    """The chances a printed row covers; "(higher)" runs from 123 to HIGHER_ROW_LIMIT."""
    if row[0] == ABILITY_HIGHER[0]:
        return range(_top(ABILITY_RESULTS[-1][0]) + 1, HIGHER_ROW_LIMIT + 1)
    return chance_range(row[0])


def row_levels(row: Sequence[str]) -> list[LevelRow]:
    """The printed row read for each chance it covers."""
    return [read_row(row, c) for c in row_chances(row)]


def level_rows() -> list[LevelRow]:
    """Every chance from 1 to HIGHER_ROW_LIMIT, each read from its printed row."""
    return [level for row in PRINTED_ROWS for level in row_levels(row)]


def resistance_cells() -> list[tuple[int, int, str]]:
    """Every printed cell as (active, passive, cell text)."""
    return [
        (int(active), int(passive), cell)
        for passive, row in zip(RESISTANCE_AXIS, RESISTANCE, strict=True)
        for active, cell in zip(RESISTANCE_AXIS, row, strict=True)
    ]
