"""Foundry VTT RuneQuest actor exports written for gmdash's tests.

They follow the field names of the `sun-dragon-cult/fvtt-system-rqg` JSON schemas
(`src/data-model/json-schemas/generated/actor/character.schema.json` and `item/*.schema.json`);
the characters, names and numbers are our own. `full_adventurer` is a healthy initiate with every
kind of item; `wounded_adventurer` the same after a hard fight; `odd_actor` has missing values,
items gmdash cannot map and an item type it does not know.
"""

from __future__ import annotations

import copy
from typing import Any

HUMAN_LOCATIONS = (
    # name, rqid, D20 from, to, max HP at 14 total HP
    ("Right Leg", "i.hit-location.right-leg", 1, 4, 5),
    ("Left Leg", "i.hit-location.left-leg", 5, 8, 5),
    ("Abdomen", "i.hit-location.abdomen", 9, 11, 5),
    ("Chest", "i.hit-location.chest", 12, 12, 6),
    ("Right Arm", "i.hit-location.right-arm", 13, 15, 4),
    ("Left Arm", "i.hit-location.left-arm", 16, 18, 4),
    ("Head", "i.hit-location.head", 19, 20, 5),
)


def _item(name: str, item_type: str, system: dict[str, Any], rqid: str = "") -> dict[str, Any]:
    flags = {"rqg": {"documentRqidFlags": {"id": rqid, "lang": "en", "priority": 0}}}
    return {"name": name, "type": item_type, "_id": "id-" + name.lower().replace(" ", "-"),
            "img": "icons/x.svg", "system": system, "flags": flags, "effects": [],
            "ownership": {"default": 0}, "sort": 0}  # fmt: skip


def _location(name: str, rqid: str, low: int, high: int, top: int) -> dict[str, Any]:
    return _item(name, "hitLocation", {
        "dieFrom": low, "dieTo": high, "hitPoints": {"value": top, "max": top},
        "baseHpDelta": 0, "naturalAp": 0, "wounds": [], "hitLocationHealthState": "healthy",
        "actorHealthImpact": "healthy", "hitLocationType": "limb", "connectedTo": "",
    }, rqid)  # fmt: skip


def _skill(name: str, category: str, base: int, gained: int, ticked: bool = False,
           **derived: int) -> dict[str, Any]:  # fmt: skip
    skill_name, _, special = name.partition(" (")
    return _item(name, "skill", {
        "category": category, "skillName": skill_name, "specialization": special.rstrip(")"),
        "baseChance": base, "gainedChance": gained, "canGetExperience": True,
        "hasExperience": ticked, "runeRqidLinks": [], **derived,
    }, f"i.skill.{skill_name.lower().replace(' ', '-')}")  # fmt: skip


def _usage(skill: str, damage: str, sr: int, damage_type: str) -> dict[str, Any]:
    return {"skillRqidLink": {"rqid": f"i.skill.{skill.lower()}", "name": skill},
            "combatManeuvers": [{"name": "Attack", "damageType": damage_type}],
            "damage": damage, "minStrength": 9, "minDexterity": 7, "strikeRank": sr}  # fmt: skip


def _no_usage() -> dict[str, Any]:
    return {"skillRqidLink": None, "combatManeuvers": [], "damage": "", "minStrength": 0,
            "minDexterity": 0, "strikeRank": None}  # fmt: skip


def _weapon(name: str, usage: dict[str, Any], default: str, hp: int | None,
            **extra: Any) -> dict[str, Any]:  # fmt: skip
    full = {key: _no_usage() for key in ("oneHand", "offHand", "twoHand", "missile")}
    full.update(usage)
    return _item(name, "weapon", {
        "physicalItemType": "unique", "quantity": 1, "equippedStatus": "equipped",
        "usage": full, "defaultUsage": default,
        "hitPoints": {"value": hp, "max": hp}, "isNatural": False, "isProjectile": False,
        "isThrownWeapon": False, "isRangedWeapon": default == "missile", **extra,
    })  # fmt: skip


def _armour(
    name: str, absorbs: int, locations: list[str], status: str = "equipped"
) -> dict[str, Any]:
    links = [{"rqid": f"i.hit-location.{loc.lower().replace(' ', '-')}", "name": loc}
             for loc in locations]  # fmt: skip
    return _item(name, "armor", {
        "physicalItemType": "unique", "quantity": 1, "equippedStatus": status,
        "hitLocationRqidLinks": links, "absorbs": absorbs, "armorType": "", "material": "",
        "moveQuietlyPenalty": 0,
    })  # fmt: skip


def full_adventurer() -> dict[str, Any]:
    """Yelmara Dawnspear, an initiate of Orlanth: 14 HP, 16 MP, every kind of item."""
    cult = _item("Orlanth Adventurous", "cult", {
        "deity": "Orlanth", "runePoints": {"value": 3, "max": 3}, "holyDays": "", "gifts": "",
        "geases": "", "runeRqidLinks": [], "commonRuneMagicRqidLinks": [],
        "joinedCults": [{"cultName": "Orlanth Adventurous", "tagline": "", "rank": "initiate"}],
    })  # fmt: skip
    items = [
        *(_location(*row) for row in HUMAN_LOCATIONS),
        _skill("Dodge", "agility", 24, 16, chance=40),
        _skill("Scan", "perception", 25, 20, ticked=True, chance=50),
        _skill("Lore (Sartar)", "knowledge", 0, 30),
        _skill("Spirit Combat", "magic", 20, 10),
        _skill("Broadsword", "meleeWeapons", 10, 55, ticked=True),
        _skill("Composite Bow", "missileWeapons", 5, 40),
        _skill("Medium Shield", "shields", 15, 30),
        _item(
            "Air (element)",
            "rune",
            {
                "rune": "Air",
                "chance": 75,
                "hasExperience": True,
                "canGetExperience": True,
                "runeType": {"type": "element"},
            },
        ),
        _item(
            "Movement (power)",
            "rune",
            {
                "rune": "Movement",
                "chance": 60,
                "hasExperience": False,
                "canGetExperience": True,
                "runeType": {"type": "power"},
            },
        ),
        _item(
            "Loyalty (Colymar)",
            "passion",
            {"passion": "Loyalty", "subject": "Colymar", "chance": 60, "hasExperience": False},
        ),
        _weapon(
            "Broadsword", {"oneHand": _usage("Broadsword", "1d8+1", 2, "slash")}, "oneHand", 12
        ),
        _weapon(
            "Composite Bow",
            {"missile": _usage("Composite Bow", "1d8+1", 1, "impale")},
            "missile",
            7,
        ),
        _weapon(
            "Medium Shield", {"oneHand": _usage("Medium Shield", "1d4", 3, "crush")}, "oneHand", 12
        ),
        _armour("Linothorax", 3, ["Chest", "Abdomen"]),
        _armour("Open Helm", 3, ["Head"]),
        _armour("Greaves", 2, ["Right Leg", "Left Leg"]),
        cult,
        _item(
            "Bladesharp",
            "spiritMagic",
            {
                "points": 2,
                "isVariable": True,
                "castingRange": "touch",
                "duration": "temporal",
                "isMatrix": False,
            },
        ),
        _item("Heal", "spiritMagic", {"points": 2, "isVariable": True, "isMatrix": False}),
        _item("Mobility", "spiritMagic", {"points": 1, "isVariable": False, "isMatrix": False}),
        _item(
            "Shield",
            "runeMagic",
            {"points": 1, "cultId": cult["_id"], "isStackable": True, "isOneUse": False},
        ),
        _item("Rope (10 m)", "gear", {"quantity": 1, "equippedStatus": "carried"}),
    ]
    return {
        "name": "Yelmara Dawnspear",
        "type": "character",
        "img": "icons/svg/mystery-man.svg",
        "system": {
            "characteristics": {
                "strength": {"value": 14, "formula": "3d6", "hasExperience": False},
                "constitution": {"value": 13, "formula": "3d6"},
                "size": {"value": 15, "formula": "2d6+6"},
                "dexterity": {"value": 12, "formula": "3d6"},
                "intelligence": {"value": 14, "formula": "2d6+6"},
                "power": {"value": 16, "formula": "3d6", "hasExperience": False},
                "charisma": {"value": 11, "formula": "3d6"},
            },
            "background": {
                "species": "Human",
                "homeland": "Sartar",
                "tribe": "Colymar",
                "clan": "Ernaldori",
                "occupation": "warriorLightInfantry",
            },
            "attributes": {
                "magicPoints": {"value": 16, "max": 16},
                "hitPoints": {"value": 14, "max": 14},
                "move": {"currentLocomotion": "walk", "walk": {"value": 8, "carryingFactor": 1}},
                "heroPoints": 0,
                "isCreature": False,
                "health": "healthy",
                # derived values, as a prepared actor carries them
                "damageBonus": "1d4",
                "dexStrikeRank": 3,
                "sizStrikeRank": 1,
                "healingRate": 3,
            },
            "skillCategoryModifiers": {
                "agility": 0,
                "communication": 0,
                "knowledge": 5,
                "magic": 5,
                "manipulation": 5,
                "perception": 5,
                "stealth": 0,
                "meleeWeapons": 5,
                "missileWeapons": 5,
                "shields": 5,
                "naturalWeapons": 5,
                "otherSkills": 0,
            },
        },
        "prototypeToken": {"name": "Yelmara", "actorLink": True, "disposition": 1},
        "items": items,
        "effects": [],
        "flags": {"exportSource": {"system": "rqg", "systemVersion": "3.0.0"}},
    }


def wounded_adventurer() -> dict[str, Any]:
    """Yelmara after the ambush: 4 HP off the left leg (useless, 2 wounds), 3 off the chest,
    a notched sword, 5 MP and 1 Rune point spent, in shock."""
    actor = copy.deepcopy(full_adventurer())
    actor["name"] = "Yelmara Dawnspear (wounded)"
    attributes = actor["system"]["attributes"]
    attributes["hitPoints"]["value"] = 7
    attributes["magicPoints"]["value"] = 11
    attributes["health"] = "shock"
    for item in actor["items"]:
        system = item["system"]
        if item["name"] == "Left Leg":
            system.update(hitPoints={"value": -1, "max": 5}, wounds=[4, 2],
                          hitLocationHealthState="useless")  # fmt: skip
        elif item["name"] == "Chest":
            system.update(hitPoints={"value": 3, "max": 6}, wounds=[3])
        elif item["name"] == "Broadsword" and item["type"] == "weapon":
            system["hitPoints"] = {"value": 8, "max": 12}
        elif item["type"] == "cult":
            system["runePoints"] = {"value": 2, "max": 3}
    return actor


def odd_actor() -> dict[str, Any]:
    """A hastily made foe: no head or abdomen items, a skill with no chances, a weapon with no
    damage, armour left at home, a tail, an active effect, an item type gmdash does not know,
    an export whose hit points count an effect gmdash does not."""
    actor = copy.deepcopy(full_adventurer())
    actor["name"] = "Gorgath the Odd"
    actor["prototypeToken"] = {"name": "Gorgath", "actorLink": False, "disposition": -1}
    system = actor["system"]
    system["attributes"]["hitPoints"] = {"value": 16, "max": 16}
    del system["skillCategoryModifiers"]
    items = [i for i in actor["items"] if i["type"] not in ("armor", "cult", "runeMagic")
             and i["name"] not in ("Head", "Abdomen")]  # fmt: skip
    items += [
        _item("Knowing", "skill", {"category": "knowledge", "skillName": "Knowing"}),
        _weapon("Broken Haft", {}, "oneHand", 4),
        _armour("Bronze Hauberk", 5, ["Chest", "Abdomen"], status="notCarried"),
        _location("Tail", "i.hit-location.tail", 21, 21, 3),
        _item("Heroquest Gift", "feat", {"description": "Sees in the dark"}),
    ]
    actor["items"] = items
    actor["effects"] = [{"name": "Blessing of the Storm", "changes": [
        {"key": "system.attributes.hitPoints.max", "value": "2", "mode": 2}]}]  # fmt: skip
    return actor


QUADRUPED_LOCATIONS = (
    ("Right Hind Leg", "i.hit-location.right-hind-leg", 1, 2, 7),
    ("Left Hind Leg", "i.hit-location.left-hind-leg", 3, 4, 7),
    ("Hindquarters", "i.hit-location.hindquarters", 5, 7, 8),
    ("Forequarters", "i.hit-location.forequarters", 8, 10, 8),
    ("Right Foreleg", "i.hit-location.right-foreleg", 11, 13, 7),
    ("Left Foreleg", "i.hit-location.left-foreleg", 14, 16, 7),
    ("Head", "i.hit-location.head", 17, 20, 7),
)


def four_legged_creature() -> dict[str, Any]:
    """A bison of the plains, 3 points of hide everywhere, a wound in its hindquarters."""
    locations = [_location(*row) for row in QUADRUPED_LOCATIONS]
    for location in locations:
        location["system"]["naturalAp"] = 3
        if location["name"] == "Hindquarters":
            location["system"].update(hitPoints={"value": 5, "max": 8}, wounds=[3])
    chars = {"strength": 30, "constitution": 14, "size": 30, "dexterity": 10,
             "intelligence": 4, "power": 8, "charisma": 2}  # fmt: skip
    return {
        "name": "Plains bison",
        "type": "character",
        "system": {
            "characteristics": {key: {"value": value} for key, value in chars.items()},
            "attributes": {
                "hitPoints": {"value": 16, "max": 19},
                "magicPoints": {"value": 8, "max": 8},
                "isCreature": True,
                "health": "wounded",
            },
        },
        "prototypeToken": {"actorLink": False},
        "items": [
            *locations,
            _skill("Kick", "naturalWeapons", 25, 25),
            _weapon(
                "Kick",
                {"oneHand": _usage("Kick", "1d6", 3, "crush")},
                "oneHand",
                None,
                isNatural=True,
            ),
        ],
    }
