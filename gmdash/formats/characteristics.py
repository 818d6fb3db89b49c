"""Characteristics as blocks print them: `STR 13 CON 14 ...` on one line or one per line,
`FOR 13 CON 14 TAI 12` in French, `STR: 13`, written out (`Strength 13`), a creature's
`STR 3D6+6 16` (dice and the value, or its average, after them), or a row of names over a row
of values."""

from __future__ import annotations

import re

from gmdash.formats.reading import Reading
from gmdash.formats.sections import word_pattern
from gmdash.formats.text import LETTER, Buffer
from gmdash.formats.vocabulary import CHARACTERISTIC_NAMES, CHARACTERISTICS, fold

_ABBREVIATIONS = "|".join(
    alternative for word in CHARACTERISTICS for alternative in (word, word.capitalize())
)
_NAMES = "|".join(word_pattern(name) for name in sorted(CHARACTERISTIC_NAMES, key=len)[::-1])
_WORD = rf"(?<![{LETTER}\d])(?P<word>{_ABBREVIATIONS}|{_NAMES})(?![{LETTER}])"
_DICE = r"\d*[dD]\d+(?:\s*[+\-]\s*\d*(?:[dD]\d+)?)*"
WITH_DICE = re.compile(
    _WORD + rf"[ \t]*[:=]?[ \t]*(?P<dice>{_DICE})[ \t]*[,:=]?[ \t]*\(?[ \t]*(?P<value>\d{{1,3}})"
    r"(?:[ \t]*-[ \t]*(?P<high>\d{1,3}))?[ \t]*\)?(?![\d%])"
)
PLAIN = re.compile(_WORD + r"[ \t]*[:=.]?[ \t]*(?P<value>\d{1,3})(?![\d%" + LETTER + r"]|[dD]\d)")
_ROW_OF_NAMES = re.compile(
    rf"(?m)^[ \t]*((?:(?:{_ABBREVIATIONS})[ \t|]+){{3,}}(?:{_ABBREVIATIONS}))[ \t|]*$"
)


def key_of(word: str) -> str:
    """STR, CON, ... for a printed abbreviation or name."""
    return CHARACTERISTICS.get(word.upper()) or CHARACTERISTIC_NAMES[fold(word)]


_TABLE_HEAD = re.compile(
    r"(?im)^[ \t]*(?:characteristics?|caract[ée]ristiques?)(?:[ \t]+(?:rolls?|average|avg|"
    r"values?|dice|score|moyenne|d[ée]s|jet|valeur))+[ \t]*$"
)
"""`Characteristics  Roll  Average`: the head of a creature's table of them."""


def read_characteristics(buffer: Buffer, reading: Reading) -> dict[str, int]:
    """Every characteristic the block gives (a second value for one is prose: left unread)."""
    chars: dict[str, int] = {}
    for match in buffer.matches(_TABLE_HEAD):
        buffer.blank(match.start(), match.end())
    _read_rows(buffer, chars)
    for match in buffer.matches(WITH_DICE):
        key = key_of(match.group("word"))
        if key in chars:
            continue
        value = int(match.group("value"))
        chars[key] = value
        high = match.group("high")
        shown = f"{match.group('value')}-{high}" if high else match.group("value")
        reading.assumed.append(
            f"{key} {' '.join(match.group('dice').split())}: {value} (the value printed after "
            f"the dice, {shown})"
        )
        buffer.blank(match.start(), match.end())
    for match in buffer.matches(PLAIN):
        key = key_of(match.group("word"))
        if key in chars:
            continue  # a second "CON 11" is prose, left for the report
        chars[key] = int(match.group("value"))
        buffer.blank(match.start(), match.end())
    return chars


def _read_rows(buffer: Buffer, chars: dict[str, int]) -> None:
    """`STR CON SIZ DEX INT POW CHA` over `13 14 12 15 11 13 10`."""
    now = buffer.now
    for match in _ROW_OF_NAMES.finditer(now):
        words = re.split(r"[ \t|]+", match.group(1).strip())
        after = now.find("\n", match.end())
        if after < 0:
            return
        line_end = now.find("\n", after + 1)
        while line_end > 0 and not re.sub(r"[\s\-=+:]", "", now[after + 1 : line_end]):
            buffer.blank(after + 1, line_end)  # a table's rule under its head (`|---|---|`)
            after, line_end = line_end, now.find("\n", line_end + 1)
        values_line = now[after + 1 : len(now) if line_end < 0 else line_end]
        values = re.findall(r"\d{1,3}", values_line)
        if len(values) != len(words) or re.sub(r"[\d\s|]", "", values_line):
            continue
        for word, value in zip(words, values, strict=True):
            chars.setdefault(key_of(word), int(value))
        buffer.blank(match.start(), match.end())
        buffer.blank(after + 1, after + 1 + len(values_line))
