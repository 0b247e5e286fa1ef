"""The defects the eleventh play-test of Elor found: an attribute named in a test's level, the
wake test, downtime work and its risk said in the advance's lines, names as the sheet spells them
in refusals, an effect bought twice and why a profession counts for half, through the real
``chronique`` command (in-process, ``support.run``) and the rules in memory with scripted dice.
En are the rulings of docs/rulings.md."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from elor_table import (
    ALDO,
    BRUNA,
    MORNING,
    dice,
    downtime,
    events_of,
    in_the_log,
    of_kind,
    refused_in_one_line,
    run_until,
    table,
    tolosa,
    tolosa_with_brigand,
)
from support import run

from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import start_long_action
from chronique.domain.rulesets.elor.play import Attack, TestSpec, attack, roll_test, suffer_damage
from chronique.domain.timeline import advance

# -- 1. Each attribute of a level by its name (E94, E95) ---------------------------------------


def test_a_test_names_each_attribute_as_the_sheet_spells_it_seed_Attributs_PROPOSAL_B7(db: str) -> None:
    # §Attributs, PROPOSAL B7: Perception visuelle modifies Esprit by +1 a level. Samson's test
    # said "level 1 (Esprit 0, attributes +1)", and Montana James's -1 and +1 were said nowhere
    # (their sum 0 left out). Ruling E94: each attribute is a term of its own, by its sheet's name.
    tolosa(db)
    said = run(db, "elor", "test", "Tolosa", "samson", "-f", "E", "--attribute", "perception VISUELLE").stdout
    assert said.startswith("Samson: level 1 (Esprit 0, Perception visuelle +1): ")
    said = run(
        db, "elor", "test", "Tolosa", "Montana James", "-f", "E", "--attribute", "Perception auditive", "--attribute", "perception visuelle"
    ).stdout
    assert said.startswith("Montana James: level 2 (Esprit 2, Perception auditive -1, Perception visuelle +1): ")
    tests = of_kind(db, "TestRolled")
    assert [in_the_log(e).split(":")[1] for e in tests] == [
        " level 1 (Esprit 0, Perception visuelle +1)",
        " level 2 (Esprit 2, Perception auditive -1, Perception visuelle +1)",
    ]
    assert tests[1]["terms"] == {
        "faculty": 2,
        "Perception auditive": -1,
        "Perception visuelle": 1,
        "profession": 0,
        "halved": 0,
        "familiarity": 0,
        "prowess": 0,
        "difficulty": 0,
        "wounds": 0,
    }


def test_a_test_recorded_with_the_sum_of_its_attributes_names_them_seed_Attributs() -> None:
    # Ruling E94: a test recorded before each attribute was its own term kept their sum as
    # "attributes"; the log says it by the names its spec lists, never "attributes +1".
    world = table({**ALDO, "attributes": {"Perception visuelle": 1}}, dice=[4])
    roll_test(world, "Aldo", TestSpec("E", attributes=("Perception visuelle",)))
    (rolled,) = events_of(world, "Aldo", ev.TestRolled)
    older = SimpleNamespace(**{**rolled.__dict__, "terms": {"faculty": 0, "attributes": 1, "profession": 0, "difficulty": 0}})
    words = WORDS[f"{ev.__name__}:TestRolled"]
    assert words(older) == "test: level 1 (Esprit 0, Perception visuelle +1): rolled 4 — 0 degrees of success"
    assert ruleset("elor").describe(rolled) == words(older)


def test_an_attribute_given_twice_is_refused_seed_Attributs(db: str) -> None:
    # §Attributs: an attribute's levels are what the sheet holds. Typed twice, Perception visuelle
    # counted twice (level 4 for Montana James's Esprit 2 + 1), a level the log could not add up.
    # Ruling E95: refused in one line, nothing recorded.
    tolosa(db)
    said = refused_in_one_line(
        db, "elor", "test", "Tolosa", "Montana James", "-f", "E", "--attribute", "Perception visuelle", "--attribute", "perception visuelle"
    )
    assert said == "error: Perception visuelle is given 2 times: give each attribute once"


# -- 2. The advance says the tests it made (E96, E98) ---------------------------------------------


def test_the_advance_says_the_wake_test_in_words_PROPOSAL_5_6() -> None:
    # PROPOSAL §5.6 (flag wake_test, E24): a D10 every hour at P + M + 5. The advance said "Aldo
    # wakes up", not what was rolled against what. Ruling E96: as the log says the test.
    world = table(dice=[7], settings={"wake_test": True})  # Aldo: Physique 1, Mental -1: level 5
    suffer_damage(world, "Aldo", 7, "mace", "head")  # head HP 4: unconscious, not dead
    ticks = advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + HOUR)
    assert [t.account for t in ticks] == [
        "Aldo's hourly test to wake up: level 5 (Physique 1, Mental -1, +5 to wake): rolled 7 — 0 degrees of success — still unconscious"
    ]


def test_campaign_advance_prints_the_wake_test_as_the_log_says_it_PROPOSAL_5_6(db: str) -> None:
    # The same on the command line: Samson (Physique 2, Mental -1) knocked out by a blow to the
    # head (HP 4), an hour passes; the advance's line is the log's, by his name.
    tolosa(db)
    run(db, "campaign", "set", "Tolosa", "wake_test", "on")
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "4", "--location", "Tête", "--source", "a branch")
    run(db, "session", "end", "Tolosa")
    said = run(db, "advance", "Tolosa", "1h", "--yes").stdout.splitlines()
    (woke,) = of_kind(db, "WakeTested")
    line = "Samson's " + in_the_log(woke).removeprefix("the ")
    assert said[1] == f"  Day 1 09:00  {line}"
    assert line.startswith("Samson's hourly test to wake up: level 6 (Physique 2, Mental -1, +5 to wake): rolled ")


def test_the_advance_says_each_test_of_a_collaboration_and_its_coordination_seed_Collaborations_L458() -> None:
    # §Actions longues L442, §Collaborations L458-L464: one test per participant each unit, the
    # unit's degrees less 1 for 3 working together. The advance said "Aldo: lift the gate 1/5
    # degrees (next test …)": what each rolled against what was in the log only. Ruling E98.
    world = table(ALDO, BRUNA, {**BRUNA, "name": "Carlo"})
    downtime(world)
    helpers = [("Bruna", TestSpec("P")), ("Carlo", TestSpec("P"))]
    start_long_action(world, "Aldo", "lift the gate", 5, TestSpec("P"), effort_regime="none", helpers=helpers)
    dice(world).add(1, 1, 9)  # Physique 1 each: level 1
    (tick,) = run_until(world, MORNING + HOUR)
    assert tick.account == (
        "Aldo: lift the gate 1/5 degrees (next test Day 1 10:00) — Aldo level 1 (Physique 1): rolled 1 — 1 degree of success;"
        " Bruna level 1 (Physique 1): rolled 1 — 1 degree of success; Carlo level 1 (Physique 1): rolled 9 — 0 degrees of success,"
        " coordination −1"
    )


# -- 3. Names as the sheet spells them in refusals (E97) -----------------------------------------


def test_names_typed_in_another_case_or_accents_are_the_sheets_and_unknown_ones_are_quoted_plainly_seed_Professions(db: str) -> None:
    # §Professions, §Familiarités (E1, E92: a name is found whatever its case). "Guérrier" or
    # "hâches" were not found: a refusal quoting what was typed, or a familiarity lacked that
    # halved the profession without a word. Ruling E97: found without case or accents; a refusal
    # names a held thing as the sheet does, and quotes an unknown one plainly with what is held.
    tolosa(db)
    said = run(db, "elor", "test", "Tolosa", "samson", "-p", "Guérrier", "--familiarity", "hâches").stdout
    assert said.startswith("Samson: level 4 (Coordination 1, Guerrier +2, Haches +1): ")
    assert refused_in_one_line(db, "elor", "test", "Tolosa", "samson", "-p", "bûcheron") == (
        "error: Samson has no profession “bûcheron” (professions: Guerrier)"
    )
    assert refused_in_one_line(db, "elor", "test", "Tolosa", "samson", "--attribute", "vision nocturne") == (
        "error: Samson has no attribute “vision nocturne” (attributes: Perception visuelle)"
    )
    assert refused_in_one_line(db, "elor", "attack", "Tolosa", "samson", "montana james", "-w", "l'épée") == (
        "error: Samson has no weapon “l'épée” (weapons: Hache)"
    )
    # Ruling E101: an attribute that modifies another faculty, or none, says what it is.
    assert refused_in_one_line(db, "elor", "test", "Tolosa", "samson", "--attribute", "perception visuelle") == (
        "error: Perception visuelle does not modify Coordination: it modifies Esprit"
    )
    assert refused_in_one_line(db, "elor", "test", "Tolosa", "Montana James", "-f", "E", "--attribute", "vision nocturne") == (
        "error: Vision nocturne does not modify Esprit: a basic attribute modifies no faculty (§Attributs)"
    )
    assert refused_in_one_line(db, "elor", "test", "Tolosa", "samson", "-f", "l'esprit") == (
        "error: unknown faculty “l'esprit” (one of Physique (P), Coordination (C), Esprit (E), Mental (M))"
    )
    # §La parade, §Endommagement de l'équipement: Montana James's whip as her sheet spells it.
    assert refused_in_one_line(db, "elor", "attack", "Tolosa", "samson", "montana james", "-w", "hache", "--parry-with", "FOUET") == (
        "error: Fouet parries only in a parry: the defence is a dodge"
    )
    assert refused_in_one_line(db, "elor", "attack", "Tolosa", "samson", "montana james", "-w", "hache", "--item", "fouet") == (
        "error: Fouet is hit only with the effect Endommagement de l'équipement"
    )


def test_training_and_experience_take_the_sheets_spelling_PROPOSAL_5_5(db: str) -> None:
    # PROPOSAL §5.5 (E25, E27): a teacher's profession typed without its accent was one the
    # teacher "has no level in"; a familiarity granted as "hâches" was a row beside Haches, and
    # "guérrier" a new profession. Ruling E97: the sheet's spelling; an unknown one quoted plainly.
    tolosa(db)
    assert run(db, "elor", "downtime", "train", "Tolosa", "Samson", "archeologue", "--teacher", "Montana James").stdout.startswith(
        "Samson trains in Archéologue with Montana James"
    )
    assert refused_in_one_line(db, "elor", "downtime", "train", "Tolosa", "Samson", "cuisinier", "--teacher", "Montana James") == (
        "error: Montana James cannot teach “cuisinier”: Montana James has no level in it (professions: Archéologue, Aventurier)"
    )
    run(db, "elor", "xp", "award", "Tolosa", "Samson", "1")
    assert run(db, "elor", "xp", "spend", "Tolosa", "Samson", "guérrier", "familiarity", "hâches").stdout == (
        "Samson: Guerrier 3, with familiarity Haches, now Haches +2\n"  # E122: the seed's own example (§Familiarités L270)
    )
    sheet = of_kind(db, "ProfessionRaised")[0]
    assert (sheet["profession"], sheet["grant"]) == ("Guerrier", "Haches")
    # A level by training, its familiarity named afterwards (E27): "hâches" is Haches, on the
    # line and on the sheet. At level 11 (PROPOSAL B4) the weekly test succeeds without a roll.
    run(db, "elor", "downtime", "train", "Tolosa", "Samson", "Aventurier", "--teacher", "Montana James", "-d", "10")
    run(db, "session", "end", "Tolosa")
    run(db, "advance", "Tolosa", "2w", "--yes")
    assert (
        run(db, "elor", "xp", "grant", "Tolosa", "samson", "familiarity", "hâches").stdout
        == "Samson gains familiarity Haches, now Haches +3\n"
    )
    assert "Haches +3\n" in run(db, "sheet", "Tolosa", "Samson").stdout


# -- 4. An effect bought twice is said twice (E99) -------------------------------------------------


def test_an_effect_bought_twice_is_said_twice_seed_Liste_d_effets_de_combat() -> None:
    # §Liste d'effets de combat: effects stack and repeat; Dommages augmentés adds the weapon's
    # increment each time. Bruna's 3 degrees against no defence win 2 points, spent on it twice
    # (her Hache: 5 + 1 + 1), but the exchange said "effects: Dommages augmentés", as if once.
    world = table(dice=[1, 1, 1, 75])  # level 2 (Coordination 1, Guerrier +1), 3 dice; D100 75 the torso
    blow = Attack("Hache", TestSpec("C", "Guerrier", effort=2), defence="none", offensive_effects=("increased-damage",) * 2)
    result = attack(world, "Bruna", "Aldo", blow)
    assert result.offensive == {"increased-damage": 2}
    assert result.damage is not None and result.damage["value"]["effective"] == 6  # 7, less the torso's armour 1
    (resolved,) = events_of(world, "Bruna", ev.AttackResolved)
    assert ruleset("elor").describe(resolved) == (
        "melee attack on Aldo: 3 degrees against no defence — hit in the torse; effects: Dommages augmentés twice"
    )


# -- 5. Why a profession counts for half (E100) ----------------------------------------------------


def test_a_halved_profession_says_why_seed_Familiarites_PROPOSAL_B5(db: str, tmp_path: Path) -> None:
    # §Familiarités L262-L264: without the familiarity the activity needs, a profession counts
    # for half its level; PROPOSAL B5, halved once when it applies only in part too. The brigand's
    # Guerrier 4 typed with the weapon "Épée" for the familiarity "Épées" read "Guerrier +2": a
    # level that could not be told from a full Guerrier 2. Ruling E100: its level, then the half.
    tolosa_with_brigand(db, tmp_path)
    said = run(db, "elor", "test", "Tolosa", "brigand", "-p", "guerrier", "--familiarity", "Épée").stdout
    assert said.startswith("Brigand: level 2 (Coordination 1, Guerrier +2, half: without Épée -1): ")
    said = run(db, "elor", "test", "Tolosa", "brigand", "-f", "P", "-p", "guerrier", "--applies", "partial").stdout
    assert said.startswith("Brigand: level 2 (Physique 1, Guerrier +2, half: in part -1): ")
    said = run(db, "elor", "test", "Tolosa", "brigand", "-p", "guerrier", "--familiarity", "épées").stdout
    assert said.startswith("Brigand: level 3 (Coordination 1, Guerrier +2): ")
    halved = [e["terms"]["halved"] for e in of_kind(db, "TestRolled")]
    assert halved == [-1, -1, 0]
    # A test recorded before kept the halved level as its profession term: said as it read.
    older = SimpleNamespace(**{**of_kind(db, "TestRolled")[0], "terms": {"faculty": 1, "profession": 1, "familiarity": 0}})
    assert WORDS[f"{ev.__name__}:TestRolled"](older).startswith("test: level 2 (Coordination 1, Guerrier +1): ")
