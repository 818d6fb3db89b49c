"""The stat-block corpus's shape: a block as a book prints one, and the facts it must give.

The blocks (corpus_en.py, corpus_fr.py) are our own characters and creatures, written in the
layouts of the published RQG books and of the French edition. `problems` compares what the
reader made of a block with its facts and says, one line each, what differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmdash.formats.reading import Reading
from gmdash.formats.text import LineState
from gmdash.model.sheets import complete
from gmdash.rules.attributes import dex_strike_rank, siz_strike_rank
from gmdash.rules.locations import TABLES
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.weapons import WeaponUse


@dataclass(frozen=True)
class W:
    """A weapon: its skill %, its own damage (the damage bonus taken off), the strike rank the
    block prints (the total) and its hit points (0: none, a natural weapon)."""

    name: str
    pct: int
    damage: str
    sr: int
    hp: int = 0


@dataclass(frozen=True)
class Facts:
    name: str
    chars: dict[str, int]
    weapons: tuple[W, ...] = ()
    skills: dict[str, int] = field(default_factory=dict)
    """Skills besides the weapons' own."""
    runes: dict[str, int] = field(default_factory=dict)
    passions: dict[str, int] = field(default_factory=dict)
    spirit: dict[str, int] = field(default_factory=dict)
    """Spirit spells and their points."""
    variable: frozenset[str] = frozenset()
    cults: dict[str, tuple[int, dict[str, int]]] = field(default_factory=dict)
    """Cult -> (Rune points, its Rune spells and their points)."""
    armour: dict[str, int] = field(default_factory=dict)
    table: str = "humanoid"
    not_read: tuple[str, ...] = ()
    """Lines not read at all, as written."""
    partly: tuple[str, ...] = ()
    """Pieces of lines not read, as written."""
    notes: tuple[str, ...] = ()
    """Text the sheet's notes must keep (a `Notes:` line, sorcery)."""


@dataclass(frozen=True)
class Block:
    key: str
    language: str
    layout: str
    text: str
    facts: Facts


def armour(*, legs: int = 0, abdomen: int = 0, chest: int = 0, arms: int = 0,
           head: int = 0) -> dict[str, int]:  # fmt: skip
    """Humanoid armour by location (0: none)."""
    found = {"right_leg": legs, "left_leg": legs, "abdomen": abdomen, "chest": chest,
             "right_arm": arms, "left_arm": arms, "head": head}  # fmt: skip
    return {key: points for key, points in found.items() if points}


def everywhere(points: int, table: str = "humanoid") -> dict[str, int]:
    return dict.fromkeys(TABLES[table].keys, points)


def problems(block: Block, reading: Reading) -> list[str]:
    """What the reading got wrong against the block's facts (empty: all of it right)."""
    facts, sheet = block.facts, reading.sheet
    found: list[str] = []

    def check(what: str, got: object, wanted: object) -> None:
        if got != wanted:
            found.append(f"{what}: got {got!r}, wanted {wanted!r}")

    check("name", sheet.get("name"), facts.name)
    check("characteristics", sheet.get("characteristics"), facts.chars)
    check("hit table", sheet.get("hit_table", "humanoid"), facts.table)
    _weapons(facts, sheet, check)
    abilities = {(a["kind"], a["name"]): a["value"] for a in sheet.get("abilities", [])}
    skills = {name: value for (kind, name), value in abilities.items() if kind == "skill"}
    check("skills", skills, {**{w.name: w.pct for w in facts.weapons}, **facts.skills})
    check("runes", {n: v for (k, n), v in abilities.items() if k == "rune"}, facts.runes)
    check("passions", {n: v for (k, n), v in abilities.items() if k == "passion"},
          facts.passions)  # fmt: skip
    spells = sheet.get("spells", [])
    check("spirit spells", {s["name"]: s["points"] for s in spells}, facts.spirit)
    check("variable spells", {s["name"] for s in spells if s["variable"]}, set(facts.variable))
    cults = {c["name"]: (c["rune_points_max"], {s["name"]: s["points"] for s in c["spells"]})
             for c in sheet.get("cults", [])}  # fmt: skip
    check("cults", cults, facts.cults)
    check("armour", sheet.get("armour", {}), facts.armour)
    not_read = tuple(line.text for line in reading.lines if line.state is LineState.NOT_READ)
    check("lines not read", not_read, facts.not_read)
    pieces = tuple(piece for line in reading.lines if line.state is LineState.PARTLY
                   for piece in line.unread)  # fmt: skip
    check("pieces not read", pieces, facts.partly)
    for note in facts.notes:
        if note not in sheet.get("notes", ""):
            found.append(f"notes: {note!r} not kept")
    try:
        complete(sheet, id="c0001", ruleset=RuleSet.RQG)
    except Exception as error:  # the sheet must be one gmdash saves
        found.append(f"the sheet is refused: {error}")
    return found


def _weapons(facts: Facts, sheet: dict[str, Any], check: Any) -> None:
    chars = facts.chars
    weapons = {w["name"]: w for w in sheet.get("weapons", [])}
    wanted = {w.name: w for w in facts.weapons if w.damage}
    check("weapons", sorted(weapons), sorted(wanted))
    for name, fact in wanted.items():
        got = weapons.get(name)
        if got is None:
            continue
        ranged = WeaponUse(got["use"]).is_ranged
        total = (
            got["sr"]
            + dex_strike_rank(chars["DEX"])
            + (0 if ranged else siz_strike_rank(chars["SIZ"]))
        )
        check(f"{name} damage", got["damage"], fact.damage)
        check(f"{name} total SR", total, fact.sr)
        check(f"{name} HP", got["hit_points"], fact.hp)
