"""A CLI command beside a running dashboard: sent to it, carried out there, answered here.

The dashboard is its campaign's one writer while it runs. A command that would change that
campaign (`for_change` in `gmdash.cli.campaign_errors`) first asks the campaign's channel
(`gmdash.store.channel`): when a dashboard listens, the command's words, its folder and its
saves folder go to it as one request (`Forwarded` ends the command here), and the dashboard runs
the very same command (`run_forwarded`, given to it by `gmdash.cli` as it launches it) against
its own open campaign: its output, its messages and its exit status come back and are given
as they are. With no dashboard listening, the command opens the campaign under its lock, as it
always did.

In the dashboard's process a forwarded command's `for_change` lends it the open campaign
(`Hosted`), never closed by the command.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import (
    AbstractContextManager,
    contextmanager,
    redirect_stderr,
    redirect_stdout,
    suppress,
)
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmdash.cli.errors import CliError
from gmdash.cli.invocation import Forwarded, remember_words, words
from gmdash.cli.output import WIDTH
from gmdash.play.campaign import CampaignService
from gmdash.store import channel
from gmdash.store.lock import name_this_process, process_name
from gmdash.store.paths import campaign_folder

CLI_KIND = "cli"
EXIT_FAILED = 2
MAX_WORDS = 256


@dataclass(frozen=True)
class Hosted:
    """The dashboard's open campaign, lent to a command it runs for another process."""

    service: CampaignService
    saves_dir: Path


HOSTED: ContextVar[Hosted | None] = ContextVar("gmdash_hosted", default=None)


def hosted() -> Hosted | None:
    """The dashboard's campaign while this process runs a command for another one."""
    return HOSTED.get()


@contextmanager
def _lent(service: CampaignService) -> Iterator[CampaignService]:
    yield service  # the dashboard's: it closes it, not the command


def open_for_change(
    saves_dir: Path, name: str, *, wait: float, **options: Any
) -> AbstractContextManager[CampaignService]:
    """The campaign `name` to change: lent by the dashboard running this command, or carried
    out by a dashboard holding it (`Forwarded`), or opened under its lock as always."""
    place = hosted()
    if place is not None:
        if Path(os.path.realpath(campaign_folder(saves_dir, name))) != Path(
            os.path.realpath(place.service.store.folder)
        ):
            raise CliError(f"the dashboard holds {place.service.campaign.name!r}, not {name!r}")
        if options.get("read_only"):
            return CampaignService.open(saves_dir, name, read_only=True)
        return _lent(place.service)
    if not options.get("read_only"):
        forward(saves_dir, name)
    return CampaignService.open(saves_dir, name, remember=False, wait=wait, **options)


def forward(saves_dir: Path, name: str) -> None:
    """Send this command to the dashboard holding `name`, if one listens: `Forwarded` then
    carries what it answered; nothing happens when none listens."""
    argv = words()
    if argv is None:
        return
    from rich.console import Console

    request = {
        "kind": CLI_KIND,
        "argv": argv,
        "tty": sys.stdout.isatty(),
        "width": Console().width,  # what this command's console would be here
        "cwd": os.getcwd(),
        "saves": str(saves_dir),
        "campaign": name,
    }
    try:
        reply = channel.ask(campaign_folder(saves_dir, name), request)
    except channel.ChannelError as error:
        raise CliError(f"{error} (it may or may not have been carried out: see the log)") from None
    if reply is None:
        return
    if not reply.get("ok"):
        raise CliError(f"the dashboard refused the command: {reply.get('error', 'no reason')}")
    stdout, stderr, code = reply.get("stdout"), reply.get("stderr"), reply.get("code")
    if not isinstance(stdout, str) or not isinstance(stderr, str) or not isinstance(code, int):
        raise CliError("the dashboard's answer was not readable")
    raise Forwarded(stdout, stderr, code)


# --- the dashboard's side --------------------------------------------------------------------


def check_request(request: dict[str, Any]) -> tuple[list[str], Path, Path] | str:
    """A forwarded command's words, folder and saves folder; or why the request is refused."""
    argv, cwd, saves = request.get("argv"), request.get("cwd"), request.get("saves")
    if not isinstance(argv, list) or not all(isinstance(word, str) for word in argv):
        return "argv must be a list of words"
    if not argv or len(argv) > MAX_WORDS:
        return f"a command has 1 to {MAX_WORDS} words"
    if not isinstance(cwd, str) or not os.path.isabs(cwd):
        return "cwd must be an absolute path"
    if not isinstance(saves, str) or not os.path.isabs(saves):
        return "saves must be an absolute path"
    return argv, Path(cwd), Path(saves)


def _terminal(request: dict[str, Any]) -> tuple[bool, int | None]:
    """Whether the caller's stdout is a terminal, and its console's width (within reason)."""
    tty, width = request.get("tty"), request.get("width")
    fits = isinstance(width, int) and not isinstance(width, bool) and 10 <= width <= 1000
    return tty is True, width if fits else None


class _Output(io.StringIO):
    """A command's captured output, a terminal when the caller's was (its colours then)."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def run_forwarded(
    service: CampaignService, request: dict[str, Any], command_line: Callable[[list[str]], int]
) -> dict[str, Any]:
    """Run a command sent by another process against `service` (the dashboard's open campaign)
    with `command_line` (`gmdash.cli.main`), as `gmdash` would run it there: its stdout, stderr
    and exit status. Never raises."""
    checked = check_request(request)
    if isinstance(checked, str):
        return channel.refusal(checked)
    argv, cwd, saves = checked

    tty, width = _terminal(request)
    out, err = _Output(tty), _Output(False)
    holder = process_name()
    token = HOSTED.set(Hosted(service, saves))
    sized = WIDTH.set(width)
    stdin = sys.stdin
    try:
        here = os.getcwd()
    except OSError:
        here = None
    try:
        os.chdir(cwd)  # the command's relative paths are its caller's
    except OSError as error:
        HOSTED.reset(token)
        WIDTH.reset(sized)
        return channel.refusal(f"cannot work in {cwd}: {error.strerror or error}")
    try:
        sys.stdin = io.StringIO()  # nothing to read: no question is answered here
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = command_line(argv)
            except SystemExit as stop:  # argparse's own exits (help, a usage error)
                code = stop.code if isinstance(stop.code, int) else EXIT_FAILED
            except Exception as error:  # a command's bug: told, not the dashboard's crash
                print(f"gmdash: the dashboard could not run the command: {error}", file=err)
                code = EXIT_FAILED
    finally:
        sys.stdin = stdin
        remember_words(None)  # the dashboard's own process sends nothing on
        HOSTED.reset(token)
        WIDTH.reset(sized)
        name_this_process(holder)
        if here is not None:
            with suppress(OSError):
                os.chdir(here)
    return {"ok": True, "stdout": out.getvalue(), "stderr": err.getvalue(), "code": code}
