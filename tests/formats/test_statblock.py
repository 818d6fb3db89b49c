"""Printed stat blocks read into sheets: each layout, with its report."""

from __future__ import annotations

from typing import Any

from gmdash.formats.statblock import read_statblock
from gmdash.model.character import Character
from gmdash.model.sheets import complete
from gmdash.rules.ruleset import RuleSet

SEVERAL_LINES = """\
Korol Grey-Hand, Lunar soldier
STR 13  CON 11  SIZ 12  DEX 14  INT 13  POW 12  CHA 10
Hit points: 12   Move: 8   Magic points: 12
Damage bonus: +1D4   Strike ranks: DEX 2, SIZ 2

Location   D20     Armor/HP
Right leg  01-04   3/4
Left leg   05-08   3/4
Abdomen    09-11   3/4
Chest      12      4/5
Right arm  13-15   3/3
Left arm   16-18   3/3
Head       19-20   5/4

Weapon      %    Damage      SR   HP
Broadsword  60   1D8+1+1D4   7    12
Javelin     45%  1D10+1D2    3    8

Skills: Dodge 40%, Scan 55%, Sing 30
Runes: Air 60%, Death 45%
Passions: Loyalty (Lunar Empire) 70%, Hate (Orlanth) 60%
Spirit magic: Bladesharp 2, Heal 2, Demoralize
Rune magic: Shield 2, Truesword 2
Carries a purse of 20 Lunars.
Cult: Seven Mothers (initiate)   Rune points 3
"""

ONE_LINE = (
    "Broo warrior. STR 13 CON 11 SIZ 12 DEX 14 INT 13 POW 12 CHA 10 Hit points 11 "
    "Broadsword 60%, 1D8+1+1D4, SR 7 Head butt 50%, 1D6+1D4, SR 7  Dodge 40%, Scan 55% "
    "Armor 2 points (all) Move Quietly 45"
)

FRENCH_MESSY = """\
  Garde   lunaire
FOR 14   CON  12   TAI 13 INT 12  POU 11  DEX 10   CHA 9
Points de vie 13   PM 11
Localisation  D20   Armure/PV
Jambe droite  01-04  4/5
Jambe gauche  05-08  4/5
Abdomen  09-11  4/5
Poitrine  12  5/6
Bras droit  13-15  3/4
Bras gauche  16-18  3/4
Tête  19-20  5/5
Lance courte 50 1D8+1+1D4 RA 8 PV 10
Esquive 30, Scruter 40, Loyauté (Empire lunaire) 60
"""

FOUR_LEGGED = """\
Rock lizard
STR 20 CON 14 SIZ 18 DEX 8 INT 2 POW 9 CHA 3
Location      D20    Armor/HP
Right hind leg 01-02  4/5
Left hind leg  03-04  4/5
Hindquarters   05-07  4/6
Forequarters   08-10  4/6
Right foreleg  11-13  4/4
Left foreleg   14-16  4/4
Head           17-20  4/5
Bite 45%, 1D10+1D6, SR 8
"""


def _abilities(sheet: dict[str, Any]) -> dict[str, tuple[str, int]]:
    return {a["name"]: (a["kind"], a["value"]) for a in sheet["abilities"]}


def _saved(sheet: dict[str, Any]) -> Character:
    return complete(sheet, id="c0001", ruleset=RuleSet.RQG)


def test_several_lines_with_a_location_table() -> None:
    reading = read_statblock(SEVERAL_LINES)
    sheet = reading.sheet
    assert sheet["name"] == "Korol Grey-Hand, Lunar soldier"
    assert sheet["kind"] == "npc"
    assert sheet["characteristics"] == {"STR": 13, "CON": 11, "SIZ": 12, "DEX": 14, "INT": 13,
                                        "POW": 12, "CHA": 10}  # fmt: skip
    assert sheet["armour"] == {"right_leg": 3, "left_leg": 3, "abdomen": 3, "chest": 4,
                               "right_arm": 3, "left_arm": 3, "head": 5}  # fmt: skip
    assert [(r.name, r.d20, r.armour, r.hit_points) for r in reading.location_table][3] == (
        "Chest", "12", 4, 5)  # fmt: skip
    sword, javelin = sheet["weapons"]
    # the printed damage adds the damage bonus, the printed SR is the total (DEX 2 + SIZ 2 + 3)
    assert (sword["damage"], sword["sr"], sword["hit_points"], sword["use"]) == (
        "1D8+1", 3, 12, "melee")  # fmt: skip
    assert (javelin["damage"], javelin["sr"], javelin["use"]) == ("1D10", 1, "thrown")
    assert _abilities(sheet) == {
        "Broadsword": ("skill", 60), "Javelin": ("skill", 45), "Dodge": ("skill", 40),
        "Scan": ("skill", 55), "Sing": ("skill", 30), "Air": ("rune", 60),
        "Death": ("rune", 45), "Loyalty (Lunar Empire)": ("passion", 70),
        "Hate (Orlanth)": ("passion", 60),
    }  # fmt: skip
    assert sheet["spells"] == [
        {"name": "Bladesharp", "points": 2, "variable": False},
        {"name": "Heal", "points": 2, "variable": False},
        {"name": "Demoralize", "points": 1, "variable": False},
    ]
    (cult,) = sheet["cults"]
    assert (cult["name"], cult["rank"], cult["rune_points_max"]) == ("Seven Mothers", "initiate", 3)
    assert [s["name"] for s in cult["spells"]] == ["Shield", "Truesword"]
    # the report: what was not read (kept in the notes), what was assumed, what differs
    assert reading.line_summary() == "read 21 of 22 lines"
    assert reading.lines_not_read() == ["line 24: Carries a purse of 20 Lunars."]
    assert reading.unread == []
    assert "Not read on import: Carries a purse of 20 Lunars." in sheet["notes"]
    assert "Demoralize: no points given: 1" in reading.assumed
    assert reading.differences == ["hit points: the stat block says 12, gmdash computes 11"]
    saved = _saved(sheet)
    assert saved.cults[0].spells[1].name == "Truesword"
    assert saved.weapon("Broadsword") is not None


def test_one_line() -> None:
    reading = read_statblock(ONE_LINE)
    sheet = reading.sheet
    assert sheet["name"] == "Broo warrior"
    assert sheet["characteristics"]["CHA"] == 10
    assert [(w["name"], w["damage"], w["sr"]) for w in sheet["weapons"]] == [
        ("Broadsword", "1D8+1", 3), ("Head butt", "1D6", 3)]  # fmt: skip
    assert _abilities(sheet)["Move Quietly"] == ("skill", 45)
    assert set(sheet["armour"].values()) == {2} and len(sheet["armour"]) == 7
    assert "Broadsword: no weapon HP given: 0 (it never breaks)" in reading.assumed
    assert not any("Head butt: no weapon HP" in line for line in reading.assumed)  # natural
    assert reading.unread == [] and reading.differences == []
    _saved(sheet)


def test_french_names_extra_spaces_and_no_percent_signs() -> None:
    reading = read_statblock(FRENCH_MESSY)
    sheet = reading.sheet
    assert sheet["name"] == "Garde lunaire"
    assert sheet["characteristics"] == {"STR": 14, "CON": 12, "SIZ": 13, "INT": 12, "POW": 11,
                                        "DEX": 10, "CHA": 9}  # fmt: skip
    assert sheet["armour"]["head"] == 5 and sheet["armour"]["chest"] == 5
    (spear,) = sheet["weapons"]
    assert (spear["name"], spear["damage"], spear["sr"], spear["hit_points"]) == (
        "Lance courte", "1D8+1", 3, 10)  # fmt: skip
    assert _abilities(sheet)["Loyauté (Empire lunaire)"] == ("passion", 60)
    assert _abilities(sheet)["Esquive"] == ("skill", 30)
    assert reading.unread == [] and reading.differences == []


def test_a_four_legged_table_gives_the_sheet_its_table() -> None:
    reading = read_statblock(FOUR_LEGGED)
    rows = [(r.name, r.low, r.high, r.armour, r.hit_points) for r in reading.location_table]
    assert rows[0] == ("Right hind leg", 1, 2, 4, 5)
    assert rows[2] == ("Hindquarters", 5, 7, 4, 6)
    assert len(rows) == 7
    sheet = reading.sheet
    assert sheet["hit_table"] == "quadruped"
    assert sheet["armour"] == dict.fromkeys(
        ("right_hind_leg", "left_hind_leg", "hindquarters", "forequarters", "right_foreleg",
         "left_foreleg", "head"), 4)  # fmt: skip
    # HP 14 + 2 (SIZ 18) = 16: base location HP 6, hindquarters and forequarters +1
    assert "hindquarters HP: the stat block says 6, gmdash computes 7" in reading.differences
    assert "right foreleg HP: the stat block says 4, gmdash computes 6" in reading.differences
    assert reading.unread == []
    saved = _saved(sheet)
    assert saved.table.name == "quadruped" and saved.locations["forequarters"] == 7
    (bite,) = sheet["weapons"]
    assert bite["damage"] == "1D10"  # STR 20 + SIZ 18 = 38: +1D6, the bonus gmdash adds


def test_a_table_gmdash_does_not_have_is_reported_and_the_sheet_stays_humanoid() -> None:
    block = ("Sand worm STR 30 CON 20 SIZ 40 DEX 5 INT 2 POW 8 CHA 1\n"
             "Tail 01-06 6/10\nBody 07-16 6/14\nHead 17-20 6/10\n")  # fmt: skip
    reading = read_statblock(block)
    assert "hit_table" not in reading.sheet
    assert reading.unread == [
        "hit locations no table of gmdash's has (Tail, Body): the sheet is humanoid"
    ]
    assert reading.sheet["armour"] == {"head": 6}
    assert [r.name for r in reading.location_table] == ["Tail", "Body", "Head"]


def test_what_differs_from_gmdash_is_reported() -> None:
    text = "STR 13 CON 11 SIZ 12 DEX 14 INT 13 POW 12 CHA 10 Damage bonus +1D6 Magic points 10"
    reading = read_statblock(text)
    assert reading.differences == [
        "magic points: the stat block says 10, gmdash computes 12",
        "damage bonus: the stat block says +1D6, gmdash computes +1D4",
    ]


def test_missing_characteristics_are_named() -> None:
    reading = read_statblock("Ghost. POW 18 Spirit Combat 60%")
    assert "characteristics not given: STR CON SIZ DEX INT" in reading.unread


def test_nothing_is_read_twice_and_prose_is_reported() -> None:
    reading = read_statblock("Hungry troll STR 18 CON 15 SIZ 20 DEX 9 INT 10 POW 11 CHA 7\n"
                             "It smells of old fish and hates Zorak Zoran's enemies.")  # fmt: skip
    assert reading.sheet["abilities"] == []
    assert reading.lines_not_read() == [
        "line 2: It smells of old fish and hates Zorak Zoran's enemies."
    ]


def test_a_weapon_whose_damage_gmdash_cannot_roll_keeps_its_skill() -> None:
    reading = read_statblock("STR 13 CON 11 SIZ 12 DEX 14 INT 13 POW 12 CHA 10 "
                             "Greatsword 50% 200D6, SR 7")  # fmt: skip
    assert reading.sheet["weapons"] == []
    assert _abilities(reading.sheet) == {"Greatsword": ("skill", 50)}
    assert reading.unread == ["Greatsword: damage '200D6' is not dice gmdash rolls "
                              "(200 dice is too many (at most 100 in one expression))"]  # fmt: skip
