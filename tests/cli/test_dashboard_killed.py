"""A real dashboard (on a pseudo-terminal) takes a CLI roll over its channel; SIGKILLed mid-night
it leaves its socket behind, and the next CLI command writes the campaign itself at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.store import channel
from gmdash.store.paths import campaign_folder
from tests.cli.test_terminal_run import Terminal, gmdash_env

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not channel.unix_sockets(), reason="no Unix sockets here")


def cli(saves: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gmdash", "--saves", str(saves), "--wait", "0", *argv],
        capture_output=True, text=True, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)},
        timeout=60, check=False,
    )  # fmt: skip


def labels(saves: Path) -> list[str | None]:
    with CampaignService.open(saves, DEMO_NAME, read_only=True) as svc:
        return [e.label for e in svc.events("all") if isinstance(e, RollMade)]


def test_a_killed_dashboard_leaves_the_cli_writing_directly(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    create_demo(saves).close()
    env = gmdash_env(tmp_path)
    folder = campaign_folder(saves, DEMO_NAME)
    terminal = Terminal([sys.executable, "-m", "gmdash", "--saves", str(saves)], env)
    try:
        terminal.read_until(b"Roster")
        # Sent to the dashboard (--wait 0: the lock would refuse at once), shown in its log.
        sent = cli(saves, env, "roll", "50", "--campaign", DEMO_NAME, "--label", "Through")
        assert sent.returncode == 0, sent.stderr
        assert "against 50%" in sent.stdout
        terminal.read_until(b"Through")
        os.killpg(terminal.process.pid, signal.SIGKILL)  # mid-night: no quit, no clean-up
        terminal.process.wait()
    finally:
        terminal.close()
    assert channel.socket_path(folder).is_socket()  # left behind...
    alone = cli(saves, env, "roll", "50", "--campaign", DEMO_NAME, "--label", "Alone")
    assert alone.returncode == 0, alone.stderr  # ...and blocking nothing
    assert "against 50%" in alone.stdout and alone.stderr == ""
    assert labels(saves) == ["Through", "Alone"]
    channel.socket_path(folder).unlink()  # a deep test folder's socket is in the user's own
