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

from gmdash.model.casting import CastPlan, find_castable
from gmdash.model.character import Character, CharacterKind
from gmdash.model.errors import ValidationError
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.rules import Rng
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


def player_roll(service: CampaignService, rng: Rng, request: dict[str, Any]) -> PlayerRoll:
    """Carry out a player's roll request, or raise Refused saying why (nothing is logged)."""
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
    player = sheet.player or "A player"
    if what == "spell":
        return _spell(service, rng, sheet, player, name)
    try:
        if what == "ability":
            rolled = _ability(service, rng, sheet, name, _text(request, "augment", required=False))
        else:
            rolled = _characteristic(service, rng, sheet, name, request.get("multiplier", 5))
    except ValidationError as error:
        raise Refused(error.message) from None
    event = rolled.event
    roll = "--" if rolled.roll is None else f"{rolled.roll:02d}"
    text = f"{player} rolled for {sheet.name}: {event.label} {event.chance}%: {roll} {rolled.level}"
    return PlayerRoll(player=player, character=sheet.name, text=text)


def _ability(
    service: CampaignService, rng: Rng, sheet: Character, name: str, augment: str | None
) -> rolls.Rolled:
    ability = sheet.ability(name)
    if ability is None:
        raise Refused(f"{sheet.name} has no ability {name!r}")
    plan = rolls.AbilityPlan(base=ability.value)
    with service.transaction():  # the augment and the roll it helps: one change, one undo
        augment_roll = None
        if augment is not None:
            helper = sheet.ability(augment)
            if helper is None or helper.name == ability.name:
                raise Refused(f"{sheet.name} has no other ability {augment!r} to augment with")
            done = rolls.roll_augment(service, rng, sheet, helper, ability.name)
            augment_roll = done.event
            plan = rolls.AbilityPlan(base=ability.value, augment_name=helper.name,
                                     augment_level=done.level)  # fmt: skip
        return rolls.roll_ability(service, rng, sheet, ability, plan, augment_roll=augment_roll)


def _characteristic(
    service: CampaignService, rng: Rng, sheet: Character, key: str, multiplier: object
) -> rolls.Rolled:
    if key not in sheet.characteristics:
        raise Refused(f"{sheet.name} has no characteristic {key!r}")
    if (
        not isinstance(multiplier, int)
        or isinstance(multiplier, bool)
        or (multiplier not in MULTIPLIERS)
    ):
        raise Refused("a characteristic roll is x1 to x5")
    return rolls.roll_characteristic(service, rng, sheet, key, multiplier)


def _spell(
    service: CampaignService, rng: Rng, sheet: Character, player: str, name: str
) -> PlayerRoll:
    """The caster's own spell at its usual points, on no other target: the dashboard's cast
    runner rolls it and spends what the result costs (Refused, nothing logged, if it cannot)."""
    # The cast runner (and the healing it pulls in) is loaded on a player's first spell, not at
    # every dashboard start (tests/tui/test_quick_dialogs.py).
    from gmdash.play.magic import cast_problem, cast_spell

    ruleset = service.campaign.ruleset
    try:
        spell = find_castable(sheet, ruleset, name)
    except ValidationError as error:
        raise Refused(error.message) from None
    plan = CastPlan(spell=spell, points=spell.points)
    why = cast_problem(service, sheet, plan, None)
    if why is not None:
        raise Refused(f"{sheet.name} cannot cast {spell.name}: {why}")
    service.ensure_session()
    cast = cast_spell(service, rng, sheet.id, plan)
    event = cast.event
    roll = f"{event.chance}%: {cast.roll:02d} {cast.level}"
    text = f"{player} rolled for {sheet.name}: {event.label} {roll}"
    return PlayerRoll(player=player, character=sheet.name, text=text)
