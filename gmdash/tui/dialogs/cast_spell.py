"""The cast dialog (key s on the roster, t on a declared spell in the strike-rank pane).

Pick a spell (type part of its name), the points put into it, a boost, modifiers, an augment
rolled first, a target and whether it resists; the odds, what each level of result costs and
the strike rank show before any dice fall. Physical dice may be typed (the casting D100, then
the resistance D100). Refused, with the reason next to the spell, when the points are not
there. `gmdash.play.magic.cast_spell` rolls, logs and spends; the dialog dismisses with the
`Cast` (None when cancelled before rolling).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from gmdash.model.casting import (
    MAX_BOOST,
    Castable,
    CastPlan,
    SpellKind,
    base_chance,
    castables,
    chance,
    cost_text,
    costs_by_level,
    resistance_odds,
    rune_affinities,
    strike_rank,
)
from gmdash.model.character import Character
from gmdash.model.errors import ValidationError
from gmdash.play.effects import Target
from gmdash.play.magic import Cast, Resistance, cast_problem, cast_spell, lasting_effect
from gmdash.play.roll_plan import narrow, parse_whole
from gmdash.play.spell_healing import HealAim, read_aim, wounds_text
from gmdash.rules import RuleSet
from gmdash.rules.spells import spell_effect
from gmdash.tui.dialogs.augment_first import AugmentFirst
from gmdash.tui.dialogs.level_markup import level_markup, odds_markup
from gmdash.tui.dialogs.modal_base import dice_field
from gmdash.tui.dialogs.roll_base import ListSearch
from gmdash.tui.user_text import literal, markup
from gmdash.tui.widgets.lists import PagedOptionList
from gmdash.tui.widgets.toggles import TickBox

MAX_FLAT = 500


class CastDialog(AugmentFirst[Cast]):
    """Cast one of a character's spells; an augment is rolled first."""

    title_text: ClassVar[str] = "Cast a spell"
    locked_list = "#spells"
    DEFAULT_CSS = """
    CastDialog #spells { height: 9; }
    CastDialog #pick { width: 36; }
    CastDialog #mods { width: 1fr; padding: 0 1; }
    CastDialog #odds-box { width: 34; }
    /* A narrow screen (80x24): narrower columns, so that the modifiers keep room; the
       fields scroll under Roll and Cancel, which stay in view (issue 30). */
    CastDialog.-narrow #pick { width: 28; }
    CastDialog.-narrow #odds-box { width: 27; }
    CastDialog > #dialog { overflow-y: auto; }
    CastDialog #buttons { dock: bottom; }
    """

    def __init__(
        self,
        caster: Character,
        targets: Sequence[Target] = (),
        *,
        spell_name: str | None = None,
        target_id: str | None = None,
        action: tuple[str, int] | None = None,
    ) -> None:
        super().__init__()
        self._action = action  # a declared spell of the fight: marked done once cast
        self.caster = caster
        self.targets = list(targets)
        self._first_spell = spell_name
        self._first_target = next((t.name for t in self.targets if t.id == target_id), "")
        self.spells: list[Castable] = []
        self.spell: Castable | None = None
        self.plan: CastPlan | None = None
        self.target: Target | None = None
        self.weapon: str | None = None
        self.heal = HealAim()

    # --- layout ------------------------------------------------------------------------------

    def compose_form(self) -> ComposeResult:
        self.spells = castables(self.caster, self.ruleset)
        rqg = self.ruleset is RuleSet.RQG
        word = "PP" if self.ruleset is RuleSet.BRP else "MP"
        yield Static(literal(f"{self.caster.name}  {word} {self.caster.magic_points}", "bold"),
                     id="who")  # fmt: skip
        with Horizontal(classes="row"):
            with Vertical(id="pick", classes="row"):
                yield ListSearch("spells", placeholder="spell: type part of its name",
                                 id="search", compact=True)  # fmt: skip
                yield PagedOptionList(*self._options(self.spells), id="spells")
                yield Static("", id="search-error", classes="error")
            with Vertical(id="mods", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Points", classes="field-label")
                    yield Input(placeholder="the spell's", id="points", compact=True)
                with Horizontal(classes="row"):
                    yield Label(f"Boost {word}", classes="field-label")
                    yield Input(placeholder="0", id="boost", compact=True)
                with Horizontal(classes="row"):
                    yield Label("Flat ±", classes="field-label")
                    yield Input(placeholder="+0", id="flat", compact=True)
                yield Static("", id="mods-error", classes="error")
                if rqg:
                    with Horizontal(classes="row"):
                        yield Label("Augment", classes="field-label")
                        yield Input(
                            placeholder="ability (blank: none)", id="augment", compact=True,
                            suggester=SuggestFromList([a.name for a in self.caster.abilities],
                                                      case_sensitive=False),
                        )  # fmt: skip
                    yield Static("", id="augment-info", classes="info")
                    with Horizontal(classes="row"):
                        yield Label("Rune", classes="field-label")
                        yield Input(placeholder="Rune magic: blank, the best", id="rune",
                                    compact=True)  # fmt: skip
                with Horizontal(classes="row"):
                    yield Label("Target", classes="field-label")
                    yield Input(
                        self._first_target, placeholder="blank: none or self", id="target",
                        compact=True,
                        suggester=SuggestFromList([t.name for t in self.targets],
                                                  case_sensitive=False),
                    )  # fmt: skip
                yield Static("", id="target-error", classes="error")
                with Horizontal(classes="row"):
                    yield Label("Weapon", classes="field-label")
                    yield Input(placeholder="a weapon spell: blank, the first", id="weapon",
                                compact=True)  # fmt: skip
                with Horizontal(classes="row"):
                    yield Label("Heal", classes="field-label")
                    yield Input(placeholder="a healing spell: blank, the worst wound",
                                id="heal-at", compact=True)  # fmt: skip
                yield Static("", id="heal-error", classes="error")
                yield TickBox("Target resists: MP vs MP", id="resists", compact=True)
                yield TickBox("Hidden: the GM's roll", id="hidden", compact=True)
            with Vertical(id="odds-box", classes="row"):
                yield Static("", id="chance")
                yield Static("", id="odds")
                yield Static("", id="costs")
        yield from self.compose_typed_d100("typed")
        with Horizontal(classes="row"):
            yield Label("Physical D100 to resist", classes="field-label")
            yield dice_field("blank: the app rolls", id="typed-resist", compact=True)
        yield Static("", id="typed-resist-error", classes="error")

    def _options(self, spells: Sequence[Castable]) -> list[Option]:
        options = []
        for spell in spells:
            odds, _ = base_chance(self.caster, self.ruleset, CastPlan(spell=spell, points=1))
            options.append(Option(markup("$title  [dim]$odds%[/dim]", title=spell.title,
                                         odds=odds), id=spell.key))  # fmt: skip
        return options

    def on_mount(self) -> None:
        search = self.query_one("#search", Input)
        spells = self.query_one("#spells", OptionList)
        spells.can_focus = False  # driven from the search field: tab goes on to the points
        if self._first_spell:
            search.value = self._first_spell
            self._narrow_to(self._first_spell)
        elif spells.option_count:
            spells.highlighted = 0
        search.focus()
        super().on_mount()

    # --- reacting to the form ----------------------------------------------------------------

    @on(Input.Changed, "#search")
    def _narrow(self, event: Input.Changed) -> None:
        self._narrow_to(event.value)

    def _narrow_to(self, text: str) -> None:
        titles = [s.title for s in self.spells]
        by_title = {s.title: s for s in self.spells}
        shown = [by_title[t] for t in narrow(titles, text)]
        spells = self.query_one("#spells", OptionList)
        spells.set_options(self._options(shown))
        spells.highlighted = 0 if spells.option_count else None
        self._select(shown[0] if shown else None)

    @on(OptionList.OptionHighlighted, "#spells")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        current = event.option_list.highlighted_option
        found = next((s for s in self.spells if current and s.key == current.id), None)
        self._select(found)

    def _select(self, spell: Castable | None) -> None:
        if spell is not self.spell:
            self.spell = spell
            resists = self.query_one("#resists", Checkbox)
            with resists.prevent(Checkbox.Changed):
                resists.value = False
        self.refresh_form()

    @on(Checkbox.Changed)
    def _checked(self, _: Checkbox.Changed) -> None:
        self.refresh_form()

    # --- validation and odds -----------------------------------------------------------------

    def _number(self, widget_id: str, what: str, low: int, high: int, default: int) -> int:
        text = self.query_one(f"#{widget_id}", Input).value
        return parse_whole(text, what, low, high) if text.strip() else default

    def validate(self) -> bool:
        valid = True
        spell = self.spell
        search = self.query_one("#search", Input).value
        if spell is None:
            known = "no spell on this sheet (e edits it)" if not self.spells else ""
            self.set_error("search-error", f"no spell matches {search!r}" if search else known)
            self.plan = None
            self._show_odds(None)
            return False
        try:
            points = self._number("points", "points", 1, 99, spell.points)
            boost = self._number("boost", "boost", 0, MAX_BOOST, 0)
            flat = self._number("flat", "flat modifier", -MAX_FLAT, MAX_FLAT, 0)
            self.set_error("mods-error", "")
        except ValueError as error:
            self.set_error("mods-error", str(error))
            points, boost, flat = spell.points, 0, 0
            valid = False
        valid = self._check_augment() and valid
        rune = None
        if self.ruleset is RuleSet.RQG:
            rune_text = self.query_one("#rune", Input).value.strip()
            if rune_text and spell.kind is SpellKind.RUNE:
                names = [a.name for a in rune_affinities(self.caster, spell)]
                found = narrow(names, rune_text)
                rune = found[0] if found else rune_text
        plan = CastPlan(
            spell=spell, points=points, boost=boost, flat=flat, rune=rune,
            augment_name=self.augment_name, augment_level=self.augment_level,
        )  # fmt: skip
        self.plan = plan
        valid = self._check_target() and valid
        valid = self._check_heal() and valid
        why = cast_problem(self.service, self.caster, plan,
                           self.target.id if self.target else None, self._weapon(),
                           self.heal)  # fmt: skip
        self.set_error("search-error", f"cannot cast: {why}" if why else "")
        valid = valid and why is None
        resists = self.query_one("#resists", Checkbox).value
        if resists and (self.target is None or self.target.sheet is None):
            self.set_error("target-error", "a resisting target: name who resists")
            valid = False
        typed_ok, _ = self.typed_d100("typed", "typed-error")
        resist_ok, _ = self.typed_d100("typed-resist", "typed-resist-error")
        self._show_odds(plan)
        return valid and typed_ok and resist_ok

    def _weapon(self) -> str | None:
        """The weapon a weapon spell lands on: the one typed (best match), else the target's
        (or the caster's) first."""
        on = self.target.sheet if self.target is not None else self.caster
        names = [w.name for w in on.weapons] if on is not None else []
        text = self.query_one("#weapon", Input).value.strip()
        if not text:
            self.weapon = names[0] if names else None
        else:
            found = narrow(names, text)
            self.weapon = found[0] if found else text
        return self.weapon

    def _check_target(self) -> bool:
        text = self.query_one("#target", Input).value.strip()
        self.target = None
        if not text:
            self.set_error("target-error", "")
            return True
        names = [t.name for t in self.targets]
        found = narrow(names, text)
        if not found:
            self.set_error("target-error", f"nobody called {text!r} (blank: no target)")
            return False
        self.target = next(t for t in self.targets if t.name == found[0])
        self.set_error("target-error", "" if found[0].casefold() == text.casefold()
                       else f"→ {found[0]}")  # fmt: skip
        return True

    def _healed(self) -> Character | None:
        """The roster sheet a healing spell would heal (the target's, else the caster's)."""
        if self.target is None:
            return self.caster
        return self.service.state.characters.get(self.target.id)

    def _check_heal(self) -> bool:
        """Where a healing spell goes: a location ("LA") and a wound ("LA #2") of the
        target, blank for the worst wound; the target's wounds show in the placeholder."""
        field = self.query_one("#heal-at", Input)
        catalogue = spell_effect(self.spell.name) if self.spell is not None else None
        sheet = self._healed()
        heals = catalogue is not None and catalogue.heals
        field.disabled = not heals
        self.heal = HealAim()
        if not heals or sheet is None:
            field.placeholder = "a healing spell: blank, the worst wound"
            self.set_error("heal-error", "")
            return True
        field.placeholder = wounds_text(sheet, self.ruleset)
        try:
            self.heal = read_aim(field.value, sheet.table)
        except ValueError as error:
            self.set_error("heal-error", str(error))
            return False
        self.set_error("heal-error", "")
        return True

    def _check_augment(self) -> bool:
        return self.check_augment(self.caster, [a.name for a in self.caster.abilities])

    def _show_odds(self, plan: CastPlan | None) -> None:
        chance_box = self.query_one("#chance", Static)
        if plan is None:
            chance_box.update("[dim]pick a spell: its odds show here[/dim]")
            self.query_one("#odds", Static).update("")
            self.query_one("#costs", Static).update("")
            return
        label = self.query_one("#typed-label", Label)
        if self.augment is not None and self.augment_roll is None:
            label.update(literal(f"D100 for {self.augment.name} (augment)"))
            chance_box.update(markup("[b]augment first:[/b] $name $value%",
                                     name=self.augment.name, value=self.augment.value))  # fmt: skip
            self.query_one("#odds", Static).update(odds_markup(self.augment.value, self.ruleset))
            self.query_one("#costs", Static).update("")
            return
        label.update(literal(f"D100 for {plan.spell.name}"))
        base, source = base_chance(self.caster, self.ruleset, plan)
        to_roll = chance(self.caster, self.ruleset, plan)
        mods = " ".join(plan.modifiers())
        head = markup("[b]$name $points[/b] $source $base%$mods", name=plan.spell.name,
                      points=plan.points, source=source, base=base,
                      mods=f" {mods}" if mods else "")  # fmt: skip
        if self.ruleset is RuleSet.RQG:
            head += Content(f"\nSR {strike_rank(self.caster, plan)}")
        chance_box.update(head + Content.from_markup(f"\n→ [b]{to_roll}%[/b]"))
        self.query_one("#odds", Static).update(odds_markup(to_roll, self.ruleset))
        lines = [f"{level_markup(level, f'{level!s:<9}')} {cost_text(cost, self.ruleset)}"
                 for level, cost in costs_by_level(self.ruleset, plan).items()]  # fmt: skip
        text = Content.from_markup("[b]costs[/b]\n" + "\n".join(lines))
        sheet = self.target.sheet if self.target is not None else None
        if sheet is not None and self.query_one("#resists", Checkbox).value:
            odds = resistance_odds(self.caster, sheet)
            text += Content.from_markup(f"\n[b]then resist[/b] MP {self.caster.magic_points} "
                                        f"vs {sheet.magic_points}: {max(0, odds)}%")  # fmt: skip
        try:
            effect = lasting_effect(self.service, self.caster, plan,
                                    self.target.id if self.target else None, self.weapon,
                                    effect_id="e0000")  # fmt: skip
        except ValidationError:
            effect = None
        if effect is not None:
            text += markup("\n[b]lasts[/b] $what on $who", what=effect.short(),
                           who=effect.target_name)  # fmt: skip
        self.query_one("#costs", Static).update(text)

    # --- rolling -----------------------------------------------------------------------------

    def roll(self) -> None:
        assert self.plan is not None
        _, typed = self.typed_d100("typed", "typed-error")
        hidden = self.query_one("#hidden", Checkbox).value
        if self.augment is not None and self.augment_roll is None:
            self._roll_augment(typed, hidden)
            return
        _, typed_resist = self.typed_d100("typed-resist", "typed-resist-error")
        resists = self.target is not None and self.query_one("#resists", Checkbox).value
        done = cast_spell(
            self.service, self.rng, self.caster.id, self.plan, typed=typed,
            target=self.target.id if self.target else None, weapon=self.weapon,
            resists=Resistance.MAGIC_POINTS if resists else Resistance.NONE,
            typed_resistance=typed_resist, hidden=hidden, augment_roll=self.augment_roll,
            heal=self.heal, action=self._action,
        )  # fmt: skip
        self.show_level(done.roll, done.level, done.summary)
        self.finish(done)

    def _roll_augment(self, typed: int | None, hidden: bool) -> None:
        assert self.plan is not None
        self.roll_augment(self.caster, self.plan.spell.name, typed, hidden, then="casts it")
