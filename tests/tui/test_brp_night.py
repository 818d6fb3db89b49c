"""A short Basic Roleplaying night from the keyboard (issue 15): a character made in the form,
a difficult roll, an opposed stalemate and a fight in DEX order; no screen it visits shows a
word or a field that only RuneQuest has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import FakeClock, screen_text
from textual.widgets import Input, RadioButton, TextArea

from gmdash.model.combat_events import CombatEnded
from gmdash.model.events import CharacterAdded, Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.rules import RuleSet, SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog
from gmdash.tui.dialogs.character_form import CharacterForm
from gmdash.tui.dialogs.combat_attack import AttackDialog
from gmdash.tui.dialogs.combat_declare import DeclareDialog
from gmdash.tui.dialogs.combat_end import ConfirmEndDialog
from gmdash.tui.dialogs.combat_setup import CombatSetupDialog
from gmdash.tui.dialogs.combat_summary import CombatSummaryDialog
from gmdash.tui.dialogs.opposed_roll import OpposedRollDialog
from gmdash.tui.panes.strike_ranks import StrikeRankPane

RQG_ONLY = re.compile(
    r"\bCHA\b|\bRP\b|\bSR\b|strike[- ]rank|\brunes?\b|\bpassions?\b|\bBroo\b|\bcritical\b",
    re.IGNORECASE,
)
"""What a BRP game master should never read: RQG's characteristic, points, strike ranks,
runes, passions, Glorantha's monsters and a level BRP does not have."""


class Screens:
    """Every screen the night visits, checked as it is shown."""

    def __init__(self, app: GmDashApp) -> None:
        self.app = app
        self.seen: list[str] = []

    def check(self, where: str) -> str:
        text = screen_text(self.app)
        found = RQG_ONLY.findall(text)
        assert not found, f"{where}: {found}\n{text}"
        self.seen.append(where)
        return text


def fill(app: GmDashApp, values: dict[str, str]) -> None:
    for field, value in values.items():
        app.screen.query_one(f"#{field}", Input).value = value


@pytest.mark.slow
async def test_a_brp_night_is_all_brp(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, "Brp Night", RuleSet.BRP, clock=FakeClock(),
                                     durable=False)  # fmt: skip
    events: list[Event] = []
    service.bus.subscribe(Event, events.append)
    app = GmDashApp(service, rng=SeededRng(5), clock=service.clock)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            screens = Screens(app)
            await pilot.pause()
            await pilot.press("ctrl+g")
            await pilot.pause()
            screens.check("the dashboard")

            # a character made in the form: APP, no CHA; skills only; weapons without SR
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, CharacterForm)
            screens.check("the new-character form")
            fill(app, {"name": "Jack Mallory", "char-STR": "12", "char-CON": "11",
                       "char-SIZ": "13", "char-INT": "14", "char-POW": "9", "char-DEX": "14",
                       "char-APP": "12"})  # fmt: skip
            app.screen.query_one("#skills", TextArea).text = "Spot  45\nBrawl  50\nDodge  30"
            app.screen.query_one("#weapons", TextArea).text = "Club | Brawl | 1D6 | 10"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            added = [e.character for e in events if isinstance(e, CharacterAdded)]
            assert [c.name for c in added] == ["Jack Mallory"]
            jack = added[0]
            assert "APP" in jack.characteristics and "CHA" not in jack.characteristics
            assert jack.weapons[0].hit_points == 10
            screens.check("the roster with Jack")
            await pilot.press("question_mark")
            await pilot.pause()
            screens.check("the help screen")
            await pilot.press("escape")
            await pilot.pause()

            # a difficult roll: Spot 45% halved, rounded up: 23%
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, AbilityRollDialog)
            await pilot.press(*"spot")
            app.screen.query_one("#difficulty-difficult", RadioButton).value = True
            await pilot.pause()
            screens.check("the ability roll")
            await pilot.press("enter")
            await pilot.pause()
            screens.check("the ability roll's result")
            await pilot.press("enter")
            await pilot.pause()
            spot = [e for e in events if isinstance(e, RollMade) and e.label == "Spot"]
            assert len(spot) == 1 and spot[0].chance == 23

            # an opposed roll where both fail: a stalemate
            await pilot.press("o")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, OpposedRollDialog)
            await pilot.press(*"spot")
            fill(app, {"b-who": "Sneaky thug", "b-ability": "40", "a-typed": "90",
                       "b-typed": "95"})  # fmt: skip
            await pilot.pause()
            screens.check("the opposed roll")
            await pilot.press("enter")
            await pilot.pause()
            assert "stalemate (both fail)" in screens.check("the opposed roll's result")
            await pilot.press("enter")
            await pilot.pause()

            # a fight in DEX order
            await pilot.press("2")
            await pilot.pause()
            assert app.query_one(StrikeRankPane).title_text == "2 DEX order"
            screens.check("the DEX-order pane")
            await pilot.press("b")
            await pilot.pause()
            assert isinstance(app.screen, CombatSetupDialog)
            assert not app.screen.query("#foe-sr")
            fill(app, {"foe-name": "Bandit x2", "foe-dex": "10", "foe-siz": "12",
                       "foe-hp": "11", "foe-weapon": "Knife", "foe-skill": "40",
                       "foe-damage": "1D4"})  # fmt: skip
            await pilot.pause()
            screens.check("the combat set-up")
            await pilot.press("enter")
            await pilot.pause()
            for _ in range(3):
                await pilot.press("s")
                await pilot.pause()
                assert isinstance(app.screen, DeclareDialog)
                assert not app.screen.query("#move-0")
                screens.check("the declare dialog")
                await pilot.press("enter")
                await pilot.pause()
            screens.check("the declared round")
            combat = service.state.combat
            assert combat is not None
            await pilot.press("n")
            await pilot.pause()
            current = service.state.combat
            assert current is not None and current.current is not None
            assert current.current[0] == combat.combatants[0].id  # Jack, DEX 14, acts first
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, AttackDialog)
            screens.check("the attack dialog")
            await pilot.press("enter")
            await pilot.pause()
            screens.check("after the attack")
            await pilot.press("E")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmEndDialog)
            screens.check("the end-of-combat question")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, CombatSummaryDialog)
            screens.check("the combat summary")
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("4", "i")
            await pilot.pause()
            screens.check("the session summary")
            assert any(isinstance(e, CombatEnded) for e in events)
            assert len(screens.seen) >= 15
    finally:
        service.close()
