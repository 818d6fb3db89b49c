"""`gmdash log --format json|csv` streams one session file at a time and prints exactly what
the whole-log export gives."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock, sheet

from gmdash.cli import main
from gmdash.model.events import DamageApplied, RollMade
from gmdash.play import journal
from gmdash.play.campaign import CampaignService

NAME = "Streamed Saga"


@pytest.mark.parametrize("fmt", ["json", "csv"])
@pytest.mark.parametrize("rolls_only", [False, True])
def test_the_streamed_log_is_the_whole_export(
    tmp_path: Path, fmt: str, rolls_only: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    with CampaignService.create(tmp_path, NAME, clock=FakeClock()) as svc:
        svc.add_character(sheet())
        for night in range(3):
            svc.start_session()
            roll = RollMade(actor="Ostra", character_id="c0001", label=f"Scan {night}",
                            roll=night + 1, kind="ability", chance=50,
                            level="critical")  # fmt: skip
            svc.publish(roll)
            svc.publish(DamageApplied(character_id="c0001", amount=1, location="chest"))
            svc.end_session()
        found = journal.records(svc, "all")
    if rolls_only:
        found = [r for r in found if r.is_roll]
    expected = journal.export(found, fmt)
    capsys.readouterr()
    argv = ["--saves", str(tmp_path), "log", "--campaign", NAME, "--session", "all",
            "--format", fmt, *(["--rolls"] if rolls_only else [])]  # fmt: skip
    assert main(argv) == 0
    assert capsys.readouterr().out == expected
