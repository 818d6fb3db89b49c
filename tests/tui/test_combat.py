"""The strike-rank pane with Pilot: a whole three-round fight of the demo party against three
foes, a restart in the middle of a round, undo, and bad input that changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import region_text
from textual.widgets import Input, Select, Static

from gmdash.model import log_stats
from gmdash.model.combat import Combat
from gmdash.model.combat_events import (
    ActionAdvanced,
    ActionsDeclared,
    AttackResolved,
    CombatEnded,
    CombatStarted,
    RoundStarted,
)
from gmdash.model.events import DamageApplied, Event, RollMade, UndoApplied
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.play.wounds import wound
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.combat_declare import DeclareDialog
from gmdash.tui.dialogs.combat_end import ConfirmEndDialog
from gmdash.tui.dialogs.combat_setup import AddCombatantDialog, CombatSetupDialog
from gmdash.tui.dialogs.combat_summary import CombatSummaryDialog
from gmdash.tui.panes.strike_ranks import StrikeRankPane
from gmdash.tui.widgets.row_table import RowTable

SIZE = (160, 50)
BROOS = {
    "foe-name": "Broo x3", "foe-dex": "12", "foe-siz": "13", "foe-hp": "12", "foe-armour": "2",
    "foe-weapon": "Club", "foe-skill": "45", "foe-damage": "1D6", "foe-bonus": "1D4",
    "foe-dodge": "30",
}  # fmt: skip


class Clock:
    """A fixed clock that moves one second per reading."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def make_service(saves: Path) -> CampaignService:
    service = CampaignService.create(
        saves, DEMO_NAME, state=demo_state(), clock=Clock(), durable=False
    )
    service.start_session()
    return service


def make_app(service: CampaignService, seed: int = 7) -> tuple[GmDashApp, list[Event]]:
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    return GmDashApp(service, rng=SeededRng(seed), clock=service.clock), seen


def pane(app: GmDashApp) -> StrikeRankPane:
    return app.query_one(StrikeRankPane)


def heading(app: GmDashApp) -> str:
    return str(pane(app).query_one("#sr-heading", Static).render())


def lines(app: GmDashApp) -> list[str]:
    listing = pane(app).query_one("#sr-list", RowTable)
    return [listing.get_row_at(i)[0].plain for i in range(listing.row_count)]


def fill(app: GmDashApp, values: dict[str, str]) -> None:
    for field, value in values.items():
        app.screen.query_one(f"#{field}", Input).value = value


async def start_fight(app: GmDashApp, pilot: object) -> None:
    await pilot.press("2", "b")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, CombatSetupDialog)
    fill(app, BROOS)
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def declare_everyone(app: GmDashApp, pilot: object, count: int) -> None:
    """s then enter for each combatant (the highlight moves to the next one waiting)."""
    for _ in range(count):
        await pilot.press("s")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert isinstance(app.screen, DeclareDialog)
        await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]


async def run_round(app: GmDashApp, pilot: object, service: CampaignService) -> int:
    """Step through every action of the round, resolving each attack; returns the attacks."""
    attacks = 0
    for _ in range(40):
        before = service.state.combat
        await pilot.press("n")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        after = service.state.combat
        assert after is not None and before is not None
        if after.current == before.current:
            break  # end of the round
        await pilot.press("t")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        if isinstance(app.screen, AttackDialog):
            await pilot.press("enter")  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
            attacks += 1
    return attacks


def snapshot(service: CampaignService) -> tuple[Combat | None, dict[str, object]]:
    sheets = {c.id: (c.hit_points, dict(c.locations), c.conditions) for c in service.characters}
    return service.state.combat, sheets


@pytest.mark.slow
async def test_a_whole_three_round_fight(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await start_fight(app, pilot)
        combat = service.state.combat
        assert combat is not None
        names = [c.name for c in combat.combatants]
        assert names[:4] == [c.name for c in service.characters[:4]]
        assert names[4:] == ["Broo 1", "Broo 2", "Broo 3"]
        assert "Round 1" in heading(app)
        await declare_everyone(app, pilot, 7)
        declared = service.state.combat
        assert declared is not None and all(c.declared for c in declared.combatants)
        # the order: ascending SR, higher DEX first, ties marked simultaneous
        assert "Korrath" in lines(app)[0]  # DEX 16: SR 3 with the lance
        assert any("7=" in line for line in lines(app))  # Meriel and the broos: SR 7, DEX 12
        total_attacks = await run_round(app, pilot, service)
        for round_number in (2, 3):
            await pilot.press("ctrl+n")
            await pilot.pause()
            fight = service.state.combat
            assert fight is not None and fight.round == round_number
            assert "Round " + str(round_number) in heading(app)
            await pilot.press("l")  # same as last round, for everyone still standing
            await pilot.pause()
            total_attacks += await run_round(app, pilot, service)
        assert total_attacks >= 12  # some may have fallen on the way
        kinds = [e.kind for e in seen if isinstance(e, RollMade)]
        assert kinds.count("attack") == total_attacks
        assert {"attack", "location", "damage"} <= set(kinds)
        assert {"parry", "dodge"} & set(kinds)
        resolved = [e for e in seen if isinstance(e, AttackResolved)]
        assert len(resolved) == total_attacks
        hits = [e for e in resolved if e.amount]
        assert hits, "three rounds without a wound"
        # damage to the party goes through DamageApplied, so the roster shows it
        pc_ids = {c.id for c in service.characters if c.kind == "pc"}
        party_hits = [e for e in seen if isinstance(e, DamageApplied)]
        assert all(e.character_id in pc_ids for e in party_hits)
        assert sum(e.amount for e in party_hits) == sum(
            c.taken
            for c in service.state.combat.combatants[:4]  # type: ignore[union-attr]
        )
        # ending shows the summary and logs it
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatSummaryDialog)
        ended = [e for e in seen if isinstance(e, CombatEnded)]
        assert len(ended) == 1 and ended[0].summary["rounds"] == 3
        assert "Combat over after 3 rounds" in ended[0].text
        await pilot.press("escape")
        await pilot.pause()
        assert service.state.combat is None
        assert heading(app) == "No combat"
        logged = service.log()
        assert any(entry.label and "Combat over" in entry.label for entry in logged)
        assert [e.type for e in seen].count("RoundStarted") == 2
        assert any(isinstance(e, ActionsDeclared) and e.repeated for e in seen)
        assert any(isinstance(e, CombatStarted) for e in seen)


@pytest.mark.slow
async def test_restart_in_the_middle_of_a_round(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, _ = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await start_fight(app, pilot)
        await declare_everyone(app, pilot, 7)
        await run_round(app, pilot, service)
        await pilot.press("ctrl+n", "l")
        await pilot.pause()
        for _ in range(3):  # three actions into round 2, the third one resolved
            await pilot.press("n")
            await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        if isinstance(app.screen, AttackDialog):
            await pilot.press("enter")
            await pilot.pause()
        before = snapshot(service)
        shown = (heading(app), lines(app))
    service.close()
    again = CampaignService.open(tmp_path, DEMO_NAME, clock=Clock(), durable=False)
    assert snapshot(again) == before
    fight = again.state.combat
    assert fight is not None and fight.round == 2 and fight.current is not None
    app2, _ = make_app(again, seed=99)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert (heading(app2), lines(app2)) == shown
        assert "Round 2" in heading(app2) and "3/" in heading(app2)
        await pilot.press("2", "n")
        await pilot.pause()
        assert "4/" in heading(app2)
    again.close()


async def test_undo_takes_back_a_whole_attack(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await start_fight(app, pilot)
        await declare_everyone(app, pilot, 7)
        await pilot.press("n")
        await pilot.pause()
        before = snapshot(service)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert app.screen.query_one("#parry", Select).value == "Club"  # the broo's weapon
        # the table's dice: a special hit, a failed parry, chest, 9 damage
        fill(app, {"attack-roll": "05", "defence-roll": "90", "location": "12", "damage": "9"})
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        attack = next(e for e in seen if isinstance(e, AttackResolved))
        assert attack.location == "chest" and attack.damage == 9 and attack.armour == 2
        assert attack.amount == 7 and attack.attack_level == "special"
        assert "shock" in attack.effects  # a broo's chest has 5 HP: 7 puts it in shock
        assert "Broo" in str(pane(app).query_one("#sr-last", Static).render())
        assert snapshot(service) != before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert snapshot(service) == before
        undone = [e for e in seen if isinstance(e, UndoApplied)]
        assert len(undone) == 1 and undone[0].summary == "attack by Korrath Sandstrider"
        rolls = {e.id for e in seen if isinstance(e, RollMade)}
        assert rolls <= service.state.struck  # every roll of the attack is struck out of the log
        await pilot.press("ctrl+z")  # the step before: the move to the first action
        await pilot.pause()
        fight = service.state.combat
        assert fight is not None and fight.current is None
        assert sum(isinstance(e, ActionAdvanced) for e in seen) == 1


async def test_bad_input_changes_nothing(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        for key in ("n", "p", "t", "s", "l", "ctrl+n", "delete", "E", "plus"):
            await pilot.press(key)
            await pilot.pause()
        assert not seen  # no fight: every key says so and changes nothing
        assert app.screen is app.screen_stack[0]
        await pilot.press("b")
        await pilot.pause()
        fill(app, {**BROOS, "foe-dex": "twelve"})
        await pilot.pause()
        assert str(app.screen.query_one("#foe-dex-error").render()) != ""
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatSetupDialog)  # OK refused
        await pilot.press("escape")
        await pilot.pause()
        assert service.state.combat is None and not seen
        await start_fight(app, pilot)
        count = len(seen)
        await pilot.press("t")  # no current action yet
        await pilot.pause()
        await pilot.press("n", "t")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog) is False  # nobody declared: nothing to do
        await declare_everyone(app, pilot, 1)
        await pilot.press("n", "t")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        fill(app, {"attack-roll": "101", "location": "tail"})
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not any(isinstance(e, AttackResolved | RollMade) for e in seen[count:])


async def test_add_and_remove_in_the_middle_of_a_fight(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, _ = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await start_fight(app, pilot)
        await pilot.press("plus")
        await pilot.pause()
        assert isinstance(app.screen, AddCombatantDialog)
        fill(app, {**BROOS, "foe-name": "Broo x2"})
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        fight = service.state.combat
        assert fight is not None
        assert [c.name for c in fight.combatants][-2:] == ["Broo 4", "Broo 5"]
        assert len({c.id for c in fight.combatants}) == 9
        await pilot.press("plus")  # a roster NPC joins: pick, then enter
        await pilot.pause()
        app.screen.query_one("#roster-one", Select).value = "c0005"
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        fight = service.state.combat
        assert fight is not None and fight.combatants[-1].name == "Gorehorn"
        assert fight.combatants[-1].side == "foes"
        listing = pane(app).query_one("#sr-list", RowTable)
        listing.move_cursor(row=0)
        name = fight.combatants[0].name
        await pilot.press("delete")
        await pilot.pause()
        fight = service.state.combat
        assert fight is not None and name not in [c.name for c in fight.combatants]
        await pilot.press("ctrl+z")
        await pilot.pause()
        fight = service.state.combat
        assert fight is not None and name in [c.name for c in fight.combatants]


@pytest.mark.parametrize("size", [(100, 30)])
async def test_the_pane_fits_the_middle_column(tmp_path: Path, size: tuple[int, int]) -> None:
    service = make_service(tmp_path)
    app, _ = make_app(service)
    async with app.run_test(size=size) as pilot:
        await start_fight(app, pilot)
        await declare_everyone(app, pilot, 7)
        await pilot.press("n")
        await pilot.pause()
        widget = pane(app)
        assert widget.size.width <= 40
        for line in lines(app):
            assert len(line) <= widget.query_one("#sr-list").size.width
        assert any(line.startswith("▶") for line in lines(app))
        await pilot.press("m")  # maximised: wider lines
        await pilot.pause()
        assert any("Korrath Sandstrider" in line for line in lines(app))
        assert RoundStarted  # (imported for the three-round test)


def spy_on_redraws(widget: StrikeRankPane) -> list[tuple[str, bool]]:
    """Record every update of the pane's lines (with its relayout flag) and list rebuild."""
    calls: list[tuple[str, bool]] = []
    for name in ("sr-heading", "sr-last"):
        static = widget.query_one(f"#{name}", Static)

        def update(
            content: object = "", *, layout: bool = True, _o: object = static.update, _n: str = name
        ) -> None:
            calls.append((_n, layout))
            _o(content, layout=layout)  # type: ignore[operator]

        static.update = update  # type: ignore[method-assign]
    listing = widget.query_one("#sr-list", RowTable)
    clear = listing.clear

    def clear_rows(columns: bool = False) -> None:
        calls.append(("list", True))
        clear(columns)

    listing.clear = clear_rows  # type: ignore[method-assign]
    return calls


async def test_only_changes_to_the_fight_redraw_the_pane(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        calls = spy_on_redraws(pane(app))
        # No fight: a resize, a roll and its undo change nothing in the pane.
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        await pilot.press("3", "enter")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert any(isinstance(e, RollMade) for e in seen)
        assert any(isinstance(e, UndoApplied) for e in seen)
        assert calls == []
        assert heading(app) == "No combat"

        await start_fight(app, pilot)
        await declare_everyone(app, pilot, 7)
        await pilot.press("n")
        await pilot.pause()
        drawn = lines(app)
        calls.clear()
        # A roll outside the fight, and its undo: the same fight, nothing redrawn.
        await pilot.press("3", "enter")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert calls == []
        assert lines(app) == drawn

        # The next action: the list is rebuilt, the one-line heading repaints without a relayout.
        await pilot.press("2", "n")
        await pilot.pause()
        assert ("list", True) in calls
        assert ("sr-heading", False) in calls
        assert ("sr-heading", True) not in calls
        calls.clear()

        # A wound to a fighter from outside the fight shows at once.
        fight = service.state.combat
        assert fight is not None
        korrath = next(c for c in fight.combatants if c.name.startswith("Korrath"))
        assert korrath.character_id is not None
        sheet = service.character(korrath.character_id)
        blow = wound(sheet, service.campaign.ruleset, "chest", 5)
        service.publish(blow.event)
        await pilot.pause()
        assert isinstance(blow.event, DamageApplied)
        assert ("list", True) in calls
        hit_points = service.character(korrath.character_id).hit_points
        assert hit_points < sheet.hit_points
        row = next(line for line in lines(app) if "Korrath" in line)
        assert row.split()[-1].split("/")[0] == str(hit_points)


@pytest.mark.slow
async def test_end_confirmation_names_whole_and_both_summaries_agree(tmp_path: Path) -> None:
    service = make_service(tmp_path)
    app, seen = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await start_fight(app, pilot)
        await declare_everyone(app, pilot, 7)
        assert await run_round(app, pilot, service)
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmEndDialog)
        shown = region_text(app, app.screen.query_one(".combat-box"))
        combat = service.state.combat
        assert combat is not None
        for combatant in combat.combatants:  # the line of text was cut mid-name
            assert combatant.name in shown, combatant.name
        await pilot.press("enter")
        await pilot.pause()
        ended = next(e for e in seen if isinstance(e, CombatEnded))
    rows = ended.summary["combatants"]
    assert isinstance(rows, list)
    in_fight = {row["name"]: row["dealt"] for row in rows if row["dealt"]}
    assert in_fight, "a round without a wound"
    session = log_stats.summarize(log_reading.records(service))
    # the session summary counts what got through armour from each one's own attacks, as the
    # combat summary does
    assert session.damage_dealt == in_fight
