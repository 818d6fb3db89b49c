"""`gmdash serve` on the command line: its errors, and that nothing else pays for it."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gmdash.cli import main
from gmdash.play.campaign import CampaignService


def error_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    return captured.err.strip()


def test_serve_refuses_what_it_cannot_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = ["--saves", str(tmp_path)]
    assert "no campaign in" in error_of(capsys, *saves, "serve")
    assert not any(tmp_path.iterdir())  # no demo made: serve writes nothing
    CampaignService.create(tmp_path, "Alpha").close()
    assert "no campaign 'Beta'" in error_of(capsys, *saves, "serve", "--campaign", "Beta")
    assert "0-65535" in error_of(capsys, *saves, "serve", "--port", "70000")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        message = error_of(capsys, *saves, "serve", "--port", port)
    assert message.startswith(f"gmdash: cannot listen on 127.0.0.1:{port}: ")


def test_the_dashboard_and_other_commands_never_load_the_players_view() -> None:
    code = (
        "import sys; from gmdash.cli import main; import gmdash.tui.launch; "
        "main(['roll', '50', '--json', '--seed', '1']); "
        "loaded = {'gmdash.serve', 'textual_serve', 'aiohttp'} & set(sys.modules); "
        "assert not loaded, loaded"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_links_prints_one_link_per_pc_and_revoke_makes_a_new_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from helpers import FakeClock, demo_service

    from gmdash.store.player_links import read_links

    demo_service(tmp_path, FakeClock()).close()
    saves = ["--saves", str(tmp_path)]
    assert main([*saves, "serve", "--links"]) == 0
    first = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in first] == [
        "Harvald Stormbrow", "Irvala Greyquill", "Korrath Sandstrider", "Meriel Greenhollow",
    ]  # fmt: skip
    (folder,) = [p for p in tmp_path.iterdir() if (p / "players.json").exists()]
    links = read_links(folder)
    assert sorted(f"?player={t}" for t in links) == sorted(line.split("/")[-1] for line in first)
    assert main([*saves, "serve", "--links"]) == 0
    assert capsys.readouterr().out.splitlines() == first  # kept, not remade
    assert main([*saves, "serve", "--revoke", "harv"]) == 0
    assert capsys.readouterr().out == "Harvald Stormbrow: player link revoked\n"
    assert len(read_links(folder)) == 3
    assert main([*saves, "serve", "--links"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[0] != first[0] and again[1:] == first[1:]
    assert "matches no player character" in error_of(capsys, *saves, "serve", "--revoke", "zz")
    ambiguous = error_of(capsys, *saves, "serve", "--revoke", "a")
    assert "matches Harvald Stormbrow, Irvala Greyquill" in ambiguous
    assert len(read_links(folder)) == 4  # a bad name changes nothing
