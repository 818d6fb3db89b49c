"""Open a campaign and run the dashboard on it; every failure is one clear line, never a trace.

A campaign whose files cannot be read is offered recovery at launch (when a person is at the
terminal): the damaged file is moved aside, kept, and what can be trusted is opened; the
dashboard then shows what was kept and lost. Without a terminal the refusal names the command
that does the same (`gmdash campaign recover NAME`).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from gmdash.config import Config
from gmdash.model.errors import ValidationError
from gmdash.play.campaign import CampaignService
from gmdash.safe_text import visible
from gmdash.store.errors import CorruptSaveError, StoreError
from gmdash.store.lock import DEFAULT_WAIT, name_this_process
from gmdash.store.paths import SESSIONS_DIR

if TYPE_CHECKING:
    from gmdash.tui.channel_host import CommandRunner

EXIT_REFUSED = 2
EXIT_CRASHED = 1
CRASH_LOG = "crash.log"
Ask = Callable[[str], bool]


def open_for_dashboard(
    saves_dir: Path, campaign: str | None, wait: float | None = None
) -> CampaignService:
    """The named campaign, else the last one, else the demo (created on first start); a CLI
    command writing it meanwhile is waited for (`wait` seconds at most, None: the default)."""
    name_this_process("the dashboard")
    wait = DEFAULT_WAIT if wait is None else wait
    if campaign:
        return CampaignService.open(saves_dir, campaign, wait=wait)
    return CampaignService.open_last(saves_dir, wait=wait)


def prepare() -> None:
    """Move everything loaded so far (modules, classes, the campaign) out of the garbage
    collector's reach: building the app allocates enough to trigger full collections, which
    would otherwise walk every imported object again and delay the first frame. Collection,
    held off while they were loaded (`gmdash.cli`), is back on from here."""
    gc.freeze()
    gc.enable()


def close_without_collection(service: CampaignService) -> None:
    """Close the campaign with the garbage collector held off: the snapshot it reads back (to write
    it only if it changed) is tens of thousands of new objects, which set off full collections of
    the whole dashboard's heap, slowing the quit on a big campaign; the process ends right after
    (`gmdash.cli.console`)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        service.close()
    finally:
        if collecting:
            gc.enable()


def ask_at_terminal(question: str) -> bool:
    """Ask a yes/no question on the terminal (no means no, and so does end of input); the
    terminal echoes and edits the line as usual (see `run_dashboard`'s `before_prompt`)."""
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:
        return False
    return answer.strip().casefold() in {"y", "yes"}


def _asking_at_terminal(before_prompt: Callable[[], None] | None) -> Ask:
    def ask(question: str) -> bool:
        if before_prompt is not None:
            before_prompt()
        return ask_at_terminal(question)

    return ask


def campaign_of(error: CorruptSaveError) -> Path:
    """The campaign folder of a damaged save file."""
    folder = error.path.parent
    return folder.parent if folder.name == SESSIONS_DIR else folder


def offer_recovery(
    saves_dir: Path, error: CorruptSaveError, ask: Ask | None
) -> tuple[CampaignService, list[str]] | None:
    """Recover the damaged campaign if the game master agrees; None when refused."""
    slug = campaign_of(error).name
    if ask is None:
        print(visible(f"gmdash: {error} (to open what can be recovered: "
                      f"gmdash campaign recover {slug})"), file=sys.stderr)  # fmt: skip
        return None
    print(visible(f"gmdash: {error}"), file=sys.stderr)
    if not ask("Move the damaged file aside (it is kept) and open what can be recovered?"):
        return None
    from gmdash.play.recovery import recover  # only for a damaged campaign

    service, done = recover(saves_dir, slug, datetime.now(UTC))
    notes = [f"Recovered: {item}" for item in done]
    for note in notes:
        print(visible(note), file=sys.stderr)
    return service, notes


def run_dashboard(
    saves_dir: Path,
    campaign: str | None,
    *,
    ask: Ask | None = None,
    config: Config | None = None,
    notes: Sequence[str] = (),
    before_prompt: Callable[[], None] | None = None,
    wait: float | None = None,
    commands: CommandRunner | None = None,
) -> int:
    """Run the app until the game master quits; returns the exit status.

    `ask` answers the recovery offer (default: the terminal, when there is one, given back
    first by `before_prompt`: the command took its keys for the dashboard as it started, see
    `gmdash.cli.early_keys`). `notes` (a bad config, campaigns left in ./saves) and what a
    recovery did are shown in the dashboard, and printed again once it closes so that they are
    not lost with the screen. `commands` runs the CLI commands sent to the dashboard by other
    processes (`gmdash.tui.channel_host`)."""
    if ask is None and sys.stdin.isatty() and sys.stderr.isatty():
        ask = _asking_at_terminal(before_prompt)
    told = list(notes)
    try:
        try:
            service = open_for_dashboard(saves_dir, campaign, wait)
        except CorruptSaveError as error:
            recovered = offer_recovery(saves_dir, error, ask)
            if recovered is None:
                return EXIT_REFUSED
            service, recovered_notes = recovered
            told += recovered_notes
    except (StoreError, ValidationError, OSError) as error:
        print(visible(f"gmdash: {error}"), file=sys.stderr)  # the error may quote a name
        return EXIT_REFUSED
    from gmdash.tui.app import GmDashApp  # Textual only now that there is a campaign to show

    service.compact_on_close()
    prepare()
    crash_log = service.store.folder / CRASH_LOG
    try:
        app = GmDashApp(service, crash_log=crash_log, config=config, notes=told,
                        commands=commands)  # fmt: skip
        app.run()
    finally:
        close_without_collection(service)
    for note in app.notes:
        print(f"gmdash: {note}", file=sys.stderr)
    stopped = app.stopped_on()
    if stopped:
        return report_stop(crash_log, stopped)
    return 0


def report_stop(crash_log: Path, trace: str) -> int:
    """The dashboard stopped on an error none of its handlers caught: the trace goes to the
    crash log, one line to the terminal; returns the exit status."""
    from gmdash.tui.error_reports import write_crash_text

    try:
        write_crash_text(crash_log, trace, datetime.now(UTC))
        where = f" (details in {crash_log})"
    except OSError:
        where = ""
    print(visible(f"gmdash: the dashboard stopped on an unexpected error{where}; every change "
                  "made before it is saved"), file=sys.stderr)  # fmt: skip
    return EXIT_CRASHED
