"""Dashboard benchmark: start-up to the first full frame, and a roll key to its log row.

Run: `python bench/app.py`. Start-up is measured for the demo campaign and for a campaign of
100,000 rolls (304 past sessions), each as a ratio to a minimal Textual app (a header, a line of
text, a footer) started in the same run, rounds interleaved so machine noise cancels (target:
1.5x or less). Then the time from the resistance pane's roll key (enter) to the new row in the
roll log, next to a bare key press that changes nothing.
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp
from gmdash.tui.launch import prepare
from gmdash.tui.panes.log import LogPane

ROOT = Path(__file__).resolve().parents[1]
SIZE = (160, 50)
ROUNDS = 15
TARGET = 1.5
BIG = "bench 100000"


class MinimalApp(App[None]):
    """The baseline: the least a Textual app draws."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("hello")
        yield Footer()


Made = tuple[App[object], Callable[[], None]]


async def first_frame(make: Callable[[], Made]) -> float:
    """Seconds from nothing to the first full frame (headless, fixed size)."""
    # Each start-up begins from the heap a new process has when `gmdash` builds its app: no
    # garbage (else that of the app measured before, the 100,000-roll one above all, would be
    # collected during this one) and what is loaded frozen, as `prepare` does at launch (an
    # app closed before has unfrozen it). The same for all three apps.
    gc.collect()
    prepare()
    began = time.perf_counter()
    app, close = make()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            elapsed = time.perf_counter() - began
    finally:
        close()
    return elapsed


def minimal() -> Made:
    return MinimalApp(), lambda: None


def dashboard(saves: Path, name: str) -> Callable[[], Made]:
    """Open the campaign and build the app: both count in the start-up."""

    def make() -> Made:
        service = CampaignService.open(saves, name, remember=False)
        return GmDashApp(service, rng=SeededRng(1)), service.close

    return make


async def roll_to_row(saves: Path) -> tuple[float, float]:
    """Median seconds from the roll key to the new log row, and for a key that does nothing."""
    service = CampaignService.open(saves, DEMO_NAME, remember=False)
    try:
        app = GmDashApp(service, rng=SeededRng(1))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("3")
            table = app.query_one(LogPane).table
            rolls: list[float] = []
            idle: list[float] = []
            for _ in range(30):
                before = table.row_count
                began = time.perf_counter()
                await pilot.press("enter")
                while table.row_count == before:
                    await pilot.pause()
                rolls.append(time.perf_counter() - began)
                began = time.perf_counter()
                await pilot.press("f12")  # bound to nothing: the cost of a key press alone
                await pilot.pause()
                idle.append(time.perf_counter() - began)
    finally:
        service.close()
    return statistics.median(rolls), statistics.median(idle)


def build_big(saves: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_store", ROOT / "bench" / "store.py")
    assert spec is not None and spec.loader is not None
    store_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(store_bench)
    store_bench.build(saves, BIG, 100_000)


async def main() -> None:
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-app-") as tmp:
        saves = Path(tmp)
        create_demo(saves).close()
        began = time.perf_counter()
        build_big(saves)
        print(f"built a 100,000-roll campaign in {time.perf_counter() - began:.1f} s")
        await first_frame(minimal)  # warm imports and caches before measuring anything
        await first_frame(dashboard(saves, DEMO_NAME))
        makers = {
            "minimal": minimal,
            "demo": dashboard(saves, DEMO_NAME),
            "100k": dashboard(saves, BIG),
        }
        samples: dict[str, list[float]] = {key: [] for key in makers}
        ratios: dict[str, list[float]] = {"demo": [], "100k": []}
        for round_ in range(ROUNDS):
            # A round measures the three side by side, in turn forwards and backwards so that
            # no app always follows the same one; its ratios are taken within the round, so a
            # slow spell of the machine (they last seconds here) weighs on both sides of one.
            order = list(makers) if round_ % 2 == 0 else list(reversed(makers))
            took = {key: await first_frame(makers[key]) for key in order}
            for key in makers:
                samples[key].append(took[key])
            for key in ratios:
                ratios[key].append(took[key] / took["minimal"])
        base = statistics.median(samples["minimal"])
        print(f"\nstart-up to the first full frame ({SIZE[0]}x{SIZE[1]}, {ROUNDS} rounds):")
        print(f"  minimal Textual app:     {base * 1e3:7.1f} ms  (baseline, median)")
        verdicts = []
        for key, label in (("demo", "demo campaign"), ("100k", "100,000-roll campaign")):
            value = statistics.median(samples[key])
            ratio = statistics.median(ratios[key])
            verdicts.append(ratio <= TARGET)
            print(f"  gmdash, {label + ':':<23}{value * 1e3:7.1f} ms  {ratio:.2f}x"
                  f"  (median of the rounds' ratios; from {min(ratios[key]):.2f}x"
                  f" to {max(ratios[key]):.2f}x)")  # fmt: skip
        print(f"  target {TARGET}x or less: {'PASS' if all(verdicts) else 'FAIL'}")
        roll, idle = await roll_to_row(saves)
        print("\nroll key (resistance pane, enter) to the new log row (median of 30):")
        print(f"  roll to row: {roll * 1e3:6.1f} ms; a key that does nothing: {idle * 1e3:6.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
