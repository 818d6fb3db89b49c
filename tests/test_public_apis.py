"""gmdash and its tests use the public API of Textual, Rich, TinyDB and Python, and keep no code.

Read from the source (its syntax tree), not from a list someone keeps up to date:

- no import of a private module (`textual._context`, `_blake2`) or of a private name from one
  of the libraries (`from textual.keys import _character_to_key`);
- no attribute of the libraries' private names (every `_name` their own source uses) read or
  set on anything but gmdash's own objects, and none of the names the start-up machinery used
  (listed below, from issue 28) anywhere;
- no gmdash class built on a library class defines or uses, on itself, a private name of the
  classes it is built on (an override of `App._handle_exception`, a read of `self._closing`);
- no private name of the standard library's modules (`dataclasses._create_fn`), `os._exit`
  aside: it is public, documented, and ends the dashboard's process (`gmdash.cli.console`);
- no `pickle`, `marshal` or `shelve`: nothing gmdash reads can be code.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import sys
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import gmdash

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ("textual", "rich", "tinydb")
CODE_LOADERS = frozenset({"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "copyreg"})

MACHINERY = frozenset({
    # Textual's App, Screen, Widget and MessagePump internals the start-up machinery used
    "_register", "_refresh_layout", "_layout_required", "_scroll_required", "_dirty_widgets",
    "_compositor", "_closing", "_closed", "_dispatch_message", "_compose", "_close_all",
    "_handle_exception", "_get_default_css", "_update_auto_focus", "_has_focus_within",
    "_message_queue", "_pending_message", "_callbacks", "_next_callbacks", "_parent",
    "_is_mounted", "_display", "_notifications", "_background_screens", "_styles_cache",
    "_wait_for_screen", "_character_to_key",
    # Textual's stylesheet and styles, its context variables and clock
    "_parse_cache", "_parse_rules", "_variables", "_updates", "active_app",
    "visible_screen_stack", "active_message_pump", "_time",
    # TinyDB's tables
    "_get_next_id", "_query_cache",
    # the standard library's dataclasses and argparse
    "_create_fn", "_actions", "_choices_actions", "_option_string_actions", "_subparsers",
    "_getframe",
})  # fmt: skip
"""Names that appear nowhere in gmdash or its tests, whatever they are read on."""

NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
"""The public methods of named tuples (Rich's `Segment` is one), underscored to leave room for
field names."""
PUBLIC_PRIVATE_LOOKING = frozenset({("os", "_exit")})
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
"""Underscored names the standard library documents as public."""


def sources() -> Iterator[Path]:
    for folder in ("gmdash", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__snapshots__" not in path.parts:
                yield path


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@cache
def library_private_names() -> frozenset[str]:
    """Every underscored name the libraries' own source reads, sets or defines."""
    names: set[str] = set()
    for library in LIBRARIES:
        spec = importlib.util.find_spec(library)
        assert spec is not None and spec.origin is not None
        for path in Path(spec.origin).parent.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_bytes())):
                if isinstance(node, ast.Attribute) and is_private(node.attr):
                    names.add(node.attr)
                elif isinstance(node, DEFINITIONS) and is_private(node.name):
                    names.add(node.name)
    return frozenset(names - NAMEDTUPLE_API)


def class_body_names(node: ast.ClassDef) -> Iterator[str]:
    """The names a class body defines: its methods and class attributes."""
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            yield item.name
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            yield item.target.id
        elif isinstance(item, ast.Assign):
            yield from (target.id for target in item.targets if isinstance(target, ast.Name))


@cache
def own_private_names() -> frozenset[str]:
    """The underscored names gmdash and its tests define themselves: methods and class
    attributes of their classes, and what their methods set on `self`."""
    names: set[str] = set()
    for path in sources():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef):
                names.update(class_body_names(node))
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == "self"
            ):
                names.add(node.attr)
    return frozenset(name for name in names if is_private(name))


def where(path: Path, node: ast.AST) -> str:
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{shown}:{getattr(node, 'lineno', '?')}"


def imported_modules(module: ast.Module) -> dict[str, str]:
    """The names a module binds to the standard library's modules by `import X` (as X)."""
    bound: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in sys.stdlib_module_names:
                    bound[alias.asname or top] = alias.name if alias.asname else top
    return bound


def import_problems(path: Path) -> Iterator[str]:
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
            names: list[str] = []
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
            names = [alias.name for alias in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if module != "__future__" and any(is_private(part) or part == "_" for part in parts):
                yield f"{where(path, node)}: imports the private module {module}"
            if parts[0] in CODE_LOADERS:
                yield f"{where(path, node)}: imports {module}, which loads code"
            if parts[0] in LIBRARIES or parts[0] in sys.stdlib_module_names:
                for name in names:
                    if is_private(name):
                        yield f"{where(path, node)}: imports the private {module}.{name}"
        for name in names:
            if name in MACHINERY:
                yield f"{where(path, node)}: imports {name}"


def attribute_problems(path: Path) -> Iterator[str]:
    module = tree(path)
    stdlib = imported_modules(module)
    library_names, own = library_private_names(), own_private_names()
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in MACHINERY:
            yield f"{where(path, node)}: defines {node.name}"
        if not isinstance(node, ast.Attribute) or not is_private(node.attr):
            continue
        name, value = node.attr, node.value
        if name in MACHINERY:
            yield f"{where(path, node)}: uses {name}"
        elif isinstance(value, ast.Name) and value.id in stdlib:
            if (stdlib[value.id], name) not in PUBLIC_PRIVATE_LOOKING:
                yield f"{where(path, node)}: uses the private {stdlib[value.id]}.{name}"
        elif isinstance(value, ast.Name) and value.id in LIBRARIES:
            yield f"{where(path, node)}: uses the private {value.id}.{name}"
        elif name in library_names and name not in own:
            # read on something else than gmdash's own objects (self's are checked below)
            yield f"{where(path, node)}: uses {name}, a private name of {', '.join(LIBRARIES)}"


def gmdash_modules() -> Iterator[str]:
    for module in pkgutil.walk_packages(gmdash.__path__, prefix="gmdash."):
        if not module.name.endswith("__main__"):  # it runs the command
            yield module.name


def bases_private_names(cls: type) -> set[str]:
    """The underscored names the library classes among `cls`'s bases define or set on
    themselves."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in LIBRARIES:
            names |= library_class_names(base)
    return names - NAMEDTUPLE_API


@cache
def library_class_names(base: type) -> frozenset[str]:
    names = {name for name in vars(base) if is_private(name)}
    try:
        source = textwrap.dedent(inspect.getsource(base))
    except (OSError, TypeError):
        return frozenset(names)
    names.update(on_self(ast.parse(source)))
    return frozenset(names)


def on_self(source: ast.AST) -> Iterator[str]:
    """The underscored names `source` reads or sets on `self` or `cls`."""
    for node in ast.walk(source):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
            and is_private(node.attr)
        ):
            yield node.attr


def names_used_on_self(cls: type) -> set[str]:
    """The underscored names a class's own source defines, or reads and sets on `self` or
    `cls` (not what Textual's metaclass or `abc` add to every class)."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return set()
    (body,) = ast.parse(source).body
    assert isinstance(body, ast.ClassDef)
    used = set(class_body_names(body)) | set(on_self(body))
    return {name for name in used if is_private(name)}


@pytest.mark.parametrize("path", list(sources()), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_private_name_of_the_libraries_or_of_python(path: Path) -> None:
    problems = [*import_problems(path), *attribute_problems(path)]
    assert problems == [], "\n".join(problems)


def test_no_gmdash_class_reaches_into_the_library_classes_it_is_built_on() -> None:
    problems: list[str] = []
    for name in gmdash_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not isinstance(cls, type) or cls.__module__ != name:
                continue
            if not any(b.__module__.split(".")[0] in LIBRARIES for b in cls.__mro__):
                continue
            clash = names_used_on_self(cls) & bases_private_names(cls)
            if clash:
                problems.append(f"{name}.{cls.__qualname__}: {sorted(clash)}")
    assert problems == [], "\n".join(problems)


def test_the_walk_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The checks above fail on the kinds of use the start-up machinery made."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import pickle\n"
        "import dataclasses\n"
        "from textual._context import active_app\n"
        "from textual.keys import _character_to_key\n"
        "def f(app, screen):\n"
        "    dataclasses._create_fn\n"
        "    app._register(app, screen)\n"
        "    screen._compositor.render_strips()\n"
        "    return screen._dirty_widgets\n",
        encoding="utf-8",
    )
    found = "\n".join([*import_problems(bad), *attribute_problems(bad)])
    for expected in ("imports pickle", "private module textual._context", "_character_to_key",
                     "uses _create_fn", "uses _register", "uses _compositor",
                     "uses _dirty_widgets"):  # fmt: skip
        assert expected in found, found
