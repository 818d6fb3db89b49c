"""The calendar's forms (from the week view, `W`): set today's date; pick a cult and set its
holy days."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from gmdash.model.errors import ValidationError
from gmdash.play import calendar
from gmdash.rules.calendar import date_text
from gmdash.rules.holy_days import CultHolyDays, HolyDayLevel, published
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label
from gmdash.tui.dialogs.modal_base import GuardedModal, only_while_open
from gmdash.tui.keymap import CULT_PICKER, bindings_for, table_of
from gmdash.tui.user_text import literal
from gmdash.tui.widgets.lists import PagedOptionList


class DateDialog(FormDialog[str]):
    """Today's date, typed ("Windsday, Movement week, Storm Season 1625"; BRP: "Day 12" or
    "2024-03-14"): the calendar is set, no time passes."""

    title_text = "Set today's date"
    ok_label = "Set the date"

    def dialog_body(self) -> ComposeResult:
        state = self.service.state
        kinds = calendar.kinds_for(state.campaign.ruleset)
        examples = {"glorantha": "Windsday, Movement week, Storm Season 1625 (or 4/6/5/1625)",
                    "days": "Day 12", "gregorian": "2024-03-14"}  # fmt: skip
        yield Static(
            "Nothing heals and nothing comes back: the date is set, no time passes (T and "
            "ctrl+w let time pass). E.g. " + "; ".join(examples[k.value] for k in kinds) + ".",
            classes="hint",
        )
        yield field_label("Today is")
        yield Input(value=calendar.today_text(state), id="date")
        yield error_label("date")
        yield Static("", id="preview", classes="preview")

    def problems(self) -> dict[str, str]:
        try:
            calendar.read_date(self.service.state, self.query_one("#date", Input).value)
        except ValidationError as error:
            return {"date": error.message}
        return {}

    def answer(self) -> str:
        return self.query_one("#date", Input).value

    def update_preview(self) -> None:
        kind, number = calendar.read_date(self.service.state, self.answer())
        self.set_preview(f"Today becomes {date_text(kind, number)}.")


class HolyDaysDialog(FormDialog[CultHolyDays]):
    """A cult's holy days by kind, each a list of days separated by ";"."""

    ok_label = "Set them"

    def __init__(self, cult: str) -> None:
        super().__init__()
        self.cult = cult

    @property
    def title_text(self) -> str:  # type: ignore[override]
        return f"Holy days of {self.cult}"

    def dialog_body(self) -> ComposeResult:
        settings = self.service.state.campaign.dates
        days = settings.cult_days(self.cult)
        found = published(self.cult)
        source = (
            f"Published: {found.describe()} (from {found.source})."
            if found is not None
            else "No published source gives this cult's holy days: set them as your game has them."
        )
        yield Static(
            "Weekly: a day (Windsday). Seasonal: a day of a week (Windsday of Movement week), "
            "in every season. High: a day of a week of one season (Windsday of Movement week, "
            "Storm Season). Several: separated by ;. Empty: none. " + source,
            classes="hint",
        )
        for level in HolyDayLevel:
            yield field_label(level.words.capitalize())
            yield Input(value="; ".join(p.text for p in days.of(level)), id=level.value)
            yield error_label(level.value)
        yield Static("", id="preview", classes="preview")

    def _typed(self) -> tuple[str, str, str]:
        return (
            self.query_one("#weekly", Input).value,
            self.query_one("#seasonal", Input).value,
            self.query_one("#high", Input).value,
        )

    def problems(self) -> dict[str, str]:
        try:
            calendar.read_holy_days(*self._typed())
        except ValidationError as error:
            return {error.field: error.message}
        return {}

    def answer(self) -> CultHolyDays:
        return calendar.read_holy_days(*self._typed())

    def update_preview(self) -> None:
        self.set_preview(f"{self.cult}: {self.answer().describe()}.")


class CultPicker(GuardedModal[str]):
    """Whose holy days: the cults listed, picked with up/down and enter (or their number);
    escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(CULT_PICKER)
    DEFAULT_CSS = """
    CultPicker { align: center middle; }
    CultPicker > #dialog {
        width: 60; max-width: 96%; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CultPicker #cults { height: auto; max-height: 14; }
    """

    def __init__(self, cults: list[str]) -> None:
        super().__init__()
        self.cults = cults

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Whose holy days?"
            key = table_of(self.app).hint_key
            dialog.border_subtitle = literal(
                f"{key('cult_picker.confirm')}: pick · 1-9 · {key('cult_picker.cancel')}: cancel"
            )
            yield PagedOptionList(
                *(Option(literal(f"{i}  {name}" if i <= 9 else f"   {name}"), id=str(i - 1))
                  for i, name in enumerate(self.cults, 1)),
                id="cults",
            )  # fmt: skip

    def on_mount(self) -> None:
        cults = self.query_one("#cults", OptionList)
        cults.highlighted = 0
        cults.focus()

    @only_while_open
    def action_confirm(self) -> None:
        index = self.query_one("#cults", OptionList).highlighted
        if index is not None:
            self.dismiss(self.cults[index])

    @on(OptionList.OptionSelected, "#cults")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    @only_while_open
    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.cults):
                event.stop()
                self.dismiss(self.cults[index])
