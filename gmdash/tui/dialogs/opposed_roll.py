"""The opposed roll dialog (key o): two sides, each an ability or a chance (docs/rules.md)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widgets import (
    Input,
    Label,
    Static,
)

from gmdash.level_words import outcome_odds_words, outcome_text
from gmdash.model.character import Ability, Character
from gmdash.model.events import RollMade
from gmdash.play import rolls
from gmdash.play.roll_plan import narrow, percent
from gmdash.rules import (
    Outcome,
    RuleSet,
    d100_text,
    opposed_odds,
    reduce_over_100,
)
from gmdash.tui.dialogs.level_markup import level_markup
from gmdash.tui.dialogs.roll_base import RollDialog
from gmdash.tui.user_text import literal, markup


class OpposedRollDialog(RollDialog[tuple[RollMade, RollMade]]):
    """Two actors roll their abilities against each other (docs/rules.md, opposed rolls).

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
                yield Static(literal(self.character.name, "bold"))
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
                self.set_error(info_id, Content.from_markup("[$error]a chance is 0 to 999[/]"))
                return False, None, 0
            self.set_error(info_id, f"→ {chance}%")
            return True, None, chance
        if who is None:
            self.set_error(
                info_id, Content.from_markup("[$error]an unnamed foe needs a chance (a number)[/]")
            )
            return False, None, 0
        found = narrow([a.name for a in who.abilities], text)
        if not found:
            self.set_error(info_id, markup("[$error]$who has no ability matching $text[/]",
                                           who=who.name, text=repr(text)))  # fmt: skip
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
                self.set_error(
                    "b-who-info", Content.from_markup("[$error]a character cannot oppose itself[/]")
                )
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
        lines = [markup("[b]$a[/b] $chance_a%  vs  [b]$b[/b] $chance_b%", a=a, b=b,
                        chance_a=self.chance_a, chance_b=self.chance_b)]  # fmt: skip
        if self.ruleset is RuleSet.RQG:
            ra, rb = reduce_over_100(self.chance_a, self.chance_b)
            if (ra, rb) != (self.chance_a, self.chance_b):
                lines.append(Content(f"over 100: reduced to {ra}% vs {rb}% (both lose the excess)"))
        odds = opposed_odds(self.chance_a, self.chance_b, self.ruleset)
        tie, both_fail = outcome_odds_words(self.ruleset.value)
        lines.append(
            markup(
                "$a wins [b]$odds_a[/b] · $b wins [b]$odds_b[/b] · $tie_word $tie · "
                "$fail_word $fail",
                a=a, b=b, odds_a=percent(odds[Outcome.A]), odds_b=percent(odds[Outcome.B]),
                tie=percent(odds[Outcome.TIE]), fail=percent(odds[Outcome.BOTH_FAIL]),
                tie_word=tie, fail_word=both_fail,
            )
        )  # fmt: skip
        box.update(Content("\n").join(lines))

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
        verdict = outcome_text(result.outcome.value, self.ruleset.value, a, b)
        lines = [
            literal(f"{a}: ")
            + Content.from_markup(f"{d100_text(roll_a)} {level_markup(result.level_a)} vs ")
            + literal(f"{b}: ")
            + Content.from_markup(f"{d100_text(roll_b)} {level_markup(result.level_b)}")
        ]
        if (result.effective_a, result.effective_b) != (result.level_a, result.level_b):
            lines.append(
                Content.from_markup(
                    f"counts as {level_markup(result.effective_a)} vs "
                    f"{level_markup(result.effective_b)}"
                )
            )
        if result.double_effect:
            lines.append(Content.from_markup("[b]special against a failure: double effect[/b]"))
        lines.append(literal(verdict, "bold"))
        self.show_level(roll_a, result.level_a, Content("\n").join(lines))
        self.finish((done.first, done.second))
