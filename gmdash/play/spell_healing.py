"""What a healing spell heals (docs/rules.md#spell-healing): Heal mends 1 hit point a point on
one location, Heal Wound one wound entirely, Heal Body every wound. The points go through
`gmdash.play.wounds.heal`, as any other healing (magical healing), so the sheet's conditions
are re-read the same way.

`healing_problem` says before the roll why a heal cannot land (nothing is published then);
`apply_healing` publishes the healing once the spell has taken effect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmdash.formats.location_names import read_location
from gmdash.level_words import location_label
from gmdash.model.character import Character
from gmdash.model.derived import sheet_maxima
from gmdash.play.campaign import CampaignService
from gmdash.play.wounds import heal
from gmdash.rules import HitTable, RuleSet
from gmdash.rules.spells import SpellEffect


@dataclass(frozen=True, slots=True)
class HealAim:
    """Where a healing spell goes: a location (None: the worst wounded) and, for Heal Wound,
    one of its wounds numbered from 0 (None: the largest)."""

    location: str | None = None
    wound: int | None = None


_AIM = re.compile(r"^(?P<where>.*?)\s*(?:(?:#|wound\s*)(?P<wound>\d+))?$", re.IGNORECASE)


def read_aim(text: str, table: HitTable) -> HealAim:
    """A typed aim: blank (the worst wound), a location as the dashboard reads it ("LA",
    "left arm", "12"), and for one wound "#2" or "wound 2" after it. ValueError says why."""
    found = _AIM.match(text.strip())
    assert found is not None  # the pattern matches any text
    location, _ = read_location(found["where"], table)
    wound = found["wound"]
    if wound is not None and location is None:
        raise ValueError("name the location of the wound first (LA #2)")
    if wound is not None and int(wound) < 1:
        raise ValueError("wounds are numbered from 1")
    return HealAim(location=location, wound=None if wound is None else int(wound) - 1)


def wounds_text(sheet: Character, ruleset: RuleSet) -> str:
    """A sheet's open wounds in short: "Left Arm 4+2, Head 3"; "no wound"."""
    wounded = wounds_of(sheet, ruleset)
    if not wounded:
        return "no wound"
    return ", ".join(
        f"{location_label(key)} {'+'.join(map(str, wounds))}" for key, wounds in wounded.items()
    )


def wounds_of(sheet: Character, ruleset: RuleSet) -> dict[str, tuple[int, ...]]:
    """Each wounded location's open wounds, head first as the table lists them."""
    full = sheet_maxima(sheet, ruleset).locations
    found = {key: sheet.wounds_at(key, full[key]) for key in sheet.table.top_down if key in full}
    return {key: wounds for key, wounds in found.items() if wounds}


def healing_problem(
    sheet: Character | None, name: str, spell: SpellEffect, aim: HealAim, ruleset: RuleSet
) -> str | None:
    """Why this healing spell cannot heal `sheet` as aimed (None: it can)."""
    if sheet is None:
        return f"{name} is a foe of the fight: heal its sheet by hand (H)"
    wounded = wounds_of(sheet, ruleset)
    if not wounded:
        return f"{sheet.name} has no wound to heal"
    if spell.heals_whole == "body":
        return None
    if aim.location is not None:
        if not sheet.table.has(aim.location):
            return f"{sheet.name} has no {location_label(aim.location)}"
        if aim.location not in wounded:
            return f"{sheet.name}'s {location_label(aim.location)} has no open wound"
        count = len(wounded[aim.location])
        if aim.wound is not None and not 0 <= aim.wound < count:
            where = location_label(aim.location)
            return f"the {where} has {count} wound(s), not a wound {aim.wound + 1}"
    return None


def aimed_at(sheet: Character, aim: HealAim, ruleset: RuleSet) -> tuple[str, int]:
    """The location healed and its wound (index): as aimed, else the location with the most
    damage and its largest wound."""
    wounded = wounds_of(sheet, ruleset)
    location = aim.location
    if location is None:
        location = max(wounded, key=lambda key: sum(wounded[key]))
    wounds = wounded[location]
    index = aim.wound if aim.wound is not None else wounds.index(max(wounds))
    return location, index


def apply_healing(
    service: CampaignService,
    character_id: str,
    spell: SpellEffect,
    points: int,
    aim: HealAim,
) -> str:
    """Publish the spell's healing on the roster sheet `character_id`; what it did, in words."""
    ruleset = service.campaign.ruleset
    sheet = service.character(character_id)
    if spell.heals_whole == "body":
        told = []
        for location, wounds in wounds_of(sheet, ruleset).items():
            event, summary = heal(service.character(character_id), ruleset, location,
                                  sum(wounds), magical=True)  # fmt: skip
            if event is not None:
                service.publish(event)
                told.append(summary)
        return "heals every wound: " + "; ".join(told)
    location, index = aimed_at(sheet, aim, ruleset)
    aim = HealAim(location=location, wound=aim.wound)
    if spell.heals_whole == "wound":
        amount = wounds_of(sheet, ruleset)[location][index]
        event, summary = heal(sheet, ruleset, location, amount, wound=index, magical=True)
    else:
        amount = spell.heals_per_point * points
        event, summary = heal(sheet, ruleset, location, amount, wound=aim.wound, magical=True)
    if event is None:
        return summary
    service.publish(event)
    return f"heals {summary}"
