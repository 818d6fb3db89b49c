"""Rolling from the dashboard: ability, characteristic, opposed and dice dialogs (issue 4).

The roster opens them on the selected character (keys r, c, o, d). Each dialog shows the exact
odds before any dice fall, rolls with the app's RNG or reads physical dice typed at the table,
publishes its own `RollMade` event(s), ticks experience (issue 6) and dismisses with the result
(None when cancelled before rolling).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import (
    Checkbox,
    Digits,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from gmdash.model.character import CHARACTERISTICS, OPTIONAL_CHARACTERISTICS, Ability, Character
from gmdash.model.events import RollMade
from gmdash.play import experience, rolls
from gmdash.play.rolls import AbilityPlan
from gmdash.rules import (
    AUGMENT_BONUS,
    DiceError,
    DiceExpr,
    Difficulty,
    Level,
    Outcome,
    RuleSet,
    characteristic_chance,
    d100_text,
    damage_bonus,
    opposed_odds,
    parse_dice,
    reduce_over_100,
)
from gmdash.tui.dialogs.roll_base import ListSearch, RollDialog
from gmdash.tui.dialogs.roll_plan import (
    OUTCOME_TEXT,
    level_markup,
    narrow,
    odds_markup,
    parse_whole,
    percent,
)
from gmdash.tui.widgets.lists import PagedOptionList

MAX_FLAT = 500


# --- ability ---------------------------------------------------------------------------------


class AbilityRollDialog(RollDialog[RollMade]):
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
        self.augment: Ability | None = None
        self.augment_roll: RollMade | None = None
        self._hidden_touched = False
        self._augments_used: set[str] | None = None

    # --- layout ------------------------------------------------------------------------------

    def compose_form(self) -> ComposeResult:
        rqg = self.ruleset is RuleSet.RQG
        yield Static(f"[b]{self.character.name}[/b]", id="who")
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
                    yield Input(placeholder="+0", id="flat", compact=True)
                yield Static("", id="flat-error", classes="error")
                if rqg:
                    yield Checkbox("Retry after a failure, -25", id="retry", compact=True)
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
                            yield RadioButton(
                                str(difficulty), value=difficulty is Difficulty.NORMAL,
                                id=f"difficulty-{difficulty}", compact=True,
                            )  # fmt: skip
                yield Checkbox("Hidden: the GM's roll", id="hidden", compact=True)
                yield Checkbox("Nothing at stake", id="no-stake", compact=True)
            with Vertical(id="odds-box", classes="row"):
                yield Static("", id="chance")
                yield Static("", id="odds")
        yield from self.compose_typed_d100("typed")

    def _options(self, names: list[str]) -> list[Option]:
        by_name = {a.name: a for a in self.character.abilities}
        return [Option(f"{name}  [dim]{by_name[name].value}%[/dim]", id=name) for name in names]

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()
        abilities = self.query_one("#abilities", OptionList)
        abilities.can_focus = False  # driven from the search field: tab goes on to the modifiers
        if abilities.option_count:
            abilities.highlighted = 0
        super().on_mount()

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
        self.plan = AbilityPlan(
            base=self.ability.value if self.ability else 0,
            flat=flat,
            difficulty=self._difficulty_value(),
            retry=retry,
            augment_name=self.augment.name if self.augment_roll and self.augment else None,
            augment_level=Level(self.augment_roll.level)
            if self.augment_roll and self.augment_roll.level
            else None,
        )
        self._show_odds()
        return valid

    def _check_augment(self) -> bool:
        """The augmenting ability: matched by name, not the rolled ability, once per session."""
        if self.ruleset is not RuleSet.RQG or self.augment_roll is not None:
            return True
        text = self.query_one("#augment", Input).value
        self.augment = None
        if not text.strip():
            self.set_error("augment-info", "")
            return True
        others = [n for n in self.names if self.ability is None or n != self.ability.name]
        found = narrow(others, text)
        if not found:
            self.set_error("augment-info", f"[$error]no ability matches {text!r}[/]")
            return False
        ability = self.character.ability(found[0])
        assert ability is not None
        if self._augments_used is None:  # the session's log, read once per dialog
            self._augments_used = experience.augments_used(self.service, self.character.id)
        refusal = experience.augment_refusal(
            self.service, self.character, ability.name, self._augments_used
        )
        if refusal:
            self.set_error("augment-info", f"[$error]{refusal}[/]")
            return False
        self.augment = ability
        bonuses = " ".join(f"{level_markup(lv, f'{b:+d}')}" for lv, b in AUGMENT_BONUS.items())
        self.set_error(
            "augment-info",
            f"{ability.name} {ability.value}%, rolled first: {bonuses}",
        )
        return True

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
        head = f"[b]{name}[/b] {plan.base}%" + (f" {mods}" if mods else "")
        label = self.query_one("#typed-label", Label)
        if self.augment is not None and self.augment_roll is None:
            label.update(f"D100 for {self.augment.name} (augment)")
            head += f"\n[b]augment first:[/b] {self.augment.name} {self.augment.value}%"
            odds = odds_markup(self.augment.value, self.ruleset)
            self.query_one("#chance", Static).update(head)
            self.query_one("#odds", Static).update(f"[dim]{self.augment.name}:[/dim]\n{odds}")
            return
        label.update(f"D100 for {name}")
        if not plan.needs_roll:
            verdict = level_markup(plan.unrolled_level, f"{plan.difficulty}: no roll")
            self.query_one("#chance", Static).update(f"{head}\n{verdict}")
            self.query_one("#odds", Static).update(
                "automatic: it succeeds"
                if plan.unrolled_level.is_success
                else "impossible: it fails"
            )
            return
        self.query_one("#chance", Static).update(f"{head}\n→ [b]{plan.chance}%[/b]")
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
        assert self.augment is not None and self.ability is not None
        rolled = rolls.roll_augment(
            self.service, self.rng, self.character, self.augment, self.ability.name, typed=typed,
            hidden=hidden, at_stake=at_stake,
        )  # fmt: skip
        self.augment_roll = rolled.event
        assert rolled.roll is not None
        bonus = AUGMENT_BONUS[rolled.level]
        self.show_level(
            rolled.roll,
            rolled.level,
            f"augment {self.augment.name}: {bonus:+d} to {self.ability.name}. Enter rolls it.",
        )
        # the augment is spent: lock the fields that define it, clear the typed D100
        for widget_id in ("augment", "search"):
            self.query_one(f"#{widget_id}", Input).disabled = True
        self.query_one("#abilities", OptionList).disabled = True
        self.set_error(
            "augment-info",
            f"{self.augment.name}: {level_markup(rolled.level)} ({d100_text(rolled.roll)}), "
            f"{bonus:+d}",
        )
        typed_field = self.query_one("#typed", Input)
        typed_field.value = ""
        typed_field.focus()
        self.refresh_form()


# --- characteristic --------------------------------------------------------------------------


class CharacteristicRollDialog(RollDialog[RollMade]):
    """A characteristic times 1..10 (x5 the norm) rolled as a D100."""

    title_text: ClassVar[str] = "Characteristic roll"
    DEFAULT_CSS = """
    CharacteristicRollDialog #characteristics { height: 9; width: 24; }
    CharacteristicRollDialog #char-mods { width: 1fr; padding: 0 1; }
    CharacteristicRollDialog #odds-box { width: 30; }
    """

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character
        keys = CHARACTERISTICS + OPTIONAL_CHARACTERISTICS
        self.keys = [k for k in keys if k in character.characteristics]
        self.key: str | None = self.keys[0] if self.keys else None
        self.multiplier = 5

    def compose_form(self) -> ComposeResult:
        yield Static(f"[b]{self.character.name}[/b]", id="who")
        with Horizontal(classes="row"):
            yield PagedOptionList(
                *(
                    Option(f"{key}  [dim]{self.character.characteristics[key]}[/dim]", id=key)
                    for key in self.keys
                ),
                id="characteristics",
            )
            with Vertical(id="char-mods", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Multiplier x", classes="field-label")
                    yield Input("5", placeholder="1 to 10", id="multiplier", compact=True)
                yield Static("", id="multiplier-error", classes="error")
                yield Static(
                    "[dim]x5 normal · x10 easy · x1 almost impossible[/dim]", classes="info"
                )
                yield from self.compose_typed_d100("typed")
            with Vertical(id="odds-box", classes="row"):
                yield Static("", id="chance")
                yield Static("", id="odds")

    def on_mount(self) -> None:
        listing = self.query_one("#characteristics", OptionList)
        if listing.option_count:
            listing.highlighted = 0
        listing.focus()
        super().on_mount()

    @on(OptionList.OptionHighlighted, "#characteristics")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.key = event.option.id
        self.refresh_form()

    def validate(self) -> bool:
        valid = True
        try:
            self.multiplier = parse_whole(
                self.query_one("#multiplier", Input).value, "multiplier", 1, 10
            )
            self.set_error("multiplier-error", "")
        except ValueError as error:
            self.set_error("multiplier-error", str(error))
            valid = False
        typed_ok, _ = self.typed_d100("typed", "typed-error")
        if self.key is None:
            return False
        value = self.character.characteristics[self.key]
        if valid:
            chance = characteristic_chance(value, self.multiplier)
            self.query_one("#chance", Static).update(
                f"[b]{self.key}[/b] {value} x{self.multiplier} → [b]{chance}%[/b]"
            )
            self.query_one("#odds", Static).update(odds_markup(chance, self.ruleset))
        return valid and typed_ok

    def roll(self) -> None:
        assert self.key is not None
        _, typed = self.typed_d100("typed", "typed-error")
        done = rolls.roll_characteristic(
            self.service, self.rng, self.character, self.key, self.multiplier, typed=typed
        )
        chance = done.event.chance
        self.show_level(done.roll, done.level, f"{self.key} x{self.multiplier} = {chance}%")
        self.finish(done.event)


# --- opposed ---------------------------------------------------------------------------------


class OpposedRollDialog(RollDialog[tuple[RollMade, RollMade]]):
    """Two actors roll their abilities against each other (RULES.md section 6).

    The other side is any character of the roster (by name) or an unnamed foe: a typed name and
    a chance. Dismisses with both RollMade events (the selected character's first).
    """

    title_text: ClassVar[str] = "Opposed roll"
    DEFAULT_CSS = """
    OpposedRollDialog .side { width: 1fr; height: auto; padding: 0 1; }
    OpposedRollDialog #opposed-odds { height: auto; margin-top: 1; }
    """

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character
        self.ability_a: Ability | None = None
        self.chance_a = 0
        self.other: Character | None = None
        self.name_b = ""
        self.ability_b: Ability | None = None
        self.chance_b = 0

    def compose_form(self) -> ComposeResult:
        names_a = [a.name for a in self.character.abilities]
        others = [c.name for c in self.service.characters if c.id != self.character.id]
        every_ability = sorted(
            {a.name for c in self.service.characters for a in c.abilities}, key=str.casefold
        )
        with Horizontal(classes="row"):
            with Vertical(classes="side"):
                yield Static(f"[b]{self.character.name}[/b]")
                with Horizontal(classes="row"):
                    yield Label("Ability", classes="field-label")
                    yield Input(
                        placeholder="ability name, or a chance", id="a-ability", compact=True,
                        suggester=SuggestFromList(names_a, case_sensitive=False),
                    )  # fmt: skip
                yield Static("", id="a-info", classes="info")
                yield from self.compose_typed_d100("a-typed")
            with Vertical(classes="side"):
                with Horizontal(classes="row"):
                    yield Label("Against", classes="field-label")
                    yield Input(
                        placeholder="a character, or any name", id="b-who", compact=True,
                        suggester=SuggestFromList(others, case_sensitive=False),
                    )  # fmt: skip
                yield Static("", id="b-who-info", classes="info")
                with Horizontal(classes="row"):
                    yield Label("Ability", classes="field-label")
                    yield Input(
                        placeholder="ability name, or a chance", id="b-ability", compact=True,
                        suggester=SuggestFromList(every_ability, case_sensitive=False),
                    )  # fmt: skip
                yield Static("", id="b-info", classes="info")
                yield from self.compose_typed_d100("b-typed")
        yield Static("", id="opposed-odds")

    def on_mount(self) -> None:
        self.query_one("#a-ability", Input).focus()
        super().on_mount()

    def _side(
        self, who: Character | None, field_id: str, info_id: str
    ) -> tuple[bool, Ability | None, int]:
        """(valid, ability, chance) of one side: a sheet's ability by name, or a typed chance."""
        text = self.query_one(f"#{field_id}", Input).value.strip()
        if not text:
            self.set_error(info_id, "type an ability" + (" or a chance" if who else " chance"))
            return False, None, 0
        if text.lstrip("+").isdigit():
            chance = int(text)
            if chance > 999:
                self.set_error(info_id, "[$error]a chance is 0 to 999[/]")
                return False, None, 0
            self.set_error(info_id, f"→ {chance}%")
            return True, None, chance
        if who is None:
            self.set_error(info_id, "[$error]an unnamed foe needs a chance (a number)[/]")
            return False, None, 0
        found = narrow([a.name for a in who.abilities], text)
        if not found:
            self.set_error(info_id, f"[$error]{who.name} has no ability matching {text!r}[/]")
            return False, None, 0
        ability = who.ability(found[0])
        assert ability is not None
        self.set_error(info_id, f"→ {ability.name} {ability.value}%")
        return True, ability, ability.value

    def validate(self) -> bool:
        ok_a, self.ability_a, self.chance_a = self._side(self.character, "a-ability", "a-info")
        who = self.query_one("#b-who", Input).value.strip()
        self.other = None
        self.name_b = who
        ok_who = bool(who)
        if not who:
            self.set_error("b-who-info", "type who opposes (a character, or any name)")
        else:
            other = self.service.state.find(who)
            if other is None:
                matches = narrow(
                    [c.name for c in self.service.characters if c.id != self.character.id], who
                )
                exact = [m for m in matches if m.casefold().startswith(who.casefold())]
                other = self.service.state.find(exact[0]) if exact else None
            if other is not None and other.id == self.character.id:
                self.set_error("b-who-info", "[$error]a character cannot oppose itself[/]")
                ok_who = False
                other = None
            self.other = other
            if other is not None:
                self.name_b = other.name
                self.set_error("b-who-info", f"→ {other.name} (roster)")
            elif ok_who:
                self.set_error("b-who-info", f"→ {who} (unnamed foe: type a chance)")
        ok_b, self.ability_b, self.chance_b = self._side(self.other, "b-ability", "b-info")
        ok_ta, _ = self.typed_d100("a-typed", "a-typed-error")
        ok_tb, _ = self.typed_d100("b-typed", "b-typed-error")
        valid = ok_a and ok_who and ok_b and ok_ta and ok_tb
        self._show_odds(ok_a and ok_who and ok_b)
        return valid

    def _show_odds(self, ready: bool) -> None:
        box = self.query_one("#opposed-odds", Static)
        if not ready:
            box.update("[dim]odds appear once both sides have a chance[/dim]")
            return
        a, b = self.character.name, self.name_b
        lines = [f"[b]{a}[/b] {self.chance_a}%  vs  [b]{b}[/b] {self.chance_b}%"]
        if self.ruleset is RuleSet.RQG:
            ra, rb = reduce_over_100(self.chance_a, self.chance_b)
            if (ra, rb) != (self.chance_a, self.chance_b):
                lines.append(f"over 100: reduced to {ra}% vs {rb}% (both lose the excess)")
        odds = opposed_odds(self.chance_a, self.chance_b, self.ruleset)
        lines.append(
            f"{a} wins [b]{percent(odds[Outcome.A])}[/b] · {b} wins "
            f"[b]{percent(odds[Outcome.B])}[/b] · tie {percent(odds[Outcome.TIE])} · "
            f"both fail {percent(odds[Outcome.BOTH_FAIL])}"
        )
        box.update("\n".join(lines))

    def roll(self) -> None:
        _, typed_a = self.typed_d100("a-typed", "a-typed-error")
        _, typed_b = self.typed_d100("b-typed", "b-typed-error")
        a, b = self.character.name, self.name_b
        done = rolls.roll_opposed(
            self.service,
            self.rng,
            rolls.Side(a, self.chance_a, self.character, self.ability_a, typed_a),
            rolls.Side(b, self.chance_b, self.other, self.ability_b, typed_b),
        )
        result, roll_a, roll_b = done.result, done.roll_a, done.roll_b
        outcome_text = OUTCOME_TEXT[result.outcome].format(a=a, b=b)
        lines = [
            f"{a}: {d100_text(roll_a)} {level_markup(result.level_a)} vs "
            f"{b}: {d100_text(roll_b)} {level_markup(result.level_b)}"
        ]
        if (result.effective_a, result.effective_b) != (result.level_a, result.level_b):
            lines.append(
                f"counts as {level_markup(result.effective_a)} vs "
                f"{level_markup(result.effective_b)}"
            )
        if result.double_effect:
            lines.append("[b]special against a failure: double effect[/b]")
        lines.append(f"[b]{outcome_text}[/b]")
        self.show_level(roll_a, result.level_a, "\n".join(lines))
        self.finish((done.first, done.second))


# --- dice ------------------------------------------------------------------------------------


class DiceDialog(RollDialog[RollMade]):
    """A free dice expression (damage): checked as typed, rolled or typed as a total."""

    title_text: ClassVar[str] = "Dice"
    DEFAULT_CSS = """
    DiceDialog #picks { height: 8; width: 44; }
    DiceDialog #dice-fields { width: 1fr; padding: 0 1; }
    """

    def __init__(self, character: Character | None) -> None:
        super().__init__()
        self.character = character
        self.expr: DiceExpr | None = None
        self.label = "dice"

    def _picks(self) -> list[tuple[str, str]]:
        """(label, expression) quick picks: each weapon's damage with (and without) the bonus."""
        if self.character is None:
            return []
        chars = self.character.characteristics
        bonus = damage_bonus(chars["STR"] + chars["SIZ"], self.ruleset)
        picks: list[tuple[str, str]] = []
        for weapon in self.character.weapons:
            if bonus in ("0", ""):
                picks.append((weapon.name, weapon.damage))
            else:
                picks.append((weapon.name, f"{weapon.damage}{bonus}"))
                picks.append((f"{weapon.name} (no bonus)", weapon.damage))
        return picks

    def compose_form(self) -> ComposeResult:
        who = self.character.name if self.character else "no character"
        yield Static(f"[b]{who}[/b]", id="who")
        picks = self._picks()
        with Horizontal(classes="row"):
            if picks:
                yield PagedOptionList(
                    *(Option(f"{label}  [b]{expr}[/b]", id=f"pick-{i}")
                      for i, (label, expr) in enumerate(picks)),
                    id="picks",
                )  # fmt: skip
            with Vertical(id="dice-fields", classes="row"):
                with Horizontal(classes="row"):
                    yield Label("Dice", classes="field-label")
                    yield (
                        ListSearch("picks", placeholder="e.g. 1D8+1+1D4 (up/down: weapons)",
                                   id="expression", compact=True)
                        if picks
                        else Input(placeholder="e.g. 1D8+1+1D4", id="expression", compact=True)
                    )  # fmt: skip
                yield Static("", id="expression-error", classes="error")
                yield Static("", id="stats", classes="info")
                with Horizontal(classes="row"):
                    yield Label("Physical total", classes="field-label")
                    yield Input(placeholder="blank: the app rolls", id="typed", compact=True)
                yield Static("", id="typed-error", classes="error")

    def on_mount(self) -> None:
        self.query_one("#expression", Input).focus()
        super().on_mount()

    @on(OptionList.OptionHighlighted, "#picks")
    def _picked(self, event: OptionList.OptionHighlighted) -> None:
        index = int((event.option.id or "pick-0").removeprefix("pick-"))
        label, expression = self._picks()[index]
        self.label = label
        field = self.query_one("#expression", Input)
        with field.prevent(Input.Changed):
            field.value = expression
        self.refresh_form()

    @on(Input.Changed, "#expression")
    def _typed_expression(self, _: Input.Changed) -> None:
        self.label = "dice"

    def validate(self) -> bool:
        text = self.query_one("#expression", Input).value
        self.expr = None
        if not text.strip():
            self.set_error("expression-error", "")
            self.set_error("stats", "[dim]type dice, or pick a weapon[/dim]")
            return False
        try:
            self.expr = parse_dice(text)
        except DiceError as error:
            self.set_error("expression-error", str(error))
            self.set_error("stats", "")
            return False
        self.set_error("expression-error", "")
        expr = self.expr
        mean = float(expr.mean)
        self.set_error(
            "stats",
            f"[b]{expr}[/b]: min {expr.minimum} · max {expr.maximum} · mean {mean:g}",
        )
        typed = self.query_one("#typed", Input).value
        if not typed.strip():
            self.set_error("typed-error", "")
            return True
        try:
            parse_whole(typed, "total", expr.minimum, expr.maximum)
        except ValueError as error:
            self.set_error("typed-error", str(error))
            return False
        self.set_error("typed-error", "")
        return True

    def roll(self) -> None:
        assert self.expr is not None
        expr = self.expr
        typed = self.query_one("#typed", Input).value
        event = rolls.roll_dice(
            self.service, self.rng, expr, label=self.label, character=self.character,
            typed_total=parse_whole(typed, "total", expr.minimum, expr.maximum)
            if typed.strip() else None,
        )  # fmt: skip
        total = event.total
        assert total is not None
        self.show_total(total, f"{self.label}: {expr} = {total}")
        self.finish(event)

    def show_total(self, total: int, text: str) -> None:
        """A dice total, large (dice have no level of success)."""
        self.query_one("#result-digits", Digits).update(str(total))
        self.query_one("#result-level", Static).update("")
        self.query_one("#result-text", Static).update(text)
