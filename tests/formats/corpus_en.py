"""English stat blocks of the corpus: our own characters and creatures, in the layouts of the
published RQG books (tables, one line, one characteristic a line, lists apart by ";", skills by
category, headers with dashes or alone on their line, dice for a creature's characteristics),
with prose a reader must report."""

from __future__ import annotations

from tests.formats.corpus_facts import Block, Facts, W, armour, everywhere

C = dict  # characteristics, by name

BLOCKS_EN: tuple[Block, ...] = (
    Block(
        "en01",
        "en",
        "core book: location and weapon tables, sections, skills by category",
        """\
Harvar Three-Oaks, Orlanthi thane
STR 15  CON 14  SIZ 13  DEX 12  INT 13  POW 14  CHA 12
Location   D20     Armor/HP
Right Leg  01–04   4/5
Left Leg   05–08   4/5
Abdomen    09–11   4/5
Chest      12      5/6
Right Arm  13–15   4/4
Left Arm   16–18   4/4
Head       19–20   5/5
Weapon          %    Damage          SR   HP
Broadsword      75   1D8+1+1D4       7    12
Medium Shield   60   1D4+1D4         8    12
Javelin         50   1D10+1D2        3    8
Hit Points: 15   Move: 8   Magic Points: 14
Dex SR 3, Siz SR 2
Damage Bonus: +1D4
Skills: Agility: Dodge 45%, Ride (Horse) 40%. Communication: Orate 50%, Sing 35%. Knowledge: Battle 45%, Customs (Heortling) 60%. Perception: Listen 50%, Scan 55%.
Runes: Air 75%, Earth 30%, Movement 60%, Man (form) 65%
Passions: Loyalty (Clan) 70%, Honor 65%, Hate (Lunar Empire) 55%
Rune Points: 3 (Orlanth Adventurous)
Spirit Magic: Bladesharp 2, Heal 2, Demoralize 2
Rune Magic: Lightning (1), Shield (1, stackable), Wind Words (1)
""",
        Facts(
            "Harvar Three-Oaks, Orlanthi thane",
            C(STR=15, CON=14, SIZ=13, DEX=12, INT=13, POW=14, CHA=12),
            (
                W("Broadsword", 75, "1D8+1", 7, 12),
                W("Medium Shield", 60, "1D4", 8, 12),
                W("Javelin", 50, "1D10", 3, 8),
            ),
            skills={
                "Dodge": 45,
                "Ride (Horse)": 40,
                "Orate": 50,
                "Sing": 35,
                "Battle": 45,
                "Customs (Heortling)": 60,
                "Listen": 50,
                "Scan": 55,
            },
            runes={"Air": 75, "Earth": 30, "Movement": 60, "Man": 65},
            passions={"Loyalty (Clan)": 70, "Honor": 65, "Hate (Lunar Empire)": 55},
            spirit={"Bladesharp": 2, "Heal": 2, "Demoralize": 2},
            cults={"Orlanth Adventurous": (3, {"Lightning": 1, "Shield": 1, "Wind Words": 1})},
            armour=armour(legs=4, abdomen=4, chest=5, arms=4, head=5),
        ),
    ),
    Block(
        "en02",
        "en",
        "one line, no headers",
        (
            "Grimfang the Tusker Hunter. STR 16 CON 13 SIZ 15 DEX 11 INT 12 POW 10 CHA 9 Hit Points "
            "14 Spear 55%, 1D8+1+1D4, SR 6, HP 10 Dodge 30%, Track 60%, Hide 40% Armor 2 points (all) "
            "Move Quietly 35\n"
        ),
        Facts(
            "Grimfang the Tusker Hunter",
            C(STR=16, CON=13, SIZ=15, DEX=11, INT=12, POW=10, CHA=9),
            (W("Spear", 55, "1D8+1", 6, 10),),
            skills={"Dodge": 30, "Track": 60, "Hide": 40, "Move Quietly": 35},
            armour=everywhere(2),
        ),
    ),
    Block(
        "en03",
        "en",
        "one characteristic a line; a Weapons: list apart by ';'",
        """\
Sorala of the Golden Bow
STR 11
CON 12
SIZ 10
DEX 17
INT 14
POW 15
CHA 13
Weapons: Composite Bow 80%, 1D8+1, SR 1, HP 7; Dagger 45%, 1D4+2, SR 8, HP 6; Small Shield 40%, 1D3, SR 8, HP 8
Skills: Dodge 50%, Scan 70%, Search 55%, Listen 45%, Move Quietly 40%, First Aid 35%
Runes: Fire/Sky 80%, Truth 60%, Harmony 40%
Passions: Devotion (Yelmalio) 75%, Love (family) 60%
Spirit Magic: Farsee 2, Speedart 1, Light 1
Cult: Yelmalio (initiate)
Rune Points: 2
Rune Magic: Sunbright 1, Catseye (1)
Armor: 3-point leather cuirass, 2-point linen skirt, 3-point leather cap
""",
        Facts(
            "Sorala of the Golden Bow",
            C(STR=11, CON=12, SIZ=10, DEX=17, INT=14, POW=15, CHA=13),
            (
                W("Composite Bow", 80, "1D8+1", 1, 7),
                W("Dagger", 45, "1D4+2", 8, 6),
                W("Small Shield", 40, "1D3", 8, 8),
            ),
            skills={
                "Dodge": 50,
                "Scan": 70,
                "Search": 55,
                "Listen": 45,
                "Move Quietly": 40,
                "First Aid": 35,
            },
            runes={"Fire/Sky": 80, "Truth": 60, "Harmony": 40},
            passions={"Devotion (Yelmalio)": 75, "Love (family)": 60},
            spirit={"Farsee": 2, "Speedart": 1, "Light": 1},
            cults={"Yelmalio": (2, {"Sunbright": 1, "Catseye": 1})},
            armour=armour(chest=3, abdomen=2, head=3),
        ),
    ),
    Block(
        "en04",
        "en",
        "creature: dice and averages, natural weapon with HP '—', notes",
        """\
Broo (chaos raider)
Characteristics
STR 3D6+6 16
CON 3D6 11
SIZ 2D6+6 13
DEX 3D6 10
INT 2D6+6 12
POW 3D6 9
CHA 1D6 3
Location     D20     Armor/HP
Right Leg    01–04   2/4
Left Leg     05–08   2/4
Abdomen      09–11   2/4
Chest        12      2/5
Right Arm    13–15   2/3
Left Arm     16–18   2/3
Head         19–20   2/4
Weapon      %     Damage        SR    HP
Head Butt   50    1D6+1D4       8     —
Club        45    1D6+1D4       8     4
Dodge 25%, Scan 30%, Smell Intruder 45%
Notes: carries the Chaos feature "stinking".
""",
        Facts(
            "Broo (chaos raider)",
            C(STR=16, CON=11, SIZ=13, DEX=10, INT=12, POW=9, CHA=3),
            (W("Head Butt", 50, "1D6", 8, 0), W("Club", 45, "1D6", 8, 4)),
            skills={"Dodge": 25, "Scan": 30, "Smell Intruder": 45},
            armour=everywhere(2),
            notes=('carries the Chaos feature "stinking".',),
        ),
    ),
    Block(
        "en05",
        "en",
        "headers with em dashes, en dashes and hyphens; armour per piece",
        """\
Gorrak Ironjaw — Dark troll warrior
STR 20  CON 16  SIZ 22  DEX 11  INT 12  POW 13  CHA 8
Weapons — Maul 65%, 2D8+2D6, SR 6, HP 14; Sling 40%, 1D8, SR 3, HP 3
Skills — Dodge 30%, Listen 60%, Track 40%
Passions — Hate (Trollkin Slavers) 45, Loyalty (Kyger Litor) 70
Runes – Darkness 85%, Earth 40%, Man 50%
Armor - 5-point bronze hauberk, 4-point greaves and vambraces, 5-point closed helm
""",
        Facts(
            "Gorrak Ironjaw — Dark troll warrior",
            C(STR=20, CON=16, SIZ=22, DEX=11, INT=12, POW=13, CHA=8),
            (W("Maul", 65, "2D8", 6, 14), W("Sling", 40, "1D8", 3, 3)),
            skills={"Dodge": 30, "Listen": 60, "Track": 40},
            runes={"Darkness": 85, "Earth": 40, "Man": 50},
            passions={"Hate (Trollkin Slavers)": 45, "Loyalty (Kyger Litor)": 70},
            armour=armour(chest=5, abdomen=5, legs=4, arms=4, head=5),
        ),
    ),
    Block(
        "en06",
        "en",
        "headers alone on their lines; skills a category a line",
        """\
Velka Stonehearth, Ernalda's keeper
STR 10 CON 13 SIZ 11 DEX 12 INT 15 POW 17 CHA 16
Attributes
Hit Points 14, Magic Points 17, Move 8, Healing Rate 3, Damage Bonus none
Weapons
Staff 40%, 1D8, SR 7, HP 8
Sling 35%, 1D8, SR 3, HP 3
Skills
Agility: Dodge 30%, Swim 35%
Communication: Charm 55%, Intrigue 45%, Orate 40%, Sing 50%
Knowledge: Farm 60%, Plant Lore 55%, Cult Lore (Ernalda) 50%
Magic: Meditate 30%, Worship (Ernalda) 75%, Spirit Combat 45%
Perception: Insight (Human) 60%, Listen 45%
Runes: Earth 90%, Harmony (power) 75%, Fertility (power) 60%
Passions: Love (husband) 70%, Loyalty (Ernalda temple) 80%
Spirit Magic: Heal 4 (variable), Glamour 2
Rune Points: 5 (Ernalda)
Rune Magic: Bless Crops (1), Heal Wound (1), Earth Shield (3)
She wears no armour.
""",
        Facts(
            "Velka Stonehearth, Ernalda's keeper",
            C(STR=10, CON=13, SIZ=11, DEX=12, INT=15, POW=17, CHA=16),
            (W("Staff", 40, "1D8", 7, 8), W("Sling", 35, "1D8", 3, 3)),
            skills={
                "Dodge": 30,
                "Swim": 35,
                "Charm": 55,
                "Intrigue": 45,
                "Orate": 40,
                "Sing": 50,
                "Farm": 60,
                "Plant Lore": 55,
                "Cult Lore (Ernalda)": 50,
                "Meditate": 30,
                "Worship (Ernalda)": 75,
                "Spirit Combat": 45,
                "Insight (Human)": 60,
                "Listen": 45,
            },
            runes={"Earth": 90, "Harmony": 75, "Fertility": 60},
            passions={"Love (husband)": 70, "Loyalty (Ernalda temple)": 80},
            spirit={"Heal": 4, "Glamour": 2},
            variable=frozenset({"Heal"}),
            cults={"Ernalda": (5, {"Bless Crops": 1, "Heal Wound": 1, "Earth Shield": 3})},
            not_read=("She wears no armour.",),
        ),
    ),
    Block(
        "en07",
        "en",
        "weapon table SR first, with a parry column; strike ranks label",
        """\
Sergeant Jorvan of the Silver Shields
STR 14 CON 12 SIZ 14 DEX 13 INT 12 POW 11 CHA 12
Weapon         SR   Attack%   Damage        Parry%   HP
Kopis          6    70        1D8+1+1D4     55       12
Hoplite Shield 7    50        1D6+1D4       65       18
Javelin        2    40        1D10+1D2      —        8
Strike Ranks: DEX 2, SIZ 2
Hit Points 13 • Magic Points 11 • Damage Bonus +1D4
Skills: Dodge 35%, Scan 40%, Battle 45%, Orate 30%
Rune Points: 1 (Seven Mothers)
Cult: Seven Mothers (initiate)
Rune Magic: Madness (2)
Spirit Magic: Bladesharp 3, Protection 2
Armor: 6-point bronze cuirass, 4-point bronze greaves, 5-point closed helm, 3-point leather vambraces, 4-point ring mail skirt
""",
        Facts(
            "Sergeant Jorvan of the Silver Shields",
            C(STR=14, CON=12, SIZ=14, DEX=13, INT=12, POW=11, CHA=12),
            (
                W("Kopis", 70, "1D8+1", 6, 12),
                W("Hoplite Shield", 50, "1D6", 7, 18),
                W("Javelin", 40, "1D10", 2, 8),
            ),
            skills={"Dodge": 35, "Scan": 40, "Battle": 45, "Orate": 30},
            spirit={"Bladesharp": 3, "Protection": 2},
            cults={"Seven Mothers": (1, {"Madness": 2})},
            armour=armour(chest=6, legs=4, head=5, arms=3, abdomen=4),
        ),
    ),
    Block(
        "en08",
        "en",
        "four-legged creature, Name: label, D20 first, ';' list with 'HP —'",
        """\
Name: Thunderhoof, a bison of the Wastes
STR 34 CON 18 SIZ 36 DEX 8 INT 3 POW 9 CHA 3
D20     Location          AP/HP
01–02   Right Hind Leg    3/7
03–04   Left Hind Leg     3/7
05–07   Hindquarters      3/9
08–10   Forequarters      3/9
11–13   Right Foreleg     3/7
14–16   Left Foreleg      3/7
17–20   Head              3/8
Weapons: Butt 50%, 2D6+3D6, SR 7, HP —; Trample 70%, 6D6, SR 7, HP —
Skills: Dodge 15%, Smell 50%
Move 10
""",
        Facts(
            "Thunderhoof, a bison of the Wastes",
            C(STR=34, CON=18, SIZ=36, DEX=8, INT=3, POW=9, CHA=3),
            (W("Butt", 50, "2D6", 7, 0), W("Trample", 70, "6D6", 7, 0)),
            skills={"Dodge": 15, "Smell": 50},
            armour=everywhere(3, "quadruped"),
            table="quadruped",
        ),
    ),
    Block(
        "en09",
        "en",
        "sorcerer: sorcery, languages, a header gmdash does not read",
        """\
Magister Quintus Verrell, Carmanian sorcerer
STR 9 CON 11 SIZ 12 DEX 13 INT 18 POW 16 CHA 11
Hit Points: 11 Magic Points: 16
Weapon   %   Damage   SR  HP
Dagger   35  1D4+2    7   6
Skills: Dodge 25%, Read/Write (Carmanian) 70%, Library Use 60%, Meditate 55%
Languages: Carmanian 80%, Tradetalk 40%, New Pelorian 35%
Sorcery: Mystic Vision 2, Palsy 3, Tap Body 1
Armor: 1-point linen hauberk
Treasure: a silver-bound grimoire, 40 Lunars
""",
        Facts(
            "Magister Quintus Verrell, Carmanian sorcerer",
            C(STR=9, CON=11, SIZ=12, DEX=13, INT=18, POW=16, CHA=11),
            (W("Dagger", 35, "1D4+2", 7, 6),),
            skills={
                "Dodge": 25,
                "Read/Write (Carmanian)": 70,
                "Library Use": 60,
                "Meditate": 55,
                "Carmanian": 80,
                "Tradetalk": 40,
                "New Pelorian": 35,
            },
            armour=armour(chest=1, abdomen=1),
            not_read=("Treasure: a silver-bound grimoire, 40 Lunars",),
            notes=("Sorcery: Mystic Vision 2, Palsy 3, Tap Body 1",),
        ),
    ),
    Block(
        "en10",
        "en",
        "two cults, ranks, Rune spells grouped by cult",
        """\
Kallai Deathsworn, Sword of Humakt
STR 16 CON 15 SIZ 14 DEX 14 INT 12 POW 15 CHA 10
Broadsword 95%, 1D8+1+1D4, SR 5, HP 12
Target Shield 70%, 1D6+1D4, SR 6, HP 12
Dodge 40%, Scan 50%, Listen 45%, Battle 55%
Runes: Death 90%, Truth 70%, Air 40%
Passions: Honor 90%, Devotion (Humakt) 85%
Cults: Humakt (Rune Lord), Storm Bull (initiate)
Rune Points: 6 (Humakt), 2 (Storm Bull)
Rune Magic: Humakt: Sever Spirit 3, Truesword 2, Turn Undead 1; Storm Bull: Berserk 2
Spirit Magic: Bladesharp 4, Demoralize 2
Armor: 5-point bronze scale hauberk, 4-point bronze greaves and vambraces, 5-point closed helm
""",
        Facts(
            "Kallai Deathsworn, Sword of Humakt",
            C(STR=16, CON=15, SIZ=14, DEX=14, INT=12, POW=15, CHA=10),
            (W("Broadsword", 95, "1D8+1", 5, 12), W("Target Shield", 70, "1D6", 6, 12)),
            skills={"Dodge": 40, "Scan": 50, "Listen": 45, "Battle": 55},
            runes={"Death": 90, "Truth": 70, "Air": 40},
            passions={"Honor": 90, "Devotion (Humakt)": 85},
            spirit={"Bladesharp": 4, "Demoralize": 2},
            cults={
                "Humakt": (6, {"Sever Spirit": 3, "Truesword": 2, "Turn Undead": 1}),
                "Storm Bull": (2, {"Berserk": 2}),
            },
            armour=armour(chest=5, abdomen=5, legs=4, arms=4, head=5),
        ),
    ),
    Block(
        "en11",
        "en",
        "spirit combat and its damage, cult in the Rune Magic header",
        """\
Urgash Bonebreaker, Zorak Zoran death lord
STR 21 CON 17 SIZ 20 DEX 10 INT 13 POW 16 CHA 9
Hit Points 19   Magic Points 16   Move 6
Spirit Combat 70%, Damage 1D6+3
Weapons:
Great Club 85%, 2D6+2+2D6, SR 6, HP 16
Troll Shield 60%, 1D6+2D6, SR 7, HP 20
Skills:
Dodge 20%, Intimidate 75%, Listen 50%, Scan 45%
Runes: Darkness 95%, Fire 60%, Death 75%
Passions: Hate (Light Gods) 90%
Rune Points: 8 (Zorak Zoran)
Rune Magic (Zorak Zoran): Fear (2), Sever Spirit (3), Bludgeon 1
Armor: 6 points everywhere (enchanted hide and bronze)
""",
        Facts(
            "Urgash Bonebreaker, Zorak Zoran death lord",
            C(STR=21, CON=17, SIZ=20, DEX=10, INT=13, POW=16, CHA=9),
            (W("Great Club", 85, "2D6+2", 6, 16), W("Troll Shield", 60, "1D6", 7, 20)),
            skills={"Spirit Combat": 70, "Dodge": 20, "Intimidate": 75, "Listen": 50, "Scan": 45},
            runes={"Darkness": 95, "Fire": 60, "Death": 75},
            passions={"Hate (Light Gods)": 90},
            cults={"Zorak Zoran": (8, {"Fear": 2, "Sever Spirit": 3, "Bludgeon": 1})},
            armour=everywhere(6),
        ),
    ),
    Block(
        "en12",
        "en",
        "a townsman: one weapon, loose skills, prose",
        """\
Old Maren the ferryman
STR 12 CON 10 SIZ 11 DEX 9 INT 13 POW 11 CHA 14
Boat Hook 30%, 1D6, SR 9, HP 6
Boat 70%, Swim 60%, Bargain 45%
He asks for a clack for every passenger.
He has never crossed at night.
""",
        Facts(
            "Old Maren the ferryman",
            C(STR=12, CON=10, SIZ=11, DEX=9, INT=13, POW=11, CHA=14),
            (W("Boat Hook", 30, "1D6", 9, 6),),
            skills={"Boat": 70, "Swim": 60, "Bargain": 45},
            not_read=("He asks for a clack for every passenger.", "He has never crossed at night."),
        ),
    ),
    Block(
        "en13",
        "en",
        "location table with armour and HP in columns; thrown note",
        """\
Shara Quickfoot, Vingan scout
STR 13 CON 12 SIZ 10 DEX 16 INT 13 POW 13 CHA 11
Location    D20     AP   HP
Right leg   01-04   3    4
Left leg    05-08   3    4
Abdomen     09-11   3    4
Chest       12      3    5
Right arm   13-15   2    3
Left arm    16-18   2    3
Head        19-20   3    4
Weapons: Short Spear 65%, 1D6+1, SR 5, HP 10; Javelin (thrown) 55%, 1D10, SR 1, HP 8; Small Shield 50%, 1D3, SR 6, HP 8
Skills: Dodge 55%, Climb 60%, Jump 50%, Scan 50%, Track 45%
Runes: Air 70%, Movement 65%
Passions: Loyalty (Vinga temple) 65%
Spirit Magic: Mobility 1, Speedart 1
Rune Magic: Leap (1), Dismiss Air Elemental (1)
Rune Points: 3 (Vinga)
""",
        Facts(
            "Shara Quickfoot, Vingan scout",
            C(STR=13, CON=12, SIZ=10, DEX=16, INT=13, POW=13, CHA=11),
            (
                W("Short Spear", 65, "1D6+1", 5, 10),
                W("Javelin", 55, "1D10", 1, 8),
                W("Small Shield", 50, "1D3", 6, 8),
            ),
            skills={"Dodge": 55, "Climb": 60, "Jump": 50, "Scan": 50, "Track": 45},
            runes={"Air": 70, "Movement": 65},
            passions={"Loyalty (Vinga temple)": 65},
            spirit={"Mobility": 1, "Speedart": 1},
            cults={"Vinga": (3, {"Leap": 1, "Dismiss Air Elemental": 1})},
            armour=armour(legs=3, abdomen=3, chest=3, arms=2, head=3),
        ),
    ),
    Block(
        "en14",
        "en",
        "characteristics as a row of names over a row of values; Runes' kinds",
        """\
Red Vasha, Bison Rider
STR   CON   SIZ   DEX   INT   POW   CHA
18    14    16    13    11    12    10
Weapon       %     Dmg            SR    AP
Lance        70    1D10+1+1D6     5     10
Axe          55    1D8+2+1D6      6     8
Bison Whip   40    1D3            8     4
Runes: Beast (form) 80%, Air (element) 60%, Death (element) 45%, Stasis (power) 30%
Passions: Loyalty (Bison Tribe) 75%, Hate (Pol-Joni) 60%
Skills: Ride (Bison) 85%, Dodge 30%, Scan 45%, Track 40%, Herd 55%
Armor: 4-point heavy leather hauberk, 3-point leather greaves, 2-point leather cap
""",
        Facts(
            "Red Vasha, Bison Rider",
            C(STR=18, CON=14, SIZ=16, DEX=13, INT=11, POW=12, CHA=10),
            (
                W("Lance", 70, "1D10+1", 5, 10),
                W("Axe", 55, "1D8+2", 6, 8),
                W("Bison Whip", 40, "1D3", 8, 4),
            ),
            skills={"Ride (Bison)": 85, "Dodge": 30, "Scan": 45, "Track": 40, "Herd": 55},
            runes={"Beast": 80, "Air": 60, "Death": 45, "Stasis": 30},
            passions={"Loyalty (Bison Tribe)": 75, "Hate (Pol-Joni)": 60},
            armour=armour(chest=4, abdomen=4, legs=3, head=2),
        ),
    ),
    Block(
        "en15",
        "en",
        "beast: dice with averages in brackets on one line, natural armour",
        """\
Cave bear
STR 4D6+12 (26)  CON 2D6+6 (13)  SIZ 4D6+12 (26)  DEX 3D6 (11)  INT 5  POW 3D6 (11)  CHA 4
Weapon   %    Damage        SR   HP
Claw     60   1D6+2D6       7    —
Bite     45   1D10+2D6      7    —
Hug      40   2D6+2D6       7    —
Armor: 3-point fur
Skills: Climb 40%, Listen 50%, Smell Prey 65%
""",
        Facts(
            "Cave bear",
            C(STR=26, CON=13, SIZ=26, DEX=11, INT=5, POW=11, CHA=4),
            (W("Claw", 60, "1D6", 7, 0), W("Bite", 45, "1D10", 7, 0), W("Hug", 40, "2D6", 7, 0)),
            skills={"Climb": 40, "Listen": 50, "Smell Prey": 65},
            armour=everywhere(3),
        ),
    ),
    Block(
        "en16",
        "en",
        "damage bonus printed as a dash; Rune points n/n (cult)",
        """\
Dorasar Goldtongue, Issaries trader
STR 10 CON 11 SIZ 12 DEX 11 INT 16 POW 14 CHA 15
Hit Points: 11. Magic Points: 14. Damage Bonus: —
Rapier 40%, 1D6+1, SR 7, HP 8
Skills: Bargain 85%, Evaluate 70%, Fast Talk 55%, Dodge 25%, Customs (Esrolian) 45%, Speak Tradetalk 90%
Runes: Movement 80%, Harmony 55%
Passions: Love (coin) 65%, Loyalty (Goldentongue merchants) 50%
Rune Points: 2/2 (Issaries)
Rune Magic: Passage (1), Lock (1)
Spirit Magic: Befuddle 2, Detect Enemies 1
Armor: 2-point leather jerkin
""",
        Facts(
            "Dorasar Goldtongue, Issaries trader",
            C(STR=10, CON=11, SIZ=12, DEX=11, INT=16, POW=14, CHA=15),
            (W("Rapier", 40, "1D6+1", 7, 8),),
            skills={
                "Bargain": 85,
                "Evaluate": 70,
                "Fast Talk": 55,
                "Dodge": 25,
                "Customs (Esrolian)": 45,
                "Speak Tradetalk": 90,
            },
            runes={"Movement": 80, "Harmony": 55},
            passions={"Love (coin)": 65, "Loyalty (Goldentongue merchants)": 50},
            spirit={"Befuddle": 2, "Detect Enemies": 1},
            cults={"Issaries": (2, {"Passage": 1, "Lock": 1})},
            armour=armour(chest=2, abdomen=2),
        ),
    ),
    Block(
        "en17",
        "en",
        "shaman: 'Magic:' listing spells after the skills",
        """\
Grandmother Korolka, Daka Fal shaman
STR 8 CON 10 SIZ 9 DEX 10 INT 15 POW 21 CHA 14
Hit Points 12 Magic Points 21
Skills: Spirit Dance 75%, Spirit Travel 70%, Meditate 60%, Spirit Lore 65%, Dodge 20%
Magic: Spirit Screen 3, Second Sight 3, Heal 3, Befuddle 2
Runes: Spirit 90%, Death 50%, Man 40%
Passions: Devotion (Daka Fal) 80%, Love (her clan) 70%
Staff 30%, 1D8, SR 8, HP 8
She is bound to a fetch named Old Snowmouth.
""",
        Facts(
            "Grandmother Korolka, Daka Fal shaman",
            C(STR=8, CON=10, SIZ=9, DEX=10, INT=15, POW=21, CHA=14),
            (W("Staff", 30, "1D8", 8, 8),),
            skills={
                "Spirit Dance": 75,
                "Spirit Travel": 70,
                "Meditate": 60,
                "Spirit Lore": 65,
                "Dodge": 20,
            },
            runes={"Spirit": 90, "Death": 50, "Man": 40},
            passions={"Devotion (Daka Fal)": 80, "Love (her clan)": 70},
            spirit={"Spirit Screen": 3, "Second Sight": 3, "Heal": 3, "Befuddle": 2},
            not_read=("She is bound to a fetch named Old Snowmouth.",),
        ),
    ),
    Block(
        "en18",
        "en",
        "'Combat:' list, RP label, armour points in brackets after each piece",
        """\
Templar Ostrin of the Sun Dome
STR 14 CON 13 SIZ 13 DEX 12 INT 12 POW 13 CHA 11
Combat: Long Spear 70%, 1D10+1+1D4, SR 5, HP 10; Large Shield 55%, 1D8+1D4, SR 7, HP 16; Composite Bow 60%, 1D8+1, SR 3, HP 7
Skills: Dodge 25%, Scan 45%, Battle 40%, Ride (Horse) 35%
Runes: Fire 75%, Truth 50%, Stasis 45%
Passions: Devotion (Yelmalio) 70%, Honor 60%
RP 3 (Yelmalio)
Rune Magic: Sunbright 1, Shield 2 (stackable)
Armor: bronze greaves (6), bronze cuirass (6), composite helm (3), leather vambraces (1)
""",
        Facts(
            "Templar Ostrin of the Sun Dome",
            C(STR=14, CON=13, SIZ=13, DEX=12, INT=12, POW=13, CHA=11),
            (
                W("Long Spear", 70, "1D10+1", 5, 10),
                W("Large Shield", 55, "1D8", 7, 16),
                W("Composite Bow", 60, "1D8+1", 3, 7),
            ),
            skills={"Dodge": 25, "Scan": 45, "Battle": 40, "Ride (Horse)": 35},
            runes={"Fire": 75, "Truth": 50, "Stasis": 45},
            passions={"Devotion (Yelmalio)": 70, "Honor": 60},
            cults={"Yelmalio": (3, {"Sunbright": 1, "Shield": 2})},
            armour=armour(legs=6, chest=6, head=3, arms=1),
        ),
    ),
    Block(
        "en19",
        "en",
        "Move attribute beside the Movement rune; runes apart by '·'",
        """\
Leafcaller Ythra, Aldryami archer
STR 10 CON 11 SIZ 9 DEX 19 INT 14 POW 15 CHA 12
Move 8
Hit Points 11
Elf Bow 90%, 1D8+1, SR 0, HP 8
Short Sword 45%, 1D6+1, SR 6, HP 10
Skills: Hide 80%, Move Quietly 85%, Scan 70%, Plant Lore 75%, Dodge 60%
Runes: Plant 95% · Movement 55% · Harmony 50%
Passions: Hate (Trolls) 70%, Loyalty (Old Woods) 85%
Spirit Magic: Speedart 2, Farsee 1, Befuddle 2
Armor: 2-point bark jerkin, 1-point leather cap
""",
        Facts(
            "Leafcaller Ythra, Aldryami archer",
            C(STR=10, CON=11, SIZ=9, DEX=19, INT=14, POW=15, CHA=12),
            (W("Elf Bow", 90, "1D8+1", 0, 8), W("Short Sword", 45, "1D6+1", 6, 10)),
            skills={"Hide": 80, "Move Quietly": 85, "Scan": 70, "Plant Lore": 75, "Dodge": 60},
            runes={"Plant": 95, "Movement": 55, "Harmony": 50},
            passions={"Hate (Trolls)": 70, "Loyalty (Old Woods)": 85},
            spirit={"Speedart": 2, "Farsee": 1, "Befuddle": 2},
            armour=armour(chest=2, abdomen=2, head=1),
        ),
    ),
    Block(
        "en20",
        "en",
        "headers alone, blank lines between sections, values without %",
        """\
Priestess Anthemia of the Red Goddess

STR 10 CON 12 SIZ 11 DEX 12 INT 16 POW 18 CHA 17
Hit Points 13, Magic Points 18

Skills
Orate 70, Insight (Human) 65, Lore (Lunar) 60, Dodge 25, Meditate 50, Worship (Seven Mothers) 80

Runes
Moon 85, Illusion 60, Truth 40

Passions
Loyalty (Lunar Empire) 90, Devotion (Seven Mothers) 80

Rune Magic
Madness 2, Reflection 1, Dismiss Magic 1

Spirit Magic
Befuddle 2, Glamour 2, Mindspeech 1

Rune Points 5 (Seven Mothers)
Sickle 35%, 1D6+1, SR 8, HP 6
""",
        Facts(
            "Priestess Anthemia of the Red Goddess",
            C(STR=10, CON=12, SIZ=11, DEX=12, INT=16, POW=18, CHA=17),
            (W("Sickle", 35, "1D6+1", 8, 6),),
            skills={
                "Orate": 70,
                "Insight (Human)": 65,
                "Lore (Lunar)": 60,
                "Dodge": 25,
                "Meditate": 50,
                "Worship (Seven Mothers)": 80,
            },
            runes={"Moon": 85, "Illusion": 60, "Truth": 40},
            passions={"Loyalty (Lunar Empire)": 90, "Devotion (Seven Mothers)": 80},
            spirit={"Befuddle": 2, "Glamour": 2, "Mindspeech": 1},
            cults={"Seven Mothers": (5, {"Madness": 2, "Reflection": 1, "Dismiss Magic": 1})},
        ),
    ),
    Block(
        "en21",
        "en",
        "god-talker rank, Rune points with the cult named apart, trews",
        """\
Tomas Longstride, Issaries god-talker
STR 11 CON 13 SIZ 12 DEX 13 INT 14 POW 16 CHA 15
Quarterstaff 45%, 1D8, SR 6, HP 8
Sling 40%, 1D8, SR 2, HP 3
Skills: Bargain 75%, Orate 60%, Ride (Horse) 40%, Dodge 35%, Worship (Issaries) 70%
Runes: Movement 85%, Harmony 60%, Air 35%
Passions: Devotion (Issaries) 75%
Cult: Issaries (god-talker)
Rune Points: 7
Rune Magic: Passage 1, Dismiss Magic 1, Lock 1, Guided Teleportation 3
Spirit Magic: Detect Enemies 1, Heal 2
Armor: 1-point leather trews, 2-point leather jerkin, 2-point leather cap
""",
        Facts(
            "Tomas Longstride, Issaries god-talker",
            C(STR=11, CON=13, SIZ=12, DEX=13, INT=14, POW=16, CHA=15),
            (W("Quarterstaff", 45, "1D8", 6, 8), W("Sling", 40, "1D8", 2, 3)),
            skills={
                "Bargain": 75,
                "Orate": 60,
                "Ride (Horse)": 40,
                "Dodge": 35,
                "Worship (Issaries)": 70,
            },
            runes={"Movement": 85, "Harmony": 60, "Air": 35},
            passions={"Devotion (Issaries)": 75},
            spirit={"Detect Enemies": 1, "Heal": 2},
            cults={
                "Issaries": (
                    7,
                    {"Passage": 1, "Dismiss Magic": 1, "Lock": 1, "Guided Teleportation": 3},
                )
            },
            armour=armour(legs=1, chest=2, abdomen=2, head=2),
        ),
    ),
    Block(
        "en22",
        "en",
        "a location table on one line; weapons apart by ';' with no header",
        """\
Ogre of the Chaos Wood
STR 22 CON 16 SIZ 18 DEX 14 INT 15 POW 12 CHA 16
Location D20 Armor/HP: Right leg 01-04 3/6, Left leg 05-08 3/6, Abdomen 09-11 3/6, Chest 12 3/7, Right arm 13-15 3/5, Left arm 16-18 3/5, Head 19-20 3/6
Greatsword 85%, 2D8+1D6, SR 5, HP 12; Fist 60%, 1D3+1D6, SR 7, HP —
Dodge 40%, Disguise 60%, Fast Talk 65%, Listen 45%
Runes: Chaos 60%, Man 75%, Death 40%
Passions: Hunger (human flesh) 80%
""",
        Facts(
            "Ogre of the Chaos Wood",
            C(STR=22, CON=16, SIZ=18, DEX=14, INT=15, POW=12, CHA=16),
            (W("Greatsword", 85, "2D8", 5, 12), W("Fist", 60, "1D3", 7, 0)),
            skills={"Dodge": 40, "Disguise": 60, "Fast Talk": 65, "Listen": 45},
            runes={"Chaos": 60, "Man": 75, "Death": 40},
            passions={"Hunger (human flesh)": 80},
            armour=everywhere(3),
        ),
    ),
    Block(
        "en23",
        "en",
        "no weapons, no magic, no armour: only skills and a reputation",
        """\
Little Jarna, the thane's daughter
STR 7 CON 11 SIZ 7 DEX 14 INT 12 POW 13 CHA 15
Skills: Hide 45%, Climb 50%, Sing 40%, Dodge 35%
Languages: Heortling 50%, Tradetalk 10%
Passions: Love (family) 80%
Reputation 5%
""",
        Facts(
            "Little Jarna, the thane's daughter",
            C(STR=7, CON=11, SIZ=7, DEX=14, INT=12, POW=13, CHA=15),
            skills={
                "Hide": 45,
                "Climb": 50,
                "Sing": 40,
                "Dodge": 35,
                "Heortling": 50,
                "Tradetalk": 10,
                "Reputation": 5,
            },
            passions={"Love (family)": 80},
        ),
    ),
    Block(
        "en24",
        "en",
        "weapon table with a notes column: 'Special' damage, '(thrown)'",
        """\
Korgath the Wrestler
STR 17 CON 15 SIZ 16 DEX 13 INT 10 POW 10 CHA 9
Weapons        %     Damage       SR    HP    Notes
Grapple        70    Special      7     —     (see grappling)
Fist           65    1D3+1D6      7     —
Throwing Axe   40    1D6+1D3      2     6     (thrown)
Dodge 45%, Brawl 60%
""",
        Facts(
            "Korgath the Wrestler",
            C(STR=17, CON=15, SIZ=16, DEX=13, INT=10, POW=10, CHA=9),
            (
                W("Grapple", 70, "", 7, 0),
                W("Fist", 65, "1D3", 7, 0),
                W("Throwing Axe", 40, "1D6", 2, 6),
            ),
            skills={"Dodge": 45, "Brawl": 60},
            partly=("(see grappling)",),
        ),
    ),
    Block(
        "en25",
        "en",
        "characteristics apart by commas, pipes, a negative damage bonus",
        """\
Quackers Ironbill, Durulz mercenary
STR 5, CON 12, SIZ 6, DEX 15, INT 13, POW 11, CHA 10
Hit Points: 11 | Magic Points: 11 | Damage Bonus: -1D4
Shortsword 60%, 1D6+1-1D4, SR 6, HP 10
Sling 55%, 1D8, SR 2, HP 3
Skills: Swim 90%, Dodge 45%, Hide 50%, Scan 40%
Armor: 3 (all locations)
Runes: Water 70%, Death 50%
Passions: Loyalty (Duck Point) 60%
""",
        Facts(
            "Quackers Ironbill, Durulz mercenary",
            C(STR=5, CON=12, SIZ=6, DEX=15, INT=13, POW=11, CHA=10),
            (W("Shortsword", 60, "1D6+1", 6, 10), W("Sling", 55, "1D8", 2, 3)),
            skills={"Swim": 90, "Dodge": 45, "Hide": 50, "Scan": 40},
            runes={"Water": 70, "Death": 50},
            passions={"Loyalty (Duck Point)": 60},
            armour=everywhere(3),
        ),
    ),
    Block(
        "en26",
        "en",
        "weapon table with a range column, DB label",
        """\
Sentinel Harlo of the Outer Wall
STR 13 CON 13 SIZ 13 DEX 14 INT 12 POW 12 CHA 10
Weapon          %    Damage       SR   HP   Range
Composite Bow   75   1D8+1        2    7    120
Spear           55   1D8+1+1D4    5    10   —
Hit Points 14  Magic Points 12  DB +1D4
Skills: Scan 65%, Listen 55%, Dodge 35%
Armor: 4-point ring mail hauberk, 3-point cuirboilli greaves, 4-point open helm
""",
        Facts(
            "Sentinel Harlo of the Outer Wall",
            C(STR=13, CON=13, SIZ=13, DEX=14, INT=12, POW=12, CHA=10),
            (W("Composite Bow", 75, "1D8+1", 2, 7), W("Spear", 55, "1D8+1", 5, 10)),
            skills={"Scan": 65, "Listen": 55, "Dodge": 35},
            armour=armour(chest=4, abdomen=4, legs=3, head=4),
        ),
    ),
    Block(
        "en27",
        "en",
        "lists wrapped onto indented lines",
        """\
Vesna Hawkfriend, Sky Hunter
STR 12 CON 14 SIZ 11 DEX 15 INT 13 POW 14 CHA 12
Weapons: Composite Bow 70%, 1D8+1, SR 2, HP 7;
         Dagger 40%, 1D4+2, SR 7, HP 6
Skills: Scan 75%, Track 60%, Animal Lore 50%,
        Dodge 40%, Hide 45%
Runes: Air 65%, Beast 55%
Passions: Loyalty (the hawk clan) 70%
Spirit Magic: Farsee 2, Speedart 2
Armor: 2-point leather jerkin and vambraces, 1-point leather cap
""",
        Facts(
            "Vesna Hawkfriend, Sky Hunter",
            C(STR=12, CON=14, SIZ=11, DEX=15, INT=13, POW=14, CHA=12),
            (W("Composite Bow", 70, "1D8+1", 2, 7), W("Dagger", 40, "1D4+2", 7, 6)),
            skills={"Scan": 75, "Track": 60, "Animal Lore": 50, "Dodge": 40, "Hide": 45},
            runes={"Air": 65, "Beast": 55},
            passions={"Loyalty (the hawk clan)": 70},
            spirit={"Farsee": 2, "Speedart": 2},
            armour=armour(chest=2, abdomen=2, arms=2, head=1),
        ),
    ),
    Block(
        "en28",
        "en",
        "stats over several lines with labels between, prose at the top",
        """\
Hedda Stormcaller
A wandering priestess of Orlanth, met on the road to Jonstown.
STR 13 CON 14 SIZ 12
DEX 14 INT 15 POW 18 CHA 16
Hit Points 15, Magic Points 18, Damage Bonus +1D4, Healing Rate 3
Weapons: Battle Axe 60%, 1D8+2+1D4, SR 6, HP 8; Medium Shield 50%, 1D4+1D4, SR 7, HP 12
Skills: Orate 70%, Dodge 40%, Worship (Orlanth) 80%, Meditate 40%
Runes: Air 90%, Movement 70%, Mastery 40%
Passions: Devotion (Orlanth) 90%
Rune Points: 9 (Orlanth Thunderous)
Rune Magic: Lightning 1, Thunderbolt 3, Cloud Call 2, Flight 2
Spirit Magic: Mobility 1, Heal 3
Armor: 4-point linothorax, 3-point greaves, 4-point open helm
""",
        Facts(
            "Hedda Stormcaller",
            C(STR=13, CON=14, SIZ=12, DEX=14, INT=15, POW=18, CHA=16),
            (W("Battle Axe", 60, "1D8+2", 6, 8), W("Medium Shield", 50, "1D4", 7, 12)),
            skills={"Orate": 70, "Dodge": 40, "Worship (Orlanth)": 80, "Meditate": 40},
            runes={"Air": 90, "Movement": 70, "Mastery": 40},
            passions={"Devotion (Orlanth)": 90},
            spirit={"Mobility": 1, "Heal": 3},
            cults={
                "Orlanth Thunderous": (
                    9,
                    {"Lightning": 1, "Thunderbolt": 3, "Cloud Call": 2, "Flight": 2},
                )
            },
            armour=armour(chest=4, abdomen=4, legs=3, head=4),
            not_read=("A wandering priestess of Orlanth, met on the road to Jonstown.",),
        ),
    ),
    Block(
        "en29",
        "en",
        "Markdown tables with bars and a rule under the head, bold headers",
        """\
**Orlgar Bronzehand**, Argrath's bodyguard
| STR | CON | SIZ | DEX | INT | POW | CHA |
|-----|-----|-----|-----|-----|-----|-----|
| 17  | 15  | 15  | 13  | 12  | 13  | 11  |

| Weapon | % | Damage | SR | HP |
|---|---|---|---|---|
| Broadsword | 80 | 1D8+1+1D4 | 6 | 12 |
| Large Shield | 60 | 1D8+1D4 | 7 | 16 |

**Skills:** Dodge 35%, Scan 50%, Battle 60%
**Passions:** Loyalty (Argrath) 95%
**Armor:** bronze ring hauberk (4), bronze greaves and vambraces (6), open helm (4)
""",
        Facts(
            "Orlgar Bronzehand, Argrath's bodyguard",
            C(STR=17, CON=15, SIZ=15, DEX=13, INT=12, POW=13, CHA=11),
            (W("Broadsword", 80, "1D8+1", 6, 12), W("Large Shield", 60, "1D8", 7, 16)),
            skills={"Dodge": 35, "Scan": 50, "Battle": 60},
            passions={"Loyalty (Argrath)": 95},
            armour=armour(chest=4, abdomen=4, legs=6, arms=6, head=4),
        ),
    ),
    Block(
        "en30",
        "en",
        "one line: an Attacks: list with the damage in brackets, no HP",
        """\
Skarn the Reaver. STR 15, CON 12, SIZ 14, DEX 13, INT 10, POW 9, CHA 8. HP 13. Move 8. Armor 4 pts (scale). Attacks: Battleaxe 60% (1D8+2+1D4) SR 6; Dagger 40% (1D4+2+1D4) SR 7. Skills: Dodge 30%, Climb 40%, Intimidate 50%. Passions: Greed 80%, Hate (Sartar) 60%.
""",
        Facts(
            "Skarn the Reaver",
            C(STR=15, CON=12, SIZ=14, DEX=13, INT=10, POW=9, CHA=8),
            (W("Battleaxe", 60, "1D8+2", 6, 0), W("Dagger", 40, "1D4+2", 7, 0)),
            skills={"Dodge": 30, "Climb": 40, "Intimidate": 50},
            passions={"Greed": 80, "Hate (Sartar)": 60},
            armour=everywhere(4),
        ),
    ),
    Block(
        "en31",
        "en",
        "Characteristics: and Attributes: lines, skills by category with dashes",
        """\
Jaldon Goldbeard
Characteristics: STR 14, CON 13, SIZ 12, DEX 15, INT 13, POW 14, CHA 13
Attributes: Hit Points 13, Magic Points 14, Move 8, Healing Rate 3, Damage Bonus +1D4, Spirit Combat Damage 1D6+1, Dex SR 2, Siz SR 2
Armor: Leather trews and jerkin (1 pt), bronze helm (5 pts)
Skills (by category)
 Agility – Dodge 42%, Ride (Horse) 55%
 Communication – Fast Talk 35%, Orate 45%
 Magic – Meditate 20%, Spirit Combat 50%, Worship (Orlanth) 45%
 Manipulation – Conceal 30%
 Perception – Listen 40%, Scan 50%, Search 35%
 Stealth – Hide 25%, Move Quietly 30%
Weapons: Short spear 55%, 1D6+1+1D4, SR 6, HP 10, (1H); Sling 45%, 1D8, SR 2, HP 2
Runes: Air 80%, Movement 65%, Harmony 30%
Passions: Devotion (Orlanth) 70%, Honor 60%
Spirit magic: Demoralize (2), Mobility (1)
Rune magic: Teleportation (3)
Rune points: 3 (Orlanth Adventurous)
""",
        Facts(
            "Jaldon Goldbeard",
            C(STR=14, CON=13, SIZ=12, DEX=15, INT=13, POW=14, CHA=13),
            (W("Short spear", 55, "1D6+1", 6, 10), W("Sling", 45, "1D8", 2, 2)),
            skills={
                "Spirit Combat": 50,
                "Dodge": 42,
                "Ride (Horse)": 55,
                "Fast Talk": 35,
                "Orate": 45,
                "Meditate": 20,
                "Worship (Orlanth)": 45,
                "Conceal": 30,
                "Listen": 40,
                "Scan": 50,
                "Search": 35,
                "Hide": 25,
                "Move Quietly": 30,
            },
            runes={"Air": 80, "Movement": 65, "Harmony": 30},
            passions={"Devotion (Orlanth)": 70, "Honor": 60},
            spirit={"Demoralize": 2, "Mobility": 1},
            cults={"Orlanth Adventurous": (3, {"Teleportation": 3})},
            armour=armour(legs=1, chest=1, abdomen=1, head=5),
        ),
    ),
    Block(
        "en32",
        "en",
        "winged creature: dice with values apart, an Attack table SR first",
        """\
Chaos Gargoyle
STR 3D6+12   22
CON 2D6+6    13
SIZ 3D6+6    17
DEX 2D6+3    10
INT 2D6      7
POW 2D6+6    13
Location      D20    AP/HP
R Leg         01-03  8/5
L Leg         04-06  8/5
Abdomen       07-09  8/5
Chest         10     8/6
R Wing        11-12  8/4
L Wing        13-14  8/4
R Arm         15-16  8/4
L Arm         17-18  8/4
Head          19-20  8/5
Attack      SR   Attack%   Damage
Claw        8    55        1D6+1D6
Bite        8    40        1D8+1D6
Skills: Fly 60%, Scan 45%
Armor: 8-point stone skin.
""",
        Facts(
            "Chaos Gargoyle",
            C(STR=22, CON=13, SIZ=17, DEX=10, INT=7, POW=13, CHA=10),
            (W("Claw", 55, "1D6", 8, 0), W("Bite", 40, "1D8", 8, 0)),
            skills={"Fly": 60, "Scan": 45},
            armour=everywhere(8, "winged_humanoid"),
            table="winged_humanoid",
        ),
    ),
    Block(
        "en33",
        "en",
        "capital name, blank lines, Attack/Parry columns with %, armour notes",
        """\
BRAGNAR THE BOLD
STR 16 CON 14 SIZ 15 DEX 10 INT 11 POW 12 CHA 13

Hit Points: 15
Move: 8
Magic Points: 12

Weapon        Attack  Damage        SR    Parry   HP
Greataxe      70%     2D6+2+1D4     6     55%     10
Dagger        40%     1D4+2+1D4     8     30%     6

Armor: Bronze scale hauberk (5 AP, chest, abdomen), bronze greaves (5), closed helm (5)

Skills: Dodge 20%, Scan 35%, Battle 40%, Orate 30%, Intimidate 55%

Runes: Air 70%, Death 45%, Disorder 40%
Passions: Honor 60%, Hate (Trolls) 65%

Rune Points 2 (Humakt)
""",
        Facts(
            "BRAGNAR THE BOLD",
            C(STR=16, CON=14, SIZ=15, DEX=10, INT=11, POW=12, CHA=13),
            (W("Greataxe", 70, "2D6+2", 6, 10), W("Dagger", 40, "1D4+2", 8, 6)),
            skills={"Dodge": 20, "Scan": 35, "Battle": 40, "Orate": 30, "Intimidate": 55},
            runes={"Air": 70, "Death": 45, "Disorder": 40},
            passions={"Honor": 60, "Hate (Trolls)": 65},
            cults={"Humakt": (2, {})},
            armour=armour(chest=5, abdomen=5, legs=5, head=5),
        ),
    ),
    Block(
        "en34",
        "en",
        "creature: a Characteristics Roll Average table, spirit combat: 55%",
        """\
Jack O'Bear
Characteristics   Roll       Average
STR               3D6+12     22–23
CON               3D6        10–11
SIZ               3D6+12     22–23
DEX               2D6+6      13
INT               3D6        10–11
POW               2D6+6      13
CHA               2D6        7
Hit Points: 13   Move: 8   Damage Bonus: +2D6
Location     D20     AP/HP
Right Leg    01–04   3/5
Left Leg     05–08   3/5
Abdomen      09–11   3/5
Chest        12      3/6
Right Arm    13–15   3/4
Left Arm     16–18   3/4
Head         19–20   3/5
Weapon   SR   Attack   Damage
Claw     7    60%      1D6+2D6
Bite     7    45%      1D8+2D6
Skills: Climb 50%, Hide 40%, Listen 60%, Track 70%
Armor: 3-point hide
Spirit Combat: 55%, damage 1D6+1
""",
        Facts(
            "Jack O'Bear",
            C(STR=22, CON=10, SIZ=22, DEX=13, INT=10, POW=13, CHA=7),
            (W("Claw", 60, "1D6", 7, 0), W("Bite", 45, "1D8", 7, 0)),
            skills={"Spirit Combat": 55, "Climb": 50, "Hide": 40, "Listen": 60, "Track": 70},
            armour=everywhere(3),
        ),
    ),
    Block(
        "en35",
        "en",
        "dotted leaders, category modifiers, two cults' Rune points",
        """\
Brother Wystan
STR 11 CON 13 SIZ 12 DEX 12 INT 16 POW 15 CHA 13
Skills:
  Dodge ............ 35%
  First Aid ........ 60%
  Library Use ...... 55%
  Lore (Lhankor Mhy) 70%
Agility (+0): Climb 30%
Knowledge (+5%): Evaluate 45%, Battle 25%
Mace 40%, 1D8+2, SR 7, HP 10
Rune Points: Lhankor Mhy 3, Issaries 1
Rune Spells: Analyze Magic (1), Knowledge (1)
Spirit Spells: Detect Magic (1), Heal (2)
""",
        Facts(
            "Brother Wystan",
            C(STR=11, CON=13, SIZ=12, DEX=12, INT=16, POW=15, CHA=13),
            (W("Mace", 40, "1D8+2", 7, 10),),
            skills={
                "Dodge": 35,
                "First Aid": 60,
                "Library Use": 55,
                "Lore (Lhankor Mhy)": 70,
                "Climb": 30,
                "Evaluate": 45,
                "Battle": 25,
            },
            spirit={"Detect Magic": 1, "Heal": 2},
            cults={"Lhankor Mhy": (3, {"Analyze Magic": 1, "Knowledge": 1}), "Issaries": (1, {})},
        ),
    ),
    Block(
        "en36",
        "en",
        "one line, sections apart by bullets",
        """\
Hantar Strongarm, mercenary
STR 17 CON 16 SIZ 16 DEX 12 INT 10 POW 11 CHA 9 ♦ HP 17 ♦ Weapons: Greatsword 75%, 2D8+1D6, SR 6, HP 12 ♦ Skills: Dodge 25%, Climb 35% ♦ Armor: 5-pt. bronze cuirass, 4-pt. greaves ♦ Passions: Loyalty (paymaster) 50%
""",
        Facts(
            "Hantar Strongarm, mercenary",
            C(STR=17, CON=16, SIZ=16, DEX=12, INT=10, POW=11, CHA=9),
            (W("Greatsword", 75, "2D8", 6, 12),),
            skills={"Dodge": 25, "Climb": 35},
            passions={"Loyalty (paymaster)": 50},
            armour=armour(chest=5, legs=4),
        ),
    ),
    Block(
        "en37",
        "en",
        "a note after the fields, armour points in brackets, three categories",
        """\
Yrsa Halfhand
STR 12  CON 15  SIZ 13  DEX 14  INT 12  POW 11  CHA 10
Weapons: Javelin 40%, 1D10+1D2, SR 2, HP 8 (thrown); Shortsword 55%, 1D6+1+1D4, SR 6, HP 10; Buckler 35%, 1D3+1D4, SR 7, HP 6
Armor: leather hauberk (2), bronze open helm (4), leather greaves (1)
Skills: Agility: Dodge 38%, Climb 45%. Manipulation: Conceal 30%, Devise 25%. Stealth: Hide 35%, Move Quietly 40%.
""",
        Facts(
            "Yrsa Halfhand",
            C(STR=12, CON=15, SIZ=13, DEX=14, INT=12, POW=11, CHA=10),
            (
                W("Javelin", 40, "1D10", 2, 8),
                W("Shortsword", 55, "1D6+1", 6, 10),
                W("Buckler", 35, "1D3", 7, 6),
            ),
            skills={
                "Dodge": 38,
                "Climb": 45,
                "Conceal": 30,
                "Devise": 25,
                "Hide": 35,
                "Move Quietly": 40,
            },
            armour=armour(chest=2, abdomen=2, head=4, legs=1),
        ),
    ),
    Block(
        "en38",
        "en",
        "an Attacks header alone over rows with SR and HP words",
        """\
TROLLKIN SCOUT
STR 8 CON 10 SIZ 6 DEX 14 INT 10 POW 7 CHA 6
HP: 9   MP: 7   DB: none   Move: 8
Attacks
Spear   35%   1D6+1       SR 7   HP 8
Sling   40%   1D8         SR 2   HP 2
Bite    30%   1D4         SR 8   HP —
Armor: 1 point (hide), leather cap 2
Skills: Dodge 40, Hide 55, Listen 50, Scan 30, Move Quietly 45
Passions: Fear (Uz) 70
""",
        Facts(
            "TROLLKIN SCOUT",
            C(STR=8, CON=10, SIZ=6, DEX=14, INT=10, POW=7, CHA=6),
            (
                W("Spear", 35, "1D6+1", 7, 8),
                W("Sling", 40, "1D8", 2, 2),
                W("Bite", 30, "1D4", 8, 0),
            ),
            skills={"Dodge": 40, "Hide": 55, "Listen": 50, "Scan": 30, "Move Quietly": 45},
            passions={"Fear (Uz)": 70},
            armour={**everywhere(1), "head": 3},
        ),
    ),
    Block(
        "en39",
        "en",
        "fields apart by dashes, a header with no separator",
        """\
Gerlach Stonefist, Dwarf (Mostali) engineer
STR 16 CON 18 SIZ 8 DEX 10 INT 17 POW 12 CHA 7
Hit Locations: Right Leg 01-04 6/6, Left Leg 05-08 6/6, Abdomen 09-11 6/6, Chest 12 6/7, Right Arm 13-15 6/5, Left Arm 16-18 6/5, Head 19-20 6/6
Weapons
Warhammer — 70% — 1D6+2 — SR 7 — HP 15
Heavy Crossbow — 50% — 2D6+2 — SR 3 — HP 10
Skills
Devise 80%, Craft (Smithing) 90%, Mineral Lore 75%, Dodge 15%, Listen 40%
Runes
Stasis 90%, Earth 70%
Rune Points 4 (Mostal)
Rune Magic Bolster (1), Repair (2)
""",
        Facts(
            "Gerlach Stonefist, Dwarf (Mostali) engineer",
            C(STR=16, CON=18, SIZ=8, DEX=10, INT=17, POW=12, CHA=7),
            (W("Warhammer", 70, "1D6+2", 7, 15), W("Heavy Crossbow", 50, "2D6+2", 3, 10)),
            skills={
                "Devise": 80,
                "Craft (Smithing)": 90,
                "Mineral Lore": 75,
                "Dodge": 15,
                "Listen": 40,
            },
            runes={"Stasis": 90, "Earth": 70},
            cults={"Mostal": (4, {"Bolster": 1, "Repair": 2})},
            armour=everywhere(6),
        ),
    ),
    Block(
        "en40",
        "en",
        "a weapon table apart by slashes, lists apart by ';' and '.'",
        """\
Rune Lord Eralius
Char.  STR 17, CON 16, SIZ 15, DEX 17, INT 14, POW 18, CHA 14
Weapon / SR / % / Damage / HP
Rapier / 4 / 110 / 1D6+1+1D4 / 10
Main Gauche / 5 / 85 / 1D4+1+1D4 / 8
Armor: all locations 4 (enchanted linen)
Runes: Truth (power) 95%; Fire/Sky (element) 90%; Stasis (power) 60%.
Passions: Honor 100%. Devotion (Yelm) 95%.
Spirit Combat 85%
Rune Points: 12 (Yelm)
Rune Magic: Sunspear 4, Sun Disk 2, Dismiss Magic 3
""",
        Facts(
            "Rune Lord Eralius",
            C(STR=17, CON=16, SIZ=15, DEX=17, INT=14, POW=18, CHA=14),
            (W("Rapier", 110, "1D6+1", 4, 10), W("Main Gauche", 85, "1D4+1", 5, 8)),
            skills={"Spirit Combat": 85},
            runes={"Truth": 95, "Fire/Sky": 90, "Stasis": 60},
            passions={"Honor": 100, "Devotion (Yelm)": 95},
            cults={"Yelm": (12, {"Sunspear": 4, "Sun Disk": 2, "Dismiss Magic": 3})},
            armour=everywhere(4),
        ),
    ),
    Block(
        "en41",
        "en",
        "Armor: none, a natural bite in a list",
        """\
Bramble-Tooth the Ogress
Characteristics: STR 19 CON 14 SIZ 16 DEX 13 INT 14 POW 11 CHA 15
Armor: none
Weapons: Great Axe 75%, 2D6+2+1D6, SR 5, HP 10; Bite 40%, 1D6, SR 8, HP —
Skills: Deceive 70%, Disguise 60%, Listen 50%
Runes: Chaos 55%, Man 80%, Darkness 40%
Passions: Hunger 90%
""",
        Facts(
            "Bramble-Tooth the Ogress",
            C(STR=19, CON=14, SIZ=16, DEX=13, INT=14, POW=11, CHA=15),
            (W("Great Axe", 75, "2D6+2", 5, 10), W("Bite", 40, "1D6", 8, 0)),
            skills={"Deceive": 70, "Disguise": 60, "Listen": 50},
            runes={"Chaos": 55, "Man": 80, "Darkness": 40},
            passions={"Hunger": 90},
        ),
    ),
    Block(
        "en42",
        "en",
        "bestiary style: Characteristics Average, Base SR, a Magic: header over Spirit magic:, Combat alone",
        """\
BROO
Chaos-tainted beastmen of the wastes, hated by all.
Characteristics   Average
STR 2D6+6         13
CON 3D6           10–11
SIZ 2D6+6         13
DEX 3D6           10–11
INT 2D6+6         13
POW 3D6           10–11
CHA 1D6           3–4
Move: 8
Hit Points: 11
Base SR: 5
Armor: 2-point hide.
Skills: Dodge 25%, Listen 40%, Scan 30%, Hide 40%.
Passions: Hate (Life) 80%
Runes: Chaos 60%, Disorder 50%, Beast 60%
Magic: Spirit magic: Disruption (1), Demoralize (2)
Combat
Weapon     %    Damage        SR
Head Butt  45   1D6+1D4       8
Club       40   1D8+1D4       8
Chaos Features: roll once on the Chaos Features table.
""",
        Facts(
            "BROO",
            C(STR=13, CON=10, SIZ=13, DEX=10, INT=13, POW=10, CHA=3),
            (W("Head Butt", 45, "1D6", 8, 0), W("Club", 40, "1D8", 8, 0)),
            skills={"Dodge": 25, "Listen": 40, "Scan": 30, "Hide": 40},
            runes={"Chaos": 60, "Disorder": 50, "Beast": 60},
            passions={"Hate (Life)": 80},
            spirit={"Disruption": 1, "Demoralize": 2},
            armour=everywhere(2),
            not_read=(
                "Chaos-tainted beastmen of the wastes, hated by all.",
                "Chaos Features: roll once on the Chaos Features table.",
            ),
        ),
    ),
    Block(
        "en43",
        "en",
        "Stats: apart by slashes, lists apart by ';', weapon fields in brackets, armour elsewhere",
        """\
Name: Arkat's Heir (a Humakti duellist)
Stats: STR 15 / CON 13 / SIZ 12 / DEX 17 / INT 13 / POW 14 / CHA 12
Skills: Dodge 60%; Scan 45%; Sense Assassin 40%; Listen 35%
Combat: Rapier 90% (1D6+1+1D4, SR 5, HP 8), Main-gauche 70% (1D4+1+1D4, SR 6, HP 6)
Armour: 3 points (linothorax) on chest and abdomen; 1 point elsewhere
Rune Points: 4 (Humakt); Rune spells: Truesword (2), Sever Spirit (3)
Spirit spells: Bladesharp (3), Parry (2)
""",
        Facts(
            "Arkat's Heir (a Humakti duellist)",
            C(STR=15, CON=13, SIZ=12, DEX=17, INT=13, POW=14, CHA=12),
            (W("Rapier", 90, "1D6+1", 5, 8), W("Main-gauche", 70, "1D4+1", 6, 6)),
            skills={"Dodge": 60, "Scan": 45, "Sense Assassin": 40, "Listen": 35},
            spirit={"Bladesharp": 3, "Parry": 2},
            cults={"Humakt": (4, {"Truesword": 2, "Sever Spirit": 3})},
            armour={**everywhere(1), "chest": 3, "abdomen": 3},
        ),
    ),
    Block(
        "en44",
        "en",
        "apart by tabs: headers and labels with no colon",
        """\
Tarsha of the Ernalda Queens
STR 10	CON 14	SIZ 12	DEX 11	INT 16	POW 18	CHA 17
Hit Points	15
Magic Points	18
Weapon	%	Damage	SR	HP
Dagger	40	1D4+2	8	6
Skills	Charm 80%, Intrigue 75%, Orate 70%, Worship (Ernalda) 90%, Earth Lore 60%
Runes	Earth 95%, Harmony 80%, Fertility 70%
Passions	Love (her people) 80%, Devotion (Ernalda) 95%
Spirit Magic	Heal 6 (variable), Glamour 3, Befuddle 2
Rune Points	11 (Ernalda)
Rune Magic	Command Worshipper 2, Heal Body 3, Bless Crops 1, Charisma 1
""",
        Facts(
            "Tarsha of the Ernalda Queens",
            C(STR=10, CON=14, SIZ=12, DEX=11, INT=16, POW=18, CHA=17),
            (W("Dagger", 40, "1D4+2", 8, 6),),
            skills={
                "Charm": 80,
                "Intrigue": 75,
                "Orate": 70,
                "Worship (Ernalda)": 90,
                "Earth Lore": 60,
            },
            runes={"Earth": 95, "Harmony": 80, "Fertility": 70},
            passions={"Love (her people)": 80, "Devotion (Ernalda)": 95},
            spirit={"Heal": 6, "Glamour": 3, "Befuddle": 2},
            variable=frozenset({"Heal"}),
            cults={
                "Ernalda": (
                    11,
                    {"Command Worshipper": 2, "Heal Body": 3, "Bless Crops": 1, "Charisma": 1},
                )
            },
        ),
    ),
)
