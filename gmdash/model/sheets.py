"""Making sheets: a fresh character at full points, and an imported one completed and checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gmdash.model import validate as v
from gmdash.model.character import (
    Ability,
    Character,
    CharacterKind,
    Weapon,
    read_characteristics,
    read_table,
)
from gmdash.model.derived import maxima
from gmdash.model.errors import ValidationError
from gmdash.model.magic import Spell
from gmdash.rules.locations import DEFAULT_TABLE
from gmdash.rules.ruleset import RuleSet


def new_character(
    *,
    id: str,
    name: str,
    characteristics: Mapping[str, int],
    ruleset: RuleSet = RuleSet.RQG,
    kind: CharacterKind = CharacterKind.PC,
    player: str = "",
    abilities: Sequence[Ability] = (),
    weapons: Sequence[Weapon] = (),
    armour: Mapping[str, int] | None = None,
    notes: str = "",
    hit_table: str = DEFAULT_TABLE,
    spells: Sequence[Spell] = (),
) -> Character:
    """A validated sheet whose current hit, magic and rune points are full."""
    chars = read_characteristics(dict(characteristics))
    table = read_table(hit_table)
    full = maxima(chars, ruleset, table)
    return checked(
        Character(
            id=id,
            name=name,
            kind=kind,
            player=player,
            characteristics=chars,
            hit_points=full.hit_points,
            locations=dict(full.locations),
            magic_points=full.magic_points,
            rune_points=full.rune_points,
            rune_points_max=full.rune_points,
            abilities=tuple(abilities),
            weapons=tuple(weapons),
            armour=dict(armour or {}),
            notes=notes,
            hit_table=table.name,
            spells=tuple(spells),
        )
    )


def checked(character: Character) -> Character:
    """The same sheet, validated as if read from a file (a dataclass built in code skips that);
    a sheet of the roster has every hit location (only a spirit in a fight has none)."""
    found = Character.from_dict(character.to_dict())
    if not found.locations:
        raise ValidationError("locations", "a character needs its hit locations")
    return found


def complete(data: object, *, id: str, ruleset: RuleSet) -> Character:
    """A sheet from imported JSON: `id` is ours; missing current points are filled in as full."""
    raw = dict(v.mapping("character", data))
    raw["id"] = id
    if "characteristics" not in raw:
        raise ValidationError("characteristics", "missing")
    table = read_table(raw.get("hit_table", DEFAULT_TABLE))
    full = maxima(read_characteristics(raw["characteristics"]), ruleset, table)
    raw.setdefault("hit_points", full.hit_points)
    raw.setdefault("locations", dict(full.locations))
    raw.setdefault("magic_points", full.magic_points)
    raw.setdefault("rune_points", full.rune_points)
    raw.setdefault("rune_points_max", full.rune_points)
    return Character.from_dict(raw)
