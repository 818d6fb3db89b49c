"""Start a fight (`b`) or add someone to it (`+`): roster characters, creatures of the bestiary
and quick foes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.widgets import Label, Select
from textual.widgets.selection_list import Selection

from gmdash.model.character import Character, CharacterKind
from gmdash.play.combat import FoeSpec, TemplateFoes
from gmdash.tui.dialogs.bestiary import CreatureFields, describe
from gmdash.tui.dialogs.combat_base import CombatForm, PickList, error_label
from gmdash.tui.dialogs.combat_foes import FoeFields
from gmdash.tui.key_gate import after_refresh
from gmdash.tui.user_text import literal


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who joins: roster sheets by id, creatures of a template, and a quick foe entry."""

    character_ids: tuple[str, ...]
    foes: FoeSpec | None
    creatures: TemplateFoes | None = None

    @property
    def groups(self) -> list[FoeSpec | TemplateFoes]:
        return [g for g in (self.creatures, self.foes) if g is not None]

    def foe_words(self) -> list[str]:
        words = [describe(self.creatures.template, self.creatures.count)] if self.creatures else []
        return words + ([_foes_text(self.foes)] if self.foes else [])


def _read_foes(screen: CombatForm[Lineup]) -> tuple[Lineup, dict[str, str]]:
    """The foes of a setup form: its bestiary field and its quick foe entry."""
    creatures, problems = screen.query_one(CreatureFields).read()
    spec, more = screen.query_one(FoeFields).read()
    return Lineup((), spec, creatures), {**problems, **more}


def _foes_text(spec: FoeSpec) -> str:
    who = f"{spec.count} x {spec.name}" if spec.count > 1 else spec.name
    return f"{who} (DEX {spec.dex}, SIZ {spec.siz}, {spec.hit_points} HP, {spec.weapon})"


class CombatSetupDialog(CombatForm[Lineup]):
    """Pick the roster characters who fight (player characters are ticked) and add foes."""

    AUTO_FOCUS = ""  # none (None would be the app's): the list is focused in `on_mount`
    title_text: ClassVar[str] = "Start a combat"
    ok_label: ClassVar[str] = "Fight"

    def __init__(self, characters: list[Character]) -> None:
        super().__init__()
        self._characters = characters

    def body(self) -> ComposeResult:
        yield Label("Roster (space ticks or unticks)", classes="heading")
        yield PickList(
            *(
                Selection(
                    literal(f"{c.name} ({'PC' if c.kind is CharacterKind.PC else 'NPC'})"),
                    c.id,
                    c.kind is CharacterKind.PC,
                )
                for c in self._characters
            ),
            id="roster-pick",
        )
        yield error_label("roster-pick")
        yield FoeFields()
        yield CreatureFields()  # after the quick foes: a burst typed into them stays there

    def on_mount(self) -> None:
        super().on_mount()
        # Focused here, at once and without scrolling: Textual's auto-focus scrolls the field
        # into view before the form's height is settled, which hid the list's heading.
        self.set_focus(self.query_one(PickList), scroll_visible=False)

    def problems(self) -> dict[str, str]:
        foes, problems = _read_foes(self)
        picked = self.query_one(PickList).selected
        if not picked and not foes.groups and not problems:
            problems["roster-pick"] = "pick at least one character or enter foes"
        return problems

    def answer(self) -> Lineup:
        foes, _ = _read_foes(self)
        picked = set(self.query_one(PickList).selected)
        ids = tuple(c.id for c in self._characters if c.id in picked)
        return Lineup(ids, foes.foes, foes.creatures)

    def preview(self) -> str:
        lineup = self.answer()
        names = [c.name for c in self._characters if c.id in lineup.character_ids]
        return "Fighting: " + ", ".join(names + lineup.foe_words())


class AddCombatantDialog(CombatForm[Lineup]):
    """Add one roster character, or foes entered on the spot, to the running fight."""

    title_text: ClassVar[str] = "Add to the combat"
    ok_label: ClassVar[str] = "Add"

    def __init__(self, characters: list[Character]) -> None:
        super().__init__()
        self._characters = characters

    def body(self) -> ComposeResult:
        yield Label("From the roster", classes="heading")
        yield Select[str](
            [(literal(c.name), c.id) for c in self._characters],
            prompt="— nobody: foes on the spot below —",
            id="roster-one",
        )
        yield error_label("roster-one")
        yield FoeFields()
        yield CreatureFields()  # after the quick foes: a burst typed into them stays there

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "roster-one" and isinstance(event.value, str):
            after_refresh(self, self.query_one("#ok").focus)  # enter adds them

    def _picked(self) -> str | None:
        value = self.query_one("#roster-one", Select).value
        return value if isinstance(value, str) else None

    def on_mount(self) -> None:
        super().on_mount()
        target = "#roster-one" if self._characters else "#foe-name"
        self.query_one(target).focus()

    def problems(self) -> dict[str, str]:
        foes, problems = _read_foes(self)
        picked = self._picked()
        if picked and foes.groups:
            problems["roster-one"] = "pick a roster character or enter foes, not both"
        elif picked is None and not foes.groups and not problems:
            problems["roster-one"] = "pick a roster character or enter foes"
        return problems

    def answer(self) -> Lineup:
        foes, _ = _read_foes(self)
        picked = self._picked()
        return Lineup((picked,) if picked else (), foes.foes, foes.creatures)

    def preview(self) -> str:
        lineup = self.answer()
        names = [c.name for c in self._characters if c.id in lineup.character_ids]
        return "Joining: " + ", ".join(names + lineup.foe_words())
