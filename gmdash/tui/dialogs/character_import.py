"""The roster's import (`i`): paste a printed stat block, a Foundry VTT RuneQuest actor or a
gmdash export (or load a file), see what was read and what was not, then save with ctrl+s.

Nothing is saved before ctrl+s; the preview is exactly what saving would add
(`gmdash.play.importing`). It is rebuilt once typing pauses (`PREVIEW_PAUSE`), never per key:
reading and drawing a whole stat block takes longer than a key, so a block typed key by key (a
terminal without bracketed paste) would otherwise wait seconds a key. Saving right after the
last key reads the text as it is then.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Input, Static, TextArea

from gmdash.model.errors import ValidationError
from gmdash.play.importing import (
    ImportFileError,
    NotReadable,
    Preview,
    Source,
    preview,
    preview_lines,
    read_import_file,
    read_source,
)
from gmdash.tui.dialogs.modal_base import GuardedModal, only_while_open
from gmdash.tui.keymap import CHARACTER_IMPORT, bindings_for, table_of
from gmdash.tui.user_text import literal

HINT = (
    "Paste a stat block (STR 13 CON 11 ... Broadsword 60%, 1D8+1, SR 7 ...), a Foundry VTT "
    "RuneQuest actor or a gmdash export; or type a file's path and press enter. "
    "{save} saves it to the roster, {template} keeps it as a bestiary template (foes to spawn), "
    "{convert} converts a sheet of the other rules, {cancel} cancels."
)
PREVIEW_PAUSE = 0.3
"""Seconds without a change of the text after which the preview is rebuilt."""


class ImportResult:
    """What the dialog hands back: the source to save and whether to convert it."""

    def __init__(self, source: Source, convert: bool, *, as_template: bool = False) -> None:
        self.source = source
        self.convert = convert
        self.as_template = as_template


class CharacterImportDialog(GuardedModal[ImportResult]):
    """A paste box over a live preview; ctrl+s saves only a sheet that would be accepted."""

    BINDINGS: ClassVar[list[BindingType]] = bindings_for(CHARACTER_IMPORT)
    DEFAULT_CSS = """
    CharacterImportDialog { align: center middle; }
    CharacterImportDialog > #dialog {
        width: 120; max-width: 100%; height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CharacterImportDialog #import-hint { color: $text-muted; height: auto; }
    CharacterImportDialog #import-text { height: 1fr; min-height: 6; }
    CharacterImportDialog #import-preview-box { height: 1fr; border: round $panel; }
    CharacterImportDialog #import-preview { height: auto; }
    CharacterImportDialog #import-status { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._source: Source | None = None
        self._found: Preview | None = None
        self._convert = False
        self._stale = False
        self._pause: Timer | None = None
        self.preview_builds = 0
        """How many times the preview was rebuilt from the text (tests count them)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = "Import a character"
            key = table_of(self.app).hint_key
            save, template, convert, cancel = (
                key(f"character_import.{name}")
                for name in ("save", "save_template", "toggle_convert", "cancel")
            )
            box.border_subtitle = literal(
                f"{save} save · {template} template · {convert} convert · {cancel} cancel"
            )
            yield Static(literal(HINT.format(save=save, template=template, convert=convert,
                                             cancel=cancel)), id="import-hint")  # fmt: skip
            # The paste box first: the dialog opens on it and a paste lands in it
            yield TextArea(id="import-text", soft_wrap=True, show_line_numbers=False)
            yield Input(placeholder="or a file to load (enter)", id="import-file")
            with VerticalScroll(id="import-preview-box"):
                yield Static("", id="import-preview")
            yield Static("", id="import-status")

    def on_mount(self) -> None:
        self._show("Nothing read yet.", ready=False)

    @property
    def preview_pending(self) -> bool:
        """Whether the text changed since the preview was built (it is, once typing pauses)."""
        return self._stale

    @on(Input.Submitted, "#import-file")
    @only_while_open
    def _load_file(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            return
        try:
            text = read_import_file(Path(event.value.strip()))
        except ImportFileError as error:
            self._show(str(error), ready=False)
            return
        area = self.query_one("#import-text", TextArea)
        area.load_text(text)
        area.focus()
        self._refresh(text)

    @on(TextArea.Changed, "#import-text")
    def _text_changed(self, event: TextArea.Changed) -> None:
        # Read the text once typing pauses: each key only restarts the wait.
        self._stale = True
        if self._pause is None:
            self._pause = self.set_timer(PREVIEW_PAUSE, self._refresh_if_stale)
        else:
            self._pause.reset()

    def _refresh_if_stale(self) -> None:
        self._pause = None
        if self._stale:
            self._refresh(self.query_one("#import-text", TextArea).text)

    def _refresh(self, text: str) -> None:
        self._stale = False
        self.preview_builds += 1
        self._source = self._found = None
        if not text.strip():
            self._show("Nothing read yet.", ready=False)
            return
        try:
            self._source = read_source(text, self.service.campaign.edition.ruleset)
        except (NotReadable, ValidationError) as error:
            self._show(f"Cannot read it: {error}", ready=False)
            return
        self._found = preview(self.service, self._source, convert=self._convert)
        lines = preview_lines(self._found, self.service.campaign.ruleset)  # each made visible
        self.query_one("#import-preview", Static).update(Content("\n".join(lines)))
        if self._found.ready:
            key = table_of(self.app).hint_key
            save, template = key("character_import.save"), key("character_import.save_template")
            status = f"{save} saves it to the roster, {template} keeps it as a template"
        else:
            status = f"Cannot save: {self._found.error}"
        self._status(status, ready=self._found.ready)

    def _show(self, message: str, *, ready: bool) -> None:
        self.query_one("#import-preview", Static).update(literal(message))
        self._status("", ready=ready)

    def _status(self, message: str, *, ready: bool) -> None:
        converting = " (converting to this campaign's rules)" if self._convert else ""
        style = "green" if ready else "yellow"
        self.query_one("#import-status", Static).update(literal(message + converting, style))

    @only_while_open
    def action_toggle_convert(self) -> None:
        self._convert = not self._convert
        self._refresh(self.query_one("#import-text", TextArea).text)

    @only_while_open
    def action_save(self) -> None:
        self._finish(as_template=False)

    @only_while_open
    def action_save_template(self) -> None:
        self._finish(as_template=True)

    def _finish(self, *, as_template: bool) -> None:
        if self._stale:  # the key typed right after the text: save what it says now
            self._refresh(self.query_one("#import-text", TextArea).text)
        if self._found is None or self._source is None or not self._found.ready:
            self.notify("Nothing that can be saved yet.", severity="warning")
            return
        self.dismiss(ImportResult(self._source, self._convert, as_template=as_template))
