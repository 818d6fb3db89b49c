"""A snapshot of the strike-rank pane in the middle of a round, at the size of the middle column
(fixed terminal size, seed and clock). The pane runs alone in a small host app, so the other
panes' changes never move this picture.

Regenerate after an intended change with `pytest tests/tui/test_combat_snapshot.py
--snapshot-update` and look at the SVG before committing it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from helpers import demo_service, fixed_clock
from textual.app import App, ComposeResult

from gmdash.model.events import Event
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import AttackInput, FoeSpec, Plan
from gmdash.rules import Location, Rng, ScriptedRng, SeededRng
from gmdash.rules.combat import ActionKind, Defence
from gmdash.tui.panes.strike_ranks import StrikeRankPane

CSS = Path(__file__).parents[2] / "gmdash" / "tui" / "gmdash.tcss"


class PaneHost(App[None]):
    """The strike-rank pane alone, with what the dashboard gives its panes."""

    CSS_PATH = str(CSS)

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        self.rng: Rng = SeededRng(7)
        self.clock: Callable[[], datetime] = fixed_clock
        service.bus.subscribe(Event, self._changed)

    def compose(self) -> ComposeResult:
        yield StrikeRankPane(id="strike-ranks")

    def on_mount(self) -> None:
        self.query_one(StrikeRankPane).focus_main()

    def _changed(self, event: Event) -> None:
        self.query_one(StrikeRankPane).campaign_changed(event)


def mid_round(saves: Path) -> CampaignService:
    """The party against three broos, round 2, the fourth action current, one attack done."""
    service = demo_service(saves, fixed_clock)
    service.start_session()
    broos = FoeSpec(name="Broo", count=3, dex=12, siz=13, hit_points=12, armour=2,
                    weapon="Club", skill=45, damage="1D6", damage_bonus="1D4")  # fmt: skip
    party = [c.id for c in service.characters if c.kind == "pc"]
    runner.begin(service, party, [broos])
    combat = runner.fight(service)
    for combatant in combat.combatants:
        sheet = runner.sheet_of(combatant, service.state.characters)
        assert sheet is not None
        runner.declare(service, combatant.id, [Plan(kind=ActionKind.MELEE,
                                                     weapon=sheet.weapons[0].name)])  # fmt: skip
    runner.new_round(service)
    runner.same_as_last_round(service)
    # Irvala casts first this round, then swings her staff
    spell_then_staff = [
        Plan(kind=ActionKind.SPELL, own_sr=1),
        Plan(kind=ActionKind.MELEE, weapon="Quarterstaff"),
    ]
    runner.declare(service, "k02", spell_then_staff)
    runner.step(service, +1)  # Korrath, SR 3
    runner.resolve_attack(
        service,
        ScriptedRng([]),
        AttackInput(
            defender_id="k05",
            attack_roll=12,
            defence=Defence.PARRY,
            defence_roll=77,
            location=Location.CHEST,
            damage=9,
        ),
    )
    runner.step(service, +1)
    runner.step(service, +1)
    return service


def test_the_pane_mid_round(snap_compare: Any, tmp_path: Path) -> None:
    service = mid_round(tmp_path)
    try:
        assert snap_compare(PaneHost(service), terminal_size=(35, 14))
    finally:
        service.close()
