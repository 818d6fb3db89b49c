"""The character form's magic, as compact text typed fast (no Textual here: tests call it).

Spells, one per line (RQG spirit magic; BRP adds the spell's own chance):

    Bladesharp 2 v          (name, points, optional v: variable)
    Bolt 2 v 45%            (BRP: then the casting chance)

Cults, a header line each, their Rune spells below it on lines starting with "-":

    Orlanth Adventurous | initiate | 2/3 | Air, Movement
    - Lightning 1+ | Air    (name, Rune points, + stackable, optional "one-use", | Runes)
    - Command Sylph 3 one-use

Errors name the line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gmdash.model.magic import MAX_SPELL_POINTS, Cult, CultRank, RuneSpell, Spell

SPELL_LINE = re.compile(
    r"^(?P<name>.*?\S)\s+(?P<points>\d+)(?:\s*(?P<var>v|var|variable))?"
    r"(?:\s+(?P<chance>\d+)\s*%?)?\s*$",
    re.IGNORECASE,
)
RUNE_SPELL_LINE = re.compile(
    r"^(?P<name>.*?\S)\s+(?P<points>\d+)(?P<stack>\+)?(?:\s+(?P<once>one-use|one use|1-use))?\s*$",
    re.IGNORECASE,
)
CULT_FORMAT = "cult | rank | Rune points now/full | Runes"
RANKS = ", ".join(rank.value for rank in CultRank)


def spell_lines(spells: Sequence[Spell], brp: bool = False) -> str:
    return "\n".join(
        f"{s.name} {s.points}" + (" v" if s.variable else "")
        + (f" {s.chance}%" if brp and s.chance is not None else "")
        for s in spells
    )  # fmt: skip


def parse_spells(text: str, brp: bool = False) -> tuple[list[Spell], str | None]:
    """Spells from `Name points [v]` lines (BRP: `Name points [v] chance%`)."""
    found: list[Spell] = []
    seen: set[str] = set()
    example = "'Bolt 2 v 45%'" if brp else "'Bladesharp 2 v'"
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = SPELL_LINE.match(line.strip())
        if match is None:
            return found, f"line {number}: write 'Name points', 'v' if variable, e.g. {example}"
        name, points = match["name"].strip(), int(match["points"])
        if not 1 <= points <= MAX_SPELL_POINTS:
            return found, f"line {number}: {name}'s points are 1 to {MAX_SPELL_POINTS}"
        chance = int(match["chance"]) if match["chance"] else None
        if chance is not None and not brp:
            return found, f"line {number}: spirit magic is cast at POW x 5: write no chance"
        if chance is not None and chance > 999:
            return found, f"line {number}: {name}'s chance is 0 to 999"
        if name.casefold() in seen:
            return found, f"line {number}: {name!r} appears twice"
        seen.add(name.casefold())
        found.append(Spell(name=name, points=points, variable=bool(match["var"]), chance=chance))
    return found, None


def cult_lines(cults: Sequence[Cult]) -> str:
    lines: list[str] = []
    for cult in cults:
        runes = ", ".join(cult.runes)
        lines.append(f"{cult.name} | {cult.rank} | {cult.rune_points}/{cult.rune_points_max}"
                     + (f" | {runes}" if runes else ""))  # fmt: skip
        for spell in cult.spells:
            text = f"- {spell.name} {spell.points}" + ("+" if spell.stackable else "")
            text += " one-use" if spell.one_use else ""
            text += f" | {', '.join(spell.runes)}" if spell.runes else ""
            lines.append(text)
    return "\n".join(lines)


def parse_cults(text: str) -> tuple[list[Cult], str | None]:
    """Cults from header lines (`cult | rank | now/full | Runes`), each followed by its Rune
    spells (`- Name points[+] [one-use] [| Runes]`)."""
    found: list[Cult] = []
    for number, line in enumerate(text.splitlines(), start=1):
        clean = line.strip()
        if not clean:
            continue
        if clean.startswith("-"):
            if not found:
                return found, f"line {number}: a Rune spell goes under its cult's line"
            spell, error = _rune_spell(clean[1:].strip(), number)
            if error:
                return found, error
            assert spell is not None
            cult = found[-1]
            if cult.spell(spell.name) is not None:
                return found, f"line {number}: {cult.name} has {spell.name!r} twice"
            found[-1] = Cult(name=cult.name, rank=cult.rank, rune_points=cult.rune_points,
                             rune_points_max=cult.rune_points_max, runes=cult.runes,
                             spells=(*cult.spells, spell))  # fmt: skip
            continue
        header, error = _cult(clean, number)
        if error:
            return found, error
        assert header is not None
        if any(c.name.casefold() == header.name.casefold() for c in found):
            return found, f"line {number}: {header.name!r} appears twice"
        found.append(header)
    return found, None


def _names(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))


def _rune_spell(text: str, number: int) -> tuple[RuneSpell | None, str | None]:
    body, _, runes = text.partition("|")
    match = RUNE_SPELL_LINE.match(body.strip())
    if match is None:
        return None, (f"line {number}: write '- Name points', + if stackable, 'one-use', "
                      "e.g. '- Lightning 1+ | Air'")  # fmt: skip
    name, points = match["name"].strip(), int(match["points"])
    if not 1 <= points <= MAX_SPELL_POINTS:
        return None, f"line {number}: {name}'s Rune points are 1 to {MAX_SPELL_POINTS}"
    return RuneSpell(name=name, points=points, stackable=bool(match["stack"]),
                     one_use=bool(match["once"]), runes=_names(runes)), None  # fmt: skip


def _cult(text: str, number: int) -> tuple[Cult | None, str | None]:
    parts = [part.strip() for part in text.split("|")]
    if len(parts) < 3 or len(parts) > 4 or not parts[0]:
        return None, f"line {number}: write '{CULT_FORMAT}' (Runes may be left out)"
    name, rank_text, points = parts[:3]
    try:
        rank = CultRank(rank_text.casefold() or CultRank.INITIATE.value)
    except ValueError:
        return None, f"line {number}: the rank is one of {RANKS}, not {rank_text!r}"
    now_text, slash, full_text = points.partition("/")
    if not now_text.strip().isdigit() or (slash and not full_text.strip().isdigit()):
        return None, f"line {number}: Rune points are 'now/full' or 'full', e.g. 2/3"
    now = int(now_text)
    full = int(full_text) if slash else now
    if full > MAX_SPELL_POINTS:
        return None, f"line {number}: at most {MAX_SPELL_POINTS} Rune points"
    if now > full:
        return None, f"line {number}: {now} Rune points now is more than {full} at full"
    runes = _names(parts[3]) if len(parts) == 4 else ()
    return Cult(name=name, rank=rank, rune_points=now, rune_points_max=full, runes=runes), None
