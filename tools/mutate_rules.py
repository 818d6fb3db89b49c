"""Mutation testing of the rules core: small code changes the tests of `tests/rules` must catch.

    .venv/bin/python tools/mutate_rules.py --sample 200    # a fresh random sample, 2 workers
    .venv/bin/python tools/mutate_rules.py --sample 200 --seed 1234   # replay a printed seed
    .venv/bin/python tools/mutate_rules.py                 # every mutant
    .venv/bin/python tools/mutate_rules.py --module wounds --list
    .venv/bin/python tools/mutate_rules.py --retry run.txt   # only the survivors of a run

Each mutant changes one spot of one module of `gmdash/rules/`: a comparison (`<` to `<=`, `==`
to `!=`, `in` to `not in`...), an arithmetic operator (`+` to `-`, `*` to `//`...), a whole-number
constant (n to n + 1), `and` to `or`, a `not` dropped, `True` to `False` (decorators are left
alone). The module is rewritten from its syntax tree (so comments and docstrings play no part)
into a copy of the repository in a temporary folder, and `pytest -x` runs the tests there. A
mutant is killed when the tests fail (or hang past the timeout, or the module no longer
imports); it survives when they pass.

A sample is drawn afresh each run from a seed the run prints (`--seed` replays it): a fixed
sample would measure only the mutants the tests were written against. Mutants that change
nothing observable (equivalent mutants) are left out of the draw only when `EQUIVALENT` below
lists them, each with the reason; every other survivor counts against the rate.

Speed on a shared machine: each mutant first runs the test files that import its module (those
named after it first), and only a mutant they all pass runs the other files of `tests/rules`
too (so a survivor has passed every file). Mutants run in `--jobs` worker processes (2 by
default), each in its own copy; xdist is off; a timeout bounds each mutant.

This is our own script rather than mutmut so that it needs nothing beyond pytest and the
standard library, and leaves the work tree untouched.
"""

from __future__ import annotations

import argparse
import ast
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "gmdash" / "rules"

# Mutants known to change nothing a caller can observe, by (module, function, the mutated code,
# the change); each with why. They are left out of every draw and counted apart.
EQUIVALENT: dict[tuple[str, str, str, str], str] = {
    ("levels", "_thresholds", "chance < 96", "Lt -> LtE"): (
        "at C = 96 the formula 100 - max(1, (100 - 96 + 10) // 20) + 1 is 100 too: the fumble "
        "starts at 00 on both sides of the boundary"
    ),
    ("dice", "DiceTerm.bounds", "self.sign > 0", "Gt -> GtE"): (
        "a term's sign is +1 or -1 (parse_dice and every caller build it so), never 0"
    ),
    ("opposed", "reduce_over_100", "excess <= 0", "LtE -> Lt"): (
        "an excess of exactly 0 taken off both chances leaves them as they are"
    ),
    ("opposed", "_rqg_outcome", "level_a.rank > level_b.rank", "Gt -> GtE"): (
        "the line runs only under `if level_a.rank != level_b.rank`: the ranks never tie there"
    ),
    ("opposed", "_rqg_outcome", "roll_a > roll_b", "Gt -> GtE"): (
        "the line before returns a tie when roll_a == roll_b: the rolls never tie there"
    ),
    ("opposed", "_brp_result", "chance_a > chance_b", "Gt -> GtE"): (
        "the branch before takes chance_a == chance_b (a stalemate): the chances never tie there"
    ),
    ("skill_categories", "secondary_modifier", "value <= 16", "LtE -> Lt"): (
        "at 16 the formula below gives (4 - 4) * 5 = 0 too: the boundary row reads 0 either way"
    ),
    ("game_time", "parse_span", "total <= 0", "0 -> 1"): (
        "every unit is a multiple of 12 seconds (a round): a total is 0 or at least 12, never 1"
    ),
    (
        "exchange",
        "_weapon_harm",
        "{WeaponLoss.NONE: 0, WeaponLoss.ONE_IF_PAST: 1 if past > 0 "
        "else 0, WeaponLoss.PAST: past, WeaponLoss.FULL: blow, WeaponLoss.ONE: 1, WeaponLoss.TWO: "
        "2}",
        "0 -> 1",
    ): (
        "the NONE entry is never read: every cell losing no weapon HP (_NOTHING, _hit) damages "
        "no weapon, and settle calls _weapon_harm only when a weapon is damaged"
    ),
    (
        "locations",
        "HitTable.from_rows",
        "isinstance(low, int) and isinstance(high, int) and isinstance(delta, int)",
        "And -> Or",
    ): (
        "an assert for the type checker: the line above refuses any of the three that is not a "
        "whole number, so all three hold; 'or' of three true tests is true too"
    ),
    (
        "calendar",
        "parse_gloranthan",
        "parts.day is not None and parts.year is not None and (season is not None)",
        "And -> Or",
    ): (
        "an assert for the type checker: the line above raises when any of them is None, so all "
        "hold; 'or' of true tests is true too"
    ),
    ("levels", "_level_of", "chance <= 0", "LtE -> Lt"): (
        "at chance 0 _thresholds gives critical (RQG) 0, special 0 and success 0: the general path"
        " below then gives FUMBLE from the fumble roll up and FAILURE under it, as this branch "
        "does"
    ),
    ("levels", "<module>", "_CACHE_LIMIT = 1024", "1024 -> 1025"): (
        "the cache's size limit only says when it starts over: every entry it holds is the value "
        "computed for its key, so the results are the same at 1024 or 1025"
    ),
    ("levels", "thresholds", "len(cache) >= _CACHE_LIMIT", "GtE -> Gt"): (
        "when the cache starts over (at 1024 or 1025 entries) changes no result: every entry it "
        "holds is the value computed for its key"
    ),
    ("levels", "levels_by_roll", "len(cache) >= _CACHE_LIMIT", "GtE -> Gt"): (
        "when the cache starts over (at 1024 or 1025 entries) changes no result: every entry it "
        "holds is the value computed for its key"
    ),
    ("levels", "thresholds", "ruleset is _BRP", "Is -> IsNot"): (
        "only swaps which of the two caches holds which rule set's thresholds, the same way on "
        "every call: each still holds one rule set's values only"
    ),
    ("levels", "levels_by_roll", "ruleset is _BRP", "Is -> IsNot"): (
        "only swaps which of the two caches holds which rule set's levels, the same way on every "
        "call: each still holds one rule set's values only"
    ),
    ("levels", "thresholds", "type(chance) is not int", "IsNot -> Is"): (
        "only which path computes the thresholds changes (the per-chance cache or _thresholds "
        "itself): both give the same Thresholds for every chance (a float chance equal to a whole "
        "one compares equal to its cached entry)"
    ),
    ("levels", "level_of", "type(chance) is not int", "IsNot -> Is"): (
        "only which path computes the level changes for a whole-number roll (levels_by_roll's "
        "cached row or _level_of): both give the same level for every chance"
    ),
    ("levels", "_thresholds", "chance < 96", "96 -> 97"): (
        "at C = 96 the formula 100 - max(1, (100 - 96 + 10) // 20) + 1 is 100 too, what the else "
        "gives: the fumble starts at 00 on both sides of the boundary"
    ),
    ("wounds", "conditions_held", "location_hp.get(spec.key, 0)", "0 -> 1"): (
        "a location missing from location_hp reads as unhurt: 0 and 1 are both above -full for any"
        " full above 0 (the test before skips full <= 0), so neither holds a condition"
    ),
    ("wounds", "standing_conditions", "location_hp.get(key, 1)", "1 -> 2"): (
        "a head or chest missing from location_hp reads as unhurt: 1 and 2 are both above 0"
    ),
    ("attributes", "damage_bonus", "str_plus_siz <= 40", "LtE -> Lt"): (
        "at STR+SIZ 40 the formula below gives +(2 + (40 - 41) // 16)D6 = +1D6 too, what this "
        "branch returns"
    ),
    ("dice", "_add_die", "[0]", "0 -> 1"): (
        "every prefix sum starts one higher, and _add_die reads only differences of two prefix "
        "sums: the counts are the same"
    ),
    ("dice", "DiceTerm.__str__", "self.sign < 0", "Lt -> LtE"): (
        "a term's sign is +1 or -1 (parse_dice and every caller build it so), never 0"
    ),
    ("rolls", "<module>", "_CACHE_LIMIT = 512", "512 -> 513"): (
        "the cache's size limit only says when it starts over: every entry it holds is the value "
        "computed for its key, so the results are the same at 512 or 513"
    ),
    ("rolls", "resolve", "len(cache) >= _CACHE_LIMIT", "GtE -> Gt"): (
        "when the cache starts over (at 512 or 513 entries) changes no result: every entry it "
        "holds is the value computed for its key"
    ),
    ("rolls", "resolve", "ruleset is _BRP", "Is -> IsNot"): (
        "only swaps which of the two caches holds which rule set's results, the same way on every "
        "call: each still holds one rule set's values only"
    ),
    ("rolls", "resolve", "1 <= roll <= 100", "LtE -> Lt"): (
        "a roll of 1 (or 100) then takes the plain path, level_of, instead of the cached row: both"
        " give the same RollResult"
    ),
    ("rolls", "resolve", "1 <= roll <= 100", "1 -> 2"): (
        "a roll of 1 then takes the plain path, level_of, instead of the cached row: both give the"
        " same RollResult"
    ),
    ("rolls", "read_d100", "len(body) <= 3", "3 -> 4"): (
        "the body has no leading zero, so a fourth digit makes it 1000 or more: refused by the 1 "
        "to 100 test below with the same message either way"
    ),
    ("magic_recovery", "recovered", "clock_after <= clock_before", "LtE -> Lt"): (
        "equal clocks regain points_by(c) - points_by(c) = 0 through the formula too"
    ),
    ("magic_recovery", "recovered", "current >= full", "GtE -> Gt"): (
        "a pool at exactly full regains min(gained, full - current) = min(gained, 0) = 0 through "
        "the formula too (gained is never negative: the clock only goes forward here)"
    ),
    ("magic_recovery", "recovered", "full <= 0", "LtE -> Lt"): (
        "a pool of 0: a current of 0 or more was already refused by the test before "
        "(current >= full); a negative one gains min(0, 0 - current) = 0 through the formula"
    ),
    ("resistance", "resistance_level_chance", "max(1, chance)", "1 -> 2"): (
        "chances 1 and 2 read the same thresholds in both rule sets (critical 1 or none, special "
        "1, success 5, fumble 96): every roll reaches the same level"
    ),
    (
        "holy_days",
        "<module>",
        "{HolyDayLevel.WEEKLY: 0, HolyDayLevel.SEASONAL: 1, HolyDayLevel.HIGH: 2}",
        "2 -> 3",
    ): (
        "rank is only compared (play/time_passing, play/calendar's sort): 3 keeps high above "
        "seasonal and weekly"
    ),
    ("dice", "DiceTerm.__str__", "self.sign < 0", "0 -> 1"): (
        "a term's sign is +1 or -1, never 0: sign < 1 and sign < 0 are both true for -1 only"
    ),
    ("dice", "DiceExpr.distribution", "term.sign > 0", "Gt -> GtE"): (
        "a term's sign is +1 or -1 (parse_dice and every caller build it so), never 0"
    ),
    ("dice", "parse_dice", "position > 0", "0 -> 1"): (
        "a piece at position 1 follows a one-character first term: a digit (matched greedily, so "
        "the next character is no digit nor D: this piece is empty and the second test refuses "
        "it), a lone D (refused: no sides) or a lone sign (refused: nothing after it)"
    ),
    ("defences", "ordinal", "10 <= number % 100 <= 20", "10 -> 11"): (
        "a number ending in 10 (10, 110...) falls to the general rule instead, which gives 10 % 10"
        " = 0: 'th', the same '10th'"
    ),
    ("rolls", "resolve", "type(chance) is not int", "IsNot -> Is"): (
        "only which path computes the result changes (the per-chance cache or the plain "
        "level_of): both give the same RollResult for every chance and roll"
    ),
    ("spells", "raised_damage", "constant > 0", "Gt -> GtE"): (
        "the line runs only under `if constant:`, so constant is never 0 there"
    ),
    ("spells", "raised_damage", "1 if constant > 0 else -1", "1 -> 2"): (
        "the term's sign only reaches the returned text, and DiceTerm.__str__ reads it as "
        "sign < 0: +1 and +2 both print '+'"
    ),
    ("spells", "raised_damage", "-1", "1 -> 2"): (
        "the term's sign only reaches the returned text, and DiceTerm.__str__ reads it as "
        "sign < 0: -1 and -2 both print '-'"
    ),
}

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}


@dataclass(frozen=True)
class Mutant:
    """One change: the module, the n-th mutable spot in it, its line, the enclosing function
    (or class, or "<module>"), the code it changes and the change."""

    module: str
    spot: int
    line: int
    where: str
    code: str
    change: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.module, self.where, self.code, self.change)

    def __str__(self) -> str:
        code = self.code if len(self.code) <= 60 else self.code[:57] + "..."
        where = f"{self.module}.py:{self.line} (#{self.spot}) in {self.where}"
        return f"{where}: `{code}`: {self.change}"


def _is_docstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    return isinstance(parent, ast.Expr)


def _decorators(tree: ast.AST) -> set[ast.AST]:
    """Every node inside a decorator: `@dataclass(frozen=True, slots=True)` toggles change how
    a class is built, not what a rule says; mutating them only adds equivalent mutants."""
    inside: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            for decorator in node.decorator_list:
                inside.update(ast.walk(decorator))
    return inside


def _enclosing(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    names: list[str] = []
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.append(node.name)
    return ".".join(reversed(names)) or "<module>"


def _spots(tree: ast.AST) -> Iterator[tuple[ast.AST, int, str, object]]:
    """Every mutable spot in tree order: (node, line, description, how to mutate it)."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    skipped = _decorators(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                swap = _COMPARE_SWAPS.get(type(op))
                if swap:
                    yield node, line, f"{type(op).__name__} -> {swap.__name__}", ("cmp", i, swap)
        elif isinstance(node, ast.BinOp | ast.AugAssign):
            to = _BINOP_SWAPS.get(type(node.op))
            if to:
                yield node, line, f"{type(node.op).__name__} -> {to.__name__}", ("op", to)
        elif isinstance(node, ast.BoolOp):
            other = ast.Or if isinstance(node.op, ast.And) else ast.And
            yield node, line, f"{type(node.op).__name__} -> {other.__name__}", ("bool", other)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, line, "not x -> x", ("not",)
        elif isinstance(node, ast.Constant) and not _is_docstring(node, parents):
            if isinstance(node.value, bool):
                yield node, line, f"{node.value} -> {not node.value}", ("const", not node.value)
            elif isinstance(node.value, int):
                value = node.value
                yield node, line, f"{value} -> {value + 1}", ("const", value + 1)


def _apply(node: ast.AST, how: object) -> None:
    assert isinstance(how, tuple)
    kind = how[0]
    if kind == "cmp":
        assert isinstance(node, ast.Compare)
        node.ops[how[1]] = how[2]()
    elif kind in ("op", "bool"):
        node.op = how[1]()  # type: ignore[attr-defined]
    elif kind == "not":
        assert isinstance(node, ast.UnaryOp)
        # Turn `not x` into `(x)` by wrapping it in a no-op unary plus on a bool.
        node.op = ast.UAdd()
        node.operand = ast.Call(ast.Name("bool", ast.Load()), [node.operand], [])
    elif kind == "const":
        assert isinstance(node, ast.Constant)
        node.value = how[1]


def mutants(stem: str, source: str) -> list[Mutant]:
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: list[Mutant] = []
    for spot, (node, line, change, _) in enumerate(_spots(tree)):
        # A constant alone says little: show the smallest expression or statement holding it.
        shown = parents.get(node, node) if isinstance(node, ast.Constant) else node
        code = " ".join(ast.unparse(shown).split())
        found.append(Mutant(stem, spot, line, _enclosing(node, parents), code, change))
    return found


def mutated_source(source: str, spot: int) -> str:
    tree = ast.parse(source)
    for index, (node, _, _, how) in enumerate(_spots(tree)):
        if index == spot:
            _apply(node, how)
            return ast.unparse(ast.fix_missing_locations(tree))
    raise IndexError(f"no mutable spot {spot}")


# Which test files to run first for a mutant of a module: those importing it, directly or
# through other rules modules (read from the imports, not run). Only an order: a mutant that
# passes them still runs every other file.


def _rules_imports(tree: ast.AST, exports: dict[str, str]) -> set[str]:
    """The rules modules a module or test file imports (anywhere in it, lazily or not)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "gmdash.rules":
                found.update(exports.get(a.name, a.name) for a in node.names)
            elif node.module.startswith("gmdash.rules."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "gmdash.rules":
                    found.update(exports.values())  # the whole package, lazily
                elif alias.name.startswith("gmdash.rules."):
                    found.add(alias.name.split(".")[2])
    return found


def _test_order(tests_dir: Path, stems: list[str]) -> dict[str, tuple[list[str], list[str]]]:
    """For each rules module: (the test files to run first, the others), relative paths."""
    init = ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))
    exports = {
        alias.asname or alias.name: node.module.split(".")[2]
        for node in ast.walk(init)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gmdash.")
        for alias in node.names
    }
    exports.update({stem: stem for stem in stems})
    graph = {
        p.stem: _rules_imports(ast.parse(p.read_text(encoding="utf-8")), exports)
        for p in RULES.glob("*.py")
        if p.stem != "__init__"
    }

    def closure(start: set[str]) -> set[str]:
        seen, todo = set(), list(start)
        while todo:
            stem = todo.pop()
            if stem not in seen:
                seen.add(stem)
                todo.extend(graph.get(stem, ()))
        return seen

    helpers = {p.stem: p for p in tests_dir.glob("*.py") if not p.stem.startswith("test_")}
    files = sorted(tests_dir.rglob("test_*.py"))
    reach: dict[Path, tuple[set[str], set[str]]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        direct = _rules_imports(tree, exports)
        for node in ast.walk(tree):  # the test folder's own helper modules (seed tables...)
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module in helpers:
                helper = ast.parse(helpers[node.module].read_text(encoding="utf-8"))
                direct |= _rules_imports(helper, exports)
        reach[path] = (direct, closure(direct))
    order: dict[str, tuple[list[str], list[str]]] = {}
    for stem in stems:
        first = sorted(
            (p for p in files if stem in reach[p][1]),
            key=lambda p: (stem not in p.stem, stem not in reach[p][0], p.name),
        )
        rest = [p for p in files if p not in first]
        order[stem] = ([str(p.relative_to(REPO)) for p in first],
                       [str(p.relative_to(REPO)) for p in rest])  # fmt: skip
    return order


# A pytest plugin for the copies: hypothesis stops at its first failing example instead of
# shrinking it (a killed mutant needs a failure, not the smallest one) and keeps no database
# (each mutant is judged on its own). Loaded before the test modules, so their own `settings`
# inherit it.
_PLUGIN = """
from hypothesis import Phase, settings

settings.register_profile(
    "mutants", phases=[Phase.explicit, Phase.reuse, Phase.generate], database=None
)
settings.load_profile("mutants")
"""


def _copy_repo(into: Path) -> None:
    for name in ("gmdash", "tests", "docs"):
        shutil.copytree(REPO / name, into / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(REPO / "pyproject.toml", into / "pyproject.toml")
    (into / "mutants_plugin.py").write_text(_PLUGIN, encoding="utf-8")


def _pytest(workdir: Path, tests: list[str], timeout: float, *, show: bool = False) -> str:
    """'killed', 'survived' or 'timeout' for the copy as it stands (`show`: print the output)."""
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(workdir)}
    # The tests find the seed texts beside the repository: point the copy at the same ones.
    seeds = REPO.parent / "shared" / "seeds"
    if "GMDASH_SEEDS" not in env and seeds.is_dir():
        env["GMDASH_SEEDS"] = str(seeds)
    # No xdist (one process per mutant is cheaper than a pool per mutant), no cache, no reorder.
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-o", "addopts=",
               "-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:randomly",
               "-p", "mutants_plugin", *tests]  # fmt: skip
    try:
        done = subprocess.run(
            command, cwd=workdir, env=env, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if show and done.returncode:
        sys.stderr.write(done.stdout.decode(errors="replace")[-3000:])
    return "survived" if done.returncode == 0 else "killed"


# "  survived wounds.py:82 (#41) in heal: `a + b`: Add -> Sub": the spot number, not the line,
# names the mutant (docstrings and comments may move lines without changing the spots).
_SURVIVED = re.compile(r"^(?:  survived|\[\d+/\d+\] timeout ) (\w+)\.py:\d+ \(#(\d+)\)", re.M)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", action="append", help="only these rules modules (by stem)")
    parser.add_argument("--sample", type=int, help="test a random sample of N mutants")
    parser.add_argument("--seed", type=int, help="the sample's seed (default: a fresh one)")
    parser.add_argument(
        "--tests", nargs="+", help="run these instead of tests/rules (in this order, no split)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds per mutant, at least 4x the unmutated run",
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument(
        "--retry",
        type=Path,
        help="only the mutants an earlier run's output lists as survived or timed out",
    )
    args = parser.parse_args(argv)

    modules = sorted(p for p in RULES.glob("*.py") if p.stem != "__init__")
    if args.module:
        modules = [p for p in modules if p.stem in args.module]
    # Read once: editing the work tree while a run goes on cannot change what it mutates.
    sources = {p.stem: p.read_text(encoding="utf-8") for p in modules}
    every = [m for stem, source in sources.items() for m in mutants(stem, source)]
    equivalent = [m for m in every if m.key in EQUIVALENT]
    candidates = [m for m in every if m.key not in EQUIVALENT]
    chosen = candidates
    seed = args.seed
    if args.retry:
        survived = set(_SURVIVED.findall(args.retry.read_text(encoding="utf-8")))
        chosen = [m for m in every if (m.module, str(m.spot)) in survived]
    elif args.sample and args.sample < len(candidates):
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        chosen = sorted(
            random.Random(seed).sample(candidates, args.sample), key=lambda m: (m.module, m.spot)
        )
    header = (
        f"{len(chosen)} of {len(candidates)} mutants"
        + (f", seed {seed} (replay: --seed {seed})" if seed is not None and args.sample else "")
        + f"; {len(equivalent)} marked equivalent and left out (EQUIVALENT says why)"
    )
    if args.list:
        for m in chosen:
            print(m)
        print(header)
        return 0
    print(header, flush=True)

    order = _test_order(REPO / "tests" / "rules", list(sources))

    def stages(mutant: Mutant) -> list[list[str]]:
        if args.tests:
            return [args.tests]
        first, rest = order[mutant.module]
        return [part for part in (first, rest) if part]

    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="gmdash-mutants-"))
    try:
        workdirs: queue.Queue[Path] = queue.Queue()
        for n in range(max(1, args.jobs)):
            work = folder / str(n)
            _copy_repo(work)
            for stem, source in sources.items():
                (work / "gmdash" / "rules" / f"{stem}.py").write_text(source, encoding="utf-8")
            workdirs.put(work)
        baseline = args.tests or ["tests/rules"]
        before = time.monotonic()
        if _pytest(folder / "0", baseline, max(args.timeout, 300), show=True) != "survived":
            print("the tests fail before any mutation: fix them first", file=sys.stderr)
            return 2
        # A loaded machine slows every run: a survivor must not pass for a timeout (a kill).
        timeout = max(args.timeout, 4 * (time.monotonic() - before))

        lock = threading.Lock()
        stopping = threading.Event()
        done: list[tuple[Mutant, str]] = []

        def run(mutant: Mutant) -> None:
            work = workdirs.get()
            target = work / "gmdash" / "rules" / f"{mutant.module}.py"
            try:
                target.write_text(mutated_source(sources[mutant.module], mutant.spot))
                deadline = time.monotonic() + timeout
                verdict = "survived"
                for tests in stages(mutant):
                    verdict = _pytest(work, tests, max(1.0, deadline - time.monotonic()))
                    if verdict != "survived":
                        break
            finally:
                target.write_text(sources[mutant.module], encoding="utf-8")
                workdirs.put(work)
            with lock:
                if stopping.is_set():  # ctrl+c reached its pytest too: no verdict
                    return
                done.append((mutant, verdict))
                print(f"[{len(done)}/{len(chosen)}] {verdict:8} {mutant}", flush=True)

        pool = ThreadPoolExecutor(max_workers=max(1, args.jobs))
        try:
            for future in [pool.submit(run, m) for m in chosen]:
                future.result()
        except KeyboardInterrupt:  # ctrl+c: the summary of the mutants judged before it
            stopping.set()
            print("\ninterrupted: the summary counts the mutants run so far", flush=True)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    elapsed = time.monotonic() - started
    survivors = sorted((m for m, v in done if v == "survived"), key=lambda m: (m.module, m.spot))
    timeouts = sum(v == "timeout" for _, v in done)
    killed = len(done) - len(survivors)
    print(f"\n{header}; {len(done)} run in {elapsed / 60:.1f} min with {args.jobs} jobs")
    print(f"killed {killed} ({timeouts} by timeout), survived {len(survivors)}")
    print(f"kill rate {100 * killed / max(1, len(done)):.1f}%")
    for m in survivors:
        print(f"  survived {m}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
