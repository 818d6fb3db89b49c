"""Opening the dashboard: refusals are one clear line, never a traceback or a silent race."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from helpers import demo_session

from gmdash.cli import main
from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.tui.launch import close_without_collection, run_dashboard


def test_a_second_copy_is_refused_naming_the_holder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with create_demo(tmp_path):
        assert run_dashboard(tmp_path, DEMO_NAME) == 2
    err = capsys.readouterr().err
    assert err.startswith("gmdash: ")
    assert "pid" in err
    assert "Traceback" not in err


def test_a_cli_write_is_refused_while_the_dashboard_holds_the_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with create_demo(tmp_path):
        status = main(["--saves", str(tmp_path), "roll", "50", "--campaign", DEMO_NAME])
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "pid" in err[0]


def test_a_corrupt_campaign_does_not_open_and_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with create_demo(tmp_path) as service:
        campaign_file = service.store.folder / "campaign.json"
    campaign_file.write_text('{"truncated": ', encoding="utf-8")
    assert run_dashboard(tmp_path, DEMO_NAME) == 2  # no terminal: no question asked
    [line] = capsys.readouterr().err.strip().splitlines()
    assert str(campaign_file) in line and "gmdash campaign recover" in line
    assert "Traceback" not in line
    assert campaign_file.read_text(encoding="utf-8") == '{"truncated": '


def test_an_unknown_campaign_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_dashboard(tmp_path, "Nowhere") == 2
    assert "Nowhere" in capsys.readouterr().err


def test_the_dashboard_offers_recovery_and_shows_what_was_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmdash.tui.app import GmDashApp

    with create_demo(tmp_path) as service:
        service.start_session()
        folder = service.store.folder
    (folder / "campaign.json").write_bytes(b"\xff not json")
    shown: list[list[str]] = []
    monkeypatch.setattr(GmDashApp, "run", lambda app: shown.append(app.notes))
    questions: list[str] = []

    def refuse(question: str) -> bool:
        questions.append(question)
        return False

    assert run_dashboard(tmp_path, DEMO_NAME, ask=refuse) == 2
    assert questions and (folder / "campaign.json").read_bytes() == b"\xff not json"
    assert run_dashboard(tmp_path, DEMO_NAME, ask=lambda _: True) == 0
    [notes] = shown
    assert len(notes) == 1 and "campaign.json moved aside" in notes[0]
    [kept] = folder.glob("campaign.json.corrupt-*")
    assert kept.read_bytes() == b"\xff not json"
    with CampaignService.open(tmp_path, DEMO_NAME) as again:
        assert again.current_session is not None  # replayed from the session log


def test_the_dashboard_keeps_nothing_of_its_own_beside_the_campaign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_user_folders: Path
) -> None:
    """No state kept ready for the next start (it saved no time over reading the snapshot:
    docs/benchmarks.md), so nothing beside the campaign's own files that a later start trusts."""
    from gmdash.store.paths import campaign_folder
    from gmdash.tui.app import GmDashApp

    create_demo(tmp_path).close()
    folder = campaign_folder(tmp_path, DEMO_NAME)
    before = sorted(path.name for path in folder.iterdir())
    monkeypatch.setattr(GmDashApp, "run", lambda app: None)
    assert run_dashboard(tmp_path, DEMO_NAME) == 0
    assert sorted(path.name for path in folder.iterdir()) == before
    assert not (tmp_path / ".ready-key").exists()
    assert not (private_user_folders / ".cache").exists()


@pytest.mark.parametrize("collecting", [True, False])
def test_the_campaign_closes_with_no_collection_and_collection_comes_back(
    tmp_path: Path, collecting: bool
) -> None:
    collections: list[str] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(phase)

    with demo_session(tmp_path / "saves") as opened:
        closed: list[bool] = []
        close = opened.close

        def close_making_garbage() -> None:
            for _ in range(3000):  # cycles, enough to trigger collections
                cycle: list[object] = []
                cycle.append(cycle)
            closed.append(gc.isenabled())
            close()

        opened.close = close_making_garbage  # type: ignore[method-assign]
        was = gc.isenabled()
        (gc.enable if collecting else gc.disable)()
        gc.callbacks.append(seen)
        try:
            close_without_collection(opened)
            assert gc.isenabled() == collecting
        finally:
            opened.close = close  # type: ignore[method-assign]
            gc.callbacks.remove(seen)
            (gc.enable if was else gc.disable)()
    assert closed == [False] and collections == []
