"""Mutation testing of the rules core: small code changes the tests of `tests/rules` must catch.

    .venv/bin/python tools/mutate_rules.py                 # every mutant, one core
    .venv/bin/python tools/mutate_rules.py --sample 150    # a seeded random sample
    .venv/bin/python tools/mutate_rules.py --module wounds --list
    .venv/bin/python tools/mutate_rules.py --retry run.txt   # only the survivors of a run

Each mutant changes one spot of one module of `gmdash/rules/`: a comparison (`<` to `<=`, `==`
to `!=`, `in` to `not in`...), an arithmetic operator (`+` to `-`, `*` to `//`...), a whole-number
constant (n to n + 1), `and` to `or`, a `not` dropped, `True` to `False` (decorators are left
alone). The module is rewritten
from its syntax tree (so comments and docstrings play no part) into a copy of the repository in
a temporary folder, and `pytest -x tests/rules` runs there. A mutant is killed when the tests
fail (or hang past the timeout, or the module no longer imports); it survives when they pass.
Mutants that change nothing observable (an equivalent mutant) survive too: read the list.

This is our own script rather than mutmut so that it needs nothing beyond pytest and the
standard library, leaves the work tree untouched, and stays bounded on a shared machine: a seeded
sample (`--sample`), a timeout per mutant, `-x` so a killed mutant stops at its first failure.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "gmdash" / "rules"

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
    """One change: the module, the n-th mutable spot in it, its line and what it does."""

    module: str
    spot: int
    line: int
    change: str


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
            swap = _BINOP_SWAPS.get(type(node.op))
            if swap:
                yield node, line, f"{type(node.op).__name__} -> {swap.__name__}", ("op", swap)
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
    return [
        Mutant(stem, spot, line, change)
        for spot, (_, line, change, _) in enumerate(_spots(ast.parse(source)))
    ]


def mutated_source(source: str, spot: int) -> str:
    tree = ast.parse(source)
    for index, (node, _, _, how) in enumerate(_spots(tree)):
        if index == spot:
            _apply(node, how)
            return ast.unparse(ast.fix_missing_locations(tree))
    raise IndexError(f"no mutable spot {spot}")


def _copy_repo(into: Path) -> None:
    for name in ("gmdash", "tests", "docs"):
        shutil.copytree(REPO / name, into / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(REPO / "pyproject.toml", into / "pyproject.toml")


def _pytest(workdir: Path, tests: list[str], timeout: float, *, show: bool = False) -> str:
    """'killed', 'survived' or 'timeout' for the copy as it stands (`show`: print the output)."""
    env = os.environ | {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(workdir)}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n0", "-p", "no:cacheprovider",
               "-p", "no:randomly", *tests]  # fmt: skip
    try:
        done = subprocess.run(
            command, cwd=workdir, env=env, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    if show and done.returncode:
        sys.stderr.write(done.stdout.decode(errors="replace")[-3000:])
    return "survived" if done.returncode == 0 else "killed"


# "  survived wounds.py:82 (#41): Add -> Sub": the spot number, not the line, names the mutant
# (docstrings and comments may move lines without changing the spots).
_SURVIVED = re.compile(r"^  survived (\w+)\.py:\d+ \(#(\d+)\): (.+)$", re.MULTILINE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", action="append", help="only these rules modules (by stem)")
    parser.add_argument("--sample", type=int, help="test a seeded random sample of N mutants")
    parser.add_argument("--seed", type=int, default=10, help="the sample's seed (default 10)")
    parser.add_argument("--tests", nargs="+", default=["tests/rules"], help="what pytest runs")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument(
        "--retry", type=Path, help="only the mutants an earlier run's output lists as survived"
    )
    args = parser.parse_args(argv)

    modules = sorted(p for p in RULES.glob("*.py") if p.stem != "__init__")
    if args.module:
        modules = [p for p in modules if p.stem in args.module]
    # Read once: editing the work tree while a run goes on cannot change what it mutates.
    sources = {p.stem: p.read_text(encoding="utf-8") for p in modules}
    every = [m for stem, source in sources.items() for m in mutants(stem, source)]
    chosen = every
    if args.sample and args.sample < len(every):
        chosen = sorted(
            random.Random(args.seed).sample(every, args.sample), key=lambda m: (m.module, m.spot)
        )
    if args.retry:
        survived = set(_SURVIVED.findall(args.retry.read_text(encoding="utf-8")))
        chosen = [m for m in every if (m.module, str(m.spot), m.change) in survived]
    if args.list:
        for m in chosen:
            print(f"{m.module}.py:{m.line} (#{m.spot}): {m.change}")
        print(f"{len(chosen)} of {len(every)} mutants")
        return 0

    started = time.monotonic()
    survivors: list[Mutant] = []
    counts = {"killed": 0, "survived": 0, "timeout": 0}
    with tempfile.TemporaryDirectory(prefix="gmdash-mutants-") as folder:
        work = Path(folder)
        _copy_repo(work)
        for stem, source in sources.items():
            (work / "gmdash" / "rules" / f"{stem}.py").write_text(source, encoding="utf-8")
        if _pytest(work, args.tests, args.timeout, show=True) != "survived":
            print("the tests fail before any mutation: fix them first", file=sys.stderr)
            return 2
        for number, mutant in enumerate(chosen, start=1):
            target = work / "gmdash" / "rules" / f"{mutant.module}.py"
            target.write_text(mutated_source(sources[mutant.module], mutant.spot))
            try:
                verdict = _pytest(work, args.tests, args.timeout)
            finally:
                target.write_text(sources[mutant.module], encoding="utf-8")
            counts["killed" if verdict == "timeout" else verdict] += 1
            counts["timeout"] += verdict == "timeout"
            if verdict == "survived":
                survivors.append(mutant)
            where = f"{mutant.module}.py:{mutant.line} (#{mutant.spot})"
            print(f"[{number}/{len(chosen)}] {verdict:8} {where}: {mutant.change}", flush=True)
    elapsed = time.monotonic() - started
    killed = counts["killed"]
    print(f"\n{len(chosen)} of {len(every)} mutants run in {elapsed / 60:.1f} min")
    print(f"killed {killed} ({counts['timeout']} by timeout), survived {len(survivors)}")
    print(f"kill rate {100 * killed / max(1, len(chosen)):.1f}%")
    for m in survivors:
        print(f"  survived {m.module}.py:{m.line} (#{m.spot}): {m.change}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
