"""CLI commands on campaigns: `campaign new|list`, `session start|end|list`, `log`, `character`.

Writing commands take the campaign's lock (refused while the dashboard has it open); `log`,
`campaign list` and `character export` open campaigns read-only and work while the app runs.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from gmdash.cli import recover_command
from gmdash.cli.campaign_errors import campaign_name, for_change, name_holder, store_errors
from gmdash.cli.errors import CliError
from gmdash.cli.json_files import json_of, write_export
from gmdash.cli.log_stream import STREAMED_FORMATS, stream_rows, write_stream
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.formats import log_table
from gmdash.formats.character_file import (
    export_character,
    ignored_fields,
    import_payload,
)
from gmdash.formats.foundry import is_foundry_actor
from gmdash.model.character import Character
from gmdash.play import exporting, log_reading
from gmdash.play.campaign import CampaignService
from gmdash.play.importing import FOUNDRY, preview, preview_lines, read_source, save
from gmdash.rules.ruleset import OptionalRule, RuleSet
from gmdash.safe_text import visible
from gmdash.store.imports import ImportFileError, read_import_file
from gmdash.store.paths import campaign_slugs


def register(subparsers: Any) -> None:
    """Add the campaign, session, log and character commands."""
    json_flag = parent_parser()
    json_flag.add_argument("--json", action="store_true", help="print JSON")
    named = parent_parser()
    named.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(named)

    campaign = subparsers.add_parser("campaign", help="create and list campaigns")
    campaign_sub = campaign.add_subparsers(title="campaign commands", metavar="ACTION",
                                           required=True)  # fmt: skip
    new = campaign_sub.add_parser("new", parents=[json_flag], help="create a campaign")
    new.add_argument("name", metavar="NAME")
    new.add_argument(
        "--ruleset",
        choices=[r.value for r in RuleSet],
        default=argparse.SUPPRESS,
        help="rule set (default: the config's ruleset, else rqg)",
    )
    new.add_argument(
        "--optional", metavar="RULE", action="append", default=[],
        choices=[r.value for r in OptionalRule],
        help="a BRP optional rule to turn on: runes, passions or rune-points (repeat for more)",
    )  # fmt: skip
    new.set_defaults(handler=campaign_new)
    listing = campaign_sub.add_parser("list", parents=[json_flag], help="list the campaigns")
    listing.set_defaults(handler=campaign_list)
    recover_command.register(campaign_sub, json_flag)

    session = subparsers.add_parser("session", help="start or end a game session")
    session_sub = session.add_subparsers(title="session commands", metavar="ACTION",
                                         required=True)  # fmt: skip
    for action, handler in (("start", session_start), ("end", session_end)):
        sub = session_sub.add_parser(action, parents=[json_flag, named], help=f"{action} a session")
        sub.set_defaults(handler=handler)
    sub = session_sub.add_parser(
        "list", parents=[json_flag, named], help="list the sessions with their numbers"
    )
    sub.set_defaults(handler=session_list)

    log = subparsers.add_parser("log", parents=[json_flag, named], help="print a campaign's log")
    log.add_argument("--session", metavar="N|all", type=_session_choice, default=None,
                     help="a session number, 0 (changes made between sessions) or 'all' "
                          "(default: the open session, else the last one)")  # fmt: skip
    log.add_argument("--format", choices=["text", "md", "csv", "json"], default=None)
    log.add_argument("--rolls", action="store_true", help="rolls only")
    log.set_defaults(handler=show_log)

    character = subparsers.add_parser("character", help="import or export characters")
    char_sub = character.add_subparsers(title="character commands", metavar="ACTION",
                                        required=True)  # fmt: skip
    imp = char_sub.add_parser(
        "import", parents=[json_flag, named],
        help="add a sheet: gmdash JSON, a Foundry VTT RuneQuest actor or a printed stat block",
    )  # fmt: skip
    imp.add_argument("file", metavar="FILE", type=Path)
    imp.add_argument(
        "--convert", action="store_true",
        help="make a sheet of the other rule set fit the campaign (reports what changed)",
    )  # fmt: skip
    imp.add_argument(
        "--yes", action="store_true",
        help="save a Foundry actor or stat block (without it: a preview, nothing saved)",
    )  # fmt: skip
    imp.set_defaults(handler=character_import)
    exp = char_sub.add_parser("export", parents=[named], help="write a sheet as JSON")
    exp.add_argument("name", metavar="NAME")
    exp.add_argument("--out", metavar="FILE", type=Path, help="write here instead of stdout")
    exp.set_defaults(handler=character_export)


def _session_choice(text: str) -> int | str:
    if text == "all":
        return text
    if text.isdigit() and int(text) >= 0:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected a session number or 'all', not {text!r}")


# --- campaign --------------------------------------------------------------------------------


def campaign_new(args: argparse.Namespace) -> int:
    """`gmdash campaign new NAME [--ruleset rqg|brp] [--optional RULE ...]`."""
    ruleset = RuleSet(getattr(args, "ruleset", RuleSet.RQG.value))
    if args.optional and ruleset is RuleSet.RQG:
        raise CliError("--optional turns on BRP's optional rules: RQG always has them")
    optional = tuple(OptionalRule(rule) for rule in dict.fromkeys(args.optional))
    name_holder(args)
    with store_errors(args.name):
        service = CampaignService.create(args.saves_dir, args.name, ruleset, optional=optional)
        service.close()
    info = {"name": service.campaign.name, "slug": service.campaign.slug,
            "ruleset": str(service.campaign.ruleset),
            "optional_rules": [str(rule) for rule in service.campaign.optional_rules]}  # fmt: skip
    if args.json:
        print_json(info)
    else:
        extra = "".join(f", {rule}" for rule in info["optional_rules"])
        print(f"created campaign {info['name']!r} ({info['ruleset']}{extra}) in "
              f"{visible(str(args.saves_dir / info['slug']))}")  # fmt: skip
    return 0


def campaign_list(args: argparse.Namespace) -> int:
    """`gmdash campaign list`: every campaign in the saves folder."""
    rows: list[dict[str, Any]] = []
    for slug in campaign_slugs(args.saves_dir):
        try:
            with CampaignService.open(args.saves_dir, slug, read_only=True) as svc:
                current = svc.current_session
                rows.append({
                    "slug": slug, "name": svc.campaign.name, "ruleset": str(svc.campaign.ruleset),
                    "characters": len(svc.characters), "sessions": len(svc.sessions),
                    "open_session": current.number if current else None,
                })  # fmt: skip
        except Exception as error:  # an unreadable campaign is listed, not fatal
            rows.append({"slug": slug, "error": str(error)})
    if args.json:
        print_json(rows)
        return 0
    if not rows:
        where = visible(str(args.saves_dir))
        print(f"no campaigns in {where} (create one with 'gmdash campaign new NAME')")
    for row in rows:
        if "error" in row:
            print(visible(f"{row['slug']}: UNREADABLE: {row['error']}"))
            continue
        state = f", session {row['open_session']} open" if row["open_session"] else ""
        print(f"{visible(row['name'])} [{row['slug']}] {row['ruleset']}: "
              f"{row['characters']} characters, {row['sessions']} sessions{state}")  # fmt: skip
    return 0


# --- sessions --------------------------------------------------------------------------------


def session_start(args: argparse.Namespace) -> int:
    """`gmdash session start --campaign NAME`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        event = svc.start_session()
    return _session_report(args, "started", event.number, event.time)


def session_end(args: argparse.Namespace) -> int:
    """`gmdash session end --campaign NAME`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        if svc.current_session is None:
            raise CliError(f"campaign {svc.campaign.name!r} has no open session")
        event = svc.end_session()
    return _session_report(args, "ended", event.number, event.time)


def _session_report(args: argparse.Namespace, verb: str, number: int, time: Any) -> int:
    when = time.isoformat() if time else None
    if args.json:
        print_json({"session": number, verb: when})
    else:
        print(f"session {number} {verb} at {when}")
    return 0


# --- log -------------------------------------------------------------------------------------


def show_log(args: argparse.Namespace) -> int:
    """`gmdash log --campaign NAME [--session N|all] [--format text|md|csv|json]`.

    `md` is the night's journal (the story, its summary, every entry): formats/log_markdown.py.
    """
    name = campaign_name(args)
    fmt = args.format or ("json" if args.json else "text")
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        session = args.session
        if session is None:  # the open session, else the last one held (0: none yet)
            session = svc.sessions[-1].number if svc.sessions else 0
        if isinstance(session, int) and session not in {s.number for s in svc.sessions} | {0}:
            raise CliError(f"campaign {svc.campaign.name!r} has no session {session}")
        if fmt in STREAMED_FORMATS:  # entry by entry: flat memory on a campaign of years
            rows = stream_rows(
                svc, svc.log_numbers(session), rolls_only=args.rolls, session=session
            )
            write_stream(rows, fmt, sys.stdout)
            return 0
        found = log_reading.records(svc, session)
        if args.rolls:
            found = [r for r in found if r.is_roll]
        shown = log_reading.sessions_of(svc, session)
        title = f"{svc.campaign.name} — " + (
            "every session" if session == "all" else
            f"session {shown[0].number}" if shown else "between sessions"
        )  # fmt: skip
        # text fits the terminal ($COLUMNS, else the terminal's width); piped, it stays whole
        fits = fmt == "text" and sys.stdout.isatty()
        width = shutil.get_terminal_size((100, 24)).columns if fits else None
        text = exporting.export_text(svc, found, fmt, which=session, title=title, width=width)
    sys.stdout.write(text)
    return 0


def session_list(args: argparse.Namespace) -> int:
    """`gmdash session list --campaign NAME [--json]`: number, date, duration, rolls, ..."""
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        stats = log_reading.session_list(svc)
    if args.json:
        print_json([s.to_dict() for s in stats])
    else:
        sys.stdout.write(log_table.session_list_text(stats))
    return 0


# --- characters ------------------------------------------------------------------------------


def character_import(args: argparse.Namespace) -> int:
    """`gmdash character import FILE --campaign NAME [--convert] [--yes]`.

    gmdash's own JSON is saved at once; a Foundry actor or a stat block is previewed with what
    was and was not read, and saved with `--yes`.
    """
    name = campaign_name(args)
    text = _read_character_file(args.file)
    if text.lstrip().startswith(("{", "[")):
        data = json_of(args.file, text, "a character sheet")
        if not is_foundry_actor(data):
            return _import_exchange(args, name, data)
    with (
        store_errors(name),
        for_change(args, name, read_only=not args.yes) as svc,
    ):
        source = read_source(text, svc.campaign.edition.ruleset)
        found = preview(svc, source, convert=args.convert)
        ruleset = svc.campaign.edition.ruleset
        if not source.payload.get("characteristics"):
            raise CliError(
                f"{visible(str(args.file))}: no character in it (not gmdash JSON, not a "
                "Foundry actor, no characteristics such as 'STR 13' in the text)"
            )
        if not found.ready:  # a refusal is one line; the dashboard's import previews it
            raise CliError(f"{visible(str(args.file))}: nothing saved: {found.error}")
        saved = save(svc, source, convert=args.convert) if args.yes else None
    if args.json:
        print_json({
            "saved": saved is not None, "id": saved.id if saved else None,
            "name": found.sheet.name if found.sheet else None, "format": source.format,
            "sheet": _exported(found.sheet), "report": source.reading.report()
            if source.reading else None, "converted": found.changes, "error": found.error or None,
        })  # fmt: skip
    else:
        what = "Foundry VTT actor" if source.format == FOUNDRY else "stat block"
        print(f"{visible(str(args.file))}: a {what}")
        for line in preview_lines(found, ruleset):
            print(f"  {line}")
        if saved is not None:
            print(f"imported {saved.name!r} into {name!r} as {saved.id}")
        else:
            print("nothing saved: add --yes to save it")
    return 0


def _exported(sheet: Character | None) -> dict[str, Any] | None:
    return export_character(sheet)["character"] if sheet is not None else None


def _import_exchange(args: argparse.Namespace, name: str, data: object) -> int:
    """gmdash's own exchange format: checked before the campaign is opened, saved at once."""
    with store_errors(name):
        payload = import_payload(data)  # refused before the campaign is even opened
        ignored = ignored_fields(data)
        with for_change(args, name) as svc:
            sheet, changes = svc.import_character(payload, convert=args.convert)
    if args.json:
        print_json({"id": sheet.id, "name": sheet.name, "ignored": ignored,
                    "converted": changes})  # fmt: skip
    else:
        print(f"imported {sheet.name!r} into {name!r}")  # the id is for --json, not a reader
        if ignored:
            print(f"ignored fields gmdash does not read: {', '.join(map(repr, ignored))}")
        for change in changes:
            print(f"  converted: {change}")
    return 0


def _read_character_file(path: Path) -> str:
    try:
        return read_import_file(path)
    except ImportFileError as error:
        raise CliError(str(error)) from None


def character_export(args: argparse.Namespace) -> int:
    """`gmdash character export NAME --campaign NAME [--out FILE]`."""
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        sheet = svc.character(args.name)
    if write_export(export_character(sheet), args.out):
        print(f"wrote {sheet.name!r} to {visible(str(args.out))}")
    return 0
