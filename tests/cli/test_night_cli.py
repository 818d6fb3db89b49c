"""The command line after a whole game night (issue 15): actors must be on the roster, opposed
rolls log both sides, global options go before or after the subcommand, the log fits the
terminal, and a roll recorded in a campaign follows that campaign's rules."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import CliRun as Run

from gmdash.cli import main

HARVALD = {
    "name": "Harvald Stormbrow",
    "characteristics": {"STR": 16, "CON": 14, "SIZ": 15, "DEX": 11, "INT": 12, "POW": 13,
                        "CHA": 14},
}  # fmt: skip


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    made = Run(tmp_path, capsys)
    made("campaign", "new", "Night")
    sheet = tmp_path / "harvald.json"
    sheet.write_text(json.dumps(HARVALD), encoding="utf-8")
    made("character", "import", str(sheet), "--campaign", "Night")
    return made


def logged(run: Run) -> list[dict[str, object]]:
    entries = json.loads(run("log", "--campaign", "Night", "--json", "--rolls"))
    assert isinstance(entries, list)
    return entries


def test_an_actor_names_a_roster_character(run: Run) -> None:
    error = run("roll", "50", "--campaign", "Night", "--actor", "Nobody", status=2)
    assert "Nobody" in error and "Harvald Stormbrow" in error and "--passer-by" in error
    assert logged(run) == []  # nothing recorded
    run("roll", "50", "--result", "20", "--campaign", "Night", "--actor", "harv")
    run("roll", "50", "--result", "30", "--campaign", "Night", "--actor", "Harvald Stormbrow")
    run("roll", "50", "--result", "40", "--campaign", "Night", "--actor", "Nobody",
        "--passer-by")  # fmt: skip
    assert [e["actor"] for e in logged(run)] == ["Harvald Stormbrow", "Harvald Stormbrow",
                                                 "Nobody"]  # fmt: skip


def test_opposed_rolls_log_both_sides(run: Run) -> None:
    run("opposed", "120", "65", "--results", "30", "70", "--campaign", "Night",
        "--actor", "Harv", "--actor-b", "Gate guard", "--passer-by")  # fmt: skip
    a, b = logged(run)
    assert (a["actor"], a["chance"], a["roll"], a["level"]) == ("Harvald Stormbrow", 100, 30,
                                                                 "success")  # fmt: skip
    assert (b["actor"], b["chance"], b["roll"], b["level"]) == ("Gate guard", 45, 70, "failure")
    every = json.loads(run("log", "--campaign", "Night", "--format", "json"))
    outcomes = [e["details"]["outcome"] for e in every if e["kind"] == "opposed"]
    assert outcomes == ["win", "loss"]
    # the outcome is a line of its own, after both rolls
    assert every[-1]["kind"] == "outcome" and every[-1]["label"] == (
        "Harvald Stormbrow wins (Harvald Stormbrow success, Gate guard failure)"
    )


@pytest.mark.parametrize(
    "argv",
    [["--ruleset", "brp", "roll", "50", "--result", "2", "--json"],
     ["roll", "50", "--result", "2", "--json", "--ruleset", "brp"]],
)  # fmt: skip
def test_ruleset_before_or_after_the_subcommand(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == "special" and data["thresholds"]["critical"] is None  # BRP


def test_saves_after_the_subcommand_says_where_it_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", "50", "--saves", str(tmp_path)]) == 2
    assert "--saves goes before the subcommand" in capsys.readouterr().err


def test_campaign_new_takes_the_ruleset_first(run: Run) -> None:
    run("--ruleset", "brp", "campaign", "new", "Brp Night")
    listed = {c["name"]: c["ruleset"] for c in json.loads(run("campaign", "list", "--json"))}
    assert listed["Brp Night"] == "brp"


def test_a_recorded_roll_follows_its_campaigns_rules(run: Run) -> None:
    run("campaign", "new", "Brp Night", "--ruleset", "brp")
    out = run("roll", "60", "--result", "1", "--campaign", "Brp Night", "--json")
    assert json.loads(out)["level"] == "special"  # no critical in BRP
    error = run("roll", "60", "--campaign", "Brp Night", "--ruleset", "rqg", status=2)
    assert "plays brp" in error
    assert "stalemate (both fail)" in run(
        "opposed", "30", "40", "--results", "90", "95", "--campaign", "Brp Night"
    )


def test_log_text_fits_the_terminal(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    label = "A very long label that a game master typed at the table " * 6
    run("roll", "50", "--result", "20", "--campaign", "Night", "--actor", "Harv",
        "--label", label)  # fmt: skip
    monkeypatch.setenv("COLUMNS", "80")
    whole = run("log", "--campaign", "Night")  # piped: kept whole
    assert label.strip() in whole
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # a terminal 80 columns wide
    text = run("log", "--campaign", "Night")
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "--format md or json" in text
    full = json.loads(run("log", "--campaign", "Night", "--format", "json"))
    assert full[-1]["label"] == label.strip() or full[-1]["label"] == label
