"""Experience (docs/rules.md section 8) over a campaign: ticks in play, the improvement phase.

Plain functions, no Textual, so the table's rules are testable on their own:

- `tick_after_roll` (decided where each roll is made, `gmdash.play.rolls`, and named here too)
  ticks an ability after a successful roll in play, once per adventure (an already-ticked
  ability stays ticked), never for an Easy task or a roll with nothing at stake (hidden rolls tick).
- `augments_used` reads the current session's log: each augmenting ability augments once per
  session (RQG).
- `ticked_lines`, `roll_line`, `type_line` and `apply_improvement` run the improvement phase:
  D100 above the ability (or 100) adds 1D6; the new values are saved, each roll logged, the ticks
  cleared. `grant_free_ticks` gives the four free ticks of a long gap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from gmdash.model.character import MAX_ABILITY, Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import AbilityTicked, CharacterEdited, Event, RollKind, RollMade
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.rolls import earns_tick, hidden_by_default, tick_after_roll
from gmdash.rules import ExperienceResult, Rng, experience_roll, improves
from gmdash.rules.experience import FREE_TICKS_AFTER_LONG_GAP

__all__ = [
    "AUGMENT_KIND",
    "ExperienceLine",
    "apply_improvement",
    "augment_refusal",
    "augments_used",
    "earns_tick",
    "grant_free_ticks",
    "hidden_by_default",
    "roll_line",
    "session_events",
    "tick_after_roll",
    "ticked_lines",
    "type_line",
]

AUGMENT_KIND: RollKind = "augment"


# --- augments: once per session ----------------------------------------------------------------


def session_events(service: CampaignService) -> list[Event]:
    """The events of the open session (or, between sessions, those logged outside any)."""
    current = service.current_session
    number = current.number if current is not None else None
    return [event for event in service.events() if event.session == number]


def augments_used(service: CampaignService, character_id: str) -> set[str]:
    """Abilities (casefolded) of a character that already augmented a roll this session."""
    struck = service.state.struck
    return {
        (event.label or "").casefold()
        for event in session_events(service)
        if isinstance(event, RollMade)
        and event.kind == AUGMENT_KIND
        and event.character_id == character_id
        and event.id not in struck
    }


def augment_refusal(
    service: CampaignService,
    character: Character,
    ability_name: str,
    used: set[str] | None = None,
) -> str | None:
    """Why `ability_name` cannot augment now (None: it can).

    `used` is `augments_used(service, character.id)` when the caller already has it (a dialog
    checks on every keystroke and reads the session's log once).
    """
    ability = character.ability(ability_name)
    if ability is None:
        return f"{character.name} has no ability {ability_name!r}"
    if used is None:
        used = augments_used(service, character.id)
    if ability.name.casefold() in used:
        return f"{ability.name} already augmented a roll this session (once per session)"
    return None


# --- the improvement phase ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExperienceLine:
    """One ticked ability in the improvement phase; `result` once its roll is in."""

    character_id: str
    character_name: str
    ability: str
    value: int
    result: ExperienceResult | None = None

    @property
    def rolled(self) -> bool:
        return self.result is not None


def ticked_lines(service: CampaignService) -> list[ExperienceLine]:
    """Every ticked ability of every character, in roster then sheet order."""
    return [
        ExperienceLine(
            character_id=character.id,
            character_name=character.name,
            ability=ability.name,
            value=ability.value,
        )
        for character in service.characters
        for ability in character.abilities
        if ability.ticked
    ]


def type_line(line: ExperienceLine, roll: int, gain: int | None) -> ExperienceLine:
    """Resolve a line from physical dice: the D100, and the 1D6 gain when the roll succeeds."""
    if not 1 <= roll <= 100:
        raise ValidationError("roll", f"a D100 is 1 to 100 (00 is 100), not {roll}")
    if not improves(line.value, roll):
        if gain is not None and not 1 <= gain <= 6:
            raise ValidationError("gain", f"the gain is 1D6 (1 to 6), not {gain}")
        return replace(line, result=ExperienceResult(line.value, roll, False, 0, line.value))
    if gain is None:
        raise ValidationError("gain", f"{roll} improves {line.ability}: type the 1D6 gain too")
    if not 1 <= gain <= 6:
        raise ValidationError("gain", f"the gain is 1D6 (1 to 6), not {gain}")
    return replace(line, result=experience_roll(line.value, roll, gain))


def roll_line(line: ExperienceLine, rng: Rng) -> ExperienceLine:
    """Resolve a line with the app's dice: D100, then 1D6 only if it improves."""
    roll = rng.randint(1, 100)
    gain = rng.randint(1, 6) if improves(line.value, roll) else None
    return type_line(line, roll, gain)


def apply_improvement(service: CampaignService, lines: Sequence[ExperienceLine]) -> list[Event]:
    """Log each rolled line (RollMade "experience"), save the new values and clear their ticks.

    Unrolled lines are left as they are (still ticked). Returns the published events. One
    change: the rolls and the new values are committed together, so a crash or a full disk
    leaves all of the phase or none of it (never rolls logged on a sheet still ticked).
    """
    with service.transaction():
        return _improve(service, lines)


def _improve(service: CampaignService, lines: Sequence[ExperienceLine]) -> list[Event]:
    rolled = [line for line in lines if line.result is not None]
    published: list[Event] = []
    for line in rolled:
        result = line.result
        assert result is not None
        published.append(
            rolls.experience_roll(
                service,
                character_id=line.character_id,
                character_name=line.character_name,
                ability=line.ability,
                value=line.value,
                roll=result.roll,
                improved=result.improved,
                details={
                    "value": result.value,
                    "gain": result.gain,
                    "new_value": min(MAX_ABILITY, result.new_value),
                },
            )
        )
    by_character: dict[str, dict[str, int]] = {}
    for line in rolled:
        assert line.result is not None
        by_character.setdefault(line.character_id, {})[line.ability.casefold()] = line.result.gain
    for character_id, gains in by_character.items():
        before = service.state.characters.get(character_id)
        if before is None:
            continue  # deleted meanwhile: its rolls stay logged
        abilities = tuple(
            replace(
                ability,
                value=min(MAX_ABILITY, ability.value + gains[ability.name.casefold()]),
                ticked=False,
            )
            if ability.name.casefold() in gains
            else ability
            for ability in before.abilities
        )
        published.append(
            service.publish(CharacterEdited(character=replace(before, abilities=abilities)))
        )
    return published


def grant_free_ticks(
    service: CampaignService, picks: Mapping[str, Sequence[str]]
) -> list[AbilityTicked]:
    """A long gap: tick up to four chosen abilities per character (checked before any tick)."""
    plan: list[tuple[str, str]] = []
    for character_id, names in picks.items():
        character = service.state.character(character_id)
        unique = {name.casefold(): name for name in names}
        if len(unique) > FREE_TICKS_AFTER_LONG_GAP:
            raise ValidationError(
                "picks",
                f"{character.name}: at most {FREE_TICKS_AFTER_LONG_GAP} free ticks, "
                f"not {len(unique)}",
            )
        for name in unique.values():
            ability = character.ability(name)
            if ability is None:
                raise ValidationError("picks", f"{character.name} has no ability {name!r}")
            if not ability.ticked:
                plan.append((character.id, ability.name))
    with service.transaction():  # all the picks or none
        return [
            service.publish(AbilityTicked(character_id=cid, ability=name)) for cid, name in plan
        ]
