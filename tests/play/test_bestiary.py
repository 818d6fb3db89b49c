"""The bestiary: templates checked like any input, stored in the campaign (and back after a
reopen), exported and imported whole or not at all, creatures rolled with the injected RNG and
numbered, quick foes as templates, and `gmdash bestiary` on the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import CliRun, FakeClock, demo_service, demo_session
from hypothesis import given, settings
from hypothesis import strategies as st

from gmdash.formats.bestiary_file import import_templates
from gmdash.model import ValidationError
from gmdash.model.bestiary import (
    CreatureTemplate,
    numbered_names,
    roll_characteristics,
    spawn_sheet,
)
from gmdash.model.derived import sheet_maxima
from gmdash.play import bestiary
from gmdash.play import combat as runner
from gmdash.play.campaign import CampaignService
from gmdash.play.combat import FoeSpec, TemplateFoes
from gmdash.play.demo import DEMO_NAME
from gmdash.play.demo import bestiary as demo_bestiary
from gmdash.rules import RuleSet, ScriptedRng, SeededRng, hit_table

JACKAL = demo_bestiary()[0]


def template_data(**changes: Any) -> dict[str, Any]:
    return JACKAL.to_dict() | changes


# --- templates as data ---------------------------------------------------------------------


def test_every_demo_template_round_trips_and_one_is_not_humanoid() -> None:
    creatures = demo_bestiary()
    assert {c.hit_table for c in creatures} - {"humanoid"}
    for creature in creatures:
        assert CreatureTemplate.from_dict(json.loads(json.dumps(creature.to_dict()))) == creature


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "  "}, "template.name"),
        ({"characteristics": {"STR": "3D6"}}, "template.characteristics.CON"),
        ({"characteristics": {**JACKAL.characteristics, "STR": "1D6-3"}},
         "template.characteristics.STR"),  # can roll below 1
        ({"characteristics": {**JACKAL.characteristics, "STR": "1000D6"}},
         "template.characteristics.STR"),
        ({"characteristics": {**JACKAL.characteristics, "STR": "lots"}},
         "template.characteristics.STR"),
        ({"characteristics": {**JACKAL.characteristics, "LUCK": "3D6"}},
         "template.characteristics.LUCK"),
        ({"hit_table": "octopus"}, "template.hit_table"),
        ({"armour": {"left_arm": 2}}, "template.armour.left_arm"),  # a jackal has no arm
        ({"armour": {"head": -1}}, "template.armour.head"),
        ({"hit_points": 0}, "template.hit_points"),
        ({"damage_bonus": "big"}, "template.damage_bonus"),
        ({"weapons": [{"name": "Bite", "skill": "Bite", "damage": "1D8", "sr": 3,
                       "hit_points": 0}] * 2}, "template.weapons[1].name"),
        ({"abilities": [{"name": "Dodge", "value": 30}] * 301}, "template.abilities"),
        ({"name": "x" * 201}, "template.name"),
    ],
)  # fmt: skip
def test_a_bad_template_names_its_field(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        CreatureTemplate.from_dict(template_data(**changes))
    assert caught.value.field == field


@given(st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_rolled_characteristics_stay_within_their_dice(seed: int) -> None:
    rolled = roll_characteristics(JACKAL, SeededRng(seed), RuleSet.RQG)
    assert 5 <= rolled["STR"] <= 15 and 8 <= rolled["CON"] <= 18 and 11 <= rolled["DEX"] <= 21
    assert rolled["INT"] == 5
    assert 3 <= rolled["CHA"] <= 18  # an animal's CHA: 3D6
    sheet = spawn_sheet(JACKAL, id="c0009", name="J", rng=SeededRng(seed), ruleset=RuleSet.RQG)
    assert sheet.hit_table == "quadruped"
    assert dict(sheet.locations) == sheet_maxima(sheet, RuleSet.RQG).locations


def test_rolling_uses_the_injected_dice_in_order() -> None:
    # STR 2D6+3, CON 2D6+6, SIZ 2D6+1, DEX 2D6+9, INT 5, POW 2D6+3, then CHA 3D6
    dice = [1, 2, 3, 4, 5, 6, 6, 6, 5, 5, 4, 4, 1]
    rolled = roll_characteristics(JACKAL, ScriptedRng(dice), RuleSet.RQG)
    assert rolled == {"STR": 6, "CON": 13, "SIZ": 12, "DEX": 21, "INT": 5, "POW": 13, "CHA": 9}


def test_brp_rolls_app_for_an_animal() -> None:
    assert "APP" in roll_characteristics(JACKAL, SeededRng(1), RuleSet.BRP)


@pytest.mark.parametrize(
    ("count", "taken", "names"),
    [
        (1, [], ["Broo"]),
        (1, ["broo"], ["Broo 2"]),  # the first one is Broo 1 by now
        (3, [], ["Broo 1", "Broo 2", "Broo 3"]),
        (2, ["Broo 1", "BROO 3", "Broody 9"], ["Broo 4", "Broo 5"]),  # after the highest
        (1, ["Broo 2"], ["Broo 3"]),
    ],
)
def test_numbered_names(count: int, taken: list[str], names: list[str]) -> None:
    assert numbered_names("Broo", count, taken) == names


# --- the exchange format ---------------------------------------------------------------------


def test_import_reads_an_export_a_list_or_one_template() -> None:
    exported = {"format": "gmdash.bestiary", "schema_version": 1,
                "templates": [t.to_dict() for t in demo_bestiary()]}  # fmt: skip
    assert import_templates(exported) == demo_bestiary()
    assert import_templates([JACKAL.to_dict()]) == [JACKAL]
    assert import_templates(JACKAL.to_dict()) == [JACKAL]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"format": "gmdash.character", "templates": []}, "format"),
        ({"format": "gmdash.bestiary", "schema_version": 9, "templates": []}, "schema_version"),
        ([JACKAL.to_dict(), JACKAL.to_dict()], "templates[1].name"),
        ([JACKAL.to_dict(), {"name": "Nothing"}], "templates[1].characteristics"),
        ("a string", "file"),
    ],
)
def test_a_bad_file_is_refused_whole(data: object, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        import_templates(data)
    assert caught.value.field == field


# --- in the campaign -------------------------------------------------------------------------


def test_templates_are_stored_and_survive_a_reopen(tmp_path: Path) -> None:
    with demo_service(tmp_path, FakeClock()) as service:
        assert [t.name for t in bestiary.templates(service)] == [
            "Ridge Jackal", "Ford Raider", "Carrion Kite"
        ]  # fmt: skip
        bestiary.save_template(service, CreatureTemplate.from_dict(template_data(name="Dust Hog")))
        bestiary.delete_template(service, "carrion")
    with CampaignService.open(tmp_path, DEMO_NAME, read_only=True) as service:
        names = [t.name for t in bestiary.templates(service)]
    assert names == ["Ridge Jackal", "Ford Raider", "Dust Hog"]


def test_a_failed_import_stores_nothing(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        before = len(service.events())
        bad = [template_data(name="Good One"), template_data(name="Bad", hit_table="octopus")]
        with pytest.raises(ValidationError):
            bestiary.import_bestiary(service, bad)
        assert len(service.events()) == before
        assert service.state.template("Good One") is None


def test_an_unknown_or_ambiguous_name_is_one_clear_error(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        with pytest.raises(ValidationError, match="no creature template 'Wolf'"):
            bestiary.template(service, "Wolf")
        bestiary.save_template(service, CreatureTemplate.from_dict(template_data(name="Ridge Cat")))
        with pytest.raises(ValidationError, match="could be"):
            bestiary.template(service, "ridge")


def test_spawn_adds_numbered_npcs_with_their_own_rolls(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        added = bestiary.spawn(service, "Ridge Jackal", 4, SeededRng(11))
        assert [c.name for c in added] == [f"Ridge Jackal {n}" for n in range(1, 5)]
        assert all(c.kind == "npc" and c.hit_table == "quadruped" for c in added)
        assert len({tuple(c.characteristics.values()) for c in added}) > 1
        again = bestiary.spawn(service, "ridge jackal", 1, SeededRng(12))
        assert [c.name for c in again] == ["Ridge Jackal 5"]
        with pytest.raises(ValidationError, match="between 1 and"):
            bestiary.spawn(service, "Ridge Jackal", 0, SeededRng(1))


# --- foes of a fight -------------------------------------------------------------------------


def test_a_quick_foe_is_a_template_with_nothing_to_roll() -> None:
    spec = FoeSpec(name="Broo", count=2, dex=12, siz=13, hit_points=12, armour=2, weapon="Club",
                   skill=45, damage="1D6", damage_bonus="+1D4", dodge=30)  # fmt: skip
    creature = spec.template(RuleSet.RQG)
    assert creature.hit_points == 12 and creature.damage_bonus == "1D4"
    assert all(text.isdigit() for text in creature.characteristics.values())
    foes = runner.foe_combatants(spec, None, RuleSet.RQG)  # no RNG: nothing is rolled
    assert [f.name for f in foes] == ["Broo 1", "Broo 2"]
    assert all(f.foe is not None and f.foe.armour["head"] == 2 for f in foes)


def test_foes_from_a_template_need_dice_and_are_rolled(tmp_path: Path) -> None:
    with demo_session(tmp_path) as service:
        group = TemplateFoes(template=JACKAL, count=3)
        with pytest.raises(ValueError, match="RNG"):
            runner.begin(service, ["c0001"], [group])
        runner.begin(service, ["c0001"], [group], SeededRng(3))
        combat = service.state.combat
        assert combat is not None
        foes = [c for c in combat.combatants if c.foe is not None]
        assert [f.name for f in foes] == ["Ridge Jackal 1", "Ridge Jackal 2", "Ridge Jackal 3"]
        for foe in foes:
            assert foe.foe is not None and foe.foe.hit_table == "quadruped"
            assert foe.hp_max == foe.foe.hit_points
            assert set(foe.foe.locations) == set(hit_table("quadruped").keys)


# --- the command line ------------------------------------------------------------------------


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    demo_service(tmp_path, FakeClock()).close()
    return CliRun(tmp_path, capsys)


def test_cli_list_show_export_import_spawn(run: CliRun, tmp_path: Path) -> None:
    demo = "demo-the-pavis-road"
    listed = json.loads(run("bestiary", "list", "--campaign", demo, "--json"))
    assert [t["name"] for t in listed] == ["Ridge Jackal", "Ford Raider", "Carrion Kite"]
    shown = run("bestiary", "show", "kite", "--campaign", demo)
    assert "Flying bird" in shown and "01  Tail" in shown
    assert json.loads(run("bestiary", "show", "Ridge Jackal", "--campaign", demo,
                          "--json")) == JACKAL.to_dict()  # fmt: skip
    out = tmp_path / "out" / "beasts.json"
    out.parent.mkdir()
    run("bestiary", "export", "Ridge Jackal", "--campaign", demo, "--out", str(out))
    run("campaign", "new", "Other")
    imported = json.loads(run("bestiary", "import", str(out), "--campaign", "Other", "--json"))
    assert imported == {"imported": ["Ridge Jackal"]}
    spawned = json.loads(run("bestiary", "spawn", "Ridge", "--count", "2", "--seed", "5",
                             "--campaign", "Other", "--json"))  # fmt: skip
    assert [c["name"] for c in spawned] == ["Ridge Jackal 1", "Ridge Jackal 2"]
    again = json.loads(run("bestiary", "spawn", "Ridge", "--count", "2", "--seed", "5",
                           "--campaign", demo, "--json"))  # fmt: skip
    assert [c["characteristics"] for c in again] == [c["characteristics"] for c in spawned]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["spawn", "Wolf"], "no creature template 'Wolf'"),
        (["spawn", "Ridge", "--count", "0"], "a count is 1 to 50"),
        (["spawn", "Ridge", "--count", "many"], "a count is 1 to 50"),
        (["show", "Wolf"], "no creature template"),
        (["import", "missing.json"], "cannot read"),
    ],
)
def test_cli_refusals_are_one_line_and_store_nothing(
    run: CliRun, tmp_path: Path, argv: list[str], message: str
) -> None:
    demo = "demo-the-pavis-road"
    before = run("log", "--campaign", demo, "--session", "all")
    assert message in run("bestiary", *argv, "--campaign", demo, status=2)
    assert run("log", "--campaign", demo, "--session", "all") == before


def test_cli_import_of_a_bad_file_stores_nothing(run: CliRun, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([template_data(name="Fine"), template_data(name="Bad", armour=[])]))
    message = run("bestiary", "import", str(bad), "--campaign", "demo-the-pavis-road", status=2)
    assert "templates[1].armour" in message
    listed = json.loads(run("bestiary", "list", "--campaign", "demo-the-pavis-road", "--json"))
    assert "Fine" not in [t["name"] for t in listed]
    bad.write_text("[" * 100_000)
    assert "nested too deeply" in run("bestiary", "import", str(bad), "--campaign",
                                      "demo-the-pavis-road", status=2)  # fmt: skip
