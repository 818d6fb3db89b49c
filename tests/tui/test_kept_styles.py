"""gmdash/tui/kept_styles.py: the rules the CSS parses to, kept from one start to the next.

A start keeps them once its first frame is drawn; the next start is given them and parses no
CSS before its first frame, which is drawn exactly as before. Every CSS the dashboard has (its
screen's and its dialogs') comes back from the file as it was parsed. A torn file, one holding
anything but styles, or one made for other variables (another theme) is not taken.
"""

from __future__ import annotations

import io
import os
import pickle
from pathlib import Path
from typing import Any

import pytest
from helpers import demo_session, fixed_clock
from textual.app import App
from textual.css.model import RuleSet
from textual.css.parse import parse

from gmdash.config import load_config
from gmdash.rules import SeededRng
from gmdash.store.kept_bytes import write_kept
from gmdash.tui import kept_styles
from gmdash.tui.app import LIGHT_THEME, GmDashApp
from gmdash.tui.kept_styles import FORM, STYLES_FILE, KeptStyles, _Pickler, _StyleUnpickler
from gmdash.tui.preload import _import_all, default_css, dialog_modules, widget_classes

SIZE = (160, 50)


def canonical(rules: list[RuleSet]) -> list[tuple[Any, ...]]:
    """What a parsed rule is, comparable (a layout is an instance per parse: its class)."""

    def value(item: object) -> object:
        return type(item).__name__ if type(item).__module__.startswith("textual.layouts") else item

    return [(rule.selector_set, {k: value(v) for k, v in rule.styles.get_rules().items()},
             rule.styles.important, rule.errors, rule.pseudo_classes, rule.selector_names,
             rule.is_default_rules, rule.tie_breaker)
            for rule in rules]  # fmt: skip


def round_trip(rules: list[RuleSet]) -> list[RuleSet]:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(rules)
    kept: list[RuleSet] = _StyleUnpickler(io.BytesIO(buffer.getvalue())).load()
    return kept


def app_on(service: object, config: Path) -> GmDashApp:
    return GmDashApp(service, rng=SeededRng(7), clock=fixed_clock,  # type: ignore[arg-type]
                     config=load_config(config))  # fmt: skip


def count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each CSS text Textual's parser is handed from now on."""
    parsed: list[str] = []

    def counted(scope: str, css: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr("textual.css.stylesheet.parse", counted)
    return parsed


async def first_frame(app: GmDashApp, parsed: list[str] | None = None) -> str:
    """The app's first frame; `parsed` then holds only what was parsed before it (the dialogs'
    CSS is parsed afterwards, at rest)."""
    drawn = app._first_frame_drawn
    before: list[str] = []

    def first_frame_drawn() -> None:
        before.extend(parsed or [])
        drawn()

    app._first_frame_drawn = first_frame_drawn  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shot = app.export_screenshot()
    if parsed is not None:
        parsed[:] = before
    return shot


async def test_the_next_start_parses_no_css_and_draws_the_same_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    kept = tmp_path / STYLES_FILE
    with demo_session(tmp_path / "saves") as service:
        parsed = count_parses(monkeypatch)
        first = app_on(service, config)
        assert first.kept_styles.given == set()
        drawn = await first_frame(first, parsed)
        assert parsed and kept.is_file()
        parsed.clear()
        writes: list[Path] = []
        monkeypatch.setattr(kept_styles, "write_kept", lambda path, *args: writes.append(path))
        again = app_on(service, config)
        assert again.kept_styles.given
        assert await first_frame(again, parsed) == drawn
        assert parsed == []  # every source found parsed: none handed to the parser
        assert writes == []  # and nothing new to keep


def test_every_css_of_the_dashboard_comes_back_as_it_was_parsed() -> None:
    classes = {GmDashApp, *widget_classes(_import_all(dialog_modules()))}
    stylesheet = App().stylesheet
    sources = 0
    for cls in classes:
        for read_from, css, tie_breaker, scope in default_css(cls):  # type: ignore[arg-type]
            rules = stylesheet._parse_rules(css, read_from, True, tie_breaker, scope)
            assert canonical(round_trip(rules)) == canonical(rules), read_from
            sources += 1
    app_css = Path(kept_styles.__file__).with_name("gmdash.tcss").read_text(encoding="utf-8")
    rules = stylesheet._parse_rules(app_css, ("gmdash.tcss", ""))
    assert canonical(round_trip(rules)) == canonical(rules)
    assert sources > 50


def test_a_kept_selector_still_matches() -> None:
    rules = App().stylesheet._parse_rules("RowTable > .cursor, #log:focus { color: red; }",
                                          ("test", ""))  # fmt: skip
    for before, after in zip(rules, round_trip(rules), strict=True):
        for old, new in zip(before.selector_set, after.selector_set, strict=True):
            for a, b in zip(old.selectors, new.selectors, strict=True):
                assert b._check.func is a._check.func and b._check.args == a._check.args  # type: ignore[attr-defined]


def given_after(tmp_path: Path, payload: bytes | None = None, key: bytes | None = None) -> int:
    """How many sources a stylesheet is given from a file of `payload` under `key`."""
    stylesheet = App().stylesheet
    if payload is not None:
        write_kept(tmp_path / STYLES_FILE, FORM, key or kept_styles._key(stylesheet), payload)
    return KeptStyles(tmp_path).give(stylesheet)


class Sneaky:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, ("echo sneaky > sneaky.txt",)


def test_a_file_of_anything_but_styles_is_not_taken(tmp_path: Path) -> None:
    stylesheet = App().stylesheet
    source = ("Static { color: red; }", ("x", ""), False, 0, "")
    rules = stylesheet._parse_rules(*source)
    good = io.BytesIO()
    _Pickler(good, protocol=pickle.HIGHEST_PROTOCOL).dump({source: rules})
    assert given_after(tmp_path, good.getvalue()) == 1
    assert given_after(tmp_path, pickle.dumps({source: Sneaky()})) == 0
    assert not (tmp_path / "sneaky.txt").exists()
    assert given_after(tmp_path, pickle.dumps({source: "not rules"})) == 0
    assert given_after(tmp_path, pickle.dumps({("short",): rules})) == 0
    assert given_after(tmp_path, good.getvalue()[:-5]) == 0  # torn
    assert given_after(tmp_path, good.getvalue(), key=b"\0" * 16) == 0  # other code or theme
    (tmp_path / STYLES_FILE).write_bytes(b"garbage")
    assert given_after(tmp_path) == 0
    assert KeptStyles(None).give(stylesheet) == 0  # no config: nothing read


async def test_rules_kept_for_another_theme_never_change_what_is_drawn(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'theme = "{LIGHT_THEME}"\n', encoding="utf-8")
    with demo_session(tmp_path / "saves") as service:
        plain = await first_frame(app_on(service, config))  # nothing kept yet
        config.write_text("", encoding="utf-8")
        await first_frame(app_on(service, config))  # the dark theme's rules kept
        config.write_text(f'theme = "{LIGHT_THEME}"\n', encoding="utf-8")
        kept = (tmp_path / STYLES_FILE).read_bytes()
        for _ in range(2):
            light = app_on(service, config)
            assert await first_frame(light) == plain
            assert light.theme == LIGHT_THEME
        # Its variables come after the start: what it parsed could never be offered, so the
        # dark theme's rules stay kept.
        assert (tmp_path / STYLES_FILE).read_bytes() == kept
