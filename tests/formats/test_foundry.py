"""Foundry VTT RuneQuest actors read into sheets, with their reports."""

from __future__ import annotations

from gmdash.formats.foundry import is_foundry_actor, read_foundry
from gmdash.model.sheets import complete
from gmdash.rules.ruleset import RuleSet
from tests.formats.foundry_samples import (
    four_legged_creature,
    full_adventurer,
    odd_actor,
    wounded_adventurer,
)


def test_a_full_adventurer_maps_every_item() -> None:
    actor = full_adventurer()
    assert is_foundry_actor(actor)
    reading = read_foundry(actor)
    sheet = complete(reading.sheet, id="c0001", ruleset=RuleSet.RQG)
    assert (sheet.name, str(sheet.kind)) == ("Yelmara Dawnspear", "pc")
    assert dict(sheet.characteristics) == {"STR": 14, "CON": 13, "SIZ": 15, "DEX": 12,
                                           "INT": 14, "POW": 16, "CHA": 11}  # fmt: skip
    values = {a.name: (str(a.kind), a.value, a.ticked) for a in sheet.abilities}
    # base + gained + the category modifier gmdash computes (knowledge +5, agility 0, ...)
    assert values["Dodge"] == ("skill", 40, False)
    assert values["Scan"] == ("skill", 50, True)
    assert values["Lore (Sartar)"] == ("skill", 35, False)
    assert values["Broadsword"] == ("skill", 70, True)
    assert values["Air"] == ("rune", 75, True)
    assert values["Loyalty (Colymar)"] == ("passion", 60, False)
    bow = sheet.weapon("Composite Bow")
    assert bow is not None
    assert (bow.damage, bow.sr, bow.hit_points, str(bow.special), str(bow.use)) == (
        "1D8+1", 1, 7, "impale", "missile")  # fmt: skip
    shield = sheet.weapon("Medium Shield")
    assert shield is not None and str(shield.use) == "shield"
    assert dict(sheet.armour) == {"chest": 3, "abdomen": 3, "head": 3, "right_leg": 2,
                                  "left_leg": 2}  # fmt: skip
    assert [(s.name, s.points, s.variable) for s in sheet.spells] == [
        ("Bladesharp", 2, True), ("Heal", 2, True), ("Mobility", 1, False)]  # fmt: skip
    (cult,) = sheet.cults
    assert (cult.name, str(cult.rank), cult.rune_points, cult.rune_points_max) == (
        "Orlanth Adventurous", "initiate", 3, 3)  # fmt: skip
    assert [s.name for s in cult.spells] == ["Shield"]
    assert "Gear: Rope (10 m)" in sheet.notes and "Clan: Ernaldori" in sheet.notes
    # the export's own derived numbers agree with gmdash's
    assert reading.differences == []
    assert any("Rope (10 m)" in line for line in reading.unread)


def test_a_wounded_adventurer_keeps_wounds_and_spent_points() -> None:
    reading = read_foundry(wounded_adventurer())
    sheet = complete(reading.sheet, id="c0001", ruleset=RuleSet.RQG)
    assert (sheet.hit_points, sheet.magic_points) == (7, 11)
    assert sheet.locations["left_leg"] == -1 and sheet.locations["chest"] == 3
    assert dict(sheet.wounds) == {"left_leg": (4, 2), "chest": (3,)}
    assert set(sheet.conditions) == {"useless:left_leg", "shock"}
    sword = sheet.weapon("Broadsword")
    assert sword is not None and (sword.hit_points, sword.max_hit_points) == (8, 12)
    assert sheet.cults[0].rune_points == 2
    assert reading.differences == []


def test_missing_and_unknown_items_are_reported_never_dropped() -> None:
    reading = read_foundry(odd_actor())
    sheet = complete(reading.sheet, id="c0001", ruleset=RuleSet.RQG)
    assert str(sheet.kind) == "npc"
    assert reading.unread[:6] == [
        "skill 'Knowing': no base or gained chance in the export",
        "weapon 'Broken Haft': no way to use it with damage",
        "hit locations no table of gmdash's has (Tail): the sheet is humanoid",
        "Bronze Hauberk: not worn (notCarried), not counted",
        "items of an unknown type 'feat': Heroquest Gift",
        "gear (gmdash keeps no gear; named in the notes): Rope (10 m)",
    ]
    assert reading.unread[-1] == (
        "active effects (their modifiers are not applied): Blessing of the Storm"
    )
    # the export counts an effect gmdash does not: its HP are brought down and reported
    assert sheet.hit_points == 14
    assert "hit points: the Foundry export says 16, gmdash computes 14" in reading.differences
    assert "hit points 16 brought down to gmdash's maximum 14" in reading.assumed
    # the head and abdomen the export left out start full
    assert (sheet.locations["head"], sheet.locations["abdomen"]) == (5, 5)
    assert "head: not in the Foundry export: full (5 HP)" in reading.assumed
    assert sheet.cults == () and sheet.armour == {}


def test_derived_numbers_that_differ_are_reported() -> None:
    actor = full_adventurer()
    actor["system"]["attributes"]["damageBonus"] = "1d6"
    actor["system"]["skillCategoryModifiers"]["agility"] = 5
    actor["items"][7]["system"]["chance"] = 45  # Dodge
    reading = read_foundry(actor)
    assert reading.differences == [
        "agility skill modifier: the Foundry export says +5, gmdash computes +0",
        "Dodge: the Foundry export says 45%, gmdash computes 40% "
        "(base 24 + gained 16 + agility modifier +0)",
        "damage bonus: the Foundry export says +1D6, gmdash computes +1D4",
    ]


def test_gmdash_exports_are_not_foundry_actors() -> None:
    assert not is_foundry_actor({"format": "gmdash.character", "character": {}})
    assert not is_foundry_actor({"name": "x", "system": {}})
    assert not is_foundry_actor([1, 2])


def test_a_four_legged_creature_gets_its_table() -> None:
    reading = read_foundry(four_legged_creature())
    sheet = complete(reading.sheet, id="c0001", ruleset=RuleSet.RQG)
    assert sheet.table.name == "quadruped"
    # HP 14 + 5 (SIZ 30) = 19: base location HP 7, the quarters +1; the export agrees
    assert dict(sheet.locations) == {"right_hind_leg": 7, "left_hind_leg": 7, "hindquarters": 5,
                                     "forequarters": 8, "right_foreleg": 7, "left_foreleg": 7,
                                     "head": 7}  # fmt: skip
    assert dict(sheet.wounds) == {"hindquarters": (3,)}
    assert dict(sheet.armour) == dict.fromkeys(sheet.table.keys, 3)
    assert "a creature: no skill category modifiers" in reading.assumed
    values = {a.name: a.value for a in sheet.abilities}
    assert values["Kick"] == 50  # base + gained, no modifier
    assert reading.differences == []
