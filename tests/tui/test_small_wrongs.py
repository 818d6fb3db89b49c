"""Small wrongs of issue 30: a combat form's refusal names the field's label ("Name", never
"spirit-name"); lines of our own shown in a pane or a preview keep their line breaks (never a
literal "␊")."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app

from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import FoeSpec
from gmdash.play.demo import DEMO_NAME, demo_state
from gmdash.tui.dialogs.spirit_combat import SpiritCombatDialog
from gmdash.tui.user_text import literal_lines

MERIEL = "c0004"


async def test_spirit_combat_names_the_missing_name_by_its_label(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                     durable=False)  # fmt: skip
    service.start_session()
    runner.begin(service, [MERIEL], [FoeSpec(name="Broo", dex=12, siz=13, hit_points=12,
                                            weapon="Club", skill=45, damage="1D6")])  # fmt: skip
    app = dashboard_app(service)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("2", "S", "enter")
        dialog = app.screen
        assert isinstance(dialog, SpiritCombatDialog), "a form with a problem stays open"
        notice = dialog.problem_notice(dialog.problems())
        assert notice == "Name: required", notice


def test_lines_of_our_own_keep_their_breaks() -> None:
    shown = literal_lines("✦ Harvald: Bladesharp 2\n✦ Broo 1: Demoralize\x1b")
    assert shown.plain.splitlines() == ["✦ Harvald: Bladesharp 2", "✦ Broo 1: Demoralize␛"]
    assert "␊" not in shown.plain
