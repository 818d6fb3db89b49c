"""`gmdash cast`: a spell cast from the command line spends from the right pool and is logged;
a cast without the points is one line of refusal and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRun, demo_service, fixed_clock

from gmdash.model.events import DamageApplied
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    demo_service(tmp_path, fixed_clock).close()
    return CliRun(tmp_path, capsys)


def test_a_rune_spell_from_the_cli_spends_its_cults_points(cli: CliRun, tmp_path: Path) -> None:
    out = cli("cast", "harv", "Lightning", "--points", "2", "--boost", "1", "--result", "30",
              "--campaign", DEMO_NAME, "--json")  # fmt: skip
    data = json.loads(out)
    assert (data["caster"], data["spell"], data["kind"], data["cult"]) == (
        "Harvald Stormbrow", "Lightning", "rune", "Orlanth Adventurous"
    )  # fmt: skip
    assert (data["base"], data["source"], data["chance"]) == (75, "Air", 75)
    assert (data["roll"], data["level"], data["spent"]) == (30, "success", {"magic": 1, "rune": 2})
    assert (data["magic_points"], data["rune_points"], data["strike_rank"]) == (12, 1, 4)
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as service:
        kinds = [getattr(e, "kind", None) for e in service.events()]
        assert "spell" in kinds


def test_a_spirit_spell_on_a_target_that_resists(cli: CliRun) -> None:
    out = cli("cast", "Harvald", "demoralize", "--target", "gore", "--resist", "--result", "10",
              "--resist-result", "50", "--campaign", DEMO_NAME)  # fmt: skip
    assert out.startswith("10 against 65% (POW 13 x 5): Harvald Stormbrow casts Demoralize 2 on")
    assert "overcomes Gorehorn (70%)" in out and "spent 2 MP" in out


def test_a_lasting_spell_reports_its_effect(cli: CliRun) -> None:
    data = json.loads(cli("cast", "Harvald", "Bladesharp", "--weapon", "broad", "--result", "40",
                          "--campaign", DEMO_NAME, "--json"))  # fmt: skip
    assert data["effect"]["label"] == "Bladesharp" and data["effect"]["target"] == "c0001"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("Harvald", "Lightning", "--points", "4"), "only 3 Rune points left, Lightning needs 4"),
        (("Harvald", "Fireblade"), "Harvald Stormbrow knows no spell 'Fireblade'"),
        (("Nobody", "Heal"), "no character 'Nobody'"),
        (("Harvald", "Heal Wound", "--target", "Zed"), "no character 'Zed'"),
    ],
)
def test_refusals_are_one_line_and_change_nothing(
    cli: CliRun, tmp_path: Path, argv: tuple[str, ...], message: str
) -> None:
    err = cli("cast", *argv, "--campaign", DEMO_NAME, status=2)
    assert message in err
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as service:
        assert service.character("c0001").cults[0].rune_points == 3
        assert service.events() == []


def test_cast_needs_a_campaign(cli: CliRun) -> None:
    assert "needs --campaign NAME" in cli("cast", "Harvald", "Heal", status=2)


def test_heal_wound_from_the_cli_heals_the_named_wound_and_wakes(
    cli: CliRun, tmp_path: Path
) -> None:
    """Gorehorn knocked out by a head wound, and hurt in the left arm: Heal Wound on his head
    (all the points of that wound) wakes him; the arm keeps its wound."""
    with CampaignService.open(tmp_path, DEMO_NAME) as service:
        service.start_session()
        gorehorn = service.character("c0005")
        head = gorehorn.locations["head"]
        service.publish(DamageApplied(character_id="c0005", amount=head, location="head",
                                      effects=("unconscious",)))  # fmt: skip
        service.publish(DamageApplied(character_id="c0005", amount=2, location="left_arm"))
        hp_before = service.character("c0005").hit_points
    out = cli("cast", "Harvald", "Heal Wound", "--target", "gore", "--location", "head",
              "--result", "30", "--campaign", DEMO_NAME)  # fmt: skip
    assert "Gorehorn" in out and "Head: " in out, out
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as service:
        after = service.character("c0005")
        assert after.locations["head"] == head
        assert after.hit_points == hp_before + head
        assert "unconscious" not in after.conditions
        assert after.wounds.get("left_arm") == (2,)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--location", "tail"), "--location: not a hit location: 'tail'"),
        (("--location", "head"), "Gorehorn has no wound to heal"),
    ],
)
def test_a_healing_spell_aimed_nowhere_is_refused(
    cli: CliRun, argv: tuple[str, ...], message: str
) -> None:
    err = cli("cast", "Harvald", "Heal Wound", "--target", "gore", *argv,
              "--campaign", DEMO_NAME, status=2)  # fmt: skip
    assert message in err
