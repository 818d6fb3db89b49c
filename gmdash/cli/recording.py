"""Recording a roll made on the command line in a campaign's log (`gmdash roll ... --campaign`)."""

from __future__ import annotations

from pathlib import Path

from gmdash.cli.campaign_errors import store_errors
from gmdash.model.events import RollKind
from gmdash.play import rolls
from gmdash.play.campaign import CampaignService
from gmdash.rules import Level


def record_roll(
    saves_dir: Path,
    campaign: str,
    *,
    actor: str | None,
    label: str | None,
    kind: RollKind,
    chance: int | None,
    roll: int | None,
    level: Level | str | None,
    expression: str | None = None,
    total: int | None = None,
    details: dict[str, object] | None = None,
) -> None:
    """Append a roll to the open session of `campaign` (starting one if none is open).

    Raises CliError when the campaign is missing, unreadable or open in the dashboard.
    """
    with store_errors(campaign), CampaignService.open(saves_dir, campaign, remember=False) as svc:
        rolls.record(
            svc, kind, actor=actor, label=label, chance=chance, roll=roll, level=level,
            expression=expression, total=total, details=details,
        )  # fmt: skip
