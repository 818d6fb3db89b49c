"""The one error type the CLI reports: a clear line on stderr and exit status 2."""

from __future__ import annotations

EXIT_USAGE = 2


class CliError(Exception):
    """A problem the user can fix; its message is printed as is, without a traceback."""
