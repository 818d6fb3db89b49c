"""The campaign, session, log and character commands, and recording CLI rolls."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from helpers import CliRun as Run
from helpers import sheet

from gmdash.cli.errors import CliError
from gmdash.cli.recording import record_roll
from gmdash.formats.character_file import export_character
from gmdash.play.campaign import CampaignService


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    return Run(tmp_path, capsys)


def test_campaign_new_and_list(run: Run) -> None:
    assert "created campaign 'Sartar Nights' (brp)" in run("campaign", "new", "Sartar Nights",
                                                            "--ruleset", "brp")  # fmt: skip
    run("campaign", "new", "Praxian Winds", "--json")
    listed = json.loads(run("campaign", "list", "--json"))
    assert [(c["name"], c["ruleset"]) for c in listed] == [
        ("Praxian Winds", "rqg"), ("Sartar Nights", "brp")
    ]  # fmt: skip
    assert "Sartar Nights [sartar-nights] brp" in run("campaign", "list")
    assert "already exists" in run("campaign", "new", "sartar nights", status=2)
    run("campaign", "new", "X", "--ruleset", "d20", status=2)


def test_sessions_and_log_formats(run: Run) -> None:
    run("campaign", "new", "Saga")
    assert "session 1 started" in run("session", "start", "--campaign", "Saga")
    assert "session 1 is open" in run("session", "start", "--campaign", "Saga", status=2)
    record_roll(run.saves, "Saga", actor="Ostra", passer_by=True, label="Climb", kind="ability",
                chance=40, roll=12, level="success")  # fmt: skip
    record_roll(run.saves, "Saga", actor=None, label=None, kind="dice", chance=None, roll=None,
                level=None, expression="2D6", total=7, details={"rolls": [3, 4]})  # fmt: skip
    assert json.loads(run("session", "end", "--campaign", "saga", "--json"))["session"] == 1
    assert "no open session" in run("session", "end", "--campaign", "saga", status=2)
    record_roll(run.saves, "Saga", actor="Ostra", passer_by=True, label="Jump", kind="ability",
                chance=30, roll=99, level="fumble")  # starts session 2  # fmt: skip

    entries = json.loads(run("log", "--campaign", "Saga", "--session", "1", "--format", "json"))
    rolls = [e for e in entries if e["kind"] != "session"]
    assert [(r["actor"], r["label"], r["chance"], r["roll"], r["level"]) for r in rolls] == [
        ("Ostra", "Climb", 40, 12, "success"), (None, None, None, None, None)
    ]  # fmt: skip
    assert rolls[1]["total"] == 7 and rolls[1]["expression"] == "2D6"
    for entry in entries:
        assert {"time", "session", "actor", "kind", "label", "chance", "roll", "level"} <= set(
            entry
        )
    latest = json.loads(run("log", "--campaign", "Saga", "--json"))
    assert [e["label"] for e in latest if e["kind"] == "ability"] == ["Jump"]
    every = json.loads(run("log", "--campaign", "Saga", "--session", "all", "--json", "--rolls"))
    assert len(every) == 3
    table = list(csv.DictReader(io.StringIO(run("log", "--campaign", "Saga", "--session", "all",
                                                "--format", "csv"))))  # fmt: skip
    assert table[1]["label"] == "Climb" and table[1]["level"] == "success"
    assert "| Ostra | Climb | ability | 40% | 12 | success |" in run(
        "log", "--campaign", "Saga", "--session", "1", "--format", "md"
    )
    assert "Jump" in run("log", "--campaign", "Saga")
    assert "no session 9" in run("log", "--campaign", "Saga", "--session", "9", status=2)
    run("log", "--campaign", "Saga", "--session", "x", status=2)
    run("log", "--campaign", "Saga", "--format", "pdf", status=2)
    assert "--campaign NAME" in run("log", status=2)
    assert "no campaign 'Nope'" in run("log", "--campaign", "Nope", status=2)


def test_character_export_and_import(run: Run, tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, "Source") as svc:
        svc.add_character(sheet())
    run("campaign", "new", "Target")
    exported = run("character", "export", "ostra", "--campaign", "Source")
    assert json.loads(exported) == export_character(sheet())
    out = tmp_path / "ostra.json"
    run("character", "export", "Ostra", "--campaign", "Source", "--out", str(out))
    assert json.loads(out.read_text()) == json.loads(exported)
    imported = run("character", "import", str(out), "--campaign", "Target")
    assert imported.startswith("imported 'Ostra' into 'Target'\n") and "c0001" not in imported
    with CampaignService.open(tmp_path, "Target", read_only=True) as target:
        assert target.character("Ostra").to_dict() == sheet().to_dict()
    assert "already in this campaign" in run("character", "import", str(out), "--campaign",
                                             "Target", status=2)  # fmt: skip
    bad = json.loads(exported)
    bad["character"]["name"] = "Other"
    bad["character"]["weapons"][0]["damage"] = "1D8+"
    out.write_text(json.dumps(bad))
    err = run("character", "import", str(out), "--campaign", "Target", status=2)
    assert "weapons[0].damage" in err
    out.write_text("{not json")
    assert "not valid JSON" in run("character", "import", str(out), "--campaign", "Target",
                                   status=2)  # fmt: skip
    run("character", "import", str(tmp_path / "missing.json"), "--campaign", "Target", status=2)
    assert "no character 'Nobody'" in run("character", "export", "Nobody", "--campaign",
                                          "Source", status=2)  # fmt: skip


def test_recording_is_refused_while_the_app_holds_the_campaign(run: Run) -> None:
    run("campaign", "new", "Held")
    with CampaignService.open(run.saves, "Held"):
        with pytest.raises(CliError, match=r"campaign 'Held' is open in gmdash \(pid \d+\)"):
            record_roll(run.saves, "Held", actor=None, label=None, kind="dice", chance=None,
                        roll=None, level=None, total=3, expression="1D6", wait=0)  # fmt: skip
        assert "is open in gmdash" in run("session", "start", "--campaign", "Held", "--wait",
                                          "0", status=2)  # fmt: skip
        run("log", "--campaign", "Held")  # reading works meanwhile


def test_roll_command_records_with_campaign(run: Run) -> None:
    run("campaign", "new", "Dice Saga")
    run("roll", "45", "--campaign", "Dice Saga", "--actor", "Ostra", "--passer-by",
        "--label", "Climb", "--seed", "3")  # fmt: skip
    entries = json.loads(run("log", "--campaign", "Dice Saga", "--json", "--rolls"))
    assert [(e["actor"], e["label"], e["chance"]) for e in entries] == [("Ostra", "Climb", 45)]
