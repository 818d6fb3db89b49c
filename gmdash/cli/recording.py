"""Recording a roll made on the command line in a campaign's log (`gmdash roll ... --campaign`)."""

from __future__ import annotations

from pathlib import Path

from gmdash.cli.campaign_errors import store_errors
from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService


def record_roll(
    saves_dir: Path,
    campaign: str,
    *,
    actor: str | None,
    label: str | None,
    kind: str,
    chance: int | None,
    roll: int | None,
    level: str | None,
    expression: str | None = None,
    total: int | None = None,
    details: dict[str, object] | None = None,
) -> None:
    """Append a roll to the open session of `campaign` (starting one if none is open).

    Raises CliError when the campaign is missing, unreadable or open in the dashboard.
    """
    with store_errors(campaign), CampaignService.open(saves_dir, campaign, remember=False) as svc:
        svc.ensure_session()
        found = svc.state.find(actor) if actor else None
        svc.publish(
            RollMade(
                actor=actor, character_id=found.id if found else None, label=label, kind=kind,
                chance=chance, roll=roll, level=level, expression=expression, total=total,
                details=details or {},
            )
        )  # fmt: skip
