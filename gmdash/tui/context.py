"""What every pane and dialog may use from the app: the campaign service, the RNG, the clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol, cast

from textual.dom import DOMNode

from gmdash.play.campaign import CampaignService
from gmdash.rules import Rng
from gmdash.tui.channel_host import PlayerAsks


class Dashboard(Protocol):
    """The app, as panes see it (attributes down)."""

    service: CampaignService
    rng: Rng
    clock: Callable[[], datetime]
    player_asks: PlayerAsks


def dashboard(node: DOMNode) -> Dashboard:
    """The running dashboard app of a widget."""
    return cast(Dashboard, node.app)
