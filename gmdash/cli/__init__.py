"""The `gmdash` command: no subcommand opens the dashboard; subcommands answer at once.

Start-up time is most of a subcommand's time, so only the module of the command given is
imported (`COMMAND_MODULES`), the config file is read only when a default is asked for, and the
saves folder is found only when a command touches saves. Subcommands never import Textual.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gmdash.cli.command_table import COMBAT_MODULE, COMMAND_MODULES
from gmdash.cli.errors import EXIT_USAGE, CliError
from gmdash.cli.invocation import Forwarded, remember_words
from gmdash.cli.output_guard import OutputFailed, ended_by, guarded_stdout, say, warn
from gmdash.safe_text import is_encodable, visible

if TYPE_CHECKING:
    from gmdash.config import Config
    from gmdash.play.campaign import CampaignService

GLOBAL_OPTIONS_WITH_VALUE = ("--saves", "--campaign", "--wait")
DASHBOARD_OPTIONS = ("--saves", "--campaign")
"""What the dashboard's usual start is given (anything else, --wait too, goes to argparse)."""
DEFAULT_RULESET = "rqg"


class Args:
    """Parsed arguments (argparse's namespace, or the dashboard's own reading: `dashboard_args`);
    the config and the saves folder are found when first asked for.

    `config`, `saves_choice` and `saves_dir` are read lazily; what they have to say (a bad
    config, campaigns left in `./saves`) goes to `notes`, printed on stderr unless the dashboard
    shows them itself.
    """

    def __init__(self, **kwargs: Any) -> None:
        for name, value in kwargs.items():
            setattr(self, name, value)
        self.notes: list[str] = []
        self.print_notes = True

    def __setattr__(self, name: str, value: Any) -> None:
        # Any name, as on argparse's namespace: what each command's options are called.
        super().__setattr__(name, value)

    def note(self, text: str) -> None:
        self.notes.append(text)
        if self.print_notes:
            print(f"gmdash: {text}", file=sys.stderr)

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes not set yet.
        if name == "config":
            from gmdash.config import load_config

            value: Any = load_config()
            for problem in value.problems:
                self.note(problem)
        elif name == "saves_choice":
            from gmdash.store.paths import choose_saves

            config: Config = self.config
            value = choose_saves(self.saves, config_saves=config.saves)
        elif name == "saves_dir" and (lent := _hosted_saves()) is not None:
            value = lent  # a command run by the dashboard for another process: its caller's
        elif name == "saves_dir":
            from gmdash.store.paths import stray_saves_notice

            value = self.saves_choice.path
            notice = stray_saves_notice(self.saves_choice, Path.cwd())
            if notice:
                self.note(notice)
            from gmdash.store.leftovers import clean_saves

            clean_saves(value)  # what a gmdash killed mid-write left behind
        else:
            raise AttributeError(name)
        setattr(self, name, value)
        return value


def _hosted_saves() -> Path | None:
    """The saves folder of the command the dashboard runs for another process, if it does."""
    hosting = sys.modules.get("gmdash.cli.hosting")  # imported only by the dashboard's channel
    place = None if hosting is None else hosting.hosted()
    return None if place is None else Path(place.saves_dir)


def dashboard_args(argv: Sequence[str]) -> Args | None:
    """The arguments of the dashboard's usual start, read without argparse (its import and
    parser were a few milliseconds of that start): nothing, `--saves DIR` and `--campaign NAME`
    in any order (or `--saves=DIR`), as argparse reads them. None for anything else (help, a
    subcommand, an abbreviation, a value that looks like an option...), which argparse reads."""
    values: dict[str, str | None] = dict.fromkeys(DASHBOARD_OPTIONS)
    words = iter(argv)
    for word in words:
        name, equals, value = word.partition("=")
        if name not in values:
            return None
        if not equals:
            following = next(words, None)
            if following is None or following.startswith("-"):
                return None
            value = following
        values[name] = value
    return Args(version=None, saves=values["--saves"], global_campaign=values["--campaign"])


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named in `argv` (the first word that is not a global option or its value)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in GLOBAL_OPTIONS_WITH_VALUE:
            skip = True
        elif word == "--":
            return None
        elif not word.startswith("-"):
            return word
    return None


def _protect_negative_dice(argv: list[str]) -> list[str]:
    """Let `gmdash dice -1D4` mean the expression, not an unknown option."""
    if "dice" in argv:
        index = argv.index("dice") + 1
        if index < len(argv) and argv[index].startswith("-") and argv[index][1:2].isalnum():
            # argparse reads a leading "-" as an option; a leading space keeps it positional.
            return [*argv[:index], " " + argv[index], *argv[index + 1 :]]
    return argv


def _refuse_undecodable(argv: Sequence[str]) -> None:
    """Refuse an argument that is not UTF-8 text before anything is read or stored.

    Python hands such bytes over as lone surrogates, which can be neither saved nor printed.
    """
    for position, argument in enumerate(argv, start=1):
        if not is_encodable(argument):
            raise CliError(
                f"argument {position} is not UTF-8 text: {visible(argument)} "
                "(retype it, or use the file's UTF-8 name)"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args_list = list(sys.argv[1:] if argv is None else argv)
        _refuse_undecodable(args_list)
        remember_words(args_list)  # sent as typed to a dashboard holding the campaign
        args_list = _protect_negative_dice(args_list)
        command = command_of(args_list)
        if command is not None and COMMAND_MODULES.get(command, COMBAT_MODULE) == COMBAT_MODULE:
            # Only for the combat commands (or an unknown one): their module is not light.
            from gmdash.cli.combat_commands import protect_negative_values

            args_list = protect_negative_values(args_list)
        wants_help = any(word in ("-h", "--help") for word in args_list)
        args = None if command is not None or wants_help else dashboard_args(args_list)
        if args is None:
            from gmdash.cli.parser import build_parser

            parser = build_parser(command, wants_help=wants_help)
            args = parser.parse_args(args_list, namespace=Args())
        if getattr(args, "campaign", None) is None:
            args.campaign = args.global_campaign
        args.ruleset_given = getattr(args, "ruleset", None) is not None
        if not args.ruleset_given:  # not given: the config's, or rqg
            args.ruleset = args.config.ruleset or DEFAULT_RULESET
        handler = getattr(args, "handler", None)
        args.command_label = f"gmdash {command}" if command else "the dashboard"
        args.wait = getattr(args, "wait", None)  # None: the store's own (`campaign_errors`)
        if handler is None:
            return _run_dashboard(args)
        return _run_command(handler, args)
    except CliError as error:
        message = str(error) if str(error).startswith("gmdash") else f"gmdash: {error}"
        # One line, whatever a name or a file's text inside the message holds.
        say(message)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    finally:
        _tell_warnings()


def _run_command(handler: Callable[[Args], int], args: Args) -> int:
    """Run a subcommand with its output guarded: once its change is committed, it is saved,
    whatever fails after (see `gmdash.cli.output_guard` and `gmdash.store.outcome`)."""
    committed = _commits()
    done: Forwarded | None = None
    try:
        with guarded_stdout():
            try:
                return handler(args)
            except Forwarded as answer:  # the running dashboard carried it out: its words
                done = answer
                sys.stdout.write(done.stdout)
                sys.stderr.write(done.stderr)
                return done.code
    except OutputFailed as failure:
        # What the dashboard did with status 0 is saved there, whatever fails here.
        saved = _commits() > committed or (done is not None and done.code == 0)
        return ended_by(failure, committed=saved)


def _commits() -> int:
    """The changes this process has committed so far (0 before the store is imported)."""
    outcome = sys.modules.get("gmdash.store.outcome")
    return 0 if outcome is None else int(outcome.OUTCOME.committed)


def _tell_warnings() -> None:
    """What failed after a change was saved, on stderr (see `gmdash.store.outcome`); and the
    lock's name of this process back to its plain one (`main` may run again: tests do)."""
    outcome = sys.modules.get("gmdash.store.outcome")
    if outcome is not None:
        for text in outcome.OUTCOME.take_warnings():
            warn(text)
    lock = sys.modules.get("gmdash.store.lock")
    if lock is not None:
        lock.name_this_process("gmdash")


def _run_dashboard(args: Args) -> int:
    from gmdash.cli.early_keys import take_keys

    keys = take_keys()  # keys typed while it starts wait for it, as typed
    try:
        # No collection while the dashboard's modules are imported and the campaign read:
        # nearly every object made then lives on, and the collections (a tenth of the imports'
        # time) would walk them for nothing. `gmdash.tui.launch.prepare` freezes them and turns
        # it back on.
        gc.disable()
        from gmdash.tui.launch import run_dashboard

        args.print_notes = False  # shown in the dashboard, where they can be read
        remember_words(None)  # the dashboard sends nothing on: it is the campaign's writer
        status: int = run_dashboard(args.saves_dir, args.campaign, config=args.config,
                                    notes=args.notes, before_prompt=keys.give_back,
                                    wait=args.wait, commands=run_for_dashboard)  # fmt: skip
    finally:
        keys.give_back()  # the terminal as it was before (Textual put back what it found)
        gc.enable()  # on already, unless the campaign was refused
    _ran.add(DASHBOARD)
    return status


def run_for_dashboard(service: CampaignService, request: dict[str, Any]) -> dict[str, Any]:
    """A CLI command another process sent to the running dashboard, run there by this command
    line against its open campaign (`gmdash.cli.hosting`)."""
    from gmdash.cli.hosting import run_forwarded

    return run_forwarded(service, request, main)


DASHBOARD = "dashboard"
_ran: set[str] = set()
"""What this process ran that ends it at once (`console`)."""


def console() -> NoReturn:
    """The `gmdash` command (and `python -m gmdash`): `main`, then the exit.

    After the dashboard, the process ends without the interpreter's teardown (`os._exit`, a
    public function of `os`): the campaign is closed by then (every change on disk, the lock
    released), and tearing down the heap the dashboard built, object by object, took most of a
    second of the quit. Not while a tracer, a profiler or coverage watches the process: they
    write what they saw at the interpreter's exit (`python -m cProfile -o FILE -m gmdash`)."""
    status = main()
    if DASHBOARD in _ran and not being_watched():
        if "logging" in sys.modules:  # imported by the dashboard's crash guard
            sys.modules["logging"].shutdown()
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a closed or broken pipe
                stream.flush()
        os._exit(status)
    sys.exit(status)


MONITORING_TOOLS = range(6)
"""The tool ids of `sys.monitoring` (Python 3.12+): debugger, coverage, profiler, and three
more for optimizers and others."""


def being_watched() -> bool:
    """Whether a tracer, a profiler or coverage is active in this process (they need the
    interpreter's own exit to write what they recorded)."""
    if sys.gettrace() is not None or sys.getprofile() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)  # Python 3.12+: cProfile and coverage use it
    if monitoring is not None and any(monitoring.get_tool(i) for i in MONITORING_TOOLS):
        return True
    return "coverage" in sys.modules
