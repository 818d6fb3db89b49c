"""Dataclass methods kept compiled between starts: the same classes, faster, never wrong.

Each test runs in a fresh interpreter (the patch is once per process, and must not leak into
the test process).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmdash.store.code_cache import read_codes, write_codes

SCRIPT = textwrap.dedent(
    """
    import dataclasses, sys
    from pathlib import Path
    from gmdash.cli.class_code import install

    code = install(Path(sys.argv[1]))
    assert install(Path(sys.argv[1])) is code  # once per process

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Blow:
        location: str
        damage: int = 0

    @dataclasses.dataclass(slots=True)
    class Tally:
        hits: list[int] = dataclasses.field(default_factory=list)

    blow = Blow(location="left arm", damage=4)
    assert blow == Blow(location="left arm", damage=4) and blow != Blow(location="head")
    assert repr(blow) == "Blow(location='left arm', damage=4)"
    assert hash(blow) == hash(Blow(location="left arm", damage=4))
    try:
        blow.damage = 5
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a frozen class took a new value")
    try:
        Blow("left arm")
    except TypeError:
        pass
    else:
        raise AssertionError("keyword-only fields took a positional value")
    assert Tally().hits == [] and Tally().hits is not Tally().hits
    # the methods are compiled as `dataclasses` compiles them: real annotations, not strings
    assert Blow.__init__.__annotations__ == {"location": str, "damage": int, "return": None}
    print(code.compiled)
    code.save()
    """
)


def _run(path: Path) -> int:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(path)], capture_output=True,
                          text=True, check=True)  # fmt: skip
    return int(done.stdout.strip())


def test_the_second_start_compiles_nothing_and_the_classes_behave_the_same(
    tmp_path: Path,
) -> None:
    path = tmp_path / "config" / "compiled-classes.cache"
    first = _run(path)
    assert first >= 8  # Blow and Tally's methods (and those of the modules imported)
    assert path.exists()
    assert _run(path) == 0


@pytest.mark.parametrize("damage", ["truncated", "flipped", "foreign", "folder"])
def test_a_damaged_file_means_compiling_again(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "compiled-classes.cache"
    first = _run(path)
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        path.write_bytes(data[:-3] + bytes([data[-3] ^ 0xFF]) + data[-2:])
    elif damage == "foreign":
        path.write_bytes(b"not ours at all")
    else:
        path.unlink()
        path.mkdir()
    assert read_codes(path).as_dict() == {}
    if damage != "folder":
        assert _run(path) == first  # compiled again, and kept again
        assert _run(path) == 0


def test_only_code_objects_are_read_back(tmp_path: Path) -> None:
    path = tmp_path / "compiled-classes.cache"
    code = compile("x = 1", "<string>", "exec")
    write_codes(path, {"x = 1": code})
    assert read_codes(path).as_dict() == {"x = 1": code}
    kept = read_codes(path)
    assert kept.get("x = 1") == code and kept.get("y = 2") is None


BEFORE_INSTALL = textwrap.dedent(
    """
    import dataclasses, sys
    from gmdash.cli.class_code import install  # what the dashboard imports before `install`
    from gmdash.config import config_path

    for name, module in sorted(sys.modules.items()):
        if name.startswith("gmdash"):
            for thing in vars(module).values():
                if dataclasses.is_dataclass(thing) and thing.__module__ == name:
                    print(f"{name}.{thing.__name__}")
    """
)


def test_no_class_of_gmdash_is_defined_before_the_kept_code_is_in_use() -> None:
    # A class defined before `install` compiles its methods at every start (the store's
    # package once brought the whole model in with the code cache's module).
    done = subprocess.run([sys.executable, "-c", BEFORE_INSTALL], capture_output=True,
                          text=True, check=True)  # fmt: skip
    # Only the command line's own, read before the dashboard is chosen (the rule sets came with
    # argparse's help formatter, which the dashboard's start no longer imports).
    assert done.stdout.split() == ["gmdash.config.Config"]
