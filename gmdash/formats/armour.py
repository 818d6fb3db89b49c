"""Armour written as a block writes it, mapped to the locations each piece covers:
`2-point leather jerkin and trews, 3-point open helm`, `bronze greaves (4)`, `Armure : casque
ouvert 4, cuirasse 6`, `head 5, arms 3`, `3 points everywhere`, a creature's `4-point hide`.

A piece without its own points takes those of the piece it is joined to by "and" (`leather
jerkin and trews`), or the one value given for the whole line; every such choice, and what
each piece covers, is listed as assumed. Pieces on one location add up (as Foundry's RQG system
adds the equipped armour of a location: docs/rules.md#armour-pieces).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gmdash.formats.reading import Reading
from gmdash.formats.sections import Section
from gmdash.formats.text import Buffer
from gmdash.formats.vocabulary import (
    ARMOUR_PIECES,
    ARMS,
    ELSEWHERE,
    EVERYWHERE,
    HIT_LOCATIONS,
    LEGS,
    NATURAL_ARMOUR,
    SectionKind,
    fold,
)
from gmdash.rules.locations import HitTable

_PLACES: dict[str, tuple[str, ...]] = {
    "head": ("head",), "chest": ("chest",), "abdomen": ("abdomen",), "arms": ARMS,
    "each arm": ARMS, "legs": LEGS, "each leg": LEGS,
    **{name: (key,) for name, key in HIT_LOCATIONS.items() if " " in name},
    "tete": ("head",), "poitrine": ("chest",), "bras": ARMS, "jambes": LEGS,
    "chaque bras": ARMS, "chaque jambe": LEGS,
}  # fmt: skip
"""Locations a piece of armour text may name outright (`head 5, arms 3`)."""

_POINTS = (
    re.compile(r"(?i)(?<!\d)(?P<v>\d{1,2})[ \t]*-?[ \t]*(?:points?|pts?\.?|AP|PA)(?![a-zà-ÿ])"),
    re.compile(r"\([ \t]*(?P<v>\d{1,2})[ \t]*(?:points?|pts?\.?|AP|PA)?[ \t]*\)"),
    re.compile(r"(?<![\d/])(?P<v>\d{1,2})(?![\d/%])"),
)
_JOINER_MARK = "\0"
"""Marks a joiner ("and") kept between pieces: read when the pieces on both sides are."""
_JOINERS = re.compile(r"(?i)[ \t]+(?:and|et|&|with|avec|over|under|sur|sous)[ \t]+")
_SEPARATORS = re.compile(r"[,;+]")


@dataclass(slots=True)
class Piece:
    text: str
    start: int
    points: int | None = None
    covers: tuple[str, ...] = ()
    what: str = ""
    everywhere: bool = False
    """Points for every location (`3 points everywhere`, a creature's hide)."""
    elsewhere: bool = False
    """Points for every location no other piece covers (`1 point elsewhere`)."""


def read_armour(buffer: Buffer, reading: Reading, sections: list[Section],
                table: HitTable) -> dict[str, int] | None:  # fmt: skip
    """The armour of every `Armor:` section (and of a loose `Armor 2 points (all)`), added up
    by location on `table`; None when the block gives none."""
    result: dict[str, int] | None = None
    now = buffer.now
    for section in sections:
        if section.kind is not SectionKind.ARMOUR:
            continue
        found = _read_text(buffer, reading, now[section.start : section.end], section.start,
                           table)  # fmt: skip
        if found is not None:
            result = _add(result or {}, found)
    loose = re.compile(
        r"(?i)(?<![a-zà-ÿ])(?:armou?r|armure|AP)[ \t]*[:=]?[ \t]*(?P<v>\d{1,2})(?![\d%])[ \t]*"
        r"\.?(?:points?|pts?\.?|AP)?(?:[ \t]*\(?[ \t]*(?P<all>all|everywhere|all locations|"
        r"partout|each location|every location)[ \t]*\)?)?(?:[ \t]*\((?P<what>[^()\n]{0,40})\))?"
    )
    for match in buffer.matches(loose):
        points = int(match.group("v"))
        what = f" ({match.group('what')})" if match.group("what") else ""
        reading.assumed.append(f"armour {points}{what} on every location (one value given)")
        result = _add(result or {}, dict.fromkeys(table.keys, points))
        buffer.blank(match.start(), match.end())
    return result


def _add(total: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    for key, points in more.items():
        total[key] = total.get(key, 0) + points
    return total


def _read_text(
    buffer: Buffer, reading: Reading, text: str, start: int, table: HitTable
) -> dict[str, int] | None:
    if fold(text.strip(" .")) in ("none", "-", "0"):
        buffer.blank(start, start + len(text))
        return {}
    groups = _groups(text, start)
    everywhere = _everywhere(text)
    pieces_found = False
    armour: dict[str, int] = {}
    elsewhere: list[Piece] = []
    for group in groups:
        if _read_group(buffer, reading, table, group, everywhere, armour, elsewhere):
            pieces_found = True
    for piece in elsewhere:
        keys = [key for key in table.keys if key not in armour]
        _put(armour, keys, piece.points or 0)
        where = ", ".join(key.replace("_", " ") for key in keys) or "no location"
        reading.assumed.append(f"armour: {piece.text!r}: {piece.points} on {where}")
        buffer.blank(piece.start, piece.start + len(piece.text))
        pieces_found = True
    return _settle(buffer, reading, text, start, table, groups, everywhere, armour, pieces_found)


def _read_group(
    buffer: Buffer,
    reading: Reading,
    table: HitTable,
    group: list[tuple[str, int]],
    everywhere: int | None,
    armour: dict[str, int],
    elsewhere: list[Piece],
) -> bool:
    """The pieces of one group (joined by "and") put on `armour`, those for the locations no
    other piece covers kept in `elsewhere`; whether any piece was read."""
    joiners = [(text[1:], where) for text, where in group if text.startswith(_JOINER_MARK)]
    pieces = [_piece(piece) for piece in group if not piece[0].startswith(_JOINER_MARK)]
    given = [p.points for p in pieces if p.points is not None]
    found = False
    for piece in pieces:
        if piece.elsewhere and piece.points is not None:
            elsewhere.append(piece)
        elif _put_piece(buffer, reading, table, piece, given, everywhere, armour):
            found = True
    if all(not buffer.is_free(p.start, p.start + len(p.text), p.text) for p in pieces):
        for joiner, at in joiners:
            buffer.blank(at, at + len(joiner))
    return found


def _put_piece(
    buffer: Buffer,
    reading: Reading,
    table: HitTable,
    piece: Piece,
    given: list[int],
    everywhere: int | None,
    armour: dict[str, int],
) -> bool:
    """One piece's points on the locations it covers (its own points, else those of the piece
    it is joined to, else the value given for all); whether it was read."""
    if piece.everywhere and piece.points is not None:
        _put(armour, table.keys, piece.points)
        reading.assumed.append(f"armour: {piece.text!r}: {piece.points} points on every "
                               "location")  # fmt: skip
        buffer.blank(piece.start, piece.start + len(piece.text))
        return True
    if not piece.covers:
        return False
    points = piece.points
    if points is None and given:
        points = given[0]
        reading.assumed.append(f"armour: {piece.text!r}: {points} points, as the piece "
                               "it is joined to")  # fmt: skip
    elif points is None and everywhere is not None:
        points = everywhere
        reading.assumed.append(f"armour: {piece.text!r}: {points} points, the value "
                               "given for all")  # fmt: skip
    if points is None:
        return False
    keys = [key for key in piece.covers if table.has(key)]
    if not keys:
        reading.unread.append(f"armour {piece.text!r}: no location of the sheet's "
                              f"{table.title} table")  # fmt: skip
        return False
    _put(armour, keys, points)
    where = ", ".join(key.replace("_", " ") for key in keys)
    reading.assumed.append(f"armour: {piece.text!r} ({piece.what}): {points} on {where}")
    buffer.blank(piece.start, piece.start + len(piece.text))
    return True


def _settle(
    buffer: Buffer,
    reading: Reading,
    text: str,
    start: int,
    table: HitTable,
    groups: list[list[tuple[str, int]]],
    everywhere: int | None,
    armour: dict[str, int],
    pieces_found: bool,
) -> dict[str, int] | None:
    """The line's armour once its pieces are read: a lone number (or the value given for all)
    on every location when no piece was read; None when nothing was."""
    if not pieces_found and everywhere is None:
        numbers = re.findall(r"(?<![\d/])\d{1,2}(?![\d/%])", text)
        if len(numbers) == 1 and not any(piece.covers for group in groups
                                         for piece in map(_piece, group)):  # fmt: skip
            everywhere = int(numbers[0])
    if not pieces_found and everywhere is not None:
        _put(armour, table.keys, everywhere)
        reading.assumed.append(f"armour {' '.join(text.split())!r}: {everywhere} on every "
                               "location (one value given)")  # fmt: skip
        buffer.blank(start, start + len(text))
        return armour
    if pieces_found and everywhere is not None:
        spread = re.search(_EVERY_PATTERN, text)
        if spread:
            buffer.blank(start + spread.start(), start + spread.end())
    return armour if pieces_found else None


_EVERY_WORDS = "|".join(re.escape(w) for w in sorted(EVERYWHERE, key=len, reverse=True))
_EVERY_PATTERN = re.compile(
    rf"(?i)\(?[ \t]*(?P<v>\d{{1,2}})[ \t]*-?[ \t]*(?:points?|pts?|AP)?[ \t]*\(?[ \t]*"
    rf"(?:on|in|at|sur)?[ \t]*(?:{_EVERY_WORDS})(?:[ \t]+(?:locations?|les localisations))?"
    r"[ \t]*\)?"
)


def _everywhere(text: str) -> int | None:
    """The one value a line gives for every location (`(5 points each location)`), or for
    the whole line when it is only a number (`Armor: 3`)."""
    match = _EVERY_PATTERN.search(text)
    if match:
        return int(match.group("v"))
    bare = re.fullmatch(r"[ \t]*(\d{1,2})[ \t]*(?:points?|pts?|AP)?[ \t]*\.?[ \t]*", text)
    return int(bare.group(1)) if bare else None


def _groups(text: str, start: int) -> list[list[tuple[str, int]]]:
    """The line split on commas and ";" (groups), each group on "and" (pieces), with starts."""
    groups: list[list[tuple[str, int]]] = []
    depth = 0
    begin = 0
    cuts: list[tuple[int, int]] = []
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and _SEPARATORS.match(char):
            cuts.append((begin, index))
            begin = index + 1
    cuts.append((begin, len(text)))
    for low, high in cuts:
        part = text[low:high]
        pieces: list[tuple[str, int]] = []
        at = 0
        for joiner in _JOINERS.finditer(part):
            if part[: joiner.start()].count("(") > part[: joiner.start()].count(")"):
                continue  # inside a bracket: "(enchanted hide and bronze)" is one piece
            pieces.append((part[at : joiner.start()], start + low + at))
            pieces.append((_JOINER_MARK + part[joiner.start() : joiner.end()],
                           start + low + joiner.start()))  # fmt: skip
            at = joiner.end()
        pieces.append((part[at:], start + low + at))
        trimmed = [piece if piece[0].startswith(_JOINER_MARK) else _trim(*piece)
                   for piece in pieces if piece[0].strip(" .")]  # fmt: skip
        if trimmed:
            groups.append(trimmed)
    return groups


def _trim(piece: str, start: int) -> tuple[str, int]:
    lead = len(piece) - len(piece.lstrip(" \t"))
    return piece.strip(" \t").rstrip(" ."), start + lead


def _piece(item: tuple[str, int]) -> Piece:
    text, start = item
    piece = Piece(text, start)
    for pattern in _POINTS:
        found = pattern.search(text)
        if found:
            piece.points = int(found.group("v"))
            break
    words_only = re.sub(r"[()\d,;:.]", " ", text)
    folded = f" {fold(words_only)} "
    if _EVERY_PATTERN.search(text) or any(f" {w} " in folded for w in NATURAL_ARMOUR):
        piece.everywhere = True
        piece.what = "every location"
        return piece
    if any(f" {word} " in folded for word in ELSEWHERE):
        piece.elsewhere = True
        piece.what = "every location not named"
        return piece
    covers: list[str] = []
    names: list[str] = []
    rest = folded
    for word in sorted(_PLACES, key=len, reverse=True):  # named outright: `(linothorax) on chest`
        if f" {word} " in rest:
            covers += [key for key in _PLACES[word] if key not in covers]
            names.append(word)
            rest = rest.replace(f" {word} ", " ")
    if not covers:
        for words, keys in ARMOUR_PIECES:
            for word in words:
                if f" {word} " in folded:
                    covers += [key for key in keys if key not in covers]
                    names.append(word)
                    break
    piece.covers = tuple(covers)
    piece.what = " + ".join(names)
    return piece


def _put(armour: dict[str, int], keys: Iterable[str], points: int) -> None:
    for key in keys:
        armour[key] = armour.get(key, 0) + points
