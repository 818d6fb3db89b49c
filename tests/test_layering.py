"""The layering contracts cover every module: a new module cannot slip past import-linter."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE_THE_CORE = {"gmdash.rules", "gmdash.cli", "gmdash.tui", "gmdash.serve", "gmdash.__main__"}


def _contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def _top_level_modules() -> set[str]:
    package = ROOT / "gmdash"
    return {
        f"gmdash.{path.stem if path.is_file() else path.name}"
        for path in package.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }


def test_every_non_tui_module_is_forbidden_textual() -> None:
    forbidden = [c for c in _contracts() if c["type"] == "forbidden"]
    rules_contract, core_contract, *_ = forbidden
    core = _top_level_modules() - OUTSIDE_THE_CORE
    assert core <= set(core_contract["source_modules"])
    assert core <= set(rules_contract["forbidden_modules"])
    assert {"textual", "gmdash.tui"} <= set(core_contract["forbidden_modules"])


def test_every_module_has_a_layer() -> None:
    (layers,) = [c for c in _contracts() if c["type"] == "layers"]
    layered = {name.strip() for layer in layers["layers"] for name in layer.split("|")}
    assert _top_level_modules() - {"gmdash.__main__"} == layered
