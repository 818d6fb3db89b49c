"""`gmdash character import` of Foundry VTT actors and printed stat blocks: a preview, then
`--yes` saves; `--json`; refusals are one line and store nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmdash.play.campaign import CampaignService
from tests.formats.foundry_samples import full_adventurer, wounded_adventurer
from tests.helpers import CliRun

BLOCK = """\
Korol Grey-Hand
STR 13 CON 11 SIZ 12 DEX 14 INT 13 POW 12 CHA 10
Broadsword 60%, 1D8+1+1D4, SR 7, HP 12
Dodge 40, Scan 55%
He sings badly.
"""


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    run = CliRun(tmp_path / "saves", capsys)
    run("campaign", "new", "Night")
    return run


def _roster(saves: Path) -> list[str]:
    with CampaignService.open(saves, "Night", read_only=True) as svc:
        return [c.name for c in svc.characters]


def test_a_stat_block_is_previewed_then_saved_with_yes(cli: CliRun, tmp_path: Path) -> None:
    block = tmp_path / "korol.txt"
    block.write_text(BLOCK, encoding="utf-8")
    out = cli("character", "import", str(block), "--campaign", "Night")
    assert "a stat block" in out
    assert "Weapon: Broadsword (Broadsword 60%), 1D8+1, SR 3, 12 HP" in out
    assert "Skills: Broadsword 60%, Dodge 40%, Scan 55%" in out
    assert "Read 4 of 5 lines" in out
    assert "Not read: line 5: He sings badly." in out
    assert "nothing saved: add --yes to save it" in out
    assert _roster(cli.saves) == []
    out = cli("character", "import", str(block), "--campaign", "Night", "--yes")
    assert "imported 'Korol Grey-Hand' into 'Night' as c0001" in out
    assert _roster(cli.saves) == ["Korol Grey-Hand"]
    # a second time the name is taken: one line, nothing stored
    err = cli("character", "import", str(block), "--campaign", "Night", "--yes", status=2)
    assert "'Korol Grey-Hand' is already in this campaign" in err


def test_a_foundry_actor_with_json(cli: CliRun, tmp_path: Path) -> None:
    actor = tmp_path / "yelmara.json"
    actor.write_text(json.dumps(wounded_adventurer()), encoding="utf-8")
    out = cli("character", "import", str(actor), "--campaign", "Night", "--yes", "--json")
    data = json.loads(out)
    assert data["saved"] is True and data["format"] == "foundry"
    assert data["sheet"]["hit_points"] == 7
    assert data["sheet"]["wounds"] == {"left_leg": [4, 2], "chest": [3]}
    assert data["report"]["differences"] == []
    assert any("Rope" in line for line in data["report"]["not_read"])
    assert _roster(cli.saves) == ["Yelmara Dawnspear (wounded)"]


def test_a_foundry_actor_without_a_characteristic_is_refused(cli: CliRun, tmp_path: Path) -> None:
    actor_data = full_adventurer()
    actor_data["system"]["characteristics"]["power"] = {"value": None}
    actor = tmp_path / "broken.json"
    actor.write_text(json.dumps(actor_data), encoding="utf-8")
    err = cli("character", "import", str(actor), "--campaign", "Night", "--yes", status=2)
    assert "nothing saved: invalid characteristics.POW: missing" in err
    assert _roster(cli.saves) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00garbage", "is not UTF-8 text"),
        (b"{not json", "is not valid JSON"),
        (b"Just a note about tonight.", "no character in it"),
    ],
)
def test_bad_files_are_one_line(cli: CliRun, tmp_path: Path, content: bytes, message: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    err = cli("character", "import", str(bad), "--campaign", "Night", "--yes", status=2)
    assert message in err
    assert _roster(cli.saves) == []
