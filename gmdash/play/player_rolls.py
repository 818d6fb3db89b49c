"""A player's own roll, asked for through their link and made by the dashboard.

Everything a player may do is checked here, on the dashboard's side, whatever the page allowed:
the token must be a live link (`gmdash.store.player_links`), the roll is for that link's
character only, of an ability or characteristic on that sheet (an augment from the same sheet)
or a cast of one of its spells (at its usual points, on no other target), never hidden; nothing
else is done for a token. The roll is the dashboard's (its dice, the same runners as its keys)
and public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmdash.model import effective
from gmdash.model.casting import CastPlan, find_castable
from gmdash.model.casting import chance as casting_chance
from gmdash.model.character import Ability, Character, CharacterKind
from gmdash.model.errors import ValidationError
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.play.magic import cast_problem, cast_spell
from gmdash.rules import Rng, characteristic_chance
from gmdash.store.errors import StoreError
from gmdash.store.player_links import character_of

ROLLS = ("ability", "characteristic", "spell")
MULTIPLIERS = range(1, 6)
MAX_TEXT = 200


class Refused(Exception):
    """What a player's request may not do (the message is theirs to read)."""


@dataclass(frozen=True)
class PlayerRoll:
    """A player's roll as made: who rolled for whom, and the line everyone is shown."""

    player: str
    character: str
    text: str


def _text(request: dict[str, Any], key: str, *, required: bool = True) -> str | None:
    value = request.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise Refused(f"{key} must be a short text")
    return value.strip()


def player_sheet(service: CampaignService, token: object) -> Character:
    """The sheet a token rolls for; Refused for any token that is not a live link."""
    if not isinstance(token, str) or not token or len(token) > MAX_TEXT:
        raise Refused("no such link")
    try:
        character_id = character_of(service.store.folder, token)
    except StoreError:
        raise Refused("the links cannot be read; ask the GM") from None
    sheet = None if character_id is None else service.state.characters.get(character_id)
    if sheet is None or sheet.kind is not CharacterKind.PC:
        raise Refused("no such link")
    return sheet


def player_name(sheet: Character) -> str:
    """Who a player's roll is logged as: the sheet's player, else "A player"."""
    return sheet.player or "A player"


@dataclass(frozen=True)
class Asked:
    """A player's request as checked, not rolled yet: what the game master is asked to allow
    ("Ana asks to roll for Harvald: Climb 60%")."""

    player: str
    character: str
    text: str


@dataclass(frozen=True)
class _Request:
    sheet: Character
    player: str
    what: str
    name: str
    augment: str | None
    multiplier: object


def _checked(service: CampaignService, request: dict[str, Any]) -> _Request:
    """The request read and checked as far as can be without rolling (Refused otherwise)."""
    sheet = player_sheet(service, request.get("token"))
    if request.get("action") != "roll":
        raise Refused("a player's link only rolls")
    asked_for = request.get("character")
    if asked_for is not None and asked_for not in (sheet.id, sheet.name):
        raise Refused("a player rolls for their own character only")
    if request.get("hidden"):
        raise Refused("a player's roll is public")
    what = request.get("what")
    if what not in ROLLS:
        raise Refused(f"a player rolls one of: {', '.join(ROLLS)}")
    name = _text(request, "name")
    assert name is not None
    augment = _text(request, "augment", required=False)
    return _Request(sheet, player_name(sheet), str(what), name, augment,
                    request.get("multiplier", 5))  # fmt: skip


def ask_text(service: CampaignService, request: dict[str, Any]) -> Asked:
    """What a request would roll, checked as `player_roll` checks it (Refused, saying why,
    if it could not be rolled now) but not rolled: for the game master to allow or not."""
    checked = _checked(service, request)
    sheet, name = checked.sheet, checked.name
    if checked.what == "spell":
        plan = _cast_plan(service, sheet, name)
        chance = casting_chance(sheet, service.campaign.ruleset, plan)
        what = f"{plan.spell.name} {plan.points} {chance}%"
    elif checked.what == "ability":
        ability = _own_ability(sheet, name)
        what = f"{ability.name} {ability.value}%"
        if checked.augment is not None:
            what += f", augmented by {_helper(sheet, checked.augment, ability.name).name}"
    else:
        multiplier = _multiplier(sheet, name, checked.multiplier)
        extra = effective.characteristic(effective.on_target(service.state, sheet.id), name)
        value = max(0, sheet.characteristics[name] + extra.amount)
        what = f"{name} x{multiplier} {characteristic_chance(value, multiplier)}%"
    text = f"{checked.player} asks to roll for {sheet.name}: {what}"
    return Asked(player=checked.player, character=sheet.name, text=text)


def player_roll(service: CampaignService, rng: Rng, request: dict[str, Any]) -> PlayerRoll:
    """Carry out a player's roll request, or raise Refused saying why (nothing is logged)."""
    checked = _checked(service, request)
    sheet, player, name = checked.sheet, checked.player, checked.name
    with service.rolled_by(player):
        if checked.what == "spell":
            return _spell(service, rng, sheet, player, name)
        try:
            if checked.what == "ability":
                rolled = _ability(service, rng, sheet, name, checked.augment)
            else:
                rolled = _characteristic(service, rng, sheet, name, checked.multiplier)
        except ValidationError as error:
            raise Refused(error.message) from None
    event = rolled.event
    roll = "--" if rolled.roll is None else f"{rolled.roll:02d}"
    text = f"{player} rolled for {sheet.name}: {event.label} {event.chance}%: {roll} {rolled.level}"
    return PlayerRoll(player=player, character=sheet.name, text=text)


def _own_ability(sheet: Character, name: str) -> Ability:
    ability = sheet.ability(name)
    if ability is None:
        raise Refused(f"{sheet.name} has no ability {name!r}")
    return ability


def _helper(sheet: Character, augment: str, augmented: str) -> Ability:
    helper = sheet.ability(augment)
    if helper is None or helper.name == augmented:
        raise Refused(f"{sheet.name} has no other ability {augment!r} to augment with")
    return helper


def _ability(
    service: CampaignService, rng: Rng, sheet: Character, name: str, augment: str | None
) -> rolls.Rolled:
    ability = _own_ability(sheet, name)
    plan = rolls.AbilityPlan(base=ability.value)
    with service.transaction():  # the augment and the roll it helps: one change, one undo
        augment_roll = None
        if augment is not None:
            helper = _helper(sheet, augment, ability.name)
            done = rolls.roll_augment(service, rng, sheet, helper, ability.name)
            augment_roll = done.event
            plan = rolls.AbilityPlan(base=ability.value, augment_name=helper.name,
                                     augment_level=done.level)  # fmt: skip
        return rolls.roll_ability(service, rng, sheet, ability, plan, augment_roll=augment_roll)


def _characteristic(
    service: CampaignService, rng: Rng, sheet: Character, key: str, multiplier: object
) -> rolls.Rolled:
    return rolls.roll_characteristic(service, rng, sheet, key, _multiplier(sheet, key, multiplier))


def _multiplier(sheet: Character, key: str, multiplier: object) -> int:
    if key not in sheet.characteristics:
        raise Refused(f"{sheet.name} has no characteristic {key!r}")
    if (
        not isinstance(multiplier, int)
        or isinstance(multiplier, bool)
        or (multiplier not in MULTIPLIERS)
    ):
        raise Refused("a characteristic roll is x1 to x5")
    return multiplier


def _cast_plan(service: CampaignService, sheet: Character, name: str) -> CastPlan:
    """The caster's own spell at its usual points, if it can be cast now (Refused if not)."""
    try:
        spell = find_castable(sheet, service.campaign.ruleset, name)
    except ValidationError as error:
        raise Refused(error.message) from None
    plan = CastPlan(spell=spell, points=spell.points)
    why = cast_problem(service, sheet, plan, None)
    if why is not None:
        raise Refused(f"{sheet.name} cannot cast {spell.name}: {why}")
    return plan


def _spell(
    service: CampaignService, rng: Rng, sheet: Character, player: str, name: str
) -> PlayerRoll:
    """The caster's own spell at its usual points, on no other target: the dashboard's cast
    runner rolls it and spends what the result costs (Refused, nothing logged, if it cannot)."""
    plan = _cast_plan(service, sheet, name)
    service.ensure_session()
    cast = cast_spell(service, rng, sheet.id, plan)
    event = cast.event
    roll = f"{event.chance}%: {cast.roll:02d} {cast.level}"
    text = f"{player} rolled for {sheet.name}: {event.label} {roll}"
    return PlayerRoll(player=player, character=sheet.name, text=text)
