"""Magic on a sheet: spells (RQG spirit magic, BRP spells), cults with their Rune spells and
Rune point pools (docs/rules.md#magic).

Kept apart from `character.py` so the sheet stays readable; `Character.spells` and
`Character.cults` hold these. Every field has a default, so saves and exports written before
magic read as sheets without any.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from gmdash.model import validate as v
from gmdash.model.errors import ValidationError

MAX_SPELL_POINTS = 99
"""Points of one spell, or a cult's full Rune points: far beyond any real sheet."""

MAGIC_POOL = "magic"
NO_CULT_POOL = "rune"
"""The Rune points of a sheet held outside any cult (what saves before cults had)."""
CULT_POOL_PREFIX = "rune:"
"""A cult's own Rune points are the pool `rune:<cult name>` in `PointsSpent` events."""


def cult_pool(cult_name: str) -> str:
    """The `PointsSpent.pool` of `cult_name`'s Rune points."""
    return f"{CULT_POOL_PREFIX}{cult_name}"


def pool_cult(pool: str) -> str | None:
    """The cult named in a pool (`rune:<name>`), None for the magic or no-cult pool."""
    return pool[len(CULT_POOL_PREFIX) :] if pool.startswith(CULT_POOL_PREFIX) else None


def pool_label(pool: str) -> str:
    """A pool as summaries and the log say it: "magic", "rune", "Orlanth Rune"."""
    cult_name = pool_cult(pool)
    return pool if cult_name is None else f"{cult_name} Rune"


class CultRank(StrEnum):
    """Standing in a cult (RQG): it is shown, the rules of casting do not depend on it."""

    LAY_MEMBER = "lay member"
    INITIATE = "initiate"
    GOD_TALKER = "god-talker"
    RUNE_PRIEST = "rune priest"
    RUNE_LORD = "rune lord"


@dataclass(frozen=True, kw_only=True)
class Spell:
    """A spell cast with magic points: RQG spirit magic, or a BRP spell.

    `points` is the strength learned (and the magic points it costs); a `variable` spell may be
    cast at any strength up to it. `chance` is a BRP spell's own skill percentage; an RQG spirit
    spell has none (its chance is POW x 5, docs/rules.md#casting-chance).
    """

    name: str
    points: int
    variable: bool = False
    chance: int | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name,
            "points": self.points,
            "variable": self.variable,
        }
        if self.chance is not None:
            data["chance"] = self.chance
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "spell") -> Spell:
        raw = v.mapping(where, data)
        chance = raw.get("chance")
        return cls(
            name=v.name(f"{where}.name", raw.get("name")),
            points=v.whole(f"{where}.points", raw.get("points"), low=1, high=MAX_SPELL_POINTS),
            variable=v.flag(f"{where}.variable", raw.get("variable", False)),
            chance=None if chance is None else v.whole(f"{where}.chance", chance, low=0, high=999),
        )


@dataclass(frozen=True, kw_only=True)
class RuneSpell:
    """A Rune spell of a cult: its cost in Rune points, whether more points may be stacked on
    it, whether it is gone once cast (one-use), and the Runes it is cast with (none named: any
    Rune of its cult)."""

    name: str
    points: int
    stackable: bool = False
    one_use: bool = False
    runes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "points": self.points,
            "stackable": self.stackable,
            "one_use": self.one_use,
            "runes": list(self.runes),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "rune spell") -> RuneSpell:
        raw = v.mapping(where, data)
        return cls(
            name=v.name(f"{where}.name", raw.get("name")),
            points=v.whole(f"{where}.points", raw.get("points"), low=1, high=MAX_SPELL_POINTS),
            stackable=v.flag(f"{where}.stackable", raw.get("stackable", False)),
            one_use=v.flag(f"{where}.one_use", raw.get("one_use", False)),
            runes=_names(f"{where}.runes", raw.get("runes", [])),
        )


@dataclass(frozen=True, kw_only=True)
class Cult:
    """A cult the character belongs to: its own pool of Rune points, its Runes (the Rune
    affinities its spells are cast with) and the Rune spells known through it."""

    name: str
    rank: CultRank = CultRank.INITIATE
    rune_points: int
    rune_points_max: int
    runes: tuple[str, ...] = ()
    spells: tuple[RuneSpell, ...] = ()

    @property
    def pool(self) -> str:
        return cult_pool(self.name)

    def spell(self, spell_name: str) -> RuneSpell | None:
        """The Rune spell called `spell_name` (case-insensitive), if the cult gives it."""
        return _named(self.spells, spell_name)

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rank": str(self.rank),
            "rune_points": self.rune_points,
            "rune_points_max": self.rune_points_max,
            "runes": list(self.runes),
            "spells": [s.to_dict() for s in self.spells],
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "cult") -> Cult:
        raw = v.mapping(where, data)
        full = v.whole(
            f"{where}.rune_points_max", raw.get("rune_points_max"), low=0, high=MAX_SPELL_POINTS
        )
        spells = tuple(
            RuneSpell.from_dict(item, f"{where}.spells[{i}]")
            for i, item in enumerate(v.items(f"{where}.spells", raw.get("spells", [])))
        )
        unique(f"{where}.spells", [s.name for s in spells])
        return cls(
            name=v.name(f"{where}.name", raw.get("name")),
            rank=v.choice(f"{where}.rank", raw.get("rank", "initiate"), CultRank),
            rune_points=v.whole(
                f"{where}.rune_points", raw.get("rune_points", full), low=0, high=full
            ),
            rune_points_max=full,
            runes=_names(f"{where}.runes", raw.get("runes", [])),
            spells=spells,
        )


def read_spells(data: object) -> tuple[Spell, ...]:
    spells = tuple(
        Spell.from_dict(item, f"spells[{i}]") for i, item in enumerate(v.items("spells", data))
    )
    unique("spells", [s.name for s in spells])
    return spells


def read_cults(data: object) -> tuple[Cult, ...]:
    cults = tuple(
        Cult.from_dict(item, f"cults[{i}]") for i, item in enumerate(v.items("cults", data))
    )
    unique("cults", [c.name for c in cults])
    return cults


def find_spell(spells: Sequence[Spell], spell_name: str) -> Spell | None:
    return _named(spells, spell_name)


def find_cult(cults: Sequence[Cult], cult_name: str) -> Cult | None:
    return _named(cults, cult_name)


def spell_points_known(spells: Sequence[Spell]) -> int:
    """The points of spirit magic a sheet knows, summed (what CHA limits,
    docs/rules.md#spirit-magic-limit)."""
    return sum(spell.points for spell in spells)


def unique(where: str, names: Sequence[str]) -> None:
    """Refuse a name that appears twice (case-insensitive), naming its place."""
    seen: set[str] = set()
    for index, item in enumerate(names):
        if item.casefold() in seen:
            raise ValidationError(f"{where}[{index}].name", f"{item!r} appears twice")
        seen.add(item.casefold())


_Item = TypeVar("_Item", Spell, RuneSpell, Cult)


def _named(items: Sequence[_Item], wanted_name: str) -> _Item | None:
    wanted = wanted_name.strip().casefold()
    return next((item for item in items if item.name.casefold() == wanted), None)


def _names(where: str, data: object) -> tuple[str, ...]:
    names = tuple(v.name(f"{where}[{i}]", item) for i, item in enumerate(v.items(where, data)))
    return tuple(dict.fromkeys(names))
