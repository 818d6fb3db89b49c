"""The process `bench/latency.py` and `bench/many_writers.py` start and time: gmdash, or a
floor, with its frames told.

Run by the benches only: `python bench/frame_probe.py FD floor`, `python bench/frame_probe.py
FD floor-panes LINES_A_SECOND` or `python bench/frame_probe.py FD gmdash --saves DIR --campaign
NAME`. Each runs on the terminal
the bench gives them (a pseudo-terminal), through Textual's own driver. Each frame that shows a
screen for the first time since another was shown is written to file descriptor FD as
`frame KIND MONOTONIC CPU` (KIND: `main` for the app's first screen, else the screen's class;
CPU: the process's CPU time so far), so the bench reads when the first full frame was written
and when a dialog's first frame was.

The only thing added to either app is that report, hooked the same way into both (the driver
Textual writes every frame through), as `textual.app` is imported by the program itself: the
probe imports nothing of Textual or gmdash, so each starts as it would alone. The floor imports
only what a one-`Static` app needs, and gmdash runs as its console script does (it turns the
garbage collector off before it imports Textual; had the probe imported `textual.app` first,
gmdash would start with Textual loaded, which a user's start never does). The imports are part
of what is timed.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

EXIT_AT_FIRST_FRAME = "GMDASH_PROBE_EXIT_AT_FIRST_FRAME"
"""Set (by `bench/instructions.py`): the process ends as soon as its first full frame is out."""
EVERY_WRITE = "GMDASH_PROBE_EVERY_WRITE"
"""Set (by `bench/many_writers.py`): every write to the terminal is also reported, as
`write MONOTONIC FOCUSED` (FOCUSED: the id of the widget with the focus as it was drawn, `-`
for none), so the bench reads when a key's focus change first reached the terminal."""


LINES = 50
"""The floor's lines kept on screen (a screenful of the 160x50 terminal)."""

FRAME_SIZE = 256
"""Characters in one write to the terminal from which it is a frame: a frame is written in one
piece, and the other writes (modes, the cursor, a title) are a few dozen characters."""


def report_frames(app_class: Any, report: int) -> None:
    """Report the first frame of every screen shown (the first screen is `main`), through
    Textual's public API alone: the app picks its driver (`App.get_driver_class`, as it is
    made) and the driver writes each frame (`Driver.write`), once it is drawn."""
    get_driver_class = app_class.get_driver_class

    def reporting_driver_class(app: Any) -> Any:
        driver_class = get_driver_class(app)
        shown: list[object] = [None]
        every_write = bool(os.environ.get(EVERY_WRITE))

        class ReportingDriver(driver_class):  # type: ignore[misc,valid-type]
            def write(self, data: str) -> None:
                super().write(data)
                if every_write and app.screen_stack:
                    focused = getattr(app.focused, "id", None) or "-"
                    os.write(report, f"write {time.monotonic():.6f} {focused}\n".encode())
                if len(data) < FRAME_SIZE or not app.screen_stack:
                    return
                screen = app.screen
                if screen is shown[0]:
                    return
                shown[0] = screen
                kind = "main" if screen is app.screen_stack[0] else type(screen).__name__
                line = f"frame {kind} {time.monotonic():.6f} {time.process_time():.6f}\n"
                os.write(report, line.encode())
                if kind == "main" and os.environ.get(EXIT_AT_FIRST_FRAME):
                    self.flush()
                    os._exit(0)  # bench/instructions.py counts the work up to here, no more

        return ReportingDriver

    app_class.get_driver_class = reporting_driver_class


class HookFrames:
    """Hooks `report_frames` into Textual's App as `textual.app` is imported, by whichever
    program imports it, when it does: the probe imports nothing itself, so each program
    starts as it would alone (gmdash prepares its imports, then imports Textual).

    A finder first on `sys.meta_path` that answers for `textual.app` alone, once, by asking
    the finders after it and running the module's own loader, then the hook."""

    def __init__(self, report: int) -> None:
        self.report = report

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)  # once: no cost to any later import
        for finder in sys.meta_path:
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            report_frames(module.App, self.report)

        loader.exec_module = exec_module
        return spec


def hook_frames(report: int) -> None:
    """Report the first frame of every screen shown, once Textual is imported."""
    sys.meta_path.insert(0, HookFrames(report))


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


def run_floor_panes(lines_per_second: float) -> None:
    """A bare Textual app with two focusable `Static`s side by side, bordered, whose border
    shows the focus; `1` and `4` focus one and the other (as gmdash's pane keys do). After `l`,
    the second shows a new line at the end of its last screenful `lines_per_second` times a
    second (as gmdash's log shows the rolls it is sent), each at a seeded random moment."""
    import random
    from collections import deque

    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.widgets import Static

    class Pane(Static, can_focus=True):
        DEFAULT_CSS = "Pane { width: 1fr; border: round gray; } Pane:focus { border: round cyan; }"

    class FloorPanes(App[None]):
        BINDINGS = [("1", "focus('one')", "One"), ("4", "focus('four')", "Four"),  # noqa: RUF012
                    ("l", "lines", "Lines")]  # fmt: skip

        def __init__(self) -> None:
            super().__init__()
            self.lines: deque[str] = deque(maxlen=LINES)
            self.pace = random.Random(1)

        def compose(self) -> ComposeResult:
            with Horizontal():
                yield Pane("one", id="one")
                yield Pane("four", id="four")

        def action_focus(self, pane: str) -> None:
            self.query_one(f"#{pane}").focus()

        def action_lines(self) -> None:
            self.next_line()

        def next_line(self) -> None:
            self.lines.append(f"line {len(self.lines)}: {self.pace.randrange(1, 101):02d} success")
            self.query_one("#four", Static).update("\n".join(self.lines))
            self.set_timer(self.pace.expovariate(lines_per_second), self.next_line)

    FloorPanes().run()


def main() -> None:
    report = int(sys.argv[1])
    hook_frames(report)
    if sys.argv[2] == "floor":
        run_floor()
        return
    if sys.argv[2] == "floor-panes":
        run_floor_panes(float(sys.argv[3]))
        return
    from gmdash.cli import console

    sys.argv = ["gmdash", *sys.argv[3:]]
    console()


if __name__ == "__main__":
    main()
