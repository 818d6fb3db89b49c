"""Resources of one character: magic and rune points spent or regained, experience ticks."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from gmdash.drawing.user_text import multiline
from gmdash.model.character import Ability, Character
from gmdash.model.events import PointsSpent
from gmdash.play import points
from gmdash.rules import OptionalRule
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label
from gmdash.tui.keymap import TICK, bindings_for, table_of
from gmdash.tui.user_text import literal

POOLS = (("magic", "Magic points"), ("rune", "Rune points"))
"""The magic and the "no cult" Rune point pools; each cult's pool follows them."""


def parse_change(text: str) -> int:
    """`-3` spends 3, `+2` regains 2, empty is no change; ValueError with the message to show."""
    raw = text.strip().replace(" ", "")
    if not raw:
        return 0
    if raw[0] not in "+-" or not raw[1:].isdigit():
        raise ValueError("write -3 to spend 3, or +2 to regain 2")
    return int(raw)


class PointsDialog(FormDialog[list[PointsSpent]]):
    """Spend or regain magic points and rune points of one character."""

    ok_label = "Apply"

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    @property
    def title_text(self) -> str:  # type: ignore[override]
        return "Magic and Rune points" if len(self._kinds()) > 1 else "Magic points"

    def _pools(self) -> points.Pools:
        return points.pools(self.character, self.dash.service.campaign.ruleset)

    def _kinds(self) -> tuple[tuple[str, str], ...]:
        """The pools the campaign has: no Rune points in BRP unless its optional rule is on;
        the "no cult" pool when it holds any (or there is no cult), then each cult's."""
        if not self.dash.service.campaign.edition.uses(OptionalRule.RUNE_POINTS):
            return POOLS[:1]
        character = self.character
        if not character.cults:
            return POOLS
        kinds = [POOLS[0]]
        if character.rune_points_max or character.rune_points:
            kinds.append(("rune", "Rune points (no cult)"))
        kinds += [(cult.pool, f"{cult.name} Rune points") for cult in character.cults]
        return tuple(kinds)

    def _field(self, pool: str) -> str:
        """The widget id of a pool's field: `magic`, `rune`, `cult-N` (a cult's name is no
        widget id)."""
        if pool in ("magic", "rune"):
            return pool
        return next(f"cult-{i}" for i, c in enumerate(self.character.cults) if c.pool == pool)

    def dialog_body(self) -> ComposeResult:
        have = self._pools()
        yield Static(literal(self.character.name, style="bold"))
        yield Static("Type -3 to spend 3 points, +2 to regain 2; leave empty for no change.",
                     classes="hint")  # fmt: skip
        for pool, title in self._kinds():
            yield field_label(f"{title} (now {have.current[pool]}/{have.full[pool]})")
            yield Input(placeholder="-N spends, +N regains", id=self._field(pool))
            yield error_label(self._field(pool))
        yield Static("", id="preview", classes="preview")

    def _changes(self) -> dict[str, int]:
        return {
            pool: parse_change(self.query_one(f"#{self._field(pool)}", Input).value)
            for pool, _ in self._kinds()
        }

    def problems(self) -> dict[str, str]:
        have = self._pools()
        found: dict[str, str] = {}
        changes: dict[str, int] = {}
        for pool, _ in self._kinds():
            try:
                changes[pool] = parse_change(self.query_one(f"#{self._field(pool)}", Input).value)
            except ValueError as error:
                found[self._field(pool)] = str(error)
                continue
            why = points.check_change(pool, changes[pool], have)
            if why:
                found[self._field(pool)] = why
        if not found and not any(changes.values()):
            found["preview"] = "nothing to change yet"
        return found

    def revalidate(self) -> dict[str, str]:
        found = super().revalidate()
        if "preview" in found and len(found) == 1:
            self.set_preview(Text("Type a change.", style="dim"))
        return found

    def update_preview(self) -> None:
        have = self._pools()
        lines = []
        for pool, title in self._kinds():
            change = self._changes()[pool]
            if change:
                verb = "spends" if change < 0 else "regains"
                lines.append(f"{title}: {verb} {abs(change)}: {have.current[pool]} → "
                             f"{have.current[pool] + change}/{have.full[pool]}")  # fmt: skip
        self.set_preview(multiline("\n".join(lines)))  # one line a pool, never a "␊"

    def answer(self) -> list[PointsSpent]:
        return points.changes(self.character, self._changes())


def matching(abilities: tuple[Ability, ...], text: str) -> list[Ability]:
    """Abilities whose name contains `text` (case-insensitive); an exact name comes first."""
    wanted = text.strip().casefold()
    found = [a for a in abilities if wanted in a.name.casefold()]
    found.sort(key=lambda a: (a.name.casefold() != wanted, not a.name.casefold().startswith(wanted),
                              a.name.casefold()))  # fmt: skip
    return found


class TickDialog(FormDialog[str]):
    """Tick or untick an ability's experience box: type part of its name, pick it."""

    title_text = "Experience tick"
    ok_label = "Tick / untick"
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(TICK)
    DEFAULT_CSS = """
    TickDialog OptionList { height: auto; max-height: 12; }
    """

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character

    def dialog_body(self) -> ComposeResult:
        yield Static(literal(self.character.name, style="bold"))
        yield field_label("Ability (part of its name)")
        yield Input(placeholder="e.g. sword", id="ability")
        yield error_label("ability")
        yield OptionList(id="matches")
        keys = table_of(self.app)
        yield Static(literal(f"{keys.hint_key('tick.previous')}/{keys.hint_key('tick.next')} "
                             f"choose, {keys.hint_key('form.confirm')} toggles the tick."),
                     classes="hint")  # fmt: skip

    def on_mount(self) -> None:
        self._fill()
        self.revalidate()

    def _matches(self) -> list[Ability]:
        return matching(self.character.abilities, self.query_one("#ability", Input).value)

    def _fill(self) -> None:
        options = self.query_one("#matches", OptionList)
        options.clear_options()
        for ability in self._matches():
            mark = "☑" if ability.ticked else "☐"
            options.add_option(
                Option(literal(f"{mark} {ability.name} {ability.value}%"), id=ability.name)
            )
        if options.option_count:
            options.highlighted = 0

    @on(Input.Changed, "#ability")
    def _typed(self) -> None:
        self._fill()

    def action_move(self, step: int) -> None:
        options = self.query_one("#matches", OptionList)
        if options.option_count:
            current = options.highlighted or 0
            options.highlighted = max(0, min(options.option_count - 1, current + step))

    @on(OptionList.OptionSelected)
    def _picked(self) -> None:
        self.action_confirm()

    def problems(self) -> dict[str, str]:
        text = self.query_one("#ability", Input).value
        if not self._matches():
            return {"ability": f"no ability of {self.character.name} matches {text.strip()!r}"}
        return {}

    def answer(self) -> str:
        options = self.query_one("#matches", OptionList)
        index = options.highlighted or 0
        option_id = options.get_option_at_index(index).id
        assert option_id is not None
        return option_id
