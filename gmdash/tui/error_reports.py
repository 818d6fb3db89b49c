"""No traceback ever reaches the game master: actions report errors as notifications."""

from __future__ import annotations

import errno
import functools
import logging
import os
import stat
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from textual.dom import DOMNode

from gmdash.model.errors import ValidationError
from gmdash.model.wording import error_words
from gmdash.rules import DiceError
from gmdash.store.errors import StoreError

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger("gmdash.tui")

EXPECTED: tuple[type[Exception], ...] = (ValidationError, DiceError, StoreError, ValueError)


def report(node: DOMNode, error: Exception) -> None:
    """Show an error to the user: expected ones plainly, others with their type."""
    if isinstance(error, ValidationError):
        message = error_words(error)  # the field in words, never a stored key or an id
    elif isinstance(error, EXPECTED):
        message = str(error)
    else:
        log.exception("unexpected error in the dashboard")
        message = f"Unexpected {type(error).__name__}: {error}"
    node.app.notify(message, title="Nothing changed", severity="error", timeout=8)


def guarded(method: Callable[P, R]) -> Callable[P, R | None]:
    """Wrap a widget method (sync or async) so an exception becomes a notification."""
    import inspect

    if inspect.iscoroutinefunction(method):

        @functools.wraps(method)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return await method(*args, **kwargs)
            except Exception as error:
                report(args[0], error)
                return None

        return async_wrapper  # type: ignore[return-value]

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return method(*args, **kwargs)
        except Exception as error:
            report(args[0], error)  # type: ignore[arg-type]
            return None

    return wrapper


def write_crash_report(path: Path, error: BaseException, now: datetime) -> None:
    """Append a timestamped traceback to the crash log (never shown on the table's screen)."""
    write_crash_text(path, "".join(traceback.format_exception(error)), now)


def write_crash_text(path: Path, trace: str, now: datetime) -> None:
    """Append `trace`, timestamped, to the crash log; OSError when it cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # never through a link: a campaign folder received from someone else must not make us
    # append to another file (ELOOP is an OSError, which the caller reports); never waiting on
    # a FIFO put in its place (ENXIO, or refused below)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    with os.fdopen(os.open(path, flags, 0o644), "a", encoding="utf-8") as log_file:
        if not stat.S_ISREG(os.fstat(log_file.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        log_file.write(f"--- {now.isoformat()} ---\n{trace.rstrip()}\n\n")
