"""A character sheet: characteristics, current points, abilities, weapons and armour."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from gmdash.model import validate as v
from gmdash.model.errors import ValidationError
from gmdash.model.magic import Cult, Spell, find_cult, find_spell, read_cults, read_spells, unique
from gmdash.rules.locations import DEFAULT_TABLE, TABLES, HitTable
from gmdash.rules.ruleset import RQG_CHARACTERISTICS
from gmdash.rules.weapons import SpecialKind, WeaponUse, guess_special, guess_use

CHARACTERISTICS = RQG_CHARACTERISTICS
"""An RQG character's characteristics (docs/rules.md#characteristics); a BRP one has APP, not
CHA."""
BASE_CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "INT", "POW")
"""The characteristics every sheet has, whatever its rules."""
OPTIONAL_CHARACTERISTICS = ("CHA", "APP")
"""One of them by the rules (`Edition.characteristics`): CHA in RQG, APP in BRP. A stored sheet
may hold either or both (older BRP sheets had CHA); an import is checked against its campaign."""
LOCATIONS = ("left_leg", "right_leg", "abdomen", "chest", "left_arm", "right_arm", "head")
"""Humanoid hit locations, the values of `gmdash.rules.Location` (a sheet's own are
`Character.table.keys`)."""
MAX_ABILITY = 999
CONDITIONS = ("shock", "unconscious", "bleeding", "dead")
"""Lasting wound conditions of a whole character (docs/rules.md#wounds)."""
LIMB_CONDITIONS = ("useless", "severed")
"""Lasting wound conditions of one location, stored as `"useless:right_arm"`."""


class CharacterKind(StrEnum):
    """A player character or a non-player character (foes, allies)."""

    PC = "pc"
    NPC = "npc"


class AbilityKind(StrEnum):
    """What an ability is: a skill, a rune (RQG) or a passion (RQG)."""

    SKILL = "skill"
    RUNE = "rune"
    PASSION = "passion"


@dataclass(frozen=True, kw_only=True)
class Ability:
    """A percentage ability with its experience check box."""

    name: str
    kind: AbilityKind = AbilityKind.SKILL
    value: int
    ticked: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": str(self.kind),
            "value": self.value,
            "ticked": self.ticked,
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "ability") -> Ability:
        raw = v.mapping(where, data)
        return cls(
            name=v.name(f"{where}.name", raw.get("name")),
            kind=v.choice(f"{where}.kind", raw.get("kind", "skill"), AbilityKind),
            value=v.whole(f"{where}.value", raw.get("value"), low=0, high=MAX_ABILITY),
            ticked=v.flag(f"{where}.ticked", raw.get("ticked", False)),
        )


@dataclass(frozen=True, kw_only=True)
class Weapon:
    """A weapon: the ability used to wield it, its damage dice, strike rank, how its special
    hurts (`special`), how it is used (`use`) and its current and full hit points.

    A save written before weapons carried `special`, `use` and `max_hit_points` gets them from
    the weapon's name (`gmdash.rules.weapons.guess_*`) and its hit points, once: the store's
    schema migration writes them into the save.
    """

    name: str
    skill: str
    damage: str
    sr: int
    hit_points: int
    max_hit_points: int = -1  # left out: the same as `hit_points`
    special: SpecialKind = SpecialKind.CRUSH
    use: WeaponUse = WeaponUse.MELEE

    def __post_init__(self) -> None:
        if self.max_hit_points < self.hit_points:
            object.__setattr__(self, "max_hit_points", self.hit_points)

    @property
    def broken(self) -> bool:
        """Reduced to 0 hit points (a natural weapon, with none to lose, never breaks)."""
        return self.max_hit_points > 0 and self.hit_points <= 0

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "skill": self.skill,
            "damage": self.damage,
            "sr": self.sr,
            "hit_points": self.hit_points,
            "max_hit_points": self.max_hit_points,
            "special": str(self.special),
            "use": str(self.use),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "weapon") -> Weapon:
        raw = v.mapping(where, data)
        name = v.name(f"{where}.name", raw.get("name"))
        hit_points = v.whole(f"{where}.hit_points", raw.get("hit_points"), low=0)
        full = raw.get("max_hit_points", hit_points)
        return cls(
            name=name,
            skill=v.name(f"{where}.skill", raw.get("skill")),
            damage=v.dice(f"{where}.damage", raw.get("damage")),
            sr=v.whole(f"{where}.sr", raw.get("sr"), low=0, high=12),
            hit_points=hit_points,
            max_hit_points=v.whole(f"{where}.max_hit_points", full, low=hit_points),
            special=v.choice(
                f"{where}.special", raw.get("special", guess_special(name)), SpecialKind
            ),
            use=v.choice(f"{where}.use", raw.get("use", guess_use(name)), WeaponUse),
        )


def damage_weapon(sheet: Character, weapon_name: str, amount: int) -> tuple[Weapon, ...]:
    """The sheet's weapons with `amount` HP off the one called `weapon_name` (never below 0)."""
    weapon = sheet.weapon(weapon_name)
    if weapon is None:
        raise ValidationError("weapon", f"{sheet.name} has no weapon {weapon_name!r}")
    hurt = replace(weapon, hit_points=max(0, weapon.hit_points - amount))
    return tuple(hurt if w is weapon else w for w in sheet.weapons)


def migrate_weapon(raw: dict[str, object]) -> dict[str, object]:
    """An old save's weapon with the fields it lacks: kind and use guessed from its name, full
    hit points its current ones (the store's migration calls this once per weapon)."""
    name = str(raw.get("name", ""))
    migrated = dict(raw)
    migrated.setdefault("special", str(guess_special(name)))
    migrated.setdefault("use", str(guess_use(name)))
    migrated.setdefault("max_hit_points", raw.get("hit_points", 0))
    return migrated


@dataclass(frozen=True, kw_only=True)
class Character:
    """One sheet. Current points may fall below zero (wounds); maxima come from the rules core."""

    id: str
    name: str
    kind: CharacterKind = CharacterKind.PC
    player: str = ""
    characteristics: Mapping[str, int]
    hit_points: int
    locations: Mapping[str, int]
    magic_points: int
    rune_points: int
    rune_points_max: int
    """Rune points held outside any cult (all a sheet had before cults); each cult in `cults`
    has its own pool."""
    abilities: tuple[Ability, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    armour: Mapping[str, int] = field(default_factory=dict)
    notes: str = ""
    conditions: tuple[str, ...] = ()
    """Wound conditions that last until healed or cleared (`CONDITIONS`, `useless:<location>`)."""
    wounds: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Each location's open wounds, in the order taken (`wounds_at` keeps them true to the
    location's hit points)."""
    spells: tuple[Spell, ...] = ()
    """Spells cast with magic points: spirit magic (RQG), spells (BRP)."""
    cults: tuple[Cult, ...] = ()
    """Cults, each with its Rune points, Runes and Rune spells (RQG, or BRP with Rune points)."""

    @property
    def all_rune_points(self) -> tuple[int, int]:
        """Current and full Rune points of every pool together (no cult and each cult)."""
        current = self.rune_points + sum(c.rune_points for c in self.cults)
        full = self.rune_points_max + sum(c.rune_points_max for c in self.cults)
        return current, full

    def spell(self, spell_name: str) -> Spell | None:
        """The spell called `spell_name` (case-insensitive), if the sheet has it."""
        return find_spell(self.spells, spell_name)

    def cult(self, cult_name: str) -> Cult | None:
        """The cult called `cult_name` (case-insensitive), if the character belongs to it."""
        return find_cult(self.cults, cult_name)

    hit_table: str = DEFAULT_TABLE
    """The name of the body's hit-location table (`gmdash.rules.TABLES`); a sheet saved before
    tables were data has none and is humanoid."""

    @property
    def table(self) -> HitTable:
        return TABLES[self.hit_table]

    def wounds_at(self, location: str, location_max: int) -> tuple[int, ...]:
        """The open wounds of `location`, summing to the damage its hit points show.

        A sheet from before wound records (or whose HP were typed by hand) gets the difference
        as one more wound, or loses the newest wounds' extra points.
        """
        recorded = list(self.wounds.get(location, ()))
        damage = max(0, location_max - self.locations.get(location, location_max))
        extra = damage - sum(recorded)
        if extra > 0:
            recorded.append(extra)
        while extra < 0 and recorded:
            cut = min(recorded[-1], -extra)
            recorded[-1] -= cut
            extra += cut
            if recorded[-1] == 0:
                recorded.pop()
        return tuple(recorded)

    def weapon(self, weapon_name: str) -> Weapon | None:
        """The weapon called `weapon_name` (case-insensitive), if the sheet has it."""
        wanted = weapon_name.casefold()
        return next((w for w in self.weapons if w.name.casefold() == wanted), None)

    def ability(self, ability_name: str) -> Ability | None:
        """The ability called `ability_name` (case-insensitive), if the sheet has it."""
        wanted = ability_name.casefold()
        return next((a for a in self.abilities if a.name.casefold() == wanted), None)

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": str(self.kind),
            "player": self.player,
            "characteristics": dict(self.characteristics),
            "hit_points": self.hit_points,
            "locations": dict(self.locations),
            "magic_points": self.magic_points,
            "rune_points": self.rune_points,
            "rune_points_max": self.rune_points_max,
            "abilities": [a.to_dict() for a in self.abilities],
            "weapons": [w.to_dict() for w in self.weapons],
            "armour": dict(self.armour),
            "notes": self.notes,
            "conditions": list(self.conditions),
            "wounds": {k: list(w) for k, w in self.wounds.items() if w},
            "spells": [s.to_dict() for s in self.spells],
            "cults": [c.to_dict() for c in self.cults],
        } | ({"hit_table": self.hit_table} if self.hit_table != DEFAULT_TABLE else {})

    @classmethod
    def from_dict(cls, data: object) -> Character:
        """Read and validate a sheet; every current value must be present (`sheets.complete`)."""
        raw = v.mapping("character", data)
        abilities = tuple(
            Ability.from_dict(item, f"abilities[{i}]")
            for i, item in enumerate(v.items("abilities", raw.get("abilities", [])))
        )
        unique("abilities", [a.name for a in abilities])
        weapons = tuple(
            Weapon.from_dict(item, f"weapons[{i}]")
            for i, item in enumerate(v.items("weapons", raw.get("weapons", [])))
        )
        unique("weapons", [w.name for w in weapons])
        table = read_table(raw.get("hit_table", DEFAULT_TABLE))
        return cls(
            id=v.name("id", raw.get("id")),
            name=v.name("name", raw.get("name")),
            kind=v.choice("kind", raw.get("kind", "pc"), CharacterKind),
            player=v.text("player", raw.get("player", "")),
            characteristics=read_characteristics(raw.get("characteristics")),
            hit_points=v.whole("hit_points", raw.get("hit_points")),
            # none at all: a being without a body (a spirit in a fight); a roster sheet has all
            locations=_locations(
                "locations",
                raw.get("locations"),
                table,
                low=None,
                complete=bool(raw.get("locations")),
            ),
            magic_points=v.whole("magic_points", raw.get("magic_points"), low=0),
            rune_points=v.whole("rune_points", raw.get("rune_points"), low=0),
            rune_points_max=v.whole("rune_points_max", raw.get("rune_points_max"), low=0),
            abilities=abilities,
            weapons=weapons,
            armour=_locations("armour", raw.get("armour", {}), table, low=0, complete=False),
            notes=v.text("notes", raw.get("notes", "")),
            conditions=read_conditions(raw.get("conditions", []), table),
            wounds=read_wounds(raw.get("wounds", {}), table),
            spells=read_spells(raw.get("spells", [])),
            cults=read_cults(raw.get("cults", [])),
            hit_table=table.name,
        )


def read_table(data: object) -> HitTable:
    """A sheet's `hit_table`: the name of a built-in table."""
    name = v.name("hit_table", data)
    if name not in TABLES:
        raise ValidationError("hit_table", f"not a hit-location table: {name!r} "
                              f"(known: {', '.join(TABLES)})")  # fmt: skip
    return TABLES[name]


ANY_LOCATION = frozenset(key for table in TABLES.values() for key in table.keys)
"""Every location of every built-in table (what an event may name before a sheet is known)."""


def read_conditions(data: object, table: HitTable | None = None) -> tuple[str, ...]:
    """Wound conditions: `shock`, `unconscious`, `bleeding`, `dead`, `useless:<location>` or
    `severed:<location>`; each once, in the order given. The locations are `table`'s, or any
    table's when None."""
    result: list[str] = []
    for index, item in enumerate(v.items("conditions", data)):
        where = f"conditions[{index}]"
        condition = v.name(where, item)
        kind, _, location = condition.partition(":")
        if location:
            known = ANY_LOCATION if table is None else table.keys
            if kind not in LIMB_CONDITIONS or location not in known:
                raise ValidationError(where, f"not a condition: {condition!r}")
        elif kind not in CONDITIONS:
            raise ValidationError(where, f"not a condition: {condition!r}")
        if condition not in result:
            result.append(condition)
    return tuple(result)


def read_wounds(
    data: object, table: HitTable = TABLES[DEFAULT_TABLE]
) -> dict[str, tuple[int, ...]]:
    """Open wounds per location: lists of whole numbers >= 1."""
    raw = v.mapping("wounds", data)
    result: dict[str, tuple[int, ...]] = {}
    for key, items in raw.items():
        if not table.has(key):
            raise ValidationError(f"wounds.{key}", "not a hit location")
        wounds = tuple(
            v.whole(f"wounds.{key}[{i}]", item, low=1)
            for i, item in enumerate(v.items(f"wounds.{key}", items))
        )
        if wounds:
            result[key] = wounds
    return result


def read_characteristics(data: object) -> dict[str, int]:
    """STR CON SIZ DEX INT POW, CHA and/or APP, each a whole number >= 1."""
    raw = v.mapping("characteristics", data)
    result: dict[str, int] = {}
    for key in BASE_CHARACTERISTICS:
        if key not in raw:
            raise ValidationError(f"characteristics.{key}", "missing")
        result[key] = v.whole(f"characteristics.{key}", raw[key], low=1)
    for key in OPTIONAL_CHARACTERISTICS:
        if raw.get(key) is not None:
            result[key] = v.whole(f"characteristics.{key}", raw[key], low=1)
    if not any(key in result for key in OPTIONAL_CHARACTERISTICS):
        raise ValidationError("characteristics.CHA", "missing (or APP, for BRP)")
    for key in raw:
        if key not in result and key not in OPTIONAL_CHARACTERISTICS:
            raise ValidationError(f"characteristics.{key}", "not a characteristic")
    return result


def _locations(
    where: str, data: object, table: HitTable, *, low: int | None, complete: bool = True
) -> dict[str, int]:
    raw = v.mapping(where, data)
    for key in raw:
        if not table.has(key):
            raise ValidationError(f"{where}.{key}", f"not a hit location of the {table.title} "
                                  "table")  # fmt: skip
    if complete:
        for key in table.keys:
            if key not in raw:
                raise ValidationError(f"{where}.{key}", "missing")
    return {key: v.whole(f"{where}.{key}", raw[key], low=low) for key in table.keys if key in raw}
