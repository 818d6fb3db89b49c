"""What the combat dialogs share: a checked modal form (`form_base.CheckedForm`), their layout.

A subclass composes its fields in `body()`, puts a `Label` with id `<field>-error` under each
checked field, returns `{field: message}` from `problems()` and builds its result in
`answer()`. Every change re-checks the form; OK stays disabled while anything is wrong.
"""

from __future__ import annotations

import re
from typing import ClassVar, Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, SelectionList, Static

from gmdash.tui.dialogs.form_base import CheckedForm, whole_number
from gmdash.tui.dialogs.form_base import error_label as form_error_label
from gmdash.tui.keymap import binding_of, command_of, table_of
from gmdash.tui.user_text import literal
from gmdash.tui.widgets.lists import PagedSelectionList

T = TypeVar("T")


class CombatForm(CheckedForm[T], Generic[T]):
    """A modal form of the strike-rank pane."""

    DEFAULT_CSS = """
    CombatForm { align: center middle; }
    CombatForm > .combat-box {
        width: 76; max-width: 98%; height: auto; max-height: 98%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CombatForm .combat-fields { height: auto; max-height: 1fr; }
    CombatForm .row { height: auto; }
    CombatForm .cell { width: 1fr; height: auto; padding-right: 1; }
    CombatForm .cell Label { text-style: bold; }
    CombatForm Input { width: 1fr; }
    CombatForm Select { width: 1fr; }
    CombatForm .field-error { color: $error; height: auto; }
    CombatForm .hint { color: $text-muted; height: auto; }
    CombatForm .heading { text-style: bold; margin-top: 1; height: auto; }
    CombatForm #preview { height: auto; margin-top: 1; }
    CombatForm .buttons { height: auto; align-horizontal: right; margin-top: 1; dock: bottom; }
    CombatForm .buttons Button { margin-left: 1; min-width: 10; }
    CombatForm SelectionList { height: auto; max-height: 10; }
    """

    title_text: ClassVar[str] = "Combat"

    def compose(self) -> ComposeResult:
        with Vertical(classes="combat-box") as box:
            box.border_title = literal(self.title_text)
            keys = table_of(self.app)
            box.border_subtitle = literal(
                f"{keys.hint_key('form.confirm')} OK · {keys.hint_key('form.cancel')} cancel"
            )
            # Not focusable: the screen would focus it first (restyling every field under it),
            # then the field each form starts on.
            with VerticalScroll(classes="combat-fields", can_focus=False):
                yield from self.body()
                yield Static("", id="preview")
            with Horizontal(classes="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(self.ok_label, id="ok", variant="primary")

    def body(self) -> ComposeResult:
        yield from ()

    def preview(self) -> str:
        """What OK will do (shown while the form is good)."""
        return ""

    def revalidates_on(self, event: Message) -> bool:
        return self.is_mounted and isinstance(
            event, (Input.Changed, Select.Changed, SelectionList.SelectedChanged)
        )

    def after_check(self, problems: dict[str, str]) -> None:
        self.query_one("#preview", Static).update(literal("" if problems else self.preview()))

    def problem_notice(self, problems: dict[str, str]) -> str:
        field, message = next(iter(problems.items()))
        return f"{self.field_name(field)}: {message}"

    def field_name(self, field: str) -> str:
        """What the form calls a field: the label of its cell ("Name", "Defender"), else its
        id in words; never the id itself."""
        found = [w for w in self.query("*") if w.id == field]  # any id, even no CSS name
        parent = found[0].parent if found else None
        if isinstance(parent, Vertical) and parent.has_class("cell"):
            label = next(iter(parent.query(Label)), None)
            if label is not None and str(label.content).strip():
                return str(label.content).strip()
        return field.replace("-", " ").replace("_", " ")


class PickList(PagedSelectionList):
    """A selection list where space toggles and enter confirms the dialog."""

    BINDINGS: ClassVar[list[BindingType]] = [
        binding_of(command_of("form.confirm"), "screen.confirm"),  # the form's own OK key
    ]


def cell(label: str, widget: Input | Select[str], field: str | None = None) -> Vertical:
    """A labelled field with its error line."""
    children: list[Label | Input | Select[str]] = [Label(literal(label)), widget]
    if field:
        children.append(error_label(field))
    return Vertical(*children, classes="cell")


def error_label(field: str) -> Label:
    """A field's error line, hidden until the field is wrong."""
    label = form_error_label(field)
    label.display = False
    return label


def value_of(screen: ModalScreen[object], widget_id: str) -> str:
    return screen.query_one(f"#{widget_id}", Input).value.strip()


def whole(text: str, *, low: int | None = None, high: int | None = None) -> int:
    """A typed whole number; ValueError with the (terse: the cells are narrow) message to show."""
    return whole_number(text, low=low, high=high, bound="")


def optional_whole(text: str, *, low: int | None = None, high: int | None = None) -> int | None:
    """Blank (None: roll it, or the default) or a whole number."""
    return None if not text.strip() else whole(text, low=low, high=high)


_COUNT = re.compile(r"^(?P<name>.*?)\s*[x×*]\s*(?P<count>\d+)$", re.IGNORECASE)


def name_and_count(text: str) -> tuple[str, int]:
    """`Broo x3` -> ("Broo", 3); `Broo` -> ("Broo", 1)."""
    raw = text.strip()
    match = _COUNT.match(raw)
    if match and match.group("name").strip():
        return match.group("name").strip(), int(match.group("count"))
    return raw, 1
