"""What every form dialog shares: checked fields, a disabled OK, enter and escape.

`CheckedForm` is the machinery, shared with the combat forms (`combat_base.CombatForm`);
`FormDialog` is the roster's form. A subclass composes its fields inside `dialog_body`, names
an error label `<field>-error` for each field it checks, returns `{field: message}` from
`problems()` and builds its answer in `answer()`. Every change of an input re-checks the whole
form; OK is disabled while anything is wrong, so `answer()` only ever runs on good input.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import (
    Button,
    Input,
    Label,
    Select,
    SelectionList,
    Static,
    TextArea,
)

from gmdash.tui.dialogs.modal_base import CHOICES, GuardedModal, only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.key_gate import after_refresh
from gmdash.tui.keymap import FORM, binding_of, bindings_for, command_of, table_of
from gmdash.tui.user_text import literal

T = TypeVar("T")
W = TypeVar("W", bound=Widget)

# CHOICES: widgets whose own `enter` (open, toggle) would shadow the dialog's OK


def widgets_by_id(root: Widget, kind: type[W]) -> dict[str, W]:
    """The widgets of `kind` under `root` by id, the first of an id as a query finds it: one
    walk, for a form that looks its fields up on every key."""
    found: dict[str, W] = {}
    for widget in root.query(kind):
        if widget.id:
            found.setdefault(widget.id, widget)
    return found


class CheckedForm(GuardedModal[T], Generic[T]):
    """The checking machinery of every form dialog (roster forms and combat forms alike).

    Subclasses lay the form out (with a `#ok` and a `#cancel` button) and choose, through the
    hooks `revalidates_on`, `after_check` and `problem_notice`, what re-checks the form, what
    a good form shows and how the first problem is told on a refused OK.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *bindings_for(FORM),
        # The same key (id form.confirm) ahead of a focused select or checkbox's own enter.
        binding_of(command_of("form.confirm"), "confirm_from_choice", priority=True),
    ]

    title_text: ClassVar[str] = "Form"
    ok_label: ClassVar[str] = "OK"
    # A field's message shows once it has been typed in (or OK was refused), not when the
    # form opens: a fresh form is not a list of mistakes. The fields changed so far:
    _touched: frozenset[Widget] = frozenset()
    _tried = False
    _ready = False  # the fields' own first values are in (their Changed messages handled)

    def on_mount(self) -> None:
        self.revalidate()
        after_refresh(self, self._filled_in)

    def _filled_in(self) -> None:
        self._ready = True

    # --- checking ------------------------------------------------------------------------------

    def problems(self) -> dict[str, str]:
        """`{field id: message}` for every wrong field; empty when all is well."""
        return {}

    def answer(self) -> T:
        """The dialog's result, built from fields that `problems()` found good."""
        raise NotImplementedError

    def revalidates_on(self, event: Message) -> bool:
        """Whether this change of a field re-checks the form."""
        return isinstance(event, (Input.Changed, TextArea.Changed))

    def after_check(self, problems: dict[str, str]) -> None:
        """Show what OK would do (or clear it), after every check."""

    def problem_notice(self, problems: dict[str, str]) -> str:
        """The warning shown when OK is refused: the first problem."""
        return next(iter(problems.values()))

    def revalidate(self) -> dict[str, str]:
        problems = self.problems()
        for label in self.query(".field-error").results(Label):
            field = (label.id or "").removesuffix("-error")
            message = problems.get(field, "") if self._told(field) else ""
            label.update(literal(message))  # messages quote names
            label.display = bool(message)
        self.query_one("#ok", Button).disabled = bool(problems)
        self.after_check(problems)
        return problems

    def _told(self, field: str) -> bool:
        """Whether a field's message is shown: OK was refused, or the field (the widget of
        that id or one inside it; for a message of several fields, `chars`, one of theirs,
        `char-STR`) has been typed in."""
        if self._tried:
            return True
        if not self._touched:
            return False  # a form just opened (every field's first value comes in): no query
        node = self._by_id().get(field)
        if node is None:
            stem = field.removesuffix("s")
            return any((widget.id or "").startswith(stem) for widget in self._touched)
        return any(widget is node or node in widget.ancestors for widget in self._touched)

    _ids: dict[str, Widget] | None = None

    def _by_id(self) -> dict[str, Widget]:
        """The form's widgets by id, looked up once (a query for each message, on every key,
        was most of the time a key took); made again when fields are added."""
        if self._ids is None:
            self._ids = widgets_by_id(self, Widget)
        return self._ids

    def fields_added(self) -> None:
        """Fields were mounted after the first look (`later_body`)."""
        self._ids = None

    # --- events ---------------------------------------------------------------------------

    @on(Input.Changed)
    @on(TextArea.Changed)
    @on(Select.Changed)
    @on(SelectionList.SelectedChanged)
    def _changed(self, event: Message) -> None:
        control = getattr(event, "control", None)
        if isinstance(control, Widget) and (self._ready or control.has_focus_within):
            self._touched = self._touched | {control}  # not the form filling itself in
        if self.revalidates_on(event):
            self.revalidate()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if "enter" in table_of(self.app).keys_for("form.confirm"):
            self.action_confirm()
        else:
            self.focus_next()  # the game master moved OK off enter: enter goes on to the next

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.action_cancel()

    def action_confirm_from_choice(self) -> None:
        """`enter` on a closed select, a checkbox or a radio set confirms the form, as the
        dialog's hint says; they open or toggle with space (a select also with up/down)."""
        if not isinstance(self.focused, CHOICES):
            raise SkipAction  # the focused widget's own enter (a field, a list, a button)
        self.action_confirm()

    def ready_to_confirm(self) -> bool:
        """Whether every field is in (a form adding some after its first frame says no until
        then: its answer would miss them)."""
        return True

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        if not self.ready_to_confirm():
            return  # only a click can come this early: typed keys wait for the fields
        self._tried = True
        problems = self.revalidate()
        if problems:
            self.notify(self.problem_notice(problems), title="Not yet", severity="warning")
            return
        self.dismiss(self.answer())


class FormDialog(CheckedForm[T], Generic[T]):
    """A modal form of the roster whose OK stays disabled while any field is wrong."""

    DEFAULT_CSS = """
    FormDialog { align: center middle; }
    FormDialog > .dialog-box {
        width: 72; max-width: 96%; height: auto; max-height: 96%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    FormDialog .dialog-fields { height: auto; max-height: 1fr; }
    FormDialog Input { width: 1fr; }
    FormDialog .field-label { margin-top: 1; text-style: bold; }
    FormDialog .field-error { color: $error; height: auto; }
    FormDialog .hint { color: $text-muted; height: auto; }
    FormDialog .preview { height: auto; margin-top: 1; }
    FormDialog .buttons { height: auto; align-horizontal: right; margin-top: 1; dock: bottom; }
    FormDialog .buttons Button { margin-left: 1; min-width: 10; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = literal(self.title_text)
            keys = table_of(self.app)
            box.border_subtitle = literal(
                f"{keys.hint_key('form.confirm')} OK · {keys.hint_key('form.cancel')} cancel"
            )
            with VerticalScroll(classes="dialog-fields", can_focus=False):
                yield from self.dialog_body()
            with Horizontal(classes="buttons"):
                for button in self.extra_buttons():
                    # Out of the tab order: tab then enter must never fill over what was typed
                    # (each has its key, the mouse still clicks it).
                    button.can_focus = False
                    yield button
                yield Button("Cancel", id="cancel")
                yield Button(self.ok_label, id="ok", variant="primary")

    def dialog_body(self) -> ComposeResult:
        """The fields, labels, error labels and previews."""
        yield from ()

    def later_body(self) -> Iterator[Widget]:
        """Fields below the first screenful (no containers), added under `dialog_body`'s just
        after the dialog's first frame: that frame comes sooner, and keys typed meanwhile wait
        for them (`key_gate`), so a field's typing still lands in it. Until they are in,
        `later_field` finds none of them."""
        yield from ()

    _later_pending = False

    def on_mount(self) -> None:
        later = list(self.later_body())
        if later:
            self._later_pending = True
            after_refresh(self, self._add_later, later)

    def _filled_in(self) -> None:
        if not self._later_pending:  # the later fields' first values are not typing either
            super()._filled_in()

    async def _add_later(self, later: list[Widget]) -> None:
        if not self.is_attached:
            return  # closed before its first frame
        await self.query_one(".dialog-fields").mount_all(later)
        self.fields_added()
        self._later_pending = False
        self.revalidate()
        after_refresh(self, self._filled_in)

    def ready_to_confirm(self) -> bool:
        return not self._later_pending

    def later_field(self, widget_id: str, kind: type[W]) -> W | None:
        """A field of `later_body`, or None while it is not in yet."""
        found = self._by_id().get(widget_id)
        return found if isinstance(found, kind) else None

    def extra_buttons(self) -> Iterator[Button]:
        """Buttons before Cancel and OK that fill fields (rolls): each also has a key."""
        yield from ()

    def update_preview(self) -> None:
        """Show what OK would do (called after every check with good input)."""

    def after_check(self, problems: dict[str, str]) -> None:
        if not problems:
            self.update_preview()
            return
        # a preview of the last good input would be a lie once the input is wrong
        for preview in self.query("#preview").results(Static):
            preview.update(Text("Nothing changes until the input is right.", style="dim"))

    def set_preview(self, text: str | Text, widget_id: str = "preview") -> None:
        self.query_one(f"#{widget_id}", Static).update(
            literal(text) if isinstance(text, str) else text
        )


def field_label(text: str) -> Label:
    return Label(text, classes="field-label")


def error_label(field: str) -> Label:
    return Label("", id=f"{field}-error", classes="field-error")


def whole_number(
    text: str, *, low: int | None = None, high: int | None = None, bound: str = "must be "
) -> int:
    """A whole number typed in a field, within bounds; ValueError with the message to show.

    `bound` starts the out-of-bounds message ("must be at least 1"); narrow fields drop it.
    """
    raw = text.strip()
    if not raw:
        raise ValueError("required")
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{raw!r} is not a whole number") from None
    if low is not None and value < low:
        raise ValueError(f"{bound}at least {low}")
    if high is not None and value > high:
        raise ValueError(f"{bound}at most {high}")
    return value
