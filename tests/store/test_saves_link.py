"""Odd but legal setups: a saves folder that is itself a symbolic link (a dotfile manager's, a
synced folder's) works, links inside it are still refused; a campaign named like one of the
store's own folders (`exports`) never takes that folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.play.campaign import CampaignService
from gmdash.play.demo import DEMO_NAME
from gmdash.store.exports import export_refusal, exports_folder
from gmdash.store.paths import choose_saves, slugify
from gmdash.tui.launch import open_for_dashboard


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    real = tmp_path / "Dropbox" / "gmdash-saves"
    real.mkdir(parents=True)
    link = tmp_path / "saves"
    link.symlink_to(real)
    return link, real


def test_a_linked_saves_folder_is_used_through_its_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link, real = _linked(tmp_path)
    assert main(["--saves", str(link), "campaign", "new", "Linked Saga"]) == 0
    assert main(["--saves", str(link), "roll", "50", "--result", "9", "--campaign",
                 "Linked Saga"]) == 0  # fmt: skip
    assert (real / "linked-saga" / "campaign.json").is_file()
    capsys.readouterr()
    assert main(["--saves", str(link), "log", "--campaign", "Linked Saga", "--json"]) == 0
    assert [row["roll"] for row in json.loads(capsys.readouterr().out)][-1] == 9


def test_the_first_start_makes_the_demo_in_a_linked_saves_folder(tmp_path: Path) -> None:
    link, real = _linked(tmp_path)
    choice = choose_saves(link, environ={}, checkout=None)
    assert choice.path == real  # resolved once, at the top
    open_for_dashboard(choice.path, None, 0).close()
    assert (real / slugify(DEMO_NAME) / "campaign.json").is_file()


def test_links_inside_a_linked_saves_folder_are_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link, real = _linked(tmp_path)
    assert main(["--saves", str(link), "campaign", "new", "Linked Saga"]) == 0
    elsewhere = tmp_path / "elsewhere"
    (real / "linked-saga").rename(elsewhere)
    (real / "linked-saga").symlink_to(elsewhere)
    capsys.readouterr()
    assert main(["--saves", str(link), "roll", "50", "--campaign", "Linked Saga"]) == 2
    assert "symbolic link" in capsys.readouterr().err


def test_a_campaign_named_exports_leaves_the_exports_folder_alone(tmp_path: Path) -> None:
    assert main(["--saves", str(tmp_path), "campaign", "new", "Exports"]) == 0
    assert (tmp_path / "exports-campaign" / "campaign.json").is_file()
    assert not (tmp_path / "exports").exists()
    with CampaignService.open(tmp_path, "Exports") as svc:  # found by its name
        assert svc.store.folder.name == "exports-campaign"
    target = exports_folder(tmp_path) / "night.md"  # a relative export of the dashboard
    assert export_refusal(target) is None


def test_an_older_campaign_in_the_exports_folder_still_opens(tmp_path: Path) -> None:
    with CampaignService.create(tmp_path, "Old") as svc:  # as the previous release named it
        folder = svc.store.folder
    folder.rename(tmp_path / "exports")
    with CampaignService.open(tmp_path, "exports") as svc:
        assert svc.store.folder == tmp_path / "exports"
    target = exports_folder(tmp_path) / "night.md"
    assert target.parent.name == "exports-files" and export_refusal(target) is None
