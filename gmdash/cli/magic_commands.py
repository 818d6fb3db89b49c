"""`gmdash cast`: a character of a campaign casts one of their spells, logged in its session.

The same runner the dashboard's cast dialog calls (`gmdash.play.magic.cast_spell`): the roll,
the points spent by level of result from the right pool, a target's resistance, the effect.
"""

from __future__ import annotations

import argparse
from typing import Any

from gmdash.cli.args import count, d100, whole
from gmdash.cli.campaign_errors import for_change, store_errors
from gmdash.cli.errors import CliError
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.model.casting import CastPlan, base_chance, chance, find_castable, strike_rank
from gmdash.play import rolls
from gmdash.play.magic import Resistance, cast_problem, cast_spell
from gmdash.play.spell_healing import read_aim
from gmdash.rules import RuleSet, SeededRng, d100_text
from gmdash.safe_text import visible


def register(subparsers: Any) -> None:
    """Add `gmdash cast`."""
    common = parent_parser()
    common.add_argument("--json", action="store_true", help="print one JSON object")
    parser = subparsers.add_parser(
        "cast", parents=[common],
        help="a character casts a spell: the roll, the points spent, the effect (logged)",
    )  # fmt: skip
    parser.add_argument("caster", metavar="CASTER", help="who casts (a unique prefix will do)")
    parser.add_argument("spell", metavar="SPELL", help="the spell; 'Cult/Spell' picks a cult's")
    parser.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(parser)
    parser.add_argument("--points", type=count, metavar="N",
                        help="points put into it (variable or stackable spells)")  # fmt: skip
    parser.add_argument("--boost", type=count, default=0, metavar="N",
                        help="extra magic points")  # fmt: skip
    parser.add_argument("--modifier", type=whole, default=0, metavar="N",
                        help="a flat modifier to the chance")  # fmt: skip
    parser.add_argument("--rune", metavar="RUNE", help="the Rune cast with (default: the best)")
    parser.add_argument("--target", metavar="WHO", help="on whom (default: the caster)")
    parser.add_argument("--weapon", metavar="WEAPON", help="the weapon a weapon spell is on")
    parser.add_argument("--location", metavar="WHERE",
                        help="a healing spell's location as the dashboard reads it (LA, "
                        "chest; 'LA #2': its second wound); default: the worst")  # fmt: skip
    parser.add_argument("--resist", action="store_true",
                        help="the target resists: MP against MP")  # fmt: skip
    parser.add_argument("--result", type=d100, metavar="D100", help="the casting roll as rolled")
    parser.add_argument("--resist-result", type=d100, metavar="D100",
                        help="the resistance roll as rolled")  # fmt: skip
    parser.add_argument("--seed", help="make the app's dice reproducible")
    parser.set_defaults(handler=cmd_cast)


def cmd_cast(args: argparse.Namespace) -> int:
    name = getattr(args, "campaign", None)
    if not name or not str(name).strip():
        raise CliError("gmdash cast needs --campaign NAME (see 'gmdash campaign list')")
    with store_errors(name), for_change(args, name) as svc:
        caster, _ = rolls.roster_actor(svc, args.caster)
        assert caster is not None  # roster_actor refuses a name not on the roster
        ruleset = svc.campaign.ruleset
        spell = find_castable(caster, ruleset, args.spell)
        plan = CastPlan(spell=spell, points=args.points or spell.points, boost=args.boost,
                        flat=args.modifier, rune=args.rune)  # fmt: skip
        target = None
        if args.target:
            found, _ = rolls.roster_actor(svc, args.target)
            assert found is not None
            target = found.id
        healed = svc.character(target) if target is not None else caster
        try:
            heal = read_aim(args.location or "", healed.table)
        except ValueError as error:
            raise CliError(f"cast: --location: {error}") from None
        why = cast_problem(svc, caster, plan, target, args.weapon, heal)
        if why is not None:  # before the session is started: a refusal changes nothing
            raise CliError(f"{caster.name} cannot cast {spell.name}: {why}")
        svc.ensure_session()
        base, source = base_chance(caster, ruleset, plan)
        cast = cast_spell(
            svc, SeededRng(args.seed), caster.id, plan, typed=args.result, target=target,
            weapon=args.weapon,
            resists=Resistance.MAGIC_POINTS if args.resist else Resistance.NONE,
            typed_resistance=args.resist_result, heal=heal,
        )  # fmt: skip
        after = svc.character(caster.id)
        data: dict[str, Any] = {
            "caster": caster.name, "spell": spell.name, "kind": str(spell.kind),
            "cult": spell.cult, "points": plan.points, "boost": plan.boost,
            "base": base, "source": source, "chance": chance(caster, ruleset, plan),
            "roll": cast.roll, "level": str(cast.level),
            "spent": {"magic": cast.cost.magic, "rune": cast.cost.rune},
            "magic_points": after.magic_points,
            "rune_points": None if spell.cult is None
            else next(c.rune_points for c in after.cults if c.name == spell.cult),
            "took_effect": cast.took_effect,
            "resistance": None if cast.resistance is None else {
                "chance": cast.resistance.chance, "roll": cast.resistance.roll,
                "level": cast.resistance.level,
            },
            "effect": None if cast.effect is None else cast.effect.to_dict(),
            "summary": cast.summary,
        }  # fmt: skip
        if ruleset is RuleSet.RQG:
            data["strike_rank"] = strike_rank(caster, plan)
    if args.json:
        print_json(data)
        return 0
    print(visible(f"{d100_text(cast.roll)} against {data['chance']}% ({source}): {cast.summary}"))
    return 0
