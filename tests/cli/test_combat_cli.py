"""`gmdash damage`, `exchange` and `wound`: quick rulings and scripts (--json, --ruleset, exit 2
and one clear line on bad arguments)."""

from __future__ import annotations

import pytest

from tests.cli.test_rules_cli import run_error, run_json


@pytest.mark.parametrize(
    ("argv", "expression", "low", "high", "armour"),
    [
        (["1D8+1", "--db", "1D4"], "1D8+1+1D4", 3, 13, True),
        (["1D8+1", "--db", "+1D4", "--level", "special", "--kind", "slash"], "1D8+1+1D8+1+1D4",
         5, 22, True),
        # a crushing special keeps the rolled bonus and adds its maximum
        (["1D6", "--db", "1D4", "--level", "special"], "1D6+1D4+4", 6, 14, True),
        (["1D8+1", "--db", "1D4", "--level", "critical", "--kind", "impale"], "22", 22, 22, False),
        (["1D10", "--db", "1D6", "--thrown"], "1D10+1D3", 2, 13, True),  # a javelin: half the bonus
        (["1D8", "--db", "1D6", "--missile"], "1D8", 1, 8, True),  # a bow: none
        (["1D10", "--db", "-1D4", "--thrown"], "1D10-1D2", 0, 9, True),
        (["1D10+1", "--db", "1D4", "--firearm", "--ruleset", "brp"], "1D10+1", 2, 11, True),
        (["1D6+1", "--db", "1D4", "--level", "special", "--ruleset", "brp"], "7+1D6+1+1D4",
         10, 18, True),
    ],
)  # fmt: skip
def test_damage(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    expression: str,
    low: int,
    high: int,
    armour: bool,
) -> None:
    data = run_json(capsys, "damage", *argv, "--seed", "7")
    assert (data["expression"], data["min"], data["max"]) == (expression, low, high)
    assert data["armour_counts"] is armour
    assert low <= data["rolled"] <= high


def test_damage_rolls_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "damage", "3D6", "--seed", "42")
    assert run_json(capsys, "damage", "3D6", "--seed", "42") == first


def test_exchange_critical_against_a_parry(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "exchange", "critical", "success", "--damage", "15", "--weapon-hp",
                    "10", "--armour", "3")  # fmt: skip
    assert (data["to_location"], data["to_body"], data["armour_counts"]) == (5, 5, False)
    assert (data["weapon_damaged"], data["weapon_damage"]) == ("defender", 15)


def test_exchange_reduces_chances_over_100(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "exchange", "special", "success", "--attack-chance", "120",
                    "--defence-chance", "65")  # fmt: skip
    assert data["chances"] == {"attack": 100, "defence": 45}
    assert data["damage_roll"] == "special" and data["rolled_by"] == "attacker"
    brp = run_json(capsys, "exchange", "special", "success", "--attack-chance", "120",
                   "--defence-chance", "65", "--ruleset", "brp")  # fmt: skip
    assert brp["chances"] == {"attack": 120, "defence": 65}


def test_exchange_a_parry_strikes_the_attacking_weapon(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "exchange", "success", "critical", "--damage", "8", "--weapon-hp",
                    "10", "--attacker-weapon-hp", "4")  # fmt: skip
    assert (data["rolled_by"], data["weapon_damaged"], data["weapon_damage"]) == (
        "defender", "attacker", 4)  # fmt: skip
    assert data["to_body"] == 0


def test_exchange_dodge_and_none(capsys: pytest.CaptureFixture[str]) -> None:
    dodged = run_json(
        capsys, "exchange", "success", "special", "--defence", "dodge", "--damage", "9"
    )
    assert dodged["to_body"] == 0 and dodged["rolled_by"] == "none"
    hit = run_json(capsys, "exchange", "success", "none", "--defence", "none", "--damage", "7",
                   "--armour", "2")  # fmt: skip
    assert hit["to_body"] == 5 and hit["defence_level"] is None


def test_exchange_brp_special_against_a_parry(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "exchange", "special", "success", "--damage", "9", "--weapon-hp", "12",
                    "--armour", "1", "--ruleset", "brp")  # fmt: skip
    assert (data["to_body"], data["weapon_damage"], data["damage_roll"]) == (8, 2, "normal")


def test_exchange_names_fumbles(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "exchange", "fumble", "fumble", "--damage", "5", "--weapon-hp", "8")
    assert data["fumbles"] == ["attacker", "defender"]


@pytest.mark.parametrize(
    ("argv", "location_hp", "total_hp", "effects"),
    [
        (["right_arm", "--location-hp", "4", "--total-hp", "13", "--damage", "12"], -4, 5,
         {"useless", "severed", "shock"}),
        (["right_arm", "--location-hp", "4", "--total-hp", "13", "--damage", "9", "--armour", "2"],
         -3, 6, {"useless"}),
        (["abdomen", "--location-hp", "5", "--total-hp", "13", "--damage", "10"], -5, 3,
         {"unconscious", "bleeding", "useless", "falls"}),
        (["head", "--location-hp", "2", "--location-max", "5", "--total-hp", "10", "--damage", "3"],
         -1, 7, {"unconscious"}),
        (["chest", "--location-hp", "6", "--total-hp", "5", "--damage", "5"], 1, 0, {"dead"}),
        (["left_leg", "--location-hp", "-5", "--location-max", "5", "--total-hp", "9", "--damage",
          "6", "--severed"], -5, 9, set()),
    ],
)  # fmt: skip
def test_wound(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    location_hp: int,
    total_hp: int,
    effects: set[str],
) -> None:
    data = run_json(capsys, "wound", *argv)
    assert (data["location_hp"], data["total_hp"]) == (location_hp, total_hp)
    assert set(data["effects"]) == effects


def test_wound_abdomen_names_the_legs(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "wound", "abdomen", "--location-hp", "5", "--total-hp", "13",
                    "--damage", "5")  # fmt: skip
    assert set(data["useless"]) == {"left_leg", "right_leg"}


def test_wound_on_another_table(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "wound", "hindquarters", "--hit-table", "quadruped",
                    "--location-hp", "7", "--total-hp", "18", "--damage", "7")  # fmt: skip
    assert data["hit_table"] == "quadruped"
    assert data["useless"] == ["right_hind_leg", "left_hind_leg"]
    assert "falls" in data["effects"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["damage", "1Q6"], "cannot read dice"),
        (["damage", "1D6", "--level", "great"], "invalid choice"),
        (["damage", "1D6", "--thrown", "--missile"], "not allowed with"),
        (["exchange", "critical", "success", "--ruleset", "brp"], "no critical"),
        (["exchange", "success", "success", "--damage", "8"], "--weapon-hp"),
        (["exchange", "success", "success", "--damage", "8", "--weapon-hp", "0"], "broken"),
        (["exchange", "success", "success", "--missile", "--damage", "8", "--weapon-hp", "6"],
         "only a shield"),
        (["exchange", "success", "success", "--firearm", "--shield", "--weapon-hp", "12"],
         "firearm"),
        (["exchange", "success", "success", "--attack-chance", "50"], "both"),
        (["exchange", "success", "critical", "--damage", "8", "--weapon-hp", "9"],
         "--attacker-weapon-hp"),
        (["exchange", "great", "success"], "invalid choice"),
        (["exchange", "success", "success", "--damage", "-3"], ">= 0"),
        (["wound", "tentacle", "--location-hp", "4", "--total-hp", "9", "--damage", "2"],
         "not a hit location: 'tentacle'"),
        (["wound", "tail", "--location-hp", "4", "--total-hp", "9", "--damage", "2"],
         "not a hit location: 'tail' (head, LA, RA"),
        (["wound", "21", "--location-hp", "4", "--total-hp", "9", "--damage", "2"],
         "a D20 roll is 1 to 20"),
        (["damage", "1D8", "--level", "critical", "--ruleset", "brp"], "no critical"),
        (["exchange", "success", "none", "--defence", "none", "--prior-defences", "1"],
         "goes with a parry or a dodge"),
        (["exchange", "success", "success", "--prior-defences", "-1"], ">= 0"),
        (["wound", "head", "--hit-table", "octopus", "--location-hp", "4", "--total-hp", "9",
          "--damage", "2"], "invalid choice"),
        (["wound", "head", "--location-hp", "4", "--total-hp", "9"], "--damage"),
        (["wound", "head", "--location-hp", "6", "--location-max", "5", "--total-hp", "9",
          "--damage", "2"], "above"),
        (["wound", "head", "--location-hp", "4", "--total-hp", "9", "--damage", "2", "--severed"],
         "only a limb"),
    ],
)  # fmt: skip
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert message in run_error(capsys, *argv)


@pytest.mark.parametrize(
    ("typed", "table", "location"),
    [
        ("LA", "humanoid", "left_arm"),
        ("left-arm", "humanoid", "left_arm"),
        ("r leg", "humanoid", "right_leg"),
        ("Chest", "humanoid", "chest"),
        ("12", "humanoid", "chest"),  # a D20 roll, as the dashboard takes it
        ("hindq", "quadruped", "hindquarters"),
    ],
)
def test_wound_takes_the_dashboards_location_names(
    capsys: pytest.CaptureFixture[str], typed: str, table: str, location: str
) -> None:
    data = run_json(capsys, "wound", typed, "--hit-table", table, "--location-hp", "4",
                    "--total-hp", "12", "--damage", "3")  # fmt: skip
    assert data["location"] == location
    assert data["location_hp"] == 1


@pytest.mark.parametrize(
    ("ruleset", "prior", "penalty", "defence"),
    [
        ("rqg", 0, 0, 50),
        ("rqg", 1, 20, 30),  # Foundry RQG: "Second -20%"
        ("rqg", 2, 40, 10),  # "Third -40%"
        ("rqg", 3, 60, 0),  # never below 0
        ("brp", 1, 30, 20),  # BRP: each subsequent parry or dodge at a cumulative -30%
        ("brp", 2, 60, 0),
    ],
)
def test_exchange_prior_defences(
    capsys: pytest.CaptureFixture[str], ruleset: str, prior: int, penalty: int, defence: int
) -> None:
    data = run_json(capsys, "exchange", "success", "success", "--ruleset", ruleset,
                    "--attack-chance", "60", "--defence-chance", "50",
                    "--prior-defences", str(prior))  # fmt: skip
    assert data["defence_penalty"] == penalty
    assert data["chances"] == {"attack": 60, "defence": defence}


def test_exchange_prior_defences_over_100(capsys: pytest.CaptureFixture[str]) -> None:
    """The penalty comes off first, then the over-100% rule: 130 against 110 - 20 = 90."""
    data = run_json(capsys, "exchange", "success", "success", "--attack-chance", "130",
                    "--defence-chance", "110", "--prior-defences", "1")  # fmt: skip
    assert data["chances"] == {"attack": 100, "defence": 60}


@pytest.mark.parametrize("level", ["success", "special", "critical"])
def test_damage_and_exchange_take_the_same_level_names(
    capsys: pytest.CaptureFixture[str], level: str
) -> None:
    """Each level `damage --level` takes, `exchange` takes too, and each rule set refuses the
    same ones in both (BRP: no critical)."""
    for ruleset in ("rqg", "brp"):
        exchange = ["exchange", level, "failure", "--defence", "dodge", "--ruleset", ruleset]
        damage = ["damage", "1D8", "--level", level, "--ruleset", ruleset]
        if ruleset == "brp" and level == "critical":
            assert "no critical" in run_error(capsys, *exchange)
            assert "no critical" in run_error(capsys, *damage)
        else:
            assert run_json(capsys, *exchange)["attack"] == level
            assert run_json(capsys, *damage)["level"] == level
