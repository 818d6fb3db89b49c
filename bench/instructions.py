"""Start-up counted in machine instructions: what the code does, without the machine's noise.

Run: `python bench/instructions.py` (the venv's python; needs `valgrind`). It starts the same
three processes as `bench/latency.py` (the floor, a bare Textual app with one `Static`, and
gmdash on the demo campaign and on a campaign of 100,000 rolls and 200 characters, each through
`bench/frame_probe.py` on a 160x50 pseudo-terminal), under Valgrind's callgrind, each ending
as soon as its first full frame is out; and prints the instructions each ran, from the
interpreter's start, and their ratios to the floor's. Before counting, the bytecode is compiled
(as `bench/latency.py` does) and gmdash and the floor run once each (started, quit), so the
counts are of warm starts alike.

The target (1.5x the floor) is `bench/latency.py`'s, of wall-clock time; on this shared machine
its medians move by 0.2 to 0.3 from one run to the next. An instruction count is the same
within a tenth of a percent from run to run, so a change's effect shows even when it is small.
It is not time: the floor's work (reading and unmarshalling modules) and gmdash's (mostly
running Python) do not take the same time per instruction.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1.5


def _latency() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_latency", ROOT / "bench" / "latency.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def count(latency: ModuleType, argv: list[str], env: dict[str, str], out: Path) -> int:
    """The instructions `frame_probe.py ARGV` runs up to its first full frame."""
    terminal = latency.Terminal()
    read, write = os.pipe()
    try:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, str(latency.PROBE), str(write), *argv],
            stdin=terminal.slave, stdout=terminal.slave, stderr=subprocess.PIPE,
            pass_fds=(write,), env={**env, "GMDASH_PROBE_EXIT_AT_FIRST_FRAME": "1"},
            start_new_session=True, timeout=600, check=False,
        )  # fmt: skip
    finally:
        os.close(read)
        os.close(write)
        terminal.close()
    found = re.search(rb"^summary: (\d+)", out.read_bytes(), re.MULTILINE) if out.exists() else None
    if done.returncode != 0 or found is None:
        sys.exit(f"{' '.join(argv)}: no count ({done.stderr.decode(errors='replace')[-500:]})")
    return int(found[1])


def main() -> None:
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind (Debian: apt install valgrind)")
    latency = _latency()
    with tempfile.TemporaryDirectory(prefix="gmdash-bench-instructions-") as tmp:
        saves = Path(tmp) / "saves"
        saves.mkdir()
        latency.create_demo(saves).close()
        latency.build_big(saves)
        config = str(Path(tmp) / "config.toml")
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor",
               "GMDASH_CONFIG": config, "GMDASH_SAVES": str(saves)}  # fmt: skip
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: from bytecode
        env.pop("TEXTUAL", None)
        campaigns = {"demo campaign": latency.DEMO_NAME, "100,000 rolls": latency.BIG}
        latency.compile_bytecode(env)
        for name in campaigns.values():  # a start and a quit: warm, as the floor is below
            latency.run_gmdash(env, saves, name, latency.Samples())
        latency.run_floor(env, latency.Samples())
        began = time.perf_counter()
        floor = count(latency, ["floor"], env, Path(tmp) / "floor.out")
        print("start-up, process start to the first full frame, in instructions "
              f"(target of bench/latency.py, in time: <= {TARGET}x the floor):")  # fmt: skip
        print(f"  {'floor (one Static):':<24}{floor / 1e9:6.3f} G")
        for label, name in campaigns.items():
            argv = ["gmdash", "--saves", str(saves), "--campaign", name]
            mine = count(latency, argv, env, Path(tmp) / f"{label}.out")
            print(f"  {'gmdash, ' + label + ':':<24}{mine / 1e9:6.3f} G  {mine / floor:.2f}x")
        print(f"(counted in {time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
