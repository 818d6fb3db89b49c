"""Issue 16's proof, from the keyboard: Bladesharp raises an attack's chance and damage for
exactly its duration (10 melee rounds), Protection lowers the damage taken, a spirit combat
drains magic points, time passing brings them back, and a restart mid-fight keeps every effect
with its time left."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static

from gmdash.model.combat_events import AttackResolved, SpiritCombatResolved
from gmdash.model.effect_events import TimePassed
from gmdash.model.events import Event, RollMade
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import Plan
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.rules import SeededRng
from gmdash.rules.combat import ActionKind
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.effects import EffectsDialog, TimePassesDialog
from gmdash.tui.dialogs.spirit_combat import SpiritCombatDialog
from gmdash.tui.panes.strike_ranks import StrikeRankPane

from .test_combat import SIZE, Clock

HARVALD, MERIEL, MARCELLAN = "c0001", "c0004", "c0007"


def make_fight(saves: Path) -> CampaignService:
    """Harvald (Broadsword 70%, 1D8+1, +1D4) and Meriel against Marcellan the Lunar."""
    service = CampaignService.create(saves, DEMO_NAME, state=demo_state(), clock=Clock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    runner.begin(service, [HARVALD, MERIEL, MARCELLAN])
    declare(service)
    return service


def declare(service: CampaignService) -> None:
    ids = {c.character_id: c.id for c in runner.fight(service).combatants}
    runner.declare(service, ids[HARVALD], [Plan(kind=ActionKind.MELEE, weapon="Broadsword")])


def effects_line(app: GmDashApp) -> str:
    """What the strike-rank pane shows of the running effects (it wraps in a narrow pane)."""
    shown = app.query_one("#sr-effects", Static)
    return " ".join(str(shown.content).split()) if shown.display else ""


def combatant_id(service: CampaignService, character_id: str) -> str:
    return next(c.id for c in runner.fight(service).combatants if c.character_id == character_id)


async def select(pilot: object, app: GmDashApp, character_id: str) -> None:
    """Put the strike-rank pane's cursor on a combatant's line."""
    pane = app.query_one(StrikeRankPane)
    wanted = combatant_id(app.service, character_id)
    keys = [pane._key(row, i) for i, row in enumerate(runner.rows(app.service))]
    index = next(i for i, key in enumerate(keys) if key.split(":")[0] == wanted)
    pane.main_widget().move_cursor(row=index)
    await pilot.pause()  # type: ignore[attr-defined]


async def add_effect(pilot: object, app: GmDashApp, character_id: str, text: str) -> None:
    await select(pilot, app, character_id)
    await pilot.press("f")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, EffectsDialog)
    await pilot.press(*text)  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert not isinstance(app.screen, EffectsDialog), "the effect was refused"


async def harvald_attacks(pilot: object, app: GmDashApp, damage: str) -> tuple[str, AttackResolved]:
    """Harvald's Broadsword on Marcellan, who does not defend: the chance offered, the step."""
    service = app.service
    runner.step(service, 1)
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("t")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    dialog = app.screen
    assert isinstance(dialog, AttackDialog)
    offered = dialog.query_one("#chance", Input).value
    dialog.query_one("#target", Select).value = combatant_id(service, MARCELLAN)
    await pilot.pause()  # type: ignore[attr-defined]
    dialog.query_one("#defence", Select).value = "none"
    for field, value in {"attack-roll": "40", "location": "12"}.items():
        dialog.query_one(f"#{field}", Input).value = value
    if damage:
        dialog.query_one("#damage", Input).value = damage
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    resolved = [e for e in service.events() if isinstance(e, AttackResolved)][-1]
    return offered, resolved


async def test_spells_run_out_protect_and_spirits_drain(tmp_path: Path) -> None:
    service = make_fight(tmp_path)
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    chest_armour = service.character(MARCELLAN).armour["chest"]
    app = GmDashApp(service, rng=SeededRng(3), clock=service.clock)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await add_effect(pilot, app, HARVALD, "Bladesharp 2 on Broadsword")
        await add_effect(pilot, app, MARCELLAN, "Protection 3")
        assert "Bladesharp 2 (10 rounds)" in effects_line(app)
        assert "Protection 3 (10 rounds)" in effects_line(app)

        # round 1: 70% + 10 offered; the damage rolled is the sword's +2, armour +3 on the chest
        offered, blow = await harvald_attacks(pilot, app, damage="")
        assert offered == "80"
        rolled = [e for e in seen if isinstance(e, RollMade) and e.kind == "damage"][-1]
        assert rolled.expression == "1D8+3+1D4"
        assert any("Bladesharp 2" in m for m in rolled.modifiers)
        assert blow.armour == chest_armour + 3
        assert blow.amount == max(0, blow.damage - chest_armour - 3)

        # nine more rounds: both still run, with one round left
        for _ in range(9):
            await pilot.press("ctrl+n")
            await pilot.pause()
        assert [e.left for e in service.state.effects] == [12, 12]
        assert "Bladesharp 2 (1 round)" in effects_line(app)
        # the tenth round ends: both run out, and the log says so
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert service.state.effects == ()
        ended = [e for e in seen if isinstance(e, TimePassed)][-1]
        assert set(ended.ended_text) == {
            "Bladesharp 2 on Harvald Stormbrow",
            "Protection 3 on Marcellan the Lunar",
        }
        declare(service)
        offered, blow = await harvald_attacks(pilot, app, damage="10")
        assert offered == "70"
        assert blow.armour == chest_armour and blow.amount == 10 - chest_armour

        # spirit combat: Meriel (Spirit Combat base 20%) against a ghost who joins the fight
        before = service.character(MERIEL).magic_points
        await select(pilot, app, MERIEL)
        await pilot.press("S")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SpiritCombatDialog)
        for field, value in {"roll-a": "80", "roll-b": "20", "damage": "4", "spirit-name": "Ghost",
                             "spirit-pow": "12", "spirit-cha": "6",
                             "spirit-skill": "50"}.items():  # fmt: skip
            dialog.query_one(f"#{field}", Input).value = value
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        spirit = [e for e in seen if isinstance(e, SpiritCombatResolved)][-1]
        assert spirit.winner_id is not None and spirit.damage == 4
        assert service.character(MERIEL).magic_points == before - 4
        last = " ".join(str(app.query_one("#sr-last", Static).content).split())
        assert "Ghost wins, 1D6 → 4; Meriel Greenhollow MP 17 → 13" in last

        # a Shimmer before the restart
        await add_effect(pilot, app, MERIEL, "Shimmer 2")
        kept = service.state.effects
        assert [e.left for e in kept] == [120]

    # a restart mid-fight keeps the effect and its time left, and the pane shows it
    service.close()
    again = CampaignService.open(tmp_path, DEMO_NAME, clock=Clock(), durable=False)
    assert again.state.effects == kept
    app2 = GmDashApp(again, rng=SeededRng(4), clock=again.clock)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Shimmer 2 (10 rounds)" in effects_line(app2)
        # two hours pass: the spell is long gone, Meriel's magic points are back in part
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app2.screen, TimePassesDialog)
        field = app2.screen.query_one("#span", Input)
        field.value = "2h"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert again.state.effects == ()
        # 17 MP a day: 2 hours give 1 point (17 * 2 / 24 = 1.4)
        assert again.character(MERIEL).magic_points == before - 4 + 1
    again.close()
