"""`gmdash undo` and `gmdash redo`: the same undo as the dashboard's, through the campaign's log,
asking (`--yes`) before undoing into an earlier session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRun as Run

from gmdash.play.campaign import CampaignService


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    made = Run(tmp_path, capsys)
    made("campaign", "new", "Night")
    made("session", "start", "--campaign", "Night")
    return made


def rolls(run: Run) -> list[dict[str, object]]:
    entries = json.loads(run("log", "--campaign", "Night", "--json", "--rolls", "--session", "all"))
    assert isinstance(entries, list)
    return entries


def test_undo_strikes_out_the_roll_and_redo_reinstates_it(run: Run) -> None:
    run("roll", "50", "--result", "20", "--campaign", "Night", "--label", "Scan")
    said = run("undo", "--campaign", "Night")
    assert said.startswith("Undid: ") and "Scan roll 20 (success)" in said
    assert [e["struck"] for e in rolls(run)] == [True]
    assert json.loads(run("redo", "--campaign", "Night", "--json"))["redo"].endswith(
        "Scan roll 20 (success)"
    )
    assert [e["struck"] for e in rolls(run)] == [False]
    assert run("redo", "--campaign", "Night") == "nothing to redo\n"


def test_undo_into_an_earlier_session_needs_yes(run: Run, tmp_path: Path) -> None:
    run("roll", "50", "--result", "20", "--campaign", "Night", "--label", "Scan")
    run("session", "end", "--campaign", "Night")
    run("session", "start", "--campaign", "Night")
    error = run("undo", "--campaign", "Night", status=2)
    assert "session 2" in error and "session 1" in error and "--yes" in error
    assert [e["struck"] for e in rolls(run)] == [False]  # nothing undone
    run("undo", "--campaign", "Night", "--yes")
    with CampaignService.open(tmp_path, "Night", read_only=True) as service:
        assert service.next_redo is not None and service.next_undo is None


def test_nothing_to_undo_says_so(run: Run) -> None:
    assert run("undo", "--campaign", "Night") == "nothing to undo\n"
    assert "--campaign" in run("undo", status=2)
