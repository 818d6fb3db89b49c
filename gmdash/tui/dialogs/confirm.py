"""Ask before something drastic: a yes/no question, or a choice between a few answers."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from gmdash.tui.dialogs.modal_base import GuardedModal, only_while_open
from gmdash.tui.keymap import CHOICE, CONFIRM, bindings_for, table_of
from gmdash.tui.modal import QuickModal
from gmdash.tui.user_text import literal


class ConfirmDialog(QuickModal[bool]):
    """`enter` (or y) says yes, `escape` (or n) says no."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(CONFIRM)
    DEFAULT_CSS = """
    ConfirmDialog { align: center middle; }
    ConfirmDialog > Vertical {
        width: 60; max-width: 96%; height: auto;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    ConfirmDialog Static { height: auto; margin: 1 0; }
    ConfirmDialog Horizontal { height: auto; align-horizontal: right; }
    ConfirmDialog Button { margin-left: 1; }
    """

    def __init__(self, question: str, *, title: str = "Are you sure?", yes: str = "Yes") -> None:
        super().__init__()
        self._question = question
        self._title = title
        self._yes = yes

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = literal(self._title)
            keys = table_of(self.app)
            box.border_subtitle = literal(
                f"{keys.hint_key('confirm.yes')} yes · {keys.hint_key('confirm.no')} no"
            )
            yield Static(literal(self._question), id="question")
            with Horizontal():
                # the answer enter gives first: the dialog opens on it, in reading order
                yield Button(self._yes, id="yes", variant="error")
                yield Button("No", id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @only_while_open
    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not self.is_active:
            return  # typed before this dialog closed
        self.dismiss(event.button.id == "yes")


class ChoiceDialog(GuardedModal[str]):
    """A question with a few answers, each picked by its key (or a button); escape cancels.

    The answers are one under the other, each as wide as the box, scrolled when there are
    more than fit: side by side, long ones ("Harvald Stormbrow: Orlanth Adventurous") ran off
    the box and the screen (issue 30)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(CHOICE)
    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog > Vertical {
        width: 60; max-width: 96%; height: auto; max-height: 96%;
        border: thick $warning; background: $surface; padding: 0 1;
    }
    ChoiceDialog Static { height: auto; margin: 1 0; }
    ChoiceDialog #choices { height: auto; max-height: 60vh; }
    ChoiceDialog #choices Button { width: 100%; margin: 0; }
    ChoiceDialog Horizontal { height: auto; align-horizontal: right; }
    """

    def __init__(
        self, question: str, choices: list[tuple[str, str]], *, title: str = "Choose"
    ) -> None:
        super().__init__()
        self._question = question
        self._choices = choices
        self._title = title

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = literal(self._title)
            cancel = table_of(self.app).hint_key("choice.cancel")
            box.border_subtitle = literal(f"a key or enter · {cancel} cancel")
            yield Static(literal(self._question), id="question")
            with VerticalScroll(id="choices", can_focus=False):
                for key, label in self._choices:
                    yield Button(literal(f"{label} ({key})"), id=f"choice-{key}")
            with Horizontal():
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    @only_while_open
    def on_key(self, event: events.Key) -> None:
        for key, _ in self._choices:
            if event.key == key:
                event.stop()
                self.dismiss(key)
                return

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not self.is_active:
            return  # typed before this dialog closed
        button_id = event.button.id or ""
        self.dismiss(button_id.removeprefix("choice-") if button_id.startswith("choice-") else None)
