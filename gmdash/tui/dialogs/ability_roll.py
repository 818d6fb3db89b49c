"""The ability roll dialog (key r on the roster): modifiers, an augment rolled first, the odds.

Like every roll dialog it shows the exact odds before any dice fall, takes physical dice typed
at the table (or lets the app roll), has `gmdash.play.rolls` make and log the roll (and tick
experience), and dismisses with the result (None when cancelled before rolling).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widgets import (
    Checkbox,
    Input,
    Label,
    OptionList,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from gmdash.model import effective
from gmdash.model.character import Ability, Character
from gmdash.model.events import RollMade
from gmdash.play import rolls
from gmdash.play.roll_plan import narrow, parse_whole
from gmdash.play.rolls import AbilityPlan
from gmdash.rules import (
    Difficulty,
    RuleSet,
)
from gmdash.tui.dialogs.augment_first import AugmentFirst
from gmdash.tui.dialogs.level_markup import level_markup, odds_markup
from gmdash.tui.dialogs.roll_base import ListSearch
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList
from gmdash.tui.widgets.toggles import DotButton, TickBox

MAX_FLAT = 500


# --- ability ---------------------------------------------------------------------------------


class AbilityRollDialog(AugmentFirst[RollMade]):
    """Roll one of a character's abilities with modifiers; an augment is rolled first."""

    title_text: ClassVar[str] = "Ability roll"
    DEFAULT_CSS = """
    AbilityRollDialog #abilities { height: 9; }
    AbilityRollDialog #pick { width: 32; }
    AbilityRollDialog #mods { width: 1fr; padding: 0 1; }
    AbilityRollDialog #odds-box { width: 30; }
    AbilityRollDialog #difficulty { height: auto; width: 1fr; }
    """

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character
        self.names = [a.name for a in character.abilities]
        self.ability: Ability | None = None
        self.plan = AbilityPlan(base=0)
        self._hidden_touched = False
        self._retry_refusals: dict[str, str | None] = {}

    # --- layout ------------------------------------------------------------------------------

    def compose_form(self) -> ComposeResult:
        rqg = self.ruleset is RuleSet.RQG
        yield Static(literal(self.character.name, "bold"), id="who")
        with Horizontal(classes="row"):
            with Vertical(id="pick", classes="row"):
                yield ListSearch(
                    "abilities", placeholder="ability: type part of its name", id="search",
                    compact=True,
                )  # fmt: skip
                yield PagedOptionList(*self._options(self.names), id="abilities")
                yield Static("", id="search-error", classes="error")
            with Vertical(id="mods", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Flat ±", classes="field-label")
                    yield Input(placeholder="blank: +0", id="flat", compact=True)
                yield Static("", id="flat-error", classes="error")
                if rqg:
                    yield TickBox("Retry after a failure, -25", id="retry", compact=True)
                    yield Static("", id="retry-error", classes="error")
                    with Horizontal(classes="row"):
                        yield Label("Augment", classes="field-label")
                        yield Input(
                            placeholder="ability (blank: none)", id="augment", compact=True,
                            suggester=SuggestFromList(self.names, case_sensitive=False),
                        )  # fmt: skip
                    yield Static("", id="augment-info", classes="info")
                else:
                    yield Label("Difficulty (space picks)", classes="field-label")
                    with RadioSet(id="difficulty", compact=True):
                        for difficulty in Difficulty:
                            yield DotButton(
                                str(difficulty), value=difficulty is Difficulty.NORMAL,
                                id=f"difficulty-{difficulty}", compact=True,
                            )  # fmt: skip
                yield TickBox("Hidden: the GM's roll", id="hidden", compact=True)
                yield TickBox("Nothing at stake", id="no-stake", compact=True)
            with Vertical(id="odds-box", classes="row"):
                yield Static("", id="chance")
                yield Static("", id="odds")
        yield from self.compose_typed_d100("typed")

    def _options(self, names: list[str]) -> list[Option]:
        by_name = {a.name: a for a in self.character.abilities}
        return [
            Option(markup("$name  [dim]$value%[/dim]", name=name, value=by_name[name].value),
                   id=name)
            for name in names
        ]  # fmt: skip

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()
        abilities = self.query_one("#abilities", OptionList)
        abilities.can_focus = False  # driven from the search field: tab goes on to the modifiers
        if abilities.option_count:
            abilities.highlighted = self._start_index()
        super().on_mount()

    def _start_index(self) -> int:
        """Where the list starts: on the ability this character rolled last (from the log,
        so a restart keeps it), else on the first."""
        last = self.service.state.last_ability.get(self.character.id, "").casefold()
        return next((i for i, name in enumerate(self.names) if name.casefold() == last), 0)

    # --- reacting to the form ----------------------------------------------------------------

    @on(Input.Changed, "#search")
    def _narrow(self, event: Input.Changed) -> None:
        abilities = self.query_one("#abilities", OptionList)
        abilities.set_options(self._options(narrow(self.names, event.value)))
        abilities.highlighted = 0 if abilities.option_count else None
        if not abilities.option_count:
            self._select(None)

    @on(OptionList.OptionHighlighted, "#abilities")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # read the list as it is now: an event posted before the list narrowed again is stale
        current = event.option_list.highlighted_option
        self._select(self.character.ability(current.id or "") if current else None)

    def _select(self, ability: Ability | None) -> None:
        if ability is not self.ability:
            self.ability = ability
            if ability is not None and not self._hidden_touched:
                hidden = self.query_one("#hidden", Checkbox)
                with hidden.prevent(Checkbox.Changed):
                    hidden.value = rolls.hidden_by_default(ability.name)
        self.refresh_form()

    @on(Checkbox.Changed)
    def _checked(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "hidden":
            self._hidden_touched = True
        self.refresh_form()

    @on(RadioSet.Changed)
    def _difficulty(self, _: RadioSet.Changed) -> None:
        self.refresh_form()

    def _difficulty_value(self) -> Difficulty:
        if self.ruleset is not RuleSet.BRP:
            return Difficulty.NORMAL
        pressed = self.query_one("#difficulty", RadioSet).pressed_button
        if pressed is None or pressed.id is None:
            return Difficulty.NORMAL
        return Difficulty(pressed.id.removeprefix("difficulty-"))

    # --- validation and odds -----------------------------------------------------------------

    def validate(self) -> bool:
        valid = True
        search = self.query_one("#search", Input).value
        if self.ability is None:
            self.set_error("search-error", f"no ability matches {search!r}" if search else "")
            valid = False
        else:
            self.set_error("search-error", "")
        flat_text = self.query_one("#flat", Input).value
        flat = 0
        if flat_text.strip():
            try:
                flat = parse_whole(flat_text, "flat modifier", -MAX_FLAT, MAX_FLAT)
                self.set_error("flat-error", "")
            except ValueError as error:
                self.set_error("flat-error", str(error))
                valid = False
        else:
            self.set_error("flat-error", "")
        valid = self._check_augment() and valid
        typed_ok, _ = self.typed_d100("typed", "typed-error")
        valid = typed_ok and valid
        retry = self.ruleset is RuleSet.RQG and self.query_one("#retry", Checkbox).value
        if self.ruleset is RuleSet.RQG:
            refusal = None
            if retry and self.ability is not None:
                name = self.ability.name
                if name not in self._retry_refusals:  # the session's log, read once per ability
                    self._retry_refusals[name] = rolls.retry_refusal(
                        self.service, self.character.id, name
                    )
                refusal = self._retry_refusals[name]
            self.set_error("retry-error", refusal)
            valid = valid and refusal is None
        running = effective.on_target(self.service.state, self.character.id)
        extra = effective.ability(running, self.ability.name) if self.ability else None
        self.plan = AbilityPlan(
            base=self.ability.value if self.ability else 0,
            flat=flat,
            effects=extra.amount if extra else 0,
            effect_notes=extra.notes if extra else (),
            difficulty=self._difficulty_value(),
            retry=retry,
            augment_name=self.augment_name,
            augment_level=self.augment_level,
        )
        self._show_odds()
        return valid

    def _check_augment(self) -> bool:
        """The augmenting ability: not the rolled ability, once per session."""
        others = [n for n in self.names if self.ability is None or n != self.ability.name]
        return self.check_augment(self.character, others)

    def _show_odds(self) -> None:
        plan = self.plan
        if self.ability is None:
            self.query_one("#chance", Static).update(
                "[dim]pick an ability: its odds show here[/dim]"
            )
            self.query_one("#odds", Static).update("")
            return
        name = self.ability.name
        mods = " ".join(plan.modifiers())
        head = markup("[b]$name[/b] $base%$mods", name=name, base=plan.base,
                      mods=f" {mods}" if mods else "")  # fmt: skip
        label = self.query_one("#typed-label", Label)
        if self.augment is not None and self.augment_roll is None:
            label.update(literal(f"D100 for {self.augment.name} (augment)"))
            head += markup("\n[b]augment first:[/b] $name $value%", name=self.augment.name,
                           value=self.augment.value)  # fmt: skip
            odds = odds_markup(self.augment.value, self.ruleset)
            self.query_one("#chance", Static).update(head)
            self.query_one("#odds", Static).update(
                markup("[dim]$name:[/dim]\n", name=self.augment.name) + Content.from_markup(odds)
            )
            return
        label.update(literal(f"D100 for {name}"))
        if not plan.needs_roll:
            verdict = level_markup(plan.unrolled_level, f"{plan.difficulty}: no roll")
            self.query_one("#chance", Static).update(head + Content.from_markup(f"\n{verdict}"))
            self.query_one("#odds", Static).update(
                "automatic: it succeeds"
                if plan.unrolled_level.is_success
                else "impossible: it fails"
            )
            return
        self.query_one("#chance", Static).update(
            head + Content.from_markup(f"\n→ [b]{plan.chance}%[/b]")
        )
        self.query_one("#odds", Static).update(odds_markup(plan.chance, self.ruleset))

    # --- rolling -----------------------------------------------------------------------------

    def _flags(self) -> tuple[bool, bool]:
        hidden = self.query_one("#hidden", Checkbox).value
        at_stake = not self.query_one("#no-stake", Checkbox).value
        return hidden, at_stake

    def roll(self) -> None:
        assert self.ability is not None
        _, typed = self.typed_d100("typed", "typed-error")
        hidden, at_stake = self._flags()
        if self.augment is not None and self.augment_roll is None:
            self._roll_augment(typed, hidden, at_stake)
            return
        plan = self.plan
        done = rolls.roll_ability(
            self.service, self.rng, self.character, self.ability, plan, typed=typed,
            hidden=hidden, at_stake=at_stake, augment_roll=self.augment_roll,
        )  # fmt: skip
        text = f"{self.ability.name} {plan.chance}%" + (" · hidden" if hidden else "")
        if done.ticked is not None:
            text += f" · {self.ability.name} ticked for experience"
        self.show_level(done.roll, done.level, text)
        self.finish(done.event)

    def _roll_augment(self, typed: int | None, hidden: bool, at_stake: bool) -> None:
        assert self.ability is not None
        self.roll_augment(self.character, self.ability.name, typed, hidden, at_stake)
