"""Add or edit a character: every field checked as it is typed (docs/rules.md#characteristics).

Abilities and weapons are edited as compact text, one per line, and errors name the line:

    Broadsword  70 ✓        (name, value 0-999, optional ✓ or * for an experience tick)
    Broadsword | Broadsword | 1D8+1 | 2 | 12 | slash | melee
                            (weapon | skill | damage | SR | HP or HP/full | kind | use)

Editing keeps the damage taken: when the characteristics change, current hit, magic and rune
points move with the new maxima, and lasting conditions stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from gmdash import rules
from gmdash.drawing.status import short_location
from gmdash.model.character import (
    MAX_ABILITY,
    Ability,
    AbilityKind,
    Character,
    CharacterKind,
    Weapon,
)
from gmdash.model.derived import sheet_maxima
from gmdash.model.magic import Spell
from gmdash.model.sheets import checked, new_character
from gmdash.rules import DEFAULT_TABLE, HUMANOID, Edition, OptionalRule, RuleSet
from gmdash.rules.weapons import SpecialKind, WeaponUse, guess_special, guess_use
from gmdash.tui.dialogs.confirm import ConfirmDialog
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label, whole_number
from gmdash.tui.dialogs.magic_lines import (
    CULT_FORMAT,
    cult_lines,
    parse_cults,
    parse_spells,
    spell_lines,
)
from gmdash.tui.keymap import CHARACTER_FORM, bindings_for, table_of
from gmdash.tui.user_text import literal
from gmdash.tui.widgets.magic_sheet import spirit_limit_text

ABILITY_LINE = re.compile(r"^(?P<name>.*?\S)\s+(?P<value>[+-]?\d+)\s*%?\s*(?P<tick>[*✓])?\s*$")
KIND_FIELDS = (
    ("skills", AbilityKind.SKILL, "Skills"),
    ("runes", AbilityKind.RUNE, "Runes"),
    ("passions", AbilityKind.PASSION, "Passions"),
)
KIND_RULES = {AbilityKind.RUNE: OptionalRule.RUNES, AbilityKind.PASSION: OptionalRule.PASSIONS}
"""The optional rule a BRP campaign turns on to have abilities of that kind."""


def kind_fields(edition: Edition) -> tuple[tuple[str, AbilityKind, str], ...]:
    """The ability boxes of the form: skills, and runes and passions where the rules have them."""
    return tuple(f for f in KIND_FIELDS if f[1] not in KIND_RULES or edition.uses(KIND_RULES[f[1]]))


ROLLED = {"SIZ": "2D6+6", "INT": "2D6+6"}
"""Humans roll 3D6 for a characteristic, except SIZ and INT (docs/rules.md#characteristics)."""


def ability_lines(abilities: tuple[Ability, ...], kind: AbilityKind) -> str:
    return "\n".join(
        f"{a.name}  {a.value}" + (" ✓" if a.ticked else "") for a in abilities if a.kind == kind
    )


def parse_abilities(text: str, kind: AbilityKind) -> tuple[list[Ability], str | None]:
    """Abilities of one kind from `Name value [✓]` lines; the first error names its line."""
    found: list[Ability] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = ABILITY_LINE.match(line.strip())
        if match is None:
            return found, f"line {number}: write 'Name  value', e.g. 'Climb  40'"
        name, value = match["name"].strip(), int(match["value"])
        if not 0 <= value <= MAX_ABILITY:
            return found, f"line {number}: {name} must be 0 to {MAX_ABILITY}, not {value}"
        found.append(Ability(name=name, kind=kind, value=value, ticked=bool(match["tick"])))
    return found, None


WEAPON_FORMAT = "name | skill | damage | SR | HP or HP/full | kind | use"
_KINDS = ", ".join(k.value for k in SpecialKind)
_USES = ", ".join(u.value for u in WeaponUse)


def weapon_format(brp: bool) -> str:
    """How a weapon line is written: BRP weapons have no strike rank (DEX order)."""
    return WEAPON_FORMAT.replace(" SR |", "") if brp else WEAPON_FORMAT


def weapon_lines(weapons: tuple[Weapon, ...], brp: bool = False) -> str:
    if brp:
        return "\n".join(
            f"{w.name} | {w.skill} | {w.damage} | {_hp_text(w)} | {w.special} | {w.use}"
            for w in weapons
        )
    return "\n".join(
        f"{w.name} | {w.skill} | {w.damage} | {w.sr} | {_hp_text(w)} | {w.special} | {w.use}"
        for w in weapons
    )


def _hp_text(weapon: Weapon) -> str:
    if weapon.hit_points == weapon.max_hit_points:
        return str(weapon.hit_points)
    return f"{weapon.hit_points}/{weapon.max_hit_points}"


def parse_weapons(text: str, brp: bool = False) -> tuple[list[Weapon], str | None]:
    """Weapons from `name | skill | damage | SR | HP or HP/full | kind | use` lines. The skill may
    be left out (then it is the name); kind and use may be left out (guessed from the name).
    BRP's lines have no SR (kept as 0: BRP acts in DEX order)."""
    found: list[Weapon] = []
    size = 4 if brp else 5
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split("|")]
        if len(parts) == size - 1:
            parts.insert(1, parts[0])
        if brp:
            parts.insert(3, "0")
        if not 5 <= len(parts) <= 7 or not parts[0] or not parts[1]:
            return found, f"line {number}: write '{weapon_format(brp)}'"
        name, skill, damage, sr, hp = parts[:5]
        kind_text = parts[5] if len(parts) > 5 and parts[5] else guess_special(name).value
        use_text = parts[6] if len(parts) > 6 and parts[6] else guess_use(name).value
        try:
            rules.parse_dice(damage)
        except rules.DiceError as error:
            return found, f"line {number}: damage: {error}"
        try:
            strike_rank = whole_number(sr, low=0, high=12)
        except ValueError as error:
            return found, f"line {number}: SR {error}"
        current_text, _, full_text = hp.partition("/")
        try:
            hit_points = whole_number(current_text, low=0)
            full = whole_number(full_text, low=hit_points) if full_text else hit_points
        except ValueError as error:
            return found, f"line {number}: HP {error} (write current/full, e.g. 6/8)"
        try:
            special = SpecialKind(kind_text.casefold())
        except ValueError:
            return found, f"line {number}: kind is one of {_KINDS}, not {kind_text!r}"
        try:
            use = WeaponUse(use_text.casefold())
        except ValueError:
            return found, f"line {number}: use is one of {_USES}, not {use_text!r}"
        found.append(Weapon(name=name, skill=skill, damage=damage, sr=strike_rank,
                            hit_points=hit_points, max_hit_points=full, special=special,
                            use=use))  # fmt: skip
    return found, None


def keep_damage(original: Character, edited: Character, ruleset: RuleSet) -> Character:
    """`edited` with the damage and spent points of `original` carried over to new maxima."""
    old = sheet_maxima(original, ruleset)
    new = sheet_maxima(edited, ruleset)
    locations = {
        key: new.locations[key] - (old.locations[key] - original.locations[key])
        for key in new.locations
    }
    spent_rune = original.rune_points_max - original.rune_points
    return replace(
        edited,
        id=original.id,
        hit_points=new.hit_points - (old.hit_points - original.hit_points),
        locations=locations,
        magic_points=max(0, new.magic_points - (old.magic_points - original.magic_points)),
        rune_points=max(0, edited.rune_points_max - spent_rune),
        conditions=original.conditions,
        wounds=original.wounds,
    )


class CharacterForm(FormDialog[Character]):
    """Add (`character` None) or edit a sheet. Returns the sheet to publish."""

    ok_label = "Save"
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(CHARACTER_FORM)
    DEFAULT_CSS = """
    CharacterForm > .dialog-box { width: 100; height: 96%; }
    CharacterForm .dialog-fields { height: 1fr; }
    CharacterForm .row { height: auto; }
    CharacterForm .cell { width: 1fr; height: auto; }
    CharacterForm .stat { width: 9; height: auto; }
    CharacterForm .stat Label { width: 100%; text-align: center; }
    CharacterForm .stat Input { width: 100%; }
    CharacterForm TextArea { height: 6; }
    CharacterForm #skills { height: 10; }
    CharacterForm #cults { height: 8; }
    """

    def __init__(self, character: Character | None = None) -> None:
        super().__init__()
        self.original = character

    @property
    def title_text(self) -> str:  # type: ignore[override]
        return "New character" if self.original is None else f"Edit {self.original.name}"

    @property
    def ruleset(self) -> RuleSet:
        return self.dash.service.campaign.ruleset

    @property
    def edition(self) -> Edition:
        return self.dash.service.campaign.edition

    @property
    def rune_points(self) -> bool:
        return self.edition.uses(OptionalRule.RUNE_POINTS)

    @property
    def locations(self) -> tuple[str, ...]:
        """The sheet's hit locations (an edit keeps the body's table; a new sheet is
        humanoid)."""
        return (self.original.table if self.original else HUMANOID).top_down

    def _keys(self) -> list[str]:
        """The campaign's characteristics, each required (CHA in RQG, APP in BRP)."""
        return list(self.edition.characteristics)

    # --- layout ---------------------------------------------------------------------------

    def dialog_body(self) -> ComposeResult:
        sheet = self.original
        with Horizontal(classes="row"):
            with Vertical(classes="cell"):
                yield field_label("Name")
                yield Input(sheet.name if sheet else "", placeholder="unique in the campaign",
                            id="name")  # fmt: skip
                yield error_label("name")
            with Vertical(classes="cell"):
                yield field_label("PC or NPC")
                yield Select[str](
                    [("PC (player character)", "pc"), ("NPC", "npc")],
                    value=str(sheet.kind) if sheet else "pc",
                    allow_blank=False,
                    id="kind",
                )
            with Vertical(classes="cell"):
                yield field_label("Player")
                yield Input(sheet.player if sheet else "", placeholder="who plays it", id="player")
        yield field_label("Characteristics (whole numbers ≥ 1; ctrl+r rolls 3D6, SIZ/INT 2D6+6)")
        with Horizontal(classes="row"):
            for key in self._keys():
                with Vertical(classes="stat"):
                    yield Label(key)
                    value = sheet.characteristics.get(key) if sheet else None
                    yield Input("" if value is None else str(value), id=f"char-{key}")
            if self.rune_points:
                with Vertical(classes="stat"):
                    yield Label("Rune pts")
                    rune_max = sheet.rune_points_max if sheet else (
                        3 if self.ruleset is RuleSet.RQG else 0)  # fmt: skip
                    yield Input(str(rune_max), id="rune-max",
                                tooltip="Rune points at full outside any cult "
                                "(each cult below has its own)")  # fmt: skip
        yield error_label("chars")
        yield field_label("Armour points per location")
        with Horizontal(classes="row"):
            for location in self.locations:
                with Vertical(classes="stat"):
                    yield Label(short_location(location))
                    armour = sheet.armour.get(location, 0) if sheet else 0
                    yield Input(str(armour), id=f"armour-{location}")
        yield error_label("armour")
        for field_id, kind, title in kind_fields(self.edition):
            yield field_label(f"{title}: one 'Name  value' per line (✓ or * = experience tick)")
            yield TextArea(ability_lines(sheet.abilities, kind) if sheet else "", id=field_id)
            yield error_label(field_id)

    def later_body(self) -> Iterator[Widget]:
        # Below the first screenful even at 160x50: weapons, magic and notes.
        sheet = self.original
        brp = self.edition.is_brp
        yield field_label(f"Weapons: {weapon_format(brp)}")
        yield TextArea(weapon_lines(sheet.weapons, brp) if sheet else "", id="weapons")
        yield error_label("weapons")
        yield from self._magic_fields(sheet)
        yield field_label("Notes")
        yield TextArea(sheet.notes if sheet else "", id="notes")
        keys = table_of(self.app)
        save, cancel = keys.hint_key("form.save"), keys.hint_key("form.cancel")
        hint = f"tab moves between fields · {save} saves · {cancel} cancels"
        yield Static(literal(hint), classes="hint")

    def _magic_fields(self, sheet: Character | None) -> Iterator[Widget]:
        brp = self.edition.is_brp
        if brp:
            yield field_label("Spells: one 'Name points [v] chance%' per line (v: variable)")
        else:
            yield field_label("Spirit magic: one 'Name points [v]' per line (v: variable)")
        yield TextArea(spell_lines(sheet.spells, brp) if sheet else "", id="spells")
        yield error_label("spells")
        yield Static("", id="spell-limit", classes="hint")
        if self.rune_points:
            yield field_label(f"Cults: '{CULT_FORMAT}', then '- Spell points[+] [one-use]'")
            yield TextArea(cult_lines(sheet.cults) if sheet else "", id="cults")
            yield error_label("cults")

    def extra_buttons(self) -> Iterator[Button]:
        yield Button("Roll characteristics", id="roll")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    # --- checks ---------------------------------------------------------------------------

    def _value(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value

    def _characteristics(self) -> tuple[dict[str, int], list[str]]:
        values: dict[str, int] = {}
        wrong: list[str] = []
        for key in self._keys():
            text = self._value(f"char-{key}")
            try:
                values[key] = whole_number(text, low=1)
            except ValueError as error:
                wrong.append(f"{key} {error}")
        return values, wrong

    def _abilities(self) -> tuple[list[Ability], dict[str, str]]:
        found: list[Ability] = []
        problems: dict[str, str] = {}
        seen: set[str] = set()
        for field_id, kind, _ in KIND_FIELDS:
            widgets = self.query(f"#{field_id}").results(TextArea)
            area = next(iter(widgets), None)
            if area is None:
                if self.original is not None:  # a kind these rules lack is kept, unshown
                    found += [a for a in self.original.abilities if a.kind == kind]
                continue
            abilities, error = parse_abilities(area.text, kind)
            if error:
                problems[field_id] = error
            for ability in abilities:
                if ability.name.casefold() in seen:
                    problems.setdefault(field_id, f"{ability.name!r} appears twice")
                seen.add(ability.name.casefold())
            found += abilities
        return found, problems

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        name = self._value("name").strip()
        if not name:
            found["name"] = "a name is required"
        else:
            for other in self.dash.service.characters:
                same = other.name.casefold() == name.casefold()
                if same and (self.original is None or other.id != self.original.id):
                    found["name"] = f"{other.name!r} is already in this campaign"
        _, wrong = self._characteristics()
        if self.rune_points:
            try:
                whole_number(self._value("rune-max"), low=0, high=999)
            except ValueError as error:
                wrong.append(f"Rune points {error}")
        if wrong:
            found["chars"] = "; ".join(wrong)
        bad_armour = []
        for location in self.locations:
            try:
                whole_number(self._value(f"armour-{location}"), low=0, high=99)
            except ValueError as error:
                bad_armour.append(f"{short_location(location)} {error}")
        if bad_armour:
            found["armour"] = "; ".join(bad_armour)
        found.update(self._abilities()[1])
        weapons, weapon_error = parse_weapons(self._text("weapons"), self.edition.is_brp)
        if weapon_error:
            found["weapons"] = weapon_error
        names = [w.name.casefold() for w in weapons]
        if not weapon_error and len(set(names)) != len(names):
            found["weapons"] = "two weapons have the same name"
        spells, spell_error = parse_spells(self._text("spells"), self.edition.is_brp)
        if spell_error:
            found["spells"] = spell_error
        if self.rune_points:
            cult_error = parse_cults(self._text("cults"))[1]
            if cult_error:
                found["cults"] = cult_error
        self._show_spell_limit(spells)
        return found

    def _text(self, widget_id: str) -> str:
        """A text area's text ("" for one of `later_body` not in yet: nothing typed there)."""
        area = self.later_field(widget_id, TextArea)
        return "" if area is None else area.text

    def _show_spell_limit(self, spells: list[Spell]) -> None:
        """RQG: the spirit magic known against CHA, as typed (docs/rules.md#spirit-magic-limit)."""
        if self.edition.is_brp:
            return
        cha_text = self._value("char-CHA") if "CHA" in self._keys() else ""
        cha = int(cha_text) if cha_text.strip().isdigit() else None
        limit = self.later_field("spell-limit", Static)
        if limit is not None:
            limit.update(spirit_limit_text(spells, cha))

    def answer(self) -> Character:
        chars, _ = self._characteristics()
        kind = self.query_one("#kind", Select).value
        armour = {loc: whole_number(self._value(f"armour-{loc}")) for loc in self.locations}
        rune_max = whole_number(self._value("rune-max")) if self.rune_points else 0
        sheet = new_character(
            id=self.original.id if self.original else "c0000",
            name=self._value("name").strip(),
            kind=CharacterKind(kind if isinstance(kind, str) else "pc"),
            player=self._value("player").strip(),
            characteristics=chars,
            ruleset=self.ruleset,
            abilities=self._abilities()[0],
            weapons=parse_weapons(self._text("weapons"), self.edition.is_brp)[0],
            armour={k: v for k, v in armour.items() if v},
            notes=self._text("notes").rstrip(),
            hit_table=self.original.hit_table if self.original else DEFAULT_TABLE,
        )
        sheet = replace(sheet, rune_points=rune_max, rune_points_max=rune_max)
        sheet = replace(
            sheet,
            spells=tuple(parse_spells(self._text("spells"), self.edition.is_brp)[0]),
            # a campaign without Rune points keeps a sheet's cults as they were, unshown
            cults=tuple(parse_cults(self._text("cults"))[0]) if self.rune_points
            else (self.original.cults if self.original else ()),
        )  # fmt: skip
        if self.original is not None:
            sheet = keep_damage(self.original, sheet, self.ruleset)
        return checked(sheet)

    # --- quick NPC ------------------------------------------------------------------------

    def action_roll_characteristics(self) -> None:
        """3D6 each (SIZ and INT 2D6+6), with the app's RNG; over typed values only once the
        game master says so."""
        typed = [key for key in self._keys() if self._value(f"char-{key}").strip()]
        if not typed:
            self._roll_characteristics()
            return
        question = f"Roll over the characteristics already typed ({', '.join(typed)})?"
        self.app.push_screen(
            ConfirmDialog(question, title="Roll characteristics", yes="Roll"),
            lambda yes: self._roll_characteristics() if yes else None,
        )

    def _roll_characteristics(self) -> None:
        for key in self._keys():
            rolled = rules.parse_dice(ROLLED.get(key, "3D6")).roll(self.dash.rng)
            self.query_one(f"#char-{key}", Input).value = str(rolled.total)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll":
            event.stop()
            self.action_roll_characteristics()
