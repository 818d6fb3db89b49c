"""The words of a printed stat block, English and French, each French word with its source.

Sources (docs/character-schema.md#a-printed-stat-block lists them with what each gives):
- [seed] /work/shared/seeds/runequest-systeme-de-jeu.fr.txt, the RQG rules in French;
- [sheet] the French RQG character sheet for Foundry VTT commissioned by the French publisher
  (github.com/Zakarik/foundry-rqg: `lang/fr.json`, `packs/armures`, `packs/armes`);
- [wiki] rqwiki.fr/regles/runes (rune names and kinds);
- [armour] rqwiki.chaosium.com/equipment/armor.html and fvtt-system-rqg issue #843: which hit
  locations each piece of armour covers.

A French word no source gives is left out on purpose (a bite, "morsure"; a horn; the cult ranks;
the four-legged body's locations): a block that uses one has it reported, never guessed.
"""

from __future__ import annotations

from enum import StrEnum


def fold(text: str) -> str:
    """A word compared without case, extra spaces or the accents French blocks drop."""
    plain = text.casefold().replace("œ", "oe")
    for accented, bare in (("àâä", "a"), ("éèêë", "e"), ("îï", "i"), ("ôö", "o"), ("ùûü", "u"),
                           ("ç", "c")):  # fmt: skip
        for char in accented:
            plain = plain.replace(char, bare)
    return " ".join(plain.replace("'", " ").replace("-", " ").split())


CHARACTERISTICS: dict[str, str] = {
    "STR": "STR", "CON": "CON", "SIZ": "SIZ", "DEX": "DEX", "INT": "INT", "POW": "POW",
    "CHA": "CHA", "APP": "APP",
    # [seed] FOR, TAI, POU; CON, DEX, INT, CHA are the same in French
    "FOR": "STR", "TAI": "SIZ", "POU": "POW",
}  # fmt: skip
"""Characteristics by their printed abbreviation."""

CHARACTERISTIC_NAMES: dict[str, str] = {
    "strength": "STR", "constitution": "CON", "size": "SIZ", "dexterity": "DEX",
    "intelligence": "INT", "power": "POW", "charisma": "CHA", "appearance": "APP",
    # [seed] Force, Taille, Dextérité, Pouvoir, Charisme
    "force": "STR", "taille": "SIZ", "dexterite": "DEX", "pouvoir": "POW", "charisme": "CHA",
}  # fmt: skip
"""Characteristics written out (folded)."""


class SectionKind(StrEnum):
    """What a header starts."""

    CHARACTERISTICS = "characteristics"
    ATTRIBUTES = "attributes"
    WEAPONS = "weapons"
    SKILLS = "skills"
    RUNES = "runes"
    PASSIONS = "passions"
    LANGUAGES = "languages"
    SPIRIT_MAGIC = "spirit magic"
    RUNE_MAGIC = "rune magic"
    SORCERY = "sorcery"
    SPELLS = "spells"
    ARMOUR = "armour"
    LOCATIONS = "hit locations"
    NOTES = "notes"
    OTHER = "other"
    """A header gmdash does not read (`Treasure:`): what follows it is reported."""

    @property
    def holds_spells(self) -> bool:
        return self in (SectionKind.SPIRIT_MAGIC, SectionKind.RUNE_MAGIC, SectionKind.SORCERY,
                        SectionKind.SPELLS)  # fmt: skip

    @property
    def holds_abilities(self) -> bool:
        return self in (SectionKind.SKILLS, SectionKind.RUNES, SectionKind.PASSIONS,
                        SectionKind.LANGUAGES)  # fmt: skip


SECTION_WORDS: dict[SectionKind, tuple[str, ...]] = {
    # [seed] « Caractéristiques »
    SectionKind.CHARACTERISTICS: ("characteristics", "caracteristiques", "char", "stats"),
    SectionKind.ATTRIBUTES: ("attributes", "attributs"),  # [seed] "Les Attributs"
    SectionKind.WEAPONS: (
        "weapons",
        "weapon",
        "attacks",
        "attack",
        "combat",
        "armes",
        "arme",
    ),  # [sheet] COMBAT.Armes, COMBAT.Arme
    SectionKind.SKILLS: ("skills", "competences"),  # [seed]
    SectionKind.RUNES: ("runes", "rune affinities", "affinites runiques"),  # [sheet]
    SectionKind.PASSIONS: ("passions",),  # [seed]
    SectionKind.LANGUAGES: ("languages", "langues"),  # [sheet]
    SectionKind.SPIRIT_MAGIC: (
        "spirit magic",
        "spirit spells",
        "magie spirituelle",
        "magies spirituelles",
    ),  # [sheet]
    SectionKind.RUNE_MAGIC: (
        "rune magic",
        "rune spells",
        "magie runique",
        "magies runiques",
    ),  # [sheet]
    SectionKind.SORCERY: ("sorcery", "sorcery spells", "sorcellerie", "sorcelleries"),  # [sheet]
    SectionKind.SPELLS: ("spells", "magic", "sorts", "magie"),  # [sheet] COMBAT.Sorts
    SectionKind.ARMOUR: (
        "armor",
        "armour",
        "armure",
        "armures",
        "ap",
        "armor points",
        "armour points",
    ),  # [sheet] ARMURE
    SectionKind.LOCATIONS: ("hit locations", "hit location", "locations", "localisations"),
    SectionKind.NOTES: ("notes",),
}
"""Header words (folded) by what they start."""

SKILL_CATEGORIES: dict[str, str] = {
    "agility": "agility", "communication": "communication", "knowledge": "knowledge",
    "magic": "magic", "manipulation": "manipulation", "perception": "perception",
    "stealth": "stealth", "melee weapons": "meleeWeapons", "melee": "meleeWeapons",
    "missile weapons": "missileWeapons", "missile": "missileWeapons", "shields": "shields",
    "natural weapons": "naturalWeapons", "weapons": "meleeWeapons", "other": "otherSkills",
    # [sheet] COMPETENCES.Agilite ... Armenaturelle; "connaissance" as the issue spells it
    "agilite": "agility", "connaissances": "knowledge", "connaissance": "knowledge",
    "discretion": "stealth", "magie": "magic", "armes de melee": "meleeWeapons",
    "armes a distance": "missileWeapons", "boucliers": "shields",
    "armes naturelles": "naturalWeapons",
}  # fmt: skip
"""Skill categories (folded), as a block sorts its skills by them (`Agility: Dodge 40%`)."""

RUNES: dict[str, str] = {
    "air": "Air", "earth": "Earth", "fire": "Fire", "sky": "Sky", "fire/sky": "Fire/Sky",
    "water": "Water", "darkness": "Darkness", "moon": "Moon", "death": "Death",
    "fertility": "Fertility", "harmony": "Harmony", "disorder": "Disorder", "stasis": "Stasis",
    "movement": "Movement", "truth": "Truth", "illusion": "Illusion", "man": "Man",
    "beast": "Beast", "chaos": "Chaos", "spirit": "Spirit", "plant": "Plant", "law": "Law",
    "luck": "Luck", "mastery": "Mastery", "magic": "Magic", "infinity": "Infinity",
    "dragonewt": "Dragonewt",
    # [sheet] RUNES.*, SORCELLERIE.* (Esprit, Plante, Chaos); [wiki] "Feu / Ciel"
    "feu": "Feu", "ciel": "Ciel", "feu/ciel": "Feu/Ciel", "eau": "Eau", "terre": "Terre",
    "tenebres": "Ténèbres", "lune": "Lune", "mort": "Mort", "fertilite": "Fertilité",
    "harmonie": "Harmonie", "desordre": "Désordre", "stase": "Stase", "mouvement": "Mouvement",
    "verite": "Vérité", "homme": "Homme", "bete": "Bête", "esprit": "Esprit",
    "plante": "Plante",
}  # fmt: skip
"""Runes by name (folded): an ability of this name outside a `Runes:` list is a Rune."""

RUNE_KINDS = frozenset((
    "element", "elemental", "power", "form", "condition",
    # [wiki] Élément; [sheet] "élémentaires", "de pouvoir"; "forme": cremault/guilde wikis
    "elementaire", "pouvoir", "de pouvoir", "forme", "de forme",
))  # fmt: skip
"""What a block may print in brackets after a Rune's name (`Harmony (power) 90%`)."""

PASSIONS = frozenset((
    "loyalty", "love", "hate", "fear", "devotion", "honor", "honour",
    # [seed] loyauté, amour, haine, peur, honneur; "dévotion": the guilde-odyssee wiki
    "loyaute", "amour", "haine", "peur", "devotion", "honneur",
))  # fmt: skip
"""Passions by their first word (folded): `Loyalty (Sartar) 60%` outside a list is a passion."""

NATURAL_WEAPONS = (
    "claw", "bite", "fist", "kick", "grapple", "butt", "head butt", "gore", "hoof", "tail",
    "sting", "tentacle", "trample", "tusk", "horn", "beak", "talon", "crush", "punch",
    # [sheet] COMPETENCES.Couppied/Couppoing/Saisie, packs: Griffes, Poing, Agripper
    "coup de pied", "coup de poing", "poing", "saisie", "agripper", "griffe", "griffes",
)  # fmt: skip
"""Words (folded) that make a weapon a natural one: it has no hit points to lose."""

SHIELD_WORDS = ("shield", "buckler", "targe", "bouclier")  # [sheet] COMPETENCES.*bouclier
THROWN_WORDS = ("thrown", "throwing", "javelin", "dart", "rock", "stone", "bola",
                # [sheet] packs: Javelot, Fléchette, Pierre, Dague/Hache de lancer
                "javelot", "flechette", "pierre", "de lancer")  # fmt: skip
MISSILE_WORDS = ("bow", "sling", "crossbow", "arbalest", "atlatl", "blowpipe",
                 # [sheet] packs: Arc, Arbalète, Fronde, Atlatl
                 "arc", "arbalete", "fronde")  # fmt: skip
"""Words (folded) telling how a weapon is used; "(thrown)" after a name says it too."""

SPECIAL_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # [sheet] weapon names (packs/armes), each in the family of the English one it translates
    ("impale", ("epee courte", "dague", "lance", "epieu", "javelot", "sarisse", "arc",
                "arbalete", "rapiere", "flechette")),
    ("slash", ("epee", "hache", "kopis", "khepesh", "faucille", "rhomphaia", "griffe",
               "griffes")),
    ("crush", ("masse", "marteau", "gourdin", "baton", "massue", "fronde", "pierre", "poing",
               "coup de pied", "bouclier", "saisie", "agripper")),
)  # fmt: skip
"""French weapon words (folded) -> how the weapon's special hurts (English names: the rules)."""

HIT_LOCATIONS: dict[str, str] = {
    "right leg": "right_leg", "left leg": "left_leg", "abdomen": "abdomen", "chest": "chest",
    "right arm": "right_arm", "left arm": "left_arm", "head": "head",
    "r leg": "right_leg", "l leg": "left_leg", "r arm": "right_arm", "l arm": "left_arm",
    "rleg": "right_leg", "lleg": "left_leg", "rarm": "right_arm", "larm": "left_arm",
    # [seed] Poitrine, Abdomen, Tête, Jambe, Bras; [sheet] LOCALIZATIONS.*
    "jambe droite": "right_leg", "jambe gauche": "left_leg", "poitrine": "chest",
    "bras droit": "right_arm", "bras gauche": "left_arm", "tete": "head",
}  # fmt: skip
"""Humanoid hit locations as printed (folded) -> gmdash's keys."""

LEGS = ("left_leg", "right_leg")
ARMS = ("left_arm", "right_arm")
ARMOUR_PIECES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # [armour] Head: hood, broad-brimmed hat, cap, composite/open/closed/full helm
    (("helm", "helmet", "cap", "hood", "hat", "coif",
      # [sheet] Capuchon, Chapeau (à bord large), Casque, Heaume
      "casque", "heaume", "capuchon", "chapeau"), ("head",)),
    # [armour] Arms: sleeves, vambraces
    (("vambraces", "vambrace", "sleeves", "bracers", "brassards", "manches"), ARMS),
    # [armour] Chest: cuirass; [sheet] Cuirasse
    (("cuirass", "breastplate", "cuirasse"), ("chest",)),
    # [armour] Abdomen & Chest: linothorax, hauberk (#843: a hauberk's top location is the
    # chest); [sheet] Haubert, Lorica, Segments; a jerkin is a coat of the body, no sleeves
    (("hauberk", "linothorax", "jerkin", "lorica", "segmented", "haubert", "segments"),
     ("chest", "abdomen")),
    # [sheet] Jupes; RQG's skirt
    (("skirt", "kilt", "jupe", "jupes"), ("abdomen",)),
    # greaves and trews on the legs (the reading; [sheet] Jambières, Pantalons,
    # Culotte: the sheet's pack puts trousers on the abdomen too, which is reported)
    (("greaves", "trews", "pants", "trousers", "leggings", "jambieres", "pantalons",
      "pantalon", "culotte"), LEGS),
)  # fmt: skip
"""Pieces of armour (folded words) -> the humanoid locations they cover."""

NATURAL_ARMOUR = ("hide", "skin", "fur", "scales", "chitin", "shell", "carapace", "natural")
"""Words of a creature's own armour (English only: none sourced in French): every location."""

EVERYWHERE = ("all", "everywhere", "all locations", "each location", "every location",
              "partout", "toutes")  # fmt: skip
"""Words that spread one armour value over every location."""
ELSEWHERE = ("elsewhere", "everywhere else", "other locations", "all other locations", "rest")
"""Words that put one armour value on the locations no other piece covers (English only)."""

CULT_RANKS = {"lay member": "lay member", "initiate": "initiate", "god-talker": "god-talker",
              "god talker": "god-talker", "rune priest": "rune priest", "priest": "rune priest",
              "priestess": "rune priest", "rune priestess": "rune priest",
              "rune lord": "rune lord", "rune lord priest": "rune lord", "sword": "rune lord",
              "wind lord": "rune lord", "storm voice": "rune priest"}  # fmt: skip
"""Cult ranks as printed (folded) -> gmdash's (`CultRank`). No French source gives them."""
