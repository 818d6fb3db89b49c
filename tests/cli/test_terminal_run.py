"""`gmdash` as a person runs it, on a terminal (a pseudo-terminal): the launch's recovery
question echoes what is typed and takes the answer, and a profiler run of the dashboard
(`python -m cProfile -o FILE -m gmdash`) writes its file at the quit."""

from __future__ import annotations

import os
import pstats
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from gmdash.play.campaign import create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.store.paths import campaign_folder

QUIT = b"\x11"  # ctrl+q
LIMIT = 60.0
"""Seconds a step may take before the test fails, naming what it waited for."""


class Terminal:
    """A process on a pseudo-terminal of 100x30, its output read as it comes."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, True)
        self.output = b""
        environment = {**env, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                                        env=environment, start_new_session=True)  # fmt: skip
        os.close(slave)

    def read_until(self, wanted: bytes) -> bytes:
        """The output up to `wanted` (a bounded wait: a test never hangs)."""
        deadline = time.monotonic() + LIMIT
        while wanted not in self.output:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(left, 0))
            if not ready:
                raise AssertionError(f"no {wanted!r} in {LIMIT:.0f} s; it showed {self.output!r}")
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the process ended and closed its side
                chunk = b""
            if not chunk:
                raise AssertionError(f"it ended before {wanted!r}; it showed {self.output!r}")
            self.output += chunk
        return self.output

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait(self) -> int:
        """The exit status, reading (and keeping) what it still writes."""
        deadline = time.monotonic() + LIMIT
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"it did not end in {LIMIT:.0f} s: {self.output[-2000:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        return self.process.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def gmdash_env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "GMDASH_CONFIG": str(tmp_path / "config.toml")}


def test_the_recovery_question_echoes_and_takes_the_answer(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    with create_demo(saves) as service:
        service.start_session()  # a change after the snapshot: it has an earlier copy
    folder = campaign_folder(saves, DEMO_NAME)
    (folder / "campaign.json").write_bytes(b"\xff not json")
    terminal = Terminal([sys.executable, "-m", "gmdash", "--saves", str(saves)],
                        gmdash_env(tmp_path))  # fmt: skip
    try:
        terminal.read_until(b"[y/N] ")
        terminal.type(b"y\r")  # enter, as the terminal sends it
        shown = terminal.read_until(b"Roster")  # the dashboard, on what could be recovered
        answer = shown.split(b"[y/N] ", 1)[1]
        assert answer.startswith(b"y\r\n"), answer[:40]  # echoed, and the line ended as usual
        terminal.type(QUIT)
        assert terminal.wait() == 0
    finally:
        terminal.close()
    assert list(folder.glob("campaign.json.corrupt-*")), "the damaged file was moved aside"


def test_a_profiled_dashboard_writes_its_profile_at_the_quit(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    create_demo(saves).close()
    out = tmp_path / "gmdash.prof"
    argv = [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "gmdash", "--saves",
            str(saves)]  # fmt: skip
    terminal = Terminal(argv, gmdash_env(tmp_path))
    try:
        terminal.read_until(b"Roster")
        terminal.type(QUIT)
        assert terminal.wait() == 0
    finally:
        terminal.close()
    stats = pstats.Stats(str(out))  # the interpreter's own exit wrote it
    assert any("gmdash" in filename for filename, _, _ in stats.stats)  # type: ignore[attr-defined]
