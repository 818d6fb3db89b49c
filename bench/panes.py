"""The dashboard's first frame, in the process: the big campaign beside the demo.

Run: `python bench/panes.py` (the venv's python). It builds (once, in a temporary folder) the
demo, a campaign that just fills the screen (an open session of 40 rolls, 20 characters) and
the campaign `bench/latency.py` starts on (100,000 rolls, 200 characters, an open session of
330 rolls), then, round by round and in turn, times from the app's creation to its first frame
on a headless 160x50 screen (Textual's own test driver; the imports and the opening of the
campaign are not counted: `bench/latency.py` measures the whole process).

The aim: the panes' work at start-up follows what is on screen, not the number of rows, so the
big campaign's first frame costs what the screenful's does (the target). The demo, between
sessions, draws no log row and 8 of the roster's: beside it, the big campaign's ratio is the
cost of a full screen of rows.

`--profile big` (or `demo`, `screenful`) prints a cProfile of one more start-up instead of
timing rounds.
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
"""The big campaign's first frame within this much of the screenful's."""
BIG = "bench 100000"
SCREENFUL = "bench screenful"
CAMPAIGNS = {"demo": DEMO_NAME, "screenful": SCREENFUL, "big": BIG}
LABELS = {
    "demo": "demo (between sessions: no log row, 8 sheets)",
    "screenful": "a screenful (a session of 40 rolls, 20 sheets)",
    "big": "100,000 rolls, a session of 330, 200 sheets",
}


def build_campaigns(saves: Path) -> None:
    """The big campaign and the screenful, written as `bench/latency.py` writes its own."""
    spec = importlib.util.spec_from_file_location("bench_store", ROOT / "bench" / "store.py")
    assert spec is not None and spec.loader is not None
    store_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(store_bench)
    store_bench.build(saves, BIG, 100_000, 330, characters=200)
    store_bench.build(saves, SCREENFUL, 0, 40, characters=20)


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

        def post_display_hook() -> None:  # a frame was drawn (headless: not written)
            if not drawn and app.screen is app.screen_stack[0]:
                drawn.append(time.perf_counter())
                if profile is not None:
                    profile.disable()

        app.post_display_hook = post_display_hook  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            while not drawn:
                await pilot.pause()
    finally:
        service.close()
    return drawn[0] - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--profile", choices=CAMPAIGNS)
    args = parser.parse_args()
    times: dict[str, list[float]] = {which: [] for which in CAMPAIGNS}
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        create_demo(saves).close()
        build_campaigns(saves)
        asyncio.run(first_frame(saves, DEMO_NAME))  # warm: the imports, the first CSS parse
        if args.profile:
            profile = cProfile.Profile()
            asyncio.run(first_frame(saves, CAMPAIGNS[args.profile], profile))
            pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
            return
        for round_number in range(args.rounds):
            order = list(CAMPAIGNS)[round_number % 3 :] + list(CAMPAIGNS)[: round_number % 3]
            for which in order:  # the order turns round by round: a slow spell weighs on all
                times[which].append(asyncio.run(first_frame(saves, CAMPAIGNS[which])))
    print(f"first frame, from the app's creation ({args.rounds} rounds, medians, "
          f"{SIZE[0]}x{SIZE[1]})")  # fmt: skip
    for which, label in LABELS.items():
        print(f"  {label:47} {statistics.median(times[which]) * 1e3:7.1f} ms")
    for mine, theirs, target in (("big", "screenful", TARGET), ("big", "demo", None)):
        ratios = [a / b for a, b in zip(times[mine], times[theirs], strict=True)]
        ratio = statistics.median(ratios)
        verdict = "" if target is None else (" ok" if ratio <= target else " OVER")
        aim = f"; target {target}x:{verdict}" if target is not None else ""
        print(f"  {mine} / {theirs:12} {ratio:5.2f}x (spread {min(ratios):.2f}-{max(ratios):.2f}"
              f"{aim})")  # fmt: skip


if __name__ == "__main__":
    main()
