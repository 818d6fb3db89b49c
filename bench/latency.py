"""Latency benchmark: whole gmdash processes on a terminal, side by side with a Textual floor.

Run: `python bench/latency.py` (the venv's python). In one run it measures, each against a floor
measured beside it (a bare Textual app with one `Static`, started the same way, on the same
kind of terminal, with the same frame report: see `bench/frame_probe.py`):

- start-up, from the process's start (the interpreter and every import included) to its first
  full frame written to the terminal, for gmdash on the demo campaign and on a campaign of
  100,000 rolls and 200 characters (built once, outside the timed part); target 1.5x the floor
  or less;
- a dialog's first frame after its key, for the dialogs a game master opens most, beside the
  floor pushing a one-widget modal; target: within 100 ms of the key. Each key is typed once
  the app is idle: nothing written to its terminal and next to no CPU used for QUIET seconds
  (after its first frame gmdash imports its dialogs' modules in the background);
- quitting, from the quit key to the process's end, against the floor quitting; target: within
  150 ms of the key;
- a roll's log row in the same frame as the roll's result (the resistance pane's roll, counted
  in frames, in the process: Textual's own frames, headless).

Every process runs on a pseudo-terminal of 160x50 through Textual's own driver. A round starts
the floor, gmdash on the demo and gmdash on the big campaign in turn (the order turns round by
round); each time is the median over the rounds, and the start-up ratios are taken within each
round (a slow spell of the shared machine weighs on both sides of one), their median printed
with the spread. The quit target is of what gmdash adds to the floor's time (what any Textual
app pays on this machine), the times themselves printed beside; the dialog target is of the
time itself, the floor's printed beside. Before the rounds, the standard library, the venv's
packages and gmdash are compiled to bytecode, for both sides alike.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import importlib.util
import os
import pty
import queue
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "bench" / "frame_probe.py"
COLUMNS, LINES = 160, 50
ROUNDS = 7
START_TARGET = 1.5
DIALOG_TARGET = 0.100
QUIT_TARGET = 0.150
BIG = "bench 100000"
BIG_ROLLS = 100_000
BIG_CHARACTERS = 200
OPEN_EVENTS = 330
"""The big campaign's open session: tonight's rolls so far (a session's worth)."""
WAIT = 10.0
"""Seconds to wait for a frame or an exit before calling the run failed."""
QUIET = 0.15
"""Seconds without terminal output that count as the app being idle (before the next key)."""
ANSWER = 1.0
IDLE_CPU = 0.01
"""CPU seconds, over QUIET seconds, under which the app counts as idle (a timer or two)."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
"""Seconds after which a key that drew nothing counts as handled."""
ESCAPE = b"\x1b"
QUIT = b"\x11"  # ctrl+q

# (what it is, the keys that lead there, the key timed): the dialogs of a game night.
DIALOGS: tuple[tuple[str, bytes, bytes], ...] = (
    ("ability roll (roster r)", b"1", b"r"),
    ("characteristic roll (roster c)", b"1", b"c"),
    ("dice roll (roster d)", b"1", b"d"),
    ("damage (roster h)", b"1", b"h"),
    ("character form (roster a)", b"1", b"a"),
    ("start combat (strike ranks b)", b"2", b"b"),
    ("log filter (log f)", b"4", b"f"),
    ("help (?)", b"", b"?"),
    ("improvement phase (ctrl+e)", b"", b"\x05"),
)
FLOOR_DIALOG = b"d"


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


@dataclass
class Samples:
    """What one kind of process measured, round by round."""

    start: list[float] = field(default_factory=list)
    start_cpu: list[float] = field(default_factory=list)
    dialogs: dict[str, list[float]] = field(default_factory=dict)
    quit: list[float] = field(default_factory=list)


def run_floor(env: dict[str, str], samples: Samples) -> None:
    with Probe(["floor"], env) as probe:
        _, first = probe.frame("main")
        samples.start.append(first - probe.began)
        samples.start_cpu.append(probe.cpu["main"])
        probe.settle()
        for _ in range(3):
            samples.dialogs.setdefault("floor", []).append(probe.dialog(b"", FLOOR_DIALOG))
        samples.quit.append(probe.quit())


def run_gmdash(env: dict[str, str], saves: Path, campaign: str, samples: Samples) -> None:
    with Probe(["gmdash", "--saves", str(saves), "--campaign", campaign], env) as probe:
        _, first = probe.frame("main")
        samples.start.append(first - probe.began)
        samples.start_cpu.append(probe.cpu["main"])
        probe.settle()
        for label, lead, key in DIALOGS:
            try:
                took = probe.dialog(lead, key)
            except RuntimeError as error:
                raise RuntimeError(f"{campaign}, {label}: {error}; the terminal showed last: "
                                   f"{probe.terminal.tail[-2000:]!r}") from None  # fmt: skip
            samples.dialogs.setdefault(label, []).append(took)
        samples.quit.append(probe.quit())


def build_big(saves: Path) -> None:
    """The 100,000-roll, 200-character campaign, written through the store (bench/store.py)."""
    spec = importlib.util.spec_from_file_location("bench_store", ROOT / "bench" / "store.py")
    assert spec is not None and spec.loader is not None
    store_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(store_bench)
    store_bench.build(saves, BIG, BIG_ROLLS, OPEN_EVENTS, characters=BIG_CHARACTERS)


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:6.1f} ms"


def spread(values: Sequence[float]) -> str:
    return f"spread {min(values):.2f}-{max(values):.2f}"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def ratio_line(mine: Sequence[float], theirs: Sequence[float]) -> tuple[float, str]:
    """The median of the rounds' ratios, and it with its spread as text."""
    ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
    ratio = statistics.median(ratios)
    return ratio, f"{ratio:.2f}x ({spread(ratios)})"


def report_start(floor: Samples, runs: dict[str, Samples]) -> bool:
    print(f"\nstart-up, process start to the first full frame ({COLUMNS}x{LINES} pty;"
          f" target <= {START_TARGET}x the floor):")  # fmt: skip
    print(f"  {'':<24}{'wall':>9}  {'ratio':<22}{'CPU':>9}  ratio")
    print(f"  {'floor (one Static):':<24}{ms(statistics.median(floor.start))}  {'':<22}"
          f"{ms(statistics.median(floor.start_cpu))}")  # fmt: skip
    ok = True
    for label, samples in runs.items():
        ratio, wall = ratio_line(samples.start, floor.start)
        _, cpu = ratio_line(samples.start_cpu, floor.start_cpu)
        ok &= ratio <= START_TARGET
        print(f"  {'gmdash, ' + label + ':':<24}{ms(statistics.median(samples.start))}  "
              f"{wall:<22}{ms(statistics.median(samples.start_cpu))}  {cpu}"
              f"  {verdict(ratio <= START_TARGET)}")  # fmt: skip
    return ok


def report_dialogs(floor: Samples, runs: dict[str, Samples]) -> bool:
    base = statistics.median(floor.dialogs["floor"])
    print("\na dialog's first frame after its key (median over the rounds and both campaigns;"
          f" target: {DIALOG_TARGET * 1e3:.0f} ms or less):")  # fmt: skip
    print(f"  {'floor (one-widget modal):':<40}{ms(base)}")
    ok = True
    for label, _, _ in DIALOGS:
        took = statistics.median([t for samples in runs.values() for t in samples.dialogs[label]])
        ok &= took <= DIALOG_TARGET
        print(f"  {label + ':':<40}{ms(took)}  floor + {ms(took - base)}"
              f"  {verdict(took <= DIALOG_TARGET)}")  # fmt: skip
    return ok


def report_quit(floor: Samples, runs: dict[str, Samples]) -> bool:
    base = statistics.median(floor.quit)
    print("\nquit, from the key to the process's end (target: the floor +"
          f" {QUIT_TARGET * 1e3:.0f} ms or less):")  # fmt: skip
    print(f"  {'floor:':<24}{ms(base)}")
    ok = True
    for label, samples in runs.items():
        took = statistics.median(samples.quit)
        ok &= took - base <= QUIT_TARGET
        print(f"  {'gmdash, ' + label + ':':<24}{ms(took)}  floor + {ms(took - base)}"
              f"  {verdict(took - base <= QUIT_TARGET)}")  # fmt: skip
    return ok


async def roll_frames(saves: Path) -> tuple[int, int]:
    """Frames from the roll key to the result shown, and to its log row shown (resistance pane,
    enter; the demo campaign, headless): the row is due in the result's frame. What each frame
    showed is read as it is drawn (`App.post_display_hook`): the pane's result and the number
    of the log's rows."""
    from textual.widgets import Static

    from gmdash.rules import SeededRng
    from gmdash.tui.app import GmDashApp
    from gmdash.tui.panes.log import LogPane

    service = CampaignService.open(saves, DEMO_NAME, remember=False)
    try:
        app = GmDashApp(service, rng=SeededRng(1))
        frames: list[tuple[str, int]] = []

        def shown() -> tuple[str, int]:
            result = app.pane("resistance").query_one("#res-result", Static)
            return str(result.content), app.query_one(LogPane).table.row_count

        def post_display_hook() -> None:
            if app.screen is app.screen_stack[0]:
                frames.append(shown())

        app.post_display_hook = post_display_hook  # type: ignore[method-assign]
        async with app.run_test(size=(COLUMNS, LINES)) as pilot:
            await pilot.press("3")
            await pilot.pause()
            before = shown()
            frames.clear()
            await pilot.press("enter")
            for _ in range(10):
                await pilot.pause()
        result = next(i for i, (r, _) in enumerate(frames, 1) if r != before[0])
        row = next(i for i, (_, rows) in enumerate(frames, 1) if rows != before[1])
    finally:
        service.close()
    return result, row


def compile_bytecode(env: dict[str, str]) -> None:
    """Bytecode for everything either side imports, as pip and Python leave it: the standard
    library, the venv's packages (Textual's for the floor and gmdash alike) and gmdash."""
    import sysconfig

    folders = {sysconfig.get_paths()[name] for name in ("stdlib", "purelib", "platlib")}
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", *sorted(folders),
                    str(ROOT / "gmdash")], env=env, capture_output=True, check=False)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-latency-") as tmp:
        saves = Path(tmp) / "saves"
        saves.mkdir()
        create_demo(saves).close()
        began = time.perf_counter()
        build_big(saves)
        print(f"built a {BIG_ROLLS:,}-roll, {BIG_CHARACTERS}-character campaign in "
              f"{time.perf_counter() - began:.1f} s; {rounds} rounds")  # fmt: skip
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor",
               "GMDASH_CONFIG": str(Path(tmp) / "config.toml"),
               "GMDASH_SAVES": str(saves)}  # fmt: skip
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: from bytecode
        env.pop("TEXTUAL", None)  # no devtools
        compile_bytecode(env)
        print(f"Python {sys.version.split()[0]}, bytecode compiled")
        floor = Samples()
        runs = {"demo campaign": Samples(), "100,000 rolls": Samples()}
        kinds = ["floor", *runs]
        campaigns = {"demo campaign": DEMO_NAME, "100,000 rolls": BIG}
        for round_ in range(rounds + 1):  # round 0 warms the caches and bytecode, not counted
            order = kinds if round_ % 2 else list(reversed(kinds))
            for kind in order:
                if kind == "floor":
                    run_floor(env, floor if round_ else Samples())
                else:
                    run_gmdash(env, saves, campaigns[kind], runs[kind] if round_ else Samples())
        ok = report_start(floor, runs)
        ok &= report_dialogs(floor, runs)
        ok &= report_quit(floor, runs)
        result, row = asyncio.run(roll_frames(saves))
        same = result == row
        ok &= same
        print(f"\na roll's log row: frame {row} after the key, its result frame {result}: "
              f"{'the same frame' if same else 'not the same frame'}: {verdict(same)}")  # fmt: skip
        print(f"\nevery target met: {verdict(ok)}")


if __name__ == "__main__":
    main()
