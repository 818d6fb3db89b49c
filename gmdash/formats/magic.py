"""Spells and cults: `Spirit Magic:` / `Magie spirituelle :` (`Bladesharp 2`, `Heal (2)`,
`Protection 4 (variable)`), `Rune Magic:` / `Magie runique :` (`Shield (1, stackable)`,
`Sever Spirit 3 (one-use)`, grouped by cult as `Humakt: Truesword 2` or under `Rune Magic
(Humakt):`), `Sorcery:` / `Sorcellerie :` (kept in the notes: gmdash has no sorcery); and the
sheet's cults from `Cult:` lines, `Rune Points: 3 (Humakt)` and the Rune spells' cults."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from gmdash.formats.labels import Labels, known_rank
from gmdash.formats.reading import Reading
from gmdash.formats.sections import Section
from gmdash.formats.text import LETTER, Buffer, split_entries
from gmdash.formats.vocabulary import SectionKind, fold

_SPELL_NAME = (rf"[{LETTER}][{LETTER}'\-/]{{0,40}}(?:[ \t]{{1,2}}[{LETTER}][{LETTER}'\-/]{{0,40}})"
               "{0,7}")  # fmt: skip
SPELL = re.compile(
    rf"^(?P<name>{_SPELL_NAME})(?:[ \t]*[:\-]?[ \t]*(?P<points>\d{{1,2}})(?:[ \t]*(?:-|to|à)"
    r"[ \t]*\d{1,2})?(?:[ \t]*(?:pts?|points?))?)?(?:[ \t]*\((?P<note>[^()\n]*)\))?"
    r"(?:[ \t]*(?P<after>\d{1,2}))?[ \t]*\.?$"
)
_GROUP = re.compile(rf"^(?P<cult>{_SPELL_NAME})[ \t]*:[ \t]*(?P<rest>.*)$")
_VARIABLE = ("variable", "var", "var.", "v")
_STACKABLE = ("stackable", "stacks", "cumulative")
_ONE_USE = ("one use", "one-use", "1 use", "1-use", "one use only")
_VARIABLE_POINTS = re.compile(r"(?:variable|var\.?)\s+(\d{1,2})|(\d{1,2})\s+(?:variable|var\.?)")
_POINT_WORDS = ("point", "points", "pt", "pts", "pt.", "pts.")
MAX_SPELL_POINTS = 99


@dataclass(slots=True)
class SpellRead:
    kind: str
    """"spirit", "rune" or "sorcery"."""
    name: str
    points: int | None
    variable: bool = False
    stackable: bool = False
    one_use: bool = False
    cult: str = ""
    notes: list[str] = field(default_factory=list)


def read_spells(buffer: Buffer, sections: list[Section], not_kept: list[str]) -> list[SpellRead]:
    """The entries of every spell list; what is no spell is left for the report."""
    spells: list[SpellRead] = []
    now = buffer.now
    for section in sections:
        if not section.kind.holds_spells:
            continue
        kind = {SectionKind.RUNE_MAGIC: "rune", SectionKind.SORCERY: "sorcery"}.get(
            section.kind, "spirit"
        )
        cult = _header_cult(buffer, section) if kind == "rune" else ""
        if section.note and re.search(r"\d", section.note):
            buffer.blank(*section.note_span)
            not_kept.append(f"{section.word} {section.note}: the total is not kept")
        for entry in split_entries(now[section.start : section.end], section.start):
            text, start = entry.text, entry.start
            group = _GROUP.match(text) if kind == "rune" else None
            if group is not None and not SPELL.match(text):
                cult = " ".join(group.group("cult").split())
                buffer.blank(start, start + group.start("rest"))
                text, start = group.group("rest"), start + group.start("rest")
                if not text.strip():
                    continue
            spell = _spell(kind, text)
            if spell is None:
                continue
            spell.cult = cult
            spells.append(spell)
            buffer.blank(start, start + len(text))
    return spells


def _header_cult(buffer: Buffer, section: Section) -> str:
    """`Rune Magic (Humakt):` names the cult of the spells under it."""
    note = section.note.strip("() ")
    if note and not re.search(r"\d", note):
        buffer.blank(*section.note_span)
        return " ".join(note.split())
    return ""


def _spell(kind: str, text: str) -> SpellRead | None:
    match = SPELL.match(text.strip())
    if match is None:
        return None
    points_text = match.group("points") or match.group("after")
    spell = SpellRead(kind, " ".join(match.group("name").split()),
                      int(points_text) if points_text else None)  # fmt: skip
    if match.group("note") is not None and not _note(spell, match.group("note")):
        return None
    if spell.points is not None and not 1 <= spell.points <= MAX_SPELL_POINTS:
        return None
    return spell


def _note(spell: SpellRead, note: str) -> bool:
    """A bracket after a spell: its points, `variable`, `stackable`, `one-use`; other words
    are kept as a note the report names."""
    for part in re.split(r"[,;]", note):
        words = fold(part)
        if not words:
            continue
        number = re.fullmatch(r"(\d{1,2})(?:\s*(?:-|to|a)\s*\d{1,2})?(?:\s+(?:points?|pts?))?",
                              words)  # fmt: skip
        if number and spell.points is None:
            spell.points = int(number.group(1))
            if "-" in part or " to " in words:
                spell.stackable = True
        elif words in _VARIABLE:
            spell.variable = True
        elif (both := _VARIABLE_POINTS.fullmatch(words)) and spell.points is None:
            spell.variable = True
            spell.points = int(both.group(1) or both.group(2))
        elif words in _STACKABLE:
            spell.stackable = True
        elif words in _ONE_USE:
            spell.one_use = True
        elif words in _POINT_WORDS:
            continue
        else:
            spell.notes.append(part.strip())
    return True


def build_magic(reading: Reading, spells: list[SpellRead], labels: Labels) -> None:
    """Spirit spells into the sheet's `spells`; cults (named by `Cult:`, by Rune points, by
    the Rune spells' groups) with their Rune points, rank and Rune spells into `cults`;
    sorcery into the notes. Each guess reported."""
    sheet = reading.sheet
    spirit: list[dict[str, Any]] = []
    rune: list[SpellRead] = []
    sorcery: list[str] = []
    for spell in spells:
        for note in spell.notes:
            reading.unread.append(f"{spell.name}: note {note!r} (gmdash keeps no spell notes)")
        if spell.kind == "sorcery":
            sorcery.append(spell.name + (f" {spell.points}" if spell.points else ""))
            continue
        if spell.points is None:
            spell.points = 1
            reading.assumed.append(f"{spell.name}: no points given: 1")
        if spell.kind == "rune":
            rune.append(spell)
        else:
            spirit.append({"name": spell.name, "points": spell.points,
                           "variable": spell.variable})  # fmt: skip
    if spirit:
        sheet["spells"] = spirit
    if sorcery:
        reading.unread.append("sorcery (gmdash has no sorcery; kept in the notes): "
                              + ", ".join(sorcery))  # fmt: skip
        reading.kept_notes.append("Sorcery: " + ", ".join(sorcery))
    cults = _cults(reading, rune, labels)
    if cults:
        sheet["cults"] = cults
        sheet["rune_points"] = sheet["rune_points_max"] = 0  # each cult's pool holds them


def _cults(reading: Reading, rune: list[SpellRead], labels: Labels) -> list[dict[str, Any]]:
    names: list[str] = []
    ranks: dict[str, str] = {}
    for name, printed_rank in labels.cults:
        _add(names, name)
        ranks.setdefault(fold(name), printed_rank)
    for _, name in labels.rune_points:
        if name:
            _add(names, name)
    for spell in rune:
        if spell.cult:
            _add(names, spell.cult)
    if not names and (rune or labels.rune_points):
        names.append("Unnamed cult")
        reading.assumed.append("Rune magic with no cult named: a cult called 'Unnamed cult'")
    if not names:
        return []
    points: dict[str, int] = {}
    for value, name in labels.rune_points:
        key = fold(name) if name else fold(names[0])
        if not name and len(names) > 1:
            reading.assumed.append(f"Rune points {value} with no cult named: {names[0]}'s")
        points[key] = points.get(key, 0) + value
    cults: list[dict[str, Any]] = []
    for index, name in enumerate(names):
        key = fold(name)
        rank_text = ranks.get(key, "")
        rank = known_rank(rank_text)
        if key in points:
            full = points[key]
        elif rank == "lay member":
            full = 0
            reading.assumed.append(f"{name}: no Rune points given: 0 (a lay member)")
        elif index == 0 and not labels.rune_points:
            full = 3
            reading.assumed.append(f"{name}: no Rune points given: 3")
        else:
            full = 0
            reading.assumed.append(f"{name}: no Rune points given: 0")
        cult: dict[str, Any] = {"name": name, "rune_points_max": full, "rune_points": full,
                                "spells": []}  # fmt: skip
        if rank is not None:
            cult["rank"] = rank
        elif rank_text:
            reading.unread.append(f"{name}: rank {rank_text!r} (gmdash knows lay member, "
                                  "initiate, god-talker, rune priest, rune lord)")  # fmt: skip
        cults.append(cult)
    by_key = {fold(c["name"]): c for c in cults}
    for spell in rune:
        owner = by_key.get(fold(spell.cult), cults[0]) if spell.cult else cults[0]
        if not spell.cult and len(cults) > 1:
            reading.assumed.append(f"{spell.name}: no cult named: {cults[0]['name']}'s")
        if any(fold(s["name"]) == fold(spell.name) for s in owner["spells"]):
            continue
        owner["spells"].append({"name": spell.name, "points": spell.points,
                               "stackable": spell.stackable, "one_use": spell.one_use})  # fmt: skip
    return cults


def _add(names: list[str], name: str) -> None:
    if fold(name) not in {fold(n) for n in names}:
        names.append(name)
