"""A source's own derived numbers against gmdash's, and current points made to fit its maxima."""

from __future__ import annotations

from collections.abc import Mapping

from gmdash.formats.locations import sheet_table
from gmdash.formats.reading import Reading
from gmdash.model.derived import derive_from
from gmdash.rules.ruleset import RuleSet

WORDS = {
    "hit_points": "hit points", "magic_points": "magic points", "damage_bonus": "damage bonus",
    "dex_sr": "DEX strike rank", "siz_sr": "SIZ strike rank", "healing_rate": "healing rate",
    "move": "move", "base_sr": "base strike rank (DEX SR + SIZ SR)",
}  # fmt: skip


def compare_derived(
    reading: Reading, chars: Mapping[str, int], printed: Mapping[str, object], ruleset: RuleSet
) -> None:
    """Add a difference for each of the source's own derived numbers (`hit_points`,
    `magic_points`, `damage_bonus`, `dex_sr`, `siz_sr`, `healing_rate`, `move`, and
    `locations` as {key: HP}) that is not what gmdash computes from `chars`."""
    table = sheet_table(reading.sheet)
    try:
        derived = derive_from(chars, ruleset, table)
    except (KeyError, ValueError):
        return  # characteristics missing: the sheet is refused for that, by name
    gmdash_locations = {str(loc): hp for loc, hp in derived.locations.items()}
    ours: dict[str, object] = {
        "hit_points": derived.hit_points,
        "magic_points": derived.magic_points,
        "damage_bonus": derived.damage_bonus,
        "dex_sr": derived.dex_sr,
        "siz_sr": derived.siz_sr,
        "healing_rate": derived.healing_rate,
        "move": derived.movement_walk,
        "base_sr": derived.dex_sr + derived.siz_sr,
    }
    for key, theirs in printed.items():
        if key == "locations" or key not in ours:
            continue
        mine = ours[key]
        if key == "damage_bonus":
            theirs, mine = bonus_text(str(theirs)), bonus_text(str(mine))
        if theirs != mine:
            reading.differences.append(
                f"{WORDS[key]}: {reading.source} says {theirs}, gmdash computes {mine}"
            )
    locations = printed.get("locations")
    if isinstance(locations, Mapping):
        for key in table.keys:
            theirs = locations.get(key)
            mine = gmdash_locations.get(key)
            if theirs is not None and theirs != mine:
                label = key.replace("_", " ")
                reading.differences.append(
                    f"{label} HP: {reading.source} says {theirs}, gmdash computes {mine}"
                )


def bonus_text(text: str) -> str:
    """A damage bonus written one way: `+1D4`, `-1D4`, or `0` for none."""
    cleaned = text.strip().upper().replace(" ", "")
    if cleaned in ("", "0", "+0", "-", "—", "–", "NONE", "AUCUN", "-0"):
        return "0"
    return cleaned if cleaned.startswith(("+", "-")) else f"+{cleaned}"


def settle_points(reading: Reading, ruleset: RuleSet) -> None:
    """Current points the source gives made to fit gmdash's maxima, each change reported:
    above a maximum (the source counted an effect gmdash does not) comes down to it; a
    location the source left out starts full."""
    sheet = reading.sheet
    try:
        derived = derive_from(sheet.get("characteristics") or {}, ruleset, sheet_table(sheet))
    except (KeyError, ValueError, TypeError):
        return  # the import is refused for the characteristics, by name
    tops = {"hit_points": derived.hit_points, "magic_points": derived.magic_points}
    for key, top in tops.items():
        value = sheet.get(key)
        if isinstance(value, int) and value > top:
            words = key.replace("_", " ")
            reading.assumed.append(f"{words} {value} brought down to gmdash's maximum {top}")
            sheet[key] = top
    locations = sheet.get("locations")
    if not isinstance(locations, dict):
        return
    for key, top in ((str(loc), hp) for loc, hp in derived.locations.items()):
        label = key.replace("_", " ")
        value = locations.get(key)
        if value is None:
            locations[key] = top
            reading.assumed.append(f"{label}: not in {reading.source}: full ({top} HP)")
        elif value > top:
            locations[key] = top
            reading.assumed.append(f"{label} HP {value} brought down to gmdash's maximum {top}")
