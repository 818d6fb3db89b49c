"""CLI commands on effects: `effect list|add|end` (game time: `gmdash.cli.time_commands`).

They write the campaign (its lock: refused while the dashboard has it open), like the
dashboard's `f` (effects).
"""

from __future__ import annotations

import argparse
from typing import Any

from gmdash.cli.campaign_errors import campaign_name, for_change, store_errors
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.model.effects import TimedEffect
from gmdash.play import effects
from gmdash.play.campaign import CampaignService
from gmdash.rules.game_time import describe_span
from gmdash.safe_text import visible


def register(subparsers: Any) -> None:
    """Add the effect commands."""
    common = parent_parser()
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(common)

    effect = subparsers.add_parser("effect", help="spells and other effects that run out")
    sub = effect.add_subparsers(title="effect commands", metavar="ACTION", required=True)
    listing = sub.add_parser("list", parents=[common], help="the effects running, time left")
    listing.set_defaults(handler=effect_list)
    add = sub.add_parser("add", parents=[common], help="start an effect on a character")
    add.add_argument("who", metavar="WHO", help="a character (name or id) or a combatant")
    add.add_argument("text", metavar="EFFECT",
                     help="a spell ('Bladesharp 4 on Broadsword') or free-form "
                          "('-20%% to all rolls, 5 rounds')")  # fmt: skip
    add.add_argument("--by", metavar="CASTER", default="", help="who cast it")
    add.set_defaults(handler=effect_add)
    end = sub.add_parser("end", parents=[common], help="dismiss a running effect")
    end.add_argument("effect_id", metavar="ID", help="the effect's id (see 'gmdash effect list')")
    end.set_defaults(handler=effect_end)


def _row(effect: TimedEffect) -> dict[str, object]:
    return {"id": effect.id, "on": effect.target_name, "effect": effect.title,
            "left": describe_span(effect.left), "left_seconds": effect.left,
            "changes": effect.changes(), "caster": effect.caster}  # fmt: skip


def _line(effect: TimedEffect) -> str:
    by = f", by {effect.caster}" if effect.caster else ""
    changes = f": {effect.changes()}" if effect.changes() else ""
    return visible(f"{effect.id}  {effect.target_name}: {effect.short()}{changes}{by}")


def effect_list(args: argparse.Namespace) -> int:
    """`gmdash effect list --campaign NAME`: what runs, on whom, for how long."""
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        running = list(svc.state.effects)
    if args.json:
        print_json([_row(e) for e in running])
    elif not running:
        print("no effects running")
    for effect in running if not args.json else ():
        print(_line(effect))
    return 0


def effect_add(args: argparse.Namespace) -> int:
    """`gmdash effect add WHO EFFECT [--by CASTER] --campaign NAME`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        effect = effects.add_effect(svc, args.who, args.text, args.by.strip() or None)
    if args.json:
        print_json(_row(effect))
    else:
        print(_line(effect))
    return 0


def effect_end(args: argparse.Namespace) -> int:
    """`gmdash effect end ID --campaign NAME`: dismiss an effect before its time."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        effect = effects.dismiss(svc, args.effect_id.strip())
    if args.json:
        print_json(_row(effect))
    else:
        print(visible(f"dismissed {effect.title} on {effect.target_name}"))
    return 0
