"""The dashboard's modules read from one kept file: the same modules, and never a stale or damaged
one."""

from __future__ import annotations

import importlib.util
import marshal
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest

from gmdash.cli.kept_modules import KeptModules
from gmdash.store.module_cache import modules_key, read_modules, write_modules

PROBE = "gmdash.kept_probe"


def _probe(folder: Path, text: str = "ANSWER = 42\n") -> Path:
    source = folder / "kept_probe.py"
    source.write_text(text)
    return source


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """The probe module's folder (the kept file goes elsewhere: it would change the folder)."""
    folder = tmp_path / "package"
    folder.mkdir()
    return folder


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "config" / "modules.cache"


def _keep(cache: Path, folder: Path, source: Path) -> None:
    info, folder_info = source.stat(), folder.stat()
    code = compile(source.read_text(), str(source), "exec")
    write_modules(cache, modules_key(str(folder)), {
        PROBE: (str(source), info.st_size, info.st_mtime_ns, folder_info.st_mtime_ns,
                marshal.dumps(code)),
    })  # fmt: skip


def _finder(cache: Path, folder: Path) -> KeptModules:
    return KeptModules(cache, str(folder), read_modules(cache, modules_key(str(folder))))


def _load(finder: KeptModules) -> ModuleType | None:
    spec = finder.find_spec(PROBE)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_kept_module_is_served_with_its_source_as_its_file(cache: Path, package: Path) -> None:
    source = _probe(package)
    _keep(cache, package, source)
    finder = _finder(cache, package)
    module = _load(finder)
    assert module is not None and module.ANSWER == 42
    assert module.__file__ == str(source) and finder.served == 1 and finder.taken == 0


def test_other_packages_are_never_served(cache: Path, package: Path) -> None:
    source = _probe(package)
    _keep(cache, package, source)
    finder = _finder(cache, package)
    assert finder.find_spec("kept_probe") is None and finder.find_spec("json") is None


def test_a_changed_source_is_not_served(cache: Path, package: Path) -> None:
    source = _probe(package)
    _keep(cache, package, source)
    _probe(package, "ANSWER = 43\n")  # same size: its time tells
    os.utime(source, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns + 1_000_000))
    assert _load(_finder(cache, package)) is None


def test_a_file_added_beside_the_source_is_not_served_over(cache: Path, package: Path) -> None:
    # A package of the same name added next to it would be what Python imports.
    _keep(cache, package, _probe(package))
    (package / "kept_probe").mkdir()
    assert _load(_finder(cache, package)) is None


@pytest.mark.parametrize("damage", ["flip a byte of the code", "cut the file", "another key"])
def test_a_damaged_or_foreign_file_serves_nothing(cache: Path, package: Path, damage: str) -> None:
    source = _probe(package)
    _keep(cache, package, source)
    data = bytearray(cache.read_bytes())
    if damage == "flip a byte of the code":
        data[-3] ^= 0xFF
        cache.write_bytes(bytes(data))
    elif damage == "cut the file":
        cache.write_bytes(bytes(data[: len(data) // 2]))
    else:
        write_modules(cache, modules_key("/elsewhere"), {})
    assert _load(_finder(cache, package)) is None


def test_a_link_in_the_files_place_is_not_read(cache: Path, package: Path) -> None:
    source = _probe(package)
    _keep(cache, package, source)
    link = cache.with_name("link.cache")
    link.symlink_to(cache)
    assert _load(_finder(link, package)) is None


SCRIPT = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from gmdash.cli import kept_modules

    kept = kept_modules.install(Path(sys.argv[1]))
    assert kept_modules.install(Path(sys.argv[1])) is kept  # once per process
    from gmdash.rules.resistance import resistance_chance
    import gmdash.rules.resistance as module

    assert resistance_chance(12, 10) == 60, resistance_chance(12, 10)
    assert module.__file__.endswith("resistance.py")
    import rich.cells  # a library the dashboard starts with: served the same way
    import json.scanner  # the standard library: left to Python's own finders

    assert rich.cells.cell_len("ab") == 2 and rich.cells.__file__.endswith("cells.py")
    print(kept.served, kept.taken, type(module.__spec__.loader).__name__,
          type(rich.cells.__spec__.loader).__name__, type(json.scanner.__spec__.loader).__name__)
    kept.save()
    """
)


def test_the_second_start_is_served_the_modules_the_first_imported(tmp_path: Path) -> None:
    cache = tmp_path / "compiled-modules.cache"

    def start() -> list[str]:
        done = subprocess.run([sys.executable, "-c", SCRIPT, str(cache)], capture_output=True,
                              text=True, check=True)  # fmt: skip
        return done.stdout.split()

    served, taken, loader, library, standard = start()
    assert int(served) == 0 and int(taken) >= 2 and loader == library == "_TakingLoader"
    served, taken, loader, library, standard = start()
    assert int(served) >= 2 and int(taken) == 0 and loader == library == "_KeptLoader"
    assert standard == "SourceFileLoader"


def test_saving_keeps_what_was_served_and_taken_and_lets_the_file_go(
    cache: Path, package: Path
) -> None:
    _keep(cache, package, _probe(package))
    finder = _finder(cache, package)
    assert _load(finder) is not None
    other = package / "other_probe.py"
    other.write_text("OTHER = 1\n")
    finder.take("gmdash.other_probe", str(other), compile("OTHER = 1\n", str(other), "exec"))
    finder.save()  # the kept file is let go before it is replaced (as Windows requires)
    spec = finder.find_spec(PROBE)  # found as usual from now on: not from the file let go
    assert spec is None or type(spec.loader).__name__ != "_KeptLoader"
    again = read_modules(cache, modules_key(str(package)))
    assert set(again.index) == {PROBE, "gmdash.other_probe"}
    assert again.code(again.index["gmdash.other_probe"]) is not None
