"""Where saves live: never the current folder, whoever starts gmdash from wherever."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.play.campaign import CampaignService
from gmdash.store.moving import move_campaigns
from gmdash.store.paths import (
    choose_saves,
    source_checkout,
    stray_saves_notice,
    user_data_saves,
)

PACKAGE = Path(__file__).resolve().parents[2] / "gmdash"
PYPROJECT = '[project]\nname = "gmdash"\nversion = "0.1.0"\n'


@pytest.mark.parametrize(
    ("option", "env", "config", "checkout", "expected", "reason"),
    [
        ("opt", "env", "cfg", "co", "opt", "--saves"),
        (None, "env", "cfg", "co", "env", "$GMDASH_SAVES"),
        (None, "", "cfg", "co", "cfg", "the config file's `saves`"),
        (None, None, None, "co", "co/saves", "the source checkout gmdash runs from"),
        (None, None, None, None, "data", "the user data folder"),
    ],
)  # fmt: skip
def test_the_saves_folder_comes_from_the_first_source_that_names_one(
    tmp_path: Path, option: str | None, env: str | None, config: str | None,
    checkout: str | None, expected: str, reason: str,
) -> None:  # fmt: skip
    environ = {} if env is None else {"GMDASH_SAVES": str(tmp_path / env) if env else ""}
    choice = choose_saves(
        str(tmp_path / option) if option else None, environ,
        tmp_path / config if config else None, tmp_path / checkout if checkout else None,
    )  # fmt: skip
    want = user_data_saves() if expected == "data" else tmp_path / expected
    assert (choice.path, choice.reason) == (want, reason)


def test_the_user_data_folder_is_the_platforms(private_user_folders: Path) -> None:
    assert user_data_saves() == private_user_folders / ".local/share/gmdash/saves"


def test_a_relative_saves_option_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert choose_saves("here", {}).path == tmp_path / "here"


def test_a_source_checkout_is_recognised_by_its_pyproject(tmp_path: Path) -> None:
    assert source_checkout() == PACKAGE.parent  # these tests run from one
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    assert source_checkout(tmp_path) == tmp_path
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n')
    assert source_checkout(tmp_path) is None
    assert source_checkout(tmp_path / "nowhere") is None


def _install(where: Path, checkout: bool) -> Path:
    """gmdash as a source checkout (with our pyproject.toml) or as an installed copy (bare)."""
    where.mkdir()
    (where / "gmdash").symlink_to(PACKAGE, target_is_directory=True)
    if checkout:
        (where / "pyproject.toml").write_text(PYPROJECT)
    return where


def _gmdash(code: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GMDASH_SAVES", "PYTHONPATH")}
    env["PYTHONPATH"] = str(code)
    done = subprocess.run([sys.executable, "-m", "gmdash", *argv], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize("checkout", [True, False], ids=["source-checkout", "installed-tool"])
def test_started_from_two_folders_gmdash_sees_the_same_campaign(
    tmp_path: Path, private_user_folders: Path, checkout: bool
) -> None:
    code = _install(tmp_path / "code", checkout)
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    _gmdash(code, first, "campaign", "new", "Pavis Nights")
    _gmdash(code, first, "roll", "50", "--campaign", "Pavis Nights", "--seed", "1")
    listed = json.loads(_gmdash(code, second, "campaign", "list", "--json").stdout)
    assert [c["name"] for c in listed] == ["Pavis Nights"]
    log = json.loads(_gmdash(code, second, "log", "--campaign", "Pavis Nights", "--json").stdout)
    assert [e["chance"] for e in log if e["chance"] is not None] == [50]  # the roll is there
    home = code / "saves" if checkout else private_user_folders / ".local/share/gmdash/saves"
    assert (home / "pavis-nights" / "campaign.json").is_file()
    assert not (first / "saves").exists() and not (second / "saves").exists()
    where = _gmdash(code, second, "saves", "where").stdout
    assert str(home) in where
    assert str(home) in _gmdash(code, second, "--help").stdout


def test_campaigns_left_in_dot_saves_are_mentioned_once_and_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "table"
    CampaignService.create(old / "saves", "Old Saga").close()
    config = tmp_path / "config.toml"
    config.write_text(f'saves = "{tmp_path / "home"}"\n')
    monkeypatch.setenv("GMDASH_CONFIG", str(config))
    monkeypatch.delenv("GMDASH_SAVES")
    monkeypatch.chdir(old)
    assert main(["campaign", "list"]) == 0
    out, err = capsys.readouterr()
    assert "Old Saga" not in out  # the folder in use is the config's, empty
    assert f"gmdash saves move {old / 'saves'}" in err
    assert main(["campaign", "list"]) == 0
    assert "saves move" not in capsys.readouterr().err  # once
    assert main(["saves", "move", "saves"]) == 0
    assert "moved old-saga" in capsys.readouterr().out
    assert main(["campaign", "list"]) == 0
    assert "Old Saga" in capsys.readouterr().out
    assert not (old / "saves").exists()


def test_no_notice_when_the_saves_folder_is_named_for_the_run(tmp_path: Path) -> None:
    CampaignService.create(tmp_path / "saves", "Here").close()
    choice = choose_saves(str(tmp_path / "elsewhere"), {})
    assert stray_saves_notice(choice, tmp_path, tmp_path / "state") is None


def test_no_notice_when_dot_saves_is_the_folder_in_use(tmp_path: Path) -> None:
    CampaignService.create(tmp_path / "saves", "Here").close()
    choice = choose_saves(str(tmp_path / "saves"), {})
    assert stray_saves_notice(choice, tmp_path, tmp_path / "state") is None


def test_moving_never_overwrites_nor_takes_an_open_campaign(tmp_path: Path) -> None:
    source, target = tmp_path / "old", tmp_path / "new"
    for name in ("Kept Apart", "Open Now", "Moves"):
        CampaignService.create(source, name).close()
    CampaignService.create(target, "Kept Apart").close()
    with CampaignService.open(source, "Open Now"):
        report = move_campaigns(source, target)
    assert report.moved == ["moves"]
    assert [slug for slug, _ in report.skipped] == ["kept-apart", "open-now"]
    assert "pid" in dict(report.skipped)["open-now"]
    assert (target / "moves" / "campaign.json").is_file()
    assert (source / "kept-apart").is_dir()
