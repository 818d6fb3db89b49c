"""Parries and dodges counted per defender per melee round, typed at full speed with Pilot:
three Broos attack Irvala in one round and she parries each; the second parry is at -20 and the
third at -40 in RQG (-30 and -60 in BRP); the attack dialog and the strike-rank pane say so,
and a new round starts the count again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from helpers import FakeClock
from textual.widgets import Input, Label

from gmdash.model.events import Event, RollMade
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import FoeSpec, Plan
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import RuleSet, SeededRng
from gmdash.rules.combat import ActionKind
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.panes.strike_ranks import StrikeRankPane

IRVALA = "c0002"  # Quarterstaff 50%
BROOS = FoeSpec(name="Broo", count=3, dex=12, siz=13, hit_points=12, weapon="Club", skill=5,
                damage="1D6", damage_bonus="1D4", dodge=30)  # fmt: skip


def three_broos_on_irvala(saves: Path, ruleset: RuleSet) -> CampaignService:
    """Three clumsy Broos (Club 5%: their attacks fail, but a parry is rolled all the same)
    against Irvala, their attacks declared."""
    state = demo_state()
    state.campaign = replace(state.campaign, ruleset=ruleset)
    service = CampaignService.create(saves, DEMO_NAME, ruleset, state=state, clock=FakeClock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    runner.begin(service, [IRVALA], [BROOS])
    for combatant in runner.fight(service).combatants:
        if combatant.foe is not None:
            runner.declare(service, combatant.id, [Plan(kind=ActionKind.MELEE, weapon="Club")])
    return service


def pane_text(pane: StrikeRankPane) -> str:
    """Every line of the strike-rank list (whether scrolled into view or not)."""
    listing = pane.main_widget()
    return "\n".join(" ".join(listing.row_lines(i)) for i in range(listing.row_count))


def parries(seen: list[Event]) -> list[int]:
    return [e.chance for e in seen if isinstance(e, RollMade) and e.kind == "parry"]


@pytest.mark.parametrize(
    ("ruleset", "chances", "note"),
    [
        (RuleSet.RQG, [50, 30, 10], "Parry 50% -20 (2nd defence this round) = 30%"),
        (RuleSet.BRP, [50, 20, 0], "Parry 50% -30 (2nd defence this round) = 20%"),
    ],
)
async def test_each_parry_after_the_first_costs_more_and_a_new_round_resets(
    tmp_path: Path, ruleset: RuleSet, chances: list[int], note: str
) -> None:
    service = three_broos_on_irvala(tmp_path, ruleset)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = GmDashApp(service, rng=SeededRng(7), clock=service.clock)
    async with app.run_test(size=(160, 50)) as pilot:
        # the first Broo's attack, parried by default, then the second: typed ahead, no pause
        await pilot.press("2", "n", "t", "enter", "n", "t")
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        assert str(dialog.query_one("#defence-note", Label).content).startswith(
            f"Irvala Greyquill: {note}"
        )
        assert "-" in dialog.query_one("#defence-chance", Input).placeholder
        await pilot.press("enter", "n", "t", "enter")
        assert parries(seen) == chances
        irvala = next(c for c in runner.fight(service).combatants if c.character_id == IRVALA)
        assert irvala.defences == 3
        pane = app.query_one(StrikeRankPane)
        step = 20 if ruleset is RuleSet.RQG else 30
        assert f"[3 def -{3 * step}]" in pane_text(pane)

        # a new round: the count is back to 0, the mark gone
        await pilot.press("ctrl+n")
        await pilot.pause()
        irvala = next(c for c in runner.fight(service).combatants if c.character_id == IRVALA)
        assert irvala.defences == 0
        assert "def -" not in pane_text(pane)
