"""The dialogs' modules imported, and their styles parsed, in the background once the
dashboard is on screen.

Start-up imports no dialog (the first frame does not need one); the first dialog opened would
then pay its import, tens of milliseconds between its key and its frame. So once the first
frame is drawn, a background thread imports them all, while the game master reads the screen.
A dialog opened before its module is loaded imports it itself (Python's import lock makes the
two wait for each other, never import twice).

Textual also reads a widget class's own CSS (its `DEFAULT_CSS`) the first time one of its
widgets is shown, and parses the whole stylesheet again then: every dialog, opened for the
first time, paid that (the first one of a session some 25 ms). So once the modules are in, the
app adds the CSS of every widget class the dialogs name, the way Textual adds it, on its own
loop (a stylesheet is not for threads): a few classes at a time (each batch parsed once, some
ten milliseconds), the loop and the keys running in between, all within a tenth of a second.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import threading
from collections.abc import Callable, Iterable
from types import ModuleType

from textual._context import active_app
from textual.app import App
from textual.css.types import CSSLocation
from textual.widget import Widget

import gmdash.tui.dialogs
from gmdash.tui.later import call_in

OTHER_MODULES = ("gmdash.tui.help",)

CssSource = tuple[CSSLocation, str, int, str]
"""What Textual adds to the stylesheet for a class: where from, the CSS, tie breaker, scope."""


def dialog_modules() -> list[str]:
    """Every module of `gmdash.tui.dialogs`, and the other screens' modules."""
    import pkgutil  # once the dashboard shows: not among the imports before its first frame

    package = gmdash.tui.dialogs
    found = pkgutil.iter_modules(package.__path__, prefix=f"{package.__name__}.")
    return sorted(module.name for module in found) + list(OTHER_MODULES)


def _import_all(names: list[str]) -> list[ModuleType]:
    loaded: list[ModuleType] = []
    for name in names:
        try:
            loaded.append(importlib.import_module(name))
        except Exception:  # opening that dialog reports it, as it would have
            continue
    return loaded


def _classes_named(module: ModuleType) -> list[type[Widget]]:
    return [v for v in vars(module).values() if isinstance(v, type) and issubclass(v, Widget)]


def widget_classes(modules: Iterable[ModuleType]) -> list[type[Widget]]:
    """The widget classes the modules name and, for Textual's widgets, those their own module
    names (a `Select` shows parts of its module's own): what the dialogs will show."""
    found: dict[type[Widget], None] = {}
    for module in modules:
        for cls in _classes_named(module):
            found[cls] = None
            home = sys.modules.get(cls.__module__)
            if home is not None and cls.__module__.startswith("textual.widgets."):
                found.update(dict.fromkeys(_classes_named(home)))
    return list(found)


def default_css(cls: type[Widget]) -> list[CssSource]:
    """The CSS Textual adds when a widget of `cls` is first shown, by Textual's own method
    (it reads only the class; `tests/tui/test_quick_dialogs.py` checks it against an
    instance's)."""
    unbuilt = object.__new__(cls)
    return unbuilt._get_default_css()


STEP = 0.001
"""Seconds between two batches: the app's loop (and the keys) run in between."""
BATCH = 8
"""Classes whose CSS is added, and parsed, at once."""


def add_styles(app: App[object], classes: Iterable[type[Widget]]) -> None:
    """Add the classes' CSS to the app's stylesheet as Textual would, and parse it once."""
    stylesheet = app.stylesheet
    for cls in classes:
        for read_from, css, tie_breaker, scope in default_css(cls):
            stylesheet.add_source(css, read_from=read_from, is_default_css=True,
                                  tie_breaker=tie_breaker, scope=scope)  # fmt: skip
    stylesheet.rules  # noqa: B018 (reading the rules parses what was added)


def add_styles_at_rest(app: App[object], classes: list[type[Widget]], batch: int = BATCH,
                       then: Callable[[], None] | None = None) -> None:  # fmt: skip
    """Add the classes' CSS `batch` classes at a time, `STEP` apart, on the app's loop; then
    call `then` (if given)."""
    waiting = list(classes)

    def next_batch() -> None:
        chosen = waiting[:batch]
        del waiting[:batch]
        with contextlib.suppress(Exception):  # a broken CSS: that dialog tells it as it opens
            add_styles(app, chosen)
        if waiting:
            call_in(app, STEP, next_batch)
        elif then is not None:
            then()

    next_batch()


def _preload(names: list[str], app: App[object] | None, then: Callable[[], None] | None) -> None:
    classes = widget_classes(_import_all(names))
    if app is None:
        return
    try:
        app.call_from_thread(add_styles_at_rest, app, classes, BATCH, then)
    except Exception:  # the app closed meanwhile: nothing to style
        return


def preload_dialogs(then: Callable[[], None] | None = None) -> threading.Thread:
    """Start importing every dialog's module in a daemon thread, then have the running app (if
    any) add their styles, then call `then` on its loop; returns the thread."""
    app = active_app.get(None)
    thread = threading.Thread(target=_preload, args=(dialog_modules(), app, then),
                              name="gmdash-preload", daemon=True)  # fmt: skip
    thread.start()
    return thread
