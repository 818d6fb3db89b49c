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
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from terminal import COLUMNS, LINES, Probe, compile_bytecode

from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 7
START_TARGET = 1.5
DIALOG_TARGET = 0.100
QUIT_TARGET = 0.150
BIG = "bench 100000"
BIG_ROLLS = 100_000
BIG_CHARACTERS = 200
OPEN_EVENTS = 330
"""The big campaign's open session: tonight's rolls so far (a session's worth)."""

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
