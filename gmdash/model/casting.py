"""What a character can cast and at what chance and cost, before any dice: the spells of a
sheet as one list, a cast's plan, the refusal when the points are not there, its strike rank
(docs/rules.md#magic). Pure: the sheet, the dialogs and `gmdash.play.magic` all read it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from gmdash.model.character import Ability, AbilityKind, Character
from gmdash.model.errors import ValidationError
from gmdash.model.magic import Cult
from gmdash.rules import Level, RuleSet, augment_bonus, dex_strike_rank, modified_chance
from gmdash.rules.magic import (
    CastingCost,
    rune_casting_chance,
    rune_spell_sr,
    spell_cost,
    spirit_casting_chance,
    spirit_spell_sr,
)
from gmdash.rules.resistance import resistance_chance

MAX_BOOST = 99
"""Extra magic points put into one cast: far beyond any caster's pool."""


class SpellKind(StrEnum):
    """Spirit magic (RQG), a Rune spell of a cult (RQG), or a BRP spell."""

    SPIRIT = "spirit"
    RUNE = "rune"
    BRP = "brp"


@dataclass(frozen=True, slots=True)
class Castable:
    """A spell a character knows, as the cast dialog lists it."""

    name: str
    kind: SpellKind
    points: int
    """Spirit and BRP spells: the points learned; a Rune spell: its Rune points."""
    cult: str | None = None
    variable: bool = False
    stackable: bool = False
    one_use: bool = False
    runes: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """Unique on one sheet: two cults may give a spell of the same name."""
        return f"{self.kind}:{self.cult or ''}:{self.name}"

    @property
    def title(self) -> str:
        """ "Bladesharp 2 (variable)", "Lightning 1+ (Orlanth, one-use)"."""
        mark = "+" if self.stackable else ""
        notes = [n for n in (self.cult, "variable" if self.variable else "",
                             "one-use" if self.one_use else "") if n]  # fmt: skip
        return f"{self.name} {self.points}{mark}" + (f" ({', '.join(notes)})" if notes else "")


def castables(character: Character, ruleset: RuleSet) -> list[Castable]:
    """Every spell `character` knows: spells first, then each cult's Rune spells."""
    kind = SpellKind.BRP if ruleset is RuleSet.BRP else SpellKind.SPIRIT
    found = [Castable(name=s.name, kind=kind, points=s.points, variable=s.variable)
             for s in character.spells]  # fmt: skip
    for cult in character.cults:
        found += [
            Castable(name=s.name, kind=SpellKind.RUNE, points=s.points, cult=cult.name,
                     stackable=s.stackable, one_use=s.one_use, runes=s.runes or cult.runes)
            for s in cult.spells
        ]  # fmt: skip
    return found


def find_castable(character: Character, ruleset: RuleSet, name: str) -> Castable:
    """The spell called `name` ("Cult/Spell" picks one cult's); ValidationError if unknown or
    ambiguous."""
    cult_name, _, spell_name = name.rpartition("/")
    wanted = spell_name.strip().casefold()
    cult_wanted = cult_name.strip().casefold()
    found = [
        c
        for c in castables(character, ruleset)
        if c.name.casefold() == wanted
        and (not cult_wanted or (c.cult or "").casefold() == cult_wanted)
    ]
    if len(found) == 1:
        return found[0]
    if found:
        cults = ", ".join(f"{c.cult}/{c.name}" for c in found)
        raise ValidationError("spell", f"{name!r} could be {cults}: name the cult")
    known = ", ".join(c.name for c in castables(character, ruleset)) or "none"
    raise ValidationError("spell", f"{character.name} knows no spell {name!r} (knows: {known})")


def rune_affinities(character: Character, spell: Castable) -> list[Ability]:
    """The Runes `spell` may be cast with that the sheet has, best first."""
    wanted = {rune.casefold() for rune in spell.runes}
    found = [
        a
        for a in character.abilities
        if a.kind is AbilityKind.RUNE and (not wanted or a.name.casefold() in wanted)
    ]
    return sorted(found, key=lambda a: -a.value)


@dataclass(frozen=True, slots=True)
class CastPlan:
    """One cast before the dice: the spell, the points put into it, modifiers, the Rune used."""

    spell: Castable
    points: int
    boost: int = 0
    flat: int = 0
    augment_name: str | None = None
    augment_level: Level | None = None
    rune: str | None = None
    """The Rune affinity rolled (Rune magic); None: the best the sheet has."""

    def modifiers(self) -> tuple[str, ...]:
        found: list[str] = []
        if self.boost:
            found.append(f"+{self.boost} MP boost")
        if self.flat:
            found.append(f"{self.flat:+d}")
        if self.augment_level is not None:
            bonus = augment_bonus(self.augment_level)
            found.append(f"{bonus:+d} augment ({self.augment_name}: {self.augment_level})")
        return tuple(found)


def default_plan(spell: Castable) -> CastPlan:
    """A cast at the spell's own points, no boost, no modifier."""
    return CastPlan(spell=spell, points=spell.points)


def casting_rune(character: Character, plan: CastPlan) -> Ability | None:
    """The Rune a Rune spell is rolled with: the one chosen, or the best."""
    runes = rune_affinities(character, plan.spell)
    if plan.rune is not None:
        return next((a for a in runes if a.name.casefold() == plan.rune.casefold()), None)
    return runes[0] if runes else None


def base_chance(character: Character, ruleset: RuleSet, plan: CastPlan) -> tuple[int, str]:
    """The chance before modifiers and where it comes from ("POW 13 x 5", "Air 75%")."""
    spell = plan.spell
    if spell.kind is SpellKind.RUNE:
        rune = casting_rune(character, plan)
        return (0, "no Rune") if rune is None else (rune_casting_chance(rune.value), rune.name)
    if spell.kind is SpellKind.BRP:
        own = character.spell(spell.name)
        chance = own.chance if own is not None and own.chance is not None else 0
        return chance, f"{spell.name} {chance}%"
    pow_ = character.characteristics["POW"]
    return spirit_casting_chance(pow_), f"POW {pow_} x 5"


def chance(character: Character, ruleset: RuleSet, plan: CastPlan) -> int:
    """The casting chance with the plan's modifiers (never below 0)."""
    base, _ = base_chance(character, ruleset, plan)
    return max(0, modified_chance(base, flat=plan.flat, augment=plan.augment_level))


def cult_of(character: Character, spell: Castable) -> Cult | None:
    return None if spell.cult is None else character.cult(spell.cult)


def refusal(character: Character, ruleset: RuleSet, plan: CastPlan) -> str | None:
    """Why `character` cannot cast `plan` now (None: it can): the points are not there, or the
    strength is not one the spell may be cast at (docs/rules.md#spirit-magic-cost and
    #rune-magic-cost)."""
    spell = plan.spell
    if plan.boost < 0 or plan.boost > MAX_BOOST:
        return f"a boost is 0 to {MAX_BOOST} magic points"
    if spell.kind is SpellKind.RUNE:
        cult = cult_of(character, spell)
        if cult is None:
            return f"{character.name} is not of the cult {spell.cult}"
        if plan.points < spell.points or (plan.points > spell.points and not spell.stackable):
            fixed = f"at least {spell.points}" if spell.stackable else f"{spell.points}"
            return f"{spell.name} is cast with {fixed} Rune points"
        if cult.rune_points < plan.points:
            return (f"{cult.name}: only {cult.rune_points} Rune points left, "
                    f"{spell.name} needs {plan.points}")  # fmt: skip
        if casting_rune(character, plan) is None:
            runes = ", ".join(spell.runes) or "none given"
            return f"{character.name} has none of the Runes {spell.name} is cast with ({runes})"
        needed = plan.boost
    else:
        if plan.points < 1 or plan.points > spell.points:
            return f"{spell.name} is cast at 1 to {spell.points} points"
        if not spell.variable and plan.points != spell.points:
            return f"{spell.name} is not variable: it is cast at {spell.points} points"
        needed = plan.points + plan.boost
    if character.magic_points < needed:
        word = "power" if ruleset is RuleSet.BRP else "magic"
        return (f"only {character.magic_points} {word} points left, "
                f"{spell.name} needs {needed}")  # fmt: skip
    return None


def strike_rank(character: Character, plan: CastPlan) -> int:
    """When in the round the spell goes off (docs/rules.md#spell-strike-ranks)."""
    dex_sr = dex_strike_rank(character.characteristics["DEX"])
    if plan.spell.kind is SpellKind.RUNE:
        return rune_spell_sr(dex_sr, plan.boost)
    return spirit_spell_sr(dex_sr, plan.points, plan.boost)


def spell_own_sr(character: Character, spell: Castable) -> int:
    """A spell's own SR, what it adds to DEX SR cast at its own points without a boost."""
    dex_sr = dex_strike_rank(character.characteristics["DEX"])
    return strike_rank(character, default_plan(spell)) - dex_sr


def cost_of(ruleset: RuleSet, plan: CastPlan, level: Level) -> CastingCost:
    return spell_cost(ruleset, level, plan.points, plan.boost,
                      rune=plan.spell.kind is SpellKind.RUNE)  # fmt: skip


def costs_by_level(ruleset: RuleSet, plan: CastPlan) -> dict[Level, CastingCost]:
    """What each level of result would cost (shown with the odds before the roll)."""
    levels = [lv for lv in Level if not (ruleset is RuleSet.BRP and lv is Level.CRITICAL)]
    return {level: cost_of(ruleset, plan, level) for level in levels}


def cost_text(cost: CastingCost, ruleset: RuleSet) -> str:
    """ "2 MP", "1 RP + 1 MP", "nothing" (BRP: PP)."""
    word = "PP" if ruleset is RuleSet.BRP else "MP"
    parts = ([f"{cost.rune} RP"] if cost.rune else []) + ([f"{cost.magic} {word}"] if cost.magic
                                                           else [])  # fmt: skip
    return " + ".join(parts) or "nothing"


def resistance_odds(caster: Character, target: Character) -> int:
    """The caster's chance to overcome the target: current MP against current MP on the
    resistance table (docs/rules.md#spell-resistance)."""
    return resistance_chance(caster.magic_points, target.magic_points)
