"""Combat rulings at the command line: `damage`, `exchange` and `wound`.

The same rules functions the dashboard uses (`gmdash.rules.combat`, `.exchange`, `.wounds`);
no store, no Textual.
"""

from __future__ import annotations

import argparse
from typing import Any

from gmdash import rules
from gmdash.cli.args import count, whole
from gmdash.cli.errors import CliError
from gmdash.cli.output import console, print_json
from gmdash.cli.parsing import rules_parser
from gmdash.formats.location_names import location_hint, read_location
from gmdash.rules import TABLES, DiceError, Level, RuleSet, hit_table, location_label
from gmdash.rules.combat import DamageMode, Defence, damage_expression
from gmdash.rules.defences import defence_note, defence_penalty
from gmdash.rules.exchange import (
    DealingWeapon,
    ExchangeError,
    ExchangeOutcome,
    Party,
    combat_chances,
    settle,
)
from gmdash.rules.weapons import SpecialKind, WeaponUse, applicable_bonus

LEVEL_NAMES = [level.value for level in Level]
DAMAGE_LEVELS = [Level.SUCCESS.value, Level.SPECIAL.value, Level.CRITICAL.value]
"""The levels that deal a blow, named as `exchange` names them."""
TABLE_NAMES = list(TABLES)
_VALUE_OPTIONS = ("--db",)


def protect_negative_values(argv: list[str]) -> list[str]:
    """Let `--db -1D4` mean the value, not an unknown option (argparse reads a leading "-" as
    an option unless it is a plain negative number)."""
    result: list[str] = []
    skip = False
    for index, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        following = argv[index + 1] if index + 1 < len(argv) else ""
        if arg in _VALUE_OPTIONS and following.startswith("-") and following[1:2].isalnum():
            result.append(f"{arg}={following}")
            skip = True
        else:
            result.append(arg)
    return result


def register(subparsers: Any) -> None:
    """Add the combat subcommands to the `gmdash` parser."""
    common = rules_parser()

    parser = subparsers.add_parser(
        "damage", parents=[common], help="a blow's damage: the dice, their range, a roll"
    )
    parser.add_argument(
        "weapon_dice", metavar="WEAPON_DICE", help="the weapon's damage, e.g. 1D8+1"
    )
    parser.add_argument("--db", default="0", metavar="BONUS", help="the wielder's damage bonus")
    parser.add_argument("--level", choices=DAMAGE_LEVELS, default="success",
                        help="the attack's level (BRP: no critical, as exchange)")  # fmt: skip
    parser.add_argument("--kind", choices=[k.value for k in SpecialKind], default="crush",
                        help="how the weapon's special hurts")  # fmt: skip
    _add_use(parser, "the weapon")
    parser.add_argument("--seed", help="make the roll reproducible")
    parser.set_defaults(handler=cmd_damage)

    parser = subparsers.add_parser(
        "exchange", parents=[common], help="an attack against a parry, a dodge or nothing"
    )
    parser.add_argument("attack_level", metavar="ATTACK_LEVEL", choices=LEVEL_NAMES)
    parser.add_argument("defence_level", metavar="DEFENCE_LEVEL", choices=[*LEVEL_NAMES, "none"])
    parser.add_argument("--defence", choices=[d.value for d in Defence], default="parry")
    parser.add_argument("--attack-chance", type=whole, metavar="N")
    parser.add_argument("--defence-chance", type=whole, metavar="N")
    parser.add_argument("--prior-defences", type=count, default=0, metavar="N",
                        help="the defender's parries and dodges earlier this round "
                        "(each costs this defence more: RQG -20, BRP -30)")  # fmt: skip
    parser.add_argument("--damage", type=count, metavar="N", help="the blow as rolled")
    parser.add_argument("--weapon-hp", type=count, metavar="N",
                        help="the parrying weapon's current hit points")  # fmt: skip
    parser.add_argument("--attacker-weapon-hp", type=count, metavar="N",
                        help="the attacking weapon's current hit points")  # fmt: skip
    parser.add_argument("--armour", type=count, default=0, metavar="N")
    parser.add_argument("--shield", action="store_true", help="the parrying weapon is a shield")
    _add_use(parser, "the attacking weapon")
    parser.set_defaults(handler=cmd_exchange)

    parser = subparsers.add_parser("wound", parents=[common], help="one blow to a hit location")
    parser.add_argument("location", metavar="LOCATION",
                        help="as the dashboard reads it: chest, LA, left-arm, r leg, hindq, "
                        "or a D20 roll")  # fmt: skip
    parser.add_argument("--location-hp", type=whole, required=True, metavar="N",
                        help="the location's current hit points")  # fmt: skip
    parser.add_argument("--location-max", type=count, metavar="N",
                        help="the location's full hit points (default: --location-hp)")  # fmt: skip
    parser.add_argument("--total-hp", type=whole, required=True, metavar="N")
    parser.add_argument("--damage", type=count, required=True, metavar="N")
    parser.add_argument("--armour", type=count, default=0, metavar="N")
    parser.add_argument("--severed", action="store_true", help="the limb is already severed")
    parser.add_argument(
        "--hit-table", choices=TABLE_NAMES, default="humanoid", metavar="NAME",
        help=f"the body's hit-location table ({', '.join(TABLE_NAMES)})",
    )  # fmt: skip
    parser.set_defaults(handler=cmd_wound)


def _add_use(parser: argparse.ArgumentParser, what: str) -> None:
    use = parser.add_mutually_exclusive_group()
    for name in ("thrown", "missile", "firearm"):
        use.add_argument(f"--{name}", dest="use", action="store_const", const=name,
                         help=f"{what} is a {name} weapon")  # fmt: skip
    parser.set_defaults(use="melee")


# --- damage -------------------------------------------------------------------------------------


def cmd_damage(args: argparse.Namespace) -> int:
    ruleset = RuleSet(args.ruleset)
    use = WeaponUse(args.use)
    mode = DamageMode.NORMAL if args.level == "success" else DamageMode(args.level)
    if ruleset is RuleSet.BRP and mode is DamageMode.CRITICAL:
        raise CliError("damage: BRP has no critical level (its best is special)")
    try:
        bonus = applicable_bonus(args.db, use)
        expr, ignores = damage_expression(
            args.weapon_dice, bonus, mode, SpecialKind(args.kind), ruleset
        )
    except DiceError as error:
        raise CliError(f"damage: {error}") from None
    rolled = max(0, expr.roll(rules.SeededRng(args.seed)).total)
    data = {
        "expression": str(expr),
        "min": max(0, expr.minimum),
        "max": max(0, expr.maximum),
        "rolled": rolled,
        "armour_counts": not ignores,
        "damage_bonus": bonus,
        "use": use.value,
        "level": args.level,
        "kind": args.kind,
    }
    if args.json:
        print_json(data)
        return 0
    armour = "armour counts" if not ignores else "armour is ignored"
    console().print(
        f"{expr} ({data['min']}-{data['max']}): rolled {rolled}; {armour}"
        + ("" if bonus == "0" or bonus == args.db.lstrip("+") else f" (damage bonus {bonus})")
    )
    return 0


# --- exchange -----------------------------------------------------------------------------------


def cmd_exchange(args: argparse.Namespace) -> int:
    ruleset = RuleSet(args.ruleset)
    defence = Defence(args.defence)
    if (args.attack_chance is None) != (args.defence_chance is None):
        raise CliError("exchange: give both --attack-chance and --defence-chance, or neither")
    if args.defence_level == "none" and defence is not Defence.NONE:
        raise CliError("exchange: DEFENCE_LEVEL none goes with --defence none")
    if args.prior_defences and defence is Defence.NONE:
        raise CliError("exchange: --prior-defences goes with a parry or a dodge")
    defence_level = None if defence is Defence.NONE else Level(args.defence_level)
    attack = Level(args.attack_level)
    penalty = defence_penalty(args.prior_defences, ruleset)
    rolled = args.damage is not None
    # without a blow the weapons' HP change no outcome: any unbroken weapon will do
    attacker_hp = args.attacker_weapon_hp if args.attacker_weapon_hp is not None else 1
    attacking = DealingWeapon("0", use=WeaponUse(args.use), hit_points=attacker_hp)
    parrying = None
    if defence is Defence.PARRY:
        if rolled and args.weapon_hp is None:
            raise CliError(
                "exchange: a parry with --damage needs --weapon-hp N (the parrying weapon's HP)"
            )
        use = WeaponUse.SHIELD if args.shield else WeaponUse.MELEE
        parrying = DealingWeapon(
            "0", use=use, hit_points=1 if args.weapon_hp is None else args.weapon_hp
        )
    try:
        outcome = settle(
            attack,
            defence,
            defence_level,
            args.damage or 0,
            ruleset=ruleset,
            attack_weapon=attacking,
            parry_weapon=parrying,
            armour=args.armour,
        )
    except ExchangeError as error:
        raise CliError(f"exchange: {error}") from None
    if rolled and outcome.cell.damaged is Party.ATTACKER and args.attacker_weapon_hp is None:
        raise CliError(
            "exchange: this parry strikes the attacking weapon: give --attacker-weapon-hp N"
        )
    data = _exchange_data(outcome, rolled)
    data["prior_defences"] = args.prior_defences
    data["defence_penalty"] = penalty
    if args.attack_chance is not None:
        defence_chance = max(0, args.defence_chance - penalty)
        reduced = combat_chances(args.attack_chance, defence_chance, ruleset)
        data["chances"] = {"attack": reduced[0], "defence": reduced[1]}
    if args.json:
        print_json(data)
        return 0
    out = console()
    if penalty:
        out.print(f"defence {defence_note(args.prior_defences, ruleset)}")
    if "chances" in data:
        c = data["chances"]
        out.print(
            f"chances after the over-100% rule: attack {c['attack']}%, defence {c['defence']}%"
        )
    out.print(_exchange_line(outcome, rolled))
    return 0


def _exchange_data(outcome: ExchangeOutcome, rolled: bool) -> dict[str, Any]:
    cell = outcome.cell
    data: dict[str, Any] = {
        "attack": outcome.attack.value,
        "defence": outcome.defence.value,
        "defence_level": None if outcome.defence_level is None else outcome.defence_level.value,
        "damage_roll": None if cell.degree is None else str(cell.degree),
        "rolled_by": outcome.dealer.value,
        "armour_counts": outcome.armour_counts,
        "weapon_damaged": cell.damaged.value,
        "fumbles": [party.value for party in outcome.fumbles],
    }
    if rolled:
        data |= {
            "damage": outcome.damage,
            "to_location": outcome.to_location,
            "to_body": outcome.to_body,
            "parrying_limb": outcome.parrying_limb,
            "weapon_damaged": outcome.damaged_weapon.value,
            "weapon_damage": outcome.weapon_damage,
            "summary": outcome.summary,
        }
    return data


def _exchange_line(outcome: ExchangeOutcome, rolled: bool) -> str:
    if rolled:
        return outcome.summary
    cell = outcome.cell
    if cell.degree is None or outcome.dealer is Party.NONE:
        return outcome.summary
    who = "the attacker" if outcome.dealer is Party.ATTACKER else "the parrying weapon"
    armour = "armour counts" if outcome.armour_counts else "armour is ignored"
    return f"{who} rolls {cell.degree} damage; {armour} (give --damage N for the numbers)"


# --- wound --------------------------------------------------------------------------------------


def cmd_wound(args: argparse.Namespace) -> int:
    table = hit_table(args.hit_table)
    try:
        location, _ = read_location(args.location, table)
    except ValueError as error:
        raise CliError(f"wound: {error}") from None
    if location is None:
        raise CliError(f"wound: name the location ({location_hint(table)})")
    label = location_label(location)
    location_max = args.location_hp if args.location_max is None else args.location_max
    if location_max < 1:
        raise CliError("wound: a location has at least 1 hit point (give --location-max N)")
    if args.location_hp > location_max:
        raise CliError(
            f"wound: --location-hp {args.location_hp} is above --location-max {location_max}"
        )
    if args.severed and not table.spec(location).is_limb:
        raise CliError(f"wound: only a limb can be severed, not the {label}")
    through = rules.armour_absorbs(args.damage, args.armour)
    result = rules.apply_wound(
        location,
        through,
        location_hp=args.location_hp,
        location_max=location_max,
        total_hp=args.total_hp,
        severed=args.severed,
        table=table,
    )
    data = {
        "hit_table": table.name,
        "location": location,
        "damage": args.damage,
        "armour": args.armour,
        "through_armour": through,
        "wound": result.wound,
        "location_hp": result.location_hp,
        "total_hp": result.total_hp,
        "total_loss": result.total_loss,
        "effects": [e.value for e in result.effects],
        "useless": list(result.useless),
        "note": result.note,
    }
    if args.json:
        print_json(data)
        return 0
    effects = ", ".join(data["effects"]) or "no lasting effect"
    useless = (
        f" (useless: {', '.join(map(location_label, result.useless))})" if result.useless else ""
    )
    console().print(
        f"{label}: {through} through armour -> {result.location_hp} HP; "
        f"total {result.total_hp} HP (-{result.total_loss}); {effects}{useless}"
        + (f"; {result.note}" if result.note else "")
    )
    return 0
