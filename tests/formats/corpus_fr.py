"""French stat blocks of the corpus: our own characters and creatures, written as the French
edition prints them (FOR CON TAI DEX INT POU CHA, `Armes :`, `RA`, `PV`, `Localisation D20
Armure/PV`, `Compétences :` by category, `Magie spirituelle :`, `Points de Rune :`, "65 %"),
with prose a reader must report."""

from __future__ import annotations

from tests.formats.corpus_facts import Block, Facts, W, armour, everywhere

C = dict

BLOCKS_FR: tuple[Block, ...] = (
    Block(
        "fr01",
        "fr",
        "tableaux de localisations et d'armes, compétences par catégorie",
        """\
Asgar Main-de-Fer, guerrier orlanthi
FOR 16  CON 14  TAI 14  DEX 12  INT 12  POU 13  CHA 11
Localisation   D20     Armure/PV
Jambe droite   01–04   5/5
Jambe gauche   05–08   5/5
Abdomen        09–11   5/5
Poitrine       12      5/6
Bras droit     13–15   4/4
Bras gauche    16–18   4/4
Tête           19–20   5/5
Arme            %      Dégâts         RA    PV
Épée large      70     1D8+1+1D4      7     12
Bouclier moyen  55     1D4+1D4        8     12
Javelot         45     1D10+1D2       3     8
Points de vie : 15   Points de magie : 13
Compétences : Agilité : Esquive 40 %. Communication : Éloquence 45 %, Chant 30 %. Connaissances : Bataille 40 %. Perception : Écoute 50 %, Observation 55 %.
Runes : Air 75 %, Terre 35 %, Mouvement 60 %
Passions : Loyauté (Clan) 70 %, Honneur 60 %
Points de Rune : 3 (Orlanth)
Magie spirituelle : Lame acérée 2, Soins 2
Magie runique : Foudre 1, Bouclier 1
""",
        Facts(
            "Asgar Main-de-Fer, guerrier orlanthi",
            C(STR=16, CON=14, SIZ=14, DEX=12, INT=12, POW=13, CHA=11),
            (
                W("Épée large", 70, "1D8+1", 7, 12),
                W("Bouclier moyen", 55, "1D4", 8, 12),
                W("Javelot", 45, "1D10", 3, 8),
            ),
            skills={
                "Esquive": 40,
                "Éloquence": 45,
                "Chant": 30,
                "Bataille": 40,
                "Écoute": 50,
                "Observation": 55,
            },
            runes={"Air": 75, "Terre": 35, "Mouvement": 60},
            passions={"Loyauté (Clan)": 70, "Honneur": 60},
            spirit={"Lame acérée": 2, "Soins": 2},
            cults={"Orlanth": (3, {"Foudre": 1, "Bouclier": 1})},
            armour=armour(legs=5, abdomen=5, chest=5, arms=4, head=5),
        ),
    ),
    Block(
        "fr02",
        "fr",
        "sur une ligne",
        (
            "Brigand de la Passe du Dragon. FOR 13 CON 12 TAI 12 DEX 13 INT 11 POU 10 CHA 9 Points de "
            "vie 12 Épée courte 50 %, 1D6+1+1D4, RA 7, PV 10 Esquive 30 %, Observation 40 %, "
            "Discrétion 35 % Armure 2 points (partout)\n"
        ),
        Facts(
            "Brigand de la Passe du Dragon",
            C(STR=13, CON=12, SIZ=12, DEX=13, INT=11, POW=10, CHA=9),
            (W("Épée courte", 50, "1D6+1", 7, 10),),
            skills={"Esquive": 30, "Observation": 40, "Discrétion": 35},
            armour=everywhere(2),
        ),
    ),
    Block(
        "fr03",
        "fr",
        "une caractéristique par ligne, « Armes : » séparées par « ; »",
        """\
Sœur Ilvanna, gardienne du temple de Babeester Gor
FOR 15
CON 15
TAI 11
DEX 14
INT 12
POU 14
CHA 10
Armes : Hache de bataille 80 %, 1D8+2+1D4, RA 6, PV 8 ; Grand bouclier 60 %, 1D8+1D4, RA 7, PV 16
Compétences : Esquive 45 %, Écoute 50 %, Observation 50 %, Intimidation 55 %
Runes : Terre 85 %, Mort 60 %, Désordre 40 %
Passions : Haine (profanateurs) 85 %, Dévotion (Babeester Gor) 80 %
Magie spirituelle : Lame acérée 3, Démoralisation 2
Points de Rune : 4 (Babeester Gor)
Magie runique : Hache sanglante 2, Bouclier 2
Armure : haubert d'anneaux 4, jambières de cuir bouilli 3, casque ouvert 4
""",
        Facts(
            "Sœur Ilvanna, gardienne du temple de Babeester Gor",
            C(STR=15, CON=15, SIZ=11, DEX=14, INT=12, POW=14, CHA=10),
            (W("Hache de bataille", 80, "1D8+2", 6, 8), W("Grand bouclier", 60, "1D8", 7, 16)),
            skills={"Esquive": 45, "Écoute": 50, "Observation": 50, "Intimidation": 55},
            runes={"Terre": 85, "Mort": 60, "Désordre": 40},
            passions={"Haine (profanateurs)": 85, "Dévotion (Babeester Gor)": 80},
            spirit={"Lame acérée": 3, "Démoralisation": 2},
            cults={"Babeester Gor": (4, {"Hache sanglante": 2, "Bouclier": 2})},
            armour=armour(chest=4, abdomen=4, legs=3, head=4),
        ),
    ),
    Block(
        "fr04",
        "fr",
        "créature : dés et valeurs, armes naturelles sans PV",
        """\
Homme-tigre des jungles (créature)
FOR 3D6+6 17   CON 3D6 11   TAI 2D6+6 13   DEX 3D6+3 14   INT 2D6+6 13   POU 3D6 10   CHA 3D6 10
Arme          %     Dégâts        RA    PV
Griffes       60    1D6+1D4       7     —
Coup de pied  40    1D6+1D4       7     —
Armure : 2 points partout (fourrure)
Compétences : Discrétion 70 %, Pistage 55 %, Esquive 45 %
""",
        Facts(
            "Homme-tigre des jungles (créature)",
            C(STR=17, CON=11, SIZ=13, DEX=14, INT=13, POW=10, CHA=10),
            (W("Griffes", 60, "1D6", 7, 0), W("Coup de pied", 40, "1D6", 7, 0)),
            skills={"Discrétion": 70, "Pistage": 55, "Esquive": 45},
            armour=everywhere(2),
        ),
    ),
    Block(
        "fr05",
        "fr",
        "en-têtes avec tirets, « Armes » seul sur sa ligne",
        """\
Yanafal le Lunar, officier de la Garde du Soleil Rouge
FOR 13 CON 12 TAI 13 DEX 15 INT 14 POU 13 CHA 14
Armes
Kopis 75 %, 1D8+1+1D4, RA 6, PV 12
Bouclier moyen 60 %, 1D4+1D4, RA 7, PV 12
Compétences — Esquive 40 %, Bataille 55 %, Éloquence 50 %
Runes — Lune 70 %, Air 40 %, Mort 35 %
Passions — Loyauté (Empire lunaire) 85 %
Magie runique — Folie 2, Réflexion 1
Points de Rune : 2 (Yanafal Tarnils)
Armure — cuirasse de bronze 6, jambières de bronze 6, brassards de cuir 1, casque fermé 5
""",
        Facts(
            "Yanafal le Lunar, officier de la Garde du Soleil Rouge",
            C(STR=13, CON=12, SIZ=13, DEX=15, INT=14, POW=13, CHA=14),
            (W("Kopis", 75, "1D8+1", 6, 12), W("Bouclier moyen", 60, "1D4", 7, 12)),
            skills={"Esquive": 40, "Bataille": 55, "Éloquence": 50},
            runes={"Lune": 70, "Air": 40, "Mort": 35},
            passions={"Loyauté (Empire lunaire)": 85},
            cults={"Yanafal Tarnils": (2, {"Folie": 2, "Réflexion": 1})},
            armour=armour(chest=6, legs=6, arms=1, head=5),
        ),
    ),
    Block(
        "fr06",
        "fr",
        "« FOR : 14 », tableau d'armes RA d'abord avec une colonne Parade",
        """\
Maîtresse d'armes Kesha
FOR : 14   CON : 13   TAI : 12   DEX : 16   INT : 13   POU : 12   CHA : 12
Arme          RA    Attaque    Dégâts        Parade    PV
Rapière       6     80         1D6+1+1D4     70        8
Dague         7     60         1D4+2+1D4     50        6
Compétences : Esquive 65 %, Saut 50 %, Escalade 40 %, Acrobatie 45 %
Runes : Mouvement 75 %, Air 50 %
Passions : Honneur 70 %, Amour (son élève) 55 %
Armure : cuirasse de cuir 2, casque ouvert 4
""",
        Facts(
            "Maîtresse d'armes Kesha",
            C(STR=14, CON=13, SIZ=12, DEX=16, INT=13, POW=12, CHA=12),
            (W("Rapière", 80, "1D6+1", 6, 8), W("Dague", 60, "1D4+2", 7, 6)),
            skills={"Esquive": 65, "Saut": 50, "Escalade": 40, "Acrobatie": 45},
            runes={"Mouvement": 75, "Air": 50},
            passions={"Honneur": 70, "Amour (son élève)": 55},
            armour=armour(chest=2, head=4),
        ),
    ),
    Block(
        "fr07",
        "fr",
        "sorcellerie, langues, notes",
        """\
Frère Lucan, sorcier de Sog
FOR 9 CON 11 TAI 11 DEX 12 INT 17 POU 15 CHA 10
Points de vie : 11   Points de magie : 15
Dague 40 %, 1D4+2, RA 8, PV 6
Compétences : Méditation 60 %, Lecture / Écriture (ancien wyrmique) 45 %, Esquive 25 %
Langues : Tradetalk 50 %, Sogite 80 %
Sorcellerie : Vision mystique 2, Drainer la vie 3
Notes : il ne quitte jamais sa tour.
""",
        Facts(
            "Frère Lucan, sorcier de Sog",
            C(STR=9, CON=11, SIZ=11, DEX=12, INT=17, POW=15, CHA=10),
            (W("Dague", 40, "1D4+2", 8, 6),),
            skills={
                "Méditation": 60,
                "Lecture / Écriture (ancien wyrmique)": 45,
                "Esquive": 25,
                "Tradetalk": 50,
                "Sogite": 80,
            },
            notes=("il ne quitte jamais sa tour.", "Vision mystique 2, Drainer la vie 3"),
        ),
    ),
    Block(
        "fr08",
        "fr",
        "trollesse : « Affinités runiques », rang de culte non lu",
        """\
Karga la Grande Mère, trollesse
FOR 19 CON 17 TAI 21 DEX 10 INT 13 POU 16 CHA 11
Armes : Masse lourde 70 %, 1D8+2+1D6, RA 6, PV 10 ; Fronde 45 %, 1D8, RA 3, PV 3
Compétences : Écoute 65 %, Esquive 25 %, Vénération (Kyger Litor) 70 %
Affinités runiques : Ténèbres 90 %, Terre 55 %, Homme 40 %
Passions : Loyauté (Kyger Litor) 90 %, Haine (Elfes) 60 %
Culte : Kyger Litor (initiée)
Points de Rune : 4 (Kyger Litor)
Magie runique : Ténèbres 1, Obscurité (2)
Armure : haubert d'écailles 5, casque composite 3
""",
        Facts(
            "Karga la Grande Mère, trollesse",
            C(STR=19, CON=17, SIZ=21, DEX=10, INT=13, POW=16, CHA=11),
            (W("Masse lourde", 70, "1D8+2", 6, 10), W("Fronde", 45, "1D8", 3, 3)),
            skills={"Écoute": 65, "Esquive": 25, "Vénération (Kyger Litor)": 70},
            runes={"Ténèbres": 90, "Terre": 55, "Homme": 40},
            passions={"Loyauté (Kyger Litor)": 90, "Haine (Elfes)": 60},
            cults={"Kyger Litor": (4, {"Ténèbres": 1, "Obscurité": 2})},
            armour=armour(chest=5, abdomen=5, head=3),
        ),
    ),
    Block(
        "fr09",
        "fr",
        "« Compétences » seul, une catégorie par ligne",
        """\
Hérald Vosk, messager de Sartar
FOR 12 CON 13 TAI 11 DEX 14 INT 14 POU 12 CHA 15
Compétences
Agilité : Esquive 50 %, Monte 60 %, Nage 30 %
Communication : Baratin 45 %, Éloquence 55 %, Charme 50 %
Connaissances : Coutumes (Sartar) 60 %, Connaissance de la région 50 %
Perception : Écoute 45 %, Observation 50 %
Discrétion : Dissimulation 30 %, Déplacement silencieux 35 %
Épée courte 45 %, 1D6+1, RA 7, PV 10
Magie spirituelle : Mobilité 1, Soins 2
""",
        Facts(
            "Hérald Vosk, messager de Sartar",
            C(STR=12, CON=13, SIZ=11, DEX=14, INT=14, POW=12, CHA=15),
            (W("Épée courte", 45, "1D6+1", 7, 10),),
            skills={
                "Esquive": 50,
                "Monte": 60,
                "Nage": 30,
                "Baratin": 45,
                "Éloquence": 55,
                "Charme": 50,
                "Coutumes (Sartar)": 60,
                "Connaissance de la région": 50,
                "Écoute": 45,
                "Observation": 50,
                "Dissimulation": 30,
                "Déplacement silencieux": 35,
            },
            spirit={"Mobilité": 1, "Soins": 2},
        ),
    ),
    Block(
        "fr10",
        "fr",
        "localisations avec l'armure et les PV en colonnes",
        """\
Gardien du gué
FOR 14 CON 14 TAI 15 DEX 11 INT 10 POU 11 CHA 10
Localisation   D20     Armure   PV
Jambe droite   01-04   3        5
Jambe gauche   05-08   3        5
Abdomen        09-11   4        5
Poitrine       12      4        6
Bras droit     13-15   3        4
Bras gauche    16-18   3        4
Tête           19-20   4        5
Lance courte 55 %, 1D6+1+1D4, RA 6, PV 10
Esquive 30 %, Observation 35 %, Écoute 40 %
""",
        Facts(
            "Gardien du gué",
            C(STR=14, CON=14, SIZ=15, DEX=11, INT=10, POW=11, CHA=10),
            (W("Lance courte", 55, "1D6+1", 6, 10),),
            skills={"Esquive": 30, "Observation": 35, "Écoute": 40},
            armour=armour(legs=3, abdomen=4, chest=4, arms=3, head=4),
        ),
    ),
    Block(
        "fr11",
        "fr",
        "guérisseuse : sorts variables, deux lignes de prose",
        """\
Mère Aldra, guérisseuse de Chalana Arroy
FOR 8 CON 12 TAI 10 DEX 11 INT 15 POU 17 CHA 15
Compétences : Premiers soins 85 %, Traitement des maladies 70 %, Connaissance des plantes 65 %, Vénération (Chalana Arroy) 80 %
Magie spirituelle : Soins 6 (variable), Sommeil 3
Points de Rune : 4 (Chalana Arroy)
Magie runique : Soins des blessures 1, Résurrection 3
Elle ne porte jamais d'arme.
Elle refuse de soigner les créatures du Chaos.
""",
        Facts(
            "Mère Aldra, guérisseuse de Chalana Arroy",
            C(STR=8, CON=12, SIZ=10, DEX=11, INT=15, POW=17, CHA=15),
            skills={
                "Premiers soins": 85,
                "Traitement des maladies": 70,
                "Connaissance des plantes": 65,
                "Vénération (Chalana Arroy)": 80,
            },
            spirit={"Soins": 6, "Sommeil": 3},
            variable=frozenset({"Soins"}),
            cults={"Chalana Arroy": (4, {"Soins des blessures": 1, "Résurrection": 3})},
            not_read=(
                "Elle ne porte jamais d'arme.",
                "Elle refuse de soigner les créatures du Chaos.",
            ),
        ),
    ),
    Block(
        "fr12",
        "fr",
        "Runes avec leur type entre parenthèses, vitesse de déplacement",
        """\
Rurik le Marcheur
FOR 12 CON 13 TAI 12 DEX 13 INT 12 POU 14 CHA 11
Vitesse de déplacement : 8
Points de vie : 13
Runes : Mouvement (pouvoir) 80 %, Air (élément) 60 %, Vérité (pouvoir) 35 %
Passions : Loyauté (Issaries) 60 %
Bâton 40 %, 1D8, RA 7, PV 8
Compétences : Marchandage 70 %, Évaluation 55 %, Monte 45 %
""",
        Facts(
            "Rurik le Marcheur",
            C(STR=12, CON=13, SIZ=12, DEX=13, INT=12, POW=14, CHA=11),
            (W("Bâton", 40, "1D8", 7, 8),),
            skills={"Marchandage": 70, "Évaluation": 55, "Monte": 45},
            runes={"Mouvement": 80, "Air": 60, "Vérité": 35},
            passions={"Loyauté (Issaries)": 60},
        ),
    ),
    Block(
        "fr13",
        "fr",
        "« Sorts : », armure en fin de bloc, points de vie en dernier",
        """\
Éclaireur pol-joni
FOR 13 CON 12 TAI 12 DEX 15 INT 12 POU 11 CHA 10
Armes : Arc composite 70 %, 1D8+1, RA 2, PV 7 ; Lance courte 50 %, 1D6+1+1D4, RA 6, PV 10
Compétences : Monte 75 %, Observation 60 %, Pistage 50 %, Esquive 40 %
Runes : Air 60 %, Bête 45 %
Sorts : Multimissile 2, Protection 2
Armure : cuirasse de cuir rigide 2, jambières de cuir 1, casque composite 3
Points de vie 12
""",
        Facts(
            "Éclaireur pol-joni",
            C(STR=13, CON=12, SIZ=12, DEX=15, INT=12, POW=11, CHA=10),
            (W("Arc composite", 70, "1D8+1", 2, 7), W("Lance courte", 50, "1D6+1", 6, 10)),
            skills={"Monte": 75, "Observation": 60, "Pistage": 50, "Esquive": 40},
            runes={"Air": 60, "Bête": 45},
            spirit={"Multimissile": 2, "Protection": 2},
            armour=armour(chest=2, legs=1, head=3),
        ),
    ),
    Block(
        "fr14",
        "fr",
        "combat spirituel et dégâts, culte dans l'en-tête de la magie runique",
        """\
Dame Erlinde, épée de Humakt
FOR 15 CON 14 TAI 13 DEX 15 INT 13 POU 16 CHA 11
Combat spirituel 70 %, dégâts 1D6+3
Épée large 90 %, 1D8+1+1D4, RA 5, PV 12
Petit bouclier 55 %, 1D3+1D4, RA 6, PV 8
Compétences : Esquive 45 %, Bataille 60 %, Observation 50 %
Runes : Mort 90 %, Vérité 70 %
Passions : Honneur 90 %, Dévotion (Humakt) 85 %
Magie runique (Humakt) : Tranche-esprit 3, Épée de vérité 2
Points de Rune : 5
Armure : haubert d'écailles 5, jambières de bronze 6, brassards de bronze 6, heaume complet 6
""",
        Facts(
            "Dame Erlinde, épée de Humakt",
            C(STR=15, CON=14, SIZ=13, DEX=15, INT=13, POW=16, CHA=11),
            (W("Épée large", 90, "1D8+1", 5, 12), W("Petit bouclier", 55, "1D3", 6, 8)),
            skills={"Spirit Combat": 70, "Esquive": 45, "Bataille": 60, "Observation": 50},
            runes={"Mort": 90, "Vérité": 70},
            passions={"Honneur": 90, "Dévotion (Humakt)": 85},
            cults={"Humakt": (5, {"Tranche-esprit": 3, "Épée de vérité": 2})},
            armour=armour(chest=5, abdomen=5, legs=6, arms=6, head=6),
        ),
    ),
    Block(
        "fr15",
        "fr",
        "catégories avec tirets, PV et PM sur une ligne, RA DEX et RA TAI",
        """\
Ilsa Brightwater (Adventurer)
FOR 11  CON 13  TAI 10  DEX 16  INT 15  POU 14  CHA 14
PV 13 — PM 14 — RA DEX 1, RA TAI 2
Armes : Arc court 65 %, 1D6+1, RA 1, PV 5 ; Dague 35 %, 1D4+2, RA 6, PV 6
Compétences : Agilité — Esquive 55 %, Saut 40 %. Perception — Observation 65 %, Écoute 50 %. Discrétion — Camouflage 45 %, Déplacement silencieux 50 %.
Runes : Eau 70 %, Harmonie 50 %, Homme (forme) 60 %
Passions : Amour (sa sœur) 75 %
Magie spirituelle : Vivacité 1, Soins 2
Armure : 2 points (cuir souple) partout
""",
        Facts(
            "Ilsa Brightwater (Adventurer)",
            C(STR=11, CON=13, SIZ=10, DEX=16, INT=15, POW=14, CHA=14),
            (W("Arc court", 65, "1D6+1", 1, 5), W("Dague", 35, "1D4+2", 6, 6)),
            skills={
                "Esquive": 55,
                "Saut": 40,
                "Observation": 65,
                "Écoute": 50,
                "Camouflage": 45,
                "Déplacement silencieux": 50,
            },
            runes={"Eau": 70, "Harmonie": 50, "Homme": 60},
            passions={"Amour (sa sœur)": 75},
            spirit={"Vivacité": 1, "Soins": 2},
            armour=everywhere(2),
        ),
    ),
    Block(
        "fr16",
        "fr",
        "tableau à barres, localisations sur une ligne",
        """\
Orgil le Rouge
FOR 14 | CON 12 | TAI 13 | DEX 11 | INT 10 | POU 9 | CHA 8
| Arme | % | Dégâts | RA | PV |
| --- | --- | --- | --- | --- |
| Hache de bataille | 60 | 1D8+2+1D4 | 7 | 8 |
| Petit bouclier | 40 | 1D3+1D4 | 8 | 8 |
Localisation D20 Armure/PV : Jambe droite 01-04 2/5, Jambe gauche 05-08 2/5, Abdomen 09-11 2/5, Poitrine 12 2/6, Bras droit 13-15 1/4, Bras gauche 16-18 1/4, Tête 19-20 3/5
Compétences : Esquive 25 %, Observation 30 %
""",
        Facts(
            "Orgil le Rouge",
            C(STR=14, CON=12, SIZ=13, DEX=11, INT=10, POW=9, CHA=8),
            (W("Hache de bataille", 60, "1D8+2", 7, 8), W("Petit bouclier", 40, "1D3", 8, 8)),
            skills={"Esquive": 25, "Observation": 30},
            armour=armour(legs=2, abdomen=2, chest=2, arms=1, head=3),
        ),
    ),
    Block(
        "fr17",
        "fr",
        "« Armes : » seul sur sa ligne, javelot de lancer, armure en un mot",
        """\
Sauvage des collines
FOR 14, CON 13, TAI 12, DEX 12, INT 11, POU 10, CHA 9
PV : 13   PM : 10   Bonus aux dégâts : +1D4
Armes :
Hache de bataille 55 %, 1D8+2+1D4, RA 7, PV 8
Javelot (de lancer) 40 %, 1D10+1D2, RA 3, PV 8
Armure : cuir (2 points partout)
Compétences : Esquive 35 %, Escalade 50 %, Pistage 45 %
Runes : Bête 55 %, Air 40 %
Passions : Haine (Lunars) 60 %
""",
        Facts(
            "Sauvage des collines",
            C(STR=14, CON=13, SIZ=12, DEX=12, INT=11, POW=10, CHA=9),
            (W("Hache de bataille", 55, "1D8+2", 7, 8), W("Javelot", 40, "1D10", 3, 8)),
            skills={"Esquive": 35, "Escalade": 50, "Pistage": 45},
            runes={"Bête": 55, "Air": 40},
            passions={"Haine (Lunars)": 60},
            armour=everywhere(2),
        ),
    ),
    Block(
        "fr18",
        "fr",
        "tableau à barres, catégories avec leur modificateur, Mouvement : 8, combat spirituel",
        """\
Vasilka Marche-Vent, initiée d'Orlanth
Caractéristiques : FOR 13, CON 14, TAI 12, DEX 15, INT 13, POU 15, CHA 14
Points de vie : 14 · Points de magie : 15 · Bonus aux dégâts : +1D4 · Vitesse de guérison : 3
Rang d'action : DEX 2, TAI 2
Mouvement : 8
Combat spirituel : 55 %, dégâts 1D6+1
| Arme | % | Dégâts | RA | PV |
|---|---|---|---|---|
| Épée large | 65 | 1D8+1+1D4 | 6 | 12 |
| Bouclier moyen | 50 | 1D4+1D4 | 7 | 12 |
Compétences :
Agilité (+5 %) : Esquive 45 %, Saut 40 %
Communication (+5 %) : Éloquence 50 %, Chant 40 %
Magie (+5 %) : Méditation 25 %, Vénération (Orlanth) 50 %
Runes : Air 80 %, Mouvement 60 %, Feu/Ciel 20 %
Passions : Loyauté (Sartar) 60 %, Honneur 65 %
Armure : haubert de cuir (2 points), jambières de bronze (5), casque ouvert (4)
Points de Rune : 3 (Orlanth)
Magie runique : Foudre (1), Bouclier (1), Vol (2)
Magie spirituelle : Démoralisation (2), Soins (2)
""",
        Facts(
            "Vasilka Marche-Vent, initiée d'Orlanth",
            C(STR=13, CON=14, SIZ=12, DEX=15, INT=13, POW=15, CHA=14),
            (W("Épée large", 65, "1D8+1", 6, 12), W("Bouclier moyen", 50, "1D4", 7, 12)),
            skills={
                "Spirit Combat": 55,
                "Esquive": 45,
                "Saut": 40,
                "Éloquence": 50,
                "Chant": 40,
                "Méditation": 25,
                "Vénération (Orlanth)": 50,
            },
            runes={"Air": 80, "Mouvement": 60, "Feu/Ciel": 20},
            passions={"Loyauté (Sartar)": 60, "Honneur": 65},
            spirit={"Démoralisation": 2, "Soins": 2},
            cults={"Orlanth": (3, {"Foudre": 1, "Bouclier": 1, "Vol": 2})},
            armour=armour(chest=2, abdomen=2, legs=5, head=4),
        ),
    ),
    Block(
        "fr19",
        "fr",
        "créature : dés et moyennes entre parenthèses, pas d'armure (—), tableau sans PV",
        """\
Ogre affamé (créature)
FOR 3D6+6 (17) CON 2D6+6 (13) TAI 2D6+6 (13) DEX 3D6 (10) INT 3D6 (10) POU 3D6 (10) CHA 3D6 (10)
Localisation   D20     Armure/PV
Jambe droite   01–04   —/5
Jambe gauche   05–08   —/5
Abdomen        09–11   —/5
Poitrine       12      —/6
Bras droit     13–15   —/4
Bras gauche    16–18   —/4
Tête           19–20   —/5
Arme           %     Dégâts       RA
Massue         55    2D6+1D4      7
Poing          45    1D3+1D4      8
Compétences : Écoute 40 %, Pistage 35 %
Il dévore tout ce qu'il trouve.
""",
        Facts(
            "Ogre affamé (créature)",
            C(STR=17, CON=13, SIZ=13, DEX=10, INT=10, POW=10, CHA=10),
            (W("Massue", 55, "2D6", 7, 0), W("Poing", 45, "1D3", 8, 0)),
            skills={"Écoute": 40, "Pistage": 35},
            not_read=("Il dévore tout ce qu'il trouve.",),
        ),
    ),
)
