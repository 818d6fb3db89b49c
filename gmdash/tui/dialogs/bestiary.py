"""Creatures from the bestiary: "Ridge Jackal x4" typed in the roster's dialog (`A`) or in the
fight's setup, read against the campaign's templates (a unique part of a name is enough)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from gmdash.model.bestiary import MAX_SPAWN, CreatureTemplate
from gmdash.model.errors import ValidationError
from gmdash.play import bestiary
from gmdash.play.combat import MAX_FOES, TemplateFoes
from gmdash.rules import hit_table
from gmdash.tui.context import dashboard
from gmdash.tui.dialogs.combat_base import cell, name_and_count
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label
from gmdash.tui.user_text import literal

if TYPE_CHECKING:
    from gmdash.play.campaign import CampaignService


def read_creatures(text: str, service: CampaignService, most: int) -> tuple[CreatureTemplate, int]:
    """(template, count) from "Ridge Jackal x4"; ValueError with the message to show."""
    name, count = name_and_count(text)
    if not name:
        raise ValueError("type a template's name, and x N for several")
    if not 1 <= count <= most:
        raise ValueError(f"from 1 to {most} at once")
    try:
        return bestiary.template(service, name), count
    except ValidationError as error:
        raise ValueError(error.message) from None


def describe(template: CreatureTemplate, count: int) -> str:
    """`3 x Ridge Jackal (Four-legged; STR 2D6+3 CON 3D6 ...)`."""
    chars = " ".join(f"{k} {v}" for k, v in template.characteristics.items())
    who = f"{count} x {template.name}" if count > 1 else template.name
    return f"{who} ({hit_table(template.hit_table).title}; {chars})"


def known_names(service: CampaignService) -> str:
    names = [t.name for t in bestiary.templates(service)]
    return ", ".join(names) if names else "the bestiary is empty (gmdash bestiary import FILE)"


class FromTemplateDialog(FormDialog[tuple[CreatureTemplate, int]]):
    """Add N creatures rolled from a template to the roster ("Broo 1".."Broo 4")."""

    title_text: ClassVar[str] = "Add from the bestiary"
    ok_label: ClassVar[str] = "Add"

    def dialog_body(self) -> ComposeResult:
        service = self.dash.service
        yield field_label("Template (and x N for several)")
        yield Input(placeholder="Ridge Jackal x4", id="template")
        yield error_label("template")
        yield Static(literal(f"Templates: {known_names(service)}"), classes="hint")
        yield Static("", id="preview", classes="preview")

    def _read(self) -> tuple[CreatureTemplate, int]:
        return read_creatures(self.query_one("#template", Input).value, self.dash.service,
                              MAX_SPAWN)  # fmt: skip

    def problems(self) -> dict[str, str]:
        try:
            self._read()
        except ValueError as error:
            return {"template": str(error)}
        return {}

    def answer(self) -> tuple[CreatureTemplate, int]:
        return self._read()

    def update_preview(self) -> None:
        template, count = self._read()
        self.set_preview("Adds " + describe(template, count) + ", each rolled on its own.")


class CreatureFields(Vertical):
    """The fight setup's bestiary field: blank for none, else "name x N"."""

    DEFAULT_CSS = """
    CreatureFields { height: auto; }
    CreatureFields .hint { color: $text-muted; height: auto; }
    """

    def compose(self) -> ComposeResult:
        service = dashboard(self).service
        yield Label("Creatures from the bestiary (blank for none)", classes="heading")
        yield cell("Template x N", Input(id="creatures", placeholder="Ridge Jackal x3"),
                   "creatures")  # fmt: skip
        yield Static(literal(f"Templates: {known_names(service)}"), classes="hint")

    def read(self) -> tuple[TemplateFoes | None, dict[str, str]]:
        text = self.query_one("#creatures", Input).value
        if not text.strip():
            return None, {}
        try:
            template, count = read_creatures(text, dashboard(self).service, MAX_FOES)
        except ValueError as error:
            return None, {"creatures": str(error)}
        return TemplateFoes(template=template, count=count), {}
