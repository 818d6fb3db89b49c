"""Cost of resolving an ability roll, against a bare D100 from the same RNG.

    .venv/bin/python bench/rules.py [--rounds N] [--size N]

Each round times the same loop over the same chances twice, interleaved and in alternating
order: once drawing a bare `rng.randint(1, 100)` from a SeededRng, once calling
`gmdash.rules.resolve(chance, rng)` (the same draw, plus the level and the result object).
The ratio of the two is taken per round and the median over the rounds is reported, so that
machine noise (other processes, frequency scaling) cancels. Target: resolve costs at most 3x
the bare draw. Exits 1 on FAIL.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gmdash.rules import RuleSet, SeededRng, resolve

TARGET = 3.0


def bare(chances: list[int], rng: SeededRng) -> None:
    randint = rng.randint
    for _chance in chances:
        randint(1, 100)


def resolving(chances: list[int], rng: SeededRng) -> None:
    for chance in chances:
        resolve(chance, rng)


def resolving_brp(chances: list[int], rng: SeededRng) -> None:
    brp = RuleSet.BRP
    for chance in chances:
        resolve(chance, rng, brp)


def timed(loop: Callable[[list[int], SeededRng], None], chances: list[int], seed: int) -> float:
    rng = SeededRng(seed)
    start = time.perf_counter()
    loop(chances, rng)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--size", type=int, default=50_000, help="rolls per loop per round")
    args = parser.parse_args(argv)
    # Typical chances, 0% to well over 100%, in a fixed order.
    chances = [(i * 37) % 151 for i in range(args.size)]
    ratios: list[float] = []
    brp_ratios: list[float] = []
    bare_times: list[float] = []
    resolve_times: list[float] = []
    for loop in (bare, resolving, resolving_brp):  # warm up (caches, specialisation)
        timed(loop, chances[:5000], 0)
    gc.disable()
    try:
        for round_ in range(args.rounds):
            seed = round_
            if round_ % 2:  # alternate the order so neither side always runs first
                t_resolve = timed(resolving, chances, seed)
                t_bare = timed(bare, chances, seed)
            else:
                t_bare = timed(bare, chances, seed)
                t_resolve = timed(resolving, chances, seed)
            t_brp = timed(resolving_brp, chances, seed)
            t_bare_again = timed(bare, chances, seed)
            ratios.append(t_resolve / t_bare)
            brp_ratios.append(t_brp / t_bare_again)
            bare_times.append(t_bare)
            resolve_times.append(t_resolve)
    finally:
        gc.enable()
    ratio = statistics.median(ratios)
    per = 1e9 / args.size
    print(f"rounds: {args.rounds} x {args.size} rolls, interleaved; median of per-round ratios")
    print(f"bare rng.randint(1, 100):   {statistics.median(bare_times) * per:7.1f} ns/roll")
    print(f"rules.resolve(chance, rng): {statistics.median(resolve_times) * per:7.1f} ns/roll")
    print(f"ratio RQG: {ratio:.2f}x  (min {min(ratios):.2f}, max {max(ratios):.2f})")
    print(f"ratio BRP: {statistics.median(brp_ratios):.2f}x")
    verdict = "PASS" if ratio <= TARGET else "FAIL"
    print(f"{verdict}: resolve costs {ratio:.2f}x a bare D100 (target <= {TARGET:.0f}x)")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
