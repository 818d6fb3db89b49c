"""`gmdash effect list|add|end` and `gmdash time pass`: effects and game time from a script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRun

from gmdash.model.events import PointsSpent
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME, demo_state


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    with CampaignService.create(tmp_path, DEMO_NAME, state=demo_state()) as service:
        service.publish(PointsSpent(character_id="c0002", pool="magic", amount=8))
    return CliRun(tmp_path, capsys)


def test_effects_from_the_command_line(run: CliRun) -> None:
    demo = ["--campaign", DEMO_NAME]
    assert run("effect", "list", *demo) == "no effects running\n"
    added = json.loads(run("effect", "add", "Harvald Stormbrow", "Bladesharp 3 on Broadsword",
                           "--by", "Irvala", "--json", *demo))  # fmt: skip
    assert added["effect"] == "Bladesharp 3" and added["left"] == "10 rounds"
    assert added["changes"] == "+15% Broadsword, +3 damage Broadsword"
    run("effect", "add", "Irvala Greyquill", "-20% to all rolls, 5 rounds", *demo)
    listed = run("effect", "list", *demo)
    assert "e0001  Harvald Stormbrow: Bladesharp 3 (10 rounds)" in listed
    assert "Irvala Greyquill: +-20% all rolls" not in listed and "-20% all rolls" in listed
    passed = json.loads(run("time", "pass", "1m", "--json", *demo))
    assert passed["ended"] == ["-20% all rolls on Irvala Greyquill"]
    passed = json.loads(run("time", "pass", "2h", "--json", *demo))
    assert passed["ended"] == ["Bladesharp 3 on Harvald Stormbrow"]
    assert passed["magic_points"] == {"Irvala Greyquill": 1}  # 15 a day: 2h 1 min is 1.26
    assert run("effect", "end", "e0009", *demo, status=2).startswith("gmdash: invalid effect_id")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["time", "pass", "a while"], "not a span of time"),
        (["effect", "add", "Nobody", "Protection 2"], "no character 'Nobody'"),
        (["effect", "add", "Harvald Stormbrow", "Protection 200"], "points are 1 to 99"),
        (["effect", "add", "Harvald Stormbrow", "+10% Basket Weaving, 5m"], "no ability"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    run: CliRun, argv: list[str], message: str
) -> None:
    err = run(*argv, "--campaign", DEMO_NAME, status=2)
    assert message in err
    assert run("effect", "list", "--campaign", DEMO_NAME) == "no effects running\n"
