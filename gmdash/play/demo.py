"""The demo campaign created on first start: an RQG party of four and a handful of foes.

All names are original. Current hit, magic and rune points start full (from the rules core).
Everyone knows some spirit magic; the four adventurers and two foes are initiates of a cult,
whose three Rune points are the cult's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from gmdash.model.bestiary import CreatureTemplate
from gmdash.model.campaign import Campaign
from gmdash.model.character import Ability, AbilityKind, Character, CharacterKind, Weapon
from gmdash.model.magic import Cult, CultRank, RuneSpell, Spell
from gmdash.model.sheets import new_character
from gmdash.model.state import CampaignState
from gmdash.rules import hit_table
from gmdash.rules.ruleset import RuleSet
from gmdash.rules.weapons import guess_special, guess_use
from gmdash.store.paths import slugify

DEMO_NAME = "Demo — The Pavis Road"
DEMO_NOTES = (
    "The caravan of Orane the salt-trader left Jonstown three days ago for Pavis. "
    "Broos were seen near the Stinking Ford; a Lunar patrol is camped on the ridge."
)

_BASE_SKILLS = {
    "Dodge": 30, "Climb": 40, "Jump": 30, "Swim": 15, "Ride": 10, "Listen": 30, "Scan": 30,
    "Search": 25, "Hide": 10, "Move Quietly": 10, "First Aid": 15, "Sing": 10, "Dance": 10,
    "Orate": 10, "Fast Talk": 5, "Insight (Human)": 20, "Track": 5, "Devise": 5,
    "Lore (Orlanth)": 5, "Lore (Homeland)": 30, "Farm": 10, "Survival": 15, "Battle": 10,
}  # fmt: skip

# one table per sheet: skill overrides, runes, passions, reputation
_ARMOUR_HEAVY = {"head": 5, "chest": 5, "abdomen": 5, "left_arm": 4, "right_arm": 4,
                 "left_leg": 4, "right_leg": 4}  # fmt: skip
_ARMOUR_LIGHT = {"head": 3, "chest": 2, "abdomen": 2, "left_arm": 2, "right_arm": 2,
                 "left_leg": 2, "right_leg": 2}  # fmt: skip


def _abilities(
    skills: Mapping[str, int],
    runes: Mapping[str, int],
    passions: Mapping[str, int],
    reputation: int,
    *,
    base: bool = True,
) -> list[Ability]:
    table = {**(_BASE_SKILLS if base else {}), **skills}
    result = [Ability(name=name, value=value) for name, value in table.items()]
    result += [Ability(name=n, kind=AbilityKind.RUNE, value=v) for n, v in runes.items()]
    result += [Ability(name=n, kind=AbilityKind.PASSION, value=v) for n, v in passions.items()]
    result.append(Ability(name="Reputation", value=reputation))
    return result


def _weapons(*rows: tuple[str, str, str, int, int]) -> list[Weapon]:
    """Weapons of the demo; each one's special kind and use are those its name suggests
    (broadsword: slash, melee; javelin: impale, thrown; sling: crush, missile...)."""
    return [
        Weapon(name=n, skill=s, damage=d, sr=sr, hit_points=hp, special=guess_special(n),
               use=guess_use(n))
        for n, s, d, sr, hp in rows
    ]  # fmt: skip


def _chars(st: int, co: int, si: int, de: int, in_: int, po: int, ch: int) -> dict[str, int]:
    return {"STR": st, "CON": co, "SIZ": si, "DEX": de, "INT": in_, "POW": po, "CHA": ch}


def party() -> list[tuple[str, CharacterKind, str, dict[str, int], list[Ability], list[Weapon],
                          dict[str, int], str]]:  # fmt: skip
    """The four adventurers and the foes, as rows for `new_character`."""
    pc, npc = CharacterKind.PC, CharacterKind.NPC
    return [
        ("Harvald Stormbrow", pc, "Ana", _chars(16, 14, 15, 11, 12, 13, 14),
         _abilities({"Broadsword": 70, "Medium Shield": 60, "Javelin": 45, "Climb": 55,
                     "Orate": 40, "Battle": 35, "Lore (Orlanth)": 30},
                    {"Air": 75, "Earth": 40, "Movement": 60, "Truth": 35},
                    {"Loyalty (Clan Varmandi)": 70, "Hate (Lunar Empire)": 60, "Honor": 65}, 15),
         _weapons(("Broadsword", "Broadsword", "1D8+1", 2, 12),
                  ("Medium Shield", "Medium Shield", "1D4", 3, 12),
                  ("Javelin", "Javelin", "1D10", 3, 8)),
         _ARMOUR_HEAVY, "Carl of the Varmandi; sworn to escort the caravan."),
        ("Irvala Greyquill", pc, "Ben", _chars(10, 12, 11, 13, 17, 15, 12),
         _abilities({"Dagger": 45, "Quarterstaff": 50, "Sling": 35, "Read/Write (Tradetalk)": 60,
                     "Lore (Pavis)": 55, "Evaluate": 50, "Insight (Human)": 55, "Search": 50},
                    {"Truth": 80, "Darkness": 30, "Stasis": 45},
                    {"Devotion (Lhankor Mhy)": 70, "Loyalty (Jonstown Library)": 60,
                     "Honor": 55}, 8),
         _weapons(("Quarterstaff", "Quarterstaff", "1D8", 1, 8),
                  ("Dagger", "Dagger", "1D4+2", 3, 6),
                  ("Sling", "Sling", "1D8", 3, 2)),
         _ARMOUR_LIGHT, "Scribe of the Knowing God; carries a map of the Zola Fel."),
        ("Korrath Sandstrider", pc, "Chloé", _chars(14, 15, 13, 16, 11, 12, 10),
         _abilities({"Lance": 60, "Composite Bow": 75, "Ride": 80, "Track": 65,
                     "Survival": 60, "Hide": 45, "Move Quietly": 40, "Scan": 60, "Dagger": 40},
                    {"Beast": 70, "Fire/Sky": 45, "Movement": 55, "Disorder": 30},
                    {"Loyalty (Bison Tribe)": 75, "Hate (Chaos)": 80, "Honor": 60}, 10),
         _weapons(("Lance", "Lance", "1D10+1", 0, 10),
                  ("Composite Bow", "Composite Bow", "1D8+1", 3, 7),
                  ("Broad Knife", "Dagger", "1D4+1", 3, 6)),
         _ARMOUR_LIGHT, "Praxian scout riding the bison Thunderhoof."),
        ("Meriel Greenhollow", pc, "Dev", _chars(11, 13, 10, 12, 13, 17, 16),
         _abilities({"Spear": 45, "Small Shield": 40, "First Aid": 60, "Treat Disease": 45,
                     "Sing": 55, "Dance": 50, "Charm": 60, "Plant Lore": 55,
                     "Insight (Human)": 50},
                    {"Earth": 85, "Harmony": 60, "Fertility": 55},
                    {"Devotion (Ernalda)": 80, "Love (family)": 70, "Honor": 50}, 20),
         _weapons(("Short Spear", "Spear", "1D6+1", 2, 10),
                  ("Small Shield", "Small Shield", "1D3", 3, 8)),
         _ARMOUR_LIGHT, "Initiate of Ernalda; the party's healer."),
        ("Gorehorn", npc, "", _chars(15, 14, 13, 10, 8, 9, 4),
         _abilities({"Dodge": 30, "Great Axe": 50, "Head Butt": 45, "Scan": 35, "Listen": 35},
                    {"Disorder": 60}, {"Hate (Humans)": 70}, 0, base=False),
         _weapons(("Great Axe", "Great Axe", "2D6+2", 2, 10),
                  ("Head Butt", "Head Butt", "1D6", 3, 0)),
         {"head": 2, "chest": 2, "abdomen": 2, "left_arm": 2, "right_arm": 2,
          "left_leg": 2, "right_leg": 2}, "Broo, goat-headed, carries the shakes."),
        ("Scabtail", npc, "", _chars(12, 11, 11, 13, 7, 8, 3),
         _abilities({"Dodge": 35, "Club": 45, "Hide": 40, "Move Quietly": 35},
                    {"Disorder": 55}, {"Hate (Humans)": 60}, 0, base=False),
         _weapons(("Club", "Club", "1D6", 2, 8)),
         {"head": 1, "chest": 1, "abdomen": 1}, "Broo, scrawny, flees when hurt."),
        ("Marcellan the Lunar", npc, "", _chars(13, 13, 13, 12, 12, 11, 11),
         _abilities({"Dodge": 35, "Short Sword": 60, "Hoplite Shield": 55, "Javelin": 50,
                     "Battle": 45, "Scan": 40, "Listen": 35},
                    {"Moon": 55, "Stasis": 40, "Harmony": 35},
                    {"Loyalty (Lunar Army)": 70, "Honor": 50}, 5, base=False),
         _weapons(("Short Sword", "Short Sword", "1D6+1", 2, 10),
                  ("Hoplite Shield", "Hoplite Shield", "1D6", 3, 18),
                  ("Javelin", "Javelin", "1D10", 3, 8)),
         _ARMOUR_HEAVY, "Lunar soldier; sergeant of the ridge patrol."),
        ("Grubnose", npc, "", _chars(8, 9, 6, 14, 9, 7, 6),
         _abilities({"Dodge": 45, "Sling": 40, "Club": 30, "Hide": 50, "Move Quietly": 45},
                    {"Darkness": 50}, {"Fear (Trolls)": 60}, 0, base=False),
         _weapons(("Sling", "Sling", "1D8", 3, 2), ("Club", "Club", "1D6", 2, 6)),
         {"head": 1, "chest": 2, "abdomen": 2}, "Trollkin forager, hungry."),
    ]  # fmt: skip


def _spells(*rows: tuple[str, int, bool]) -> tuple[Spell, ...]:
    return tuple(Spell(name=n, points=p, variable=v) for n, p, v in rows)


def _cult(name: str, runes: tuple[str, ...], *spells: tuple[str, int, str]) -> Cult:
    """An initiate's cult with 3 Rune points; each spell's flags: "+" stackable, "1" one-use."""
    return Cult(name=name, rank=CultRank.INITIATE, rune_points=3, rune_points_max=3,
                runes=runes,
                spells=tuple(RuneSpell(name=n, points=p, stackable="+" in f, one_use="1" in f)
                             for n, p, f in spells))  # fmt: skip


def magic() -> dict[str, tuple[tuple[Spell, ...], tuple[Cult, ...]]]:
    """Spirit magic (within each one's CHA) and cults of the demo's sheets, by name."""
    return {
        "Harvald Stormbrow": (
            _spells(("Bladesharp", 2, True), ("Demoralize", 2, False), ("Heal", 2, True)),
            (_cult("Orlanth Adventurous", ("Air", "Movement"), ("Lightning", 1, "+"),
                   ("Shield", 1, "+"), ("Flight", 1, "+"), ("Heal Wound", 1, "")),),
        ),
        "Irvala Greyquill": (
            _spells(("Detect Enemies", 1, False), ("Mindspeech", 1, True),
                    ("Farsee", 1, True)),
            (_cult("Lhankor Mhy", ("Truth", "Stasis"), ("Analyze Magic", 1, ""),
                   ("Knowledge", 1, ""), ("Dismiss Magic", 1, "+"),
                   ("Command Cult Spirit", 2, "1")),),
        ),
        "Korrath Sandstrider": (
            _spells(("Speedart", 1, False), ("Multimissile", 2, True), ("Protection", 2, True)),
            (_cult("Waha", ("Beast", "Death", "Fertility"), ("Find Enemy", 1, ""),
                   ("Spirit Block", 1, "+"), ("Heal Wound", 1, "")),),
        ),
        "Meriel Greenhollow": (
            _spells(("Heal", 4, True), ("Glamour", 2, False), ("Protection", 2, True)),
            (_cult("Ernalda", ("Earth", "Harmony", "Fertility"), ("Heal Wound", 1, ""),
                   ("Charisma", 1, ""), ("Spirit Block", 1, "+"), ("Dismiss Magic", 1, "+")),),
        ),
        "Gorehorn": (
            _spells(("Disruption", 1, False), ("Demoralize", 2, False)),
            (_cult("Thed", ("Disorder",), ("Spirit Block", 1, "+"), ("Heal Wound", 1, "")),),
        ),
        "Scabtail": (_spells(("Disruption", 1, False)), ()),
        "Marcellan the Lunar": (
            _spells(("Bladesharp", 2, True), ("Protection", 2, True), ("Disruption", 1, False)),
            (_cult("Seven Mothers", ("Moon", "Stasis"), ("Dismiss Magic", 1, "+"),
                   ("Spirit Block", 1, "+"), ("Heal Wound", 1, "")),),
        ),
        "Grubnose": (_spells(("Disruption", 1, False)), ()),
    }  # fmt: skip


def _every(locations: tuple[str, ...], points: int) -> dict[str, int]:
    return dict.fromkeys(locations, points)


def bestiary() -> list[CreatureTemplate]:
    """The demo's own creatures for "add from template": original names and numbers."""
    quadruped = hit_table("quadruped").keys
    return [
        CreatureTemplate(
            name="Ridge Jackal", hit_table="quadruped",
            characteristics={"STR": "2D6+3", "CON": "2D6+6", "SIZ": "2D6+1", "DEX": "2D6+9",
                             "INT": "5", "POW": "2D6+3"},
            armour=_every(quadruped, 1),
            abilities=(Ability(name="Bite", value=45), Ability(name="Dodge", value=40),
                       Ability(name="Scan", value=55), Ability(name="Track", value=60)),
            weapons=tuple(_weapons(("Bite", "Bite", "1D8", 3, 0))),
            notes="Hunts the caravan road in packs of three to six; flees at half HP.",
        ),
        CreatureTemplate(
            name="Ford Raider",
            characteristics={"STR": "3D6", "CON": "2D6+6", "SIZ": "2D6+6", "DEX": "3D6",
                             "INT": "2D6+6", "POW": "3D6", "CHA": "3D6"},
            armour={"head": 2, "chest": 3, "abdomen": 3, "left_arm": 2, "right_arm": 2,
                    "left_leg": 2, "right_leg": 2},
            abilities=(Ability(name="Spear", value=50), Ability(name="Small Shield", value=45),
                       Ability(name="Dodge", value=30), Ability(name="Hide", value=35)),
            weapons=tuple(_weapons(("Short Spear", "Spear", "1D6+1", 2, 10),
                                   ("Small Shield", "Small Shield", "1D3", 3, 8))),
            spells=(Spell(name="Bladesharp", points=1),),
            notes="Outlaws of the Stinking Ford; they take salt, not lives, if they can.",
        ),
        CreatureTemplate(
            name="Carrion Kite", hit_table="flying_bird",
            characteristics={"STR": "1D6+2", "CON": "2D6+6", "SIZ": "1D6+1", "DEX": "3D6+6",
                             "INT": "4", "POW": "2D6"},
            abilities=(Ability(name="Claw", value=40), Ability(name="Dodge", value=60)),
            weapons=tuple(_weapons(("Claw", "Claw", "1D6", 2, 0))),
            notes="Circles the dead; dives at the wounded.",
        ),
    ]  # fmt: skip


def demo_state() -> CampaignState:
    """The demo campaign's state before its first session."""
    campaign = Campaign(name=DEMO_NAME, slug=slugify(DEMO_NAME), ruleset=RuleSet.RQG,
                        notes=DEMO_NOTES)  # fmt: skip
    state = CampaignState(campaign=campaign)
    for index, (name, kind, player, chars, abilities, weapons, armour, notes) in enumerate(
        party(), start=1
    ):
        sheet: Character = new_character(
            id=f"c{index:04d}", name=name, kind=kind, player=player, characteristics=chars,
            ruleset=RuleSet.RQG, abilities=abilities, weapons=weapons, armour=armour, notes=notes,
        )  # fmt: skip
        spells, cults = magic().get(name, ((), ()))
        if cults:  # an initiate's Rune points are the cult's (docs/rules.md#rune-point-pools)
            sheet = replace(sheet, rune_points=0, rune_points_max=0)
        sheet = replace(sheet, spells=spells, cults=cults)
        state.characters[sheet.id] = sheet
        state.next_character = index + 1
    state.bestiary = {creature.name.casefold(): creature for creature in bestiary()}
    return state
