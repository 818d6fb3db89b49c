"""`gmdash bestiary list|show|import|export|spawn`: a campaign's creature templates.

`list`, `show` and `export` open the campaign read-only (they work while the dashboard runs);
`import` and `spawn` take its lock and store their change whole or not at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gmdash.cli.campaign_errors import campaign_name, for_change, store_errors
from gmdash.cli.json_files import read_json_file, write_export
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.model.bestiary import MAX_SPAWN, CreatureTemplate
from gmdash.play import bestiary
from gmdash.play.campaign import CampaignService
from gmdash.rules import SeededRng, hit_table, location_label
from gmdash.safe_text import visible


def register(subparsers: Any) -> None:
    """Add the bestiary command."""
    json_flag = parent_parser()
    json_flag.add_argument("--json", action="store_true", help="print JSON")
    named = parent_parser()
    named.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(named)

    parser = subparsers.add_parser("bestiary", help="creature templates of a campaign")
    sub = parser.add_subparsers(title="bestiary commands", metavar="ACTION", required=True)
    listing = sub.add_parser("list", parents=[json_flag, named], help="list the templates")
    listing.set_defaults(handler=bestiary_list)
    show = sub.add_parser("show", parents=[json_flag, named], help="show one template")
    show.add_argument("name", metavar="NAME")
    show.set_defaults(handler=bestiary_show)
    imp = sub.add_parser(
        "import", parents=[json_flag, named],
        help="add templates from a JSON file (same names are replaced)",
    )  # fmt: skip
    imp.add_argument("file", metavar="FILE", type=Path)
    imp.set_defaults(handler=bestiary_import)
    exp = sub.add_parser("export", parents=[named], help="write templates as JSON")
    exp.add_argument("names", metavar="NAME", nargs="*", help="the templates (default: all)")
    exp.add_argument("--out", metavar="FILE", type=Path, help="write here instead of stdout")
    exp.set_defaults(handler=bestiary_export)
    spawn = sub.add_parser("spawn", parents=[json_flag, named],
                           help="add creatures rolled from a template to the roster")  # fmt: skip
    spawn.add_argument("name", metavar="NAME")
    spawn.add_argument("--count", type=_count, default=1, metavar="N",
                       help=f"how many (1 to {MAX_SPAWN}; default 1)")  # fmt: skip
    spawn.add_argument("--seed", help="make the rolls reproducible")
    spawn.set_defaults(handler=bestiary_spawn)


def _count(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_SPAWN:
        raise argparse.ArgumentTypeError(f"a count is 1 to {MAX_SPAWN}, not {text!r}")
    return int(text)


def summary(template: CreatureTemplate) -> dict[str, object]:
    """A template in one row: what `list --json` prints."""
    return {
        "name": template.name,
        "hit_table": template.hit_table,
        "characteristics": dict(template.characteristics),
        "weapons": [w.name for w in template.weapons],
    }


def bestiary_list(args: argparse.Namespace) -> int:
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        found = bestiary.templates(svc)
    if args.json:
        print_json([summary(t) for t in found])
        return 0
    if not found:
        print(f"no creature templates in {name!r} (gmdash bestiary import FILE adds some)")
    for template in found:
        body = hit_table(template.hit_table).title
        chars = " ".join(f"{k} {v}" for k, v in template.characteristics.items())
        print(visible(f"{template.name}  ({body})  {chars}"))
    return 0


def bestiary_show(args: argparse.Namespace) -> int:
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        template = bestiary.template(svc, args.name)
    if args.json:
        print_json(template.to_dict())
        return 0
    sys.stdout.write(show_text(template))
    return 0


def show_text(template: CreatureTemplate) -> str:
    """A template as a stat block."""
    table = hit_table(template.hit_table)
    lines = [template.name, "  " + "  ".join(f"{k} {v}" for k, v in
                                              template.characteristics.items())]  # fmt: skip
    if template.hit_points is not None:
        lines.append(f"  Hit points {template.hit_points}")
    if template.damage_bonus is not None:
        lines.append(f"  Damage bonus {template.damage_bonus}")
    lines.append(f"  Hit locations ({table.title}):")
    for key in table.top_down:
        spec = table.spec(key)
        lines.append(
            f"    {spec.d20:>5}  {location_label(key):<16} AP {template.armour.get(key, 0)}"
        )
    if template.weapons:
        lines.append("  Weapons: " + "; ".join(
            f"{w.name} ({w.skill}) {w.damage} SR {w.sr}" for w in template.weapons))  # fmt: skip
    if template.abilities:
        lines.append("  Abilities: " + ", ".join(f"{a.name} {a.value}%"
                                                 for a in template.abilities))  # fmt: skip
    if template.spells:
        lines.append("  Spells: " + ", ".join(f"{s.name} {s.points}" for s in template.spells))
    if template.notes:
        lines.append(f"  {template.notes}")
    return "".join(visible(line) + "\n" for line in lines)


def bestiary_import(args: argparse.Namespace) -> int:
    name = campaign_name(args)
    data = read_json_file(args.file, "a bestiary")
    with store_errors(name), for_change(args, name) as svc:
        saved = bestiary.import_bestiary(svc, data)
    if args.json:
        print_json({"imported": [t.name for t in saved]})
    else:
        print(visible(f"imported {len(saved)} template(s) into {name!r}: "
                      + ", ".join(t.name for t in saved)))  # fmt: skip
    return 0


def bestiary_export(args: argparse.Namespace) -> int:
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        document = bestiary.export(svc, list(args.names))
    if write_export(document, args.out):
        print(f"wrote {len(document['templates'])} template(s) to {visible(str(args.out))}")
    return 0


def bestiary_spawn(args: argparse.Namespace) -> int:
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        added = bestiary.spawn(svc, args.name, args.count, SeededRng(args.seed))
    if args.json:
        print_json([{"id": c.id, "name": c.name, "hit_table": c.hit_table,
                     "characteristics": dict(c.characteristics), "hit_points": c.hit_points}
                    for c in added])  # fmt: skip
        return 0
    for creature in added:
        chars = " ".join(f"{k} {v}" for k, v in creature.characteristics.items())
        print(visible(f"added {creature.name} as {creature.id}: {chars}, HP {creature.hit_points}"))
    return 0
