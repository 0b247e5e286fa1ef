"""The defects the tenth play-test of Elor found, at the table and in its combat: the names the
in-session commands say, the hourly wake test's level and the risk clock's long action, through
the real ``chronique`` command (in-process, ``support.run``) and the rules in memory with scripted
dice. En are the rulings of docs/rulings.md."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from elor_table import dice, downtime, events_of, log, refused_in_one_line, table, tolosa
from support import run

from chronique.cli.elor import reaction_line
from chronique.domain.gametime import HOUR
from chronique.domain.rulesets import ruleset
from chronique.domain.rulesets.elor import events as ev
from chronique.domain.rulesets.elor.describe import WORDS
from chronique.domain.rulesets.elor.downtime import Risk, start_long_action
from chronique.domain.rulesets.elor.play import TestSpec, level_of, roll_test, suffer_damage
from chronique.domain.rulesets.elor.resolution import react
from chronique.domain.timeline import advance

# -- 1. The in-session commands name everyone and everything as the sheet spells it (E92) -------


def test_table_commands_name_characters_professions_and_familiarities_as_the_sheets_spell_them_seed_Tests_d_action(db: str) -> None:
    # §Tests d'action: the level is the faculty + the profession + the familiarity's bonus
    # (Samson: Physique 2, Guerrier 2, Haches twice: +1). A name is found whatever its case (E1),
    # but the lines said it as typed: "samson: level 5 (Physique 2, guerrier +2, haches +1)", and
    # the log kept "guerrier" and "action against montana james". Ruling E92: as the sheet says.
    tolosa(db)
    said = run(db, "elor", "test", "Tolosa", "samson", "-f", "p", "-p", "guerrier", "--familiarity", "HACHES").stdout
    assert said.startswith("Samson: level 5 (Physique 2, Guerrier +2, Haches +1): ")
    said = run(db, "elor", "oppose", "Tolosa", "SAMSON", "montana james", "-p", "guerrier").stdout.splitlines()
    assert said[0].startswith("Samson: level 3 (Coordination 1, Guerrier +2): ")
    assert said[1] == "Montana James: level 0 (Coordination 0): no roll, failure — 0 degrees of success"
    # §Actions / réactions L374-L392: the last line, what the recorded degrees came to, names the
    # actor as the sheet does.
    action, reaction = [e["outcome"]["degrees"] for e in log(db) if e["topic"].endswith(":TestRolled")][1:3]
    assert said[2] == reaction_line("Samson", ["Montana James"], react(action, [reaction]))
    said = run(db, "elor", "contest", "Tolosa", "samson", "montana james").stdout.splitlines()
    assert [line.split(":")[0] for line in said[:2]] == ["Samson", "Montana James"]
    assert run(db, "elor", "damage", "Tolosa", "samson", "--amount", "2", "--location", "bras gauche").stdout == (
        "Samson's bras gauche: 2 points of damage, 2 in all (hurt)\n"
    )
    tests = [e for e in log(db) if e["topic"].endswith(":TestRolled")]
    assert [(e["purpose"], e["spec"]["profession"], e["spec"]["familiarity"]) for e in tests] == [
        ("Physique test", "Guerrier", "Haches"),
        ("action against Montana James", "Guerrier", None),
        ("reaction to Samson", None, None),
        ("contest", None, None),
        ("contest", None, None),
    ]


def test_an_attack_names_attacker_target_and_weapon_as_the_sheets_spell_them_seed_Attaque_Application_des_dommages(db: str) -> None:
    # §Attaque, §Application des dommages: the attack's line, the defence's and the damage's name
    # the attacker and the target; the log names the weapon in the test's purpose and as the
    # blow's source. Typed "samson" and "HACHE", they read "samson attacks", "attack on Montana
    # James with HACHE" and "(Samson's HACHE)". Ruling E92: as the sheets spell them.
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    said = run(db, "elor", "attack", "Tolosa", "samson", "montana james", "-w", "HACHE", "-p", "guerrier", "--defend-on-miss")
    said = said.stdout.splitlines()
    # Up together, the target laid "Défense" (ruling E115), said by its sheet's name too.
    assert said[0] == "Montana James, up together with Samson, laid “Défense”: the action point of this opportunity holds the defence"
    assert said[1].startswith("Samson attacks: level 4 (Coordination 1, Guerrier +2, Haches +1): ")
    assert said[2].startswith("Montana James dodges: level 0 (Coordination 0)")
    assert all(not line.startswith("montana james") for line in said)
    (attack,) = [e for e in log(db) if e["topic"].endswith(":TestRolled") and e["purpose"].startswith("attack")]
    assert attack["purpose"] == "attack on Montana James with Hache"
    # Montana James's dodge at level 0 fails without a roll (PROPOSAL B4): a degree of the attack hits.
    hit = attack["outcome"]["degrees"] > 0
    assert [e["source"] for e in log(db) if e["topic"].endswith(":DamageTaken")] == (["Samson's Hache"] if hit else [])


def test_a_profession_typed_in_another_case_is_ticked_once_a_session_PROPOSAL_5_5() -> None:
    # PROPOSAL §5.5 (E25): a profession used in a test with 2 degrees or more is ticked, once a
    # session. Typed "guerrier" then "GUERRIER", Aldo's Guerrier was ticked twice, as two
    # professions the progression would roll for (ruling E92: the sheet's spelling is recorded).
    world = table(dice=[1, 1, 1, 1])  # level 4 (Coordination 2 + Guerrier 2), 2 dice: 2 degrees each
    roll_test(world, "Aldo", TestSpec("C", "guerrier", effort=1))
    roll_test(world, "Aldo", TestSpec("C", "GUERRIER", effort=1))
    assert world.character("Aldo").condition["ticks"] == ["Guerrier"]


def test_a_familiarity_typed_with_spaces_is_the_one_held_not_one_lacked_seed_Familiarites() -> None:
    # §Familiarités L266-L270: lacking the familiarity an activity needs halves the profession;
    # held twice it adds +1. Typed "  ÉPÉES " (as a shell quote leaves it), Aldo's Épées was not
    # found: his Guerrier halved, a level of 3 in place of 5 (ruling E92: read as the sheet has it).
    world = table()
    aldo = world.character("Aldo")
    typed = level_of(world, aldo, TestSpec("C", " guerrier ", familiarity="  ÉPÉES "))
    assert typed.to_dict() == level_of(world, aldo, TestSpec("C", "Guerrier", familiarity="Épées")).to_dict()
    assert typed.total == 5  # Coordination 2 + Guerrier 2 + Épées held twice +1


# -- 2. The hourly wake test says what its level adds up from (E90) ------------------------------


def test_the_wake_test_says_physique_mental_and_the_wake_bonus_PROPOSAL_5_6() -> None:
    # PROPOSAL §5.6 (flag wake_test, E24): a D10 every hour at P + M + 5. The log said "the hourly
    # test to wake up: level 5: rolled 3" and not what 5 is; Aldo's Physique 1 and Mental -1 with
    # the +5 (WakeTested version 3 keeps them, ruling E90).
    world = table(dice=[3], settings={"wake_test": True})
    suffer_damage(world, "Aldo", 7, "mace", "head")  # head HP 4: unconscious, not dead
    advance(world.campaign, ruleset("elor").processes(world), world.campaign.clock + HOUR)
    (woke,) = events_of(world, "Aldo", ev.WakeTested)
    assert ruleset("elor").describe(woke) == (
        "the hourly test to wake up: level 5 (Physique 1, Mental -1, +5 to wake): rolled 3 — 1 degree of success — awake"
    )
    # A test recorded before version 3 kept no terms: its level alone, as it read.
    stored: dict[str, Any] = {"at": 0, "outcome": woke.outcome, "awake": True, "next_wake": None, "epoch": "e", "chance": []}
    ev.WakeTested.upcast_stored(stored)
    assert stored["terms"] is None
    words = WORDS[f"{ev.__name__}:WakeTested"]
    assert words(SimpleNamespace(**stored)) == "the hourly test to wake up: level 5: rolled 3 — 1 degree of success — awake"


# -- 3. The risk clock names its long action (E91) -----------------------------------------------


def test_the_risk_names_its_long_action_in_the_log_and_the_downtime_report_seed_Actions_longues_L452() -> None:
    # §Actions longues L452, PROPOSAL §5.3: "chaque heure qui passe augmente les risques". The log
    # and the GM's downtime report said "met the risk of long action 1: the guard": which action,
    # by its number alone. RiskRolled version 3 keeps the action's name (ruling E91).
    world = table()
    downtime(world)
    start_long_action(world, "Aldo", "pick the lock", 5, TestSpec("C"), effort_regime="none", risk=Risk("the guard", threshold=1))
    dice(world).add(9, 1)  # 09:00: the work's die 9 (no degree), then the risk's D10 1 <= 1: it strikes
    advance(world.campaign, ruleset("elor").processes(world), 9 * HOUR)
    (risk,) = events_of(world, "Aldo", ev.RiskRolled)
    assert risk.name == "pick the lock"
    assert ruleset("elor").describe(risk) == "the risk of long action 1 (pick the lock) struck: the guard (D10 1, at most 1)"
    assert ruleset("elor").notable(risk) == "met the risk of long action 1 (pick the lock): the guard"
    # A roll recorded before version 3 kept no name: its number alone, as it read.
    stored: dict[str, Any] = {"at": 0, "action_id": 1, "risk": "the guard", "threshold": 1, "die": 1, "triggered": True}
    stored |= {"next_threshold": 1, "next_at": None, "epoch": "e", "chance": []}
    ev.RiskRolled.upcast_stored(stored)
    assert stored["name"] is None
    assert WORDS[f"{ev.__name__}:RiskRolled"](SimpleNamespace(**stored)) == "the risk of long action 1 struck: the guard (D10 1, at most 1)"


# -- 4. Combat at the table: what the log and the lines leave unsaid (E93) -----------------------


def test_a_blow_with_an_empty_source_is_refused_seed_Application_des_dommages(db: str) -> None:
    # §Application des dommages: the log says who or what dealt each blow ("(the GM)"). A GM's
    # `elor damage --source ""` was recorded and read "3 points of damage in the bras gauche ()";
    # refused in one line, nothing recorded (ruling E93); a source typed with spaces is trimmed.
    tolosa(db)
    error = refused_in_one_line(db, "elor", "damage", "Tolosa", "Samson", "--amount", "3", "--location", "Tête", "--source", " ")
    assert error == "error: `--source` names who or what dealt the damage: it cannot be empty"
    run(db, "elor", "damage", "Tolosa", "Samson", "--amount", "1", "--location", "Tête", "--source", "  a falling rock ")
    assert [e["source"] for e in log(db) if e["topic"].endswith(":DamageTaken")] == ["a falling rock"]


def test_an_attack_says_why_the_target_could_not_defend_seed_Defense(db: str) -> None:
    # §Défense: a defence spends one of the defender's action points, or the one held in reserve.
    # Samson, his last point spent on a parry, is attacked again: the line said only "0 degrees
    # against no defence", his parry declared and silently not made. Ruling E93: it says why.
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    for name in ("Samson", "Montana James", "Samson"):  # Samson 1 action point left, Montana James 2
        run(db, "elor", "scene", "act", "Tolosa", name)
    blow = ("elor", "attack", "Tolosa", "Montana James", "Samson", "-w", "Fouet", "--defend-on-miss", "--defence", "parry")
    first = run(db, *blow, "--parry-with", "Hache").stdout.splitlines()
    assert first[1].startswith("Samson parries: level 1 (Coordination 1): ")  # his last action point
    said = run(db, *blow, "--parry-with", "Hache").stdout.splitlines()
    # Montana James at level 0 fails without a roll (PROPOSAL B4): no degree, no damage.
    assert said == [
        "Montana James attacks: level 0 (Coordination 0): no roll, failure — 0 degrees of success",
        "Samson has no action point left in this sequence, nor one held in reserve: no defence (§Défense)",
        "0 degrees against no defence: missed",
    ]


def test_an_effect_of_the_other_side_is_refused_in_words_seed_Liste_d_effets_de_combat(db: str) -> None:
    # §Liste d'effets de combat: Contre is the defence's, Dommages augmentés the attack's. Bought
    # on the wrong side, the refusal read "Contre is not a offensive effect" (ruling E93).
    tolosa(db)
    run(db, "elor", "scene", "start", "Tolosa", "Samson", "Montana James")
    blow = ("elor", "attack", "Tolosa", "Samson", "Montana James", "-w", "Hache")
    assert refused_in_one_line(db, *blow, "--effect", "counter") == "error: Contre is a defensive effect, not an offensive one"
    said = refused_in_one_line(db, *blow, "--defensive-effect", "increased-damage")
    assert said == "error: Dommages augmentés is an offensive effect, not a defensive one"
