"""The labelled numbers of a stat block: hit points, magic points, Rune points with their cults,
the cults, damage bonus, move, healing rate, strike ranks, spirit combat and its damage, a name.

`read_long_labels` takes the written-out labels (`Hit Points: 15`, `Points de Rune : 3
(Humakt)`) before anything else; `read_short_labels` takes the abbreviations (`HP 12`, `PM 11`)
once the weapons have been read, so a weapon's `HP 12` stays the weapon's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gmdash.formats.reading import Reading
from gmdash.formats.sections import Section, section_at, word_pattern
from gmdash.formats.text import LETTER, Buffer
from gmdash.formats.vocabulary import CULT_RANKS, SectionKind, fold

_W = rf"(?<![{LETTER}\d])"
_E = rf"(?![{LETTER}])"
_SEP = r"[ \t]*[:=]?[ \t]*"
_NUMBER = r"(?P<value>\d{1,4})(?:[ \t]*/[ \t]*\d{1,4})?(?![\d%])"
_BONUS = (
    r"(?P<value>[+\-]?[ \t]*\d*[dD]\d+(?:[ \t]*[+\-][ \t]*\d*[dD]?\d+)*|[+\-]?0"
    r"|(?i:none|aucun)|-(?![ \t]*\d))"
)
_NAME = rf"[{LETTER}][{LETTER}'\-]{{0,40}}(?:[ \t]+[{LETTER}][{LETTER}'\-]{{0,40}}){{0,7}}"
"""A cult's name: at most eight words (bounded, so a long line is read in linear time)."""


def _words(*words: str) -> str:
    return "(?:" + "|".join(word_pattern(fold(word)) for word in words) + ")"


_LONG: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("hit_points", re.compile(_W + _words("total hit points", "hit points", "points de vie")
                              + _E + _SEP + _NUMBER)),
    ("magic_points", re.compile(_W + _words("magic points", "points de magie") + _E + _SEP
                                + _NUMBER)),
    ("damage_bonus", re.compile(_W + _words("damage bonus", "damage modifier", "dmg bonus",
                                            "bonus aux degats", "modificateur de degats")
                                + _E + _SEP + _BONUS)),
    ("move", re.compile(_W + _words("movement rate", "move", "vitesse de deplacement",
                                    "points de mouvement") + _E + _SEP + _NUMBER)),
    ("base_sr", re.compile(_W + _words("base sr", "base strike rank") + _E + _SEP + _NUMBER)),
    ("healing_rate", re.compile(_W + _words("healing rate", "vitesse de guerison") + _E + _SEP
                                + _NUMBER)),
)  # fmt: skip
_SHORT: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("hit_points", re.compile(_W + r"(?:HP|PV)" + _E + _SEP + _NUMBER)),
    ("magic_points", re.compile(_W + r"(?:MP|PM)" + _E + _SEP + _NUMBER)),
    ("damage_bonus", re.compile(_W + r"DB" + _E + _SEP + _BONUS)),
    ("move", re.compile(_W + r"MOV" + _E + _SEP + _NUMBER)),
)
_RUNE_POINTS = re.compile(
    _W
    + r"(?:"
    + _words("rune points", "points de runes", "points de rune")
    + r"|RP)"
    + _E
    + r"[ \t]*[:=]?[ \t]*(?P<list>[^\n]*)"
)
_POINTS_FOR = re.compile(
    rf"^[ \t]*(?:(?P<points>\d{{1,3}})(?:[ \t]*/[ \t]*\d{{1,3}})?[ \t]*(?:\([ \t]*(?P<cult>{_NAME})"
    rf"[ \t]*\))?|(?P<cult2>{_NAME})[ \t]*:?[ \t]*(?P<points2>\d{{1,3}}))[ \t]*$"
)
_CULTS = re.compile(_W + _words("cults", "cult", "cultes", "culte") + _E
                    + r"[ \t]*[:=][ \t]*(?P<list>[^\n]*)")  # fmt: skip
_CULT = re.compile(
    rf"^[ \t]*(?P<name>{_NAME})[ \t]*(?:\([ \t]*(?P<rank>[^()\n]*?)[ \t]*\))?[ \t]*$"
)
_STRIKE_RANKS = (
    re.compile(r"(?i)" + _W + r"(?:strike[ \t]+ranks?|SR|RA|rang[ \t]+d'action)" + _SEP
               + r"DEX[ \t]*:?[ \t]*(?P<dex>\d{1,2})[ \t]*[,;/]?[ \t]*(?:and[ \t]+|et[ \t]+)?"
               r"(?:SIZ|TAI)[ \t]*:?[ \t]*(?P<siz>\d{1,2})\b"),
    re.compile(r"(?i)" + _W + r"(?P<which>DEX|SIZ|TAI)[ \t]+(?:SR|RA)" + _SEP
               + r"(?P<value>\d{1,2})\b"),
    re.compile(r"(?i)" + _W + r"(?:SR|RA)[ \t]+(?P<which>DEX|SIZ|TAI)" + _SEP
               + r"(?P<value>\d{1,2})\b"),
)  # fmt: skip
_SPIRIT_COMBAT = re.compile(
    _W
    + rf"(?P<name>{_words('spirit combat', 'combat spirituel')})"
    + _SEP
    + r"(?P<value>\d{1,3})[ \t]*%?(?:[ \t]*[,;(]?[ \t]*(?:"
    + _words("damage", "dmg", "degats")
    + r")?[ \t]*:?[ \t]*(?P<dice>\d*[dD]\d+(?:[ \t]*[+\-][ \t]*\d*[dD]?\d+)*)[ \t]*\)?)?"
)
_SPIRIT_DAMAGE = re.compile(
    _W
    + _words("spirit combat damage", "degats de combat spirituel")
    + _SEP
    + r"(?P<dice>\d*[dD]\d+(?:[ \t]*[+\-][ \t]*\d*[dD]?\d+)*)"
)
_NAME_LABEL = re.compile(r"(?im)^[ \t]*(?:name|nom)[ \t]*:[ \t]*(?P<name>[^\n]+?)[ \t]*$")


@dataclass(slots=True)
class Labels:
    """What the labels gave: the block's own derived numbers (to compare), its cults and their
    Rune points, spirit combat, a name."""

    printed: dict[str, object] = field(default_factory=dict)
    cults: list[tuple[str, str]] = field(default_factory=list)
    """(cult, rank as printed) in order."""
    rune_points: list[tuple[int, str]] = field(default_factory=list)
    """(points, cult or "") in order."""
    spirit_combat: int | None = None
    spirit_combat_name: str = ""
    """As printed (`Combat spirituel`): kept as gmdash's `Spirit Combat`."""
    spirit_damage: str = ""
    name: str = ""


def read_long_labels(buffer: Buffer, labels: Labels) -> None:
    """The written-out labels, the strike ranks, Rune points, cults, spirit combat, a name."""
    for match in buffer.matches(_NAME_LABEL):
        labels.name = labels.name or match.group("name")
        buffer.blank(match.start(), match.end())
    for pattern in _STRIKE_RANKS:
        for match in buffer.matches(pattern):
            groups = match.groupdict()
            if groups.get("dex") is not None:
                labels.printed.setdefault("dex_sr", int(groups["dex"]))
                labels.printed.setdefault("siz_sr", int(groups["siz"]))
            else:
                key = "dex_sr" if groups["which"].upper() == "DEX" else "siz_sr"
                labels.printed.setdefault(key, int(groups["value"]))
            buffer.blank(match.start(), match.end())
    for match in buffer.matches(_SPIRIT_DAMAGE):
        labels.spirit_damage = labels.spirit_damage or _dice(match.group("dice"))
        buffer.blank(match.start(), match.end())
    for match in buffer.matches(_SPIRIT_COMBAT):
        if labels.spirit_combat is None:
            labels.spirit_combat = int(match.group("value"))
            labels.spirit_combat_name = " ".join(match.group("name").split())
        if match.group("dice"):
            labels.spirit_damage = labels.spirit_damage or _dice(match.group("dice"))
        buffer.blank(match.start(), match.end())
    _read(buffer, labels, _LONG)
    _read_rune_points(buffer, labels)
    _read_cults(buffer, labels)


_MOVEMENT = re.compile(
    _W + rf"(?P<word>{_words('movement', 'mouvement')})[ \t]*[:=][ \t]*(?P<value>\d{{1,2}})"
    r"(?![\d%])(?![ \t]*%)"
)
MAX_MOVE = 30


def read_movement(
    buffer: Buffer, labels: Labels, sections: list[Section], reading: Reading
) -> None:
    """`Mouvement : 8` outside the Runes, with no "%" and a value a move can be, is the move
    (the seed's "Points de Mouvement"); `Movement 75%` stays the Rune."""
    for match in buffer.matches(_MOVEMENT):
        section = section_at(sections, match.start())
        value = int(match.group("value"))
        if (section is not None and section.kind is SectionKind.RUNES) or value > MAX_MOVE:
            continue
        labels.printed.setdefault("move", value)
        reading.assumed.append(f"{match.group('word')} {value}: read as the move, not the Rune "
                               "(no %, outside the Runes)")  # fmt: skip
        buffer.blank(match.start(), match.end())


def read_short_labels(buffer: Buffer, labels: Labels) -> None:
    """`HP 12`, `PV 13`, `MP 12`, `PM 11`, `DB +1D4`, `MOV 8` once the weapons are read."""
    _read(buffer, labels, _SHORT)


def _read(buffer: Buffer, labels: Labels, table: tuple[tuple[str, re.Pattern[str]], ...]) -> None:
    for key, pattern in table:
        for match in buffer.matches(pattern):
            value = match.group("value")
            if key == "damage_bonus":
                labels.printed.setdefault(key, "0" if fold(value) in ("none", "aucun", "-")
                                          else "".join(value.split()))  # fmt: skip
            else:
                labels.printed.setdefault(key, int(value))
            buffer.blank(match.start(), match.end())


def _read_rune_points(buffer: Buffer, labels: Labels) -> None:
    """`Rune Points: 3 (Humakt)`, `Points de Rune : 3`, `Rune points: 3 (Orlanth), 2 (Ernalda)`,
    `RP: Orlanth 3`: each piece read is blanked, one that is none of these is left."""
    for match in buffer.matches(_RUNE_POINTS):
        buffer.blank(match.start(), match.start("list"))
        pieces = _pieces(match.group("list"), match.start("list"))
        for text, start in pieces:
            found = _POINTS_FOR.match(text)
            if found is None or not (found.group("points") or found.group("points2")):
                continue
            points = int(found.group("points") or found.group("points2"))
            cult = (found.group("cult") or found.group("cult2") or "").strip()
            labels.rune_points.append((points, cult))
            buffer.blank(start, start + len(text))


def _read_cults(buffer: Buffer, labels: Labels) -> None:
    """`Cult: Humakt (initiate)`, `Cults: Orlanth Adventurous (initiate), Issaries (lay
    member)`, `Culte : Humakt`."""
    for match in buffer.matches(_CULTS):
        buffer.blank(match.start(), match.start("list"))
        for text, start in _pieces(match.group("list"), match.start("list")):
            found = _CULT.match(text)
            if found is None:
                continue
            name = " ".join(found.group("name").split())
            if labels.cults and not labels.cults[-1][1] and known_rank(name):
                labels.cults[-1] = (labels.cults[-1][0], name)  # `Cult: Humakt, initiate`
            else:
                labels.cults.append((name, (found.group("rank") or "")))
            buffer.blank(start, start + len(text))


def _pieces(text: str, start: int) -> list[tuple[str, int]]:
    """A list split on commas, semicolons, "and"/"et" outside brackets, with each piece's
    start in the buffer."""
    pieces: list[tuple[str, int]] = []
    depth = 0
    begin = 0
    index = 0
    while index <= len(text):
        char = text[index] if index < len(text) else ","
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        joiner = re.match(r"[ \t]+(?:and|et|&)[ \t]+", text[index:]) if depth == 0 else None
        if depth == 0 and (char in ",;" or joiner):
            if text[begin:index].strip():
                pieces.append((text[begin:index], start + begin))
            index += joiner.end() if joiner else 1
            begin = index
            continue
        index += 1
    return pieces


def known_rank(printed: str) -> str | None:
    """gmdash's rank for a rank as printed (`Initiate`, `Rune Priest`), if it knows it."""
    return CULT_RANKS.get(fold(printed)) if printed else None


def _dice(text: str) -> str:
    return "".join(text.split()).upper()
