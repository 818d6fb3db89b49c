"""Creature templates: a campaign's bestiary, and the sheets rolled from a template.

A template gives characteristics as dice ("3D6+6", or a plain number), the body's hit-location
table, armour per location, abilities, weapons and spells; `spawn_sheet` rolls one creature's
characteristics with the injected RNG and derives the rest (docs/rules.md#characteristics).
A template may fix total hit points and the damage bonus (a quick foe typed at the table):
those apply to foes of a fight, which carry their own; a roster sheet derives its own.

The bestiary file (its export and import) is read and written by `gmdash.formats.bestiary_file`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from gmdash.model import validate as v
from gmdash.model.character import (
    BASE_CHARACTERISTICS,
    OPTIONAL_CHARACTERISTICS,
    Ability,
    Character,
    CharacterKind,
    Weapon,
    read_table,
)
from gmdash.model.errors import ValidationError
from gmdash.model.magic import Spell, read_spells
from gmdash.model.magic import unique as _unique
from gmdash.model.sheets import new_character
from gmdash.rules import DEFAULT_TABLE, Rng, RuleSet, parse_dice
from gmdash.rules.dice import DiceError

MAX_TEMPLATES = 500
"""Templates in one campaign or one import file."""
MAX_NAME = 200
MAX_NOTES = 20_000
MAX_DICE_TEXT = 40
MAX_CHARACTERISTIC = 999
MAX_ABILITIES = 300
MAX_WEAPONS = 50
MAX_SPAWN = 50
"""Creatures added from a template at once."""
UNROLLED_DICE = "3D6"
"""A template without the campaign's CHA (RQG) or APP (BRP): an animal's, rolled as 3D6."""


@dataclass(frozen=True, kw_only=True)
class CreatureTemplate:
    """One kind of creature ("Broo"), as the bestiary keeps it."""

    name: str
    characteristics: Mapping[str, str]
    hit_table: str = DEFAULT_TABLE
    armour: Mapping[str, int] = field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    spells: tuple[Spell, ...] = ()
    hit_points: int | None = None
    """Total hit points every creature has (a quick foe's); None: derived from each roll."""
    damage_bonus: str | None = None
    """The damage bonus every creature has (a quick foe's); None: derived from STR+SIZ."""
    rune_points: int = 0
    """Rune points outside any cult (RQG): a creature has none unless the template says."""
    notes: str = ""

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name,
            "characteristics": dict(self.characteristics),
            "hit_table": self.hit_table,
            "armour": dict(self.armour),
            "abilities": [a.to_dict() for a in self.abilities],
            "weapons": [w.to_dict() for w in self.weapons],
            "spells": [s.to_dict() for s in self.spells],
            "notes": self.notes,
        }
        if self.hit_points is not None:
            data["hit_points"] = self.hit_points
        if self.damage_bonus is not None:
            data["damage_bonus"] = self.damage_bonus
        if self.rune_points:
            data["rune_points"] = self.rune_points
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "template") -> CreatureTemplate:
        """Read and check a template; ValidationError names the field (under `where`)."""
        try:
            return _read(data)
        except ValidationError as error:
            raise ValidationError(f"{where}.{error.field}", error.message) from None


def _read(data: object) -> CreatureTemplate:
    raw = v.mapping("template", data)
    name = v.name("name", raw.get("name"))
    _short("name", name, MAX_NAME)
    table = read_table(raw.get("hit_table", DEFAULT_TABLE))
    armour_raw = v.mapping("armour", raw.get("armour", {}))
    armour: dict[str, int] = {}
    for key, value in armour_raw.items():
        if not table.has(key):
            raise ValidationError(f"armour.{key}", f"not a hit location of the {table.title} table")
        armour[key] = v.whole(f"armour.{key}", value, low=0, high=99)
    abilities = tuple(
        Ability.from_dict(item, f"abilities[{i}]")
        for i, item in enumerate(_listed("abilities", raw.get("abilities", []), MAX_ABILITIES))
    )
    weapons = tuple(
        Weapon.from_dict(item, f"weapons[{i}]")
        for i, item in enumerate(_listed("weapons", raw.get("weapons", []), MAX_WEAPONS))
    )
    for where, names in (("abilities", [a.name for a in abilities]),
                         ("weapons", [w.name for w in weapons])):  # fmt: skip
        for index, item in enumerate(names):
            _short(f"{where}[{index}].name", item, MAX_NAME)
        _unique(where, names)
    hit_points = raw.get("hit_points")
    bonus = raw.get("damage_bonus")
    notes = v.text("notes", raw.get("notes", ""))
    _short("notes", notes, MAX_NOTES)
    return CreatureTemplate(
        name=name,
        characteristics=read_characteristic_dice(raw.get("characteristics")),
        hit_table=table.name,
        armour=armour,
        abilities=abilities,
        weapons=weapons,
        spells=read_spells(raw.get("spells", [])),
        hit_points=_fixed_hp(hit_points),
        damage_bonus=None if bonus is None else _bonus(bonus),
        rune_points=v.whole("rune_points", raw.get("rune_points", 0), low=0, high=99),
        notes=notes,
    )


def _fixed_hp(value: object) -> int | None:
    return None if value is None else v.whole("hit_points", value, low=1, high=9_999)


def read_characteristic_dice(data: object) -> dict[str, str]:
    """STR CON SIZ DEX INT POW (and CHA and/or APP, optional) as dice or plain numbers, each
    rolling 1 to 999 whatever the dice show."""
    raw = v.mapping("characteristics", data)
    result: dict[str, str] = {}
    for key in raw:
        if key not in BASE_CHARACTERISTICS and key not in OPTIONAL_CHARACTERISTICS:
            raise ValidationError(f"characteristics.{key}", "not a characteristic")
    for key in (*BASE_CHARACTERISTICS, *OPTIONAL_CHARACTERISTICS):
        value = raw.get(key)
        if value is None:
            if key in BASE_CHARACTERISTICS:
                raise ValidationError(f"characteristics.{key}", "missing")
            continue
        result[key] = characteristic_dice(f"characteristics.{key}", value)
    return result


def characteristic_dice(where: str, value: object) -> str:
    """One characteristic's dice: "3D6+6", "2D6+6" or "14"; never below 1 nor above 999."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    text = v.text(where, value, allow_empty=False).strip().upper()
    _short(where, text, MAX_DICE_TEXT)
    try:
        expr = parse_dice(text)
    except DiceError as error:
        raise ValidationError(where, f"not dice: {error}") from None
    if expr.minimum < 1:
        raise ValidationError(where, f"{text} can roll {expr.minimum}; a characteristic is >= 1")
    if expr.maximum > MAX_CHARACTERISTIC:
        raise ValidationError(where, f"{text} can roll {expr.maximum}, above {MAX_CHARACTERISTIC}")
    return text


def _bonus(value: object) -> str:
    text = v.text("damage_bonus", value, allow_empty=False).strip().upper()
    _short("damage_bonus", text, MAX_DICE_TEXT)
    body = text.removeprefix("+")
    if body != "0":
        try:
            parse_dice(body)
        except DiceError as error:
            raise ValidationError("damage_bonus", f"not dice: {error}") from None
    return body


def _listed(where: str, data: object, most: int) -> list[object]:
    items = v.items(where, data)
    if len(items) > most:
        raise ValidationError(where, f"at most {most}, got {len(items)}")
    return items


def _short(where: str, text: str, most: int) -> None:
    if len(text) > most:
        raise ValidationError(where, f"at most {most:,} characters, got {len(text):,}")


# --- spawning --------------------------------------------------------------------------------


def roll_characteristics(template: CreatureTemplate, rng: Rng, ruleset: RuleSet) -> dict[str, int]:
    """One creature's characteristics, each rolled with `rng` (a plain number stays as it is).
    The campaign's CHA (RQG) or APP (BRP) is rolled as 3D6 when the template has none."""
    wanted = "APP" if ruleset is RuleSet.BRP else "CHA"
    dice = dict(template.characteristics)
    if wanted not in dice:
        dice[wanted] = UNROLLED_DICE
    return {key: parse_dice(text).roll(rng).total for key, text in dice.items()}


def spawn_sheet(
    template: CreatureTemplate, *, id: str, name: str, rng: Rng, ruleset: RuleSet
) -> Character:
    """One creature of `template` at full points: an NPC sheet of its own rolled numbers."""
    sheet = new_character(
        id=id,
        name=name,
        kind=CharacterKind.NPC,
        characteristics=roll_characteristics(template, rng, ruleset),
        ruleset=ruleset,
        abilities=template.abilities,
        weapons=template.weapons,
        armour=template.armour,
        notes=template.notes,
        hit_table=template.hit_table,
        spells=template.spells,
    )
    # a creature has no Rune points unless its template gives some (not the adventurer's 3)
    return replace(sheet, rune_points=template.rune_points, rune_points_max=template.rune_points)


def numbered_names(base: str, count: int, taken: Iterable[str]) -> list[str]:
    """`count` names for creatures called `base`, numbered on from those `taken`
    (case-insensitive): "Broo 1".."Broo 4", then "Broo 5"; one alone is just "Broo" while no
    Broo is around (and a plain "Broo" already there counts as Broo 1)."""
    base = base.strip()
    prefix = base.casefold() + " "
    highest = 0
    for name in taken:
        folded = name.strip().casefold()
        if folded == base.casefold():
            highest = max(highest, 1)
        elif folded.startswith(prefix) and folded[len(prefix) :].isdigit():
            highest = max(highest, int(folded[len(prefix) :]))
    if count == 1 and highest == 0:
        return [base]
    return [f"{base} {highest + n}" for n in range(1, count + 1)]


def template_from_sheet(sheet: Character) -> CreatureTemplate:
    """A sheet read from a stat block or an export, kept as a bestiary template: its numbers
    fixed (every creature spawned from it has them; hit points and damage bonus derived from
    them), its hit-location table, armour, skills, weapons at full hit points and spells. The
    sheet's experience ticks and wounds are its own, not the kind's: they are left off."""
    return CreatureTemplate(
        name=sheet.name,
        characteristics={key: str(value) for key, value in sheet.characteristics.items()},
        hit_table=sheet.hit_table,
        armour=dict(sheet.armour),
        abilities=tuple(replace(ability, ticked=False) for ability in sheet.abilities),
        weapons=tuple(replace(w, hit_points=w.max_hit_points) for w in sheet.weapons),
        spells=sheet.spells,
        notes=sheet.notes,
    )
