"""A character's status at a glance: the words (dead, unconscious, shock, bleeding, severed or
useless limbs, wounded) worst first, and their colour."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gmdash import rules
from gmdash.model.character import Character
from gmdash.model.derived import Maxima
from gmdash.rules import LocationKind


def short_location(key: str) -> str:
    """A location in few letters: `left_leg` -> "L leg", `right_hind_leg` -> "R hind leg"."""
    for side, letter in (("left_", "L "), ("right_", "R ")):
        if key.startswith(side):
            return letter + key.removeprefix(side).replace("_", " ")
    return key.replace("_", " ")


def useless_locations(character: Character) -> list[str]:
    """Locations that cannot be used: by lasting condition or by their hit points now."""
    found = [c.partition(":")[2] for c in character.conditions if c.startswith("useless:")]
    table = character.table
    kinds = {spec.key: spec.kind for spec in table.locations}  # (one pass, not one a location)
    for location, hp in character.locations.items():
        kind = kinds.get(location) or table.spec(location).kind  # (spec names a stray key)
        if hp > 0 or kind in (LocationKind.HEAD, LocationKind.CHEST):
            continue
        found += table.hanging_from(location) if kind is LocationKind.ABDOMEN else [location]
    return list(dict.fromkeys(found))


def status_words(character: Character, full: Maxima) -> list[str]:
    """What the GM must know at a glance, worst first; `[]` for a hale character."""
    standing = rules.standing_conditions(
        total_hp=character.hit_points,
        magic_points=character.magic_points,
        location_hp=character.locations,
        table=character.table,
    )
    lasting = set(character.conditions)
    if "dead" in lasting or rules.Effect.DEAD in standing:
        return ["dead"]
    # (a word is its effect: `Effect` is a StrEnum)
    words: list[str] = [word for word in ("unconscious", "shock", "bleeding")
                        if word in lasting or word in standing]  # fmt: skip
    severed = [c.partition(":")[2] for c in character.conditions if c.startswith("severed:")]
    words += [f"severed {short_location(loc)}" for loc in severed]
    words += [f"useless {short_location(loc)}" for loc in useless_locations(character)
              if loc not in severed]  # fmt: skip
    if not words and character.hit_points < full.hit_points:
        words.append("wounded")
    return words


def status_text(character: Character, full: Maxima) -> Text:
    return status_text_of(status_words(character, full))


def status_plain(words: Sequence[str]) -> str:
    """The text of `status_text_of(words)`, made without its styles."""
    return ", ".join(words) if words else "ok"


def status_text_of(words: Sequence[str]) -> Text:
    """The status of `status_words`, coloured by how bad it is."""
    words = list(words)
    if not words:
        return Text("ok", style="green")
    if words == ["dead"]:
        return Text("dead", style="bold red")
    if words == ["wounded"]:
        return Text("wounded", style="yellow")
    return Text(", ".join(words), style="bold red" if "unconscious" in words else "red")
