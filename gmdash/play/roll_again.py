"""Roll again, or retry, from a logged roll: the same roll made anew with the app's dice.

Roll again repeats an ability roll as it was planned (the same ability at its value now, the
same flat modifier, augment result, difficulty, retry, hidden flag and stake), a characteristic
roll (the same multiplier) or a dice roll (the same expression). Retry is an ability roll tried
again after a failure with the retry penalty (docs/rules.md, retries): `rolls.retry_refusal`
holds the rule, so a retry after a failed retry is refused as the ability dialog refuses it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmdash.model.character import Ability, Character
from gmdash.model.errors import ValidationError
from gmdash.model.events import AbilityTicked, RollMade
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.rules import Level, Rng, parse_dice

AGAIN_KINDS = frozenset({"ability", "characteristic", "dice"})
"""The kinds of roll that can be rolled again (the others belong to a fight or an opposed
roll, which their own panes make again)."""


@dataclass(frozen=True, slots=True)
class Again:
    """A roll made again: its event and the tick it earned."""

    event: RollMade
    ticked: AbilityTicked | None = None

    def describe(self) -> str:
        """The result in words, for a notification: "Harvald: Broadsword 55% → 43 success"."""
        event = self.event
        who = f"{event.actor}: " if event.actor else ""
        what = event.label or event.expression or event.kind
        if event.level is None:
            return f"{who}{what} {event.expression} = {event.total}"
        chance = f" {event.chance}%" if event.chance is not None else ""
        rolled = f"{event.roll:02d} " if event.roll is not None else ""
        text = f"{who}{what}{chance} → {rolled}{event.level}"
        if event.hidden:
            text += " · hidden"
        if self.ticked is not None:
            text += f" · {self.ticked.ability} ticked for experience"
        return text


def again_refusal(service: CampaignService, event: RollMade, *, retry: bool = False) -> str | None:
    """Why `event` cannot be rolled again (or retried) now; None when it can."""
    if event.kind not in AGAIN_KINDS:
        return (
            f"a {event.kind} roll cannot be rolled again from here "
            "(only ability, characteristic and dice rolls)"
        )
    if event.character_id is None and event.kind != "dice":
        return f"{event.actor or 'this roll'} is not on the roster: roll it from its dialog"
    if event.character_id is not None and _sheet(service, event) is None:
        return f"{event.actor or 'this character'} is no longer on the roster"
    if event.kind == "ability" and _ability(service, event) is None:
        return f"{event.actor} has no ability {event.label!r} any more"
    if not retry:
        return None
    if event.kind != "ability":
        return "only an ability roll can be retried"
    if event.level is not None and Level(event.level).is_success:
        return f"{event.label} succeeded: there is nothing to retry"
    assert event.character_id is not None and event.label is not None
    return rolls.retry_refusal(service, event.character_id, event.label)


def roll_again(
    service: CampaignService, rng: Rng, event: RollMade, *, retry: bool = False
) -> Again:
    """Make `event`'s roll again (`retry`: after its failure, with the retry penalty) and log
    it; ValidationError (nothing logged) when it cannot be."""
    refusal = again_refusal(service, event, retry=retry)
    if refusal is not None:
        raise ValidationError("retry" if retry else "roll", refusal)
    if event.kind == "ability":
        sheet, ability = _sheet(service, event), _ability(service, event)
        assert sheet is not None and ability is not None
        plan = rolls.AbilityPlan.from_modifiers(ability.value, event.modifiers)
        if retry:
            plan = replace(plan, retry=True)
        done = rolls.roll_ability(
            service, rng, sheet, ability, plan, hidden=event.hidden,
            at_stake=not event.details.get("nothing_at_stake", False),
        )  # fmt: skip
        return Again(done.event, done.ticked)
    if event.kind == "characteristic":
        sheet = _sheet(service, event)
        assert sheet is not None
        key, multiplier = _characteristic(event, sheet)
        return Again(rolls.roll_characteristic(service, rng, sheet, key, multiplier).event)
    expr = parse_dice(event.expression or "")
    made = rolls.roll_dice(
        service, rng, expr, label=event.label or "dice", character=_sheet(service, event)
    )
    return Again(made)


def _sheet(service: CampaignService, event: RollMade) -> Character | None:
    if event.character_id is None:
        return None
    return service.state.characters.get(event.character_id)


def _ability(service: CampaignService, event: RollMade) -> Ability | None:
    sheet = _sheet(service, event)
    return None if sheet is None else sheet.ability(event.label or "")


def _characteristic(event: RollMade, sheet: Character) -> tuple[str, int]:
    """The characteristic and multiplier of a logged characteristic roll ("POW x5")."""
    key, _, times = (event.label or "").partition(" x")
    multiplier = event.details.get("multiplier", times)
    if key not in sheet.characteristics or not str(multiplier).isdigit():
        raise ValidationError("roll", f"cannot read the characteristic roll {event.label!r}")
    return key, int(str(multiplier))
