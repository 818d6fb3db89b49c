"""Rules subcommands: roll, resist, opposed, dice, odds, attrs, table. No Textual, no store
import unless a roll is recorded in a campaign; `rich.table` only in the commands printing one."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gmdash import rules
from gmdash.cli.args import d100
from gmdash.cli.args import whole as _whole
from gmdash.cli.errors import CliError
from gmdash.cli.output import console, print_json
from gmdash.cli.parsing import add_wait, parent_parser, rules_parser
from gmdash.level_words import level_text, outcome_text
from gmdash.rules import Level, RuleSet

Handler = Callable[[argparse.Namespace], int]


def register(subparsers: Any) -> None:
    """Add the rules subcommands to the `gmdash` parser."""
    common = rules_parser()

    rolling = parent_parser()
    rolling.add_argument("--seed", help="make the roll reproducible")
    rolling.add_argument("--campaign", metavar="NAME", help="record the roll in this campaign")
    add_wait(rolling)
    rolling.add_argument(
        "--actor", metavar="NAME",
        help="who rolled (with --campaign): a roster character, a unique start of the name will do",
    )  # fmt: skip
    rolling.add_argument(
        "--passer-by",
        action="store_true",
        help="--actor is on purpose not on the roster (a passer-by): log the name as typed",
    )
    rolling.add_argument("--label", metavar="TEXT", help="what was rolled (with --campaign)")
    rolling.set_defaults(records=True)

    parser = subparsers.add_parser(
        "roll", parents=[common, rolling], help="roll D100 against a chance"
    )
    parser.add_argument("chance", type=_whole, help="the (modified) chance in percent")
    parser.add_argument("--result", type=d100, metavar="N", help="read a physical D100 roll")
    parser.set_defaults(handler=cmd_roll)

    parser = subparsers.add_parser(
        "resist", parents=[common, rolling], help="resistance roll: active vs passive"
    )
    parser.add_argument("active", type=_characteristic)
    parser.add_argument("passive", type=_characteristic)
    parser.add_argument("--result", type=d100, metavar="N", help="read a physical D100 roll")
    parser.set_defaults(handler=cmd_resist)

    parser = subparsers.add_parser(
        "opposed", parents=[common, rolling], help="opposed roll between two chances"
    )
    parser.add_argument("chance_a", type=_whole)
    parser.add_argument("chance_b", type=_whole)
    parser.add_argument(
        "--results", type=d100, nargs=2, metavar=("X", "Y"), help="read two physical D100 rolls"
    )
    parser.add_argument(
        "--actor-b", metavar="NAME", help="who rolled side B (with --campaign; --actor is side A)"
    )
    parser.set_defaults(handler=cmd_opposed)

    parser = subparsers.add_parser(
        "dice", parents=[common, rolling], help="roll a dice expression such as 2D6+6"
    )
    parser.add_argument("expression")
    parser.set_defaults(handler=cmd_dice)

    parser = subparsers.add_parser("odds", parents=[common], help="exact odds of each level")
    parser.add_argument("chance", type=_whole)
    parser.set_defaults(handler=cmd_odds)

    parser = subparsers.add_parser(
        "attrs", parents=[common], help="derived attributes from characteristics"
    )
    for name in ("str", "con", "siz", "dex", "int", "pow"):
        parser.add_argument(f"--{name}", type=_characteristic, required=True, metavar="N")
    parser.add_argument("--cha", type=_characteristic, metavar="N", help="required for rqg")
    parser.add_argument("--app", type=_characteristic, metavar="N", help="required for brp")
    tables = list(rules.TABLES)
    parser.add_argument("--hit-table", choices=tables, default="humanoid", metavar="NAME",
                        help=f"the body's hit-location table ({', '.join(tables)})")  # fmt: skip
    parser.set_defaults(handler=cmd_attrs)

    parser = subparsers.add_parser("table", parents=[common], help="print a rules table")
    parser.add_argument("name", choices=["abilities", "resistance"])
    parser.set_defaults(handler=cmd_table)


# --- argument types -------------------------------------------------------------------------


def _characteristic(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a characteristic is a whole number >= 1, not {value}")
    return value


def _rng(args: argparse.Namespace) -> rules.SeededRng:
    return rules.SeededRng(args.seed)


def _ruleset(args: argparse.Namespace) -> RuleSet:
    """--ruleset, else the rules of the campaign a roll is recorded in, else rqg; a --ruleset
    that is not the campaign's is refused (the log would mix two rule sets)."""
    given = getattr(args, "ruleset", None) if getattr(args, "ruleset_given", True) else None
    if getattr(args, "records", False) and getattr(args, "campaign", None):
        from gmdash.cli.recording import campaign_ruleset

        played = campaign_ruleset(args.saves_dir, args.campaign)
        if given is not None and given != played.value:
            raise CliError(f"campaign {args.campaign!r} plays {played.value}, not {given}")
        return played
    return RuleSet(getattr(args, "ruleset", None) or RuleSet.RQG.value)


def _record(args: argparse.Namespace, default_label: str | None = None, **entry: Any) -> None:
    """Record the roll in a campaign's current session when --campaign is given."""
    if not _recording(args):
        return
    from gmdash.cli.campaign_errors import name_holder, waiting
    from gmdash.cli.recording import record_roll

    name_holder(args)
    label = args.label or default_label
    record_roll(
        args.saves_dir, args.campaign, actor=args.actor, passer_by=args.passer_by, label=label,
        wait=waiting(args), **entry,
    )  # fmt: skip


def _recording(args: argparse.Namespace) -> bool:
    """Whether the roll is recorded (--campaign); the recording options without it are refused."""
    if getattr(args, "campaign", None):
        return True
    given = [
        option
        for option, value in (
            ("--actor", args.actor), ("--actor-b", getattr(args, "actor_b", None)),
            ("--label", args.label), ("--passer-by", args.passer_by),
        )
        if value
    ]  # fmt: skip
    if given:
        raise CliError(f"{' and '.join(given)} record a roll: they need --campaign NAME")
    return False


def _thresholds_dict(chance: int, ruleset: RuleSet) -> dict[str, int | None]:
    limits = rules.thresholds(chance, ruleset)
    return {
        "critical": limits.critical,
        "special": limits.special,
        "success": limits.success,
        "fumble": limits.fumble,
    }


def _span(low: int, high: int | None) -> str:
    if high is None or high < low or high <= 0:
        return "—"
    return (
        rules.d100_text(low) if low == high else f"{rules.d100_text(low)}-{rules.d100_text(high)}"
    )


# --- commands ---------------------------------------------------------------------------------


def cmd_roll(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    result = rules.resolve(args.chance, _rng(args), ruleset, result=args.result)
    _record(
        args,
        f"D100 against {result.chance}%",
        kind="ability",
        chance=result.chance,
        roll=result.roll,
        level=result.level,
    )
    data = {
        "chance": result.chance,
        "roll": result.roll,
        "level": result.level.value,
        "thresholds": _thresholds_dict(result.chance, ruleset),
    }
    if args.json:
        print_json(data)
        return 0
    out = console()
    out.print(
        f"{rules.d100_text(result.roll)} against {result.chance}%: {level_text(result.level.value)}"
    )
    out.print(_thresholds_line(result.chance, ruleset), style="dim")
    return 0


def _thresholds_line(chance: int, ruleset: RuleSet) -> str:
    limits = rules.thresholds(chance, ruleset)
    parts = []
    if limits.critical is not None:
        parts.append(f"critical {_span(1, limits.critical)}")
    parts.append(f"special {_span(1, limits.special)}")
    parts.append(f"success {_span(1, limits.success)}")
    parts.append(f"fumble {_span(limits.fumble, 100)}")
    return ", ".join(parts)


def cmd_resist(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    result = rules.resolve_resistance(
        args.active, args.passive, _rng(args), ruleset, result=args.result
    )
    chance = result.chance
    _record(
        args,
        f"resistance {args.active} vs {args.passive}",
        kind="resistance",
        chance=chance,
        roll=result.roll,
        level=result.level,
        details={"active": args.active, "passive": args.passive},
    )
    data = {
        "active": args.active,
        "passive": args.passive,
        "chance": chance,
        "roll": result.roll,
        "level": result.level.value,
    }
    if args.json:
        print_json(data)
        return 0
    console().print(
        f"{args.active} vs {args.passive}: {chance}% — rolled {rules.d100_text(result.roll)}: "
        f"{level_text(result.level.value)}"
    )
    return 0


def cmd_opposed(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    typed_a, typed_b = args.results if args.results is not None else (None, None)
    if _recording(args):
        if args.label:
            raise CliError("opposed: each side is logged under its ability's chance; no --label")
        from gmdash.cli.campaign_errors import name_holder, waiting
        from gmdash.cli.recording import record_opposed

        name_holder(args)
        done = record_opposed(
            args.saves_dir, args.campaign, _rng(args),
            ((args.actor, args.chance_a, typed_a), (args.actor_b, args.chance_b, typed_b)),
            passer_by=args.passer_by, wait=waiting(args),
        )  # fmt: skip
        roll_a, roll_b, result = done.roll_a, done.roll_b, done.result
    else:
        if args.results is None:
            rng = _rng(args)
            roll_a, roll_b = rules.roll_d100(rng), rules.roll_d100(rng)
        else:
            roll_a, roll_b = args.results
        result = rules.resolve_opposed(args.chance_a, roll_a, args.chance_b, roll_b, ruleset)
    data = {
        "a": {"chance": result.chance_a, "roll": roll_a, "level": result.level_a.value},
        "b": {"chance": result.chance_b, "roll": roll_b, "level": result.level_b.value},
        "outcome": result.outcome.value,
    }
    if args.json:
        print_json(data)
        return 0
    out = console()
    for side, chance, roll, level in (
        ("A", result.chance_a, roll_a, result.level_a),
        ("B", result.chance_b, roll_b, result.level_b),
    ):
        out.print(f"{side}: {rules.d100_text(roll)} against {chance}%: {level_text(level.value)}")
    verdict = outcome_text(result.outcome.value, ruleset.value)
    if result.double_effect:
        verdict += " (special against a failure: double effect)"
    out.print(f"[bold]{verdict}[/]")
    return 0


def cmd_dice(args: argparse.Namespace) -> int:
    try:
        expression = rules.parse_dice(args.expression)
    except rules.DiceError as error:
        raise CliError(str(error)) from None
    rolled = expression.roll(_rng(args))
    _record(
        args, str(expression), kind="dice", chance=None, roll=None, level=None,
        expression=str(expression), total=rolled.total,
    )  # fmt: skip
    if args.json:
        print_json(
            {"expression": str(expression), "total": rolled.total, "rolls": list(rolled.rolls)}
        )
        return 0
    dice = " ".join(str(face) for face in rolled.rolls)
    console().print(
        f"{expression}: [bold]{rolled.total}[/]" + (f"  [dim]({dice})[/]" if dice else "")
    )
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    counts = rules.level_odds(args.chance, ruleset)
    data: dict[str, int | None] = {level.value: counts[level] for level in Level}
    if ruleset is RuleSet.BRP:
        data["critical"] = None
    if args.json:
        print_json(data)
        return 0
    from rich.table import Table

    table = Table(title=f"Odds at {args.chance}% ({ruleset.value})")
    table.add_column("level")
    table.add_column("chance", justify="right")
    for level in Level:
        if ruleset is RuleSet.BRP and level is Level.CRITICAL:
            continue
        table.add_row(level_text(level.value), f"{counts[level]}%")
    console().print(table)
    return 0


def cmd_attrs(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    if ruleset is RuleSet.RQG and args.cha is None:
        raise CliError("attrs: --cha N is required under rqg")
    if ruleset is RuleSet.BRP and args.app is None:
        raise CliError("attrs: --app N is required under brp")
    chars = rules.Characteristics(
        STR=args.str, CON=args.con, SIZ=args.siz, DEX=args.dex, INT=args.int, POW=args.pow,
        CHA=args.cha, APP=args.app,
    )  # fmt: skip
    derived = rules.derive(chars, ruleset, rules.hit_table(args.hit_table))
    data: dict[str, Any] = {
        "hit_points": derived.hit_points,
        "hit_table": args.hit_table,
        "locations": dict(derived.locations),
        "healing_rate": derived.healing_rate,
        "damage_bonus": derived.damage_bonus,
        "magic_points": derived.magic_points,
        "rune_points": derived.rune_points,
        "movement": {"walk": derived.movement_walk, "run": derived.movement_run},
    }
    if ruleset is RuleSet.RQG:  # BRP has no strike ranks: its combat goes in DEX order
        data |= {"dex_sr": derived.dex_sr, "siz_sr": derived.siz_sr}
    if args.json:
        print_json(data)
        return 0
    from rich.table import Table

    table = Table(title=f"Derived attributes ({ruleset.value})", show_header=False)
    table.add_column("attribute", style="bold")
    table.add_column("value")
    table.add_row("Hit points", str(derived.hit_points))
    for location, hp in derived.locations.items():
        table.add_row(f"  {rules.location_label(location)}", str(hp))
    table.add_row("Healing rate", f"{derived.healing_rate} per location per week")
    table.add_row("Damage bonus", derived.damage_bonus)
    if ruleset is RuleSet.RQG:
        table.add_row("DEX SR", str(derived.dex_sr))
        table.add_row("SIZ SR", str(derived.siz_sr))
    table.add_row("Magic points", str(derived.magic_points))
    if derived.rune_points is not None:
        table.add_row("Rune points", str(derived.rune_points))
    table.add_row(
        "Movement", f"{derived.movement_walk} m walking, {derived.movement_run} m running"
    )
    console().print(table)
    return 0


ABILITY_TABLE_CHANCES = range(1, 131)


def cmd_table(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    if args.name == "abilities":
        return _ability_table(ruleset, args.json)
    return _resistance_table(args.json)


def _ability_table(ruleset: RuleSet, as_json: bool) -> int:
    if as_json:
        rows = [{"chance": c, **_thresholds_dict(c, ruleset)} for c in ABILITY_TABLE_CHANCES]
        print_json({"rows": rows})
        return 0
    from rich.table import Table

    table = Table(title=f"Ability results ({ruleset.value})", row_styles=["", "dim"])
    table.add_column("Ability", justify="right", style="bold")
    if ruleset is RuleSet.RQG:
        table.add_column("Critical", style="magenta")
    for name, style in (("Special", "cyan"), ("Success", "green"), ("Failure", "yellow")):
        table.add_column(name, style=style)
    table.add_column("Fumble", style="red")
    for chance in ABILITY_TABLE_CHANCES:
        limits = rules.thresholds(chance, ruleset)
        cells = [f"{chance}%"]
        if limits.critical is not None:
            cells.append(_span(1, limits.critical))
        cells += [
            _span(1, limits.special),
            _span(1, limits.success),
            _span(limits.success + 1, 100),
            _span(limits.fumble, 100),
        ]
        table.add_row(*cells)
    console().print(table)
    return 0


def _resistance_table(as_json: bool) -> int:
    cells = rules.resistance_table()
    if as_json:
        print_json({"cells": [{"active": a, "passive": p, "chance": c} for a, p, c in cells]})
        return 0
    from rich.table import Table

    table = Table(
        title="Resistance table: active (columns) against passive (rows)",
        box=None,
        header_style="bold underline",
        padding=(0, 0, 0, 1),
        pad_edge=False,
    )
    table.add_column("P\\A ", justify="right", style="bold")
    for active in rules.resistance.TABLE_RANGE:
        table.add_column(f"{active:02d}", justify="right", min_width=3)
    for passive in rules.resistance.TABLE_RANGE:
        row = [f"{passive:02d}"]
        for active in rules.resistance.TABLE_RANGE:
            chance = rules.resistance_chance(active, passive)
            row.append(_resistance_cell(chance))
        table.add_row(*row)
    console(min_width=RESISTANCE_TABLE_WIDTH).print(table)
    return 0


RESISTANCE_TABLE_WIDTH = 96


def _resistance_cell(chance: int) -> str:
    if chance <= 0:
        return "[dim]---[/]"
    if chance == 50:
        return "[reverse bold]50[/]"
    if chance >= 100:
        return f"[green]{chance:02d}[/]"
    return f"{chance:02d}"
