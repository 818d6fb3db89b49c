"""Small wrongs of issue 30: a combat form's refusal names the field's label ("Name", never
"spirit-name"); lines of our own shown in a pane or a preview keep their line breaks (never a
literal "␊")."""

from __future__ import annotations

from pathlib import Path

from helpers import FakeClock, dashboard_app, screen_text
from textual.widgets import Static

from gmdash.play import combat as runner
from gmdash.play import roster
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


async def test_time_passing_previews_break_their_lines(tmp_path: Path) -> None:
    """ctrl+w ("a week passes") and T with a wounded character: the preview's lines are
    lines on screen, never joined by a "␊" (issue 30, tried again by hand at 80x24 and
    160x50 in tmux: not seen on main since 0459b8f; this keeps it so)."""
    service = CampaignService.create(tmp_path, DEMO_NAME, state=demo_state(), clock=FakeClock(),
                                     durable=False)  # fmt: skip
    roster.damage(service, service.character("Marcellan the Lunar").id, "left_leg", 9)
    app = dashboard_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        for keys in (("ctrl+w", "ctrl+u", "9"), ("T", "ctrl+u", *"2w")):
            await pilot.press("1", *keys)
            preview = app.screen.query_one("#preview", Static)
            lines = str(preview.render()).splitlines()
            assert any("natural healing (Marcellan the Lunar" in line for line in lines), lines
            assert any("holy day" in line for line in lines), lines  # a line of its own
            assert not any("␊" in line for line in lines), lines
            assert "␊" not in screen_text(app)
            await pilot.press("escape")
    service.close()
