"""CLI benchmark: whole `gmdash` processes against the least a Python CLI of ours must import.

Run: `python bench/cli.py` (with the venv's python, whose `gmdash` script is measured). The floor
is `python -c 'import argparse, rich.console, json, random'`; each round starts the floor and the
three commands in turn (the order turns round by round) and takes each command's ratio to that
round's floor, so the machine's noise cancels; the median of the rounds is reported, with the
spread. The ratios are of CPU time (user + system, per child) where the platform reports it,
else of wall-clock time; both medians are printed. Target: 1.3x or less for `roll 50` and
`odds 50`. Saves and config are in a temporary folder (no config file), never the user's; gmdash
runs from bytecode, as an installed copy does.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = 21
TARGET = 1.3
FLOOR = "floor"
CAMPAIGN = "Bench Saga"


def gmdash_command() -> list[str]:
    """The installed `gmdash` script beside this python (what a game master runs)."""
    folder = Path(sys.executable).parent
    for name in ("gmdash", "gmdash.exe"):
        if (folder / name).is_file():
            return [str(folder / name)]
    sys.exit(f"no gmdash script beside {sys.executable}: pip install -e . first")


def commands() -> dict[str, list[str]]:
    gmdash = gmdash_command()
    return {
        FLOOR: [sys.executable, "-c", "import argparse, rich.console, json, random"],
        "gmdash roll 50": [*gmdash, "roll", "50"],
        "gmdash odds 50": [*gmdash, "odds", "50"],
        "gmdash roll 50 --campaign C": [*gmdash, "roll", "50", "--campaign", CAMPAIGN],
    }


def seconds(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one whole process.

    The CPU time is what the ratios use where the platform reports it per child (`os.wait4`):
    on a machine shared with other work, wall-clock time mostly measures the neighbours.
    """
    began = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL)
    if hasattr(os, "wait4"):
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
    else:
        child.wait()
        cpu = time.perf_counter() - began
    wall = time.perf_counter() - began
    if child.returncode:
        sys.exit(f"{' '.join(argv)} failed with status {child.returncode}")
    return wall, cpu


def main() -> None:
    runs = commands()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "GMDASH_SAVES": str(Path(folder) / "saves"),
               "GMDASH_CONFIG": str(Path(folder) / "config.toml")}  # fmt: skip
        # As installed, gmdash runs from bytecode: the warm-up run below writes it.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([*gmdash_command(), "campaign", "new", CAMPAIGN], env=env, check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
        names = list(runs)
        for name in names:  # warm the file cache and the bytecode once
            seconds(runs[name], env)
        walls: dict[str, list[float]] = {name: [] for name in names}
        cpus: dict[str, list[float]] = {name: [] for name in names}
        ratios: dict[str, list[float]] = {name: [] for name in names if name != FLOOR}
        for round_number in range(ROUNDS):
            shift = round_number % len(names)
            took = {name: seconds(runs[name], env) for name in names[shift:] + names[:shift]}
            for name, (wall, cpu) in took.items():
                walls[name].append(wall)
                cpus[name].append(cpu)
                if name != FLOOR:
                    ratios[name].append(cpu / took[FLOOR][1])
    kind = "CPU" if hasattr(os, "wait4") else "wall-clock"
    print(f"{ROUNDS} rounds; ratios of {kind} time, median [spread]; then median CPU / wall ms")
    print(f"floor: python -c 'import argparse, rich.console, json, random'  "
          f"{_ms(cpus[FLOOR])} / {_ms(walls[FLOOR])} ms")  # fmt: skip
    for name, found in ratios.items():
        median = statistics.median(found)
        target = f"  (target <= {TARGET}x)" if "--campaign" not in name else ""
        print(f"{name:<28} {median:.2f}x the floor [{min(found):.2f}-{max(found):.2f}]  "
              f"{_ms(cpus[name])} / {_ms(walls[name])} ms{target}")  # fmt: skip


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f}"


if __name__ == "__main__":
    main()
