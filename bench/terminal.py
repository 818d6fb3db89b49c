"""What the process benchmarks share: a pseudo-terminal, and a program run on it through
`bench/frame_probe.py` with the frames it reports (`bench/latency.py`, `bench/many_writers.py`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import queue
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "bench" / "frame_probe.py"
COLUMNS, LINES = 160, 50
WAIT = 10.0
"""Seconds to wait for a frame or an exit before calling the run failed."""
QUIET = 0.15
"""Seconds without terminal output that count as the app being idle (before the next key)."""
ANSWER = 1.0
"""Seconds after which a key that drew nothing counts as handled."""
IDLE_CPU = 0.01
"""CPU seconds, over QUIET seconds, under which the app counts as idle (a timer or two)."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ESCAPE = b"\x1b"
QUIT = b"\x11"  # ctrl+q


class Terminal:
    """A pseudo-terminal of COLUMNS x LINES whose output is read (and dropped) as it comes."""

    def __init__(self) -> None:
        self.master, self.slave = pty.openpty()
        size = struct.pack("HHHH", LINES, COLUMNS, 0, 0)
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, size)
        self.last_output = self.last_typed = time.monotonic()
        self.tail = b""
        """The last output (kept to tell what the app showed when a run fails)."""
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self.master, 1 << 16)
            except OSError:
                return  # the other side closed
            if not data:
                return
            self.last_output = time.monotonic()
            self.tail = (self.tail + data)[-65536:]

    def type(self, keys: bytes) -> float:
        """Send `keys`; returns when they were sent."""
        sent = time.monotonic()
        os.write(self.master, keys)
        self.last_typed = sent
        return sent

    def settle(self) -> None:
        """Wait until the app is idle: it answered the last key (wrote something after it, or
        ANSWER seconds passed: a key that changes nothing draws nothing) and then wrote nothing
        for QUIET seconds."""
        now = time.monotonic()
        deadline = now + WAIT
        while self.last_output < self.last_typed and now - self.last_typed < ANSWER:
            time.sleep(QUIET / 10)
            now = time.monotonic()
        while now - max(self.last_output, self.last_typed) < QUIET:
            if now > deadline:
                raise RuntimeError("the app never went quiet")
            time.sleep(QUIET / 5)
            now = time.monotonic()

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


class Probe:
    """One process of `frame_probe.py` on its own terminal, and the frames it reports."""

    def __init__(self, argv: Sequence[str], env: dict[str, str]) -> None:
        self.terminal = Terminal()
        read, write = os.pipe()
        self.frames: queue.Queue[tuple[str, float]] = queue.Queue()
        self.writes: queue.Queue[tuple[float, str]] = queue.Queue()
        """Every write to the terminal, when the probe reports them (`EVERY_WRITE`): when it was
        written, and the id of the widget with the focus then."""
        self.cpu: dict[str, float] = {}
        """The process's CPU seconds at the first frame of each kind of screen."""
        self.began = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, str(PROBE), str(write), *argv],
            stdin=self.terminal.slave, stdout=self.terminal.slave, stderr=self.terminal.slave,
            pass_fds=(write,), env=env, start_new_session=True,
        )  # fmt: skip
        os.close(write)
        threading.Thread(target=self._read_frames, args=(read,), daemon=True).start()

    def _read_frames(self, read: int) -> None:
        with os.fdopen(read, "rb") as reports:
            for line in reports:
                if line.startswith(b"write "):
                    _, written, focused = line.decode().split()
                    self.writes.put((float(written), focused))
                    continue
                _, kind, when, cpu = line.decode().split()
                self.cpu.setdefault(kind, float(cpu))
                self.frames.put((kind, float(when)))

    def frame(self, kind: str | None = None) -> tuple[str, float]:
        """The next first frame of a screen (of `kind`'s screen, if given)."""
        while True:
            try:
                shown, when = self.frames.get(timeout=WAIT)
            except queue.Empty:
                raise RuntimeError(f"no frame of {kind or 'any screen'} came") from None
            if kind is None or shown == kind:
                return shown, when

    def dialog(self, lead: bytes, key: bytes) -> float:
        """Seconds from `key` to the first frame of the screen it opens, then closed again."""
        if lead:
            self.terminal.type(lead)
            self.settle()
        sent = self.terminal.type(key)
        shown, when = self.frame()
        if shown == "main":
            raise RuntimeError(f"{key!r} opened no dialog")
        self.settle()
        self.terminal.type(ESCAPE)
        self.frame("main")
        self.settle()
        return when - sent

    def settle(self) -> None:
        """Wait until the app is idle: quiet on its terminal (`Terminal.settle`) and using no
        CPU for QUIET seconds (what it does unseen, such as building dialogs ahead, is done)."""
        deadline = time.monotonic() + WAIT
        self.terminal.settle()
        used = self.cpu_seconds()
        while True:
            time.sleep(QUIET)
            now = self.cpu_seconds()
            if now - used <= IDLE_CPU:
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the app never went idle")
            used = now

    def cpu_seconds(self) -> float:
        """The process's CPU time so far (user and system), from /proc."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def __enter__(self) -> Probe:
        return self

    def __exit__(self, *error: object) -> None:
        """A failed run leaves no process behind."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.terminal.close()

    def quit(self) -> float:
        """Seconds from the quit key to the process's end."""
        sent = self.terminal.type(QUIT)
        try:
            status = self.process.wait(timeout=WAIT)
        finally:
            self.terminal.close()
        if status:
            raise RuntimeError(f"the app exited with status {status}")
        return time.monotonic() - sent


def compile_bytecode(env: dict[str, str]) -> None:
    """Bytecode for everything either side imports, as pip and Python leave it: the standard
    library, the venv's packages (Textual's for the floor and gmdash alike) and gmdash."""
    import sysconfig

    folders = {sysconfig.get_paths()[name] for name in ("stdlib", "purelib", "platlib")}
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", *sorted(folders),
                    str(ROOT / "gmdash")], env=env, capture_output=True, check=False)  # fmt: skip
