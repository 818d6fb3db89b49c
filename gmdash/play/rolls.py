"""Every roll of play, from its plan to its `RollMade` event: the one module that builds one.

A dialog, a pane, a CLI command or the fight flow gathers what the game master chose (and any
physical dice typed at the table), calls one function here and shows what it returns. Each
function works the roll out with the rules core, publishes the event and, for an ability rolled
in play, decides the experience tick (docs/rules.md, experience): a success ticks the ability
once per adventure, never for an Easy task or a roll with nothing at stake. A hidden roll ticks
like any other: hiding the dice from the players does not undo the character's success.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from gmdash.level_words import outcome_text
from gmdash.model import effective
from gmdash.model.character import Ability, Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import AbilityTicked, LevelName, OpposedSettled, RollKind, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.change import one_change
from gmdash.rules import (
    RETRY_PENALTY,
    DiceExpr,
    Difficulty,
    Level,
    OpposedResult,
    Outcome,
    Rng,
    RuleSet,
    augment_bonus,
    characteristic_chance,
    modified_chance,
    resolve,
    resolve_opposed,
    resolve_resistance,
)

HIDDEN_BY_DEFAULT = frozenset({"reputation", "scan", "listen", "search", "insight"})
"""Abilities the game master rolls for the players, unseen (perception and Reputation)."""

_NO_TICK = frozenset({Difficulty.EASY, Difficulty.AUTOMATIC, Difficulty.IMPOSSIBLE})
"""Easy uses do not tick; automatic and impossible tasks are not rolled at all."""


def level_name(level: Level | str | None) -> LevelName | None:
    """A level as the log stores it (ValueError for a word that is not a level)."""
    return None if level is None else Level(level).value


def roll_event(
    kind: RollKind,
    *,
    character: Character | None = None,
    actor: str | None = None,
    character_id: str | None = None,
    label: str | None = None,
    chance: int | None = None,
    modifiers: Sequence[str] = (),
    roll: int | None = None,
    level: Level | str | None = None,
    hidden: bool = False,
    expression: str | None = None,
    total: int | None = None,
    details: Mapping[str, object] | None = None,
) -> RollMade:
    """The event of one roll: by `character` (a sheet of the roster), or by `actor` (a name)
    with `character_id` when it stands for a sheet (a combatant); `actor` defaults to the
    sheet's name."""
    return RollMade(
        actor=actor if actor is not None or character is None else character.name,
        character_id=character_id if character is None else character.id,
        label=label,
        kind=kind,
        chance=chance,
        modifiers=tuple(modifiers),
        roll=roll,
        level=level_name(level),
        hidden=hidden,
        expression=expression,
        total=total,
        details=dict(details or {}),
    )


# --- experience ticks in play ------------------------------------------------------------------


def hidden_by_default(ability_name: str) -> bool:
    """Reputation and perception rolls (Scan, Listen, Search, Insight (...)) are the GM's."""
    stem = ability_name.split("(")[0].strip().casefold()
    return stem in HIDDEN_BY_DEFAULT


def earns_tick(
    level: Level | str | None,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
    at_stake: bool = True,
) -> bool:
    """Whether a roll at `level` ticks its ability: a success ticks unless it was under the Easy
    difficulty or had nothing at stake (hidden or not)."""
    if level is None or not at_stake:
        return False
    if difficulty in _NO_TICK:
        return False
    return Level(level).is_success


def tick_after_roll(
    service: CampaignService,
    character_id: str,
    ability_name: str,
    level: Level | str | None,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
    at_stake: bool = True,
) -> AbilityTicked | None:
    """Tick the ability after a roll in play if it earns one; None when nothing changes."""
    if not earns_tick(level, difficulty=difficulty, at_stake=at_stake):
        return None
    character = service.state.characters.get(character_id)
    ability = character.ability(ability_name) if character is not None else None
    if character is None or ability is None or ability.ticked:
        return None
    return service.publish(AbilityTicked(character_id=character.id, ability=ability.name))


# --- ability rolls -----------------------------------------------------------------------------


RETRY_MODIFIER = f"retry -{RETRY_PENALTY}"
_FLAT_MODIFIER = re.compile(r"[+-]\d+")
_AUGMENT_MODIFIER = re.compile(r"[+-]\d+ augment \((?P<name>.+): (?P<level>\w+)\)", re.DOTALL)
LEVEL_VALUES = frozenset(level.value for level in Level)


def retry_refusal(service: CampaignService, character_id: str, ability_name: str) -> str | None:
    """Why `ability_name` cannot be retried now (None: it can): after a failed retry, no
    further try until conditions change (docs/rules.md, retries); BRP has no retry. Reads this
    session's log: the ability's last roll (struck-out rolls do not count)."""
    if service.campaign.ruleset is not RuleSet.RQG:
        return (
            "BRP has no retry rule (the seed gives no penalty for trying again): "
            "roll it again at the same chance"
        )
    current = service.current_session
    number = current.number if current is not None else None
    wanted = ability_name.casefold()
    struck = service.state.struck
    for event in reversed(service.events()):
        if event.session != number:
            continue
        if (
            isinstance(event, RollMade)
            and event.kind == "ability"
            and event.character_id == character_id
            and (event.label or "").casefold() == wanted
            and event.id not in struck
        ):
            failed = event.level is not None and not Level(event.level).is_success
            if failed and RETRY_MODIFIER in event.modifiers:
                return (
                    f"{event.label}: the retry failed; no further try until conditions change "
                    "(then roll it without the retry)"
                )
            return None
    return None


@dataclass(frozen=True, slots=True)
class AbilityPlan:
    """An ability roll before the dice: base chance and modifiers (docs/rules.md, modifiers)."""

    base: int
    flat: int = 0
    difficulty: Difficulty = Difficulty.NORMAL
    retry: bool = False
    augment_name: str | None = None
    augment_level: Level | None = None
    effects: int = 0  # what running effects add (play.effective.ability)
    effect_notes: tuple[str, ...] = ()  # and why: "+20 Bladesharp 4, 3 rounds"

    @property
    def chance(self) -> int:
        return modified_chance(
            self.base,
            flat=self.flat + self.effects,
            augment=self.augment_level,
            retry=self.retry,
            difficulty=self.difficulty,
        )

    @property
    def needs_roll(self) -> bool:
        """Automatic and impossible tasks are not rolled."""
        return self.difficulty.needs_roll

    @property
    def unrolled_level(self) -> Level:
        """The level of a task that is not rolled: automatic succeeds, impossible fails."""
        return Level.SUCCESS if self.difficulty is Difficulty.AUTOMATIC else Level.FAILURE

    @classmethod
    def from_modifiers(cls, base: int, modifiers: Sequence[str]) -> AbilityPlan:
        """The plan a logged roll was made with, read back from its `modifiers()` (to roll it
        again): the flat modifier, the augment's name and level, the retry, the difficulty."""
        flat, difficulty, retry = 0, Difficulty.NORMAL, False
        augment_name: str | None = None
        augment_level: Level | None = None
        difficulties = {str(d): d for d in Difficulty}
        for text in modifiers:
            augment = _AUGMENT_MODIFIER.fullmatch(text)
            if augment is not None and augment["level"] in LEVEL_VALUES:
                augment_name, augment_level = augment["name"], Level(augment["level"])
            elif _FLAT_MODIFIER.fullmatch(text):
                flat = int(text)
            elif text == RETRY_MODIFIER:
                retry = True
            elif text in difficulties:
                difficulty = difficulties[text]
        return cls(
            base=base, flat=flat, difficulty=difficulty, retry=retry,
            augment_name=augment_name, augment_level=augment_level,
        )  # fmt: skip

    def modifiers(self) -> tuple[str, ...]:
        """The modifiers as the log shows them: "+20 augment (Dance: success)", "retry -25"."""
        found: list[str] = list(self.effect_notes)
        if self.flat:
            found.append(f"{self.flat:+d}")
        if self.augment_level is not None:
            bonus = augment_bonus(self.augment_level)
            found.append(f"{bonus:+d} augment ({self.augment_name}: {self.augment_level})")
        if self.retry:
            found.append(RETRY_MODIFIER)
        if self.difficulty is not Difficulty.NORMAL:
            found.append(str(self.difficulty))
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Rolled:
    """A published roll: its event, the D100 (None when not rolled), the level, the tick."""

    event: RollMade
    roll: int | None
    level: Level
    ticked: AbilityTicked | None = None


@one_change
def roll_ability(
    service: CampaignService,
    rng: Rng,
    character: Character,
    ability: Ability,
    plan: AbilityPlan,
    *,
    typed: int | None = None,
    hidden: bool = False,
    at_stake: bool = True,
    augment_roll: RollMade | None = None,
) -> Rolled:
    """Roll `ability` as planned (or read the typed D100), log it and tick it if it earns one.

    A retry after a failed retry is refused (ValidationError): nothing is logged."""
    if plan.retry:
        refusal = retry_refusal(service, character.id, ability.name)
        if refusal:
            raise ValidationError("retry", refusal)
    ruleset = service.campaign.ruleset
    details: dict[str, object] = {"base": plan.base, "ability_kind": str(ability.kind)}
    if not at_stake:
        details["nothing_at_stake"] = True
    if augment_roll is not None:
        details["augment_roll"] = augment_roll.id
    roll: int | None
    if plan.needs_roll:
        rolled = resolve(plan.chance, rng, ruleset, result=typed)
        roll, level = rolled.roll, rolled.level
        if typed is not None:
            details["typed"] = True
    else:
        roll, level = None, plan.unrolled_level
        details["no_roll"] = str(plan.difficulty)
    event = service.publish(
        roll_event(
            "ability", character=character, label=ability.name, chance=plan.chance,
            modifiers=plan.modifiers(), roll=roll, level=level, hidden=hidden, details=details,
        )
    )  # fmt: skip
    ticked = tick_after_roll(
        service,
        character.id,
        ability.name,
        level if roll is not None else None,
        difficulty=plan.difficulty,
        at_stake=at_stake,
    )
    return Rolled(event=event, roll=roll, level=level, ticked=ticked)


@one_change
def roll_augment(
    service: CampaignService,
    rng: Rng,
    character: Character,
    augment: Ability,
    augmented: str,
    *,
    typed: int | None = None,
    hidden: bool = False,
    at_stake: bool = True,
) -> Rolled:
    """Roll `augment` before the ability it augments (`augmented`); log and tick it."""
    rolled = resolve(augment.value, rng, service.campaign.ruleset, result=typed)
    event = service.publish(
        roll_event(
            "augment", character=character, label=augment.name, chance=augment.value,
            roll=rolled.roll, level=rolled.level, hidden=hidden,
            details={"augments": augmented, **({"typed": True} if typed else {})},
        )
    )  # fmt: skip
    ticked = tick_after_roll(service, character.id, augment.name, rolled.level, at_stake=at_stake)
    return Rolled(event=event, roll=rolled.roll, level=rolled.level, ticked=ticked)


def roll_characteristic(
    service: CampaignService,
    rng: Rng,
    character: Character,
    key: str,
    multiplier: int,
    *,
    typed: int | None = None,
) -> Rolled:
    """A characteristic times `multiplier` rolled as a D100 (no experience); the effects on the
    character count (Strength raises STR)."""
    extra = effective.characteristic(effective.on_target(service.state, character.id), key)
    value = character.characteristics[key] + extra.amount
    chance = characteristic_chance(max(0, value), multiplier)
    rolled = resolve(chance, rng, service.campaign.ruleset, result=typed)
    details: dict[str, object] = {"value": value, "multiplier": multiplier}
    if typed is not None:
        details["typed"] = True
    event = service.publish(
        roll_event(
            "characteristic", character=character, label=f"{key} x{multiplier}", chance=chance,
            modifiers=(*extra.notes, f"x{multiplier}"), roll=rolled.roll, level=rolled.level,
            details=details,
        )
    )  # fmt: skip
    return Rolled(event=event, roll=rolled.roll, level=rolled.level)


def roll_spell(
    service: CampaignService,
    rng: Rng,
    character: Character,
    label: str,
    chance: int,
    *,
    modifiers: Sequence[str] = (),
    typed: int | None = None,
    hidden: bool = False,
    details: Mapping[str, object] | None = None,
) -> Rolled:
    """A casting roll (`gmdash.play.magic` works out the chance and spends the points)."""
    rolled = resolve(chance, rng, service.campaign.ruleset, result=typed)
    facts = {**(details or {}), **({"typed": True} if typed is not None else {})}
    event = service.publish(
        roll_event(
            "spell", character=character, label=label, chance=chance, modifiers=modifiers,
            roll=rolled.roll, level=rolled.level, hidden=hidden, details=facts,
        )
    )  # fmt: skip
    return Rolled(event=event, roll=rolled.roll, level=rolled.level)


# --- opposed rolls -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """One side of an opposed roll: who (a sheet, or just a name), with what, at what chance."""

    name: str
    chance: int
    character: Character | None = None
    ability: Ability | None = None
    typed: int | None = None

    @property
    def label(self) -> str:
        return self.ability.name if self.ability else f"{self.chance}%"


@dataclass(frozen=True, slots=True)
class Opposed:
    """A published opposed roll: both events (side A's first), both D100s and the result."""

    first: RollMade
    second: RollMade
    roll_a: int
    roll_b: int
    result: OpposedResult


@one_change
def roll_opposed(service: CampaignService, rng: Rng, a: Side, b: Side) -> Opposed:
    """Both sides roll (or read their typed D100s); both rolls are logged, abilities ticked."""
    roll_a = a.typed if a.typed is not None else rng.randint(1, 100)
    roll_b = b.typed if b.typed is not None else rng.randint(1, 100)
    result = resolve_opposed(a.chance, roll_a, b.chance, roll_b, service.campaign.ruleset)
    winner = {Outcome.A: 0, Outcome.B: 1}.get(result.outcome)
    sides = (
        (a, b, result.chance_a, roll_a, result.level_a, result.effective_a, result.chance_b),
        (b, a, result.chance_b, roll_b, result.level_b, result.effective_b, result.chance_a),
    )
    events: list[RollMade] = []
    for index, (side, other, chance, roll, level, counted, other_chance) in enumerate(sides):
        outcome = str(result.outcome) if winner is None else ("win", "loss")[winner != index]
        details: dict[str, object] = {
            "opponent": other.name,
            "opponent_label": other.label,
            "opponent_chance": other_chance,
            "outcome": outcome,
            "effective_level": str(counted),
            "double_effect": result.double_effect,
            "base": side.chance,
        }
        if side.typed is not None:
            details["typed"] = True
        modifiers = (f"reduced from {side.chance}%",) if chance != side.chance else ()
        event = roll_event(
            "opposed", character=side.character, actor=side.name, label=side.label,
            chance=chance, modifiers=modifiers, roll=roll, level=level, details=details,
        )  # fmt: skip
        events.append(service.publish(event))
    for side, level in ((a, result.level_a), (b, result.level_b)):
        if side.ability is not None and side.character is not None:
            tick_after_roll(service, side.character.id, side.ability.name, level)
    first, second = events
    ruleset = str(service.campaign.ruleset)
    words = outcome_text(str(result.outcome), ruleset, a.name, b.name)
    text = f"{words} ({a.name} {result.effective_a}, {b.name} {result.effective_b})"
    if result.double_effect:
        text += ", double effect"
    won = None if winner is None else (a, b)[winner].name
    service.publish(OpposedSettled(rolls=(first.id, second.id), text=text, winner=won))
    return Opposed(first=first, second=second, roll_a=roll_a, roll_b=roll_b, result=result)


# --- resistance, dice, hit locations -------------------------------------------------------------


def roll_resistance(
    service: CampaignService,
    rng: Rng,
    active: int,
    passive: int,
    *,
    label: str | None = None,
    typed: int | None = None,
    details: Mapping[str, object] | None = None,
) -> RollMade:
    """Active against passive on the resistance table (or the typed D100), logged."""
    outcome = resolve_resistance(active, passive, rng, service.campaign.ruleset, result=typed)
    facts: dict[str, object] = {"active": active, "passive": passive, **(details or {})}
    if typed is not None:
        facts["typed"] = True
    return service.publish(
        roll_event(
            "resistance", label=label, chance=outcome.chance, roll=outcome.roll,
            level=outcome.level, details=facts,
        )
    )  # fmt: skip


def roll_dice(
    service: CampaignService,
    rng: Rng,
    expr: DiceExpr,
    *,
    label: str,
    kind: RollKind = "dice",
    character: Character | None = None,
    typed_total: int | None = None,
) -> RollMade:
    """Roll `expr` with the app's dice (or take the typed total) and log it."""
    details: dict[str, object] = {}
    if typed_total is not None:
        total = typed_total
        details["typed"] = True
    else:
        rolled = expr.roll(rng)
        total = rolled.total
        details["dice"] = list(rolled.rolls)
    return service.publish(
        roll_event(
            kind, character=character, label=label, expression=str(expr), total=total,
            details=details,
        )
    )  # fmt: skip


def roll_location(
    service: CampaignService, rng: Rng, character: Character, label: Callable[[str], str]
) -> tuple[int, str]:
    """A D20 on the character's hit-location table, logged under `label(location)`."""
    roll = rng.randint(1, 20)
    where = character.table.from_d20(roll)
    service.publish(
        roll_event(
            "location", character=character, label=label(where), expression="1D20", total=roll,
            details={"location": str(where)},
        )
    )  # fmt: skip
    return roll, where


def roster_actor(
    service: CampaignService, name: str, *, passer_by: bool = False
) -> tuple[Character | None, str]:
    """Who `name` is: a roster sheet by its full name, id or a unique prefix of its name (the
    full name is logged); else, with `passer_by`, a name on purpose not on the roster, logged
    as typed (so one side of an opposed roll may be a passer-by and the other a character).

    ValidationError naming the roster's characters when `name` is neither.
    """
    clean = name.strip()
    if not clean:
        raise ValidationError("actor", "an actor needs a name")
    found = service.state.find(clean)
    if found is not None:
        return found, found.name
    wanted = clean.casefold()
    starting = [c for c in service.characters if c.name.casefold().startswith(wanted)]
    if len(starting) == 1:
        return starting[0], starting[0].name
    if passer_by:
        return None, clean
    known = ", ".join(c.name for c in service.characters) or "none yet"
    if starting:
        which = ", ".join(c.name for c in starting)
        raise ValidationError("actor", f"{clean!r} could be {which}: type more of the name")
    raise ValidationError(
        "actor",
        f"no character {clean!r} in this campaign (characters: {known}); "
        "--passer-by logs a name that is not on the roster",
    )


def record(
    service: CampaignService,
    kind: RollKind,
    *,
    actor: str | None,
    label: str | None,
    chance: int | None,
    roll: int | None,
    level: Level | str | None,
    expression: str | None = None,
    total: int | None = None,
    details: Mapping[str, object] | None = None,
    character: Character | None = None,
) -> RollMade:
    """Log a roll already worked out elsewhere (the CLI's rules commands) in the open session
    (starting one if none is open); `actor` and `character` as `roster_actor` found them."""
    service.ensure_session()
    return service.publish(
        roll_event(
            kind, character=character, actor=actor, label=label, chance=chance, roll=roll,
            level=level, expression=expression, total=total, details=details,
        )
    )  # fmt: skip


def experience_roll(
    service: CampaignService,
    *,
    character_id: str,
    character_name: str,
    ability: str,
    value: int,
    roll: int,
    improved: bool,
    details: Mapping[str, object],
) -> RollMade:
    """Log one experience roll of the improvement phase (a success is an improvement)."""
    return service.publish(
        RollMade(
            actor=character_name,
            character_id=character_id,
            label=ability,
            kind="experience",
            chance=value,
            roll=roll,
            level=level_name(Level.SUCCESS if improved else Level.FAILURE),
            details=dict(details),
        )
    )
