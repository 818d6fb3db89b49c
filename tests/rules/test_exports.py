"""The rules package's lazy names: each is where `_EXPORTS` says, as mypy reads it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import gmdash.rules as rules


def test_the_lazy_table_is_the_type_checking_imports() -> None:
    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    guarded = next(node for node in tree.body if isinstance(node, ast.If))
    imported = {
        node.module.removeprefix("gmdash.rules."): tuple(alias.name for alias in node.names)
        for node in guarded.body
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported == rules._EXPORTS
    assert sorted(rules.__all__) == sorted(n for names in rules._EXPORTS.values() for n in names)


def test_every_name_is_its_modules_object() -> None:
    for module, names in rules._EXPORTS.items():
        source = importlib.import_module(f"gmdash.rules.{module}")
        for name in names:
            assert getattr(rules, name) is getattr(source, name)
