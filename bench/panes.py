"""The dashboard's first frame, in the process: the big campaign beside the demo.

Run: `python bench/panes.py` (the venv's python). It builds (once, in a temporary folder) the
demo and the campaign `bench/latency.py` starts on (100,000 rolls, 200 characters, an open
session of 330 rolls), then, round by round and in turn, times from the app's creation to its
first frame on a headless 160x50 screen (Textual's own test driver; the imports and the opening
of the campaign are not counted: those are the lead's, and `bench/latency.py` measures the whole
process). The aim: the big campaign's first frame costs about the demo's, that is the panes'
work at start-up follows what is on screen, not the number of rows.

`--profile big` (or `demo`) prints a cProfile of one more start-up instead of timing rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import importlib.util
import pstats
import statistics
import tempfile
import time
from pathlib import Path

from gmdash.play.campaign import CampaignService, create_demo
from gmdash.play.demo import DEMO_NAME
from gmdash.rules import SeededRng
from gmdash.tui.app import GmDashApp

ROOT = Path(__file__).resolve().parents[1]
SIZE = (160, 50)
ROUNDS = 9
TARGET = 1.2
"""The big campaign's first frame within this much of the demo's."""
BIG = "bench 100000"


def build_big(saves: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_store", ROOT / "bench" / "store.py")
    assert spec is not None and spec.loader is not None
    store_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(store_bench)
    store_bench.build(saves, BIG, 100_000, 330, characters=200)


async def first_frame(saves: Path, name: str, profile: cProfile.Profile | None = None) -> float:
    """Seconds from the app's creation to its first frame of the dashboard (`profile`: run
    over that time)."""
    service = CampaignService.open(saves, name, remember=False)
    try:
        drawn: list[float] = []
        if profile is not None:
            profile.enable()
        began = time.perf_counter()
        app = GmDashApp(service, rng=SeededRng(1))
        display = app._display

        def _display(screen: object, renderable: object) -> None:
            display(screen, renderable)  # type: ignore[arg-type]
            if renderable is not None and not drawn and screen is app.screen_stack[0]:
                drawn.append(time.perf_counter())
                if profile is not None:
                    profile.disable()

        app._display = _display  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            while not drawn:
                await pilot.pause()
    finally:
        service.close()
    return drawn[0] - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--profile", choices=("demo", "big"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        create_demo(saves).close()
        build_big(saves)
        names = {"demo": DEMO_NAME, "big": BIG}
        asyncio.run(first_frame(saves, DEMO_NAME))  # warm: the imports, the first CSS parse
        if args.profile:
            profile = cProfile.Profile()
            asyncio.run(first_frame(saves, names[args.profile], profile))
            pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
            return
        times: dict[str, list[float]] = {"demo": [], "big": []}
        ratios = []
        for round_number in range(args.rounds):
            order = ("demo", "big") if round_number % 2 == 0 else ("big", "demo")
            for which in order:
                times[which].append(asyncio.run(first_frame(saves, names[which])))
            ratios.append(times["big"][-1] / times["demo"][-1])
    demo, big = (statistics.median(times[which]) for which in ("demo", "big"))
    ratio = statistics.median(ratios)
    print(
        f"first frame, from the app's creation ({args.rounds} rounds, medians, {SIZE[0]}x{SIZE[1]})"
    )
    print(f"  demo                          {demo * 1e3:7.1f} ms")
    print(f"  100,000 rolls, 200 characters {big * 1e3:7.1f} ms")
    verdict = "ok" if ratio <= TARGET else "OVER"
    print(f"  big / demo                    {ratio:7.2f}x  "
          f"(spread {min(ratios):.2f}-{max(ratios):.2f}; target {TARGET}x: {verdict})")  # fmt: skip


if __name__ == "__main__":
    main()
