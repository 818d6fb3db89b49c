"""A stat block's hit-location table, English or French: `Right Leg 01-04 5/5`, `Jambe droite
01-04 4/5`, `01-04 Right Leg 5/5`, or armour and HP in columns of their own under a head that
names them (`Location D20 AP HP`)."""

from __future__ import annotations

import re

from gmdash.formats.reading import LocationRow, Reading
from gmdash.formats.sections import Section, location_columns
from gmdash.formats.text import LETTER, Buffer
from gmdash.formats.vocabulary import SectionKind

_NAME = rf"(?P<name>[{LETTER}][{LETTER}'. \-]{{0,40}}?)"
_RANGE = r"(?P<low>\d{1,2})(?:[ \t]*-[ \t]*(?P<high>\d{1,2}))?"
_PAIR = r"(?P<first>\d{1,3}|-)[ \t]*/[ \t]*(?P<second>-?\d{1,3})(?!\d)"
NAME_FIRST = re.compile(
    rf"(?<![{LETTER}\d]){_NAME}[ \t]*:?[ \t]*\(?{_RANGE}\)?[ \t]*[,:]?[ \t]+{_PAIR}"
)
RANGE_FIRST = re.compile(rf"(?m)(?<![\d/]){_RANGE}[ \t]+{_NAME}[ \t]*[,:]?[ \t]+{_PAIR}")
_COLUMNS = re.compile(
    rf"(?m)^[ \t]*{_NAME}[ \t]*:?[ \t]+\(?{_RANGE}\)?[ \t]+(?P<first>\d{{1,3}}|-)[ \t]+"
    r"(?P<second>-?\d{1,3})[ \t]*$"
)


_HEAD = re.compile(r"(?im)^[ \t]*(?:(?:hit[ \t]+)?locations?|localisations?|D20)\b[^\n]*$")


def hp_comes_first(buffer: Buffer) -> bool:
    """Whether the block's table head puts HP before armour (`HP/AP`)."""
    for match in _HEAD.finditer(buffer.now):
        columns = [c for c in location_columns(match.group(0)) or () if c in ("ap", "hp")]
        if columns:
            return columns[0] == "hp"
    return False


def read_location_rows(buffer: Buffer, reading: Reading) -> None:
    """The rows with armour and HP as `AP/HP` (or `HP/AP` under such a head), wherever they
    are."""
    hp_first = hp_comes_first(buffer)
    for pattern in (NAME_FIRST, RANGE_FIRST):
        for match in buffer.matches(pattern):
            if _add(reading, match, hp_first=hp_first):
                buffer.blank(match.start(), match.end())


def read_column_rows(buffer: Buffer, reading: Reading, sections: list[Section]) -> None:
    """Rows under a table head whose armour and HP stand in columns of their own; a head that
    puts HP before armour (`HP/AP`) is read that way."""
    for section in sections:
        if section.kind is not SectionKind.LOCATIONS:
            continue
        columns = [c for c in section.columns if c in ("ap", "hp")]
        hp_first = columns[:1] == ["hp"]
        for match in buffer.matches(_COLUMNS, section.start, section.end):
            if _add(reading, match, hp_first=hp_first):
                buffer.blank(match.start(), match.end())


def _add(reading: Reading, match: re.Match[str], *, hp_first: bool) -> bool:
    low = int(match.group("low"))
    high = int(match.group("high") or low)
    name = " ".join(match.group("name").strip(" .-:").split())
    if not name or not 1 <= low <= high <= 20:
        return False
    first = 0 if match.group("first") == "-" else int(match.group("first"))
    second = int(match.group("second"))
    armour, hit_points = (second, first) if hp_first else (first, second)
    reading.location_table.append(LocationRow(name, low, high, max(0, armour), hit_points))
    return True
