"""The rules subcommands, as a game master or a script uses them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gmdash.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    return json.loads(out)


def run_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("chance", "result", "level"),
    [
        (45, 1, "critical"),
        (45, 3, "special"),
        (45, 45, "success"),
        (45, 46, "failure"),
        (45, 97, "failure"),
        (45, 98, "fumble"),
        (45, 100, "fumble"),
        (3, 5, "success"),
        (150, 96, "failure"),
    ],
)
def test_roll_reads_a_physical_result(
    capsys: pytest.CaptureFixture[str], chance: int, result: int, level: str
) -> None:
    data = run_json(capsys, "roll", str(chance), "--result", str(result))
    assert data["chance"] == chance
    assert data["roll"] == result
    assert data["level"] == level


def test_roll_thresholds_follow_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "roll", "30", "--result", "50")
    assert data["thresholds"] == {"critical": 2, "special": 6, "success": 30, "fumble": 97}
    brp = run_json(capsys, "roll", "30", "--result", "50", "--ruleset", "brp")
    assert brp["thresholds"]["critical"] is None


def test_roll_00_is_100(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "roll", "70", "--result", "00")["roll"] == 100


def test_a_seed_makes_a_roll_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "roll", "50", "--seed", "42")
    second = run_json(capsys, "roll", "50", "--seed", "42")
    assert first == second
    rolls = {run_json(capsys, "dice", "1D100", "--seed", str(s))["total"] for s in range(20)}
    assert len(rolls) > 1


def test_resist_strength_13_against_size_15(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "resist", "13", "15", "--result", "40")
    assert data == {"active": 13, "passive": 15, "chance": 40, "roll": 40, "level": "success"}


def test_resist_on_a_dash_cell_still_succeeds_on_05(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "resist", "1", "21", "--result", "5")
    assert data["chance"] == -50
    assert data["level"] == "success"


def test_opposed_over_100(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "opposed", "120", "65", "--results", "50", "30")
    assert data["a"] == {"chance": 100, "roll": 50, "level": "success"}
    assert data["b"] == {"chance": 45, "roll": 30, "level": "success"}
    assert data["outcome"] == "a"


def test_opposed_brp_equal_successes_higher_ability_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "opposed", "60", "40", "--results", "30", "35", "--ruleset", "brp")
    assert data["outcome"] == "a"


def test_dice_expression(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "dice", "2d6+6", "--seed", "1")
    assert data["expression"] == "2D6+6"
    assert len(data["rolls"]) == 2
    assert data["total"] == sum(data["rolls"]) + 6
    negative = run_json(capsys, "dice", "-1D4", "--seed", "1")
    assert -4 <= negative["total"] <= -1


def test_odds_sum_to_100(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "70")
    assert data == {"critical": 4, "special": 10, "success": 56, "failure": 28, "fumble": 2}
    brp = run_json(capsys, "odds", "70", "--ruleset", "brp")
    assert brp["critical"] is None
    assert brp["special"] == 14
    assert sum(v for v in brp.values() if v) == 100


def test_attrs(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "attrs", "--str", "13", "--con", "12", "--siz", "15", "--dex", "11",
        "--int", "14", "--pow", "16", "--cha", "10",
    )  # fmt: skip
    assert data["hit_points"] == 13  # CON 12 + SIZ 15 (+1) + POW 16 (0)
    assert data["locations"] == {
        "left_leg": 5, "right_leg": 5, "abdomen": 5, "chest": 6,
        "left_arm": 4, "right_arm": 4, "head": 5,
    }  # fmt: skip
    assert data["healing_rate"] == 2
    assert data["damage_bonus"] == "+1D4"  # STR+SIZ 28
    assert (data["dex_sr"], data["siz_sr"]) == (3, 1)
    assert data["magic_points"] == 16
    assert data["rune_points"] == 3
    assert data["movement"] == {"walk": 8, "run": 24}


def test_attrs_brp(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "attrs", "--str", "6", "--con", "12", "--siz", "5", "--dex", "11",
        "--int", "14", "--pow", "16", "--app", "10", "--ruleset", "brp",
    )  # fmt: skip
    assert data["hit_points"] == 9  # (12 + 5) / 2 rounded up
    assert data["damage_bonus"] == "-1D6"  # STR+SIZ 11


def test_table_abilities_has_every_chance(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "table", "abilities")["rows"]
    assert [row["chance"] for row in rows] == list(range(1, 131))
    assert rows[69] == {"chance": 70, "critical": 4, "special": 14, "success": 70, "fumble": 99}


def test_table_resistance_has_441_cells(capsys: pytest.CaptureFixture[str]) -> None:
    cells = run_json(capsys, "table", "resistance")["cells"]
    assert len(cells) == 441
    assert {"active": 13, "passive": 15, "chance": 40} in cells


def _cells(out: str, label: str) -> list[str]:
    """The cells of the table row whose first cell is `label`."""
    for line in out.splitlines():
        cells = [cell.strip() for cell in line.split("│")[1:-1]]
        if cells and cells[0] == label:
            return cells[1:]
    raise AssertionError(f"no row {label!r} in\n{out}")


def _level_at_50(roll: int) -> str:
    # docs/rules.md#levels-rqg at C=50: critical 01-03, special 01-10, success 01-50, fumble 98-00
    if roll <= 3:
        return "CRITICAL"
    if roll <= 10:
        return "SPECIAL"
    if roll <= 50:
        return "SUCCESS"
    return "FUMBLE" if roll >= 98 else "FAILURE"


def test_readable_roll_names_the_level_and_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    # C=45: critical (45+10)//20 = 2, special (90+5)//10 = 9, fumble over 100 - 65//20 = 97
    assert main(["roll", "45", "--result", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "03 against 45%: SPECIAL",
        "critical 01-02, special 01-09, success 01-45, fumble 98-00",
    ]


def test_readable_resist_gives_the_table_chance(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules.md#resistance: 50% + 5% x (active - passive)
    assert main(["resist", "10", "10", "--seed", "1"]) == 0
    found = re.fullmatch(r"10 vs 10: 50% — rolled (\d+): (\w+)", capsys.readouterr().out.strip())
    assert found, "unexpected output"
    assert found[2] == _level_at_50(int(found[1]))
    assert main(["resist", "13", "15"]) == 0
    assert capsys.readouterr().out.startswith("13 vs 15: 40% — rolled ")


def test_readable_opposed_reads_both_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["opposed", "50", "50", "--seed", "1"]) == 0
    a, b, verdict = capsys.readouterr().out.strip().splitlines()
    levels = []
    for line, side in ((a, "A"), (b, "B")):
        found = re.fullmatch(side + r": (\d+) against 50%: (\w+)", line)
        assert found, line
        assert found[2] == _level_at_50(int(found[1]))
        levels.append(found[2])
    if not {"CRITICAL", "SPECIAL", "SUCCESS"} & set(levels):
        assert verdict == "both fail"


def test_readable_dice_show_each_die(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice", "3D6", "--seed", "1"]) == 0
    found = re.fullmatch(r"3D6: (\d+)  \((\d) (\d) (\d)\)", capsys.readouterr().out.strip())
    assert found, "unexpected output"
    dice = [int(found[n]) for n in (2, 3, 4)]
    assert all(1 <= die <= 6 for die in dice) and int(found[1]) == sum(dice)


def test_readable_odds_count_the_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    # C=45: critical 01-02, special 03-09, success 10-45, failure 46-97, fumble 98-00
    assert main(["odds", "45"]) == 0
    out = capsys.readouterr().out
    expected = {"CRITICAL": 2, "SPECIAL": 7, "SUCCESS": 36, "FAILURE": 52, "FUMBLE": 3}
    assert {level: _cells(out, level) for level in expected} == {
        level: [f"{n}%"] for level, n in expected.items()
    }


def test_readable_attributes_of_an_average_human(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules.md#rqg-derived and #location-hit-points, every characteristic at 10
    argv = ["attrs"] + [x for stat in ("str", "con", "siz", "dex", "int", "pow", "cha")
                        for x in (f"--{stat}", "10")]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    expected = {
        "Hit points": "10", "Right Leg": "4", "Left Leg": "4", "Abdomen": "4", "Chest": "5",
        "Right Arm": "3", "Left Arm": "3", "Head": "4",
        "Healing rate": "2 per location per week", "Damage bonus": "0", "DEX SR": "3",
        "SIZ SR": "2", "Magic points": "10", "Movement": "8 m walking, 24 m running",
    }  # fmt: skip
    assert {label: _cells(out, label) for label in expected} == {
        label: [value] for label, value in expected.items()
    }


def test_readable_brp_table_has_no_critical(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules.md#levels-brp: RQG's table without the critical column; C=11: special 01-02
    assert main(["table", "abilities", "--ruleset", "brp"]) == 0
    out = capsys.readouterr().out
    assert "Critical" not in out
    assert _cells(out, "11%") == ["01-02", "01-11", "12-00", "97-00"]
    assert _cells(out, "30%") == ["01-06", "01-30", "31-00", "97-00"]


@pytest.mark.parametrize("argv", [["table", "abilities"], ["table", "resistance"]])
def test_readable_tables_are_not_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 0
    assert not capsys.readouterr().out.lstrip().startswith("{")


def test_printed_ability_table_matches_the_seed_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "abilities"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row_30 = next(line for line in lines if line.strip().startswith("│") and " 30% " in line)
    assert [cell.strip() for cell in row_30.split("│")[2:-1]] == [
        "01-02", "01-06", "01-30", "31-00", "97-00",
    ]  # fmt: skip


def test_printed_resistance_table_marks_dashes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "resistance"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row_11 = next(line for line in lines if line.strip().startswith("11 "))
    assert row_11.split()[1:4] == ["---", "05", "10"]
    assert len(row_11.split()) == 22


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["roll", "abc"], "not a whole number"),
        (["roll", "45", "--result", "101"], "1 to 100"),
        (["roll", "45", "--result", "0"], "1 to 100"),
        (["roll"], "required"),
        (["dice", "2D"], "no number of sides"),
        (["dice", "1D0"], "at least 1 side"),
        (["dice", "10000D6"], "too many"),
        (["dice", "hello"], "cannot read"),
        (["resist", "0", "10"], ">= 1"),
        (["opposed", "50"], "required"),
        (["attrs", "--str", "10"], "required"),
        (["attrs", "--str", "10", "--con", "10", "--siz", "10", "--dex", "10", "--int", "10",
          "--pow", "10"], "--cha"),
        (["table", "nothing"], "invalid choice"),
        (["roll", "50", "--ruleset", "d20"], "invalid choice"),
        (["roll", "50", "--actor", "Vasana"], "--campaign"),
        (["bogus"], "invalid choice"),
    ],
)  # fmt: skip
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    assert fragment in run_error(capsys, *argv)


def test_subcommands_never_import_textual() -> None:
    code = (
        "import sys; from gmdash.cli import main; "
        "main(['roll', '50', '--json', '--seed', '1']); main(['table', 'abilities', '--json']); "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_python_dash_m_and_no_traceback(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gmdash", "dice", "2D"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "gmdash: '2D' has no number of sides (write e.g. 2D6)"
    assert done.stdout == ""


def test_rolls_are_recorded_with_a_readable_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = ["--saves", str(tmp_path)]
    assert main([*saves, "campaign", "new", "Table"]) == 0
    assert main([*saves, "resist", "13", "15", "--result", "20", "--campaign", "Table"]) == 0
    assert main([*saves, "roll", "55", "--result", "60", "--campaign", "Table",
                 "--actor", "Vasana", "--passer-by", "--label", "Scan"]) == 0  # fmt: skip
    assert main([*saves, "dice", "2D6+6", "--seed", "1", "--campaign", "Table"]) == 0
    capsys.readouterr()
    assert main([*saves, "log", "--campaign", "Table", "--format", "json"]) == 0
    rolls = [e for e in json.loads(capsys.readouterr().out) if e["kind"] != "session"]
    fields = ("actor", "kind", "label", "chance", "roll", "level")
    assert [tuple(entry[f] for f in fields) for entry in rolls] == [
        (None, "resistance", "resistance 13 vs 15", 40, 20, "success"),
        ("Vasana", "ability", "Scan", 55, 60, "failure"),
        (None, "dice", "2D6+6", None, None, None),
    ]  # fmt: skip
