"""The log read (play/log_reading.py), counted (model/log_stats.py) and exported
(formats/log_*.py): the journal, CSV and JSON exports, summaries, session statistics; and the
`gmdash log --format` / `gmdash session list` commands built on it."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from helpers import START, FakeClock

from gmdash.cli import main
from gmdash.formats import log_export, log_table
from gmdash.model import Ability, Character, log_stats, new_character
from gmdash.model.events import AbilityTicked, DamageApplied, HealingApplied, RollMade
from gmdash.play import log_reading
from gmdash.play.campaign import CampaignService
from gmdash.play.log_filter import LogFilter


def sheet(name: str = "Ostra", id: str = "c0001") -> Character:
    return new_character(
        id=id,
        name=name,
        characteristics={"STR": 13, "CON": 12, "SIZ": 11, "DEX": 14, "INT": 13, "POW": 15,
                         "CHA": 12},
        abilities=[Ability(name="Dodge", value=40), Ability(name="Climb", value=40)],
    )  # fmt: skip


@pytest.fixture
def service(tmp_path: Path) -> Iterator[CampaignService]:
    svc = CampaignService.create(tmp_path, "Saga", clock=FakeClock(START))
    svc.add_character(sheet())
    svc.add_character(sheet("Vasana", id="c0002"))
    yield svc
    svc.close()


def night(svc: CampaignService) -> dict[str, RollMade]:
    """One session: rolls of every level, a hidden and a struck roll, damage, heal, a tick."""
    svc.start_session()
    made = {
        "climb": svc.publish(RollMade(actor="Ostra", character_id="c0001", label="Climb",
                                      kind="ability", chance=40, roll=12, level="success")),
        "sword": svc.publish(RollMade(actor="Ostra", character_id="c0001", label="Broadsword",
                                      kind="ability", chance=55, roll=2, level="critical",
                                      modifiers=("+20 augment",))),
        "damage": svc.publish(RollMade(actor="Ostra", character_id="c0001",
                                       label="Broadsword damage", kind="damage",
                                       expression="1D8+1", total=7,
                                       details={"armour": 2, "through": 5})),

        "rep": svc.publish(RollMade(actor="Vasana", character_id="c0002", label="Reputation",
                                    kind="ability", chance=15, roll=40, level="failure",
                                    hidden=True)),
        "jump": svc.publish(RollMade(actor="Vasana", character_id="c0002", label="Jump",
                                     kind="ability", chance=30, roll=100, level="fumble")),
        "oops": svc.publish(RollMade(actor="Vasana", character_id="c0002", label="Dodge",
                                     kind="ability", chance=40, roll=99, level="fumble")),
        "exp": svc.publish(RollMade(actor="Ostra", character_id="c0001", label="Climb",
                                    kind="experience", chance=40, roll=77, level="success",
                                    total=4, details={"gain": 4})),
    }  # fmt: skip
    svc.strike_out(made["oops"].id, "wrong die")
    svc.publish(DamageApplied(character_id="c0002", amount=5, location="chest"))
    svc.publish(DamageApplied(character_id="c0002", amount=3))
    svc.undo()  # takes back the 3 points
    svc.publish(HealingApplied(character_id="c0002", amount=2, location="chest"))
    svc.publish(AbilityTicked(character_id="c0001", ability="Dodge"))
    svc.end_session()
    return made


def test_records_pair_events_with_their_lines(service: CampaignService) -> None:
    made = night(service)
    found = log_reading.records(service, 1)
    assert found[0].entry.kind == "session"
    rolls = [r for r in found if r.is_roll]
    assert len(rolls) == 7
    struck = [r for r in rolls if r.entry.struck]
    assert [r.event.id for r in struck] == [made["oops"].id]
    assert log_reading.log_file_of(made["climb"]) == 1
    assert log_reading.records(service, "all")[-1].entry.kind == "session"


def test_damage_dealt_counts_only_the_actors_own_attacks(service: CampaignService) -> None:
    # the reported night: `h` on Harvald rolled 1D8+1+1D4 against him; his own blow got 4
    # through armour. Before the fix his summary said he dealt both rolls' totals.
    service.start_session()
    service.publish(RollMade(actor="Vasana", character_id="c0002", label="Damage to chest",
                             kind="damage", expression="1D8+1+1D4", total=8,
                             details={"dice": [4, 3]}))  # fmt: skip
    service.publish(RollMade(actor="Ostra", character_id="c0001", label="Broadsword on Broo",
                             kind="damage", expression="1D8+1", total=7,
                             details={"armour": 3, "through": 4}))  # fmt: skip
    service.publish(RollMade(actor="Ostra", character_id="c0001", label="1D6", kind="dice",
                             expression="1D6", total=5))  # fmt: skip
    summary = log_stats.summarize(log_reading.records(service))
    assert summary.damage_dealt == {"Ostra": 4}


def test_summary(service: CampaignService) -> None:
    night(service)
    summary = log_stats.summarize(log_reading.records(service, 1))
    assert summary.rolls == 6 and summary.struck == 1 and summary.hidden == 1
    assert (summary.criticals, summary.fumbles) == (1, 1)
    assert summary.per_actor["Ostra"].rolls == 4
    assert summary.per_actor["Vasana"].rolls == 2 and summary.per_actor["Vasana"].fumbles == 1
    assert summary.damage_dealt == {"Ostra": 5}  # through armour, from Ostra's own attack
    assert summary.damage_taken == {"Vasana": 5}  # the undone 3 do not count
    assert summary.healed == {"Vasana": 2}
    assert summary.checks == {"Ostra": ["Dodge"]}
    assert summary.improvements == [("Ostra", "Climb", 4)]
    lines = log_stats.summary_lines(summary)
    assert "Rolls: 6 (1 hidden), 1 struck out" in lines
    assert "Experience gained: Ostra Climb +4" in lines
    assert json.loads(json.dumps(summary.to_dict()))["damage_taken"] == {"Vasana": 5}


def test_session_stats(service: CampaignService) -> None:
    night(service)
    service.start_session()
    service.publish(RollMade(actor="Ostra", label="Scan", kind="ability", chance=30, roll=1,
                             level="critical"))  # fmt: skip
    stats = log_reading.session_list(service, now=START + timedelta(hours=2))
    assert [s.number for s in stats] == [1, 2]
    first, second = stats
    assert (first.rolls, first.criticals, first.fumbles) == (6, 1, 1)
    assert first.duration == first.end - first.start if first.end else False
    assert not first.is_open and second.is_open
    assert second.duration == START + timedelta(hours=2) - second.start
    assert first.to_dict()["date"] == first.start.astimezone().strftime("%Y-%m-%d")
    text = log_table.session_list_text(stats)
    assert text.splitlines()[0].split() == ["session", "date", "duration", "rolls", "criticals",
                                            "fumbles"]  # fmt: skip
    assert "(open)" in text.splitlines()[2]
    assert log_table.session_list_text([]) == "(no sessions yet)\n"


def test_duration_text() -> None:
    assert log_stats.duration_text(timedelta(minutes=5)) == "5 min"
    assert log_stats.duration_text(timedelta(hours=3, minutes=5)) == "3 h 05 min"
    assert log_stats.duration_text(None) == ""


def test_filters(service: CampaignService) -> None:
    night(service)
    entries = [r.entry for r in log_reading.records(service, 1)]
    by_level = [e.label for e in entries if LogFilter(level="fumble").matches(e)]
    assert by_level == ["Jump", "Dodge"]
    assert [e.label for e in entries if LogFilter(actor="vasana", level="failure").matches(e)] == [
        "Reputation"
    ]
    assert next(e.label for e in entries if LogFilter(kind="damage").matches(e)) == (
        "Broadsword damage"
    )
    assert [e.label for e in entries if LogFilter(text="augment").matches(e)] == ["Broadsword"]
    assert [e.label for e in entries if LogFilter(text="hidden").matches(e)] == ["Reputation"]
    assert LogFilter(text="x", level="fumble").describe() == "/x · level fumble"
    assert not LogFilter().active


def test_journal_tells_the_story(service: CampaignService) -> None:
    night(service)
    found = log_reading.records(service, 1)
    stats = log_reading.session_list(service)
    text = log_export.export(found, "md", title="Saga — session 1", sessions=stats[:1])
    assert text.startswith("# Saga — session 1\n")
    assert "*Session 1: " in text and "6 rolls, 1 critical, 1 fumble" in text
    assert "## The story of the night" in text
    hhmm = found[1].event.time.astimezone().strftime("%H:%M")  # type: ignore[union-attr]
    assert f"- `{hhmm}` *Session 1 started.*" in text
    assert "**Ostra** rolled *Climb* at 40%: 12, a success." in text
    assert "**Ostra** rolled *Broadsword* at 55%: 2, a critical success (+20 augment)." in text
    assert "**Ostra** rolled *Broadsword damage* (1D8+1): 7." in text
    assert "*(the game master's roll, hidden from the players)*" in text
    assert "~~**Vasana** rolled *Dodge* at 40%: 99, a fumble.~~ *(struck out)*" in text
    assert "**Vasana**: 5 damage to chest." in text
    assert "## Summary" in text and "- Criticals: 1   Fumbles: 1" in text
    assert "  - Ostra: 4 (critical 1" in text
    assert "| Ostra | Climb | ability | 40% | 12 | success |" in text
    assert log_export.export([], "md", title="Empty").endswith("Nothing was logged.\n")


def test_csv_json_and_text(service: CampaignService) -> None:
    night(service)
    found = log_reading.records(service, 1)
    rows = list(csv.DictReader(io.StringIO(log_export.export(found, "csv"))))
    assert len(rows) == len(found)
    sword = next(r for r in rows if r["label"] == "Broadsword")
    assert (sword["actor"], sword["chance"], sword["roll"], sword["level"]) == (
        "Ostra", "55", "2", "critical"
    )  # fmt: skip
    assert sword["modifiers"] == "'+20 augment"  # a leading + would be a spreadsheet formula
    data = json.loads(log_export.export(found, "json"))
    exp = next(d for d in data if d["kind"] == "experience")
    assert exp["details"] == {"gain": 4} and exp["total"] == 4
    assert next(d for d in data if d["label"] == "Dodge")["struck"] is True
    text = log_export.export(found, "text")
    assert text.splitlines()[0].split()[:4] == ["time", "game", "date", "session"]
    assert "~~Dodge~~ (struck out)" in text
    assert log_export.export([], "text") == "(the log is empty)\n"
    with pytest.raises(ValueError, match="unknown export format"):
        log_export.export(found, "pdf")


# --- the command line ------------------------------------------------------------------------


def run(saves: Path, capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0) -> str:
    code = main(["--saves", str(saves), *argv])
    out, err = capsys.readouterr()
    assert code == status, (out, err)
    return out if status == 0 else err


def test_cli_log_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with CampaignService.create(tmp_path, "Saga", clock=FakeClock(START)) as svc:
        svc.add_character(sheet())
        svc.add_character(sheet("Vasana", id="c0002"))
        night(svc)
    md = run(tmp_path, capsys, "log", "--campaign", "Saga", "--session", "1", "--format", "md")
    assert md.startswith("# Saga — session 1\n")
    assert "**Ostra** rolled *Climb* at 40%: 12, a success." in md
    assert "## Every entry" in md
    rows = list(csv.DictReader(io.StringIO(
        run(tmp_path, capsys, "log", "--campaign", "Saga", "--format", "csv")
    )))  # fmt: skip
    assert [r["label"] for r in rows if r["kind"] == "ability"] == [
        "Climb", "Broadsword", "Reputation", "Jump", "Dodge"
    ]  # fmt: skip
    data = json.loads(run(tmp_path, capsys, "log", "--campaign", "Saga", "--format", "json",
                          "--rolls"))  # fmt: skip
    assert len(data) == 7 and all("details" in d for d in data)
    text = run(tmp_path, capsys, "log", "--campaign", "Saga", "--format", "text")
    assert "Broadsword" in text
    every = run(tmp_path, capsys, "log", "--campaign", "Saga", "--session", "all", "--format",
                "md")  # fmt: skip
    assert every.startswith("# Saga — every session")


def test_cli_session_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with CampaignService.create(tmp_path, "Saga", clock=FakeClock(START)) as svc:
        svc.add_character(sheet())
        svc.add_character(sheet("Vasana", id="c0002"))
        night(svc)
        svc.start_session()
    listed = json.loads(run(tmp_path, capsys, "session", "list", "--campaign", "Saga", "--json"))
    assert [(s["number"], s["rolls"], s["criticals"], s["fumbles"], s["open"]) for s in listed] == [
        (1, 6, 1, 1, False), (2, 0, 0, 0, True)
    ]  # fmt: skip
    assert listed[0]["minutes"] == 0 and listed[0]["date"]
    text = run(tmp_path, capsys, "session", "list", "--campaign", "Saga")
    lines = text.splitlines()
    assert lines[0].split() == ["session", "date", "duration", "rolls", "criticals", "fumbles"]
    assert lines[1].split()[0] == "1" and lines[1].split()[-3:] == ["6", "1", "1"]
    assert "(open)" in lines[2]
    assert "--campaign NAME" in run(tmp_path, capsys, "session", "list", status=2)
    assert "no campaign" in run(tmp_path, capsys, "session", "list", "--campaign", "Nope",
                                status=2)  # fmt: skip
