"""The game master's settings: one TOML file in the platform's config folder.

    theme = "textual-light"      # remembered when ctrl+t or the palette changes it
    ruleset = "brp"              # for new campaigns and the CLI's rolls
    saves = "~/rpg/saves"        # a relative folder is taken from the config file's folder
    player_rolls = "confirm"     # players' links: "on", "confirm" (the GM allows each), "off"
    [keys]                       # binding id = key(s), see `gmdash config keys`
    "roster.roll" = "space"

A file that cannot be read as TOML, or a setting of the wrong kind, is never fatal and never
rewritten: each problem is one message naming the line, and the defaults stand in for what is wrong.
Only the stdlib is imported at the top (every CLI command reads this file).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONFIG_ENV = "GMDASH_CONFIG"
CONFIG_NAME = "config.toml"
APP_NAME = "gmdash"
RULESETS = ("rqg", "brp")
PLAYER_ROLLS = ("on", "confirm", "off")
"""What players' links may do: roll, ask the game master first, or nothing (the first: default)."""
SETTINGS = ("theme", "ruleset", "saves", "player_rolls", "keys")
MAX_CONFIG_BYTES = 1_000_000
"""A settings file is a few lines; a bigger one is refused unread (it is not ours)."""


@dataclass(frozen=True)
class Config:
    """The settings read from `path` (None where the file leaves the default)."""

    path: Path
    theme: str | None = None
    ruleset: str | None = None
    saves: Path | None = None
    player_rolls: str | None = None
    keys: Mapping[str, str] = field(default_factory=dict)  # binding id -> "key[,key...]"
    problems: tuple[str, ...] = ()
    lines: Mapping[str, int] = field(default_factory=dict)  # "theme", "keys.roster.roll" -> line

    def problem(self, setting: str, what: str, fallback: str) -> str:
        """A message about `setting` naming its line, in the form of the load problems."""
        return _message(self.path, self.lines.get(setting), what, fallback)


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """`$GMDASH_CONFIG`, else `config.toml` in the platform's user config folder."""
    environ = os.environ if environ is None else environ
    env = environ.get(CONFIG_ENV)
    if env:
        return Path(env).expanduser().absolute()
    if sys.platform == "linux":
        # platformdirs' rule, spelled out: importing it (and the tempfile module it pulls in)
        # would slow `gmdash roll` down. tests/test_config.py checks the two agree.
        xdg = environ.get("XDG_CONFIG_HOME", "").strip()
        base = Path(xdg) if xdg else Path(environ.get("HOME") or Path.home()) / ".config"
        return base / APP_NAME / CONFIG_NAME
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False) / CONFIG_NAME


def load_config(path: Path | None = None) -> Config:
    """The settings in `path` (default: `config_path()`); a missing file means every default."""
    path = config_path() if path is None else path
    try:
        raw = _read(path)
    except FileNotFoundError:
        return Config(path)
    except OSError as error:
        return Config(path, problems=(_message(path, None, f"cannot be read ({error.strerror})",
                                               "every setting has its default"),))  # fmt: skip
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return Config(path, problems=(_message(path, line, "is not UTF-8 text",
                                               "every setting has its default"),))  # fmt: skip
    import tomllib  # only when there is a file to read

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        at, reason = _toml_error(str(error))
        return Config(path, problems=(_message(path, at, f"is not valid TOML ({reason})",
                                               "every setting has its default"),))  # fmt: skip
    except RecursionError:  # the same depth limit as every save file's
        return Config(path, problems=(_message(path, None, "is nested too deeply to be settings",
                                               "every setting has its default"),))  # fmt: skip
    return _settings(path, data, setting_lines(text))


def _read(path: Path) -> bytes:
    """The config file's bytes, through a link (a dotfile manager's) but never blocking: a FIFO
    or a device in its place is refused unread (OSError), as is a file over MAX_CONFIG_BYTES.
    (`gmdash.store.osio.read_user_file` does the same for the store; every command reads this
    file, and a roll without a campaign imports nothing of the store.)"""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        data = os.read(fd, MAX_CONFIG_BYTES + 1) if info.st_size <= MAX_CONFIG_BYTES else b""
        if info.st_size > MAX_CONFIG_BYTES or len(data) > MAX_CONFIG_BYTES:
            raise OSError(errno.EFBIG, f"larger than {MAX_CONFIG_BYTES:,} bytes", str(path))
        return data
    finally:
        os.close(fd)


def _settings(path: Path, data: dict[str, Any], lines: dict[str, int]) -> Config:
    problems: list[str] = []

    def bad(setting: str, what: str, fallback: str) -> None:
        problems.append(_message(path, lines.get(setting), what, fallback))

    for name in data:
        if name not in SETTINGS:
            bad(name, f"unknown setting {name!r} (known: {', '.join(SETTINGS)})", "ignored")
    theme = data.get("theme")
    if theme is not None and not (isinstance(theme, str) and theme.strip()):
        bad("theme", "theme must be a theme's name", "the default theme is used")
        theme = None
    ruleset = data.get("ruleset")
    if ruleset is not None and ruleset not in RULESETS:
        bad("ruleset", f"ruleset must be 'rqg' or 'brp', not {ruleset!r}", "rqg is used")
        ruleset = None
    saves_value = data.get("saves")
    saves: Path | None = None
    if saves_value is not None:
        if isinstance(saves_value, str) and saves_value.strip():
            saves = path.parent / Path(saves_value).expanduser()
        else:
            bad("saves", "saves must be a folder's path", "the default saves folder is used")
    player_rolls = data.get("player_rolls")
    if player_rolls is not None and player_rolls not in PLAYER_ROLLS:
        bad("player_rolls", f"player_rolls must be 'on', 'confirm' or 'off', not {player_rolls!r}",
            "on is used")  # fmt: skip
        player_rolls = None
    keys, key_problems = _keys(data.get("keys"))
    for setting, what in key_problems:
        bad(setting, what, "every key keeps its default")
    if key_problems:
        keys = {}
    return Config(path, theme=theme, ruleset=ruleset, saves=saves, player_rolls=player_rolls,
                  keys=keys, problems=tuple(problems), lines=lines)  # fmt: skip


def _keys(table: object) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The `[keys]` table flattened to `id -> "k1,k2"` (`roster.roll = ...`, written dotted or as
    a `[keys.roster]` table, is the id `roster.roll`); problems as (setting, message)."""
    if table is None:
        return {}, []
    if not isinstance(table, dict):
        return {}, [("keys", "keys must be a table of binding id = key")]
    keys: dict[str, str] = {}
    problems: list[tuple[str, str]] = []

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for name, value in node.items():
            binding_id = f"{prefix}{name}"
            if isinstance(value, dict):
                walk(binding_id + ".", value)
            elif isinstance(value, str) and value.strip():
                keys[binding_id] = value
            elif isinstance(value, list) and value and all(isinstance(k, str) for k in value):
                keys[binding_id] = ",".join(value)
            else:
                problems.append((f"keys.{binding_id}",
                                 f"{binding_id} must be a key or a list of keys"))  # fmt: skip

    walk("", table)
    return keys, problems


# Patterns as text, compiled on first use (re caches them): most runs read no config file.
_TOML_AT = r"^(?P<reason>.*?)\s*\(at line (?P<line>\d+), column \d+\)$"


def _toml_error(message: str) -> tuple[int | None, str]:
    found = re.match(_TOML_AT, message)
    if found is None:
        return None, message
    return int(found["line"]), found["reason"]


def _message(path: Path, line: int | None, what: str, fallback: str) -> str:
    where = f"{path}, line {line}" if line is not None else str(path)
    return f"config {where}: {what}; {fallback}"


_TABLE = r"^\s*\[\s*(?P<name>[^\[\]]+?)\s*\]"
_KEY = r"^\s*(?P<key>(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-.\s])+?)\s*="


def _dotted(key: str) -> str:
    """`"roster.roll"`, `roster . roll`, `'roster'.roll` -> `roster.roll` (good enough to name a
    line: quoted parts with dots inside are read as one part)."""
    parts = re.findall(r"\"([^\"]*)\"|'([^']*)'|([^.\s\"']+)", key)
    return ".".join(next(p for p in groups if p) for groups in parts if any(groups))


def setting_lines(text: str) -> dict[str, int]:
    """Where each setting is written: its dotted name (`theme`, `keys.roster.roll`) -> line.

    Only called on text that parsed as TOML, to name the line of a setting with a bad value.
    """
    lines: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        if (header := re.match(_TABLE, line)) is not None:
            table = _dotted(header["name"])
            lines.setdefault(table, number)
            continue
        if (key := re.match(_KEY, line)) is not None:
            name = _dotted(key["key"])
            lines.setdefault(f"{table}.{name}" if table else name, number)
    return lines


# --- remembering a setting --------------------------------------------------------------------

_HEADER = "# gmdash settings (see `gmdash config --help`)\n"


def remember(path: Path, setting: str, value: str) -> str | None:
    """Write the top-level `setting = "value"` into the config file, keeping every other line.

    Returns why it was not written (the file is unreadable or does not parse: it is left
    untouched), or None once it is written.
    """
    import tomllib

    from gmdash.store.atomic import write_atomic

    try:
        text = _read(path).decode("utf-8")
    except FileNotFoundError:
        text = _HEADER
    except (OSError, UnicodeDecodeError) as error:
        return f"config {path} cannot be read ({error}); {setting} not remembered"
    try:
        before = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return f"config {path} is not valid TOML; {setting} not remembered (file left untouched)"
    assignment = f"{setting} = {_toml_string(value)}"
    updated = _replace_top_level(text, setting, assignment)
    try:
        after = tomllib.loads(updated)
    except (tomllib.TOMLDecodeError, RecursionError):
        after = {}
    if after != {**before, setting: value}:  # the edit must change that one setting only
        return f"config {path}: {setting} could not be written safely; file left untouched"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, updated.encode("utf-8"))
    except OSError as error:
        return f"config {path} cannot be written ({error.strerror}); {setting} not remembered"
    return None


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _replace_top_level(text: str, setting: str, assignment: str) -> str:
    """`text` with the top-level line of `setting` replaced (or added before the first table)."""
    lines = text.splitlines(keepends=True)
    first_table = len(lines)
    for index, line in enumerate(lines):
        if re.match(_TABLE, line):
            first_table = index
            break
        key = re.match(_KEY, line)
        if key is not None and _dotted(key["key"]) == setting:
            ending = "\n" if line.endswith("\n") else ""
            return "".join([*lines[:index], assignment + ending, *lines[index + 1 :]])
    head = lines[:first_table]
    if head and not head[-1].endswith("\n"):
        head[-1] += "\n"
    return "".join([*head, assignment + "\n", *lines[first_table:]])
