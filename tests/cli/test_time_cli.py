"""`gmdash time now|set|pass|calendar|holy`: the calendar from a script, as the dashboard has it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRun

from gmdash.model.events import DamageApplied, PointsSpent
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state

DEMO = ["--campaign", DEMO_NAME]
HARVALD = "c0001"


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state()) as service:
        service.publish(DamageApplied(character_id=HARVALD, amount=5, location="chest"))
        service.publish(PointsSpent(character_id=HARVALD, pool="rune:Orlanth Adventurous",
                                    amount=2))  # fmt: skip
    return CliRun(tmp_path, capsys)


def test_time_now(run: CliRun) -> None:
    now = json.loads(run("time", "now", "--json", *DEMO))
    assert now == {
        "date": {"year": 1625, "season": "Storm", "week": "Stasis", "day": "Freezeday"},
        "text": "Freezeday, Stasis week, Storm Season 1625", "time": "08:00",
        "calendar": "glorantha", "holy_days": [], "elapsed_seconds": 0,
    }  # fmt: skip
    assert run("time", "now", *DEMO) == (
        "Freezeday, Stasis week, Storm Season 1625, 08:00\nno game time has passed yet\n"
    )


def test_time_set_and_its_holy_days(run: CliRun) -> None:
    out = run("time", "set", "Windsday, Movement week, Storm Season 1625", *DEMO)
    assert out == "today is Windsday, Movement week, Storm Season 1625\n"
    now = json.loads(run("time", "now", "--json", *DEMO))
    assert now["date"] == {"year": 1625, "season": "Storm", "week": "Movement", "day": "Windsday"}
    assert now["holy_days"] == [{"cult": "Orlanth Adventurous", "level": "high",
                                 "who": ["Harvald Stormbrow"]}]  # fmt: skip
    assert now["elapsed_seconds"] == 0  # setting the date lets no time pass
    assert "holy day: Orlanth Adventurous: high holy day (Harvald Stormbrow)" in run(
        "time", "now", *DEMO)  # fmt: skip
    assert json.loads(run("time", "set", "2/1/6/1626", "--json", *DEMO))["text"] == (
        "Waterday, Luck week, Sacred Time 1626"
    )


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("Windsday, Movement week 1625", "lacks the season"),
        ("Day 12", "'Day 12' is not a date of this calendar (e.g. Windsday, Movement week"),
        ("2024-03-14", "'2024-03-14' is not a date of this calendar"),
        ("", "give a date"),
    ],
)
def test_a_bad_date_is_one_line_and_changes_nothing(run: CliRun, date: str, message: str) -> None:
    err = run("time", "set", date, *DEMO, status=2)
    assert message in err and err.startswith("gmdash: invalid date")
    assert json.loads(run("time", "now", "--json", *DEMO))["text"] == (
        "Freezeday, Stasis week, Storm Season 1625"
    )


def test_time_pass_heals_each_week_and_offers_worship(run: CliRun) -> None:
    passed = json.loads(run("time", "pass", "2w", "--json", *DEMO))
    assert passed["seconds"] == 14 * 86400 and passed["weeks_ended"] == 2
    assert passed["healed"] == {"Harvald Stormbrow": 5}  # chest: 3 a week, 5 in all
    assert passed["marks"] == [
        "Stasis week ends: a week's natural healing",
        "Orlanth Adventurous: high holy day",
        "Movement week ends: a week's natural healing",
    ]
    assert passed["holy_days"] == [{"date": "Windsday, Movement week, Storm Season 1625",
                                    "cult": "Orlanth Adventurous", "level": "high",
                                    "who": ["Harvald Stormbrow"]}]  # fmt: skip
    assert passed["worshipped"] == []
    assert passed["may_worship"][0]["who"] == "Harvald Stormbrow"
    assert passed["now"]["text"] == "Freezeday, Illusion week, Storm Season 1625"
    log = json.loads(run("log", "--json", "--session", "all", *DEMO))
    heals = [e for e in log if e["kind"] == "heal"]
    assert [e["game_date"] for e in heals] == [
        "Freezeday, Movement week, Storm Season 1625",
        "Freezeday, Illusion week, Storm Season 1625",
    ]


def test_time_pass_with_worship(run: CliRun) -> None:
    out = run("time", "pass", "10d", "--worship", "harvald stormbrow", *DEMO)
    assert "Windsday, Movement week, Storm Season 1625: Orlanth Adventurous: high holy day " \
           "(Harvald Stormbrow)." in out  # fmt: skip
    assert (
        "Harvald Stormbrow worshipped at the high holy day of Orlanth Adventurous (Windsday, "
        "Movement week, Storm Season 1625): Orlanth Adventurous Rune points 1 → 3"
    ) in out
    with CampaignService.open(run.saves, DEMO_NAME, read_only=True) as svc:
        assert svc.character(HARVALD).cults[0].rune_points == 3


def test_worship_by_someone_who_may_not_changes_nothing(run: CliRun) -> None:
    err = run("time", "pass", "10d", "--worship", "Irvala Greyquill", *DEMO, status=2)
    assert "'Irvala Greyquill' reaches no holy day" in err and "Harvald Stormbrow" in err
    assert json.loads(run("time", "now", "--json", *DEMO))["elapsed_seconds"] == 0


def test_time_pass_2h_works_as_before(run: CliRun) -> None:
    passed = json.loads(run("time", "pass", "2h", "--json", *DEMO))
    assert (passed["passed"], passed["seconds"], passed["ended"]) == ("2 h", 7200, [])
    assert passed["weeks_ended"] == 0 and passed["healed"] == {}
    assert run("time", "pass", "2h", *DEMO).startswith("2 h pass: now Freezeday, Stasis week")
    assert "not a span of time" in run("time", "pass", "soon", *DEMO, status=2)


def test_time_calendar(run: CliRun) -> None:
    out = run("time", "calendar", "--days", "11", *DEMO).splitlines()
    assert out[0] == "▶ Freezeday, Stasis week, Storm Season 1625"
    assert out[10] == ("  Windsday, Movement week, Storm Season 1625  — Orlanth Adventurous: high "
                      "holy day (Harvald Stormbrow)")  # fmt: skip
    days = json.loads(run("time", "calendar", "--days", "3", "--from", "4/3/1/1626", "--json",
                          *DEMO))  # fmt: skip
    assert [d["text"] for d in days] == ["Windsday, Death week, Sea Season 1626",
                                         "Fireday, Death week, Sea Season 1626",
                                         "Wildday, Death week, Sea Season 1626"]  # fmt: skip
    assert "--days is 1 to 294" in run("time", "calendar", "--days", "0", *DEMO, status=2)


def test_time_holy_shows_and_sets_a_cults_holy_days(run: CliRun) -> None:
    assert run("time", "holy", "Lhankor Mhy", *DEMO) == "Lhankor Mhy: none set (none published)\n"
    orlanth = json.loads(run("time", "holy", "Orlanth Adventurous", "--json", *DEMO))
    assert orlanth["high"] == ["Windsday of Movement week, Storm Season"]
    assert "fvtt-system-rqg" in orlanth["source"]
    out = run("time", "holy", "Lhankor Mhy", "--weekly", "Godsday", "--high",
              "Godsday of Truth week, Dark Season", *DEMO)  # fmt: skip
    assert out == ("Lhankor Mhy: weekly: Godsday · high: Godsday of Truth week, Dark Season (set "
                   "by the game master)\n")  # fmt: skip
    days = json.loads(run("time", "calendar", "--days", "7", "--json", *DEMO))
    assert days[6]["holy_days"] == [{"cult": "Lhankor Mhy", "level": "weekly",
                                     "who": ["Irvala Greyquill"]}]  # fmt: skip
    err = run("time", "holy", "Lhankor Mhy", "--seasonal", "Godsday of Truthh week", *DEMO,
              status=2)  # fmt: skip
    assert err.startswith("gmdash: --seasonal: 'truthh' is not a day")
    assert run("time", "holy", "Lhankor Mhy", "--published", *DEMO) == (
        "Lhankor Mhy: none set (none published)\n"
    )
