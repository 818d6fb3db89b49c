"""A sheet against its campaign's rules: the character's own maxima, and a rule-set mismatch
(an RQG character brought into a BRP campaign, or the other way), refused or converted.

Used where a sheet comes from outside the app (character import); the form builds sheets that
fit already. Each check names the field, as `ValidationError` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gmdash.model.character import AbilityKind, Character, read_table
from gmdash.model.derived import maxima, sheet_maxima
from gmdash.model.errors import ValidationError
from gmdash.rules.locations import DEFAULT_TABLE
from gmdash.rules.ruleset import Edition, OptionalRule, RuleSet

KIND_RULES = {AbilityKind.RUNE: OptionalRule.RUNES, AbilityKind.PASSION: OptionalRule.PASSIONS}
KIND_WORDS = {AbilityKind.RUNE: "runes", AbilityKind.PASSION: "passions"}
MATE = {"CHA": "APP", "APP": "CHA"}
"""The characteristic of the other rule set that stands for this one (a conversion's guide)."""


def check_maxima(character: Character, ruleset: RuleSet) -> None:
    """Current points within the character's own maxima (they may be below, never above):
    hit points, each location, magic points, and Rune points within the sheet's full Rune
    points. ValidationError names the first field over."""
    full = sheet_maxima(character, ruleset)
    pairs = [("hit_points", character.hit_points, full.hit_points, "max HP")]
    pairs += [(f"locations.{loc}", character.locations[loc], full.locations[loc],
               "the location's max HP") for loc in character.table.keys]  # fmt: skip
    pairs += [
        ("magic_points", character.magic_points, full.magic_points, "max MP (POW)"),
        ("rune_points", character.rune_points, character.rune_points_max, "rune_points_max"),
    ]
    for where, value, top, what in pairs:
        if value > top:
            raise ValidationError(where, f"{value} is more than the character's {what}, {top}")


def mismatches(raw: Mapping[str, Any], edition: Edition) -> list[str]:
    """What in an imported sheet (JSON) belongs to the other rule set; empty when it fits."""
    chars = raw.get("characteristics")
    chars = chars if isinstance(chars, Mapping) else {}
    found: list[str] = []
    wanted = "APP" if edition.is_brp else "CHA"
    if MATE[wanted] in chars:
        found.append(f"it has {MATE[wanted]}")
    if wanted not in chars:
        found.append(f"it has no {wanted}")
    for kind, rule in KIND_RULES.items():
        names = _ability_names(raw, kind)
        if names and not edition.uses(rule):
            found.append(f"it has {KIND_WORDS[kind]} ({', '.join(names)})")
    if not edition.uses(OptionalRule.RUNE_POINTS) and _whole(raw.get("rune_points_max")):
        found.append("it has Rune points")
    cults = _cult_names(raw)
    if cults and not edition.uses(OptionalRule.RUNE_POINTS):
        found.append(f"it has cults ({', '.join(cults)})")
    return found


@dataclass(slots=True)
class Conversion:
    """A sheet (JSON) made to fit a campaign's rules, and what changed, one line each."""

    sheet: dict[str, Any]
    changes: list[str] = field(default_factory=list)


def convert(raw: Mapping[str, Any], edition: Edition) -> Conversion:
    """`raw` made to fit `edition`: CHA becomes APP (BRP) or APP becomes CHA (RQG), abilities
    and Rune points the rules lack are dropped, and current points above the new maxima are
    brought down to them. Each change is reported."""
    sheet = dict(raw)
    done = Conversion(sheet)
    chars = dict(sheet.get("characteristics") or {})
    wanted = "APP" if edition.is_brp else "CHA"
    other = MATE[wanted]
    if wanted not in chars and other in chars:
        chars[wanted] = chars.pop(other)
        done.changes.append(f"{other} {chars[wanted]} became {wanted} {chars[wanted]}")
    if other in chars:
        done.changes.append(f"{other} {chars.pop(other)} dropped")
    sheet["characteristics"] = chars
    abilities = list(sheet.get("abilities") or [])
    for kind, rule in KIND_RULES.items():
        names = _ability_names(sheet, kind)
        if names and not edition.uses(rule):
            abilities = [a for a in abilities if not _is_kind(a, kind)]
            done.changes.append(f"{KIND_WORDS[kind]} dropped: {', '.join(names)}")
    sheet["abilities"] = abilities
    if not edition.uses(OptionalRule.RUNE_POINTS) and _whole(sheet.get("rune_points_max")):
        done.changes.append(f"Rune points dropped ({sheet.get('rune_points_max')} at full)")
        sheet["rune_points"] = sheet["rune_points_max"] = 0
    cults = _cult_names(sheet)
    if cults and not edition.uses(OptionalRule.RUNE_POINTS):
        done.changes.append(f"cults dropped, with their Rune spells: {', '.join(cults)}")
        sheet["cults"] = []
    if edition.is_brp:
        _spells_get_chances(done)
    _bring_down(done, edition.ruleset)
    return done


def _bring_down(done: Conversion, ruleset: RuleSet) -> None:
    """Current points above the converted sheet's maxima (BRP's HP differ) come down to them."""
    sheet = done.sheet
    try:
        table = read_table(sheet.get("hit_table", DEFAULT_TABLE))
        full = maxima(sheet["characteristics"], ruleset, table)
    except (KeyError, TypeError, ValueError, ValidationError):
        return  # a sheet that does not read is refused by the checks that follow, by field
    tops = {"hit_points": full.hit_points, "magic_points": full.magic_points}
    for key, top in tops.items():
        value = sheet.get(key)
        if isinstance(value, int) and _whole(value) and value > top:
            done.changes.append(f"{key} {value} brought down to the new maximum {top}")
            sheet[key] = top
    locations = sheet.get("locations")
    if isinstance(locations, Mapping):
        fixed = dict(locations)
        for key, top in full.locations.items():
            value = fixed.get(key)
            if isinstance(value, int) and _whole(value) and value > top:
                done.changes.append(f"locations.{key} {value} brought down to {top}")
                fixed[key] = top
        sheet["locations"] = fixed


def _cult_names(raw: Mapping[str, Any]) -> list[str]:
    items = raw.get("cults")
    if not isinstance(items, list):
        return []
    return [str(c.get("name")) for c in items if isinstance(c, Mapping)]


def _spells_get_chances(done: Conversion) -> None:
    """RQG spirit spells brought into BRP keep the chance they had, POW x 5, as their own
    skill (a BRP spell is cast with its skill, docs/rules.md#casting-chance)."""
    spells = done.sheet.get("spells")
    chars = done.sheet.get("characteristics")
    pow_ = chars.get("POW") if isinstance(chars, Mapping) else None
    if not isinstance(spells, list) or not isinstance(pow_, int) or isinstance(pow_, bool):
        return
    fixed: list[object] = []
    for spell in spells:
        if isinstance(spell, Mapping) and spell.get("chance") is None:
            spell = {**spell, "chance": pow_ * 5}
            done.changes.append(f"spell {spell.get('name')} cast at {pow_ * 5}% (POW x 5)")
        fixed.append(spell)
    done.sheet["spells"] = fixed


def _ability_names(raw: Mapping[str, Any], kind: AbilityKind) -> list[str]:
    items = raw.get("abilities")
    return [str(a.get("name")) for a in items or [] if _is_kind(a, kind)] if isinstance(
        items, list
    ) else []  # fmt: skip


def _is_kind(item: object, kind: AbilityKind) -> bool:
    return isinstance(item, Mapping) and item.get("kind", "skill") == kind.value


def _whole(value: object) -> bool:
    """A whole number above zero (what a sheet field must be to count as present)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0
