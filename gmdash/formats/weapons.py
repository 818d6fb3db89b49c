"""Weapons as blocks print them, English or French.

- A `Weapons:` / `Armes :` list, entries apart by ";" or a line each: a name (a note in
  brackets after it, `Javelin (thrown)`), its %, then in any order its damage, `SR 6` / `RA 6`,
  `HP 12` / `PV 12` / `12 HP`, `HP —` (none: a natural weapon), notes in brackets; fields apart
  by commas or spaces (`Broadsword 60%, 1D8+1+1D4, SR 6, HP 12`).
- A table under a head (`Weapon % Damage SR HP`, `Arme % Dégâts RA PV`): a row a weapon, its
  cells in the head's order, `—` for none.
- Anywhere else, a name and a % followed by damage dice (`Broadsword 60%, 1D8+1, SR 7`).

What is read is blanked; a field gmdash does not keep (a parry %, a range) is read and
reported; anything else is left, and reported as not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gmdash.formats.sections import Section, word_pattern
from gmdash.formats.text import LETTER, Buffer, Entry, split_entries
from gmdash.formats.vocabulary import SectionKind, fold

_DICE = r"\d*[dD]\d+(?:[ \t]*[+\-][ \t]*(?:\d*[dD]\d+|\d+(?![dD\d])|DB|db|BD|bd))*"
_NAME = rf"[{LETTER}][{LETTER}'\-]{{0,40}}(?:[ \t]{{1,2}}[{LETTER}][{LETTER}'\-]{{0,40}}){{0,6}}"
"""A weapon's name: at most seven words of at most 41 letters (bounded, so that a long line of
prose is read in linear time)."""
_WORD_START = rf"(?<![{LETTER}\d])"


def _words(*words: str) -> str:
    return "(?:" + "|".join(word_pattern(word) for word in words) + ")"


KEYWORDS = frozenset(("sr", "ra", "hp", "pv", "ap", "damage", "dmg", "degats", "parry",
                      "parade", "range", "portee", "pts", "strike"))  # fmt: skip
"""Field words: never the start of a weapon's name."""

_F = r"[ \t]*:?[ \t]*"
_FIELDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("damage", re.compile(rf"{_words('damage', 'dmg', 'degats')}{_F}(?P<v>{_DICE})")),
    ("dice", re.compile(rf"(?P<v>{_DICE})(?![{LETTER}\d])")),
    ("special_damage", re.compile(
        rf"(?:{_words('damage', 'dmg', 'degats')}{_F})?(?P<v>{_words('special', 'speciale')})"
        rf"(?![{LETTER}])")),
    ("sr", re.compile(rf"(?:{_words('strike rank', 'sr', 'ra', 'rang d action')}){_F}"
                      r"(?P<v>\d{1,2})(?:[ \t]*/[ \t]*\d{1,2})*(?!\d)")),
    ("hp", re.compile(rf"(?:{_words('hp', 'pv', 'ap', 'pts')}){_F}(?P<v>\d{{1,3}}|-)(?!\d)")),
    ("hp", re.compile(rf"(?P<v>\d{{1,3}})[ \t]*{_words('hp', 'pv')}(?![{LETTER}])")),
    ("parry", re.compile(rf"{_words('parry', 'parade')}{_F}(?P<v>\d{{1,3}})[ \t]*%?")),
    ("range", re.compile(rf"{_words('range', 'portee')}{_F}(?P<v>\d{{1,4}})[ \t]*"
                         rf"(?:m|meters|metres|mètres)?(?![{LETTER}])")),
    ("bracket", re.compile(r"\((?P<v>[^()\n]*)\)")),
    ("dash", re.compile(r"(?P<v>-)(?![\d\-])")),
    ("number", re.compile(r"(?P<v>\d{1,3})(?![\d%])")),
    ("word", re.compile(rf"(?P<v>{_words('thrown', 'natural', 'lancer', 'de lancer')})"
                        rf"(?![{LETTER}])")),
)  # fmt: skip
_SKIP = re.compile(r"(?:[ \t,]|[-/](?=[ \t]))*")
"""Between a weapon's fields: spaces, commas, a dash or a slash standing alone
(`Warhammer — 70% — 1D6+2 — SR 7`)."""
_NOTE_WORDS = {
    "thrown": "thrown", "throwing": "thrown", "lancer": "thrown", "de lancer": "thrown",
    "missile": "missile", "natural": "natural", "1h": "hands", "2h": "hands",
    "one handed": "hands", "two handed": "hands", "1 main": "hands", "2 mains": "hands",
    "impale": "impale", "impales": "impale", "impaling": "impale", "empalement": "impale",
    "slash": "slash", "slashes": "slash", "slashing": "slash", "laceration": "slash",
    "crush": "crush", "crushes": "crush", "crushing": "crush", "ecrasement": "crush",
}  # fmt: skip
"""Notes in brackets read as the weapon's use or special kind ([sheet] Empalement,
Lacération, Écrasement)."""

_PCT = r"(?P<open>\()?[ \t]*(?P<pct>\d{1,3})(?![\d])[ \t]*%?[ \t]*(?(open)\))"
"""A weapon's %, perhaps in brackets (`Broadsword (60%)`)."""
ENTRY_START = re.compile(  # matched at an entry's start (`match(text, pos)`), so no "^"
    rf"[ \t]*(?P<name>{_NAME})(?P<note>[ \t]*\([^()\n]*\))?[ \t]*[:\-]?[ \t]*{_PCT}"
)
FREE = re.compile(
    rf"{_WORD_START}(?P<name>{_NAME})(?P<note>[ \t]*\([^()\n]*\))?[ \t]*:?[ \t]*"
    rf"{_PCT}[ \t]*[,;]?[ \t]*(?:{_words('damage', 'dmg', 'degats')}{_F})?"
    rf"(?={_DICE}(?![{LETTER}\d]))"
)
_ROW = re.compile(
    rf"(?m)^[ \t]*(?P<name>{_NAME}(?:[ \t]*\([^()\n]*\))?)[ \t]*(?P<cells>[^\n]*?)[ \t]*$"
)
_NEXT_ENTRY = re.compile(rf"[ \t,]*(?={_NAME}[ \t]*(?:\([^()\n]*\))?[ \t]*:?[ \t]*\d)")


@dataclass(slots=True)
class WeaponRead:
    """A weapon as the block prints it (its damage may add the damage bonus; its SR is the
    total strike rank)."""

    name: str
    pct: int
    dice: str = ""
    special_damage: bool = False
    sr: int | None = None
    hp: int | None = None
    no_hp: bool = False
    """Printed with no hit points (`HP —`): a natural weapon."""
    notes: list[str] = field(default_factory=list)
    """Bracket notes read as a use or special kind (`thrown`, `impale`)."""
    bonus_apart: str = ""
    """A damage bonus printed in brackets after the damage (`1D8+1 (+1D4)`): not the weapon's."""
    not_kept: list[str] = field(default_factory=list)


def read_weapons(buffer: Buffer, sections: list[Section]) -> list[WeaponRead]:
    """Every weapon of the block: its lists and tables, then those written anywhere else (not
    in a section of spells, armour, notes or one gmdash does not read)."""
    weapons: list[WeaponRead] = []
    for section in sections:
        if section.kind is not SectionKind.WEAPONS:
            continue
        if section.columns:
            weapons += _read_table(buffer, section)
        else:
            weapons += _read_list(buffer, section)
    closed = [s for s in sections if s.kind.holds_spells or s.kind in (
        SectionKind.ARMOUR, SectionKind.NOTES, SectionKind.OTHER)]  # fmt: skip
    now = buffer.now
    for match in list(FREE.finditer(now)):
        if any(s.start <= match.start() < s.end for s in closed):
            continue
        if not buffer.is_free(match.start(), match.end(), match.group(0)):
            continue
        name = _name(match.group("name"))
        if fold(name).split()[0] in KEYWORDS:
            continue
        weapon = _start(name, match.group("pct"), match.group("note"))
        line_end = now.find("\n", match.end())
        limit = len(now) if line_end < 0 else line_end
        buffer.blank(match.start("name"), match.end())
        _fields(buffer, weapon, match.end(), limit)
        weapons.append(weapon)
    return weapons


def _read_list(buffer: Buffer, section: Section) -> list[WeaponRead]:
    now = buffer.now
    weapons: list[WeaponRead] = []
    for entry in split_entries(now[section.start : section.end], section.start, ";\n·"):
        weapons += _read_entry(buffer, now, entry)
    return weapons


def _read_entry(buffer: Buffer, now: str, entry: Entry) -> list[WeaponRead]:
    """One entry of a list: a weapon, or several written with only commas between them."""
    weapons: list[WeaponRead] = []
    at = entry.start
    while at < entry.end:
        start = ENTRY_START.match(now, at, entry.end)
        if start is None or fold(start.group("name")).split()[0] in KEYWORDS:
            break
        weapon = _start(start.group("name"), start.group("pct"), start.group("note"))
        buffer.blank(start.start("name"), start.end())
        at = _fields(buffer, weapon, start.end(), entry.end)
        weapons.append(weapon)
        following = _NEXT_ENTRY.match(now, at, entry.end)
        if following is None:
            break
        at = following.end()
    return weapons


def _fields(buffer: Buffer, weapon: WeaponRead, at: int, limit: int) -> int:
    """Read the fields after a weapon's % up to `limit`; returns where reading stopped."""
    now = buffer.now
    while at < limit:
        skip = _SKIP.match(now, at, limit)
        position = skip.end() if skip else at
        if position >= limit:
            return position
        for kind, pattern in _FIELDS:
            found = pattern.match(now, position, limit)
            if found is not None and _take(weapon, kind, found.group("v"), buffer, found):
                buffer.blank(found.start(), found.end())
                at = found.end()
                break
        else:
            return position
    return at


def _take(weapon: WeaponRead, kind: str, value: str, buffer: Buffer, found: re.Match[str]) -> bool:
    """Whether a field found after a weapon is the weapon's (and keep it)."""
    if kind in ("damage", "dice"):
        if weapon.dice or weapon.special_damage:
            return False
        weapon.dice = re.sub(r"[ \t]+", "", value).upper()
        return True
    if kind == "special_damage":
        if weapon.dice or weapon.special_damage:
            return False
        weapon.special_damage = True
        return True
    if kind == "sr":
        if weapon.sr is not None:
            return False
        weapon.sr = int(value)
        return True
    if kind == "hp":
        return _hit_points(weapon, value)
    if kind == "parry":
        weapon.not_kept.append(f"parry {value}% (gmdash parries with the weapon's skill)")
        return True
    if kind == "range":
        weapon.not_kept.append(f"range {value} (gmdash keeps no range)")
        return True
    if kind == "bracket":
        return _bracket(weapon, value, buffer, found)
    if kind == "dash":
        if not (weapon.dice or weapon.special_damage) or weapon.hp is not None or weapon.no_hp:
            return False
        weapon.no_hp = True
        return True
    if kind == "number":
        if not (weapon.dice or weapon.special_damage):
            return False
        if weapon.sr is None:
            weapon.sr = int(value)
            return True
        return _hit_points(weapon, value)
    if kind == "word":
        return _note(weapon, f"({value})")
    return False


def _hit_points(weapon: WeaponRead, value: str) -> bool:
    if weapon.hp is not None or weapon.no_hp:
        return False
    if value == "-":
        weapon.no_hp = True
    else:
        weapon.hp = int(value)
    return True


def _bracket(weapon: WeaponRead, inner: str, buffer: Buffer, found: re.Match[str]) -> bool:
    """A bracket after a weapon: its fields (`(1D8+1, SR 6)`), the damage bonus its damage adds
    (`1D8+1 (+1D4)`), or a note gmdash reads."""
    if _note(weapon, f"({inner})"):
        return True
    bonus = re.fullmatch(rf"[ \t]*[+\-][ \t]*({_DICE}|DB|db)[ \t]*", inner)
    if bonus and weapon.dice and not weapon.bonus_apart:
        weapon.bonus_apart = "".join(inner.split()).upper()
        return True
    if not re.search(r"\d", inner):
        return False
    start = found.start() + 1
    buffer.blank(found.start(), start)
    stop = _fields(buffer, weapon, start, found.end() - 1)
    if buffer.now[stop : found.end() - 1].strip(" ,;"):
        buffer.blank(found.end() - 1, found.end())
        return False  # part of it read; the rest stays for the report
    return True


def _note(weapon: WeaponRead, note: str | None) -> bool:
    """A note in brackets gmdash reads (`(thrown)`, `(impale)`): kept on the weapon."""
    meaning = _NOTE_WORDS.get(fold(note.strip().strip("()"))) if note else None
    if meaning is None:
        return False
    weapon.notes.append(meaning)
    return True


def _start(name: str, pct: str, note: str | None) -> WeaponRead:
    """A weapon from the start of its entry: a bracket after its name that is no note gmdash
    reads is part of the name (`Lance courte (2 mains)`)."""
    weapon = WeaponRead(_name(name), int(pct))
    if note and not _note(weapon, note):
        weapon.name = f"{weapon.name} {' '.join(note.split())}"
    return weapon


def _name(text: str) -> str:
    return " ".join(text.strip(" .-:").split())


def _read_table(buffer: Buffer, section: Section) -> list[WeaponRead]:
    """The rows under a weapon table's head, each cell in the head's order."""
    weapons: list[WeaponRead] = []
    for match in buffer.matches(_ROW, section.start, section.end):
        name = match.group("name")
        if fold(name).split()[0] in KEYWORDS:
            continue
        weapon = _read_row(buffer, match, section.columns)
        if weapon is not None:
            weapons.append(weapon)
    return weapons


_CELL = re.compile(r"\([^()\n]*\)|[^ \t]+")


def _read_row(buffer: Buffer, match: re.Match[str], columns: tuple[str, ...]) -> WeaponRead | None:
    cells = list(_CELL.finditer(match.group("cells")))
    offset = match.start("cells")
    for slash in (c for c in cells if c.group() == "/"):
        buffer.blank(offset + slash.start(), offset + slash.end())
    cells = [cell for cell in cells if cell.group() != "/"]
    if not cells or not re.fullmatch(r"\d{1,3}%?", cells[0].group()):
        return None
    name = match.group("name")
    note = re.search(r"\([^()]*\)\s*$", name)
    weapon = _start(name[: note.start()] if note else name, "0", note.group() if note else None)
    buffer.blank(match.start("name"), match.end("name"))
    for index, cell in enumerate(cells):
        text = cell.group().rstrip("*†‡")
        column = columns[index] if index < len(columns) else "notes"
        if _cell(weapon, column, text) or _note(weapon, text):
            buffer.blank(offset + cell.start(), offset + cell.end())
    return weapon


def _cell(weapon: WeaponRead, column: str, text: str) -> bool:
    folded = fold(text)
    if column == "pct":
        if not re.fullmatch(r"\d{1,3}%?", text):
            return False
        weapon.pct = int(text.rstrip("%"))
        return True
    if column == "damage":
        if re.fullmatch(_DICE, text):
            weapon.dice = text.upper()
            return True
        if folded in ("special", "speciale", "-"):
            weapon.special_damage = True
            return True
        return False
    if column in ("sr", "hp") and text == "-":
        if column == "hp":
            weapon.no_hp = True
        return True
    if column == "sr" and re.fullmatch(r"\d{1,2}(?:/\d{1,2})*", text):
        weapon.sr = int(text.split("/")[0])
        return True
    if column == "hp" and re.fullmatch(r"\d{1,3}", text):
        weapon.hp = int(text)
        return True
    if column == "parry" and re.fullmatch(r"\d{1,3}%?|-", text):
        if text != "-":
            weapon.not_kept.append(f"parry {text.rstrip('%')}% (gmdash parries with the "
                                   "weapon's skill)")  # fmt: skip
        return True
    if column in ("range", "enc") and re.fullmatch(r"[\d.,/m-]+", text):
        if text == "-":
            return True
        weapon.not_kept.append(f"{column} {text} (gmdash keeps no {column})")
        return True
    return False
