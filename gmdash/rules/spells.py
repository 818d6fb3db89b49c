"""What common spells do while they last: the catalogue of spell effects (docs/rules.md#effects).

Data only: each entry says what one point of the spell (or the whole spell, when fixed) adds to
which number, and how long it lasts. The game master can always add a free-form effect instead.
Sources: RQG core rules (spirit magic and Rune magic chapters) as encoded by the public Foundry VTT
system `sun-dragon-cult/fvtt-system-rqg` (`src/system/token-status-effects.ts`: Protection,
Strength, Coordination, Vigor; `src/data-model/item-data/spell.ts`: temporal durations), the rest
from the RQG rules themselves (docs/rules.md says which).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from gmdash.rules.dice import DiceExpr, DiceTerm, parse_dice
from gmdash.rules.game_time import MINUTE


class ModifierKind(StrEnum):
    """Which number a modifier changes."""

    ABILITY = "ability"
    """An ability's chance (`name`: the ability); with no name, every roll the target makes."""
    ATTACK = "attack"
    """A weapon's attack chance (`name`: the weapon; none: every attack)."""
    DAMAGE = "damage"
    """Points added to a weapon's damage (`name`: the weapon; none: every weapon)."""
    DOUBLE_DAMAGE = "double_damage"
    """The weapon's damage dice rolled twice (True (Weapon)): `amount` is 1."""
    ARMOUR = "armour"
    """Armour points on a hit location (`name`: the location; none: every location)."""
    CHARACTERISTIC = "characteristic"
    """A characteristic (`name`: STR, CON, DEX...)."""
    MAGIC_POINTS = "magic_points"
    """Magic points the target can spend beyond its own (a full pool stays what POW gives)."""
    DEFENCE = "defence"
    """Added to the chance of every attack against the target (Shimmer: negative)."""
    NOTE = "note"
    """No number of gmdash changes (Mobility, Countermagic): shown with its points."""

    @property
    def needs_name(self) -> bool:
        return self is ModifierKind.CHARACTERISTIC


class MagicKind(StrEnum):
    """The magic a spell effect belongs to (its temporal duration follows)."""

    SPIRIT = "spirit"
    RUNE = "rune"


SPIRIT_TEMPORAL = 2 * MINUTE
"""Spirit magic's temporal duration: 2 minutes, 10 melee rounds (Foundry RQG `spell.ts`)."""
RUNE_TEMPORAL = 15 * MINUTE
"""Rune magic's temporal duration: 15 minutes (Foundry RQG `spell.ts`)."""


@dataclass(frozen=True, slots=True)
class SpellModifier:
    """What a spell changes: `per_point` times its points (or `fixed`, whatever the points)."""

    kind: ModifierKind
    per_point: int = 0
    fixed: int = 0
    name: str | None = None
    weapon: bool = False  # applies to the weapon the spell is cast on (its name given at casting)

    def amount(self, points: int) -> int:
        return self.fixed + self.per_point * points


@dataclass(frozen=True, slots=True)
class SpellEffect:
    """One catalogue entry: a spell's name, kind, default points, whether its points vary, how
    long it lasts (seconds of game time; 0: instant) and what it changes."""

    name: str
    kind: MagicKind
    points: int
    variable: bool
    duration: int
    modifiers: tuple[SpellModifier, ...]
    source: str
    heals_per_point: int = 0  # an instant healing spell: hit points healed per point
    heals_whole: str = ""  # "wound": one wound, all its points; "body": every wound
    on_weapon: bool = False  # cast on one weapon (Bladesharp, Bludgeon, Speedart, True Weapon)
    note: str = ""

    @property
    def instant(self) -> bool:
        return self.duration == 0

    @property
    def heals(self) -> bool:
        """An instant healing spell (Heal, Heal Wound, Heal Body)."""
        return bool(self.heals_per_point or self.heals_whole)


_FOUNDRY = "Foundry VTT RQG, token-status-effects.ts"
_RQG = "RQG core rules, spirit magic"
_RQG_RUNE = "RQG core rules, Rune magic"


def _weapon_bonus(per_chance: int, per_damage: int) -> tuple[SpellModifier, ...]:
    return (
        SpellModifier(ModifierKind.ATTACK, per_point=per_chance, weapon=True),
        SpellModifier(ModifierKind.DAMAGE, per_point=per_damage, weapon=True),
    )


SPELL_EFFECTS: tuple[SpellEffect, ...] = (
    SpellEffect("Bladesharp", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL, _weapon_bonus(5, 1),
                _RQG, on_weapon=True, note="edged weapon"),
    SpellEffect("Bludgeon", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL, _weapon_bonus(5, 1),
                _RQG, on_weapon=True, note="crushing weapon"),
    SpellEffect("Speedart", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL, _weapon_bonus(5, 1),
                _RQG, on_weapon=True, note="missile"),
    SpellEffect("Protection", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.ARMOUR, per_point=1),), _FOUNDRY),
    SpellEffect("Shimmer", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.DEFENCE, per_point=-5),), _RQG),
    SpellEffect("Strength", MagicKind.SPIRIT, 2, False, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.CHARACTERISTIC, fixed=8, name="STR"),), _FOUNDRY),
    SpellEffect("Vigor", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.CHARACTERISTIC, per_point=3, name="CON"),), _FOUNDRY),
    SpellEffect("Coordination", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.CHARACTERISTIC, per_point=3, name="DEX"),), _FOUNDRY),
    SpellEffect("Glamour", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.CHARACTERISTIC, per_point=3, name="CHA"),), _RQG),
    SpellEffect("Mobility", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.NOTE, per_point=1),), _RQG,
                note="movement raised per point"),
    SpellEffect("Countermagic", MagicKind.SPIRIT, 1, True, SPIRIT_TEMPORAL,
                (SpellModifier(ModifierKind.NOTE, per_point=1),), _RQG,
                note="stops spells of fewer points"),
    SpellEffect("Heal", MagicKind.SPIRIT, 1, True, 0, (), _RQG, heals_per_point=1),
    SpellEffect("Shield", MagicKind.RUNE, 1, True, RUNE_TEMPORAL,
                (SpellModifier(ModifierKind.ARMOUR, per_point=2),
                 SpellModifier(ModifierKind.NOTE, per_point=2)), _RQG_RUNE,
                note="armour and Countermagic, 2 per point"),
    SpellEffect("True (Weapon)", MagicKind.RUNE, 2, False, RUNE_TEMPORAL,
                (SpellModifier(ModifierKind.DOUBLE_DAMAGE, fixed=1, weapon=True),), _RQG_RUNE,
                on_weapon=True, note="weapon's dice doubled"),
    SpellEffect("Heal Wound", MagicKind.RUNE, 1, False, 0, (), _RQG_RUNE, heals_whole="wound",
                note="heals one wound, all its points"),
    SpellEffect("Heal Body", MagicKind.RUNE, 3, False, 0, (), _RQG_RUNE, heals_whole="body",
                note="heals every wound of every location"),
)  # fmt: skip
"""Common spells and what they change while they last."""


_TRUE_WEAPON = re.compile(
    r"^true ?(\(weapon\)|weapon|sword|axe|spear|mace|dagger|arrow|scimitar|hammer|club|bow)$"
)


def spell_effect(name: str) -> SpellEffect | None:
    """The catalogue entry called `name` (case-insensitive; "Truesword" finds True (Weapon))."""
    wanted = " ".join(name.strip().casefold().split())
    if _TRUE_WEAPON.match(wanted):
        wanted = "true (weapon)"
    return next((s for s in SPELL_EFFECTS if s.name.casefold() == wanted), None)


def raised_damage(expression: str, add: int, *, doubled: bool = False) -> str:
    """A weapon's damage with `add` points more (Bladesharp) and, `doubled`, its dice and
    constants twice over (True (Weapon) doubles the weapon's damage, not the damage bonus):
    `raised_damage("1D8+1", 4)` is `"1D8+5"`, doubled `"2D8+6"`."""
    parsed = parse_dice(expression)
    dice = [t for t in parsed.terms if t.sides]
    constant = sum(t.sign * t.count for t in parsed.terms if not t.sides)
    if doubled:
        dice = [DiceTerm(t.sign, t.count * 2, t.sides) for t in dice]
        constant *= 2
    constant += add
    terms = list(dice)
    if constant:
        terms.append(DiceTerm(1 if constant > 0 else -1, abs(constant), 0))
    return str(DiceExpr(tuple(terms))) if terms else "0"
