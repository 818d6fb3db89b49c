"""The rules the dashboard's CSS parses to, kept from one start to the next.

At every start Textual parses the CSS of each widget class on screen (its own, the app's, the
panes'): some 25 sources, about 10 ms of the first frame. What a source parses to depends only
on its text, where it was read from and the theme's variables; so once a start has parsed them,
the rules are kept (pickled) in the config folder, and the next start gives them to its
stylesheet before anything is parsed: each source is then found already parsed. They are kept
for this Textual, this Python and these variables only (`gmdash.store.kept_bytes`); a source
that changed has another text, so it is parsed as before, and so is everything when the file is
missing, torn or foreign.

The file is read by an unpickler that builds Textual's style classes and nothing else; the
selectors and enum members it holds are written as calls of their classes (`_Pickler`), so
no function ever needs to be found by name.
"""

from __future__ import annotations

import io
import pickle
import sys
from contextlib import suppress
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import textual
from textual.cache import LRUCache
from textual.css.model import RuleSet, Selector
from textual.css.styles import Styles
from textual.css.stylesheet import Stylesheet

from gmdash.store.errors import StoreError
from gmdash.store.kept_bytes import key_of, read_kept, source_marks, write_kept

FORM = b"gmdash-parsed-styles-2\n"
STYLES_FILE = "parsed-styles.cache"
STYLE_PACKAGES = ("textual.css.", "textual.layouts.")
STYLE_MODULES = frozenset({"textual.color", "textual.geometry"})
ROOT_FILES = frozenset({"color.py", "geometry.py", "__init__.py"})
"""Textual's own files (beside its `css` and `layouts` folders) whose classes a parse makes."""
ParseKey = tuple[str, tuple[str, str], bool, int, str]
"""How Textual's stylesheet files a parsed source: its text, where it was read from (file or
class, and the class variable), whether it is a widget's default CSS, its tie-breaker and its
scope (`Stylesheet._parse_rules`)."""


class _Pickler(pickle.Pickler):
    """Writes an enum member as a call of its class with its value, and a selector or a rule's
    styles as a call of its class with its fields: what they make of their fields (a
    selector's matching function, the styles' look-ups in their rules) is made again by the
    class, never written as a function to find by name."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Enum):
            return type(obj), (obj.value,)
        if isinstance(obj, Selector):
            return Selector, (obj.name, obj.combinator, obj.type, obj.pseudo_classes,
                              obj.specificity, obj.advance)  # fmt: skip
        if isinstance(obj, Styles):
            if obj.node is not None:  # a widget's own styles: never in a parsed rule
                raise pickle.PicklingError("styles of a widget")
            return Styles, (None, obj.get_rules(), obj._updates, obj.important)
        return NotImplemented


class _StyleUnpickler(pickle.Unpickler):
    """Builds only Textual's style classes (rules, selectors, styles and their values)."""

    def find_class(self, module: str, name: str) -> type:
        if (module in STYLE_MODULES or module.startswith(STYLE_PACKAGES)) and not name.startswith(
            "_"
        ):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a style")


def _is_parse_key(key: object) -> bool:
    if not isinstance(key, tuple) or len(key) != 5:
        return False
    css, read_from, is_default, tie_breaker, scope = key
    return (
        isinstance(css, str)
        and isinstance(read_from, tuple)
        and len(read_from) == 2
        and all(isinstance(part, str) for part in read_from)
        and isinstance(is_default, bool)
        and isinstance(tie_breaker, int)
        and isinstance(scope, str)
    )


def _is_table(kept: object) -> bool:
    return isinstance(kept, dict) and all(
        _is_parse_key(key)
        and isinstance(rules, list)
        and all(isinstance(rule, RuleSet) for rule in rules)
        for key, rules in kept.items()
    )


def _parse_cache(stylesheet: Stylesheet) -> LRUCache[Any, list[RuleSet]] | None:
    """Where the stylesheet files what it parsed (None: not the Textual this was made for)."""
    cache = getattr(stylesheet, "_parse_cache", None)
    return cache if isinstance(cache, LRUCache) else None


@cache
def _textual_mark() -> tuple[str, ...]:
    """What the parse is made of: the name, size and time of each source file of Textual's CSS,
    colours, geometry and layouts (an upgrade changes them). Not `textual.__version__`: that
    reads the package's metadata, slower than the parse this saves."""
    root = Path(textual.__file__).parent
    marks: list[str] = []
    for folder, names in ((root / "css", None), (root / "layouts", None), (root, ROOT_FILES)):
        with suppress(OSError):
            marks += (f"{folder.name}/{mark}" for mark in source_marks(folder, names))
    return tuple(marks)


def _key(stylesheet: Stylesheet) -> bytes:
    variables = getattr(stylesheet, "_variables", {})
    return key_of(sys.version, str(pickle.HIGHEST_PROTOCOL), *_textual_mark(),
                  *sorted(f"{name}={value}" for name, value in variables.items()))  # fmt: skip


class KeptStyles:
    """The parsed rules kept in `folder` (None: nothing kept, nothing read)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else folder / STYLES_FILE
        self.given: set[ParseKey] = set()
        """The sources given this start (and, once kept, those the file holds)."""
        self._offered_for: bytes | None = None
        """The variables' key when the rules were offered: those a start begins with."""

    def give(self, stylesheet: Stylesheet) -> int:
        """Give `stylesheet` the rules kept for its variables, before it parses; returns how
        many sources it was given."""
        cache = _parse_cache(stylesheet)
        if self.path is None or cache is None:
            return 0
        key = self._offered_for = _key(stylesheet)
        payload = read_kept(self.path, FORM, key)
        if payload is None:
            return 0
        try:
            kept = _StyleUnpickler(io.BytesIO(payload)).load()
        except Exception:  # a torn or foreign file is a miss, whatever the unpickler says
            return 0
        if not _is_table(kept):
            return 0
        for source, rules in kept.items():
            cache.set(source, rules)
        self.given = set(kept)
        return len(kept)

    def keep(self, stylesheet: Stylesheet) -> bool:
        """Once the first frame is drawn: keep what the stylesheet has parsed, if this start
        parsed anything it was not given (else the file holds it already). True if written."""
        cache = _parse_cache(stylesheet)
        if self.path is None or cache is None:
            return False
        key = _key(stylesheet)
        if key != self._offered_for:
            # The variables changed since the start (a theme other than Textual's default is
            # applied after it, and the CSS parsed again): rules kept for these variables
            # would never be offered. Parsed at every start, as before.
            return False
        parsed: dict[ParseKey, list[RuleSet]] = {}
        for source in list(cache.keys()):
            rules = cache.get(source)
            if _is_parse_key(source) and rules is not None:
                parsed[source] = rules
        if set(parsed) <= self.given:  # nothing parsed that the file does not hold
            return False
        buffer = io.BytesIO()
        try:
            _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(parsed)
        except (pickle.PicklingError, TypeError, AttributeError):
            return False  # not the Textual this was made for: parsed at every start, as before
        with suppress(StoreError, OSError):
            write_kept(self.path, FORM, key, buffer.getvalue())
            self.given = set(parsed)
            return True
        return False
