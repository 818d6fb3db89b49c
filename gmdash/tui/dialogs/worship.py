"""Worship at the holy days that time brought: one dialog for the party (docs/rules.md#holy-days).

Everyone whose cult's holy day came (and whose cult's Rune points are not full) is listed,
ticked: the game master unticks who did not worship (space; `x` unticks all, `a` ticks all) and
confirms with enter; the Rune points of those ticked come back (`play.time_passing.worship`).
Escape: nobody worshipped, nothing comes back.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from gmdash.play import time_passing
from gmdash.play.time_passing import WorshipOffer
from gmdash.tui.dialogs.modal_base import GuardedModal, only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import WORSHIP, bindings_for, table_of
from gmdash.tui.user_text import literal
from gmdash.tui.widgets.lists import PagedSelectionList


class WorshipDialog(GuardedModal[list[WorshipOffer]]):
    """Who worshipped at the holy days met; dismissed with those whose points came back."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(WORSHIP)
    DEFAULT_CSS = """
    WorshipDialog { align: center middle; }
    WorshipDialog > #dialog {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    WorshipDialog #worshippers { height: auto; max-height: 16; }
    WorshipDialog Static { height: auto; }
    """

    def __init__(self, offers: list[WorshipOffer]) -> None:
        super().__init__()
        self.offers = offers

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Holy days: who worshipped?"
            key = table_of(self.app).hint_key
            dialog.border_subtitle = literal(
                f"space: tick · {key('worship.all')}: all · {key('worship.none')}: none · "
                f"{key('worship.confirm')}: worship · {key('worship.cancel')}: nobody"
            )
            yield Static(
                "Worship on a cult's holy day brings its Rune points back to full. Untick "
                "anyone who did not worship.",
                classes="hint",
            )
            yield PagedSelectionList(
                *(
                    Selection(literal(_line(offer)), str(index), True)
                    for index, offer in enumerate(self.offers)
                ),
                id="worshippers",
            )

    def on_mount(self) -> None:
        listing = self.query_one("#worshippers", SelectionList)
        listing.highlighted = 0
        listing.focus()

    def _chosen(self) -> list[WorshipOffer]:
        picked = set(self.query_one("#worshippers", SelectionList).selected)
        return [offer for index, offer in enumerate(self.offers) if str(index) in picked]

    def action_all(self) -> None:
        self.query_one("#worshippers", SelectionList).select_all()

    def action_none(self) -> None:
        self.query_one("#worshippers", SelectionList).deselect_all()

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        chosen = self._chosen()
        if chosen:
            time_passing.worship(self.service, chosen)
            names = ", ".join(dict.fromkeys(offer.name for offer in chosen))
            self.app.notify(f"Rune points back to full: {names}.", title="Worship")
        self.dismiss(chosen)


def _line(offer: WorshipOffer) -> str:
    return (
        f"{offer.name}: {offer.cult} {offer.points}/{offer.full} → {offer.full}, at the "
        f"{offer.level.words} ({offer.date})"
    )
