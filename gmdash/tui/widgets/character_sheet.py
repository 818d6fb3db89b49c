"""A character sheet in full, and the short forms the roster list shows (HP bar, status).

Pure rendering: a sheet and the campaign's rule set in, Rich renderables out. Built to wrap
cleanly from a 26-column pane to a maximised one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.widgets import Static

from gmdash import rules
from gmdash.drawing.points import hp_bar, points_style
from gmdash.drawing.status import short_location, status_text, useless_locations
from gmdash.drawing.user_text import multiline, rich_literal
from gmdash.model import effective
from gmdash.model.character import AbilityKind, Character, Weapon
from gmdash.model.derived import Maxima, derived_of, sheet_maxima
from gmdash.model.effects import TimedEffect
from gmdash.rules import DerivedAttributes, Edition, OptionalRule, RuleSet
from gmdash.rules.game_time import describe_span
from gmdash.rules.weapons import damage_with_bonus
from gmdash.safe_text import visible
from gmdash.tui.widgets.cells import fit, give_way
from gmdash.tui.widgets.magic_sheet import magic_parts

KIND_TITLES = {AbilityKind.SKILL: "Skills", AbilityKind.RUNE: "Runes",
               AbilityKind.PASSION: "Passions"}  # fmt: skip


class Flow:
    """Items laid out like words: as many per line as fit, two spaces apart, never split (an
    item wider than the line gets a line of its own and wraps there)."""

    def __init__(self, items: list[Text]) -> None:
        self.items = items

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        line = Text()
        for item in self.items:
            if line and line.cell_len + 2 + item.cell_len > width:
                yield line
                line = Text()
            if line:
                line.append("  ")
            line.append_text(item)
        if line:
            yield line


class Grid:
    """A table without borders: columns as wide as their widest cell, two spaces apart, a
    bold header. Rich's Table does the same with far more work, and the sheet is drawn at every
    start. When the line is too narrow the `flex` column gives way first, then the line is cut
    (both with an ellipsis; `m` maximises the pane to read everything)."""

    GAP = 2
    FLEX_MIN = 4

    def __init__(
        self,
        headers: list[str],
        rows: list[list[str | Text]],
        *,
        right: frozenset[int] = frozenset(),
        dim: frozenset[int] = frozenset(),
        flex: int = 0,
    ) -> None:
        self.headers = [Text(header, style="bold") for header in headers]
        self.rows = [
            [cell if isinstance(cell, Text) else Text(cell, style="dim" if i in dim else "")
             for i, cell in enumerate(row)]
            for row in rows
        ]  # fmt: skip
        self.right = right
        self.flex = flex

    def widths(self, room: int) -> list[int]:
        """Each column's width on a line `room` cells wide."""
        widths = [
            max(cell.cell_len for cell in column)
            for column in zip(self.headers, *self.rows, strict=True)
        ]
        excess = sum(widths) + self.GAP * (len(widths) - 1) - room
        return give_way(widths, excess, [self.flex], self.FLEX_MIN)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = max(1, options.max_width)
        widths = self.widths(room)
        for row in [self.headers, *self.rows]:
            line = Text(no_wrap=True, overflow="ellipsis")
            for index, (cell, width) in enumerate(zip(row, widths, strict=True)):
                if index:
                    line.append(" " * self.GAP)
                line.append_text(fit(cell, width, right=index in self.right))
            line.rstrip()
            line.truncate(room, overflow="ellipsis")
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = self.widths(options.max_width)
        return Measurement(1, sum(widths) + self.GAP * (len(widths) - 1))


def _items(pairs: list[tuple[str, str | Text]]) -> Flow:
    """`KEY value` items that break only between items."""
    items: list[Text] = []
    for key, value in pairs:
        item = Text(key, style="bold")
        item.append(" ")
        if isinstance(value, Text):
            item.append_text(value)
        else:
            item.append(value)
        items.append(item)
    return Flow(items)


def _heading(title: str) -> Text:
    return Text(title, style="bold underline")


KIND_RULES = {AbilityKind.RUNE: OptionalRule.RUNES, AbilityKind.PASSION: OptionalRule.PASSIONS}


def _edition(rules_: RuleSet | Edition) -> Edition:
    return rules_ if isinstance(rules_, Edition) else Edition.of(rules_)


def _raised(value: int, extra: effective.Adjustment, unit: str = "", lead: str = "") -> Text:
    """A number with what effects add to it, and why: `Broadsword 75% (+20 Bladesharp 4...)`."""
    text = Text(f"{lead}{value + extra.amount}{unit}", style="bold magenta" if extra else "bold")
    if extra:
        text.append(extra.beside(), style="magenta")
    return text


def _characteristic(value: int, extra: effective.Adjustment) -> str | Text:
    return _raised(value, extra) if extra else str(value)


def effects_section(effects: Sequence[TimedEffect]) -> list[RenderableType]:
    """The effects running on a sheet, each with what it changes and the time left."""
    if not effects:
        return []
    rows: list[list[str | Text]] = []
    for effect in effects:
        by = f" by {effect.caster}" if effect.caster else ""
        rows.append([
            Text(effect.title, style="bold magenta"),
            Text(describe_span(effect.left), style="magenta"),
            rich_literal(effect.changes() + by),
        ])  # fmt: skip
    return [Text(), _heading("Effects"), Grid(["Effect", "Left", "Changes"], rows, flex=2)]


def sheet_renderable(
    character: Character, rules_: RuleSet | Edition, effects: Sequence[TimedEffect] = ()
) -> RenderableType:
    """Everything on the sheet: characteristics, derived attributes, locations, abilities,
    weapons and notes; only what the campaign's rules have (a BRP sheet: APP, no CHA, no strike
    ranks; Runes, Passions and Rune points only with BRP's optional rules). The `effects`
    running on it show beside each number they change (and in a section of their own)."""
    edition = _edition(rules_)
    full = sheet_maxima(character, edition.ruleset)
    derived = derived_of(character, edition.ruleset)
    parts: list[RenderableType] = []
    parts += _heading_parts(character, full)
    parts += _number_parts(character, edition, effects, full, derived)
    parts += effects_section(effects)
    parts += _location_parts(character, effects, full)
    parts += _ability_parts(character, edition, effects)
    parts += _weapon_parts(character, edition, effects, derived)
    parts += magic_parts(character, edition, points_style)
    if character.notes:
        parts += [Text(), _heading("Notes"), multiline(character.notes)]
    return Group(*parts)


def _heading_parts(character: Character, full: Maxima) -> list[RenderableType]:
    """The name, PC or NPC and player, and the status."""
    title = rich_literal(character.name, style="bold")
    kind = "PC" if character.kind == "pc" else "NPC"
    title.append(f"  {kind}" + (f" ({visible(character.player)})" if character.player else ""),
                 style="dim")  # fmt: skip
    return [title, Text("Status: ").append_text(status_text(character, full))]


def _number_parts(
    character: Character,
    edition: Edition,
    effects: Sequence[TimedEffect],
    full: Maxima,
    derived: DerivedAttributes,
) -> list[RenderableType]:
    """Characteristics, points (hit, magic, Rune) and the derived attributes."""
    parts: list[RenderableType] = []
    keys = [k for k in edition.characteristics if k in character.characteristics]
    parts.append(
        _items([
            (k, _characteristic(character.characteristics[k], effective.characteristic(effects, k)))
            for k in keys
        ])
    )  # fmt: skip

    points: list[tuple[str, str | Text]] = [
        ("HP", hp_bar(character.hit_points, full.hit_points)),
        ("MP", Text(f"{character.magic_points}/{full.magic_points}",
                    style=points_style(character.magic_points, full.magic_points))
               .append(effective.magic_points(effects).beside(), style="magenta")),
    ]  # fmt: skip
    if edition.uses(OptionalRule.RUNE_POINTS) and (character.rune_points_max
                                                   or not character.cults):  # fmt: skip
        label = "RP (no cult)" if character.cults else "RP"
        points.append((label, Text(f"{character.rune_points}/{character.rune_points_max}",
                                   style=points_style(character.rune_points,
                                                      character.rune_points_max))))  # fmt: skip
    parts.append(_items(points))
    parts.append(
        _items([
            ("Heal", f"{derived.healing_rate}/week"),
            ("DB", derived.damage_bonus),
            *([] if edition.is_brp else [("DEX SR", str(derived.dex_sr)),
                                         ("SIZ SR", str(derived.siz_sr))]),
            ("Move", f"{derived.movement_walk}/{derived.movement_run} m"),
        ])
    )  # fmt: skip
    return parts


def _location_parts(
    character: Character, effects: Sequence[TimedEffect], full: Maxima
) -> list[RenderableType]:
    """The hit-location table: each location's hit points, armour, state and wounds."""
    parts: list[RenderableType] = []
    table = character.table
    heading = _heading("Hit locations")
    if table.name != rules.DEFAULT_TABLE:
        heading.append(f"  {table.title}", style="dim")
    parts += [Text(), heading]
    useless = set(useless_locations(character))
    severed = {c.partition(":")[2] for c in character.conditions if c.startswith("severed:")}
    rows: list[list[str | Text]] = []
    for location in table.top_down:
        current = character.locations[location]
        most = full.locations[location]
        state = "severed" if location in severed else "useless" if location in useless else ""
        note = Text(state, style="red")
        wounds = character.wounds_at(location, most)
        if wounds:
            note.append((" " if state else "") + "wounds " + "+".join(map(str, wounds)),
                        style="dim")  # fmt: skip
        rows.append([
            table.spec(location).d20,
            short_location(location).capitalize(),
            Text(f"{current}/{most}", style=points_style(current, most)),
            _armour(character.armour.get(location, 0), effective.armour(effects, location)),
            note,
        ])  # fmt: skip
    parts.append(Grid(["D20", "Location", "HP", "AP", ""], rows,
                      right=frozenset({2, 3}), dim=frozenset({0}), flex=1))  # fmt: skip
    return parts


def _ability_parts(
    character: Character, edition: Edition, effects: Sequence[TimedEffect]
) -> list[RenderableType]:
    """Skills, then Runes and Passions where the rules have them, by name."""
    parts: list[RenderableType] = []
    for kind_ in AbilityKind:
        abilities = [a for a in character.abilities if a.kind == kind_]
        if not abilities or (kind_ in KIND_RULES and not edition.uses(KIND_RULES[kind_])):
            continue
        heading = _heading(KIND_TITLES[kind_])
        if kind_ is AbilityKind.SKILL:
            heading.append("  ✓ = experience tick", style="dim")
        parts += [Text(), heading]
        items: list[Text] = []
        for ability in sorted(abilities, key=lambda a: a.name.casefold()):
            item = rich_literal(ability.name)
            extra = effective.ability(effects, ability.name)
            item.append_text(_raised(ability.value, extra, "%", lead=" "))
            if ability.ticked:
                item.append("✓", style="bold green")
            items.append(item)
        parts.append(Flow(items))
    return parts


def _weapon_parts(
    character: Character,
    edition: Edition,
    effects: Sequence[TimedEffect],
    derived: DerivedAttributes,
) -> list[RenderableType]:
    """The weapons table (no strike-rank column in BRP)."""
    parts: list[RenderableType] = []
    if not character.weapons:
        return parts
    parts += [Text(), _heading("Weapons")]
    weapon_rows: list[list[str | Text]] = []
    for weapon in character.weapons:
        row = _weapon_row(character, weapon, effects, derived)
        weapon_rows.append(row[:3] + row[4:] if edition.is_brp else row)
    head = ["Weapon", "%", "Damage", "SR", "HP", "Kind"]
    if edition.is_brp:  # BRP acts in DEX order: a weapon has no strike rank
        parts.append(Grid(head[:3] + head[4:], weapon_rows, right=frozenset({1, 3}),
                          dim=frozenset({4})))  # fmt: skip
    else:
        parts.append(Grid(head, weapon_rows, right=frozenset({1, 3, 4}),
                          dim=frozenset({5})))  # fmt: skip
    return parts


def _weapon_row(
    character: Character,
    weapon: Weapon,
    effects: Sequence[TimedEffect],
    derived: DerivedAttributes,
) -> list[str | Text]:
    """A weapon's line: name, chance, damage, strike rank, hit points and kind."""
    skill = character.ability(weapon.skill)
    hp = Text(f"{weapon.hit_points}/{weapon.max_hit_points}",
              style=points_style(weapon.hit_points, weapon.max_hit_points))  # fmt: skip
    if not weapon.max_hit_points:
        hp = Text("—", style="dim")  # a natural weapon: no hit points of its own
    elif weapon.broken:
        hp.append(" broken", style="bold red")
    bonus = effective.attack(effects, weapon)
    chance: str | Text = "—"
    if skill is not None:
        chance = Text(str(skill.value + bonus.amount),
                      style="bold magenta" if bonus else "")  # fmt: skip
        if bonus:
            chance.append(bonus.beside(), style="magenta")
    hits_with = effective.weapon_with(effects, weapon)
    row: list[str | Text] = [
        rich_literal(weapon.name),
        chance,
        Text(
            damage_with_bonus(hits_with.damage, derived.damage_bonus, weapon.use),
            style="magenta" if hits_with is not weapon else "",
        ),
        str(weapon.sr),
        hp,
        f"{weapon.special} {weapon.use}",
    ]
    return row


def _armour(points: int, extra: effective.Adjustment) -> Text:
    """A location's armour points, raised by Protection or Shield (shown in colour)."""
    return Text(str(points + extra.amount), style="bold magenta" if extra else "")


_JOINER = Text("\n")


def sheet_lines(
    renderable: RenderableType, console: Console, options: ConsoleOptions
) -> list[list[Segment]]:
    """`console.render_lines(renderable, options, pad=False)`, the same lines, faster for a
    sheet: each of its parts that is a line or lines of text fitting the width (its title, a
    `Grid`'s rows, a `Flow`'s) is drawn straight from its spans, without Rich's wrapping (most
    of the time the sheet took to draw, at every start). Anything else goes through Rich."""
    parts = renderable.renderables if isinstance(renderable, Group) else [renderable]
    if any(isinstance(part, Text) and part.end != "\n" for part in parts):
        return console.render_lines(renderable, options, pad=False)  # parts sharing a line
    width = options.max_width
    lines: list[list[Segment]] = []
    for part in parts:
        texts = _text_lines(part, console, options)
        if texts is not None and all(_plain_line(text, width, options) for text in texts):
            lines += (_line_segments(text, console, options, width) for text in texts)
        else:
            lines += console.render_lines(part, options, pad=False)
    return lines


def _text_lines(part: object, console: Console, options: ConsoleOptions) -> list[Text] | None:
    """The lines of text a part of the sheet is made of, if it is made of text alone."""
    if isinstance(part, Text):
        return [part]
    if isinstance(part, Grid | Flow):
        drawn = list(part.__rich_console__(console, options))
        texts = [text for text in drawn if isinstance(text, Text)]
        return texts if len(texts) == len(drawn) else None
    return None


def _plain_line(text: Text, width: int, options: ConsoleOptions) -> bool:
    """A line Rich would draw as its spans alone: one line, within the width, no tab, ending
    the line, and justified to the left or not at all (Rich pads a left-justified line)."""
    plain = text.plain
    return (
        "\n" not in plain
        and "\t" not in plain
        and text.end == "\n"
        and _justify(text, options) in ("default", "left")
        and text.cell_len <= width
    )


def _justify(text: Text, options: ConsoleOptions) -> str:
    """How Rich justifies `text` drawn with `options`."""
    return text.justify or options.justify or "default"


def _line_segments(
    text: Text, console: Console, options: ConsoleOptions, width: int
) -> list[Segment]:
    if _justify(text, options) == "left":
        text = text.copy()
        text.truncate(width, overflow=text.overflow or options.overflow, pad=True)
    # Joined, as Rich joins the lines it wrapped: the line's own style becomes a span.
    return list(_JOINER.join([text]).render(console))


class Rendered:
    """A renderable drawn once per width, then replayed.

    Textual renders a widget's content once to measure its height and again to draw it (and
    again on every relayout); the sheet's Rich tables are slow to lay out, so the lines are
    kept per width (a resize draws them afresh).
    """

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._lines: dict[tuple[object, ...], list[list[Segment]]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = (options.max_width, options.justify, options.overflow, options.no_wrap)
        lines = self._lines.get(key)
        if lines is None:
            if len(self._lines) >= 4:
                self._lines.clear()
            lines = sheet_lines(self.renderable, console, options.update(height=None))
            self._lines[key] = lines
        new_line = Segment.line()
        for line in lines:
            yield from line
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


class CharacterSheet(Static):
    """The selected character in full (inside a scrolling container)."""

    DEFAULT_CSS = """
    CharacterSheet { width: 1fr; height: auto; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: tuple[Character | None, Edition | None, tuple[TimedEffect, ...]] | None = None
        # Sheets already drawn, by character id: going back to a character costs nothing.
        # Characters are immutable: a changed sheet is a new object, so a stale entry is
        # recognised by identity and drawn again (and so are changed effects, by value).
        self._drawn: dict[str, tuple[Character, Edition, tuple[TimedEffect, ...], Rendered]] = {}

    def show(
        self,
        character: Character | None,
        rules_: RuleSet | Edition,
        effects: Sequence[TimedEffect] = (),
    ) -> None:
        """Render `character` (None: an empty roster) with the effects running on it; the same
        sheet again changes nothing."""
        edition = _edition(rules_)
        running = tuple(effects)
        shown = self._shown
        if shown is not None and shown[0] is character and shown[1:] == (edition, running):
            return
        self._shown = (character, edition, running)
        if character is None:
            self.update(Text("No character selected. Press a to add one.", style="dim"))
            return
        drawn = self._drawn.get(character.id)
        if drawn is None or drawn[0] is not character or drawn[1:3] != (edition, running):
            drawn = (character, edition, running,
                     Rendered(sheet_renderable(character, edition, running)))  # fmt: skip
            if len(self._drawn) >= 64:
                self._drawn.clear()
            self._drawn[character.id] = drawn
        self.update(drawn[3])
