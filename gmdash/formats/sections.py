"""The sections of a stat block: each header (`Skills:`, `Passions —`, `Magie runique :`, a
`Weapon % Damage SR HP` table's head, a header alone on its line) and the text it governs.

A header is one of the words of `vocabulary.SECTION_WORDS` at the start of a line, followed by
":", a dash, a full stop, "=" or the end of its line (or, for a list's header, only spaces and a
capitalised entry); anywhere else, followed by ":" (one-line blocks). Inside a `Skills` section
the category words (`Magic:`, `Perception:`) sort skills and start nothing. A section runs to
the next header or a blank line, and past the end of its line only while its list goes on
(`_body_end`); a table's section, while its rows do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from gmdash.formats.text import LETTER, Buffer
from gmdash.formats.vocabulary import SECTION_WORDS, SKILL_CATEGORIES, SectionKind, fold

_ACCENTS = {"a": "aàâä", "e": "eéèêë", "i": "iîï", "o": "oôö", "u": "uùûü", "c": "cç"}


def word_pattern(folded: str) -> str:
    """A regex for a folded word as it may be printed: any case, accents or not, words apart by
    spaces, a hyphen or an apostrophe."""
    parts: list[str] = []
    for char in folded:
        if char == " ":
            parts.append(r"[\s'\-]+")
        elif char in _ACCENTS:
            parts.append(f"[{_ACCENTS[char]}{_ACCENTS[char].upper()}]")
        elif char.isalpha():
            parts.append(f"[{char}{char.upper()}]")
        else:
            parts.append(re.escape(char))
    return "".join(parts)


def words_pattern(words: Iterable[str]) -> str:
    """One alternation of printed forms, longest first."""
    return "|".join(word_pattern(word) for word in sorted(set(words), key=len, reverse=True))


@dataclass(frozen=True, slots=True)
class Section:
    """A header and the text it governs: `start:end` of the buffer."""

    kind: SectionKind
    word: str
    header_start: int
    start: int
    end: int
    note: str = ""
    """A bracket after the header (`Rune Magic (Humakt):`), not yet read."""
    note_span: tuple[int, int] = (0, 0)
    columns: tuple[str, ...] = ()
    """A table's columns after its first (`%`, `damage`, `sr`, `hp`...)."""


WEAPON_COLUMNS: dict[str, str] = {
    "%": "pct", "attack": "pct", "attack%": "pct", "atk%": "pct", "attk%": "pct", "a%": "pct",
    "skill": "pct", "attaque": "pct", "chance": "pct",
    "damage": "damage", "dmg": "damage", "degats": "damage", "dgts": "damage",
    "sr": "sr", "ra": "sr", "strike": "sr", "rank": "", "ranks": "",
    "hp": "hp", "pv": "hp", "ap": "hp", "pts": "hp", "ap/hp": "hp", "hp/ap": "hp",
    "durabilite": "hp",
    "parry": "parry", "parry%": "parry", "p%": "parry", "parade": "parry",
    "range": "range", "portee": "range", "enc": "enc", "notes": "notes", "special": "notes",
}  # fmt: skip
"""A weapon table's column heads (folded) -> what the column holds ("" joins the one before)."""

_SPACED_HEADERS = (
    "skills", "competences", "runes", "passions", "languages", "langues", "spirit magic",
    "spirit spells", "rune magic", "rune spells", "magie spirituelle", "magie runique",
    "sorcery", "sorcellerie", "weapons", "attacks", "armes", "armor", "armour", "armure",
    "attributes", "attributs", "hit locations",
)  # fmt: skip
"""Headers read with no separator when a capitalised entry follows on their line (`Rune Magic
Bolster (1)`, `Skills<tab>Charm 80%`); never `Armes de mêlée`, never `Runes of power`."""
_WEAPON_TABLE_WORDS = ("weapons", "weapon", "attacks", "attack", "armes", "arme", "attaques")


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    alternation = words_pattern(word for words in SECTION_WORDS.values() for word in words)
    tail = r"(?P<note>[ \t]*\([^()\n]{0,80}\))?"
    return {
        "line": re.compile(
            rf"(?m)^[ \t]*(?:[*•·>#]+[ \t]*)?(?P<word>{alternation}){tail}"
            r"[ \t]*(?P<sep>:|-(?=[ \t]|[^\d\s])|=|\.(?=[ \t])|$)"
        ),
        "spaced": re.compile(
            rf"(?m)^[ \t]*(?P<word>{words_pattern(_SPACED_HEADERS)})(?P<note>)"
            r"(?=[ \t]+[A-ZÀ-ÖØ-Þ][^\n]*\d)"
        ),
        "inline": re.compile(
            rf"(?<![{LETTER}\d'])(?P<word>{alternation}){tail}[ \t]*:"
            r"(?![ \t]*\d+[ \t]*%?[ \t]*$)"
        ),
        "other": re.compile(
            rf"(?m)^[ \t]*(?P<word>[{LETTER}][{LETTER}']*(?:[ \t][{LETTER}][{LETTER}']*){{0,2}})"
            r"[ \t]*:(?![ \t]*\d{1,3}[ \t]*%?[ \t]*$)"
        ),
        "weapon_table": re.compile(
            rf"(?m)^[ \t]*(?P<word>{words_pattern(_WEAPON_TABLE_WORDS)})\b(?P<rest>[^\n]*)$"
        ),
        "location_table": re.compile(
            r"(?im)^[ \t]*(?P<word>(?:(?:hit[ \t]+)?locations?|localisations?|D20)\b)"
            r"(?P<rest>[^\n]*)$"
        ),
    }


def _kind_of(word: str) -> SectionKind:
    folded = fold(word)
    for kind, words in SECTION_WORDS.items():
        if folded in words:
            return kind
    return SectionKind.OTHER


def weapon_columns(rest: str) -> tuple[str, ...] | None:
    """The columns of a weapon table's head after `Weapon` (`% Damage SR HP`), or None when the
    line is no table head."""
    columns: list[str] = []
    for token in re.split(r"[\s|]+", rest.strip()):
        if not token or token == "/":
            continue
        column = WEAPON_COLUMNS.get(fold(token).replace(" ", ""))
        if column is None:
            return None
        if column:
            columns.append(column)
    if len(columns) < 2 or "damage" not in columns:
        return None
    return tuple(columns)


_LOCATION_HEAD = {
    "d20": "d20", "armor": "ap", "armour": "ap", "armure": "ap", "ap": "ap", "hp": "hp",
    "pv": "hp", "location": "", "locations": "", "hit": "", "localisation": "",
    "localisations": "",
}  # fmt: skip
"""The words of a hit-location table's head (folded) -> its columns ("" holds none)."""


def location_columns(line: str) -> tuple[str, ...] | None:
    """A hit-location table's head: the order of its D20, armour and HP columns, or None."""
    folded = fold(re.sub(r"[/|:,;.]", " ", line))
    order: list[str] = []
    for token in folded.split():
        column = _LOCATION_HEAD.get(token)
        if column is None:
            return None
        if column and column not in order:
            order.append(column)
    if "hp" not in order or ("ap" not in order and "d20" not in order):
        return None
    return tuple(order)


@dataclass(frozen=True, slots=True, order=True)
class _Header:
    start: int
    end: int
    kind: SectionKind
    word: str
    note: tuple[int, int] = (0, 0)
    columns: tuple[str, ...] = ()


def find_sections(buffer: Buffer) -> list[Section]:
    """Every section of the block, in order (headers already read by an earlier pass are
    gone from the buffer, so a blanked `Hit points: 12` starts none)."""
    now = buffer.now
    found: list[_Header] = []
    patterns = _patterns()
    for match in patterns["weapon_table"].finditer(now):
        columns = weapon_columns(match.group("rest"))
        if columns is not None:
            found.append(_Header(match.start("word"), match.end(), SectionKind.WEAPONS,
                                 match.group("word"), columns=columns))  # fmt: skip
    for match in patterns["location_table"].finditer(now):
        columns = location_columns(match.group(0))
        if columns is not None and not _taken(found, match.start("word")):
            found.append(_Header(match.start("word"), match.end(), SectionKind.LOCATIONS,
                                 match.group("word"), columns=columns))  # fmt: skip
    for name in ("line", "spaced", "inline"):
        for match in patterns[name].finditer(now):
            at = match.start("word")
            if _taken(found, at) or (name == "inline" and _after_a_word(now, at)):
                continue
            note = match.span("note") if match.group("note") else (0, 0)
            found.append(_Header(at, match.end(), _kind_of(match.group("word")),
                                 match.group("word"), note))  # fmt: skip
    for match in patterns["other"].finditer(now):
        at = match.start("word")
        if not _taken(found, at) and fold(match.group("word")) not in SKILL_CATEGORIES:
            found.append(_Header(at, match.end(), SectionKind.OTHER, match.group("word")))
    found.sort()
    return _resolve(buffer, now, found)


def _taken(found: list[_Header], at: int) -> bool:
    return any(header.start <= at < header.end for header in found)


def _after_a_word(now: str, at: int) -> bool:
    """`Spirit Combat:` is no `Combat:` header: the word before it is part of its name."""
    before = now[:at].rstrip(" \t")
    return bool(before) and before[-1].isalpha()


def _resolve(buffer: Buffer, now: str, found: list[_Header]) -> list[Section]:
    """Headers into sections: a category word inside `Skills` is no header (nor an unknown
    `Word:`, a category gmdash does not know); each section ends at the next header or a
    blank line."""
    kept: list[_Header] = []
    current = SectionKind.OTHER
    for header in found:
        if current is SectionKind.SKILLS and not header.columns:
            if header.kind is SectionKind.OTHER:
                continue
            if fold(header.word) in SKILL_CATEGORIES:
                line_end = now.find("\n", header.end)
                rest = now[header.end : len(now) if line_end < 0 else line_end]
                spells = header.kind is SectionKind.SPELLS and _looks_like_spells(rest)
                weapons = header.kind is SectionKind.WEAPONS and re.search(r"\d[dD]\d", rest)
                if not (spells or weapons):
                    continue  # `Magic: Meditate 55%` sorts skills
        kept.append(header)
        current = header.kind
    sections: list[Section] = []
    for index, header in enumerate(kept):
        stop = kept[index + 1].start if index + 1 < len(kept) else len(now)
        stop = _body_end(now, buffer.text, header, stop)
        has_note = header.note != (0, 0)
        note_text = now[header.note[0] : header.note[1]].strip() if has_note else ""
        if header.kind is not SectionKind.OTHER:  # a header gmdash does not read stays unread
            plain_note = (
                has_note
                and not re.search(r"\d", note_text)
                and header.kind is not SectionKind.RUNE_MAGIC
            )  # `Skills (by category)` says nothing to keep; a Rune magic note names its cult
            if plain_note:
                note_text = ""
            buffer.blank(header.start, header.end if plain_note or not has_note
                         else header.note[0])  # fmt: skip
            if has_note and not plain_note:
                buffer.blank(header.note[1], header.end)
        sections.append(Section(header.kind, header.word, header.start, header.end, stop,
                                note_text, header.note, header.columns))  # fmt: skip
    return sections


_WEAPON_ROW = re.compile(
    rf"^[ \t]*[{LETTER}][^\n]*?[ \t]\d{{1,3}}[ \t]*%?[ \t/]+(?:\d{{1,3}}[ \t/]+)*"
    r"(?:\d*[dD]\d|[Ss]p[ée]cial|-)"
)
_LOCATION_ROW = re.compile(
    rf"^[ \t]*(?:[{LETTER}][^\n]*?[ \t:]+\(?\d{{1,2}}(?:[ \t]*-[ \t]*\d{{1,2}})?\)?"
    rf"|\d{{1,2}}(?:[ \t]*-[ \t]*\d{{1,2}})?[ \t]+[{LETTER}][^\n]*?)[ \t,:]+(?:\d{{1,3}}|-)"
)
"""A line that goes on a weapon table (a name, a %, damage) or a location table (a name and a
D20 range, then numbers)."""
_CATEGORY_LINE = re.compile(
    rf"^[ \t]*(?:{words_pattern(SKILL_CATEGORIES)})"
    r"(?:[ \t]*\(?[ \t]*[+\-]?\d{1,3}[ \t]*%?[ \t]*\)?)?[ \t]*[:\-]"
)


def _body_end(now: str, text: str, header: _Header, stop: int) -> int:
    """Where a section's text ends (before `stop`, the next header): at a blank line, and at
    the end of a line unless the list goes on (its header stood alone on its line, the line
    ends with "," or ";", the next line is indented, or it is a category of `Skills`)."""
    line_end = now.find("\n", header.end)
    if line_end < 0 or line_end >= stop:
        return stop
    alone = not now[header.end : line_end].strip() and not header.columns
    at = line_end
    while at < stop:
        next_end = now.find("\n", at + 1)
        next_end = stop if next_end < 0 or next_end > stop else next_end
        line, following = text[text.rfind("\n", 0, at) + 1 : at], text[at + 1 : next_end]
        if not following.strip():
            return at  # a blank line ends it
        if header.columns:
            row = _WEAPON_ROW if header.kind is SectionKind.WEAPONS else _LOCATION_ROW
            goes_on = bool(row.match(following))
        else:
            goes_on = (
                alone
                or line.rstrip().endswith((",", ";"))
                or following[:1] in (" ", "\t")
                or (header.kind is SectionKind.SKILLS and bool(_CATEGORY_LINE.match(following)))
            )
        if not goes_on:
            return at
        at = next_end
    return stop


def _looks_like_spells(rest: str) -> bool:
    """`Magic: Bladesharp 2, Heal 2` lists spells, `Magic: Meditate 55%` sorts skills: spells
    carry no "%" and a few points at most."""
    if "%" in rest:
        return False
    values = [int(v) for v in re.findall(r"\d+", rest)]
    return all(value <= 10 for value in values)


def section_at(sections: list[Section], offset: int) -> Section | None:
    """The section whose text holds `offset`, if any."""
    for section in sections:
        if section.start <= offset < section.end:
            return section
    return None
