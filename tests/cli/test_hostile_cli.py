"""Arguments and files that try to break the command line or leak into the terminal.

Each test here failed before issue 12: raw escape sequences printed by `gmdash log` and
`gmdash campaign list`, tracebacks on a non-UTF-8 argument, a huge dice expression, a deeply
nested file or a surrogate in a campaign name, absurd values imported, and Windows device names
as campaign folders.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRun

from gmdash.play.campaign import CampaignService
from gmdash.store.atomic import encode_snapshot
from gmdash.store.paths import WINDOWS_RESERVED, slugify

ATTACK = "\x1b]0;PWNED\x07\x1b[2J\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\\x9b31m"


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> CliRun:
    return CliRun(tmp_path / "saves", capsys)


def files_of(saves: Path) -> dict[str, bytes]:
    """Every file under the saves folder and its bytes (the lock file is not data)."""
    if not saves.exists():
        return {}
    return {
        str(p.relative_to(saves)): p.read_bytes()
        for p in sorted(saves.rglob("*"))
        if p.is_file() and p.name != "campaign.lock"
    }


# --- terminal injection ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "md", "csv"])
def test_the_log_shows_escape_sequences_instead_of_sending_them(run: CliRun, fmt: str) -> None:
    run("campaign", "new", "Saga")
    run("roll", "40", "--result", "12", "--campaign", "Saga", "--label", ATTACK,
        "--actor", f"Vasana{ATTACK}", "--passer-by")  # fmt: skip
    out = run("log", "--campaign", "Saga", "--format", fmt)
    # Readable: the GM sees what was typed (Markdown also backslashes the brackets).
    assert "0;PWNED␇␛" in out and "2J" in out
    assert "x9b31m" in out


BIDI = "Vasana\u202e ahtnaV \u2066x\u2069 Os\u200btra"


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_bidi_controls_and_invisible_characters_never_reach_the_terminal(
    run: CliRun, fmt: str
) -> None:
    CampaignService.create(run.saves, f"Saga{BIDI}").close()
    run("roll", "40", "--result", "12", "--campaign", f"Saga{BIDI}", "--label", BIDI,
        "--actor", BIDI, "--passer-by")  # fmt: skip
    outputs = [
        run("log", "--campaign", f"Saga{BIDI}", "--format", fmt),
        run("campaign", "list"),
        run("session", "list", "--campaign", f"Saga{BIDI}"),
    ]
    for out in outputs:
        assert not any(char in out for char in "\u202e\u2066\u2069\u200b"), out
    assert "\\u202e" in outputs[0] and "\\u202e" in outputs[1]
    if fmt == "json":
        assert json.loads(outputs[0])[-1]["label"] == BIDI  # escaped, read back exactly


def test_json_keeps_the_exact_text(run: CliRun) -> None:
    run("campaign", "new", "Saga")
    run("roll", "40", "--result", "12", "--campaign", "Saga", "--label", ATTACK)
    data = json.loads(run("log", "--campaign", "Saga", "--json"))
    assert data[-1]["label"] == ATTACK


def test_campaign_list_shows_escapes_in_names(run: CliRun, tmp_path: Path) -> None:
    CampaignService.create(run.saves, f"Evil{ATTACK}").close()
    out = run("campaign", "list")
    assert "Evil␛]0;PWNED" in out
    assert json.loads(run("campaign", "list", "--json"))[0]["name"] == f"Evil{ATTACK}"


def test_an_error_line_quoting_a_name_stays_one_visible_line(run: CliRun) -> None:
    err = run("session", "start", "--campaign", f"nowhere\n{ATTACK}", status=2)
    assert "PWNED" in err


# --- tracebacks become one line, and nothing is stored first ---------------------------------


def test_a_non_utf8_label_is_refused_before_a_session_starts(run: CliRun) -> None:
    run("campaign", "new", "Saga")
    before = files_of(run.saves)
    label = b"\xff".decode("utf-8", "surrogateescape")  # what Python makes of $'\xff'
    err = run("roll", "40", "--campaign", "Saga", "--label", label, status=2)
    assert "not UTF-8" in err and "\\udcff" in err
    assert files_of(run.saves) == before
    assert "(no sessions yet)" in run("session", "list", "--campaign", "Saga")


def test_a_surrogate_campaign_name_creates_nothing(run: CliRun) -> None:
    name = b"caf\xe9".decode("utf-8", "surrogateescape")
    run("campaign", "new", name, status=2)
    run("campaign", "new", name, status=2)  # not "a campaign already exists"
    assert files_of(run.saves) == {}


def test_a_huge_dice_expression_is_one_clear_line(run: CliRun) -> None:
    err = run("dice", "1D" + "9" * 5_000, status=2)
    assert "too long" in err and len(err) < 200


def test_a_deeply_nested_character_file_is_refused(run: CliRun, tmp_path: Path) -> None:
    run("campaign", "new", "Saga")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    before = files_of(run.saves)
    err = run("character", "import", str(deep), "--campaign", "Saga", status=2)
    assert "nested too deeply" in err
    assert files_of(run.saves) == before


# --- absurd values ----------------------------------------------------------------------------


def sheet_file(tmp_path: Path, **changes: object) -> Path:
    data: dict[str, object] = {
        "name": "Harvald",
        "characteristics": {"STR": 16, "CON": 14, "SIZ": 15, "DEX": 11, "INT": 12, "POW": 13,
                            "CHA": 14},
        "abilities": [{"name": "Broadsword", "value": 70}],
    }  # fmt: skip
    data.update(changes)
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"characteristics": {"STR": 10**100, "CON": 14, "SIZ": 15, "DEX": 11, "INT": 12,
                              "POW": 13, "CHA": 14}}, "characteristics.STR"),
        ({"abilities": [{"name": f"Skill {i}", "value": 50} for i in range(10_000)]},
         "abilities"),
        ({"name": "N" * 1_001}, "name"),
        ({"notes": "n" * 20_001}, "notes"),
        ({"hit_points": -(10**30)}, "hit_points"),
        ({"weapons": [{"name": "Sword", "skill": "Broadsword", "damage": "1D8",
                       "sr": 2, "hit_points": 10**12}]}, "weapons[0].hit_points"),
        ({"name": "Grima\udcff"}, "name"),
    ],
    ids=["10^100 STR", "10,000 abilities", "long name", "long notes", "-10^30 HP",
         "weapon HP", "surrogate name"],
)  # fmt: skip
def test_absurd_values_are_refused_naming_the_field(
    run: CliRun, tmp_path: Path, changes: dict[str, object], field: str
) -> None:
    run("campaign", "new", "Saga")
    before = files_of(run.saves)
    path = sheet_file(tmp_path, **changes)
    err = run("character", "import", str(path), "--campaign", "Saga", status=2)
    assert f"invalid {field}:" in err and len(err) < 300
    assert files_of(run.saves) == before


def test_dropped_fields_are_reported(run: CliRun, tmp_path: Path) -> None:
    run("campaign", "new", "Saga")
    path = sheet_file(tmp_path, id="c0099", hair="red",
                      abilities=[{"name": "Broadsword", "value": 70, "bonus": 5}])  # fmt: skip
    out = run("character", "import", str(path), "--campaign", "Saga")
    assert "ignored fields gmdash does not read: 'hair', 'id', 'abilities[0].bonus'" in out
    path = sheet_file(tmp_path, name="Vasana", hair="red")
    data = json.loads(run("character", "import", str(path), "--campaign", "Saga", "--json"))
    assert data["ignored"] == ["hair"]


def test_an_absurd_log_file_number_is_refused_not_created(run: CliRun) -> None:
    run("campaign", "new", "Saga")
    path = run.saves / "saga" / "campaign.json"
    data = json.loads(path.read_bytes().split(b"\n")[0])
    data["state"]["1"]["log_file"] = 10**30
    path.write_bytes(encode_snapshot(data))  # its checksum made again: the value is what is bad
    err = run("roll", "40", "--campaign", "Saga", status=2)
    assert "log_file" in err
    assert not any("1000000" in p.name for p in (run.saves / "saga").rglob("*"))


def test_a_huge_file_is_refused_unread(run: CliRun, tmp_path: Path) -> None:
    run("campaign", "new", "Saga")
    path = sheet_file(tmp_path, notes=" " * 1_100_000)
    err = run("character", "import", str(path), "--campaign", "Saga", status=2)
    assert "larger than 1,000,000 bytes" in err


# --- file names -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["con", "NUL", "Com1", "lpt9", "aux", "prn", "  Con  ", "c-o-n"])
def test_windows_device_names_never_name_a_folder(name: str) -> None:
    slug = slugify(name)
    assert slug not in WINDOWS_RESERVED
    assert slug.split(".")[0] not in WINDOWS_RESERVED


def test_a_campaign_called_con_lives_in_a_safe_folder(run: CliRun) -> None:
    out = run("campaign", "new", "con")
    assert "con-campaign" in out
    assert (run.saves / "con-campaign" / "campaign.json").is_file()
    assert "session 1 started" in run("session", "start", "--campaign", "con")
