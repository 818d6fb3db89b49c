"""The process `bench/latency.py` starts and times: gmdash, or the floor, with its frames told.

Run by the bench only: `python bench/frame_probe.py FD floor` or
`python bench/frame_probe.py FD gmdash --saves DIR --campaign NAME`. Both run on the terminal
the bench gives them (a pseudo-terminal), through Textual's own driver. Each frame that shows a
screen for the first time since another was shown is written to file descriptor FD as
`frame KIND MONOTONIC CPU` (KIND: `main` for the app's first screen, else the screen's class;
CPU: the process's CPU time so far), so the bench reads when the first full frame was written
and when a dialog's first frame was.

The only thing added to either app is that report, hooked the same way into both (the method
Textual writes every frame through); the floor imports only what a one-`Static` app needs, and
gmdash runs as its console script does. Nothing here imports anything before it is needed: the
imports are part of what is timed.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

EXIT_AT_FIRST_FRAME = "GMDASH_PROBE_EXIT_AT_FIRST_FRAME"
"""Set (by `bench/instructions.py`): the process ends as soon as its first full frame is out."""


def hook_frames(report: int) -> None:
    """Report the first frame of every screen shown (the first screen is `main`)."""
    from textual.app import App

    display = App._display
    shown: list[object] = [None]

    def _display(self: Any, screen: Any, renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is None or screen is shown[0]:
            return
        shown[0] = screen
        kind = "main" if screen is self.screen_stack[0] else type(screen).__name__
        line = f"frame {kind} {time.monotonic():.6f} {time.process_time():.6f}\n"
        os.write(report, line.encode())
        if kind == "main" and os.environ.get(EXIT_AT_FIRST_FRAME):
            os._exit(0)  # bench/instructions.py counts the work up to here, no more

    App._display = _display  # type: ignore[method-assign]


def run_floor() -> None:
    """A bare Textual app with one `Static`; `d` pushes a modal with one `Static`."""
    from textual.app import App, ComposeResult
    from textual.screen import ModalScreen
    from textual.widgets import Static

    class OneWidgetModal(ModalScreen[None]):
        BINDINGS = [("escape", "dismiss", "Close")]  # noqa: RUF012 (Textual reads it)

        def compose(self) -> ComposeResult:
            yield Static("a dialog")

    class Floor(App[None]):
        BINDINGS = [("d", "dialog", "Dialog")]  # noqa: RUF012

        def compose(self) -> ComposeResult:
            yield Static("hello")

        def action_dialog(self) -> None:
            self.push_screen(OneWidgetModal())

    Floor().run()


def main() -> None:
    report = int(sys.argv[1])
    hook_frames(report)
    if sys.argv[2] == "floor":
        run_floor()
        return
    from gmdash.cli import console

    sys.argv = ["gmdash", *sys.argv[3:]]
    console()


if __name__ == "__main__":
    main()
