"""The benchmarks' frame probe leaves each program's start as it is: it imports nothing of
Textual itself, and hooks its frame report into `App` as the program imports `textual.app`."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

PROBE = Path(__file__).resolve().parents[1] / "bench" / "frame_probe.py"

SCRIPT = textwrap.dedent(
    """
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("frame_probe", sys.argv[1])
    probe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probe)
    probe.hook_frames(int(sys.argv[2]))
    print("textual" in sys.modules, any(name.startswith("gmdash") for name in sys.modules))
    driver_class = __import__("textual.app", fromlist=["App"]).App.get_driver_class
    print(driver_class.__qualname__, any(isinstance(f, probe.HookFrames) for f in sys.meta_path))
    """
)


def test_the_probe_imports_nothing_and_hooks_textual_when_it_is_imported() -> None:
    read, write = os.pipe()
    try:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(PROBE), str(write)],
            capture_output=True, text=True, pass_fds=(write,), timeout=120, check=False,
        )  # fmt: skip
    finally:
        os.close(read)
        os.close(write)
    assert done.returncode == 0, done.stderr
    imported, hooked = done.stdout.splitlines()
    assert imported == "False False"  # neither Textual nor gmdash before the program asks
    # the report wraps the app's driver once textual.app is in, and the finder is gone
    assert hooked == "report_frames.<locals>.reporting_driver_class False"
