"""Roll again and retry from a result (issue 14), and the ability dialog's memory: r and t in
the roll dialogs once the result shows and on the log's selected roll; the ability dialog
starts on the ability the character rolled last, after a restart too."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app, demo_service
from textual.widgets import OptionList, Static

from gmdash.model.events import Event, RollMade
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.play.rolls import RETRY_MODIFIER
from gmdash.rules import ScriptedRng
from gmdash.tui.dialogs.ability_roll import AbilityRollDialog

SIZE = (160, 50)
HARVALD = "c0001"


def rolls_of(seen: list[Event]) -> list[RollMade]:
    return [e for e in seen if isinstance(e, RollMade)]


def shown(dialog: AbilityRollDialog, selector: str) -> str:
    return str(dialog.query_one(selector, Static).render())


def highlighted(dialog: AbilityRollDialog) -> str | None:
    option = dialog.query_one("#abilities", OptionList).highlighted_option
    return None if option is None else option.id


async def test_r_rolls_again_and_t_retries_until_the_rule_refuses(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    # Broadsword 70 +10 = 80: 93 fails; again, 95 fails; retried at 55, 88 fails; refused.
    app = dashboard_app(service, rng=ScriptedRng([93, 95, 88]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", *"broad", "tab", "plus", "1", "0", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AbilityRollDialog) and dialog.rolled
        assert "r: roll again" in shown(dialog, "#keys") and "t: retry" in shown(dialog, "#keys")
        await pilot.press("r")
        await pilot.pause()
        first, again = rolls_of(seen)
        assert (again.label, again.chance, again.modifiers) == ("Broadsword", 80, ("+10",))
        assert again.roll == 95 and first.roll == 93
        assert "Rolled again" in shown(dialog, "#result-text")
        await pilot.press("t")
        await pilot.pause()
        retried = rolls_of(seen)[-1]
        assert retried.chance == 55 and retried.modifiers == ("+10", RETRY_MODIFIER)
        assert retried.level == "failure" and dialog.result == retried
        await pilot.press("t")  # a second failure: no further try
        await pilot.pause()
        assert len(rolls_of(seen)) == 3
        assert "no further try" in shown(dialog, "#result-text")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AbilityRollDialog)


async def test_r_on_the_log_rolls_the_selected_roll_again(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    seen: list[Event] = []
    service.bus.subscribe(Event, seen.append)
    app = dashboard_app(service, rng=ScriptedRng([30, 12, 60]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r", *"climb", "enter", "enter")  # rolled, then closed
        await pilot.pause()
        assert [type(e).__name__ for e in seen[-2:]] == ["RollMade", "AbilityTicked"]
        await pilot.press("4", "r")  # on the tick the roll earned: the roll above it
        await pilot.pause()
        first, again = rolls_of(seen)
        assert (again.label, again.chance, again.hidden) == (first.label, first.chance, False)
        assert again.roll == 12
        assert any("Rolled again" in n.title for n in app.told)
        await pilot.press("t")  # 12 succeeded: nothing to retry, nothing logged
        await pilot.pause()
        assert len(rolls_of(seen)) == 2
        assert "nothing to retry" in list(app.told)[-1].message


async def test_the_ability_dialog_starts_on_the_last_ability_rolled(tmp_path: Path) -> None:
    service = demo_service(tmp_path, FakeClock())
    service.start_session()
    app = dashboard_app(service, rng=ScriptedRng([30, 40]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AbilityRollDialog)
        first = highlighted(dialog)
        await pilot.press(*"climb", "enter", "enter")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AbilityRollDialog)
        assert highlighted(dialog) == "Climb" != first
        await pilot.press("enter")  # enter rolls the ability it starts on
        await pilot.pause()
        assert dialog.result is not None and dialog.result.label == "Climb"
    service.close()
    with CampaignService.open(tmp_path, DEMO_NAME, clock=FakeClock()) as again:
        app = dashboard_app(again)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, AbilityRollDialog) and highlighted(dialog) == "Climb"
            await pilot.press("down")  # another character starts on their first ability
            await pilot.press("escape", "down", "r")
            await pilot.pause()
            other = app.screen
            assert isinstance(other, AbilityRollDialog) and other.character.id != HARVALD
            assert highlighted(other) == other.names[0]
