"""Foundry VTT RuneQuest actors read into sheets, with their reports."""

from __future__ import annotations

from typing import Any

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


def test_a_skill_never_studied_shows_0_as_foundrys_sheet_does() -> None:
    actor = full_adventurer()
    actor["items"] += [
        _skill_item("Meditate", "magic", 0, 0),
        _skill_item("Sense Chaos", "perception", 0, 5),
    ]
    reading = read_foundry(actor)
    values = {a["name"]: a["value"] for a in reading.sheet["abilities"]}
    # magic +5 and perception +5 for Yelmara: none on a skill with base 0 and nothing gained
    assert values["Meditate"] == 0
    assert values["Sense Chaos"] == 10  # base 0, 5 gained: studied, so the modifier counts
    assert not any("Meditate" in line for line in reading.differences)


def test_a_prepared_chance_of_0_for_an_unstudied_skill_agrees() -> None:
    actor = full_adventurer()
    actor["items"].append(_skill_item("Meditate", "magic", 0, 0, chance=0))
    assert read_foundry(actor).differences == []


def test_move_quietly_and_dodge_carry_foundrys_own_penalties() -> None:
    actor = full_adventurer()
    for item in actor["items"]:
        if item["type"] == "armor":
            item["system"]["encumbrance"] = 2
            item["system"]["moveQuietlyPenalty"] = -10 if item["name"] == "Greaves" else -5
        elif item["type"] == "weapon":
            item["system"]["encumbrance"] = 1
    actor["items"].append(_skill_item("Move Quietly", "stealth", 10, 20))
    reading = read_foundry(actor)
    values = {a["name"]: a["value"] for a in reading.sheet["abilities"]}
    # equipped ENC 3 x 2 + 3 x 1 = 9, under the maximum min(14, 13.5) = 14: Dodge 40 - 9
    assert values["Dodge"] == 31
    # stealth +0, the worst armour penalty 10
    assert values["Move Quietly"] == 20
    assert "Dodge -9: the equipped ENC, as Foundry's sheet takes it" in reading.assumed


YELMARAS_ARMOUR = {"chest": 3, "abdomen": 3, "head": 3, "right_leg": 2, "left_leg": 2}
"""Her linothorax, open helm and greaves, each on the locations it covers."""


def _worn(actor: dict[str, Any]) -> dict[str, int]:
    return dict(complete(read_foundry(actor).sheet, id="c0001", ruleset=RuleSet.RQG).armour)


def test_armour_is_matched_to_the_actors_own_locations_by_rqid() -> None:
    actor = full_adventurer()
    for item in actor["items"]:
        flags = item["flags"]["rqg"]["documentRqidFlags"]
        if item["type"] == "hitLocation":  # ids of the actor's own, not the usual ones
            flags["id"] = "i.hit-location.humanoid-" + flags["id"].rsplit(".", 1)[1]
        elif item["type"] == "armor":
            for link in item["system"]["hitLocationRqidLinks"]:
                link["rqid"] = "i.hit-location.humanoid-" + link["rqid"].rsplit(".", 1)[1]
                link["name"] = ""
    assert _worn(actor) == YELMARAS_ARMOUR


def test_armour_of_an_export_before_rqid_links_is_read_by_location_name() -> None:
    actor = full_adventurer()
    for item in actor["items"]:
        if item["type"] == "armor":
            links = item["system"].pop("hitLocationRqidLinks")
            item["system"]["hitLocations"] = [link["name"] for link in links]
    assert _worn(actor) == YELMARAS_ARMOUR


def test_armour_points_a_prepared_export_shows_are_compared() -> None:
    actor = full_adventurer()
    for item in actor["items"]:
        if item["name"] == "Head":
            item["system"]["armorPoints"] = 5
        elif item["name"] == "Chest":
            item["system"]["armorPoints"] = 3
    reading = read_foundry(actor)
    assert reading.differences == [
        "head armour: the Foundry export says 5, gmdash counts 3 (natural armour and the "
        "armour worn)"
    ]


def _skill_item(name: str, category: str, base: int, gained: int, **derived: int) -> dict[str, Any]:
    system = {"category": category, "skillName": name, "specialization": "", "baseChance": base,
              "gainedChance": gained, "hasExperience": False, **derived}  # fmt: skip
    rqid = "i.skill." + name.lower().replace(" ", "-")
    return {"name": name, "type": "skill", "_id": f"id-{name}", "system": system,
            "flags": {"rqg": {"documentRqidFlags": {"id": rqid}}}}  # fmt: skip


def test_an_overloaded_character_loses_5_a_point_on_the_physical_categories() -> None:
    actor = full_adventurer()
    actor["items"].append({"name": "Bronze anvil", "type": "gear", "_id": "id-anvil",
                           "system": {"equippedStatus": "equipped", "encumbrance": 20,
                                      "quantity": 1}})  # fmt: skip
    reading = read_foundry(actor)
    values = {a["name"]: a["value"] for a in reading.sheet["abilities"]}
    # ENC 20 over the maximum 14: 6 x 5 = 30 off agility; Dodge also loses min(20, 14)
    assert values["Dodge"] == 0  # 24 + 16 + (0 - 30) - 14, never below 0
    assert values["Broadsword"] == 70 - 30  # melee weapons: cut too
    assert values["Scan"] == 50  # perception: not cut
    assert any("over the maximum 14: -30" in line for line in reading.assumed)
