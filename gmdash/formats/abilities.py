"""Skills, Runes, passions and languages: in their lists, skills sorted by category in either
language (`Skills: Agility: Dodge 24%. Magic: Meditate 55%, Worship (Chalana Arroy) 85%.`),
Runes with their kind in brackets (`Harmony (power) 90%`); and `Name 55%` written anywhere else
(a Rune's name is a Rune, `Loyalty (...)` a passion)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmdash.formats.sections import Section, section_at, words_pattern
from gmdash.formats.text import LETTER, Buffer, Entry, split_entries
from gmdash.formats.vocabulary import (
    PASSIONS,
    RUNE_KINDS,
    RUNES,
    SECTION_WORDS,
    SKILL_CATEGORIES,
    SectionKind,
    fold,
)

_NAME = (rf"[{LETTER}][{LETTER}'\-/]{{0,40}}(?:[ \t]{{1,2}}(?:/[ \t]{{1,2}})?[{LETTER}]"
         rf"[{LETTER}'\-/]{{0,40}}){{0,7}}?"
         r"(?:[ \t]*\([^()\n]*\))?")  # fmt: skip
"""Words one or two spaces apart (a wider gap is something read and blanked), then perhaps a
speciality in brackets (`Lore (Sartar)`)."""
_VALUE = r"(?P<value>\d{1,3})[ \t]*%?"
_LEADER = r"(?:[ \t]*[:=\-]|[ \t]*\.{2,})?[ \t]*"
"""Between a name and its value: a colon, a dash, dots leading the eye (`Dodge ..... 35%`)."""
CATEGORY_MODIFIER = r"(?:[ \t]*\(?[ \t]*[+\-]?\d{1,3}[ \t]*%?[ \t]*\)?)?"
"""The modifier a sheet prints after a category (`Agility (+5%):`): gmdash computes its own."""
_CATEGORY = rf"(?:{words_pattern(SKILL_CATEGORIES)}){CATEGORY_MODIFIER}[ \t]*[:\-]"
ENTRY = re.compile(
    rf"^(?:(?P<category>{_CATEGORY})[ \t]*)?(?P<name>{_NAME}){_LEADER}{_VALUE}[ \t]*[†‡☐✓]*"
    r"(?P<note>\([^()\n]*\)[ \t]*)?$"
)
"""An entry of a list; a note in brackets after its value (`Dodge 24% (34% unarmoured)`) is
left for the report."""
CATEGORY_ALONE = re.compile(rf"(?<![{LETTER}]){_CATEGORY}(?=[ \t]*(?:\n|$)|[ \t]{{2,}})")
"""A category whose skills were all read (only spaces left after it)."""
FREE = re.compile(rf"(?<![{LETTER}\d])(?P<name>{_NAME}){_LEADER}{_VALUE}(?![\d])")
MAX_LOOSE_WORDS = 3
"""Words in an ability's name outside a list (`Move Quietly`, `Lore (Sartar)`); longer is a
sentence with a number in it."""

STOP_NAMES = frozenset(
    {word for words in SECTION_WORDS.values() for word in words}
    | {"hit points", "magic points", "rune points", "move", "points de vie", "points de magie",
       "points de rune", "armor points", "armour points", "ap", "hp", "pv", "mp", "pm", "sr",
       "ra", "enc", "dex", "siz", "str", "con", "int", "pow", "cha", "app", "tai", "pou",
       "for", "damage", "degats", "none", "aucun", "total", "ransom", "rancon"}
)  # fmt: skip
"""Names that are labels or headers, never abilities (`Attributes 8%`, `Armor 2%`)."""

_KINDS = {SectionKind.RUNES: "rune", SectionKind.PASSIONS: "passion"}


@dataclass(frozen=True, slots=True)
class AbilityRead:
    name: str
    kind: str
    value: int


def read_listed(buffer: Buffer, sections: list[Section]) -> list[AbilityRead]:
    """The entries of the skill, Rune, passion and language lists."""
    found: list[AbilityRead] = []
    now = buffer.now
    for section in sections:
        if not section.kind.holds_abilities:
            continue
        for entry in split_entries(now[section.start : section.end], section.start):
            ability = _entry(buffer, entry, section.kind)
            if ability is not None:
                found.append(ability)
    return found


def _entry(buffer: Buffer, entry: Entry, kind: SectionKind) -> AbilityRead | None:
    if not buffer.is_free(entry.start, entry.end, entry.text):
        entry = _free_part(buffer, entry)
        if not entry.text:
            return None
    match = ENTRY.match(entry.text)
    if match is None:
        return None
    name = clean_name(match.group("name"))
    if not name or fold(name) in STOP_NAMES:
        return None
    ability_kind = _KINDS.get(kind, "skill")
    if kind is SectionKind.RUNES:
        name = without_kind(name)
    end = entry.start + match.start("note") if match.group("note") else entry.end
    buffer.blank(entry.start, end)
    return AbilityRead(name, ability_kind, int(match.group("value")))


def _free_part(buffer: Buffer, entry: Entry) -> Entry:
    """What is left of an entry part of which an earlier pass read (`Spirit Combat 45%`)."""
    now = buffer.now[entry.start : entry.end]
    return Entry(now, entry.start).stripped() if now.strip() else Entry("", entry.start)


def read_loose(buffer: Buffer, sections: list[Section]) -> list[AbilityRead]:
    """`Name 55%` outside the lists (not in a section of spells, armour, notes, a table, or one
    gmdash does not read): a short name only, its kind by its name."""
    found: list[AbilityRead] = []
    for match in buffer.matches(FREE):
        section = section_at(sections, match.start())
        if section is not None and section.kind not in (
            SectionKind.WEAPONS,
            SectionKind.ATTRIBUTES,
            SectionKind.CHARACTERISTICS,
        ):
            continue  # fmt: skip
        name = clean_name(match.group("name"))
        if not name or fold(name) in STOP_NAMES or not _stands_alone(buffer.now, match):
            continue
        words = re.sub(r"\([^)]*\)", "", name).split()
        if len(words) > MAX_LOOSE_WORDS or not name[0].isupper() or fold(words[0]) in PROSE_WORDS:
            continue  # prose ("He is 20.", "carries a purse of 20 Lunars"), left for the report
        found.append(AbilityRead(*kind_by_name(name), int(match.group("value"))))
        buffer.blank(match.start("name"), match.end())
    return found


PROSE_WORDS = frozenset((
    "he", "she", "it", "they", "his", "her", "its", "their", "the", "a", "an", "and", "of",
    "with", "this", "that", "who", "has", "had", "is", "was", "in", "on", "at", "for", "to",
    "il", "elle", "ils", "elles", "le", "la", "les", "un", "une", "des", "de", "du", "et", "son",
    "sa", "ses", "qui", "est", "a", "en", "au", "aux", "pour", "avec",
))  # fmt: skip
"""Words a sentence starts with, an ability's name never (`He is 20.`, `Il a 3 fils.`)."""
_AFTER_VALUE = re.compile(r"[ \t]*(?:%|[,;·]|\.(?=\s|$)|\n|$|[ \t]{2,})")


def _stands_alone(now: str, match: re.Match[str]) -> bool:
    """A value outside a list is an ability's when a "%" or the end of an entry follows it
    (`Dodge 40, Scan 55%`), not a word (`carries 3 javelins`)."""
    return bool(_AFTER_VALUE.match(now, match.end("value")))


def clean_name(text: str) -> str:
    return " ".join(text.strip(" .-:").split())


def without_kind(name: str) -> str:
    """A Rune's name without the kind a block prints after it (`Harmony (power)` -> Harmony)."""
    bare = re.match(r"^(?P<rune>.*?)[ \t]*\((?P<kind>[^()]*)\)$", name)
    if bare and fold(bare.group("kind")) in RUNE_KINDS:
        return bare.group("rune")
    return name


def kind_by_name(name: str) -> tuple[str, str]:
    """(name, kind) of an ability outside a list: a Rune's name (its kind in brackets dropped)
    is a Rune, a passion's first word a passion, anything else a skill."""
    rune = without_kind(name)
    if fold(rune) in RUNES:
        return rune, "rune"
    if fold(name).split(" ")[0].split("(")[0] in PASSIONS:
        return name, "passion"
    return name, "skill"
