"""Big-campaign benchmark: a CLI change costs the same at 100,000 rolls as on an empty campaign.

Run: `python bench/big_campaign.py` (the venv's python: its `gmdash` script is what runs).
Builds two campaigns the way `bench/store.py` does: an empty one (a session open) and one of
100,000 rolls in 304 closed sessions, 330 more in the open one and 200 characters (about 30 MB).
Then, from one run, side by side:

- `gmdash roll 50 --campaign C --result N`: the bytes it writes (the write calls' total, read
  from the process's own /proc/self/io: its output included) and its time, CPU and wall clock,
  the median of ROUNDS rounds that run the two campaigns in turn; the time as a ratio to the
  empty campaign's. Targets: under 64 KB written, 1.5x or less.
- `gmdash log --campaign C --session all --format json` on the big campaign: its CPU time
  (target: 3 s or less) and its ratio to the floor, a plain `json` load and dump of the same
  session files (each line read with json.loads, written back with json.dumps), run the same
  way.

Saves and config are in a temporary folder, never the user's; gmdash runs from bytecode, as an
installed copy does (PYTHONDONTWRITEBYTECODE is unset for the runs).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import store as store_bench  # noqa: E402  (bench/store.py: the campaign builder)
from cli import gmdash_command, seconds  # noqa: E402

ROUNDS = 15
EMPTY, BIG = "Empty Saga", "Big Saga"
BIG_ROLLS, OPEN_ROLLS, CHARACTERS = 100_000, 330, 200
WRITE_TARGET = 64 * 1024
RATIO_TARGET = 1.5
EXPORT_TARGET = 3.0
WRITTEN = """
import atexit, sys
def told():
    for line in open("/proc/self/io"):
        if line.startswith("wchar:"):
            print("wchar", line.split()[1], file=sys.stderr)
atexit.register(told)
from gmdash.cli import console
sys.argv[0] = "gmdash"
console()
"""
FLOOR = """
import json, sys
from pathlib import Path
out = sys.stdout
for path in sorted(Path(sys.argv[1]).glob("session-*.json")):
    for line in path.read_bytes().splitlines():
        out.write(json.dumps(json.loads(line), ensure_ascii=False))
"""


def build(saves: Path) -> None:
    store_bench.build(saves, EMPTY, 0, 1)
    store_bench.build(saves, BIG, BIG_ROLLS, OPEN_ROLLS, characters=CHARACTERS)


def written(argv: list[str], env: dict[str, str]) -> int:
    """Bytes `gmdash argv` writes (its write calls, output to the null device included)."""
    done = subprocess.run([sys.executable, "-c", WRITTEN, *argv], env=env, check=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
    return int(done.stderr.split("wchar", 1)[1].split()[0])


def roll(campaign: str, result: int) -> list[str]:
    return ["roll", "50", "--campaign", campaign, "--result", str(result), "--label", "Bench"]


def main() -> None:
    gmdash = gmdash_command()
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-") as folder:
        saves = Path(folder) / "saves"
        env = {**os.environ, "GMDASH_SAVES": str(saves),
               "GMDASH_CONFIG": str(Path(folder) / "config.toml")}  # fmt: skip
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        build(saves)
        size = sum(p.stat().st_size for p in (saves / "big-saga").rglob("*") if p.is_file())
        print(f"built {BIG!r}: {BIG_ROLLS + OPEN_ROLLS:,} rolls, {CHARACTERS} characters, "
              f"{size / 1e6:.0f} MB; {EMPTY!r}: a session open, nothing else")  # fmt: skip
        for name in (EMPTY, BIG):  # warm the bytecode and the file cache
            seconds([*gmdash, *roll(name, 1)], env)
        sizes = {name: written(roll(name, 2), env) for name in (EMPTY, BIG)}
        walls: dict[str, list[float]] = {EMPTY: [], BIG: []}
        cpus: dict[str, list[float]] = {EMPTY: [], BIG: []}
        ratios: list[float] = []
        for number in range(ROUNDS):
            order = (EMPTY, BIG) if number % 2 == 0 else (BIG, EMPTY)
            took = {name: seconds([*gmdash, *roll(name, number % 100 + 1)], env)
                    for name in order}  # fmt: skip
            for name, (wall, cpu) in took.items():
                walls[name].append(wall)
                cpus[name].append(cpu)
            ratios.append(took[BIG][1] / took[EMPTY][1])
        print(f"\n`gmdash roll 50 --campaign C`, {ROUNDS} rounds in turn (median CPU / wall ms):")
        for name in (EMPTY, BIG):
            print(f"  {name:>10}: {_ms(cpus[name])} / {_ms(walls[name])} ms, "
                  f"{sizes[name]:,} bytes written")  # fmt: skip
        ratio = statistics.median(ratios)
        wall_ratio = statistics.median(walls[BIG]) / statistics.median(walls[EMPTY])
        print(f"  big / empty: {ratio:.2f}x CPU [{min(ratios):.2f}-{max(ratios):.2f}], "
              f"{wall_ratio:.2f}x wall (target <= {RATIO_TARGET}x: "
              f"{_verdict(ratio <= RATIO_TARGET)}); {sizes[BIG]:,} bytes written "
              f"(target < {WRITE_TARGET:,}: {_verdict(sizes[BIG] < WRITE_TARGET)})")  # fmt: skip

        export = [*gmdash, "log", "--campaign", BIG, "--session", "all", "--format", "json"]
        floor = [sys.executable, "-c", FLOOR, str(saves / "big-saga" / "sessions")]
        exports, floors = [], []
        for number in range(3):
            runs = (export, floor) if number % 2 == 0 else (floor, export)
            took = {tuple(argv): seconds(argv, env)[1] for argv in runs}
            exports.append(took[tuple(export)])
            floors.append(took[tuple(floor)])
        cpu, base = statistics.median(exports), statistics.median(floors)
        print(f"\n`gmdash log --session all --format json` of {BIG_ROLLS + OPEN_ROLLS:,} "
              f"entries: {cpu:.2f} s CPU (target <= {EXPORT_TARGET} s: "
              f"{_verdict(cpu <= EXPORT_TARGET)}), {cpu / base:.1f}x a plain json load and "
              f"dump of the same files ({base:.2f} s)")  # fmt: skip


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f}"


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


if __name__ == "__main__":
    main()
