"""The sheet shows each effect beside the number it changes, and in its own section."""

from __future__ import annotations

from rich.console import Console

from gmdash.model.effects import Modifier, TimedEffect
from gmdash.play.demo import demo_state
from gmdash.rules import RuleSet
from gmdash.rules.spells import ModifierKind
from gmdash.tui.widgets.character_sheet import sheet_renderable


def rendered(effects: tuple[TimedEffect, ...]) -> str:
    harvald = demo_state().characters["c0001"]
    console = Console(width=160, record=True, color_system=None)
    console.print(sheet_renderable(harvald, RuleSet.RQG, effects))
    return console.export_text()


def effect(label: str, *modifiers: Modifier, points: int = 2, left: int = 36) -> TimedEffect:
    return TimedEffect(id="e0001", target="c0001", target_name="Harvald", label=label,
                       points=points, modifiers=modifiers, duration=120, left=left)  # fmt: skip


def test_numbers_show_what_effects_add_and_why() -> None:
    plain = rendered(())
    assert "Broadsword     70  1D8+1+1D4" in plain and "Effects" not in plain
    shown = rendered((
        effect("Bladesharp", Modifier(kind=ModifierKind.ATTACK, amount=20, name="Broadsword"),
               Modifier(kind=ModifierKind.DAMAGE, amount=4, name="Broadsword"), points=4),
        effect("Strength", Modifier(kind=ModifierKind.CHARACTERISTIC, amount=8, name="STR")),
        effect("Protection", Modifier(kind=ModifierKind.ARMOUR, amount=2)),
        effect("Demoralize", Modifier(kind=ModifierKind.ABILITY, amount=-20)),
    ))  # fmt: skip
    # all rolls -20, the sword +20: each part shown, and the sum
    assert "Broadsword     70 (-20 Demoralize 2, 3 rounds; +20 Bladesharp 4, 3 rounds)" in shown
    assert "1D8+5+1D4" in shown
    assert "STR 24 (+8 Strength 2, 3 rounds)" in shown
    assert "Dodge 10% (-20 Demoralize 2, 3 rounds)" in shown
    # Protection 2 on the head's 5 armour points
    assert any(line.split()[:4] == ["19-20", "Head", "5/5", "7"] for line in shown.splitlines())
    assert "Bladesharp 4  3 rounds" in shown  # the Effects section, with the time left
