"""Export the shown log entries: Markdown journal, CSV or JSON, to a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from gmdash.formats import log_export
from gmdash.store.exports import export_refusal
from gmdash.tui.dialogs.log_base import LogDialog
from gmdash.tui.dialogs.modal_base import only_while_open
from gmdash.tui.error_reports import guarded
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList

EXPORT_FORMATS = ("md", "csv", "json")


@dataclass(frozen=True, slots=True)
class ExportChoice:
    """Where and how to write: `path` (relative: in the exports folder) and `fmt`."""

    path: Path
    fmt: str


def with_extension(text: str, fmt: str) -> str:
    """The path with the format's extension in place of a known one."""
    path = text.strip()
    for ext in log_export.EXTENSIONS.values():
        if path.lower().endswith(ext):
            path = path[: -len(ext)]
            break
    return path + log_export.EXTENSIONS[fmt]


def check_path(text: str, folder: Path) -> tuple[Path | None, str]:
    """(the path, '') when it can be written, else (None, why); relative paths go in `folder`.

    `folder` (the exports folder) may not exist yet: it is made on the first export.
    """
    typed = text.strip()
    if not typed:
        return None, "type a file name"
    path = Path(typed).expanduser()
    target = path if path.is_absolute() else folder / path
    if target.is_dir() or typed.endswith(("/", "\\")):
        return None, f"{target} is a folder: add a file name"
    refusal = export_refusal(target)
    if refusal is not None:
        return None, refusal
    if not target.parent.is_dir() and target.parent != folder:
        return None, f"no folder {target.parent}"
    return path, ""


class ExportDialog(LogDialog[ExportChoice]):
    """A file name and a format; enter writes, escape cancels."""

    DEFAULT_CSS = """
    ExportDialog #export-formats { height: auto; max-height: 5; }
    """

    def __init__(self, stem: str, folder: Path, fmt: str = "md") -> None:
        super().__init__()
        self.stem = stem
        self.folder = folder
        self.fmt = fmt

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as dialog:
            dialog.border_title = "Export the shown entries"
            yield PagedOptionList(
                *(Option(log_export.FORMAT_NAMES[f], id=f) for f in EXPORT_FORMATS),
                id="export-formats",
                compact=True,
            )
            with Horizontal(classes="row"):
                yield Static("file", classes="field-label")
                yield Input(
                    self.stem + log_export.EXTENSIONS[self.fmt], id="export-path", compact=True
                )
            yield Static("", id="export-path-error", classes="error")
            yield Static(markup("[dim]relative names go in $folder[/dim]", folder=self.folder),
                         classes="info")  # fmt: skip
            yield Static(
                "[dim]up/down: format · tab: file name · enter: write · escape: cancel[/dim]",
                classes="info",
            )
            with Horizontal(id="buttons"):
                ok = Button("Write", id="ok", variant="primary", compact=True)
                ok.can_focus = False
                yield ok

    def on_mount(self) -> None:
        formats = self.query_one("#export-formats", OptionList)
        formats.highlighted = EXPORT_FORMATS.index(self.fmt)
        formats.focus()
        self.validate()

    def validate(self) -> ExportChoice | None:
        path, error = check_path(self.query_one("#export-path", Input).value, self.folder)
        if path is not None:
            target = path if path.is_absolute() else self.folder / path
            if target.exists():
                error = f"{target.name} exists: it will be replaced"
        self.query_one("#export-path-error", Static).update(literal(error))
        self.query_one("#ok", Button).disabled = path is None
        return None if path is None else ExportChoice(path, self.fmt)

    @on(OptionList.OptionHighlighted, "#export-formats")
    def _format_moved(self, message: OptionList.OptionHighlighted) -> None:
        fmt = message.option.id or "md"
        if fmt == self.fmt:
            return
        self.fmt = fmt
        field = self.query_one("#export-path", Input)
        field.value = with_extension(field.value, fmt)

    @on(OptionList.OptionSelected, "#export-formats")
    def _format_chosen(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.action_confirm()

    @on(Input.Changed, "#export-path")
    def _path_changed(self, _: Input.Changed) -> None:
        self.validate()

    @on(Input.Submitted, "#export-path")
    def _path_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.action_confirm()

    def on_button_pressed(self, _: Button.Pressed) -> None:
        self.action_confirm()

    @guarded
    @only_while_open
    def action_confirm(self) -> None:
        choice = self.validate()
        if choice is None:
            self.app.bell()
            return
        self.dismiss(choice)
