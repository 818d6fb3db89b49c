"""Effects and game time: the effects on one target (add a spell or a free-form effect, dismiss
one), and "time passes" (a span typed, what runs out and what comes back previewed).

The dialogs only collect the input; `gmdash.play.effects` works everything out and publishes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.widgets import Input, Static

from gmdash.drawing.user_text import multiline
from gmdash.model.effects import TimedEffect
from gmdash.model.errors import ValidationError
from gmdash.play import effects, time_passing
from gmdash.rules.game_time import TimeError, parse_span
from gmdash.rules.spells import SPELL_EFFECTS
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label
from gmdash.tui.user_text import literal

EFFECT_HINT = (
    "A spell: Bladesharp 4 on Broadsword, Protection 2, Strength. Or free-form: "
    "Demoralize: -20% to all rolls, 5 rounds · +2 AP head, 10m · +3 damage, 1h"
)


@dataclass(frozen=True, slots=True)
class EffectOrder:
    """What the game master asked: an effect to start (text, caster) and effects to dismiss."""

    text: str = ""
    caster: str = ""
    dismiss: tuple[str, ...] = ()


class EffectsDialog(FormDialog[EffectOrder]):
    """The effects running on one target; add one, dismiss some by their number."""

    title_text = "Effects"
    ok_label = "Apply"

    def __init__(self, who: str, name: str, running: Sequence[TimedEffect]) -> None:
        super().__init__()
        self.who = who
        self.target_name = name
        self.running = list(running)

    def dialog_body(self) -> ComposeResult:
        if self.running:
            lines = [f"{i}. {e.short()}: {e.changes() or e.label}"
                     for i, e in enumerate(self.running, start=1)]  # fmt: skip
            yield Static(multiline("\n".join(lines)), id="running")
        else:
            yield Static(literal(f"Nothing runs on {self.target_name}."), id="running")
        yield field_label("Add an effect")
        yield Input(placeholder="Bladesharp 4 on Broadsword", id="effect")
        yield Static(EFFECT_HINT, classes="hint", markup=False)
        spells = ", ".join(s.name for s in SPELL_EFFECTS if not s.instant)
        yield Static(f"Spells known: {spells}", classes="hint", markup=False)
        yield error_label("effect")
        yield field_label("Cast by (optional)")
        yield Input(id="caster")
        yield field_label("Dismiss (their numbers: 1 3)")
        yield Input(id="dismiss", disabled=not self.running)
        yield error_label("dismiss")
        yield Static("", id="preview", classes="preview")

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    def _dismissed(self) -> tuple[str, ...]:
        chosen: list[str] = []
        for word in self._value("dismiss").replace(",", " ").split():
            if not word.isdigit() or not 1 <= int(word) <= len(self.running):
                raise ValueError(f"{word!r}: numbers from 1 to {len(self.running)}")
            chosen.append(self.running[int(word) - 1].id)
        return tuple(dict.fromkeys(chosen))

    def _planned(self) -> TimedEffect | None:
        text = self._value("effect")
        if not text:
            return None
        return effects.plan_effect(self.dash.service, self.who, text, self._value("caster"))

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        try:
            self._planned()
        except ValidationError as error:
            found["effect"] = error.message
        try:
            dismissed = self._dismissed()
        except ValueError as error:
            found["dismiss"] = str(error)
            dismissed = ()
        if not found and not self._value("effect") and not dismissed:
            found["effect"] = "type an effect to add (or numbers to dismiss)"
        return found

    def answer(self) -> EffectOrder:
        return EffectOrder(self._value("effect"), self._value("caster"), self._dismissed())

    def update_preview(self) -> None:
        effect = self._planned()
        lines = []
        if effect is not None:
            lines.append(f"Starts: {effect.short()}: {effect.changes() or effect.label}")
        gone = [e.title for e in self.running if e.id in self._dismissed()]
        if gone:
            lines.append("Dismissed: " + ", ".join(gone))
        self.set_preview(multiline("\n".join(lines)))


class TimePassesDialog(FormDialog[int]):
    """How much game time passes: effects count down, magic points come back, the end of a
    week heals, holy days come (the preview says what, day by day)."""

    title_text = "Time passes"
    ok_label = "Let it pass"

    def dialog_body(self) -> ComposeResult:
        yield Static(
            "Effects count down and end; magic points come back (all of them in a day); the end "
            "of each week heals every location. Rune points come back only through worship, "
            "on a holy day.",
            classes="hint",
        )
        yield field_label("How long")
        yield Input(value="10m", id="span", placeholder="5 rounds, 10m, 2h, 1d, 1w")
        yield error_label("span")
        yield Static("", id="preview", classes="preview")

    def problems(self) -> dict[str, str]:
        try:
            parse_span(self.query_one("#span", Input).value)
        except TimeError as error:
            return {"span": str(error)}
        return {}

    def answer(self) -> int:
        return parse_span(self.query_one("#span", Input).value)

    def update_preview(self) -> None:
        service = self.dash.service
        passage = time_passing.plan(service.state, self.answer())
        names = {c.id: c.name for c in service.characters}
        lines = time_passing.summary_lines(passage, names)
        self.set_preview(multiline("\n".join(lines)))
