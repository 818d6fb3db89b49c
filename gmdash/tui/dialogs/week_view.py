"""The calendar (`W`): this week's days with the roster's cults' holy days, the next holy days;
page the weeks, set the date, set a cult's holy days (docs/rules.md#calendar).

Keys from the keymap's WEEK_VIEW scope: → / n and ← / p page a week, t comes back to today's
week, d sets the date, h a cult's holy days, escape / enter / W close.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from gmdash.drawing.user_text import rich_literal
from gmdash.play import calendar
from gmdash.rules.calendar import DAYS_PER_WEEK, week_text
from gmdash.rules.holy_days import CultHolyDays, HolyDayLevel
from gmdash.tui.dialogs.modal_base import GuardedModal
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import WEEK_VIEW, bindings_for, table_of
from gmdash.tui.user_text import literal

LEVEL_STYLES = {HolyDayLevel.HIGH: "bold", HolyDayLevel.SEASONAL: "", HolyDayLevel.WEEKLY: "dim"}


class WeekView(GuardedModal[None]):
    """Seven days from the start of a week (today's at first), and what is holy on them."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(WEEK_VIEW)
    DEFAULT_CSS = """
    WeekView { align: center middle; }
    WeekView > #dialog {
        width: 100; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    WeekView Static { height: auto; }
    WeekView #week-days { margin: 1 0; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.first = 0
        """The day number the shown week starts on."""

    def compose(self) -> ComposeResult:
        self.first = self._this_week()
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Calendar"
            key = table_of(self.app).hint_key
            dialog.border_subtitle = literal(
                f"{key('week_view.previous')}/{key('week_view.next')}: weeks · "
                f"{key('week_view.today')}: today · {key('week_view.set_date')}: set date · "
                f"{key('week_view.holy_days')}: holy days · {key('week_view.close')}: close"
            )
            yield Static(id="week-today")
            yield Static(id="week-days")
            yield Static(id="week-next")

    def on_mount(self) -> None:
        self.draw()

    def _this_week(self) -> int:
        today = self.service.state.today
        return today - today % DAYS_PER_WEEK

    def draw(self) -> None:
        """Show the week starting at `first`, today, and the next holy days."""
        state = self.service.state
        kind = state.campaign.dates.kind
        today = [f"{calendar.today_text(state)}, {calendar.time_of_day(state)}"]
        today += [here.holy_day.text for here in calendar.holy_days_on(state, state.today)]
        self.query_one("#week-today", Static).update(
            literal("Today: " + " · ".join(today), style="bold")
        )
        table = Table(box=None, padding=(0, 1), expand=True, show_header=True,
                      title=rich_literal(week_text(kind, self.first).capitalize()),
                      title_justify="left")  # fmt: skip
        table.add_column("", width=1)
        table.add_column("day", no_wrap=True)
        table.add_column("holy days", ratio=1)
        for day in calendar.days_ahead(state, self.first, DAYS_PER_WEEK):
            holy = Text()
            for index, here in enumerate(day.holy_days):
                if index:
                    holy.append("; ")
                holy.append_text(rich_literal(here.text, LEVEL_STYLES[here.holy_day.level]))
            marker = "▶" if day.today else ""
            table.add_row(marker, rich_literal(day.text, "reverse" if day.today else ""), holy)
        self.query_one("#week-days", Static).update(table)
        self.query_one("#week-next", Static).update(self._next_text())

    def _next_text(self) -> Text:
        state = self.service.state
        if not calendar.has_holy_days(state):
            why = (
                "no Rune points in this campaign"
                if state.campaign.dates.kind.value == "glorantha"
                else "holy days are Glorantha's"
            )
            return rich_literal(f"No holy days on this calendar ({why}).", "dim")
        coming = calendar.next_holy_days(state)
        if not coming:
            return rich_literal("No holy day of the roster's cults within a year "
                                "(h sets a cult's).", "dim")  # fmt: skip
        text = Text("Next holy days:", style="bold")
        for day in coming:
            text.append("\n")
            holy = "; ".join(h.text for h in day.holy_days)
            text.append_text(rich_literal(f"{day.text}: {holy}"))
        return text

    def action_page(self, step: int) -> None:
        self.first = max(0, self.first + step * DAYS_PER_WEEK)
        self.draw()

    def action_today(self) -> None:
        self.first = self._this_week()
        self.draw()

    def action_set_date(self) -> None:
        from gmdash.tui.dialogs.calendar_forms import DateDialog

        @guarded
        def chosen(text: str | None) -> None:
            if text is None:
                return
            calendar.set_date(self.service, text)
            self.app.notify(f"Today is {calendar.today_text(self.service.state)}.",
                            title="Calendar")  # fmt: skip
            self.action_today()

        self.app.push_screen(DateDialog(), chosen)

    def action_holy_days(self) -> None:
        state = self.service.state
        if not calendar.has_holy_days(state):
            self.app.notify("Holy days count on a Gloranthan calendar with Rune points.",
                            title="Holy days", severity="warning")  # fmt: skip
            return
        cults = [name for name, _ in calendar.roster_cults(state).values()]
        cults += [state.campaign.dates.names[key] for key in state.campaign.dates.holy_days
                  if key not in calendar.roster_cults(state)]  # fmt: skip
        if not cults:
            self.app.notify("No one on the roster belongs to a cult (gmdash time holy sets any "
                            "cult's).", title="Holy days", severity="warning")  # fmt: skip
            return
        if len(cults) == 1:
            self._edit(cults[0])
            return
        from gmdash.tui.dialogs.calendar_forms import CultPicker

        def picked(cult: str | None) -> None:
            if cult is not None:
                self._edit(cult)

        self.app.push_screen(CultPicker(cults), picked)

    def _edit(self, cult: str) -> None:
        from gmdash.tui.dialogs.calendar_forms import HolyDaysDialog

        @guarded
        def chosen(days: CultHolyDays | None) -> None:
            if days is None:
                return
            calendar.set_holy_days(self.service, cult, days)
            self.app.notify(f"{cult}: {days.describe()}.", title="Holy days")
            self.draw()

        self.app.push_screen(HolyDaysDialog(cult), chosen)
