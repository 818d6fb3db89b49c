"""Effects that run out, and game time: start a spell's effect, add a free-form one, dismiss one,
let time pass (effects count down, magic points come back, and what the calendar brings:
`play.time_passing`).

Every front end (the dashboard, the CLI, m16a's casting) calls these; each builds its events and
publishes them as one change.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gmdash.model.character import Character
from gmdash.model.combat import sheet_of
from gmdash.model.effect_events import EffectEnded, EffectStarted
from gmdash.model.effects import MAX_EFFECT_POINTS, Modifier, TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.model.events import Event
from gmdash.play import time_passing
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.rules.game_time import ROUND_SECONDS, TimeError, parse_span
from gmdash.rules.spells import ModifierKind, SpellEffect, spell_effect

CHARACTERISTIC_NAMES = ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA", "APP")


@dataclass(frozen=True, slots=True)
class Target:
    """Who an effect can be on: a roster sheet (`id` its character id) or a foe of the fight
    (`id` its combatant id); `sheet` what the effect's names are checked against."""

    id: str
    name: str
    sheet: Character | None


def target_of(service: CampaignService, who: str) -> Target:
    """A roster sheet (id or name) or a combatant of the fight (id or name)."""
    combat = service.state.combat
    if combat is not None:
        for combatant in combat.combatants:
            if who in (combatant.id, combatant.character_id) or (
                combatant.name.casefold() == who.strip().casefold()
            ):
                sheet = sheet_of(combatant, service.state.characters)
                if combatant.character_id is not None:
                    return Target(combatant.character_id, combatant.name, sheet)
                return Target(combatant.id, combatant.name, sheet)
    sheet = service.character(who)
    return Target(sheet.id, sheet.name, sheet)


def effect_of_spell(
    spell: SpellEffect,
    target: Target,
    effect_id: str,
    *,
    points: int | None = None,
    caster: str | None = None,
    weapon: str | None = None,
) -> TimedEffect:
    """The effect `spell` cast with `points` (None: its default) puts on `target`."""
    if spell.instant:
        raise ValidationError(
            "spell", f"{spell.name} is instant: nothing lasts (H heals a location at once)"
        )
    used = spell.points if points is None else points
    if not 1 <= used <= MAX_EFFECT_POINTS:
        raise ValidationError("points", f"points are 1 to {MAX_EFFECT_POINTS}")
    if not spell.variable and used != spell.points:
        raise ValidationError("points", f"{spell.name} always costs {spell.points}")
    weapon_name = _weapon_name(spell, target, weapon)
    modifiers = tuple(
        Modifier(
            kind=m.kind,
            amount=m.amount(used),
            name=weapon_name if m.weapon else m.name,
        )
        for m in spell.modifiers
    )
    noted = any(m.kind is ModifierKind.NOTE for m in spell.modifiers)
    return TimedEffect(
        id=effect_id,
        target=target.id,
        target_name=target.name,
        label=spell.name,
        spell=spell.name,
        caster=caster,
        points=used,
        modifiers=modifiers,
        duration=spell.duration,
        left=spell.duration,
        note=spell.note if noted else "",
    )


def _weapon_name(spell: SpellEffect, target: Target, weapon: str | None) -> str | None:
    if not spell.on_weapon:
        return None
    weapons = target.sheet.weapons if target.sheet is not None else ()
    if weapon is None:
        if len(weapons) == 1:
            return weapons[0].name
        raise ValidationError("weapon", f"{spell.name} is cast on a weapon: name which one")
    found = next((w for w in weapons if w.name.casefold() == weapon.strip().casefold()), None)
    if found is None:
        raise ValidationError("weapon", f"{target.name} has no weapon {weapon.strip()!r}")
    return found.name


def start_effect(service: CampaignService, effect: TimedEffect) -> TimedEffect:
    """Put an effect worked out elsewhere (a cast spell) on its target; returns it as stored."""
    return service.publish(EffectStarted(effect=effect)).effect


def start_spell(
    service: CampaignService,
    who: str,
    spell_name: str,
    *,
    points: int | None = None,
    caster: str | None = None,
    weapon: str | None = None,
) -> TimedEffect:
    """Put the catalogue spell `spell_name`'s effect on `who` (a sheet or a combatant)."""
    spell = spell_effect(spell_name)
    if spell is None:
        raise ValidationError("spell", f"no spell {spell_name.strip()!r} in the catalogue")
    target = target_of(service, who)
    effect = effect_of_spell(spell, target, service.state.new_effect_id(), points=points,
                             caster=caster, weapon=weapon)  # fmt: skip
    return start_effect(service, effect)


def plan_effect(
    service: CampaignService, who: str, text: str, caster: str | None = None
) -> TimedEffect:
    """The effect `text` describes on `who`, not started: a catalogue spell
    (`"Bladesharp 4 on Broadsword"`, `"Protection 2"`, `"Strength"`) or a free-form effect
    (`"Demoralize: -20% to all rolls, 5 rounds"`). ValidationError says what is wrong."""
    target = target_of(service, who)
    effect_id = service.state.new_effect_id()
    spell, points, weapon = _spell_in(text)
    if spell is not None:
        return effect_of_spell(spell, target, effect_id, points=points, caster=caster or None,
                               weapon=weapon)  # fmt: skip
    effect = parse_free_effect(text, target, effect_id)
    return replace(effect, caster=caster or None)


def _spell_in(text: str) -> tuple[SpellEffect | None, int | None, str | None]:
    """A catalogue spell at the start of `text`, with its points and weapon when given."""
    words = text.strip().split()
    for cut in range(len(words), 0, -1):
        spell = spell_effect(" ".join(words[:cut]))
        if spell is None:
            continue
        rest = words[cut:]
        points = int(rest.pop(0)) if rest and rest[0].isdigit() else None
        if rest and rest[0].casefold() == "on":
            rest.pop(0)
        return spell, points, " ".join(rest) or None
    return None, None, None


def add_effect(
    service: CampaignService, who: str, text: str, caster: str | None = None
) -> TimedEffect:
    """Start the effect `text` describes on `who` (see `plan_effect`)."""
    return start_effect(service, plan_effect(service, who, text, caster))


def add_free_effect(service: CampaignService, who: str, text: str) -> TimedEffect:
    """A free-form effect from `"Demoralize: -20% to all rolls, 5 rounds"` on `who`."""
    target = target_of(service, who)
    effect = parse_free_effect(text, target, service.state.new_effect_id())
    return start_effect(service, effect)


def dismiss(service: CampaignService, effect_id: str) -> TimedEffect:
    """End an effect before its time; returns it."""
    effect = service.state.effect(effect_id)
    service.publish(
        EffectEnded(effect_id=effect.id, label=effect.title, target_name=effect.target_name)
    )
    return effect


def pass_time(service: CampaignService, seconds: int, reason: str = "") -> list[Event]:
    """Let `seconds` of game time pass, as one change; returns the events published."""
    return list(time_passing.pass_time(service, seconds, reason).events)


def pass_time_text(service: CampaignService, text: str) -> list[Event]:
    """`pass_time` for a span typed as `"10m"`, `"2h"`, `"1d"`...; ValidationError if unread."""
    return list(time_passing.pass_time(service, read_span(text)).events)


def read_span(text: str) -> int:
    """The seconds of a span typed as `"10m"`, `"2h"`, `"1d"`, `"1w"`; ValidationError."""
    try:
        return parse_span(text)
    except TimeError as error:
        raise ValidationError("time", str(error)) from None


def end_of_round(service: CampaignService, round_number: int) -> list[Event]:
    """A melee round ends: one round of game time passes (inside the caller's change)."""
    return list(time_passing.advance(service, ROUND_SECONDS, f"round {round_number} ends").events)


# --- free-form effects -----------------------------------------------------------------------

_LABEL = re.compile(r"^\s*([^:+\-\d][^:]*):(.*)$")
_PERCENT = re.compile(r"^([+-]\d{1,3})\s*%\s*(?:to\s+|on\s+)?(.*)$")
_ARMOUR = re.compile(r"^([+-]\d{1,3})\s*(?:ap|armou?r(?:\s+points?)?)\s*(?:on\s+|to\s+)?(.*)$")
_DAMAGE = re.compile(r"^([+-]\d{1,3})\s*(?:damage|dmg)\s*(?:to\s+|with\s+|on\s+)?(.*)$")
_POINTS = re.compile(r"^([+-]\d{1,3})\s*([a-z]{2,3})$")
_ALL = ("", "all", "all rolls", "every roll", "rolls", "everything")


def parse_free_effect(text: str, target: Target, effect_id: str) -> TimedEffect:
    """Read `"[name:] modifier, modifier..., duration"`: modifiers like `-20% to all rolls`,
    `+10% Broadsword`, `+2 AP`, `+2 AP head`, `+3 damage`, `+4 STR`, `+5 MP`; anything else is
    kept as a note. The duration is one part (`5 rounds`, `10m`, `1h`)."""
    body = text.strip()
    if not body:
        raise ValidationError("effect", "describe the effect, e.g. -20% to all rolls, 5 rounds")
    label = ""
    labelled = _LABEL.match(body)
    if labelled:
        label, body = labelled.group(1).strip(), labelled.group(2)
    duration: int | None = None
    modifiers: list[Modifier] = []
    notes: list[str] = []
    for part in (p.strip() for p in body.split(",")):
        if not part:
            continue
        try:
            span = parse_span(part.removeprefix("for ").strip())
        except TimeError:
            span = None
        if span is not None:
            if duration is not None:
                raise ValidationError("effect", "give one duration")
            duration = span
            continue
        modifier = _modifier(part, target)
        if modifier is None:
            notes.append(part)
        else:
            modifiers.append(modifier)
    if duration is None:
        raise ValidationError("effect", "give how long it lasts, e.g. 5 rounds, 10m, 1h")
    if not modifiers and not notes:
        raise ValidationError("effect", "say what it changes, e.g. -20% to all rolls")
    described = ", ".join([m.text() for m in modifiers] + notes)
    return TimedEffect(
        id=effect_id,
        target=target.id,
        target_name=target.name,
        label=label or described,
        modifiers=tuple(modifiers),
        duration=duration,
        left=duration,
        note="; ".join(notes) if label or modifiers else "",
    )


def _modifier(part: str, target: Target) -> Modifier | None:
    lowered = " ".join(part.casefold().split())
    if match := _ARMOUR.match(lowered):
        return Modifier(
            kind=ModifierKind.ARMOUR,
            amount=int(match.group(1)),
            name=_location(match.group(2), target),
        )
    if match := _DAMAGE.match(lowered):
        weapon = _weapon(match.group(2), target)
        if match.group(2).strip() and weapon is None:
            raise ValidationError("effect", f"{target.name} has no weapon {match.group(2)!r}")
        return Modifier(kind=ModifierKind.DAMAGE, amount=int(match.group(1)), name=weapon)
    if match := _PERCENT.match(lowered):
        return _percent(int(match.group(1)), match.group(2).strip(), target)
    if match := _POINTS.match(lowered):
        word = match.group(2).upper()
        if word in CHARACTERISTIC_NAMES:
            return Modifier(kind=ModifierKind.CHARACTERISTIC, amount=int(match.group(1)), name=word)
        if word == "MP":
            return Modifier(kind=ModifierKind.MAGIC_POINTS, amount=int(match.group(1)))
    return None


def _percent(amount: int, what: str, target: Target) -> Modifier:
    if what in _ALL:
        return Modifier(kind=ModifierKind.ABILITY, amount=amount)
    if what in ("attacks", "all attacks", "attack"):
        return Modifier(kind=ModifierKind.ATTACK, amount=amount)
    if what in ("attacks against", "to hit it", "being hit", "attacks on it"):
        return Modifier(kind=ModifierKind.DEFENCE, amount=amount)
    weapon = _weapon(what, target)
    if weapon is not None:
        return Modifier(kind=ModifierKind.ATTACK, amount=amount, name=weapon)
    sheet = target.sheet
    ability = sheet.ability(what) if sheet is not None else None
    if ability is None:
        raise ValidationError("effect", f"{target.name} has no ability or weapon {what!r}")
    return Modifier(kind=ModifierKind.ABILITY, amount=amount, name=ability.name)


def _weapon(what: str, target: Target) -> str | None:
    if not what.strip() or target.sheet is None:
        return None
    weapon = target.sheet.weapon(what.strip())
    return None if weapon is None else weapon.name


def _location(what: str, target: Target) -> str | None:
    where = what.strip().replace(" ", "_")
    if where in ("", "all", "every_location", "all_locations"):
        return None
    if target.sheet is not None and where not in target.sheet.locations:
        raise ValidationError("effect", f"{target.name} has no hit location {what.strip()!r}")
    return where


@one_change
def change_effects(
    service: CampaignService,
    who: str,
    text: str = "",
    *,
    caster: str | None = None,
    dismissed: Sequence[str] = (),
) -> TimedEffect | None:
    """Dismiss effects (by id) and start the one `text` describes on `who`, as one change;
    returns the effect started (None: only dismissals)."""
    for effect_id in dismissed:
        dismiss(service, effect_id)
    return add_effect(service, who, text, caster) if text.strip() else None
