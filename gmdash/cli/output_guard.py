"""How a command ends when its output cannot be written: as Unix tools do, and honestly.

A command's stdout is guarded while it runs (`guarded_stdout`): a write or flush that fails
(the reader of a pipe went away, `gmdash log | head -1`; a full disk, `gmdash log > file`)
raises `OutputFailed`, which is not an OSError, so that it is never mistaken for a failure of
the saves (`store_errors` turns those into "not saved"). `ended_by` then decides:

- a closed pipe ends the command quietly, exit status 0: the reader had what it wanted;
- any other failure after a change was committed is a warning and exit status 0: the change
  is saved, only its report was lost (a game master told otherwise would make it again);
- otherwise it is one clear line and exit status 2 (the output is incomplete).

Either way the stream is pointed at the null device, so that the interpreter's own last flush
of what stayed buffered does not print a traceback after us.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any, TextIO

from gmdash.safe_text import visible

EXIT_OK = 0
EXIT_FAILED = 2


class OutputFailed(Exception):
    """Writing the command's output failed; `error` says how."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error

    @property
    def broken_pipe(self) -> bool:
        return isinstance(self.error, BrokenPipeError) or self.error.errno == errno.EPIPE


class GuardedStream:
    """A text stream whose write and flush failures are `OutputFailed`; the rest is the
    stream's own (`isatty`, `encoding`, `fileno`...)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            raise OutputFailed(error) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            raise OutputFailed(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """Guard `sys.stdout` while the block runs (and flush it before the block ends)."""
    original = sys.stdout
    sys.stdout = GuardedStream(original)
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout = original


def ended_by(failure: OutputFailed, *, committed: bool) -> int:
    """The exit status of a command whose output failed (see the module's text); what to say
    is said on stderr."""
    _silence(sys.stdout)
    if failure.broken_pipe:
        return EXIT_OK
    if committed:
        warn(f"the change is saved, but what it printed could not be written ({failure})")
        return EXIT_OK
    say(f"gmdash: cannot write the output: {failure}")
    return EXIT_FAILED


def warn(text: str) -> None:
    """A warning on stderr (one line: what failed, and that what was saved is saved)."""
    say(f"gmdash: warning: {text}")


def say(line: str) -> None:
    """`line` on stderr, shown safely; a stderr that cannot be written is let be."""
    with suppress(OSError, ValueError):
        print(visible(line), file=sys.stderr, flush=True)


def _silence(stream: TextIO) -> None:
    """Point `stream`'s descriptor at the null device (what is still buffered goes nowhere)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test's capture): nothing flushes it at exit
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)
