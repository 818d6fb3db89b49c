"""Fuzzing every subcommand's arguments: exit 0, or exit 2 with one line; never a traceback.

Seeded and bounded so that CI stays fast: `FUZZ_EXAMPLES` calls (default 300) or `FUZZ_SECONDS`
of wall clock (default 25), whichever ends first; the CLI runs in-process through `main(argv)`.
The longer run, before a release or after touching the CLI:

    FUZZ_EXAMPLES=20000 FUZZ_SECONDS=1500 .venv/bin/python -m pytest -p no:xdist -o addopts='' \
        tests/cli/test_fuzz_cli.py

Every call must: exit 0, or exit 2 with exactly one line on stderr (and nothing on stdout);
never raise (a traceback); never print a raw control character (only line feeds); and leave
the saves folder byte for byte as it was when it exits 2.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import time
from pathlib import Path

import pytest
from helpers import RAW_CONTROL
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from gmdash.cli import main

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
SECONDS = float(os.environ.get("FUZZ_SECONDS", "25"))

HOSTILE = [
    "Grima [/]", "[b]x[/b]", "[@click=app.quit]q[/]", "\x1b]0;PWNED\x07", "\x1b[2J", "\x9b31m",
    "caf\udce9", "\udcff", "\u202eevil", "🐉⚡", "=1+1", "+1", "-1", "@SUM(A1)", "<img onerror=x>",
    "[x](javascript:alert(1))", "a\nb", "\t", "", " ", "con", "NUL", "../../etc", "/", ".",
    "9" * 5_000, "1D" + "9" * 5_000, "-" + "9" * 40, "00", "0", "100", "101", "all", "1e9",
    "N" * 1_000, "\\", "$name", "--json", "-h",
]  # fmt: skip
"""Values that broke something once, or look as if they might."""

TEXT = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(st.characters(codec=None, exclude_categories=()), max_size=30),
    st.text(st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF), min_size=1, max_size=3),
    st.integers(-(10**30), 10**30).map(str),
    st.integers(-5, 150).map(str),
)
CAMPAIGNS = st.sampled_from(["Fuzz", "fuzz", "Nowhere", "con"]) | TEXT

# Each subcommand with the options it takes (a flag takes no value).
FLAG = None
COMMANDS: dict[tuple[str, ...], dict[str, object]] = {
    ("roll",): {"": 1, "--result": TEXT, "--seed": TEXT, "--ruleset": TEXT, "--json": FLAG,
                "--campaign": CAMPAIGNS, "--actor": TEXT, "--label": TEXT},
    ("resist",): {"": 2, "--result": TEXT, "--seed": TEXT, "--json": FLAG,
                  "--campaign": CAMPAIGNS, "--actor": TEXT, "--label": TEXT},
    ("opposed",): {"": 2, "--results": TEXT, "--seed": TEXT, "--json": FLAG,
                   "--campaign": CAMPAIGNS, "--label": TEXT},
    ("dice",): {"": 1, "--seed": TEXT, "--json": FLAG, "--campaign": CAMPAIGNS,
                "--label": TEXT, "--actor": TEXT},
    ("odds",): {"": 1, "--ruleset": TEXT, "--json": FLAG},
    ("attrs",): {"": 0, **{f"--{c}": TEXT for c in ("str", "con", "siz", "dex", "int", "pow",
                                                     "cha", "app")},
                 "--ruleset": TEXT, "--json": FLAG},
    ("table",): {"": 1, "--ruleset": TEXT, "--json": FLAG},
    ("campaign", "new"): {"": 1, "--ruleset": TEXT, "--json": FLAG},
    ("campaign", "list"): {"": 0, "--json": FLAG},
    ("session", "start"): {"": 0, "--campaign": CAMPAIGNS, "--json": FLAG},
    ("session", "end"): {"": 0, "--campaign": CAMPAIGNS, "--json": FLAG},
    ("session", "list"): {"": 0, "--campaign": CAMPAIGNS, "--json": FLAG},
    ("log",): {"": 0, "--campaign": CAMPAIGNS, "--session": TEXT, "--format": TEXT,
               "--rolls": FLAG, "--json": FLAG},
    ("character", "import"): {"": 1, "--campaign": CAMPAIGNS, "--json": FLAG},
    ("character", "export"): {"": 1, "--campaign": CAMPAIGNS, "--out": TEXT},
}  # fmt: skip
KNOWN = {"--format": ["text", "md", "csv", "json"], "--ruleset": ["rqg", "brp"],
         "--session": ["all", "1", "2"], "--results": ["5", "95"]}  # fmt: skip


@st.composite
def command_lines(draw: st.DrawFn, files: list[str]) -> list[str]:
    """A subcommand, its positional arguments and some of its options, in any order."""
    command = draw(st.sampled_from(sorted(COMMANDS)))
    options = COMMANDS[command]
    positional = options[""]
    assert isinstance(positional, int)
    values = TEXT | st.sampled_from(files) if command == ("character", "import") else TEXT
    argv = [draw(values) for _ in range(draw(st.sampled_from([positional, positional,
                                                               max(0, positional - 1),
                                                               positional + 1])))]  # fmt: skip
    names = [name for name in options if name]
    for name in draw(st.lists(st.sampled_from(names), max_size=5)):
        argv.append(name)
        kind = options[name]
        if kind is FLAG:
            continue
        known = KNOWN.get(name)
        strategy = st.sampled_from(known) | TEXT if known else kind
        argv.append(draw(strategy))  # type: ignore[arg-type]
        if name == "--results":
            argv.append(draw(TEXT))
    order = draw(st.permutations(argv)) if draw(st.booleans()) else argv
    return [*command, *order]


def snapshot(saves: Path) -> dict[str, bytes]:
    """Every file under the saves folder (the lock file is not data)."""
    return {
        str(p.relative_to(saves)): p.read_bytes()
        for p in sorted(saves.rglob("*"))
        if p.is_file() and p.name != "campaign.lock"
    }


def hostile_files(folder: Path) -> list[str]:
    """Character files an attacker might send: deep, huge, absurd, broken, not UTF-8."""
    base = {"name": "Harvald", "characteristics": {k: 12 for k in
            ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA")}}  # fmt: skip
    contents: dict[str, bytes] = {
        "ok.json": json.dumps(base).encode(),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "deep-object.json": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
        "absurd.json": json.dumps({**base, "characteristics": {"STR": 10**100}}).encode(),
        "many.json": json.dumps(
            {
                **base,
                "name": "Many",
                "abilities": [{"name": f"S{i}", "value": 1} for i in range(10_000)],
            }
        ).encode(),
        "latin1.json": '{"name": "Café"}'.encode("latin-1"),
        "surrogate.json": b'{"name": "\\udcff", "characteristics": {}}',
        "markup.json": json.dumps({**base, "name": "Grima [/] \x1b[2J", "extra": 1}).encode(),
        "nan.json": b'{"name": "N", "characteristics": {"STR": NaN}}',
        "float.json": json.dumps({**base, "name": "F", "hit_points": 1e308}).encode(),
        "list.json": b"[1, 2, 3]",
        "empty.json": b"",
    }
    for name, data in contents.items():
        (folder / name).write_bytes(data)
    return [str(folder / name) for name in contents] + [str(folder / "missing.json"),
                                                         str(folder)]  # fmt: skip


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("fuzz")
    saves = root / "saves"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--saves", str(saves), "campaign", "new", "Fuzz"]) == 0
        assert main(["--saves", str(saves), "character", "import",
                     hostile_files(root)[0], "--campaign", "Fuzz"]) == 0  # fmt: skip
        assert main(["--saves", str(saves), "roll", "40", "--campaign", "Fuzz",
                     "--label", "Grima [/]", "--actor", "Harvald"]) == 0  # fmt: skip
    return saves, hostile_files(root)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's --help
            status = exit_.code if isinstance(exit_.code, int) else 2
    return status, out.getvalue(), err.getvalue()


def test_every_subcommand_survives_hostile_arguments(arena: tuple[Path, list[str]]) -> None:
    saves, files = arena
    stop = time.monotonic() + SECONDS
    ran: list[list[str]] = []

    @seed(20_261_201)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(command_lines(files))
    def one_call(argv: list[str]) -> None:
        if time.monotonic() > stop:
            return
        ran.append(argv)
        before = snapshot(saves)
        status, out, err = run(["--saves", str(saves), *argv])
        assert status in (0, 2), (argv, status, err)
        assert not RAW_CONTROL.search(out), (argv, out[:300])
        assert not RAW_CONTROL.search(err), (argv, err[:300])
        if status == 2:
            assert out == "" and err.endswith("\n") and err.count("\n") == 1, (argv, err)
            assert snapshot(saves) == before, f"{argv} changed the saves and exited 2"

    one_call()
    assert len(ran) >= min(EXAMPLES, 50), "the budget ran out before the fuzz could run"
