"""The layering contracts cover every module: a new module cannot slip past import-linter."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE_THE_CORE = {"gmdash.rules", "gmdash.cli", "gmdash.tui", "gmdash.__main__"}


def test_every_non_tui_module_is_forbidden_textual() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    rules_contract, core_contract = contracts
    package = ROOT / "gmdash"
    modules = {
        f"gmdash.{path.stem if path.is_file() else path.name}"
        for path in package.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    core = modules - OUTSIDE_THE_CORE
    assert core <= set(core_contract["source_modules"])
    assert core <= set(rules_contract["forbidden_modules"])
    assert {"textual", "gmdash.tui"} <= set(core_contract["forbidden_modules"])
