"""The rules subcommands, as a game master or a script uses them."""

from __future__ import annotations

import json
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


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "abilities"],
        ["table", "resistance"],
        ["table", "abilities", "--ruleset", "brp"],
        ["roll", "45", "--result", "3"],
        ["resist", "10", "10", "--seed", "1"],
        ["opposed", "50", "50", "--seed", "1"],
        ["dice", "3D6", "--seed", "1"],
        ["odds", "45"],
        ["attrs", "--str", "10", "--con", "10", "--siz", "10", "--dex", "10", "--int", "10",
         "--pow", "10", "--cha", "10"],
    ],
)  # fmt: skip
def test_readable_output(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.strip()
    assert not out.lstrip().startswith("{")


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
