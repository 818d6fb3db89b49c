"""Where gmdash keeps things, and the shell around it: `config`, `saves`, `completion`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gmdash.cli.errors import CliError

SHELLS = ("bash", "zsh", "fish")


def register(subparsers: Any) -> None:
    """Add the config, saves and completion commands."""
    config = subparsers.add_parser("config", help="the settings file: where it is, what it says")
    config_sub = config.add_subparsers(title="config commands", metavar="ACTION", required=True)
    config_sub.add_parser("path", help="print where the config file is").set_defaults(
        handler=config_path_command
    )
    config_sub.add_parser(
        "check", help="the settings in use and every problem of the file (status 1 if any)"
    ).set_defaults(handler=config_check)
    config_sub.add_parser(
        "keys", help="the key map with the config's keys in place, and each binding's id"
    ).set_defaults(handler=config_keys)

    saves = subparsers.add_parser("saves", help="where the campaigns are saved; move them")
    saves_sub = saves.add_subparsers(title="saves commands", metavar="ACTION", required=True)
    saves_sub.add_parser("where", help="print the saves folder in use and why").set_defaults(
        handler=saves_where
    )
    move = saves_sub.add_parser("move", help="move every campaign of FROM into the saves folder")
    move.add_argument("source", metavar="FROM", type=Path, help="a saves folder (such as ./saves)")
    move.set_defaults(handler=saves_move)

    completion = subparsers.add_parser(
        "completion", help="print a shell completion script (docs/cli.md says how to install it)"
    )
    completion.add_argument("shell", choices=SHELLS)
    completion.set_defaults(handler=print_completion)


# --- config ----------------------------------------------------------------------------------


def config_path_command(args: argparse.Namespace) -> int:
    """`gmdash config path`."""
    from gmdash.config import config_path

    print(config_path())
    return 0


def config_check(args: argparse.Namespace) -> int:
    """`gmdash config check`: what is in use, where it comes from, what is wrong."""
    from textual.theme import BUILTIN_THEMES

    from gmdash.tui.keymap import configured_keys

    config = args.config  # its problems are already on stderr
    problems = list(config.problems)
    if config.theme is not None and config.theme not in BUILTIN_THEMES:
        problems.append(config.problem("theme", f"there is no theme {config.theme!r}",
                                       "textual-dark is used"))  # fmt: skip
        print(f"gmdash: {problems[-1]}", file=sys.stderr)
    keys = configured_keys(config)
    for problem in keys.problems:
        print(f"gmdash: {problem}", file=sys.stderr)
    problems += keys.problems
    print(f"config:  {config.path}" + ("" if config.path.is_file() else " (no file)"))
    print(f"theme:   {config.theme or 'textual-dark (default)'}")
    print(f"ruleset: {config.ruleset or 'rqg (default)'}")
    print(f"players' rolls: {config.player_rolls or 'on (default)'}")
    print(f"saves:   {args.saves_choice.path} (from {args.saves_choice.reason})")
    print(f"keys:    {len(keys.keymap)} remapped" + (" (refused)" if keys.problems else ""))
    return 1 if problems else 0


def config_keys(args: argparse.Namespace) -> int:
    """`gmdash config keys`: the key map of docs/keys.md, with the config's keys in place."""
    from gmdash.tui.keymap import configured_keys, markdown_key_map

    table = configured_keys(args.config)
    for problem in table.problems:
        print(f"gmdash: {problem}", file=sys.stderr)
    print(markdown_key_map(table))
    return 0


# --- saves -----------------------------------------------------------------------------------


def saves_where(args: argparse.Namespace) -> int:
    """`gmdash saves where`."""
    print(f"{args.saves_dir} (from {args.saves_choice.reason})")
    return 0


def saves_move(args: argparse.Namespace) -> int:
    """`gmdash saves move FROM`: FROM's campaigns into the saves folder in use."""
    from gmdash.store.moving import move_campaigns
    from gmdash.store.paths import campaign_slugs

    source = args.source.expanduser().absolute()
    target = args.saves_choice.path
    if not campaign_slugs(source):
        raise CliError(f"{source} holds no campaign")
    if source == target or (target.exists() and source.samefile(target)):
        raise CliError(f"{source} is already the saves folder in use")
    try:
        report = move_campaigns(source, target)
    except OSError as error:
        raise CliError(f"cannot move the campaigns: {error}") from None
    for slug in report.moved:
        print(f"moved {slug} to {target / slug}")
    for slug, why in report.skipped:
        print(f"gmdash: {slug} not moved: {why}", file=sys.stderr)
    return 1 if report.skipped else 0


# --- completion ------------------------------------------------------------------------------


def print_completion(args: argparse.Namespace) -> int:
    """`gmdash completion bash|zsh|fish`: a script made from the parser itself."""
    from gmdash.cli.completion import script
    from gmdash.cli.parser import build_parser

    sys.stdout.write(script(build_parser(), args.shell))
    return 0
