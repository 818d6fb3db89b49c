"""Recording a roll made on the command line in a campaign's log (`gmdash roll ... --campaign`)."""

from __future__ import annotations

from pathlib import Path

from gmdash.cli.campaign_errors import store_errors
from gmdash.cli.hosting import open_for_change
from gmdash.model.events import RollKind
from gmdash.play import rolls
from gmdash.play.campaign import peek_campaign
from gmdash.rules import Level, Rng, RuleSet
from gmdash.store.lock import DEFAULT_WAIT


def record_roll(
    saves_dir: Path,
    campaign: str,
    *,
    actor: str | None,
    passer_by: bool = False,
    label: str | None,
    kind: RollKind,
    chance: int | None,
    roll: int | None,
    level: Level | str | None,
    expression: str | None = None,
    total: int | None = None,
    details: dict[str, object] | None = None,
    wait: float = DEFAULT_WAIT,
) -> None:
    """Append a roll to the open session of `campaign` (starting one if none is open).

    `actor` must name a roster character (a unique prefix will do; the full name is logged)
    unless `passer_by`. Raises CliError when the campaign is missing, unreadable or open in
    the dashboard (still after `wait` seconds), or the actor is unknown.
    """
    with (
        store_errors(campaign),
        open_for_change(saves_dir, campaign, wait=wait) as svc,
    ):
        sheet, name = rolls.roster_actor(svc, actor, passer_by=passer_by) if actor else (None, None)
        rolls.record(
            svc, kind, actor=name, character=sheet, label=label, chance=chance, roll=roll,
            level=level, expression=expression, total=total, details=details,
        )  # fmt: skip


def record_opposed(
    saves_dir: Path,
    campaign: str,
    rng: Rng,
    sides: tuple[tuple[str | None, int, int | None], tuple[str | None, int, int | None]],
    *,
    passer_by: bool = False,
    wait: float = DEFAULT_WAIT,
) -> rolls.Opposed:
    """Roll (or read) both sides of an opposed roll and log both, each with its actor, chance
    after the over-100% rule, roll, level and the outcome. A side is (actor or None, chance,
    typed D100 or None); a side without an actor is logged as "A" or "B"."""
    with (
        store_errors(campaign),
        open_for_change(saves_dir, campaign, wait=wait) as svc,
    ):
        svc.ensure_session()
        built = []
        for default, (actor, chance, typed) in zip(("A", "B"), sides, strict=True):
            sheet, name = (
                rolls.roster_actor(svc, actor, passer_by=passer_by) if actor else (None, default)
            )
            built.append(rolls.Side(name=name, chance=chance, character=sheet, typed=typed))
        return rolls.roll_opposed(svc, rng, built[0], built[1])


def campaign_ruleset(saves_dir: Path, campaign: str) -> RuleSet:
    """The rules `campaign` plays by (read from its snapshot, without taking its lock)."""
    with store_errors(campaign):
        return peek_campaign(saves_dir, campaign).ruleset
