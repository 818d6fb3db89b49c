"""Pane 1, the roster: every character with hit points, magic and rune points and status, and
the selected one's full sheet below. Its keys add, edit, delete, damage, heal, tick and rest.

Every change goes out as an event through the campaign service (so the log shows it, undo
takes it back and it is saved); the pane only re-renders when the events come back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widget import Widget

from gmdash.drawing.names import fit_name
from gmdash.drawing.points import hp_bar, hp_bar_plain, points_style
from gmdash.drawing.status import status_plain, status_text_of, status_words
from gmdash.model.bestiary import CreatureTemplate
from gmdash.model.casting import castables
from gmdash.model.character import Character, CharacterKind
from gmdash.model.derived import sheet_maxima
from gmdash.model.effective import on_target
from gmdash.model.effects import TimedEffect
from gmdash.model.events import Event, PointsSpent
from gmdash.model.wording import condition_words
from gmdash.play import bestiary, effects, roster
from gmdash.play.campaign import CampaignService
from gmdash.play.effects import Target
from gmdash.rules import Edition, OptionalRule, RuleSet
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import ROSTER, bindings_for
from gmdash.tui.panes.base import Pane
from gmdash.tui.uniform_containers import AlikeScroll
from gmdash.tui.widgets.character_sheet import CharacterSheet
from gmdash.tui.widgets.row_table import RowTable

if TYPE_CHECKING:
    from gmdash.play.magic import Cast
    from gmdash.tui.dialogs.character_import import ImportResult
    from gmdash.tui.dialogs.effects import EffectOrder
    from gmdash.tui.dialogs.wounds import DamageOrder, HealOrder

# The dialogs are imported when first opened (the app preloads them once the dashboard shows),
# so that start-up does not load them.


class RosterPane(Pane):
    """The party and their foes; the selected sheet in full."""

    scope: ClassVar[str] = ROSTER
    number: ClassVar[int] = 1
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(ROSTER)
    DEFAULT_CSS = """
    RosterPane #roster-table { height: auto; max-height: 45%; }
    RosterPane #sheet-scroll {
        height: 1fr; border-top: solid $panel-lighten-2; scrollbar-gutter: stable;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.selected_id: str | None = None
        self._columns: tuple[int | None, bool, bool] | None = None
        self._listed: Listed | None = None
        self._effect_counts: dict[str, int] = {}
        """How many effects run on each listed character (the ✦ of its status)."""
        self._rest: list[Character] = []
        """At start-up, until `show_rest` (right after the first frame): the characters below
        the rows in view, not listed yet."""
        self._in_view_first = True
        """Whether the next whole listing is the first (see `_in_view`)."""

    def compose(self) -> ComposeResult:
        yield RowTable(id="roster-table")
        with AlikeScroll(id="sheet-scroll", can_focus=False):
            yield CharacterSheet(id="sheet")

    def on_mount(self) -> None:
        self.refresh_roster()

    def on_resize(self) -> None:
        self.call_after_refresh(self._relayout)

    def _relayout(self) -> None:
        if self._layout() != self._columns:
            self.refresh_roster()

    def _layout(self) -> tuple[int | None, bool, bool]:
        """(name column width, HP bar?, RP column?): a narrow pane trims names (a foe's number
        kept), drops the bar, the magic and Rune points, and puts a status other than "ok" in
        full on the line below the name, so that every row still shows its hit points and
        status (m maximises the pane for everything); a campaign without Rune points (BRP) has
        no RP column."""
        rune_points = self.dash.service.campaign.edition.uses(OptionalRule.RUNE_POINTS)
        inner = self.size.width or self._expected_width()
        if inner <= 0 or inner >= 44:
            return None, True, rune_points
        return max(8, inner - 3 - 5 - 7), False, rune_points

    def _expected_width(self) -> int:
        """Before the first layout: the inner width gmdash.tcss will give the pane (3/10 of
        the terminal, at least 30, less border and padding), so that the list is built once
        at start-up rather than rebuilt when the real size arrives (a resize still corrects
        any miss)."""
        width = self.app.size.width
        return max(30, width * 3 // 10) - 4 if width > 0 else 0

    def _set_columns(self) -> None:
        layout = self._layout()
        if layout == self._columns:
            return
        self._columns = layout
        self._listed = None
        name_width, _, rune_points = layout
        narrow = name_width is not None
        table = self.table
        table.clear(columns=True, wrap=narrow)
        if narrow:  # the status in full on a line of its own, under the name (issue 30)
            table.add_column("", key="kind")
            table.add_column("Name", key="name", width=name_width, cut=fit_name)
            table.add_column("HP", key="hp")
            table.add_column("Status", key="status", flex=True)
            return
        columns = [("kind", ""), ("name", "Name"), ("hp", "HP"), ("status", "Status"),
                   ("mp", "MP")] + ([("rp", "RP")] if rune_points else [])  # fmt: skip
        for key, label in columns:
            table.add_column(label, key=key, flex=key == "name",
                             cut=fit_name if key == "name" else None)  # fmt: skip

    @property
    def table(self) -> RowTable:
        return self.query_one("#roster-table", RowTable)

    def main_widget(self) -> Widget | None:
        return self.table

    # --- what is shown -----------------------------------------------------------------------

    def ordered(self) -> list[Character]:
        """PCs first, then NPCs, each in the order they joined."""
        characters = self.dash.service.characters
        return [c for c in characters if c.kind == CharacterKind.PC] + [
            c for c in characters if c.kind != CharacterKind.PC
        ]

    def selected(self) -> Character | None:
        if self.selected_id is None:
            return None
        return self.dash.service.state.characters.get(self.selected_id)

    def refresh_roster(self) -> None:
        """Bring the list up to date; the selection stays on the same character when it still
        exists. Only the rows whose character changed are made again (characters are
        immutable: a changed one is a new object), unless the list itself changed."""
        self.show_rest()  # the list compared below is the whole one
        table = self.table
        edition = self.dash.service.campaign.edition
        characters = self.ordered()
        keep = self.selected_id
        old_row = table.cursor_row
        self._set_columns()
        state = self.dash.service.state
        listed = (tuple(characters), edition, state.effects)
        ids = [c.id for c in characters]
        old = self._listed
        self._listed = listed
        if old is not None and old[1] == edition and [c.id for c in old[0]] == ids:
            if old[2] != listed[2]:  # effects started or ended: whose count of them changed?
                counts = {c.id: len(on_target(state, c.id)) for c in characters}
                changed = {
                    i for i, c in enumerate(characters) if counts[c.id] != self._effect_counts[c.id]
                }
                self._effect_counts = counts
            else:
                changed = set()
            for index, (before, character) in enumerate(zip(old[0], characters, strict=True)):
                if index in changed or before is not character:
                    table.replace_row(*self._row(character, edition.ruleset))
        else:
            self._effect_counts = {c.id: len(on_target(state, c.id)) for c in characters}
            table.clear()
            in_view = self._in_view(characters, ids.index(keep) if keep in ids else 0)
            table.add_lazy_rows(self._row(character, edition.ruleset) for character in in_view)
        if keep in ids:
            row = ids.index(keep)
        elif ids:
            row = max(0, min(old_row, len(ids) - 1))
        else:
            row = -1
        if row >= 0:
            if table.cursor_row != row or table.cursor_key != ids[row]:
                table.move_cursor(row=row, animate=False)
            self.selected_id = ids[row]
        else:
            self.selected_id = None
        self.show_sheet()

    def _in_view(self, characters: list[Character], cursor: int) -> list[Character]:
        """At start-up, the characters of the rows that can be in view (as many as the screen
        has lines), the rest kept for `show_rest`; else all of them."""
        first, self._in_view_first = self._in_view_first, False
        lines = self.app.size.height
        if not first or lines <= 0 or cursor > lines:
            return characters
        self._rest = characters[lines + 1 :]
        return characters[: lines + 1]

    def show_rest(self) -> None:
        """List the characters left for after the first frame (see `_in_view`)."""
        if not self._rest:
            return
        rest, self._rest = self._rest, []
        ruleset = self.dash.service.campaign.edition.ruleset
        self.table.add_lazy_rows(self._row(character, ruleset) for character in rest)

    def _row(
        self, character: Character, ruleset: RuleSet
    ) -> tuple[str, list[str], Callable[[], list[Text]]]:
        """A lazy row of the table (see `RowTable.add_lazy_rows`): the derived numbers and the
        status now, for the plain text that sizes the columns; the styled cells when drawn."""
        bar = self._columns is None or self._columns[1]
        rune_points = self._columns is not None and self._columns[2]
        narrow = self._columns is not None and self._columns[0] is not None
        full = sheet_maxima(character, ruleset)
        words = status_words(character, full)
        running = self._effect_counts.get(character.id, 0)
        # spells and other effects on them: the sheet below says which, how long
        marked = f" ✦{running}" if running else ""
        bar_width = 4 if bar else 0
        npc = character.kind != CharacterKind.PC
        plains = ["NPC" if npc else "PC", character.name,
                  hp_bar_plain(character.hit_points, full.hit_points, bar_width),
                  status_plain(words) + marked,
                  f"{character.magic_points}/{full.magic_points}"]  # fmt: skip
        if narrow:  # no line below for "ok"
            plains = [*plains[:3], "" if not words and not marked else plains[3]]
        elif rune_points:  # every pool together: the sheet below shows each cult's
            current, top = character.all_rune_points
            plains.append(f"{current}/{top}")

        def cells() -> list[Text]:
            status = status_text_of(words)
            if marked:
                status.append(marked, style="bold magenta")
            row = [
                Text(plains[0], style="dim" if npc else "bold cyan"),
                self._name_cell(character, npc, status, bar),
                hp_bar(character.hit_points, full.hit_points, bar_width),
                status if plains[3] else Text(""),
            ]
            if narrow:
                return row
            row.append(
                Text(plains[4], style=points_style(character.magic_points, full.magic_points))
            )
            if rune_points:
                current, top = character.all_rune_points
                row.append(Text(plains[5], style=points_style(current, top)))
            return row

        return character.id, plains, cells

    @staticmethod
    def _name_cell(character: Character, npc: bool, status: Text, wide: bool) -> Text:
        """The name; in a narrow pane (the status on the line below) coloured by the status."""
        name = Text(character.name, style="" if npc else "bold")
        if not wide and status.plain != "ok":
            name.stylize(str(status.style))
        return name

    def show_sheet(self) -> None:
        sheet = self.query_one("#sheet", CharacterSheet)
        selected = self.selected()
        state = self.dash.service.state
        running = on_target(state, selected.id) if selected else []
        sheet.show(selected, self.dash.service.campaign.edition, running)
        self.set_subtitle(selected.name if selected else "")

    def select(self, character_id: str) -> None:
        """Put the cursor on a character (after adding one, for instance)."""
        self.selected_id = character_id
        self.refresh_roster()

    @on(RowTable.RowHighlighted, "#roster-table")
    def _highlighted(self, event: RowTable.RowHighlighted) -> None:
        key = event.row_key
        if key != self.selected_id:
            self.selected_id = key
            self.show_sheet()

    def campaign_changed(self, event: Event | None) -> None:
        self.refresh_roster()

    # --- moving --------------------------------------------------------------------------------

    def action_cursor_up(self) -> None:
        self.table.action_cursor_up()
        self._follow_cursor()

    def action_cursor_down(self) -> None:
        self.table.action_cursor_down()
        self._follow_cursor()

    def _follow_cursor(self) -> None:
        """Show the sheet under the cursor at once, so that the list and the sheet change in
        the same frame (RowHighlighted arrives a message later and then finds nothing to do)."""
        key = self.table.cursor_key
        if key is not None and key != self.selected_id:
            self.selected_id = key
            self.show_sheet()

    def _need_selected(self) -> Character | None:
        # A key typed right after `down` arrives before the table's RowHighlighted: act on the
        # row under the cursor, never on the previous one.
        self._follow_cursor()
        character = self.selected()
        if character is None:
            self.app.notify("No character selected (press a to add one).", severity="warning")
        return character

    # --- rolls (dialogs of their own, which publish their RollMade) ------------------------------

    @guarded
    def action_roll_ability(self) -> None:
        character = self._need_selected()
        if character is not None:
            from gmdash.tui.dialogs.ability_roll import AbilityRollDialog

            self.app.push_screen(AbilityRollDialog(character))

    @guarded
    def action_roll_characteristic(self) -> None:
        character = self._need_selected()
        if character is not None:
            from gmdash.tui.dialogs.characteristic_roll import CharacteristicRollDialog

            self.app.push_screen(CharacteristicRollDialog(character))

    @guarded
    def action_roll_opposed(self) -> None:
        character = self._need_selected()
        if character is not None:
            from gmdash.tui.dialogs.opposed_roll import OpposedRollDialog

            self.app.push_screen(OpposedRollDialog(character))

    @guarded
    def action_roll_dice(self) -> None:
        from gmdash.tui.dialogs.dice_roll import DiceDialog

        self.app.push_screen(DiceDialog(self.selected()))

    # --- the roster ------------------------------------------------------------------------

    @guarded
    def action_add_character(self) -> None:
        from gmdash.tui.dialogs.character_form import CharacterForm

        self.app.push_screen(CharacterForm(None), self._added)

    @guarded
    def _added(self, sheet: Character | None) -> None:
        if sheet is None:
            return
        added = self.dash.service.add_character(sheet)
        self.select(added.id)
        self.app.notify(f"{added.name} joins the roster.", title="Added")

    @guarded
    def action_import_character(self) -> None:
        from gmdash.tui.dialogs.character_import import CharacterImportDialog

        self.app.push_screen(CharacterImportDialog(), self._imported)

    @guarded
    def _imported(self, result: ImportResult | None) -> None:
        if result is None:
            return
        from gmdash.play import importing  # with its readers: only when something is imported

        if result.as_template:
            creature, replaced = importing.save_as_template(
                self.dash.service, result.source, convert=result.convert
            )
            kept = "replaces the template of that name" if replaced else "is in the bestiary"
            self.app.notify(
                f"{creature.name} {kept}: A adds them to the roster, "
                f'or type "{creature.name} x3" when a fight starts.',
                title="Bestiary",
            )  # fmt: skip
            return
        added = importing.save(self.dash.service, result.source, convert=result.convert)
        self.select(added.id)
        self.app.notify(f"{added.name} joins the roster.", title="Imported")

    @guarded
    def action_add_from_template(self) -> None:
        from gmdash.tui.dialogs.bestiary import FromTemplateDialog

        self.app.push_screen(FromTemplateDialog(), self._spawned)

    @guarded
    def _spawned(self, order: tuple[CreatureTemplate, int] | None) -> None:
        if order is None:
            return
        template, count = order
        added = bestiary.spawn(self.dash.service, template.name, count, self.dash.rng)
        self.select(added[0].id)
        names = ", ".join(c.name for c in added)
        self.app.notify(f"{names} join the roster.", title="Bestiary")

    @guarded
    def action_edit_character(self) -> None:
        character = self._need_selected()
        if character is not None:
            from gmdash.tui.dialogs.character_form import CharacterForm

            self.app.push_screen(CharacterForm(character), self._edited)

    @guarded
    def _edited(self, sheet: Character | None) -> None:
        if sheet is None:
            return
        roster.edit_character(self.dash.service, sheet)
        self.app.notify(f"{sheet.name} saved.", title="Edited")

    @guarded
    def action_delete_character(self) -> None:
        character = self._need_selected()
        if character is None:
            return

        @guarded
        def answered(yes: bool | None) -> None:
            if yes:
                roster.delete_character(self.dash.service, character.id)
                self.app.notify(f"{character.name} left the roster (ctrl+z brings them back).",
                                title="Deleted")  # fmt: skip

        from gmdash.tui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(
            ConfirmDialog(f"Remove {character.name} from the roster?", title="Delete",
                          yes="Delete"),
            answered,
        )  # fmt: skip

    # --- wounds ------------------------------------------------------------------------------

    @guarded
    def action_damage(self) -> None:
        character = self._need_selected()
        if character is None:
            return

        @guarded
        def apply(order: DamageOrder | None) -> None:
            if order is None:
                return
            current = self.dash.service.character(character.id)  # the dialog may have rolled
            blow = roster.damage(self.dash.service, character.id, order.location, order.damage)
            self.app.notify(
                blow.summary,
                title=f"Damage to {current.name}",
                severity="error" if blow.result.effects else "information",
                timeout=10,
            )

        from gmdash.tui.dialogs.wounds import DamageDialog

        self.app.push_screen(DamageDialog(character), apply)

    @guarded
    def action_heal(self) -> None:
        character = self._need_selected()
        if character is None:
            return

        @guarded
        def apply(order: HealOrder | None) -> None:
            if order is None:
                return
            current = self.dash.service.character(character.id)
            summary = roster.heal_location(self.dash.service, character.id, order.location,
                                           order.amount, wound_index=order.wound,
                                           magical=order.magical)  # fmt: skip
            self.app.notify(summary, title=f"Heal {current.name}")

        from gmdash.tui.dialogs.wounds import HealDialog

        self.app.push_screen(HealDialog(character), apply)

    @guarded
    def action_clear_conditions(self) -> None:
        character = self._need_selected()
        if character is None:
            return
        if not character.conditions:
            self.app.notify(f"{character.name} has no lasting conditions.")
            return
        cleared = ", ".join(
            condition_words(roster.clear_conditions(self.dash.service, character.id))
        )
        self.app.notify(f"{character.name}: {cleared} cleared.", title="Conditions")

    @guarded
    @guarded
    def action_effects(self) -> None:
        character = self._need_selected()
        if character is None:
            return
        from gmdash.tui.dialogs.effects import EffectsDialog

        running = on_target(self.dash.service.state, character.id)
        self.app.push_screen(
            EffectsDialog(character.id, character.name, running),
            lambda order: change_effects_from(self, character.id, order),
        )

    # --- resources ---------------------------------------------------------------------------

    @guarded
    def action_toggle_tick(self) -> None:
        character = self._need_selected()
        if character is None:
            return
        if not character.abilities:
            self.app.notify(f"{character.name} has no abilities to tick.", severity="warning")
            return

        @guarded
        def apply(name: str | None) -> None:
            if name is None:
                return
            ticked = roster.toggle_tick(self.dash.service, character.id, name)
            verb = "ticked" if ticked else "unticked"
            self.app.notify(f"{character.name}: {name} {verb}.", title="Experience")

        from gmdash.tui.dialogs.points import TickDialog

        self.app.push_screen(TickDialog(character), apply)

    @guarded
    def action_spend_points(self) -> None:
        character = self._need_selected()
        if character is None:
            return

        @guarded
        def apply(events: list[PointsSpent] | None) -> None:
            roster.change_points(self.dash.service, events or [])

        from gmdash.tui.dialogs.points import PointsDialog

        self.app.push_screen(PointsDialog(character), apply)

    @guarded
    def action_cast_spell(self) -> None:
        """Cast a spell of the selected character at anyone on the roster."""
        character = self._need_selected()
        if character is None:
            return
        service = self.dash.service
        if not castables(character, service.campaign.ruleset):
            self.app.notify(f"{character.name} knows no spell (e edits the sheet).",
                            title="Cast", severity="warning")  # fmt: skip
            return
        from gmdash.tui.dialogs.cast_spell import CastDialog

        @guarded
        def done(cast: Cast | None) -> None:
            if cast is not None:
                self.app.notify(cast.summary, title="Cast", timeout=8)

        targets = [Target(c.id, c.name, c) for c in service.characters if c.id != character.id]
        self.app.push_screen(CastDialog(character, targets), done)

    @guarded
    def action_full_rest(self) -> None:
        """A full rest: magic points back to full (Rune points come back by worship, `w`)."""
        self._restore("Full rest", "A full rest restores magic points.", "magic points",
                      roster.full_rest)  # fmt: skip

    @guarded
    def action_worship(self) -> None:
        """Worship at a holy day or temple: Rune points back to full (RQG; BRP with the option)."""
        edition = self.dash.service.campaign.edition
        if not edition.uses(OptionalRule.RUNE_POINTS):
            self.app.notify("This campaign does not use Rune points (a BRP optional rule).",
                            title="Worship", severity="warning")  # fmt: skip
            return
        from gmdash.tui.dialogs.confirm import ChoiceDialog

        character = self.selected()
        choices = [("e", "Everyone, all their cults")]
        if character is not None:
            cults = character.cults[:9]
            choices = [(str(i), f"{character.name}: {c.name}") for i, c in enumerate(cults, 1)]
            choices += [("s", f"{character.name}: every pool"), ("e", "Everyone, all their cults")]

        @guarded
        def apply(choice: str | None) -> None:
            if choice is None:
                return
            cult_name = None
            who: list[str] | None = None
            if choice.isdigit() and character is not None:
                cult_name = character.cults[int(choice) - 1].name
                who = [character.id]
            elif choice == "s" and character is not None:
                who = [character.id]
            events = roster.worship(self.dash.service, who, cult_name)
            names = "everyone" if who is None else f"{character.name if character else ''}"
            what = f"{cult_name}'s Rune points" if cult_name else "Rune points"
            self.app.notify(
                f"Worship for {names}: {what} restored" + ("." if events else " (already full)."),
                title="Worship",
            )

        self.app.push_screen(
            ChoiceDialog("Worship restores Rune points, cult by cult. Whose?", choices,
                         title="Worship"),
            apply,
        )  # fmt: skip

    def _restore(
        self,
        title: str,
        question: str,
        what: str,
        restore: Callable[[CampaignService, list[str] | None], list[PointsSpent]],
    ) -> None:
        character = self.selected()
        choices = [("e", "Everyone")]
        if character is not None:
            choices.insert(0, ("s", character.name))

        @guarded
        def apply(choice: str | None) -> None:
            if choice is None:
                return
            one = None if choice == "e" else character
            events = restore(self.dash.service, None if one is None else [one.id])
            names = "everyone" if one is None else one.name
            self.app.notify(
                f"{title} for {names}: {what} restored" + ("." if events else " (already full)."),
                title=title,
            )

        from gmdash.tui.dialogs.confirm import ChoiceDialog

        self.app.push_screen(ChoiceDialog(f"{question} For whom?", choices, title=title), apply)


@guarded
def change_effects_from(pane: Pane, who: str, order: EffectOrder | None) -> None:
    """Carry out what the effects dialog asked (the roster's and the strike-rank pane's)."""
    if order is None:
        return
    started = effects.change_effects(
        pane.dash.service, who, order.text, caster=order.caster or None, dismissed=order.dismiss
    )
    told = []
    if order.dismiss:
        told.append(f"{len(order.dismiss)} dismissed.")
    if started is not None:
        told.append(f"{started.target_name}: {started.short()}.")
    pane.app.notify(" ".join(told), title="Effects")


Listed = tuple[tuple[Character, ...], Edition, tuple[TimedEffect, ...]]
