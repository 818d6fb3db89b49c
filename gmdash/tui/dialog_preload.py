"""The dialogs' modules imported in the background once the dashboard is on screen.

Start-up imports no dialog (the first frame does not need one); the first dialog opened would
then pay its import between its key and its frame. So once the first
frame is drawn, a background thread imports them all, while the game master reads the screen.
A dialog opened before its module is loaded imports it itself (Python's import lock makes the
two wait for each other, never import twice).
"""

from __future__ import annotations

import importlib
import threading

import gmdash.tui.dialogs

OTHER_MODULES = ("gmdash.tui.help",)


def dialog_modules() -> list[str]:
    """Every module of `gmdash.tui.dialogs`, and the other screens' modules."""
    import pkgutil  # once the dashboard shows: not among the imports before its first frame

    package = gmdash.tui.dialogs
    found = pkgutil.iter_modules(package.__path__, prefix=f"{package.__name__}.")
    return sorted(module.name for module in found) + list(OTHER_MODULES)


def import_all(names: list[str]) -> None:
    """Import the modules named; one that fails is left for its dialog to report as it opens."""
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # opening that dialog reports it, as it would have
            continue


def preload_dialogs() -> threading.Thread:
    """Start importing every dialog's module in a daemon thread; returns the thread."""
    thread = threading.Thread(target=import_all, args=(dialog_modules(),),
                              name="gmdash-preload", daemon=True)  # fmt: skip
    thread.start()
    return thread
