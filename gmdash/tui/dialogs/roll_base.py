"""What every roll dialog shares: enter rolls (then closes), escape cancels, a large result;
after the roll, r rolls the same again and t retries a failed ability roll."""

from __future__ import annotations

from typing import ClassVar, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Digits, Input, Label, OptionList, Static

from gmdash.model.events import RollMade
from gmdash.play import roll_again
from gmdash.rules import Level, Rng, RuleSet, d100_text, read_d100
from gmdash.tui.context import dashboard
from gmdash.tui.dialogs.level_markup import level_markup
from gmdash.tui.dialogs.modal_base import GuardedModal, dice_field, only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import bindings_of, table_of
from gmdash.tui.user_text import literal

R = TypeVar("R")


class RollDialog(GuardedModal[R]):
    """A modal roll form. Subclasses fill `compose_form`, `validate` and `roll`.

    Enter rolls (when the form is valid), then a second enter closes the dialog with the result;
    escape cancels before rolling (dismisses None) and closes with the result after. Once a
    roll is shown, r makes it again and t retries it (`gmdash.play.roll_again`); the dialog
    then shows, and closes with, the new roll.
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings_of(
        "roll.confirm", "roll.cancel", "roll.roll_again", "roll.retry"
    )
    DEFAULT_CSS = """
    RollDialog { align: center middle; }
    RollDialog > #dialog {
        width: 110; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    RollDialog .field-label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    RollDialog .error { color: $error; height: auto; }
    RollDialog .info { color: $text-muted; height: auto; }
    RollDialog .row { height: auto; }
    RollDialog Input { width: 1fr; }
    RollDialog #result-box { height: auto; align: center middle; }
    RollDialog #result-digits { width: auto; }
    RollDialog #result-level { width: auto; padding: 1 2; text-style: bold; }
    RollDialog #buttons { height: 1; align: right middle; margin-top: 1; }
    RollDialog #buttons Button { min-width: 10; height: 1; border: none; margin-left: 1; }
    """

    title_text: ClassVar[str] = "Roll"

    def __init__(self) -> None:
        super().__init__()
        self.result: R | None = None
        self.rolled = False

    # --- the app's campaign, dice and rules --------------------------------------------------

    @property
    def rng(self) -> Rng:
        return dashboard(self).rng

    @property
    def ruleset(self) -> RuleSet:
        return self.service.campaign.ruleset

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = literal(self.title_text)
            yield from self.compose_form()
            with Horizontal(id="result-box"):
                yield Digits("", id="result-digits")
                yield Static("", id="result-level")
            yield Static("", id="result-text", classes="info")
            with Horizontal(id="buttons"):
                ok = Button("Roll", id="ok", variant="primary", compact=True)
                cancel = Button("Cancel", id="cancel", compact=True)
                ok.can_focus = cancel.can_focus = False  # enter always rolls, escape cancels
                yield ok
                yield cancel
            keys = table_of(self.app)
            yield Static(literal(f"{keys.hint_key('roll.confirm')}: roll · "
                                 f"{keys.hint_key('roll.cancel')}: cancel · tab: next field",
                                 style="dim"), id="keys")  # fmt: skip

    def compose_form(self) -> ComposeResult:
        """The fields of the form."""
        yield from ()

    def compose_typed_d100(self, field_id: str) -> ComposeResult:
        """A field for physical dice (blank: the app rolls), its label and its error line."""
        with Horizontal(classes="row"):
            yield Label("Physical D100", id=f"{field_id}-label", classes="field-label")
            yield dice_field("blank: the app rolls; 00 is 100", id=field_id, compact=True)
        yield Static("", id=f"{field_id}-error", classes="error")

    def on_mount(self) -> None:
        self.refresh_form()

    # --- validation, odds and result ---------------------------------------------------------

    def validate(self) -> bool:
        """Check every field, show each error next to it and the odds; True when it can roll."""
        return True

    @guarded
    def refresh_form(self) -> None:
        """Re-check the form after any change; OK is disabled while anything is wrong."""
        if self.rolled:
            return
        ok = self.query_one("#ok", Button)
        ok.disabled = not self.validate()

    def set_error(self, widget_id: str, message: str | Content | None) -> None:
        """A clear message next to a field ("" or None clears it); text is shown as it is,
        `Content` (our markup around user text, `user_text.markup`) as built."""
        shown = message if isinstance(message, Content) else literal(message or "")
        self.query_one(f"#{widget_id}", Static).update(shown)

    def typed_d100(self, field_id: str, error_id: str) -> tuple[bool, int | None]:
        """(valid, the typed D100 or None: the app rolls) of a physical-dice field."""
        text = self.query_one(f"#{field_id}", Input).value
        if not text.strip():
            self.set_error(error_id, "")
            return True, None
        try:
            value = read_d100(text)
        except ValueError as error:
            self.set_error(error_id, str(error))
            return False, None
        self.set_error(error_id, "")
        return True, value

    def show_level(self, roll: int | None, level: Level | str, text: str | Content = "") -> None:
        """The result, large and coloured by its level."""
        found = Level(level)
        digits = self.query_one("#result-digits", Digits)
        digits.update("" if roll is None else d100_text(roll))
        for name in Level:
            digits.set_class(name is found, f"level-{name}")
        self.query_one("#result-level", Static).update(level_markup(found, found.upper()))
        self.query_one("#result-text", Static).update(
            text if isinstance(text, Content) else literal(text)
        )

    def finish(self, result: R) -> None:
        """The roll is made and logged: lock the form, enter or escape now close."""
        self.result = result
        self.rolled = True
        for field in self.query(
            "#dialog Input, #dialog Checkbox, #dialog OptionList, #dialog RadioSet"
        ):
            field.disabled = True
        ok = self.query_one("#ok", Button)
        ok.label = "Close"
        ok.disabled = False
        self.query_one("#cancel", Button).display = False
        self._show_closing_keys()

    def _show_closing_keys(self) -> None:
        keys = "enter / escape: close"
        source = self._again_source()
        if source is not None:
            keys += " · r: roll again"
            if source.kind == "ability" and self.ruleset is RuleSet.RQG:
                keys += " · t: retry"
        self.query_one("#keys", Static).update(f"[dim]{keys}[/dim]")

    # --- roll again, retry -------------------------------------------------------------------

    def _again_source(self) -> RollMade | None:
        """The roll shown, when it can be made again from here."""
        shown = self.result
        if self.rolled and isinstance(shown, RollMade) and shown.kind in roll_again.AGAIN_KINDS:
            return shown
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("roll_again", "retry"):
            return self._again_source() is not None  # before the roll, r and t are typed
        return True

    @guarded
    @only_while_open
    def action_roll_again(self) -> None:
        self._again(retry=False)

    @guarded
    @only_while_open
    def action_retry(self) -> None:
        self._again(retry=True)

    def _again(self, *, retry: bool) -> None:
        source = self._again_source()
        if source is None:
            return
        refusal = roll_again.again_refusal(self.service, source, retry=retry)
        if refusal is not None:
            self.query_one("#result-text", Static).update(literal(f"Nothing rolled: {refusal}"))
            self.app.bell()
            return
        again = roll_again.roll_again(self.service, self.rng, source, retry=retry)
        made = again.event
        self.result = cast(R, made)  # the shown roll was a RollMade, so R is one
        word = "Retried" if retry else "Rolled again"
        if made.level is None:
            self.query_one("#result-digits", Digits).update(str(made.total))
            self.query_one("#result-level", Static).update("")
            self.query_one("#result-text", Static).update(literal(f"{word}: {again.describe()}"))
        else:
            self.show_level(made.roll, made.level, f"{word}: {again.describe()}")
        self._show_closing_keys()

    # --- actions -----------------------------------------------------------------------------

    def action_confirm(self) -> None:
        """Enter is a priority key: it is seen as soon as it is typed, while the keys typed
        before it may still wait in the focused field's queue. Acting once that field has taken
        them keeps fast typing exact ("12" then enter rolls 12, not the app's dice)."""
        focused = self.focused
        if focused is not None:
            focused.call_later(self._confirm)
        else:
            self._confirm()

    @guarded
    @only_while_open
    def _confirm(self) -> None:
        if self.rolled:
            self.dismiss(self.result)
            return
        if not self.validate():
            self.refresh_form()
            self.app.bell()
            return
        self.roll()
        if not self.rolled:
            self.refresh_form()

    def cancel_result(self) -> R | None:
        """Escape cancels before rolling, and closes with the result after."""
        return self.result if self.rolled else None

    def roll(self) -> None:
        """Roll (or read the typed dice), publish the RollMade event(s), then `finish`."""

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.action_confirm()
        else:
            self.action_cancel()

    def on_input_changed(self, _: Input.Changed) -> None:
        self.refresh_form()


class ListSearch(Input):
    """A search field that moves the highlight of the list it narrows (up / down)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_of("roll.list_down", "roll.list_up")

    def __init__(self, target: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.target = target

    def _list(self) -> OptionList:
        return self.screen.query_one(f"#{self.target}", OptionList)

    def action_list_down(self) -> None:
        self._list().action_cursor_down()

    def action_list_up(self) -> None:
        self._list().action_cursor_up()
