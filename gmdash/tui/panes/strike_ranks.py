"""The strike-rank pane: where a fight is run, one melee round after another.

Every line is an action of this round in strike-rank order (BRP: DEX order), then actions that
fall into the next round, combatants with nothing declared, and those out of action. `n`/`p`
step through the actions, `t` resolves the current one as an attack, `ctrl+n` starts the next
round. Everything goes through `gmdash.play.combat`, so each step is an event in the log,
undoable with ctrl+z, and the fight survives a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.css.query import NoMatches
from textual.widgets import Static

from gmdash.drawing.names import fit, fit_name
from gmdash.model.character import Character
from gmdash.model.combat import Combat, Combatant, Row, location_maxima, sheet_of
from gmdash.model.combat_events import (
    ActionAdvanced,
    AttackResolved,
    CombatEnded,
    CombatStarted,
    CombatStepUndone,
    RoundStarted,
    SpiritCombatResolved,
)
from gmdash.model.effective import on_combatant
from gmdash.model.errors import ValidationError
from gmdash.model.events import Event, RedoApplied, UndoApplied
from gmdash.play import combat as runner
from gmdash.play.effects import Target
from gmdash.rules import RuleSet
from gmdash.rules.combat import ActionKind
from gmdash.rules.defences import defence_penalty
from gmdash.rules.spells import spell_effect
from gmdash.tui.error_reports import guarded
from gmdash.tui.keymap import STRIKE_RANKS, bindings_for, table_of
from gmdash.tui.panes.base import Pane
from gmdash.tui.user_text import literal_lines
from gmdash.tui.widgets.row_table import RowTable

if TYPE_CHECKING:
    from gmdash.model.state import CampaignState
    from gmdash.play.magic import Cast
    from gmdash.tui.dialogs.combat_setup import Lineup
    from gmdash.tui.dialogs.spirit_combat import SpiritOrder

# The combat dialogs are imported when first opened, so that start-up does not load them.

IDLE_HINT = "b starts a combat: pick the fighters, add foes (Broo x3)."
KEYS_HINT = "s declare · l same · n/p step · t attack · ctrl+n round · + add · del remove · E end"
STATUS_MARK = {"dead": "✝", "unconscious": "z", "shock": "!"}


class StrikeRankPane(Pane):
    """The running fight, in the order of its strike ranks."""

    scope: ClassVar[str] = STRIKE_RANKS
    number: ClassVar[int] = 2
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(STRIKE_RANKS)
    DEFAULT_CSS = """
    StrikeRankPane #sr-heading { height: 1; text-style: bold; }
    StrikeRankPane > #sr-list { height: 1fr; background: transparent; scrollbar-size-vertical: 1; }
    StrikeRankPane #sr-last { height: auto; max-height: 3; color: $text-muted; }
    StrikeRankPane #sr-effects { height: auto; max-height: 4; color: $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._last_text = ""
        self.auto_next = True
        """After a declaration the highlight moves on to the next fighter still to declare
        (said in a notice, naming them); `a` turns it off and on."""
        self._drawn: _Drawn | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="sr-heading")
        listing = RowTable(cell_padding=0, show_header=False, id="sr-list")
        listing.add_column("", key="line")  # the lines are drawn to the list's width
        yield listing
        yield Static("", id="sr-effects")
        yield Static("", id="sr-last")

    def on_mount(self) -> None:
        # Drawn now (not on the first resize) so that the first frame shows the pane whole:
        # `is_mounted` is still False here, hence no such guard in render_fight.
        super().on_mount()
        self._last_text = self._recall_last_attack()
        self.render_fight()

    def _recall_last_attack(self) -> str:
        """After a restart: the account of this round's last attack, from the log."""
        service = self.dash.service
        if service.state.combat is None:
            return ""
        undone: set[str] = set(service.state.undone)
        for event in reversed(service.events()):
            if isinstance(event, CombatStepUndone):
                undone.add(event.undone_id)
            elif event.id in undone:
                continue
            elif isinstance(event, AttackResolved):
                return event.text
            elif isinstance(event, RoundStarted | CombatStarted):
                return ""
        return ""

    def on_resize(self, event: events.Resize) -> None:
        # Only the list depends on the width, and only while a fight runs: with no fight (or
        # the same width) a resize changes nothing, so start-up costs no extra layout or frame.
        self.render_fight()

    def main_widget(self) -> RowTable:
        return self.query_one("#sr-list", RowTable)

    def campaign_changed(self, event: Event | None) -> None:
        if isinstance(event, AttackResolved | SpiritCombatResolved):
            self._last_text = event.text
        taken_back = isinstance(event, CombatStepUndone) or (
            isinstance(event, UndoApplied | RedoApplied) and self._fight_changed()
        )
        if isinstance(event, CombatStarted | CombatEnded | RoundStarted) or taken_back:
            self._last_text = ""
        # Events that do not touch the fight (a roll, a session...) find the same fight and
        # the same sheets, and redraw nothing.
        self.render_fight(follow=isinstance(event, ActionAdvanced) or taken_back)

    def _fight_changed(self) -> bool:
        """Whether the fight is another than the one drawn (an undo or redo of a step)."""
        drawn = self._drawn.combat if self._drawn is not None else None
        return drawn is not self.dash.service.state.combat

    # --- drawing ---------------------------------------------------------------------------

    def render_fight(self, *, follow: bool = False) -> None:
        """Redraw from the campaign state; keep the highlighted line unless `follow`ing the
        current action.

        The list is rebuilt only when what it shows has changed: the fight (immutable, a new
        object after every step), the sheets of its combatants (likewise), the rules or, while
        a fight runs, the width. Unchanged lines are not updated, and the one-line heading
        repaints without a relayout of the screen.
        """
        try:
            heading = self.query_one("#sr-heading", Static)
        except NoMatches:  # not composed yet
            return
        service = self.dash.service
        last = self.query_one("#sr-last", Static)
        listing = self.main_widget()
        combat = service.state.combat
        running = effects_text(service.state)
        shown = self.query_one("#sr-effects", Static)
        shown.display = bool(running)  # no line at all when nothing runs
        _show(shown, running)
        if combat is None:
            if self._drawn is None or self._drawn.combat is not None:
                self._drawn = _Drawn(None, (), service.campaign.ruleset, 0)
                _show(heading, "No combat")
                listing.clear()
            brp = self.dash.service.campaign.edition.is_brp
            _show(last, IDLE_HINT.replace("Broo x3", "Bandit x3") if brp else IDLE_HINT)
            return
        characters = service.state.characters
        sheets = tuple(sheet_of(c, characters) for c in combat.combatants)
        ruleset = service.campaign.ruleset
        drawn = _Drawn(combat, sheets, ruleset, self._list_width(listing.row_count))
        if self._drawn is not None and self._drawn.same(drawn):
            # The same fight on the same sheets has the same rows: only the last line may move.
            _show(last, self._last_text or KEYS_HINT)
            return
        rows = runner.rows(service)
        width = self._list_width(len(rows))
        self._drawn = _Drawn(combat, sheets, ruleset, width)
        brp = ruleset is RuleSet.BRP
        acting = [row for row in rows if row.turn is not None]
        position = next((i for i, row in enumerate(acting) if row.current), None)
        text = f"Round {combat.round}"
        if position is not None:
            turn = acting[position].turn
            assert turn is not None
            where = f"DEX {turn.dex}" if brp else f"SR {turn.sr}"
            text += f" · {where} · {position + 1}/{len(acting)}"
        elif acting:
            text += f" · {len(acting)} actions · n starts"
        else:
            text += " · s declares"
        _show(heading, text)
        previous = self._highlighted_key()
        keys = [self._key(row, i) for i, row in enumerate(rows)]
        listing.clear()
        listing.add_rows(
            (key, [self._line(row, width, brp)]) for key, row in zip(keys, rows, strict=True)
        )
        target = None
        if follow:
            target = next((k for k, row in zip(keys, rows, strict=True) if row.current), None)
        if target is None and previous in keys:
            target = previous
        if target is not None:
            listing.move_cursor(row=keys.index(target))
        elif keys:
            listing.move_cursor(row=0)
        _show(last, self._last_text or KEYS_HINT)

    def _list_width(self, count: int) -> int:
        """The width of a line of the list of `count` rows (less its scrollbar, if any)."""
        listing = self.main_widget()
        scrollbar = 1 if count > listing.size.height else 0
        return max(20, (listing.size.width or self.size.width - 2) - scrollbar - 1)

    @staticmethod
    def _key(row: runner.Row, index: int) -> str:
        if row.turn is not None:
            return f"{row.combatant.id}:{row.turn.index}"
        if row.next_round:
            return f"{row.combatant.id}:next:{index}"
        return f"{row.combatant.id}:-"

    def _line(self, row: runner.Row, width: int, brp: bool) -> Text:
        mark = "▶" if row.current else ("✓" if row.resolved else " ")
        if row.turn is not None:
            rank = row.turn.dex if brp else row.turn.sr
            sr = f"{rank:>2}" + ("=" if row.turn.simultaneous else " ")
        elif row.next_round and row.action is not None:
            sr = f"→{row.action.sr - 12:<2}"
        elif row.status:
            sr = f" {STATUS_MARK.get(row.status, 'x')} "
        else:
            sr = " - "
        narrow = width < 36
        hp = ""
        if row.sheet is not None and row.combatant.spirit:  # no body: its magic points show
            hp = f"{row.sheet.magic_points}" if narrow else f"MP{row.sheet.magic_points}"
        elif row.sheet is not None:
            total, _ = location_maxima(row.combatant, row.sheet, self.dash.service.campaign.ruleset)
            hp = str(row.sheet.hit_points) if narrow else f"{row.sheet.hit_points}/{total}"
        if row.status:
            what = row.status
        elif row.action is not None:
            what = row.action.label
        else:
            what = "(s)" if narrow else "(s declares)"
        hp_width = 3 if narrow else 6
        rest = width - 1 - 3 - 1 - hp_width
        name_width = max(6, min(24, (rest * 11) // 20))
        what_width = max(3, rest - name_width - 1)
        what = _defences_mark(row, self.dash.service.campaign.ruleset, what_width) + what
        name = fit_name(row.combatant.name, name_width)
        line = Text()
        line.append(mark, style="bold yellow" if row.current else "green")
        line.append(sr, style="bold" if row.current else "")
        line.append(" ")
        line.append(name.ljust(name_width), style=_name_style(row.combatant, row))
        line.append(" ")
        line.append(fit(what, what_width).ljust(what_width), style=_what_style(row))
        line.append(
            hp.rjust(hp_width),
            style="red"
            if row.sheet and row.sheet.hit_points <= 2 and not row.combatant.spirit
            else "magenta"
            if row.combatant.spirit
            else "",
        )
        return line

    def _highlighted_key(self) -> str | None:
        return self.main_widget().cursor_key

    def _selected(self) -> Combatant:
        key = self._highlighted_key()
        combat = runner.fight(self.dash.service)
        if key is None:
            raise ValidationError("combatant", "select a combatant first (up/down)")
        return combat.combatant(key.split(":", 1)[0])

    # --- actions -----------------------------------------------------------------------------

    @guarded
    def action_begin_combat(self) -> None:
        service = self.dash.service
        if service.state.combat is not None:
            raise ValidationError("combat", "a combat is running (E ends it, + adds fighters)")
        from gmdash.tui.dialogs.combat_setup import CombatSetupDialog

        self.app.push_screen(CombatSetupDialog(service.characters), self._begin)

    @guarded
    def _begin(self, lineup: Lineup | None) -> None:
        if lineup is None:
            return
        runner.begin(self.dash.service, lineup.character_ids, lineup.groups, self.dash.rng)
        self.notify("Round 1: s declares each fighter's actions, l repeats.", title="Combat")

    @guarded
    def action_add_combatant(self) -> None:
        service = self.dash.service
        runner.fight(service)
        from gmdash.tui.dialogs.combat_setup import AddCombatantDialog

        self.app.push_screen(AddCombatantDialog(runner.roster_not_fighting(service)), self._add)

    @guarded
    def _add(self, lineup: Lineup | None) -> None:
        if lineup is None:
            return
        service = self.dash.service
        for cid in lineup.character_ids:
            runner.add_character(service, cid)
        for group in lineup.groups:
            runner.add_foes(service, group, self.dash.rng)

    @guarded
    def action_remove_combatant(self) -> None:
        combatant = self._selected()
        runner.remove(self.dash.service, combatant.id)
        self.notify(f"{combatant.name} leaves the fight (ctrl+z brings them back).")

    @guarded
    def action_declare(self) -> None:
        service = self.dash.service
        combatant = self._selected()
        sheet = sheet_of(combatant, service.state.characters)
        if sheet is None:
            raise ValidationError("combatant", f"{combatant.name} is no longer on the roster")
        from gmdash.tui.dialogs.combat_declare import DeclareDialog

        dialog = DeclareDialog(combatant, sheet, service.campaign.ruleset)
        self.app.push_screen(dialog, lambda plans: self._declare(combatant.id, plans))

    @guarded
    def _declare(self, combatant_id: str, plans: tuple[runner.Plan, ...] | None) -> None:
        if plans is None:
            return
        runner.declare(self.dash.service, combatant_id, plans)
        if self.auto_next:
            self._select_next_undeclared(combatant_id)

    def _select_next_undeclared(self, after: str) -> None:
        """Move the highlight to the next combatant still waiting to declare (fast at the
        table: s, enter, s, enter...), and say who it is: a GM who did not expect the move
        would otherwise declare for the wrong fighter."""
        listing = self.main_widget()
        key = table_of(self.app).hint_key("strike-ranks.toggle_auto_next")
        for i, row_key in enumerate(listing.row_keys):
            if row_key.endswith(":-") and not row_key.startswith(after + ":"):
                listing.move_cursor(row=i)
                name = runner.fight(self.dash.service).combatant(row_key.removesuffix(":-")).name
                self.notify(f"Next to declare: {name} ({key} turns this move off).",
                            title="Moved on")  # fmt: skip
                return
        self.notify("Everyone has declared: n steps to the first action.")

    def action_toggle_auto_next(self) -> None:
        self.auto_next = not self.auto_next
        key = table_of(self.app).hint_key("strike-ranks.toggle_auto_next")
        if self.auto_next:
            self.notify(f"After a declaration, the next fighter to declare is selected ({key}: "
                        "off).")  # fmt: skip
        else:
            self.notify(f"After a declaration, the fighter stays selected ({key}: on).")

    @guarded
    def action_same_as_last_round(self) -> None:
        event = runner.same_as_last_round(self.dash.service)
        self.notify(f"{len(event.declarations)} fighter(s) repeat last round's actions.")

    @guarded
    def action_next_action(self) -> None:
        service = self.dash.service
        combat = runner.fight(service)
        if runner.step(service, +1) is None:
            if not any(row.turn for row in runner.rows(service)):
                raise ValidationError("actions", "nobody has declared yet: s declares, l repeats")
            self.notify(
                f"End of round {combat.round}: ctrl+n starts round {combat.round + 1}.",
                title="Round over",
            )

    @guarded
    def action_previous_action(self) -> None:
        if runner.step(self.dash.service, -1) is None:
            self.notify("This is the start of the round.")

    @guarded
    def action_new_round(self) -> None:
        event = runner.new_round(self.dash.service)
        self.notify(f"Round {event.round}: declare (s, or l for the same as last round).")

    @guarded
    def action_attack(self) -> None:
        service = self.dash.service
        row = runner.current_row(service)
        if row is None or row.action is None:
            raise ValidationError("current", "no current action: n moves to the next one")
        if row.action.kind is ActionKind.SPELL:
            self._cast(row)
            return
        if not row.action.kind.is_attack:
            raise ValidationError(
                "action",
                f"{row.combatant.name}'s {row.action.label} is not an attack "
                "(roll it from the roster), n moves on",
            )
        sheet = row.sheet
        if sheet is None:
            raise ValidationError("combatant", f"{row.combatant.name} is no longer on the roster")
        weapon = runner.weapon_of(sheet, row.action.weapon)
        combat = runner.fight(service)
        targets = []
        for combatant in combat.combatants:
            if combatant.id == row.combatant.id or combatant.spirit:
                continue
            target_sheet = sheet_of(combatant, service.state.characters)
            if target_sheet is not None:
                targets.append((combatant, target_sheet))
        if not targets:
            raise ValidationError("defender", "there is nobody to attack (+ adds a combatant)")
        default = runner.default_target(service, row.combatant)
        from gmdash.tui.dialogs.combat_attack import AttackDialog

        dialog = AttackDialog(
            row.combatant,
            weapon,
            runner.skill_of(sheet, weapon.skill),
            targets,
            default.id if default else None,
            effects={c.id: on_combatant(service.state, c) for c in combat.combatants},
            ruleset=service.campaign.ruleset,
        )
        if not row.resolved:
            self.app.push_screen(dialog, self._attack)
            return
        # The same action twice is nearly always a slip of the finger: ask first.
        from gmdash.tui.dialogs.confirm import ConfirmDialog

        def again(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(dialog, self._attack)
            else:
                self.notify("Not resolved again (n moves to the next action).")

        question = (
            f"{row.combatant.name}'s {row.action.label} is already resolved this round. "
            "Resolve it once more?"
        )
        self.app.push_screen(ConfirmDialog(question, title="Already resolved", yes="Again"), again)

    def _cast(self, row: Row) -> None:
        """A declared spell: the cast dialog on that spell, the fight's combatants as targets
        (the first foe still in action by default)."""
        service = self.dash.service
        caster = row.combatant
        if caster.character_id is None or row.sheet is None:
            raise ValidationError("combatant", f"{caster.name} has no spells of its own: "
                                  "only a sheet of the roster casts")  # fmt: skip
        combat = runner.fight(service)
        targets = [
            Target(c.id, c.name, sheet_of(c, service.state.characters))
            for c in combat.combatants
            if c.id != caster.id
        ]
        spell = row.action.label if row.action is not None else None
        # a spell that lasts (Bladesharp, Protection...) is mostly the caster's own; any other
        # (Disruption, Demoralize) is aimed at the first foe still in action
        lasting = spell is not None and spell_effect(spell) is not None
        default = None if lasting else runner.default_target(service, caster)
        from gmdash.tui.dialogs.cast_spell import CastDialog

        @guarded
        def done(cast: Cast | None) -> None:
            if cast is not None:
                self.notify(cast.summary, title="Cast", timeout=8)

        self.app.push_screen(
            CastDialog(row.sheet, targets, spell_name=spell,
                       target_id=default.id if default else None,
                       action=None if row.turn is None else (caster.id, row.turn.index)),
            done,
        )  # fmt: skip

    @guarded
    def _attack(self, given: runner.AttackInput | None) -> None:
        if given is None:
            return
        event = runner.resolve_attack(self.dash.service, self.dash.rng, given)
        self.notify(event.text, title="Attack", timeout=8)

    @guarded
    def action_effects(self) -> None:
        combatant = self._selected()
        from gmdash.tui.dialogs.effects import EffectsDialog
        from gmdash.tui.panes.roster import change_effects_from

        who = combatant.character_id or combatant.id
        running = on_combatant(self.dash.service.state, combatant)
        self.app.push_screen(
            EffectsDialog(who, combatant.name, running),
            lambda order: change_effects_from(self, who, order),
        )

    @guarded
    def action_spirit_combat(self) -> None:
        from gmdash.play.combat import spirit

        service = self.dash.service
        if service.campaign.ruleset is not RuleSet.RQG:
            raise ValidationError("ruleset", "spirit combat is RuneQuest's (this campaign is BRP)")
        combatant = self._selected()
        combat = runner.fight(service)
        characters = service.state.characters
        sheet = sheet_of(combatant, characters)
        if sheet is None:
            raise ValidationError("combatant", f"{combatant.name} is no longer on the roster")
        others = []
        for other in combat.combatants:
            other_sheet = sheet_of(other, characters)
            if other.id != combatant.id and other_sheet is not None:
                chance = spirit.spirit_chance(other_sheet, on_combatant(service.state, other))
                others.append((other, other_sheet, chance.amount))
        own = spirit.spirit_chance(sheet, on_combatant(service.state, combatant))
        from gmdash.tui.dialogs.spirit_combat import SpiritCombatDialog

        self.app.push_screen(SpiritCombatDialog(combatant, own.amount, others), self._spirit)

    @guarded
    def _spirit(self, order: SpiritOrder | None) -> None:
        if order is None:
            return
        from gmdash.play.combat import spirit

        event = spirit.resolve_against(self.dash.service, self.dash.rng, order.given, order.spirit)
        self._last_text = event.text
        self.render_fight()
        self.notify(event.text, title="Spirit combat", timeout=8)

    @guarded
    def action_end_combat(self) -> None:
        data, _ = runner.summary(self.dash.service)
        from gmdash.tui.dialogs.combat_end import ConfirmEndDialog

        self.app.push_screen(ConfirmEndDialog(data), self._end)

    @guarded
    def _end(self, confirmed: bool | None) -> None:
        if not confirmed:
            return
        event = runner.end(self.dash.service)
        from gmdash.tui.dialogs.combat_summary import CombatSummaryDialog

        self.app.push_screen(CombatSummaryDialog(event.summary, event.text))


@dataclass(frozen=True)
class _Drawn:
    """What the list was last drawn from (the fight and sheets by identity: both immutable)."""

    combat: Combat | None
    sheets: tuple[Character | None, ...]
    ruleset: RuleSet
    width: int

    def same(self, other: _Drawn) -> bool:
        return (
            self.combat is other.combat
            and self.ruleset is other.ruleset
            and self.width == other.width
            and len(self.sheets) == len(other.sheets)
            and all(a is b for a, b in zip(self.sheets, other.sheets, strict=True))
        )


def effects_text(state: CampaignState) -> str:
    """Each combatant's running effects with their time left, one combatant a line."""
    combat = state.combat
    if combat is None:
        return ""
    lines = []
    for combatant in combat.combatants:
        running = on_combatant(state, combatant)
        if running:
            lines.append(f"✦ {combatant.name}: " + " · ".join(e.short() for e in running))
    return "\n".join(lines)


def _show(static: Static, text: str) -> None:
    """Update a line of the pane: unchanged text costs nothing, and text that fits on one line
    before and after repaints without a relayout of the screen. The text is shown as it is
    (attack lines carry names), never read as markup; its own line breaks stay breaks."""
    new = literal_lines(text)
    old = static.content
    if old == new:
        return
    width = static.content_size.width
    same_height = (
        isinstance(old, Content)
        and width > 0
        and "\n" not in old.plain + new.plain
        and max(cell_len(old.plain), cell_len(new.plain)) <= width
    )
    static.update(new, layout=not same_height)


def _defences_mark(row: runner.Row, ruleset: RuleSet, width: int) -> str:
    """The combatant's parries and dodges so far this round and what the next one costs
    (docs/rules.md#combat-defences): "[2 def, next -40] ", shorter where the column is narrow;
    nothing before the first."""
    count = row.combatant.defences
    if not count or row.status:
        return ""
    penalty = defence_penalty(count, ruleset)
    full = f"[{count} def, next -{penalty}] "
    if len(full) + 6 <= width:
        return full
    return f"[{count} def -{penalty}] "


def _name_style(combatant: Combatant, row: runner.Row) -> str:
    if row.status:
        return "dim strike"
    return "bold" if row.current else ("" if combatant.side == "party" else "italic")


def _what_style(row: runner.Row) -> str:
    if row.status:
        return "red"
    if row.next_round:
        return "dim"
    return "dim" if row.resolved else ""
