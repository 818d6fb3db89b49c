"""What a BRP game master never reads (issue 30): strike ranks in `gmdash attrs`, "SR 12" and
RQG's retry in the help, "SR 0" in the import preview; and a combat form that names a field by
its label, not its id."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FakeClock

from gmdash.cli import main
from gmdash.play.campaign import CampaignService
from gmdash.play.importing import preview, preview_lines, read_source
from gmdash.rules import RuleSet
from gmdash.tui.help import help_markup

ATTRS = ["attrs", "--str", "12", "--con", "12", "--siz", "12", "--dex", "12", "--int", "12",
         "--pow", "12"]  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "extra", "has_sr"),
    [("rqg", ["--cha", "12"], True), ("brp", ["--app", "12"], False)],
)
def test_attrs_shows_strike_ranks_only_in_rqg(
    capsys: pytest.CaptureFixture[str], ruleset: str, extra: list[str], has_sr: bool
) -> None:
    assert main([*ATTRS, *extra, "--ruleset", ruleset]) == 0
    text = capsys.readouterr().out
    assert ("DEX SR" in text and "SIZ SR" in text) is has_sr
    assert ("DEX SR" in text or "SIZ SR" in text) is has_sr


def test_the_brp_help_has_no_rqg_strike_rank_nor_retry() -> None:
    brp, rqg = help_markup(brp=True), help_markup(brp=False)
    assert "at SR 12" in rqg and "RQG: -25" in rqg
    assert "SR 12" not in brp and "RQG: -25" not in brp
    assert "none in BRP" in brp


BLOCK = """Bandit
STR 13 CON 12 SIZ 14 INT 11 POW 10 DEX 12 APP 9
HP 13
Broadsword 55%, 1D8+1
"""


def test_the_brp_import_preview_has_no_strike_rank(tmp_path: Path) -> None:
    service = CampaignService.create(tmp_path, "Brp", RuleSet.BRP, clock=FakeClock(),
                                     durable=False)  # fmt: skip
    found = preview(service, read_source(BLOCK, RuleSet.BRP))
    weapons = [line for line in preview_lines(found, RuleSet.BRP) if line.startswith("Weapon")]
    assert weapons and not any("SR" in line for line in weapons), weapons
    rqg = [line for line in preview_lines(found) if line.startswith("Weapon")]
    assert all("SR " in line for line in rqg)
