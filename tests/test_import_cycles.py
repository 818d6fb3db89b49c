"""No import cycle inside gmdash, counting every import statement.

Every `import` and `from ... import` of a gmdash module counts, wherever it is written: at the top,
inside a function (a lazy import) or under `if TYPE_CHECKING:`. A cycle hidden behind a lazy or
type-only import is still two modules that cannot be understood apart, so none is allowed.
The implicit import of a parent package (`gmdash.model` when `gmdash.model.state` loads) is not
an edge: Python runs the parent first, so it cannot close a cycle by itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gmdash"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The gmdash modules that `name` imports, anywhere in its source."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as a path that ends where it starts, or None (depth-first search)."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, pending = stack[-1]
            if not pending:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
                continue
            nxt = pending.pop()
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                stack.append((nxt, sorted(graph[nxt])))
                path.append(nxt)
                on_path.add(nxt)
    return None


def test_the_search_finds_a_cycle_when_there_is_one() -> None:
    found = _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()})
    assert found is not None and found[0] == found[-1] and set(found) == {"a", "b", "c"}
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_sees_lazy_and_type_only_imports() -> None:
    graph = _graph()
    assert "gmdash.play.campaign" in graph["gmdash.tui.app"]
    assert "gmdash.tui.launch" in graph["gmdash.cli"]  # imported inside a function


def test_no_import_cycle_inside_gmdash() -> None:
    assert _cycle(_graph()) is None
