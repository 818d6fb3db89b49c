"""The magic of a sheet as the character sheet shows it: spells with their casting chance,
the spirit magic known against CHA, and each cult with its Rune points and Rune spells."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text

from gmdash.drawing.user_text import rich_literal
from gmdash.model.casting import CastPlan, base_chance, castables, rune_affinities
from gmdash.model.character import Character
from gmdash.model.magic import Spell, spell_points_known
from gmdash.rules import Edition, OptionalRule
from gmdash.rules.magic import spirit_magic_limit


def spirit_limit_text(spells: Sequence[Spell], cha: int | None) -> Text:
    """ "Spirit magic 6 of CHA 12", red with the excess when the points known pass CHA
    (docs/rules.md#spirit-magic-limit)."""
    known = spell_points_known(spells)
    if cha is None:
        return Text(f"Spirit magic: {known} points known", style="dim")
    limit = spirit_magic_limit(cha)
    if known > limit:
        return Text(f"Spirit magic: {known} points known, over CHA {cha} by {known - limit}",
                    style="bold red")  # fmt: skip
    return Text(f"Spirit magic: {known} points known of CHA {cha}", style="dim")


def magic_parts(
    character: Character, edition: Edition, points_style: Callable[[int, int], str]
) -> list[RenderableType]:
    """The sheet's magic section (nothing when the character has none); `points_style` colours
    a pool by how full it is."""
    parts: list[RenderableType] = []
    spells = castables(character, edition.ruleset)
    own = [s for s in spells if s.cult is None]
    if own:
        title = "Spells" if edition.is_brp else "Spirit magic"
        heading = Text(title, style="bold underline")
        if not edition.is_brp:
            heading.append("  ").append_text(
                spirit_limit_text(character.spells, character.characteristics.get("CHA"))
            )
        parts += [Text(), heading]
        line = Text()
        for spell in own:
            chance, _ = base_chance(character, edition.ruleset, CastPlan(spell=spell, points=1))
            if line:
                line.append("  ")
            line.append_text(rich_literal(spell.name))
            line.append(f" {spell.points}" + ("v" if spell.variable else ""), style="bold")
            line.append(f" {chance}%", style="dim")
        parts.append(line)
    if character.cults and edition.uses(OptionalRule.RUNE_POINTS):
        for cult in character.cults:
            heading = Text("Cult: ", style="bold underline")
            heading.append_text(rich_literal(cult.name, style="bold underline"))
            heading.append(f"  {cult.rank}  ", style="dim")
            heading.append(f"RP {cult.rune_points}/{cult.rune_points_max}",
                           style=points_style(cult.rune_points, cult.rune_points_max))  # fmt: skip
            if cult.runes:
                heading.append(f"  {', '.join(cult.runes)}", style="dim")
            parts += [Text(), heading]
            line = Text()
            for spell in (s for s in spells if s.cult == cult.name):
                runes = rune_affinities(character, spell)
                if line:
                    line.append("  ")
                line.append_text(rich_literal(spell.name))
                line.append(f" {spell.points}" + ("+" if spell.stackable else ""), style="bold")
                if spell.one_use:
                    line.append(" one-use", style="dim")
                line.append(f" {runes[0].value}%" if runes else " no Rune", style="dim")
            if line:
                parts.append(line)
    return parts
