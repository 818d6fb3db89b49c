"""Printed stat blocks read into a sheet: one line, several lines, with a hit-location table,
English or French names (FOR TAI POU), "%" written or not.

Each pass finds one kind of thing (strike ranks, characteristics, the location table, weapons,
derived numbers, armour, abilities and spells) and blanks what it read, so a later pass never
reads it twice and what is left at the end is exactly what was not read. Pure: text in, a
`Reading` out; the campaign's checks come after (`CampaignService.fit_import`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gmdash.model.exchange import MAX_ABILITIES, MAX_NAME, MAX_WEAPONS
from gmdash.model.import_reading import (
    LocationRow,
    Reading,
    bonus_text,
    compare_derived,
    fit_table,
    location_key,
)
from gmdash.rules.attributes import damage_bonus, dex_strike_rank, siz_strike_rank
from gmdash.rules.dice import DiceError, parse_dice
from gmdash.rules.locations import DEFAULT_TABLE, TABLES
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.weapons import BonusShare, WeaponUse, bonus_share, guess_special, guess_use

SOURCE = "the stat block"
MAX_TEXT = 100_000
"""Characters of a pasted block: a whole scenario's foes fit; more is not a stat block."""

CHARACTERISTIC_WORDS = {
    "STR": "STR", "FOR": "STR", "CON": "CON", "SIZ": "SIZ", "TAI": "SIZ", "DEX": "DEX",
    "INT": "INT", "POW": "POW", "POU": "POW", "CHA": "CHA", "APP": "APP",
}  # fmt: skip
RUNE_NAMES = frozenset((
    "air", "earth", "fire", "sky", "water", "darkness", "moon", "death", "fertility", "harmony",
    "disorder", "stasis", "movement", "truth", "illusion", "man", "beast", "chaos", "spirit",
    "plant", "law", "change", "mastery", "magic", "infinity", "luck", "dragon", "eau", "terre",
    "feu", "ciel", "ténèbres", "lune", "mort", "fertilité", "harmonie", "désordre", "mouvement",
    "vérité", "homme", "bête", "esprit",
))  # fmt: skip
"""Runes by name (English and French): such an ability outside a "Runes:" list is a Rune."""
PASSION_WORDS = ("loyalty", "love", "hate", "fear", "devotion", "honor", "honour", "loyauté",
                 "amour", "haine", "peur", "dévotion", "honneur")  # fmt: skip
NATURAL_WEAPONS = ("claw", "bite", "fist", "kick", "grapple", "butt", "gore", "hoof", "tail",
                   "sting", "tentacle", "trample", "tusk", "horn", "griffe", "morsure", "poing",
                   "coup de pied", "lutte", "corne")  # fmt: skip

_LETTER = "A-Za-zÀ-ÖØ-öø-ÿ"
_WORD = rf"[{_LETTER}][{_LETTER}'’\-]*"
_NAME = rf"{_WORD}(?: {{1,2}}{_WORD})*?(?: {{0,2}}\([^()\n]*\))?"
"""A name: words one or two spaces apart (a wider gap is something read and blanked), then
perhaps a speciality in brackets (`Lore (Sartar)`)."""
_DICE = r"\d*[dD]\d+(?:\s*[+\-]\s*(?:\d*[dD]\d+|\d+))*"
_WORD_START = rf"(?<![{_LETTER}\d])"
_WORD_END = rf"(?![{_LETTER}])"
_CHARACTERISTIC = re.compile(
    _WORD_START + r"(STR|Str|FOR|For|CON|Con|SIZ|Siz|TAI|Tai|DEX|Dex|INT|Int|POW|Pow|POU|Pou"
    r"|CHA|Cha|APP|App)" + _WORD_END + r"\s*[:=.]?\s*(\d{1,3})(?![\d" + _LETTER + "])"
)
_SR_BOTH = re.compile(
    r"(?i)(?:strike\s+ranks?|SR|RA)\s*:?\s*DEX\s*:?\s*(\d{1,2})\s*[,;/]?\s*SIZ\s*:?\s*(\d{1,2})"
)
_SR_ONE = re.compile(r"(?i)\b(DEX|SIZ|TAI)\s+(?:SR|RA)\s*:?\s*(\d{1,2})\b")
_LOCATION_HEADER = re.compile(
    r"(?im)^[ \t]*(?:hit[ \t]+)?(?:locations?|localisations?)\b[^\n]*(?:D20|armou?r|armure"
    r"|HP|PV)[^\n]*$"
)
_LOCATION_ROW = re.compile(
    _WORD_START + rf"(?P<name>[{_LETTER}][{_LETTER}'’. \-]*?)\s*:?\s*(?P<low>\d{{1,2}})"
    r"(?:\s*-\s*(?P<high>\d{1,2}))?\s+(?P<ap>\d{1,3})\s*/\s*(?P<hp>-?\d{1,3})(?!\d)"
)
_WEAPON_HEADER = re.compile(
    r"(?im)^[ \t]*(?:weapons?|armes?|attacks?|attaques?)\b[^\n]*\b(?:SR|RA|damage|dmg|dégâts)"
    r"\b[^\n]*$"
)
_WEAPON = re.compile(
    _WORD_START + rf"(?P<name>{_NAME})\s*:?\s*(?P<pct>\d{{1,3}})\s*%?\s*[,;]?\s*"
    rf"(?:(?:damage|dmg|dégâts)\s*:?\s*)?(?P<dice>{_DICE})(?![\d{_LETTER}])"
)
_AFTER_WEAPON = (
    ("sr", re.compile(r"[ \t]*[,;]?[ \t]*(?:SR|RA)[ \t]*:?[ \t]*(\d{1,2})\b")),
    ("hp", re.compile(r"[ \t]*[,;]?[ \t]*(?:HP|PV|AP/HP)[ \t]*:?[ \t]*(\d{1,3})\b")),
    ("hp", re.compile(r"[ \t]*[,;]?[ \t]*(\d{1,3})[ \t]*(?:HP|PV)\b")),
    ("bare", re.compile(r"[ \t]+(\d{1,2})(?=[ \t]*(?:[,;]|$|\n|[ \t]\d))")),
)
_SECTION_WORDS = r"weapons?|armes?|attacks?|attaques?"
_LABELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("hit_points", re.compile(
        r"(?i)\b(?:hit\s*points|HP|points\s+de\s+vie|PV)\s*[:=]?\s*(\d{1,4})\b")),
    ("magic_points", re.compile(
        r"(?i)\b(?:magic\s*points|MP|points\s+de\s+magie|PM)\s*[:=]?\s*(\d{1,4})\b")),
    ("rune_points", re.compile(
        r"(?i)\b(?:rune\s*points|RP|points\s+de\s+runes?)\s*[:=]?\s*(\d{1,4})\b"
        r"(?:\s*\((?P<cult>[^()\n]*)\))?")),
    ("cult", re.compile(
        rf"(?i)\b(?:cults?|culte)\s*:\s*(?P<name>{_WORD}(?: {_WORD})*)"
        r"(?:\s*\((?P<rank>[^()\n]*)\))?")),
    ("damage_bonus", re.compile(
        r"(?i)\b(?:damage\s*bonus|dmg\s*bonus|DB|bonus\s+aux\s+dégâts|BD)\s*[:=]?\s*"
        r"([+\-]?\s*\d*[dD]\d+|[+\-]?0|none|aucun|—)")),
    ("move", re.compile(r"(?i)\b(?:move(?:ment)?|mouvement|MOV)\s*[:=]?\s*(\d{1,3})\b")),
    ("healing_rate", re.compile(
        r"(?i)\b(?:healing\s*rate|vitesse\s+de\s+guérison)\s*[:=]?\s*(\d{1,3})\b")),
)  # fmt: skip
_ARMOUR_ALL = re.compile(
    r"(?i)\b(?:armou?r|armure|AP)\s*[:=]?\s*(\d{1,3})\s*(?:points?|pts?|AP)?"
    r"(?:\s*\(?\s*(?:all|everywhere|all\s+locations|partout)\s*\)?)?"
)
_HEADER = re.compile(
    r"(?i)(?<![\w])(?P<word>skills|compétences|competences|runes|passions|languages|langues"
    r"|spirit\s+magic|magie\s+spirituelle|rune\s+magic|rune\s+spells|magie\s+runique"
    r"|sorcery|sorcellerie|spells|sorts|magic|magie|notes)\s*:"
)
_ABILITY = re.compile(_WORD_START + rf"(?P<name>{_NAME})\s*[:=]?\s*(?P<value>\d{{1,3}})\s*%?")
_SPELL = re.compile(
    rf"^\s*(?P<name>[{_LETTER}][{_LETTER}'’\-. ]*?)\s*(?:\(?\s*(?P<points>\d{{1,2}})\s*\)?)?"
    r"\s*(?:\((?P<note>[^()]*)\))?\s*\.?\s*$"
)
MAX_LOOSE_WORDS = 3
"""Words in an ability's name outside a "Skills:" section (`Move Quietly`, `Lore (Sartar)`);
longer is a sentence with a number in it."""
_LEFTOVER_NOISE = " \t,.;:|%/()-–—*•"


@dataclass(slots=True)
class _Buffer:
    """The text with what has been read blanked out (newlines kept, so lines stay lines)."""

    text: str
    chars: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = list(self.text)

    @property
    def now(self) -> str:
        return "".join(self.chars)

    def blank(self, start: int, end: int) -> None:
        for index in range(start, end):
            if self.chars[index] != "\n":
                self.chars[index] = " "

    def matches(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Each match on the text as it is now; what a match blanks is not searched again."""
        for match in list(pattern.finditer(self.now)):
            if "".join(self.chars[match.start() : match.end()]) == match.group(0):
                yield match


@dataclass(slots=True)
class _Ability:
    name: str
    kind: str
    value: int


def read_statblock(text: str, ruleset: RuleSet = RuleSet.RQG) -> Reading:
    """The sheet a printed stat block describes, with what was not read (kept in its notes),
    what was assumed, and where the block's own numbers differ from gmdash's."""
    reading = Reading(source=SOURCE, sheet={"kind": "npc"})
    if len(text) > MAX_TEXT:
        reading.unread.append(f"the text is longer than {MAX_TEXT:,} characters: not read")
        return reading
    buffer = _Buffer(_normal(text))
    printed: dict[str, Any] = {}
    _read_strike_ranks(buffer, printed)
    chars = _read_characteristics(buffer, reading)
    _read_location_table(buffer, reading)
    abilities: list[_Ability] = []
    weapons = _read_weapons(buffer, reading, chars, printed, abilities)
    _read_labels(buffer, reading, printed)
    _read_armour(buffer, reading)
    notes = _read_sections(buffer, reading, abilities)
    name = _read_name(buffer, text)
    _build(reading, name, chars, abilities, weapons, printed, ruleset)
    leftovers = _leftovers(buffer)
    reading.unread += [repr(piece) for piece in leftovers]
    kept = [*notes, *(["Not read on import: " + "; ".join(leftovers)] if leftovers else [])]
    if kept:
        reading.sheet["notes"] = "\n".join(kept)
    return reading


_ODD_CHARACTERS = (
    ("\t", "    "), ("\u00a0", " "), ("\u2009", " "), ("\u202f", " "), ("–", "-"), ("—", "-"),
    ("−", "-"), ("\r\n", "\n"), ("\r", "\n"),
)  # fmt: skip
"""Tabs, hard spaces and dashes a pasted block may hold, and what they are read as."""


def _normal(text: str) -> str:
    for odd, plain in _ODD_CHARACTERS:
        text = text.replace(odd, plain)
    return text


def _read_strike_ranks(buffer: _Buffer, printed: dict[str, Any]) -> None:
    for match in buffer.matches(_SR_BOTH):
        printed.setdefault("dex_sr", int(match.group(1)))
        printed.setdefault("siz_sr", int(match.group(2)))
        buffer.blank(match.start(), match.end())
    for match in buffer.matches(_SR_ONE):
        key = "dex_sr" if match.group(1).upper() == "DEX" else "siz_sr"
        printed.setdefault(key, int(match.group(2)))
        buffer.blank(match.start(), match.end())


def _read_characteristics(buffer: _Buffer, reading: Reading) -> dict[str, int]:
    chars: dict[str, int] = {}
    for match in buffer.matches(_CHARACTERISTIC):
        key = CHARACTERISTIC_WORDS[match.group(1).upper()]
        if key in chars:
            continue  # a second "CON 11" is prose, left for the report
        chars[key] = int(match.group(2))
        buffer.blank(match.start(), match.end())
    return chars


def _read_location_table(buffer: _Buffer, reading: Reading) -> None:
    for match in buffer.matches(_LOCATION_HEADER):
        buffer.blank(match.start(), match.end())
    for match in buffer.matches(_LOCATION_ROW):
        low = int(match.group("low"))
        high = int(match.group("high") or low)
        if not 1 <= low <= high <= 20:
            continue
        name = match.group("name").strip(" .-")
        reading.location_table.append(
            LocationRow(
                name=name,
                low=low,
                high=high,
                armour=int(match.group("ap")),
                hit_points=int(match.group("hp")),
            )
        )
        buffer.blank(match.start(), match.end())


def _read_weapons(
    buffer: _Buffer,
    reading: Reading,
    chars: dict[str, int],
    printed: dict[str, Any],
    abilities: list[_Ability],
) -> list[dict[str, Any]]:
    for match in buffer.matches(_WEAPON_HEADER):
        buffer.blank(match.start(), match.end())
    weapons: list[dict[str, Any]] = []
    now = buffer.now  # what follows a weapon is not blanked by the weapons before it
    for match in buffer.matches(_WEAPON):
        name = re.sub(rf"(?i)^(?:{_SECTION_WORDS})\s+", "", match.group("name").strip(" .-"))
        dice = re.sub(r"\s+", "", match.group("dice")).upper()
        if name.casefold().startswith(("spirit combat", "combat spirituel")):
            abilities.append(_Ability(name, "skill", int(match.group("pct"))))
            reading.unread.append(f"{name}: spirit combat damage {dice} (gmdash does not keep it)")
            buffer.blank(match.start(), match.end())
            continue
        end = match.end()
        found: dict[str, int] = {}
        for key, pattern in _AFTER_WEAPON:
            follow = pattern.match(now, end)
            while follow is not None:
                slot = key if key != "bare" else ("sr" if "sr" not in found else "hp")
                if slot in found:
                    break
                found[slot] = int(follow.group(1))
                end = follow.end()
                follow = pattern.match(now, end) if key == "bare" else None
        weapons.append({"name": name, "pct": int(match.group("pct")), "dice": dice, **found})
        buffer.blank(match.start(), end)
    return weapons


def _read_labels(buffer: _Buffer, reading: Reading, printed: dict[str, Any]) -> None:
    for key, pattern in _LABELS:
        for match in buffer.matches(pattern):
            groups = match.groupdict()
            if key == "cult":
                printed.setdefault("cult", match.group("name").strip())
                printed.setdefault("cult_rank", (groups.get("rank") or "").strip())
            else:
                value = match.group(1)
                printed.setdefault(key, value if key == "damage_bonus" else int(value))
                if groups.get("cult"):
                    printed.setdefault("cult", groups["cult"].strip())
            buffer.blank(match.start(), match.end())


def _read_armour(buffer: _Buffer, reading: Reading) -> None:
    for match in buffer.matches(_ARMOUR_ALL):
        if reading.location_table:
            continue  # the table's armour is per location; this line is left for the report
        points = int(match.group(1))
        reading.sheet["armour"] = {key: points for key in TABLES[DEFAULT_TABLE].keys}
        reading.assumed.append(f"armour {points} on every location (one value given)")
        buffer.blank(match.start(), match.end())
        return


def _read_sections(buffer: _Buffer, reading: Reading, abilities: list[_Ability]) -> list[str]:
    """Abilities (in a section or not) and spells; returns the notes sections' text."""
    notes: list[str] = []
    now = buffer.now
    headers = list(_HEADER.finditer(now))
    spans: list[tuple[str, int, int]] = []
    for index, header in enumerate(headers):
        stop = headers[index + 1].start() if index + 1 < len(headers) else len(now)
        blank_line = re.search(r"\n[ \t]*\n", now[header.end() : stop])
        if blank_line:
            stop = header.end() + blank_line.start()
        word = " ".join(header.group("word").casefold().split())
        spans.append((word, header.end(), stop))
        buffer.blank(header.start(), header.end())
    for word, start, stop in spans:  # sections do not overlap: what one blanks is its own
        if word == "notes":
            notes.append(now[start:stop].strip())
            buffer.blank(start, stop)
        elif _is_spell_section(word):
            _read_spells(buffer, reading, word, now[start:stop], start)
    starts = [start for _, start, _ in spans]
    for match in buffer.matches(_ABILITY):
        name = match.group("name").strip(" .-")
        if not name:
            continue
        index = bisect.bisect_right(starts, match.start()) - 1
        inside = index >= 0 and match.start() < spans[index][2]
        section = spans[index][0] if inside else ""
        if section and _is_spell_section(section):
            continue  # a line in a spell list that is no spell, left for the report
        if not section and len(re.sub(r"\([^)]*\)", "", name).split()) > MAX_LOOSE_WORDS:
            continue  # prose ("carries a purse of 20 Lunars"), left for the report
        abilities.append(_Ability(name, _ability_kind(name, section), int(match.group("value"))))
        buffer.blank(match.start(), match.end())
    return notes


def _is_spell_section(word: str) -> bool:
    return word not in ("skills", "compétences", "competences", "runes", "passions",
                        "languages", "langues", "notes")  # fmt: skip


def _read_spells(buffer: _Buffer, reading: Reading, word: str, body: str, start: int) -> None:
    """A spell list (`body`, at `start`): `Bladesharp 2, Heal (2), Protection 4 (variable)`."""
    kind = "rune" if "run" in word else "sorcery" if "sorc" in word else "spirit"
    offset = start
    for piece in re.split(r"([,;\n])", body):
        match = _SPELL.match(piece) if piece not in (",", ";", "\n") and piece.strip() else None
        if match:
            note = (match.group("note") or "").strip()
            variable = note.casefold().startswith("var")
            points = int(match.group("points")) if match.group("points") else None
            reading.spells.append(
                (
                    kind,
                    match.group("name").strip(" .-"),
                    points,
                    variable,
                    note if note and not variable else "",
                )
            )
            buffer.blank(offset, offset + len(piece))
        offset += len(piece)


def _ability_kind(name: str, section: str) -> str:
    if section == "runes":
        return "rune"
    if section == "passions":
        return "passion"
    if section:
        return "skill"
    folded = name.casefold()
    if folded in RUNE_NAMES:
        return "rune"
    if folded.split(" ")[0].split("(")[0] in PASSION_WORDS:
        return "passion"
    return "skill"


def _read_name(buffer: _Buffer, original: str) -> str:
    """The first line's unread text before anything read on it (`Broo warrior.`)."""
    for line_start, line in _lines(buffer.now):
        if not line.strip(_LEFTOVER_NOISE):
            continue
        cut = re.search(r"\s{5,}", line.strip())
        first = line.strip()[: cut.start()] if cut else line.strip()
        name = first.strip(_LEFTOVER_NOISE)
        if not name:
            continue
        at = line_start + line.index(first)
        buffer.blank(at, at + len(first))
        return " ".join(name.split())[:MAX_NAME]
    return ""


def _lines(text: str) -> Iterator[tuple[int, str]]:
    start = 0
    for line in text.split("\n"):
        yield start, line
        start += len(line) + 1


def _leftovers(buffer: _Buffer) -> list[str]:
    pieces: list[str] = []
    for _, line in _lines(buffer.now):
        for piece in re.split(r"\s{3,}|[,;]", line):
            cleaned = " ".join(piece.split()).strip(_LEFTOVER_NOISE)
            if any(char.isalnum() for char in cleaned):
                pieces.append(cleaned)
    return pieces


def _build(
    reading: Reading,
    name: str,
    chars: dict[str, int],
    abilities: list[_Ability],
    weapons: list[dict[str, Any]],
    printed: dict[str, Any],
    ruleset: RuleSet,
) -> None:
    sheet = reading.sheet
    if not name:
        name = "Unnamed foe"
        reading.assumed.append("no name given: 'Unnamed foe'")
    sheet["name"] = name
    sheet["characteristics"] = dict(chars)
    missing = [key for key in ("STR", "CON", "SIZ", "DEX", "INT", "POW") if key not in chars]
    if missing:
        reading.unread.append(f"characteristics not given: {' '.join(missing)}")
    complete = not missing
    bonus = damage_bonus(chars["STR"] + chars["SIZ"], ruleset) if complete else None
    sheet_weapons: list[dict[str, Any]] = []
    for index, weapon in enumerate(weapons[:MAX_WEAPONS]):
        abilities.insert(index, _Ability(weapon["name"], "skill", weapon["pct"]))
        read = _weapon(reading, weapon, chars, bonus, complete)
        if read is not None:
            sheet_weapons.append(read)
    if len(weapons) > MAX_WEAPONS:
        reading.unread.append(f"weapons beyond the first {MAX_WEAPONS}")
    sheet["weapons"] = _unique_by_name(reading, sheet_weapons, "weapon")
    sheet["abilities"] = _unique_by_name(
        reading,
        [{"name": a.name, "kind": a.kind, "value": a.value, "ticked": False}
         for a in abilities[:MAX_ABILITIES]],
        "ability",
    )  # fmt: skip
    _map_locations(reading, printed)
    _magic(reading, printed)
    if complete:
        compare_derived(reading, chars, printed, ruleset)


def _weapon(
    reading: Reading,
    weapon: dict[str, Any],
    chars: dict[str, int],
    bonus: str | None,
    complete: bool,
) -> dict[str, Any] | None:
    """The sheet's weapon for one read from the block; None (reported) when its damage is no
    dice gmdash can roll (its skill is kept)."""
    name: str = weapon["name"]
    use = guess_use(name)
    dice = _without_bonus(reading, name, weapon["dice"], bonus, use)
    if dice is None:
        return None
    printed_sr = weapon.get("sr")
    sr = 0
    if printed_sr is None:
        reading.assumed.append(f"{name}: no strike rank given: weapon SR 0")
    elif not complete:
        sr = min(printed_sr, 12)
        reading.assumed.append(f"{name}: SR {printed_sr} kept as the weapon's own SR")
    else:
        own = dex_strike_rank(chars["DEX"]) + (
            0 if use.is_ranged else siz_strike_rank(chars["SIZ"])
        )
        sr = max(0, min(12, printed_sr - own))
        reading.assumed.append(
            f"{name}: SR {printed_sr} read as the total: weapon SR {sr} after "
            f"{'DEX SR' if use.is_ranged else 'DEX and SIZ SR'} {own}"
        )
        if printed_sr - own != sr:
            reading.differences.append(
                f"{name}: SR {printed_sr} is less than gmdash's DEX/SIZ strike ranks, {own}"
            )
    hit_points = weapon.get("hp")
    if hit_points is None:
        hit_points = 0
        natural = any(word in name.casefold() for word in NATURAL_WEAPONS)
        if not natural:
            reading.assumed.append(f"{name}: no weapon HP given: 0 (it never breaks)")
    return {"name": name, "skill": name, "damage": dice, "sr": sr, "hit_points": hit_points,
            "special": str(guess_special(name)), "use": str(use)}  # fmt: skip


def _without_bonus(
    reading: Reading, name: str, dice: str, bonus: str | None, use: WeaponUse
) -> str | None:
    """The weapon's own damage: a printed `1D8+1+1D4` adds the damage bonus, which gmdash adds
    itself when the blow lands. None when the damage is no dice gmdash rolls."""
    try:
        terms = parse_dice(dice).terms
    except DiceError as error:
        reading.unread.append(f"{name}: damage {dice!r} is not dice gmdash rolls ({error})")
        return None
    dice_terms = [term for term in terms if term.sides]
    if len(dice_terms) < 2 or not terms[-1].sides:
        return dice
    own = "".join(str(term) for term in terms[:-1]).lstrip("+")
    added = bonus_text(str(terms[-1]))
    full_share = bonus_share(use) is BonusShare.FULL
    if bonus is not None and full_share and added != bonus_text(bonus):
        reading.differences.append(
            f"{name}: damage {dice} adds {added}; gmdash's damage bonus is {bonus_text(bonus)}"
        )
    reading.assumed.append(f"{name}: damage {dice} read as {own} plus the damage bonus {added}")
    return own


def _unique_by_name(
    reading: Reading, items: list[dict[str, Any]], what: str
) -> list[dict[str, Any]]:
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for item in items:
        key = item["name"].casefold()
        if key in seen:
            if what != "ability":
                reading.unread.append(f"a second {what} called {item['name']!r}")
            continue
        seen.add(key)
        kept.append(item)
    return kept


def _map_locations(reading: Reading, printed: dict[str, Any]) -> None:
    """The table's rows give the sheet's hit-location table (gmdash's table with exactly these
    locations), its armour per location, and printed HP to compare."""
    if not reading.location_table:
        return
    keys = [location_key(row.name) for row in reading.location_table]
    table = fit_table(reading, keys) or TABLES[DEFAULT_TABLE]
    rows = [(key, row) for key, row in zip(keys, reading.location_table, strict=True)
            if table.has(key)]  # fmt: skip
    if rows:
        reading.sheet["armour"] = {key: row.armour for key, row in rows if row.armour}
        printed["locations"] = {key: row.hit_points for key, row in rows}


def _magic(reading: Reading, printed: dict[str, Any]) -> None:
    """Spells into `spells`, Rune spells and Rune points into a cult (the one the block names,
    else one called "Unnamed cult"), each guess reported."""
    sheet = reading.sheet
    spirit: list[dict[str, Any]] = []
    rune: list[dict[str, Any]] = []
    cult_name = printed.pop("cult", "")
    for kind, name, points, variable, note in reading.spells:
        if kind == "sorcery":
            reading.unread.append(f"sorcery {name!r} (gmdash has no sorcery)")
            continue
        if points is None:
            points = 1
            reading.assumed.append(f"{name}: no points given: 1")
        if kind == "rune":
            cult_name = cult_name or note
            rune.append({"name": name, "points": points})
        else:
            spirit.append({"name": name, "points": points, "variable": variable})
    rune_points = printed.pop("rune_points", None)
    if spirit:
        sheet["spells"] = _unique_by_name(reading, spirit, "spell")
    if not (rune or cult_name or rune_points is not None):
        return
    if not cult_name:
        cult_name = "Unnamed cult"
        reading.assumed.append("Rune magic with no cult named: a cult called 'Unnamed cult'")
    if rune_points is None:
        rune_points = 3
        reading.assumed.append(f"{cult_name}: no Rune points given: 3")
    rank = printed.pop("cult_rank", "").casefold()
    cult: dict[str, Any] = {"name": cult_name, "rune_points_max": rune_points,
                            "rune_points": rune_points,
                            "spells": _unique_by_name(reading, rune, "Rune spell")}  # fmt: skip
    if rank in ("lay member", "initiate", "god-talker", "rune priest", "rune lord"):
        cult["rank"] = rank
    elif rank:
        reading.unread.append(f"{cult_name}: rank {rank!r} (gmdash knows lay member, initiate, "
                              "god-talker, rune priest, rune lord)")  # fmt: skip
    sheet["cults"] = [cult]
    sheet["rune_points"] = sheet["rune_points_max"] = 0  # the cult's own pool holds them
